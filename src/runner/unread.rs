//! Replies missing because the engine does not read its input as the text says.
//!
//! An engine shown to leave a command unread (`input.held`: one line read per wake-up) loses
//! commands wherever a GUI's writes happen to bring two together, which the harness's separate
//! writes may do in any scenario when the engine reads late: a reply missing anywhere in the
//! same run is that finding's, not a failure of its own, or the certificate fails rows all
//! over the library at random for one cause. So, as for a crash (`steps.rs`), each step whose
//! reply never came is blocked by the input finding, which names the scenario that showed it;
//! what the missing reply itself kept from running is blocked by the same finding.
//!
//! A command taken in two pieces (`input.cut-line`) explains only the replies of the scenario
//! that cut it: everywhere else the harness writes each line whole in one write, which a pipe
//! delivers whole, so no reply missing there can be the cut's, and blocking it would hide its
//! own cause. Late replies, and wrong ones, stay judged.

use crate::check::{CheckId, Grade, Outcome};
use crate::report::{Blocked, Cause, ScenarioRun};

/// The finding among these outcomes that shows the engine does not read its input as the
/// text says: one line per wake-up, or a command taken in two pieces.
fn own_finding(outcomes: &[Outcome]) -> Option<&Outcome> {
    outcomes.iter().find(|o| {
        o.grade == Grade::Fail
            && matches!(
                o.check.id(),
                Some(CheckId::InputHeld | CheckId::InputCutLine)
            )
    })
}

/// The finding among these outcomes that explains replies missing in other scenarios too:
/// input left unread, which any scenario's writes may leave so.
fn finding_for_others(outcomes: &[Outcome]) -> Option<&Outcome> {
    outcomes
        .iter()
        .find(|o| o.grade == Grade::Fail && o.check.id() == Some(CheckId::InputHeld))
}

/// Blocks by `cause` every reply these outcomes say never came (a step's missing reply, a
/// check's reply owed when the session ended): the outcome leaves, its step and rows are
/// blocked instead, and so is everything that was blocked by it. A cause from another
/// scenario (`across`) leaves a reply whose group's later line came. Returns how many it
/// blocked.
pub(super) fn explain(
    outcomes: &mut Vec<Outcome>,
    blocked: &mut Vec<Blocked>,
    cause: &Cause,
    across: bool,
) -> usize {
    let mut explained = 0;
    outcomes.retain(|o| {
        if o.grade == Grade::Pass || !(o.missing_reply || o.not_judged) {
            return true;
        }
        // Another scenario's finding does not explain a reply whose group's later line came:
        // the engine read its input that far.
        if across && o.command_read {
            return true;
        }
        let own = Cause::of(o);
        // What the missing reply blocked comes after it in the scenario: its place is before.
        let first_after = blocked.iter().position(|b| b.by == own);
        // A reply missing past a bound the text does not give already blocks its own step.
        let mut stood_for = false;
        for b in blocked.iter_mut().filter(|b| b.by == own) {
            stood_for |= b.check == o.check;
            b.by = cause.clone();
        }
        if !stood_for {
            let step = Blocked {
                check: o.check.clone(),
                requirements: o.requirements.clone(),
                by: cause.clone(),
            };
            match first_after {
                Some(at) => blocked.insert(at, step),
                None => blocked.push(step),
            }
        }
        explained += 1;
        false
    });
    explained
}

/// Within one run: its own input finding, if it has one, explains its missing replies.
pub(super) fn explain_within(outcomes: &mut Vec<Outcome>, blocked: &mut Vec<Blocked>) {
    if let Some(finding) = own_finding(outcomes) {
        let cause = Cause::of(finding);
        explain(outcomes, blocked, &cause, false);
    }
}

/// Across a suite's runs: the first finding of input left unread (in the scenarios' order)
/// explains the missing replies of every other run that shows no input finding of its own.
/// Applying it twice changes nothing, so the shares of a certification may be put together
/// and explained again.
pub(crate) fn explain_across(runs: &mut [ScenarioRun]) {
    let Some((scenario, cause)) = runs.iter().find_map(|run| {
        finding_for_others(&run.outcomes).map(|o| (run.scenario.name.clone(), Cause::of(o)))
    }) else {
        return;
    };
    let cause = cause.in_scenario(&scenario);
    for run in runs.iter_mut() {
        if own_finding(&run.outcomes).is_none() {
            explain(&mut run.outcomes, &mut run.blocked, &cause, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::CheckRef;
    use crate::protocol::{Protocol, ReqId};
    use crate::report::RunEnd;
    use crate::req;
    use crate::scenario::builtin_named;

    fn step(label: &str) -> CheckRef {
        CheckRef::Step {
            scenario: "uci/search".to_owned(),
            label: label.to_owned(),
        }
    }

    fn run_of(name: &str, outcomes: Vec<Outcome>, blocked: Vec<Blocked>) -> ScenarioRun {
        let scenario = builtin_named(name).expect("built in").expect("parses");
        let mut run = ScenarioRun::ended(&scenario, RunEnd::Completed);
        run.outcomes = outcomes;
        run.blocked = blocked;
        run
    }

    fn held() -> Outcome {
        Outcome::new(
            CheckRef::builtin(Protocol::Uci, CheckId::InputHeld),
            &[req!("uci-r05")],
            Grade::Fail,
            "the search began only when a later command woke the engine",
        )
    }

    /// A missing `bestmove` of another scenario, past a bound the text gives (failed) or the
    /// harness's (not judged, blocking its own step and what followed), is blocked by the held
    /// input of `uci/one-write`, named; a late reply, a pass and a wrong reply stay.
    #[test]
    fn missing_replies_elsewhere_are_blocked_by_the_input_finding() {
        let r90: [ReqId; 1] = [req!("uci-r90")];
        let failed = Outcome::new(step("bestmove"), &r90, Grade::Fail, "expected `bestmove`")
            .missing_reply();
        let unjudged = Outcome::new(step("readyok"), &[], Grade::Warn, "expected `readyok`")
            .unjudged()
            .missing_reply();
        let own = Cause::of(&unjudged);
        let after = vec![
            Blocked {
                check: step("readyok"),
                requirements: vec![req!("uci-r31")],
                by: own.clone(),
            },
            Blocked {
                check: step("bye"),
                requirements: vec![req!("uci-r31")],
                by: own,
            },
        ];
        let late = Outcome::new(step("late"), &r90, Grade::Fail, "came after 900 ms");
        let passed = Outcome::new(step("uciok"), &[], Grade::Pass, "uciok");
        let mut runs = vec![
            run_of("uci/one-write", vec![held()], Vec::new()),
            run_of(
                "uci/search",
                vec![passed.clone(), failed, unjudged, late.clone()],
                after,
            ),
        ];
        explain_across(&mut runs);
        let search = &runs[1];
        assert_eq!(search.outcomes, vec![passed, late]);
        assert_eq!(search.blocked.len(), 3, "{:?}", search.blocked);
        for b in &search.blocked {
            assert_eq!(
                b.by.check,
                CheckRef::builtin(Protocol::Uci, CheckId::InputHeld)
            );
            assert_eq!(b.reason(), "blocked by uci.input.held in uci/one-write");
        }
        assert!(
            search
                .blocked
                .iter()
                .any(|b| b.check == step("bestmove") && b.requirements == r90)
        );
        // The finding's own run is left as it is, and a second pass changes nothing.
        assert_eq!(runs[0].outcomes, vec![held()]);
        let again = runs.clone();
        explain_across(&mut runs);
        assert_eq!(format!("{runs:?}"), format!("{again:?}"));
    }

    /// A reply missing before a later line of its group came (the engine read its input that
    /// far) stays judged beside another scenario's held input; within the scenario that shows
    /// the input finding, it is that finding's.
    #[test]
    fn held_input_elsewhere_leaves_a_reply_whose_group_went_on() {
        let r90: [ReqId; 1] = [req!("uci-r90")];
        let own_miss = Outcome::new(step("option"), &r90, Grade::Warn, "expected `option`")
            .missing_reply()
            .command_read(true);
        let mut runs = vec![
            run_of("uci/one-write", vec![held()], Vec::new()),
            run_of("uci/search", vec![own_miss.clone()], Vec::new()),
        ];
        explain_across(&mut runs);
        assert_eq!(runs[1].outcomes, vec![own_miss.clone()]);
        assert!(runs[1].blocked.is_empty());
        let mut outcomes = vec![held(), own_miss];
        let mut blocked = Vec::new();
        explain_within(&mut outcomes, &mut blocked);
        assert_eq!(outcomes, vec![held()]);
        assert_eq!(blocked.len(), 1);
    }

    /// A command taken in two pieces explains its own scenario's missing replies, not
    /// another's: the harness wrote that one whole.
    #[test]
    fn a_cut_line_explains_no_reply_of_another_scenario() {
        let cut = Outcome::new(
            CheckRef::builtin(Protocol::Uci, CheckId::InputCutLine),
            &[req!("uci-r06")],
            Grade::Fail,
            "`go depth 1` came in two writes",
        );
        let missing = Outcome::new(step("bestmove"), &[req!("uci-r90")], Grade::Fail, "missing")
            .missing_reply();
        let mut runs = vec![
            run_of("uci/cut-write", vec![cut], Vec::new()),
            run_of("uci/search", vec![missing.clone()], Vec::new()),
        ];
        explain_across(&mut runs);
        assert_eq!(runs[1].outcomes, vec![missing]);
        assert!(runs[1].blocked.is_empty());
    }

    /// Without an input finding nothing moves: a missing reply is judged as it was.
    #[test]
    fn without_an_input_finding_missing_replies_stay_judged() {
        let failed = Outcome::new(step("bestmove"), &[req!("uci-r90")], Grade::Fail, "missing")
            .missing_reply();
        let mut runs = vec![run_of("uci/search", vec![failed.clone()], Vec::new())];
        explain_across(&mut runs);
        assert_eq!(runs[0].outcomes, vec![failed]);
        assert!(runs[0].blocked.is_empty());
    }
}
