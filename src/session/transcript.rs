//! The record of one engine session: every line each way, in the one order the harness saw
//! them, with arrival times.
//!
//! Reports and golden transcripts read a transcript; the checks judge the same entries as
//! they happen (a transcript is bounded, see `session::store`, and may leave out the middle of
//! a flood). Times are µs since the engine was started, monotonic; lines read in one chunk
//! share their time, so the order lives in [`At::seq`], never in invented timestamps.

use serde::Serialize;

use super::lines::LineEnding;

/// How many entries before and after a finding's line its excerpt shows, and a bounded
/// transcript keeps.
pub(crate) const CONTEXT_BEFORE: usize = 5;
pub(crate) const CONTEXT_AFTER: usize = 2;

/// Where an entry sits: its place in the session's one total order, and when it happened.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize,
)]
pub struct At {
    /// Position in the order of everything sent, received and seen happen.
    pub seq: u64,
    /// Microseconds since the engine was spawned (a line: when it was read; a command: just
    /// before it was written).
    #[serde(rename = "at_us")]
    pub us: u64,
}

/// Which way a line travelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Harness → engine (stdin).
    Sent,
    /// Engine → harness (stdout).
    Received,
    /// Engine's stderr; never judged as protocol output.
    Stderr,
    /// Not a line: a run of lines the transcript does not keep (the middle of a flood).
    Omitted,
}

/// One line of the transcript.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Entry {
    /// Where it sits in the session's order and when it was sent or read (µs since the
    /// engine's start); `seq` and `at_us` in JSON.
    #[serde(flatten)]
    pub at: At,
    /// Sent to the engine, read from its stdout or stderr, or a marker for lines left out.
    pub direction: Direction,
    /// The line without its line end; invalid UTF-8 replaced by U+FFFD. For an omission, what
    /// was left out.
    pub text: String,
    /// The bytes were not valid UTF-8 (`text` is a lossy rendering).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub non_utf8: bool,
    /// Bytes cut from an over-long line.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dropped_bytes: usize,
    /// The line end the engine used (received lines only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<LineEnding>,
    /// For an omission: how many lines and bytes it stands for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub omitted: Option<Omission>,
    /// A command written in two writes (a scenario's `>|`): how many bytes the first held.
    /// The line is recorded once, when its end was written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut: Option<usize>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Lines a bounded transcript left out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Omission {
    /// How many lines the marker stands for.
    pub lines: u64,
    /// Their text in bytes, cut bytes of over-long lines included, line ends not.
    pub bytes: u64,
}

impl Entry {
    /// A line sent to the engine.
    pub fn sent(at: At, text: impl Into<String>) -> Entry {
        Entry {
            at,
            direction: Direction::Sent,
            text: text.into(),
            non_utf8: false,
            dropped_bytes: 0,
            ending: None,
            omitted: None,
            cut: None,
        }
    }

    /// A line the engine wrote on stdout, ended with LF.
    pub fn received(at: At, text: impl Into<String>) -> Entry {
        Entry {
            direction: Direction::Received,
            ending: Some(LineEnding::Lf),
            ..Entry::sent(at, text)
        }
    }

    /// The marker standing for lines left out.
    pub fn omission(at: At, omitted: Omission) -> Entry {
        Entry {
            direction: Direction::Omitted,
            text: format!(
                "… {} lines ({} bytes) not kept in this transcript …",
                omitted.lines, omitted.bytes
            ),
            omitted: Some(omitted),
            ..Entry::sent(at, String::new())
        }
    }

    /// Bytes of memory the entry's text holds, for the store's budget.
    pub fn weight(&self) -> usize {
        self.text.len() + std::mem::size_of::<Entry>()
    }
}

/// How the engine process ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct ExitRecord {
    /// When the harness saw the exit (µs since spawn).
    pub at_us: u64,
    /// Exit code, if it exited normally.
    pub code: Option<i32>,
    /// Terminating signal, if it was killed.
    pub signal: Option<i32>,
    /// The harness killed it (it did not exit in its grace period, or the run was interrupted);
    /// in a spied session, where the harness's side is the GUI, a signal that ends a process
    /// came to it from outside (the GUI killed, terminated or interrupted it).
    pub killed_by_harness: bool,
}

impl ExitRecord {
    /// "exited with code 3", "was killed by signal 11 (SIGSEGV)".
    pub fn describe(&self) -> String {
        match (self.code, self.signal) {
            (_, Some(signal)) => format!("was killed by signal {signal}{}", signal_name(signal)),
            (Some(code), None) => format!("exited with code {code}"),
            (None, None) => "ended".to_owned(),
        }
    }
}

/// ` (SIGSEGV)` for the signals engines die of, empty for others.
fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGHUP => " (SIGHUP)",
        libc::SIGINT => " (SIGINT)",
        libc::SIGQUIT => " (SIGQUIT)",
        libc::SIGILL => " (SIGILL)",
        libc::SIGABRT => " (SIGABRT)",
        libc::SIGBUS => " (SIGBUS)",
        libc::SIGFPE => " (SIGFPE)",
        libc::SIGKILL => " (SIGKILL)",
        libc::SIGSEGV => " (SIGSEGV)",
        libc::SIGPIPE => " (SIGPIPE)",
        libc::SIGTERM => " (SIGTERM)",
        _ => "",
    }
}

/// Output a stream wrote beyond the budget the transcript keeps whole.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Overflow {
    /// When the budget was exceeded (µs since spawn).
    pub at_us: u64,
    /// Lines the stream carried over the whole session, kept or not.
    pub lines: u64,
    /// Bytes it carried over the whole session, line ends included.
    pub bytes: u64,
}

/// A time the engine's output waited for the GUI to read it (`arbiter spy`): the GUI's end of
/// the pipe was full, so nothing more could be passed on until the GUI read some.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct ReadWait {
    /// When the wait began (µs since spawn).
    pub at_us: u64,
    /// How long it lasted.
    pub waited_us: u64,
}

/// Everything recorded in one session.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Transcript {
    /// In the session's order (by `at.seq`); omissions mark what a bounded transcript left out.
    pub entries: Vec<Entry>,
    /// How and when the engine process ended; `None` when the session ended without seeing it
    /// end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit: Option<ExitRecord>,
    /// When the engine's stdout ended (it exited or closed it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdout_closed_at_us: Option<u64>,
    /// When the harness closed the engine's stdin at the end of the session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdin_closed_at_us: Option<u64>,
    /// When the harness ended the session the protocol's way (`quit`, `END`, `QUIT`) because
    /// the scenario had stopped early or never ended it: nothing from there on is judged, since the engine
    /// answers the harness's ending, not the exchange under test.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_early_at_us: Option<u64>,
    /// stdout went over the flood budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdout_overflow: Option<Overflow>,
    /// stderr went over its budget; lines past it were not kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr_overflow: Option<Overflow>,
    /// The engine was stopped by a signal (SIGSTOP) and never continued: when, and by which.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<ExitRecord>,
    /// A signal to the harness cut the session short: what never came may still have been
    /// coming, so the checks do not judge it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cut_short: bool,
    /// Descendants of the engine (children it left behind) the harness had to kill.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub descendants_killed: usize,
    /// Relayed sessions: the times the engine's output waited half a second or more for the
    /// GUI to read it (its pipe full), in order. Empty when the GUI kept up, and in sessions
    /// the harness drives itself.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gui_read_waits: Vec<ReadWait>,
}

impl Transcript {
    /// When the engine was gone, if it exited: its exit as a watcher saw it happen, or the
    /// end of its stdout when that came first (it closed it; a child that still holds it
    /// keeps it open later).
    pub fn gone_at_us(&self) -> Option<u64> {
        let exit = self.exit.as_ref()?;
        Some(
            self.stdout_closed_at_us
                .map_or(exit.at_us, |eof| eof.min(exit.at_us)),
        )
    }

    /// The entries of one direction.
    pub fn lines(&self, direction: Direction) -> impl Iterator<Item = &Entry> {
        self.entries
            .iter()
            .filter(move |e| e.direction == direction)
    }

    /// Index of the entry at `seq`, or of the first after it (an omission may hold it).
    pub fn index_of(&self, seq: u64) -> usize {
        self.entries.partition_point(|e| e.at.seq < seq)
    }

    /// Index of the first entry at or after `at_us`.
    pub fn index_at(&self, at_us: u64) -> usize {
        self.entries.partition_point(|e| e.at.us < at_us)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_found_by_their_place_in_the_order() {
        let at = |seq, us| At { seq, us };
        let t = Transcript {
            entries: vec![
                Entry::sent(at(0, 10), "go"),
                Entry::received(at(1, 20), "info"),
                Entry::received(at(2, 20), "bestmove"),
                Entry::omission(at(3, 25), Omission { lines: 4, bytes: 9 }),
                Entry::received(at(7, 30), "x"),
            ],
            ..Transcript::default()
        };
        assert_eq!(t.index_of(2), 2);
        assert_eq!(t.index_of(5), 4);
        assert_eq!(t.index_at(20), 1);
        assert!(t.entries[3].text.contains("4 lines"));
    }

    #[test]
    fn exits_are_described_in_words() {
        let exit = |code, signal| ExitRecord {
            at_us: 0,
            code,
            signal,
            killed_by_harness: false,
        };
        assert_eq!(exit(Some(3), None).describe(), "exited with code 3");
        assert_eq!(
            exit(None, Some(11)).describe(),
            "was killed by signal 11 (SIGSEGV)"
        );
    }
}
