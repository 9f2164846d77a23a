//! Drives the engine binary through Arbiter's own session: every wait has a deadline, and the
//! engine is killed and reaped when the driver is dropped, so no test can hang on a
//! misbehaving engine.

#![allow(dead_code)]

use std::time::{Duration, Instant};

use arbiter::session::{EngineCommand, Next, Session, SessionOptions};
use arbiter_rules::Game;

pub const LONG: Duration = Duration::from_secs(20);

pub struct Engine {
    session: Session,
    /// Everything read so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn spawn() -> Engine {
        let engine = EngineCommand {
            program: assert_cmd::cargo::cargo_bin("arbiter-xiangqi"),
            ..EngineCommand::default()
        };
        let session = Session::spawn(&engine, SessionOptions::default(), arbiter::session::NoSink)
            .expect("the engine binary starts");
        Engine {
            session,
            transcript: Vec::new(),
        }
    }

    /// Starts an engine and completes the UCCI handshake with millisecond times.
    pub fn ucci() -> Engine {
        let mut engine = Engine::spawn();
        engine.send("ucci");
        engine.expect("ucciok");
        engine.send("setoption usemillisec true");
        engine
    }

    pub fn send(&mut self, line: &str) {
        self.session.send(line).expect("engine reads its input");
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.session
            .send_raw(bytes)
            .expect("engine reads its input");
    }

    pub fn close_stdin(&mut self) {
        self.session.close_input();
    }

    /// The next line within `timeout`, or `None`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<(Instant, String)> {
        match self.session.next_line(Instant::now() + timeout) {
            Next::Line(line) => {
                self.transcript.push(line.text.clone());
                Some((self.session.instant_of(line.at.us), line.text))
            }
            Next::Timeout | Next::Closed | Next::Interrupted => None,
        }
    }

    /// Reads until a line starting with `prefix` (as a whole first word or more), returning the
    /// lines read before it and the line itself; panics after [`LONG`].
    pub fn until(&mut self, prefix: &str) -> (Vec<String>, String) {
        self.until_within(prefix, LONG)
            .unwrap_or_else(|| panic!("no {prefix:?} within {LONG:?}; read {:#?}", self.transcript))
    }

    pub fn until_within(
        &mut self,
        prefix: &str,
        timeout: Duration,
    ) -> Option<(Vec<String>, String)> {
        let deadline = Instant::now() + timeout;
        let mut before = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (_, line) = self.next_line(left)?;
            if starts_with_words(&line, prefix) {
                return Some((before, line));
            }
            before.push(line);
        }
    }

    /// Reads until the reply that closes a search, `bestmove …` or `nobestmove`, within [`LONG`].
    pub fn until_answer(&mut self) -> Option<(Vec<String>, String)> {
        let deadline = Instant::now() + LONG;
        let mut before = Vec::new();
        loop {
            let (_, line) = self.next_line(deadline.saturating_duration_since(Instant::now()))?;
            if starts_with_words(&line, "bestmove") || line == "nobestmove" {
                return Some((before, line));
            }
            before.push(line);
        }
    }

    pub fn expect(&mut self, prefix: &str) -> String {
        self.until(prefix).1
    }

    /// Asserts that no line starting with `prefix` arrives within `window`.
    pub fn assert_silent(&mut self, prefix: &str, window: Duration) {
        let deadline = Instant::now() + window;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            match self.next_line(left) {
                Some((_, line)) => assert!(
                    !starts_with_words(&line, prefix),
                    "unexpected {line:?}; read {:#?}",
                    self.transcript
                ),
                None => return,
            }
        }
    }

    /// Waits for the process to exit, up to `timeout`; whether it exited successfully.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<bool> {
        self.session
            .wait_exit(Instant::now() + timeout)
            .map(|exit| exit.code == Some(0))
    }
}

fn starts_with_words(line: &str, prefix: &str) -> bool {
    line == prefix || line.starts_with(&format!("{prefix} "))
}

/// The move of a `bestmove` line and its ponder move.
pub fn bestmove_parts(line: &str) -> (String, Option<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.first(), Some(&"bestmove"), "{line}");
    let ponder = words
        .iter()
        .position(|w| *w == "ponder")
        .map(|i| words[i + 1].to_owned());
    (words[1].to_owned(), ponder)
}

/// Plays ICCS moves, panicking with the reason on an illegal one.
pub fn play_all<G: Game + Clone>(position: &G, moves: &[&str]) -> G {
    let mut pos = position.clone();
    for text in moves {
        pos.play_text(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()));
    }
    pos
}

/// Checks every `info … pv …` line among `lines`: the pv is a legal line from `position`.
pub fn assert_pvs_legal<G: Game + Clone>(position: &G, lines: &[String]) {
    for line in lines {
        if let Some((_, pv)) = line.split_once(" pv ") {
            let moves: Vec<&str> = pv.split_whitespace().collect();
            play_all(position, &moves);
        }
    }
}

/// Checks a `bestmove` line: its move is legal in `position`, and its ponder move after it.
pub fn assert_bestmove_legal<G: Game + Clone>(position: &G, line: &str) {
    let (best, ponder) = bestmove_parts(line);
    let after = play_all(position, &[&best]);
    if let Some(ponder) = ponder {
        play_all(&after, &[&ponder]);
    }
}
