//! A Gomocup brain's side of the game, as Piskvork plays it: `START` and the `INFO` settings,
//! then `BEGIN`, `BOARD … DONE` or `TURN` for each move, with `INFO time_left` before each.
//!
//! Time: a time per move is `timeout_turn`, with no match limit (`timeout_match` and
//! `time_left` 2147483647, the text's "no limit" value of `time_left`, gomocup-r79, sent as the
//! match limit too, since a brain may read `0` there as "no time"). A clock is `timeout_match`
//! (the base time) with `timeout_turn` the same, and `time_left` before every move from the
//! clock Arbiter keeps; Gomocup has no increment or period, so they reach the brain only
//! through `time_left`, which grows by them.

use std::time::{Duration, Instant};

use super::{EXIT_BOUND, Gomoku, stone};
use crate::check::Judge;
use crate::matchplay::clock::Clock;
use crate::matchplay::fault::{CannotPlay, Fault, Refusal, read_line, send};
use crate::matchplay::options::{EngineOptions, UndeclaredOption};
use crate::matchplay::referee::{Engine, Played, Renewal, Reply, Seat, Seated, Turn};
use crate::matchplay::{Finding, MatchSettings, Player, START_BOUND, TimeControl};
use crate::protocol::gomocup::{Command, Gomocup, InfoKey, Message, Unread, parse_message, unread};
use crate::protocol::{Protocol, spelling};
use crate::rules::gomoku::{Point, Stone};
use crate::session::{Cancel, Session};

/// Gomocup's "no limit" for `time_left` (gomocup-r79).
const UNLIMITED_MS: i64 = 2_147_483_647;

pub(super) struct GomocupSeat {
    engine: Engine,
    /// How many of the game's stones the brain has been told of (`None` before its first
    /// move request), so the next request is `TURN` with the one stone it lacks.
    told: Option<usize>,
    /// Whether Arbiter has begun the protocol with the brain: one never spoken to (its
    /// opponent forfeited first) is not sent `END`, which would be its first command, only the
    /// end of its input.
    spoken: bool,
}

impl GomocupSeat {
    pub(super) fn new(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> GomocupSeat {
        GomocupSeat {
            engine: Engine::spawn(player, settings, cancel),
            told: None,
            spoken: false,
        }
    }
}

/// A Gomocup brain plays gomoku and renju.
impl Seated for Gomocup {
    fn gomoku_seat(
        player: &Player,
        settings: &MatchSettings,
        cancel: &Cancel,
    ) -> Box<dyn Seat<Gomoku>> {
        Box::new(GomocupSeat::new(player, settings, cancel))
    }
}

impl Seat<Gomoku> for GomocupSeat {
    fn engine(&self) -> &Engine {
        &self.engine
    }

    /// `START size`, answered `OK` (or `ERROR`: the brain cannot play this board), then the limits
    /// and rule as `INFO` (gomocup-r76: right after `START`), then the player's options.
    ///
    /// The match time runs from the brain's start (gomocup-r82): the wait for `OK`, which covers a
    /// brain still loading when `START` comes, is spent from its clock, and a brain whose clock has
    /// run out by then loses on time before its first move.
    fn start(
        &mut self,
        game: &Gomoku,
        settings: &MatchSettings,
        clock: &mut Clock,
    ) -> Result<Vec<UndeclaredOption>, Fault> {
        let bound = START_BOUND.mul_f64(settings.time_scale);
        let size = game.size().width();
        let options = self.engine.options.clone();
        let control = self.engine.control;
        self.spoken = true;
        let asked = Instant::now();
        let session = self.engine.session()?;
        send(session, &Command::Start(u32::from(size)).to_string())?;
        let deadline = Instant::now() + bound;
        loop {
            let line = read_line(session, deadline)?;
            match parse_message(&line) {
                Ok(Message::Ok) => break,
                Ok(Message::Error(_) | Message::Unknown(_)) => {
                    let size = u32::from(size);
                    return Err(Fault::CannotPlay(CannotPlay::BoardDeclined { size }));
                }
                // MESSAGE, DEBUG and anything else may come before the answer; the checks
                // judge them.
                _ => {}
            }
        }
        let start_up_ms = asked.elapsed().as_secs_f64() * 1000.0;
        for command in game_infos(game, control, options) {
            send(session, &command.to_string())?;
        }
        // A brain declares no options: it holds what it was told.
        self.engine.held = Some(EngineOptions::set(&self.engine.name, &self.engine.options));
        clock.spend(control, start_up_ms);
        if clock.flagged(settings.margin) {
            return Err(Fault::Time);
        }
        Ok(Vec::new())
    }

    /// Asks for the brain's move: `INFO time_left`, then `BEGIN` on an empty board, `TURN` with
    /// the one stone the brain has not been told of, or else the whole board as `BOARD … DONE`
    /// (an opening, gomocup-r46; in move order, as renju needs, gomocup-r53). Reads past
    /// `MESSAGE`, `DEBUG` and other lines to the move; a `SUGGEST` is accepted with `PLAY`, as a
    /// tournament manager does (gomocup-r138).
    fn ask(&mut self, turn: &Turn<'_, Gomoku>, allowance: Duration) -> Result<Reply<Point>, Fault> {
        let deadline = Instant::now() + allowance;
        let stones = turn.game.stones();
        // The search's span on the session's clock, so its findings are placed at its move.
        let asked_us = self.engine.session()?.now_us();
        let point = self
            .ask_move(turn, stones, deadline)
            // No move within the allowance is a loss on time, not a stalled connection.
            .map_err(Fault::on_the_clock)?;
        if let Played::Move { .. } = point {
            self.told = Some(stones.len() + 1);
        }
        let answered_us = self.engine.session()?.now_us();
        Ok(Reply::bare(point).searched_between(asked_us, answered_us))
    }

    fn set_aside(&mut self) -> Vec<Finding> {
        self.engine.take_findings()
    }

    /// `RESTART`, answered `OK` by a brain with a fresh empty board of the same size
    /// (gomocup-r110), then the game's `INFO`s again; `UNKNOWN` or `ERROR`: the brain does not
    /// implement it (gomocup-r103) and is started afresh (gomocup-r111). `RESTART` is an
    /// initialisation command, outside the turn time (gomocup-r83): no clock is charged.
    fn renew(&mut self, game: &Gomoku, settings: &MatchSettings) -> Result<Renewal, Fault> {
        let bound = START_BOUND.mul_f64(settings.time_scale);
        let (control, options) = (self.engine.control, self.engine.options.clone());
        self.told = None;
        let session = self.engine.session()?;
        send(session, &Command::Restart.to_string())?;
        let deadline = Instant::now() + bound;
        loop {
            match parse_message(&read_line(session, deadline)?) {
                Ok(Message::Ok) => break,
                Ok(Message::Error(_) | Message::Unknown(_)) => return Ok(Renewal::Declined),
                _ => {}
            }
        }
        for command in game_infos(game, control, options) {
            send(session, &command.to_string())?;
        }
        Ok(Renewal::Ready)
    }

    /// Ends the session with `END`, and keeps the pipes open until the brain exits or its
    /// second is up (gomocup-r96).
    fn finish(mut self: Box<Self>) -> Vec<Finding> {
        if self.spoken {
            self.engine
                .farewell(&Command::End, Some(Instant::now() + EXIT_BOUND));
        }
        self.engine.finish()
    }
}

/// The limits and rule as `INFO` (after `START`, gomocup-r76, and again after `RESTART`), then
/// the player's options: a time per move is `timeout_turn` with no match limit, a clock is
/// `timeout_match` with `timeout_turn` the same (see the module's words).
fn game_infos(
    game: &Gomoku,
    control: TimeControl,
    options: Vec<(String, String)>,
) -> impl Iterator<Item = Command> {
    let (turn_ms, match_ms) = match control {
        TimeControl::PerMove(d) => (d.as_millis(), UNLIMITED_MS as u128),
        TimeControl::Clock { base, .. } => (base.as_millis(), base.as_millis()),
    };
    let info = |key: InfoKey, value: String| Command::Info { key, value };
    let settings_infos = [
        info(InfoKey::TimeoutTurn, turn_ms.to_string()),
        info(InfoKey::TimeoutMatch, match_ms.to_string()),
        // Arbiter does not measure memory: no limit.
        info(InfoKey::MaxMemory, "0".to_owned()),
        // The opponent is a brain.
        info(InfoKey::GameType, "1".to_owned()),
        info(InfoKey::Rule, game.rule().bitmask().to_string()),
    ];
    let user_infos = options
        .into_iter()
        .map(move |(key, value)| info(InfoKey::Other(key), value));
    settings_infos.into_iter().chain(user_infos)
}

impl GomocupSeat {
    fn ask_move(
        &mut self,
        turn: &Turn<'_, Gomoku>,
        stones: &[Point],
        deadline: Instant,
    ) -> Result<Played<Point>, Fault> {
        let time_left = match self.engine.control {
            TimeControl::PerMove(_) => UNLIMITED_MS,
            TimeControl::Clock { .. } => turn.clock().remaining_ms.round() as i64,
        };
        let request = move_request(self.told, turn.game.opening(), stone(turn.side), stones);
        let session = self.engine.session()?;
        let time_left = Command::Info {
            key: InfoKey::TimeLeft,
            value: time_left.to_string(),
        };
        send(session, &time_left.to_string())?;
        for command in request {
            send(session, &command.to_string())?;
        }
        read_move(session, deadline)
    }
}

/// The commands that ask a brain playing `own` for its move on a board of `stones` (the
/// first `opening` of them the opening's), given how many of them it was `told` of after its
/// last move (none before its first): `BEGIN` on an empty board, `TURN` with the one stone it
/// lacks, else the whole board (`BOARD … DONE`).
fn move_request(told: Option<usize>, opening: usize, own: Stone, stones: &[Point]) -> Vec<Command> {
    match (told, stones.last().copied()) {
        (None, None) => vec![Command::Begin],
        (Some(n), Some(p)) if n + 1 == stones.len() => vec![Command::Turn(p)],
        // The second brain's first move command is TURN with the first move, when no opening
        // put stones before it (gomocup-r45).
        (None, Some(p)) if opening == 0 && stones.len() == 1 => vec![Command::Turn(p)],
        _ => {
            let entries = stones.iter().enumerate().map(|(k, &point)| {
                // 1 for the brain's own stones, 2 for its opponent's (gomocup-r51).
                let black = k % 2 == 0;
                let field = if black == (own == Stone::Black) { 1 } else { 2 };
                Command::BoardEntry { point, field }
            });
            std::iter::once(Command::Board)
                .chain(entries)
                .chain([Command::Done])
                .collect()
        }
    }
}

/// Reads a brain's lines up to its answer to a move request: its move (a point, or a line that
/// starts like one but is not), or its refusal (`ERROR`, `UNKNOWN`); a `SUGGEST` is answered
/// with `PLAY`, and every other line is left to the protocol checks.
fn read_move(session: &mut Session<Judge>, deadline: Instant) -> Result<Played<Point>, Fault> {
    // The brain's last line was a MESSAGE or DEBUG (or its rest): one that does not read
    // after it is read as the checks read it, its rest, not a move (`Unread`).
    let mut after_message = false;
    loop {
        let line = read_line(session, deadline)?;
        let follows_message = std::mem::take(&mut after_message);
        // A point with blanks or a sign (`10, 10`, `+7,7`) is read as a manager reads it; the
        // protocol checks warn about its spelling (gomocup A6).
        match spelling::leniently(Protocol::Gomocup, &line, parse_message) {
            Ok(Message::Move(point)) => {
                return Ok(Played::Move {
                    mv: point,
                    written: point.to_string(),
                    banned: false,
                });
            }
            Ok(Message::Error(_)) => {
                return Err(Fault::Refuses {
                    answer: Refusal::Error,
                    line,
                });
            }
            Ok(Message::Unknown(_)) => {
                return Err(Fault::Refuses {
                    answer: Refusal::Unknown,
                    line,
                });
            }
            Ok(Message::Suggest(point)) => send(session, &Command::Play(point).to_string())?,
            // MESSAGE and DEBUG come before the move (gomocup-r134); a stray OK or ABOUT line
            // is the checks' business, not the game's.
            Ok(Message::Message(_) | Message::Debug(_)) => after_message = true,
            Ok(_) => {}
            Err(_) => match unread(&line, follows_message) {
                // A line that starts like a point but is not one (`-1,3`) is the brain's
                // move, and an unreadable one.
                Unread::Move => return Ok(Played::Unreadable(line)),
                Unread::RestOfMessage => after_message = true,
                // Other lines are judged by the checks.
                Unread::Other => {}
            },
        }
    }
}
