//! The GUI reads the engine's output at any time, also during searches (agi-r08). Relayed by
//! `arbiter spy`, the engine's output reaches the GUI through a pipe the GUI must empty; the
//! relay times every wait for room in it (`Transcript::gui_read_waits`). A wait of seconds
//! means the GUI read nothing while a full pipe of the engine's lines stood unread, and the
//! engine, writing, would have been blocked as long. Output that fits in the pipe never
//! waits, so only a flood (the stand-in's `info-flood`) shows a GUI that reads late.

use super::Gui;
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::session::{At, Transcript};

/// The shortest wait that fails: a loaded machine delays a reading GUI by milliseconds, at
/// worst a few hundred; seconds with a full pipe are a GUI that stopped reading.
const UNREAD_US: u64 = 2_000_000;

impl Gui {
    /// Judges the relay's waits for the GUI to read, in a relayed session.
    pub(super) fn reads_kept_up(&mut self, end: &Transcript, out: &mut Findings) {
        // Only a relayed session that ran to an end timed the GUI's reads.
        if end.exit.is_none() && end.stdin_closed_at_us.is_none() {
            return;
        }
        self.tally.judged(CheckId::GuiOutputRead);
        let Some(wait) = end
            .gui_read_waits
            .iter()
            .filter(|w| w.waited_us >= UNREAD_US)
            .max_by_key(|w| w.waited_us)
        else {
            return;
        };
        // Placed after the last line the engine's output had reached the transcript with.
        let seq = end
            .entries
            .iter()
            .take_while(|e| e.at.us <= wait.at_us)
            .last()
            .map_or(0, |e| e.at.seq);
        let longer = end
            .gui_read_waits
            .iter()
            .filter(|w| w.waited_us >= UNREAD_US)
            .count()
            - 1;
        let message = format!(
            "the engine's output waited {} ms for the GUI to read it, the GUI's pipe full{}: the GUI must read the engine's output at any time, also during searches",
            wait.waited_us / 1000,
            match longer {
                0 => String::new(),
                n => format!(" (and {n} more waits of 2 s or more)"),
            }
        );
        self.tally.fault(
            CheckId::GuiOutputRead,
            Grade::Fail,
            &[],
            message,
            At {
                seq,
                us: wait.at_us,
            },
            out,
        );
    }
}
