//! The stand-in's Gomocup brain: the board START sets up, the manager's limits, and a move
//! whenever one is asked for, with what the behaviours and drawn choices put before it.

use std::io::Write;
use std::time::Duration;

use super::{Flow, choose, to_move};
use crate::protocol::Codec;
use crate::protocol::gomocup::{Command, Gomocup, InfoKey};
use crate::rules::gomoku::{Board, BoardSize, Point, Rule, Stone};
use crate::standin::choices::UNTIMED_MOST;
use crate::standin::{Behaviour, Choices, Out, StandInError, Think};

/// How long the `empty-line-before-move` behaviour waits between the empty line and the move.
const EMPTY_LINE_PAUSE: Duration = Duration::from_millis(300);

/// The length of the `long-message` behaviour's MESSAGE: 1 MiB.
const LONG_MESSAGE: usize = 1 << 20;

/// A Gomocup brain in a session.
pub(super) struct Brain<W: Write> {
    choices: Choices,
    out: Out<W>,
    /// The board of the game, once START gave its size.
    board: Option<Board>,
    rule: Rule,
    /// The manager's limits, in milliseconds, as INFO gave them.
    timeout_turn: Option<u64>,
    time_left: Option<u64>,
    /// The BOARD block's stones: (point, 1 = own, 2 = opponent's).
    block: Option<Vec<(Point, u8)>>,
    /// Moves made so far: the first is where the once-only behaviours act.
    moves_made: usize,
}

/// What a command leaves the brain to do.
enum After {
    Nothing,
    /// Make a move.
    Move,
    End,
}

impl<W: Write> Brain<W> {
    pub(super) fn new(choices: Choices, out: Out<W>) -> Brain<W> {
        Brain {
            choices,
            out,
            board: None,
            rule: Rule::FREESTYLE,
            timeout_turn: None,
            time_left: None,
            block: None,
            moves_made: 0,
        }
    }

    /// Answers the manager's line: a command the brain does not know is `UNKNOWN`.
    pub(super) fn answer(&mut self, line: &str) -> Result<Flow, StandInError> {
        let Ok(command) = Gomocup::parse_command(line) else {
            let keyword = line.split_whitespace().next().unwrap_or("");
            self.out.line(&format!("UNKNOWN {keyword}"))?;
            return Ok(Flow::Continue);
        };
        match self.command(command)? {
            After::Nothing => {}
            After::Move => self.make_move()?,
            After::End => return Ok(Flow::End),
        }
        Ok(Flow::Continue)
    }

    fn command(&mut self, command: Command) -> std::io::Result<After> {
        match command {
            Command::Start(n) => self.start(n)?,
            Command::RectStart(..) => self
                .out
                .line("ERROR rectangular boards are not supported")?,
            Command::Restart => {
                self.board = self.board.as_ref().map(|b| Board::new(b.size()));
                self.out.line("OK")?;
            }
            Command::Begin => return Ok(After::Move),
            Command::Turn(point) => {
                self.play(point);
                return Ok(After::Move);
            }
            Command::Board => self.block = Some(Vec::new()),
            Command::BoardEntry { point, field } => {
                if let Some(stones) = &mut self.block {
                    stones.push((point, field));
                }
            }
            Command::Done => {
                self.set_up_block();
                return Ok(After::Move);
            }
            Command::Info { key, value } => self.info(&key, &value),
            Command::End => return Ok(After::End),
            Command::About => self.about()?,
            Command::TakeBack(point) => {
                if let Some(b) = &mut self.board {
                    let _ = b.remove(point);
                }
                self.out.line("OK")?;
            }
            Command::Play(point) => {
                self.play(point);
                self.out.line(&point.to_string())?;
            }
        }
        Ok(After::Nothing)
    }

    /// `START n`: a new board, unless its size is refused.
    fn start(&mut self, n: u32) -> std::io::Result<()> {
        std::thread::sleep(self.choices.handshake_delay());
        match BoardSize::square(n) {
            Ok(size) if !self.choices.refuses_size(n) => {
                self.board = Some(Board::new(size));
                self.out.line("OK")
            }
            _ => self.out.line(&format!("ERROR unsupported board size {n}")),
        }
    }

    /// Plays `point` for the side to move, if it can go there.
    fn play(&mut self, point: Point) {
        if let Some(board) = &mut self.board {
            let stone = to_move(board);
            let _ = board.play(point, stone, self.rule);
        }
    }

    /// The BOARD block's stones, placed at DONE. The brain's own stones and the opponent's
    /// alternate by colour: the brain's colour is the one to move after all of them.
    fn set_up_block(&mut self) {
        let stones = self.block.take().unwrap_or_default();
        let own = if stones.len().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        };
        if let Some(b) = &mut self.board {
            for (point, field) in stones {
                let stone = if field == 1 { own } else { own.opponent() };
                let _ = b.place(point, stone);
            }
        }
    }

    /// An INFO the brain heeds: the rule, the turn's limit and the time left.
    fn info(&mut self, key: &InfoKey, value: &str) {
        let value = value.trim();
        match key {
            InfoKey::Rule => {
                let rule = value.parse().ok().and_then(|v| Rule::from_bitmask(v).ok());
                if let Some(rule) = rule {
                    self.rule = rule;
                }
            }
            InfoKey::TimeoutTurn => self.timeout_turn = value.parse().ok(),
            InfoKey::TimeLeft => self.time_left = value.parse().ok(),
            _ => {}
        }
    }

    fn about(&mut self) -> std::io::Result<()> {
        if self.choices.has(Behaviour::FreeTextAbout) {
            // Older brains answer in free text (gomocup-r102).
            self.out
                .line("Arbiter stand-in 1, a test brain by the Arbiter developers")
        } else {
            self.out
                .line("name=\"Arbiter stand-in\", version=\"1\", author=\"the Arbiter developers\"")
        }
    }

    /// The brain's move, asked for by BEGIN, TURN or DONE.
    fn make_move(&mut self) -> std::io::Result<()> {
        if self.board.is_none() {
            return self.out.line("ERROR no board: START comes first");
        }
        let first = self.moves_made == 0;
        self.moves_made += 1;
        self.before_move(first)?;
        self.place_move()
    }

    /// What comes before a move: the search's messages, what the behaviours write and wait
    /// (the first move's long message and overrun), and the thinking.
    fn before_move(&mut self, first: bool) -> std::io::Result<()> {
        let search = self
            .choices
            .search(move_time(self.timeout_turn, self.time_left));
        for line in search.messages() {
            self.out.line(line)?;
        }
        if first && self.choices.has(Behaviour::LongMessage) {
            let message = "long line ".repeat(LONG_MESSAGE / 10);
            self.out.line(&format!("MESSAGE {message}"))?;
        }
        if self.choices.has(Behaviour::EmptyLineBeforeMove) {
            self.out.line("")?;
            // A pause before the move, in which a manager that took the empty line for the
            // move shows it by what it sends.
            std::thread::sleep(EMPTY_LINE_PAUSE);
        }
        std::thread::sleep(search.think());
        if first
            && self.choices.has(Behaviour::OverrunTurn)
            && let Some(turn) = self.timeout_turn.filter(|t| *t > 0)
        {
            std::thread::sleep(Duration::from_millis(2 * turn + 1500));
        }
        Ok(())
    }

    /// The move itself: the free point nearest the centre, played, or only suggested under
    /// `suggest` (the manager answers with PLAY or END; the stone goes down then).
    fn place_move(&mut self) -> std::io::Result<()> {
        let Some(board) = &mut self.board else {
            return Ok(());
        };
        match choose(board, self.rule) {
            Some(point) if self.choices.has(Behaviour::Suggest) => {
                self.out.line(&format!("SUGGEST {point}"))
            }
            Some(point) => {
                let stone = to_move(board);
                let _ = board.play(point, stone, self.rule);
                self.out.line(&point.to_string())
            }
            None => self.out.line("ERROR no point left to play"),
        }
    }
}

/// How long a Gomocup move may take: a quarter of the turn's limit and a twentieth of what is
/// left of the match, as far as the manager said them (`timeout_turn` 0 asks for moves as fast
/// as possible), and no more than a search without a clock.
fn move_time(timeout_turn: Option<u64>, time_left: Option<u64>) -> Think {
    let mut most = UNTIMED_MOST;
    if let Some(turn) = timeout_turn {
        most = most.min(Duration::from_millis(turn / 4));
    }
    if let Some(left) = time_left {
        most = most.min(Duration::from_millis(left / 20));
    }
    // The stand-in answers at once unless its choices are drawn.
    Think {
        usual: Duration::ZERO,
        most,
    }
}
