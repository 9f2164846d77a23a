//! Xiangqi perft speed, side by side with Fairy-Stockfish in the same run.
//!
//! `cargo bench --bench perft` times perft(5) from the start position (133,312,995 nodes) in this
//! process, then, when Debian's `fairy-stockfish` is installed, the same perft in Fairy-Stockfish
//! (`uci`, `setoption name UCI_Variant value xiangqi`, `position startpos`, `go perft 5`) as a whole
//! process, and prints both rates and their ratio. `ARBITER_PERFT_DEPTH` picks another depth.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use arbiter_rules::xiangqi::Position;

fn main() {
    // `cargo bench` passes `--bench`; any other argument is a filter this bench does not use.
    let depth: u32 = std::env::var("ARBITER_PERFT_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(5);
    let start = Position::startpos();
    let began = Instant::now();
    let nodes = start.perft(depth);
    let ours = began.elapsed().as_secs_f64();
    println!(
        "arbiter         perft({depth}) = {nodes} nodes in {ours:.3} s: {:.1} M nodes/s",
        nodes as f64 / ours / 1e6
    );

    let Some(peer) = find_fairy_stockfish() else {
        println!(
            "fairy-stockfish not found (apt-get install fairy-stockfish): no side-by-side figure"
        );
        return;
    };
    match run_peer(&peer, depth) {
        Ok((peer_nodes, theirs)) => {
            println!(
                "fairy-stockfish perft({depth}) = {peer_nodes} nodes in {theirs:.3} s: {:.1} M nodes/s (whole process)",
                peer_nodes as f64 / theirs / 1e6
            );
            if peer_nodes != nodes {
                println!("node counts differ: {nodes} (arbiter) vs {peer_nodes} (fairy-stockfish)");
            }
            println!(
                "speed ratio arbiter / fairy-stockfish = {:.2}",
                theirs / ours
            );
        }
        Err(err) => println!("fairy-stockfish failed: {err}"),
    }
}

fn find_fairy_stockfish() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("fairy-stockfish"))
        .find(|candidate| candidate.is_file())
}

fn run_peer(peer: &PathBuf, depth: u32) -> Result<(u64, f64), String> {
    let began = Instant::now();
    let mut child = Command::new(peer)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    let script = format!(
        "uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo perft {depth}\nquit\n"
    );
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(script.as_bytes())
        .map_err(|e| e.to_string())?;
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    let elapsed = began.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&output.stdout);
    let nodes = text
        .lines()
        .find_map(|line| line.strip_prefix("Nodes searched:"))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| "no `Nodes searched:` line in its output".to_owned())?;
    Ok((nodes, elapsed))
}
