//! Waiting for what a program under test really does, with a deadline: a line it prints, a
//! file it writes. A test that must act once something has happened waits for that, never
//! for a pause that it has probably happened within.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Polls `done` until it holds, failing with `what` after `within`.
pub fn wait_until(what: &str, within: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + within;
    while !done() {
        assert!(Instant::now() < deadline, "waited {within:?} for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The lines of a child's output, read on a thread of their own to its end (so the child
/// never blocks on a full pipe), handed over as they come.
pub struct Lines {
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Lines {
    pub fn of(out: impl Read + Send + 'static) -> Lines {
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                // The test may have stopped listening; the pipe is still drained.
                let _ = tx.send(line);
            }
        });
        Lines {
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for the next line that `wanted` accepts, and returns it; fails with `what`, and
    /// the lines seen so far, after `within` or at the end of the output.
    pub fn wait_for(
        &mut self,
        what: &str,
        within: Duration,
        wanted: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if wanted(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no {what} within {within:?}; seen: {:#?}", self.seen)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the output ended before {what}; seen: {:#?}", self.seen)
                }
            }
        }
    }
}

/// Whether `path` holds a whole line (its end written) that `wanted` accepts (no file: none).
pub fn file_has_line(path: &std::path::Path, wanted: impl Fn(&str) -> bool) -> bool {
    std::fs::read_to_string(path).is_ok_and(|text| {
        text.split_inclusive('\n')
            .filter_map(|line| line.strip_suffix('\n'))
            .any(wanted)
    })
}
