//! One scenario's run against one engine: which scenario, its outcomes and the steps it could
//! not judge, how it ended, and its transcript. The runner fills it in; the spy, the fuzzer and
//! certification gather it; reports of this schema and older ones read back into it.

use serde::Serialize;

use super::{Blocked, RunEnd};
use crate::check::{Grade, Outcome};
use crate::protocol::{Protocol, ReqId};
use crate::scenario::Scenario;
use crate::session::Transcript;

/// What a report needs to know about a scenario.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct ScenarioInfo {
    /// Short name, its protocol folder and file stem (`ucci/handshake`); in a fuzz report, the
    /// path of the failure's reproduction file.
    pub name: String,
    /// The protocol the scenario is written in, and so the one its engine was run as.
    pub protocol: Protocol,
    /// One line saying what the scenario exercises, from its `title:` header.
    pub title: String,
    /// The spec file and section it checks, from its `spec:` header.
    pub spec: String,
    /// Requirement rows (`ucci-r20`, …) the scenario exercises as a whole; its steps may cite
    /// more.
    pub cites: Vec<ReqId>,
}

impl ScenarioInfo {
    pub(crate) fn of(scenario: &Scenario) -> ScenarioInfo {
        ScenarioInfo {
            name: scenario.name.clone(),
            protocol: scenario.protocol,
            title: scenario.title.clone(),
            spec: scenario.spec.clone(),
            cites: scenario.cites.clone(),
        }
    }
}

/// The result of one scenario against one engine.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
#[serde(from = "super::end::StoredRun")]
pub struct ScenarioRun {
    /// Which scenario ran: the facts of its header a report shows beside its outcomes.
    pub scenario: ScenarioInfo,
    /// Scenario expectations first, then the built-in checks.
    pub outcomes: Vec<Outcome>,
    /// Steps not judged because a finding stopped the scenario before them, each naming
    /// that finding: they grade none of the requirements they cite.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocked: Vec<Blocked>,
    /// How the run ended: completed, stopped early, not run, and so on.
    pub end: RunEnd,
    /// Wall time the scenario took, from before the engine's start to its end and reaping, in
    /// µs; 0 when it never started.
    pub duration_us: u64,
    /// Observations that judge nothing: the seed of a fuzzed stand-in and the command that
    /// replays it, and what a GUI did after each stress the stand-in put on it (waited, went
    /// on, gave up).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Every line sent and received, timestamped in µs from the engine's start, with what a
    /// flood cut out; empty when the scenario never started.
    pub transcript: Transcript,
    /// What the scenario's expectations captured (`{name}`, a regular expression's named
    /// groups), as the run ended: the engine's answers, which the fuzzer reads to tell which
    /// branch of an `if` block a case took. Not part of any report.
    #[serde(skip)]
    pub captures: std::collections::BTreeMap<String, String>,
}

impl ScenarioRun {
    /// A run that did not happen.
    pub(crate) fn not_run(scenario: &Scenario, why: impl Into<String>) -> ScenarioRun {
        ScenarioRun::ended(scenario, RunEnd::NotRun { why: why.into() })
    }

    /// A run that could not start: the harness failed.
    pub(crate) fn harness_failed(scenario: &Scenario, error: impl Into<String>) -> ScenarioRun {
        ScenarioRun::ended(
            scenario,
            RunEnd::HarnessError {
                error: error.into(),
            },
        )
    }

    /// A run with no outcomes, ended as `end`.
    pub(crate) fn ended(scenario: &Scenario, end: RunEnd) -> ScenarioRun {
        ScenarioRun {
            scenario: ScenarioInfo::of(scenario),
            outcomes: Vec::new(),
            blocked: Vec::new(),
            end,
            duration_us: 0,
            notes: Vec::new(),
            transcript: Transcript::default(),
            captures: Default::default(),
        }
    }

    /// The worst grade among its outcomes; a harness error counts as a failure.
    pub fn grade(&self) -> Grade {
        if self.end.harness_error().is_some() {
            return Grade::Fail;
        }
        self.outcomes
            .iter()
            .map(|o| o.grade)
            .max()
            .unwrap_or(Grade::Pass)
    }
}
