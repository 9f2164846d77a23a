//! Typed errors for malformed or impossible commands. Their messages go after Gomocup's
//! `ERROR` (or to stderr under AGI, which has no error reply), so each says what was wrong
//! with which input.

use arbiter_rules::gomoku::{AgiError, GomokuError, ParsePointError, Point};
use thiserror::Error;

#[derive(Debug, Error, PartialEq)]
pub enum CommandError {
    #[error("{command} needs {what}")]
    MissingArgument {
        command: &'static str,
        what: &'static str,
    },
    #[error("{command}: {text:?} is not a whole number")]
    NotANumber { command: &'static str, text: String },
    #[error("{command}: {source}")]
    BadPoint {
        command: &'static str,
        source: ParsePointError,
    },
    #[error("BOARD line {text:?} is not x,y,field")]
    BadBoardLine { text: String },
    #[error(
        "BOARD line {text:?}: field must be 1 (own), 2 (opponent) or 3 (winning line/forbidden)"
    )]
    BadField { text: String },
    #[error("unsupported board: {0}")]
    Size(GomokuError),
}

#[derive(Debug, Error, PartialEq)]
pub enum GameError {
    #[error("no game in progress: send START or RECTSTART first")]
    NoGame,
    #[error("{0}")]
    Board(#[from] GomokuError),
    #[error("{0}")]
    Command(#[from] CommandError),
    #[error("BOARD was interrupted by {command:?} before DONE; position unchanged")]
    BoardInterrupted { command: String },
    #[error("BOARD rejected, position unchanged: {0}")]
    BoardRejected(Box<GameError>),
    #[error("point {0} is marked unplayable (BOARD field 3)")]
    Blocked(Point),
    #[error("no legal move: every empty point is unavailable")]
    NoMove,
}

#[derive(Debug, Error, PartialEq)]
pub enum AgiCommandError {
    #[error("{command}: {source}")]
    Points {
        command: &'static str,
        source: AgiError,
    },
    #[error("{command}: {source}")]
    Board {
        command: &'static str,
        source: GomokuError,
    },
    #[error("{command}: unexpected {token:?}")]
    Unexpected {
        command: &'static str,
        token: String,
    },
    #[error("{command} needs {what}")]
    Missing {
        command: &'static str,
        what: &'static str,
    },
    #[error("unknown command {0:?}")]
    Unknown(String),
}
