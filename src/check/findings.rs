//! Where checks put their outcomes while a session runs.
//!
//! Judging streams, so whatever an engine repeats must not pile up: of each check and grade
//! the first few findings are kept and the rest counted (the last one kept then says how
//! many more there were), and passes are kept up to a bound. Every finding kept names the
//! transcript line it points at, so the bounded transcript keeps the lines around it.

use std::collections::HashMap;

use super::id::{CheckId, CheckRef};
use super::outcome::{Grade, Outcome};
use super::registry;
use crate::protocol::{Protocol, ReqId};

/// How many findings of one check and grade are shown.
const FINDINGS_SHOWN: usize = 3;
/// How many passes of one check are kept (a long session repeats the same pass).
const PASSES_KEPT: usize = 100;

/// An outcome of a built-in check, citing the requirements the registry gives it.
pub(crate) fn outcome(
    protocol: Protocol,
    id: CheckId,
    grade: Grade,
    message: impl Into<String>,
) -> Outcome {
    Outcome::new(
        CheckRef::builtin(protocol, id),
        registry::reqs(protocol, id),
        grade,
        message,
    )
}

#[derive(Debug)]
pub(crate) struct Findings {
    outcomes: Vec<Outcome>,
    /// Outcomes seen per check, grade and cited rows (one check may judge several rules),
    /// kept or not.
    seen: HashMap<(CheckRef, Grade, Vec<ReqId>), usize>,
    /// `seq` of the lines findings kept since the last [`Findings::take_pins`].
    pins: Vec<u64>,
}

impl Findings {
    pub(crate) fn new() -> Findings {
        Findings {
            outcomes: Vec::new(),
            seen: HashMap::new(),
            pins: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, o: Outcome) {
        debug_assert_registered(&o);
        let key = (o.check.clone(), o.grade, o.requirements.clone());
        let seen = self.seen.entry(key).or_default();
        *seen += 1;
        let limit = if o.grade == Grade::Pass {
            PASSES_KEPT
        } else {
            FINDINGS_SHOWN
        };
        if *seen > limit {
            return;
        }
        if o.grade != Grade::Pass
            && let Some(at) = o.at
        {
            self.pins.push(at.seq);
        }
        self.outcomes.push(o);
    }

    pub(crate) fn extend(&mut self, outcomes: impl IntoIterator<Item = Outcome>) {
        for o in outcomes {
            self.push(o);
        }
    }

    /// The lines findings pointed at since the last call.
    pub(crate) fn take_pins(&mut self) -> std::vec::Drain<'_, u64> {
        self.pins.drain(..)
    }

    /// The outcomes, the last one shown of each repeated check saying how many more there
    /// were.
    pub(crate) fn into_outcomes(mut self) -> Vec<Outcome> {
        for ((check, grade, rows), &count) in &self.seen {
            let limit = if *grade == Grade::Pass {
                PASSES_KEPT
            } else {
                FINDINGS_SHOWN
            };
            if count <= limit {
                continue;
            }
            if let Some(last) = self
                .outcomes
                .iter_mut()
                .rev()
                .find(|o| o.check == *check && o.grade == *grade && o.requirements == *rows)
            {
                last.message = format!("{} (and {} more like this)", last.message, count - limit);
            }
        }
        self.outcomes
    }
}

impl Default for Findings {
    fn default() -> Findings {
        Findings::new()
    }
}

/// In debug builds (every test run), a built-in check's outcome must match its registry
/// entry: a grade it may give, requirements it may cite.
fn debug_assert_registered(o: &Outcome) {
    if cfg!(debug_assertions)
        && let Some(mismatch) = registry_mismatch(o)
    {
        panic!("{mismatch}");
    }
}

/// How a built-in check's outcome strays from its registry entry, if it does. Kept apart from
/// the assertion so the rule is tested under every profile, `--release` included.
fn registry_mismatch(o: &Outcome) -> Option<String> {
    let CheckRef::Builtin { protocol, id } = o.check else {
        return None;
    };
    let Some(rule) = registry::spec(id).rule(protocol) else {
        return Some(format!(
            "{} has no rule for {protocol} in the registry",
            o.check
        ));
    };
    if o.grade != Grade::Pass && !rule.grades.contains(&o.grade) {
        return Some(format!(
            "{} gives {:?}, which the registry does not list",
            o.check, o.grade
        ));
    }
    o.requirements
        .iter()
        .find(|r| !rule.reqs.contains(r))
        .map(|r| format!("{} cites {r}, which the registry does not list", o.check))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::At;

    #[test]
    fn repeated_findings_are_summed_up_after_three_and_pinned_while_kept() {
        let mut f = Findings::new();
        for i in 0..5 {
            f.push(
                outcome(
                    Protocol::Uci,
                    CheckId::LineUnknown,
                    Grade::Warn,
                    format!("line {i}"),
                )
                .at(At { seq: i, us: i }),
            );
        }
        f.push(outcome(
            Protocol::Uci,
            CheckId::LineMalformed,
            Grade::Fail,
            "kept",
        ));
        assert_eq!(f.take_pins().collect::<Vec<_>>(), [0, 1, 2]);
        let out = f.into_outcomes();
        assert_eq!(out.len(), 4);
        assert_eq!(out[2].message, "line 2 (and 2 more like this)");
        assert_eq!(out[3].message, "kept");
    }

    #[test]
    fn a_grade_the_registry_does_not_list_is_caught() {
        let unlisted = outcome(Protocol::Ucci, CheckId::BestmoveFollowsPv, Grade::Fail, "x");
        let mismatch = registry_mismatch(&unlisted).expect("a fail the registry does not list");
        assert!(mismatch.contains("does not list"), "{mismatch}");
        let listed = outcome(Protocol::Ucci, CheckId::LineMalformed, Grade::Fail, "x");
        assert_eq!(registry_mismatch(&listed), None);
        // Debug builds refuse the unlisted outcome at the push.
        if cfg!(debug_assertions) {
            let pushed = std::panic::catch_unwind(|| Findings::new().push(unlisted));
            assert!(pushed.is_err());
        }
    }
}
