//! Game rules: the legality oracle behind every check Arbiter makes.
//!
//! Xiangqi and gomoku/renju are our own code; chess wraps the `shakmaty` crate behind the same small
//! [`Game`] interface that xiangqi implements, so the harness handles both alike.

pub mod chess;
pub mod gomoku;
pub mod perft;
pub mod xiangqi;

mod game;

pub use game::{Game, GameStatus, Side};
