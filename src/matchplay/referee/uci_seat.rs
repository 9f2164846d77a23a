//! A UCI engine's side of a chess or xiangqi game: `uci` → `uciok`, the variant where a UCI
//! engine plays xiangqi, the options, `ucinewgame`, `isready` → `readyok`; for each move the
//! whole game as `position` in UCI's notation and `go` with both clocks and the search limits;
//! pondering with `go ponder`.

use std::time::Duration;

use super::board::{Board, BoardKind, Chess, Line, Notation, Oracle, Xiangqi};
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
use crate::protocol::uci::{self, Command, Go, Message, declared_option, parse_message};
use crate::rules::BySide;
use crate::session::Cancel;

/// A UCI engine in a game whose moves are `M`.
pub(crate) struct UciSeat<M> {
    engine: Engine,
    /// The move the engine is pondering on (`go ponder` sent), until `ponderhit` or `stop`
    /// ends the ponder search.
    pondering: Option<M>,
}

impl<M> UciSeat<M> {
    pub(super) fn new(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> UciSeat<M> {
        UciSeat {
            engine: Engine::spawn(player, settings, cancel),
            pondering: None,
        }
    }

    /// The `go` for the engine's next search: its time per move, or both clocks as Arbiter
    /// keeps them, with the search limits beside the time.
    fn go(&self, clocks: &BySide<Clock>, mover: &Clock, ponder: bool) -> Go {
        let ms = |clock: &Clock| clock.remaining_ms.max(1.0).round() as i64;
        let control = self.engine.control;
        let mut go = Go {
            ponder,
            depth: self.engine.limits.depth,
            nodes: self.engine.limits.nodes,
            ..Go::default()
        };
        match control {
            TimeControl::PerMove(d) => go.movetime = Some(d.as_millis() as u64),
            TimeControl::Clock { increment, .. } => {
                let inc = increment.as_millis() as i64;
                go.wtime = Some(ms(&clocks.first));
                go.btime = Some(ms(&clocks.second));
                go.winc = Some(inc);
                go.binc = Some(inc);
                go.movestogo = mover.moves_to_go(control);
            }
        }
        go
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

/// The answer to a search: `bestmove`, its move and ponder move read in the game's notation.
pub(super) fn reply<M: Notation>(answer: Answer<Message>) -> Result<Reply<M>, Fault> {
    let (mv, ponder, respelt) = match answer.read {
        Ok((Message::BestMove { mv, ponder }, respelt)) => (mv, ponder, respelt),
        Ok((other, _)) => return Err(Fault::illegal(other.to_string(), Illegality::NoMove)),
        Err(UnreadLine { line }) => {
            let read = |text: &str| {
                canonical_move(Protocol::Uci, text)
                    .parse::<uci::Move>()
                    .ok()
                    .and_then(M::from_uci)
            };
            return Ok(Reply {
                info: answer.info,
                searched: Some(answer.searched),
                ..Reply::bare(unread_bestmove(line, read, |_| false)?)
            });
        }
    };
    let written = as_written(&mv, &respelt);
    Ok(Reply {
        mv: match M::from_uci(mv) {
            Some(mv) => Played::Move {
                mv,
                written,
                banned: false,
            },
            None => Played::Unreadable(written),
        },
        draw: false,
        score: answer.score,
        ponder: ponder.and_then(M::from_uci),
        info: answer.info,
        searched: Some(answer.searched),
    })
}

/// A UCI engine plays chess, and xiangqi in the UCI dialect of Fairy-Stockfish and Pikafish.
impl Seated for uci::Uci {
    fn xiangqi_seat(
        player: &Player,
        settings: &MatchSettings,
        cancel: &Cancel,
    ) -> Box<dyn Seat<Xiangqi>> {
        Box::new(UciSeat::new(player, settings, cancel))
    }
    fn chess_seat(
        player: &Player,
        settings: &MatchSettings,
        cancel: &Cancel,
    ) -> Box<dyn Seat<Chess>> {
        Box::new(UciSeat::new(player, settings, cancel))
    }
}

impl<P: Oracle, M: Notation> Seat<Board<P, M>> for UciSeat<M>
where
    Board<P, M>: BoardKind,
{
    fn engine(&self) -> &Engine {
        &self.engine
    }

    fn start(
        &mut self,
        _game: &Board<P, M>,
        settings: &MatchSettings,
        _clock: &mut Clock,
    ) -> Result<Vec<UndeclaredOption>, Fault> {
        let bound = START_BOUND.mul_f64(settings.time_scale);
        self.engine.send(&Command::Uci)?;
        let declared = declared(
            &mut self.engine,
            bound,
            |l| parse_message(l) == Ok(Message::UciOk),
            declared_option,
        )?;
        let set = |name: &str, value: &str| Command::SetOption {
            name: name.to_owned(),
            value: Some(value.to_owned()),
        };
        // As cutechess-cli does: a UCI engine that can play variants is told the game, unless
        // the user chose the variant.
        if let Some(variant) = Board::<P, M>::UCI_VARIANT
            && declared.has("UCI_Variant")
            && !user_set(&self.engine, "UCI_Variant")
        {
            self.engine.send(&set("UCI_Variant", variant))?;
        }
        // Pondering on: the engine is told with its `Ponder` option where it declares one,
        // unless the user set it.
        if settings.pondering && declared.has("Ponder") && !user_set(&self.engine, "Ponder") {
            self.engine.send(&set("Ponder", "true"))?;
        }
        let undeclared = send_user_options(&mut self.engine, &declared, |name, value| {
            Command::SetOption { name, value }
        })?;
        self.engine.send(&Command::UciNewGame)?;
        self.engine.send(&Command::IsReady)?;
        read_until(self.engine.session()?, bound, |l| {
            parse_message(l) == Ok(Message::ReadyOk)
        })?;
        Ok(undeclared)
    }

    /// A ponder search on the move just played goes on as the engine's own search, from
    /// `ponderhit` (its clock runs from there, as cutechess-cli counts it); one on another
    /// move is stopped and set aside.
    fn prepare(&mut self, turn: &Turn<'_, Board<P, M>>) -> Result<(), Fault> {
        if self.pondering.is_some() && self.pondering.as_ref() == turn.game.last_move() {
            return Ok(());
        }
        self.stop_pondering(PONDER_STOP_BOUND.mul_f64(turn.settings.time_scale))
    }

    /// UCI has no draw offers: an opponent's is not passed on.
    fn ask(
        &mut self,
        turn: &Turn<'_, Board<P, M>>,
        allowance: Duration,
    ) -> Result<Reply<M>, Fault> {
        let asked_us = session_now(&mut self.engine)?;
        if self.pondering.take().is_some() {
            self.engine.send(&Command::PonderHit)?;
        } else {
            self.engine.send(&position(&turn.game.lines().full))?;
            let go = self.go(turn.clocks, turn.clock(), false);
            self.engine.send(&Command::Go(go))?;
        }
        reply(read_answer(
            &mut self.engine,
            allowance,
            asked_us,
            parse_message,
        )?)
    }

    /// The position after the move the engine expects and the ordinary `go` with `ponder`; an
    /// illegal ponder move is the protocol checks' to judge, not a reason to ponder on
    /// nothing.
    fn ponder(&mut self, turn: &Turn<'_, Board<P, M>>, expected: M) -> Result<(), Fault> {
        let Some(after) = turn.game.after(&expected) else {
            return Ok(());
        };
        self.engine.send(&position(&after.lines().full))?;
        let go = self.go(turn.clocks, turn.clock(), true);
        self.engine.send(&Command::Go(go))?;
        self.pondering = Some(expected);
        Ok(())
    }

    fn set_aside(&mut self) -> Vec<Finding> {
        let _ = self.stop_pondering(PONDER_STOP_BOUND);
        self.engine.take_findings()
    }

    /// `ucinewgame`: the next search is from a different game (uci-r45), and `isready`, which
    /// waits for the engine to be done with it (uci-r48).
    fn renew(&mut self, _game: &Board<P, M>, settings: &MatchSettings) -> Result<Renewal, Fault> {
        self.engine.send(&Command::UciNewGame)?;
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

/// The whole game as UCI's `position`, its moves in UCI's notation.
pub(super) fn position<M: Notation>(line: &Line<M>) -> Command {
    Command::Position {
        start: line.start.clone(),
        moves: line.moves.iter().map(M::to_uci).collect(),
    }
}
