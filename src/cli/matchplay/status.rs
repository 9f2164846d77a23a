//! `arbiter match status DIR`: how the workers of a results directory are doing, read from
//! their files alone (no worker is asked anything): the score and SPRT over all their games so
//! far, each worker's games and state, and the workers that stopped reporting.
//!
//! A worker writes its file after every game, so a worker still playing whose file has not
//! changed for much longer than a game takes has most likely died (killed, its node lost) or
//! hangs. "Much longer" is [`SILENT_FACTOR`] times the median time between games finishing on
//! one worker, over all workers' games so far, and never less than [`SILENT_FLOOR`]: a single
//! long game (a long endgame, a slow opening) takes two or three times the median, and the
//! floor keeps very fast games and clocks a little apart between machines from raising false
//! alarms. Before any game has finished there is no median, and nothing is called silent
//! unless `--silent-after` gives the bound.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::super::CliError;
use super::merge::{merged, read_all};
use super::output::{score_line, sprt_line};
use crate::matchplay::MatchReport;
use crate::matchplay::peers::WorkerState;
use crate::matchplay::results_dir::{WorkerInfo, partition_of};
use crate::matchplay::tally::Encounter;
use crate::render::Format;
use crate::runner::ExitStatus;

/// A worker is silent after this many median game times without a word.
pub const SILENT_FACTOR: u64 = 5;
/// And never before this long.
pub const SILENT_FLOOR: Duration = Duration::from_secs(60);

#[derive(Args, Debug)]
pub struct StatusArgs {
    /// The results directory the workers write to (`--results-dir`).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Call a worker still playing silent once its file is this old, in seconds (default:
    /// five times the median time between games, at least a minute).
    #[arg(long, value_name = "SECONDS")]
    silent_after: Option<f64>,
    /// `human` or `json`.
    #[arg(long, default_value = "human", value_parser = Format::parser(&[Format::Human, Format::Json]))]
    format: Format,
}

/// One worker as the status shows it.
#[derive(Debug, Serialize)]
struct WorkerStatus {
    /// `k/n`.
    partition: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    worker: Option<WorkerInfo>,
    /// Its games, and the score of its one encounter in a two-engine match.
    games: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<Encounter>,
    /// How long ago it last wrote its file.
    #[serde(skip_serializing_if = "Option::is_none")]
    quiet_ms: Option<u64>,
    silent: bool,
}

/// The whole status.
#[derive(Debug, Serialize)]
struct Status {
    dir: PathBuf,
    /// The bound after which a worker still playing is called silent, when one is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    silent_after_ms: Option<u64>,
    workers: Vec<WorkerStatus>,
    /// Shares of the match with no file yet.
    missing: Vec<String>,
    /// The games of all workers so far, and their score.
    games: usize,
    encounters: Vec<Encounter>,
    standings: Vec<crate::matchplay::tally::Standing>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sprt: Option<crate::matchplay::SprtReport>,
    #[serde(skip)]
    results: MatchReport,
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The games played: one aborted (its setup failed, or the SPRT decided while it ran) is in
/// the file but is not a game of the match, as it counts nowhere in the score.
fn played(games: &[crate::matchplay::PlayedGame]) -> usize {
    games.iter().filter(|g| !g.record.aborted).count()
}

/// The median time between games finishing on one worker (the first from its start), over
/// the workers' games so far.
fn median_game_ms(workers: &[&WorkerInfo]) -> Option<u64> {
    let mut gaps: Vec<u64> = workers
        .iter()
        .flat_map(|w| {
            std::iter::once(w.started_ms)
                .chain(w.finished_ms.iter().copied())
                .collect::<Vec<_>>()
                .windows(2)
                .map(|pair| pair[1].saturating_sub(pair[0]))
                .collect::<Vec<_>>()
        })
        .collect();
    gaps.sort_unstable();
    gaps.get(gaps.len().checked_sub(1)? / 2).copied()
}

/// The bound after which a worker still playing is silent: given, or from the games so far.
fn silent_bound(given: Option<f64>, workers: &[&WorkerInfo]) -> Option<u64> {
    match given {
        Some(seconds) => Some((seconds.max(0.0) * 1000.0) as u64),
        None => median_game_ms(workers)
            .map(|median| (median * SILENT_FACTOR).max(SILENT_FLOOR.as_millis() as u64)),
    }
}

pub fn run(args: &StatusArgs) -> Result<(String, ExitStatus), CliError> {
    if !args.dir.is_dir() {
        return Err(CliError::BadInput(format!(
            "{}: no such directory",
            args.dir.display()
        )));
    }
    let parts = read_all(std::slice::from_ref(&args.dir))?;
    let now = now_ms();
    let infos: Vec<&WorkerInfo> = parts.iter().filter_map(|(_, w, _)| w.as_ref()).collect();
    let bound = silent_bound(args.silent_after, &infos);
    let workers: Vec<WorkerStatus> = parts
        .iter()
        .map(|(path, worker, report)| {
            let quiet_ms = worker.as_ref().map(|w| now.saturating_sub(w.updated_ms));
            let playing = worker
                .as_ref()
                .is_some_and(|w| w.state == WorkerState::Playing);
            WorkerStatus {
                partition: path
                    .file_name()
                    .and_then(|n| partition_of(n.to_str()?))
                    .map(|p| p.to_string())
                    .unwrap_or_default(),
                worker: worker.clone(),
                games: played(&report.games),
                score: (report.players.len() == 2)
                    .then(|| report.encounters.first().cloned())
                    .flatten(),
                quiet_ms,
                silent: playing && bound.zip(quiet_ms).is_some_and(|(b, q)| q > b),
            }
        })
        .collect();
    let shares: Vec<_> = workers
        .iter()
        .filter_map(|w| w.partition.parse::<crate::runner::Partition>().ok())
        .collect();
    let n = shares.iter().map(|p| p.n()).max().unwrap_or(0);
    let missing = (1..=n)
        .filter(|&k| !shares.iter().any(|p| p.k() == k && p.n() == n))
        .map(|k| format!("{k}/{n}"))
        .collect();
    let results = merged(parts, None)?;
    let status = Status {
        dir: args.dir.clone(),
        silent_after_ms: bound,
        workers,
        missing,
        games: played(&results.games),
        encounters: results.encounters.clone(),
        standings: results.standings.clone(),
        sprt: results.sprt,
        results,
    };
    let silent = status.workers.iter().any(|w| w.silent);
    let text = match args.format {
        Format::Json => {
            let mut json = serde_json::to_string_pretty(&status).expect("plain data serialises");
            json.push('\n');
            json
        }
        _ => human(&status),
    };
    let exit = if silent {
        ExitStatus::Failed
    } else {
        ExitStatus::Passed
    };
    Ok((text, exit))
}

/// `1m 5s`, `12s`, `350ms`.
fn duration(ms: u64) -> String {
    let rounded = if ms >= 1000 { ms / 1000 * 1000 } else { ms };
    humantime::format_duration(Duration::from_millis(rounded)).to_string()
}

fn human(status: &Status) -> String {
    use std::fmt::Write as _;
    let results = &status.results;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::Partition;

    fn worker(started_ms: u64, finished_ms: Vec<u64>) -> WorkerInfo {
        WorkerInfo {
            partition: Partition::new(1, 2).unwrap(),
            host: "h".into(),
            pid: 1,
            state: WorkerState::Playing,
            started_ms,
            updated_ms: finished_ms.last().copied().unwrap_or(started_ms),
            finished_ms,
        }
    }

    #[test]
    fn a_worker_is_silent_after_five_median_games_and_at_least_a_minute() {
        // Games of 20 s on one worker and 30 s on the other: the median is 20 s (the lower
        // middle of 20, 20, 30, 30).
        let a = worker(0, vec![20_000, 40_000]);
        let b = worker(0, vec![30_000, 60_000]);
        assert_eq!(median_game_ms(&[&a, &b]), Some(20_000));
        assert_eq!(silent_bound(None, &[&a, &b]), Some(100_000));
        // Fast games: the floor.
        let fast = worker(0, vec![100, 200, 300]);
        assert_eq!(silent_bound(None, &[&fast]), Some(60_000));
        // No game finished anywhere: no bound unless one is given.
        let new = worker(5, Vec::new());
        assert_eq!(silent_bound(None, &[&new]), None);
        assert_eq!(silent_bound(Some(0.5), &[&new]), Some(500));
    }
}
