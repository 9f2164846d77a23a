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
//! * `check` judges a transcript;
//! * `partition` takes a share `k/n` of a run's scenarios or a match's games, for work spread
//!   over several jobs, and puts the shares' results back together;
//! * `report` holds the run model: each scenario's run and the report of a suite of them;
//! * `runner` plays a scenario through a session, feeds the checks and fills in the run model;
//! * `certify` grades requirements from a profile's runs; `golden` compares runs with stored
//!   golden transcripts;
//! * `fuzz`, `spy` (with `standin`, Arbiter's own engine) and `matchplay` build on the layers
//!   below and produce reports;
//! * `render` writes every document for people (the human report) and machines (JSON);
//! * `testing` is the library API for engine projects: [`Engine`] certifies or runs scenarios
//!   against an engine from the project's own `cargo test`.
//!
//! The `arbiter` program is the package `arbiter-cli`, this library's one user beyond engine
//! projects' tests: its command line, its other formats (JUnit, HTML, the league page), its
//! progress bars, completions and manual pages. The library depends on no command-line crate,
//! so an engine project that tests with it compiles none.

#![warn(unreachable_pub, missing_docs)]

pub mod certify;
pub mod check;
#[cfg(feature = "fuzz")]
pub mod fuzz;
pub mod golden;
pub mod matchplay;
pub mod partition;
pub mod protocol;
pub mod render;
pub mod report;
pub mod runner;
pub mod scenario;
pub mod session;
pub mod spy;
pub mod standin;
pub mod testing;

pub use arbiter_rules as rules;
pub use protocol::{GameKind, Protocol};
pub use testing::Engine;
