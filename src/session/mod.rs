//! Driving one engine process: spawn it, write commands, read and timestamp its replies.
//!
//! A session only drives and records; it never judges. Everything that happens (a command
//! written, a line read, a pipe closed, the process ending) goes through one `journal` in the
//! order the harness saw it, and is handed in that order to the transcript store and to a
//! [`Sink`] (the runner's checks, which judge each line as it comes). Every wait takes a
//! deadline, writes included; and however a session ends — normally, on a deadline, after a
//! crash, on a signal, or by being dropped — the engine's stdin is closed, it gets a grace
//! period, and then it and every process it started are killed and reaped. The one exception
//! is an engine the session only attached to (`arbiter spy`, see `attached`): its GUI
//! started it and ends it, and the session only watches it end.

mod attached;
mod cancel;
mod error;
pub mod interrupt;
mod journal;
pub(crate) mod lines;
mod own_reader;
mod process;
mod reader;
mod relay;
mod startable;
mod stdin;
mod store;
pub mod transcript;

use std::fs::File;
use std::path::PathBuf;
use std::process::Child;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(crate) use attached::AttachedEngine;
pub use cancel::Cancel;
pub(crate) use error::SendError;
pub use error::SessionError;
use journal::{Event, Journal, Stream, Taken};
pub use lines::LineEnding;
use own_reader::OwnReader;
pub use process::adopt_orphans;
pub(crate) use reader::Budget;
pub(crate) use reader::Tee;
pub(crate) use relay::{InputRelay, Relay};
pub use startable::NotStartable;
use stdin::EngineInput;
pub(crate) use store::Limits;
use store::Store;
pub use transcript::{At, Direction, Entry, ExitRecord, Overflow, ReadWait, Transcript};

use crate::protocol::LineEnd;

/// The engine to run: a program with arguments, no shell in between.
#[derive(Debug, Clone, Default)]
pub struct EngineCommand {
    /// The executable: a path, or a bare name looked up in `PATH`.
    pub program: PathBuf,
    /// Arguments handed to it one element each, as they are: no shell splits or unquotes them.
    pub args: Vec<String>,
    /// The directory the engine starts in; `None` keeps the harness's own.
    pub working_dir: Option<PathBuf>,
    /// Extra environment variables, on top of the harness's own environment.
    pub env: Vec<(String, String)>,
}

/// How a session talks to its engine.
#[derive(Debug, Clone)]
pub struct SessionOptions {
    /// Appended to every command.
    pub line_end: LineEnd,
    /// Caps on the engine's stdout: bytes kept of one line (64 KiB by default, the rest cut and
    /// counted) and the flood (16 MiB or a million lines) past which the transcript records an
    /// overflow; lines past it are still judged.
    pub stdout_budget: Budget,
    /// Caps on the engine's stderr (16 KiB a line, a flood at 1 MiB or 100,000 lines by
    /// default); past its flood, lines are only counted, since stderr is never judged.
    pub stderr_budget: Budget,
    /// What the transcript keeps of a long session.
    pub limits: Limits,
    /// How long an engine may take to exit by itself once its stdin is closed.
    pub grace: Duration,
    /// How long a command may wait for room in the engine's input pipe.
    pub write_timeout: Duration,
    /// Raised, it ends this session's waits as a signal to the harness would, and its end
    /// gives the engine no grace period (a match aborting its games in progress).
    pub cancel: Cancel,
    /// Which thread reads the engine's stdout.
    pub stdout_reader: StdoutReader,
}

/// Which thread reads an engine's stdout.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum StdoutReader {
    /// A thread of its own, which reads and stamps each line the moment it comes, whatever
    /// the session is doing: what conformance runs time replies with.
    #[default]
    OwnThread,
    /// The session's thread, while it waits: half the wake-ups a line, each line stamped
    /// when the session looks, as a GUI reading on one thread sees it (a match's engines;
    /// see `own_reader`). A spied engine's output is always relayed by a thread of its own.
    Session,
}

impl Default for SessionOptions {
    fn default() -> SessionOptions {
        SessionOptions {
            line_end: LineEnd::Lf,
            // A line is a command reply or an info line; 64 KiB is far beyond any real one. 16
            // MiB or a million lines is far beyond any real session, too.
            stdout_budget: Budget {
                max_line_bytes: 64 * 1024,
                flood_bytes: 16 * 1024 * 1024,
                flood_lines: 1_000_000,
                keep_past_flood: true,
            },
            stderr_budget: Budget {
                max_line_bytes: 16 * 1024,
                flood_bytes: 1024 * 1024,
                flood_lines: 100_000,
                keep_past_flood: false,
            },
            limits: Limits::default(),
            grace: Duration::from_millis(1000),
            write_timeout: Duration::from_millis(2000),
            cancel: Cancel::default(),
            stdout_reader: StdoutReader::OwnThread,
        }
    }
}

/// Receives every entry of the transcript as it happens, in order.
pub trait Sink {
    /// Judges one entry; pushes the `seq` of each line a finding points at, so the transcript
    /// keeps the lines around it.
    fn entry(&mut self, entry: &Entry, pins: &mut Vec<u64>);
    /// The harness is ending the session early, the protocol's way, at `at`: no entry from
    /// there on reaches the sink.
    fn ended_early(&mut self, _at: At) {}
}

/// A sink that takes no interest.
pub struct NoSink;
impl Sink for NoSink {
    fn entry(&mut self, _: &Entry, _: &mut Vec<u64>) {}
}

/// A line the engine wrote on stdout, as handed to the runner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    /// Its place in the session's order, and when it was read in µs since the engine started.
    pub at: At,
    /// The line without its line end; invalid UTF-8 replaced by U+FFFD.
    pub text: String,
}

/// The outcome of waiting for the engine's next stdout line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// The engine wrote this line before the deadline.
    Line(Received),
    /// The deadline passed first.
    Timeout,
    /// stdout is closed: the engine exited or closed it.
    Closed,
    /// The run was interrupted by a signal, or the session's cancel token was raised.
    Interrupted,
}

/// How long a wait for a line goes on once the engine has exited or been stopped: enough for
/// the reader to take what it wrote before, while a child holding the pipe cannot keep a
/// dead engine's conversation open.
const GONE_DRAIN: Duration = Duration::from_millis(250);
/// How long the end of a session waits for the engine's pipes to close once it is gone.
const DRAIN: Duration = Duration::from_millis(500);
/// How long a killed engine may take to be seen gone (SIGKILL cannot be ignored).
const KILL_WAIT: Duration = Duration::from_secs(2);

/// One running engine.
pub struct Session<S: Sink = NoSink> {
    process: ProcessGuard,
    stdin: Option<EngineInput>,
    journal: Arc<Journal>,
    store: Store,
    /// The transcript's fields other than its entries.
    ended: Transcript,
    sink: S,
    pins: Vec<u64>,
    stdout_open: bool,
    stderr_open: bool,
    /// The harness is killing the engine (a SIGKILL exit is then the harness's doing).
    killing: bool,
    /// The `seq` of the command with which the harness ended the session early, once sent:
    /// the sink judges nothing from there on.
    ended_early_seq: Option<u64>,
    options: SessionOptions,
}

impl<S: Sink> Session<S> {
    /// Starts the engine.
    pub fn spawn(
        engine: &EngineCommand,
        options: SessionOptions,
        sink: S,
    ) -> Result<Session<S>, SessionError> {
        Session::start(engine, options, sink)
    }

    /// Takes over an engine another process started (the process a GUI started for `arbiter
    /// spy`, which became the engine), between the GUI and the harness: its stdout and
    /// stderr are passed on to `relay` as they come, and what the GUI writes reaches it
    /// through the returned [`InputRelay`] (the session itself sends nothing). The session
    /// is not the engine's parent: it sees its end, but never kills or reaps it.
    pub(crate) fn attach_relayed(
        engine: AttachedEngine,
        options: SessionOptions,
        sink: S,
        relay: Relay,
    ) -> Result<(Session<S>, InputRelay), SessionError> {
        let AttachedEngine {
            pid,
            pidfd,
            stdin,
            stdout,
            stderr,
        } = engine;
        let probe = Arc::new(attached::ExitProbe::new(pid));
        let journal = Arc::new(Journal::new(Instant::now()).cancelled_by(options.cancel.clone()));
        let session = Session::new(pid, None, None, Arc::clone(&journal), sink, options);
        // An exiting engine closes its pipes after its exit code is set: looking at it then
        // keeps the status even if its GUI reaps it at once (see `attached`).
        let at_end = |probe: &Arc<attached::ExitProbe>| -> Option<reader::AtEnd> {
            let probe = Arc::clone(probe);
            Some(Box::new(move || probe.sample()))
        };
        let started = session
            .start_readers(
                File::from(stdout),
                File::from(stderr),
                [Some(relay.stdout), Some(relay.stderr)],
                [at_end(&probe), at_end(&probe)],
            )
            .and_then(|()| {
                attached::watch_exit(pid, pidfd, Arc::clone(&probe), Arc::clone(&journal))
            });
        if let Err(e) = started {
            session.journal.abandon();
            return Err(SessionError::Thread(e));
        }
        let input = InputRelay::new(
            Some(EngineInput::new(stdin)),
            journal,
            probe,
            session.options.stdout_budget.max_line_bytes,
            session.options.write_timeout,
        );
        Ok((session, input))
    }

    fn start(
        engine: &EngineCommand,
        options: SessionOptions,
        sink: S,
    ) -> Result<Session<S>, SessionError> {
        let mut child = process::spawn(engine)?;
        let journal = Journal::new(Instant::now()).cancelled_by(options.cancel.clone());
        let pid = child.id();
        let stdin = child.stdin.take().map(EngineInput::new);
        let stdout = File::from(std::os::fd::OwnedFd::from(
            child.stdout.take().expect("stdout is piped at spawn"),
        ));
        let stderr = File::from(std::os::fd::OwnedFd::from(
            child.stderr.take().expect("stderr is piped at spawn"),
        ));
        let (journal, stdout) = match options.stdout_reader {
            StdoutReader::OwnThread => (journal, Some(stdout)),
            StdoutReader::Session => match OwnReader::new(stdout, options.stdout_budget) {
                Ok(reader) => (journal.reading(reader), None),
                Err(e) => {
                    process::kill_tree(pid);
                    process::reap(&mut child);
                    return Err(SessionError::OwnReader(e));
                }
            },
        };
        let mut session = Session::new(pid, Some(child), stdin, Arc::new(journal), sink, options);
        let started = match stdout {
            Some(stdout) => session.start_readers(stdout, stderr, [None, None], [None, None]),
            None => session.start_stderr_reader(stderr, None, None),
        }
        .and_then(|()| process::watch_exit(pid, Arc::clone(&session.journal)));
        if let Err(e) = started {
            session.kill();
            return Err(SessionError::Thread(e));
        }
        Ok(session)
    }

    fn new(
        pid: u32,
        child: Option<Child>,
        stdin: Option<EngineInput>,
        journal: Arc<Journal>,
        sink: S,
        options: SessionOptions,
    ) -> Session<S> {
        Session {
            process: ProcessGuard {
                child,
                pid,
                journal: Arc::clone(&journal),
            },
            stdin,
            journal,
            store: Store::new(options.limits),
            ended: Transcript::default(),
            sink,
            pins: Vec::new(),
            stdout_open: true,
            stderr_open: true,
            killing: false,
            ended_early_seq: None,
            options,
        }
    }

    fn start_readers(
        &self,
        stdout: File,
        stderr: File,
        [stdout_tee, stderr_tee]: [Option<Tee>; 2],
        [stdout_end, stderr_end]: [Option<reader::AtEnd>; 2],
    ) -> std::io::Result<()> {
        reader::spawn_reader(
            stdout,
            Stream::Stdout,
            self.options.stdout_budget,
            Arc::clone(&self.journal),
            stdout_tee,
            stdout_end,
        )?;
        self.start_stderr_reader(stderr, stderr_tee, stderr_end)
    }

    fn start_stderr_reader(
        &self,
        stderr: File,
        tee: Option<Tee>,
        at_end: Option<reader::AtEnd>,
    ) -> std::io::Result<()> {
        reader::spawn_reader(
            stderr,
            Stream::Stderr,
            self.options.stderr_budget,
            Arc::clone(&self.journal),
            tee,
            at_end,
        )
        .map(drop)
    }

    /// What the session hands its entries to, as it stands now.
    pub(crate) fn sink(&self) -> &S {
        &self.sink
    }

    /// The same, to take what it has found so far while the session goes on.
    pub(crate) fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// The lines kept so far around `at`, as a transcript of their own: where a finding made
    /// while the session goes on (an engine kept between a match's games) shows its context.
    pub(crate) fn transcript_around(&self, at: At) -> Transcript {
        let from = at.seq.saturating_sub(transcript::CONTEXT_BEFORE as u64);
        let to = at.seq + transcript::CONTEXT_AFTER as u64;
        Transcript {
            entries: self.store.window(from, to),
            ..Transcript::default()
        }
    }

    /// Microseconds since the engine was spawned.
    pub(crate) fn now_us(&self) -> u64 {
        self.journal.now_us()
    }

    /// The instant `at_us` stands for.
    pub fn instant_of(&self, at_us: u64) -> Instant {
        self.journal.instant_of(at_us)
    }

    /// Writes one command line. The line is put in the order just before it is written, so
    /// every reply the engine gives to it comes after it; it is recorded even when the write
    /// fails (the engine closed its input, exited, or does not read it).
    pub fn send(&mut self, line: &str) -> Result<At, SendError> {
        self.send_together(std::slice::from_ref(&line))
    }

    /// Writes several command lines in one write, as a GUI that sends them at once does: the
    /// engine's read may bring them all. Each is put in the order, in turn, just before the
    /// write; the time returned is the last one's.
    pub fn send_together(&mut self, lines: &[impl AsRef<str>]) -> Result<At, SendError> {
        let mut last = None;
        for line in lines {
            last = Some(self.put_sent(line.as_ref().to_owned(), None));
        }
        let Some(at) = last else {
            return Err(SendError::NothingToSend);
        };
        self.write_lines(lines).map(|()| at)
    }

    /// Writes one command line in two writes, `pause` apart: its first `cut` bytes alone, then
    /// the rest with the line end, as a pipe delivers a slow writer's command in two reads.
    /// It is put in the order once, just before its end is written: only then can the engine
    /// read the whole command, and its replies are timed from there.
    pub fn send_cut(&mut self, line: &str, cut: usize, pause: Duration) -> Result<At, SendError> {
        let cut = (0..=cut.min(line.len()))
            .rev()
            .find(|&i| line.is_char_boundary(i))
            .unwrap_or(0);
        let (first, rest) = line.split_at(cut);
        let first_written = self.write_bytes(first.as_bytes());
        if first_written.is_ok() {
            std::thread::sleep(pause);
        }
        let at = self.put_sent(line.to_owned(), Some(cut));
        first_written
            .and_then(|()| self.write_line(rest))
            .map(|()| at)
    }

    /// Puts a command in the order, just before it is written; what the engine wrote before
    /// it and the session has not read yet (reading its own pipe) comes first.
    fn put_sent(&self, text: String, cut: Option<usize>) -> At {
        self.journal.read_now();
        self.journal.append(|at| Event::Sent { at, text, cut })
    }

    /// Writes `line` and the line end, within the write deadline; on a failed write the input
    /// is closed.
    fn write_line(&mut self, line: &str) -> Result<(), SendError> {
        self.write_lines(&[line])
    }

    /// Writes each line with its line end, all in one write, within the write deadline; on a
    /// failed write the input is closed.
    fn write_lines(&mut self, lines: &[impl AsRef<str>]) -> Result<(), SendError> {
        let end = self.options.line_end.as_str().as_bytes();
        let mut bytes = Vec::new();
        for line in lines {
            bytes.extend_from_slice(line.as_ref().as_bytes());
            bytes.extend_from_slice(end);
        }
        self.write_bytes(&bytes)
    }

    /// Writes bytes as they are in one write, within the write deadline; on a failed write the
    /// input is closed.
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), SendError> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(SendError::InputClosed);
        };
        let deadline = Instant::now() + self.options.write_timeout;
        stdin.write_all(bytes, deadline).map_err(|e| {
            // Part of a line may be in the pipe: nothing written later could be read right.
            self.close_stdin();
            SendError::Write(e)
        })
    }

    /// Writes bytes as they are, no line end added (robustness tests: binary data, a line
    /// without its end). Recorded as one sent line, shown lossily.
    pub fn send_raw(&mut self, bytes: &[u8]) -> Result<At, SendError> {
        let at = self.put_sent(String::from_utf8_lossy(bytes).into_owned(), None);
        self.write_bytes(bytes).map(|()| at)
    }

    /// Ends the session the protocol's way (`line`: `quit`, `END`, `QUIT`) when its exchange
    /// stopped early or never ended it, before the input is closed and the engine given its
    /// grace period: an
    /// engine told to end has no reason to loop on its last command or to answer an input that
    /// closed under it. Nothing the engine does from here on is judged. Nothing is sent to an
    /// engine that is gone or whose input is closed.
    pub fn end_by_protocol(&mut self, line: &str) {
        if self.stdin.is_none() || self.ended.exit.is_some() || self.ended_early_seq.is_some() {
            return;
        }
        let at = self.put_sent(line.to_owned(), None);
        self.ended_early_seq = Some(at.seq);
        // An engine that cannot take it any more is ended by the close and the kill that follow.
        let _ = self.write_line(line);
    }

    /// Closes the engine's input (end of file), as a GUI that goes away does.
    pub fn close_input(&mut self) {
        self.close_stdin();
    }

    /// Waits until the next stdout line, the deadline, or the end of the engine's output: its
    /// stdout closed, or the engine itself gone or stopped (a child that still holds the pipe
    /// does not keep a dead engine's conversation open).
    pub fn next_line(&mut self, deadline: Instant) -> Next {
        loop {
            if !self.stdout_open {
                return Next::Closed;
            }
            let gone_at = self
                .ended
                .exit
                .as_ref()
                .or(self.ended.stopped.as_ref())
                .map(|e| e.at_us);
            let gone = gone_at.is_some();
            let deadline = match gone_at {
                // What it wrote before it went may still be in the pipe: the reader gets it,
                // and the end of the pipe, at once, unless a child holds the pipe open.
                Some(at) => deadline.min(self.instant_of(at) + GONE_DRAIN),
                None => deadline,
            };
            match self.journal.take(deadline, true) {
                Taken::Event(event) => {
                    if let Some(line) = self.record(event) {
                        return Next::Line(line);
                    }
                }
                Taken::Timeout if gone => return Next::Closed,
                Taken::Timeout => return Next::Timeout,
                Taken::Interrupted => return Next::Interrupted,
            }
        }
    }

    /// Waits until the engine exits or the deadline passes (recording what comes meanwhile);
    /// a signal to the harness ends the wait.
    pub fn wait_exit(&mut self, deadline: Instant) -> Option<ExitRecord> {
        self.await_exit(deadline, true)
    }

    fn await_exit(&mut self, deadline: Instant, interruptible: bool) -> Option<ExitRecord> {
        while self.ended.exit.is_none() {
            match self.journal.take(deadline, interruptible) {
                Taken::Event(event) => {
                    self.record(event);
                }
                Taken::Timeout | Taken::Interrupted => break,
            }
        }
        self.ended.exit.clone()
    }

    /// Waits until the engine has ended, however long that takes (recording what comes
    /// meanwhile): an attached engine's life is its GUI's to end, as it would be without the
    /// harness. Returns false if a signal to the harness came first.
    pub(crate) fn wait_gone(&mut self) -> bool {
        while self.ended.exit.is_none() {
            match self
                .journal
                .take(Instant::now() + Duration::from_secs(1), true)
            {
                Taken::Event(event) => {
                    self.record(event);
                }
                Taken::Timeout => {}
                Taken::Interrupted => return false,
            }
        }
        true
    }

    /// Records what comes until the engine's pipes and the GUI's input (of a relayed
    /// session) have all closed, or the deadline: the last lines each way are in flight
    /// around the engine's end.
    pub(crate) fn settle(&mut self, deadline: Instant) {
        while self.stdout_open || self.stderr_open || self.ended.stdin_closed_at_us.is_none() {
            match self.journal.take(deadline, false) {
                Taken::Event(event) => {
                    self.record(event);
                }
                Taken::Timeout | Taken::Interrupted => break,
            }
        }
    }

    /// Closes stdin, gives the engine its grace period (none when the run was interrupted or
    /// the session's cancel token raised: the transcript is then cut short), kills it and
    /// every process it started, reaps them, collects the last output, and returns the
    /// transcript with the sink. An attached engine is not killed or reaped: only its grace
    /// period is given and its last output collected.
    pub fn finish(mut self) -> (Transcript, S) {
        self.close_stdin();
        if self.journal.interrupted() {
            self.ended.cut_short = true;
        } else {
            self.wait_exit(Instant::now() + self.options.grace);
        }
        self.kill();
        self.drain(Instant::now() + DRAIN);
        self.journal.abandon();
        let Session {
            store,
            ended: mut transcript,
            sink,
            ..
        } = self;
        transcript.entries = store.into_entries();
        (transcript, sink)
    }

    fn close_stdin(&mut self) {
        if self.stdin.is_some() {
            // Stamped before it happens: an engine that exits on end of input can only exit
            // after this point in the order.
            self.journal.append(|at| Event::StdinClosed { at });
            self.stdin = None;
        }
    }

    /// Kills the engine's tree if it still runs, then reaps it and any adopted orphans.
    fn kill(&mut self) {
        let Some(mut child) = self.process.child.take() else {
            return;
        };
        self.killing = self.ended.exit.is_none();
        self.ended.descendants_killed += process::kill_tree(self.process.pid);
        if self.killing {
            self.await_exit(Instant::now() + KILL_WAIT, false);
        }
        process::reap(&mut child);
        self.ended.descendants_killed += process::sweep_orphans();
    }

    fn drain(&mut self, deadline: Instant) {
        while self.stdout_open || self.stderr_open {
            match self.journal.take(deadline, false) {
                Taken::Event(event) => {
                    self.record(event);
                }
                Taken::Timeout | Taken::Interrupted => break,
            }
        }
        while let Some(event) = self.journal.try_take() {
            self.record(event);
        }
    }

    /// Puts one event in the transcript and hands its entry to the sink; returns it if it is
    /// a stdout line.
    fn record(&mut self, event: Event) -> Option<Received> {
        let entry = match event {
            Event::Sent { at, text, cut } => Entry {
                cut,
                ..Entry::sent(at, text)
            },
            Event::Line { at, stream, line } => line_entry(at, stream, line),
            Event::Overflow { at, stream } => {
                self.overflowed(at, stream);
                return None;
            }
            Event::Closed {
                at,
                stream,
                lines,
                bytes,
            } => {
                self.closed(at, stream, lines, bytes);
                return None;
            }
            Event::StdinClosed { at } => {
                self.ended.stdin_closed_at_us = Some(at.us);
                return None;
            }
            Event::Stopped { at, signal } => {
                self.ended.stopped = Some(ExitRecord {
                    at_us: at.us,
                    code: None,
                    signal: Some(signal),
                    killed_by_harness: false,
                });
                return None;
            }
            Event::Exited { at, code, signal } => {
                self.ended.exit = Some(ExitRecord {
                    at_us: at.us,
                    code,
                    signal,
                    killed_by_harness: self.killing && signal == Some(libc::SIGKILL),
                });
                return None;
            }
        };
        self.journal(entry)
    }

    /// A stream's reader stopped keeping lines past the store's bound: from when.
    fn overflowed(&mut self, at: At, stream: Stream) {
        let overflow = Some(Overflow {
            at_us: at.us,
            ..Overflow::default()
        });
        match stream {
            Stream::Stdout => self.ended.stdout_overflow = overflow,
            Stream::Stderr => self.ended.stderr_overflow = overflow,
            Stream::Input => {}
        }
    }

    /// A stream of the engine's reached its end: closed, with what an overflow left unkept.
    fn closed(&mut self, at: At, stream: Stream, lines: u64, bytes: u64) {
        let (open, overflow) = match stream {
            Stream::Stdout => {
                self.ended.stdout_closed_at_us = Some(at.us);
                (&mut self.stdout_open, &mut self.ended.stdout_overflow)
            }
            Stream::Stderr => (&mut self.stderr_open, &mut self.ended.stderr_overflow),
            // The relay announces the end of the GUI's input as `StdinClosed`.
            Stream::Input => return,
        };
        *open = false;
        if let Some(overflow) = overflow {
            overflow.lines = lines;
            overflow.bytes = bytes;
        }
    }

    /// An entry into the journal: handed to the sink (up to the line that ended the exchange
    /// early, which the sink is told of instead), then to the store, which keeps the lines
    /// the sink pinned. A line the engine wrote comes back for the runner.
    fn journal(&mut self, entry: Entry) -> Option<Received> {
        match self.ended_early_seq {
            Some(seq) if entry.at.seq == seq => {
                self.ended.ended_early_at_us = Some(entry.at.us);
                self.sink.ended_early(entry.at);
            }
            Some(seq) if entry.at.seq > seq => {}
            _ => self.sink.entry(&entry, &mut self.pins),
        }
        for seq in self.pins.drain(..) {
            self.store.pin(seq);
        }
        let received = (entry.direction == Direction::Received).then(|| Received {
            at: entry.at,
            text: entry.text.clone(),
        });
        self.store.push(entry);
        received
    }
}

/// A line one of the streams brought, as a journal entry: the GUI's input (under the spy)
/// is sent, with the line end it used; the engine's output is received, its error stream
/// kept apart.
fn line_entry(at: At, stream: Stream, line: lines::RawLine) -> Entry {
    let (text, non_utf8) = lossy(line.bytes);
    Entry {
        direction: match stream {
            Stream::Input => Direction::Sent,
            Stream::Stdout => Direction::Received,
            Stream::Stderr => Direction::Stderr,
        },
        non_utf8,
        dropped_bytes: line.dropped,
        ending: Some(line.ending),
        ..Entry::sent(at, text)
    }
}

/// A line's bytes as text, and whether they had to be rendered lossily.
fn lossy(bytes: Vec<u8>) -> (String, bool) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, false),
        Err(e) => (String::from_utf8_lossy(e.as_bytes()).into_owned(), true),
    }
}

/// The engine process, killed and reaped with everything it started if the session is
/// dropped without [`Session::finish`] (a panic in the harness must not leave a process).
struct ProcessGuard {
    child: Option<Child>,
    pid: u32,
    journal: Arc<Journal>,
}

impl Drop for ProcessGuard {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            process::kill_tree(self.pid);
            process::reap(&mut child);
            process::sweep_orphans();
        }
        self.journal.abandon();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine that neither answers nor exits when its input closes.
    fn silent() -> EngineCommand {
        EngineCommand {
            program: "/bin/sh".into(),
            args: vec!["-c".into(), "exec sleep 30".into()],
            ..EngineCommand::default()
        }
    }

    /// Whichever thread reads stdout: a session reading its own pipe waits on the pipe, and
    /// the cancel still ends that wait within a poll.
    #[test]
    fn a_raised_token_ends_the_wait_for_a_line_and_the_grace_period() {
        for reader in BOTH_READERS {
            let cancel = Cancel::new();
            let options = SessionOptions {
                grace: Duration::from_secs(20),
                cancel: cancel.clone(),
                stdout_reader: reader,
                ..SessionOptions::default()
            };
            let mut session = Session::spawn(&silent(), options, NoSink).unwrap();
            let raiser = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                cancel.raise();
            });
            let started = Instant::now();
            assert_eq!(
                session.next_line(started + Duration::from_secs(20)),
                Next::Interrupted,
                "{reader:?}"
            );
            raiser.join().unwrap();
            assert!(started.elapsed() < Duration::from_secs(2), "{reader:?}");
            let (transcript, _) = session.finish();
            let took = started.elapsed();
            assert!(took < Duration::from_secs(5), "{reader:?}: {took:?}");
            assert!(transcript.cut_short, "{reader:?}");
            assert!(
                transcript.exit.is_some_and(|e| e.killed_by_harness),
                "{reader:?}"
            );
        }
    }

    #[test]
    fn an_unraised_token_leaves_the_session_its_grace() {
        let options = SessionOptions {
            grace: Duration::from_millis(300),
            ..SessionOptions::default()
        };
        let mut session = Session::spawn(&silent(), options, NoSink).unwrap();
        let started = Instant::now();
        assert_eq!(
            session.next_line(started + Duration::from_millis(100)),
            Next::Timeout
        );
        let (transcript, _) = session.finish();
        assert!(started.elapsed() >= Duration::from_millis(400));
        assert!(!transcript.cut_short);
    }

    fn shell(script: &str) -> EngineCommand {
        EngineCommand {
            program: "/bin/sh".into(),
            args: vec!["-c".into(), script.into()],
            ..EngineCommand::default()
        }
    }

    const BOTH_READERS: [StdoutReader; 2] = [StdoutReader::OwnThread, StdoutReader::Session];

    /// Whichever thread reads stdout, the transcript is the same: a line the engine wrote
    /// before a command comes before it, the replies after it, a last line without its end
    /// as such, stderr beside it, and the exit with its code.
    #[test]
    fn both_readers_record_the_same_order() {
        for reader in BOTH_READERS {
            let dir = tempfile::tempdir().unwrap();
            let written = dir.path().join("early-written");
            let engine = shell(&format!(
                "echo early; touch '{}'; read x; echo \"got $x\"; echo oops >&2; printf tail; exit 3",
                written.display()
            ));
            let options = SessionOptions {
                stdout_reader: reader,
                ..SessionOptions::default()
            };
            let mut session = Session::spawn(&engine, options, NoSink).unwrap();
            // The engine has written `early` before the command is put in the order: it
            // marks the moment with a file.
            let deadline = Instant::now() + Duration::from_secs(10);
            while !written.exists() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
            }
            let far = Instant::now() + Duration::from_secs(10);
            let mut lines = Vec::new();
            // A reader thread puts a line in the order when it reads it, which may be after
            // the engine's mark: the line is awaited before the command. The session reading
            // its own pipe is not: reading what is there before a command is its to do.
            if reader == StdoutReader::OwnThread
                && let Next::Line(line) = session.next_line(far)
            {
                lines.push(line.text);
            }
            session.send("hi").unwrap();
            while let Next::Line(line) = session.next_line(far) {
                lines.push(line.text);
            }
            assert_eq!(lines, ["early", "got hi", "tail"], "{reader:?}");
            let (transcript, _) = session.finish();
            let order: Vec<(Direction, &str)> = transcript
                .entries
                .iter()
                .filter(|e| e.direction != Direction::Stderr)
                .map(|e| (e.direction, e.text.as_str()))
                .collect();
            assert_eq!(
                order,
                [
                    (Direction::Received, "early"),
                    (Direction::Sent, "hi"),
                    (Direction::Received, "got hi"),
                    (Direction::Received, "tail"),
                ],
                "{reader:?}"
            );
            let last_received = transcript
                .entries
                .iter()
                .rfind(|e| e.direction == Direction::Received);
            assert_eq!(
                last_received.map(|e| e.ending),
                Some(Some(LineEnding::Eof)),
                "{reader:?}"
            );
            assert!(
                transcript
                    .entries
                    .iter()
                    .any(|e| e.direction == Direction::Stderr && e.text == "oops"),
                "{reader:?}"
            );
            assert_eq!(transcript.exit.and_then(|e| e.code), Some(3), "{reader:?}");
        }
    }

    /// An engine that writes past the flood budget is marked at the point it went over, and
    /// its lines are still judged, whichever thread reads them; a session reading its own pipe
    /// reads all of a burst larger than the pipe holds.
    #[test]
    fn both_readers_mark_a_flood_and_keep_its_lines() {
        for reader in BOTH_READERS {
            let engine =
                shell("i=0; while [ $i -lt 3000 ]; do echo info line $i; i=$((i+1)); done; read x");
            let mut options = SessionOptions {
                stdout_reader: reader,
                ..SessionOptions::default()
            };
            options.stdout_budget.flood_lines = 1000;
            let mut session = Session::spawn(&engine, options, NoSink).unwrap();
            let far = Instant::now() + Duration::from_secs(20);
            let mut count = 0;
            while let Next::Line(_) = session.next_line(far) {
                count += 1;
                if count == 3000 {
                    break;
                }
            }
            assert_eq!(count, 3000, "{reader:?}");
            let (transcript, _) = session.finish();
            assert!(transcript.stdout_overflow.is_some(), "{reader:?}");
        }
    }

    /// A session reading its own pipe still sees an engine that dies without closing its
    /// output first (its child holds the pipe).
    #[test]
    fn a_session_reading_its_own_pipe_sees_the_exit() {
        let options = SessionOptions {
            stdout_reader: StdoutReader::Session,
            ..SessionOptions::default()
        };
        let mut session =
            Session::spawn(&shell("sleep 5 & echo bye; exit 4"), options, NoSink).unwrap();
        let started = Instant::now();
        let far = started + Duration::from_secs(20);
        assert!(matches!(session.next_line(far), Next::Line(l) if l.text == "bye"));
        assert_eq!(session.next_line(far), Next::Closed);
        assert!(
            started.elapsed() < Duration::from_secs(4),
            "{:?}",
            started.elapsed()
        );
        let (transcript, _) = session.finish();
        assert_eq!(transcript.exit.and_then(|e| e.code), Some(4));
    }
}
