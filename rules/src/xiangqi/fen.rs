//! FEN in the UCCI form: ten rows from rank 9 (black's back rank) down to rank 0, each from file
//! `a` to `i`; upper case red, lower case black; then the side to move (`w` or `r` red, `b` black),
//! two `-` fields and the halfmove and move counters. Setups no game can reach are refused.

use std::fmt::Write as _;

use super::piece::{Color, Kind, Piece};
use super::position::Position;
use super::square::{FILES, RANKS, Square};

/// The start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN was refused: its text is malformed, or its setup cannot occur in a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text holds no field at all.
    #[error("FEN is empty")]
    Empty,
    /// The board field has this many ranks, not 10.
    #[error("FEN board has {0} ranks separated by '/', expected 10")]
    RankCount(usize),
    /// A rank's pieces and empty points do not add up to 9 files.
    #[error("FEN rank {rank} has {files} files, expected 9")]
    FileCount {
        /// The rank at fault, numbered as in ICCS: 0 for red's back rank up to 9.
        rank: u8,
        /// How many files its letters and digits add up to.
        files: usize,
    },
    /// A rank holds a character that is neither a piece letter nor a digit 1 to 9.
    #[error(
        "FEN rank {rank} has {found:?}, which is neither a piece letter (KABNRCP, kabnrcp) nor a digit 1-9"
    )]
    BadChar {
        /// The rank it stands in (ICCS numbering, 0 to 9).
        rank: u8,
        /// The character refused.
        found: char,
    },
    /// The side-to-move field is not `w`, `r` or `b`; the text is what it holds.
    #[error("FEN side to move is {0:?}, expected w (or r) for red, b for black")]
    BadTurn(String),
    /// The castling or en passant field holds something other than `-`: xiangqi has neither.
    #[error("FEN field {field} is {found:?}, expected '-' (xiangqi has no castling or en passant)")]
    BadPlaceholder {
        /// Which field of the FEN, counting from 1: 3 or 4.
        field: usize,
        /// What the field holds.
        found: String,
    },
    /// The halfmove clock or the move number is not a whole number.
    #[error("FEN {name} is {found:?}, expected a whole number")]
    BadCounter {
        /// Which counter: `halfmove clock` or `move number`.
        name: &'static str,
        /// What its field holds.
        found: String,
    },
    /// The FEN has this many fields, more than the 6 it may have.
    #[error("FEN has {0} fields, expected at most 6")]
    TooManyFields(usize),
    /// The FEN reads, but describes a position no game can reach.
    #[error("illegal setup: {0}")]
    Setup(#[from] SetupError),
}

/// Why a well-formed FEN describes a position no game can reach.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A side has no king.
    #[error("{color} has no king")]
    MissingKing {
        /// The side without one.
        color: Color,
    },
    /// A side has more pieces of one kind than the start gives it (xiangqi has no promotion).
    #[error("{color} has more {kind}s than the {max} a side can have", kind = kind.name())]
    TooMany {
        /// The side with too many.
        color: Color,
        /// The kind it has too many of.
        kind: Kind,
        /// How many a side may have: 1 king, 5 pawns, 2 of every other kind.
        max: usize,
    },
    /// A king stands outside its palace, which it can never leave.
    #[error("{piece} on {square} is outside its palace")]
    OutsidePalace {
        /// The king, with its colour.
        piece: Piece,
        /// The point it stands on.
        square: Square,
    },
    /// An advisor or elephant stands on a point its moves can never bring it to.
    #[error("{piece} on {square} is on a point it can never reach")]
    UnreachablePoint {
        /// The advisor or elephant, with its colour.
        piece: Piece,
        /// The point it stands on.
        square: Square,
    },
    /// A pawn stands behind the rank it starts on, and pawns never move back.
    #[error("{piece} on {square} is behind its starting rank")]
    PawnBehindStart {
        /// The pawn, with its colour.
        piece: Piece,
        /// The point it stands on.
        square: Square,
    },
    /// A pawn on its own side of the river stands off the files pawns start on: before the
    /// river it can only have moved straight ahead.
    #[error("{piece} on {square} has not crossed the river yet is off its starting file")]
    PawnOffFile {
        /// The pawn, with its colour.
        piece: Piece,
        /// The point it stands on.
        square: Square,
    },
    /// The side not to move is in check, or the kings face each other: the move that led here
    /// would have been illegal.
    #[error("{color} is not to move but is in check (or the kings face each other)")]
    OppositeCheck {
        /// The side not to move.
        color: Color,
    },
}

impl Position {
    /// The start position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start position is valid")
    }

    /// Parses a UCCI FEN and checks that its setup could occur in a game. The board and side to
    /// move are required; the `-` fields and counters may be left off (they default to `- - 0 1`).
    /// A move number of 0, which some GUIs write, is read as 1.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        let (&board, rest) = fields.split_first().ok_or(FenError::Empty)?;
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let turn = match rest.first().copied().unwrap_or("w") {
            "w" | "r" => Color::Red,
            "b" => Color::Black,
            other => return Err(FenError::BadTurn(other.to_owned())),
        };
        for (i, field) in rest.iter().enumerate().skip(1).take(2) {
            if *field != "-" {
                return Err(FenError::BadPlaceholder {
                    field: i + 2,
                    found: (*field).to_owned(),
                });
            }
        }
        let counter = |index: usize, name: &'static str, default: u32| match rest.get(index) {
            None => Ok(default),
            Some(text) => text.parse::<u32>().map_err(|_| FenError::BadCounter {
                name,
                found: (*text).to_owned(),
            }),
        };
        let halfmoves = counter(3, "halfmove clock", 0)?;
        let fullmoves = counter(4, "move number", 1)?.max(1);

        let mut position = Position::empty(turn);
        position.halfmoves = halfmoves;
        position.fullmoves = fullmoves;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != RANKS as usize {
            return Err(FenError::RankCount(rows.len()));
        }
        // Read the whole board first, so a malformed FEN is reported as such before any setup rule.
        let mut placed = Vec::with_capacity(32);
        for (row, text) in rows.iter().enumerate() {
            let rank = RANKS - 1 - row as u8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(skip) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    file += skip as usize;
                    continue;
                }
                let piece =
                    Piece::from_fen_letter(c).ok_or(FenError::BadChar { rank, found: c })?;
                // A point past file i is not kept; the file count below reports the row.
                if let Some(sq) = Square::new(file as u8, rank) {
                    placed.push((piece, sq));
                }
                file += 1;
            }
            if file != FILES as usize {
                return Err(FenError::FileCount { rank, files: file });
            }
        }
        for (piece, sq) in placed {
            if !position.put(piece, sq) {
                return Err(SetupError::TooMany {
                    color: piece.color,
                    kind: piece.kind,
                    max: piece.kind.max_count(),
                }
                .into());
            }
        }
        validate(&position)?;
        Ok(position)
    }

    /// Formats the position as a UCCI FEN (`w` for red).
    pub fn fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let sq = Square::new(file, rank).expect("on the board");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(fen, "{empty}");
                            empty = 0;
                        }
                        fen.push(piece.fen_letter());
                    }
                }
            }
            if empty > 0 {
                let _ = write!(fen, "{empty}");
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let turn = if self.turn == Color::Red { 'w' } else { 'b' };
        let _ = write!(fen, " {turn} - - {} {}", self.halfmoves, self.fullmoves);
        fen
    }
}

fn in_palace(color: Color, sq: Square) -> bool {
    (3..=5).contains(&sq.file())
        && match color {
            Color::Red => sq.rank() <= 2,
            Color::Black => sq.rank() >= 7,
        }
}

/// The points a colour's advisors or elephants can ever stand on, as (file, rank) from red's side.
fn reachable_points(kind: Kind) -> &'static [(u8, u8)] {
    match kind {
        Kind::Advisor => &[(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)],
        Kind::Elephant => &[(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)],
        _ => &[],
    }
}

/// Mirrors a point to red's side, so one table serves both colours.
fn relative_rank(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => sq.rank(),
        Color::Black => RANKS - 1 - sq.rank(),
    }
}

fn validate(position: &Position) -> Result<(), SetupError> {
    for color in [Color::Red, Color::Black] {
        let king_slot = position.slots[color.index() << 4];
        if king_slot == super::position::EMPTY {
            return Err(SetupError::MissingKing { color });
        }
    }
    for (square, piece) in position.pieces() {
        let rank = relative_rank(piece.color, square);
        match piece.kind {
            Kind::King => {
                if !in_palace(piece.color, square) {
                    return Err(SetupError::OutsidePalace { piece, square });
                }
            }
            Kind::Advisor | Kind::Elephant => {
                if !reachable_points(piece.kind).contains(&(square.file(), rank)) {
                    return Err(SetupError::UnreachablePoint { piece, square });
                }
            }
            Kind::Pawn => {
                if rank < 3 {
                    return Err(SetupError::PawnBehindStart { piece, square });
                }
                // Before the river a pawn can only have moved straight ahead from its start.
                if rank <= 4 && square.file() % 2 == 1 {
                    return Err(SetupError::PawnOffFile { piece, square });
                }
            }
            Kind::Horse | Kind::Rook | Kind::Cannon => {}
        }
    }
    let waiting = position.turn.opponent();
    if position.is_attacked(position.king_square(waiting), position.turn) {
        return Err(SetupError::OppositeCheck { color: waiting });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> String {
        Position::from_fen(fen).unwrap_err().to_string()
    }

    #[test]
    fn start_position_round_trips() {
        let pos = Position::startpos();
        assert_eq!(pos.fen(), START_FEN);
        assert_eq!(pos.turn(), Color::Red);
        assert_eq!(pos.pieces().count(), 32);
    }

    #[test]
    fn accepts_r_for_red_and_short_fens() {
        let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
        assert_eq!(
            Position::from_fen(&format!("{board} r - - 0 1")).unwrap(),
            Position::startpos()
        );
        assert_eq!(
            Position::from_fen(&format!("{board} w")).unwrap(),
            Position::startpos()
        );
        let black = Position::from_fen(&format!("{board} b - - 0 1")).unwrap();
        assert_eq!(black.turn(), Color::Black);
    }

    #[test]
    fn malformed_fens_say_what_is_wrong_and_where() {
        assert_eq!(err(""), "FEN is empty");
        assert_eq!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w"),
            "FEN board has 9 ranks separated by '/', expected 10"
        );
        assert_eq!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C6c1/9/RNBAKABNR w"),
            "FEN rank 2 has 10 files, expected 9"
        );
        assert_eq!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w"),
            "FEN rank 0 has 'X', which is neither a piece letter (KABNRCP, kabnrcp) nor a digit 1-9"
        );
        assert!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x")
                .contains("side to move")
        );
        assert!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1")
                .contains("field 3")
        );
        assert!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1")
                .contains("halfmove")
        );
        assert!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 9")
                .contains("at most 6")
        );
    }

    #[test]
    fn impossible_setups_are_refused() {
        assert_eq!(
            err("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
            "illegal setup: black has no king"
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/9/9/9/3K1K3 w"),
            "illegal setup: red has more kings than the 1 a side can have"
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"),
            "illegal setup: red has more rooks than the 2 a side can have"
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/9/9/9/2K6 w"),
            "illegal setup: red king on c0 is outside its palace"
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/9/9/3A5/4K4 w"),
            "illegal setup: red advisor on d1 is on a point it can never reach"
        );
        assert_eq!(
            err("3k5/9/9/9/4b4/9/9/9/9/4K4 w"),
            "illegal setup: black elephant on e5 is on a point it can never reach"
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/9/9/4P4/3K5 w"),
            "illegal setup: red pawn on e1 is behind its starting rank"
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/1P7/9/9/3K5 w"),
            "illegal setup: red pawn on b3 has not crossed the river yet is off its starting file"
        );
        // Kings facing each other on an open file: red to move could take the black king.
        assert_eq!(
            err("4k4/9/9/9/9/9/9/9/9/4K4 w"),
            "illegal setup: black is not to move but is in check (or the kings face each other)"
        );
    }

    #[test]
    fn pawns_across_the_river_may_stand_anywhere_ahead() {
        assert!(Position::from_fen("3k5/9/9/1P7/9/9/9/9/9/4K4 w").is_ok());
        assert!(Position::from_fen("3k5/9/9/9/9/9/9/9/3p5/4K4 b").is_ok());
    }
}
