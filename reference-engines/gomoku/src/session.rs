//! The command loop shared by both protocols: one queue of stdin lines and search results.

use std::sync::mpsc::Receiver;

use crate::search::Outcome;
use crate::worker::Event;

/// Whether the process should keep running after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Exit,
}

/// A protocol front end.
pub trait Session {
    /// A command line from the manager or GUI (also while a search runs).
    fn on_line(&mut self, line: String) -> Flow;
    /// A search has finished.
    fn on_done(&mut self, id: u64, outcome: Option<Outcome>) -> Flow;
    /// Whether a search is running (stdin closing then waits for its answer).
    fn busy(&self) -> bool;
}

/// Runs `session` from its `first` line until it asks to exit, or stdin closes and no
/// search is left to answer.
pub fn run(rx: &Receiver<Event>, session: &mut dyn Session, first: String) {
    if session.on_line(first) == Flow::Exit {
        return;
    }
    let mut eof = false;
    while !eof || session.busy() {
        let flow = match rx.recv() {
            Ok(Event::Line(line)) => session.on_line(line),
            Ok(Event::Done { id, outcome }) => session.on_done(id, outcome),
            Ok(Event::Eof) | Err(_) => {
                eof = true;
                Flow::Continue
            }
        };
        if flow == Flow::Exit {
            return;
        }
    }
}
