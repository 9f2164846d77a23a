//! Rendering a certification: the verdict per requirement, like a conformance suite, then
//! every finding with the transcript around it.

use std::fmt::Write as _;

use super::{Detail, Paint, human};
use crate::certify::{Certification, RequirementVerdict, Verdict};
use crate::check::Grade;

/// The colour of a requirement's verdict; a row nothing judged stays plain.
fn row_grade(verdict: Verdict) -> Option<Grade> {
    match verdict {
        Verdict::Pass => Some(Grade::Pass),
        Verdict::PassWithWarnings | Verdict::Blocked => Some(Grade::Warn),
        Verdict::Fail => Some(Grade::Fail),
        Verdict::NotApplicable => None,
    }
}

/// The colour of the whole verdict: red whenever the engine is not certified (a required row
/// blocked counts, as it does for the exit status).
fn verdict_grade(verdict: Verdict) -> Option<Grade> {
    match verdict {
        Verdict::Blocked => Some(Grade::Fail),
        other => row_grade(other),
    }
}

/// A section of rows; with `--failures-only`, only the rows that failed or were blocked (the
/// verdict line still counts them all).
fn section(
    out: &mut String,
    title: &str,
    rows: &[RequirementVerdict],
    detail: Detail,
    paint: Paint,
) {
    let shown: Vec<&RequirementVerdict> = rows
        .iter()
        .filter(|v| {
            detail != Detail::FailuresOnly || matches!(v.verdict, Verdict::Fail | Verdict::Blocked)
        })
        .collect();
    if shown.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n{title}");
    for v in shown {
        let r = &v.requirement;
        let level = r.level.as_str();
        let _ = writeln!(
            out,
            "  {} {:<12} {:<6} {}",
            paint.padded(row_grade(v.verdict), v.verdict.label(), 18),
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

pub(super) fn human(c: &Certification, detail: Detail, paint: Paint) -> String {
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
    section(&mut out, "Required", &c.required, detail, paint);
    section(
        &mut out,
        "Recommended (graded separately)",
        &c.recommended,
        detail,
        paint,
    );
    section(
        &mut out,
        "Also exercised (not part of the verdict)",
        &c.also_exercised,
        detail,
        paint,
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
            let _ = writeln!(
                out,
                "  {} in {}",
                human::outcome_line(o, paint),
                run.scenario.name
            );
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
    let _ = writeln!(
        out,
        "\n{}",
        paint.maybe(verdict_grade(c.verdict), &c.verdict_line())
    );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckId, CheckRef, Outcome};
    use crate::protocol::Protocol;
    use crate::report::{EngineInfo, RunEnd, ScenarioRun};
    use crate::req;
    use crate::scenario::builtin_named;

    /// A UCCI league certification whose run failed a required row (ucci-r133) and warned on
    /// a recommended one (ucci-r137).
    fn failed_certification() -> Certification {
        let scenario = builtin_named("ucci/stop")
            .expect("a built-in scenario")
            .expect("it parses");
        let mut run = ScenarioRun::ended(&scenario, RunEnd::Completed);
        run.outcomes.push(Outcome::new(
            CheckRef::builtin(Protocol::Ucci, CheckId::StopResult),
            &[req!("ucci-r133")],
            Grade::Fail,
            "no result after `stop`",
        ));
        run.outcomes.push(Outcome::new(
            CheckRef::builtin(Protocol::Ucci, CheckId::StopResult),
            &[req!("ucci-r137")],
            Grade::Warn,
            "a late result",
        ));
        let profile = crate::certify::profile::load("ucci-league").expect("a built-in profile");
        let engine = EngineInfo {
            program: "./engine".into(),
            args: vec![],
        };
        Certification::new(&profile, engine, None, vec![run])
    }

    #[test]
    fn colour_marks_the_verdicts_and_keeps_the_columns() {
        let c = failed_certification();
        let plain = human(&c, Detail::Findings, Paint::Plain);
        let painted = human(&c, Detail::Findings, Paint::Ansi);
        let escape = regex_lite::Regex::new("\x1b\\[[0-9;]*m").unwrap();
        assert_eq!(escape.replace_all(&painted, ""), plain);
        assert!(
            painted.contains("  \x1b[1m\x1b[31mFAIL\x1b[0m               ucci-r133"),
            "the failed row is red, padded as before: {painted}"
        );
        assert!(
            painted.contains("  \x1b[33mpass with warnings\x1b[0m ucci-r137"),
            "the warned row is yellow: {painted}"
        );
        assert!(
            painted.contains("\x1b[1m\x1b[31mVerdict: FAIL"),
            "the verdict line is red: {painted}"
        );
        assert!(!plain.contains('\x1b'));
    }
}
