//! Spying: Arbiter between a real GUI and a real engine, judging both.
//!
//! The GUI runs Arbiter as its engine. Arbiter starts the real engine and relays every byte
//! both ways unchanged, as it comes (the session's relay), while the one judge reads the
//! transcript: the engine-side checks over the engine's lines, the GUI-side checks over what
//! the GUI sent. When the engine's output ends, the GUI goes away, or a signal comes, the
//! session is finished the usual way (engine and descendants killed and reaped) and the
//! result is one run of the one report model.

mod log;
pub mod reaction;

use std::io::{Read, Write};
use std::time::{Duration, Instant};

pub use log::TranscriptLog;

use crate::check::{Context, Judge, Outcome};
use crate::report::Report;
use crate::runner::{EngineInfo, ScenarioInfo, ScenarioRun};
use crate::session::{
    EngineCommand, ExitRecord, InputRelay, Next, Relay, Session, SessionError, SessionOptions,
    Sink, interrupt,
};

/// The name a spied session has in reports, where a scripted run has its scenario's.
pub const SESSION_NAME: &str = "spy";

/// How often the wait for the engine looks whether the GUI went away.
const POLL: Duration = Duration::from_millis(100);

/// What a spied session gave.
#[derive(Debug)]
pub struct Spied {
    pub report: Report,
    /// How the engine ended, for the exit status the GUI should see.
    pub engine_exit: Option<ExitRecord>,
    /// The signal that ended the session early, if one did.
    pub interrupted_by: Option<i32>,
}

impl Spied {
    /// The exit status to hand the GUI: the engine's own, as if it had run the engine
    /// directly (128 + the signal when it was killed or the spy was interrupted).
    pub fn exit_status(&self) -> u8 {
        if let Some(signal) = self.interrupted_by {
            return interrupt::exit_status(signal);
        }
        match &self.engine_exit {
            Some(ExitRecord {
                code: Some(code), ..
            }) => u8::try_from(*code & 0xff).unwrap_or(1),
            Some(ExitRecord {
                signal: Some(signal),
                ..
            }) => interrupt::exit_status(*signal),
            _ => 0,
        }
    }
}

/// The judge and the live transcript log, fed every entry as the session records it.
struct SpySink {
    judge: Judge,
    log: Option<TranscriptLog>,
}

impl Sink for SpySink {
    fn entry(&mut self, entry: &crate::session::Entry, pins: &mut Vec<u64>) {
        Sink::entry(&mut self.judge, entry, pins);
        if let Some(log) = &mut self.log {
            log.entry(entry);
        }
    }
}

/// Runs `engine` between the GUI (its lines on `gui_input`, the engine's output relayed to
/// `relay`) and judges both sides until the engine's output ends, the GUI closes its end
/// (the engine then has the session's grace period to exit), or a signal comes.
pub fn spy(
    engine: &EngineCommand,
    ctx: Context,
    gui_input: impl Read + Send + 'static,
    relay: Relay,
    log: Option<TranscriptLog>,
) -> Result<Spied, SessionError> {
    let started = Instant::now();
    let sink = SpySink {
        judge: Judge::both_sides(ctx),
        log,
    };
    let options = SessionOptions {
        // A GUI waits for an engine that is busy; only one that reads nothing at all is cut
        // off, and only after a long wait.
        write_timeout: Duration::from_secs(10),
        ..SessionOptions::default()
    };
    let (mut session, input) = Session::spawn_relayed(engine, options, sink, relay)?;
    pass_on_gui_input(gui_input, input)?;
    let mut interrupted_by = None;
    loop {
        match session.next_line(Instant::now() + POLL) {
            Next::Line(_) => {}
            Next::Timeout if session.input_closed_at_us().is_some() => break,
            Next::Timeout => {}
            Next::Closed => break,
            Next::Interrupted => {
                interrupted_by = interrupt::raised();
                break;
            }
        }
    }
    let (transcript, sink) = session.finish();
    let engine_exit = transcript.exit.clone();
    let outcomes: Vec<Outcome> = sink.judge.finish(&transcript);
    let run = ScenarioRun {
        scenario: ScenarioInfo {
            name: SESSION_NAME.to_owned(),
            protocol: ctx.protocol,
            title: "a GUI's session with its engine, relayed and judged on both sides".to_owned(),
            spec: String::new(),
            cites: Vec::new(),
        },
        outcomes,
        blocked: Vec::new(),
        aborted: interrupted_by.map(|s| format!("interrupted by signal {s}")),
        harness_error: None,
        not_run: None,
        unresponsive: false,
        duration_us: started.elapsed().as_micros() as u64,
        notes: Vec::new(),
        transcript,
    };
    Ok(Spied {
        report: Report::new(
            ctx.protocol,
            EngineInfo::of(engine),
            ctx.time_scale,
            vec![run],
        ),
        engine_exit,
        interrupted_by,
    })
}

/// Starts the thread that passes the GUI's bytes on to the engine as they come, and closes
/// the engine's input when the GUI closes its end. The thread blocks on the GUI's pipe; it
/// ends with the process (a GUI that never closes its end keeps nothing else waiting).
fn pass_on_gui_input(
    mut gui_input: impl Read + Send + 'static,
    mut input: InputRelay,
) -> Result<(), SessionError> {
    std::thread::Builder::new()
        .name("arbiter-gui-reader".into())
        .spawn(move || {
            let mut buf = vec![0u8; 64 * 1024];
            loop {
                match gui_input.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        if input.forward(&buf[..n]).is_err() {
                            break;
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            input.close();
        })
        .map(drop)
        .map_err(SessionError::Thread)
}

/// Standard output and standard error of this process, unbuffered, as the relay's ends.
pub fn stdio_relay() -> Relay {
    Relay {
        stdout: Box::new(RawFd(libc::STDOUT_FILENO)),
        stderr: Box::new(RawFd(libc::STDERR_FILENO)),
    }
}

/// A descriptor written with `write(2)` directly: Rust's `Stdout` is line-buffered behind a
/// lock, and a relay must pass each chunk on as one write, at once.
struct RawFd(libc::c_int);

impl Write for RawFd {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // SAFETY: writes from a valid buffer to a descriptor this process holds open.
        let n = unsafe { libc::write(self.0, buf.as_ptr().cast(), buf.len()) };
        if n < 0 {
            Err(std::io::Error::last_os_error())
        } else {
            Ok(n as usize)
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
