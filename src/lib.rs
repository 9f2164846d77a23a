//! Arbiter: a conformance harness for board-game engine protocols.
//!
//! The library is layered the way a run flows:
//!
//! * `rules` (the `arbiter-rules` crate, re-exported) knows the games: the legality oracle for
//!   every move an engine sends;
//! * `protocol` reads and writes the lines of UCCI, UCI, Gomocup and AGI as typed values;
//! * `scenario` reads scripted exchanges from text files;
//! * `session` drives one engine process and records a timestamped transcript;
//! * `runner` plays a scenario through a session; `check` judges the transcript;
//! * `certify` grades requirements from a profile's runs; `golden` compares runs with stored
//!   golden transcripts;
//! * `report` renders the results (human, JSON, JUnit);
//! * `cli` parses arguments and maps results to exit statuses.

pub mod certify;
pub mod check;
pub mod cli;
pub mod fuzz;
pub mod golden;
pub mod matchplay;
pub mod protocol;
pub mod report;
pub mod runner;
pub mod scenario;
pub mod session;
pub mod spy;
pub mod standin;

pub use arbiter_rules as rules;
