//! A UCCI engine's side of a xiangqi game: `ucci` → `ucciok`, millisecond mode where the
//! engine offers it, the options, `isready` → `readyok`; for each move the game since the last
//! capture as `position`, the league's `banmoves`, and `go` with one thinking mode, draw
//! offers passed on (`go draw`, `ponderhit draw`); pondering with `go ponder`.

use std::time::Duration;

use super::board::{Line, Xiangqi};
use super::family::{
    Answer, PONDER_STOP_BOUND, UnreadLine, as_written, declared, ends_search, read_answer,
    send_user_options, session_now, unread_bestmove, user_set,
};
use super::game::{Played, Reply};
use super::seat::{Engine, Renewal, Seat, Seated, Turn};
use crate::matchplay::clock::Clock;
use crate::matchplay::fault::{Fault, Illegality, read_until};
use crate::matchplay::options::UndeclaredOption;
use crate::matchplay::{Finding, MatchSettings, Player, START_BOUND, TimeControl};
use crate::protocol::Protocol;
use crate::protocol::spelling::canonical_move;
use crate::protocol::ucci::{
    Command, GoLimit, Message, Ucci, Verdict, declared_option, parse_message,
};
use crate::rules::xiangqi::Move;
use crate::session::Cancel;

pub(crate) struct UcciSeat {
    engine: Engine,
    /// The engine offered `usemillisec`, so times are sent in milliseconds.
    millisec: bool,
    /// The engine offered `newgame`, so a kept engine is told of its next game.
    newgame: bool,
    /// The move the engine is pondering on (`go ponder` sent), until `ponderhit` or `stop`
    /// ends the ponder search.
    pondering: Option<Move>,
    /// The moves banned in the position the engine is asked to move in, found before its
    /// clock starts.
    banned: Vec<Move>,
}

impl UcciSeat {
    pub(super) fn new(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> UcciSeat {
        UcciSeat {
            engine: Engine::spawn(player, settings, cancel),
            millisec: false,
            newgame: false,
            pondering: None,
            banned: Vec::new(),
        }
    }

    /// `position`, then `banmoves` when a move is banned (after `position`, before `go`:
    /// ucci-r59).
    fn send_position(&mut self, line: &Line<Move>, banned: &[Move]) -> Result<(), Fault> {
        self.engine.send(&position(line))?;
        if let Some(banmoves) = banmoves(banned) {
            self.engine.send(&banmoves)?;
        }
        Ok(())
    }

    /// The `go` for the engine's next search: UCCI's `go` has one thinking mode — `depth`,
    /// `nodes` or `time` — so a search limit replaces the time (depth before nodes when both
    /// are set); the referee's clock still bounds the move either way.
    fn go(&self, clock: &Clock, ponder: bool, draw: bool) -> Command {
        let limits = self.engine.limits;
        let limit = match (limits.depth, limits.nodes) {
            (Some(depth), _) => GoLimit::Depth(depth),
            (None, Some(nodes)) => GoLimit::Nodes(nodes),
            (None, None) => self.time(clock),
        };
        Command::Go {
            ponder,
            draw,
            limit,
        }
    }

    /// UCCI's time mode: a time per move as the whole time for one move to go, or the
    /// engine's own clock (UCCI gives no opponent's clock unless asked: `movestogo` and
    /// `increment` are alternatives).
    fn time(&self, clock: &Clock) -> GoLimit {
        let control = self.engine.control;
        let (time, movestogo, increment) = match control {
            TimeControl::PerMove(d) => (self.unit(d.as_millis() as u64), Some(1), None),
            TimeControl::Clock { increment, .. } => {
                let remaining = self.unit(clock.remaining_ms.max(1.0).round() as u64);
                match clock.moves_to_go(control) {
                    Some(m) => (remaining, Some(m), None),
                    None => (
                        remaining,
                        None,
                        Some(self.unit(increment.as_millis() as u64)),
                    ),
                }
            }
        };
        GoLimit::Time {
            time,
            movestogo,
            increment,
            opptime: None,
            oppmovestogo: None,
            oppincrement: None,
        }
    }

    /// A time in the engine's unit: milliseconds with `usemillisec`, else whole seconds.
    fn unit(&self, ms: u64) -> u64 {
        if self.millisec {
            ms
        } else {
            ms.div_ceil(1000).max(1)
        }
    }

    /// Ends a ponder search that missed (or a game that ended): `stop`, and its result read
    /// and set aside, within `bound`. An engine that sends none has stalled.
    fn stop_pondering(&mut self, bound: Duration) -> Result<(), Fault> {
        if self.pondering.take().is_none() {
            return Ok(());
        }
        self.engine.send(&Command::Stop)?;
        read_until(self.engine.session()?, bound, ends_search).map(drop)
    }
}

/// The answer to a search: `bestmove`, with `draw` (an offer, or the acceptance of one) or
/// `resign`; its move marked when `banmoves` had forbidden it.
pub(super) fn reply(answer: Answer<Message>, banned: &[Move]) -> Result<Reply<Move>, Fault> {
    let (mv, ponder, verdict, respelt) = match answer.read {
        Ok((
            Message::BestMove {
                mv,
                ponder,
                verdict,
            },
            respelt,
        )) => (mv, ponder, verdict, respelt),
        Ok((other, _)) => return Err(Fault::illegal(other.to_string(), Illegality::NoMove)),
        Err(UnreadLine { line }) => {
            let read = |text: &str| Move::parse_iccs(&canonical_move(Protocol::Ucci, text)).ok();
            let played = unread_bestmove(line, read, |mv| banned.contains(mv))?;
            return Ok(Reply {
                info: answer.info,
                searched: Some(answer.searched),
                ..Reply::bare(played)
            });
        }
    };
    if verdict == Some(Verdict::Resign) {
        return Err(Fault::Resign);
    }
    Ok(Reply {
        mv: Played::Move {
            written: as_written(&mv, &respelt),
            banned: banned.contains(&mv),
            mv,
        },
        draw: verdict == Some(Verdict::Draw),
        score: answer.score,
        ponder,
        info: answer.info,
        searched: Some(answer.searched),
    })
}

/// `position` for the game since its last capture, as UCCI asks.
pub(super) fn position(line: &Line<Move>) -> Command {
    Command::Position {
        start: line.start.clone(),
        moves: line.moves.clone(),
    }
}

/// `banmoves` for the moves banned; none when no move is: the league's simulator sends none
/// then.
pub(super) fn banmoves(banned: &[Move]) -> Option<Command> {
    (!banned.is_empty()).then(|| Command::BanMoves(banned.to_vec()))
}

/// A UCCI engine plays xiangqi, the one game its text is for.
impl Seated for Ucci {
    fn xiangqi_seat(
        player: &Player,
        settings: &MatchSettings,
        cancel: &Cancel,
    ) -> Box<dyn Seat<Xiangqi>> {
        Box::new(UcciSeat::new(player, settings, cancel))
    }
}

impl Seat<Xiangqi> for UcciSeat {
    fn engine(&self) -> &Engine {
        &self.engine
    }

    fn start(
        &mut self,
        _game: &Xiangqi,
        settings: &MatchSettings,
        _clock: &mut Clock,
    ) -> Result<Vec<UndeclaredOption>, Fault> {
        let bound = START_BOUND.mul_f64(settings.time_scale);
        self.engine.send(&Command::Ucci)?;
        let declared = declared(
            &mut self.engine,
            bound,
            |l| parse_message(l) == Ok(Message::UcciOk),
            declared_option,
        )?;
        self.newgame = declared.has("newgame");
        if declared.has("usemillisec") {
            self.engine.send(&Command::SetOption {
                name: "usemillisec".to_owned(),
                value: Some("true".to_owned()),
            })?;
            self.millisec = true;
        }
        // Pondering on: the engine is told with its `ponder` option where it declares one,
        // unless the user set it.
        if settings.pondering && declared.has("ponder") && !user_set(&self.engine, "ponder") {
            self.engine.send(&Command::SetOption {
                name: "ponder".to_owned(),
                value: Some("true".to_owned()),
            })?;
        }
        let undeclared = send_user_options(&mut self.engine, &declared, |name, value| {
            Command::SetOption { name, value }
        })?;
        self.engine.send(&Command::IsReady)?;
        read_until(self.engine.session()?, bound, |l| {
            parse_message(l) == Ok(Message::ReadyOk)
        })?;
        Ok(undeclared)
    }

    /// A ponder search on the move just played goes on as the engine's own search, from
    /// `ponderhit` (its clock runs from there, as cutechess-cli counts it); one on another
    /// move is stopped and set aside.
    fn prepare(&mut self, turn: &Turn<'_, Xiangqi>) -> Result<(), Fault> {
        self.banned = turn.game.banned();
        if self.pondering.is_some() && self.pondering.as_ref() == turn.game.last_move() {
            return Ok(());
        }
        self.stop_pondering(PONDER_STOP_BOUND.mul_f64(turn.settings.time_scale))
    }

    /// An opponent's draw offer is passed on with the `go` (`go draw …`), or as `ponderhit
    /// draw` when the engine pondered on the move played (ucci-r77: a pondering engine hears
    /// an offer no other way). A pondering engine heard the `banmoves` of this position with
    /// the position it pondered on.
    fn ask(&mut self, turn: &Turn<'_, Xiangqi>, allowance: Duration) -> Result<Reply<Move>, Fault> {
        let banned = std::mem::take(&mut self.banned);
        let asked_us = session_now(&mut self.engine)?;
        if self.pondering.take().is_some() {
            self.engine
                .send(&Command::PonderHit { draw: turn.offered })?;
        } else {
            self.send_position(&turn.game.lines().since_capture, &banned)?;
            self.engine
                .send(&self.go(turn.clock(), false, turn.offered))?;
        }
        reply(
            read_answer(&mut self.engine, allowance, asked_us, parse_message)?,
            &banned,
        )
    }

    /// The position after the move the engine expects, with its `banmoves`, and the ordinary
    /// `go` with `ponder`; an illegal ponder move is the protocol checks' to judge, not a
    /// reason to ponder on nothing.
    fn ponder(&mut self, turn: &Turn<'_, Xiangqi>, expected: Move) -> Result<(), Fault> {
        let Some(after) = turn.game.after(&expected) else {
            return Ok(());
        };
        self.send_position(&after.lines().since_capture, &after.banned())?;
        self.engine.send(&self.go(turn.clock(), true, false))?;
        self.pondering = Some(expected);
        Ok(())
    }

    /// A ponder search is stopped and its result read first: UCCI lets `quit` come only while
    /// the engine is idle.
    fn set_aside(&mut self) -> Vec<Finding> {
        let _ = self.stop_pondering(PONDER_STOP_BOUND);
        self.engine.take_findings()
    }

    /// `setoption newgame` where the engine offers it (UCCI's word for a new game, ucci-r44),
    /// then `isready`, answered `readyok` once the engine is done with it.
    fn renew(&mut self, _game: &Xiangqi, settings: &MatchSettings) -> Result<Renewal, Fault> {
        if self.newgame {
            self.engine.send(&Command::SetOption {
                name: "newgame".to_owned(),
                value: None,
            })?;
        }
        self.engine.send(&Command::IsReady)?;
        read_until(
            self.engine.session()?,
            START_BOUND.mul_f64(settings.time_scale),
            |l| parse_message(l) == Ok(Message::ReadyOk),
        )?;
        Ok(Renewal::Ready)
    }

    fn finish(mut self: Box<Self>) -> Vec<Finding> {
        let _ = self.stop_pondering(PONDER_STOP_BOUND);
        self.engine.farewell(&Command::Quit, None);
        self.engine.finish()
    }
}
