//! Iterative deepening over [`alphabeta`], and what a finished search hands back.

pub mod alphabeta;
pub mod control;
pub mod eval;
pub mod ordering;
pub mod repetition;
pub mod tt;

use std::time::Duration;

use arbiter_rules::xiangqi::{Move, Position};

pub use alphabeta::{MATE, MATE_BOUND, Noise};
use alphabeta::{MAX_PLY, Searcher};
use control::Control;
use repetition::Path;
use tt::Tt;

/// Deepest iteration started (leaves room in the per-ply tables for extensions).
pub const MAX_DEPTH: u32 = (MAX_PLY as u32) - 32;

/// Limits of a search besides the clock, which [`Control`] keeps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// One completed iteration, for `info` lines.
#[derive(Clone, Debug)]
pub struct Iteration {
    pub depth: u32,
    pub score: i32,
    pub pv: Vec<Move>,
    pub nodes: u64,
    pub elapsed: Duration,
    /// How full the hash table is, in permille.
    pub hashfull: u32,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `None` when no move may be played (no legal move, all banned) or at depth 0.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    /// Score of the best move for the side to move (the static evaluation at depth 0).
    pub score: i32,
    /// Depth of the last completed iteration (0 if none completed).
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// What to search and with what.
pub struct Task<'a> {
    pub position: Position,
    /// The game's positions up to and including `position`, for repetitions.
    pub path: Path,
    pub banned: &'a [Move],
    pub limits: Limits,
    pub noise: Noise,
}

/// Searches `task.position` by iterative deepening until a limit, the clock or `stop` ends it,
/// calling `report` after every completed iteration.
pub fn think(
    task: Task<'_>,
    tt: &Tt,
    control: &Control,
    report: &mut dyn FnMut(&Iteration),
) -> Outcome {
    let mut pos = task.position.clone();
    let allowed: Vec<Move> = pos
        .legal_moves()
        .as_slice()
        .iter()
        .copied()
        .filter(|mv| !task.banned.contains(mv))
        .collect();
    let in_check = pos.is_check();
    let static_eval = eval::evaluate(&pos);
    let mut outcome = Outcome {
        best: None,
        ponder: None,
        score: static_eval,
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    if allowed.is_empty() {
        outcome.score = -MATE;
        outcome.elapsed = control.elapsed();
        return outcome;
    }
    if task.limits.depth == Some(0) {
        outcome.elapsed = control.elapsed();
        return outcome;
    }
    // Should the search be stopped before its first iteration ends, play the hash move if the
    // table has one, or else any allowed move.
    let fallback = tt
        .probe(pos.hash())
        .and_then(|e| e.mv)
        .filter(|mv| allowed.contains(mv))
        .unwrap_or(allowed[0]);

    let max_depth = task.limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
    let mut searcher = Searcher::new(
        task.position,
        task.path,
        tt,
        control,
        task.banned,
        task.noise,
    );
    searcher.node_limit = task.limits.nodes.unwrap_or(u64::MAX);
    let mut last: Option<Iteration> = None;
    for depth in 1..=max_depth {
        let score = searcher.negamax(depth as i32, -MATE - 1, MATE + 1, 0, in_check, false);
        if searcher.stopped {
            break;
        }
        let iteration = Iteration {
            depth,
            score,
            pv: legal_prefix(&pos, &searcher.root_pv()),
            nodes: searcher.nodes,
            elapsed: control.elapsed(),
            hashfull: tt.hashfull(),
        };
        report(&iteration);
        last = Some(iteration);
        let clock_runs = control.is_timed() && !control.is_pondering();
        let mate_proven = score.abs() >= MATE_BOUND && (MATE - score.abs()) as u32 <= depth;
        if clock_runs && (control.next_iteration_unwise() || allowed.len() == 1 || mate_proven) {
            break;
        }
    }

    let best = searcher.root_best.map_or(fallback, |(mv, _)| mv);
    // The line to answer with: the last reported one while it still starts with the best
    // move, so `bestmove … ponder …` repeats what the GUI was shown (ucci-r101); else the
    // unfinished iteration's line that found the new best move.
    let partial = legal_prefix(&pos, &searcher.root_pv());
    let pv = match &last {
        Some(it) if it.pv.first() == Some(&best) => it.pv.clone(),
        _ if partial.first() == Some(&best) => partial,
        _ => vec![best],
    };
    outcome.best = Some(best);
    outcome.ponder = pv.get(1).copied().or_else(|| {
        // A one-move line still gets a guess at the reply from the table, if it is legal.
        let undo = pos.make(best);
        let guess = tt
            .probe(pos.hash())
            .and_then(|e| e.mv)
            .filter(|&mv| pos.is_legal(mv));
        pos.unmake(best, undo);
        guess
    });
    outcome.score = searcher
        .root_best
        .map(|(_, s)| s)
        .or(last.as_ref().map(|it| it.score))
        .unwrap_or(static_eval);
    outcome.depth = last.as_ref().map_or(0, |it| it.depth);
    outcome.nodes = searcher.nodes;
    outcome.elapsed = control.elapsed();
    // A stop mid-iteration that changed the best move: show its line before answering, so
    // the last `info pv` and the `bestmove` agree.
    if let Some(it) = &last
        && it.pv != pv
    {
        report(&Iteration {
            depth: it.depth,
            score: outcome.score,
            pv,
            nodes: outcome.nodes,
            elapsed: outcome.elapsed,
            hashfull: tt.hashfull(),
        });
    }
    outcome
}

/// The longest legal beginning of a line (a safety net: a principal variation is built from
/// searched moves and should always be legal).
fn legal_prefix(pos: &Position, line: &[Move]) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut legal = Vec::with_capacity(line.len());
    for &mv in line {
        if !pos.is_legal(mv) {
            break;
        }
        pos.play(mv);
        legal.push(mv);
    }
    legal
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(fen: &str, depth: u32, banned: &[&str]) -> Outcome {
        let limits = Limits {
            depth: Some(depth),
            nodes: None,
        };
        search_reporting(fen, limits, banned, &mut |_| {})
    }

    /// Searches a fresh position with a fresh table, passing each iteration to `report`.
    fn search_reporting(
        fen: &str,
        limits: Limits,
        banned: &[&str],
        report: &mut dyn FnMut(&Iteration),
    ) -> Outcome {
        let pos = Position::from_fen(fen).unwrap();
        let banned: Vec<Move> = banned.iter().map(|t| pos.parse_move(t).unwrap()).collect();
        let mut path = Path::new();
        path.push(pos.hash(), pos.is_check());
        let tt = Tt::new(1).unwrap();
        let control = Control::new(None, false, false);
        let task = Task {
            position: pos,
            path,
            banned: &banned,
            limits,
            noise: Noise {
                amplitude: 0,
                seed: 0,
            },
        };
        think(task, &tt, &control, report)
    }

    #[test]
    fn finds_a_mate_in_one() {
        // Rook a0 to a9 or d0 mates: the rook on b8 holds rank 8, the red king the e-file.
        let fen = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w";
        let out = search(fen, 3, &[]);
        assert_eq!(out.score, MATE - 1);
        let mut pos = Position::from_fen(fen).unwrap();
        pos.play(out.best.unwrap());
        assert!(
            pos.legal_moves().is_empty(),
            "{} does not mate",
            out.best.unwrap()
        );
    }

    #[test]
    fn takes_a_free_rook() {
        let out = search("5k3/9/9/9/9/4r4/9/9/4R4/3K5 w", 4, &[]);
        assert_eq!(out.best.unwrap().to_string(), "e1e4");
    }

    #[test]
    fn never_plays_a_banned_move() {
        let out = search("5k3/9/9/9/9/4r4/9/9/4R4/3K5 w", 3, &["e1e4"]);
        assert_ne!(out.best.unwrap().to_string(), "e1e4");
    }

    #[test]
    fn no_move_when_mated_or_all_banned_or_depth_zero() {
        // The mate of `finds_a_mate_in_one`, black to move.
        let mated = search("R2k5/1R7/9/9/9/9/9/9/9/4K4 b", 3, &[]);
        assert_eq!(mated.best, None);
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").unwrap();
        let all: Vec<String> = pos
            .legal_moves()
            .as_slice()
            .iter()
            .map(|m| m.to_string())
            .collect();
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        assert_eq!(search("3k5/9/9/9/9/9/9/9/9/R3K4 w", 3, &refs).best, None);
        assert_eq!(search(arbiter_rules::xiangqi::START_FEN, 0, &[]).best, None);
    }

    #[test]
    fn pv_and_ponder_are_legal_in_sequence() {
        let out = search(arbiter_rules::xiangqi::START_FEN, 4, &[]);
        let mut pos = Position::startpos();
        let best = out.best.unwrap();
        assert!(pos.is_legal(best));
        pos.play(best);
        assert!(pos.is_legal(out.ponder.unwrap()));
    }

    #[test]
    fn the_answer_repeats_the_last_reported_line_when_stopped_mid_iteration() {
        // Node limits cut the search inside an iteration, where the best line may change.
        let after_h2e2 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b";
        for nodes in (1000..40_000).step_by(1300) {
            let limits = Limits {
                depth: None,
                nodes: Some(nodes),
            };
            let mut shown: Vec<Vec<Move>> = Vec::new();
            let out =
                search_reporting(after_h2e2, limits, &[], &mut |it| shown.push(it.pv.clone()));
            let last = shown.last().expect("a line is shown");
            assert_eq!(last.first(), out.best.as_ref(), "{nodes} nodes");
            if let (Some(second), Some(ponder)) = (last.get(1), out.ponder) {
                assert_eq!(*second, ponder, "{nodes} nodes");
            }
        }
    }
}
