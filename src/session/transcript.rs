//! The record of one engine session: every line each way, with arrival times.
//!
//! Checks judge a transcript and nothing else, so it holds all they need: what was sent,
//! what came back on stdout and stderr, when (µs since the engine was started, monotonic),
//! how each line was damaged on the way (non-UTF-8, cut, flood) and how the process ended.

use serde::Serialize;

use super::lines::LineEnding;

/// Which way a line travelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Harness → engine (stdin).
    Sent,
    /// Engine → harness (stdout).
    Received,
    /// Engine's stderr; never judged as protocol output.
    Stderr,
}

/// One line of the transcript.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// Microseconds since the engine was spawned, taken when the line arrived (or was written).
    pub at_us: u64,
    pub direction: Direction,
    /// The line without its line end; invalid UTF-8 replaced by U+FFFD.
    pub text: String,
    /// The bytes were not valid UTF-8 (`text` is a lossy rendering).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub non_utf8: bool,
    /// Bytes cut from an over-long line.
    #[serde(skip_serializing_if = "is_zero")]
    pub dropped_bytes: usize,
    /// The line end the engine used (received lines only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ending: Option<LineEnding>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// How the engine process ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExitRecord {
    /// When the harness saw the exit (µs since spawn).
    pub at_us: u64,
    /// Exit code, if it exited normally.
    pub code: Option<i32>,
    /// Terminating signal, if it was killed.
    pub signal: Option<i32>,
    /// The harness killed it because it did not exit in its grace period.
    pub killed_by_harness: bool,
}

/// Output that went over the harness's budget and was discarded.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Overflow {
    /// When the budget was exceeded first (µs since spawn).
    pub at_us: u64,
    /// Bytes discarded after that.
    pub discarded_bytes: u64,
}

/// Everything recorded in one session.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Transcript {
    pub entries: Vec<Entry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit: Option<ExitRecord>,
    /// When the engine's stdout ended (it exited or closed it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stdout_closed_at_us: Option<u64>,
    /// When the harness closed the engine's stdin at the end of the session.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stdin_closed_at_us: Option<u64>,
    /// stdout went over its budget (a flooding engine).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stdout_overflow: Option<Overflow>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stderr_overflow: Option<Overflow>,
}

impl Transcript {
    /// Appends an entry, keeping the entries in time order.
    ///
    /// A line can arrive on the reader thread a moment before the harness writes a
    /// command yet be handed over after it; ordering by arrival time keeps "what came
    /// first" true for the checks.
    pub fn push(&mut self, entry: Entry) {
        let at = self
            .entries
            .iter()
            .rposition(|e| e.at_us <= entry.at_us)
            .map_or(0, |i| i + 1);
        self.entries.insert(at, entry);
    }

    /// The entries of one direction.
    pub fn lines(&self, direction: Direction) -> impl Iterator<Item = &Entry> {
        self.entries
            .iter()
            .filter(move |e| e.direction == direction)
    }

    /// Index of the first entry at or after `at_us`.
    pub fn index_at(&self, at_us: u64) -> usize {
        self.entries.partition_point(|e| e.at_us < at_us)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(at_us: u64, text: &str) -> Entry {
        Entry {
            at_us,
            direction: Direction::Received,
            text: text.into(),
            non_utf8: false,
            dropped_bytes: 0,
            ending: None,
        }
    }

    #[test]
    fn push_keeps_time_order_and_arrival_order_for_ties() {
        let mut t = Transcript::default();
        t.push(entry(10, "a"));
        t.push(entry(30, "c"));
        t.push(entry(20, "b"));
        t.push(entry(20, "b2"));
        let texts: Vec<_> = t.entries.iter().map(|e| e.text.as_str()).collect();
        assert_eq!(texts, ["a", "b", "b2", "c"]);
        assert_eq!(t.index_at(20), 1);
        assert_eq!(t.index_at(31), 4);
    }
}
