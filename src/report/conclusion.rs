//! How a run, a certification or a fuzzing run concluded: passed, failed, the harness could
//! not do its part, or a signal stopped it. The program turns a conclusion into its exit
//! status; an engine project's test asks whether it passed.

use super::ScenarioRun;
use crate::session::interrupt;

/// How a run concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conclusion {
    /// No check failed (warnings allowed); certified; fuzzing found nothing.
    Passed,
    /// A check failed or a step could not be judged; not certified; fuzzing found a failure.
    Failed,
    /// The harness itself could not do its part (an engine that cannot start, a scenario that
    /// could not run).
    HarnessFailed,
    /// Signal N stopped it; what ran is still reported.
    Interrupted(i32),
}

impl Conclusion {
    /// The conclusion of `runs`, whose verdict is `failed`: a signal first, then a harness
    /// error, then the verdict.
    pub fn of(runs: &[ScenarioRun], failed: bool) -> Conclusion {
        if let Some(signal) = interrupt::raised() {
            Conclusion::Interrupted(signal)
        } else if runs.iter().any(|r| r.end.harness_error().is_some()) {
            Conclusion::HarnessFailed
        } else if failed {
            Conclusion::Failed
        } else {
            Conclusion::Passed
        }
    }
}
