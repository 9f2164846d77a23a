//! Reading commands: a thread turns stdin into lines, so a command loop can wait for a command
//! and for a deadline at once.

use std::io::BufRead;
use std::sync::mpsc::{Receiver, channel};

/// Each line of stdin, without its line end; the channel disconnects when stdin ends.
pub fn stdin_lines() -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line.trim_end_matches('\r').to_owned()).is_err() {
                break;
            }
        }
    });
    rx
}
