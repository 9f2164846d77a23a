//! The handshake as a GUI must keep it, alike in UCCI, UCI and AGI: its command first of all,
//! and nothing but what may come early until the engine's reply says it speaks the protocol.

use super::tally::Tally;
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::session::Entry;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    NotSent,
    Sent,
    Answered,
}

pub(super) struct HandshakeOrder {
    /// The handshake command as the text writes it (`ucci`, `uci`, `AGI`).
    command: &'static str,
    /// What a first command other than it gets (UCI only recommends the order).
    first_grade: Grade,
    /// Lines the GUI sent, read or not.
    lines: usize,
    state: State,
}

impl HandshakeOrder {
    pub(super) fn new(command: &'static str, first_grade: Grade) -> HandshakeOrder {
        HandshakeOrder {
            command,
            first_grade,
            lines: 0,
            state: State::NotSent,
        }
    }

    /// The GUI sent a line, whether or not it reads as a command.
    pub(super) fn line_sent(&mut self) {
        self.lines += 1;
    }

    /// The engine's handshake reply came.
    pub(super) fn answered(&mut self) {
        self.state = State::Answered;
    }

    pub(super) fn is_answered(&self) -> bool {
        self.state == State::Answered
    }

    /// Judges a command that read: the handshake command first, and before its reply only
    /// the handshake itself or what `may_come_early` allows.
    pub(super) fn said(
        &mut self,
        is_handshake: bool,
        may_come_early: bool,
        entry: &Entry,
        tally: &mut Tally,
        out: &mut Findings,
    ) {
        let command = self.command;
        if self.lines == 1 {
            tally.judged(CheckId::GuiHandshakeFirst);
            if !is_handshake {
                let message = format!(
                    "the GUI's first command is `{}`; the text has `{command}` come first",
                    entry.text
                );
                tally.fault(
                    CheckId::GuiHandshakeFirst,
                    self.first_grade,
                    &[],
                    message,
                    entry.at,
                    out,
                );
            }
        }
        if self.state == State::Sent && !is_handshake && !may_come_early {
            let message = format!(
                "`{}` was sent before the engine answered `{command}`; the handshake reply is what tells the GUI the engine speaks the protocol",
                entry.text
            );
            tally.fault(
                CheckId::GuiHandshakeWait,
                Grade::Warn,
                &[],
                message,
                entry.at,
                out,
            );
        } else if self.state == State::Answered {
            tally.judged(CheckId::GuiHandshakeWait);
        }
        if is_handshake && self.state == State::NotSent {
            self.state = State::Sent;
        }
    }
}
