//! GUI-side checks: judge what a GUI or tournament manager sends its engine.
//!
//! The same transcript the engine-side checks read, seen from the other end: a `Sent` entry
//! is a line the GUI wrote (through `arbiter spy`, or to `arbiter stand-in`), a `Received`
//! entry is the engine's line the GUI read. Each protocol's reader tracks what the GUI may
//! send next (the handshake, a search under way, the game it set up) and grades every
//! command against the catalogue's `gui`/`manager` and `both` rows. Their entries live in
//! `gui/registry.txt` beside this file, read into the one registry with the engine side's.

mod agi;
mod clock;
mod gomocup;
mod handshake;
mod said;
mod tally;
mod uci_family;

pub use gomocup::pair::judge_match;

#[cfg(test)]
mod spelling_tests;

use super::Context;
use super::findings::Findings;
use crate::protocol::with_codec;
use crate::session::{Entry, Transcript};

/// One protocol's judge of what the GUI sends.
pub(super) trait GuiReader: Send {
    /// Judges one entry, in the session's order.
    fn entry(&mut self, entry: &Entry, out: &mut Findings);
    /// Judges what only the end shows (what the GUI never sent, how it ended the session).
    fn finish(self: Box<Self>, end: &Transcript, out: &mut Findings);
}

/// What the GUI-side checks need of each protocol: implemented on its codec type in its own
/// folder (`uci_family/` for UCCI and UCI, `gomocup/`, `agi/`) and reached through
/// [`with_codec!`].
trait GuiChecks {
    /// The protocol's reader of what the GUI sends.
    fn reader(ctx: &Context) -> Box<dyn GuiReader>;
}

/// The GUI-side reader of a protocol.
pub(super) fn reader(ctx: &Context) -> Box<dyn GuiReader> {
    with_codec!(ctx.protocol, C => <C as GuiChecks>::reader(ctx))
}
