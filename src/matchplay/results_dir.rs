//! `--results-dir DIR`: where the workers of one match meet, on a filesystem they share (NFS,
//! a mounted volume). Each worker owns one file, `part-K-of-N.json`, named after its share of
//! the games: the match's results so far (the same document as `arbiter match --out`, so
//! `arbiter match merge` reads either) and a `worker` section (its host and process, its state,
//! when each of its games finished).
//!
//! The file is rewritten whole after each game: written to a temporary file in DIR, flushed to
//! disk, then renamed over the old one. A rename within one directory is atomic on POSIX
//! filesystems (NFS included), so a reader — another worker, `merge`, `status` — sees the old
//! file or the new one, never half of one, and a worker killed at any moment leaves only whole
//! games. A worker run again for the same share replaces its own file and no other. Temporary
//! files start with a dot and are never read as results.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::peers::{Elsewhere, Peers, WorkerState};
use super::schedule::Plan;
use super::tally::GameOutcome;
use super::tournament::MatchReport;
use crate::partition::Partition;
use crate::report::file::write_atomically;

/// What can go wrong with a results directory.
#[derive(Debug, thiserror::Error)]
pub enum ResultsDirError {
    /// The directory cannot be made or listed.
    #[error("--results-dir {dir}: {source}")]
    Dir {
        /// The directory.
        dir: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// This worker's file cannot be written.
    #[error("{path}: cannot write this worker's results: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A file cannot be read.
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A file does not hold a match's results.
    #[error("{path}: not the results of `arbiter match`: {source}")]
    NotResults {
        /// The file.
        path: PathBuf,
        /// Where and why it does not read.
        #[source]
        source: serde_json::Error,
    },
    /// A directory given holds no worker's file.
    #[error("{dir}: no worker's results (part-K-of-N.json) in it")]
    /// No worker's file in the directory.
    Empty {
        /// The directory.
        dir: PathBuf,
    },
    /// A file is named twice among the results given.
    #[error("{path} is given twice{}", also.as_ref().map(|d| format!(" (in {} too)", d.display())).unwrap_or_default())]
    GivenTwice {
        /// The file.
        path: PathBuf,
        /// The directory given that holds it, when it came through one.
        also: Option<PathBuf>,
    },
}

/// What a worker did not count of what the others wrote in the directory, said once (an
/// unreadable file again only once it has read in between): a warning, not an error, as the
/// match goes on without it.
#[derive(Debug, thiserror::Error)]
pub enum PeerFileSkipped {
    /// A share of another match: its games are not this match's.
    #[error("{path}: not counted: {difference}, unlike this worker's match")]
    OtherMatch {
        /// The file.
        path: PathBuf,
        /// How its match differs from this worker's.
        difference: OtherMatch,
    },
    /// A file (or the directory) that does not read now: being replaced on a filesystem
    /// without atomic renames, or not a worker's. It is read again after this worker's next
    /// game.
    #[error("{0}; not counted until it reads")]
    Unreadable(#[source] ResultsDirError),
}

/// How another match found in the results directory differs from this worker's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OtherMatch {
    /// Other engines play it.
    #[error("its players are {}", .0.join(", "))]
    Players(Vec<String>),
    /// It is spread over another number of workers than this worker's match.
    #[error("it is not a share of {0} workers")]
    Shares(usize),
    /// Its games per encounter, rounds or pairs are not this match's.
    #[error("its games, rounds or pairs differ")]
    Plan,
}

/// A worker of the match, as its file says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkerInfo {
    /// Its share of the games, `k/n`.
    pub partition: Partition,
    /// The machine it runs on, by its host name (`unknown` when the name cannot be read).
    pub host: String,
    /// Its process id on that machine, to find a worker that has fallen silent.
    pub pid: u32,
    /// Where it stands by its own last word; a worker that died still says it is playing.
    pub state: WorkerState,
    /// When it started (milliseconds since the Unix epoch).
    pub started_ms: u64,
    /// When it last wrote its file (milliseconds since the Unix epoch): a worker still
    /// playing whose file is too old is called silent by `arbiter match status`.
    pub updated_ms: u64,
    /// When each of its games finished, in the order they did.
    #[serde(default)]
    pub finished_ms: Vec<u64>,
}

/// A worker's file: the worker, and its results so far.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WorkerFile {
    /// The worker that owns the file: the file's `worker` section.
    pub worker: WorkerInfo,
    /// Its results so far, the same document `arbiter match --out` writes, beside `worker`.
    #[serde(flatten)]
    pub report: MatchReport,
}

/// The name of share `partition`'s file.
pub fn file_name(partition: Partition) -> String {
    format!("part-{}-of-{}.json", partition.k(), partition.n())
}

/// The share a file's name says, for `part-K-of-N.json`.
pub(crate) fn partition_of(name: &str) -> Option<Partition> {
    let (k, n) = name
        .strip_prefix("part-")?
        .strip_suffix(".json")?
        .split_once("-of-")?;
    Partition::new(k.parse().ok()?, n.parse().ok()?)
}

/// The workers' files in `dir`, in the order of their shares.
pub fn worker_files(dir: &Path) -> Result<Vec<PathBuf>, ResultsDirError> {
    let entries = std::fs::read_dir(dir).map_err(|source| ResultsDirError::Dir {
        dir: dir.to_owned(),
        source,
    })?;
    let mut files: Vec<(usize, usize, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name();
            let partition = partition_of(name.to_str()?)?;
            Some((partition.n(), partition.k(), entry.path()))
        })
        .collect();
    files.sort();
    Ok(files.into_iter().map(|(.., path)| path).collect())
}

/// The results files `sources` name: files as given, and the workers' files of the
/// directories given. A file named twice — given twice, or given and also in a directory
/// given, or a directory given twice — is an error naming it: its games would count once all
/// the same, so the second naming can only be a slip that hides another file left out.
pub fn result_files(sources: &[PathBuf]) -> Result<Vec<PathBuf>, ResultsDirError> {
    // Each file by its canonical path (so `./a.json` and `a.json` are one), with the
    // directory it came through.
    let mut seen: Vec<(PathBuf, Option<PathBuf>)> = Vec::new();
    let mut files = Vec::new();
    for source in sources {
        let (found, dir) = if source.is_dir() {
            let found = worker_files(source)?;
            if found.is_empty() {
                return Err(ResultsDirError::Empty {
                    dir: source.clone(),
                });
            }
            (found, Some(source.clone()))
        } else {
            (vec![source.clone()], None)
        };
        for file in found {
            let canonical = std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone());
            if let Some((_, earlier)) = seen.iter().find(|(c, _)| *c == canonical) {
                return Err(ResultsDirError::GivenTwice {
                    path: file,
                    also: earlier.clone().or_else(|| dir.clone()),
                });
            }
            seen.push((canonical, dir.clone()));
            files.push(file);
        }
    }
    Ok(files)
}

/// Reads a worker's file, or the results an `arbiter match --out` wrote (a worker without its
/// `worker` section: `None`).
pub fn read(path: &Path) -> Result<(Option<WorkerInfo>, MatchReport), ResultsDirError> {
    #[derive(Deserialize)]
    struct Either {
        #[serde(default)]
        worker: Option<WorkerInfo>,
        #[serde(flatten)]
        report: MatchReport,
    }
    let text = std::fs::read_to_string(path).map_err(|source| ResultsDirError::Read {
        path: path.to_owned(),
        source,
    })?;
    let either: Either =
        serde_json::from_str(&text).map_err(|source| ResultsDirError::NotResults {
            path: path.to_owned(),
            source,
        })?;
    Ok((either.worker, either.report.named_in_its_game()))
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// This machine's name, as the worker's file says where it ran.
fn host_name() -> String {
    let mut buffer = [0u8; 256];
    // SAFETY: the buffer is valid for its whole length, which is what gethostname is told.
    let ok = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len()) } == 0;
    let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
    if ok && end > 0 {
        String::from_utf8_lossy(&buffer[..end]).into_owned()
    } else {
        "unknown".into()
    }
}

/// This worker's place in a results directory: it writes its own file and reads the others'.
pub struct ResultsDir {
    dir: PathBuf,
    path: PathBuf,
    worker: WorkerInfo,
    /// The match the others must be playing: its players and plan (the share aside).
    players: Vec<String>,
    plan: Plan,
    /// The files of other matches, said once each.
    ignored: BTreeSet<PathBuf>,
    /// The files (and the directory) that did not read when last read, said once each
    /// until they read again.
    unreadable: BTreeSet<PathBuf>,
    /// The opening book as the match's report names it (the caller knows it, not the games).
    openings: Option<String>,
    /// The first write that failed; the caller ends with it, as the results would be lost.
    error: Option<ResultsDirError>,
}

impl ResultsDir {
    /// Joins `dir` (made if missing) as share `partition` of a match of `players` to `plan`.
    pub fn join(
        dir: &Path,
        partition: Partition,
        players: &[String],
        plan: Plan,
    ) -> Result<ResultsDir, ResultsDirError> {
        std::fs::create_dir_all(dir).map_err(|source| ResultsDirError::Dir {
            dir: dir.to_owned(),
            source,
        })?;
        let now = now_ms();
        Ok(ResultsDir {
            dir: dir.to_owned(),
            path: dir.join(file_name(partition)),
            worker: WorkerInfo {
                partition,
                host: host_name(),
                pid: std::process::id(),
                state: WorkerState::Playing,
                started_ms: now,
                updated_ms: now,
                finished_ms: Vec::new(),
            },
            players: players.to_vec(),
            plan: Plan {
                partition: None,
                ..plan
            },
            ignored: BTreeSet::new(),
            unreadable: BTreeSet::new(),
            openings: None,
            error: None,
        })
    }

    /// Names the opening book in the results this worker writes, as `--out` names it.
    pub fn with_openings(mut self, openings: Option<String>) -> ResultsDir {
        self.openings = openings;
        self
    }

    /// This worker's file.
    #[cfg(test)]
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The first write that failed, if one did.
    pub fn take_error(&mut self) -> Option<ResultsDirError> {
        self.error.take()
    }

    /// How the match of a file in the directory differs from this worker's, if it is not
    /// another share of it.
    fn other_match(&self, glimpse: &Glimpse) -> Option<OtherMatch> {
        if glimpse.players != self.players {
            return Some(OtherMatch::Players(glimpse.players.clone()));
        }
        // A match played whole is one share of one.
        let share_count = glimpse.plan.partition.map_or(1, |(_, n)| n);
        if share_count != self.worker.partition.n() {
            return Some(OtherMatch::Shares(self.worker.partition.n()));
        }
        let plan = Plan {
            partition: None,
            ..glimpse.plan
        };
        (plan != self.plan).then_some(OtherMatch::Plan)
    }

    /// The games another worker's file holds, counted into `elsewhere` unless the file is
    /// not this match's or does not read now, which is said once.
    fn count(&mut self, path: PathBuf, elsewhere: &mut Elsewhere) {
        let glimpse = match Glimpse::read(&path) {
            Ok(glimpse) => glimpse,
            Err(error) => {
                if self.unreadable.insert(path) {
                    elsewhere.skipped.push(PeerFileSkipped::Unreadable(error));
                }
                return;
            }
        };
        self.unreadable.remove(&path);
        if let Some(difference) = self.other_match(&glimpse) {
            if self.ignored.insert(path.clone()) {
                let skipped = PeerFileSkipped::OtherMatch { path, difference };
                elsewhere.skipped.push(skipped);
            }
            return;
        }
        elsewhere.games.extend(glimpse.outcomes());
    }

    /// The other workers' files in the directory; none, said once, while it cannot be listed.
    fn others(&mut self, elsewhere: &mut Elsewhere) -> Vec<PathBuf> {
        match worker_files(&self.dir) {
            Ok(files) => {
                self.unreadable.remove(&self.dir);
                files.into_iter().filter(|p| *p != self.path).collect()
            }
            Err(error) => {
                if self.unreadable.insert(self.dir.clone()) {
                    elsewhere.skipped.push(PeerFileSkipped::Unreadable(error));
                }
                Vec::new()
            }
        }
    }
}

/// What another worker's file is read for here: its match, and its games' results.
#[derive(Deserialize)]
struct Glimpse {
    players: Vec<String>,
    plan: Plan,
    games: Vec<GlimpsedGame>,
}

#[derive(Deserialize)]
struct GlimpsedGame {
    #[serde(flatten)]
    outcome: GameOutcome,
    #[serde(default)]
    aborted: bool,
}

impl Glimpse {
    fn read(path: &Path) -> Result<Glimpse, ResultsDirError> {
        let text = std::fs::read_to_string(path).map_err(|source| ResultsDirError::Read {
            path: path.to_owned(),
            source,
        })?;
        serde_json::from_str(&text).map_err(|source| ResultsDirError::NotResults {
            path: path.to_owned(),
            source,
        })
    }

    /// The games that count: all but those aborted once the match was decided.
    fn outcomes(self) -> impl Iterator<Item = GameOutcome> {
        self.games
            .into_iter()
            .filter(|g| !g.aborted)
            .map(|g| g.outcome)
    }
}

impl Peers for ResultsDir {
    fn finished_elsewhere(&mut self) -> Elsewhere {
        let mut elsewhere = Elsewhere::default();
        for path in self.others(&mut elsewhere) {
            self.count(path, &mut elsewhere);
        }
        elsewhere
    }

    fn publish(&mut self, report: &MatchReport, state: WorkerState) {
        let now = now_ms();
        let finished = report.games.len();
        // Each game is published once, as it finishes.
        while self.worker.finished_ms.len() < finished {
            self.worker.finished_ms.push(now);
        }
        self.worker.state = state;
        self.worker.updated_ms = now;
        let mut report = report.clone();
        report.openings = report.openings.or_else(|| self.openings.clone());
        let file = WorkerFile {
            worker: self.worker.clone(),
            report,
        };
        let mut json = serde_json::to_vec_pretty(&file).expect("plain data serialises");
        json.push(b'\n');
        if let Err(source) = write_atomically(&self.path, &json)
            && self.error.is_none()
        {
            self.error = Some(ResultsDirError::Write {
                path: self.path.clone(),
                source,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_named_after_its_share_and_read_back_so() {
        let p = Partition::new(3, 4).unwrap();
        assert_eq!(file_name(p), "part-3-of-4.json");
        assert_eq!(partition_of("part-3-of-4.json"), Some(p));
        for other in [
            "part-5-of-4.json",
            ".part-1-of-4.json.x1y2.tmp",
            "part-1-of-4.json.tmp",
            "whole.json",
        ] {
            assert_eq!(partition_of(other), None, "{other}");
        }
    }

    /// Another worker's file that does not read, or is another match's share, is not counted
    /// and is said once: an unreadable one again only after it has read in between.
    #[test]
    fn a_peer_file_not_counted_is_said_once() {
        use crate::matchplay::MatchGame;
        use crate::matchplay::schedule::Tournament;
        let players = vec!["a".to_owned(), "b".to_owned()];
        let plan = Plan {
            tournament: Tournament::RoundRobin,
            games: 2,
            rounds: 1,
            repeat: false,
            partition: Some((1, 2)),
        };
        let report = MatchReport {
            game: MatchGame::Xiangqi,
            players: players.clone(),
            plan,
            control: "st=0.1".into(),
            openings: None,
            games: Vec::new(),
            encounters: Vec::new(),
            standings: Vec::new(),
            sprt: None,
        };
        let dir = tempfile::tempdir().unwrap();
        let share = |k| Partition::new(k, 2).unwrap();
        let mut me = ResultsDir::join(dir.path(), share(1), &players, plan).unwrap();
        let mut peer = ResultsDir::join(dir.path(), share(2), &players, plan).unwrap();
        peer.publish(&report, WorkerState::Playing);
        let skipped = |me: &mut ResultsDir| me.finished_elsewhere().skipped;
        assert!(skipped(&mut me).is_empty());

        std::fs::write(peer.path(), "{ half a file").unwrap();
        let said = skipped(&mut me);
        assert!(
            matches!(
                said.as_slice(),
                [PeerFileSkipped::Unreadable(ResultsDirError::NotResults { path, .. })]
                    if path == peer.path()
            ),
            "{said:?}"
        );
        assert!(
            said[0]
                .to_string()
                .ends_with("; not counted until it reads"),
            "{}",
            said[0]
        );
        assert!(skipped(&mut me).is_empty(), "said once");
        peer.publish(&report, WorkerState::Playing);
        assert!(skipped(&mut me).is_empty());
        std::fs::write(peer.path(), "").unwrap();
        assert_eq!(
            skipped(&mut me).len(),
            1,
            "said again once it read in between"
        );

        let other = dir.path().join(file_name(Partition::new(1, 3).unwrap()));
        let three = Plan {
            partition: Some((1, 3)),
            ..plan
        };
        let json = serde_json::to_string(&MatchReport {
            plan: three,
            ..report.clone()
        })
        .unwrap();
        std::fs::write(&other, json).unwrap();
        let said = skipped(&mut me);
        assert!(
            matches!(
                said.as_slice(),
                [PeerFileSkipped::OtherMatch { path, difference: OtherMatch::Shares(2) }]
                    if *path == other
            ),
            "{said:?}"
        );
        assert_eq!(
            said[0].to_string(),
            format!(
                "{}: not counted: it is not a share of 2 workers, unlike this worker's match",
                other.display()
            )
        );
        assert!(skipped(&mut me).is_empty(), "said once");
    }

    /// A worker's file reads back as it was written: a gomoku game's colours (which its names
    /// alone do not tell from chess), its ending, and figures JSON writes as `null` (the Elo of
    /// a sweep).
    #[test]
    fn a_worker_file_reads_back_as_it_was_written() {
        use crate::matchplay::schedule::Tournament;
        use crate::matchplay::tally::{encounters, standings};
        use crate::matchplay::termination::{Colour, RuleEnding, Termination};
        use crate::matchplay::{Colours, GameRecord, GameResult, MatchGame, PlayedGame};
        use crate::protocol::GameKind;
        use crate::rules::gomoku::Rule;
        let record = GameRecord {
            number: 1,
            first: "a".into(),
            second: "b".into(),
            colours: Colours::new(GameKind::Gomoku, "a", "b"),
            opening: Default::default(),
            moves: vec!["7,7".into()],
            result: GameResult::FirstWins,
            termination: Termination::Rules(RuleEnding::FiveInARow {
                winner: Colour::Black,
            }),
            move_times_ms: vec![3.5],
            move_info: Vec::new(),
            overrun_ms: None,
            findings: Vec::new(),
            undeclared_options: Vec::new(),
            aborted: false,
        };
        let game = PlayedGame { record, pair: None };
        let players = vec!["a".to_owned(), "b".to_owned()];
        let outcomes: Vec<_> = game.outcome().into_iter().collect();
        let encounters = encounters(&players, &outcomes);
        let standings = standings(&players, &encounters);
        assert!(standings[0].elo.is_infinite());
        let plan = Plan {
            tournament: Tournament::RoundRobin,
            games: 2,
            rounds: 1,
            repeat: false,
            partition: Some((1, 2)),
        };
        let report = MatchReport {
            game: MatchGame::Gomoku {
                size: 15,
                rule: Rule::RENJU,
            },
            players: players.clone(),
            plan,
            control: "st=0.1".into(),
            openings: None,
            games: vec![game],
            encounters,
            standings,
            sprt: None,
        };
        let dir = tempfile::tempdir().unwrap();
        let partition = Partition::new(1, 2).unwrap();
        let mut worker = ResultsDir::join(dir.path(), partition, &players, plan).unwrap();
        worker.publish(&report, WorkerState::Done);
        assert!(worker.take_error().is_none());
        let (info, read) = read(worker.path()).unwrap();
        let info = info.unwrap();
        assert_eq!((info.partition, info.state), (partition, WorkerState::Done));
        assert_eq!(info.finished_ms.len(), 1);
        assert_eq!(
            serde_json::to_value(&read.games).unwrap(),
            serde_json::to_value(&report.games).unwrap()
        );
        assert_eq!(read.game, report.game);
        assert_eq!(
            read.games[0].record.colours,
            Colours::Gomoku {
                black: "a".into(),
                white: "b".into()
            }
        );
    }

    /// A results file whose ending says no ending a game can have is an error naming the
    /// file and the words, not a game with a made-up ending.
    #[test]
    fn words_of_no_ending_are_an_error_naming_the_file() {
        let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/results/old-schema/part-1-of-2.json");
        let text = std::fs::read_to_string(fixture).unwrap();
        let corrupt = text.replacen("\"Black disconnects\"", "\"Black plays on\"", 1);
        assert_ne!(corrupt, text);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("part-1-of-2.json");
        std::fs::write(&path, corrupt).unwrap();
        let error = read(&path).unwrap_err();
        assert!(
            matches!(error, ResultsDirError::NotResults { .. }),
            "{error}"
        );
        let message = error.to_string();
        assert!(message.contains(&path.display().to_string()), "{message}");
        assert!(
            message.contains("`Black plays on` is not how a game ends"),
            "{message}"
        );
    }
}
