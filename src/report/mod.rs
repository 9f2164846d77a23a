//! The run model: one scenario's run (`ScenarioRun`, made of its outcomes, the steps it could
//! not judge, how it ended and its transcript), and the report of a suite of them, which `run`,
//! `spy`, `fuzz` and `certify` produce and `render` writes. The runner fills it in, so the model
//! sits below the runner; nothing here runs, judges or renders. The documents that gather runs
//! with what only their producer knows (a certification's verdicts, a fuzz run's failures, a
//! match's games) live with their producers above.

mod blocked;
mod conclusion;
mod end;
mod engine;
pub mod excerpt;
pub mod file;
mod parallelism;
mod run;

use serde::Serialize;

use crate::check::Grade;
use crate::partition::{Partition, SharesError};
use crate::protocol::Protocol;
pub use blocked::{Blocked, Cause};
pub use conclusion::Conclusion;
pub use end::RunEnd;
pub use engine::EngineInfo;
pub use parallelism::Parallelism;
pub use run::{ScenarioInfo, ScenarioRun};

/// Everything a reporter renders.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Report {
    /// Version of the JSON layout (see `docs/report-format.md`).
    pub schema_version: u32,
    /// The protocol the engine was run with.
    pub protocol: Protocol,
    /// The engine's command line as it was started, program and arguments.
    pub engine: EngineInfo,
    /// The factor every upper timing bound was multiplied by (`--time-scale`, 1 by default).
    pub time_scale: f64,
    /// `k/n` when only a share of the scenarios ran (`--partition`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partition: Option<Partition>,
    /// How many scenarios ran at once.
    #[serde(default)]
    pub parallelism: Parallelism,
    /// The counts of scenarios and checks by grade, computed from `runs`.
    pub summary: Summary,
    /// One run per scenario, in run order, with its outcomes and transcript.
    pub runs: Vec<ScenarioRun>,
}

/// Counts over a run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Summary {
    /// Every scenario of the run, run or not.
    pub scenarios: usize,
    /// Scenarios that ran and whose outcomes all passed.
    pub scenarios_passed: usize,
    /// Scenarios that ran whose worst outcome is a warning.
    pub scenarios_warned: usize,
    /// Scenarios that ran with a failing outcome, or that the harness could not run.
    pub scenarios_failed: usize,
    /// Scenarios not run (after a dead engine, or a signal).
    pub scenarios_not_run: usize,
    /// Passing outcomes, scenario steps and built-in checks together, over the scenarios run.
    pub checks_passed: usize,
    /// Outcomes graded `warn`, over the scenarios run.
    pub checks_warned: usize,
    /// Outcomes graded `fail`, over the scenarios run; one is enough to fail the run.
    pub checks_failed: usize,
    /// Steps not judged because a finding stopped their scenario first.
    #[serde(default)]
    pub checks_blocked: usize,
    /// Scenarios the harness itself could not run (an engine that would not start, say); one
    /// is enough for exit status 2.
    pub harness_errors: usize,
}

impl Report {
    /// The report of `runs`, with the summary counted from them; the parallelism is recorded
    /// as one scenario at a time.
    pub fn new(
        protocol: Protocol,
        engine: EngineInfo,
        time_scale: f64,
        runs: Vec<ScenarioRun>,
    ) -> Report {
        let mut s = Summary {
            scenarios: runs.len(),
            ..Summary::default()
        };
        for run in &runs {
            if run.end.not_run().is_some() {
                s.scenarios_not_run += 1;
                continue;
            }
            match run.grade() {
                Grade::Pass => s.scenarios_passed += 1,
                Grade::Warn => s.scenarios_warned += 1,
                Grade::Fail => s.scenarios_failed += 1,
            }
            s.harness_errors += usize::from(run.end.harness_error().is_some());
            s.checks_blocked += run.blocked.len();
            for o in &run.outcomes {
                match o.grade {
                    Grade::Pass => s.checks_passed += 1,
                    Grade::Warn => s.checks_warned += 1,
                    Grade::Fail => s.checks_failed += 1,
                }
            }
        }
        Report {
            schema_version: 4,
            protocol,
            engine,
            time_scale,
            partition: None,
            parallelism: Parallelism::ONE_AT_A_TIME,
            summary: s,
            runs,
        }
    }

    /// One report from the reports of a run's shares (`--partition K/N`), given in any
    /// order: every share once, of one protocol and engine; the scenarios in the order of the
    /// whole run.
    pub fn combine(parts: Vec<Report>) -> Result<Report, SharesError> {
        let first = parts.first().ok_or(SharesError::Nothing)?;
        let (protocol, engine, time_scale) =
            (first.protocol, first.engine.clone(), first.time_scale);
        for part in &parts[1..] {
            if part.protocol != protocol {
                return Err(SharesError::NotOneRun("protocol"));
            }
            if part.engine.program != engine.program || part.engine.args != engine.args {
                return Err(SharesError::NotOneRun("engine"));
            }
        }
        let parallelism = parts
            .iter()
            .map(|p| p.parallelism)
            .fold(Parallelism::default(), Parallelism::busiest);
        let runs =
            Partition::reassemble(parts.into_iter().map(|p| (p.partition, p.runs)).collect())?;
        Ok(Report {
            parallelism,
            ..Report::new(protocol, engine, time_scale, runs)
        })
    }

    /// All passed (warnings allowed), a check failed, or the harness itself failed.
    pub fn conclusion(&self) -> Conclusion {
        Conclusion::of(
            &self.runs,
            // A reply missing past a bound the text does not give is not judged, and leaves
            // the run short of showing conformance, as a failure does (a CI gate must not pass
            // an engine that never answers): a step's or a check's outcome says so, and a
            // step blocked by itself in a report written before outcomes did. Steps blocked
            // by another finding do not.
            self.summary.checks_failed > 0
                || self.runs.iter().any(|r| {
                    r.blocked.iter().any(Blocked::is_unanswered)
                        || r.outcomes.iter().any(|o| o.not_judged)
                }),
        )
    }
}
