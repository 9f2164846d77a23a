//! Chess rules from the `shakmaty` crate, behind the same [`Game`] interface as xiangqi.
//!
//! Moves are UCI long algebraic notation as engines send them: `e2e4`, promotions `e7e8q`, and
//! castling as the king's two-square move `e1g1` (standard chess, not Chess960). shakmaty also
//! reads Chess960's king-takes-rook form (`e1h1`) in a standard game; UCI's text writes
//! castling only as the king's move (uci-r19), so that form is refused here, naming the king's
//! move it stands for.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Position as _};

use super::{Game, GameStatus, Misspelling, Side};

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess position.
#[derive(Clone, Debug)]
pub struct ChessPosition(Chess);

/// Why a chess FEN was refused.
#[derive(Debug, thiserror::Error)]
pub enum FenError {
    /// shakmaty cannot read the text as FEN.
    #[error("malformed FEN: {0}")]
    Syntax(#[from] shakmaty::fen::ParseFenError),
    /// The FEN reads, but shakmaty refuses its setup as a standard chess position (a side
    /// without its king, the side not to move in check, …); the text is its reason.
    #[error("illegal setup: {0}")]
    Setup(String),
}

/// Why a move text was refused.
#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    /// The text is no UCI move at all.
    #[error("{text:?} is not a UCI move: {source}")]
    Syntax {
        /// The move text as given.
        text: String,
        /// shakmaty's reason for refusing it.
        source: shakmaty::uci::ParseUciMoveError,
    },
    /// A well-formed UCI move that the position does not allow.
    #[error("{text} is illegal in this position")]
    Illegal {
        /// The move as written.
        text: String,
    },
    /// A legal castling written in Chess960's king-takes-rook form (`e1h1`), which UCI's
    /// standard chess does not use (uci-r19).
    #[error(
        "{text} is castling written as the king taking its rook; castling is written as the king's move {king_move}"
    )]
    CastlingAsKingTakesRook {
        /// The move as written.
        text: String,
        /// The king's two-square move that writes this castling (`e1g1`).
        king_move: String,
    },
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
        let mv = uci.to_move(&self.0).map_err(|_| MoveError::Illegal {
            text: text.to_owned(),
        })?;
        let standard = mv.to_uci(CastlingMode::Standard);
        if mv.is_castle() && standard != uci {
            return Err(MoveError::CastlingAsKingTakesRook {
                text: text.to_owned(),
                king_move: standard.to_string(),
            });
        }
        Ok(mv)
    }

    fn misspelling(&self, text: &str) -> Option<Misspelling> {
        match self.parse_move(text) {
            Err(MoveError::CastlingAsKingTakesRook { king_move, .. }) => {
                Some(Misspelling::CastlingAsKingTakesRook { king_move })
            }
            _ => None,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pos(fen: &str) -> ChessPosition {
        ChessPosition::from_fen(fen).unwrap()
    }

    #[test]
    fn castling_is_the_kings_two_square_move() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let short = p.parse_move("e1g1").unwrap();
        assert_eq!(p.move_text(short), "e1g1");
        assert!(p.legal_move_texts().contains(&"e1c1".to_owned()));
        let mut after = p.clone();
        after.play(short);
        assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    }

    #[test]
    fn castling_as_the_king_taking_its_rook_is_refused_with_the_kings_move() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for (text, king_move) in [("e1h1", "e1g1"), ("e1a1", "e1c1")] {
            let err = p.parse_move(text).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(
                    "{text} is castling written as the king taking its rook; castling is written as the king's move {king_move}"
                )
            );
            assert_eq!(
                p.misspelling(text),
                Some(Misspelling::CastlingAsKingTakesRook {
                    king_move: king_move.to_owned()
                })
            );
        }
        let black = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        assert!(matches!(
            black.parse_move("e8h8"),
            Err(MoveError::CastlingAsKingTakesRook { .. })
        ));
        assert!(black.parse_move("e8c8").is_ok());
        // Without the right to castle, the king may not take its own rook either: illegal,
        // and no misspelling of anything.
        let no_rights = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert!(matches!(
            no_rights.parse_move("e1h1"),
            Err(MoveError::Illegal { .. })
        ));
        assert_eq!(no_rights.misspelling("e1h1"), None);
        assert_eq!(p.misspelling("e2e4"), None);
    }

    #[test]
    fn promotions_name_the_piece() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        let mv = p.parse_move("e7e8n").unwrap();
        assert_eq!(p.move_text(mv), "e7e8n");
        assert!(matches!(
            p.parse_move("e7e8"),
            Err(MoveError::Illegal { .. })
        ));
    }

    #[test]
    fn illegal_and_malformed_moves_are_refused() {
        let p = ChessPosition::start_position();
        assert_eq!(
            p.parse_move("e2e5").unwrap_err().to_string(),
            "e2e5 is illegal in this position"
        );
        assert!(matches!(p.parse_move("e2"), Err(MoveError::Syntax { .. })));
        // The UCI null move is not a move of the position: the protocol layer handles `0000`.
        assert!(p.parse_move("0000").is_err());
    }

    #[test]
    fn game_status() {
        let mate = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            mate.status(),
            GameStatus::Checkmate {
                winner: Side::First
            }
        );
        let stalemate = pos("7k/8/6QK/8/8/8/8/8 b - - 0 1");
        assert_eq!(stalemate.status(), GameStatus::Stalemate { winner: None });
        assert_eq!(
            pos("8/8/8/4k3/8/8/8/4K3 w - - 0 1").status(),
            GameStatus::Draw
        );
        assert_eq!(
            ChessPosition::start_position().status(),
            GameStatus::Ongoing
        );
    }

    #[test]
    fn bad_fens_are_refused() {
        assert!(matches!(
            ChessPosition::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"),
            Err(FenError::Syntax(_))
        ));
        let err = ChessPosition::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap_err();
        assert!(err.to_string().starts_with("illegal setup"), "{err}");
    }

    proptest! {
        #[test]
        fn parsers_never_panic(text in "\\PC{0,90}") {
            let _ = ChessPosition::from_fen(&text);
            let _ = ChessPosition::start_position().parse_move(&text);
        }

        #[test]
        fn every_legal_move_round_trips(choices in prop::collection::vec(any::<u16>(), 0..60)) {
            let mut p = ChessPosition::start_position();
            for choice in choices {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    prop_assert_eq!(p.parse_move(&p.move_text(mv)).unwrap(), mv);
                    // Every castling also has Chess960's king-takes-rook spelling, which is
                    // refused and named as the castling it stands for.
                    if let shakmaty::Move::Castle { king, rook } = mv {
                        let other = format!("{king}{rook}");
                        prop_assert_eq!(
                            p.misspelling(&other),
                            Some(Misspelling::CastlingAsKingTakesRook { king_move: p.move_text(mv) })
                        );
                    }
                }
                p.play(moves[choice as usize % moves.len()]);
                prop_assert_eq!(pos(&p.fen()).fen(), p.fen());
            }
        }
    }
}
