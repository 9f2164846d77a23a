//! Property test over the protocol: random legal positions sent with `BOARD`, under every
//! rule bitmask and several board shapes; the reply must be a legal move that takes an
//! available five and otherwise blocks the opponent's. The rules library is the judge.

mod common;

use std::time::Duration;

use arbiter_rules::gomoku::{Board, BoardSize, Point, Rule, Stone};
use common::{Engine, point};
use proptest::prelude::*;

fn arb_game() -> impl Strategy<Value = (BoardSize, u32, Vec<(u8, u8)>, u64)> {
    let size = prop_oneof![
        Just(BoardSize::square(15).unwrap()),
        Just(BoardSize::square(20).unwrap()),
        (5u32..=12).prop_map(|n| BoardSize::square(n).unwrap()),
        (5u32..=20, 5u32..=20).prop_map(|(w, h)| BoardSize::rect(w, h).unwrap()),
    ];
    (
        size,
        0u32..8,
        proptest::collection::vec((0u8..20, 0u8..20), 0..50),
        prop_oneof![Just(0u64), Just(150u64)],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn replies_to_board_are_legal((size, bits, points, turn) in arb_game()) {
        let rule = Rule::from_bitmask(bits).unwrap();
        let mut board = Board::new(size);
        let mut order = Vec::new();
        let mut next = Stone::Black;
        for (x, y) in points {
            if board.stones() * 3 >= size.area() * 2 {
                break;
            }
            let p = Point::new(x % size.width(), y % size.height());
            if board.place(p, next).is_ok() {
                order.push((p, next));
                next = next.opponent();
            }
        }
        let me = next;
        let mut e = Engine::spawn();
        e.send(&format!("INFO timeout_turn {turn}"));
        e.send(&format!("INFO rule {bits}"));
        if size.is_square() {
            e.send(&format!("START {}", size.width()));
        } else {
            e.send(&format!("RECTSTART {},{}", size.width(), size.height()));
        }
        prop_assert_eq!(e.reply(Duration::from_secs(3)), "OK");
        e.send("BOARD");
        // In move order, as renju requires (gomocup-r53).
        for (p, stone) in &order {
            e.send(&format!("{},{},{}", p.x, p.y, if *stone == me { 1 } else { 2 }));
        }
        e.send("DONE");
        let reply = e.reply(Duration::from_secs(5));
        if board.empty_points().all(|q| board.is_legal_move(q, me, rule).is_err()) {
            prop_assert!(reply.starts_with("ERROR"), "{}", reply);
            return Ok(());
        }
        let (x, y) = point(&reply);
        let p = Point::new(u8::try_from(x).unwrap_or(255), u8::try_from(y).unwrap_or(255));
        prop_assert!(board.is_legal_move(p, me, rule).is_ok(), "illegal {p} for {me}\n{board}");
        let wins: Vec<Point> = board.empty_points().filter(|&q| board.five_at(q, me, rule)).collect();
        let threats: Vec<Point> =
            board.empty_points().filter(|&q| board.five_at(q, me.opponent(), rule)).collect();
        if !wins.is_empty() {
            prop_assert!(wins.contains(&p), "missed five {wins:?}, played {p}\n{board}");
        } else if threats.iter().any(|&q| board.is_legal_move(q, me, rule).is_ok()) {
            prop_assert!(threats.contains(&p), "no block of {threats:?}, played {p}\n{board}");
        }
    }
}
