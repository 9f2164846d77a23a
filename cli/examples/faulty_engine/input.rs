//! Reading commands: a thread turns stdin into lines, so a command loop can wait for a command
//! and for a deadline at once.

use std::io::BufRead;
use std::sync::mpsc::{Receiver, Sender, channel};

use crate::fault::Fault;

/// Each line of stdin, without its line end; the channel disconnects when stdin ends. Under
/// `one-line-per-wakeup` the lines are read as a C engine that waits with `select()` and reads
/// with `fgets()` reads them.
pub fn stdin_lines(fault: Fault) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        if fault == Fault::OneLinePerWakeup {
            one_line_per_wakeup(&tx);
            return;
        }
        if fault == Fault::ReadIsACommand {
            read_is_a_command(&tx);
            return;
        }
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line.trim_end_matches('\r').to_owned()).is_err() {
                break;
            }
        }
    });
    rx
}

/// Reads the input a read at a time and takes every line of it, and a fragment without its line
/// end, for a command: a command that came in two reads is lost.
fn read_is_a_command(tx: &Sender<String>) {
    use std::io::Read;
    let mut buf = [0u8; 4096];
    let mut input = std::io::stdin();
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        let text = String::from_utf8_lossy(&buf[..n]);
        for line in text.split('\n').filter(|l| !l.is_empty()) {
            if tx.send(line.trim_end_matches('\r').to_owned()).is_err() {
                return;
            }
        }
    }
}

/// Waits until the pipe has something to read, then takes one line from a buffered reader,
/// which may have read more: a second line that came in the same write waits in the buffer,
/// unseen, until the pipe wakes the engine again.
fn one_line_per_wakeup(tx: &Sender<String>) {
    let mut input = std::io::BufReader::new(std::io::stdin());
    loop {
        let mut fd = libc::pollfd {
            fd: 0,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd, for as long as the call.
        if unsafe { libc::poll(&mut fd, 1, -1) } < 0 {
            return;
        }
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                let line = line.trim_end_matches(['\n', '\r']).to_owned();
                if tx.send(line).is_err() {
                    return;
                }
            }
        }
    }
}
