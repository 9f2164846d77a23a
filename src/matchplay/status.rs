//! `arbiter match status DIR`: how the workers of a results directory are doing, read from
//! their files alone (no worker is asked anything): the score and SPRT over all their games so
//! far, each worker's games and state, and the workers that stopped reporting.
//!
//! A worker writes its file after every game, so a worker still playing whose file has not
//! changed for much longer than a game takes has most likely died (killed, its node lost) or
//! hangs. "Much longer" is `SILENT_FACTOR` times the median time between games finishing on
//! one worker, over all workers' games so far, and never less than `SILENT_FLOOR`: a single
//! long game (a long endgame, a slow opening) takes two or three times the median, and the
//! floor keeps very fast games and clocks a little apart between machines from raising false
//! alarms. Before any game has finished there is no median, and nothing is called silent
//! unless `--silent-after` gives the bound.

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::merge::{MergeError, merge};
use super::peers::WorkerState;
use super::results_dir::{WorkerInfo, partition_of};
use super::tally::{Encounter, Standing};
use super::{MatchReport, PlayedGame, SprtReport};
use crate::partition::Partition;

/// A worker is silent after this many median game times without a word.
pub(crate) const SILENT_FACTOR: u64 = 5;
/// And never before this long.
pub(crate) const SILENT_FLOOR: Duration = Duration::from_secs(60);

/// One worker as the status shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkerStatus {
    /// `k/n`.
    pub partition: String,
    /// The worker's own section of its file: host, process, state and times; none for a
    /// file of results alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worker: Option<WorkerInfo>,
    /// Its games played, aborted ones left out.
    pub games: usize,
    /// The score of its one encounter in a two-engine match; none with more engines, or
    /// before its first game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Encounter>,
    /// How long ago it last wrote its file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quiet_ms: Option<u64>,
    /// Still playing, yet quiet for longer than the silent bound: most likely dead or hung.
    pub silent: bool,
}

/// The whole status.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Status {
    /// The results directory the workers' files were read from.
    pub dir: PathBuf,
    /// The bound after which a worker still playing is called silent, when one is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub silent_after_ms: Option<u64>,
    /// Each worker's file, in the order of their shares.
    pub workers: Vec<WorkerStatus>,
    /// Shares of the match with no file yet.
    pub missing: Vec<String>,
    /// The games of all workers so far, aborted ones left out.
    pub games: usize,
    /// Each encounter's score over all workers' games, as `arbiter match merge` counts them.
    pub encounters: Vec<Encounter>,
    /// Each engine's score and Elo against the field over all workers' games, best first.
    pub standings: Vec<Standing>,
    /// The SPRT the workers play to, over all their games; none when the match has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtReport>,
}

/// One worker's file as read: its path, the worker's record (none in a file of results
/// alone) and its games.
pub(crate) type Part = (PathBuf, Option<WorkerInfo>, MatchReport);

impl Status {
    /// The status of the results directory `dir` now, from its workers' files: a worker
    /// still playing is silent once its file is older than `silent_after` seconds, or than
    /// the bound its games give when that is not given. Beside it, the match all the files
    /// make so far (merged as `arbiter match merge` merges them).
    pub fn of(
        dir: PathBuf,
        parts: Vec<Part>,
        silent_after: Option<f64>,
    ) -> Result<(Status, MatchReport), MergeError> {
        let now = now_ms();
        let infos: Vec<&WorkerInfo> = parts.iter().filter_map(|(_, w, _)| w.as_ref()).collect();
        let bound = silent_bound(silent_after, &infos);
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
        let shares: Vec<Partition> = workers
            .iter()
            .filter_map(|w| w.partition.parse().ok())
            .collect();
        let n = shares.iter().map(|p| p.n()).max().unwrap_or(0);
        let missing = (1..=n)
            .filter(|&k| !shares.iter().any(|p| p.k() == k && p.n() == n))
            .map(|k| format!("{k}/{n}"))
            .collect();
        let named = parts
            .into_iter()
            .map(|(path, _, report)| (path.display().to_string(), report))
            .collect();
        let results = merge(named, None)?;
        let status = Status {
            dir,
            silent_after_ms: bound,
            workers,
            missing,
            games: played(&results.games),
            encounters: results.encounters.clone(),
            standings: results.standings.clone(),
            sprt: results.sprt,
        };
        Ok((status, results))
    }

    /// Whether a worker still playing has fallen silent.
    pub fn any_silent(&self) -> bool {
        self.workers.iter().any(|w| w.silent)
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The games played: one aborted (its setup failed, or the SPRT decided while it ran) is in
/// the file but is not a game of the match, as it counts nowhere in the score.
fn played(games: &[PlayedGame]) -> usize {
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

#[cfg(test)]
mod tests {
    use super::*;

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
