//! `pbrain-arbiter`: Arbiter's reference gomoku/renju engine.
//!
//! It speaks the Gomocup "pbrain" protocol by default and AGI when the first command is
//! `AGI`. Stdin is read on its own thread and searches run on another, so `END`, `STOP`,
//! `ISREADY` and `QUIT` are answered while the engine thinks.

mod agi;
mod error;
mod gomocup;
mod input;
mod output;
mod search;
mod session;
mod time;
mod worker;

use std::sync::mpsc;

use output::Output;
use session::Session;
use worker::Event;

fn main() {
    let (tx, rx) = mpsc::channel();
    input::spawn_reader(tx.clone());
    let out = Output::stdout();
    // The first command decides the protocol: AGI must come first under AGI (agi-r04).
    let first = loop {
        match rx.recv() {
            Ok(Event::Line(line)) => break line,
            Ok(Event::Done { .. }) => continue,
            Ok(Event::Eof) | Err(_) => return,
        }
    };
    let keyword = first.split_whitespace().next().unwrap_or("");
    let mut session: Box<dyn Session> = if keyword.eq_ignore_ascii_case("AGI") {
        Box::new(agi::Agi::new(out, tx))
    } else {
        Box::new(gomocup::Gomocup::new(out, tx))
    };
    session::run(&rx, session.as_mut(), first);
}
