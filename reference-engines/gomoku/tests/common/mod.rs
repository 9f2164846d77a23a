//! Driving the engine binary with deadlines: a reader thread collects its stdout lines, every
//! wait has a timeout, and the child is killed when the test ends, so no test can hang.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

pub const SLOW: Duration = Duration::from_secs(10);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Line ending used by [`Engine::send`].
    pub eol: &'static str,
}

impl Engine {
    pub fn spawn() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-arbiter"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("engine starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            eol: "\r\n",
        }
    }

    pub fn send(&mut self, line: &str) {
        let data = format!("{line}{}", self.eol);
        self.send_raw(data.as_bytes());
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("engine reads stdin");
        stdin.flush().expect("flush");
    }

    /// The next stdout line, or a panic naming `what` after `timeout`.
    pub fn line(&self, timeout: Duration, what: &str) -> String {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => l,
            Err(RecvTimeoutError::Timeout) => panic!("no {what} within {timeout:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("engine closed stdout before {what}"),
        }
    }

    /// The next line that is not a Gomocup MESSAGE/DEBUG (or AGI INFO when `skip_info`).
    pub fn reply(&self, timeout: Duration) -> String {
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
    pub fn agi_reply(&self, timeout: Duration) -> String {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let l = self.line(left, "AGI reply");
            if !l.to_ascii_uppercase().starts_with("INFO") {
                return l;
            }
        }
    }

    /// Asserts that no line other than those `allowed` arrives within `quiet`.
    pub fn silent(&self, quiet: Duration, allowed: impl Fn(&str) -> bool) {
        let end = Instant::now() + quiet;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) if allowed(&l) => continue,
                Ok(l) => panic!("unexpected output {l:?}"),
                Err(_) => return,
            }
        }
    }

    /// Waits for the process to exit; its status and how long it took.
    pub fn exit_within(&mut self, timeout: Duration) -> (ExitStatus, Duration) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return (status, start.elapsed());
            }
            assert!(
                start.elapsed() < timeout,
                "engine still running after {timeout:?}"
            );
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Everything still buffered on stdout (after the process has exited).
    pub fn rest(&self) -> Vec<String> {
        let mut v = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(Duration::from_millis(200)) {
            v.push(l);
        }
        v
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
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
