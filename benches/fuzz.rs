//! What fuzzing costs: cases per second on the reference engines, and what finding and shrinking
//! a fault costs (engine runs, commands left, wall time) on the fixture's sequence faults.
//!
//! `cargo bench --bench fuzz` builds the release binaries, then runs `arbiter fuzz` as a whole
//! process with a fixed seed and reads its JSON report. Each case starts a fresh engine process
//! and cases run two per core at once, so the figures are mostly the engines' start-up and the
//! searches and waits the cases ask for; the library run beside each shows the same engine
//! under the scripted scenarios.
//! `FUZZ_CASES=N` changes the number of cases (default 50).

mod common;

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

fn main() {
    let release = common::release_build();
    let arbiter = release.join("arbiter");
    let xiangqi = release.join("arbiter-xiangqi").display().to_string();
    let gomoku = release.join("pbrain-arbiter").display().to_string();
    let fixture = release.join("examples/faulty_engine").display().to_string();
    let cases: u32 = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(50);
    let repro = std::env::temp_dir().join(format!("arbiter-fuzz-bench-{}", std::process::id()));

    println!(
        "Cases per second on the reference engines ({cases} cases, seed 1), beside the library"
    );
    println!(
        "{:<24} {:>9} {:>11} {:>9}   {:>12} {:>10}",
        "engine", "wall", "cases/s", "failures", "library", "scenarios"
    );
    let stockfish = "/usr/games/stockfish";
    let engines: [(&str, &str, &str, &[&str]); 5] = [
        ("ucci: arbiter-xiangqi", "ucci", &xiangqi, &[]),
        (
            "uci: arbiter-xiangqi",
            "uci",
            &xiangqi,
            &["--game", "xiangqi"],
        ),
        ("gomocup: pbrain-arbiter", "gomocup", &gomoku, &[]),
        ("agi: pbrain-arbiter", "agi", &gomoku, &[]),
        // Debian's `stockfish`, when installed.
        ("uci: stockfish", "uci", stockfish, &[]),
    ];
    for (label, protocol, engine, extra) in engines {
        if !Path::new(engine).exists() {
            println!("{label:<24} not installed");
            continue;
        }
        let mut args = vec!["--protocol", protocol, "--engine", engine];
        args.extend(extra);
        let cases_text = cases.to_string();
        let mut fuzz_args = args.clone();
        fuzz_args.extend(["--seed", "1", "--cases", &cases_text]);
        let (wall, report) = fuzz(&arbiter, &fuzz_args, &repro);
        let (library_wall, scenarios) = library(&arbiter, &args);
        println!(
            "{label:<24} {:>7.1} s {:>11.2} {:>9}   {:>10.1} s {:>10}",
            wall,
            f64::from(cases) / wall,
            report["failures"].as_array().map_or(0, Vec::len),
            library_wall,
            scenarios,
        );
    }

    println!();
    println!("Finding and shrinking the fixture's sequence faults (seed 7, default bounds)");
    println!(
        "{:<36} {:>9} {:>6} {:>12} {:>9} {:>9}",
        "fault", "wall", "case", "shrink runs", "commands", "replays"
    );
    for (protocol, fault, cases) in [
        ("uci", "isready-while-pondering", "10"),
        ("ucci", "isready-in-second-ponder", "40"),
        ("gomocup", "occupied-point-after-takeback", "10"),
        ("agi", "isready-while-pondering-by-default", "10"),
        ("uci", "illegal-ponder-after-setoption", "10"),
        ("ucci", "banned-move-on-stop", "20"),
        ("gomocup", "off-board-after-edge-board", "5"),
        ("agi", "silent-stop-after-setrule", "10"),
        ("gomocup", "occupied-point-after-restart", "10"),
        ("ucci", "illegal-after-offered-style", "5"),
        // A reply missing after three of one command: shrunk at the engine's own pace.
        ("uci", "no-readyok-after-third-newgame", "60"),
        ("ucci", "no-readyok-after-third-probe", "10"),
        ("gomocup", "silent-third-about", "5"),
        ("agi", "no-readyok-after-third-setoption", "30"),
    ] {
        let args = [
            "--protocol",
            protocol,
            "--engine",
            &fixture,
            "--engine-arg",
            protocol,
            "--engine-arg",
            fault,
            "--seed",
            "7",
            "--cases",
            cases,
        ];
        let (wall, report) = fuzz(&arbiter, &args, &repro);
        let found = &report["failures"][0];
        // A JSON value prints without padding: as text first.
        let field = |key: &str| found[key].to_string();
        println!(
            "{:<36} {:>7.1} s {:>6} {:>12} {:>9} {:>6}/{}",
            format!("{protocol} {fault}"),
            wall,
            field("case"),
            field("shrink_runs"),
            field("commands"),
            field("replays_failed"),
            field("replays"),
        );
    }
    let _ = std::fs::remove_dir_all(&repro);
}

/// Runs `arbiter fuzz ARGS --format json` and returns its wall time and report.
fn fuzz(arbiter: &Path, args: &[&str], repro: &Path) -> (f64, Value) {
    let started = Instant::now();
    let output = Command::new(arbiter)
        .arg("fuzz")
        .args(args)
        .args(["--format", "json", "--repro"])
        .arg(repro)
        .output()
        .expect("arbiter starts");
    let wall = started.elapsed().as_secs_f64();
    let report = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "arbiter fuzz {args:?}: {e}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (wall, report)
}

/// Runs the engine's built-in library and returns the wall time and how many scenarios ran.
fn library(arbiter: &Path, args: &[&str]) -> (f64, usize) {
    let started = Instant::now();
    let output = Command::new(arbiter)
        .arg("run")
        .args(args)
        .args(["--format", "json"])
        .output()
        .expect("arbiter starts");
    let wall = started.elapsed().as_secs_f64();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    (wall, report["runs"].as_array().map_or(0, Vec::len))
}
