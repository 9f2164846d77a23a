//! A fuzzing run for people: its summary line, each distinct failure with its reproduction
//! file and replays, then the minimal cases' runs as the run report shows them.

use std::fmt::Write as _;

use super::{Detail, human};
use crate::fuzz::report::FuzzReport;

pub(super) fn human(f: &FuzzReport, detail: Detail) -> String {
    let mut out = f.summary_line() + "\n";
    if f.interrupted {
        out.push_str("  interrupted: the cases above are all that ran\n");
    }
    for failure in &f.failures {
        let reqs: Vec<String> = failure
            .requirements
            .iter()
            .map(ToString::to_string)
            .collect();
        let _ = writeln!(
            out,
            "  FAIL {} [{}]: {} ({} commands; case {}, shrunk in {} runs; failed {} of {} replays{})",
            failure.check,
            reqs.join(", "),
            failure.file,
            failure.commands,
            failure.case,
            failure.shrink_runs,
            failure.replays_failed,
            failure.replays,
            if failure.replays_failed < failure.replays {
                ", flaky"
            } else {
                ""
            }
        );
        if !failure.also.is_empty() {
            let _ = writeln!(
                out,
                "    the same run also fails {}",
                failure.also.join(", ")
            );
        }
    }
    if !f.failures.is_empty() {
        out.push('\n');
        out.push_str(&human::render(&f.report, detail));
    }
    out
}
