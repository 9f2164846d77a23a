//! A repetition as the computer-xiangqi league's simulator rules it (xqbase/eleeye
//! `LEAGUE/uccileag.cpp` through ElephantEye's `PositionStruct::RepStatus`, `position.cpp`),
//! and the `banmoves` it sends.
//!
//! Each move is a check, a chase of one piece by the league's simplified definition
//! ([`Position::league_chased`](crate::rules::xiangqi::Position::league_chased)), or neither.
//! Over the moves since an earlier occurrence of the position, a side's level is "check" if
//! every move of it checked, "chase" if every move chased the same piece, else none; the side
//! with the higher level loses, equal levels draw (rules §5.2; so one check and one chase is
//! no perpetual, §5.1's 将捉交替判和). The simulator rules a game at a position's fourth
//! occurrence (`RepStatus(3)` in `TryMove`), and before every `go` bans each move after which
//! the position stands for the third time with the mover's level the higher
//! (`RepStatus(2) == REP_WIN` in `RunEngine`), perpetual chase as well as check.

use super::{Perpetual, Ply, Ruling, decide};
use crate::rules::Side;
use crate::rules::xiangqi::Square;

/// ElephantEye's per-side mask in `RepStatus`, as a value: not yet set by a move, every
/// move a check, every move a chase of the piece now on a point, or broken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    Unset,
    Check,
    Chase(Square),
    None,
}

/// The ruling of the repetition played by `plies`.
pub(super) fn ruling(plies: &[Ply]) -> Ruling {
    decide(conduct(plies, Side::First), conduct(plies, Side::Second))
}

/// `side`'s level over `plies`.
fn conduct(plies: &[Ply], side: Side) -> Option<Perpetual> {
    let mut level = Level::Unset;
    for ply in plies {
        if ply.mover() != side {
            // The chased piece is the other side's: follow it when it moves.
            if level == Level::Chase(ply.mv.from) {
                level = Level::Chase(ply.mv.to);
            }
            continue;
        }
        let this = if ply.after.is_check() {
            Level::Check
        } else {
            ply.after
                .league_chased(ply.mv.from, ply.mv.to)
                .map_or(Level::None, Level::Chase)
        };
        level = match (level, this) {
            (Level::Unset, this) => this,
            (Level::Check, Level::Check) => Level::Check,
            (Level::Chase(a), Level::Chase(b)) if a == b => Level::Chase(a),
            _ => Level::None,
        };
    }
    match level {
        Level::Check => Some(Perpetual::Check),
        Level::Chase(_) => Some(Perpetual::Chase),
        Level::Unset | Level::None => None,
    }
}
