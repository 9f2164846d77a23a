//! Renju's forbidden points checked against a direct, slow transcription of the RIF
//! definitions, on hand-made positions and on random boards rich in black stones.

use proptest::prelude::*;

use super::super::testing::{arb_board, diagram};
use super::super::{BoardSize, IllegalMove, Rule};
use super::*;

/// A direct, slow transcription of the RIF definitions on the 2-D board, sharing nothing
/// with the windowed search except `Board::run`: every point of the line is tried as a
/// completion, and every direction is checked for a three without pruning.
fn reference(b: &Board, p0: Point) -> Option<Forbidden> {
    if !b.size().contains(p0) || b.get(p0).is_some() {
        return None;
    }
    let mut b = b.clone();
    b.place(p0, Stone::Black).unwrap();
    let len = |b: &Board, q: Point, d: Direction| {
        let (back, fwd) = b.run(q, d, Stone::Black);
        (
            usize::from(back) + usize::from(fwd) + 1,
            i32::from(back),
            i32::from(fwd),
        )
    };
    let lens = Direction::ALL.map(|d| len(&b, p0, d).0);
    if lens.contains(&5) {
        return None;
    }
    if lens.iter().any(|&n| n > 5) {
        return Some(Forbidden::Overline);
    }
    // Points of the line through p0 along d, with their step offsets from p0.
    let line = |b: &Board, d: Direction| -> Vec<(i32, Point)> {
        let (dx, dy) = d.step();
        (-32..=32)
            .filter_map(|k| {
                p0.offset(dx, dy, k)
                    .filter(|&q| b.size().contains(q))
                    .map(|q| (k, q))
            })
            .collect()
    };
    let mut fours = 0;
    for d in Direction::ALL {
        let mut sets: Vec<Vec<i32>> = Vec::new();
        for (k, q) in line(&b, d) {
            if b.get(q).is_some() {
                continue;
            }
            let mut b2 = b.clone();
            b2.place(q, Stone::Black).unwrap();
            let (n, back, fwd) = len(&b2, q, d);
            if n == 5 && k - back <= 0 && 0 <= k + fwd {
                let set: Vec<i32> = (k - back..=k + fwd).filter(|&j| j != k).collect();
                if !sets.contains(&set) {
                    sets.push(set);
                }
            }
        }
        fours += sets.len();
    }
    if fours >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    let mut threes = 0;
    for d in Direction::ALL {
        let (dx, dy) = d.step();
        let is_three = line(&b, d).into_iter().any(|(k, q)| {
            if b.get(q).is_some() {
                return false;
            }
            let mut b2 = b.clone();
            b2.place(q, Stone::Black).unwrap();
            let (n, back, fwd) = len(&b2, p0, d);
            if n != 4 || !(-back..=fwd).contains(&k) {
                return false;
            }
            let completes_five = |e: i32| {
                let Some(e) = p0.offset(dx, dy, e).filter(|&e| b2.size().contains(e)) else {
                    return false;
                };
                if b2.get(e).is_some() {
                    return false;
                }
                let mut b3 = b2.clone();
                b3.place(e, Stone::Black).unwrap();
                len(&b3, e, d).0 == 5
            };
            completes_five(-back - 1) && completes_five(fwd + 1) && reference(&b, q).is_none()
        });
        threes += usize::from(is_three);
    }
    if threes >= 2 {
        return Some(Forbidden::DoubleThree);
    }
    None
}

#[test]
fn reference_agrees_on_the_hand_made_positions() {
    // Guards the reference itself: it must reproduce the hand verdicts before it is trusted
    // to judge random positions.
    let (b, m) = diagram(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . X . X . . . . . . .
        . . . . X X . X . . . . . . .
        . . . . X g X a . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
    assert_eq!(reference(&b, m['a']), None);
    let mut after = b.clone();
    after.place(m['a'], Stone::Black).unwrap();
    assert_eq!(reference(&after, m['g']), Some(Forbidden::DoubleThree));
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . X . X a X . X .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(reference(&b, m['a']), Some(Forbidden::DoubleFour));
}

/// Boards rich in black, where forbidden shapes are common: the interesting case for renju.
fn arb_renju_board() -> impl Strategy<Value = Board> {
    let size = (9u32..=15, 9u32..=15).prop_map(|(w, h)| BoardSize::rect(w, h).unwrap());
    (size, 10u32..=45, 55u32..=90).prop_flat_map(|(size, fill, black_share)| {
        proptest::collection::vec(0u32..10_000, size.area()).prop_map(move |rolls| {
            let mut b = Board::new(size);
            for (q, roll) in size.points().zip(rolls) {
                if roll % 100 < fill {
                    let s = if roll / 100 < black_share {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    b.place(q, s).unwrap();
                }
            }
            b
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The fast search gives the same verdict as the plain transcription of the rules.
    #[test]
    fn matches_the_reference(board in arb_renju_board()) {
        for q in board.empty_points() {
            prop_assert_eq!(board.forbidden(q), reference(&board, q), "at {}\n{}", q, board);
        }
    }
}

proptest! {
    /// Never panics, on any board of any size, and only ever forbids empty points.
    #[test]
    fn forbidden_only_for_empty_points(board in arb_board(), seed in any::<u64>()) {
        // Every point of small boards; a stride through large ones keeps the run short.
        let stride = 1 + (board.size().area() / 256) + (seed % 3) as usize;
        for q in board.size().points().skip((seed % 7) as usize).step_by(stride) {
            if board.forbidden(q).is_some() {
                prop_assert!(board.get(q).is_none());
            }
        }
        prop_assert_eq!(board.forbidden(Point::new(board.size().width(), 0)), None);
    }

    /// A point where black makes an exact five is never forbidden.
    #[test]
    fn exact_five_is_never_forbidden(board in arb_renju_board()) {
        for q in board.empty_points() {
            if board.five_at(q, Stone::Black, Rule::RENJU) {
                prop_assert_eq!(board.forbidden(q), None, "at {}\n{}", q, board);
            }
        }
    }

    /// `is_legal_move` reports exactly the forbidden points, for black under renju only.
    #[test]
    fn legality_matches_forbidden(board in arb_renju_board(), bits in 0u32..8) {
        let rule = Rule::from_bitmask(bits).unwrap();
        for q in board.empty_points() {
            let f = board.forbidden(q);
            let black = board.is_legal_move(q, Stone::Black, rule);
            match f {
                Some(reason) if rule.renju => {
                    prop_assert_eq!(black, Err(IllegalMove::Forbidden { point: q, reason }));
                }
                _ => prop_assert_eq!(black, Ok(())),
            }
            prop_assert_eq!(board.is_legal_move(q, Stone::White, rule), Ok(()));
        }
    }

    /// The search leaves no trace: the board it read is unchanged, and asking twice agrees.
    #[test]
    fn forbidden_is_pure(board in arb_renju_board()) {
        let before = board.clone();
        let first: Vec<_> = board.empty_points().map(|q| board.forbidden(q)).collect();
        let second: Vec<_> = board.empty_points().map(|q| board.forbidden(q)).collect();
        prop_assert_eq!(first, second);
        prop_assert_eq!(board, before);
    }
}
