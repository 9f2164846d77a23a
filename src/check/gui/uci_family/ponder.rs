//! Whether a `ponderhit` was true, read from the game's next position. Only the GUI sees
//! the opponent move, but once the engine has answered the ponder search, the next
//! `position` of the same game shows the move really played at the pondered ply. When that
//! move is another one, and the engine's answer still follows it, the GUI told the engine
//! "the opponent played your guess" when the opponent had not (ucci-r90; uci-r60, r76): the
//! engine searched the wrong position, and the GUI played its answer anyway. The other
//! way round, a ponder search stopped and then the very position it pondered searched again
//! is a hit handled as a miss, which UCCI's worked example answers with `ponderhit` and no
//! new position (ucci-r127); the search is still correct, so it warns, and only in UCCI.

use super::GuiSide;
use super::line::Line;
use crate::check::findings::Findings;
use crate::check::gui::said::Dialect;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::rules::Game;
use crate::session::{At, Entry};

/// The position a ponder search thinks in: the one before the opponent's expected move, and
/// that move.
#[derive(Debug, Clone)]
pub(super) struct Pondered {
    before: String,
    after: String,
    expected: String,
    /// The `ponderhit` that turned it into a normal search.
    hit: Option<At>,
    /// `stop` came while it still pondered: the GUI took the guess to have failed.
    stopped: bool,
}

/// What the reader keeps about the GUI's pondering between its commands.
#[derive(Debug, Clone, Default)]
pub(super) struct PonderWatch {
    /// The ponder search running now.
    running: Option<Pondered>,
    /// A ponder search that ended after `ponderhit`, with the engine's answer: the next
    /// position shows whether the hit was true.
    hit: Option<(Pondered, String)>,
    /// A ponder search the GUI stopped as a miss: a search of the same position next is a
    /// hit handled as a miss.
    missed: Option<Pondered>,
}

impl PonderWatch {
    /// A new game: nothing carries over.
    pub(super) fn new_game(&mut self) {
        *self = PonderWatch::default();
    }

    /// `go`: a ponder search thinks on the line's last move.
    pub(super) fn go(&mut self, ponder: bool, line: Option<&Line>) {
        self.running = None;
        if !ponder {
            return;
        }
        let Some(line) = line else { return };
        let [.., before, after] = line.keys.as_slice() else {
            return;
        };
        let Some(expected) = line.moves.last() else {
            return;
        };
        self.running = Some(Pondered {
            before: before.clone(),
            after: after.clone(),
            expected: expected.clone(),
            hit: None,
            stopped: false,
        });
    }

    pub(super) fn ponderhit(&mut self, at: At) {
        if let Some(p) = &mut self.running
            && !p.stopped
        {
            p.hit.get_or_insert(at);
        }
    }

    pub(super) fn stop(&mut self) {
        if let Some(p) = &mut self.running
            && p.hit.is_none()
        {
            p.stopped = true;
        }
    }

    /// The search's result, with the engine's move.
    pub(super) fn result(&mut self, best: Option<&str>) {
        let Some(p) = self.running.take() else {
            return;
        };
        if p.hit.is_some() {
            self.hit = best.map(|b| (p, b.to_ascii_lowercase()));
        } else if p.stopped {
            self.missed = Some(p);
        }
    }
}

impl<D: Dialect, G: Game + Send> GuiSide<D, G> {
    /// A `position` after a ponder hit: the move the game shows at the pondered ply.
    pub(super) fn ponder_hit_true(&mut self, entry: &Entry, out: &mut Findings) {
        let Some((pondered, best)) = self.ponder.hit.take() else {
            return;
        };
        let Some(line) = self.line.clone() else {
            return;
        };
        // The pondered ply in this position, when the line passes through it once and goes
        // on from it; anything else (a new game, a position set up after a capture) shows
        // nothing about the guess.
        let Some(ply) = line.only_ply_of(&pondered.before) else {
            return;
        };
        let Some(played) = line.moves.get(ply) else {
            return;
        };
        self.judged(CheckId::GuiPonderHit);
        if line.keys[ply + 1] == pondered.after {
            return;
        }
        // Another move at that ply says the hit was false only when the engine's answer to
        // the ponder search follows it: the GUI played that answer as if the guess had come
        // true. A different move without it may be a takeback or another game.
        if line.moves.get(ply + 1) != Some(&best) {
            return;
        }
        let at = pondered.hit.unwrap_or(entry.at);
        let rows = if self.is_ucci() {
            crate::reqs!["ucci-r90"]
        } else {
            crate::reqs!["uci-r60", "uci-r76"]
        };
        let message = format!(
            "`ponderhit` told the engine the opponent played its expected move `{}`, but the game's next position (`{}`) has `{played}` played there, followed by the engine's answer `{best}`: the guess had not come true",
            pondered.expected, entry.text
        );
        self.tally
            .fault(CheckId::GuiPonderHit, Grade::Fail, rows, message, at, out);
    }

    /// A `go` (not pondering) after a ponder search the GUI stopped: the same position
    /// searched again means the opponent played the guess after all (UCCI only: UCI's text
    /// does not say how a GUI answers a hit).
    pub(super) fn ponder_hit_as_miss(&mut self, ponder: bool, entry: &Entry, out: &mut Findings) {
        let Some(missed) = self.ponder.missed.take() else {
            return;
        };
        if ponder || !self.is_ucci() {
            return;
        }
        let Some(line) = self.line.clone() else {
            return;
        };
        let [.., before, after] = line.keys.as_slice() else {
            return;
        };
        self.judged(CheckId::GuiPonderHit);
        if *before != missed.before || *after != missed.after {
            return;
        }
        let message = format!(
            "`{}` searches the very position the stopped ponder search pondered (after `{}`): the opponent played the expected move, which the GUI answers with `ponderhit` and no new position",
            entry.text, missed.expected
        );
        let rows = crate::reqs!["ucci-r127"];
        self.tally.fault(
            CheckId::GuiPonderHit,
            Grade::Warn,
            rows,
            message,
            entry.at,
            out,
        );
    }
}
