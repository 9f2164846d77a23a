//! Gomoku and renju rules: the oracle that judges every move a gomoku engine sends.
//!
//! # Coordinates
//!
//! A [`Point`] is in Gomocup coordinates: `x` is the column counted from the left, `y` the row
//! counted from the top, both from 0. Its text form is Gomocup's `x,y` (`7,7`), read by
//! [`Point`]'s `FromStr` and written by its `Display`.
//!
//! The AGI protocol writes a point as two hex digits, **row first**: the row `0`..`E` from
//! the top, then the column `1`..`F` from the left. So `01` is the top-left point `0,0`, `78`
//! the centre `7,7` of a 15x15 board and `EF` its bottom-right `14,14`. The [`agi`] module
//! converts points and move lists (`7877` = `78` then `77`); it only works on boards of at
//! most 15x15.
//!
//! Boards are [`BoardSize`]: square (Gomocup `START n`) or rectangular (`RECTSTART w,h`),
//! each side 5 to 32.
//!
//! # Rules
//!
//! [`Rule`] holds the flags of Gomocup's `INFO rule` bitmask:
//!
//! * no flags, *freestyle*: five or more in a row wins, for both colours;
//! * bit 1, *exact five*: exactly five wins, six or more does not, for both colours;
//! * bit 2, *continuous*: play goes on after a five (recorded here, acted on by the harness);
//! * bit 4, *renju*: black wins only with exactly five and may not play a forbidden point
//!   (overline, double-four, double-three); white wins with five or more and has no
//!   forbidden points.
//!
//! Unknown bits (such as 8, sent by some managers for caro) are rejected by
//! [`Rule::from_bitmask`] with an error listing them.
//!
//! Under renju a move that makes an exact five wins, even if it makes an overline, a
//! double-four or a double-three elsewhere at the same time (RIF: the five takes precedence).
//! [`Board::forbidden`] documents exactly how fours and threes are counted, including the
//! recursive check that makes a *false three* (one whose only way to a straight four is a
//! forbidden point) not count.
//!
//! # Positions, not games
//!
//! A [`Board`] holds stones and nothing else: no move history and no side to move. Undoing a
//! move (Gomocup `TAKEBACK x,y`) is [`Board::remove`] of the named point; the forbidden-point
//! rules depend only on the stones present. Keeping the order of moves is up to the caller.
//!
//! Nothing here panics on bad input: every fallible operation returns a typed error whose
//! message says what is wrong and where.

#![warn(missing_docs)]

pub mod agi;
mod board;
mod error;
mod line;
mod point;
mod renju;
mod rule;
mod size;
mod stone;

#[cfg(test)]
mod testing;

pub use board::Board;
pub use error::{AgiError, Axis, GomokuError, IllegalMove, ParsePointError, RuleError};
pub use line::{Direction, Line};
pub use point::Point;
pub use renju::Forbidden;
pub use rule::Rule;
pub use size::BoardSize;
pub use stone::Stone;
