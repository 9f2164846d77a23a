//! Why an engine lost before the board decided the game, each reason typed (the words are
//! [`super::Termination`]'s), and the one way every seat (UCCI, UCI, Gomocup, AGI) writes
//! to an engine and reads its lines, so a crash, a silence and a slow move end every game alike.

use std::fmt;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::check::Judge;
use crate::protocol::{GameKind, Protocol};
use crate::rules::chess;
use crate::rules::gomoku::{self, Forbidden, GomokuError};
use crate::rules::xiangqi::{self, IllegalReason};
use crate::session::{Next, Session};

/// Why a side lost, or the game ended early. Each reason is data, so it reaches the report and
/// its JSON as such; [`super::Termination`] says it in cutechess-cli's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "fault", rename_all = "snake_case")]
pub enum Fault {
    /// A move the rules refuse, or one no notation reads, and why.
    #[serde(rename = "illegal_move")]
    Illegal(IllegalMove),
    /// UCCI: a move the referee's `banmoves` forbade in this position (ucci-r60: the engine
    /// must not play it).
    #[serde(rename = "banned_move")]
    Banned {
        /// The move as the engine wrote it.
        written: String,
    },
    /// No move within the time the clock left.
    Time,
    /// The engine's pipes closed: it crashed or exited.
    Disconnect,
    /// No answer to the handshake, `isready` or `stop` within its bound.
    Stall,
    /// UCCI `bestmove … resign`.
    Resign,
    /// The engine cannot play this game, and why.
    CannotPlay(CannotPlay),
    /// A move request answered with Gomocup's `ERROR` or `UNKNOWN`.
    Refuses {
        /// Which of the two it answered.
        answer: Refusal,
        /// The line as the engine wrote it.
        line: String,
    },
}

/// A move the referee refused: as the engine wrote it, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IllegalMove {
    /// The move as the engine wrote it (a gomoku point as the referee writes it, `x,y`), or the
    /// whole line when it carried no move.
    pub written: String,
    /// Why the referee refused it.
    pub why: Illegality,
}

impl IllegalMove {
    pub(crate) fn new(written: impl Into<String>, why: Illegality) -> IllegalMove {
        IllegalMove {
            written: written.into(),
            why,
        }
    }
}

/// Why a move was refused: the rules oracle's reason, or that there was no move to judge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Illegality {
    /// It names no move of the protocol's notation (`(none)`, a point off AGI's board, AGI's
    /// `CHANGE` where no swap was offered).
    Unreadable,
    /// The search ended with no move: UCCI's `nobestmove`, a `bestmove` with none.
    NoMove,
    /// Xiangqi: no piece stands on its from-point.
    NoPiece,
    /// Xiangqi: the piece on its from-point belongs to the side not to move.
    NotItsPiece,
    /// Xiangqi: the piece cannot move that way (not its move, or blocked).
    NotAMove,
    /// Xiangqi: it leaves the mover's king attacked, or facing the other king.
    LeavesKingInCheck,
    /// Chess: the position does not allow it (the oracle gives no finer reason).
    NotAllowed,
    /// Chess: castling written as the king taking its rook (uci-r19).
    CastlingAsKingTakesRook,
    /// Gomoku: the point is off the board.
    OffBoard,
    /// Gomoku: the point holds a stone already.
    Occupied,
    /// Renju: six or more black stones in a row, forbidden for black.
    Overline,
    /// Renju: two fours at once, forbidden for black.
    DoubleFour,
    /// Renju: two open threes at once, forbidden for black.
    DoubleThree,
    /// Read from a results file of the older schema, which kept only the words: the reason
    /// (a renju prohibition among them) is in `written`, as it was printed.
    Unrecorded,
}

impl Illegality {
    /// The renju prohibition, which the words name after the point (`8,7 (double-three)`).
    pub(crate) const fn prohibition(self) -> Option<Forbidden> {
        match self {
            Illegality::Overline => Some(Forbidden::Overline),
            Illegality::DoubleFour => Some(Forbidden::DoubleFour),
            Illegality::DoubleThree => Some(Forbidden::DoubleThree),
            _ => None,
        }
    }
}

impl From<&xiangqi::MoveError> for Illegality {
    fn from(error: &xiangqi::MoveError) -> Illegality {
        match error {
            xiangqi::MoveError::Syntax(_) => Illegality::Unreadable,
            xiangqi::MoveError::Illegal { reason, .. } => match reason {
                IllegalReason::NoPiece(_) => Illegality::NoPiece,
                IllegalReason::NotYourPiece(_) => Illegality::NotItsPiece,
                IllegalReason::NotAMove => Illegality::NotAMove,
                IllegalReason::LeavesKingInCheck => Illegality::LeavesKingInCheck,
            },
        }
    }
}

impl From<&chess::MoveError> for Illegality {
    fn from(error: &chess::MoveError) -> Illegality {
        match error {
            chess::MoveError::Syntax { .. } => Illegality::Unreadable,
            chess::MoveError::Illegal { .. } => Illegality::NotAllowed,
            chess::MoveError::CastlingAsKingTakesRook { .. } => Illegality::CastlingAsKingTakesRook,
        }
    }
}

impl From<&gomoku::IllegalMove> for Illegality {
    fn from(error: &gomoku::IllegalMove) -> Illegality {
        match error {
            gomoku::IllegalMove::Forbidden { reason, .. } => match reason {
                Forbidden::Overline => Illegality::Overline,
                Forbidden::DoubleFour => Illegality::DoubleFour,
                Forbidden::DoubleThree => Illegality::DoubleThree,
            },
            gomoku::IllegalMove::Board(GomokuError::Occupied { .. }) => Illegality::Occupied,
            // Judging a point finds it off the board or taken; a board of no size or a point
            // emptied are not what a move can meet, and an unplayable point is off the board.
            gomoku::IllegalMove::Board(
                GomokuError::OffBoard { .. }
                | GomokuError::InvalidSize { .. }
                | GomokuError::Empty { .. },
            ) => Illegality::OffBoard,
        }
    }
}

/// Why an engine cannot play the game it was seated for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum CannotPlay {
    /// Its protocol plays another game (a UCCI engine in a gomoku match).
    Game {
        /// The match's game.
        game: GameKind,
        /// The protocol the engine speaks.
        protocol: Protocol,
    },
    /// A Gomocup brain answered `START` on this board with `ERROR` or `UNKNOWN`.
    BoardDeclined {
        /// The board's side.
        size: u32,
    },
    /// An AGI engine on a board other than 15x15, the only one AGI speaks.
    AgiBoard {
        /// The board's side.
        size: u32,
    },
    /// Read from a results file of the older schema, which kept only the words.
    Unrecorded {
        /// The reason as it was printed (`cannot play on a 19x19 board`).
        words: String,
    },
}

impl fmt::Display for CannotPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CannotPlay::Game { game, protocol } => {
                write!(f, "cannot play {game}: it speaks {protocol}")
            }
            CannotPlay::BoardDeclined { size } => write!(f, "cannot play on a {size}x{size} board"),
            CannotPlay::AgiBoard { size } => write!(
                f,
                "cannot play on a {size}x{size} board (AGI speaks 15x15 only)"
            ),
            CannotPlay::Unrecorded { words } => f.write_str(words),
        }
    }
}

/// A Gomocup brain's refusal of a move request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// `ERROR`: it could not move.
    Error,
    /// `UNKNOWN`: it did not know the command.
    Unknown,
}

impl Fault {
    /// The fault when the engine was on its clock: a silence then is a loss on time, not a
    /// stalled connection.
    pub(crate) fn on_the_clock(self) -> Fault {
        match self {
            Fault::Stall => Fault::Time,
            other => other,
        }
    }

    /// An illegal move: `written`, refused for `why`.
    pub(crate) fn illegal(written: impl Into<String>, why: Illegality) -> Fault {
        Fault::Illegal(IllegalMove::new(written, why))
    }
}

/// Writes one line to the engine; a closed pipe is a disconnect.
pub(super) fn send(session: &mut Session<Judge>, line: &str) -> Result<(), Fault> {
    session.send(line).map(drop).map_err(|_| Fault::Disconnect)
}

/// The engine's next line within `deadline`, trimmed, blank lines skipped (all four protocols
/// ignore them).
pub(super) fn read_line(session: &mut Session<Judge>, deadline: Instant) -> Result<String, Fault> {
    loop {
        match session.next_line(deadline) {
            Next::Line(line) => {
                let text = line.text.trim();
                if !text.is_empty() {
                    return Ok(text.to_owned());
                }
            }
            Next::Timeout => return Err(Fault::Stall),
            Next::Closed | Next::Interrupted => return Err(Fault::Disconnect),
        }
    }
}

/// Reads lines until one `done` accepts, within `bound`: the lines read, that one last.
pub(super) fn read_until(
    session: &mut Session<Judge>,
    bound: Duration,
    done: impl Fn(&str) -> bool,
) -> Result<Vec<String>, Fault> {
    let deadline = Instant::now() + bound;
    let mut lines = Vec::new();
    loop {
        let line = read_line(session, deadline)?;
        let finished = done(&line);
        lines.push(line);
        if finished {
            return Ok(lines);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_silence_on_the_clock_becomes_a_time_loss() {
        assert_eq!(Fault::Stall.on_the_clock(), Fault::Time);
        assert_eq!(Fault::Disconnect.on_the_clock(), Fault::Disconnect);
        let illegal = Fault::illegal("x", Illegality::Unreadable);
        assert_eq!(illegal.clone().on_the_clock(), illegal);
    }
}
