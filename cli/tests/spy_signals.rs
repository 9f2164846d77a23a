//! `arbiter spy` is transparent to the GUI: the process the GUI starts is the engine itself,
//! so every signal the GUI sends it (stop, continue, terminate, interrupt, hang-up, kill)
//! does to the engine what it does without the spy, with the same exit status; the worker
//! that relays and judges lives outside the GUI's process tree and still writes the report;
//! and nothing but the engine's own bytes reaches the GUI's stdout and stderr.

use crate::common;

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use arbiter::report::Report;
use common::gui::{arbiter_binary, report_at, temp_dir};
use common::reference_engine;

/// How long anything a test waits for may take (a loaded CI machine), never a sleep that is
/// itself the assertion.
const DEADLINE: Duration = Duration::from_secs(15);

/// A GUI's side of one engine process: started directly, or through the spy.
struct Gui {
    child: Child,
    input: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
    report: PathBuf,
    log: PathBuf,
}

impl Gui {
    fn start(dir: &Path, engine: &[OsString], spied: bool) -> Gui {
        let (report, log) = (dir.join("report.json"), dir.join("session.log"));
        let mut command = if spied {
            let mut spy = Command::new(arbiter_binary());
            spy.args(["spy", "--protocol", "ucci", "--report"])
                .arg(&report)
                .arg("--log")
                .arg(&log)
                .arg("--")
                .args(engine);
            spy
        } else {
            let mut direct = Command::new(&engine[0]);
            direct.args(&engine[1..]);
            direct
        };
        // A GUI starts its engine with the signals that end it at their defaults. The test may
        // not have them so: run in the background of a shell without job control, it ignores
        // SIGINT (POSIX), and its children would inherit that.
        // SAFETY: the closure runs between fork and exec and only calls signal(2), which is
        // async-signal-safe.
        unsafe {
            command.pre_exec(|| {
                for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                    libc::signal(signal, libc::SIG_DFL);
                }
                Ok(())
            });
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Gui {
            input: child.stdin.take(),
            child,
            lines,
            report,
            log,
        }
    }

    fn pid(&self) -> i32 {
        self.child.id() as i32
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().unwrap();
        input.write_all(format!("{line}\n").as_bytes()).unwrap();
        input.flush().unwrap();
    }

    /// Reads the engine's lines until one starts with `prefix`.
    fn expect(&self, prefix: &str) {
        let deadline = Instant::now() + DEADLINE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return,
                Ok(_) => {}
                Err(e) => panic!("no `{prefix}` from the engine: {e}"),
            }
        }
    }

    fn signal(&self, signal: i32) {
        // SAFETY: kill(2) on the child this test started and has not reaped.
        assert_eq!(unsafe { libc::kill(self.pid(), signal) }, 0);
    }

    fn wait(mut self) -> ExitStatus {
        drop(self.input.take());
        wait_until("the process to end", || {
            self.child.try_wait().unwrap().is_some()
        });
        self.child.wait().unwrap()
    }
}

fn reference() -> Vec<OsString> {
    vec![reference_engine("arbiter-xiangqi").into()]
}

/// Polls until `done`, failing after the deadline.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + DEADLINE;
    while !done() {
        assert!(Instant::now() < deadline, "waited too long for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A process's state letter, parent and session, from `/proc/PID/stat` (None once it is gone).
fn stat(pid: i32) -> Option<(char, i32, i32)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = text[text.rfind(')')? + 1..].split_whitespace().collect();
    Some((
        fields[0].chars().next()?,
        fields[1].parse().ok()?,
        fields[3].parse().ok()?,
    ))
}

fn state(pid: i32) -> Option<char> {
    stat(pid).map(|(state, _, _)| state)
}

/// The engine's and the worker's pids, from the log's first line, once it is written.
fn pids_in_log(log: &Path) -> (i32, i32) {
    let mut pids = None;
    wait_until("the log's first line", || {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        pids = text.lines().next().and_then(|first| {
            let engine = first.split("is the engine, pid ").nth(1)?;
            let worker = first.split("the spy's worker is pid ").nth(1)?;
            Some((
                engine.split(';').next()?.parse().ok()?,
                worker.trim().parse().ok()?,
            ))
        });
        pids.is_some()
    });
    pids.unwrap()
}

/// The process the GUI starts is the engine (its pid, its program); the worker is nobody's
/// child in the GUI's tree and in a session of its own, so a manager that kills the tree or
/// the process group leaves it to write its report; it ends with the engine.
#[test]
fn the_process_the_gui_started_is_the_engine_and_the_worker_is_outside_its_tree() {
    let dir = temp_dir("spy-identity");
    let mut gui = Gui::start(&dir, &reference(), true);
    gui.send("ucci");
    gui.expect("ucciok");
    let (engine, worker) = pids_in_log(&gui.log);
    assert_eq!(
        engine,
        gui.pid(),
        "the engine's pid is the one the GUI holds"
    );
    assert_eq!(
        std::fs::read_link(format!("/proc/{engine}/exe")).unwrap(),
        reference_engine("arbiter-xiangqi").canonicalize().unwrap()
    );
    let (_, worker_parent, worker_session) = stat(worker).expect("the worker runs");
    let (_, _, gui_session) = stat(std::process::id() as i32).unwrap();
    assert_ne!(worker_parent, engine);
    assert_ne!(worker_parent, std::process::id() as i32);
    assert_ne!(worker_session, gui_session);
    gui.send("quit");
    gui.expect("bye");
    let (report, log) = (gui.report.clone(), gui.log.clone());
    assert_eq!(gui.wait().code(), Some(0));
    let report = report_at::<Report>(&report);
    let exit = report.runs[0]
        .transcript
        .exit
        .as_ref()
        .expect("the engine's exit");
    assert_eq!(exit.code, Some(0));
    wait_until("the worker to end", || state(worker).is_none());
    let log = std::fs::read_to_string(log).unwrap();
    assert!(log.contains(" # arbiter: 1 scenarios: "), "{log}");
}

/// A Gomocup manager suspends its brain while the opponent thinks and resumes it for its
/// turn: SIGSTOP (and SIGTSTP, whose default is to stop) stop the engine, SIGCONT lets it go
/// on, and it answers again.
#[test]
fn stop_and_continue_reach_the_engine() {
    let dir = temp_dir("spy-stop");
    let mut gui = Gui::start(&dir, &reference(), true);
    gui.send("ucci");
    gui.expect("ucciok");
    let (engine, _) = pids_in_log(&gui.log);
    // SIGSTOP only: the kernel discards SIGTSTP sent to a process whose process group is
    // orphaned (as a test's may be, run with no terminal), spy or no spy.
    gui.signal(libc::SIGSTOP);
    wait_until("the engine to stop", || state(engine) == Some('T'));
    gui.signal(libc::SIGCONT);
    wait_until("the engine to go on", || {
        state(engine).is_some_and(|s| s != 'T')
    });
    gui.send("isready");
    gui.expect("readyok");
    gui.send("quit");
    gui.expect("bye");
    assert_eq!(gui.wait().code(), Some(0));
}

/// SIGTERM, SIGINT, SIGHUP and SIGKILL end the engine exactly as they end it without the
/// spy: the GUI sees the same exit status. The report is still written, says which signal
/// ended the engine, and judges nothing that had not come yet.
#[test]
fn ending_signals_reach_the_engine_and_the_report_is_written() {
    for signal in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP, libc::SIGKILL] {
        let ended = |spied: bool| {
            let dir = temp_dir(&format!("spy-end-{signal}-{spied}"));
            let mut gui = Gui::start(&dir, &reference(), spied);
            gui.send("ucci");
            gui.expect("ucciok");
            gui.signal(signal);
            let report = gui.report.clone();
            (gui.wait(), report)
        };
        let (direct, _) = ended(false);
        let (spied, report) = ended(true);
        assert_eq!(direct.signal(), Some(signal), "the engine's own reaction");
        assert_eq!(spied.into_raw(), direct.into_raw(), "signal {signal}");
        let report = report_at::<Report>(&report);
        let run = &report.runs[0];
        let exit = run.transcript.exit.as_ref().expect("the engine's exit");
        assert_eq!(exit.signal, Some(signal));
        assert!(
            run.end
                .aborted()
                .is_some_and(|why| why.contains(&format!("signal {signal} "))),
            "{run:#?}"
        );
        assert!(run.transcript.cut_short);
    }
}

/// An engine that ignores SIGTERM keeps running through the spy too (it still answers), until
/// the GUI kills it.
#[test]
fn an_engine_that_ignores_sigterm_ignores_it_behind_the_spy() {
    let dir = temp_dir("spy-ignore-term");
    let mut engine: Vec<OsString> = vec![
        common::hostile_relay().into(),
        "ignore-eof-and-term".into(),
        "--".into(),
    ];
    engine.extend(reference());
    let mut gui = Gui::start(&dir, &engine, true);
    gui.send("ucci");
    gui.expect("ucciok");
    gui.signal(libc::SIGTERM);
    gui.send("isready");
    gui.expect("readyok");
    gui.signal(libc::SIGKILL);
    let report = gui.report.clone();
    assert_eq!(gui.wait().signal(), Some(libc::SIGKILL));
    let report = report_at::<Report>(&report);
    let exit = report.runs[0]
        .transcript
        .exit
        .as_ref()
        .expect("the engine's exit");
    assert_eq!(exit.signal, Some(libc::SIGKILL));
}

/// An engine that writes on stdout and stderr and ends with a status of its own: through the
/// spy the GUI reads exactly the same bytes on both and the same status as directly. The
/// spy's summary is in the log, not on stderr.
#[test]
fn nothing_but_the_engines_bytes_reach_the_gui() {
    let script = "printf 'first line\\n'; printf 'to stderr\\n' >&2; read line; \
                  printf 'read %s\\n' \"$line\"; printf 'no line end' >&2; exit 5";
    let dir = temp_dir("spy-bytes");
    let run = |spied: bool| {
        let mut command = if spied {
            let mut spy = Command::new(arbiter_binary());
            spy.args(["spy", "--protocol", "uci", "--report"])
                .arg(dir.join("report.json"))
                .arg("--log")
                .arg(dir.join("session.log"))
                .arg("--");
            spy
        } else {
            Command::new("sh")
        };
        if spied {
            command.arg("sh");
        }
        let mut child = command
            .args(["-c", script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"hello engine\n")
            .unwrap();
        let mut err = Vec::new();
        let mut stderr = child.stderr.take().unwrap();
        let reader = std::thread::spawn(move || stderr.read_to_end(&mut err).map(|_| err));
        let mut out = Vec::new();
        child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
        let err = reader.join().unwrap().unwrap();
        (child.wait().unwrap().into_raw(), out, err)
    };
    let direct = run(false);
    assert_eq!(direct.1, b"first line\nread hello engine\n");
    assert_eq!(direct.2, b"to stderr\nno line end");
    assert_eq!(run(true), direct);
    // The GUI read the engine's output to its end: the report is there already.
    let report: arbiter::report::Report =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    let exit = report.runs[0]
        .transcript
        .exit
        .as_ref()
        .expect("the engine's exit");
    assert_eq!(exit.code, Some(5));
    let log = std::fs::read_to_string(dir.join("session.log")).unwrap();
    assert!(log.contains(" ! to stderr\n"), "{log}");
    assert!(log.contains(" # arbiter: 1 scenarios: "), "{log}");
}

/// What can be refused is refused before the engine starts, on stderr with status 2 as any
/// usage error: a report folder that does not exist, an engine that cannot be run. No report
/// is left behind.
#[test]
fn errors_before_the_engine_starts_are_usage_errors() {
    let dir = temp_dir("spy-refused");
    let missing = dir.join("no-such-folder").join("report.json");
    let out = Command::new(arbiter_binary())
        .args(["spy", "--protocol", "uci", "--report"])
        .arg(&missing)
        .args(["--", "cat"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no-such-folder does not exist"), "{stderr}");

    let out = Command::new(arbiter_binary())
        .args(["spy", "--protocol", "uci", "--report-dir"])
        .arg(&dir)
        .args(["--", "/nonexistent/engine"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("cannot start engine `/nonexistent/engine`"),
        "{stderr}"
    );
    // The worker had no session to report.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}
