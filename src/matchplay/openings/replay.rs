//! Openings of xiangqi and chess games: a FEN and moves the referee plays before the engines
//! take over, each checked by the rules oracle. An opening that does not hold is the match's
//! setup error, not a player's fault: [`check_opening`] lets a caller refuse it before any
//! game, and a game given one anyway is not played (its record says why and is `aborted`).

use super::super::gomoku::SetupError;
use super::super::{MatchGame, Opening};
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::Position;
use crate::rules::{Game, GameStatus};

/// The rules oracle's own error, whatever the game.
type RulesError = Box<dyn std::error::Error + Send + Sync>;

/// Why an opening cannot start a game.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    /// The FEN is refused by the game's rules.
    #[error("opening FEN `{fen}`: {source}")]
    Fen {
        /// The FEN.
        fen: String,
        /// The rules' reason.
        #[source]
        source: RulesError,
    },
    /// A move is refused in the position it comes to.
    #[error("opening move {number} `{mv}`: {source}")]
    Move {
        /// The move's place in the opening, from 1.
        number: usize,
        /// The move as written.
        mv: String,
        /// The rules' reason.
        #[source]
        source: RulesError,
    },
    /// The opening's last position has no move for the side to move.
    #[error("the opening ends the game before it starts ({0})")]
    Finished(&'static str),
    /// A gomoku opening, which is read as stones, not by this reader.
    #[error("gomoku openings are not read here")]
    Gomoku,
    /// A gomoku opening's stones do not go down on the board.
    #[error(transparent)]
    Stones(#[from] SetupError),
}

/// Checks that `opening` is a legal start for `game` (xiangqi or chess): its FEN reads and is
/// a legal setup, its moves (ICCS for xiangqi, UCI for chess) are legal in turn, and the side
/// to move afterwards has a move.
pub(crate) fn check_opening(game: MatchGame, opening: &Opening) -> Result<(), OpeningError> {
    match game {
        MatchGame::Xiangqi => replay::<Position>(opening, |_, _| {}).map(drop),
        MatchGame::Chess => replay::<ChessPosition>(opening, |_, _| {}).map(drop),
        MatchGame::Gomoku { .. } => Err(OpeningError::Gomoku),
    }
}

/// Plays `opening`, showing `visit` each position on the way with the move that led to it
/// (the start first, with none; the last one included), and returns the position the
/// engines start from.
pub(crate) fn replay<G: Game>(
    opening: &Opening,
    mut visit: impl FnMut(Option<&str>, &G),
) -> Result<G, OpeningError> {
    let mut position = match &opening.fen {
        None => G::start_position(),
        Some(fen) => G::from_fen(fen).map_err(|e| OpeningError::Fen {
            fen: fen.clone(),
            source: Box::new(e),
        })?,
    };
    visit(None, &position);
    for (i, mv) in opening.moves.iter().enumerate() {
        if position.status() != GameStatus::Ongoing {
            return Err(OpeningError::Finished("before its last move"));
        }
        position.play_text(mv).map_err(|e| OpeningError::Move {
            number: i + 1,
            mv: mv.clone(),
            source: Box::new(e),
        })?;
        visit(Some(mv), &position);
    }
    match position.status() {
        GameStatus::Ongoing => Ok(position),
        GameStatus::Checkmate { .. } => Err(OpeningError::Finished("checkmate")),
        GameStatus::Stalemate { .. } => Err(OpeningError::Finished("no legal move")),
        GameStatus::Draw => Err(OpeningError::Finished("insufficient material")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening(fen: Option<&str>, moves: &[&str]) -> Opening {
        Opening {
            fen: fen.map(str::to_owned),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        }
    }

    #[test]
    fn legal_openings_pass_and_each_fault_is_named() {
        assert!(check_opening(MatchGame::Xiangqi, &opening(None, &["h2e2", "h9g7"])).is_ok());
        assert!(check_opening(MatchGame::Chess, &opening(None, &["e2e4", "e7e5"])).is_ok());
        let err = check_opening(MatchGame::Xiangqi, &opening(None, &["h2e2", "h2e2"])).unwrap_err();
        assert!(
            matches!(&err, OpeningError::Move { number: 2, mv, .. } if mv == "h2e2"),
            "{err}"
        );
        // UCI notation is not ICCS: a xiangqi opening is written in ICCS.
        assert!(matches!(
            check_opening(MatchGame::Xiangqi, &opening(None, &["h3e3"])),
            Err(OpeningError::Move { number: 1, .. })
        ));
        // Castling is written as the king's move, in a book as from an engine (uci-r19).
        let castling = Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(check_opening(MatchGame::Chess, &opening(castling, &["e1g1", "e8c8"])).is_ok());
        let err = check_opening(MatchGame::Chess, &opening(castling, &["e1h1"])).unwrap_err();
        assert!(
            err.to_string()
                .contains("castling is written as the king's move e1g1"),
            "{err}"
        );
        assert!(matches!(
            check_opening(MatchGame::Chess, &opening(Some("8/8/8 w - - 0 1"), &[])),
            Err(OpeningError::Fen { .. })
        ));
        assert!(matches!(
            check_opening(
                MatchGame::Chess,
                &opening(None, &["f2f3", "e7e5", "g2g4", "d8h4"])
            ),
            Err(OpeningError::Finished("checkmate"))
        ));
        assert!(matches!(
            check_opening(
                MatchGame::Chess,
                &opening(None, &["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"])
            ),
            Err(OpeningError::Finished("before its last move"))
        ));
    }

    #[test]
    fn replay_shows_every_position() {
        let mut seen = Vec::new();
        let end: Position = replay(&opening(None, &["h2e2", "h9g7"]), |mv, p: &Position| {
            seen.push((mv.map(str::to_owned), p.fen()))
        })
        .unwrap();
        assert_eq!(seen.len(), 3);
        assert_eq!(seen[0].0, None);
        assert_eq!(seen[2], (Some("h9g7".to_owned()), end.fen()));
    }
}
