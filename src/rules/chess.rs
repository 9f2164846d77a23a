//! Chess rules from the `shakmaty` crate, behind the same [`Game`] interface as xiangqi.
//!
//! Moves are UCI long algebraic notation as engines send them: `e2e4`, promotions `e7e8q`, and
//! castling as the king's two-square move `e1g1` (standard chess, not Chess960).

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Position as _};

use super::{Game, GameStatus, Side};

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess position.
#[derive(Clone, Debug)]
pub struct ChessPosition(Chess);

/// Why a chess FEN was refused.
#[derive(Debug, thiserror::Error)]
pub enum FenError {
    #[error("malformed FEN: {0}")]
    Syntax(#[from] shakmaty::fen::ParseFenError),
    #[error("illegal setup: {0}")]
    Setup(String),
}

/// Why a move text was refused.
#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    #[error("{text:?} is not a UCI move: {source}")]
    Syntax {
        text: String,
        source: shakmaty::uci::ParseUciMoveError,
    },
    #[error("{text} is illegal in this position")]
    Illegal { text: String },
}

impl ChessPosition {
    /// Wraps a shakmaty position.
    pub fn new(position: Chess) -> ChessPosition {
        ChessPosition(position)
    }

    /// The shakmaty position, for callers that need more than the [`Game`] interface.
    pub fn inner(&self) -> &Chess {
        &self.0
    }
}

fn side(color: Color) -> Side {
    match color {
        Color::White => Side::First,
        Color::Black => Side::Second,
    }
}

impl Game for ChessPosition {
    type Move = shakmaty::Move;
    type FenError = FenError;
    type MoveError = MoveError;

    const NAME: &'static str = "chess";

    fn start_position() -> Self {
        ChessPosition(Chess::default())
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let parsed: Fen = fen.trim().parse()?;
        parsed
            .into_position(CastlingMode::Standard)
            .map(ChessPosition)
            .map_err(|err| FenError::Setup(err.to_string()))
    }

    fn fen(&self) -> String {
        Fen::from_position(&self.0, EnPassantMode::Legal).to_string()
    }

    fn side_to_move(&self) -> Side {
        side(self.0.turn())
    }

    fn legal_moves(&self) -> Vec<Self::Move> {
        self.0.legal_moves().into_iter().collect()
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let uci: UciMove = text.parse().map_err(|source| MoveError::Syntax {
            text: text.to_owned(),
            source,
        })?;
        uci.to_move(&self.0).map_err(|_| MoveError::Illegal {
            text: text.to_owned(),
        })
    }

    fn move_text(&self, mv: Self::Move) -> String {
        mv.to_uci(CastlingMode::Standard).to_string()
    }

    fn play(&mut self, mv: Self::Move) {
        self.0.play_unchecked(mv);
    }

    fn is_check(&self) -> bool {
        self.0.is_check()
    }

    fn status(&self) -> GameStatus {
        match self.0.outcome().known() {
            Some(KnownOutcome::Decisive { winner }) => GameStatus::Checkmate {
                winner: side(winner),
            },
            Some(KnownOutcome::Draw) if self.0.is_stalemate() => {
                GameStatus::Stalemate { winner: None }
            }
            Some(KnownOutcome::Draw) => GameStatus::Draw,
            None => GameStatus::Ongoing,
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        shakmaty::perft(&self.0, depth)
    }
}
