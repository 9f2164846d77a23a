//! The journal: one total order of everything that happens around an engine.
//!
//! The reader threads (stdout, stderr), the exit watcher and the harness itself (each command
//! it writes) append here, each under one lock that also takes the time stamp. So the order of
//! the journal is the order the harness saw things happen: a line read before a command was
//! written stays before it, lines read in one chunk keep their order and share their stamp,
//! and no stamp is ever invented to make an order. The session thread takes the events off
//! in that order.
//!
//! The queue is bounded: a reader that is too far ahead of the session waits before it reads
//! more, so an engine that writes faster than the harness judges is slowed down (as any GUI
//! slows it) instead of filling memory.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::cancel::Cancel;
use super::interrupt;
use super::lines::RawLine;
use super::own_reader::{OwnReader, Wake};
use super::transcript::At;

/// Which pipe of the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stream {
    Stdout,
    Stderr,
    /// What a GUI under test wrote to the engine, relayed by the harness (`arbiter spy`).
    Input,
}

/// One thing that happened.
#[derive(Debug)]
pub(super) enum Event {
    /// A command the harness is about to write; `cut`: written in two writes, the first of
    /// that many bytes.
    Sent {
        at: At,
        text: String,
        cut: Option<usize>,
    },
    /// A line read from the engine.
    Line {
        at: At,
        stream: Stream,
        line: RawLine,
    },
    /// A stream went over its flood budget (once per stream).
    Overflow { at: At, stream: Stream },
    /// A stream ended: the engine closed it or exited.
    Closed {
        at: At,
        stream: Stream,
        /// Lines and bytes the stream carried in all.
        lines: u64,
        bytes: u64,
    },
    /// The harness closed the engine's stdin.
    StdinClosed { at: At },
    /// The engine process was stopped by a signal (SIGSTOP, SIGTSTP): it cannot answer until
    /// something continues it.
    Stopped { at: At, signal: i32 },
    /// The engine process ended (seen, not yet reaped).
    Exited {
        at: At,
        code: Option<i32>,
        signal: Option<i32>,
    },
}

impl Event {
    pub(super) fn at(&self) -> At {
        match self {
            Event::Sent { at, .. }
            | Event::Line { at, .. }
            | Event::Overflow { at, .. }
            | Event::Closed { at, .. }
            | Event::StdinClosed { at }
            | Event::Stopped { at, .. }
            | Event::Exited { at, .. } => *at,
        }
    }

    fn weight(&self) -> usize {
        match self {
            Event::Line { line, .. } => line.bytes.len() + 64,
            Event::Sent { text, .. } => text.len() + 64,
            _ => 64,
        }
    }
}

/// How much may wait in the queue before readers pause: far more than any burst a conforming
/// engine writes (3,000 `info` lines are about 300 KiB), little next to memory.
const QUEUE_BYTES: usize = 4 * 1024 * 1024;

/// How long a waiting thread sleeps at most before it looks at the interrupt flag and the
/// session's cancel token again.
const POLL: Duration = Duration::from_millis(50);

/// Whether an append of lines waits for room in the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Room {
    /// A reader thread's lines: it waits while the queue is over its budget, which slows an
    /// engine that writes faster than the session takes.
    WaitFor,
    /// The session's own reading: it reads only when the queue is short, and waiting would
    /// wait for itself. The pipe's own buffer slows the engine instead.
    Take,
}

/// What taking the next event gave.
#[derive(Debug)]
pub(super) enum Taken {
    Event(Event),
    /// Nothing happened before the deadline.
    Timeout,
    /// The run was interrupted by a signal, or the session's cancel token was raised.
    Interrupted,
}

pub(super) struct Journal {
    epoch: Instant,
    inner: Mutex<Inner>,
    /// Signalled when an event is appended.
    arrived: Condvar,
    /// Signalled when the session takes events off the queue.
    drained: Condvar,
    /// Ends an interruptible wait as a signal to the harness does, for this session alone.
    cancel: Cancel,
    /// The engine's stdout, when the session reads it on its own thread instead of a reader
    /// thread's (a match's engines: one wake-up a line instead of two).
    own_reader: Option<OwnReading>,
}

/// The engine's stdout read by the taker itself, and the wake-up other threads' appends (its
/// stderr, its exit) give it while it waits on the pipe.
struct OwnReading {
    reader: Mutex<OwnReader>,
    wake: Wake,
}

struct Inner {
    next_seq: u64,
    queue: VecDeque<Event>,
    queued_bytes: usize,
    /// The session is gone: readers stop waiting for room and drop what they read.
    abandoned: bool,
    /// Takers waiting for an event: an append wakes them (a system call) only when there is
    /// one. An engine writes its lines while the session is busy with the ones before them as
    /// often as while it waits; each line woke no one at a cost all the same.
    waiting: usize,
}

impl Journal {
    pub(super) fn new(epoch: Instant) -> Journal {
        Journal {
            epoch,
            inner: Mutex::new(Inner {
                next_seq: 0,
                queue: VecDeque::new(),
                queued_bytes: 0,
                abandoned: false,
                waiting: 0,
            }),
            arrived: Condvar::new(),
            drained: Condvar::new(),
            cancel: Cancel::default(),
            own_reader: None,
        }
    }

    /// The journal, its interruptible waits also ended by `cancel`.
    pub(super) fn cancelled_by(self, cancel: Cancel) -> Journal {
        Journal { cancel, ..self }
    }

    /// The journal, its takes reading the engine's stdout themselves through `reader` while
    /// nothing is queued.
    pub(super) fn reading(self, reader: OwnReader) -> Journal {
        let wake = reader.wake();
        Journal {
            own_reader: Some(OwnReading {
                reader: Mutex::new(reader),
                wake,
            }),
            ..self
        }
    }

    /// Reads what the engine's stdout holds now, without waiting, when the session reads it
    /// itself: called before a command is put in the order, so a line the engine wrote
    /// before the command comes before it, as a reader thread would have had it.
    pub(super) fn read_now(&self) {
        if let Some(own) = &self.own_reader {
            let mut reader = own.reader.lock().unwrap_or_else(|e| e.into_inner());
            reader.read_ready(self);
        }
    }

    /// Whether the session's waits are to end at once: a signal came to the harness, or the
    /// session's cancel token was raised.
    pub(super) fn interrupted(&self) -> bool {
        interrupt::raised().is_some() || self.cancel.is_raised()
    }

    /// Microseconds since the engine was started.
    pub(super) fn now_us(&self) -> u64 {
        self.epoch.elapsed().as_micros() as u64
    }

    /// The instant `us` stands for.
    pub(super) fn instant_of(&self, us: u64) -> Instant {
        self.epoch + Duration::from_micros(us)
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves consistent data (every update is one push).
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Appends one event, stamped now; returns its place.
    pub(super) fn append(&self, make: impl FnOnce(At) -> Event) -> At {
        let mut inner = self.lock();
        let at = At {
            seq: inner.next_seq,
            us: self.now_us(),
        };
        inner.next_seq += 1;
        let event = make(at);
        inner.queued_bytes += event.weight();
        inner.queue.push_back(event);
        self.wake_takers(&inner);
        at
    }

    /// Wakes the takers waiting for an event, if any; called with the lock held, as their
    /// count changes only under it, so no wait can begin unseen between the check and the
    /// wake.
    fn wake_takers(&self, inner: &Inner) {
        if inner.waiting > 0 {
            self.arrived.notify_all();
            if let Some(own) = &self.own_reader {
                own.wake.raise();
            }
        }
    }

    /// Appends the lines of one read, all stamped now, in order; with [`Room::WaitFor`],
    /// first waits (briefly at a time, and not once the session is gone) while the queue is
    /// over its budget.
    pub(super) fn append_lines(&self, stream: Stream, lines: Vec<RawLine>, room: Room) {
        let mut inner = self.lock();
        while room == Room::WaitFor && inner.queued_bytes > QUEUE_BYTES && !inner.abandoned {
            inner = self
                .drained
                .wait_timeout(inner, POLL)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        if inner.abandoned {
            return;
        }
        let us = self.now_us();
        for line in lines {
            let at = At {
                seq: inner.next_seq,
                us,
            };
            inner.next_seq += 1;
            let event = Event::Line { at, stream, line };
            inner.queued_bytes += event.weight();
            inner.queue.push_back(event);
        }
        // The taker reading its own pipe needs no wake-up for what it read itself.
        if room == Room::WaitFor {
            self.wake_takers(&inner);
        }
    }

    /// Takes the next event stamped no later than `deadline`, waiting for one until then.
    /// An event stamped after the deadline stays for the next call: a flood cannot stretch a
    /// wait, and what came after the deadline is not mistaken for what came before it. An
    /// interruptible wait ends at once when a signal came or the cancel token was raised; the
    /// end of a session, which must still see its engine die, is not interruptible (its
    /// deadlines are short).
    pub(super) fn take(&self, deadline: Instant, interruptible: bool) -> Taken {
        let limit_us = deadline.saturating_duration_since(self.epoch).as_micros() as u64;
        let mut inner = self.lock();
        loop {
            if interruptible && self.interrupted() {
                return Taken::Interrupted;
            }
            if let Some(front) = inner.queue.front() {
                if front.at().us <= limit_us {
                    let event = inner.queue.pop_front().expect("front exists");
                    self.taken(&mut inner, &event);
                    return Taken::Event(event);
                }
                return Taken::Timeout;
            }
            let now = Instant::now();
            if now >= deadline {
                return Taken::Timeout;
            }
            let wait = (deadline - now).min(POLL);
            inner.waiting += 1;
            match &self.own_reader {
                // Waiting on the pipe and on the wake-up of other threads' appends at once;
                // the lock is let go meanwhile, so they can append.
                Some(own) => {
                    drop(inner);
                    let mut reader = own.reader.lock().unwrap_or_else(|e| e.into_inner());
                    if reader.is_open() {
                        reader.wait_and_read(self, wait);
                        drop(reader);
                        inner = self.lock();
                    } else {
                        drop(reader);
                        inner = self.lock();
                        inner = self.wait_arrival(inner, wait);
                    }
                }
                None => inner = self.wait_arrival(inner, wait),
            }
            inner.waiting -= 1;
        }
    }

    /// Waits for another thread's append, at most `wait`.
    fn wait_arrival<'a>(
        &'a self,
        inner: MutexGuard<'a, Inner>,
        wait: Duration,
    ) -> MutexGuard<'a, Inner> {
        self.arrived
            .wait_timeout(inner, wait)
            .unwrap_or_else(|e| e.into_inner())
            .0
    }

    /// Takes an event if one is queued, without waiting.
    pub(super) fn try_take(&self) -> Option<Event> {
        let mut inner = self.lock();
        let event = inner.queue.pop_front()?;
        self.taken(&mut inner, &event);
        Some(event)
    }

    /// Accounts for an event taken off the queue, and wakes the readers only when this take
    /// made room they wait for: waking them (a system call) on every take cost a third of the
    /// session's time in a flood of short lines.
    fn taken(&self, inner: &mut Inner, event: &Event) {
        let was_full = inner.queued_bytes > QUEUE_BYTES;
        inner.queued_bytes -= event.weight();
        if was_full && inner.queued_bytes <= QUEUE_BYTES {
            self.drained.notify_all();
        }
    }

    /// Whether the session is gone (a watcher thread then has nothing left to report).
    pub(super) fn is_abandoned(&self) -> bool {
        self.lock().abandoned
    }

    /// The session is gone: nothing more will be taken.
    pub(super) fn abandon(&self) {
        let mut inner = self.lock();
        inner.abandoned = true;
        inner.queue.clear();
        inner.queued_bytes = 0;
        self.drained.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::lines::LineEnding;

    fn raw(text: &str) -> RawLine {
        RawLine {
            bytes: text.as_bytes().to_vec(),
            dropped: 0,
            ending: LineEnding::Lf,
        }
    }

    #[test]
    fn lines_of_one_read_share_a_stamp_and_keep_their_order() {
        let journal = Journal::new(Instant::now());
        journal.append_lines(Stream::Stdout, vec![raw("a"), raw("b")], Room::WaitFor);
        let sent = journal.append(|at| Event::Sent {
            at,
            text: "go".into(),
            cut: None,
        });
        let far = Instant::now() + Duration::from_secs(1);
        let mut seen = Vec::new();
        while let Taken::Event(e) = journal.take(far, true) {
            seen.push(e.at());
            if seen.len() == 3 {
                break;
            }
        }
        assert_eq!(seen[0].us, seen[1].us);
        assert_eq!(
            seen.iter().map(|a| a.seq).collect::<Vec<_>>(),
            [0, 1, sent.seq]
        );
        assert!(seen[2].us >= seen[1].us);
    }

    #[test]
    fn a_raised_token_ends_an_interruptible_wait_within_a_poll() {
        let cancel = Cancel::new();
        let journal = Journal::new(Instant::now()).cancelled_by(cancel.clone());
        let raiser = std::thread::spawn({
            let cancel = cancel.clone();
            move || {
                std::thread::sleep(Duration::from_millis(100));
                cancel.raise();
            }
        });
        let started = Instant::now();
        let far = started + Duration::from_secs(10);
        assert!(matches!(journal.take(far, true), Taken::Interrupted));
        let waited = started.elapsed();
        assert!(
            waited >= Duration::from_millis(100) && waited < Duration::from_secs(2),
            "{waited:?}"
        );
        raiser.join().unwrap();
        // The end of a session still takes what comes, up to its deadline.
        journal.append_lines(Stream::Stdout, vec![raw("last")], Room::WaitFor);
        assert!(matches!(
            journal.take(Instant::now() + Duration::from_millis(10), false),
            Taken::Event(Event::Line { .. })
        ));
        assert!(matches!(
            journal.take(Instant::now() + Duration::from_millis(10), false),
            Taken::Timeout
        ));
    }

    #[test]
    fn an_event_after_the_deadline_waits_for_the_next_take() {
        let journal = Journal::new(Instant::now());
        let deadline = Instant::now();
        std::thread::sleep(Duration::from_millis(2));
        journal.append_lines(Stream::Stdout, vec![raw("late")], Room::WaitFor);
        assert!(matches!(journal.take(deadline, true), Taken::Timeout));
        assert!(matches!(
            journal.take(Instant::now() + Duration::from_millis(10), true),
            Taken::Event(Event::Line { .. })
        ));
    }
}
