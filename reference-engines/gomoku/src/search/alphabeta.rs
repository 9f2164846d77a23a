//! Iterative-deepening negamax alpha-beta over a narrow, threat-aware candidate set.
//!
//! Gomoku's branching factor is large but almost every move is pointless, so each node
//! looks only at its best few candidates by pattern value, and at fewer still when forced:
//! facing a five threat the only move is the block; facing a threat to make an open four
//! (or four-three) only the points that stop it and our own fours are tried.

use super::patterns::{self, DOUBLE_FOUR_VALUE, evaluate};
use super::position::Position;
use super::{Clock, Report, WIN};

/// Candidates searched at an inner node.
const WIDTH: usize = 10;
/// Root moves searched (the rest are hopeless by pattern value).
const ROOT_WIDTH: usize = 24;
/// Hard cap on plies (forced blocks do not reduce depth, so they count here).
const MAX_PLY: i32 = 48;
/// Deepest iteration.
const MAX_DEPTH: u32 = 24;
/// Opponent move value from which we must defend (open four, double four, four-three).
const MUST_DEFEND: i32 = 30_000;

/// One candidate move, looked at once per node.
struct Candidate {
    index: usize,
    /// Ordering value (see [`order`]).
    score: i32,
    /// Pattern value of the move for us.
    mine: i32,
    /// Pattern value of the point for the opponent (0 where it may not play).
    theirs: i32,
    /// Whether it makes a four for us, or would for the opponent.
    my_four: bool,
    their_four: bool,
    legal: bool,
}

/// Pattern values of `moves` for both sides, best ordering value first.
fn analyse(pos: &Position, moves: &[usize]) -> Vec<Candidate> {
    let me = pos.to_move();
    let opp = me.opponent();
    let mut out: Vec<Candidate> = moves
        .iter()
        .map(|&index| {
            let my_shapes = pos.shapes(index, me);
            let their_shapes = pos.shapes(index, opp);
            let mine = patterns::move_value(my_shapes);
            let theirs = if pos.legal(index, opp) {
                patterns::move_value(their_shapes)
            } else {
                0
            };
            Candidate {
                index,
                score: mine.saturating_add(theirs / 10 * 9),
                mine,
                theirs,
                my_four: patterns::is_four(&my_shapes),
                their_four: patterns::is_four(&their_shapes),
                legal: pos.legal(index, me),
            }
        })
        .collect();
    out.sort_by_key(|c| (-c.score, c.index));
    out
}

/// `moves` with their ordering value, best first: what the move makes for us plus most of
/// what it takes from the opponent. A point forbidden to a black opponent under renju is
/// worth nothing to it, which is how white exploits forbidden points.
pub fn order(pos: &Position, moves: &[usize]) -> Vec<(usize, i32)> {
    analyse(pos, moves)
        .into_iter()
        .map(|c| (c.index, c.score))
        .collect()
}

/// Searches the root moves (already ordered) deeper and deeper until the clock stops it.
/// Returns the best move, its score and the last completed depth.
pub fn search(
    pos: &mut Position,
    ordered: &[(usize, i32)],
    clock: &mut Clock,
    on_report: &mut dyn FnMut(&Report),
) -> Option<(usize, i32, u32)> {
    let mut roots: Vec<usize> = ordered.iter().take(ROOT_WIDTH).map(|&(i, _)| i).collect();
    let mut best: Option<(usize, i32, u32)> = None;
    for depth in 1..=MAX_DEPTH {
        let mut alpha = -WIN - 1;
        let mut iteration: Option<(usize, i32)> = None;
        for &m in &roots {
            pos.play(m);
            let score = -negamax(pos, clock, depth as i32 - 1, -WIN - 1, -alpha, 1);
            pos.undo();
            if clock.stopped() {
                break;
            }
            if score > alpha {
                alpha = score;
                iteration = Some((m, score));
            }
        }
        if clock.stopped() {
            break;
        }
        let Some((m, score)) = iteration else { break };
        best = Some((m, score, depth));
        // Search the best move first next time.
        roots.retain(|&r| r != m);
        roots.insert(0, m);
        on_report(&Report {
            depth,
            score,
            pv: vec![pos.point(m)],
            nodes: clock.nodes,
            elapsed: clock.elapsed(),
        });
        // A proven result will not change; an iteration started past half the budget
        // would rarely finish.
        if score.abs() >= WIN - 1000 || clock.used() > 0.5 {
            break;
        }
    }
    best
}

fn negamax(
    pos: &mut Position,
    clock: &mut Clock,
    depth: i32,
    mut alpha: i32,
    beta: i32,
    ply: i32,
) -> i32 {
    if clock.tick() {
        return 0;
    }
    let me = pos.to_move();
    let opp = me.opponent();
    let candidates = pos.candidates();
    if candidates.is_empty() {
        return 0;
    }
    if candidates.iter().any(|&i| pos.makes_five(i, me)) {
        return WIN - ply;
    }
    let threats: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&i| pos.makes_five(i, opp))
        .collect();
    let moves: Vec<usize> = match threats.as_slice() {
        [] => {
            if depth <= 0 || ply >= MAX_PLY {
                return evaluate(pos);
            }
            let analysed = analyse(pos, &candidates);
            // An open four or double four of ours wins: the opponent has no five to play.
            // The table cannot see past four cells, so the claim is checked on the board.
            let claims: Vec<usize> = analysed
                .iter()
                .filter(|c| c.legal && c.mine >= DOUBLE_FOUR_VALUE)
                .map(|c| c.index)
                .collect();
            if claims.into_iter().any(|i| unstoppable(pos, i)) {
                return WIN - ply - 2;
            }
            // Facing an open four or four-three in the making, only blocks and our own
            // fours are worth trying.
            let danger = analysed.iter().any(|c| c.theirs >= MUST_DEFEND);
            let moves: Vec<usize> = analysed
                .iter()
                .filter(|c| c.legal && (!danger || c.my_four || c.their_four))
                .take(WIDTH)
                .map(|c| c.index)
                .collect();
            if moves.is_empty() && !danger {
                return 0;
            }
            moves
        }
        // The one block, if we may play it; a forced move costs no depth.
        [b] if pos.legal(*b, me) => {
            if ply >= MAX_PLY {
                return evaluate(pos);
            }
            pos.play(*b);
            let score = -negamax(pos, clock, depth, -beta, -alpha, ply + 1);
            pos.undo();
            return score;
        }
        _ => return -(WIN - ply - 1),
    };
    if moves.is_empty() {
        // Nothing stops the opponent's threat.
        return -(WIN - ply - 3);
    }
    let mut best = -WIN - 1;
    for m in moves {
        pos.play(m);
        let score = -negamax(pos, clock, depth - 1, -beta, -alpha, ply + 1);
        pos.undo();
        if clock.stopped() {
            return 0;
        }
        if score > best {
            best = score;
        }
        if score > alpha {
            alpha = score;
            if alpha >= beta {
                break;
            }
        }
    }
    best
}

/// Whether our move `i` leaves two points that each complete a five (the opponent, who
/// has no five of its own here, can block only one).
fn unstoppable(pos: &mut Position, i: usize) -> bool {
    let me = pos.to_move();
    pos.play(i);
    let fives = pos
        .candidates()
        .into_iter()
        .filter(|&q| pos.makes_five(q, me))
        .take(2)
        .count();
    pos.undo();
    fives >= 2
}

#[cfg(test)]
mod tests {
    use super::super::tests::position;
    use super::*;
    use arbiter_rules::gomoku::{Point, Rule, Stone};

    #[test]
    fn ordering_puts_the_winning_and_blocking_points_first() {
        let pos = position(
            Rule::FREESTYLE,
            Stone::Black,
            "
            . . . . . . . . .
            . . . . . . . . .
            . X X X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . O O O O .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        );
        let ordered = order(&pos, &pos.candidates());
        let top: Vec<Point> = ordered.iter().take(2).map(|&(i, _)| pos.point(i)).collect();
        assert!(
            top.contains(&Point::new(3, 5)) || top.contains(&Point::new(8, 5)),
            "{top:?}"
        );
    }

    #[test]
    fn sees_a_win_two_moves_ahead() {
        // Black to move makes an open four (0,2 .. or 4,2) and wins.
        let mut pos = position(
            Rule::FREESTYLE,
            Stone::Black,
            "
            . . . . . . . . . .
            . . . . . . . . . .
            . . X X X . . . . .
            . . . . . . . . . .
            . . . . . O . . . .
            . . . . . . O . . .
            . . . . . . . . . .
            . . . . . . . . . .
            . . . . . . . . . .
            . . . . . . . . . .
            ",
        );
        let ordered = order(&pos, &pos.candidates());
        let mut clock = Clock::unlimited();
        clock.node_limit = 50_000;
        let (m, score, _) = search(&mut pos, &ordered, &mut clock, &mut |_| {}).unwrap();
        assert!(score >= WIN - 10, "{score}");
        assert!([Point::new(1, 2), Point::new(5, 2)].contains(&pos.point(m)));
    }
}
