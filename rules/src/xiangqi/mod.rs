//! Xiangqi (Chinese chess) rules: the legality oracle for UCCI engines.
//!
//! Points are named in ICCS: files `a`..`i` from red's left, ranks `0`..`9` from red's side, so
//! red's king starts on `e0`. Moves are ICCS too (`h2e2`). Positions read and write UCCI FEN.
//!
//! ```
//! use arbiter_rules::xiangqi::Position;
//! let mut pos = Position::startpos();
//! let mv = pos.parse_move("h2e2").unwrap();
//! pos.play(mv);
//! assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! ```

mod chase;
mod fen;
mod league;
mod movegen;
mod moves;
mod notation;
mod piece;
mod position;
mod square;
mod tables;
mod uci;
mod zobrist;

pub use fen::{FenError, START_FEN, SetupError};
pub use moves::{IccsError, MAX_MOVES, Move, MoveList};
pub use notation::{ChineseMoveError, IccsText, parse_chinese, to_chinese};
pub use piece::{Color, Kind, Piece};
pub use position::{Position, Undo};
pub use square::{FILES, RANKS, SQUARES, Square};
pub use uci::{UciMoveError, UciPosition, UciText, parse_uci_move};

use super::{Game, GameStatus, Misspelling, Side};

/// Why a move text was refused in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is no ICCS move.
    #[error(transparent)]
    Syntax(#[from] IccsError),
    /// A well-formed move that the position does not allow.
    #[error("{mv} is illegal: {reason}")]
    Illegal {
        /// The move the text names.
        mv: Move,
        /// The rule it breaks.
        reason: IllegalReason,
    },
}

/// What makes a well-formed move illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalReason {
    /// Its from-point is empty.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// Its from-point holds a piece of the side not to move.
    #[error("the piece on {0} belongs to the side not to move")]
    NotYourPiece(Square),
    /// The piece cannot get there: not its way of moving, blocked (a horse's leg, an
    /// elephant's eye, a cannon with no screen to capture over), or onto a piece of its own.
    #[error("the piece cannot move that way")]
    NotAMove,
    /// The move would leave the mover's king attacked, or facing the other king on an open
    /// file.
    #[error("it leaves its own king in check (or facing the other king)")]
    LeavesKingInCheck,
}

impl Position {
    /// Parses an ICCS move and checks that it is legal here, saying why when it is not.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = Move::parse_iccs(text)?;
        let illegal = |reason| MoveError::Illegal { mv, reason };
        match self.piece_at(mv.from) {
            None => return Err(illegal(IllegalReason::NoPiece(mv.from))),
            Some(piece) if piece.color != self.turn() => {
                return Err(illegal(IllegalReason::NotYourPiece(mv.from)));
            }
            Some(_) => {}
        }
        let mut pseudo = MoveList::new();
        self.generate_pseudo_legal(&mut pseudo);
        if !pseudo.as_slice().contains(&mv) {
            return Err(illegal(IllegalReason::NotAMove));
        }
        if !self.clone().leaves_king_safe(mv) {
            return Err(illegal(IllegalReason::LeavesKingInCheck));
        }
        Ok(mv)
    }

    /// Plays a legal move (one from [`Position::legal_moves`] or [`Position::parse_move`]).
    pub fn play(&mut self, mv: Move) {
        debug_assert!(self.is_legal(mv), "{mv} is not legal in {}", self.fen());
        self.make(mv);
    }
}

fn side(color: Color) -> Side {
    match color {
        Color::Red => Side::First,
        Color::Black => Side::Second,
    }
}

impl Game for Position {
    type Move = Move;
    type FenError = FenError;
    type MoveError = MoveError;

    const NAME: &'static str = "xiangqi";

    fn start_position() -> Self {
        Position::startpos()
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Position::from_fen(fen)
    }

    fn fen(&self) -> String {
        Position::fen(self)
    }

    fn side_to_move(&self) -> Side {
        side(self.turn())
    }

    fn legal_moves(&self) -> Vec<Move> {
        Position::legal_moves(self).as_slice().to_vec()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    /// A text that is no legal ICCS move here, but is one read as UCI xiangqi engines number
    /// ranks (1–10): `h3e3` for `h2e2`.
    fn misspelling(&self, text: &str) -> Option<Misspelling> {
        if self.parse_move(text).is_ok() {
            return None;
        }
        let meant = parse_uci_move(text).ok()?;
        self.parse_move(&meant.to_string())
            .ok()
            .map(|meant| Misspelling::RanksNumberedFrom {
                written: 1,
                expected: 0,
                meant: meant.to_string(),
            })
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv)
    }

    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    /// In xiangqi a side with no legal move has lost, whether or not it is in check.
    fn status(&self) -> GameStatus {
        if !Position::legal_moves(self).is_empty() {
            return GameStatus::Ongoing;
        }
        let winner = side(self.turn().opponent());
        if self.is_check() {
            GameStatus::Checkmate { winner }
        } else {
            GameStatus::Stalemate {
                winner: Some(winner),
            }
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        Position::perft(self, depth)
    }
}

#[cfg(test)]
mod tests;
