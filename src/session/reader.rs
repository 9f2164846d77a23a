//! Reader threads: drain an engine pipe, split it into lines and timestamp each on arrival.
//!
//! A thread per pipe means the harness never blocks on an engine that stops writing, and an
//! engine never blocks on a harness that is busy: the pipe is always drained. Past the
//! output budget the thread keeps draining but discards, so a flooding engine can neither
//! exhaust memory nor stall on a full pipe.

use std::io::Read;
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;
use std::time::Instant;

use super::lines::{LineSplitter, RawLine};

/// Which pipe a reader drains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// What a reader thread reports.
#[derive(Debug)]
pub enum Incoming {
    Line {
        stream: Stream,
        at_us: u64,
        line: RawLine,
    },
    /// The stream went over the output budget; later bytes are discarded.
    Overflow { stream: Stream, at_us: u64 },
    /// The stream ended (the engine closed it or exited).
    Eof {
        stream: Stream,
        at_us: u64,
        discarded_bytes: u64,
    },
}

/// Byte budgets for one stream.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub max_line_bytes: usize,
    pub max_total_bytes: u64,
}

pub(super) fn spawn_reader<R: Read + Send + 'static>(
    mut pipe: R,
    stream: Stream,
    budget: Budget,
    epoch: Instant,
    tx: Sender<Incoming>,
) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name(format!("arbiter-{stream:?}-reader").to_lowercase())
        .spawn(move || {
            let micros = || epoch.elapsed().as_micros() as u64;
            let mut splitter = LineSplitter::new(budget.max_line_bytes);
            let mut buf = [0u8; 8192];
            let mut total: u64 = 0;
            let mut discarded: u64 = 0;
            loop {
                let n = match pipe.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                };
                let at_us = micros();
                if total >= budget.max_total_bytes {
                    discarded += n as u64;
                    continue;
                }
                total += n as u64;
                for line in splitter.feed(&buf[..n]) {
                    // The receiver may be gone after teardown; nothing left to tell then.
                    let _ = tx.send(Incoming::Line {
                        stream,
                        at_us,
                        line,
                    });
                }
                if total >= budget.max_total_bytes {
                    let _ = tx.send(Incoming::Overflow { stream, at_us });
                }
            }
            let at_us = micros();
            if let Some(line) = splitter.finish() {
                let _ = tx.send(Incoming::Line {
                    stream,
                    at_us,
                    line,
                });
            }
            let _ = tx.send(Incoming::Eof {
                stream,
                at_us,
                discarded_bytes: discarded,
            });
        })
}
