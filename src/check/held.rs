//! Commands left unread: an engine that waits for its input with `select()` (or `poll()`) and
//! then reads one line with `fgets()` leaves a second command that came in the same write in
//! stdio's buffer, where `select()` no longer sees it. The command is acted on only when a
//! later write wakes the engine, so the engine lags a line behind, and whether a session fails
//! depends on how the GUI's writes happened to split.
//!
//! Seen on the wire: a search command, then silence, then a later write that does not concern
//! the search (not `stop`, `ponderhit` or `quit`), and the search's first output (a report or
//! its result) right after that write. No text bounds how soon a search reports; what this
//! judges is the order: the engine began the search only when another command woke it, so it
//! had not read the command it was given. The figures only tell that order from chance: the
//! silence is long for a search (a second), and the reaction short for a coincidence.

use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::{Context, Grade};
use crate::session::At;

/// How long the engine must have been silent since the search command.
const SILENCE_MS: f64 = 1000.0;
/// How soon after the waking write its output must begin.
const REACTION_MS: f64 = 200.0;

/// The search command whose output has not begun.
#[derive(Debug, Clone, Copy)]
struct Silent {
    sent: At,
    /// The last write since, that does not concern the search.
    woken: Option<At>,
}

pub(super) struct HeldInput {
    ctx: Context,
    silent: Option<Silent>,
    reported: bool,
}

impl HeldInput {
    pub(super) fn new(ctx: Context) -> HeldInput {
        HeldInput {
            ctx,
            silent: None,
            reported: false,
        }
    }

    /// A line the GUI wrote.
    pub(super) fn sent(&mut self, at: At, text: &str) {
        let facts = self.ctx.protocol.facts();
        if facts.starts_search(text) {
            self.silent = Some(Silent {
                sent: at,
                woken: None,
            });
        } else if facts.interrupts_search(text) {
            self.silent = None;
        } else if let Some(silent) = &mut self.silent {
            silent.woken = Some(at);
        }
    }

    /// A line the engine wrote; `of_search`: a search report or result.
    pub(super) fn received(&mut self, at: At, of_search: bool, out: &mut Findings) {
        if !of_search {
            return;
        }
        let Some(Silent { sent, woken }) = self.silent.take() else {
            return;
        };
        let Some(woken) = woken else {
            return;
        };
        let scale = self.ctx.time_scale;
        let silence_ms = woken.us.saturating_sub(sent.us) as f64 / 1000.0;
        let reaction_ms = at.us.saturating_sub(woken.us) as f64 / 1000.0;
        if self.reported || silence_ms < SILENCE_MS * scale || reaction_ms > REACTION_MS * scale {
            return;
        }
        self.reported = true;
        out.push(
            outcome(
                self.ctx.protocol,
                CheckId::InputHeld,
                Grade::Fail,
                format!(
                    "the search began only {reaction_ms:.1} ms after a later command woke the \
                     engine, having been silent for {silence_ms:.1} ms since it was asked: the \
                     engine had left the command unread (one line read per wake-up, as \
                     `select()` and `fgets()` do)"
                ),
            )
            .at(sent),
        );
    }
}
