//! Arbiter's stand-in engine: a conforming UCCI or UCI engine of its own, for checking a GUI
//! where no engine should be needed (`arbiter stand-in` runs it behind the spy, so the GUI is
//! judged exactly as `arbiter spy` judges it).
//!
//! It answers every command the text gives an answer, plays legal moves chosen by the rules
//! oracles (a seeded pick, not a search: a sparring partner for GUIs, not for engines),
//! writes a search report before each result, ponders, and stops when told. Behaviours
//! ([`Behaviour`]) stay within the text but stress a GUI: a slow handshake, a late
//! `readyok`, a flood of reports, no ponder move, a resignation.

mod behaviour;
mod family;

use std::io::{BufRead, Read, Write};
use std::sync::mpsc;

pub use behaviour::Behaviour;

use crate::protocol::{GameKind, Protocol};
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::{Position, UciPosition};

/// The protocols the stand-in speaks.
#[derive(Debug, thiserror::Error)]
pub enum StandInError {
    #[error(
        "the stand-in engine speaks UCCI and UCI; for {0} run the reference engine behind `arbiter spy`"
    )]
    Unsupported(Protocol),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Runs the engine until `quit` or the end of its input.
pub fn run(
    protocol: Protocol,
    game: GameKind,
    behaviours: &[Behaviour],
    input: impl Read + Send + 'static,
    output: impl Write,
) -> Result<(), StandInError> {
    let lines = read_lines(input);
    let out = family::Out::new(output, behaviours.contains(&Behaviour::Crlf));
    match (protocol, game) {
        (Protocol::Ucci, _) => {
            family::run::<Position>(family::Dialect::Ucci, behaviours, lines, out)
        }
        (Protocol::Uci, GameKind::Xiangqi) => {
            family::run::<UciPosition>(family::Dialect::Uci, behaviours, lines, out)
        }
        (Protocol::Uci, _) => {
            family::run::<ChessPosition>(family::Dialect::Uci, behaviours, lines, out)
        }
        (other, _) => Err(StandInError::Unsupported(other)),
    }
}

/// The GUI's lines, read on a thread so the engine can think and listen at once.
fn read_lines(input: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = std::io::BufReader::new(input);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf);
                    if send
                        .send(line.trim_end_matches(['\r', '\n']).to_owned())
                        .is_err()
                    {
                        break;
                    }
                }
            }
        }
    });
    lines
}
