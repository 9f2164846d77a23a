//! The search thread: started per move, stopped by an atomic flag, reporting back through
//! the same channel as the stdin reader so the command loop waits on one queue.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::thread;

use crate::search::{self, Limits, Outcome, Position, Report};

/// What the command loop waits for.
pub enum Event {
    /// A line from stdin.
    Line(String),
    /// Stdin is closed.
    Eof,
    /// Search number `id` has finished.
    Done { id: u64, outcome: Option<Outcome> },
}

/// Handle on the (at most one) running search.
pub struct Worker {
    tx: Sender<Event>,
    stop: Arc<AtomicBool>,
    next_id: u64,
    running: Option<u64>,
}

impl Worker {
    pub fn new(tx: Sender<Event>) -> Worker {
        Worker {
            tx,
            stop: Arc::new(AtomicBool::new(false)),
            next_id: 0,
            running: None,
        }
    }

    pub fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// Starts a search; its result arrives as [`Event::Done`] with the returned id.
    pub fn start(
        &mut self,
        pos: Position,
        limits: Limits,
        mut on_report: Box<dyn FnMut(&Report) + Send>,
    ) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        // A fresh flag per search, so stopping an old one can never stop the new one.
        self.stop = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&self.stop);
        let tx = self.tx.clone();
        self.running = Some(id);
        thread::spawn(move || {
            let outcome = search::think(pos, &limits, &stop, &mut *on_report);
            let _ = tx.send(Event::Done { id, outcome });
        });
        id
    }

    /// Asks the running search to finish now; its result still arrives.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Records that search `id` has reported; false if it is not the current one.
    pub fn finished(&mut self, id: u64) -> bool {
        if self.running == Some(id) {
            self.running = None;
            true
        } else {
            false
        }
    }
}
