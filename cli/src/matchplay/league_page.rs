//! `--html FILE`: the league page (`render::league`) of `arbiter match`, `match merge` and
//! `match status`, written whole by an atomic rename.
//!
//! While a match is played, the page is rewritten as games start and finish, at most every
//! [`REWRITE_INTERVAL`], and the page reloads itself (see `render::league::RELOAD`); at the
//! end, interrupted or not, the match writes the final page, which does not. Rewriting a file
//! rather than serving the page (`--serve PORT` with server-sent events) was chosen because
//! the file works wherever the match's other records do: opened from `file://`, kept as a CI
//! artefact, or read from the shared folder of a match spread over several machines; it
//! needs no port, no server process to outlive the match, and no firewall's leave. A reader
//! never sees half a page: the rename replaces the file in one step.
//!
//! The rewrites run on a thread of their own, fed the match's events, so rendering a long
//! match's page never holds up the games, and a game finishing just after a rewrite is written
//! once the interval has passed, not only when the next event comes.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::super::CliError;
use crate::render::league::{InProgress, Moment, page};
use arbiter::matchplay::sprt::{Sprt, SprtState};
use arbiter::matchplay::tally::{encounters, standings};
use arbiter::matchplay::{MatchEvent, MatchReport, PlayedGame, SprtReport};

/// The shortest time between two rewrites of a match's page: a match of fast games finishes
/// several a second, and each rewrite renders every game.
pub(super) const REWRITE_INTERVAL: Duration = Duration::from_secs(2);

/// Fails at once when the page could not be written to `path`: before the match, the merge
/// or the status is computed.
pub(super) fn check_writable(path: &Path) -> Result<(), CliError> {
    if path.is_dir() {
        return Err(CliError::Usage(format!(
            "--html {}: is a directory; give a file path",
            path.display()
        )));
    }
    arbiter::report::file::check_writable(path).map_err(|source| CliError::Input {
        context: format!("--html {}: cannot write", path.display()),
        source,
    })
}

/// Writes the league page of `report`, as it stands at `moment`, to `path`.
pub(super) fn write(
    path: &Path,
    report: &MatchReport,
    moment: &Moment<'_>,
) -> Result<(), CliError> {
    arbiter::report::file::write_atomically(path, page(report, moment).as_bytes()).map_err(
        |source| CliError::Write {
            context: format!("--html {}", path.display()),
            source,
        },
    )
}

/// What the writer is told of the match.
enum Update {
    Started(InProgress),
    Finished {
        game: Box<PlayedGame>,
        sprt: Option<SprtState>,
    },
}

/// The page of a match in play, rewritten on a thread of its own.
pub(super) struct LivePage {
    updates: mpsc::Sender<Update>,
    writer: JoinHandle<Option<CliError>>,
}

impl LivePage {
    /// Starts writing the page of the match `shape` describes (its game, players, plan,
    /// control and openings; its games are the events'), judged by `sprt`: a first page at
    /// once, with no game yet.
    pub(super) fn start(path: PathBuf, shape: MatchReport, sprt: Option<Sprt>) -> LivePage {
        let (updates, received) = mpsc::channel();
        let writer = std::thread::spawn(move || {
            let mut match_so_far = MatchSoFar {
                shape,
                sprt,
                state: None,
                games: Vec::new(),
                in_progress: Vec::new(),
            };
            rewrite(&path, &received, &mut match_so_far)
        });
        LivePage { updates, writer }
    }

    /// Tells the writer of a game started or finished.
    pub(super) fn observe(&self, event: &MatchEvent<'_>) {
        let update = match event {
            MatchEvent::Started {
                number,
                first,
                second,
                ..
            } => Update::Started(InProgress {
                number: *number,
                first: (*first).to_owned(),
                second: (*second).to_owned(),
            }),
            MatchEvent::Finished { game, sprt, .. } => Update::Finished {
                game: Box::new((*game).clone()),
                sprt: *sprt,
            },
            MatchEvent::PeerFileSkipped(_) => return,
        };
        // A writer that stopped has said why in its result, which `finish` returns.
        let _ = self.updates.send(update);
    }

    /// Stops the rewrites, for the final page to be written; returns the error of a rewrite
    /// that failed, if one did (the page then lags behind the match until the final one).
    pub(super) fn finish(self) -> Option<CliError> {
        drop(self.updates);
        self.writer
            .join()
            .unwrap_or_else(|_| Some(CliError::Usage("--html: the page's writer stopped".into())))
    }
}

/// The match as the page of a match in play shows it.
struct MatchSoFar {
    shape: MatchReport,
    sprt: Option<Sprt>,
    state: Option<SprtState>,
    games: Vec<PlayedGame>,
    in_progress: Vec<InProgress>,
}

impl MatchSoFar {
    fn apply(&mut self, update: Update) {
        match update {
            Update::Started(game) => self.in_progress.push(game),
            Update::Finished { game, sprt } => {
                self.in_progress.retain(|g| g.number != game.record.number);
                self.state = sprt.or(self.state);
                let at = self
                    .games
                    .partition_point(|g| g.record.number < game.record.number);
                self.games.insert(at, *game);
            }
        }
    }

    /// The report of the games finished so far, scored as the match scores them.
    fn report(&self) -> MatchReport {
        let players = &self.shape.players;
        let outcomes: Vec<_> = self.games.iter().filter_map(PlayedGame::outcome).collect();
        let found = encounters(players, &outcomes);
        MatchReport {
            game: self.shape.game,
            players: players.clone(),
            plan: self.shape.plan,
            control: self.shape.control.clone(),
            openings: self.shape.openings.clone(),
            games: self.games.clone(),
            standings: standings(players, &found),
            encounters: found,
            sprt: self
                .sprt
                .zip(self.state)
                .map(|(settings, state)| SprtReport { settings, state }),
        }
    }
}

/// Rewrites the page as updates come, at most every [`REWRITE_INTERVAL`], until the match
/// stops sending them; returns the first failed write's error.
fn rewrite(
    path: &Path,
    received: &mpsc::Receiver<Update>,
    match_so_far: &mut MatchSoFar,
) -> Option<CliError> {
    let mut failed = None;
    let mut written: Option<Instant> = None;
    let mut changed = true;
    loop {
        let due = written.map_or(Duration::ZERO, |at| {
            REWRITE_INTERVAL.saturating_sub(at.elapsed())
        });
        if changed && due.is_zero() {
            let report = match_so_far.report();
            let moment = Moment::Playing {
                in_progress: &match_so_far.in_progress,
            };
            if let Err(e) = write(path, &report, &moment) {
                failed.get_or_insert(e);
            }
            written = Some(Instant::now());
            changed = false;
            continue;
        }
        // Nothing new waits for no deadline: the next update, or the match's end.
        let next = if changed {
            received.recv_timeout(due)
        } else {
            received.recv().map_err(|_| RecvTimeoutError::Disconnected)
        };
        match next {
            Ok(update) => {
                match_so_far.apply(update);
                changed = true;
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return failed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter::matchplay::schedule::{Plan, Tournament};
    use arbiter::matchplay::{Colours, GameRecord, GameResult, MatchGame, Opening, Termination};
    use arbiter::protocol::GameKind;

    fn shape() -> MatchReport {
        MatchReport {
            game: MatchGame::Chess,
            players: vec!["a".into(), "b".into()],
            plan: Plan {
                tournament: Tournament::RoundRobin,
                games: 4,
                rounds: 1,
                repeat: false,
                partition: None,
            },
            control: "st=0.1".into(),
            openings: None,
            games: Vec::new(),
            encounters: Vec::new(),
            standings: Vec::new(),
            sprt: None,
        }
    }

    fn finished(number: usize) -> Update {
        Update::Finished {
            game: Box::new(PlayedGame {
                record: GameRecord {
                    number,
                    first: "a".into(),
                    second: "b".into(),
                    colours: Colours::new(GameKind::Chess, "a", "b"),
                    opening: Opening::default(),
                    moves: vec!["e2e4".into()],
                    result: GameResult::FirstWins,
                    termination: Termination::MaxLength,
                    move_times_ms: vec![12.0],
                    move_info: Vec::new(),
                    overrun_ms: None,
                    findings: Vec::new(),
                    undeclared_options: Vec::new(),
                    aborted: false,
                },
                pair: None,
            }),
            sprt: None,
        }
    }

    #[test]
    fn games_finished_out_of_order_are_shown_in_order_and_scored() {
        let mut so_far = MatchSoFar {
            shape: shape(),
            sprt: None,
            state: None,
            games: Vec::new(),
            in_progress: Vec::new(),
        };
        for number in [2, 1] {
            so_far.apply(Update::Started(InProgress {
                number,
                first: "a".into(),
                second: "b".into(),
            }));
        }
        so_far.apply(finished(2));
        assert_eq!(so_far.in_progress.len(), 1);
        so_far.apply(finished(1));
        let report = so_far.report();
        let numbers: Vec<usize> = report.games.iter().map(|g| g.record.number).collect();
        assert_eq!(numbers, [1, 2]);
        assert_eq!(report.standings[0].name, "a");
        assert_eq!(report.standings[0].score.wins, 2);
        assert!(so_far.in_progress.is_empty());
    }

    /// The page is written at once, rewritten no sooner than the interval after, and the
    /// writer stops when the match does.
    #[test]
    fn the_page_is_written_at_once_and_rewritten_at_most_every_interval() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("league.html");
        let live = LivePage::start(path.clone(), shape(), None);
        let deadline = Instant::now() + Duration::from_secs(10);
        while !path.exists() {
            assert!(Instant::now() < deadline, "the first page is written");
            std::thread::sleep(Duration::from_millis(10));
        }
        let first = std::fs::read_to_string(&path).unwrap();
        assert!(first.contains("playing: 0 of 4 games finished"));
        let sent = Instant::now();
        live.updates.send(finished(1)).unwrap();
        while !std::fs::read_to_string(&path)
            .unwrap()
            .contains("playing: 1 of 4")
        {
            assert!(Instant::now() < deadline, "the game is written");
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            sent.elapsed() >= REWRITE_INTERVAL - Duration::from_millis(200),
            "rewritten only once the interval had passed: {:?}",
            sent.elapsed()
        );
        assert!(live.finish().is_none());
    }
}
