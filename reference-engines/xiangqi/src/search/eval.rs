//! Static evaluation: material plus piece-square bonuses, from the side to move's point of view.
//!
//! Values follow the UCCI convention that a minor piece (horse or cannon) is worth about 100. The
//! piece-square bonuses are computed from a few ideas rather than tabulated by hand: pawns gain
//! once across the river and more near the enemy palace, horses like the centre and the squares
//! in front of the enemy palace and dislike the edge, rooks like open central play, cannons like
//! the central file, and a king that has left its back rank is exposed.

use arbiter_rules::xiangqi::{Color, Kind, Position, SQUARES, Square};

/// Material of each kind (the king is never captured, so it counts nothing).
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::King => 0,
        Kind::Advisor => 40,
        Kind::Elephant => 40,
        Kind::Horse => 100,
        Kind::Rook => 230,
        Kind::Cannon => 105,
        Kind::Pawn => 20,
    }
}

/// Bonus for a piece of `kind` on a point seen from its own side: `rank` 0 is its back rank, `file`
/// 0..8 from its own left.
const fn bonus(kind: Kind, file: i32, rank: i32) -> i32 {
    let off_centre = if file > 4 { file - 4 } else { 4 - file };
    let palace_file = file >= 3 && file <= 5;
    match kind {
        Kind::King => -12 * rank,
        Kind::Advisor | Kind::Elephant => {
            if file == 4 {
                6
            } else {
                0
            }
        }
        Kind::Pawn => {
            if rank <= 4 {
                0
            } else if rank == 9 {
                // A pawn on the last rank can only move sideways: worth little more than at home.
                10
            } else {
                let near_palace = if palace_file && rank >= 6 { 14 } else { 0 };
                25 + (4 - off_centre) * 3 + (rank - 5) * 4 + near_palace
            }
        }
        Kind::Horse => {
            let edge = if file == 0 || file == 8 { -12 } else { 0 };
            let attack = if rank >= 6 && rank <= 8 && file >= 2 && file <= 6 {
                16
            } else {
                0
            };
            let advance = if rank >= 3 && rank <= 7 { 6 } else { 0 };
            (4 - off_centre) * 3 + edge + attack + advance
        }
        Kind::Rook => {
            let active = if rank == 6 || rank == 7 { 10 } else { 0 };
            let home = if rank == 0 && (file == 0 || file == 8) {
                -6
            } else {
                0
            };
            (4 - off_centre) + active + home
        }
        Kind::Cannon => {
            let central = if file == 4 { 12 } else { 0 };
            let deep = if rank >= 8 { -8 } else { 0 };
            central + deep + (4 - off_centre)
        }
    }
}

const KINDS: [Kind; 7] = Kind::ALL;

/// `TABLE[kind][red point index]` = material + bonus for a red piece; black mirrors the ranks.
/// Files are symmetric in every bonus, so mirroring ranks alone gives black's view.
static TABLE: [[i32; SQUARES]; 7] = build();

const fn build() -> [[i32; SQUARES]; 7] {
    let mut table = [[0; SQUARES]; 7];
    let mut k = 0;
    while k < 7 {
        let mut sq = 0;
        while sq < SQUARES {
            let file = (sq % 9) as i32;
            let rank = (sq / 9) as i32;
            table[k][sq] = value(KINDS[k]) + bonus(KINDS[k], file, rank);
            sq += 1;
        }
        k += 1;
    }
    table
}

const fn kind_index(kind: Kind) -> usize {
    match kind {
        Kind::King => 0,
        Kind::Advisor => 1,
        Kind::Elephant => 2,
        Kind::Horse => 3,
        Kind::Rook => 4,
        Kind::Cannon => 5,
        Kind::Pawn => 6,
    }
}

/// The worth of a piece on a point, for its owner.
fn piece_score(color: Color, kind: Kind, sq: Square) -> i32 {
    let index = match color {
        Color::Red => sq.index(),
        Color::Black => (9 - sq.rank() as usize) * 9 + sq.file() as usize,
    };
    TABLE[kind_index(kind)][index]
}

/// The position's score for the side to move: positive when it stands better.
pub fn evaluate(pos: &Position) -> i32 {
    let mut red_minus_black = 0;
    for (sq, piece) in pos.pieces() {
        let score = piece_score(piece.color, piece.kind, sq);
        match piece.color {
            Color::Red => red_minus_black += score,
            Color::Black => red_minus_black -= score,
        }
    }
    match pos.turn() {
        Color::Red => red_minus_black,
        Color::Black => -red_minus_black,
    }
}

/// Whether `color` has a piece that can attack (rook, horse, cannon, or a pawn across the river):
/// without one, null-move pruning is unsafe (zugzwang-like endings) and there is nothing to press.
pub fn has_attackers(pos: &Position, color: Color) -> bool {
    pos.pieces().any(|(_, piece)| {
        piece.color == color && matches!(piece.kind, Kind::Rook | Kind::Horse | Kind::Cannon)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_for_both_sides() {
        let pos = Position::startpos();
        assert_eq!(evaluate(&pos), 0);
        let mut black = pos.clone();
        black.make_null();
        assert_eq!(evaluate(&black), 0);
    }

    #[test]
    fn an_extra_rook_is_a_large_advantage_for_its_owner() {
        // Red has an extra rook; the score flips sign with the side to move.
        let red = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").unwrap();
        let black = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 b").unwrap();
        assert!(evaluate(&red) > 200);
        assert_eq!(evaluate(&black), -evaluate(&red));
    }

    #[test]
    fn a_pawn_across_the_river_is_worth_more() {
        let home = Position::from_fen("3k5/9/9/9/9/9/4P4/9/9/4K4 w").unwrap();
        let across = Position::from_fen("3k5/9/9/4P4/9/9/9/9/9/4K4 w").unwrap();
        assert!(evaluate(&across) > evaluate(&home));
    }
}
