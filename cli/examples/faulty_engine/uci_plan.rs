//! UCI searches, decided at once when `go` arrives: the move (a mate within the `mate` limit
//! if there is one), its score, and the `info` line that reports it.

use std::time::{Duration, Instant};

use arbiter::protocol::uci;
use arbiter_rules::{Game, GameStatus, Side};

use crate::fault::Fault;
use crate::notation;

/// UCI: the move a search will play and how it reports it.
pub struct Plan {
    pub started: Instant,
    pub best: Option<String>,
    pub score: String,
    pub depth: u32,
    pub nodes: u64,
    /// When the next periodic `info` line is due in an open-ended search.
    pub next_info: Instant,
}

/// The `go` parameters, read by the library's UCI codec; a `go` it cannot read searches
/// with none.
pub fn uci_go(words: &[&str]) -> uci::Go {
    match uci::parse_command(&words.join(" ")) {
        Ok(uci::Command::Go(go)) => go,
        _ => uci::Go::default(),
    }
}

/// How long a search limited by time lasts: `movetime` exactly, a twentieth of the
/// mover's clock plus half its increment (never more than 100 ms), else 100 ms.
pub fn thinking_time(go: &uci::Go, white: bool) -> Duration {
    if let Some(ms) = go.movetime {
        return Duration::from_millis(ms);
    }
    let (clock, inc) = if white {
        (go.wtime, go.winc)
    } else {
        (go.btime, go.binc)
    };
    let ms = match clock {
        Some(clock) => (clock / 20 + inc.unwrap_or(0) / 2).clamp(1, 100),
        None => 100,
    };
    Duration::from_millis(ms as u64)
}

/// Decides a UCI search at once: among the legal moves (only the `searchmoves`, if given),
/// the first that mates within the `mate` limit (one move by default), else the first in
/// sorted order; the score is that mate, a mate against the mover, or the material balance.
pub fn plan_search<G: Game>(position: &G, go: &uci::Go) -> Plan {
    let started = Instant::now();
    let mut moves = position.legal_move_texts();
    let listed: Vec<String> = go.searchmoves.iter().map(ToString::to_string).collect();
    if moves.iter().any(|m| listed.contains(m)) {
        moves.retain(|m| listed.contains(m));
    }
    let limit = go.mate.unwrap_or(1).clamp(1, 3);
    let mut nodes = 0;
    let mut found = None;
    'limits: for n in 1..=limit {
        for mv in &moves {
            let next = after::<G>(position, mv);
            if next.is_some_and(|p| mates_after(&p, n, &mut nodes)) {
                found = Some((mv.clone(), n));
                break 'limits;
            }
        }
    }
    let (best, score) = match found {
        Some((mv, n)) => (Some(mv), format!("mate {n}")),
        None => {
            let best = moves.first().cloned();
            let lost = !moves.is_empty()
                && moves.iter().all(|mv| {
                    after::<G>(position, mv).is_some_and(|p| mates_within(&p, 1, &mut nodes))
                });
            let score = if lost {
                "mate -1".to_owned()
            } else {
                format!("cp {}", material(position))
            };
            (best, score)
        }
    };
    Plan {
        started,
        best,
        score,
        depth: 2 * limit,
        nodes: nodes.max(1),
        next_info: started,
    }
}

/// The `info` line of a planned search; its pv is the planned move (twice for `illegal-pv`),
/// written as the fault writes moves.
pub fn plan_info<G: Game>(position: &G, plan: &Plan, fault: Fault) -> String {
    let Some(best) = &plan.best else {
        return "info depth 1".into();
    };
    let best = &notation::written(position, best, fault);
    let time = plan.started.elapsed().as_millis() as u64;
    let pv = if fault == Fault::IllegalPv {
        format!("{best} {best}")
    } else {
        best.clone()
    };
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} hashfull 0 time {time} pv {pv}",
        plan.depth,
        plan.depth,
        plan.score,
        plan.nodes,
        plan.nodes * 1000 / time.max(1),
    )
}

fn after<G: Game>(position: &G, mv: &str) -> Option<G> {
    let mut next = position.clone();
    next.play_text(mv).ok()?;
    Some(next)
}

/// Whether the side that just moved into `p` mates within `n` moves in all: `p` is mate, or
/// (with moves to spare) every reply leaves a mate within `n - 1`.
fn mates_after<G: Game>(p: &G, n: u32, nodes: &mut u64) -> bool {
    *nodes += 1;
    match p.status() {
        GameStatus::Checkmate { .. } => true,
        GameStatus::Ongoing if n > 1 => p.legal_moves().into_iter().all(|reply| {
            let mut q = p.clone();
            q.play(reply);
            mates_within(&q, n - 1, nodes)
        }),
        _ => false,
    }
}

/// Whether the side to move in `p` can mate within `n` moves.
fn mates_within<G: Game>(p: &G, n: u32, nodes: &mut u64) -> bool {
    p.legal_moves().into_iter().any(|mv| {
        let mut q = p.clone();
        q.play(mv);
        mates_after(&q, n, nodes)
    })
}

/// Material balance in centipawns for the side to move, counted from the FEN's board field.
fn material<G: Game>(position: &G) -> i64 {
    let fen = position.fen();
    let board = fen.split(' ').next().unwrap_or("");
    let white: i64 = board
        .chars()
        .map(|c| {
            let value = match c.to_ascii_lowercase() {
                'p' => 100,
                'n' | 'b' => 300,
                'r' => 500,
                'q' => 900,
                _ => 0,
            };
            if c.is_ascii_uppercase() {
                value
            } else {
                -value
            }
        })
        .sum();
    if position.side_to_move() == Side::First {
        white
    } else {
        -white
    }
}
