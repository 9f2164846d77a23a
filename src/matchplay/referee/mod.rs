//! One game between two engines, refereed, whatever the game and the engines' protocols:
//! Arbiter keeps the game, asks the engine of the side to move for its move in its own
//! protocol, times the reply on the wire, judges the move with the rules oracle, and ends the
//! game by the rules or by the engine's fault. Each engine's session is judged by the built-in
//! protocol checks all game long.
//!
//! A game ([`RefereedGame`]: xiangqi and chess in [`board`], gomoku and renju in
//! [`super::gomoku`]) keeps the position and judges the moves; a seat ([`Seat`], one per
//! protocol) speaks to one engine, in its own notation: in xiangqi a UCCI engine may play a
//! UCI one (Fairy-Stockfish, Pikafish), in gomoku a Gomocup brain an AGI engine. The game
//! starts from the pairing's opening, played by the referee; then, in order, a game ends by a
//! fault (an illegal move, time, a crash, a resignation, a move UCCI's `banmoves` forbade), a
//! draw agreed (UCCI's `draw`), the rules (mate, stalemate, material; five in a row, a full
//! board), repetition and the move-count rules ([`super::endings`]), the engines' scores
//! ([`super::adjudication`]), or the maximal game length. A game the match cancels (its
//! pairing's token, raised once the match is decided) ends aborted before its next move, and
//! a wait the token cut short is no engine's fault: the game counts for nobody.

mod board;
mod family;
mod game;
mod kennel;
mod searches;
mod seat;
mod ucci_seat;
mod uci_seat;

use std::time::Instant;

use super::adjudication::{Adjudicator, Verdict};
use super::clock::Clock;
use super::fault::{Fault, Illegality};
use super::gomoku::Gomoku;
use super::options::{EngineOptions, UndeclaredOption};
use super::termination::{Termination, Unplayed};
use super::{GameRecord, GameResult, MatchGame, MatchSettings, Pairing, Player};
use crate::rules::BySide;
use crate::rules::Side;
use crate::session::{Cancel, interrupt};
use board::{Chess, Xiangqi};
pub(crate) use game::{Played, RefereedGame, Reply, win};
pub(crate) use kennel::{Amendment, Kennel};
use kennel::{Kennelled, Kept};
pub(crate) use seat::{Engine, Renewal, Seat, Seated, Turn};

/// Plays one game, `pairing.first` playing the first colour.
pub fn play_game(pairing: &Pairing<'_>, settings: &MatchSettings) -> GameRecord {
    refereed(pairing, settings, None).record
}

/// A game played: its record, and the values each engine's options held in it, for the lines
/// a match prints as it is played (fastchess's block names the engines' threads and hash).
/// Those values are what the engines said of themselves, not a result, so the record leaves
/// them out.
pub(crate) struct Refereed {
    pub record: GameRecord,
    /// The engines that got as far as their options being set, each once.
    pub options: Vec<EngineOptions>,
    /// Findings of engines kept from earlier games, made after those games: each goes with
    /// the last game its engine played.
    pub amendments: Vec<Amendment>,
}

/// [`play_game`], with what the engines' options held; with a `kennel`, the engines are
/// taken from it where it keeps them and put back into it when the game is over.
pub(crate) fn refereed(
    pairing: &Pairing<'_>,
    settings: &MatchSettings,
    kennel: Option<&mut Kennel>,
) -> Refereed {
    match settings.game {
        MatchGame::Xiangqi => play::<Xiangqi>(pairing, settings, kennel),
        MatchGame::Chess => play::<Chess>(pairing, settings, kennel),
        MatchGame::Gomoku { .. } => play::<Gomoku>(pairing, settings, kennel),
    }
}

fn play<G: Kennelled>(
    pairing: &Pairing<'_>,
    settings: &MatchSettings,
    mut kennel: Option<&mut Kennel>,
) -> Refereed {
    let kind = settings.game.kind();
    let cancel = pairing.cancel;
    // A setup error, not a player's, or a match decided before the game began: no engine is
    // started, and the game does not count.
    let opened = if cancel.is_raised() {
        Err(Unplayed::MatchDecided)
    } else {
        G::open(settings, pairing.opening)
    };
    let mut game = match opened {
        Ok(game) => game,
        Err(unplayed) => {
            return Refereed {
                record: GameRecord {
                    aborted: true,
                    ..GameRecord::ended(pairing, kind, aborted(unplayed))
                },
                options: Vec::new(),
                amendments: Vec::new(),
            };
        }
    };
    let players = BySide::new(pairing.first, pairing.second);
    let mut amendments = Vec::new();
    if let Some(kennel) = kennel.as_deref_mut() {
        let names = [pairing.first.name.as_str(), pairing.second.name.as_str()];
        amendments.extend(kennel.release_all_but::<G>(&names));
    }
    let taken = players.map(|_, p| kennel.as_deref_mut().and_then(|k| k.take::<G>(&p.name)));
    // For each engine kept from an earlier game, that game's number and the options it did
    // not declare; none: started for this game.
    let mut kept_from: BySide<Option<(usize, Vec<UndeclaredOption>)>> = BySide::default();
    let mut seats = taken.map(|side, kept| match kept {
        Some(kept) => {
            *kept_from.get_mut(side) = Some((kept.last_game, kept.undeclared));
            kept.seat
        }
        None => G::seat(players.get(side), settings, cancel),
    });
    let mut clocks = seats
        .as_ref()
        .map(|_, seat| Clock::new(seat.engine().control));
    // The options each engine did not declare, once it is ready for the game; none: it never
    // got ready (the game ended first, or it failed to), and it is not kept.
    let mut readied: BySide<Option<Vec<UndeclaredOption>>> = BySide::default();
    let mut moves: Vec<String> = Vec::new();
    let mut move_times_ms = Vec::new();
    let mut searches = searches::Searches::default();
    let mut overrun_ms = None;
    // An opening may have decided a gomoku game already; then no engine is spoken to.
    let mut ended = game.by_the_rules();
    for side in [Side::First, Side::Second] {
        if ended.is_some() {
            break;
        }
        let seat = seats.get_mut(side);
        let clock = clocks.get_mut(side);
        let started = match kept_from.get_mut(side).take() {
            Some((last_game, undeclared)) => {
                let (started, amendment) = renewed(
                    seat,
                    (last_game, undeclared),
                    players.get(side),
                    &game,
                    settings,
                    clock,
                    cancel,
                );
                amendments.extend(amendment);
                started
            }
            None => seat.start(&game, settings, clock),
        };
        match started {
            Ok(undeclared) => *readied.get_mut(side) = Some(undeclared),
            Err(fault) => ended = Some(faulted::<G>(side, fault, cancel)),
        }
    }
    let mut adjudicator = Adjudicator::new(settings.adjudication);
    // The side whose draw offer (UCCI `bestmove … draw`) awaits its opponent's answer: it is
    // passed on with the opponent's next search, and lapses with its answer.
    let mut offer: Option<Side> = None;
    let end = loop {
        if let Some(end) = ended.take() {
            break end;
        }
        if cancel.is_raised() {
            break aborted(Unplayed::MatchDecided);
        }
        let side = game.side_to_move();
        let turn = Turn {
            game: &game,
            side,
            clocks: &clocks,
            offered: offer.take() == Some(side.opponent()),
            settings,
        };
        let seat = seats.get_mut(side);
        let control = seat.engine().control;
        let allowance = clocks.get(side).allowance(control, settings.margin);
        if let Err(fault) = seat.prepare(&turn) {
            ended = Some(faulted::<G>(side, fault, cancel));
            continue;
        }
        let offered = turn.offered;
        let asked = Instant::now();
        let reply = match seat.ask(&turn, allowance) {
            Ok(reply) => reply,
            Err(fault) => {
                let end = faulted::<G>(side, fault, cancel);
                if let Termination::Fault {
                    fault: Fault::Time, ..
                } = end.1
                {
                    let late = asked.elapsed().as_secs_f64() * 1000.0;
                    let due = (allowance - settings.margin).as_secs_f64() * 1000.0;
                    overrun_ms = Some(late - due);
                }
                ended = Some(end);
                continue;
            }
        };
        let took_ms = asked.elapsed().as_secs_f64() * 1000.0;
        clocks.get_mut(side).charge(control, took_ms);
        move_times_ms.push(took_ms);
        if offered && reply.draw {
            // The agreement ends the game: the accepting engine's move is not played.
            ended = Some((GameResult::Draw, Termination::Agreement));
            continue;
        }
        let mv = match judged(&mut game, reply.mv) {
            Ok(mv) => mv,
            Err(fault) => {
                ended = Some(forfeit::<G>(side, fault));
                continue;
            }
        };
        if reply.draw {
            offer = Some(side);
        }
        moves.push(mv.to_string());
        searches.played(side, reply.searched, reply.info);
        let plies = game.plies();
        ended = game
            .by_the_rules()
            .or_else(|| game.by_history())
            .or_else(|| {
                adjudicator
                    .record(side, reply.score, plies)
                    .map(adjudicated::<G>)
            })
            .or_else(|| super::by_game_length(plies, settings.max_plies));
        if let Some(expected) = reply
            .ponder
            .filter(|_| ended.is_none() && settings.pondering)
        {
            let turn = Turn {
                game: &game,
                side,
                clocks: &clocks,
                offered: false,
                settings,
            };
            if let Err(fault) = seats.get_mut(side).ponder(&turn, expected) {
                ended = Some(faulted::<G>(side, fault, cancel));
            }
        }
    };
    let options = seats
        .as_ref()
        .into_iter()
        .filter_map(|seat| seat.engine().held.clone())
        .collect();
    let undeclared_options = readied
        .as_ref()
        .into_iter()
        .flatten()
        .flatten()
        .cloned()
        .collect();
    let mut findings = Vec::new();
    for (side, (seat, undeclared)) in seats.zip(readied) {
        let kept = kennel.as_deref_mut().zip(undeclared).filter(|_| {
            !matches!(end.1, Termination::Aborted(_))
                && !at_fault::<G>(side, &end.1)
                && interrupt::raised().is_none()
        });
        match kept {
            Some((kennel, undeclared)) => {
                let mut seat = seat;
                findings.extend(seat.set_aside());
                kennel.put(Kept {
                    player: players.get(side).name.clone(),
                    seat,
                    last_game: pairing.number,
                    undeclared,
                });
            }
            None => findings.extend(seat.finish()),
        }
    }
    let record = GameRecord {
        moves,
        move_times_ms,
        move_info: searches.info(),
        overrun_ms,
        undeclared_options,
        findings: searches.place(findings, &pairing.first.name),
        aborted: matches!(end.1, Termination::Aborted(_)),
        ..GameRecord::ended(pairing, kind, end)
    };
    Refereed {
        record,
        options,
        amendments,
    }
}

/// A kept engine readied for the game. One that plays no new game in its process, fails to
/// get ready (a crash, a hang) or exited since its last game is ended — its findings go with
/// that game — and started afresh in its seat: whatever happened there was between games, and
/// costs it no game.
fn renewed<G: RefereedGame>(
    seat: &mut Box<dyn Seat<G>>,
    (last_game, undeclared): (usize, Vec<UndeclaredOption>),
    player: &Player,
    game: &G,
    settings: &MatchSettings,
    clock: &mut Clock,
    cancel: &Cancel,
) -> (Result<Vec<UndeclaredOption>, Fault>, Option<Amendment>) {
    if seat.renew(game, settings) == Ok(Renewal::Ready) {
        return (Ok(undeclared), None);
    }
    let stale = std::mem::replace(seat, G::seat(player, settings, cancel));
    let amendment = Amendment {
        game: last_game,
        findings: stale.finish(),
    };
    (seat.start(game, settings, clock), Some(amendment))
}

/// Whether the game ended by `side`'s own fault (a crash, a hang, time, an illegal move):
/// its engine is not kept for the next game. A resignation is the engine's choice, not a
/// fault of its process: it is kept.
fn at_fault<G: RefereedGame>(side: Side, end: &Termination) -> bool {
    matches!(end, Termination::Fault { side: colour, fault } if *colour == G::colour(side) && *fault != Fault::Resign)
}

/// The end of a game that was not played, or not played out: no result counts (the draw is
/// only a placeholder the record never shows, as it is `aborted`).
fn aborted(why: Unplayed) -> (GameResult, Termination) {
    (GameResult::Draw, Termination::Aborted(why))
}

/// The end a seat's fault brings: the side's loss, unless the match cancelled the game, whose
/// sessions' waits then end as if their engines had gone silent or left: not their doing.
fn faulted<G: RefereedGame>(
    side: Side,
    fault: Fault,
    cancel: &Cancel,
) -> (GameResult, Termination) {
    if cancel.is_raised() {
        aborted(Unplayed::MatchDecided)
    } else {
        forfeit::<G>(side, fault)
    }
}

/// Plays an engine's move if the rules allow it; else the fault it loses by.
pub(crate) fn judged<G: RefereedGame>(
    game: &mut G,
    played: Played<G::Move>,
) -> Result<G::Move, Fault> {
    match played {
        Played::Unreadable(written) => Err(Fault::illegal(written, Illegality::Unreadable)),
        Played::Move {
            written,
            banned: true,
            ..
        } => Err(Fault::Banned { written }),
        Played::Move { mv, written, .. } => {
            game.play(&mv).map_err(|why| Fault::illegal(written, why))?;
            Ok(mv)
        }
    }
}

/// The end the engines' scores decided.
fn adjudicated<G: RefereedGame>(verdict: Verdict) -> (GameResult, Termination) {
    match verdict {
        Verdict::Draw => (GameResult::Draw, Termination::Adjudication { winner: None }),
        Verdict::Wins(winner) => (
            win(winner),
            Termination::Adjudication {
                winner: Some(G::colour(winner)),
            },
        ),
    }
}

/// The result when `side` is at fault.
pub(crate) fn forfeit<G: RefereedGame>(side: Side, fault: Fault) -> (GameResult, Termination) {
    (
        win(side.opponent()),
        Termination::Fault {
            side: G::colour(side),
            fault,
        },
    )
}

#[cfg(test)]
mod tests;
