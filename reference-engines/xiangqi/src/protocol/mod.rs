//! The two dialects the engine speaks. Each has a module that reads its commands into
//! [`command::Command`] and writes its replies; [`Dialect`] picks between them.

pub mod command;
pub mod ucci;
pub mod uci;

use std::time::Duration;

use arbiter_rules::Game;
use arbiter_rules::xiangqi::{Move, MoveError, Position, UciMoveError, UciPosition};

use crate::decision::Verdict;
use crate::search::Iteration;
use command::{Command, CommandError};

/// Why a move's text is not a legal move here, in the dialect's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    #[error(transparent)]
    Iccs(#[from] MoveError),
    #[error(transparent)]
    Uci(#[from] UciMoveError),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Ucci,
    Uci,
}

impl Dialect {
    pub fn parse(self, line: &str, millis: bool) -> Result<Option<Command>, CommandError> {
        match self {
            Dialect::Ucci => ucci::parse(line, millis),
            Dialect::Uci => uci::parse(line),
        }
    }

    pub fn handshake(self) -> Vec<String> {
        match self {
            Dialect::Ucci => ucci::handshake(),
            Dialect::Uci => uci::handshake(),
        }
    }

    pub fn iteration(self, it: &Iteration) -> Vec<String> {
        match self {
            Dialect::Ucci => ucci::iteration(it),
            Dialect::Uci => uci::iteration(it),
        }
    }

    pub fn summary(self, nodes: u64, elapsed: Duration) -> String {
        match self {
            Dialect::Ucci => ucci::summary(nodes, elapsed),
            Dialect::Uci => uci::summary(nodes, elapsed),
        }
    }

    /// UCI has no draw offers or resignation, so the verdict is dropped there.
    pub fn bestmove(self, best: Move, ponder: Option<Move>, verdict: Verdict) -> String {
        match self {
            Dialect::Ucci => ucci::bestmove(best, ponder, verdict),
            Dialect::Uci => uci::bestmove(best, ponder),
        }
    }

    /// The reply when no move may be played: UCCI's `nobestmove`, UCI's null move.
    pub fn no_move(self) -> &'static str {
        match self {
            Dialect::Ucci => "nobestmove",
            Dialect::Uci => "bestmove 0000",
        }
    }

    /// Reads a move of this dialect and checks it is legal here: ICCS under UCCI (`h2e2`),
    /// ranks 1-10 under UCI (`h3e3`), as the UCI xiangqi engines write them.
    pub fn parse_move(self, position: &Position, text: &str) -> Result<Move, MoveTextError> {
        Ok(match self {
            Dialect::Ucci => position.parse_move(text)?,
            Dialect::Uci => UciPosition(position.clone()).parse_move(text)?,
        })
    }

    /// A message for the user: UCCI `info message`, UCI `info string`.
    pub fn message(self, text: &str) -> String {
        match self {
            Dialect::Ucci => format!("info message {text}"),
            Dialect::Uci => format!("info string {text}"),
        }
    }
}
