//! Arbiter's memory and time under hostile engines, beside a clean run, in one run.
//!
//! `cargo bench --bench reliability` builds the release binaries, then runs `arbiter run` (as a
//! whole process) against the reference xiangqi engine directly and through the hostile relay
//! (`examples/hostile_relay.rs`) in each flood mode, and prints each run's wall time and the
//! peak resident memory of the `arbiter` process (from the kernel's accounting of the finished
//! child). The goal is under 64 MB whatever the engine writes.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

fn main() {
    let release = common::release_build();
    let arbiter = release.join("arbiter");
    let relay = release.join("examples/hostile_relay");
    let engine = release.join("arbiter-xiangqi");

    println!(
        "{:<26} {:>10} {:>14}  what the run found",
        "engine", "wall", "peak RSS"
    );
    let clean = ["--engine".to_owned(), engine.display().to_string()];
    measure(&arbiter, "reference engine (clean)", &clean, &[]);
    for behaviour in [
        "flood-empty",
        "flood-text",
        "flood-info",
        "long-line",
        "burst",
    ] {
        let engine_args = [
            "--engine".to_owned(),
            relay.display().to_string(),
            "--engine-arg".into(),
            behaviour.into(),
            "--engine-arg".into(),
            "--".into(),
            "--engine-arg".into(),
            engine.display().to_string(),
        ];
        // Three scenarios, each with a search, so a flood runs until the scenario's deadlines.
        measure(
            &arbiter,
            behaviour,
            &engine_args,
            &[
                "--no-fail-fast",
                "ucci/handshake",
                "ucci/search",
                "ucci/stop",
            ],
        );
    }
}

/// Runs `arbiter run` and prints its wall time, peak RSS and summary line.
// The child is reaped with wait4(2), which also returns its resource usage.
#[allow(clippy::zombie_processes)]
fn measure(arbiter: &Path, label: &str, engine: &[String], extra: &[&str]) {
    let started = Instant::now();
    let child = Command::new(arbiter)
        .args([
            "run",
            "--protocol",
            "ucci",
            "--format",
            "json",
            "--out",
            "/dev/null",
        ])
        .args(engine)
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter starts");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid out-parameter; wait4 reaps our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe {
        libc::wait4(pid, &mut status, 0, &mut usage);
    }
    let wall = started.elapsed();
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr {
        use std::io::Read;
        let _ = pipe.read_to_string(&mut stderr);
    }
    // The summary line `arbiter` prints on stderr when the report goes to a file.
    let summary = stderr
        .lines()
        .find(|l| l.contains("scenarios:"))
        .unwrap_or("")
        .split(" (report")
        .next()
        .unwrap_or("");
    println!(
        "{label:<26} {:>8.2} s {:>11.1} MB  {summary}",
        wall.as_secs_f64(),
        usage.ru_maxrss as f64 / 1024.0
    );
}
