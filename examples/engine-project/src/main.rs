//! A tiny UCI chess engine: it plays the legal move first in UCI notation's order, which is
//! enough to speak the protocol and deterministic enough for golden transcripts. It stands for
//! the engine of a project that gates itself with Arbiter from its own `cargo test`
//! (`tests/arbiter.rs`).

use std::io::{BufRead, Write};

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

/// A search that waits for `stop` or `ponderhit` before it answers (`go infinite`, `go ponder`).
struct Waiting {
    best: String,
}

fn main() {
    let mut position = Chess::default();
    let mut waiting: Option<Waiting> = None;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.first().copied() {
            Some("uci") => "id name Tiny UCI\nid author Arbiter's example\n\
                 option name Hash type spin default 16 min 1 max 1024\nuciok\n"
                .to_owned(),
            Some("isready") => "readyok\n".to_owned(),
            Some("position") => {
                // A position it cannot read leaves the last one: the GUI's fault, not a crash.
                if let Some(read) = read_position(&words[1..]) {
                    position = read;
                }
                String::new()
            }
            Some("go") => {
                let best = first_move(&position);
                let info = format!("info depth 1 score cp 0 time 0 nodes 1 pv {best}\n");
                if words.contains(&"infinite") || words.contains(&"ponder") {
                    waiting = Some(Waiting { best });
                    info
                } else {
                    format!("{info}bestmove {best}\n")
                }
            }
            Some("stop" | "ponderhit") => waiting
                .take()
                .map(|w| format!("bestmove {}\n", w.best))
                .unwrap_or_default(),
            Some("quit") => break,
            // `ucinewgame`, `setoption`, `debug`, `register` and unknown words need no answer.
            _ => String::new(),
        };
        if out
            .write_all(reply.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
}

/// `startpos|fen F… [moves M…]`, or nothing if a part does not read.
fn read_position(words: &[&str]) -> Option<Chess> {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut position = match words.first().copied()? {
        "startpos" => Chess::default(),
        "fen" => {
            let fen: Fen = words[1..moves_at].join(" ").parse().ok()?;
            fen.into_position(CastlingMode::Standard).ok()?
        }
        _ => return None,
    };
    for text in words.iter().skip(moves_at + 1) {
        let uci: UciMove = text.parse().ok()?;
        let m = uci.to_move(&position).ok()?;
        position = position.play(m).ok()?;
    }
    Some(position)
}

/// The legal move first in UCI notation's order, or `0000` when there is none.
fn first_move(position: &Chess) -> String {
    position
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .min()
        .unwrap_or_else(|| "0000".to_owned())
}
