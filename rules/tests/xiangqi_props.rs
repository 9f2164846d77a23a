//! Properties of the xiangqi rules on positions reached by random legal play, checked against a
//! slow reference generator that follows the movement rules literally, point by point.

use arbiter_rules::xiangqi::{Color, Kind, Move, Piece, Position, Square};
use proptest::prelude::*;

type Grid = [[Option<Piece>; 9]; 10];

fn grid(pos: &Position) -> Grid {
    let mut g = [[None; 9]; 10];
    for (sq, piece) in pos.pieces() {
        g[sq.rank() as usize][sq.file() as usize] = Some(piece);
    }
    g
}

fn at(g: &Grid, file: i32, rank: i32) -> Option<Piece> {
    g[rank as usize][file as usize]
}

/// Pieces strictly between two points on one line.
fn between(g: &Grid, (f1, r1): (i32, i32), (f2, r2): (i32, i32)) -> usize {
    let (df, dr) = ((f2 - f1).signum(), (r2 - r1).signum());
    let mut count = 0;
    let (mut f, mut r) = (f1 + df, r1 + dr);
    while (f, r) != (f2, r2) {
        count += at(g, f, r).is_some() as usize;
        f += df;
        r += dr;
    }
    count
}

fn in_palace(color: Color, f: i32, r: i32) -> bool {
    (3..=5).contains(&f)
        && match color {
            Color::Red => r <= 2,
            Color::Black => r >= 7,
        }
}

fn own_side(color: Color, r: i32) -> bool {
    match color {
        Color::Red => r <= 4,
        Color::Black => r >= 5,
    }
}

/// Whether the piece on `from` may move to `to` by its own movement rule, ignoring checks.
fn follows_movement_rule(g: &Grid, from: (i32, i32), to: (i32, i32)) -> bool {
    let Some(piece) = at(g, from.0, from.1) else {
        return false;
    };
    if from == to || at(g, to.0, to.1).is_some_and(|p| p.color == piece.color) {
        return false;
    }
    let (df, dr) = (to.0 - from.0, to.1 - from.1);
    let straight = df == 0 || dr == 0;
    match piece.kind {
        Kind::King => df.abs() + dr.abs() == 1 && in_palace(piece.color, to.0, to.1),
        Kind::Advisor => df.abs() == 1 && dr.abs() == 1 && in_palace(piece.color, to.0, to.1),
        Kind::Elephant => {
            df.abs() == 2
                && dr.abs() == 2
                && own_side(piece.color, to.1)
                && at(g, from.0 + df / 2, from.1 + dr / 2).is_none()
        }
        Kind::Horse => {
            let leg = if df.abs() == 2 && dr.abs() == 1 {
                (from.0 + df / 2, from.1)
            } else if df.abs() == 1 && dr.abs() == 2 {
                (from.0, from.1 + dr / 2)
            } else {
                return false;
            };
            at(g, leg.0, leg.1).is_none()
        }
        Kind::Rook => straight && between(g, from, to) == 0,
        Kind::Cannon => {
            straight
                && match at(g, to.0, to.1) {
                    None => between(g, from, to) == 0,
                    Some(_) => between(g, from, to) == 1,
                }
        }
        Kind::Pawn => {
            let forward = if piece.color == Color::Red { 1 } else { -1 };
            (df == 0 && dr == forward)
                || (dr == 0 && df.abs() == 1 && !own_side(piece.color, from.1))
        }
    }
}

/// Whether `color`'s king is attacked: some enemy piece could move onto it, or the kings face
/// each other on an open file.
fn king_attacked(g: &Grid, color: Color) -> bool {
    let mut king = None;
    let mut enemies = Vec::new();
    for r in 0..10 {
        for f in 0..9 {
            match at(g, f, r) {
                Some(p) if p.color == color && p.kind == Kind::King => king = Some((f, r)),
                Some(p) if p.color != color => enemies.push((f, r, p)),
                _ => {}
            }
        }
    }
    let king = king.expect("king on the board");
    enemies.iter().any(|&(f, r, p)| {
        if p.kind == Kind::King {
            f == king.0 && between(g, (f, r), king) == 0
        } else {
            follows_movement_rule(g, (f, r), king)
        }
    })
}

/// Every legal move, found the slow way: every piece to every point, played on a copy.
fn reference_moves(pos: &Position) -> Vec<String> {
    let g = grid(pos);
    let mut moves = Vec::new();
    for from in Square::all() {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        if piece.color != pos.turn() {
            continue;
        }
        for to in Square::all() {
            let (a, b) = (
                (from.file() as i32, from.rank() as i32),
                (to.file() as i32, to.rank() as i32),
            );
            if !follows_movement_rule(&g, a, b) {
                continue;
            }
            let mut after = g;
            after[b.1 as usize][b.0 as usize] = Some(piece);
            after[a.1 as usize][a.0 as usize] = None;
            if !king_attacked(&after, piece.color) {
                moves.push(Move::new(from, to).to_string());
            }
        }
    }
    moves.sort();
    moves
}

fn generated_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .as_slice()
        .iter()
        .map(Move::to_string)
        .collect();
    moves.sort();
    moves
}

/// Plays `choices` as indices into the legal move list, stopping when a side has no move.
fn random_game(choices: &[u16]) -> Vec<Position> {
    let mut pos = Position::startpos();
    let mut seen = vec![pos.clone()];
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves.as_slice()[choice as usize % moves.len()]);
        seen.push(pos.clone());
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generator_matches_the_reference(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        for pos in random_game(&choices) {
            prop_assert_eq!(generated_moves(&pos), reference_moves(&pos), "in {}", pos.fen());
        }
    }

    #[test]
    fn no_generated_move_leaves_the_movers_king_attacked(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        for pos in random_game(&choices) {
            for &mv in pos.legal_moves().as_slice() {
                let mut after = pos.clone();
                after.play(mv);
                prop_assert!(!king_attacked(&grid(&after), pos.turn()), "{} after {mv} in {}", pos.turn(), pos.fen());
            }
        }
    }

    #[test]
    fn fen_round_trips(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        for pos in random_game(&choices) {
            let fen = pos.fen();
            let parsed = Position::from_fen(&fen).unwrap();
            prop_assert_eq!(parsed.fen(), fen);
            prop_assert_eq!(parsed.hash(), pos.hash());
            prop_assert_eq!(&parsed, &pos);
        }
    }

    #[test]
    fn every_legal_move_parses_back_to_itself(choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let pos = random_game(&choices).pop().unwrap();
        for &mv in pos.legal_moves().as_slice() {
            prop_assert_eq!(pos.parse_move(&mv.to_string()).unwrap(), mv);
        }
    }

    #[test]
    fn iccs_round_trips(from in 0usize..90, to in 0usize..90) {
        prop_assume!(from != to);
        let mv = Move::new(Square::from_index(from).unwrap(), Square::from_index(to).unwrap());
        prop_assert_eq!(Move::parse_iccs(&mv.to_string()).unwrap(), mv);
    }

    #[test]
    fn fen_parser_never_panics(text in "\\PC{0,120}") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn fen_parser_never_panics_on_fen_like_text(text in "[rnbakcpRNBAKCP1-9/]{0,100} [wbr] - - [0-9]{1,3} [0-9]{1,3}") {
        if let Ok(pos) = Position::from_fen(&text) {
            // Whatever it accepts, it can write back and read again.
            prop_assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos);
        }
    }

    #[test]
    fn move_parser_never_panics(text in "\\PC{0,8}") {
        let _ = Position::startpos().parse_move(&text);
    }
}
