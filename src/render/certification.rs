//! Rendering a certification: the verdict per requirement, like a conformance suite, then
//! every finding with the transcript around it.

use std::fmt::Write as _;

use quick_junit::{
    NonSuccessKind, Property, Report as JUnitReport, TestCase, TestCaseStatus, TestSuite,
};

use super::{Detail, human};
use crate::certify::{Certification, RequirementVerdict, Verdict};
use crate::check::Grade;

fn section(out: &mut String, title: &str, rows: &[RequirementVerdict]) {
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n{title}");
    for v in rows {
        let r = &v.requirement;
        let level = format!("{:?}", r.level).to_lowercase();
        let _ = writeln!(
            out,
            "  {:<18} {:<12} {:<6} {}",
            v.verdict.label(),
            r.id,
            level,
            r.statement
        );
        if let Some(finding) = &v.finding {
            let _ = writeln!(out, "  {:<18} {:<12} {:<6} ↳ {finding}", "", "", "");
        }
    }
}

fn count(rows: &[RequirementVerdict], verdict: Verdict) -> usize {
    rows.iter().filter(|v| v.verdict == verdict).count()
}

/// "2 blocked, " where rows were blocked; nothing otherwise, so that runs without a stopped
/// scenario read as they always did.
fn blocked(rows: &[RequirementVerdict]) -> String {
    match count(rows, Verdict::Blocked) {
        0 => String::new(),
        n => format!("{n} blocked (not judged), "),
    }
}

pub(super) fn human(c: &Certification, detail: Detail) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "arbiter certify: profile {} ({})", c.profile, c.title);
    let _ = writeln!(out, "  spec: {}", c.spec);
    let _ = writeln!(out, "  engine: {}", c.engine.command_line());
    if let Some(line) = human::ran_at_once(&c.parallelism) {
        let _ = writeln!(out, "  {line}");
    }
    if let Some(p) = &c.partition {
        let _ = writeln!(
            out,
            "  partition {p}: requirements exercised only by other shares read `not applicable`"
        );
    }
    section(&mut out, "Required", &c.required);
    section(&mut out, "Recommended (graded separately)", &c.recommended);
    section(
        &mut out,
        "Also exercised (not part of the verdict)",
        &c.also_exercised,
    );

    let repeated = human::repeats(&c.runs);
    let shown = |o: &crate::check::Outcome| match o.grade {
        Grade::Pass => false,
        Grade::Warn => detail != Detail::FailuresOnly,
        Grade::Fail => true,
    };
    let findings: Vec<_> = c
        .runs
        .iter()
        .flat_map(|run| run.outcomes.iter().map(move |o| (run, o)))
        .filter(|(_, o)| shown(o))
        .collect();
    if !findings.is_empty() {
        let _ = writeln!(out, "\nFindings");
        for (run, o) in findings {
            let places = repeated.get(&(o.check.to_string(), o.grade, o.message.clone()));
            if places.is_some_and(|p| p[0] != run.scenario.name) {
                continue;
            }
            let _ = writeln!(out, "  {} in {}", human::outcome_line(o), run.scenario.name);
            for line in human::explanation(run, o) {
                let _ = writeln!(out, "         {line}");
            }
            if let Some(places) = places {
                let _ = writeln!(out, "         ({})", human::elsewhere(places));
            }
            if let Some(line) = human::blocked_by_line(run, o) {
                let _ = writeln!(out, "         {line}");
            }
        }
    }
    for run in c.runs.iter().filter(|r| r.end.harness_error().is_some()) {
        let _ = writeln!(
            out,
            "\nharness error in {}: {}",
            run.scenario.name,
            run.end.harness_error().unwrap_or("")
        );
    }
    let _ = writeln!(out, "\n{}", c.verdict_line());
    out
}

impl Certification {
    /// The one line that sums the certification up.
    pub fn verdict_line(&self) -> String {
        let c = self;
        format!(
            "Verdict: {} — required: {} of {} pass ({} with warnings), {} fail, {}{} not applicable; recommended: {} pass, {} with warnings, {} fail, {}{} not applicable",
            c.verdict.label().to_uppercase(),
            count(&c.required, Verdict::Pass) + count(&c.required, Verdict::PassWithWarnings),
            c.required.len(),
            count(&c.required, Verdict::PassWithWarnings),
            count(&c.required, Verdict::Fail),
            blocked(&c.required),
            count(&c.required, Verdict::NotApplicable),
            count(&c.recommended, Verdict::Pass),
            count(&c.recommended, Verdict::PassWithWarnings),
            count(&c.recommended, Verdict::Fail),
            blocked(&c.recommended),
            count(&c.recommended, Verdict::NotApplicable),
        )
    }
}

/// One test suite per section, one test case per requirement: failures of required ones fail,
/// everything else passes with its verdict in the output.
pub(super) fn junit(c: &Certification) -> String {
    let mut report = JUnitReport::new(format!("arbiter certify {}", c.profile));
    for (name, rows, binding) in [
        ("required", &c.required, true),
        ("recommended", &c.recommended, false),
    ] {
        let mut suite = TestSuite::new(name);
        if let Some(line) = human::ran_at_once(&c.parallelism) {
            suite.add_property(Property::new("parallelism", line));
        }
        for v in rows.iter() {
            let status = if binding && v.verdict == Verdict::Fail {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status.set_message(v.finding.clone().unwrap_or_default());
                status
            } else if v.verdict == Verdict::Blocked {
                // Not judged: skipped, naming the finding that blocked it.
                let mut status = TestCaseStatus::skipped();
                status.set_message(v.finding.clone().unwrap_or_default());
                status
            } else if v.verdict == Verdict::NotApplicable {
                TestCaseStatus::skipped()
            } else {
                TestCaseStatus::success()
            };
            let mut case = TestCase::new(v.requirement.id.to_string(), status);
            case.set_classname(format!("{}.{name}", c.profile));
            case.set_system_out(format!(
                "{}: {}",
                v.verdict.label(),
                v.requirement.statement
            ));
            suite.add_test_case(case);
        }
        report.add_test_suite(suite);
    }
    report.to_string().expect("JUnit XML serialises")
}
