//! The position: who stands where, whose move it is, and making and unmaking moves.
//!
//! Pieces live in 32 fixed *slots* (16 per colour, in the order king, advisors, elephants, horses,
//! rooks, cannons, pawns), so move generation walks a side's pieces without scanning the board.
//! `squares` maps each point to the slot standing on it; `slots` maps each slot to its point.

use super::moves::Move;
use super::piece::{Color, Kind, Piece};
use super::square::{SQUARES, Square};
use super::zobrist::KEYS;

/// `squares[sq]` value for an empty point, and `slots[i]` value for a captured piece.
pub(crate) const EMPTY: u8 = u8::MAX;

/// The kind of each of a colour's 16 slots.
pub(crate) const SLOT_KIND: [Kind; 16] = [
    Kind::King,
    Kind::Advisor,
    Kind::Advisor,
    Kind::Elephant,
    Kind::Elephant,
    Kind::Horse,
    Kind::Horse,
    Kind::Rook,
    Kind::Rook,
    Kind::Cannon,
    Kind::Cannon,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
];

/// The first slot of each kind within a colour's 16.
pub(crate) const fn first_slot(kind: Kind) -> u8 {
    match kind {
        Kind::King => 0,
        Kind::Advisor => 1,
        Kind::Elephant => 3,
        Kind::Horse => 5,
        Kind::Rook => 7,
        Kind::Cannon => 9,
        Kind::Pawn => 11,
    }
}

pub(crate) const fn kind_index(kind: Kind) -> usize {
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

/// Colour index of a slot value: 0 red, 1 black, and 15 for [`EMPTY`], so comparing it with a
/// colour index tests emptiness and ownership at once.
#[inline]
pub(crate) const fn slot_color(slot: u8) -> usize {
    (slot >> 4) as usize
}

#[inline]
pub(crate) const fn slot_kind(slot: u8) -> Kind {
    SLOT_KIND[(slot & 15) as usize]
}

/// What unmaking a move needs to restore. Public (with private fields) so that a search can make
/// and unmake moves in place instead of cloning the position at every node.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: u8,
    halfmoves: u32,
}

/// A xiangqi position. Build one with [`Position::startpos`] or [`Position::from_fen`].
#[derive(Clone)]
pub struct Position {
    pub(crate) squares: [u8; SQUARES],
    pub(crate) slots: [u8; 32],
    pub(crate) turn: Color,
    /// Plies since the last capture (FEN field 5).
    pub(crate) halfmoves: u32,
    /// Move number, starting at 1 and incremented after black moves (FEN field 6).
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

impl Position {
    pub(crate) fn empty(turn: Color) -> Position {
        Position {
            squares: [EMPTY; SQUARES],
            slots: [EMPTY; 32],
            turn,
            halfmoves: 0,
            fullmoves: 1,
            hash: if turn == Color::Black {
                KEYS.black_to_move
            } else {
                0
            },
        }
    }

    /// Puts a piece on an empty point, in the first free slot of its kind. Returns false when the
    /// colour already has all the pieces of that kind it can have.
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) -> bool {
        let base = (piece.color.index() as u8) << 4;
        let first = base + first_slot(piece.kind);
        let Some(slot) = (first..first + piece.kind.max_count() as u8)
            .find(|&slot| self.slots[slot as usize] == EMPTY)
        else {
            return false;
        };
        self.slots[slot as usize] = sq.index() as u8;
        self.squares[sq.index()] = slot;
        self.hash ^= piece_key(slot, sq.index());
        true
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on a point, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let slot = self.squares[sq.index()];
        (slot != EMPTY).then(|| slot_piece(slot))
    }

    /// Every piece with its point, red's first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        (0..32u8).filter_map(|slot| {
            let sq = self.slots[slot as usize];
            (sq != EMPTY).then(|| (Square::from_index_unchecked(sq), slot_piece(slot)))
        })
    }

    /// Whether any piece that can cross the river stands on the board: a rook, horse, cannon
    /// or pawn of either side. Without one, kings, advisors and elephants are all that is
    /// left, each confined to its own half, and neither side can ever mate: the dead
    /// position in which UCCI's author's engine answers `nobestmove` (the catalogue's A17).
    pub fn has_crossing_piece(&self) -> bool {
        self.pieces().any(|(_, piece)| {
            matches!(
                piece.kind,
                Kind::Rook | Kind::Horse | Kind::Cannon | Kind::Pawn
            )
        })
    }

    /// Where a colour's king stands. Every validated position has both kings.
    pub fn king_square(&self, color: Color) -> Square {
        Square::from_index_unchecked(self.slots[color.index() << 4])
    }

    /// The Zobrist hash of the position (pieces and side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture, as in FEN.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, as in FEN.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// Plays a move, legal or not, and returns what [`Position::unmake`] needs. Callers guarantee
    /// that `mv.from` holds a piece of the side to move (it panics otherwise).
    ///
    /// Public for engines: a search plays moves from [`Position::generate_legal`] and takes them
    /// back with [`Position::unmake`], which is much cheaper than [`Position::play`] on a clone.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let from = mv.from.index();
        let to = mv.to.index();
        let mover = self.squares[from];
        let captured = self.squares[to];
        let undo = Undo {
            captured,
            halfmoves: self.halfmoves,
        };
        self.squares[to] = mover;
        self.squares[from] = EMPTY;
        self.slots[mover as usize] = to as u8;
        self.hash ^= piece_key(mover, from) ^ piece_key(mover, to) ^ KEYS.black_to_move;
        if captured == EMPTY {
            self.halfmoves += 1;
        } else {
            self.slots[captured as usize] = EMPTY;
            self.hash ^= piece_key(captured, to);
            self.halfmoves = 0;
        }
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.opponent();
        undo
    }

    /// Takes back a move made by [`Position::make`]. Public for the same reason as `make`.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        let from = mv.from.index();
        let to = mv.to.index();
        let mover = self.squares[to];
        self.turn = self.turn.opponent();
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        self.squares[from] = mover;
        self.slots[mover as usize] = from as u8;
        self.squares[to] = undo.captured;
        self.hash ^= piece_key(mover, from) ^ piece_key(mover, to) ^ KEYS.black_to_move;
        if undo.captured != EMPTY {
            self.slots[undo.captured as usize] = to as u8;
            self.hash ^= piece_key(undo.captured, to);
        }
        self.halfmoves = undo.halfmoves;
    }

    /// Passes the move to the other side without moving a piece: only the side to move and the
    /// hash change. Public for engines, whose null-move pruning asks "is this position still good
    /// if I do nothing?". The result is not a game position: undo it with
    /// [`Position::unmake_null`] before using the position for anything else.
    #[inline]
    pub fn make_null(&mut self) {
        self.turn = self.turn.opponent();
        self.hash ^= KEYS.black_to_move;
    }

    /// Takes back [`Position::make_null`].
    #[inline]
    pub fn unmake_null(&mut self) {
        self.make_null();
    }
}

pub(crate) fn slot_piece(slot: u8) -> Piece {
    Piece {
        color: if slot_color(slot) == 0 {
            Color::Red
        } else {
            Color::Black
        },
        kind: slot_kind(slot),
    }
}

#[inline]
fn piece_key(slot: u8, sq: usize) -> u64 {
    KEYS.pieces[slot_color(slot) * 7 + kind_index(slot_kind(slot))][sq]
}

/// Positions are equal when the same pieces stand on the same points with the same side to move and
/// the same FEN counters; which slot a piece occupies is bookkeeping and does not count.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.turn == other.turn
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
            && Square::all().all(|sq| self.piece_at(sq) == other.piece_at(sq))
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}
