//! Plays a tournament's games, `concurrency` at a time, and keeps its score as they finish:
//! per encounter, with game pairs, and the SPRT that may stop it early. As one worker of
//! several (`peers`), it publishes its games as they finish and its SPRT is over all the
//! workers' games. Every game is one refereed game (`play_game`): one session per engine, one
//! judge, one report model.
//!
//! Once the SPRT has decided, no game starts; the games in progress are finished, or aborted
//! as the user chose ([`OnDecision`]). An aborted game stays in the report, `aborted`, and
//! counts nowhere: not in the score, the pairs, the SPRT or the PGN.

mod report;
mod workers;

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

pub use report::{MatchReport, PlayedGame, SprtReport};

use super::options::EngineOptions;
use super::peers::{Peers, WorkerState, union_encounter};
use super::referee::{Amendment, Refereed};
use super::results_dir::PeerFileSkipped;
use super::schedule::{Job, Plan};
use super::sprt::{Sprt, SprtState};
use super::tally::{Encounter, Tally};
use super::{Finding, MatchSettings, Opening, Player};
use crate::session::interrupt;
use workers::{Games, Message};

/// How often a worker with peers looks at their games while its own are played, so that their
/// decision reaches its games in progress (an SPRT over all the workers' games).
const PEER_POLL: Duration = Duration::from_millis(500);

/// How the games are scheduled and when the match stops.
#[derive(Debug, Clone, Copy)]
pub struct TournamentOptions {
    /// Which games are played: the tournament's kind, games per encounter, rounds, pairs,
    /// and this worker's share.
    pub plan: Plan,
    /// Games played at once, each with its own engines.
    pub concurrency: usize,
    /// The test that stops the match early once it decides; none: every game is played.
    pub sprt: Option<Sprt>,
    /// What becomes of the games in progress once the SPRT has decided.
    pub on_decision: OnDecision,
    /// Whether each game starts its engines afresh, or keeps them from the last game.
    pub restart: Restart,
}

/// Whether each game starts its engines afresh (fastchess's `-restart on`) or a worker keeps
/// an engine for its next game (`off`, fastchess's default), readied for it the protocol's
/// way; an engine at fault in a game, or that exits or fails to get ready, is started afresh.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Restart {
    /// Every game its own processes: each engine's session is judged on its own, and no
    /// state can pass from one game to the next. Arbiter's default, as a conformance run.
    #[default]
    On,
    /// Engines kept between games: no start-up per game (networks, tables, books loaded once).
    Off,
}

/// What a worker does with its games in progress once the SPRT (over its games, or over all
/// the workers') has decided; either way it starts no other game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum OnDecision {
    /// Play them out; their results count, and may move the test further.
    #[default]
    Finish,
    /// End them at once: their engines are stopped, and the games are aborted, counting
    /// nowhere. The match ends within moments of the decision instead of a game's length.
    Abort,
}

/// What a match tells its observer, in the order it happens.
pub enum MatchEvent<'a> {
    /// A game has begun.
    Started {
        /// Its number in the whole match.
        number: usize,
        /// The games of the whole match, all workers' shares together.
        of: usize,
        /// The engine playing the first colour.
        first: &'a str,
        /// The engine playing the second colour.
        second: &'a str,
    },
    /// A game has ended and been counted.
    Finished {
        /// The game, as its record will be in the report.
        game: &'a PlayedGame,
        /// The score of the encounter the game belongs to, after it.
        encounter: Option<&'a Encounter>,
        /// The SPRT after it, when there is one.
        sprt: Option<SprtState>,
        /// Every encounter's score after it.
        tally: &'a Tally,
        /// What its engines' options held (those whose options were set), for the lines
        /// that name them.
        options: &'a [EngineOptions],
    },
    /// As one worker of several: something another worker wrote was not counted (a file
    /// that does not read, another match's share). Said once; the match goes on.
    PeerFileSkipped(&'a PeerFileSkipped),
}

/// Plays the match: the plan's games, `openings` taken in turn (none: the standard start),
/// telling `observe` of each game as it starts and ends. Stops starting games once the SPRT
/// has decided.
pub fn play_tournament(
    players: &[Player],
    openings: &[Opening],
    settings: &MatchSettings,
    options: &TournamentOptions,
    observe: impl FnMut(MatchEvent<'_>),
) -> MatchReport {
    play_tournament_with_peers(players, openings, settings, options, None, observe)
}

/// [`play_tournament`] as one worker of several (`peers`): its games are published as they
/// finish, and the SPRT is over its games and the others' together, so every worker stops
/// starting games once the test over all of them has decided. While its games are played it
/// looks at the others' every `PEER_POLL`, so that their decision can abort its games in
/// progress ([`OnDecision::Abort`]).
pub fn play_tournament_with_peers(
    players: &[Player],
    openings: &[Opening],
    settings: &MatchSettings,
    options: &TournamentOptions,
    peers: Option<&mut dyn Peers>,
    observe: impl FnMut(MatchEvent<'_>),
) -> MatchReport {
    let games = Games::new(players, openings, settings, options);
    // The peers' borrow, shortened to the games'.
    let peers = peers.map(|peers| -> &mut dyn Peers { peers });
    let mut tournament = Tournament::new(&games, players, settings, options, peers, observe);
    tournament.begin();
    std::thread::scope(|scope| tournament.follow(&games.play(scope)));
    tournament.end()
}

/// A tournament as its games start and finish: it counts each game as it finishes (its
/// encounter, the pairs, the SPRT), tells the observer, and, as one worker of several, tells
/// the others of its games and hears of theirs.
struct Tournament<'a, O> {
    games: &'a Games<'a>,
    settings: &'a MatchSettings,
    options: &'a TournamentOptions,
    names: Vec<String>,
    /// The games of the whole match, all workers' shares together.
    total: usize,
    /// The games finished so far, in the order they did.
    played: Vec<PlayedGame>,
    tally: Tally,
    sprt_state: Option<SprtState>,
    peers: Option<&'a mut dyn Peers>,
    observe: O,
}

impl<'a, O: FnMut(MatchEvent<'_>)> Tournament<'a, O> {
    fn new(
        games: &'a Games<'a>,
        players: &[Player],
        settings: &'a MatchSettings,
        options: &'a TournamentOptions,
        peers: Option<&'a mut dyn Peers>,
        observe: O,
    ) -> Self {
        let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        Tournament {
            games,
            settings,
            options,
            total: options.plan.total(players.len()),
            tally: Tally::new(&names),
            names,
            played: Vec::new(),
            sprt_state: None,
            peers,
            observe,
        }
    }

    /// Tells the others this worker has joined; their games may have decided the test already.
    fn begin(&mut self) {
        if self.peers.is_some() {
            self.publish(WorkerState::Playing);
            self.sprt_state = self.judge(None);
            self.games.decided(self.sprt_state);
        }
    }

    /// Hears from the threads that play the games until the last one is done.
    fn follow(&mut self, messages: &mpsc::Receiver<Message>) {
        while let Some(message) = self.next_message(messages) {
            match message {
                Message::Started(job) => self.on_started(job),
                // A game cut short by Ctrl-C or SIGTERM has no result: its engines were
                // stopped by the harness, not by their own doing.
                Message::Finished(_, _, counted) if interrupt::raised().is_some() => {
                    let _ = counted.send(());
                }
                Message::Finished(job, game, counted) => self.on_finished(job, *game, &counted),
                Message::Amended(amendment) => self.on_amended(amendment),
            }
        }
    }

    /// The threads' next message; none once they are all done. With peers that may decide
    /// the match, their games are looked at while it is awaited.
    fn next_message(&mut self, messages: &mpsc::Receiver<Message>) -> Option<Message> {
        if !self.peers_may_decide() {
            return messages.recv().ok();
        }
        loop {
            match messages.recv_timeout(PEER_POLL) {
                Ok(message) => return Some(message),
                Err(RecvTimeoutError::Timeout) => self.poll_peers(),
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// Whether other workers' games count in this one's SPRT.
    fn peers_may_decide(&self) -> bool {
        self.peers.is_some() && self.options.sprt.is_some()
    }

    /// The SPRT over the others' games too, between this worker's games: their decision
    /// stops this worker (and aborts its games in progress, if so chosen).
    fn poll_peers(&mut self) {
        if !self.games.stopped() {
            self.sprt_state = self.judge(None).or(self.sprt_state);
            self.games.decided(self.sprt_state);
        }
    }

    fn on_started(&mut self, job: Job) {
        (self.observe)(MatchEvent::Started {
            number: job.number,
            of: self.total,
            first: &self.names[job.first],
            second: &self.names[job.second],
        });
    }

    /// Counts a finished game, lets its thread go on (or stop, if the match is now decided),
    /// and tells the observer.
    fn on_finished(&mut self, job: Job, game: Refereed, counted: &mpsc::Sender<()>) {
        let Refereed {
            record, options, ..
        } = game;
        let encounter = self.count(PlayedGame {
            record,
            pair: job.pair,
        });
        let _ = counted.send(());
        (self.observe)(MatchEvent::Finished {
            game: self.played.last().expect("just counted"),
            encounter: encounter.as_ref(),
            sprt: self.sprt_state,
            tally: &self.tally,
            options: &options,
        });
    }

    /// Counts a game in its encounter and the SPRT, stops the match once the test has
    /// decided, and tells the others; returns the encounter's score after it.
    fn count(&mut self, game: PlayedGame) -> Option<Encounter> {
        let encounter = game.outcome().and_then(|o| self.tally.add(o)).cloned();
        self.played.push(game);
        if encounter.is_some() {
            self.sprt_state = self.judge(encounter.as_ref());
        }
        self.games.decided(self.sprt_state);
        self.publish(WorkerState::Playing);
        encounter
    }

    /// A kept engine's findings after a game, added to that game's record.
    fn on_amended(&mut self, Amendment { game, findings }: Amendment) {
        let Some(played) = self.played.iter_mut().find(|g| g.record.number == game) else {
            return;
        };
        // After the game: one past its last move, as a finding of an engine's ending is
        // placed (`Finding::ply`).
        let after = played.record.moves.len() + 1;
        played
            .record
            .findings
            .extend(findings.into_iter().map(|f| Finding {
                ply: f.ply.or(Some(after)),
                ..f
            }));
    }

    /// The SPRT over this worker's games and, with peers, the others': it compares two
    /// engines, the one encounter of a two-engine match, over its completed pairs when the
    /// match plays pairs. `own` is this worker's encounter, for a worker without peers.
    fn judge(&mut self, own: Option<&Encounter>) -> Option<SprtState> {
        let (Some(test), 2) = (self.options.sprt, self.names.len()) else {
            return None;
        };
        let union;
        let encounter = match self.peers.as_deref_mut() {
            Some(peers) => {
                let elsewhere = peers.finished_elsewhere();
                for skipped in &elsewhere.skipped {
                    (self.observe)(MatchEvent::PeerFileSkipped(skipped));
                }
                let own = self.played.iter().filter_map(PlayedGame::outcome);
                union = union_encounter(&self.names, own, elsewhere.games);
                union.as_ref()
            }
            None => own,
        };
        let pairs = self.options.plan.plays_pairs();
        encounter.map(|e| test.state(&e.score, pairs.then_some(&e.pentanomial)))
    }

    /// Tells the others this worker's results so far.
    fn publish(&mut self, state: WorkerState) {
        if self.peers.is_none() {
            return;
        }
        let snapshot = self.snapshot();
        if let Some(peers) = self.peers.as_deref_mut() {
            peers.publish(&snapshot, state);
        }
    }

    /// The match's report, once every thread is done; the others are told how this worker
    /// ended.
    fn end(mut self) -> MatchReport {
        // The others may have played on since this worker's last game.
        if self.peers_may_decide() {
            self.sprt_state = self.judge(None).or(self.sprt_state);
        }
        let state = self.worker_state();
        let mut games = std::mem::take(&mut self.played);
        games.sort_by_key(|g| g.record.number);
        let report = self.report(games);
        if let Some(peers) = self.peers {
            peers.publish(&report, state);
        }
        report
    }

    /// How this worker ended, as it tells the others.
    fn worker_state(&self) -> WorkerState {
        let unplayed = self.played.len() < self.games.count()
            || self.played.iter().any(PlayedGame::aborted_on_decision);
        if interrupt::raised().is_some() {
            WorkerState::Interrupted
        } else if unplayed && self.games.stopped() {
            WorkerState::StoppedBySprt
        } else {
            WorkerState::Done
        }
    }

    /// The report of the games finished so far, in number order.
    fn snapshot(&self) -> MatchReport {
        let mut games = self.played.clone();
        games.sort_by_key(|g| g.record.number);
        self.report(games)
    }

    fn report(&self, games: Vec<PlayedGame>) -> MatchReport {
        MatchReport::of_games(
            self.settings,
            self.options,
            &self.names,
            games,
            &self.tally,
            self.sprt_state,
        )
    }
}
