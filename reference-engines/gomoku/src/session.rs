//! The command loop shared by both protocols: one queue of stdin lines and search results.

use std::collections::VecDeque;
use std::sync::mpsc::Receiver;

use crate::search::Outcome;
use crate::worker::{Event, Worker};

/// Whether the process should keep running after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Exit,
}

/// What a session does with a line that comes while it thinks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WhileThinking {
    /// Acted on at once (`END`, `STOP`, `ISREADY`), and whether to go on.
    Acted(Flow),
    /// Given back, to be handled once the search's answer is out.
    Held(String),
}

/// A protocol front end. The loop in [`run`] owns the rest: it routes each line to
/// [`handle`](Session::handle) or, while a search runs, to
/// [`while_thinking`](Session::while_thinking), and holds back what must wait for the answer.
pub trait Session {
    /// A command line while no search runs.
    fn handle(&mut self, line: String) -> Flow;
    /// A command line while a search runs: act on it now, or give it back to be handled
    /// once the search's answer is out.
    fn while_thinking(&mut self, line: String) -> WhileThinking;
    /// Whether a line, once handled, starts a search: the lines after a held one belong to
    /// that search, not to the one running now.
    fn starts_search(&self, _line: &str) -> bool {
        false
    }
    /// Sends the answer of the search that just finished.
    fn answer(&mut self, outcome: Option<Outcome>);
    fn worker(&mut self) -> &mut Worker;
}

/// Runs `session` from its `first` line until it asks to exit, or stdin closes and no
/// search is left to answer.
pub fn run(rx: &Receiver<Event>, session: &mut dyn Session, first: String) {
    let mut held: VecDeque<String> = VecDeque::new();
    if session.handle(first) == Flow::Exit {
        return;
    }
    let mut eof = false;
    while !eof || session.worker().busy() {
        let flow = match rx.recv() {
            // Behind a held line that starts a search, a line (a `STOP`, say) is for that
            // search: it waits its turn rather than act on the one running now.
            Ok(Event::Line(line)) if held.iter().any(|l| session.starts_search(l)) => {
                held.push_back(line);
                Flow::Continue
            }
            Ok(Event::Line(line)) if session.worker().busy() => {
                match session.while_thinking(line) {
                    WhileThinking::Acted(flow) => flow,
                    WhileThinking::Held(line) => {
                        held.push_back(line);
                        Flow::Continue
                    }
                }
            }
            Ok(Event::Line(line)) => session.handle(line),
            Ok(Event::Done { id, outcome }) => {
                if session.worker().finished(id) {
                    session.answer(outcome);
                    replay(session, &mut held)
                } else {
                    Flow::Continue
                }
            }
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

/// Handles the lines held back during a search, in order: once one starts a new search, the
/// lines after it are the ones a search takes at once (`STOP`, `ISREADY`), until one must
/// wait for that search's answer.
fn replay(session: &mut dyn Session, held: &mut VecDeque<String>) -> Flow {
    while let Some(line) = held.pop_front() {
        let flow = if session.worker().busy() {
            match session.while_thinking(line) {
                WhileThinking::Acted(flow) => flow,
                WhileThinking::Held(line) => {
                    held.push_front(line);
                    break;
                }
            }
        } else {
            session.handle(line)
        };
        if flow == Flow::Exit {
            return Flow::Exit;
        }
    }
    Flow::Continue
}
