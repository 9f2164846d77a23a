//! An engine in a game, behind the one interface the referee loop uses whatever the protocol:
//! the handshake, a move asked and read, pondering where the protocol has it, and the
//! session's end with the protocol checks' findings. Each protocol has its own seat (UCCI,
//! UCI, Gomocup, AGI) over its typed codec; a game chooses the seat by the player's protocol.

use std::fmt;
use std::time::{Duration, Instant};

use super::board::{Chess, Xiangqi};
use super::game::{RefereedGame, Reply};
use crate::check::{Context, Judge};
use crate::matchplay::clock::Clock;
use crate::matchplay::fault::{CannotPlay, Fault, send};
use crate::matchplay::gomoku::Gomoku;
use crate::matchplay::options::{EngineOptions, UndeclaredOption};
use crate::matchplay::{Finding, MatchSettings, Player, SearchLimits, TimeControl};
use crate::protocol::{Codec, Protocol};
use crate::report::excerpt;
use crate::rules::BySide;
use crate::rules::Side;
use crate::session::{Cancel, Session, SessionOptions, StdoutReader};

/// What a seat is told when its engine is to move.
pub(crate) struct Turn<'a, G> {
    pub game: &'a G,
    /// The side the seat plays.
    pub side: Side,
    /// Both clocks as Arbiter keeps them (UCI sends both).
    pub clocks: &'a BySide<Clock>,
    /// The opponent offered a draw with its last move (UCCI `bestmove … draw`).
    pub offered: bool,
    pub settings: &'a MatchSettings,
}

impl<G> Turn<'_, G> {
    pub(crate) fn clock(&self) -> &Clock {
        self.clocks.get(self.side)
    }
}

/// An engine in the game, in its protocol.
pub(crate) trait Seat<G: RefereedGame> {
    fn engine(&self) -> &Engine;

    /// The handshake, the game's settings and the user's options, up to the engine ready.
    /// Returns the options the user set that the engine did not declare (sent all the same).
    /// Time spent here that the protocol counts as the engine's is charged to `clock`.
    fn start(
        &mut self,
        game: &G,
        settings: &MatchSettings,
        clock: &mut Clock,
    ) -> Result<Vec<UndeclaredOption>, Fault>;

    /// What must happen before the engine's clock starts: a ponder search on another move than
    /// the one played is stopped.
    fn prepare(&mut self, _turn: &Turn<'_, G>) -> Result<(), Fault> {
        Ok(())
    }

    /// Asks for the engine's move and reads it within `allowance`.
    fn ask(&mut self, turn: &Turn<'_, G>, allowance: Duration) -> Result<Reply<G::Move>, Fault>;

    /// After the engine's move was played and the game goes on: a ponder search on the move
    /// it expects, where the protocol has one.
    fn ponder(&mut self, _turn: &Turn<'_, G>, _expected: G::Move) -> Result<(), Fault> {
        Ok(())
    }

    /// The game is over and the engine is kept for the next (`--restart off`): a ponder
    /// search is stopped and its result set aside. Returns the findings made in the game.
    fn set_aside(&mut self) -> Vec<Finding>;

    /// Readies the engine, kept from its last game, for `game`, the protocol's way (see
    /// [`super::kennel`]); `Declined` when it plays no new game in the same process.
    fn renew(&mut self, game: &G, settings: &MatchSettings) -> Result<Renewal, Fault>;

    /// Ends the session the protocol's way and returns the protocol checks' findings over its
    /// whole transcript.
    fn finish(self: Box<Self>) -> Vec<Finding>;
}

/// What a kept engine said to a new game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Renewal {
    /// It is ready for it.
    Ready,
    /// It plays no new game in this process (Gomocup `RESTART` answered `UNKNOWN` or
    /// `ERROR`): it is ended and started afresh, as gomocup-r111 has the manager do.
    Declined,
}

/// What every seat has: the engine's session, judged by the protocol checks, and the limits
/// it plays under (time odds and node odds are per engine).
pub(crate) struct Engine {
    pub name: String,
    pub protocol: Protocol,
    pub options: Vec<(String, String)>,
    session: Option<Session<Judge>>,
    pub control: TimeControl,
    pub limits: SearchLimits,
    /// What its options held once the seat had set them; none before (or without) that.
    pub held: Option<EngineOptions>,
}

impl Engine {
    /// Starts the engine, written to with its protocol's line end (Gomocup managers' CR LF,
    /// LF elsewhere), its session ended by the game's `cancel`; one that did not start has no
    /// session, and loses at its handshake.
    pub(crate) fn spawn(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> Engine {
        let options = SessionOptions {
            line_end: player.protocol.facts().gui_line_end,
            cancel: cancel.clone(),
            // A match times moves as a GUI does, not replies to the millisecond: reading the
            // engine on the game's own thread halves the wake-ups each line costs.
            stdout_reader: StdoutReader::Session,
            ..SessionOptions::default()
        };
        let judge = Judge::new(Context {
            protocol: player.protocol,
            game: settings.game.kind(),
            time_scale: settings.time_scale,
        });
        Engine {
            name: player.name.clone(),
            protocol: player.protocol,
            options: player.options.clone(),
            session: Session::spawn(&player.command, options, judge).ok(),
            control: player.control(settings),
            limits: player.limits(settings),
            held: None,
        }
    }

    pub(crate) fn session(&mut self) -> Result<&mut Session<Judge>, Fault> {
        self.session.as_mut().ok_or(Fault::Disconnect)
    }

    /// Writes a command of the protocol's codec.
    pub(crate) fn send(&mut self, command: &impl fmt::Display) -> Result<(), Fault> {
        send(self.session()?, &command.to_string())
    }

    /// Writes the protocol's last command (`quit`, `END`, `QUIT`) and gives the engine until
    /// `exit_by` to exit, when there is a session to end.
    pub(crate) fn farewell(&mut self, command: &impl fmt::Display, exit_by: Option<Instant>) {
        let Some(session) = self.session.as_mut() else {
            return;
        };
        if session.send(&command.to_string()).is_ok()
            && let Some(deadline) = exit_by
        {
            session.wait_exit(deadline);
        }
    }

    /// The protocol checks' findings so far, each with the lines around it, while the session
    /// goes on: an engine kept for the next game reports its findings with the game just
    /// played.
    pub(crate) fn take_findings(&mut self) -> Vec<Finding> {
        let Some(session) = self.session.as_mut() else {
            return Vec::new();
        };
        let outcomes = session.sink_mut().take_outcomes();
        Finding::each(&self.name, outcomes, |at| {
            excerpt::render(&session.transcript_around(at), at)
        })
    }

    /// Ends the session (its grace, a kill if need be) and returns the protocol checks'
    /// findings over its whole transcript.
    pub(crate) fn finish(self) -> Vec<Finding> {
        let Some(session) = self.session else {
            return Vec::new();
        };
        let (transcript, judge) = session.finish();
        let outcomes = judge.finish(&transcript);
        Finding::all_of(&self.name, &transcript, outcomes)
    }
}

/// The seat of an engine whose protocol is not spoken for the game: started, so that its
/// transcript is judged like any other, and never spoken to; it loses at its handshake.
/// The seats a protocol's engines take, one per game: implemented on each codec type beside
/// its seat (`ucci_seat.rs`, `uci_seat.rs`, `gomoku/gomocup_seat.rs`, `gomoku/agi_seat.rs`)
/// and reached through `with_codec!`, so no game matches on [`Protocol`]. A game the protocol
/// cannot play keeps the default: the seat that loses at the handshake, saying why.
pub(crate) trait Seated: Codec {
    fn xiangqi_seat(
        player: &Player,
        settings: &MatchSettings,
        cancel: &Cancel,
    ) -> Box<dyn Seat<Xiangqi>> {
        Box::new(Unfit::seat(player, settings, cancel))
    }
    fn chess_seat(
        player: &Player,
        settings: &MatchSettings,
        cancel: &Cancel,
    ) -> Box<dyn Seat<Chess>> {
        Box::new(Unfit::seat(player, settings, cancel))
    }
    fn gomoku_seat(
        player: &Player,
        settings: &MatchSettings,
        cancel: &Cancel,
    ) -> Box<dyn Seat<Gomoku>> {
        Box::new(Unfit::seat(player, settings, cancel))
    }
}

pub(crate) struct Unfit {
    engine: Engine,
    why: CannotPlay,
}

impl Unfit {
    pub(super) fn seat(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> Unfit {
        Unfit {
            engine: Engine::spawn(player, settings, cancel),
            why: CannotPlay::Game {
                game: settings.game.kind(),
                protocol: player.protocol,
            },
        }
    }
}

impl<G: RefereedGame> Seat<G> for Unfit {
    fn engine(&self) -> &Engine {
        &self.engine
    }

    fn start(
        &mut self,
        _game: &G,
        _settings: &MatchSettings,
        _clock: &mut Clock,
    ) -> Result<Vec<UndeclaredOption>, Fault> {
        Err(Fault::CannotPlay(self.why.clone()))
    }

    fn ask(&mut self, _turn: &Turn<'_, G>, _allowance: Duration) -> Result<Reply<G::Move>, Fault> {
        Err(Fault::CannotPlay(self.why.clone()))
    }

    /// Never kept: it loses every game at its handshake.
    fn set_aside(&mut self) -> Vec<Finding> {
        self.engine.take_findings()
    }

    fn renew(&mut self, _game: &G, _settings: &MatchSettings) -> Result<Renewal, Fault> {
        Err(Fault::CannotPlay(self.why.clone()))
    }

    fn finish(self: Box<Self>) -> Vec<Finding> {
        self.engine.finish()
    }
}
