//! The threads that play a tournament's games, `concurrency` of them, each with its own
//! engines (kept from one game to its next with `--restart off`): they take the plan's games
//! in turn and tell the tournament of each as it starts and ends, until none is left, the
//! match is decided or a signal came.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread::Scope;

use super::{OnDecision, Restart, TournamentOptions};
use crate::matchplay::referee::{Amendment, Kennel, Refereed, refereed};
use crate::matchplay::schedule::Job;
use crate::matchplay::sprt::SprtState;
use crate::matchplay::{MatchSettings, Opening, Pairing, Player};
use crate::session::{Cancel, interrupt};

/// What a thread tells the tournament.
pub(super) enum Message {
    Started(Job),
    /// A game ended; its thread waits on the sender for the match to have counted it, so that
    /// a decided SPRT keeps it from starting another.
    Finished(Job, Box<Refereed>, mpsc::Sender<()>),
    /// Findings of a kept engine made after a game was counted, for that game's record.
    Amended(Amendment),
}

/// The games of a tournament, shared by the threads that play them: the plan's games, the
/// next one to take, and the match's word to stop.
pub(super) struct Games<'a> {
    players: &'a [Player],
    openings: &'a [Opening],
    settings: &'a MatchSettings,
    options: &'a TournamentOptions,
    jobs: Vec<Job>,
    next: AtomicUsize,
    /// Keeps the threads from starting games.
    stop: AtomicBool,
    /// Ends the games in progress.
    cancel: Cancel,
    /// The opening of every game when the match has none.
    standard: Opening,
}

impl<'a> Games<'a> {
    /// The games `options` plan for `players`, `openings` taken in turn (none: the standard
    /// start).
    pub(super) fn new(
        players: &'a [Player],
        openings: &'a [Opening],
        settings: &'a MatchSettings,
        options: &'a TournamentOptions,
    ) -> Games<'a> {
        Games {
            players,
            openings,
            settings,
            options,
            jobs: options.plan.jobs(players.len()),
            next: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            cancel: Cancel::new(),
            standard: Opening::default(),
        }
    }

    /// How many games this run plays, unless the match stops first.
    pub(super) fn count(&self) -> usize {
        self.jobs.len()
    }

    /// Stops the match once the SPRT has decided: no game starts, and with
    /// [`OnDecision::Abort`] the games in progress end.
    pub(super) fn decided(&self, state: Option<SprtState>) {
        if state.is_some_and(|s| s.decision.is_some()) {
            self.stop.store(true, Ordering::SeqCst);
            if self.options.on_decision == OnDecision::Abort {
                self.cancel.raise();
            }
        }
    }

    /// Whether the match has stopped starting games.
    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// Plays the games on threads of `scope`; the receiver hears from them until the last
    /// one is done.
    pub(super) fn play<'scope>(
        &'scope self,
        scope: &'scope Scope<'scope, '_>,
    ) -> mpsc::Receiver<Message> {
        let (tx, rx) = mpsc::channel();
        let threads = self.options.concurrency.clamp(1, self.jobs.len().max(1));
        for _ in 0..threads {
            let tx = tx.clone();
            scope.spawn(move || self.work(&tx));
        }
        rx
    }

    /// One thread's games, one after another, until there is none for it.
    fn work(&self, tx: &mpsc::Sender<Message>) {
        let (counted, wait) = mpsc::channel::<()>();
        let mut kennel = (self.options.restart == Restart::Off).then(Kennel::default);
        while let Some(job) = self.take() {
            if tx.send(Message::Started(job)).is_err() {
                break;
            }
            let mut game = refereed(&self.pairing(job), self.settings, kennel.as_mut());
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
    }

    /// The next game to play; none once all are taken, the match has stopped, or a signal
    /// came.
    fn take(&self) -> Option<Job> {
        if self.stopped() || interrupt::raised().is_some() {
            return None;
        }
        self.jobs
            .get(self.next.fetch_add(1, Ordering::SeqCst))
            .copied()
    }

    /// Who plays `job`, from which opening.
    fn pairing(&self, job: Job) -> Pairing<'_> {
        let opening = match self.openings.len() {
            0 => &self.standard,
            n => &self.openings[job.opening % n],
        };
        Pairing {
            number: job.number,
            first: &self.players[job.first],
            second: &self.players[job.second],
            opening,
            cancel: &self.cancel,
        }
    }
}
