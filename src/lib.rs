//! Arbiter: a conformance harness for board-game engine protocols.
//!
//! The library is layered the way a run flows: `rules` knows the games (the legality oracle),
//! and the command-line front end in `cli` only parses arguments and renders results.

pub mod cli;
pub mod protocol;
pub mod rules;
