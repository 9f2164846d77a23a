//! Colours and piece kinds, with their FEN letters.

use std::fmt;

/// Red moves first and sits at the bottom (ranks 0..4); black at the top (ranks 5..9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first; its side of the river is ranks 0 to 4, its FEN letters upper case.
    Red,
    /// Moves second; its side of the river is ranks 5 to 9, its FEN letters lower case.
    Black,
}

impl Color {
    /// The other colour.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    pub(crate) const fn index(self) -> usize {
        match self {
            Color::Red => 0,
            Color::Black => 1,
        }
    }

    /// The rank step that moves a pawn of this colour forward.
    pub const fn forward(self) -> i8 {
        match self {
            Color::Red => 1,
            Color::Black => -1,
        }
    }

    /// Whether `rank` is on this colour's own side of the river.
    pub const fn owns_rank(self, rank: u8) -> bool {
        match self {
            Color::Red => rank <= 4,
            Color::Black => rank >= 5,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "red",
            Color::Black => "black",
        })
    }
}

/// The seven kinds of xiangqi piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The general (帅, 将): one point along a file or rank, never out of its palace.
    King,
    /// One point diagonally, never out of its palace (仕, 士).
    Advisor,
    /// Two points diagonally, never across the river, blocked by a piece between (相, 象).
    Elephant,
    /// One point straight then one diagonally outwards, blocked by a piece on the first (马).
    Horse,
    /// Any distance along a file or rank (车).
    Rook,
    /// Moves as a rook, but captures by jumping over exactly one piece (炮).
    Cannon,
    /// One point forward; sideways too once across the river (兵, 卒).
    Pawn,
}

impl Kind {
    /// Every kind, king first and pawn last, for going over them all.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Rook,
        Kind::Cannon,
        Kind::Pawn,
    ];

    /// The most pieces of this kind one side can have (xiangqi has no promotion).
    pub const fn max_count(self) -> usize {
        match self {
            Kind::King => 1,
            Kind::Pawn => 5,
            _ => 2,
        }
    }

    /// Lower-case FEN letter (black's); red's is the upper-case form.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'k',
            Kind::Advisor => 'a',
            Kind::Elephant => 'b',
            Kind::Horse => 'n',
            Kind::Rook => 'r',
            Kind::Cannon => 'c',
            Kind::Pawn => 'p',
        }
    }

    /// The kind's English name in lower case (`horse`), as error messages write it.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Rook => "rook",
            Kind::Cannon => "cannon",
            Kind::Pawn => "pawn",
        }
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side it belongs to.
    pub color: Color,
    /// What it is, and so how it moves.
    pub kind: Kind,
}

impl Piece {
    /// The piece a FEN letter stands for. Besides the UCCI letters, `h` (horse) and `e` (elephant)
    /// are accepted because several GUIs write them.
    pub fn from_fen_letter(letter: char) -> Option<Piece> {
        let kind = match letter.to_ascii_lowercase() {
            'k' => Kind::King,
            'a' => Kind::Advisor,
            'b' | 'e' => Kind::Elephant,
            'n' | 'h' => Kind::Horse,
            'r' => Kind::Rook,
            'c' => Kind::Cannon,
            'p' => Kind::Pawn,
            _ => return None,
        };
        let color = if letter.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    /// Its UCCI FEN letter: upper case for red, lower case for black (`N`, `c`).
    pub fn fen_letter(self) -> char {
        match self.color {
            Color::Red => self.kind.letter().to_ascii_uppercase(),
            Color::Black => self.kind.letter(),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.kind.name())
    }
}
