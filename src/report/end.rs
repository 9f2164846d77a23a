//! How a scenario's run ended, as one value: it completed, stopped early, met an engine that
//! never answers, could not be run by the harness, was not run, or was cut short by a signal.
//! Reports of schema 3 and older spelt this as four separate fields; [`StoredRun`] reads them.

use serde::{Deserialize, Serialize};

use super::{Blocked, ScenarioInfo, ScenarioRun};
use crate::check::Outcome;
use crate::session::Transcript;

/// How a scenario's run ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RunEnd {
    /// Every step ran to its end.
    Completed,
    /// A step stopped the scenario early (a reply never came, a value was never captured).
    Aborted {
        /// What stopped it, as a sentence: the command that could not be written, or the
        /// reply or value that never came.
        reason: String,
    },
    /// The engine never answered the session's opening command, or stopped itself: it will
    /// not answer the next scenario either. Such a scenario usually stopped early too.
    Unresponsive {
        /// What stopped the scenario early, when something did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aborted: Option<String>,
    },
    /// The harness could not run the scenario at all (e.g. the engine could not be started).
    HarnessError {
        /// The harness's error, as a sentence (the program cannot be started, the harness
        /// panicked).
        error: String,
    },
    /// The scenario never started, and why (an earlier one showed the engine does not answer,
    /// or the run was interrupted first).
    NotRun {
        /// Why it never started, as reports show it.
        why: String,
    },
    /// A signal cut the scenario short while it ran: its outcomes and transcript are kept, but
    /// it counts as not run, neither passed nor failed. What it had shown by then is kept too.
    Interrupted {
        /// Which signal cut it short, as a sentence.
        why: String,
        /// What had stopped the scenario early before the signal came, if anything had.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aborted: Option<String>,
        /// The engine had shown it does not answer before the signal came.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        unresponsive: bool,
    },
}

impl RunEnd {
    /// The end of a scenario that ran: `aborted` if a step stopped it, `unresponsive` if the
    /// engine showed it will not answer, `interrupted` if a signal cut it short.
    pub fn of_run(
        aborted: Option<String>,
        unresponsive: bool,
        interrupted: Option<String>,
    ) -> RunEnd {
        match (interrupted, unresponsive, aborted) {
            (Some(why), unresponsive, aborted) => RunEnd::Interrupted {
                why,
                aborted,
                unresponsive,
            },
            (None, true, aborted) => RunEnd::Unresponsive { aborted },
            (None, false, Some(reason)) => RunEnd::Aborted { reason },
            (None, false, None) => RunEnd::Completed,
        }
    }

    /// Why the scenario counts as not run: it never started, or a signal cut it short.
    pub fn not_run(&self) -> Option<&str> {
        match self {
            RunEnd::NotRun { why } | RunEnd::Interrupted { why, .. } => Some(why),
            _ => None,
        }
    }

    /// Why the harness could not run the scenario.
    pub fn harness_error(&self) -> Option<&str> {
        match self {
            RunEnd::HarnessError { error } => Some(error),
            _ => None,
        }
    }

    /// Why a step stopped the scenario early.
    pub fn aborted(&self) -> Option<&str> {
        match self {
            RunEnd::Aborted { reason } => Some(reason),
            RunEnd::Unresponsive { aborted } | RunEnd::Interrupted { aborted, .. } => {
                aborted.as_deref()
            }
            _ => None,
        }
    }

    /// Whether the engine showed that it does not answer.
    pub fn unresponsive(&self) -> bool {
        matches!(
            self,
            RunEnd::Unresponsive { .. }
                | RunEnd::Interrupted {
                    unresponsive: true,
                    ..
                }
        )
    }
}

/// A scenario run as reports store it: of this schema (`end`) or of schema 3 and older
/// (`aborted`, `harness_error`, `not_run`, `unresponsive`), so older reports still read.
#[derive(Deserialize)]
pub(super) struct StoredRun {
    scenario: ScenarioInfo,
    outcomes: Vec<Outcome>,
    #[serde(default)]
    blocked: Vec<Blocked>,
    #[serde(default)]
    end: Option<RunEnd>,
    #[serde(default)]
    aborted: Option<String>,
    #[serde(default)]
    harness_error: Option<String>,
    #[serde(default)]
    not_run: Option<String>,
    #[serde(default)]
    unresponsive: bool,
    duration_us: u64,
    #[serde(default)]
    notes: Vec<String>,
    transcript: Transcript,
}

impl From<StoredRun> for ScenarioRun {
    fn from(stored: StoredRun) -> ScenarioRun {
        let end = stored.end.unwrap_or_else(|| {
            // Schema 3: a harness error and a scenario never started stood alone; a not-run
            // scenario with outcomes or a transcript was one a signal cut short.
            if let Some(error) = stored.harness_error {
                return RunEnd::HarnessError { error };
            }
            let ran = !stored.outcomes.is_empty() || !stored.transcript.entries.is_empty();
            match stored.not_run {
                Some(why) if !ran && stored.aborted.is_none() && !stored.unresponsive => {
                    RunEnd::NotRun { why }
                }
                interrupted => RunEnd::of_run(stored.aborted, stored.unresponsive, interrupted),
            }
        });
        ScenarioRun {
            scenario: stored.scenario,
            outcomes: stored.outcomes,
            blocked: stored.blocked,
            end,
            duration_us: stored.duration_us,
            notes: stored.notes,
            transcript: stored.transcript,
            captures: Default::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Report;

    /// A schema-3 report (written by the last version before `end`): an unresponsive engine
    /// whose scenario also stopped early, a scenario never started, a harness error, and one a
    /// signal cut short.
    const SCHEMA_3: &str = include_str!("../../tests/reports/schema-3-run.json");

    #[test]
    fn a_schema_3_report_reads_into_run_ends() {
        let report: Report = serde_json::from_str(SCHEMA_3).expect("a schema-3 report reads");
        let ends: Vec<&RunEnd> = report.runs.iter().map(|r| &r.end).collect();
        let stopped = "expected `id name {name...}`: nothing matched within the scenario's timeout of 10000 ms";
        assert_eq!(
            ends,
            [
                &RunEnd::Unresponsive {
                    aborted: Some(stopped.to_owned())
                },
                &RunEnd::NotRun {
                    why: "uci/handshake showed that the engine does not answer (rerun with --no-fail-fast to run every scenario anyway)".to_owned()
                },
                &RunEnd::HarnessError {
                    error: "cannot start engines/gone: No such file or directory (os error 2)"
                        .to_owned()
                },
                &RunEnd::Interrupted {
                    why: "interrupted by signal 15 while it ran".to_owned(),
                    aborted: Some(stopped.to_owned()),
                    unresponsive: true,
                },
            ]
        );
    }

    #[test]
    fn every_end_reads_back_as_written() {
        let report: Report = serde_json::from_str(SCHEMA_3).expect("a schema-3 report reads");
        let written = serde_json::to_string(&report).expect("a report serialises");
        assert!(!written.contains("\"not_run\":"), "{written}");
        let read: Report = serde_json::from_str(&written).expect("it reads back");
        let ends = |r: &Report| r.runs.iter().map(|r| r.end.clone()).collect::<Vec<_>>();
        assert_eq!(ends(&read), ends(&report));
        let completed = serde_json::to_value(RunEnd::Completed).expect("serialises");
        assert_eq!(completed, serde_json::json!({ "kind": "completed" }));
    }

    #[test]
    fn a_run_ends_by_what_it_showed() {
        let why = || Some("why".to_owned());
        assert_eq!(RunEnd::of_run(None, false, None), RunEnd::Completed);
        assert_eq!(
            RunEnd::of_run(why(), false, None),
            RunEnd::Aborted {
                reason: "why".to_owned()
            }
        );
        let unresponsive = RunEnd::of_run(why(), true, None);
        assert!(unresponsive.unresponsive());
        assert_eq!(unresponsive.aborted(), Some("why"));
        assert_eq!(unresponsive.not_run(), None);
        let interrupted = RunEnd::of_run(None, true, Some("signal".to_owned()));
        assert_eq!(interrupted.not_run(), Some("signal"));
        assert!(interrupted.unresponsive());
        assert_eq!(interrupted.harness_error(), None);
    }
}
