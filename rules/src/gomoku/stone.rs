//! Stone colours.

use std::fmt;

/// The colour of a stone, and so of a player. Black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stone {
    /// The first player. Under renju, black alone has forbidden points.
    Black,
    /// The second player.
    White,
}

impl Stone {
    /// Both colours, black first (the order of play).
    pub const ALL: [Stone; 2] = [Stone::Black, Stone::White];

    /// The other colour.
    pub const fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// The character used in board diagrams: `X` for black, `O` for white.
    pub const fn symbol(self) -> char {
        match self {
            Stone::Black => 'X',
            Stone::White => 'O',
        }
    }
}

impl fmt::Display for Stone {
    /// `black` or `white`, for error messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Black => "black",
            Stone::White => "white",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_swaps_and_is_an_involution() {
        assert_eq!(Stone::Black.opponent(), Stone::White);
        assert_eq!(Stone::White.opponent(), Stone::Black);
        for s in Stone::ALL {
            assert_eq!(s.opponent().opponent(), s);
        }
    }

    #[test]
    fn display_and_symbol() {
        assert_eq!(Stone::Black.to_string(), "black");
        assert_eq!(Stone::White.to_string(), "white");
        assert_eq!(Stone::Black.symbol(), 'X');
        assert_eq!(Stone::White.symbol(), 'O');
    }
}
