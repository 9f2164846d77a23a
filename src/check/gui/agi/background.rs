//! Background thinking's result, which the text does not owe (agi-r65): the GUI must neither
//! wait for it nor take a late one as the answer to a later `GO` (agi-r66). Engines answer in
//! order, so when a `GO` follows background thinking that has not answered, and two results
//! come to it, the first is the late one; a GUI that tells the engine that move (`DOMOVE`, or
//! a `POSITION` adding it) before the second came took it for its search's answer. A GUI that
//! sends nothing after stopping background thinking until its session ends waited for it (its
//! intent inferred, so a warning).

use super::Gui;
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::rules::gomoku::Point;
use crate::session::At;

/// How long a GUI silent after stopping background thinking until its session ended is taken
/// to have waited for its result (an engine answers a foreground STOP at once; the harness
/// allows a second).
const SILENT_AFTER_STOP_US: u64 = 2_000_000;

/// What the GUI-side reader keeps of background thinking.
#[derive(Debug, Default)]
pub(super) struct Background {
    /// A `GO PONDER` has had no result since, and no sync (`READYOK` after its `STOP`) ended it.
    unanswered: bool,
    /// The `STOP` that stopped it, while it was the GUI's last command.
    stopped_last: Option<At>,
    /// A `STOP` was sent since the `GO PONDER`: the next `READYOK` is the sync that ends it.
    stopped: bool,
    /// A foreground `GO` sent while background thinking had not answered, and what came since.
    suspect: Option<Suspect>,
}

#[derive(Debug)]
struct Suspect {
    go: At,
    /// The first result after that `GO`, which may be background thinking's.
    first: Option<(Point, At)>,
    /// The command that told the engine that first result as the move made.
    told: Option<At>,
}

impl Background {
    /// A `GO` the GUI sent.
    pub(super) fn go(&mut self, ponder: bool, at: At) {
        self.stopped_last = None;
        if ponder {
            self.unanswered = true;
            self.stopped = false;
            self.suspect = None;
        } else if self.unanswered {
            self.unanswered = false;
            self.suspect = Some(Suspect {
                go: at,
                first: None,
                told: None,
            });
        } else {
            // A new search: its results cannot be paired with the last one's.
            self.suspect = None;
        }
    }

    /// A `STOP` the GUI sent while no foreground search was under way.
    pub(super) fn stop(&mut self, at: At) {
        if self.unanswered {
            self.stopped = true;
            self.stopped_last = Some(at);
        }
    }

    /// Any other command the GUI sent; `adds` is the point it tells the engine was played
    /// (a `DOMOVE`'s, or the stone a `POSITION` adds to the board), if any.
    pub(super) fn other_command(&mut self, adds: Option<Point>, at: At) {
        self.stopped_last = None;
        if let Some(suspect) = &mut self.suspect
            && let Some((first, _)) = suspect.first
            && suspect.told.is_none()
            && adds == Some(first)
        {
            suspect.told = Some(at);
        }
    }

    /// `READYOK`: after a `STOP`, the sync that ends background thinking.
    pub(super) fn ready_ok(&mut self) {
        if self.stopped {
            self.unanswered = false;
            self.stopped = false;
        }
    }

    /// A `BESTMOVE` while the GUI's foreground search had no result yet: the first after a
    /// suspect `GO` may be background thinking's.
    pub(super) fn result_to_search(&mut self, point: Option<Point>, at: At) {
        if let Some(suspect) = &mut self.suspect
            && suspect.first.is_none()
        {
            match point {
                Some(point) => suspect.first = Some((point, at)),
                None => self.suspect = None,
            }
        }
    }

    /// A `BESTMOVE` with no foreground search outstanding: background thinking's result,
    /// given while the GUI waited for nothing, or the second result to a suspect `GO`.
    pub(super) fn result_to_nothing(&mut self) -> Option<Taken> {
        self.unanswered = false;
        self.stopped = false;
        let suspect = self.suspect.take()?;
        let (point, first) = suspect.first?;
        Some(Taken {
            go: suspect.go,
            point,
            first,
            told: suspect.told?,
        })
    }

    /// The STOP of background thinking, if it was the GUI's last command.
    pub(super) fn stopped_last(&self) -> Option<At> {
        self.stopped_last
    }
}

/// A late background result the GUI took as its search's answer.
pub(super) struct Taken {
    go: At,
    point: Point,
    first: At,
    told: At,
}

impl Gui {
    /// The second result to a suspect `GO`, after the GUI told the first as its move.
    pub(super) fn late_result_taken(&mut self, taken: Taken, second: At, out: &mut Findings) {
        let message = format!(
            "line {} told the engine {} as the move made, the first of two results to the `GO` at line {} (line {}): \
             background thinking, stopped without a result, gave that one late, and this search's own came only at line {}",
            taken.told.seq,
            super::agi_point(taken.point),
            taken.go.seq,
            taken.first.seq,
            second.seq
        );
        self.tally.fault(
            CheckId::GuiBackgroundResult,
            Grade::Fail,
            &[],
            message,
            taken.told,
            out,
        );
    }

    /// At the session's end: a GUI silent since stopping background thinking; whether it
    /// was found so.
    pub(super) fn waited_for_background(
        &mut self,
        ended_us: u64,
        at: At,
        out: &mut Findings,
    ) -> bool {
        let Some(stop) = self.background.stopped_last() else {
            return false;
        };
        let silent_us = ended_us.saturating_sub(stop.us);
        if silent_us < SILENT_AFTER_STOP_US {
            return false;
        }
        let message = format!(
            "the GUI sent nothing in the {} ms after `STOP` of background thinking until its session ended: \
             background thinking owes no `BESTMOVE`, and a GUI waiting for one hangs (its intent inferred, so a warning)",
            silent_us / 1000
        );
        self.tally.fault(
            CheckId::GuiBackgroundResult,
            Grade::Warn,
            &[],
            message,
            at,
            out,
        );
        true
    }
}
