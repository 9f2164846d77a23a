//! Driving the engine binary through Arbiter's own session: every wait has a deadline, and
//! the engine and anything it started are killed and reaped when the test ends, so no test
//! can hang.

#![allow(dead_code)]

use std::time::{Duration, Instant};

use arbiter::protocol::LineEnd;
use arbiter::session::{EngineCommand, ExitRecord, Next, Session, SessionOptions};

pub const SLOW: Duration = Duration::from_secs(10);

pub struct Engine {
    session: Session,
}

impl Engine {
    /// The engine, spoken to as a Gomocup manager does (CR LF).
    pub fn spawn() -> Engine {
        Engine::spawn_with(LineEnd::CrLf)
    }

    /// The engine, spoken to as an AGI GUI does (LF).
    pub fn spawn_agi() -> Engine {
        Engine::spawn_with(LineEnd::Lf)
    }

    fn spawn_with(line_end: LineEnd) -> Engine {
        let engine = EngineCommand {
            program: env!("CARGO_BIN_EXE_pbrain-arbiter").into(),
            ..EngineCommand::default()
        };
        let options = SessionOptions {
            line_end,
            ..SessionOptions::default()
        };
        let session =
            Session::spawn(&engine, options, arbiter::session::NoSink).expect("engine starts");
        Engine { session }
    }

    pub fn send(&mut self, line: &str) {
        self.session.send(line).expect("engine reads stdin");
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.session.send_raw(bytes).expect("engine reads stdin");
    }

    /// The next stdout line, or a panic naming `what` after `timeout`.
    pub fn line(&mut self, timeout: Duration, what: &str) -> String {
        match self.session.next_line(Instant::now() + timeout) {
            Next::Line(line) => line.text,
            Next::Timeout | Next::Interrupted => panic!("no {what} within {timeout:?}"),
            Next::Closed => panic!("engine closed stdout before {what}"),
        }
    }

    /// The next line that is not a Gomocup MESSAGE/DEBUG.
    pub fn reply(&mut self, timeout: Duration) -> String {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let l = self.line(left, "reply");
            if !(l.starts_with("MESSAGE") || l.starts_with("DEBUG")) {
                return l;
            }
        }
    }

    /// The next AGI line other than INFO.
    pub fn agi_reply(&mut self, timeout: Duration) -> String {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let l = self.line(left, "AGI reply");
            if !l.to_ascii_uppercase().starts_with("INFO") {
                return l;
            }
        }
    }

    /// Waits for the first `INFO` line of the AGI search just begun (its first depth done) and
    /// returns it: the engine is thinking. Any other line first fails.
    pub fn agi_thinking(&mut self, timeout: Duration) -> String {
        let l = self.line(timeout, "INFO of the search");
        assert!(
            l.starts_with("INFO "),
            "{l:?} before the search's first INFO"
        );
        l
    }

    /// Asserts that no line other than those `allowed` arrives within `quiet`.
    pub fn silent(&mut self, quiet: Duration, allowed: impl Fn(&str) -> bool) {
        let end = Instant::now() + quiet;
        while let Next::Line(l) = self.session.next_line(end) {
            assert!(allowed(&l.text), "unexpected output {:?}", l.text);
        }
    }

    /// Waits for the process to exit; how it ended and how long it took.
    pub fn exit_within(&mut self, timeout: Duration) -> (ExitRecord, Duration) {
        let start = Instant::now();
        let exit = self
            .session
            .wait_exit(start + timeout)
            .unwrap_or_else(|| panic!("engine still running after {timeout:?}"));
        (exit, start.elapsed())
    }

    /// Everything still to come on stdout (after the process has exited).
    pub fn rest(&mut self) -> Vec<String> {
        let mut v = Vec::new();
        while let Next::Line(l) = self
            .session
            .next_line(Instant::now() + Duration::from_millis(200))
        {
            v.push(l.text);
        }
        v
    }
}

/// Whether an exit is the normal end of a program (code 0).
pub fn success(exit: &ExitRecord) -> bool {
    exit.code == Some(0)
}

/// Parses a Gomocup move reply `x,y`.
pub fn point(reply: &str) -> (u32, u32) {
    let (x, y) = reply
        .split_once(',')
        .unwrap_or_else(|| panic!("{reply:?} is not x,y"));
    let n = |t: &str| {
        assert!(
            !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()),
            "{reply:?} is not x,y"
        );
        t.parse::<u32>().unwrap()
    };
    (n(x), n(y))
}
