//! The computer-xiangqi league's own, simplified chase (its rules' §5.3–5.7), as its simulator
//! `LEAGUE/uccileag.cpp` judges it through ElephantEye's position code (xqbase/eleeye
//! `genmoves.cpp`, `ChasedBy` and `Protected`). The league's rulings and its `banmoves` rest
//! on it, so Arbiter reproduces it as written there, simplifications included:
//!
//! * only the piece that moved chases, and only a horse, rook or cannon; discovered attacks
//!   are not seen (§5.5);
//! * a rook or cannon chases only along the line it did not move on (along its own line the
//!   pieces it meets are the ones it met before);
//! * a horse or cannon chases a rook, protected or not; a horse chases an unprotected cannon,
//!   a rook an unprotected horse or cannon, a cannon an unprotected horse; each chases an
//!   unprotected pawn across the river; pieces of one kind do not chase each other, nor does
//!   anything chase an advisor, an elephant or a pawn at home (§5.4, §5.6);
//! * protection is geometric: a protector that is pinned, or that could not legally take back,
//!   still protects (§5.7), and the king protects only the points next to it in its palace.
//!
//! §5.4 of the rules' text says "受保护" (protected) where the code tests the opposite; the
//! code is what the simulator runs, and it agrees with the Asian rules it follows (§5.1).
//!
//! When one move attacks several such pieces the simulator records only the first it finds,
//! scanning a horse's eight jumps and a slider's two directions in its own order; so does
//! this.

use super::piece::{Color, Kind};
use super::position::Position;
use super::square::Square;

/// ElephantEye's order of a horse's jumps, as (file, rank) steps in ICCS terms (its board
/// counts ranks downwards from black's side, so its "up" is a rank higher here).
const HORSE_JUMPS: [(i8, i8); 8] = [
    (-1, 2),
    (1, 2),
    (-2, 1),
    (2, 1),
    (-2, -1),
    (2, -1),
    (-1, -2),
    (1, -2),
];

/// The four directions of a slider: right, left, down (towards red), up.
const RIGHT: (i8, i8) = (1, 0);
const LEFT: (i8, i8) = (-1, 0);
const DOWN: (i8, i8) = (0, -1);
const UP: (i8, i8) = (0, 1);

impl Position {
    /// The piece of the side to move that the move `from`→`to`, just played, chases by the
    /// league's rules: its point, or none. Call it only for a move that neither captured nor
    /// gave check, as the simulator does.
    pub fn league_chased(&self, from: Square, to: Square) -> Option<Square> {
        let mover = self.piece_at(to)?;
        let chased = self.turn();
        let target = |sq: Square| self.piece_at(sq).filter(|p| p.color == chased);
        match mover.kind {
            Kind::Horse => HORSE_JUMPS.iter().find_map(|&(df, dr)| {
                let leg = if dr.abs() == 2 {
                    (0, dr / 2)
                } else {
                    (df / 2, 0)
                };
                let leg = to.offset(leg.0, leg.1)?;
                let sq = to.offset(df, dr)?;
                if self.piece_at(leg).is_some() {
                    return None;
                }
                let piece = target(sq)?;
                let chases = match piece.kind {
                    Kind::Rook => true,
                    Kind::Cannon => !self.league_protected(sq, chased),
                    Kind::Pawn => self.crossed(sq, chased) && !self.league_protected(sq, chased),
                    _ => false,
                };
                chases.then_some(sq)
            }),
            Kind::Rook | Kind::Cannon => {
                // Moved along a file: the rank is new; along a rank: the file is.
                let directions = if from.file() == to.file() {
                    [RIGHT, LEFT]
                } else {
                    [DOWN, UP]
                };
                let skip = usize::from(mover.kind == Kind::Cannon);
                directions.iter().find_map(|&(df, dr)| {
                    let sq = self.nth_piece(to, df, dr, skip)?;
                    let piece = target(sq)?;
                    let chases = match (mover.kind, piece.kind) {
                        (Kind::Cannon, Kind::Rook) => true,
                        (Kind::Rook, Kind::Horse | Kind::Cannon) | (Kind::Cannon, Kind::Horse) => {
                            !self.league_protected(sq, chased)
                        }
                        (_, Kind::Pawn) => {
                            self.crossed(sq, chased) && !self.league_protected(sq, chased)
                        }
                        _ => false,
                    };
                    chases.then_some(sq)
                })
            }
            _ => None,
        }
    }

    /// Whether a pawn of `color` on `sq` has crossed the river.
    fn crossed(&self, sq: Square, color: Color) -> bool {
        !color.owns_rank(sq.rank())
    }

    /// The point of the piece met after `skip` others going from `from` in direction
    /// (`df`, `dr`): the rook's target with no skip, the cannon's over one screen.
    fn nth_piece(&self, from: Square, df: i8, dr: i8, skip: usize) -> Option<Square> {
        let mut sq = from;
        let mut left = skip;
        loop {
            sq = sq.offset(df, dr)?;
            if self.piece_at(sq).is_some() {
                if left == 0 {
                    return Some(sq);
                }
                left -= 1;
            }
        }
    }

    /// ElephantEye's `Protected`: whether a piece of `side` could move to `sq` by the way its
    /// kind moves, pins and the legality of the capture left aside.
    fn league_protected(&self, sq: Square, side: Color) -> bool {
        let own = |at: Option<Square>, kind: Kind| {
            at.and_then(|at| self.piece_at(at))
                .is_some_and(|p| p.color == side && p.kind == kind)
        };
        let empty = |at: Option<Square>| at.is_some_and(|at| self.piece_at(at).is_none());
        let step = |df: i8, dr: i8| sq.offset(df, dr);
        if side.owns_rank(sq.rank()) {
            if in_palace(sq) {
                let king = [(1, 0), (-1, 0), (0, 1), (0, -1)];
                let advisor = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
                if king.iter().any(|&(f, r)| own(step(f, r), Kind::King))
                    || advisor.iter().any(|&(f, r)| own(step(f, r), Kind::Advisor))
                {
                    return true;
                }
            }
            let elephant = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
            if elephant
                .iter()
                .any(|&(f, r)| own(step(f, r), Kind::Elephant) && empty(step(f / 2, r / 2)))
            {
                return true;
            }
        } else if own(step(1, 0), Kind::Pawn) || own(step(-1, 0), Kind::Pawn) {
            return true;
        }
        if own(step(0, -side.forward()), Kind::Pawn) {
            return true;
        }
        // A horse on `sq + jump` reaches `sq` over the leg next to itself.
        let horse = HORSE_JUMPS.iter().any(|&(df, dr)| {
            let at = step(df, dr);
            let leg = if dr.abs() == 2 {
                step(df, dr / 2)
            } else {
                step(df / 2, dr)
            };
            own(at, Kind::Horse) && empty(leg)
        });
        if horse {
            return true;
        }
        [RIGHT, LEFT, DOWN, UP].iter().any(|&(df, dr)| {
            own(self.nth_piece(sq, df, dr, 0), Kind::Rook)
                || own(self.nth_piece(sq, df, dr, 1), Kind::Cannon)
        })
    }
}

/// Whether `sq` lies in either palace (files d–f, ranks 0–2 or 7–9).
fn in_palace(sq: Square) -> bool {
    (3..=5).contains(&sq.file()) && (sq.rank() <= 2 || sq.rank() >= 7)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chased(fen: &str, mv: &str) -> Option<String> {
        let mut position = Position::from_fen(fen).unwrap();
        let mv = position.parse_move(mv).unwrap();
        position.play(mv);
        position
            .league_chased(mv.from, mv.to)
            .map(|s| s.to_string())
    }

    #[test]
    fn a_rook_chases_an_unprotected_cannon_across_its_path() {
        assert_eq!(
            chased("4k4/9/c8/9/9/9/9/1R7/9/3K5 w", "b2b7").as_deref(),
            Some("a7")
        );
        // Along its own line it sees nothing new, even a piece it attacks.
        assert_eq!(chased("4k4/9/c8/9/9/9/9/9/R8/3K5 w", "a1a2"), None);
    }

    #[test]
    fn a_protected_horse_is_not_chased_but_a_protected_rook_is_by_a_horse() {
        // The horse on c7 is protected by the rook on c9.
        assert_eq!(chased("2r1k4/9/2n6/9/9/9/9/9/R8/3K5 w", "a1a7"), None);
        // The horse jumps to d5, from where it attacks the rook on c7 (protected by c9's).
        assert_eq!(
            chased("2r1k4/9/2r6/9/9/9/2N6/9/9/3K5 w", "c3d5").as_deref(),
            Some("c7")
        );
    }

    #[test]
    fn elephants_and_pawns_at_home_are_never_chased() {
        // The rook comes to rank 7, where the lone black elephant stands on e7.
        assert_eq!(chased("3k5/9/4b4/9/9/9/9/9/R8/4K4 w", "a1a7"), None);
        // The rook comes to rank 6, where a black pawn stands at home on a6.
        assert_eq!(chased("3k5/9/9/p8/9/9/9/9/8R/4K4 w", "i1i6"), None);
    }
}
