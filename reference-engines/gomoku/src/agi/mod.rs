//! The AGI protocol: handshake, position, searches and their `INFO`/`BESTMOVE` output.
//!
//! AGI defines no error reply, so malformed or impossible commands change nothing and are
//! explained on stderr, which is not part of the protocol (agi-r01).

mod command;

use std::sync::mpsc::Sender;

use arbiter_rules::gomoku::{Board, BoardSize, Point, Rule, Stone, agi};

use crate::error::AgiCommandError;
use crate::output::Output;
use crate::search::{Limits, Outcome, Position, Report};
use crate::session::{Flow, Session, WhileThinking};
use crate::time;
use crate::worker::{Event, Worker};
use command::{AgiCommand, Go};

/// AGI's hex points cover exactly one board (agi-r21).
const SIZE: BoardSize = BoardSize::STANDARD;

pub struct Agi {
    out: Output,
    worker: Worker,
    rule: Rule,
    board: Board,
    /// Whether the running search is a ponder (no BESTMOVE when it ends, agi-r65).
    pondering: bool,
}

impl Agi {
    pub fn new(out: Output, tx: Sender<Event>) -> Agi {
        Agi {
            out,
            worker: Worker::new(tx),
            // Forbidden moves are the default (agi-r42).
            rule: Rule::RENJU,
            board: Board::new(SIZE),
            pondering: false,
        }
    }

    /// The side to move: stones alternate black first (agi-r30).
    fn to_move(&self) -> Stone {
        if self.board.stones().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        }
    }

    fn go(&mut self, go: Go) {
        let me = self.to_move();
        let pos = Position::from_board(&self.board, &[], self.rule, me);
        let restrict = go.search.map(|list| {
            let usable: Vec<Point> = list
                .into_iter()
                .filter(|&p| self.board.is_legal_move(p, me, self.rule).is_ok())
                .collect();
            if usable.is_empty() {
                eprintln!("pbrain-arbiter: no SEARCH move is playable; searching every move");
            }
            usable
        });
        let budget = if go.infinite || go.ponder {
            None
        } else {
            Some(time::agi_budget(go.time))
        };
        let limits = Limits {
            budget,
            restrict: restrict.filter(|r| !r.is_empty()),
        };
        self.pondering = go.ponder;
        let out = self.out.clone();
        self.worker
            .start(pos, limits, Box::new(move |r: &Report| report(&out, r)));
    }
}

/// The board of `POSITION`: STATU stones alternate black first, MOVES continue the
/// alternation (agi-r24, r59, r60).
fn build(statu: &[Point], moves: &[Point]) -> Result<Board, AgiCommandError> {
    let mut board = Board::new(SIZE);
    for (k, &p) in statu.iter().chain(moves).enumerate() {
        let stone = if k % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        board
            .place(p, stone)
            .map_err(|source| AgiCommandError::Board {
                command: "POSITION",
                source,
            })?;
    }
    Ok(board)
}

fn report(out: &Output, r: &Report) {
    let pv = agi::format_moves(r.pv.iter().copied(), SIZE).unwrap_or_default();
    out.line(&format!("INFO DEPTH {} SCORE {} PV {pv}", r.depth, r.score));
    let ms = r.elapsed.as_millis().max(1);
    out.line(&format!("INFO NPS {}", u128::from(r.nodes) * 1000 / ms));
}

impl Session for Agi {
    fn handle(&mut self, line: String) -> Flow {
        let command = match command::parse(&line, SIZE) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("pbrain-arbiter: ignored {line:?}: {e}");
                return Flow::Continue;
            }
        };
        match command {
            AgiCommand::Agi => {
                self.out.line(concat!(
                    "ID NAME pbrain-arbiter ",
                    env!("CARGO_PKG_VERSION"),
                    " AUTHOR Arbiter project"
                ));
                self.out.line("OPTION OWNBOOK FALSE PONDER TRUE");
                self.out.line("AGIOK");
            }
            AgiCommand::SetRule { forbidden } => match forbidden {
                Some(true) => self.rule = Rule::RENJU,
                // Without forbidden moves: five or more wins (the text names no overline
                // rule; freestyle is the common reading).
                Some(false) => self.rule = Rule::FREESTYLE,
                None => {}
            },
            AgiCommand::SetOption => {}
            AgiCommand::IsReady => self.out.line("READYOK"),
            AgiCommand::Position { statu, moves } => match build(&statu, &moves) {
                Ok(board) => self.board = board,
                Err(e) => eprintln!("pbrain-arbiter: ignored {line:?}: {e}"),
            },
            AgiCommand::DoMove(p) => {
                let stone = self.to_move();
                if let Err(source) = self.board.place(p, stone) {
                    let e = AgiCommandError::Board {
                        command: "DOMOVE",
                        source,
                    };
                    eprintln!("pbrain-arbiter: ignored {line:?}: {e}");
                }
            }
            AgiCommand::Go(go) => self.go(go),
            // STOP while idle has nothing to stop and must not produce a BESTMOVE.
            AgiCommand::Stop => {}
            AgiCommand::Quit => {
                self.out.line("BYE");
                return Flow::Exit;
            }
        }
        Flow::Continue
    }

    fn while_thinking(&mut self, line: String) -> WhileThinking {
        // ISREADY, STOP and QUIT are answered at once (agi-r55, r79, r85); commands that
        // would change the position wait for the search to end.
        let word = line
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        match word.as_str() {
            "ISREADY" => self.out.line("READYOK"),
            "STOP" => self.worker.stop(),
            "QUIT" => {
                // BYE is the last line (agi-r86): the search's own lines come before it.
                self.worker.stop_and_wait();
                self.out.line("BYE");
                return WhileThinking::Acted(Flow::Exit);
            }
            _ => return WhileThinking::Held(line),
        }
        WhileThinking::Acted(Flow::Continue)
    }

    fn answer(&mut self, outcome: Option<Outcome>) {
        if std::mem::take(&mut self.pondering) {
            return;
        }
        let Some(o) = outcome else {
            eprintln!("pbrain-arbiter: no legal move in this position");
            return;
        };
        let Ok(best) = agi::format_point(o.best, SIZE) else {
            return;
        };
        let ponder = o.ponder.and_then(|p| agi::format_point(p, SIZE).ok());
        match ponder {
            Some(p) => self.out.line(&format!("BESTMOVE {best} PONDER {p}")),
            None => self.out.line(&format!("BESTMOVE {best}")),
        }
    }

    fn starts_search(&self, line: &str) -> bool {
        line.split_whitespace()
            .next()
            .is_some_and(|word| word.eq_ignore_ascii_case("GO"))
    }

    fn worker(&mut self) -> &mut Worker {
        &mut self.worker
    }
}
