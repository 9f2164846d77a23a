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
    let comparison = Comparison {
        snapshots,
        name,
        pending: store::pending_path(&path),
        path,
        texts: lines.iter().map(|l| l.text.clone()).collect(),
        rules,
    };
    // Under review or update this run decides what waits for review: an earlier run's pending
    // transcript goes (the engine is back, or the change was accepted), and one is written
    // again below if the exchange still differs. Failing only (CI) neither writes nor removes.
    if snapshots.on_change != OnChange::Fail
        && let Err(e) = store::remove_if_present(&comparison.pending)
    {
        return harness_problem(&comparison.pending, "remove", &e);
    }
    match stored {
        Some(stored) if stored.lines == comparison.texts => comparison.matched(&stored),
        Some(stored) => comparison.differs(&stored, &lines),
        None => comparison.absent(),
    }
}

/// One run's exchange beside its golden transcript: where that is kept, the rules that
/// normalise it, and the lines this run gives under them.
struct Comparison<'a> {
    snapshots: &'a Snapshots,
    name: &'a str,
    path: PathBuf,
    /// Where a changed exchange waits for review.
    pending: PathBuf,
    rules: Rules,
    texts: Vec<String>,
}

impl Comparison<'_> {
    fn shown(&self) -> std::path::Display<'_> {
        self.path.display()
    }

    fn updating(&self) -> bool {
        self.snapshots.on_change == OnChange::Overwrite
    }

    /// Writes this run's lines as the golden transcript.
    fn write(&self) -> std::io::Result<()> {
        store::write(&self.path, self.name, &self.rules, &self.texts)
    }

    /// What a failing comparison tells the user to do; under review, its exchange is kept.
    fn advise(&self, otherwise: &str) -> std::io::Result<String> {
        match self.snapshots.on_change {
            OnChange::Pending => store::write(&self.pending, self.name, &self.rules, &self.texts)
                .map(|()| {
                    format!(
                        "the new transcript is at {}: `arbiter snapshots review {}` accepts or rejects it",
                        self.pending.display(),
                        self.snapshots.dir.display()
                    )
                }),
            OnChange::Fail | OnChange::Overwrite => Ok(otherwise.to_owned()),
        }
    }

    /// The same lines: a pass. Under new rules, the file's rules are kept in step with the
    /// command line's when updating.
    fn matched(&self, stored: &store::Stored) -> Outcome {
        if self.updating()
            && stored.rules.describe() != self.rules.describe()
            && let Err(e) = self.write()
        {
            return harness_problem(&self.path, "write", &e);
        }
        Outcome::new(
            CHECK,
            &[],
            Grade::Pass,
            format!("the exchange matches {}", self.shown()),
        )
    }

    /// Different lines: the difference fails, pointing at its first new line, unless this
    /// run updates the transcript.
    fn differs(&self, stored: &store::Stored, lines: &[normalise::GoldenLine]) -> Outcome {
        let diff = unified_diff(&stored.lines, &self.texts);
        if self.updating() {
            if let Err(e) = self.write() {
                return harness_problem(&self.path, "write", &e);
            }
            return Outcome::new(
                CHECK,
                &[],
                Grade::Pass,
                format!("{} updated ({})", self.shown(), diff.summary()),
            );
        }
        let advice = match self.advise("if the change is intended, rerun with --update-snapshots") {
            Ok(advice) => advice,
            Err(e) => return harness_problem(&self.pending, "write", &e),
        };
        let mut outcome = Outcome::new(
            CHECK,
            &[],
            Grade::Fail,
            format!(
                "the exchange differs from {} ({}); {advice}",
                self.shown(),
                diff.summary()
            ),
        )
        .detail(diff.text);
        if let Some(at) = diff.first_new_line.and_then(|i| lines.get(i)) {
            outcome = outcome.at(at.at);
        }
        outcome
    }

    /// No golden transcript yet: recorded when updating, else a failure saying how to record one.
    fn absent(&self) -> Outcome {
        if self.updating() {
            return match self.write() {
                Ok(()) => Outcome::new(
                    CHECK,
                    &[],
                    Grade::Pass,
                    format!("recorded {} ({} lines)", self.shown(), self.texts.len()),
                ),
                Err(e) => harness_problem(&self.path, "write", &e),
            };
        }
        let advice = match self
            .advise("record one with `arbiter record`, or rerun with --update-snapshots")
        {
            Ok(advice) => advice,
            Err(e) => return harness_problem(&self.pending, "write", &e),
        };
        Outcome::new(
            CHECK,
            &[],
            Grade::Fail,
            format!("no golden transcript at {}; {advice}", self.shown()),
        )
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
