//! Where checks put their outcomes while a session runs.
//!
//! Judging streams, so whatever an engine repeats must not pile up: of each check and grade
//! the first few findings are kept and the rest counted (the last one kept then says how
//! many more there were), and passes are kept up to a bound. Every finding kept names the
//! transcript line it points at, so the bounded transcript keeps the lines around it.

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

/// What outcomes are counted by: the check, the grade and the rows cited (one check may
/// judge several rules).
type SeenKey = (CheckRef, Grade, Vec<ReqId>);

#[derive(Debug)]
pub(crate) struct Findings {
    outcomes: Vec<Outcome>,
    /// Outcomes seen per key, kept or not, in the order first seen. A run gives a few dozen
    /// keys, so a key is looked for in a list.
    seen: Vec<(SeenKey, usize)>,
    /// The entry of `seen` the last push counted, looked at first: a flood repeats one outcome
    /// line after line.
    last: Option<usize>,
    /// `seq` of the lines findings kept since the last [`Findings::take_pins`].
    pins: Vec<u64>,
}

impl Findings {
    pub(crate) fn new() -> Findings {
        Findings {
            outcomes: Vec::new(),
            seen: Vec::new(),
            last: None,
            pins: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, o: Outcome) {
        debug_assert_registered(&o);
        let seen = self.count(&o);
        let limit = limit(o.grade);
        if seen > limit {
            return;
        }
        if o.grade != Grade::Pass
            && let Some(at) = o.at
        {
            self.pins.push(at.seq);
        }
        self.outcomes.push(o);
    }

    /// Counts the outcome under its key; returns how many of that key have been seen.
    fn count(&mut self, o: &Outcome) -> usize {
        let is_key = |((check, grade, rows), _): &(SeenKey, usize)| {
            *check == o.check && *grade == o.grade && *rows == o.requirements
        };
        let found = self
            .last
            .filter(|&i| is_key(&self.seen[i]))
            .or_else(|| self.seen.iter().position(is_key));
        let i = found.unwrap_or_else(|| {
            let key = (o.check.clone(), o.grade, o.requirements.clone());
            self.seen.push((key, 0));
            self.seen.len() - 1
        });
        self.last = Some(i);
        self.seen[i].1 += 1;
        self.seen[i].1
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
        for ((check, grade, rows), count) in &self.seen {
            let limit = limit(*grade);
            if *count <= limit {
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

/// How many outcomes of one key are kept.
fn limit(grade: Grade) -> usize {
    if grade == Grade::Pass {
        PASSES_KEPT
    } else {
        FINDINGS_SHOWN
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
    // Any check may say that a reply it could not judge was not judged: that judges no row.
    if o.grade != Grade::Pass && !o.not_judged && !rule.grades.contains(&o.grade) {
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
    fn interleaved_findings_are_each_counted_under_their_own_key() {
        let mut f = Findings::new();
        let warn = |i: u64| {
            outcome(
                Protocol::Uci,
                CheckId::LineUnknown,
                Grade::Warn,
                format!("w{i}"),
            )
            .at(At { seq: i, us: i })
        };
        let fail = |i: u64| {
            outcome(
                Protocol::Uci,
                CheckId::LineMalformed,
                Grade::Fail,
                format!("f{i}"),
            )
            .at(At { seq: i, us: i })
        };
        // Alternating, then runs: the last-key shortcut and the lookup both count.
        for i in 0..4 {
            f.push(warn(2 * i));
            f.push(fail(2 * i + 1));
        }
        for i in 8..11 {
            f.push(warn(i));
        }
        let out = f.into_outcomes();
        let messages: Vec<&str> = out.iter().map(|o| o.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "w0",
                "f1",
                "w2",
                "f3",
                "w4 (and 4 more like this)",
                "f5 (and 1 more like this)"
            ]
        );
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
