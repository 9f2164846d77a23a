//! Arbiter's rules oracles: the legality behind every check the harness makes and every move
//! the reference engines play. A library of its own, as shakmaty is for chess, so an engine
//! depends on the rules alone.
//!
//! Xiangqi and gomoku/renju are our own code; chess wraps the `shakmaty` crate behind the same small
//! [`Game`] interface that xiangqi implements, so the harness handles both alike.

#![warn(missing_docs)]

#[cfg(feature = "chess")]
pub mod chess;
pub mod gomoku;
pub mod perft;
pub mod xiangqi;

mod by_side;
mod game;

pub use by_side::BySide;
pub use game::{Game, GameStatus, Misspelling, Side};
