//! Everything the fixture writes goes through [`Out`], so the faults that concern the form of
//! the output (line ends, letter case) live in one place.

use std::cell::RefCell;
use std::io::Write;

use crate::fault::Fault;

pub struct Out {
    fault: Fault,
    /// The last line written, as written (LoopsOnEof repeats it).
    last: RefCell<Option<Vec<u8>>>,
}

impl Out {
    pub fn new(fault: Fault) -> Out {
        Out {
            fault,
            last: RefCell::new(None),
        }
    }

    pub fn fault(&self) -> Fault {
        self.fault
    }

    /// Writes one line, with the line end and case the fault asks for.
    pub fn line(&self, text: &str) {
        let text = if self.fault == Fault::LowerCase {
            text.to_lowercase()
        } else {
            text.to_owned()
        };
        let end = match self.fault {
            Fault::Crlf => "\r\n",
            Fault::Cr => "\r",
            _ => "\n",
        };
        let bytes = format!("{text}{end}").into_bytes();
        write_stdout(&bytes);
        self.last.replace(Some(bytes));
    }

    /// `loops-on-eof`: the last line written, again and again, until stdout is closed (or
    /// the process killed); nothing when no line was written.
    pub fn repeat_last_line(&self) {
        let Some(last) = self.last.borrow().clone() else {
            return;
        };
        while write_stdout(&last) {}
    }

    /// Writes bytes as they are: no line end, no case change.
    pub fn raw(&self, bytes: &[u8]) {
        write_stdout(bytes);
    }
}

/// Writes `bytes` to stdout and flushes them; false when stdout is closed.
fn write_stdout(bytes: &[u8]) -> bool {
    let mut out = std::io::stdout().lock();
    // A closed stdout means the harness is gone; nothing to do but stop writing.
    out.write_all(bytes).and_then(|()| out.flush()).is_ok()
}
