//! A fuzzing run for people: its summary line, the state × command coverage (what each state
//! was sent, and what the text allows there that no case reached), each distinct failure with
//! its reproduction file and replays, then the minimal cases' runs as the run report shows them.

use std::fmt::Write as _;

use super::{Detail, Paint, human};
use crate::check::Grade;
use crate::fuzz::coverage::Matrix;
use crate::fuzz::report::FuzzReport;
use crate::fuzz::{CutBy, CutDuring};

pub(super) fn human(f: &FuzzReport, detail: Detail, paint: Paint) -> String {
    let found = if f.failures.is_empty() {
        Grade::Pass
    } else {
        Grade::Fail
    };
    let mut out = paint.grade(found, &f.summary_line()) + "\n";
    if let Some(cut) = f.cut_short {
        let by = match cut.by {
            CutBy::MaxTime => "--max-time",
            CutBy::Signal => "a signal",
        };
        let _ = match cut.during {
            CutDuring::Cases => {
                writeln!(out, "  cut short by {by}: the cases above are all that ran")
            }
            CutDuring::Shrinking => writeln!(
                out,
                "  cut short by {by} while shrinking: the last failure's reproduction is the smallest found by then, not replayed"
            ),
        };
    } else if f.interrupted {
        out.push_str("  interrupted: the cases above are all that ran\n");
    }
    out.push_str(&coverage(&f.coverage));
    for failure in &f.failures {
        let reqs: Vec<String> = failure
            .requirements
            .iter()
            .map(ToString::to_string)
            .collect();
        let _ = writeln!(
            out,
            "  {} {} [{}]: {} ({} commands; case {}, found after {:.1} s, shrunk in {} runs and {:.1} s; {})",
            paint.grade(Grade::Fail, "FAIL"),
            failure.check,
            reqs.join(", "),
            failure.file,
            failure.commands,
            failure.case,
            failure.found_after_ms as f64 / 1000.0,
            failure.shrink_runs,
            failure.shrink_ms as f64 / 1000.0,
            match (failure.replays, failure.replays_failed) {
                (0, _) => "not replayed".to_owned(),
                (all, failed) if failed < all => format!("failed {failed} of {all} replays, flaky"),
                (all, failed) => format!("failed {failed} of {all} replays"),
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
        out.push_str(&human::render(&f.report, detail, paint));
    }
    out
}

/// One line per state: each command sent there and how often (with the answers of a command
/// the engine may accept or refuse), then the allowed ones never reached, the answers never
/// given, and any command sent outside what the text allows (only `--robustness` sends those).
fn coverage(matrix: &Matrix) -> String {
    let mut out = String::new();
    for state in &matrix.states {
        let cells: Vec<_> = matrix.cells.iter().filter(|c| &c.state == state).collect();
        if cells.is_empty() {
            continue;
        }
        let sent: Vec<String> = cells
            .iter()
            .filter(|c| c.count > 0)
            .map(|c| {
                let outside = if c.allowed { "" } else { " (outside the text)" };
                let answered: Vec<String> = c
                    .answers
                    .iter()
                    .filter(|a| a.count > 0)
                    .map(|a| format!("{} {}", a.answer, a.count))
                    .collect();
                let answered = if answered.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", answered.join(", "))
                };
                format!("{} {}{answered}{outside}", c.command, c.count)
            })
            .collect();
        let unanswered: Vec<String> = cells
            .iter()
            .filter(|c| c.allowed)
            .flat_map(|c| c.answers.iter().map(move |a| (c, a)))
            .filter(|(_, a)| a.count == 0)
            .map(|(c, a)| format!("{} {}", c.command, a.answer))
            .collect();
        let never: Vec<&str> = cells
            .iter()
            .filter(|c| c.allowed && c.count == 0)
            .map(|c| c.command.as_str())
            .collect();
        let sent = if sent.is_empty() {
            "nothing".to_owned()
        } else {
            sent.join(", ")
        };
        let _ = write!(out, "  {state}: {sent}");
        if !never.is_empty() {
            let _ = write!(out, "; never reached: {}", never.join(", "));
        }
        if !unanswered.is_empty() {
            let _ = write!(out, "; never answered: {}", unanswered.join(", "));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::coverage::{Answered, Cell};

    #[test]
    fn each_state_lists_what_it_was_sent_and_what_it_never_was() {
        let cell = |state: &str, command: &str, allowed, count| Cell {
            state: state.into(),
            command: command.into(),
            allowed,
            cites: vec![],
            count,
            answers: vec![],
        };
        let matrix = Matrix {
            states: vec!["idle".into(), "pondering".into(), "boot".into()],
            commands: vec!["go".into(), "ponderhit".into(), "junk".into()],
            cells: vec![
                cell("idle", "go", true, 12),
                cell("idle", "junk", false, 2),
                cell("pondering", "ponderhit", true, 0),
                Cell {
                    answers: vec![
                        Answered {
                            answer: "OK".into(),
                            count: 3,
                        },
                        Answered {
                            answer: "UNKNOWN".into(),
                            count: 0,
                        },
                    ],
                    ..cell("boot", "RESTART", true, 3)
                },
            ],
        };
        assert_eq!(
            coverage(&matrix),
            "  idle: go 12, junk 2 (outside the text)\n  pondering: nothing; never reached: ponderhit\n  \
             boot: RESTART 3 (OK 3); never answered: RESTART UNKNOWN\n"
        );
    }
}
