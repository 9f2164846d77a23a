//! `arbiter snapshots review|accept|reject DIR`: settle the pending transcripts a run from an
//! engine project's tests left beside its golden files (`arbiter::Engine::snapshots`).

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::CliError;
use crate::exit_status::ExitStatus;
use arbiter::golden::review::{Pending, pending_in};

#[derive(Subcommand, Debug)]
pub(super) enum SnapshotsCommand {
    /// Show each pending transcript's diff and ask: accept, reject or skip. The answers are
    /// read from stdin, one line each (`a`, `r`, `s`), so a script can pipe them.
    Review {
        /// The folder of golden transcripts.
        dir: PathBuf,
    },
    /// Accept every pending transcript: each replaces its golden file.
    Accept {
        /// The folder of golden transcripts.
        dir: PathBuf,
    },
    /// Reject every pending transcript: each is deleted and its golden file stays.
    Reject {
        /// The folder of golden transcripts.
        dir: PathBuf,
    },
}

/// Settles the pending transcripts as asked and says what it did. Exit status 0, or 2 when the
/// folder cannot be read or a file cannot be moved.
pub(super) fn run(command: &SnapshotsCommand) -> Result<(String, ExitStatus), CliError> {
    let (dir, accept) = match command {
        SnapshotsCommand::Review { dir } => return review(dir),
        SnapshotsCommand::Accept { dir } => (dir, true),
        SnapshotsCommand::Reject { dir } => (dir, false),
    };
    let pending = pending_in(dir)?;
    let verb = if accept { "accepted" } else { "rejected" };
    let mut out = String::new();
    for transcript in &pending {
        if accept {
            transcript.accept()?;
        } else {
            transcript.reject()?;
        }
        let _ = writeln!(out, "{verb}  {}", transcript.golden.display());
    }
    let _ = writeln!(out, "{}", tally(&pending, dir, verb));
    Ok((out, ExitStatus::Passed))
}

fn tally(pending: &[Pending], dir: &Path, verb: &str) -> String {
    match pending.len() {
        0 => format!("no pending transcripts in {}", dir.display()),
        1 => format!("{verb} 1 pending transcript"),
        n => format!("{verb} {n} pending transcripts"),
    }
}

/// One pending transcript at a time: its diff on stdout, the question on stderr, the answer
/// from stdin. The end of stdin skips the rest.
fn review(dir: &Path) -> Result<(String, ExitStatus), CliError> {
    let pending = pending_in(dir)?;
    if pending.is_empty() {
        return Ok((
            format!("{}\n", tally(&pending, dir, "")),
            ExitStatus::Passed,
        ));
    }
    let (mut accepted, mut rejected, mut skipped) = (0, 0, 0);
    let mut answers = std::io::stdin().lock();
    for (i, transcript) in pending.iter().enumerate() {
        let mut stdout = std::io::stdout().lock();
        writeln!(
            stdout,
            "[{}/{}] {}\n{}",
            i + 1,
            pending.len(),
            transcript.golden.display(),
            transcript.diff()?
        )?;
        stdout.flush()?;
        let answer = loop {
            eprint!("accept (a), reject (r) or skip (s)? ");
            let mut line = String::new();
            if answers.read_line(&mut line)? == 0 {
                eprintln!();
                break None;
            }
            match line.trim() {
                "a" | "accept" => break Some(true),
                "r" | "reject" => break Some(false),
                "s" | "skip" => break None,
                _ => {}
            }
        };
        match answer {
            Some(true) => {
                transcript.accept()?;
                accepted += 1;
            }
            Some(false) => {
                transcript.reject()?;
                rejected += 1;
            }
            None => skipped += 1,
        }
    }
    Ok((
        format!("accepted {accepted}, rejected {rejected}, skipped {skipped}\n"),
        ExitStatus::Passed,
    ))
}
