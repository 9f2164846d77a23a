//! Why an engine lost before the board decided the game (the words are
//! [`super::Termination`]'s), and the one way every seat (UCCI, UCI, Gomocup, AGI) writes
//! to an engine and reads its lines, so a crash, a silence and a slow move end every game alike.

use std::time::{Duration, Instant};

use crate::check::Judge;
use crate::session::{Next, Session};

/// Why a side lost, or the game ended early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// A move the rules refuse, or one no notation reads, as the engine wrote it (with the
    /// renju prohibition when there is one).
    Illegal(String),
    /// UCCI: a move the referee's `banmoves` forbade in this position, as the engine wrote it
    /// (ucci-r60: the engine must not play it).
    Banned(String),
    /// No move within the time the clock left.
    Time,
    /// The engine's pipes closed: it crashed or exited.
    Disconnect,
    /// No answer to the handshake, `isready` or `stop` within its bound.
    Stall,
    /// UCCI `bestmove … resign`.
    Resign,
    /// The engine cannot play this game: the reason, such as `cannot play on a 19x19 board`.
    CannotPlay(String),
    /// A move request answered with Gomocup's `ERROR` or `UNKNOWN`: the line.
    Refuses(String),
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
        assert_eq!(
            Fault::Illegal("x".into()).on_the_clock(),
            Fault::Illegal("x".into())
        );
    }
}
