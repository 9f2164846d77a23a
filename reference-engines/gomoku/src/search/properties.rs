use super::*;
use arbiter_rules::gomoku::{Board, BoardSize, Rule, Stone};
use proptest::prelude::*;

/// A random position: a board (square or rectangular), a rule (any Gomocup bitmask),
/// alternating stones dropped on random points, and the side to move.
fn arb_position() -> impl Strategy<Value = (Board, Rule, Stone)> {
    let size = prop_oneof![
        (5u32..=20).prop_map(|n| BoardSize::square(n).unwrap()),
        (5u32..=20, 5u32..=20).prop_map(|(w, h)| BoardSize::rect(w, h).unwrap()),
    ];
    (
        size,
        0u32..8,
        proptest::collection::vec((0u8..20, 0u8..20), 0..60),
    )
        .prop_map(|(size, bits, points)| {
            let rule = Rule::from_bitmask(bits).unwrap();
            let mut board = Board::new(size);
            let mut next = Stone::Black;
            for (x, y) in points {
                // Leave room to move: never fill more than two thirds of the board.
                if board.stones() * 3 >= size.area() * 2 {
                    break;
                }
                if board
                    .place(Point::new(x % size.width(), y % size.height()), next)
                    .is_ok()
                {
                    next = next.opponent();
                }
            }
            (board, rule, next)
        })
}

/// A random position with four stones of one colour planted in a row (gaps allowed),
/// so that fives to take and fours to block come up in most cases.
fn arb_threat_position() -> impl Strategy<Value = (Board, Rule, Stone)> {
    (
        arb_position(),
        any::<bool>(),
        0usize..4,
        any::<u16>(),
        0u8..5,
    )
        .prop_map(|((mut board, rule, me), mine, dir, at, gap)| {
            let size = board.size();
            let (dx, dy) = [(1i32, 0i32), (0, 1), (1, 1), (1, -1)][dir];
            let start = size.points().nth(usize::from(at) % size.area()).unwrap();
            let stone = if mine { me } else { me.opponent() };
            let line: Option<Vec<Point>> = (0..5)
                .filter(|&k| k != i32::from(gap))
                .map(|k| {
                    let (x, y) = (i32::from(start.x) + dx * k, i32::from(start.y) + dy * k);
                    let p = Point::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?);
                    (size.contains(p) && board.get(p).is_none()).then_some(p)
                })
                .collect();
            for p in line.unwrap_or_default() {
                let _ = board.place(p, stone);
            }
            (board, rule, me)
        })
}

fn choose(board: &Board, rule: Rule, me: Stone, ms: u64) -> Option<Outcome> {
    let pos = Position::from_board(board, &[], rule, me);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        budget: Some(Duration::from_millis(ms)),
        restrict: None,
    };
    think(pos, &limits, &stop, &mut |_| {})
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_reply_is_legal_wins_and_blocks(
        (board, rule, me) in prop_oneof![arb_position(), arb_threat_position()],
        ms in prop_oneof![Just(0u64), Just(3u64)],
    ) {
        let Some(o) = choose(&board, rule, me, ms) else {
            // No move only when no empty point is legal.
            prop_assert!(board.empty_points().all(|p| board.is_legal_move(p, me, rule).is_err()));
            return Ok(());
        };
        let p = o.best;
        prop_assert!(board.is_legal_move(p, me, rule).is_ok(), "illegal {p} ({o:?})\n{board}");
        let wins: Vec<Point> = board.empty_points().filter(|&q| board.five_at(q, me, rule)).collect();
        let threats: Vec<Point> = board
            .empty_points()
            .filter(|&q| board.five_at(q, me.opponent(), rule))
            .collect();
        if !wins.is_empty() {
            prop_assert!(wins.contains(&p), "missed the five at {wins:?}, played {p}\n{board}");
        } else if threats.iter().any(|&q| board.is_legal_move(q, me, rule).is_ok()) {
            prop_assert!(threats.contains(&p), "did not block {threats:?}, played {p}\n{board}");
        }
    }
}
