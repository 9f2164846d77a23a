//! The human report: per scenario its verdict and its findings, each with the transcript around
//! it; a finding that repeats across scenarios (an engine's start-up banner, say) is shown once,
//! with where else it came. `--verbose` lists every passing check with its latency too;
//! `--failures-only` shows only what failed.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::{Detail, Paint, join_ids};
use crate::check::{Grade, Outcome};
use crate::protocol::ReqId;
use crate::report::Report;
use crate::report::excerpt;
use crate::report::{Blocked, Parallelism, ScenarioRun};

fn label(grade: Grade) -> &'static str {
    match grade {
        Grade::Pass => "pass",
        Grade::Warn => "WARN",
        Grade::Fail => "FAIL",
    }
}

/// What makes two findings the same for a reader: check, grade and sentence.
type FindingKey = (String, Grade, String);

fn key(o: &Outcome) -> FindingKey {
    (o.check.to_string(), o.grade, o.message.clone())
}

/// For each repeated finding, the scenarios it came in, in run order.
pub(super) fn repeats(runs: &[ScenarioRun]) -> HashMap<FindingKey, Vec<&str>> {
    let mut seen: HashMap<FindingKey, Vec<&str>> = HashMap::new();
    for run in runs {
        for o in run.outcomes.iter().filter(|o| o.grade != Grade::Pass) {
            let places = seen.entry(key(o)).or_default();
            if places.last() != Some(&run.scenario.name.as_str()) {
                places.push(&run.scenario.name);
            }
        }
    }
    seen.retain(|_, places| places.len() > 1);
    seen
}

/// The outcome line: grade, check, latency, requirements, message.
pub(super) fn outcome_line(o: &Outcome, paint: Paint) -> String {
    let latency = o
        .latency_us
        .map(|us| format!(" ({:.1} ms)", us as f64 / 1000.0))
        .unwrap_or_default();
    let reqs = if o.requirements.is_empty() {
        String::new()
    } else {
        format!(" [{}]", join_ids(&o.requirements))
    };
    format!(
        "{} {}{latency}{reqs}: {}",
        paint.grade(o.grade, label(o.grade)),
        o.check,
        o.message
    )
}

/// A step that was not judged: "blocked ucci/draw:bestmove ... draw [ucci-r138]: blocked by
/// ucci/draw:bestmove {reply} ...".
pub fn blocked_line(b: &Blocked) -> String {
    let reqs = if b.requirements.is_empty() {
        String::new()
    } else {
        format!(" [{}]", join_ids(&b.requirements))
    };
    format!("BLOCKED {}{reqs}: not judged, {}", b.check, b.reason())
}

/// Under a finding that stopped its scenario: the steps it kept from being judged, once.
pub(super) fn blocked_by_line(run: &ScenarioRun, o: &Outcome) -> Option<String> {
    let steps: Vec<&Blocked> = run
        .blocked
        .iter()
        .filter(|b| b.by.check == o.check)
        .collect();
    if steps.is_empty() || o.grade == Grade::Pass {
        return None;
    }
    let mut rows: Vec<ReqId> = steps
        .iter()
        .flat_map(|b| b.requirements.iter().copied())
        .collect();
    rows.sort();
    rows.dedup();
    let s = if steps.len() == 1 { "" } else { "s" };
    Some(format!(
        "(this stopped the scenario: {} later step{s} not judged, citing {})",
        steps.len(),
        join_ids(&rows)
    ))
}

/// A finding's explanation: its own detail (a diff), or the transcript around its line.
pub(super) fn explanation(run: &ScenarioRun, o: &Outcome) -> Vec<String> {
    match (&o.detail, o.at) {
        (Some(detail), _) => detail.lines().map(str::to_owned).collect(),
        (None, Some(at)) => excerpt::render(&run.transcript, at),
        (None, None) => Vec::new(),
    }
}

/// "the same finding in 3 more scenarios: a, b, c" (the first few named).
pub(super) fn elsewhere(places: &[&str]) -> String {
    const NAMED: usize = 5;
    let more = places.len() - 1;
    let named: Vec<&str> = places[1..].iter().take(NAMED).copied().collect();
    let tail = if more > NAMED { ", …" } else { "" };
    let s = if more == 1 { "" } else { "s" };
    format!(
        "the same finding in {more} more scenario{s}: {}{tail}",
        named.join(", ")
    )
}

/// How many scenarios shared the machine, when more than one did.
pub fn ran_at_once(p: &Parallelism) -> Option<String> {
    (p.peak > 1).then(|| {
        format!(
            "scenarios ran up to {} at once, {} of them searching (limits {} and {}; --jobs 1 runs one at a time)",
            p.peak, p.peak_searching, p.jobs, p.searching
        )
    })
}

/// A run report as text for people, with `detail`, coloured or not by `paint`.
pub fn render(report: &Report, detail: Detail, paint: Paint) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "arbiter run: protocol {}, engine {}",
        report.protocol,
        report.engine.command_line()
    );
    if report.time_scale != 1.0 {
        let _ = writeln!(out, "timing bounds scaled by {}", report.time_scale);
    }
    if let Some(line) = ran_at_once(&report.parallelism) {
        let _ = writeln!(out, "{line}");
    }
    let repeated = repeats(&report.runs);
    for run in &report.runs {
        scenario(&mut out, run, detail, paint, &repeated);
    }
    out.push('\n');
    out.push_str(&paint.grade(summary_grade(report), &summary_line(report)));
    out.push('\n');
    out
}

fn scenario(
    out: &mut String,
    run: &ScenarioRun,
    detail: Detail,
    paint: Paint,
    repeated: &HashMap<FindingKey, Vec<&str>>,
) {
    let grade = run.grade();
    if detail == Detail::FailuresOnly && grade != Grade::Fail {
        return;
    }
    let s = &run.scenario;
    let status = match run.end.not_run() {
        Some(_) => "not run".to_owned(),
        None => paint.grade(grade, label(grade)),
    };
    let _ = writeln!(out, "\n{status} {}: {}", s.name, s.title);
    if detail == Detail::All {
        let _ = writeln!(out, "     spec: {}", s.spec);
    }
    if let Some(why) = run.end.not_run() {
        let _ = writeln!(out, "     not run: {why}");
    }
    if let Some(error) = run.end.harness_error() {
        let _ = writeln!(out, "     harness error: {error}");
        return;
    }
    let mut passes = 0;
    let mut shown_elsewhere = 0;
    for o in &run.outcomes {
        let shown = match o.grade {
            Grade::Pass => detail == Detail::All,
            Grade::Warn => detail != Detail::FailuresOnly,
            Grade::Fail => true,
        };
        passes += usize::from(o.grade == Grade::Pass);
        if !shown {
            continue;
        }
        let places = repeated.get(&key(o));
        if let Some(places) = places
            && places[0] != s.name
        {
            shown_elsewhere += 1;
            continue;
        }
        let _ = writeln!(out, "  {}", outcome_line(o, paint));
        if o.grade == Grade::Pass {
            continue;
        }
        for line in explanation(run, o) {
            let _ = writeln!(out, "         {line}");
        }
        if let Some(places) = places {
            let _ = writeln!(out, "         ({})", elsewhere(places));
        }
        if let Some(line) = blocked_by_line(run, o) {
            let _ = writeln!(out, "         {line}");
        }
    }
    if detail != Detail::FailuresOnly {
        for b in &run.blocked {
            let _ = writeln!(out, "  {}", blocked_line(b));
        }
    }
    if detail != Detail::All && passes > 0 {
        let _ = writeln!(out, "  {passes} checks pass");
    }
    if shown_elsewhere > 0 {
        let s = if shown_elsewhere == 1 { "" } else { "s" };
        let _ = writeln!(
            out,
            "  {shown_elsewhere} finding{s} as in an earlier scenario (shown there)"
        );
    }
    if let Some(reason) = run.end.aborted() {
        let _ = writeln!(out, "  stopped early: {reason}");
    }
    for note in &run.notes {
        let _ = writeln!(out, "  note: {note}");
    }
    if detail == Detail::All
        && let Some(exit) = &run.transcript.exit
    {
        let by = if exit.killed_by_harness {
            ", by the harness"
        } else {
            ""
        };
        let _ = writeln!(out, "  engine {}{by}", exit.describe());
    }
}

/// The colour of the summary line: red when a scenario failed or could not run for the
/// harness, yellow when one only warned or was not run, green when all passed.
fn summary_grade(report: &Report) -> Grade {
    let s = &report.summary;
    if s.scenarios_failed > 0 || s.harness_errors > 0 {
        Grade::Fail
    } else if s.scenarios_warned > 0 || s.scenarios_not_run > 0 {
        Grade::Warn
    } else {
        Grade::Pass
    }
}

/// The one-line summary every report ends with (and `arbiter` prints on stderr when the
/// report goes to a file).
pub fn summary_line(report: &Report) -> String {
    let s = &report.summary;
    let mut line = format!(
        "{} scenarios: {} passed, {} passed with warnings, {} failed",
        s.scenarios, s.scenarios_passed, s.scenarios_warned, s.scenarios_failed
    );
    if s.scenarios_not_run > 0 {
        let _ = write!(line, ", {} not run", s.scenarios_not_run);
    }
    let _ = write!(
        line,
        "; checks: {} pass, {} warn, {} fail",
        s.checks_passed, s.checks_warned, s.checks_failed
    );
    if s.checks_blocked > 0 {
        let _ = write!(line, ", {} blocked", s.checks_blocked);
    }
    if s.harness_errors > 0 {
        let _ = write!(line, "; {} harness errors", s.harness_errors);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_says_how_many_ran_at_once_only_when_more_than_one_did() {
        assert_eq!(ran_at_once(&Parallelism::ONE_AT_A_TIME), None);
        let busy = Parallelism {
            jobs: 4,
            searching: 2,
            peak: 3,
            peak_searching: 2,
        };
        let line = ran_at_once(&busy).expect("three ran at once");
        assert!(
            line.starts_with("scenarios ran up to 3 at once, 2 of them searching"),
            "{line}"
        );
    }
}
