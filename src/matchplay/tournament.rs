//! Plays a tournament's games, `concurrency` at a time, and keeps its score as they finish:
//! per encounter, with game pairs, and the SPRT that may stop it early. As one worker of
//! several (`peers`), it publishes its games as they finish and its SPRT is over all the
//! workers' games. Every game is one refereed game (`play_game`): one session per engine, one
//! judge, one report model.
//!
//! Once the SPRT has decided, no game starts; the games in progress are finished, or aborted
//! as the user chose ([`OnDecision`]). An aborted game stays in the report, `aborted`, and
//! counts nowhere: not in the score, the pairs, the SPRT or the PGN.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::options::EngineOptions;
use super::peers::{Peers, WorkerState, union_encounter};
use super::referee::{Amendment, Kennel, Refereed, refereed};
use super::schedule::{Job, Plan};
use super::sprt::{Sprt, SprtState};
use super::tally::{Encounter, GameOutcome, Standing, Tally, standings};
use super::termination::{Termination, Unplayed};
use super::{Finding, GameRecord, MatchGame, MatchSettings, Opening, Pairing, Player};
use crate::session::{Cancel, interrupt};

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

/// A game as played in the match: its record and the pair it belongs to.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PlayedGame {
    /// The game as played and judged; in JSON its fields sit beside `pair`, not nested.
    #[serde(flatten)]
    pub record: GameRecord,
    /// The pair it belongs to, numbered over the whole match (with `--repeat`: one opening,
    /// colours swapped); none for a game outside any pair.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair: Option<usize>,
}

impl PlayedGame {
    /// Whether the game was aborted once the match was decided (`--on-sprt-decision abort`).
    pub(crate) fn aborted_on_decision(&self) -> bool {
        self.record.termination == Termination::Aborted(Unplayed::MatchDecided)
    }

    /// The game for the score; none for a game that was not played (an illegal opening) or
    /// not played out (aborted once the match was decided).
    pub fn outcome(&self) -> Option<GameOutcome> {
        if self.record.aborted {
            return None;
        }
        Some(GameOutcome {
            number: self.record.number,
            first: self.record.first.clone(),
            second: self.record.second.clone(),
            result: self.record.result,
            pair: self.pair,
        })
    }
}

/// The SPRT's settings and where it stands.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct SprtReport {
    /// The test as given: hypotheses, error rates and Elo model.
    pub settings: Sprt,
    /// The LLR, its bounds and the decision, after the games counted so far.
    pub state: SprtState,
}

/// A whole match: its games in number order and its scores. Read back (a partition's results,
/// a worker's file), it needs `MatchReport::named_in_its_game`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MatchReport {
    /// The game played, written at the report's top level (`game`, with gomoku's `rule`
    /// and `board`).
    #[serde(flatten)]
    pub game: MatchGame,
    /// The engines' names, in the order they were given; encounters list theirs in it.
    pub players: Vec<String>,
    /// The shape of the match as given: tournament, games, rounds, pairs, partition.
    pub plan: Plan,
    /// The time control, as given (`st=0.1`, `tc=40/60+0.6`).
    pub control: String,
    /// The opening book, as given, with the seed that ordered it (set by the caller that read
    /// it), so a match can be replayed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings: Option<String>,
    /// Every game this run played, in number order; aborted ones are included, marked
    /// `aborted`, and count nowhere.
    pub games: Vec<PlayedGame>,
    /// The score of each encounter (two engines that met), over this report's games.
    pub encounters: Vec<Encounter>,
    /// Each engine's score and Elo against the field, over this report's games, best first.
    pub standings: Vec<Standing>,
    /// The SPRT's settings and last state, when the match has one; a worker's is over all
    /// the workers' games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtReport>,
}

impl MatchReport {
    /// The games aborted once the match was decided: in the report, counted nowhere.
    pub(crate) fn aborted_on_decision(&self) -> usize {
        self.games
            .iter()
            .filter(|g| g.aborted_on_decision())
            .count()
    }

    /// The report read back, its games' colours named as its game names them (see
    /// [`GameRecord::in_game`]).
    pub(crate) fn named_in_its_game(mut self) -> MatchReport {
        let kind = self.game.kind();
        for game in &mut self.games {
            game.record = game.record.clone().in_game(kind);
        }
        self
    }
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
}

enum Message {
    Started(Job),
    /// A game ended; its thread waits on the sender for the match to have counted it, so that
    /// a decided SPRT keeps it from starting another.
    Finished(Job, Box<Refereed>, mpsc::Sender<()>),
    /// Findings of a kept engine made after a game was counted, for that game's record.
    Amended(Amendment),
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
    mut peers: Option<&mut dyn Peers>,
    mut observe: impl FnMut(MatchEvent<'_>),
) -> MatchReport {
    let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    let jobs = options.plan.jobs(players.len());
    let total = options.plan.total(players.len());
    let standard = Opening::default();
    let next = AtomicUsize::new(0);
    // `stop` keeps the threads from starting games; `cancel` ends the games in progress.
    let stop = AtomicBool::new(false);
    let cancel = Cancel::new();
    let decided = |state: Option<SprtState>| {
        if state.is_some_and(|s| s.decision.is_some()) {
            stop.store(true, Ordering::SeqCst);
            if options.on_decision == OnDecision::Abort {
                cancel.raise();
            }
        }
    };
    let mut played: Vec<PlayedGame> = Vec::new();
    let mut sprt_state = None;
    let mut tally = Tally::new(&names);
    let pairs = options.plan.plays_pairs();
    // The SPRT over this worker's games and, with peers, the others': it compares two
    // engines, the one encounter of a two-engine match, over its completed pairs when the
    // match plays pairs.
    let judge =
        |played: &[PlayedGame], own: Option<&Encounter>, peers: &mut Option<&mut dyn Peers>| {
            let (Some(test), 2) = (options.sprt, names.len()) else {
                return None;
            };
            let union;
            let encounter = match peers {
                Some(peers) => {
                    let own = played.iter().filter_map(PlayedGame::outcome);
                    union = union_encounter(&names, own, peers.finished_elsewhere());
                    union.as_ref()
                }
                None => own,
            };
            encounter.map(|e| test.state(&e.score, pairs.then_some(&e.pentanomial)))
        };
    let snapshot = |played: &[PlayedGame], tally: &Tally, sprt_state: Option<SprtState>| {
        let mut games = played.to_vec();
        games.sort_by_key(|g| g.record.number);
        report(settings, options, &names, games, tally, sprt_state)
    };
    if let Some(peers) = peers.as_deref_mut() {
        peers.publish(&snapshot(&played, &tally, None), WorkerState::Playing);
    }
    // Another worker's games may have decided the test already.
    if peers.is_some() {
        sprt_state = judge(&played, None, &mut peers);
        decided(sprt_state);
    }
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Message>();
        for _ in 0..options.concurrency.clamp(1, jobs.len().max(1)) {
            let tx = tx.clone();
            let (jobs, next, stop, standard, cancel) = (&jobs, &next, &stop, &standard, &cancel);
            scope.spawn(move || {
                let (counted, wait) = mpsc::channel::<()>();
                let mut kennel = (options.restart == Restart::Off).then(Kennel::default);
                while !stop.load(Ordering::SeqCst) && interrupt::raised().is_none() {
                    let Some(&job) = jobs.get(next.fetch_add(1, Ordering::SeqCst)) else {
                        break;
                    };
                    let opening = match openings.len() {
                        0 => standard,
                        n => &openings[job.opening % n],
                    };
                    let pairing = Pairing {
                        number: job.number,
                        first: &players[job.first],
                        second: &players[job.second],
                        opening,
                        cancel,
                    };
                    if tx.send(Message::Started(job)).is_err() {
                        break;
                    }
                    let mut game = refereed(&pairing, settings, kennel.as_mut());
                    for amendment in std::mem::take(&mut game.amendments) {
                        let _ = tx.send(Message::Amended(amendment));
                    }
                    let finished = Message::Finished(job, Box::new(game), counted.clone());
                    if tx.send(finished).is_err() || wait.recv().is_err() {
                        break;
                    }
                }
                for amendment in kennel.map(Kennel::close).unwrap_or_default() {
                    let _ = tx.send(Message::Amended(amendment));
                }
            });
        }
        // The workers hold the only senders now: the loop ends when the last one is done.
        drop(tx);
        // With peers, their decision may come while this worker's games are played.
        let poll = (peers.is_some() && options.sprt.is_some()).then_some(PEER_POLL);
        loop {
            let message = match poll {
                None => match rx.recv() {
                    Ok(message) => message,
                    Err(_) => break,
                },
                Some(poll) => match rx.recv_timeout(poll) {
                    Ok(message) => message,
                    Err(RecvTimeoutError::Timeout) => {
                        if !stop.load(Ordering::SeqCst) {
                            sprt_state = judge(&played, None, &mut peers).or(sprt_state);
                            decided(sprt_state);
                        }
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => break,
                },
            };
            match message {
                Message::Started(job) => observe(MatchEvent::Started {
                    number: job.number,
                    of: total,
                    first: &names[job.first],
                    second: &names[job.second],
                }),
                // A game cut short by Ctrl-C or SIGTERM has no result: its engines were
                // stopped by the harness, not by their own doing.
                Message::Finished(_, _, counted) if interrupt::raised().is_some() => {
                    let _ = counted.send(());
                }
                Message::Amended(Amendment { game, findings }) => {
                    if let Some(played) = played.iter_mut().find(|g| g.record.number == game) {
                        // After the game: one past its last move, as a finding of an engine's
                        // ending is placed (`Finding::ply`).
                        let after = played.record.moves.len() + 1;
                        played
                            .record
                            .findings
                            .extend(findings.into_iter().map(|f| Finding {
                                ply: f.ply.or(Some(after)),
                                ..f
                            }));
                    }
                }
                Message::Finished(job, game, counted) => {
                    let Refereed {
                        record, options, ..
                    } = *game;
                    played.push(PlayedGame {
                        record,
                        pair: job.pair,
                    });
                    let game = played.last().expect("just pushed");
                    let encounter = game.outcome().and_then(|o| tally.add(o)).cloned();
                    if encounter.is_some() {
                        sprt_state = judge(&played, encounter.as_ref(), &mut peers);
                    }
                    decided(sprt_state);
                    if let Some(peers) = peers.as_deref_mut() {
                        peers.publish(&snapshot(&played, &tally, sprt_state), WorkerState::Playing);
                    }
                    let _ = counted.send(());
                    let game = played.last().expect("just pushed");
                    observe(MatchEvent::Finished {
                        game,
                        encounter: encounter.as_ref(),
                        sprt: sprt_state,
                        tally: &tally,
                        options: &options,
                    });
                }
            }
        }
    });
    // The others may have played on since this worker's last game.
    if peers.is_some() && options.sprt.is_some() {
        sprt_state = judge(&played, None, &mut peers).or(sprt_state);
    }
    played.sort_by_key(|g| g.record.number);
    let unplayed = played.len() < jobs.len() || played.iter().any(PlayedGame::aborted_on_decision);
    let report = report(settings, options, &names, played, &tally, sprt_state);
    if let Some(peers) = peers {
        let state = if interrupt::raised().is_some() {
            WorkerState::Interrupted
        } else if unplayed && stop.load(Ordering::SeqCst) {
            WorkerState::StoppedBySprt
        } else {
            WorkerState::Done
        };
        peers.publish(&report, state);
    }
    report
}

/// The match's report from its games (in number order) and tally.
fn report(
    settings: &MatchSettings,
    options: &TournamentOptions,
    names: &[String],
    games: Vec<PlayedGame>,
    tally: &Tally,
    sprt_state: Option<SprtState>,
) -> MatchReport {
    let encounters = tally.encounters();
    let standings = standings(names, &encounters);
    MatchReport {
        game: settings.game,
        players: names.to_vec(),
        plan: options.plan,
        control: settings.control.to_string(),
        openings: None,
        games,
        encounters,
        standings,
        sprt: options
            .sprt
            .zip(sprt_state)
            .map(|(settings, state)| SprtReport { settings, state }),
    }
}
