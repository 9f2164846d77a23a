//! Reader threads: drain an engine pipe, split it into lines, put them in the journal.
//!
//! A thread per pipe means the harness never blocks on an engine that stops writing, and an
//! engine never waits on a harness that is busy, up to the journal's queue budget. Lines are
//! cut at the line budget. stdout is judged whatever its size (the transcript keeps head and
//! tail); the flood budget only marks the point where the engine went over it. stderr is never
//! judged, so past its budget it is drained and counted but not kept.

use std::io::{Read, Write};
use std::sync::Arc;
use std::thread::JoinHandle;

use super::journal::{Event, Journal, Stream};
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
            let mut splitter = LineSplitter::new(budget.max_line_bytes);
            let mut buf = vec![0u8; 64 * 1024];
            let mut bytes: u64 = 0;
            let mut lines: u64 = 0;
            let mut flooded = false;
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
                bytes += n as u64;
                let split = splitter.feed(&buf[..n]);
                lines += split.len() as u64;
                if !flooded || budget.keep_past_flood {
                    journal.append_lines(stream, split);
                }
                if let Some(out) = &mut tee
                    && out.write_all(&buf[..n]).and_then(|()| out.flush()).is_err()
                {
                    break;
                }
                if !flooded && (bytes > budget.flood_bytes || lines > budget.flood_lines) {
                    flooded = true;
                    journal.append(|at| Event::Overflow { at, stream });
                }
            }
            if let Some(line) = splitter.finish() {
                lines += 1;
                if !flooded || budget.keep_past_flood {
                    journal.append_lines(stream, vec![line]);
                }
            }
            journal.append(|at| Event::Closed {
                at,
                stream,
                lines,
                bytes,
            });
        })
}
