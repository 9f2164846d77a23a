//! A hostile engine for Arbiter's reliability tests: it runs a conforming engine and relays
//! its lines, misbehaving around it in one chosen way.
//!
//! `hostile_relay BEHAVIOUR [-- ENGINE [ARGS…]]`. The engine (a reference engine, or the
//! fixture in mode `none`) supplies the protocol; the relay adds the behaviour, so one program
//! covers every protocol. Behaviours:
//!
//! - `burst`: conforming, but the engine's output is written in one `write()` per pause
//!   (2 ms of quiet, or 256 KiB), and every search result comes right after 3,000 short search
//!   reports in the same write: what an engine with block-buffered stdout looks like.
//! - `exit-on-eof`: conforming; on end of stdin it exits at once, closing its stdout.
//! - `flood-empty`, `flood-text`: after the handshake reply (UCCI/UCI/AGI) or the first reply
//!   (Gomocup), nothing but empty lines, or 4 KiB lines of text, as fast as the pipe takes them.
//! - `flood-info`: conforming, but a million short search reports before each result.
//! - `long-line`: after the handshake reply, one 10 MB line without a line end; then the engine's
//!   lines (the first of which ends that line).
//! - `never-reads`: starts no engine, writes nothing, never reads stdin.
//! - `plain`: conforming, nothing added: the engine's lines both ways, as they come (a test
//!   watches what the engine is told through `ARBITER_FIXTURE_HEARD`).
//! - `ignore-eof-and-term`: conforming, but ignores SIGTERM, SIGINT, SIGHUP and the end of
//!   stdin, and stays alive, even after the engine behind it has ended (on `quit`, `END`).
//! - `setsid-grandchild`: conforming, and at start a child that calls `setsid()` (leaving the
//!   process group and session) and sleeps ten minutes.
//! - `lingering-child`: at start a child that holds the relay's stdout and sleeps ten minutes;
//!   at the first search request the relay itself exits with status 3.
//! - `sigstop`: stops itself with SIGSTOP after the engine's first line.
//! - `silent`: starts no engine, reads every command, writes nothing.
//!
//! When `ARBITER_FIXTURE_PIDS` names a file, every process the relay starts (itself, the
//! engine, each child) appends its pid to it, so a test can check that none is left.
//! When `ARBITER_FIXTURE_HEARD` names a file, the relay appends every line it reads from the
//! harness to it once it has read it, so a test can wait for a command to have been sent.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Behaviour {
    Burst,
    ExitOnEof,
    FloodEmpty,
    FloodText,
    FloodInfo,
    LongLine,
    NeverReads,
    Plain,
    IgnoreEofAndTerm,
    SetsidGrandchild,
    LingeringChild,
    Sigstop,
    Silent,
}

impl Behaviour {
    fn parse(name: &str) -> Option<Behaviour> {
        Some(match name {
            "burst" => Behaviour::Burst,
            "exit-on-eof" => Behaviour::ExitOnEof,
            "flood-empty" => Behaviour::FloodEmpty,
            "flood-text" => Behaviour::FloodText,
            "flood-info" => Behaviour::FloodInfo,
            "long-line" => Behaviour::LongLine,
            "never-reads" => Behaviour::NeverReads,
            "plain" => Behaviour::Plain,
            "ignore-eof-and-term" => Behaviour::IgnoreEofAndTerm,
            "setsid-grandchild" => Behaviour::SetsidGrandchild,
            "lingering-child" => Behaviour::LingeringChild,
            "sigstop" => Behaviour::Sigstop,
            "silent" => Behaviour::Silent,
            _ => return None,
        })
    }
}

/// The hidden first argument of a child the relay starts by re-executing itself.
const SLEEPER: &str = "--sleeper";
const SETSID_SLEEPER: &str = "--setsid-sleeper";
const SLEEP: Duration = Duration::from_secs(600);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    note_pid();
    match args.first().map(String::as_str) {
        Some(SLEEPER) => sleep_forever(),
        Some(SETSID_SLEEPER) => {
            // SAFETY: setsid() takes no arguments; it fails only for a group leader.
            unsafe {
                libc::setsid();
            }
            sleep_forever();
        }
        _ => {}
    }
    let Some(behaviour) = args.first().and_then(|a| Behaviour::parse(a)) else {
        eprintln!("usage: hostile_relay BEHAVIOUR [-- ENGINE [ARGS…]]");
        std::process::exit(2);
    };
    let engine: Vec<String> = args
        .iter()
        .skip_while(|a| *a != "--")
        .skip(1)
        .cloned()
        .collect();
    match behaviour {
        Behaviour::NeverReads => sleep_forever(),
        Behaviour::Silent => {
            for _ in std::io::stdin().lock().lines() {}
            sleep_forever();
        }
        Behaviour::IgnoreEofAndTerm => ignore_signals(),
        Behaviour::SetsidGrandchild => spawn_self(SETSID_SLEEPER, false),
        Behaviour::LingeringChild => spawn_self(SLEEPER, true),
        _ => {}
    }
    let Some((program, rest)) = engine.split_first() else {
        eprintln!("hostile_relay {behaviour:?} needs `-- ENGINE [ARGS…]`");
        std::process::exit(2);
    };
    let mut child = Command::new(program)
        .args(rest)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| {
            eprintln!("hostile_relay: cannot start {program}: {e}");
            std::process::exit(2);
        });
    append_pid(child.id());
    relay(behaviour, &mut child);
}

/// Passes stdin to the engine and the engine's stdout back, misbehaving as asked.
fn relay(behaviour: Behaviour, child: &mut Child) {
    let mut to_engine = child.stdin.take().expect("piped stdin");
    let from_engine = child.stdout.take().expect("piped stdout");
    let (done, ended) = mpsc::channel::<()>();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut line = String::new();
        let mut reader = stdin.lock();
        loop {
            line.clear();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => note_heard(&line),
            }
            if behaviour == Behaviour::LingeringChild && is_search_request(&line) {
                // A crash mid-game, while a child still holds the output pipe.
                std::process::exit(3);
            }
            if to_engine.write_all(line.as_bytes()).is_err() || to_engine.flush().is_err() {
                break;
            }
        }
        match behaviour {
            Behaviour::ExitOnEof => std::process::exit(0),
            Behaviour::IgnoreEofAndTerm => sleep_forever(),
            _ => {}
        }
        // Dropping the pipe gives the engine its end of input.
        drop(to_engine);
    });
    std::thread::spawn(move || {
        match behaviour {
            Behaviour::Burst => burst(from_engine),
            _ => lines(behaviour, from_engine),
        }
        let _ = done.send(());
    });
    // The engine's output ends when it exits; the relay follows it at once, except when it
    // is to stay alive: then only SIGKILL ends it, whatever the engine did.
    let _ = ended.recv();
    let status = child.wait().ok().and_then(|s| s.code()).unwrap_or(1);
    if behaviour == Behaviour::IgnoreEofAndTerm {
        sleep_forever();
    }
    std::process::exit(status);
}

/// Line by line, with the behaviour's additions.
fn lines(behaviour: Behaviour, from_engine: impl Read) {
    let mut out = std::io::stdout().lock();
    let mut first = true;
    for line in BufReader::new(from_engine).lines() {
        let Ok(line) = line else { break };
        if behaviour == Behaviour::FloodInfo && is_result(&line) {
            let report = search_report(&line);
            let block = format!("{report}\n").repeat(1000);
            for _ in 0..1000 {
                if out.write_all(block.as_bytes()).is_err() {
                    return;
                }
            }
        }
        if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
            return;
        }
        if behaviour == Behaviour::Sigstop && first {
            // SAFETY: raise() signals this process; SIGSTOP cannot be caught.
            unsafe {
                libc::raise(libc::SIGSTOP);
            }
        }
        first = false;
        if is_handshake_done(&line) {
            match behaviour {
                Behaviour::FloodEmpty => flood(&mut out, &[b'\n'; 64 * 1024]),
                Behaviour::FloodText => {
                    let line = format!("{}\n", "x".repeat(4095));
                    flood(&mut out, line.repeat(16).as_bytes())
                }
                Behaviour::LongLine => {
                    let _ = out.write_all(&vec![b'x'; 10 * 1024 * 1024]);
                    let _ = out.flush();
                }
                _ => {}
            }
        }
    }
}

/// Coalesced: what the engine wrote goes out in one write once it pauses for 2 ms.
fn burst(from_engine: impl Read + Send + 'static) {
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut from_engine = from_engine;
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            match from_engine.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if tx.send(buf[..n].to_vec()).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let mut out = std::io::stdout().lock();
    let mut pending: Vec<u8> = Vec::new();
    loop {
        let next = if pending.is_empty() {
            rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected)
        } else {
            rx.recv_timeout(Duration::from_millis(2))
        };
        match next {
            Ok(chunk) => {
                pending.extend_from_slice(&chunk);
                if pending.len() < 256 * 1024 {
                    continue;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let _ = out.write_all(&with_reports(&pending));
                let _ = out.flush();
                return;
            }
        }
        if out
            .write_all(&with_reports(&pending))
            .and_then(|()| out.flush())
            .is_err()
        {
            return;
        }
        pending.clear();
    }
}

/// The bytes with 3,000 search reports before each result line.
fn with_reports(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        if is_result(text.trim_end()) {
            let report = format!("{}\n", search_report(text.trim_end()));
            out.extend_from_slice(report.repeat(3000).as_bytes());
        }
        out.extend_from_slice(line);
    }
    out
}

fn flood(out: &mut impl Write, block: &[u8]) -> ! {
    loop {
        if out.write_all(block).is_err() {
            sleep_forever();
        }
    }
}

/// The reply that ends the handshake (or, for Gomocup, the first `OK`).
fn is_handshake_done(line: &str) -> bool {
    ["ucciok", "uciok", "AGIOK", "OK"].contains(&line.trim())
}

/// A search result: `bestmove`, `nobestmove`, AGI `BESTMOVE`, or a Gomocup move `x,y`.
fn is_result(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    first.eq_ignore_ascii_case("bestmove")
        || first == "nobestmove"
        || (first.contains(',') && first.split(',').all(|n| n.parse::<u32>().is_ok()))
}

/// A short search report in the result's protocol.
fn search_report(result: &str) -> &'static str {
    if result.starts_with("BESTMOVE") {
        "INFO DEPTH 1"
    } else if result.contains(',') {
        "MESSAGE thinking"
    } else {
        "info depth 1"
    }
}

/// A command that asks for a search or a move.
fn is_search_request(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    ["go", "GO", "BEGIN", "TURN", "DONE"].contains(&first)
}

fn ignore_signals() {
    for signal in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
        // SAFETY: SIG_IGN for a catchable signal has no preconditions.
        unsafe {
            libc::signal(signal, libc::SIG_IGN);
        }
    }
}

/// Starts this program again as a sleeping child; `holds_stdout` lets it inherit stdout.
fn spawn_self(role: &str, holds_stdout: bool) {
    let me = std::env::current_exe().expect("own path");
    let child = Command::new(me)
        .arg(role)
        .stdin(Stdio::null())
        .stdout(if holds_stdout {
            Stdio::inherit()
        } else {
            Stdio::null()
        })
        .stderr(Stdio::null())
        .spawn()
        .expect("a child starts");
    // Its pid is noted by the child itself; it is never waited for.
    std::mem::forget(child);
}

fn sleep_forever() -> ! {
    loop {
        std::thread::sleep(SLEEP);
    }
}

/// Appends a line read from the harness to `ARBITER_FIXTURE_HEARD`'s file, if it names one.
fn note_heard(line: &str) {
    if let Some(file) = std::env::var_os("ARBITER_FIXTURE_HEARD")
        && let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
    {
        // One write a line, so that a reader never sees half of one.
        let _ = f.write_all(format!("{}\n", line.trim_end_matches(['\r', '\n'])).as_bytes());
    }
}

fn note_pid() {
    append_pid(std::process::id());
}

fn append_pid(pid: u32) {
    if let Some(file) = std::env::var_os("ARBITER_FIXTURE_PIDS")
        && let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
    {
        let _ = writeln!(f, "{pid}");
    }
}
