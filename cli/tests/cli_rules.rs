//! End-to-end tests of `arbiter perft` and `arbiter legal`: the exact output forms users' scripts
//! rely on, and exit status 2 with a clear message for bad input.

use crate::common;

use common::{arbiter, stdout_of as stdout};
use predicates::prelude::*;

#[test]
fn xiangqi_perft_prints_one_line_per_move_then_the_total() {
    let text = stdout(&["perft", "xiangqi", "--depth", "2"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 45);
    assert_eq!(lines[44], "nodes 1920");
    // Sorted by move, each `move: count`, the counts adding up to the total.
    let moves: Vec<&str> = lines[..44]
        .iter()
        .map(|l| l.split(": ").next().unwrap())
        .collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    let sum: u64 = lines[..44]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1920);
    insta::assert_snapshot!("xiangqi_perft_2", text);
}

#[test]
fn chess_perft_from_a_fen() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let text = stdout(&["perft", "chess", "--fen", kiwipete, "--depth", "3"]);
    assert_eq!(text.lines().count(), 49);
    assert!(text.ends_with("nodes 97862\n"));
    assert!(
        text.contains("e1g1: 2059\n"),
        "castling is written as the king's move"
    );
}

#[test]
fn perft_depth_zero_is_one_node() {
    assert_eq!(stdout(&["perft", "xiangqi", "--depth", "0"]), "nodes 1\n");
}

#[test]
fn legal_prints_sorted_moves_on_one_line() {
    assert_eq!(
        stdout(&["legal", "chess"]),
        "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4\n"
    );
    let xiangqi = stdout(&["legal", "xiangqi"]);
    assert_eq!(xiangqi.split(' ').count(), 44);
    assert!(xiangqi.starts_with("a0a1 a0a2 a3a4 b0a2 b0c2 b2a2 "));
}

#[test]
fn legal_writes_promotions_with_the_piece_letter() {
    let text = stdout(&["legal", "chess", "--fen", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"]);
    for promotion in ["e7e8q", "e7e8r", "e7e8b", "e7e8n"] {
        assert!(
            text.split_whitespace().any(|m| m == promotion),
            "{promotion} in {text}"
        );
    }
}

#[test]
fn a_side_without_moves_gets_an_empty_line() {
    // Black is checkmated: the rook on d7 checks, the rook on e8 and the red king guard e9 and d8.
    assert_eq!(
        stdout(&["legal", "xiangqi", "--fen", "3k5/4R4/3R5/9/9/9/9/9/9/4K4 b"]),
        "\n"
    );
}

#[test]
fn malformed_fen_is_exit_2_with_the_reason() {
    arbiter()
        .args([
            "perft",
            "xiangqi",
            "--depth",
            "1",
            "--fen",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C6c1/9/RNBAKABNR w",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: FEN rank 2 has 10 files, expected 9\n");
    arbiter()
        .args(["legal", "xiangqi", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "illegal setup: black is not to move but is in check",
        ));
    arbiter()
        .args([
            "legal",
            "chess",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: "));
    arbiter()
        .args(["legal", "chess", "--fen", "8/8/8/8/8/8/8/K7 w - - 0 1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("illegal setup"));
}

#[test]
fn usage_errors_are_exit_2() {
    arbiter()
        .args(["perft", "go", "--depth", "1"])
        .assert()
        .code(2);
    arbiter().args(["perft", "xiangqi"]).assert().code(2);
    arbiter()
        .args(["perft", "xiangqi", "--depth", "-1"])
        .assert()
        .code(2);
}
