//! A repetition ruled by the Asian Xiangqi Federation's rules (the AXF's "Asian rules", the
//! text the World Xiangqi Federation adopted; English draft by Eric Wu, published at
//! wxf.org/xq/rule/asia). Over the moves since the position's first occurrence:
//!
//! * a side that checked with every move gives perpetual check; it loses (rule 6), whatever
//!   the other did, unless the other checked throughout too: a draw (rule 7);
//! * a side that chased one same piece with every move gives perpetual chase; it loses when
//!   the other side neither checked throughout nor chased throughout (rules 13–18), and a
//!   mutual chase is a draw;
//! * checks mixed with chases ("one check one chase", "several checks and one chase") are
//!   neither, a draw (rule 12, diagram 13), and so is chasing two pieces in turn (rule 32,
//!   diagrams 76–80), and an idle repetition (rule 5).
//!
//! What a chase is (a new, unfair threat to capture) is the rules crate's
//! [`Position::chased_by`](crate::rules::xiangqi::Position::chased_by).

use super::{Perpetual, Ply, Ruling, decide};
use crate::rules::Side;
use crate::rules::xiangqi::Square;

/// The ruling of the repetition played by `plies` (from the first occurrence of the position
/// to its latest).
pub(super) fn ruling(plies: &[Ply]) -> Ruling {
    decide(conduct(plies, Side::First), conduct(plies, Side::Second))
}

/// What `side` did with every one of its moves in `plies`: checked, chased one piece, or
/// neither.
fn conduct(plies: &[Ply], side: Side) -> Option<Perpetual> {
    let mut moved = false;
    let mut checked_throughout = true;
    let mut chased_throughout = true;
    // The points of the pieces chased by every move so far, following them as they move.
    let mut chased: Option<Vec<Square>> = None;
    for ply in plies {
        if ply.mover() != side {
            if let Some(points) = chased.as_mut() {
                for point in points.iter_mut().filter(|p| **p == ply.mv.from) {
                    *point = ply.mv.to;
                }
            }
            continue;
        }
        moved = true;
        if ply.after.is_check() {
            chased_throughout = false;
            continue;
        }
        checked_throughout = false;
        let now = ply.after.chased_by(&ply.before, ply.mv);
        chased = Some(match chased {
            None => now,
            Some(before) => before.into_iter().filter(|p| now.contains(p)).collect(),
        });
    }
    if !moved {
        None
    } else if checked_throughout {
        Some(Perpetual::Check)
    } else if chased_throughout && chased.is_some_and(|c| !c.is_empty()) {
        Some(Perpetual::Chase)
    } else {
        None
    }
}
