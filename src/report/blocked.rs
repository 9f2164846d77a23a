//! Steps a scenario could not play because an earlier finding stopped it.
//!
//! One cause is one finding. When a required reply never comes, or a value a later command
//! needs was never captured, the scenario cannot go on: the steps after it are not judged,
//! so they must not fail the requirements they cite. Each is recorded as blocked by the
//! finding that stopped it, and a requirement is graded only on its own evidence
//! (`certify::judge`): one with nothing but blocked steps behind it is itself blocked.

use serde::Serialize;

use crate::check::{CheckRef, Outcome};
use crate::protocol::ReqId;

/// The finding that stopped a scenario: the outcome that every blocked step names.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Cause {
    /// The check or step whose finding it is (`ucci/draw:bestmove {reply} ...`).
    pub check: CheckRef,
    /// Its sentence, as the finding gives it.
    pub message: String,
    /// The scenario whose run holds the finding, when it is another than the blocked step's:
    /// input an engine was shown to leave unread there explains a reply missing here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
}

impl Cause {
    /// The cause a finding stands for: its check and its sentence, as blocked steps name it.
    pub fn of(outcome: &Outcome) -> Cause {
        Cause {
            check: outcome.check.clone(),
            message: outcome.message.clone(),
            scenario: None,
        }
    }

    /// The same cause, pointing at the scenario whose run holds its finding.
    pub fn in_scenario(self, scenario: &str) -> Cause {
        Cause {
            scenario: Some(scenario.to_owned()),
            ..self
        }
    }
}

/// A step that was not judged, and why.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Blocked {
    /// The step, named as its outcome would have been (`ucci/draw:bestmove ... draw`).
    pub check: CheckRef,
    /// The rows it would have judged.
    pub requirements: Vec<ReqId>,
    /// The finding that stopped the scenario before it.
    pub by: Cause,
}

impl Blocked {
    /// A step blocked by its own finding: its reply never came within a bound the text does
    /// not give, so it was not judged (neither passed nor failed).
    pub fn is_unanswered(&self) -> bool {
        self.by.check == self.check
    }

    /// "blocked by ucci/draw:bestmove {reply} ...", as reports show it; "blocked by
    /// uci.input.held in uci/one-write" for a finding of another scenario's.
    pub fn reason(&self) -> String {
        match &self.by.scenario {
            Some(scenario) => format!("blocked by {} in {scenario}", self.by.check),
            None => format!("blocked by {}", self.by.check),
        }
    }
}
