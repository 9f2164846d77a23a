//! Moves in the notations xiangqi players read: Chinese file notation (纵线格式: `炮二平五`,
//! `马８进７`) and the ICCS coordinates of xqbase PGN (`H2-E2`).
//!
//! Chinese notation names the piece, its file, the direction and a number. Each side counts the
//! nine files from its own right: red writes them in Chinese numerals (一 to 九), black in
//! full-width digits (１ to ９), as the xqbase PGN files and ElephantEye's league simulator
//! write them. `进` moves towards the opponent, `退` back, `平` along the rank. The number after
//! `进` or `退` is the count of ranks for the pieces that move straight (king, rook, cannon,
//! pawn) and the file arrived on for those that move diagonally (advisor, elephant, horse);
//! after `平` it is the file arrived on.
//!
//! A rook, horse, cannon or pawn that shares its file with another of its kind is named by its
//! place instead of its file, following the xqbase notation standard (《中国象棋电脑应用规范
//! (二)：着法表示》, as ElephantEye's `Move2File` and `File2Move` implement it): take every piece
//! of that kind on a file holding more than one, ordered by file from the side's right and,
//! within a file, from front to back. Two such pieces are `前` and `后`, three `前`, `中`, `后`,
//! and four or five (pawns on one file, or on two files at once, the tandem-pawn case) `一` to
//! `五` in that order. Kings, advisors and elephants are always named by their file: the
//! direction and the file arrived on tell two advisors or elephants on one file apart.

use std::fmt;

use super::{Color, Kind, Move, Piece, Position, Square};

/// Red's file numbers and counts, 1 to 9.
const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
/// Black's, full-width as xqbase writes them (ASCII digits are read too).
const BLACK_NUMERALS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// The place of a piece among four or five of its kind.
const ORDINALS: [char; 5] = ['一', '二', '三', '四', '五'];

/// Why a text is not a Chinese-notation move of the side to move in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChineseMoveError {
    /// The text is not four characters: piece and file (or place and piece), direction, number.
    #[error(
        "{text:?} is not a move in Chinese notation: four characters, a piece and its file \
         (or its place, 前 or 后, and the piece), 进, 退 or 平, and a number"
    )]
    Syntax {
        /// The move text as given.
        text: String,
    },
    /// The side to move has no such piece on the file, or at the place, the text names.
    #[error("{text}: the side to move has no such piece there")]
    NoPiece {
        /// The move text as given.
        text: String,
    },
    /// More than one piece of the side to move fits the text, which must then name the piece
    /// by its place on the file (前, 后, …).
    #[error("{text}: more than one piece fits; name it by its place (前, 后, …)")]
    Ambiguous {
        /// The move text as given.
        text: String,
    },
    /// The piece the text names cannot make that move in this position.
    #[error("{text}: the piece cannot make that move here")]
    Illegal {
        /// The move text as given.
        text: String,
    },
}

/// The move in Chinese notation, or `None` when no piece stands on its from-point. The move
/// should be legal in `position`: the text of an illegal move reads back as nothing.
pub fn to_chinese(position: &Position, mv: Move) -> Option<String> {
    let piece = position.piece_at(mv.from)?;
    let color = piece.color;
    let mut text = String::with_capacity(12);
    match designation(position, piece, mv.from) {
        Designation::File(number) => {
            text.push(piece_char(piece));
            text.push(numeral(color, number));
        }
        Designation::Place(place) => {
            text.push(place);
            text.push(piece_char(piece));
        }
    }
    let advance = ahead(color, mv.to.rank()) - ahead(color, mv.from.rank());
    text.push(match advance {
        0 => '平',
        1.. => '进',
        _ => '退',
    });
    let number = match piece.kind {
        Kind::Advisor | Kind::Elephant | Kind::Horse => file_number(color, mv.to.file()),
        _ if advance == 0 => file_number(color, mv.to.file()),
        _ => advance.unsigned_abs(),
    };
    text.push(numeral(color, number));
    Some(text)
}

/// Reads a move of the side to move in Chinese notation: simplified or traditional characters
/// (`車`, `馬`, `進`, `後`, …), black's numbers full-width or ASCII. The move returned is legal.
pub fn parse_chinese(position: &Position, text: &str) -> Result<Move, ChineseMoveError> {
    let syntax = || ChineseMoveError::Syntax {
        text: text.to_owned(),
    };
    let chars: Vec<char> = text.trim().chars().collect();
    let [first, second, direction, last] = chars[..] else {
        return Err(syntax());
    };
    let side = position.turn();
    let direction = read_direction(direction).ok_or_else(syntax)?;
    let number = read_numeral(last).ok_or_else(syntax)?;
    let (kind, sources) = if let Some(kind) = read_kind(first) {
        let file = file_of(side, read_numeral(second).ok_or_else(syntax)?);
        let on_file: Vec<Square> = pieces_of(position, Piece { color: side, kind })
            .filter(|sq| sq.file() == file)
            .collect();
        // Two pieces that move straight or as a horse on one file must be named by place.
        if on_file.len() > 1 && !matches!(kind, Kind::King | Kind::Advisor | Kind::Elephant) {
            return Err(ChineseMoveError::Ambiguous {
                text: text.to_owned(),
            });
        }
        (kind, on_file)
    } else {
        let kind = read_kind(second).ok_or_else(syntax)?;
        let group = doubled(position, Piece { color: side, kind });
        let index = place_index(first, group.len()).ok_or_else(syntax)?;
        (kind, group.get(index).copied().into_iter().collect())
    };
    if sources.is_empty() {
        return Err(ChineseMoveError::NoPiece {
            text: text.to_owned(),
        });
    }
    let mut fitting = sources
        .into_iter()
        .filter_map(|from| destination(side, kind, from, direction, number).map(|to| (from, to)))
        .map(|(from, to)| Move::new(from, to))
        .filter(|&mv| position.is_legal(mv));
    match (fitting.next(), fitting.next()) {
        (Some(mv), None) => Ok(mv),
        (None, _) => Err(ChineseMoveError::Illegal {
            text: text.to_owned(),
        }),
        (Some(_), Some(_)) => Err(ChineseMoveError::Ambiguous {
            text: text.to_owned(),
        }),
    }
}

/// A move as ICCS coordinates in xqbase PGN (`[Format "ICCS"]`): upper-case files and a dash,
/// `H2-E2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IccsText(pub Move);

impl fmt::Display for IccsText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let point = |sq: Square| format!("{}{}", (b'A' + sq.file()) as char, sq.rank());
        write!(f, "{}-{}", point(self.0.from), point(self.0.to))
    }
}

/// How the moving piece is named: by its file, or by its place among its kind.
enum Designation {
    File(u8),
    Place(char),
}

fn designation(position: &Position, piece: Piece, from: Square) -> Designation {
    let by_file = Designation::File(file_number(piece.color, from.file()));
    if matches!(piece.kind, Kind::King | Kind::Advisor | Kind::Elephant) {
        return by_file;
    }
    let group = doubled(position, piece);
    let Some(index) = group.iter().position(|&sq| sq == from) else {
        return by_file;
    };
    let place = match group.len() {
        2 => ['前', '后'][index],
        3 => ['前', '中', '后'][index],
        _ => ORDINALS[index],
    };
    Designation::Place(place)
}

/// Where `place` (前, 中, 后, 一…五) points among `count` pieces named by place.
fn place_index(place: char, count: usize) -> Option<usize> {
    let index = match (place, count) {
        ('前', 2 | 3) => 0,
        ('中', 3) => 1,
        ('后' | '後', 2 | 3) => count - 1,
        (ordinal, 4 | 5) => ORDINALS.iter().position(|&o| o == ordinal)?,
        _ => return None,
    };
    (index < count).then_some(index)
}

/// The pieces like `piece` on files that hold more than one of them, ordered as the notation
/// numbers them: by file from the side's right, then from front to back.
fn doubled(position: &Position, piece: Piece) -> Vec<Square> {
    let all: Vec<Square> = pieces_of(position, piece).collect();
    let mut group: Vec<Square> = all
        .iter()
        .copied()
        .filter(|sq| all.iter().filter(|o| o.file() == sq.file()).count() > 1)
        .collect();
    group.sort_by_key(|sq| {
        (
            file_number(piece.color, sq.file()),
            std::cmp::Reverse(ahead(piece.color, sq.rank())),
        )
    });
    group
}

fn pieces_of(position: &Position, piece: Piece) -> impl Iterator<Item = Square> + '_ {
    position
        .pieces()
        .filter(move |&(_, p)| p == piece)
        .map(|(sq, _)| sq)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Advance,
    Retreat,
    Across,
}

/// Where a piece of `kind` on `from` arrives for `direction` and `number`, if on the board.
fn destination(
    side: Color,
    kind: Kind,
    from: Square,
    direction: Direction,
    number: u8,
) -> Option<Square> {
    let forward = side.forward();
    let sign: i8 = match direction {
        Direction::Advance => 1,
        Direction::Retreat => -1,
        Direction::Across => 0,
    };
    match kind {
        Kind::King | Kind::Rook | Kind::Cannon | Kind::Pawn => match direction {
            Direction::Across => Square::new(file_of(side, number), from.rank()),
            _ => from.offset(0, sign * forward * number as i8),
        },
        Kind::Advisor | Kind::Elephant | Kind::Horse => {
            if direction == Direction::Across {
                return None;
            }
            let file = file_of(side, number);
            let files = file.abs_diff(from.file());
            let ranks = match (kind, files) {
                (Kind::Advisor, 1) => 1,
                (Kind::Elephant, 2) => 2,
                (Kind::Horse, 1) => 2,
                (Kind::Horse, 2) => 1,
                _ => return None,
            };
            Square::new(file, from.rank()).and_then(|sq| sq.offset(0, sign * forward * ranks))
        }
    }
}

/// How far `rank` is from `color`'s own back rank (0 to 9).
fn ahead(color: Color, rank: u8) -> i8 {
    match color {
        Color::Red => rank as i8,
        Color::Black => 9 - rank as i8,
    }
}

/// The number (1 to 9) of a file (0 = `a`), counted from `color`'s right.
fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

/// The file (0 = `a`) of `color`'s file number `number` (1 to 9).
fn file_of(color: Color, number: u8) -> u8 {
    match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    }
}

fn numeral(color: Color, number: u8) -> char {
    let numerals = match color {
        Color::Red => &RED_NUMERALS,
        Color::Black => &BLACK_NUMERALS,
    };
    numerals[usize::from(number - 1)]
}

/// A number 1 to 9 in any of the ways records write it.
fn read_numeral(c: char) -> Option<u8> {
    let index = RED_NUMERALS
        .iter()
        .chain(&BLACK_NUMERALS)
        .position(|&n| n == c)
        .map(|i| i % 9)
        .or_else(|| ('1'..='9').contains(&c).then(|| c as usize - '1' as usize))?;
    Some(index as u8 + 1)
}

fn piece_char(piece: Piece) -> char {
    match (piece.color, piece.kind) {
        (Color::Red, Kind::King) => '帅',
        (Color::Black, Kind::King) => '将',
        (Color::Red, Kind::Advisor) => '仕',
        (Color::Black, Kind::Advisor) => '士',
        (Color::Red, Kind::Elephant) => '相',
        (Color::Black, Kind::Elephant) => '象',
        (_, Kind::Horse) => '马',
        (_, Kind::Rook) => '车',
        (_, Kind::Cannon) => '炮',
        (Color::Red, Kind::Pawn) => '兵',
        (Color::Black, Kind::Pawn) => '卒',
    }
}

/// The kind a character names, simplified or traditional, whichever side's name it is.
fn read_kind(c: char) -> Option<Kind> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Kind::King,
        '仕' | '士' => Kind::Advisor,
        '相' | '象' => Kind::Elephant,
        '马' | '馬' | '傌' => Kind::Horse,
        '车' | '車' | '俥' => Kind::Rook,
        '炮' | '砲' | '包' => Kind::Cannon,
        '兵' | '卒' => Kind::Pawn,
        _ => return None,
    })
}

fn read_direction(c: char) -> Option<Direction> {
    Some(match c {
        '进' | '進' => Direction::Advance,
        '退' => Direction::Retreat,
        '平' => Direction::Across,
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
