//! Arbiter's memory and time under hostile engines, beside a clean run, in one run.
//!
//! `cargo bench --bench reliability` builds the release binaries, then runs `arbiter run` (as a
//! whole process) against the reference xiangqi engine directly and through the hostile relay
//! (`cli/examples/hostile_relay.rs`) in each flood mode, and prints each run's wall time and the
//! peak resident memory of the `arbiter` process (from the kernel's accounting of the finished
//! child). The goal is under 64 MB whatever the engine writes, for one session: the flood runs
//! take their scenarios one at a time (`--jobs 1`), and a last row shows three at once.

mod common;

use std::path::Path;
use std::process::Command;

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
        let engine_args = relayed(&relay, behaviour, &engine);
        // Three scenarios, each with a search, so a flood runs until the scenario's deadlines.
        measure(
            &arbiter,
            behaviour,
            &engine_args,
            &[
                "--jobs",
                "1",
                "--no-fail-fast",
                "ucci/handshake",
                "ucci/search",
                "ucci/stop",
            ],
        );
    }
    // The same three floods at once: memory is bounded per session, so it adds up.
    measure(
        &arbiter,
        "flood-empty, --jobs 3",
        &relayed(&relay, "flood-empty", &engine),
        &[
            "--jobs",
            "3",
            "--no-fail-fast",
            "ucci/handshake",
            "ucci/search",
            "ucci/stop",
        ],
    );
}

/// The engine options that put `behaviour` of the hostile relay around `engine`.
fn relayed(relay: &Path, behaviour: &str, engine: &Path) -> Vec<String> {
    [
        "--engine",
        &relay.display().to_string(),
        "--engine-arg",
        behaviour,
        "--engine-arg",
        "--",
        "--engine-arg",
        &engine.display().to_string(),
    ]
    .map(str::to_owned)
    .to_vec()
}

/// Runs `arbiter run` and prints its wall time, peak RSS and summary line.
fn measure(arbiter: &Path, label: &str, engine: &[String], extra: &[&str]) {
    let run = common::timed(
        Command::new(arbiter)
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
            .args(extra),
    );
    println!(
        "{label:<26} {:>8.2} s {:>11.1} MB  {}",
        run.wall.as_secs_f64(),
        run.peak_mb,
        run.summary
    );
}
