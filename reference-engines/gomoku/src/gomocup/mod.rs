//! The Gomocup "pbrain" protocol: game state, replies and the move requests.
//!
//! Every command is applied whole or not at all: a rejected `TURN`, `TAKEBACK` or `BOARD`
//! block leaves the position exactly as it was and is answered with `ERROR <why>`.

mod command;

use std::sync::mpsc::Sender;

use arbiter_rules::gomoku::{Board, BoardSize, Point, Rule, Stone};

use crate::error::GameError;
use crate::output::Output;
use crate::search::{Limits, Outcome, Position};
use crate::session::{Flow, Session, WhileThinking};
use crate::time;
use crate::worker::{Event, Worker};
use command::{BoardLine, Command};

/// The `ABOUT` line (gomocup-r98..r100).
pub const ABOUT: &str = concat!(
    "name=\"pbrain-arbiter\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"Arbiter project\", country=\"International\""
);

/// Limits and rule from `INFO` (all optional, gomocup-r61).
#[derive(Debug, Default)]
struct Settings {
    timeout_turn: Option<u64>,
    time_left: Option<i64>,
    rule: Rule,
}

/// The game in progress.
#[derive(Debug)]
struct Game {
    board: Board,
    /// Field-3 points of a continuous game: neither side may play there.
    walls: Vec<Point>,
    /// Our colour, once the first move command has told us (BEGIN: black, TURN: white).
    me: Option<Stone>,
}

impl Game {
    fn new(size: BoardSize) -> Game {
        Game {
            board: Board::new(size),
            walls: Vec::new(),
            me: None,
        }
    }
}

pub struct Gomocup {
    out: Output,
    worker: Worker,
    settings: Settings,
    game: Option<Game>,
    /// Lines of a `BOARD` block read so far (parse results, applied at `DONE`).
    block: Option<Vec<Result<BoardLine, crate::error::CommandError>>>,
    /// Remarks about ignored `INFO` values, sent as `MESSAGE` before the next move
    /// (gomocup-r90: never a reply to `INFO` itself).
    notes: Vec<String>,
}

impl Gomocup {
    pub fn new(out: Output, tx: Sender<Event>) -> Gomocup {
        Gomocup {
            out,
            worker: Worker::new(tx),
            settings: Settings::default(),
            game: None,
            block: None,
            notes: Vec::new(),
        }
    }

    fn error(&self, e: impl std::fmt::Display) {
        self.out.line(&format!("ERROR {e}"));
    }

    fn turn(&mut self, p: Point) -> Result<(), GameError> {
        let game = self.game.as_mut().ok_or(GameError::NoGame)?;
        // A TURN before any move of ours: the opponent opened, so we are white.
        let me = game.me.unwrap_or(Stone::White);
        if game.walls.contains(&p) {
            return Err(GameError::Blocked(p));
        }
        game.board.place(p, me.opponent())?;
        game.me = Some(me);
        Ok(())
    }

    fn takeback(&mut self, p: Point) -> Result<(), GameError> {
        let game = self.game.as_mut().ok_or(GameError::NoGame)?;
        game.board.remove(p)?;
        Ok(())
    }

    /// `PLAY x,y`: the manager places our stone there (gomocup-r117), forbidden or not:
    /// it is the manager's decision, ours is only the reply.
    fn play(&mut self, p: Point) -> Result<(), GameError> {
        let game = self.game.as_mut().ok_or(GameError::NoGame)?;
        let me = game.me.unwrap_or(Stone::Black);
        if game.walls.contains(&p) {
            return Err(GameError::Blocked(p));
        }
        game.board.place(p, me)?;
        game.me = Some(me);
        Ok(())
    }

    fn finish_board(&mut self, block: Vec<Result<BoardLine, crate::error::CommandError>>) {
        match self.build_board(block) {
            Ok(()) => self.think(),
            Err(e) => self.error(GameError::BoardRejected(Box::new(e))),
        }
    }

    /// Builds the whole `BOARD` position aside and installs it only if every line is good.
    fn build_board(
        &mut self,
        block: Vec<Result<BoardLine, crate::error::CommandError>>,
    ) -> Result<(), GameError> {
        let game = self.game.as_mut().ok_or(GameError::NoGame)?;
        let mut stones = Vec::new();
        let mut walls = Vec::new();
        for line in block {
            match line.map_err(GameError::Command)? {
                BoardLine::Stone { point, own } => stones.push((point, own)),
                BoardLine::Blocked(point) => walls.push(point),
                BoardLine::Done => {}
            }
        }
        // Stones alternate, black first: with as many of ours as theirs we are to move
        // as black; with one fewer we are white.
        let own = stones.iter().filter(|&&(_, own)| own).count();
        let me = if own >= stones.len() - own {
            Stone::Black
        } else {
            Stone::White
        };
        let mut board = Board::new(game.board.size());
        for (point, own) in stones {
            board.place(point, if own { me } else { me.opponent() })?;
        }
        for &w in &walls {
            board.size().check(w)?;
        }
        game.board = board;
        game.walls = walls;
        game.me = Some(me);
        Ok(())
    }

    fn info(&mut self, key: &str, value: &str) {
        let s = &mut self.settings;
        let mut ignored = |what: &str| {
            self.notes
                .push(format!("INFO {key} {value:?} ignored: {what}"));
        };
        match key {
            "timeout_turn" => match value.parse() {
                Ok(ms) => s.timeout_turn = Some(ms),
                Err(_) => ignored("not a whole number of milliseconds"),
            },
            "time_left" => match value.parse() {
                Ok(ms) => s.time_left = Some(ms),
                Err(_) => ignored("not a whole number of milliseconds"),
            },
            "rule" => match value.parse::<u32>() {
                Ok(bits) => match Rule::from_bitmask(bits) {
                    Ok(rule) => s.rule = rule,
                    Err(e) => ignored(&e.to_string()),
                },
                Err(_) => ignored("not a bitmask"),
            },
            "" => ignored("no key"),
            // The match clock is followed through time_left (gomocup-r81); memory use is a
            // few megabytes whatever the limit; the rest does not affect play.
            _ => {}
        }
    }

    /// Starts the search for our move.
    fn think(&mut self) {
        let Some(game) = &self.game else { return };
        let me = game.me.unwrap_or(Stone::Black);
        let pos = Position::from_board(&game.board, &game.walls, self.settings.rule, me);
        let budget = time::gomocup_budget(self.settings.timeout_turn, self.settings.time_left);
        let limits = Limits {
            budget: Some(budget),
            restrict: None,
        };
        self.worker.start(pos, limits, Box::new(|_| {}));
    }
}

impl Session for Gomocup {
    fn handle(&mut self, line: String) -> Flow {
        if let Some(mut block) = self.block.take() {
            if command::parse(&line) == Ok(Command::End) {
                // END is silent even here (gomocup-r95); the unfinished block is moot.
                return Flow::Exit;
            }
            if command::looks_like_command(&line) {
                self.error(GameError::BoardInterrupted {
                    command: line.split_whitespace().next().unwrap_or("").to_owned(),
                });
            } else {
                match command::parse_board_line(&line) {
                    Ok(BoardLine::Done) => self.finish_board(block),
                    parsed => {
                        block.push(parsed);
                        self.block = Some(block);
                    }
                }
                return Flow::Continue;
            }
        }
        let command = match command::parse(&line) {
            Ok(c) => c,
            Err(e) => {
                self.error(e);
                return Flow::Continue;
            }
        };
        match command {
            Command::Start(size) => {
                self.game = Some(Game::new(size));
                self.out.line("OK");
            }
            Command::Restart => match &mut self.game {
                Some(game) => {
                    *game = Game::new(game.board.size());
                    self.out.line("OK");
                }
                None => self.error(GameError::NoGame),
            },
            Command::Begin => match &mut self.game {
                Some(game) => {
                    game.me.get_or_insert(Stone::Black);
                    self.think();
                }
                None => self.error(GameError::NoGame),
            },
            Command::Turn(p) => match self.turn(p) {
                Ok(()) => self.think(),
                Err(e) => self.error(e),
            },
            Command::Board => self.block = Some(Vec::new()),
            Command::Info { key, value } => self.info(&key, &value),
            Command::End => return Flow::Exit,
            Command::About => self.out.line(ABOUT),
            Command::Takeback(p) => match self.takeback(p) {
                Ok(()) => self.out.line("OK"),
                Err(e) => self.error(e),
            },
            Command::Play(p) => match self.play(p) {
                Ok(()) => self.out.line(&p.to_string()),
                Err(e) => self.error(e),
            },
            Command::Unknown(word) => self
                .out
                .line(&format!("UNKNOWN command {word:?} is not supported")),
        }
        Flow::Continue
    }

    fn while_thinking(&mut self, line: String) -> WhileThinking {
        // END ends everything at once (gomocup-r93/r95), INFO takes effect (gomocup-r64);
        // anything else waits for the move.
        match command::parse(&line) {
            Ok(Command::End) => {
                // The search stops at once; the process ends after its last line, not in it.
                self.worker.stop_and_wait();
                WhileThinking::Acted(Flow::Exit)
            }
            Ok(Command::Info { key, value }) => {
                self.info(&key, &value);
                WhileThinking::Acted(Flow::Continue)
            }
            _ => WhileThinking::Held(line),
        }
    }

    /// Plays and announces the search's move, checked once more against the rules.
    fn answer(&mut self, outcome: Option<Outcome>) {
        let rule = self.settings.rule;
        let Some(game) = &mut self.game else { return };
        let me = game.me.unwrap_or(Stone::Black);
        let playable =
            |b: &Board, p: Point| b.is_legal_move(p, me, rule).is_ok() && !game.walls.contains(&p);
        let chosen = outcome
            .as_ref()
            .map(|o| o.best)
            .filter(|&p| playable(&game.board, p))
            .or_else(|| {
                game.board
                    .empty_points()
                    .find(|&p| playable(&game.board, p))
            });
        let Some(p) = chosen else {
            self.error(GameError::NoMove);
            return;
        };
        if game.board.place(p, me).is_err() {
            self.error(GameError::NoMove);
            return;
        }
        for note in self.notes.drain(..) {
            self.out.line(&format!("MESSAGE {note}"));
        }
        if let Some(o) = outcome {
            self.out.line(&format!(
                "MESSAGE {} depth {} score {} nodes {}",
                o.stage, o.depth, o.score, o.nodes
            ));
        }
        self.out.line(&p.to_string());
    }

    fn worker(&mut self) -> &mut Worker {
        &mut self.worker
    }
}
