//! The match's progress on a terminal: a bar on stderr of the games finished, with the score
//! of the encounter last played, and the match's lines printed to stdout above it.

use indicatif::ProgressBar;

use crate::progress::terminal_bar;
use arbiter::matchplay::tally::Encounter;

/// A bar on stderr when it is a terminal: games finished of those this run plays.
pub(crate) struct MatchProgress {
    bar: Option<ProgressBar>,
}

impl MatchProgress {
    pub(crate) fn for_stderr(games: usize) -> MatchProgress {
        MatchProgress {
            bar: terminal_bar(games, "{bar:30} {pos}/{len} games {msg}"),
        }
    }

    /// No bar anywhere (`--quiet`); the lines still go to stdout.
    pub(crate) fn silent() -> MatchProgress {
        MatchProgress { bar: None }
    }

    /// Prints lines to stdout without tearing the bar.
    pub(crate) fn print(&self, text: &str) {
        use std::io::Write as _;
        let write = || {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
        };
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Prints a warning to stderr without tearing the bar.
    pub(crate) fn warn(&self, warning: &dyn std::fmt::Display) {
        let write = || eprintln!("warning: {warning}");
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    pub(crate) fn finished(&self, score: Option<&Encounter>) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
            if let Some(e) = score {
                bar.set_message(format!(
                    "{} vs {}: {} - {} - {}",
                    e.players[0], e.players[1], e.score.wins, e.score.losses, e.score.draws
                ));
            }
        }
    }

    pub(crate) fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
