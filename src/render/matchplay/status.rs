//! `arbiter match status` for people: a line for the match, one per worker (its host, pid,
//! state, games, score and how long ago it wrote), the shares with no file yet, the score and
//! SPRT in cutechess-cli's words, and a line for each worker fallen silent.

use std::fmt::Write as _;
use std::time::Duration;

use super::cutechess::{score_line, sprt_line};
use crate::matchplay::MatchReport;
use crate::matchplay::status::Status;

/// `1m 5s`, `12s`, `350ms`.
fn duration(ms: u64) -> String {
    let rounded = if ms >= 1000 { ms / 1000 * 1000 } else { ms };
    humantime::format_duration(Duration::from_millis(rounded)).to_string()
}

/// The status of the workers whose games make the match `results`.
pub fn human(status: &Status, results: &MatchReport) -> String {
    let mut out = format!(
        "{}: {} workers, {} games of {} ({})\n",
        status.dir.display(),
        status.workers.len(),
        status.games,
        results.plan.total(results.players.len()),
        results.players.join(", ")
    );
    for w in &status.workers {
        let _ = write!(out, "  part {:<5}", w.partition);
        match &w.worker {
            Some(info) => {
                let _ = write!(
                    out,
                    " {} pid {}  {:<20}",
                    info.host,
                    info.pid,
                    info.state.as_str()
                );
            }
            None => out.push_str(" (results without a worker)"),
        }
        let _ = write!(out, " {} games", w.games);
        if let Some(e) = &w.score {
            let s = &e.score;
            let _ = write!(out, ", {} - {} - {}", s.wins, s.losses, s.draws);
        }
        if let Some(quiet) = w.quiet_ms {
            let _ = write!(out, ", updated {} ago", duration(quiet));
        }
        out.push('\n');
    }
    for share in &status.missing {
        let _ = writeln!(out, "  part {share:<5} no results yet");
    }
    if results.players.len() == 2 {
        for e in &results.encounters {
            out.push_str(&score_line(e));
        }
    }
    if let Some(sprt) = &results.sprt {
        out.push_str(&sprt_line(&sprt.state));
        out.push('\n');
    }
    for w in status.workers.iter().filter(|w| w.silent) {
        let info = w.worker.as_ref().expect("a silent worker has its record");
        let _ = writeln!(
            out,
            "Silent: part {} ({} pid {}): no word for {}, over {} (five median games, at least a minute, or --silent-after)",
            w.partition,
            info.host,
            info.pid,
            duration(w.quiet_ms.unwrap_or_default()),
            duration(status.silent_after_ms.unwrap_or_default())
        );
    }
    out
}
