//! Xiangqi moves as UCI engines write them. Fairy-Stockfish (`UCI_Variant xiangqi`) and Pikafish
//! speak UCI, and number the ranks 1–10 from red's side: ICCS `h2e2` is UCI `h3e3`, and a rook
//! leaving black's corner is `a10a9`. Files are the same letters, `a`–`i`.

use std::fmt;

use super::{IllegalReason, Move, MoveError, Position, Square};
use crate::game::{Game, GameStatus, Misspelling, Side};

/// Why a text is not a xiangqi move in UCI notation, or not one this position allows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciMoveError {
    /// The text is not two points, each a file `a` to `i` and a rank 1 to 10.
    #[error(
        "UCI xiangqi move {text:?} must be two points, each a file a-i and a rank 1-10 (`h3e3`, `a10a9`)"
    )]
    Syntax {
        /// The move text as given.
        text: String,
    },
    /// Its two points are the same.
    #[error("UCI xiangqi move {text:?} does not move: from and to are the same point")]
    NullMove {
        /// The move text as given.
        text: String,
    },
    /// A well-formed move that the position does not allow.
    #[error("{text} is illegal: {reason}")]
    Illegal {
        /// The move as written.
        text: String,
        /// The rule it breaks.
        reason: IllegalReason,
    },
}

/// Reads `h3e3` or `a10a9` (file letters in either case).
pub fn parse_uci_move(text: &str) -> Result<Move, UciMoveError> {
    let syntax = || UciMoveError::Syntax {
        text: text.to_owned(),
    };
    let (from, rest) = point(text).ok_or_else(syntax)?;
    let (to, rest) = point(rest).ok_or_else(syntax)?;
    if !rest.is_empty() {
        return Err(syntax());
    }
    if from == to {
        return Err(UciMoveError::NullMove {
            text: text.to_owned(),
        });
    }
    Ok(Move::new(from, to))
}

/// One point at the start of `text`: a file letter and a rank of one or two digits (1–10).
fn point(text: &str) -> Option<(Square, &str)> {
    let file = text
        .bytes()
        .next()?
        .to_ascii_lowercase()
        .checked_sub(b'a')?;
    let digits = text[1..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count()
        .min(2);
    let digits = if digits == 2 && !text[1..].starts_with("10") {
        1
    } else {
        digits
    };
    let rank: u8 = text.get(1..1 + digits)?.parse().ok()?;
    let square = Square::new(file, rank.checked_sub(1)?)?;
    Some((square, &text[1 + digits..]))
}

/// A move in UCI notation, for `format!`.
pub struct UciText(pub Move);

impl fmt::Display for UciText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let point = |s: Square| format!("{}{}", char::from(b'a' + s.file()), s.rank() + 1);
        write!(f, "{}{}", point(self.0.from), point(self.0.to))
    }
}

/// A xiangqi position whose moves are read and written in UCI notation: the oracle for a UCI
/// xiangqi engine. The rules are [`Position`]'s; only the move text differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciPosition(pub Position);

impl Game for UciPosition {
    type Move = Move;
    type FenError = <Position as Game>::FenError;
    type MoveError = UciMoveError;

    const NAME: &'static str = "xiangqi";

    fn start_position() -> Self {
        UciPosition(Position::startpos())
    }

    fn from_fen(fen: &str) -> Result<Self, Self::FenError> {
        Position::from_fen(fen).map(UciPosition)
    }

    fn fen(&self) -> String {
        self.0.fen()
    }

    fn side_to_move(&self) -> Side {
        Game::side_to_move(&self.0)
    }

    fn legal_moves(&self) -> Vec<Move> {
        Game::legal_moves(&self.0)
    }

    fn parse_move(&self, text: &str) -> Result<Move, UciMoveError> {
        let mv = parse_uci_move(text)?;
        match self.0.parse_move(&mv.to_string()) {
            Ok(mv) => Ok(mv),
            Err(MoveError::Illegal { reason, .. }) => Err(UciMoveError::Illegal {
                text: text.to_owned(),
                reason,
            }),
            // The ICCS text of a well-formed UCI move is always well-formed.
            Err(MoveError::Syntax(_)) => Err(UciMoveError::Syntax {
                text: text.to_owned(),
            }),
        }
    }

    fn move_text(&self, mv: Move) -> String {
        UciText(mv).to_string()
    }

    /// A text that is no legal UCI move here, but is one read as ICCS numbers ranks (0–9):
    /// `h2e2` for `h3e3`, `a0a1` for `a1a2`.
    fn misspelling(&self, text: &str) -> Option<Misspelling> {
        if self.parse_move(text).is_ok() {
            return None;
        }
        let meant = self.0.parse_move(text).ok()?;
        Some(Misspelling::RanksNumberedFrom {
            written: 0,
            expected: 1,
            meant: UciText(meant).to_string(),
        })
    }

    fn play(&mut self, mv: Move) {
        self.0.play(mv);
    }

    fn is_check(&self) -> bool {
        self.0.is_check()
    }

    fn status(&self) -> GameStatus {
        Game::status(&self.0)
    }

    fn perft(&self, depth: u32) -> u64 {
        Game::perft(&self.0, depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_run_from_one_to_ten() {
        let mv = parse_uci_move("h3e3").unwrap();
        assert_eq!(mv.to_string(), "h2e2");
        assert_eq!(UciText(mv).to_string(), "h3e3");
        let corner = parse_uci_move("a10a9").unwrap();
        assert_eq!(corner.to_string(), "a9a8");
        assert_eq!(UciText(corner).to_string(), "a10a9");
        assert_eq!(
            UciText(parse_uci_move("I1i10").unwrap()).to_string(),
            "i1i10"
        );
    }

    #[test]
    fn every_move_reads_back_from_its_text() {
        for from in Square::all() {
            for to in Square::all().filter(|&to| to != from) {
                let mv = Move::new(from, to);
                assert_eq!(parse_uci_move(&UciText(mv).to_string()), Ok(mv));
            }
        }
    }

    #[test]
    fn texts_outside_the_board_are_refused() {
        for text in [
            "h0e3", "h3e11", "j1j2", "h3", "h3e3q", "a100a9", "", "h3h3", "a1O1",
        ] {
            assert!(parse_uci_move(text).is_err(), "{text}");
        }
    }

    #[test]
    fn the_oracle_speaks_uci_notation() {
        let mut position = UciPosition::start_position();
        assert!(position.legal_move_texts().contains(&"h3e3".to_owned()));
        position.play_text("h3e3").unwrap();
        position.play_text("h10g8").unwrap();
        let err = position.play_text("a1a5").unwrap_err();
        assert!(err.to_string().starts_with("a1a5 is illegal"), "{err}");
        assert!(matches!(
            position.play_text("h2e2"),
            Err(UciMoveError::Illegal { .. })
        ));
    }

    #[test]
    fn a_move_with_iccs_ranks_is_named_as_the_move_it_means() {
        let start = UciPosition::start_position();
        let meant = |text: &str| match start.misspelling(text) {
            Some(Misspelling::RanksNumberedFrom {
                written: 0,
                expected: 1,
                meant,
            }) => Some(meant),
            _ => None,
        };
        // ICCS `h2e2` is UCI `h3e3`; `a0a1`, a rank the UCI notation lacks, is `a1a2`.
        assert_eq!(meant("h2e2").as_deref(), Some("h3e3"));
        assert_eq!(meant("a0a1").as_deref(), Some("a1a2"));
        // A move that is legal as written, or legal under neither numbering, is no misspelling.
        assert_eq!(start.misspelling("h3e3"), None);
        assert_eq!(start.misspelling("e5e6"), None);
        // And the other way: a UCI-numbered move given to the ICCS oracle.
        let iccs = Position::startpos();
        assert_eq!(
            Game::misspelling(&iccs, "h3e3"),
            Some(Misspelling::RanksNumberedFrom {
                written: 1,
                expected: 0,
                meant: "h2e2".to_owned()
            })
        );
        assert_eq!(
            Game::misspelling(&iccs, "a10a9"),
            None,
            "black's rook, with red to move"
        );
        assert_eq!(Game::misspelling(&iccs, "h2e2"), None);
    }
}
