//! Perft suites from `tests/data/*.perft`: every case must match its published count.
//!
//! `cargo test` runs every count up to [`QUICK_NODES`] so the suite stays fast on a 2-core CI
//! machine; `cargo test --workspace --test perft -- --ignored` runs every count, however deep
//! (about 3 s: the tests' build optimises this crate and shakmaty, so CI runs these rows from
//! the build the test command made).

use arbiter_rules::Game;
use arbiter_rules::chess::ChessPosition;
use arbiter_rules::xiangqi::Position;

const QUICK_NODES: u64 = 5_000_000;

struct Case {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Reads `id NAME`, `fen FEN` and `perft DEPTH NODES` lines; `#` starts a comment line.
fn read_suite(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "" | "#" => {}
            _ if key.starts_with('#') => {}
            "id" => cases.push(Case {
                id: value.to_owned(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "fen" => cases.last_mut().expect("fen before id").fen = value.to_owned(),
            "perft" => {
                let (depth, nodes) = value.split_once(' ').expect("perft DEPTH NODES");
                let count = (depth.parse().unwrap(), nodes.parse().unwrap());
                cases
                    .last_mut()
                    .expect("perft before id")
                    .counts
                    .push(count);
            }
            _ => panic!("line {}: unknown key {key:?}", number + 1),
        }
    }
    cases
}

fn run_suite<G: Game>(text: &str, max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in read_suite(text) {
        let position = G::from_fen(&case.fen)
            .unwrap_or_else(|err| panic!("{}: {} does not parse: {err}", case.id, case.fen));
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= max_nodes) {
            assert_eq!(
                position.perft(depth),
                expected,
                "{} perft {depth} of {}",
                case.id,
                case.fen
            );
            checked += 1;
        }
    }
    checked
}

const XIANGQI: &str = include_str!("data/xiangqi.perft");
const CHESS: &str = include_str!("data/chess.perft");

#[test]
fn xiangqi_suite_quick() {
    assert_eq!(run_suite::<Position>(XIANGQI, QUICK_NODES), 90);
}

#[test]
fn chess_suite_quick() {
    assert_eq!(run_suite::<ChessPosition>(CHESS, QUICK_NODES), 26);
}

#[test]
#[ignore = "deep counts: run with -- --ignored"]
fn xiangqi_suite_full() {
    assert_eq!(run_suite::<Position>(XIANGQI, u64::MAX), 90);
}

#[test]
#[ignore = "deep counts: run with -- --ignored"]
fn chess_suite_full() {
    assert_eq!(run_suite::<ChessPosition>(CHESS, u64::MAX), 30);
}
