//! `arbiter fuzz`: sequences nobody scripted, generated from a model of the protocol, judged by
//! the built-in checks, and each failure shrunk to the shortest scenario that still fails the
//! same check.
//!
//! A case is an ordinary scenario (written by `script`) run through the one runner, session
//! and judge; proptest generates and shrinks the action sequences (`model::sequences`), and a
//! shrink candidate counts as failing only when it fails the check the case first failed.

mod agi;
mod command;
pub mod coverage;
mod error;
mod family;
mod gomocup;
mod hunt;
mod model;
#[cfg(test)]
mod model_tests;
mod options;
mod probe;
pub mod report;
mod script;
mod shrink;

use std::path::PathBuf;
use std::time::Duration;

use crate::check::{CheckId, CheckRef};
use crate::protocol::{Codec, GameKind, Protocol, ReqId, with_codec};
use crate::report::ScenarioRun;
use crate::runner::RunOptions;
use crate::session::EngineCommand;
use coverage::Matrix;
pub use error::{FuzzError, FuzzErrorKind, HarnessBug};
use hunt::drive;
use script::ReplyId;

/// Transitions per case, at most, unless told otherwise (the command line and the library).
pub const DEFAULT_MAX_STEPS: usize = 24;
/// Engine runs one failure's shrinking may take, unless told otherwise.
pub const DEFAULT_MAX_SHRINK_RUNS: u32 = 150;
/// Replays of each minimal case, unless told otherwise.
pub const DEFAULT_REPLAYS: u32 = 3;
/// Where failures' scenarios are written, unless told otherwise: a folder of the current one.
pub const DEFAULT_REPRO_DIR: &str = "arbiter-repro";

/// How to fuzz.
#[derive(Debug, Clone)]
pub struct FuzzOptions {
    /// The seed of the cases' generator, so a run can be replayed.
    pub seed: u64,
    /// Cases to generate (each shrink run aside).
    pub cases: u32,
    /// Stop generating after this long, whatever `cases` says.
    pub time: Option<Duration>,
    /// The whole run's limit, shrinking and replays included: when it passes, the run ends
    /// with the smallest reproduction found so far.
    pub max_time: Option<Duration>,
    /// Actions per case, at most.
    pub max_steps: usize,
    /// Engine runs one shrink may take.
    pub max_shrink_runs: u32,
    /// How often a minimal case is replayed to tell a deterministic failure from a flaky one.
    pub replays: u32,
    /// Out-of-contract input too; then only crashes, hangs and silence are failures.
    pub robustness: bool,
    /// The game the cases' positions are of.
    pub game: GameKind,
    /// How each case is run as a scenario (the engine's options, timing).
    pub run: RunOptions,
    /// The folder each failure's reproduction is to be written in (its header names the file).
    pub repro: PathBuf,
}

/// What failed: a built-in check, or a step of the case, named by what the model wrote there
/// (the reply it waits for, the exit) rather than by the label the step has in the scenario,
/// which numbers a label written twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Failing {
    /// A built-in check, under the protocol it judged.
    Check {
        /// The protocol it judged.
        protocol: Protocol,
        /// The check.
        id: CheckId,
    },
    /// A reply the case waits for.
    Reply(ReplyId),
    /// A command the case could not send: the engine stopped reading its input, or what the
    /// command names (a capture, `{free}`) was not there to be named. Which one, the
    /// reproduction's run shows.
    Send,
    /// The engine's exit at the end of the case.
    Exit {
        /// The wait the case gave it.
        within_ms: u64,
    },
}

impl std::fmt::Display for Failing {
    /// As reports name checks: `uci.bestmove.legal`, `fuzz:readyok`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failing::Check { protocol, id } => CheckRef::builtin(*protocol, *id).fmt(f),
            Failing::Reply(reply) => write!(f, "fuzz:{reply}"),
            Failing::Send => write!(f, "fuzz:a command not sent"),
            Failing::Exit { within_ms } => write!(f, "fuzz:exit within {within_ms} ms"),
        }
    }
}

/// What makes two failures the same: what failed and the requirements it cites.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FailureKey {
    /// What failed.
    pub failing: Failing,
    /// The requirement rows its finding cites.
    pub requirements: Vec<ReqId>,
}

impl FailureKey {
    /// A short file-name-friendly form: `uci.bestmove.legal`, `step-readyok`.
    pub(crate) fn slug(&self) -> String {
        let text = match &self.failing {
            Failing::Check { .. } => self.failing.to_string(),
            Failing::Reply(reply) => format!("step-{reply}"),
            Failing::Send => "step-send".to_owned(),
            Failing::Exit { within_ms } => format!("step-exit-within-{within_ms}-ms"),
        };
        text.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '-'
                }
            })
            .collect::<String>()
            .trim_matches('-')
            .to_owned()
    }
}

/// One distinct failure, shrunk.
#[derive(Debug, Clone)]
pub struct Failure {
    /// What failed: the same check and rows are the same failure.
    pub key: FailureKey,
    /// Where the reproduction is to be written.
    pub file: PathBuf,
    /// The minimal case as a scenario file.
    pub scenario_text: String,
    /// Its run (the first replay that failed), for the report.
    pub run: ScenarioRun,
    /// Which generated case found it (1-based).
    pub case: u32,
    /// Commands in the minimal case.
    pub commands: usize,
    /// Engine runs the shrinking took.
    pub shrink_runs: u32,
    /// Replays of the minimal case.
    pub replays: u32,
    /// Replays of the minimal case that failed the same way.
    pub replays_failed: u32,
    /// Other checks the minimal case fails too (the same fault, seen by another check).
    pub also: Vec<FailureKey>,
    /// From the start of the run to the end of the case that found it.
    pub found_after: Duration,
    /// Spent shrinking it.
    pub shrink_time: Duration,
}

/// A run ended before its cases or its `--time` were used up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CutShort {
    /// What ended it.
    pub by: CutBy,
    /// What it was doing then.
    pub during: CutDuring,
}

/// What ended a fuzzing run early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CutBy {
    /// `--max-time` passed.
    MaxTime,
    /// A signal to the harness (SIGINT, SIGTERM, SIGHUP: `timeout`, a CI runner, Ctrl-C).
    Signal,
}

/// Where a fuzzing run was when it was cut short.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CutDuring {
    /// Running generated cases: the cases counted are all that ran.
    Cases,
    /// Shrinking or replaying a failure: its reproduction is the smallest found so far, and
    /// it was not replayed.
    Shrinking,
}

/// The result of a fuzzing run.
#[derive(Debug, Clone)]
pub struct FuzzResult {
    /// Cases run.
    pub cases: u32,
    /// The distinct failures, each shrunk.
    pub failures: Vec<Failure>,
    /// The run's wall time.
    pub elapsed: Duration,
    /// What ended the run before its cases or its time were used up, and where.
    pub cut_short: Option<CutShort>,
    /// The (state, command) pairs the cases reached, beside those the text allows.
    pub matrix: Matrix,
}

/// A failure's minimal scenario that could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct ReproWriteError {
    /// The folder or file that could not be written.
    pub path: PathBuf,
    /// Why it could not.
    pub source: std::io::Error,
}

impl FuzzResult {
    /// Writes each failure's minimal scenario to its file (in the options' repro folder),
    /// making the folder only when something failed.
    pub fn write_repros(&self) -> Result<(), ReproWriteError> {
        for failure in &self.failures {
            if let Some(dir) = failure.file.parent() {
                std::fs::create_dir_all(dir).map_err(|source| ReproWriteError {
                    path: dir.to_owned(),
                    source,
                })?;
            }
            std::fs::write(&failure.file, &failure.scenario_text).map_err(|source| {
                ReproWriteError {
                    path: failure.file.clone(),
                    source,
                }
            })?;
        }
        Ok(())
    }
}

/// Progress: cases run, failures found, shrink runs of the current failure.
pub trait FuzzObserver {
    /// A case has run; `failures` found so far.
    fn case(&mut self, _cases: u32, _failures: usize) {}
    /// The current failure's shrinking has taken `runs` engine runs.
    fn shrink(&mut self, _runs: u32) {}
}

/// Fuzzes `engine` over `protocol`.
pub fn fuzz(
    protocol: Protocol,
    engine: &EngineCommand,
    options: &FuzzOptions,
    observer: &mut dyn FuzzObserver,
) -> Result<FuzzResult, FuzzError> {
    with_codec!(protocol, C => <C as Fuzzed>::fuzz(engine, options, observer))
}

/// What fuzzing needs of each protocol: implemented on its codec type in its own module
/// (`family.rs` for UCCI and UCI, `gomocup.rs`, `agi.rs`) and reached through [`with_codec!`].
trait Fuzzed: Codec {
    /// Fuzzes `engine` with the protocol's model of a GUI ([`drive`]).
    fn fuzz(
        engine: &EngineCommand,
        options: &FuzzOptions,
        observer: &mut dyn FuzzObserver,
    ) -> Result<FuzzResult, FuzzError>;
}

/// The test data's positions for the game's models.
fn fens(game: GameKind) -> &'static str {
    match game {
        GameKind::Chess => include_str!("../../scenarios/fuzz/chess.fens"),
        _ => include_str!("../../scenarios/fuzz/xiangqi.fens"),
    }
}
