//! The small interface the harness uses for every move-based game (xiangqi, chess).

use std::fmt;

/// The two sides of a two-player game. In xiangqi `First` is red, in chess white.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side that moves first: red in xiangqi, white in chess.
    First,
    /// The side that moves second: black in both games.
    Second,
}

impl Side {
    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// Where a game stands after the moves played so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// The side to move has at least one legal move.
    Ongoing,
    /// The side to move is in check and has no legal move.
    Checkmate {
        /// The side that gave mate: the one not to move.
        winner: Side,
    },
    /// The side to move is not in check and has no legal move. In xiangqi this loses for the side to
    /// move (the winner is given); in chess it is a draw (no winner).
    Stalemate {
        /// The side not to move in xiangqi, where stalemate loses; `None` in chess.
        winner: Option<Side>,
    },
    /// Drawn by the rules without a move being impossible (chess: insufficient material).
    Draw,
}

/// A move text a notation refuses for how it is written rather than for the move it means:
/// the text spells a legal move the way another notation does. Whoever reports the refusal
/// can then say what the writer meant and which rule of the notation was broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Misspelling {
    /// Chess: castling written as the king taking its own rook (`e1h1`), which is how
    /// Chess960 writes it; standard chess writes the king's two-square move (`e1g1`).
    CastlingAsKingTakesRook {
        /// The king's move, as the notation writes this castling.
        king_move: String,
    },
    /// Xiangqi: the ranks numbered as the other notation numbers them (ICCS from 0, UCI from
    /// 1), so the text names a point one rank off; read that way it is a legal move.
    RanksNumberedFrom {
        /// The first rank of the numbering the text seems to use.
        written: u8,
        /// The first rank of this notation's numbering.
        expected: u8,
        /// The legal move it then means, in this notation.
        meant: String,
    },
}

impl fmt::Display for Misspelling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Misspelling::CastlingAsKingTakesRook { king_move } => {
                write!(f, "castling is written as the king's move {king_move}")
            }
            Misspelling::RanksNumberedFrom {
                written,
                expected,
                meant,
            } => write!(
                f,
                "read with ranks numbered from {written} it would be the legal {meant}, but this notation numbers ranks from {expected}"
            ),
        }
    }
}

/// Rules of a move-based game, as the harness needs them: set up a position from FEN, parse an
/// engine's move text and judge its legality, play it, and enumerate the legal moves.
///
/// Positions are values: playing a move changes the position in place, and `Clone` gives a copy to
/// explore from (the harness copies before checking a whole `pv`).
pub trait Game: Clone + fmt::Debug + Sized {
    /// A legal move in this game's positions.
    type Move: Copy + Eq + fmt::Debug;
    /// Why a FEN string was refused.
    type FenError: std::error::Error + Send + Sync + 'static;
    /// Why a move text was refused (malformed, or illegal in the position).
    type MoveError: std::error::Error + Send + Sync + 'static;

    /// The game's name as the CLI spells it (`xiangqi`, `chess`).
    const NAME: &'static str;

    /// The standard start position.
    fn start_position() -> Self;
    /// Parses and validates a FEN (syntax and setup legality).
    fn from_fen(fen: &str) -> Result<Self, Self::FenError>;
    /// Formats the position as FEN, in the form the game's protocol uses.
    fn fen(&self) -> String;
    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// Every legal move, in no particular order.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Parses a move in the protocol's notation (ICCS for xiangqi, UCI for chess) and checks that it
    /// is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
    /// Formats a legal move of this position in the protocol's notation.
    fn move_text(&self, mv: Self::Move) -> String;
    /// Plays a move previously returned by [`Game::legal_moves`] or [`Game::parse_move`] for this
    /// very position.
    fn play(&mut self, mv: Self::Move);
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;
    /// Where the game stands.
    fn status(&self) -> GameStatus;
    /// Counts the leaf nodes of the legal move tree `depth` plies deep.
    fn perft(&self, depth: u32) -> u64;

    /// Why `text`, which [`Game::parse_move`] refused here, is a legal move spelt as another
    /// notation spells it; `None` when it is not (the usual case: the move is illegal or the
    /// text no move at all).
    fn misspelling(&self, _text: &str) -> Option<Misspelling> {
        None
    }

    /// Parses a move and plays it: the usual way to follow a `moves …` list.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, Self::MoveError> {
        let mv = self.parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// The legal moves in protocol notation, sorted ascending.
    fn legal_move_texts(&self) -> Vec<String> {
        let mut texts: Vec<String> = self
            .legal_moves()
            .into_iter()
            .map(|mv| self.move_text(mv))
            .collect();
        texts.sort();
        texts
    }
}
