//! What went wrong, said to the user on stderr, and the one place each kind of error becomes
//! an exit status: the command line's own usage errors and the library's refusals of what the
//! user gave end with [`ExitStatus::Usage`], what the harness could not do (write a report,
//! start the spy's worker, reach the engine) with [`ExitStatus::HarnessFailed`]. Both are 2 by
//! the README's table; the kinds stay apart so that a harness failure is never reported as the
//! user's mistake.

use std::io;

use crate::exit_status::ExitStatus;
use arbiter::certify::CertifyError;
use arbiter::certify::profile::ProfileError;
use arbiter::fuzz::{FuzzError, FuzzErrorKind, ReproWriteError};
use arbiter::golden::review::ReviewError;
use arbiter::matchplay::adjudication::AdjudicationError;
use arbiter::matchplay::merge::MergeError;
use arbiter::matchplay::openings::BookError;
use arbiter::matchplay::results_dir::ResultsDirError;
use arbiter::matchplay::sprt::SprtError;
use arbiter::partition::{SchedulerEnvError, SharesError};
use arbiter::render::Unsupported;
use arbiter::scenario::{ScenarioError, SelectError};
use arbiter::session::SessionError;
use arbiter::spy::launch::LaunchError;
use arbiter::standin::StandInError;

/// What went wrong.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CliError {
    /// The command line does not hold together: a value that does not read, flags that
    /// exclude each other, a path that is not what the flag wants.
    #[error("{0}")]
    Usage(String),
    /// A path the command line names could not be used before anything ran (read, made);
    /// `context` names it and the flag.
    #[error("{context}: {source}")]
    Input {
        /// The flag and the file, as the user gave them.
        context: String,
        /// Why.
        source: io::Error,
    },
    /// A file the command line names is not a report Arbiter wrote.
    #[error("{context}: {source}")]
    NotAReport {
        /// The file, and what it is not.
        context: String,
        /// Why it does not read.
        source: serde_json::Error,
    },
    /// What the command writes (a report, a record, a log) could not be written.
    #[error("{context}: cannot write: {source}")]
    Write {
        /// The flag and the file.
        context: String,
        /// Why.
        source: io::Error,
    },
    /// Standard output could not be written.
    #[error("cannot write output: {0}")]
    Output(#[from] io::Error),
    /// A document asked for in a format it has no form in.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// A scenario file that does not read.
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    /// Scenarios that do not exist or do not fit the engine.
    #[error(transparent)]
    Select(#[from] SelectError),
    /// A profile that does not exist or does not read.
    #[error(transparent)]
    Profile(#[from] ProfileError),
    /// A certification that could not be set up.
    #[error(transparent)]
    Certify(#[from] CertifyError),
    /// `--sprt` does not read.
    #[error(transparent)]
    Sprt(#[from] SprtError),
    /// `--openings` does not read.
    #[error(transparent)]
    Book(#[from] BookError),
    /// `--draw` or `--resign` does not read.
    #[error(transparent)]
    Adjudication(#[from] AdjudicationError),
    /// A results directory that does not read, or this worker's file that cannot be written.
    #[error(transparent)]
    ResultsDir(#[from] ResultsDirError),
    /// Parts that do not make one match.
    #[error(transparent)]
    Merge(#[from] MergeError),
    /// `--partition auto` where the environment gives no share.
    #[error(transparent)]
    Partition(#[from] SchedulerEnvError),
    /// Reports whose shares do not make one run.
    #[error(transparent)]
    Shares(#[from] SharesError),
    /// Golden transcripts that could not be listed or settled.
    #[error(transparent)]
    Review(#[from] ReviewError),
    /// A fuzzing failure's scenario that could not be written.
    #[error(transparent)]
    Repro(#[from] ReproWriteError),
    /// The engine's session failed.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// The spy could not start.
    #[error(transparent)]
    Launch(#[from] LaunchError),
    /// The stand-in engine could not go on.
    #[error(transparent)]
    StandIn(#[from] StandInError),
    /// The fuzzing run could not be done: the engine given could not be run for its handshake
    /// (the user's), or the fuzzer's model failed, drawing no case or writing a scenario that
    /// does not read (the harness's).
    #[error("the fuzzer failed: {0}")]
    Fuzz(#[from] FuzzError),
    /// A FEN that does not set a position up.
    #[error("{0}")]
    Fen(String),
}

impl CliError {
    /// The exit status the error ends the command with.
    pub(crate) fn exit_status(&self) -> ExitStatus {
        match self {
            CliError::Usage(_)
            | CliError::Input { .. }
            | CliError::NotAReport { .. }
            | CliError::Unsupported(_)
            | CliError::Scenario(_)
            | CliError::Select(_)
            | CliError::Profile(_)
            | CliError::Certify(_)
            | CliError::Sprt(_)
            | CliError::Book(_)
            | CliError::Adjudication(_)
            | CliError::Merge(_)
            | CliError::Partition(_)
            | CliError::Shares(_)
            | CliError::Review(_)
            | CliError::Fen(_) => ExitStatus::Usage,
            CliError::Fuzz(error) => match error.kind() {
                FuzzErrorKind::Engine => ExitStatus::Usage,
                FuzzErrorKind::Bug => ExitStatus::HarnessFailed,
            },
            CliError::ResultsDir(error) => match error {
                ResultsDirError::Write { .. } => ExitStatus::HarnessFailed,
                _ => ExitStatus::Usage,
            },
            CliError::Write { .. }
            | CliError::Output(_)
            | CliError::Repro(_)
            | CliError::Session(_)
            | CliError::Launch(_)
            | CliError::StandIn(_) => ExitStatus::HarnessFailed,
        }
    }
}
