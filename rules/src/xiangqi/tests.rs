//! Movement rules, one piece at a time, on small hand-built positions.

use super::*;

fn legal(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).unwrap();
    let mut moves: Vec<String> = pos
        .legal_moves()
        .as_slice()
        .iter()
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    moves
}

fn moves_from(fen: &str, from: &str) -> Vec<String> {
    legal(fen)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

#[test]
fn start_position_has_44_moves() {
    assert_eq!(Position::startpos().legal_moves().len(), 44);
}

#[test]
fn horse_is_blocked_by_its_leg() {
    // Red horse on b0 with its upward leg b1 occupied by a red rook: only the sideways jump is left.
    let fen = "3k5/9/9/9/9/9/9/9/1R7/1N2K4 w";
    assert_eq!(moves_from(fen, "b0"), ["b0d1"]);
}

#[test]
fn elephant_is_blocked_by_its_eye_and_stops_at_the_river() {
    let fen = "5k3/9/9/9/9/9/9/9/3R5/2B1K4 w";
    // c0 -> e2 is blocked by the rook on d1; c0 -> a2 is free.
    assert_eq!(moves_from(fen, "c0"), ["c0a2"]);
    let fen = "5k3/9/9/9/9/2B6/9/9/9/4K4 w";
    // From c4 the elephant may go back to a2 or e2, never over the river to a6/e6.
    assert_eq!(moves_from(fen, "c4"), ["c4a2", "c4e2"]);
}

#[test]
fn cannon_needs_exactly_one_screen_to_capture() {
    // Red cannon e2, screen e5 (red pawn), black rook e7 capturable, black king off the file.
    let fen = "3k5/9/4r4/9/4P4/9/9/4C4/9/4K4 w";
    let moves = moves_from(fen, "e2");
    assert!(moves.contains(&"e2e7".to_owned()));
    assert!(
        !moves.contains(&"e2e5".to_owned()),
        "cannot capture own piece"
    );
    assert!(
        !moves.contains(&"e2e6".to_owned()),
        "cannot pass the screen without capturing"
    );
    assert!(
        !moves.contains(&"e2e8".to_owned()),
        "captures only the first piece beyond"
    );
}

#[test]
fn pawn_moves_sideways_only_after_the_river() {
    let fen = "5k3/9/9/9/9/9/4P4/9/9/3K5 w";
    assert_eq!(moves_from(fen, "e3"), ["e3e4"]);
    let fen = "5k3/9/9/9/4P4/9/9/9/9/3K5 w";
    assert_eq!(moves_from(fen, "e5"), ["e5d5", "e5e6", "e5f5"]);
}

#[test]
fn kings_may_not_face_each_other() {
    // Red king d0, black king e9: moving to e0 would face the black king on the open e-file.
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w";
    assert_eq!(moves_from(fen, "d0"), ["d0d1"]);
    // The only piece between the kings is pinned to the file: a horse there cannot move at all.
    let fen = "4k4/9/9/9/4N4/9/9/9/9/4K4 w";
    assert!(moves_from(fen, "e5").is_empty());
}

#[test]
fn moving_a_piece_onto_the_kings_file_can_give_a_cannon_its_screen() {
    // Black cannon e9 faces the red king e0 over an empty file: no check. The red rook on a4 must
    // not step onto e4, which would become the cannon's screen and check its own king.
    let fen = "3kc4/9/9/9/9/R8/9/9/9/4K4 w";
    let rook = moves_from(fen, "a4");
    assert!(!rook.contains(&"a4e4".to_owned()));
    assert!(rook.contains(&"a4d4".to_owned()));
}

#[test]
fn checkmate_and_no_move_positions_have_no_moves() {
    let mated = Position::from_fen("3k5/4R4/3R5/9/9/9/9/9/9/4K4 b").unwrap();
    assert!(mated.is_check());
    assert_eq!(
        mated.status(),
        GameStatus::Checkmate {
            winner: Side::First
        }
    );
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let pos = Position::startpos();
    let err = |t: &str| pos.parse_move(t).unwrap_err().to_string();
    assert_eq!(err("e5e6"), "e5e6 is illegal: there is no piece on e5");
    assert_eq!(
        err("a6a5"),
        "a6a5 is illegal: the piece on a6 belongs to the side not to move"
    );
    assert_eq!(
        err("h2h8"),
        "h2h8 is illegal: the piece cannot move that way"
    );
    assert_eq!(
        err("b0b2"),
        "b0b2 is illegal: the piece cannot move that way"
    );
    assert!(err("z9a0").contains("no point"));
    let pinned = Position::from_fen("4k4/9/9/9/4N4/9/9/9/9/4K4 w").unwrap();
    assert_eq!(
        pinned.parse_move("e5d7").unwrap_err().to_string(),
        "e5d7 is illegal: it leaves its own king in check (or facing the other king)"
    );
}

#[test]
fn make_and_unmake_restore_the_position_and_hash() {
    let mut pos = Position::startpos();
    let before = (pos.fen(), pos.hash());
    for mv in pos.clone().legal_moves().as_slice() {
        let undo = pos.make(*mv);
        assert_ne!(pos.hash(), before.1);
        pos.unmake(*mv, undo);
        assert_eq!((pos.fen(), pos.hash()), before);
    }
}

#[test]
fn hash_depends_on_the_position_not_the_path() {
    let play = |moves: &[&str]| {
        let mut pos = Position::startpos();
        for m in moves {
            let mv = pos.parse_move(m).unwrap();
            pos.play(mv);
        }
        pos
    };
    let a = play(&["h2e2", "h9g7", "b0c2"]);
    let b = play(&["b0c2", "h9g7", "h2e2"]);
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.hash(), Position::from_fen(&a.fen()).unwrap().hash());
}

#[test]
fn the_overview_texts_position_cases_follow_from_their_moves() {
    // ucci-r14: after h2e2 h7e7 e2e6 the board is the FEN the text sends for case 4.
    let mut pos = Position::startpos();
    for m in ["h2e2", "h7e7", "e2e6"] {
        let mv = pos.parse_move(m).unwrap();
        pos.play(mv);
    }
    assert_eq!(
        pos.fen(),
        "rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2"
    );
}

#[test]
fn capture_generator_keeps_exactly_the_legal_captures() {
    // Positions with captures available, including one in check (only evasions count).
    for fen in [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2",
        "3k5/9/4r4/9/4P4/9/9/4C4/9/4K4 w",
        "4k4/4r4/9/9/9/9/9/4R4/4n4/3K5 w",
    ] {
        let mut pos = Position::from_fen(fen).unwrap();
        let expected: Vec<Move> = pos
            .legal_moves()
            .as_slice()
            .iter()
            .copied()
            .filter(|mv| pos.piece_at(mv.to).is_some())
            .collect();
        let mut captures = MoveList::new();
        pos.generate_legal_captures(&mut captures);
        assert_eq!(captures.as_slice(), expected.as_slice(), "{fen}");
        assert!(
            !expected.is_empty(),
            "{fen}: the test wants positions with captures"
        );
    }
}

#[test]
fn null_move_and_make_unmake_restore_the_position() {
    let mut pos = Position::startpos();
    let before = pos.clone();
    pos.make_null();
    assert_eq!(pos.turn(), Color::Black);
    assert_ne!(pos.hash(), before.hash());
    pos.unmake_null();
    assert_eq!(pos, before);
    assert_eq!(pos.hash(), before.hash());
    let mv = pos.parse_move("h2e2").unwrap();
    let undo = pos.make(mv);
    assert_ne!(pos, before);
    pos.unmake(mv, undo);
    assert_eq!(pos, before);
    assert_eq!(pos.hash(), before.hash());
}

#[test]
fn only_rooks_horses_cannons_and_pawns_cross_the_river() {
    let crossing = |fen: &str| Position::from_fen(fen).unwrap().has_crossing_piece();
    // Bare kings, kings with advisors, kings with advisors and elephants: no side can mate.
    assert!(!crossing("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1"));
    assert!(!crossing("3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"));
    assert!(!crossing("2bak4/4a4/4b4/9/9/9/9/4B4/4A4/2BAK4 w - - 0 1"));
    // One rook, horse, cannon or pawn of either side, anywhere, and it can.
    assert!(crossing("3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1"));
    assert!(crossing("3k5/9/9/9/9/9/9/9/9/4nK3 w - - 0 1"));
    assert!(crossing("3k5/9/9/9/9/9/9/9/9/C4K3 w - - 0 1"));
    assert!(crossing("P2k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1"));
    assert!(Position::startpos().has_crossing_piece());
}
