//! One game as the referee plays it ([`Game`]): its engines seated (kept from an earlier game
//! or started for this one), readied, asked for their moves turn by turn until the game ends,
//! then kept for the next game or ended, and the game's record.

use std::time::{Duration, Instant};

use super::kennel::{Amendment, Kennel, Kennelled, Kept};
use super::searches::Searches;
use super::seat::{Renewal, Seat, Turn};
use super::{End, Refereed, Reply, aborted, adjudicated, at_fault, faulted, forfeit, judged};
use crate::matchplay::adjudication::Adjudicator;
use crate::matchplay::clock::Clock;
use crate::matchplay::fault::Fault;
use crate::matchplay::options::{EngineOptions, UndeclaredOption};
use crate::matchplay::termination::{Termination, Unplayed};
use crate::matchplay::{
    Finding, GameRecord, GameResult, MatchSettings, Pairing, Player, by_game_length,
};
use crate::rules::BySide;
use crate::rules::Side;
use crate::session::interrupt;

/// What a seat's engine kept from an earlier game brings from it.
struct KeptFrom {
    /// That game's number, which findings made since go with.
    last_game: usize,
    /// The options it did not declare when it started.
    undeclared: Vec<UndeclaredOption>,
}

/// A game under way: the position, the engines in their seats with their clocks, and what
/// the record keeps of the moves so far.
pub(super) struct Game<'a, G: Kennelled> {
    pairing: &'a Pairing<'a>,
    settings: &'a MatchSettings,
    position: G,
    players: BySide<&'a Player>,
    seats: BySide<Box<dyn Seat<G>>>,
    clocks: BySide<Clock>,
    /// For each engine kept from an earlier game, until it is readied for this one; none:
    /// started for this game.
    kept_from: BySide<Option<KeptFrom>>,
    /// The options each engine did not declare, once it is ready for the game; none: it never
    /// got ready (the game ended first, or it failed to), and it is not kept.
    readied: BySide<Option<Vec<UndeclaredOption>>>,
    moves: Vec<String>,
    move_times_ms: Vec<f64>,
    searches: Searches,
    overrun_ms: Option<f64>,
    adjudicator: Adjudicator,
    /// The side whose draw offer (UCCI `bestmove … draw`) awaits its opponent's answer: it is
    /// passed on with the opponent's next search, and lapses with its answer.
    offer: Option<Side>,
    /// Findings of engines kept from earlier games, made after those games.
    amendments: Vec<Amendment>,
}

impl<'a, G: Kennelled> Game<'a, G> {
    /// The game from `position`, each engine taken from the `kennel` where it keeps one (the
    /// others there are ended, their findings going with their last games) or seated afresh.
    pub(super) fn seated(
        pairing: &'a Pairing<'a>,
        settings: &'a MatchSettings,
        position: G,
        mut kennel: Option<&mut Kennel>,
    ) -> Game<'a, G> {
        let players = BySide::new(pairing.first, pairing.second);
        let mut amendments = Vec::new();
        if let Some(kennel) = kennel.as_deref_mut() {
            let names = [pairing.first.name.as_str(), pairing.second.name.as_str()];
            amendments.extend(kennel.release_all_but::<G>(&names));
        }
        let taken = players.map(|_, p| kennel.as_deref_mut().and_then(|k| k.take::<G>(&p.name)));
        let mut kept_from = BySide::default();
        let seats = taken.map(|side, kept| match kept {
            Some(kept) => {
                *kept_from.get_mut(side) = Some(KeptFrom {
                    last_game: kept.last_game,
                    undeclared: kept.undeclared,
                });
                kept.seat
            }
            None => G::seat(players.get(side), settings, pairing.cancel),
        });
        let clocks = seats
            .as_ref()
            .map(|_, seat| Clock::new(seat.engine().control));
        Game {
            pairing,
            settings,
            position,
            players,
            seats,
            clocks,
            kept_from,
            readied: BySide::default(),
            moves: Vec::new(),
            move_times_ms: Vec::new(),
            searches: Searches::default(),
            overrun_ms: None,
            adjudicator: Adjudicator::new(settings.adjudication),
            offer: None,
            amendments,
        }
    }

    /// Plays the game to its end: the engines readied, then their turns.
    pub(super) fn play_out(&mut self) -> End {
        if let Some(end) = self.ready() {
            return end;
        }
        loop {
            if self.pairing.cancel.is_raised() {
                return aborted(Unplayed::MatchDecided);
            }
            if let Some(end) = self.turn() {
                return end;
            }
        }
    }

    /// Readies each engine for the game, first side first; the end an opening that decided
    /// the game already (in gomoku) or an engine's fault brings, if any.
    fn ready(&mut self) -> Option<End> {
        if let Some(end) = self.position.by_the_rules() {
            return Some(end);
        }
        for side in [Side::First, Side::Second] {
            match self.start(side) {
                Ok(undeclared) => *self.readied.get_mut(side) = Some(undeclared),
                Err(fault) => return Some(faulted::<G>(side, fault, self.pairing.cancel)),
            }
        }
        None
    }

    /// Gets `side`'s engine ready for the game: a kept one renewed, a new one started.
    /// Returns the options it did not declare.
    fn start(&mut self, side: Side) -> Result<Vec<UndeclaredOption>, Fault> {
        match self.kept_from.get_mut(side).take() {
            Some(kept) => self.renew(side, kept),
            None => {
                let clock = self.clocks.get_mut(side);
                self.seats
                    .get_mut(side)
                    .start(&self.position, self.settings, clock)
            }
        }
    }

    /// A kept engine readied for the game. One that plays no new game in its process, fails
    /// to get ready (a crash, a hang) or exited since its last game is ended — its findings
    /// go with that game — and started afresh in its seat: whatever happened there was
    /// between games, and costs it no game.
    fn renew(
        &mut self,
        side: Side,
        KeptFrom {
            last_game,
            undeclared,
        }: KeptFrom,
    ) -> Result<Vec<UndeclaredOption>, Fault> {
        let seat = self.seats.get_mut(side);
        if seat.renew(&self.position, self.settings) == Ok(Renewal::Ready) {
            return Ok(undeclared);
        }
        let fresh = G::seat(self.players.get(side), self.settings, self.pairing.cancel);
        let stale = std::mem::replace(seat, fresh);
        self.amendments.push(Amendment {
            game: last_game,
            findings: stale.finish(),
        });
        seat.start(&self.position, self.settings, self.clocks.get_mut(side))
    }

    /// The turn of the side to move: its engine asked for its move on its clock, the move
    /// judged and played; the end it brings, if any.
    fn turn(&mut self) -> Option<End> {
        let side = self.position.side_to_move();
        let offered = self.offer.take() == Some(side.opponent());
        let reply = match self.ask(side, offered) {
            Ok(reply) => reply,
            Err(end) => return Some(end),
        };
        if offered && reply.draw {
            // The agreement ends the game: the accepting engine's move is not played.
            return Some((GameResult::Draw, Termination::Agreement));
        }
        self.play(side, reply)
    }

    /// Asks `side`'s engine for its move within what its clock allows, and charges the time
    /// the answer took to it; or the end the engine's fault brings.
    fn ask(&mut self, side: Side, offered: bool) -> Result<Reply<G::Move>, End> {
        let turn = Turn {
            game: &self.position,
            side,
            clocks: &self.clocks,
            offered,
            settings: self.settings,
        };
        let seat = self.seats.get_mut(side);
        let control = seat.engine().control;
        let allowance = self
            .clocks
            .get(side)
            .allowance(control, self.settings.margin);
        let cancel = self.pairing.cancel;
        seat.prepare(&turn)
            .map_err(|fault| faulted::<G>(side, fault, cancel))?;
        let asked = Instant::now();
        let reply = seat.ask(&turn, allowance);
        let took_ms = asked.elapsed().as_secs_f64() * 1000.0;
        let reply = reply.map_err(|fault| {
            let end = faulted::<G>(side, fault, cancel);
            self.overrun_ms = overrun(&end, took_ms, allowance - self.settings.margin);
            end
        })?;
        self.clocks.get_mut(side).charge(control, took_ms);
        self.move_times_ms.push(took_ms);
        Ok(reply)
    }

    /// Plays `side`'s move if the rules allow it; the end it brings, if any. An engine whose
    /// move leaves the game going on ponders on the reply it expects, where the match
    /// ponders.
    fn play(&mut self, side: Side, reply: Reply<G::Move>) -> Option<End> {
        let mv = match judged(&mut self.position, reply.mv) {
            Ok(mv) => mv,
            Err(fault) => return Some(forfeit::<G>(side, fault)),
        };
        if reply.draw {
            self.offer = Some(side);
        }
        self.moves.push(mv.to_string());
        self.searches.played(side, reply.searched, reply.info);
        let ended = self.ending(side, reply.score);
        match reply.ponder {
            Some(expected) if ended.is_none() && self.settings.pondering => {
                self.ponder(side, expected)
            }
            _ => ended,
        }
    }

    /// The end of the game after `side`'s move, whose search scored `score`: by the rules,
    /// by its history, by the engines' scores, by its length.
    fn ending(&mut self, side: Side, score: Option<i32>) -> Option<End> {
        let plies = self.position.plies();
        self.position
            .by_the_rules()
            .or_else(|| self.position.by_history())
            .or_else(|| {
                self.adjudicator
                    .record(side, score, plies)
                    .map(adjudicated::<G>)
            })
            .or_else(|| by_game_length(plies, self.settings.max_plies))
    }

    /// `side`'s engine pondering on the reply it expects; the end its fault brings, if any.
    fn ponder(&mut self, side: Side, expected: G::Move) -> Option<End> {
        let turn = Turn {
            game: &self.position,
            side,
            clocks: &self.clocks,
            offered: false,
            settings: self.settings,
        };
        let pondered = self.seats.get_mut(side).ponder(&turn, expected);
        pondered
            .err()
            .map(|fault| faulted::<G>(side, fault, self.pairing.cancel))
    }

    /// The game's record once it ended so, with what its engines' options held. Each engine
    /// ready for another game is put back in the `kennel` (when there is one); the others
    /// are ended.
    pub(super) fn close(self, end: End, kennel: Option<&mut Kennel>) -> Refereed {
        let options = self.options_held();
        let undeclared_options = self.readied.as_ref().into_iter().flatten().flatten();
        let undeclared_options = undeclared_options.cloned().collect();
        let Game {
            pairing,
            settings,
            players,
            seats,
            readied,
            moves,
            move_times_ms,
            searches,
            overrun_ms,
            amendments,
            ..
        } = self;
        let findings = release(seats.zip(readied), &players, pairing.number, &end, kennel);
        let record = GameRecord {
            moves,
            move_times_ms,
            move_info: searches.info(),
            overrun_ms,
            undeclared_options,
            findings: searches.place(findings, &pairing.first.name),
            aborted: matches!(end.1, Termination::Aborted(_)),
            ..GameRecord::ended(pairing, settings.game.kind(), end)
        };
        Refereed {
            record,
            options,
            amendments,
        }
    }

    /// What the engines' options held, of those whose options were set.
    fn options_held(&self) -> Vec<EngineOptions> {
        self.seats
            .as_ref()
            .into_iter()
            .filter_map(|seat| seat.engine().held.clone())
            .collect()
    }
}

/// How far past its time (`due`) a move that lost on time came, `took_ms` after it was asked
/// for; none for any other end.
fn overrun(end: &End, took_ms: f64, due: Duration) -> Option<f64> {
    match end.1 {
        Termination::Fault {
            fault: Fault::Time, ..
        } => Some(took_ms - due.as_secs_f64() * 1000.0),
        _ => None,
    }
}

/// Each engine, at the game's `end`, put in the `kennel` for its next game when it got ready
/// for this one, was not at fault, and no game was aborted or interrupted; else ended. Returns
/// the findings made in the game.
fn release<G: Kennelled>(
    seats: impl Iterator<Item = (Side, (Box<dyn Seat<G>>, Option<Vec<UndeclaredOption>>))>,
    players: &BySide<&Player>,
    number: usize,
    end: &End,
    mut kennel: Option<&mut Kennel>,
) -> Vec<Finding> {
    let keeps = |side| {
        !matches!(end.1, Termination::Aborted(_))
            && !at_fault::<G>(side, &end.1)
            && interrupt::raised().is_none()
    };
    let mut findings = Vec::new();
    for (side, (mut seat, undeclared)) in seats {
        match kennel
            .as_deref_mut()
            .zip(undeclared)
            .filter(|_| keeps(side))
        {
            Some((kennel, undeclared)) => {
                findings.extend(seat.set_aside());
                kennel.put(Kept {
                    player: players.get(side).name.clone(),
                    seat,
                    last_game: number,
                    undeclared,
                });
            }
            None => findings.extend(seat.finish()),
        }
    }
    findings
}
