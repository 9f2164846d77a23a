//! What the GUI waits for: `READYOK` after `ISREADY` before it sets a position or searches
//! (the text's "then the GUI may send other commands", shown in its example, agi-r91), never
//! a reply to `SETOPTION`, which has none (agi-r50); and the session ended with `QUIT`, as the
//! example ends it (agi-r98). The text states none of these as a bare rule, so each warns.

use super::Gui;
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::protocol::agi::Command;
use crate::reqs;
use crate::session::{At, Entry, Transcript};

/// How long a GUI silent after `SETOPTION` until its session ended is taken to have waited
/// for a reply (an engine answers READYOK within the harness's one second).
const SILENT_AFTER_SETOPTION_US: u64 = 2_000_000;

impl Gui {
    /// A command while `ISREADY` is unanswered: only STOP, QUIT or another ISREADY.
    pub(super) fn ready_awaited(&mut self, command: &Command, entry: &Entry, out: &mut Findings) {
        if !self.isready_pending {
            return;
        }
        if matches!(command, Command::Stop | Command::Quit | Command::IsReady) {
            return;
        }
        self.isready_pending = false;
        let message = format!(
            "`{}` before the engine's `READYOK` to `ISREADY`, which tells the GUI it may send \
             other commands (a warning: the text shows the wait in its example)",
            entry.text
        );
        self.tally.fault(
            CheckId::GuiReplyWait,
            Grade::Warn,
            reqs!["agi-r91", "agi-r53"],
            message,
            entry.at,
            out,
        );
    }

    /// At the session's end: no `QUIT`, or a GUI silent since `SETOPTION` until the end.
    pub(super) fn session_end(&mut self, end: &Transcript, out: &mut Findings) {
        let ended_us = match (end.stdin_closed_at_us, end.exit.as_ref()) {
            (Some(closed), _) => closed,
            (None, Some(exit)) => exit.at_us,
            // A transcript with no end (a written exchange) ends nowhere.
            (None, None) => return,
        };
        if self.quit_sent || !self.handshake.is_answered() {
            return;
        }
        let at = At {
            seq: self.last_seq + 1,
            us: ended_us,
        };
        if self.waited_for_background(ended_us, at, out) {
            return;
        }
        if let Some(set_at) = self.last_said_setoption {
            self.tally.judged(CheckId::GuiReplyWait);
            let silent_us = ended_us.saturating_sub(set_at.us);
            if silent_us >= SILENT_AFTER_SETOPTION_US {
                let message = format!(
                    "the GUI sent nothing in the {} ms after `SETOPTION` until its session ended: \
                     `SETOPTION` needs no reply, and a GUI waiting for one hangs",
                    silent_us / 1000
                );
                self.tally.fault(
                    CheckId::GuiReplyWait,
                    Grade::Warn,
                    reqs!["agi-r50"],
                    message,
                    at,
                    out,
                );
                return;
            }
        }
        self.tally.judged(CheckId::GuiEndPipes);
        let message = "the session ended without `QUIT`, with which the text's example ends the \
                       engine (a warning: the text states no other way to end it)"
            .to_owned();
        self.tally.fault(
            CheckId::GuiEndPipes,
            Grade::Warn,
            reqs!["agi-r98"],
            message,
            at,
            out,
        );
    }
}
