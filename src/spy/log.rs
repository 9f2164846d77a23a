//! The live transcript of a spied session (`--log FILE`): one line per line on the wire, as
//! it is recorded, flushed at once so `tail -f` shows the game as it is played.

use std::io::Write;

use crate::session::{Direction, Entry};

/// Writes each entry as `milliseconds direction text`: `>` what the GUI sent, `<` what the
/// engine wrote on stdout, `!` its stderr, `…` lines a flood left out of the transcript; and
/// `#` the spy's own words (which processes are which, the summary, where the report is),
/// which go nowhere the GUI reads.
pub struct TranscriptLog {
    out: Box<dyn Write + Send>,
    /// Set once a write failed: the log is given up, the session goes on.
    broken: bool,
}

impl TranscriptLog {
    /// A live log written to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> TranscriptLog {
        TranscriptLog { out, broken: false }
    }

    pub(crate) fn entry(&mut self, entry: &Entry) {
        let mark = match entry.direction {
            Direction::Sent => '>',
            Direction::Received => '<',
            Direction::Stderr => '!',
            Direction::Omitted => '…',
        };
        self.line(entry.at.us, mark, &crate::check::printable(&entry.text));
    }

    /// A line of the spy's own, `at_us` after the engine started.
    pub fn note(&mut self, at_us: u64, text: &str) {
        self.line(at_us, '#', text);
    }

    fn line(&mut self, at_us: u64, mark: char, text: &str) {
        if self.broken {
            return;
        }
        let written = writeln!(self.out, "{:>12.3} {mark} {text}", at_us as f64 / 1000.0)
            .and_then(|()| self.out.flush());
        self.broken = written.is_err();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::At;
    use std::sync::{Arc, Mutex};

    /// A writer whose bytes a test can read after handing it away.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn each_line_is_written_with_its_time_and_direction() {
        let shared = Shared::default();
        let mut log = TranscriptLog::new(Box::new(shared.clone()));
        log.entry(&Entry::sent(At { seq: 0, us: 1500 }, "isready"));
        log.entry(&Entry::received(At { seq: 1, us: 2250 }, "readyok\u{7}"));
        log.note(3000, "arbiter: done");
        let text = String::from_utf8(shared.0.lock().unwrap().clone()).unwrap();
        assert_eq!(
            text,
            "       1.500 > isready\n       2.250 < readyok\\u{7}\n       3.000 # arbiter: done\n"
        );
    }
}
