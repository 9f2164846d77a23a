//! arbiter-xiangqi: the reference xiangqi engine of the Arbiter harness. It speaks UCCI, and UCI
//! when the first command is `uci`, and takes its rules from the `arbiter` library.

pub mod decision;
pub mod engine;
pub mod input;
pub mod options;
pub mod output;
pub mod protocol;
pub mod search;
pub mod time;
