//! Xiangqi perft speed, side by side with the peers in one run, as whole processes.
//!
//! `cargo bench --bench perft` builds the release binaries, then times perft(5) from the start
//! position (133,312,995 nodes) in turn: `arbiter perft xiangqi --depth 5`; Debian's
//! Fairy-Stockfish (`uci`, `setoption name UCI_Variant value xiangqi`, `position startpos`,
//! `go perft 5`) when installed; and Pikafish (`uci`, `position startpos`, `go perft 5`) when
//! `PIKAFISH=path` names a local build (never part of this repository). Each program runs
//! `ARBITER_PERFT_RUNS` times (default 3), the programs alternating so a drift in the machine's
//! speed reaches them alike; the median wall time of each is printed with its node rate and its
//! ratio to Arbiter's. A peer's start-up (for Pikafish, unpacking its network) is part of its
//! whole-process time, so it is also timed on its own (`go perft 1`) and shown.
//! `ARBITER_PERFT_DEPTH` picks another depth.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// A program that counts perft, and how it is asked to.
struct Program {
    name: String,
    path: PathBuf,
    /// `None`: Arbiter's own command line; otherwise the UCI commands before `go perft N`.
    uci_setup: Option<&'static str>,
}

fn main() {
    let depth: u32 = env_number("ARBITER_PERFT_DEPTH", 5);
    let runs: usize = env_number("ARBITER_PERFT_RUNS", 3).max(1);
    let release = common::release_build();
    let mut programs = vec![Program {
        name: "arbiter".into(),
        path: release.join("arbiter"),
        uci_setup: None,
    }];
    match common::on_path("fairy-stockfish") {
        Some(path) => programs.push(Program {
            name: "fairy-stockfish".into(),
            path,
            uci_setup: Some("uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\n"),
        }),
        None => println!("fairy-stockfish not found (apt-get install fairy-stockfish)"),
    }
    match std::env::var_os("PIKAFISH").map(PathBuf::from) {
        Some(path) if path.is_file() => programs.push(Program {
            name: "pikafish".into(),
            path,
            uci_setup: Some("uci\nposition startpos\n"),
        }),
        Some(path) => println!("PIKAFISH={}: no such file", path.display()),
        None => println!("PIKAFISH not set: no Pikafish figure (PIKAFISH=path/to/pikafish)"),
    }

    let mut times: Vec<Vec<f64>> = vec![Vec::new(); programs.len()];
    let mut counts: Vec<Option<u64>> = vec![None; programs.len()];
    for _ in 0..runs {
        for (i, program) in programs.iter().enumerate() {
            match perft(program, depth) {
                Ok((nodes, seconds)) => {
                    times[i].push(seconds);
                    counts[i] = Some(nodes);
                }
                Err(e) => println!("{}: {e}", program.name),
            }
        }
    }

    println!(
        "perft({depth}) from the start position, whole process, median of {runs} runs, alternating"
    );
    println!(
        "{:<16} {:>12} {:>10} {:>12} {:>22}",
        "program", "nodes", "wall s", "M nodes/s", "time / arbiter's time"
    );
    let ours = median(&times[0]);
    for (i, program) in programs.iter().enumerate() {
        let (Some(nodes), Some(wall)) = (counts[i], median(&times[i])) else {
            continue;
        };
        let ratio = ours.map_or("-".to_owned(), |ours| format!("{:.2}", wall / ours));
        println!(
            "{:<16} {:>12} {:>10.3} {:>12.1} {:>22}",
            program.name,
            nodes,
            wall,
            nodes as f64 / wall / 1e6,
            ratio
        );
        if counts[0].is_some_and(|ours| ours != nodes) {
            println!("  node counts differ: {} (arbiter)", counts[0].unwrap_or(0));
        }
        if program.uci_setup.is_some()
            && let Ok((_, start_up)) = perft(program, 1)
        {
            println!(
                "  {}: start-up and perft(1) alone take {start_up:.3} s",
                program.name
            );
        }
    }
}

fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn median(samples: &[f64]) -> Option<f64> {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied()
}

/// Runs one perft as a whole process; returns its node count and wall time.
fn perft(program: &Program, depth: u32) -> Result<(u64, f64), String> {
    let began = Instant::now();
    let output = match program.uci_setup {
        None => Command::new(&program.path)
            .args(["perft", "xiangqi", "--depth", &depth.to_string()])
            .stderr(Stdio::null())
            .output()
            .map_err(|e| e.to_string())?,
        Some(setup) => run_uci(&program.path, &format!("{setup}go perft {depth}\nquit\n"))?,
    };
    let seconds = began.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&output.stdout);
    // Arbiter ends with `nodes N`; the Stockfish family prints `Nodes searched: N`.
    let nodes = text
        .lines()
        .find_map(|line| {
            line.strip_prefix("nodes ")
                .or_else(|| line.strip_prefix("Nodes searched:"))
        })
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("no node count in its output: {}", text.trim()))?;
    Ok((nodes, seconds))
}

fn run_uci(path: &Path, script: &str) -> Result<std::process::Output, String> {
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(script.as_bytes())
        .map_err(|e| e.to_string())?;
    child.wait_with_output().map_err(|e| e.to_string())
}
