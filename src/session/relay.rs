//! Relaying a session between a GUI under test and its engine (`arbiter spy`).
//!
//! The harness sits on the pipe and changes nothing: the engine's output reaches the GUI
//! through the reader threads' tees, chunk by chunk as read, and what the GUI writes reaches
//! the engine through an [`InputRelay`], chunk by chunk as written. Each direction puts its
//! lines in the journal before it passes their bytes on, so a reply to a line always comes
//! after that line in the transcript's order.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::attached::ExitProbe;
use super::journal::{Event, Journal, Room, Stream};
use super::lines::LineSplitter;
use super::reader::Tee;
use super::stdin::{EngineInput, WriteError};

/// Where the engine's output goes on: the GUI's ends of the pipes.
pub(crate) struct Relay {
    pub stdout: Tee,
    pub stderr: Tee,
}

/// The GUI → engine direction of a relayed session.
pub(crate) struct InputRelay {
    input: Option<EngineInput>,
    journal: Arc<Journal>,
    /// The engine's end, to keep a close that follows it after it in the journal.
    engine: Arc<ExitProbe>,
    splitter: LineSplitter,
    write_timeout: Duration,
}

impl InputRelay {
    pub(super) fn new(
        input: Option<EngineInput>,
        journal: Arc<Journal>,
        engine: Arc<ExitProbe>,
        max_line_bytes: usize,
        write_timeout: Duration,
    ) -> InputRelay {
        InputRelay {
            input,
            journal,
            engine,
            splitter: LineSplitter::new(max_line_bytes),
            write_timeout,
        }
    }

    /// Passes on a chunk the GUI wrote, after recording the lines it completes. An engine
    /// that does not read its input for `write_timeout` (its pipe full) has it closed, as a
    /// session does: nothing written after a partial write could be read right.
    pub(crate) fn forward(&mut self, chunk: &[u8]) -> Result<(), WriteError> {
        let lines = self.splitter.feed(chunk);
        if !lines.is_empty() {
            self.journal
                .append_lines(Stream::Input, lines, Room::WaitFor);
        }
        let Some(input) = self.input.as_mut() else {
            return Err(WriteError::Closed(std::io::ErrorKind::BrokenPipe.into()));
        };
        let result = input.write_all(chunk, Instant::now() + self.write_timeout);
        if result.is_err() {
            self.close();
        }
        result
    }

    /// The GUI closed its end: records an unterminated last fragment, then closes the
    /// engine's input, stamped before it happens (as the session does).
    pub(crate) fn close(&mut self) {
        if let Some(fragment) = self.splitter.finish() {
            self.journal
                .append_lines(Stream::Input, vec![fragment], Room::WaitFor);
        }
        // The pipe closes when `input` is dropped, after the stamp: an engine that exits on
        // end of input can only exit after this point in the order. (Taken in the condition
        // of a plain `if`, it would be dropped, and the pipe closed, before the stamp.)
        if let Some(input) = self.input.take() {
            self.engine.order_exit_before_close();
            self.journal.append(|at| Event::StdinClosed { at });
            drop(input);
        }
    }
}
