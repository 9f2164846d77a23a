//! Errors of the session layer: the harness could not drive the engine.
//!
//! Engine misbehaviour is never an error here; it is recorded in the transcript for the
//! checks to judge. These are failures of the harness's own operations.

use thiserror::Error;

use super::stdin::WriteError;

/// Why a session could not start or read its engine.
#[derive(Debug, Error)]
pub enum SessionError {
    /// The engine's process could not be started.
    #[error("cannot start engine `{program}`: {source}")]
    Spawn {
        /// The engine's program.
        program: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The path is not a program that can be run.
    #[error("cannot start engine `{program}`: {why}")]
    NotAProgram {
        /// The engine's program.
        program: String,
        /// Why not.
        why: &'static str,
    },
    /// A reader thread could not be started.
    #[error("cannot start a reader thread: {0}")]
    Thread(#[source] std::io::Error),
    /// The session's own thread could not read the engine's output.
    #[error("cannot read the engine's output on the session's thread: {0}")]
    OwnReader(#[source] std::io::Error),
}

/// A command could not be written.
#[derive(Debug, Error)]
pub enum SendError {
    #[error("the engine's input is already closed")]
    InputClosed,
    /// A caller's slip: a write of no command at all.
    #[error("no command to send")]
    NothingToSend,
    #[error(transparent)]
    Write(#[from] WriteError),
}

impl SendError {
    /// The engine is gone (it closed its input or exited), as opposed to an engine that stopped
    /// reading, or a signal to the harness.
    pub(crate) fn engine_gone(&self) -> bool {
        matches!(
            self,
            SendError::InputClosed | SendError::Write(WriteError::Closed(_))
        )
    }
}
