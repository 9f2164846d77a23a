//! An AGI engine's side of the game, as the text's worked example plays it: `AGI` → `AGIOK`,
//! `SETRULE`, the options as `SETOPTION`, `ISREADY` → `READYOK`; then for each move the whole
//! game as `POSITION MOVES …` and `GO TIME ms`, answered `BESTMOVE`.
//!
//! AGI's points cover a 15x15 board only (agi-r21): an AGI engine cannot play another size.
//! Its rule is `FORBIDDEN` (renju) or `UNFORBIDDEN` (five or more wins); AGI has no way to say
//! "exactly five", so under that rule the engine is told `UNFORBIDDEN` and the referee still
//! judges by exactly five. `GO TIME` is the thinking time left (agi-r67): the time per move,
//! or the clock Arbiter keeps, which an increment or a new period refills (AGI has no word for
//! either).

use std::time::{Duration, Instant};

use super::{EXIT_BOUND, Gomoku};
use crate::matchplay::clock::Clock;
use crate::matchplay::fault::{CannotPlay, Fault, read_line, send};
use crate::matchplay::options::{EngineOptions, UndeclaredOption, setoption_line};
use crate::matchplay::referee::{Engine, Played, Renewal, Reply, Seat, Seated, Turn};
use crate::matchplay::{Finding, MatchSettings, Player, START_BOUND, TimeControl};
use crate::protocol::Protocol;
use crate::protocol::agi::{Agi, BestMoveKind, Command, GoTime, Message, parse_message};
use crate::rules::gomoku::{BoardSize, Point, agi};
use crate::session::Cancel;

pub(super) struct AgiSeat {
    engine: Engine,
    /// Whether Arbiter has begun the protocol with the engine: one never spoken to (its
    /// opponent forfeited first, or it cannot play this board) is not sent `QUIT`, which would
    /// be its first command, only the end of its input.
    spoken: bool,
}

impl AgiSeat {
    pub(super) fn new(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> AgiSeat {
        AgiSeat {
            engine: Engine::spawn(player, settings, cancel),
            spoken: false,
        }
    }
}

/// An AGI engine plays gomoku and renju.
impl Seated for Agi {
    fn gomoku_seat(
        player: &Player,
        settings: &MatchSettings,
        cancel: &Cancel,
    ) -> Box<dyn Seat<Gomoku>> {
        Box::new(AgiSeat::new(player, settings, cancel))
    }
}

impl Seat<Gomoku> for AgiSeat {
    fn engine(&self) -> &Engine {
        &self.engine
    }

    fn start(
        &mut self,
        game: &Gomoku,
        settings: &MatchSettings,
        _clock: &mut Clock,
    ) -> Result<Vec<UndeclaredOption>, Fault> {
        let bound = START_BOUND.mul_f64(settings.time_scale);
        if game.size() != BoardSize::STANDARD {
            let size = u32::from(game.size().width());
            return Err(Fault::CannotPlay(CannotPlay::AgiBoard { size }));
        }
        let options = self.engine.options.clone();
        self.spoken = true;
        let session = self.engine.session()?;
        send(session, &Command::Agi.to_string())?;
        let deadline = Instant::now() + bound;
        while !matches!(
            parse_message(&read_line(session, deadline)?),
            Ok(Message::AgiOk)
        ) {}
        let rule = Command::SetRule {
            forbidden: Some(game.rule().renju),
            swap: None,
            fifth: None,
        };
        send(session, &rule.to_string())?;
        for (name, value) in &options {
            // AGI names OWNBOOK and PONDER (ON|OFF); other names are passed as given, for the
            // engine to take or ignore.
            send(session, &setoption_line(Protocol::Agi, name, value))?;
        }
        send(session, &Command::IsReady.to_string())?;
        let deadline = Instant::now() + bound;
        while !matches!(
            parse_message(&read_line(session, deadline)?),
            Ok(Message::ReadyOk)
        ) {}
        // AGI engines declare no options: each holds what it was told.
        self.engine.held = Some(EngineOptions::set(&self.engine.name, &options));
        Ok(Vec::new())
    }

    fn ask(&mut self, turn: &Turn<'_, Gomoku>, allowance: Duration) -> Result<Reply<Point>, Fault> {
        let deadline = Instant::now() + allowance;
        // The search's span on the session's clock, so its findings are placed at its move.
        let asked_us = self.engine.session()?.now_us();
        let point = self
            .ask_move(turn, deadline)
            // No move within the allowance is a loss on time, not a stalled connection.
            .map_err(Fault::on_the_clock)?;
        let answered_us = self.engine.session()?.now_us();
        Ok(Reply::bare(point).searched_between(asked_us, answered_us))
    }

    fn set_aside(&mut self) -> Vec<Finding> {
        self.engine.take_findings()
    }

    /// AGI has no word for a new game: every move request carries the whole game
    /// (`POSITION`), so `ISREADY` → `READYOK` is enough to know the engine is there.
    fn renew(&mut self, _game: &Gomoku, settings: &MatchSettings) -> Result<Renewal, Fault> {
        let session = self.engine.session()?;
        send(session, &Command::IsReady.to_string())?;
        let deadline = Instant::now() + START_BOUND.mul_f64(settings.time_scale);
        while !matches!(
            parse_message(&read_line(session, deadline)?),
            Ok(Message::ReadyOk)
        ) {}
        Ok(Renewal::Ready)
    }

    fn finish(mut self: Box<Self>) -> Vec<Finding> {
        if self.spoken {
            self.engine
                .farewell(&Command::Quit, Some(Instant::now() + EXIT_BOUND));
        }
        self.engine.finish()
    }
}

/// The whole game as `POSITION MOVES`, the time as `GO TIME`, and the `BESTMOVE`, read past
/// `INFO` and other lines.
impl AgiSeat {
    fn ask_move(
        &mut self,
        turn: &Turn<'_, Gomoku>,
        deadline: Instant,
    ) -> Result<Played<Point>, Fault> {
        let time_ms = match self.engine.control {
            TimeControl::PerMove(d) => d.as_millis() as u64,
            TimeControl::Clock { .. } => turn.clock().remaining_ms.max(1.0).round() as u64,
        };
        let size = turn.game.size();
        let session = self.engine.session()?;
        let position = Command::Position {
            statu: Vec::new(),
            moves: turn.game.stones().to_vec(),
        };
        send(session, &position.to_string())?;
        let go = Command::Go {
            search: Vec::new(),
            ponder: false,
            time: Some(GoTime::Millis(time_ms)),
        };
        send(session, &go.to_string())?;
        loop {
            let line = read_line(session, deadline)?;
            match parse_message(&line) {
                Ok(Message::BestMove {
                    mv: BestMoveKind::Move(point),
                    ..
                }) => return Ok(read(point)),
                // No swap was offered: CHANGE is no move.
                Ok(Message::BestMove {
                    mv: BestMoveKind::Change,
                    ..
                }) => return Ok(Played::Unreadable("CHANGE".to_owned())),
                Ok(_) => {}
                Err(_) => {
                    let mut words = line.split_whitespace();
                    if words
                        .next()
                        .is_some_and(|w| w.eq_ignore_ascii_case("BESTMOVE"))
                    {
                        // A point AGI cannot read (`F1`, row F is off the board): named as
                        // written, or as x,y where the library reads it.
                        let mv = words.next().unwrap_or("");
                        return Ok(match agi::parse_point(mv, size) {
                            Ok(point) => read(point),
                            Err(_) => Played::Unreadable(mv.to_owned()),
                        });
                    }
                }
            }
        }
    }
}

/// A point read, named by its `x,y` as the termination writes it.
fn read(point: Point) -> Played<Point> {
    Played::Move {
        mv: point,
        written: point.to_string(),
        banned: false,
    }
}
