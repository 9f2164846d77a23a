//! Threat-space search: wins by continuous fours (VCF) and by threes and fours (VCT).
//!
//! Both searches play only forcing moves for the attacker, so the defender's replies are few:
//! after a four the one completing point (or none, if it is forbidden for black under
//! renju), after an open three the points that stop it becoming a four plus the
//! defender's own fours. Every five, block and forbidden point is checked on the real
//! position; the pattern table only proposes moves.

use super::Clock;
use super::patterns::{self, DOUBLE_FOUR_VALUE};
use super::position::Position;

/// Attacker moves tried per VCT node, best first: the search is exponential in this.
const VCT_WIDTH: usize = 10;
/// Depth of the VCF run at each VCT node.
const VCF_IN_VCT: u32 = 8;

/// A win by continuous fours for the side to move: the moves of both sides, attacker
/// first, ending with the five. `depth` caps the attacker's fours.
pub fn vcf(pos: &mut Position, clock: &mut Clock, depth: u32) -> Option<Vec<usize>> {
    if clock.tick() {
        return None;
    }
    let me = pos.to_move();
    let opp = me.opponent();
    let candidates = pos.candidates();
    if let Some(&w) = candidates.iter().find(|&&i| pos.makes_five(i, me)) {
        return Some(vec![w]);
    }
    if depth == 0 {
        return None;
    }
    let opp_fives: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&i| pos.makes_five(i, opp))
        .collect();
    let mut moves: Vec<(usize, i32)> = match opp_fives.as_slice() {
        // The defender has a five ready: only a block that is itself a four keeps the VCF.
        [b] if pos.legal(*b, me) && patterns::is_four(&pos.shapes(*b, me)) => vec![(*b, 0)],
        [] => candidates
            .iter()
            .filter_map(|&i| {
                let shapes = pos.shapes(i, me);
                (patterns::is_four(&shapes) && pos.legal(i, me))
                    .then(|| (i, patterns::move_value(shapes)))
            })
            .collect(),
        _ => return None,
    };
    moves.sort_by_key(|&(_, v)| -v);
    for (m, _) in moves {
        pos.play(m);
        let found = after_four(pos, clock, depth, m);
        pos.undo();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The defender's answer to the attacker's four `m` (just played), then the rest of the VCF.
fn after_four(pos: &mut Position, clock: &mut Clock, depth: u32, m: usize) -> Option<Vec<usize>> {
    let defender = pos.to_move();
    let attacker = defender.opponent();
    let candidates = pos.candidates();
    if candidates.iter().any(|&i| pos.makes_five(i, defender)) {
        return None;
    }
    let completions: Vec<usize> = candidates
        .into_iter()
        .filter(|&i| pos.makes_five(i, attacker))
        .collect();
    match completions.as_slice() {
        [] => None,
        [b] if pos.legal(*b, defender) => {
            pos.play(*b);
            let rest = vcf(pos, clock, depth - 1);
            pos.undo();
            rest.map(|rest| [vec![m, *b], rest].concat())
        }
        // Two completions, or one the defender (black under renju) may not block.
        _ => Some(vec![m, completions[0]]),
    }
}

/// The first move of a win by threes and fours for the side to move, if one is found
/// within `depth` attacking moves.
pub fn vct(pos: &mut Position, clock: &mut Clock, depth: u32) -> Option<usize> {
    let me = pos.to_move();
    for (m, _) in attacking_moves(pos) {
        if clock.tick() {
            return None;
        }
        pos.play(m);
        let wins = defend(pos, clock, depth.saturating_sub(1));
        pos.undo();
        if wins && !clock.stopped() {
            debug_assert_eq!(pos.to_move(), me);
            return Some(m);
        }
    }
    None
}

/// The attacker's threes and fours, best first, at most `VCT_WIDTH`; or the single forced
/// block if the defender threatens five and the block is itself a threat.
fn attacking_moves(pos: &Position) -> Vec<(usize, i32)> {
    let me = pos.to_move();
    let opp = me.opponent();
    let candidates = pos.candidates();
    let opp_fives: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&i| pos.makes_five(i, opp))
        .collect();
    let mut moves: Vec<(usize, i32)> = candidates
        .iter()
        .copied()
        .filter(|i| opp_fives.is_empty() || opp_fives == [*i])
        .filter_map(|i| {
            let shapes = pos.shapes(i, me);
            (patterns::is_three_or_four(&shapes) && pos.legal(i, me))
                .then(|| (i, patterns::move_value(shapes)))
        })
        .collect();
    moves.sort_by_key(|&(_, v)| -v);
    moves.truncate(VCT_WIDTH);
    moves
}

/// Attacker to move: whether it wins by threats within `depth` more attacking moves.
fn attack(pos: &mut Position, clock: &mut Clock, depth: u32) -> bool {
    if clock.tick() {
        return false;
    }
    let me = pos.to_move();
    if pos.candidates().iter().any(|&i| pos.makes_five(i, me)) {
        return true;
    }
    if vcf(pos, clock, VCF_IN_VCT).is_some() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    for (m, _) in attacking_moves(pos) {
        pos.play(m);
        let wins = defend(pos, clock, depth - 1);
        pos.undo();
        if wins {
            return true;
        }
        if clock.stopped() {
            return false;
        }
    }
    false
}

/// Defender to move after an attacking move: whether the attacker wins whatever it does.
fn defend(pos: &mut Position, clock: &mut Clock, depth: u32) -> bool {
    if clock.tick() {
        return false;
    }
    let defender = pos.to_move();
    let attacker = defender.opponent();
    let candidates = pos.candidates();
    if candidates.iter().any(|&i| pos.makes_five(i, defender)) {
        return false;
    }
    let fives: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&i| pos.makes_five(i, attacker))
        .collect();
    match fives.as_slice() {
        [] => {}
        [b] if pos.legal(*b, defender) => {
            pos.play(*b);
            let wins = attack(pos, clock, depth);
            pos.undo();
            return wins;
        }
        _ => return true,
    }
    // No four: the attacking move was a three. It is a threat only if the attacker now
    // has a move making an open four (or two fours).
    let threat = candidates.iter().any(|&i| {
        pos.is_empty(i)
            && patterns::move_value(pos.shapes(i, attacker)) >= DOUBLE_FOUR_VALUE
            && pos.legal(i, attacker)
    });
    if !threat {
        return false;
    }
    // Defences: every point where the attacker would make a four (this covers all ways of
    // stopping the three) and every four of the defender's own (a counter-attack).
    let defences: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&i| {
            (patterns::is_four(&pos.shapes(i, attacker))
                || patterns::is_four(&pos.shapes(i, defender)))
                && pos.legal(i, defender)
        })
        .collect();
    for d in defences {
        pos.play(d);
        let wins = attack(pos, clock, depth);
        pos.undo();
        if !wins {
            return false;
        }
    }
    !clock.stopped()
}

#[cfg(test)]
mod tests {
    use super::super::tests::position;
    use super::*;
    use arbiter_rules::gomoku::{Point, Rule, Stone};

    #[test]
    fn finds_a_vcf_of_two_fours() {
        // Black: a broken line and a column that meet; continuous fours win.
        let mut pos = position(
            Rule::FREESTYLE,
            Stone::Black,
            "
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . X . . . . . .
            . . . . X . . . . . .
            . . . . X . . . . . .
            . . O . . . . . . . .
            . . X X . X . O . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            ",
        );
        let mut clock = Clock::unlimited();
        let line = vcf(&mut pos, &mut clock, 10).expect("a VCF");
        assert!(line.len() >= 2);
        // The line is legal and ends in a black five.
        for &m in &line {
            assert!(pos.is_empty(m));
            pos.play(m);
        }
        pos.undo();
        let last = *line.last().unwrap();
        assert!(pos.makes_five(last, Stone::Black));
    }

    #[test]
    fn no_vcf_from_a_quiet_position() {
        let mut pos = position(
            Rule::FREESTYLE,
            Stone::Black,
            "
            . . . . . . . .
            . . . . . . . .
            . . . X O . . .
            . . . O X . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            ",
        );
        let mut clock = Clock::unlimited();
        assert_eq!(vcf(&mut pos, &mut clock, 10), None);
    }

    #[test]
    fn renju_white_wins_where_black_cannot_block() {
        // White's four on 10,6 can only be completed on 6,6, which is a double-four for
        // black: forbidden, so black cannot block and the four alone wins.
        let picture = "
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . X . . . . . .
            . . . . . . X . . . . . .
            . . . . . . X . . . . . .
            . . . X X X . O O O . X .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            ";
        let mut pos = position(Rule::RENJU, Stone::White, picture);
        let gap = pos.index(Point::new(6, 6));
        assert!(!pos.legal(gap, Stone::Black));
        let mut clock = Clock::unlimited();
        assert!(vcf(&mut pos, &mut clock, 4).is_some());
        // Without forbidden points black blocks there and white has nothing more.
        let mut pos = position(Rule::FREESTYLE, Stone::White, picture);
        assert_eq!(vcf(&mut pos, &mut clock, 4), None);
    }

    #[test]
    fn finds_a_vct_with_an_open_three_first() {
        // Black has two open twos crossing: a three-three-ish attack wins by VCT in freestyle.
        let mut pos = position(
            Rule::FREESTYLE,
            Stone::Black,
            "
            . . . . . . . . . . . .
            . . . . . . . . . . . .
            . . . . . . . . . . . .
            . . . . . . . . . . . .
            . . . . X X . . . . . .
            . . . . . . . . . . . .
            . . . . . . X . . . . .
            . . . . . . X . . . . .
            . . . . . . . . . O . .
            . . . . . . . . . . O .
            . . . . . . . . . . . .
            . . . . . . . . . . . .
            ",
        );
        let mut clock = Clock::unlimited();
        assert!(vct(&mut pos, &mut clock, 4).is_some());
    }
}
