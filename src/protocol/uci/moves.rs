//! Moves as UCI writes them: a from-square and a to-square, each a file letter and a rank
//! number from 1, then an optional promotion letter; or `0000`, the null move (uci-r21).
//!
//! The text was written for chess (`e2e4`, `e7e8q`), and xiangqi engines that speak UCI
//! (Fairy-Stockfish with `UCI_Variant xiangqi`, Pikafish) write their moves the same way on a
//! board of nine files and ten ranks (`h3e3`, `a10a9`). The codec reads the shape both games
//! share; which squares exist and which moves are legal is the game's oracle's business, so a
//! move off the board is judged as an illegal move, with the position, not as an unreadable line.

use std::fmt;
use std::str::FromStr;

/// The widest board a UCI game here has: xiangqi's nine files and ten ranks.
const FILES: u8 = 9;
const RANKS: u8 = 10;

/// A square: its file (0 = `a`) and its rank as written (from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

/// A UCI move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// `0000`: "no move" (uci-r21).
    Null,
    /// `a1a1` reads too, so a check can grade it (remark 3).
    Normal {
        from: Square,
        to: Square,
        /// `n`, `b`, `r`, `q` (or `k`, which some chess variants use).
        promotion: Option<char>,
    },
}

/// What a UCI move looks like, for error messages. The codec reads the shape both games share
/// and does not know which is played, so it names each game's board: a chess engine must not
/// be told its ranks run to 10.
pub(super) const SHAPE: &str = "expected from-square and to-square (chess: files a-h, ranks 1-8, e2e4; xiangqi: files a-i, ranks 1-10, h3e3, a10a9) and an optional promotion letter n, b, r or q (e7e8q), or 0000 for the null move";

/// One square at the start of `text`, and the rest.
fn square(text: &str) -> Option<(Square, &str)> {
    let file = text
        .bytes()
        .next()?
        .checked_sub(b'a')
        .filter(|&f| f < FILES)?;
    let rest = &text[1..];
    let digits = if rest.starts_with("10") { 2 } else { 1 };
    let rank: u8 = rest.get(..digits)?.parse().ok()?;
    if !(1..=RANKS).contains(&rank) || rest.starts_with('0') {
        return None;
    }
    Some((Square { file, rank }, &rest[digits..]))
}

impl FromStr for Move {
    type Err = ();

    fn from_str(text: &str) -> Result<Move, ()> {
        if text == "0000" {
            return Ok(Move::Null);
        }
        let (from, rest) = square(text).ok_or(())?;
        let (to, rest) = square(rest).ok_or(())?;
        let promotion = match rest.as_bytes() {
            [] => None,
            [p @ (b'n' | b'b' | b'r' | b'q' | b'k')] => Some(char::from(*p)),
            _ => return Err(()),
        };
        Ok(Move::Normal {
            from,
            to,
            promotion,
        })
    }
}

impl Square {
    /// Appends the square as it is written (`e2`, xiangqi's `a10`) to `out`.
    fn spell_into(self, out: &mut Spelling) {
        out.push(b'a' + self.file);
        if self.rank >= 10 {
            out.push(b'0' + self.rank / 10);
        }
        out.push(b'0' + self.rank % 10);
    }
}

/// A move's text, made on the stack: every `position` a match sends and every pv it judges
/// spells its moves, and writing them a character at a time through the formatter was most
/// of what sending a `position` cost.
struct Spelling {
    bytes: [u8; 8],
    len: usize,
}

impl Spelling {
    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn as_str(&self) -> &str {
        // Only ASCII letters and digits are pushed.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Spelling {
            bytes: [0; 8],
            len: 0,
        };
        self.spell_into(&mut out);
        f.write_str(out.as_str())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Null => f.write_str("0000"),
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let mut out = Spelling {
                    bytes: [0; 8],
                    len: 0,
                };
                from.spell_into(&mut out);
                to.spell_into(&mut out);
                if let Some(p) = promotion.filter(char::is_ascii) {
                    out.push(p as u8);
                }
                f.write_str(out.as_str())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_and_xiangqi_moves_read_and_write_back() {
        for text in [
            "e2e4", "e7e8q", "a1a1", "0000", "h3e3", "a10a9", "i10i1", "b7b8k",
        ] {
            let mv: Move = text.parse().unwrap_or_else(|()| panic!("{text}"));
            assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn other_shapes_are_refused() {
        for text in [
            "", "e2", "e2e", "e2e4x", "e7e8Q", "E2E4", "j1j2", "a0a1", "a11a1", "a01a1", "000",
            "e2e4q5", "a100a9",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }
}
