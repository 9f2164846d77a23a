//! The human report: per scenario and check, the verdict, the latency, and for every finding
//! the transcript around it.

use std::fmt::Write as _;

use super::{Report, excerpt, join_ids};
use crate::check::Grade;

fn label(grade: Grade) -> &'static str {
    match grade {
        Grade::Pass => "pass",
        Grade::Warn => "WARN",
        Grade::Fail => "FAIL",
    }
}

pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let args = report.engine.args.join(" ");
    let _ = writeln!(
        out,
        "arbiter run: protocol {}, engine {}{}{}",
        report.protocol,
        report.engine.program,
        if args.is_empty() { "" } else { " " },
        args
    );
    if report.time_scale != 1.0 {
        let _ = writeln!(out, "timing bounds scaled by {}", report.time_scale);
    }
    for run in &report.runs {
        let s = &run.scenario;
        let status = match run.not_run {
            Some(_) => "not run",
            None => label(run.grade()),
        };
        let _ = writeln!(out, "\n{status} {}: {}", s.name, s.title);
        let _ = writeln!(out, "     spec: {}", s.spec);
        if let Some(why) = &run.not_run {
            let _ = writeln!(out, "     not run: {why}");
        }
        if let Some(error) = &run.harness_error {
            let _ = writeln!(out, "     harness error: {error}");
            continue;
        }
        for o in &run.outcomes {
            let latency = o
                .latency_us
                .map(|us| format!(" ({:.1} ms)", us as f64 / 1000.0))
                .unwrap_or_default();
            let reqs = if o.requirements.is_empty() {
                String::new()
            } else {
                format!(" [{}]", join_ids(&o.requirements))
            };
            let _ = writeln!(
                out,
                "  {} {}{latency}{reqs}: {}",
                label(o.grade),
                o.check,
                o.message
            );
            if o.grade == Grade::Pass {
                continue;
            }
            // A finding's own explanation (e.g. a diff) replaces the transcript excerpt.
            let shown = match (&o.detail, o.at) {
                (Some(detail), _) => detail.lines().map(str::to_owned).collect(),
                (None, Some(at)) => excerpt::render(&run.transcript, at),
                (None, None) => Vec::new(),
            };
            for line in shown {
                let _ = writeln!(out, "         {line}");
            }
        }
        if let Some(reason) = &run.aborted {
            let _ = writeln!(out, "  stopped early: {reason}");
        }
        if let Some(exit) = &run.transcript.exit {
            let by = if exit.killed_by_harness {
                ", by the harness"
            } else {
                ""
            };
            let _ = writeln!(out, "  engine {}{by}", exit.describe());
        }
    }
    let s = &report.summary;
    let _ = writeln!(
        out,
        "\n{} scenarios: {} passed, {} passed with warnings, {} failed{}; checks: {} pass, {} warn, {} fail{}",
        s.scenarios,
        s.scenarios_passed,
        s.scenarios_warned,
        s.scenarios_failed,
        if s.scenarios_not_run > 0 {
            format!(", {} not run", s.scenarios_not_run)
        } else {
            String::new()
        },
        s.checks_passed,
        s.checks_warned,
        s.checks_failed,
        if s.harness_errors > 0 {
            format!("; {} harness errors", s.harness_errors)
        } else {
            String::new()
        }
    );
    out
}
