//! Moves in ICCS notation (`h2e2`: from-point then to-point) and a fixed-capacity move list.

use std::fmt;

use super::square::Square;

/// A move from one point to another. Whether it is legal depends on the position it is played in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The point the piece leaves.
    pub from: Square,
    /// The point it lands on, capturing whatever stands there.
    pub to: Square,
}

/// Why a text is not an ICCS move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IccsError {
    /// The text is not four ASCII characters.
    #[error("ICCS move {text:?} must be 4 characters (file a-i, rank 0-9, twice), not {len}")]
    Length {
        /// The move text as given.
        text: String,
        /// Its length in characters.
        len: usize,
    },
    /// One of its two halves names no point of the board.
    #[error("ICCS move {text:?} has no point {point:?}: files are a-i, ranks 0-9")]
    Point {
        /// The move text as given.
        text: String,
        /// The two characters that name no point.
        point: String,
    },
    /// Its from-point and to-point are the same.
    #[error("ICCS move {text:?} does not move: from and to are the same point")]
    NullMove {
        /// The move text as given.
        text: String,
    },
}

impl Move {
    /// The move from `from` to `to`, unchecked: whether it is legal is the position's to say.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Parses ICCS (`h2e2`). File letters may be upper case; the result formats in lower case.
    pub fn parse_iccs(text: &str) -> Result<Move, IccsError> {
        let bytes = text.as_bytes();
        if bytes.len() != 4 || !text.is_ascii() {
            return Err(IccsError::Length {
                text: text.to_owned(),
                len: text.chars().count(),
            });
        }
        let point = |i: usize| {
            Square::from_chars(bytes[i], bytes[i + 1]).ok_or_else(|| IccsError::Point {
                text: text.to_owned(),
                point: text[i..i + 2].to_owned(),
            })
        };
        let (from, to) = (point(0)?, point(2)?);
        if from == to {
            return Err(IccsError::NullMove {
                text: text.to_owned(),
            });
        }
        Ok(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// More than any xiangqi position can have: 2×17 rook, 2×17 cannon, 2×8 horse, 2×4 elephant,
/// 2×4 advisor, 4 king and 5×3 pawn moves add up to 119.
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack, so move generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list, with room for [`MAX_MOVES`] moves.
    pub fn new() -> MoveList {
        let filler = Move::new(
            Square::from_index_unchecked(0),
            Square::from_index_unchecked(0),
        );
        MoveList {
            moves: [filler; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// How many moves it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves it holds, in the order they were added.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub(crate) fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats_iccs() {
        let mv = Move::parse_iccs("h2e2").unwrap();
        assert_eq!(mv.from, Square::parse("h2").unwrap());
        assert_eq!(mv.to, Square::parse("e2").unwrap());
        assert_eq!(mv.to_string(), "h2e2");
        assert_eq!(Move::parse_iccs("H2E2").unwrap(), mv);
    }

    #[test]
    fn rejects_malformed_iccs_with_the_reason() {
        let err = |t: &str| Move::parse_iccs(t).unwrap_err().to_string();
        assert!(err("h2e").contains("must be 4 characters"));
        assert!(err("h2e2 ").contains("must be 4 characters"));
        assert!(err("j2e2").contains("no point \"j2\""));
        assert!(err("h2ex").contains("no point \"ex\""));
        assert!(err("e2e2").contains("does not move"));
        assert!(err("é2e2").contains("must be 4 characters"));
    }
}
