//! Golden transcripts: snapshot testing for engine projects. `arbiter record` stores what an
//! engine exchanged in a scenario, normalised (see `normalise`); a later `arbiter run
//! --snapshots DIR` compares the new exchange with it and fails with a diff when the engine's
//! behaviour changed, or, with `--update-snapshots`, accepts the change. From an engine
//! project's `cargo test` (`arbiter::Engine::snapshots`) a changed exchange is also written
//! beside the golden one as a pending transcript, for `arbiter snapshots review` (`review`).
//!
//! This is a check like the others, but against a stored file rather than the protocol text,
//! so its outcome cites no requirement.

pub(crate) mod normalise;
pub mod review;
pub(crate) mod store;

use std::path::{Path, PathBuf};

use similar::{ChangeTag, TextDiff};

use crate::check::{CheckRef, Grade, Outcome};
use crate::report::ScenarioRun;
pub use normalise::{Rules, normalise};

/// The check golden-transcript outcomes carry.
const CHECK: CheckRef = CheckRef::Golden;

/// How a run treats its golden transcripts.
#[derive(Debug, Clone)]
pub struct Snapshots {
    /// The folder of golden transcripts, one file per scenario.
    pub dir: PathBuf,
    /// What an exchange that differs from its golden transcript, or has none, does.
    pub on_change: OnChange,
    /// Rules given on the command line; `None` uses the rules stored in each file.
    pub rules: Option<Rules>,
}

/// What a run does with an exchange that differs from its golden transcript, or has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnChange {
    /// Fail with the diff (CI, and `arbiter run --snapshots`).
    Fail,
    /// Fail with the diff, and write the new transcript beside the golden one
    /// (`….transcript.new`) for `arbiter snapshots review` to accept or reject, as insta does
    /// outside CI.
    Pending,
    /// Replace the golden transcript and pass (`--update-snapshots`, `arbiter record`).
    Overwrite,
}

/// Judges every run that ran against its golden transcript, adding the outcome to the run.
/// A run the harness could not play has no exchange to compare.
pub fn judge_all(runs: &mut [ScenarioRun], snapshots: &Snapshots) {
    for run in runs
        .iter_mut()
        .filter(|r| r.end.harness_error().is_none() && r.end.not_run().is_none())
    {
        let outcome = judge(run, snapshots);
        run.outcomes.push(outcome);
    }
}

/// Compares `run` with its golden transcript (writing it when asked) and says how it went.
pub fn judge(run: &ScenarioRun, snapshots: &Snapshots) -> Outcome {
    let name = &run.scenario.name;
    let path = store::path_for(&snapshots.dir, name);
    let stored = match store::read(&path) {
        Ok(stored) => stored,
        Err(e) => return harness_problem(&path, "read", &e),
    };
    let rules = match (&snapshots.rules, &stored) {
        (Some(rules), _) => rules.clone(),
        (None, Some(stored)) => stored.rules.clone(),
        (None, None) => Rules::default(),
    };
    let lines = normalise(&run.transcript, run.scenario.protocol, &rules);
    let texts: Vec<String> = lines.iter().map(|l| l.text.clone()).collect();
    let write = || store::write(&path, name, &rules, &texts);
    let pending = store::pending_path(&path);
    let shown = path.display();
    let update = snapshots.on_change == OnChange::Overwrite;
    // Under review or update this run decides what waits for review: an earlier run's pending
    // transcript goes (the engine is back, or the change was accepted), and one is written
    // again below if the exchange still differs. Failing only (CI) neither writes nor removes.
    if snapshots.on_change != OnChange::Fail
        && let Err(e) = store::remove_if_present(&pending)
    {
        return harness_problem(&pending, "remove", &e);
    }
    // What a failing comparison tells the user to do; under review, its exchange is kept.
    let advise = |otherwise: &str| match snapshots.on_change {
        OnChange::Pending => store::write(&pending, name, &rules, &texts).map(|()| {
            format!(
                "the new transcript is at {}: `arbiter snapshots review {}` accepts or rejects it",
                pending.display(),
                snapshots.dir.display()
            )
        }),
        OnChange::Fail | OnChange::Overwrite => Ok(otherwise.to_owned()),
    };
    match stored {
        Some(stored) if stored.lines == texts => {
            // Same lines under new rules: keep the file's rules in step with the command line.
            if update
                && stored.rules.describe() != rules.describe()
                && let Err(e) = write()
            {
                return harness_problem(&path, "write", &e);
            }
            Outcome::new(
                CHECK,
                &[],
                Grade::Pass,
                format!("the exchange matches {shown}"),
            )
        }
        Some(stored) => {
            let diff = unified_diff(&stored.lines, &texts);
            if update {
                if let Err(e) = write() {
                    return harness_problem(&path, "write", &e);
                }
                return Outcome::new(
                    CHECK,
                    &[],
                    Grade::Pass,
                    format!("{shown} updated ({})", diff.summary()),
                );
            }
            let advice = match advise("if the change is intended, rerun with --update-snapshots") {
                Ok(advice) => advice,
                Err(e) => return harness_problem(&pending, "write", &e),
            };
            let mut outcome = Outcome::new(
                CHECK,
                &[],
                Grade::Fail,
                format!(
                    "the exchange differs from {shown} ({}); {advice}",
                    diff.summary()
                ),
            )
            .detail(diff.text);
            if let Some(at) = diff.first_new_line.and_then(|i| lines.get(i)) {
                outcome = outcome.at(at.at);
            }
            outcome
        }
        None if update => match write() {
            Ok(()) => Outcome::new(
                CHECK,
                &[],
                Grade::Pass,
                format!("recorded {shown} ({} lines)", texts.len()),
            ),
            Err(e) => harness_problem(&path, "write", &e),
        },
        None => {
            let advice = match advise(
                "record one with `arbiter record`, or rerun with --update-snapshots",
            ) {
                Ok(advice) => advice,
                Err(e) => return harness_problem(&pending, "write", &e),
            };
            Outcome::new(
                CHECK,
                &[],
                Grade::Fail,
                format!("no golden transcript at {shown}; {advice}"),
            )
        }
    }
}

fn harness_problem(path: &Path, what: &str, error: &std::io::Error) -> Outcome {
    Outcome::new(
        CHECK,
        &[],
        Grade::Fail,
        format!("cannot {what} {}: {error}", path.display()),
    )
}

/// A readable difference between the stored and the new golden lines.
pub(crate) struct Diff {
    pub(crate) text: String,
    removed: usize,
    added: usize,
    /// Index in the new lines of the first change, for pointing the report at it.
    first_new_line: Option<usize>,
}

impl Diff {
    /// "2 lines removed, 1 added".
    pub(crate) fn summary(&self) -> String {
        let lines = |n: usize| if n == 1 { "line" } else { "lines" };
        format!(
            "{} {} removed, {} {} added",
            self.removed,
            lines(self.removed),
            self.added,
            lines(self.added)
        )
    }
}

pub(crate) fn unified_diff(stored: &[String], new: &[String]) -> Diff {
    let old_text = joined(stored);
    let new_text = joined(new);
    let diff = TextDiff::from_lines(&old_text, &new_text);
    let (mut removed, mut added) = (0, 0);
    for change in diff.iter_all_changes() {
        match change.tag() {
            ChangeTag::Delete => removed += 1,
            ChangeTag::Insert => added += 1,
            ChangeTag::Equal => {}
        }
    }
    // A deletion's place in the new text is the line that now follows it (or the last line).
    let first_new_line = diff
        .ops()
        .iter()
        .find(|op| op.tag() != similar::DiffTag::Equal)
        .map(|op| op.new_range().start.min(new.len().saturating_sub(1)));
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header("golden", "this run")
        .to_string();
    Diff {
        text,
        removed,
        added,
        first_new_line,
    }
}

fn joined(lines: &[String]) -> String {
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| (*t).to_owned()).collect()
    }

    #[test]
    fn a_diff_counts_changes_and_points_at_the_first() {
        let old = lines(&["> uci", "< id name A", "< uciok", "= exit code 0"]);
        let new = lines(&["> uci", "< id name B", "< uciok", "= exit code 0"]);
        let diff = unified_diff(&old, &new);
        assert_eq!((diff.removed, diff.added), (1, 1));
        assert_eq!(diff.first_new_line, Some(1));
        assert_eq!(diff.summary(), "1 line removed, 1 line added");
        assert!(
            diff.text.contains("-< id name A\n+< id name B\n"),
            "{}",
            diff.text
        );
        assert!(diff.text.starts_with("--- golden\n+++ this run\n"));
    }

    #[test]
    fn a_removed_tail_points_at_the_last_new_line() {
        let old = lines(&["> quit", "< bye", "= exit code 0"]);
        let new = lines(&["> quit", "= exit code 0"]);
        let diff = unified_diff(&old, &new);
        assert_eq!((diff.removed, diff.added), (1, 0));
        assert_eq!(diff.first_new_line, Some(1));
    }
}
