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
mod play;
mod searches;
mod seat;
mod ucci_seat;
mod uci_seat;

use super::adjudication::Verdict;
use super::fault::{Fault, Illegality};
use super::gomoku::Gomoku;
use super::options::EngineOptions;
use super::termination::{Termination, Unplayed};
use super::{GameRecord, GameResult, MatchGame, MatchSettings, Pairing};
use crate::rules::Side;
use crate::session::Cancel;
use board::{Chess, Xiangqi};
pub(crate) use game::{Played, RefereedGame, Reply, win};
use kennel::Kennelled;
pub(crate) use kennel::{Amendment, Kennel};
use play::Game;
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
    // A setup error, not a player's, or a match decided before the game began: no engine is
    // started, and the game does not count.
    let opened = if pairing.cancel.is_raised() {
        Err(Unplayed::MatchDecided)
    } else {
        G::open(settings, pairing.opening)
    };
    let position = match opened {
        Ok(position) => position,
        Err(unplayed) => return Refereed::unplayed(pairing, settings, unplayed),
    };
    let mut game = Game::seated(pairing, settings, position, kennel.as_deref_mut());
    let end = game.play_out();
    game.close(end, kennel)
}

impl Refereed {
    /// A game that was not played: no engine was started, and it counts for nobody.
    fn unplayed(pairing: &Pairing<'_>, settings: &MatchSettings, why: Unplayed) -> Refereed {
        Refereed {
            record: GameRecord {
                aborted: true,
                ..GameRecord::ended(pairing, settings.game.kind(), aborted(why))
            },
            options: Vec::new(),
            amendments: Vec::new(),
        }
    }
}

/// How a game ended: its result and why.
type End = (GameResult, Termination);

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
