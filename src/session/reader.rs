//! Reader threads: drain an engine pipe, split it into lines, put them in the journal. What a
//! read's bytes become ([`Drain`]) is the same when the session reads its engine's stdout
//! itself ([`super::own_reader`]).
//!
//! A thread per pipe means the harness never blocks on an engine that stops writing, and an
//! engine never waits on a harness that is busy, up to the journal's queue budget. Lines are
//! cut at the line budget. stdout is judged whatever its size (the transcript keeps head and
//! tail); the flood budget only marks the point where the engine went over it. stderr is never
//! judged, so past its budget it is drained and counted but not kept.

use std::io::{Read, Write};
use std::sync::Arc;
use std::thread::JoinHandle;

use super::journal::{Event, Journal, Room, Stream};
use super::lines::LineSplitter;

/// Limits for one stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Bytes kept of one line; the rest is cut (and counted).
    pub max_line_bytes: usize,
    /// Output past which the stream counts as a flood: bytes, or lines (a flood of empty lines
    /// is small in bytes and large in everything a harness does per line).
    pub flood_bytes: u64,
    pub flood_lines: u64,
    /// Whether lines past the flood budget are still passed on (stdout, which is judged) or
    /// only counted (stderr).
    pub keep_past_flood: bool,
}

/// Where a relayed stream's bytes go on, as read (the GUI's end of a spied session).
pub(crate) type Tee = Box<dyn Write + Send>;

/// Called once when the stream reaches its end (the engine closed it, or exited).
pub(super) type AtEnd = Box<dyn FnOnce() + Send>;

/// What is done with an engine stream's bytes, however they are read: split into lines, cut
/// at the line budget, counted against the flood budget, and put in the journal.
pub(super) struct Drain {
    stream: Stream,
    budget: Budget,
    splitter: LineSplitter,
    bytes: u64,
    lines: u64,
    flooded: bool,
}

impl Drain {
    pub(super) fn new(stream: Stream, budget: Budget) -> Drain {
        Drain {
            stream,
            budget,
            splitter: LineSplitter::new(budget.max_line_bytes),
            bytes: 0,
            lines: 0,
            flooded: false,
        }
    }

    /// Takes one read's bytes. `room` says whether to wait for room in the journal's queue: a
    /// reader thread does (the session takes from the queue meanwhile), the session reading
    /// its own pipe must not, as it is the one that would make the room.
    pub(super) fn chunk(&mut self, journal: &Journal, bytes: &[u8], room: Room) {
        self.bytes += bytes.len() as u64;
        let split = self.splitter.feed(bytes);
        self.lines += split.len() as u64;
        if !self.flooded || self.budget.keep_past_flood {
            journal.append_lines(self.stream, split, room);
        }
        if !self.flooded
            && (self.bytes > self.budget.flood_bytes || self.lines > self.budget.flood_lines)
        {
            self.flooded = true;
            let stream = self.stream;
            journal.append(|at| Event::Overflow { at, stream });
        }
    }

    /// The stream ended: its last line, if it had no line end, then its close.
    pub(super) fn finish(mut self, journal: &Journal, room: Room) {
        if let Some(line) = self.splitter.finish() {
            self.lines += 1;
            if !self.flooded || self.budget.keep_past_flood {
                journal.append_lines(self.stream, vec![line], room);
            }
        }
        let (stream, lines, bytes) = (self.stream, self.lines, self.bytes);
        journal.append(|at| Event::Closed {
            at,
            stream,
            lines,
            bytes,
        });
    }
}

/// Starts the thread that drains `pipe`. With a tee, every chunk read is passed on
/// unchanged right after its lines are in the journal: whatever the reader of the tee
/// answers comes after them in the order. When the tee's reader has gone (the GUI closed
/// its end), the thread stops reading and closes the engine's pipe, so the engine's next
/// write fails as it would have without the relay in between.
pub(super) fn spawn_reader<R: Read + Send + 'static>(
    mut pipe: R,
    stream: Stream,
    budget: Budget,
    journal: Arc<Journal>,
    mut tee: Option<Tee>,
    at_end: Option<AtEnd>,
) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name(format!("arbiter-{stream:?}-reader").to_lowercase())
        .spawn(move || {
            let mut at_end = at_end;
            let mut drain = Drain::new(stream, budget);
            let mut buf = vec![0u8; 64 * 1024];
            loop {
                let n = match pipe.read(&mut buf) {
                    Ok(0) => {
                        if let Some(at_end) = at_end.take() {
                            at_end();
                        }
                        break;
                    }
                    Ok(n) => n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                };
                drain.chunk(&journal, &buf[..n], Room::WaitFor);
                if let Some(out) = &mut tee
                    && out.write_all(&buf[..n]).and_then(|()| out.flush()).is_err()
                {
                    break;
                }
            }
            drain.finish(&journal, Room::WaitFor);
        })
}
