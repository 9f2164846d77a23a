//! Arbiter: a conformance harness for board-game engine protocols.
//!
//! The library is layered the way a run flows, lowest first (`docs/architecture.md` has the
//! table a test holds the imports to):
//!
//! * `rules` (the `arbiter-rules` crate, re-exported) knows the games: the legality oracle for
//!   every move an engine sends;
//! * `protocol` reads and writes the lines of UCCI, UCI, Gomocup and AGI as typed values;
//! * `session` drives one engine process and records a timestamped transcript;
//! * `scenario` reads scripted exchanges from text files;
//! * `check` judges a transcript; `runner` plays a scenario through a session and feeds the
//!   checks;
//! * `certify` grades requirements from a profile's runs; `golden` compares runs with stored
//!   golden transcripts;
//! * `report` holds the report model of runs; `fuzz`, `spy` (with `standin`, Arbiter's own
//!   engine) and `matchplay` build on the layers below and produce reports;
//! * `render` writes every document in its formats (human, JSON, JUnit, HTML, Markdown);
//! * `testing` is the library API for engine projects: [`Engine`] certifies or runs scenarios
//!   against an engine from the project's own `cargo test`;
//! * `cli` parses arguments and maps results to exit statuses.

#![warn(unreachable_pub, missing_docs)]

pub mod certify;
pub mod check;
mod cli;
pub mod fuzz;
pub mod golden;
pub mod matchplay;
pub mod protocol;
mod render;
pub mod report;
mod runner;
mod scenario;
pub mod session;
mod spy;
mod standin;
pub mod testing;

pub use arbiter_rules as rules;
/// The `arbiter` program is this call: it parses the command line, runs the command and exits
/// with its status (the README's table gives its exit statuses).
pub use cli::main as command_line;
pub use protocol::{GameKind, Protocol};
pub use testing::Engine;
