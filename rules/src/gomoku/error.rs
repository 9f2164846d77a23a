//! Typed errors for the gomoku module.
//!
//! Each error names what is wrong *and where* (the point, the board, the offending text or
//! offset), because the harness shows these messages to a person debugging an engine: "point
//! 15,3 is off the 15x15 board" is actionable, "invalid move" is not.

use std::fmt;

use thiserror::Error;

use super::{BoardSize, Forbidden, Point, Stone};

/// Errors from building a board or changing its stones.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum GomokuError {
    /// A board dimension is outside `5..=32` (the range Gomocup managers accept).
    #[error(
        "board size {width}x{height} is not supported: each side must be between {min} and {max}",
        min = BoardSize::MIN,
        max = BoardSize::MAX
    )]
    InvalidSize {
        /// The requested number of columns.
        width: u32,
        /// The requested number of rows.
        height: u32,
    },
    /// The point does not lie on the board.
    #[error("point {point} is off the {size} board")]
    OffBoard {
        /// The offending point.
        point: Point,
        /// The board it was checked against.
        size: BoardSize,
    },
    /// A stone was placed on a point that already holds one.
    #[error("point {point} is already occupied by {stone}")]
    Occupied {
        /// The offending point.
        point: Point,
        /// The stone already there.
        stone: Stone,
    },
    /// A stone was removed from (taken back at) a point that holds none.
    #[error("point {point} is empty: there is no stone to take back")]
    Empty {
        /// The offending point.
        point: Point,
    },
}

/// Which coordinate of a Gomocup `x,y` point an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Axis {
    /// The column (first number).
    X,
    /// The row (second number).
    Y,
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Axis::X => "x",
            Axis::Y => "y",
        })
    }
}

/// Errors from parsing a Gomocup point such as `10,7`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum ParsePointError {
    /// There is no comma between the two numbers.
    #[error("point {input:?} has no comma: expected x,y such as 7,7")]
    MissingComma {
        /// The whole input (after trimming surrounding whitespace).
        input: String,
    },
    /// A coordinate is empty or contains something other than decimal digits.
    #[error("{axis} coordinate {text:?} is not a number")]
    NotANumber {
        /// Which coordinate.
        axis: Axis,
        /// The text found where the number should be.
        text: String,
    },
    /// A coordinate is negative (Gomocup coordinates start at 0).
    #[error("{axis} coordinate {text} is negative: coordinates start at 0")]
    Negative {
        /// Which coordinate.
        axis: Axis,
        /// The text found, minus sign included.
        text: String,
    },
    /// A coordinate does not fit the point type (more than 255).
    #[error("{axis} coordinate {text} is too large: at most {max}", max = u8::MAX)]
    Overflow {
        /// Which coordinate.
        axis: Axis,
        /// The digits found.
        text: String,
    },
}

/// Errors from reading or writing AGI hex points (`78`, `EF`, move lists like `7877`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum AgiError {
    /// AGI's one-hex-digit coordinates only reach 15 rows (0..E) and 15 columns (1..F).
    #[error("AGI hex points cover at most 15x15; the board is {size}")]
    BoardTooLarge {
        /// The board in use.
        size: BoardSize,
    },
    /// A single point must be exactly two hex digits.
    #[error(
        "AGI point {input:?} must be exactly two hex digits (row then column), not {len} characters"
    )]
    WrongLength {
        /// The input (after trimming surrounding whitespace).
        input: String,
        /// How many characters it has.
        len: usize,
    },
    /// A character is not a hex digit.
    #[error("{ch:?} at offset {offset} is not a hex digit")]
    NotHexDigit {
        /// The offending character.
        ch: char,
        /// Its byte offset in the input.
        offset: usize,
    },
    /// The column digit is 0; AGI columns start at 1.
    #[error("column digit 0 at offset {offset} is invalid: AGI columns run from 1")]
    ColumnZero {
        /// Byte offset of the column digit in the input.
        offset: usize,
    },
    /// The row digit names a row the board does not have.
    #[error("row digit {digit:X} at offset {offset} is off the {size} board (rows 0..{last:X})", last = size.height() - 1)]
    RowOffBoard {
        /// The row digit's value (0-based row).
        digit: u8,
        /// Byte offset of the row digit in the input.
        offset: usize,
        /// The board in use.
        size: BoardSize,
    },
    /// The column digit names a column the board does not have.
    #[error("column digit {digit:X} at offset {offset} is off the {size} board (columns 1..{last:X})", last = size.width())]
    ColumnOffBoard {
        /// The column digit's value (1-based column).
        digit: u8,
        /// Byte offset of the column digit in the input.
        offset: usize,
        /// The board in use.
        size: BoardSize,
    },
    /// A move list has an odd number of digits, so its last point is cut short.
    #[error(
        "AGI move list has an odd number of digits: the point starting at offset {offset} is incomplete"
    )]
    OddLength {
        /// Byte offset of the lone final digit.
        offset: usize,
    },
    /// A point cannot be written in AGI form because it is off the board.
    #[error("point {point} is off the {size} board, so it has no AGI form")]
    OffBoard {
        /// The offending point.
        point: Point,
        /// The board in use.
        size: BoardSize,
    },
}

/// An unsupported Gomocup `INFO rule` value.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[error(
    "rule {value} has unknown bit(s) {}: known bits are 1 (exactly five), 2 (continuous game), 4 (renju)",
    list_bits(*unknown)
)]
pub struct RuleError {
    /// The whole value received.
    pub value: u32,
    /// The bits this module does not know (for example 8, which some managers send for caro).
    pub unknown: u32,
}

/// Lists the set bits of `bits` as decimal values: `8, 16`.
fn list_bits(bits: u32) -> String {
    (0..32)
        .map(|i| 1u32 << i)
        .filter(|b| bits & b != 0)
        .map(|b| b.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a move may not be played.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum IllegalMove {
    /// The point is off the board or already occupied.
    #[error(transparent)]
    Board(#[from] GomokuError),
    /// Under renju the point is forbidden for black.
    #[error("point {point} is forbidden for black under renju ({reason})")]
    Forbidden {
        /// The offending point.
        point: Point,
        /// Which renju prohibition applies.
        reason: Forbidden,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_and_where() {
        let size = BoardSize::square(15).unwrap();
        let e = GomokuError::OffBoard {
            point: Point::new(15, 3),
            size,
        };
        assert_eq!(e.to_string(), "point 15,3 is off the 15x15 board");
        let e = GomokuError::Occupied {
            point: Point::new(7, 7),
            stone: Stone::Black,
        };
        assert_eq!(e.to_string(), "point 7,7 is already occupied by black");
        let e = GomokuError::InvalidSize {
            width: 4,
            height: 40,
        };
        assert_eq!(
            e.to_string(),
            "board size 4x40 is not supported: each side must be between 5 and 32"
        );
    }

    #[test]
    fn rule_error_lists_each_unknown_bit() {
        let e = RuleError {
            value: 8 | 16 | 1,
            unknown: 8 | 16,
        };
        assert_eq!(
            e.to_string(),
            "rule 25 has unknown bit(s) 8, 16: known bits are 1 (exactly five), 2 (continuous game), 4 (renju)"
        );
    }
}
