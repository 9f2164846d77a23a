//! Driving one engine process: spawn it, write commands, read and timestamp its replies.
//!
//! A session only drives and records; it never judges. Every wait takes a deadline, and
//! however a session ends — normally, on a deadline, after a crash, or by being dropped —
//! the engine's stdin is closed, it gets a grace period, and then its whole process group
//! is killed and reaped.

mod error;
pub mod lines;
mod process;
mod reader;
pub mod transcript;

use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub use error::SessionError;
pub use reader::Budget;
use reader::{Incoming, Stream, spawn_reader};
pub use transcript::{Direction, Entry, ExitRecord, Overflow, Transcript};

/// The engine to run: a program with arguments, no shell in between.
#[derive(Debug, Clone, Default)]
pub struct EngineCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
    pub working_dir: Option<PathBuf>,
    /// Extra environment variables, on top of the harness's own environment.
    pub env: Vec<(String, String)>,
}

/// How a session talks to its engine.
#[derive(Debug, Clone)]
pub struct SessionOptions {
    /// Appended to every command: `"\n"`, or `"\r\n"` as Gomocup managers send.
    pub line_ending: &'static str,
    pub stdout_budget: Budget,
    pub stderr_budget: Budget,
    /// How long an engine may take to exit by itself once its stdin is closed.
    pub grace: Duration,
}

impl Default for SessionOptions {
    fn default() -> SessionOptions {
        SessionOptions {
            line_ending: "\n",
            // A line is a command reply or an info line; 64 KiB is far beyond any real one.
            stdout_budget: Budget {
                max_line_bytes: 64 * 1024,
                max_total_bytes: 16 * 1024 * 1024,
            },
            stderr_budget: Budget {
                max_line_bytes: 16 * 1024,
                max_total_bytes: 1024 * 1024,
            },
            grace: Duration::from_millis(1000),
        }
    }
}

/// A line the engine wrote on stdout, as handed to the runner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    pub at_us: u64,
    pub text: String,
}

/// The outcome of waiting for the engine's next stdout line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    Line(Received),
    /// The deadline passed first.
    Timeout,
    /// stdout is closed: the engine exited or closed it.
    Closed,
}

/// One running engine.
pub struct Session {
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    incoming: Receiver<Incoming>,
    epoch: Instant,
    transcript: Transcript,
    /// stdout lines recorded while draining but not yet handed to the caller.
    unread: VecDeque<Received>,
    stdout_open: bool,
    stderr_open: bool,
    last_stdout_us: Option<u64>,
    last_stderr_us: Option<u64>,
    options: SessionOptions,
}

impl Session {
    /// Starts the engine.
    pub fn spawn(engine: &EngineCommand, options: SessionOptions) -> Result<Session, SessionError> {
        let mut child = process::spawn(engine)?;
        let epoch = Instant::now();
        let (tx, incoming) = channel();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped at spawn");
        let stderr = child.stderr.take().expect("stderr is piped at spawn");
        let readers = spawn_reader(
            stdout,
            Stream::Stdout,
            options.stdout_budget,
            epoch,
            tx.clone(),
        )
        .and_then(|_| spawn_reader(stderr, Stream::Stderr, options.stderr_budget, epoch, tx));
        let mut session = Session {
            child: Some(child),
            stdin,
            incoming,
            epoch,
            transcript: Transcript::default(),
            unread: VecDeque::new(),
            stdout_open: true,
            stderr_open: true,
            last_stdout_us: None,
            last_stderr_us: None,
            options,
        };
        if let Err(e) = readers {
            session.kill_and_reap();
            return Err(SessionError::Thread(e));
        }
        Ok(session)
    }

    /// Microseconds since the engine was spawned.
    pub fn now_us(&self) -> u64 {
        self.epoch.elapsed().as_micros() as u64
    }

    /// The instant `at_us` stands for.
    pub fn instant_of(&self, at_us: u64) -> Instant {
        self.epoch + Duration::from_micros(at_us)
    }

    /// The transcript so far.
    pub fn transcript(&self) -> &Transcript {
        &self.transcript
    }

    /// Writes one command line. Returns when it was written, or the write error (the engine
    /// closed its stdin or exited); the line is recorded either way.
    pub fn send(&mut self, line: &str) -> Result<u64, std::io::Error> {
        self.drain_ready();
        let at_us = self.now_us();
        self.transcript.push(Entry {
            at_us,
            direction: Direction::Sent,
            text: line.to_owned(),
            non_utf8: false,
            dropped_bytes: 0,
            ending: None,
        });
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::BrokenPipe,
                "the engine's stdin is already closed",
            ));
        };
        let mut bytes = Vec::with_capacity(line.len() + 2);
        bytes.extend_from_slice(line.as_bytes());
        bytes.extend_from_slice(self.options.line_ending.as_bytes());
        stdin
            .write_all(&bytes)
            .and_then(|()| stdin.flush())
            .map(|()| at_us)
    }

    /// Waits until the next stdout line, the deadline, or the end of stdout.
    pub fn next_line(&mut self, deadline: Instant) -> Next {
        loop {
            if let Some(line) = self.unread.pop_front() {
                return Next::Line(line);
            }
            if !self.stdout_open {
                return Next::Closed;
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(wait) {
                Ok(event) => {
                    if let Some(line) = self.record(event) {
                        return Next::Line(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Next::Timeout,
                Err(RecvTimeoutError::Disconnected) => {
                    self.stdout_open = false;
                    self.stderr_open = false;
                    return Next::Closed;
                }
            }
        }
    }

    /// Waits until the engine exits or the deadline passes; records the exit.
    pub fn wait_exit(&mut self, deadline: Instant) -> Option<ExitRecord> {
        if let Some(exit) = &self.transcript.exit {
            return Some(exit.clone());
        }
        let child = self.child.as_mut()?;
        let status = process::wait_for(child, deadline.saturating_duration_since(Instant::now()))?;
        let (code, signal) = process::describe(status);
        let exit = ExitRecord {
            at_us: self.now_us(),
            code,
            signal,
            killed_by_harness: false,
        };
        self.transcript.exit = Some(exit.clone());
        Some(exit)
    }

    /// Closes stdin, gives the engine its grace period, kills its process group, reaps it,
    /// collects the last output and returns the transcript.
    pub fn finish(mut self) -> Transcript {
        if self.stdin.take().is_some() {
            self.transcript.stdin_closed_at_us = Some(self.now_us());
        }
        let grace_end = Instant::now() + self.options.grace;
        if self.wait_exit(grace_end).is_none() {
            self.kill_and_reap();
        }
        if let Some(child) = &self.child {
            // The engine is gone, but helpers it started may still hold the pipes open.
            process::kill_group(child);
        }
        self.child = None;
        self.drain_until_closed(Instant::now() + Duration::from_millis(500));
        std::mem::take(&mut self.transcript)
    }

    fn kill_and_reap(&mut self) {
        let Some(child) = self.child.as_mut() else {
            return;
        };
        process::kill_group(child);
        let status = child.wait();
        if self.transcript.exit.is_none() {
            let (code, signal) = status.map(process::describe).unwrap_or((None, None));
            self.transcript.exit = Some(ExitRecord {
                at_us: self.now_us(),
                code,
                signal,
                killed_by_harness: true,
            });
        }
    }

    /// Records everything that has already arrived, without waiting.
    fn drain_ready(&mut self) {
        while let Ok(event) = self.incoming.try_recv() {
            if let Some(line) = self.record(event) {
                // Nobody asked for it yet: keep it for the next `next_line`.
                self.unread.push_back(line);
            }
        }
    }

    fn drain_until_closed(&mut self, deadline: Instant) {
        while self.stdout_open || self.stderr_open {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(wait) {
                Ok(event) => {
                    self.record(event);
                }
                Err(_) => break,
            }
        }
    }

    /// Puts one reader event into the transcript; returns it if it is a stdout line.
    fn record(&mut self, event: Incoming) -> Option<Received> {
        match event {
            Incoming::Line {
                stream,
                at_us,
                line,
            } => {
                // Lines read in one chunk arrive together; stamping them 1 µs apart keeps every
                // timestamp unique, so a finding points at exactly one line.
                let last = match stream {
                    Stream::Stdout => &mut self.last_stdout_us,
                    Stream::Stderr => &mut self.last_stderr_us,
                };
                let at_us = match *last {
                    Some(previous) if at_us <= previous => previous + 1,
                    _ => at_us,
                };
                *last = Some(at_us);
                let (text, non_utf8) = match String::from_utf8(line.bytes) {
                    Ok(text) => (text, false),
                    Err(e) => (String::from_utf8_lossy(e.as_bytes()).into_owned(), true),
                };
                let direction = match stream {
                    Stream::Stdout => Direction::Received,
                    Stream::Stderr => Direction::Stderr,
                };
                self.transcript.push(Entry {
                    at_us,
                    direction,
                    text: text.clone(),
                    non_utf8,
                    dropped_bytes: line.dropped,
                    ending: Some(line.ending),
                });
                (stream == Stream::Stdout).then_some(Received { at_us, text })
            }
            Incoming::Overflow { stream, at_us } => {
                let overflow = Some(Overflow {
                    at_us,
                    discarded_bytes: 0,
                });
                match stream {
                    Stream::Stdout => self.transcript.stdout_overflow = overflow,
                    Stream::Stderr => self.transcript.stderr_overflow = overflow,
                }
                None
            }
            Incoming::Eof {
                stream,
                at_us,
                discarded_bytes,
            } => {
                if stream == Stream::Stdout {
                    self.transcript.stdout_closed_at_us = Some(at_us);
                }
                let (open, overflow) = match stream {
                    Stream::Stdout => (&mut self.stdout_open, &mut self.transcript.stdout_overflow),
                    Stream::Stderr => (&mut self.stderr_open, &mut self.transcript.stderr_overflow),
                };
                *open = false;
                if let Some(overflow) = overflow {
                    overflow.discarded_bytes = discarded_bytes;
                }
                None
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A session abandoned mid-run (a panic in the harness) must still not leave a process.
        self.stdin = None;
        self.kill_and_reap();
    }
}
