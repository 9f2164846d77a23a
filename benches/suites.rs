//! How long the built-in suites take, one scenario at a time and at the default concurrency,
//! in one run.
//!
//! `cargo bench --bench suites` builds the release binaries, then runs each protocol's whole
//! built-in library against its bundled reference engine (UCCI: `arbiter-xiangqi`; Gomocup and
//! AGI: `pbrain-arbiter`) and, when Debian's `stockfish` is installed, the UCI library against
//! Stockfish: each with `--jobs 1` and with the default, as whole `arbiter run` processes. It
//! prints wall time, peak memory of the `arbiter` process and the verdict line of each, the
//! three bundled suites' total, and the ratio serial / concurrent.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

struct Suite {
    label: &'static str,
    protocol: &'static str,
    engine: PathBuf,
    engine_args: &'static [&'static str],
    bundled: bool,
}

fn main() {
    let release = common::release_build();
    let arbiter = release.join("arbiter");
    let mut suites = vec![
        Suite {
            label: "UCCI, arbiter-xiangqi",
            protocol: "ucci",
            engine: release.join("arbiter-xiangqi"),
            engine_args: &[],
            bundled: true,
        },
        Suite {
            label: "Gomocup, pbrain-arbiter",
            protocol: "gomocup",
            engine: release.join("pbrain-arbiter"),
            engine_args: &[],
            bundled: true,
        },
        Suite {
            label: "AGI, pbrain-arbiter",
            protocol: "agi",
            engine: release.join("pbrain-arbiter"),
            engine_args: &["--agi"],
            bundled: true,
        },
    ];
    match common::on_path("stockfish") {
        Some(engine) => suites.push(Suite {
            label: "UCI, Stockfish",
            protocol: "uci",
            engine,
            engine_args: &[],
            bundled: false,
        }),
        None => println!("stockfish not found (apt-get install stockfish): no UCI row"),
    }

    println!(
        "{:<26} {:>10} {:>8} {:>10} {:>8} {:>7}  verdict (concurrent)",
        "suite", "--jobs 1", "MB", "default", "MB", "ratio"
    );
    let (mut serial_total, mut concurrent_total) = (0.0, 0.0);
    for suite in &suites {
        let serial = run(&arbiter, suite, Some("1"));
        let concurrent = run(&arbiter, suite, None);
        let (s, c) = (serial.wall.as_secs_f64(), concurrent.wall.as_secs_f64());
        if suite.bundled {
            serial_total += s;
            concurrent_total += c;
        }
        println!(
            "{:<26} {:>8.2} s {:>8.1} {:>8.2} s {:>8.1} {:>6.2}x  {}",
            suite.label,
            s,
            serial.peak_mb,
            c,
            concurrent.peak_mb,
            s / c,
            concurrent.summary
        );
    }
    println!(
        "{:<26} {:>8.2} s {:>8} {:>8.2} s {:>8} {:>6.2}x",
        "three bundled suites",
        serial_total,
        "",
        concurrent_total,
        "",
        serial_total / concurrent_total
    );
}

fn run(arbiter: &Path, suite: &Suite, jobs: Option<&str>) -> common::Timed {
    let mut command = Command::new(arbiter);
    command
        .args(["run", "--protocol", suite.protocol, "--format", "json"])
        .args(["--out", "/dev/null", "--engine"])
        .arg(&suite.engine)
        .env_remove("ARBITER_JOBS");
    for arg in suite.engine_args {
        command.args(["--engine-arg", arg]);
    }
    if let Some(jobs) = jobs {
        command.args(["--jobs", jobs]);
    }
    common::timed(&mut command)
}
