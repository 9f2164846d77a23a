//! Reading commands: a thread turns raw stdin bytes into lines, so that the command loop never
//! blocks on input while a search runs, and so that no input can make the engine fail.
//!
//! Lines end at LF, CR or CR LF; blank lines are dropped; bytes that are not UTF-8 are replaced
//! (U+FFFD) and the line is still read; a line longer than [`MAX_LINE`] bytes is dropped whole
//! (acting on a truncated `position … moves` would set up the wrong position) and reported.

use std::io::{ErrorKind, Read};
use std::sync::mpsc::{self, Receiver, Sender};

/// Longest line kept: room for a `position` with tens of thousands of moves.
pub const MAX_LINE: usize = 1 << 20;

#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    Line(String),
    /// A line of this many bytes was dropped.
    TooLong(usize),
    /// Input ended (or failed): the GUI is gone.
    End,
}

pub fn spawn_reader(source: impl Read + Send + 'static) -> Receiver<Input> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || read_lines(source, &tx));
    rx
}

/// Splits `source` into [`Input`]s until it ends or the receiver is gone.
pub fn read_lines(mut source: impl Read, tx: &Sender<Input>) {
    let mut buf = [0u8; 64 * 1024];
    let mut line = Vec::new();
    let mut length = 0usize;
    let emit = |line: &mut Vec<u8>, length: &mut usize| -> bool {
        let item = if *length > MAX_LINE {
            Some(Input::TooLong(*length))
        } else if line.iter().all(u8::is_ascii_whitespace) {
            None
        } else {
            Some(Input::Line(String::from_utf8_lossy(line).into_owned()))
        };
        line.clear();
        *length = 0;
        item.is_none_or(|item| tx.send(item).is_ok())
    };
    loop {
        let n = match source.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        for &byte in &buf[..n] {
            if byte == b'\n' || byte == b'\r' {
                if !emit(&mut line, &mut length) {
                    return;
                }
            } else {
                length = length.saturating_add(1);
                if length <= MAX_LINE {
                    line.push(byte);
                }
            }
        }
    }
    if emit(&mut line, &mut length) {
        let _ = tx.send(Input::End);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs(bytes: &[u8]) -> Vec<Input> {
        let (tx, rx) = mpsc::channel();
        read_lines(bytes, &tx);
        drop(tx);
        rx.into_iter().collect()
    }

    fn line(s: &str) -> Input {
        Input::Line(s.into())
    }

    #[test]
    fn any_line_end_and_blank_lines() {
        assert_eq!(
            inputs(b"ucci\r\nisready\rstop\n\n  \nquit"),
            [
                line("ucci"),
                line("isready"),
                line("stop"),
                line("quit"),
                Input::End
            ]
        );
    }

    #[test]
    fn non_utf8_is_replaced_not_refused() {
        assert_eq!(
            inputs(b"go \xff\xfe depth 1\n"),
            [line("go \u{fffd}\u{fffd} depth 1"), Input::End]
        );
    }

    #[test]
    fn overlong_lines_are_dropped_and_reported() {
        let mut bytes = vec![b'x'; MAX_LINE + 10];
        bytes.extend_from_slice(b"\nisready\n");
        assert_eq!(
            inputs(&bytes),
            [Input::TooLong(MAX_LINE + 10), line("isready"), Input::End]
        );
    }
}
