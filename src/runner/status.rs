//! The exit status of a run, as scripts and CI read it.

use super::ScenarioRun;
use crate::session::interrupt;

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    /// No check failed (warnings allowed); certified.
    Passed,
    /// A check failed; not certified.
    Failed,
    /// Bad input, a usage error, or the harness could not run (an engine that cannot start).
    HarnessFailed,
    /// A signal stopped the run; the report covers what ran.
    Interrupted(i32),
}

impl ExitStatus {
    /// The status of a run whose verdict is `failed`.
    pub fn of(runs: &[ScenarioRun], failed: bool) -> ExitStatus {
        if let Some(signal) = interrupt::raised() {
            ExitStatus::Interrupted(signal)
        } else if runs.iter().any(|r| r.harness_error.is_some()) {
            ExitStatus::HarnessFailed
        } else if failed {
            ExitStatus::Failed
        } else {
            ExitStatus::Passed
        }
    }

    /// 0, 1, 2, or 128 + the signal number as shells report a signal.
    pub fn code(self) -> u8 {
        match self {
            ExitStatus::Passed => 0,
            ExitStatus::Failed => 1,
            ExitStatus::HarnessFailed => 2,
            ExitStatus::Interrupted(signal) => interrupt::exit_status(signal),
        }
    }
}
