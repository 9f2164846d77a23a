//! Reading commands: stdin bytes split into lines on CR LF, LF or a lone CR.
//!
//! The Gomocup manager ends lines with CR LF (gomocup-r07) and an AGI GUI with LF
//! (agi-r02), so all three endings are accepted. Input is read as bytes and decoded
//! leniently, so stray non-UTF-8 bytes become U+FFFD instead of an error; empty lines are
//! dropped; a line longer than [`MAX_LINE`] bytes is cut there (gomocup-r10), so hostile
//! input can neither crash the engine nor make it hold unbounded memory.

use std::io::Read;
use std::sync::mpsc::Sender;
use std::thread;

use crate::worker::Event;

/// Longest line kept; the rest of a longer line is dropped.
pub const MAX_LINE: usize = 64 * 1024;

/// Splits a byte stream into trimmed, non-empty text lines.
#[derive(Debug, Default)]
pub struct LineSplitter {
    buf: Vec<u8>,
    after_cr: bool,
}

impl LineSplitter {
    /// Feeds bytes; completed lines are appended to `out`.
    pub fn push(&mut self, bytes: &[u8], out: &mut Vec<String>) {
        for &b in bytes {
            match b {
                b'\r' => {
                    self.emit(out);
                    self.after_cr = true;
                }
                b'\n' => {
                    // The LF of a CR LF pair ends nothing new.
                    if !self.after_cr {
                        self.emit(out);
                    }
                    self.after_cr = false;
                }
                _ => {
                    self.after_cr = false;
                    if self.buf.len() < MAX_LINE {
                        self.buf.push(b);
                    }
                }
            }
        }
    }

    /// Ends the stream: a last line without a terminator still counts.
    pub fn finish(&mut self, out: &mut Vec<String>) {
        self.emit(out);
    }

    fn emit(&mut self, out: &mut Vec<String>) {
        let line = String::from_utf8_lossy(&self.buf).trim().to_owned();
        self.buf.clear();
        if !line.is_empty() {
            out.push(line);
        }
    }
}

/// Reads stdin on its own thread, so that commands arrive while the engine thinks.
pub fn spawn_reader(tx: Sender<Event>) {
    thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        let mut splitter = LineSplitter::default();
        let mut chunk = [0u8; 4096];
        let mut lines = Vec::new();
        loop {
            let n = match stdin.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            splitter.push(&chunk[..n], &mut lines);
            for line in lines.drain(..) {
                if tx.send(Event::Line(line)).is_err() {
                    return;
                }
            }
        }
        splitter.finish(&mut lines);
        for line in lines.drain(..) {
            let _ = tx.send(Event::Line(line));
        }
        let _ = tx.send(Event::Eof);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn split(chunks: &[&[u8]]) -> Vec<String> {
        let mut s = LineSplitter::default();
        let mut out = Vec::new();
        for c in chunks {
            s.push(c, &mut out);
        }
        s.finish(&mut out);
        out
    }

    #[test]
    fn all_line_endings_and_empty_lines() {
        assert_eq!(
            split(&[b"START 15\r\nBEGIN\nTURN 1,2\rABOUT\r\n\r\n\n  \nEND"]),
            ["START 15", "BEGIN", "TURN 1,2", "ABOUT", "END"]
        );
    }

    #[test]
    fn crlf_split_across_reads() {
        assert_eq!(split(&[b"OK\r", b"\nDONE\r", b"\n"]), ["OK", "DONE"]);
    }

    #[test]
    fn long_lines_are_truncated_and_bad_bytes_replaced() {
        let long = vec![b'A'; MAX_LINE * 3];
        let out = split(&[&long, b"\nAB\xffC\n"]);
        assert_eq!(out[0].len(), MAX_LINE);
        assert_eq!(out[1], "AB\u{fffd}C");
    }

    proptest! {
        #[test]
        fn chunking_does_not_change_lines(data in proptest::collection::vec(any::<u8>(), 0..300), cut in 0usize..300) {
            let cut = cut.min(data.len());
            let whole = split(&[&data]);
            let parts = split(&[&data[..cut], &data[cut..]]);
            prop_assert_eq!(whole, parts);
        }
    }
}
