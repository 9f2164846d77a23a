//! Points of the xiangqi board: 9 files `a`..`i` left to right, 10 ranks `0`..`9` from red's side.

use std::fmt;

/// Number of files (columns) on the board.
pub const FILES: u8 = 9;
/// Number of ranks (rows) on the board.
pub const RANKS: u8 = 10;
/// Number of points on the board.
pub const SQUARES: usize = (FILES as usize) * (RANKS as usize);

/// A point of the board, numbered `rank * 9 + file` so that `a0` is 0 and `i9` is 89.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The point on `file` (0 = `a`) and `rank` (0 = red's back rank), if both are on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// The point with this index (0..90), if there is one.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// Its number, `rank * 9 + file`: 0 for `a0` up to 89 for `i9`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its file, 0 (`a`, red's left) to 8 (`i`).
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// Its rank, 0 (red's back rank) to 9 (black's).
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The point `file_step` files and `rank_step` ranks away, if it is on the board.
    pub const fn offset(self, file_step: i8, rank_step: i8) -> Option<Square> {
        let file = self.file() as i8 + file_step;
        let rank = self.rank() as i8 + rank_step;
        if file < 0 || rank < 0 {
            None
        } else {
            Square::new(file as u8, rank as u8)
        }
    }

    /// Parses an ICCS point such as `e0` (the file letter may be upper case).
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [file, rank] => Square::from_chars(*file, *rank),
            _ => None,
        }
    }

    pub(crate) fn from_chars(file: u8, rank: u8) -> Option<Square> {
        let file = file.to_ascii_lowercase().checked_sub(b'a')?;
        let rank = rank.checked_sub(b'0')?;
        Square::new(file, rank)
    }

    /// Every point, `a0` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_names() {
        assert_eq!(Square::new(0, 0).unwrap().to_string(), "a0");
        assert_eq!(Square::new(8, 9).unwrap().to_string(), "i9");
        assert_eq!(Square::parse("e9"), Square::new(4, 9));
        assert_eq!(Square::parse("E9"), Square::new(4, 9));
        assert_eq!(Square::new(9, 0), None);
        assert_eq!(Square::new(0, 10), None);
        for bad in ["", "j0", "a", "a10", "0a", "é0"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_square_round_trips_through_its_name() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
    }
}
