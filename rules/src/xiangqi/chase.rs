//! Chases (捉) as the Asian Xiangqi Federation's rules define them, for judging a repetition.
//!
//! A move *chases* a piece when it creates a threat to capture it next move that is not a
//! fair exchange (AXF common terms: a chase is a move that threatens to capture a piece other
//! than the king on the next move). Here a threat is a legal capture the mover could make if
//! it moved again, and it is unfair when:
//!
//! * a horse or a cannon attacks a rook, protected or not (AXF rule 15, diagrams 18–25; the
//!   knights of diagram 93);
//! * two pieces of one kind attack each other only one way, and the attacked one is
//!   unprotected (rule 24: when both can take, it is an offer to exchange);
//! * otherwise, the attacked piece is unprotected: after the capture, its side has no legal
//!   recapture on that point.
//!
//! Kings and pawns may chase (rules 28 and 29), so their attacks are never chases; a king is
//! never chased (that is check), nor a pawn on its own side of the river (rule 25). Only new
//! threats count — one the position before the move did not hold between the same two pieces
//! — so a move that takes a protector away chases what the other attacker now wins (the
//! rules' appendix example), while a piece that merely stays attacked is not chased again.
//!
//! Protection is judged by legality: a pinned protector does not protect, and the king
//! protects only where recapturing is legal. Checks are not judged here: a checking move is a
//! check, and the rules judge it as one.

use super::moves::{Move, MoveList};
use super::piece::{Color, Kind};
use super::position::Position;
use super::square::Square;

/// One side's threat: the piece on `attacker` could take the one on `target` unfairly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Threat {
    attacker: Square,
    target: Square,
}

impl Position {
    /// The points of the pieces of the side to move that the move `mv`, just played from
    /// `before`, chases (see the module's definition). Empty for a move that gives check:
    /// the rules judge a checking move as a check.
    pub fn chased_by(&self, before: &Position, mv: Move) -> Vec<Square> {
        if self.is_check() {
            return Vec::new();
        }
        let mover = before.turn();
        // The same attacker before the move stood on its from-point.
        let held: Vec<Threat> = before.threats(mover);
        let mut chased: Vec<Square> = Vec::new();
        for threat in self.threats(mover) {
            let was_at = if threat.attacker == mv.to {
                mv.from
            } else {
                threat.attacker
            };
            let old = held
                .iter()
                .any(|t| t.attacker == was_at && t.target == threat.target);
            if !old && !chased.contains(&threat.target) {
                chased.push(threat.target);
            }
        }
        chased.sort();
        chased
    }

    /// Every unfair capture `by` could make here if it were its move.
    fn threats(&self, by: Color) -> Vec<Threat> {
        let mut board = self.clone();
        if board.turn() != by {
            board.make_null();
        }
        let mut captures = MoveList::new();
        board.generate_legal_captures(&mut captures);
        captures
            .as_slice()
            .iter()
            .filter(|capture| board.is_unfair(**capture))
            .map(|capture| Threat {
                attacker: capture.from,
                target: capture.to,
            })
            .collect()
    }

    /// Whether the capture `mv` (legal for the side to move) would be a chase's threat.
    fn is_unfair(&self, mv: Move) -> bool {
        let (Some(attacker), Some(target)) = (self.piece_at(mv.from), self.piece_at(mv.to)) else {
            return false;
        };
        if matches!(attacker.kind, Kind::King | Kind::Pawn) {
            return false;
        }
        match target.kind {
            Kind::King => return false,
            Kind::Pawn if target.color.owns_rank(mv.to.rank()) => return false,
            Kind::Rook if matches!(attacker.kind, Kind::Horse | Kind::Cannon) => return true,
            _ => {}
        }
        if attacker.kind == target.kind && self.could_answer(mv) {
            return false;
        }
        !self.recapturable(mv)
    }

    /// Whether the attacked piece of a capture could itself take the attacker, were it its
    /// side's move: two pieces of one kind offering to exchange.
    fn could_answer(&self, mv: Move) -> bool {
        let mut board = self.clone();
        board.make_null();
        board.is_legal(Move::new(mv.to, mv.from))
    }

    /// Whether, after the capture `mv`, the captured side can legally take back on its point.
    fn recapturable(&self, mv: Move) -> bool {
        let mut board = self.clone();
        board.make(mv);
        let mut answers = MoveList::new();
        board.generate_legal_captures(&mut answers);
        answers.as_slice().iter().any(|answer| answer.to == mv.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chased(fen: &str, mv: &str) -> Vec<String> {
        let before = Position::from_fen(fen).unwrap();
        let mv = before.parse_move(mv).unwrap();
        let mut after = before.clone();
        after.play(mv);
        after
            .chased_by(&before, mv)
            .iter()
            .map(Square::to_string)
            .collect()
    }

    #[test]
    fn a_rook_that_comes_to_attack_an_unprotected_cannon_chases_it() {
        assert_eq!(chased("4k4/9/c8/9/9/9/9/1R7/9/3K5 w", "b2a2"), ["a7"]);
        // Already attacked from a1, the cannon is not chased again by the rook's step up.
        assert!(chased("4k4/9/c8/9/9/9/9/9/R8/3K5 w", "a1a2").is_empty());
    }

    #[test]
    fn a_protected_horse_is_not_chased_by_a_rook_but_a_protected_rook_by_a_cannon_is() {
        // The black horse on c7 is protected by the rook on c9.
        assert!(chased("2r1k4/9/2n6/9/9/9/9/9/R8/3K5 w", "a1a7").is_empty());
        // The cannon, over the pawn on b7, attacks the rook on c7, protected by the one on c9.
        assert_eq!(chased("2r1k4/9/1Pr6/9/9/9/9/9/C8/3K5 w", "a1a7"), ["c7"]);
    }

    #[test]
    fn pawns_at_home_are_not_chased_and_pawns_do_not_chase() {
        // A rook attacking a pawn that has not crossed the river.
        assert!(chased("4k4/9/9/p8/9/9/9/9/8R/3K5 w", "i1i6").is_empty());
        // A red pawn attacking an unprotected black horse.
        assert!(chased("4k4/9/9/2n6/9/2P6/9/9/9/3K5 w", "c4c5").is_empty());
    }

    #[test]
    fn a_checking_move_is_a_check_and_no_chase() {
        // The horse checks the king on e9 and attacks the lone cannon on i9.
        assert!(chased("4k3c/9/9/5N3/9/9/9/9/9/3K5 w", "f6g8").is_empty());
        // The same attack without the check chases the cannon.
        assert_eq!(chased("3k4c/9/9/5N3/9/9/9/9/9/4K4 w", "f6g8"), ["i9"]);
    }

    #[test]
    fn rooks_that_attack_each_other_offer_an_exchange() {
        assert!(chased("4k4/9/9/9/r8/9/9/9/9/1R1K5 w", "b0b5").is_empty());
    }
}
