//! Spying: Arbiter between a real GUI and a real engine, judging both.
//!
//! The GUI runs `arbiter spy` as its engine. The process it starts splits off a worker and
//! becomes the real engine ([`launch`]), so everything the GUI does to that process happens
//! to the engine itself. The worker relays every byte both ways unchanged, as it comes (the
//! session's relay), while the one judge reads the transcript: the engine-side checks over the
//! engine's lines, the GUI-side checks over what the GUI sent. The session ends when the
//! engine has ended (its GUI ends it, as without the spy); the result is one run of the one
//! report model. Nothing of the worker's own reaches the GUI's stdout or stderr.

pub mod launch;
mod log;
pub mod reaction;

use std::io::{Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use log::TranscriptLog;

use crate::check::{Context, Judge, Outcome};
use crate::report::Report;
use crate::report::{EngineInfo, RunEnd, ScenarioInfo, ScenarioRun};
use crate::session::{
    AttachedEngine, InputRelay, ReadWait, Relay, Session, SessionError, SessionOptions, Sink,
    Transcript, interrupt,
};

/// The name a spied session has in reports, where a scripted run has its scenario's.
pub const SESSION_NAME: &str = "spy";

/// How long after the engine's end the worker waits for the last bytes in flight: the GUI's
/// last lines (written just before it killed the engine) and its close of the pipe.
const SETTLE: Duration = Duration::from_millis(100);

/// The shortest wait for the GUI to read that the transcript records: shorter ones are a busy
/// machine's scheduling, not a GUI that stopped reading.
const READ_WAIT_RECORDED: Duration = Duration::from_millis(500);

/// The most bytes passed to the GUI in one write: a pipe reports room when this much is free
/// (PIPE_BUF on Linux), so a write of it never blocks and each wait for room is seen.
const GUI_WRITE_MOST: usize = 4096;

/// How long a write of the GUI's bytes may wait for the engine to read: as long as the
/// engine lives (a GUI writing to it directly would wait as long, and an engine its manager
/// suspended reads nothing until it is resumed); the write ends with the engine.
const AS_LONG_AS_THE_ENGINE: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

/// Signals that end a process when someone sends them, rather than faults of its own. The
/// process the GUI started is the engine, so such a signal came from the GUI (or its user):
/// the session was cut short, as when the harness itself is interrupted, and what never came
/// is not judged.
const ENDING_SIGNALS: [i32; 5] = [
    libc::SIGKILL,
    libc::SIGTERM,
    libc::SIGINT,
    libc::SIGHUP,
    libc::SIGQUIT,
];

/// The GUI's ends of the engine's standard streams, as the process it started had them.
#[derive(Debug)]
pub struct GuiEnds {
    /// What the GUI writes to the engine.
    pub input: OwnedFd,
    /// What the GUI reads from the engine.
    pub output: OwnedFd,
    /// Where the engine's standard error goes.
    pub errors: OwnedFd,
}

/// What a spied session gave.
pub struct Spied {
    /// The session's report, judged on both sides.
    pub report: Report,
    /// The live log, for the spy's closing words.
    pub log: Option<TranscriptLog>,
    gui_output: HeldOutput,
}

impl Spied {
    /// Lets the GUI see the end of the engine's output: the GUI's ends of stdout and stderr
    /// are held open until the report is written, so a GUI that reads its engine's output to
    /// the end finds the report in place. Returns once every process that holds the engine's
    /// pipes has closed them (the engine, and any child it left behind), as the GUI would
    /// have seen without the spy; or at once when the worker itself was told to stop.
    pub fn release_gui(self) {
        let HeldOutput { ends, relayed } = self.gui_output;
        drop(ends);
        // Each relay thread holds a sender until it ends.
        while interrupt::raised().is_none() {
            match relayed.recv_timeout(Duration::from_millis(100)) {
                Err(mpsc::RecvTimeoutError::Disconnected) => return,
                Ok(()) | Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
        }
    }
}

/// The GUI's ends of stdout and stderr, and word of the relay threads' end.
struct HeldOutput {
    ends: [Arc<OwnedFd>; 2],
    relayed: mpsc::Receiver<()>,
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

/// Relays between the GUI and the engine it started (which the worker attached to), and
/// judges both sides, until the engine has ended and the bytes in flight have arrived, or a
/// signal to the worker comes.
pub fn spy(
    engine: AttachedEngine,
    info: EngineInfo,
    ctx: Context,
    gui: GuiEnds,
    mut log: Option<TranscriptLog>,
) -> Result<Spied, SessionError> {
    let started = Instant::now();
    let engine_pid = engine.pid;
    if let Some(log) = &mut log {
        log.note(
            0,
            &format!(
                "the process the GUI started is the engine, pid {engine_pid}; the spy's worker is pid {}",
                std::process::id()
            ),
        );
    }
    let sink = SpySink {
        judge: Judge::both_sides(ctx),
        log,
    };
    let options = SessionOptions {
        write_timeout: AS_LONG_AS_THE_ENGINE,
        ..SessionOptions::default()
    };
    let waits = Arc::new(Mutex::new(Vec::new()));
    let (relay, gui_output) = relay_to(gui.output, gui.errors, &waits);
    let (mut session, input) = Session::attach_relayed(engine, options, sink, relay)?;
    let origin = session.instant_of(0);
    pass_on_gui_input(gui.input, input)?;
    let interrupted_by = if session.wait_gone() {
        session.settle(Instant::now() + SETTLE);
        None
    } else {
        interrupt::raised()
    };
    let (mut transcript, sink) = session.finish();
    transcript.gui_read_waits = waits
        .lock()
        .map(|w| {
            w.iter()
                .map(|(began, waited): &(Instant, Duration)| ReadWait {
                    at_us: began.saturating_duration_since(origin).as_micros() as u64,
                    waited_us: waited.as_micros() as u64,
                })
                .collect()
        })
        .unwrap_or_default();
    let aborted = match ended_from_outside(&mut transcript) {
        Some(signal) => Some(format!(
            "the engine was ended by signal {signal} ({}), sent to it from outside (its GUI's doing, as the process the GUI started is the engine)",
            signal_name(signal)
        )),
        None => interrupted_by.map(|s| format!("the spy's worker was interrupted by signal {s}")),
    };
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
        end: aborted.map_or(RunEnd::Completed, |reason| RunEnd::Aborted { reason }),
        duration_us: started.elapsed().as_micros() as u64,
        notes: Vec::new(),
        transcript,
        captures: Default::default(),
    };
    Ok(Spied {
        report: Report::new(ctx.protocol, info, ctx.time_scale, vec![run]),
        log: sink.log,
        gui_output,
    })
}

/// An engine ended by a signal someone sent it (see [`ENDING_SIGNALS`]) is marked as ended
/// by the harness's side, and the session as cut short; returns the signal.
fn ended_from_outside(transcript: &mut Transcript) -> Option<i32> {
    let exit = transcript.exit.as_mut()?;
    let signal = exit.signal.filter(|s| ENDING_SIGNALS.contains(s))?;
    exit.killed_by_harness = true;
    transcript.cut_short = true;
    Some(signal)
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGINT => "SIGINT",
        libc::SIGHUP => "SIGHUP",
        libc::SIGQUIT => "SIGQUIT",
        _ => "a signal",
    }
}

/// The relay's ends towards the GUI, and what keeps them open until the report is written.
/// The GUI's reads of stdout are timed into `waits` (stderr is no protocol's channel).
fn relay_to(output: OwnedFd, errors: OwnedFd, waits: &ReadWaits) -> (Relay, HeldOutput) {
    let (ends, relayed) = ([Arc::new(output), Arc::new(errors)], mpsc::channel());
    let tee = |end: &Arc<OwnedFd>, waits: Option<ReadWaits>| {
        Box::new(GuiPipe {
            fd: Arc::clone(end),
            waits,
            _relaying: relayed.0.clone(),
        })
    };
    let relay = Relay {
        stdout: tee(&ends[0], Some(Arc::clone(waits))),
        stderr: tee(&ends[1], None),
    };
    (
        relay,
        HeldOutput {
            ends,
            relayed: relayed.1,
        },
    )
}

/// Starts the thread that passes the GUI's bytes on to the engine as they come, and closes
/// the engine's input when the GUI closes its end. When the engine's input is gone (it closed
/// it, or ended), the thread closes the GUI's end too, so the GUI's next write fails as it
/// would without the relay. The thread blocks on the GUI's pipe; it ends with the process (a
/// GUI that never closes its end keeps nothing else waiting).
fn pass_on_gui_input(gui_input: OwnedFd, mut input: InputRelay) -> Result<(), SessionError> {
    std::thread::Builder::new()
        .name("arbiter-gui-reader".into())
        .spawn(move || {
            let mut reader = std::fs::File::from(gui_input);
            let mut buf = vec![0u8; 64 * 1024];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        if input.forward(&buf[..n]).is_err() {
                            break;
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        wait_for(&reader, libc::POLLIN)
                    }
                    Err(_) => break,
                }
            }
            input.close();
        })
        .map(drop)
        .map_err(SessionError::Thread)
}

/// One of the GUI's ends, written with `write(2)` directly: Rust's `Stdout` is line-buffered
/// behind a lock, and a relay must pass each chunk on as one write, at once.
/// When each long wait for the GUI to read began, and how long it lasted.
type ReadWaits = Arc<Mutex<Vec<(Instant, Duration)>>>;

struct GuiPipe {
    fd: Arc<OwnedFd>,
    /// Where the waits for the GUI to read are recorded (stdout only): the bytes then go in
    /// pieces the pipe has room for, so the relay sees each wait; they are the same bytes in
    /// the same order.
    waits: Option<ReadWaits>,
    /// Dropped with the relay thread that owns this end.
    _relaying: mpsc::Sender<()>,
}

impl Write for GuiPipe {
    fn write(&mut self, mut buf: &[u8]) -> std::io::Result<usize> {
        if let Some(waits) = &self.waits {
            let began = Instant::now();
            let mut waited = false;
            while !ready_now(&*self.fd, libc::POLLOUT) {
                waited = true;
                wait_for(&*self.fd, libc::POLLOUT);
            }
            let lasted = began.elapsed();
            if waited
                && lasted >= READ_WAIT_RECORDED
                && let Ok(mut waits) = waits.lock()
            {
                waits.push((began, lasted));
            }
            buf = &buf[..buf.len().min(GUI_WRITE_MOST)];
        }
        loop {
            // SAFETY: writes from a valid buffer to a descriptor this process holds open.
            let n = unsafe { libc::write(self.fd.as_raw_fd(), buf.as_ptr().cast(), buf.len()) };
            if n >= 0 {
                return Ok(n as usize);
            }
            let error = std::io::Error::last_os_error();
            match error.kind() {
                std::io::ErrorKind::Interrupted => {}
                // The GUI may have made its end non-blocking: wait for room as it would.
                std::io::ErrorKind::WouldBlock => wait_for(&*self.fd, libc::POLLOUT),
                _ => return Err(error),
            }
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Whether `fd` is ready for `events` now, or has an error to report (a closed reader: the
/// write that follows says so).
fn ready_now(fd: &impl AsRawFd, events: libc::c_short) -> bool {
    let mut poll = libc::pollfd {
        fd: fd.as_raw_fd(),
        events,
        revents: 0,
    };
    // SAFETY: one valid pollfd for the duration of the call.
    let n = unsafe { libc::poll(&mut poll, 1, 0) };
    n != 0
}

/// Waits until `fd` is ready for `events` (or has an error to report).
fn wait_for(fd: &impl AsRawFd, events: libc::c_short) {
    let mut poll = libc::pollfd {
        fd: fd.as_raw_fd(),
        events,
        revents: 0,
    };
    // SAFETY: one valid pollfd for the duration of the call.
    unsafe { libc::poll(&mut poll, 1, 1000) };
}
