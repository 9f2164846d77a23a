//! The search thread: started per move, stopped by an atomic flag, reporting back through
//! the same channel as the stdin reader so the command loop waits on one queue.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::thread::{self, JoinHandle};

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
    /// The thread of the latest search, to wait for before the process ends.
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    pub fn new(tx: Sender<Event>) -> Worker {
        Worker {
            tx,
            stop: Arc::new(AtomicBool::new(false)),
            next_id: 0,
            running: None,
            thread: None,
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
        self.thread = Some(thread::spawn(move || {
            let outcome = search::think(pos, &limits, &stop, &mut *on_report);
            let _ = tx.send(Event::Done { id, outcome });
        }));
        id
    }

    /// Asks the running search to finish now; its result still arrives.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Stops the search and waits for its thread to end: what it writes (its last `INFO`
    /// lines) then comes before what the caller writes next, and the process cannot end in
    /// the middle of one of its lines.
    pub fn stop_and_wait(&mut self) {
        self.stop();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::mpsc;

    use arbiter_rules::gomoku::{BoardSize, Rule};

    use super::Worker;
    use crate::search::{Limits, Position};

    /// Once `stop_and_wait` returns, the search thread has ended: nothing it holds (its report
    /// callback, which writes `INFO` lines) can act after what the caller writes next.
    #[test]
    fn stop_and_wait_returns_once_the_search_thread_has_ended() {
        let (tx, _rx) = mpsc::channel();
        let mut worker = Worker::new(tx);
        let held_by_the_search = Arc::new(());
        let held = Arc::clone(&held_by_the_search);
        let position = Position::new(BoardSize::square(15).unwrap(), Rule::FREESTYLE);
        // Thinks until stopped, as `GO INFINITE` does.
        worker.start(
            position,
            Limits::default(),
            Box::new(move |_| {
                let _ = &held;
            }),
        );
        worker.stop_and_wait();
        assert_eq!(Arc::strong_count(&held_by_the_search), 1);
    }
}
