//! The brain's match clock as the manager keeps it: match time runs while the brain is on turn
//! and not while the opponent is (gomocup-r82), so from one `INFO time_left` to the next of a
//! game it falls by the time the brain spent on its turns between them, as measured on the
//! wire from each move request to the move. It may fall by a little more (the manager's own
//! measure starts before the request passes the spy and ends after the move does), but not by
//! less, and not by the opponent's turn.

use super::Manager;
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::reqs;
use crate::session::Entry;

/// What the manager's clock and the wire's may differ by, in milliseconds: a coarse system
/// clock, a loaded machine and the pipes' delays.
const SLACK_MS: i64 = 200;

/// How much more than the brain's turns a `time_left` must fall, in milliseconds, to be read
/// as the opponent's turn charged. The manager's own measure of a turn includes the pipes'
/// delays through the spy, which the wire shows as time off turn, and on a loaded machine
/// they reach hundreds of milliseconds; a whole second is past them.
const OPPONENT_CHARGED_MS: i64 = 1000;

/// The brain's turns since the last `time_left` of the game.
#[derive(Debug, Default)]
pub(super) struct MatchClock {
    /// The last `time_left`: its value and when it was sent (µs).
    last: Option<(i64, u64)>,
    /// The brain's time on turn since then, in µs.
    own_us: u64,
    /// When the move now owed was asked for.
    asked_us: Option<u64>,
}

impl MatchClock {
    /// A new game, a move taken back or a suggestion: the next `time_left` starts afresh.
    pub(super) fn new_game(&mut self) {
        *self = MatchClock::default();
    }

    /// A move request (BEGIN, TURN, DONE) was sent.
    pub(super) fn asked(&mut self, at_us: u64) {
        self.asked_us = Some(at_us);
    }

    /// The brain's move came.
    pub(super) fn moved(&mut self, at_us: u64) {
        if let Some(asked) = self.asked_us.take() {
            self.own_us += at_us.saturating_sub(asked);
        }
    }
}

impl Manager {
    /// `INFO time_left`: judged against the last one of the game, then kept.
    pub(super) fn time_left(&mut self, value: i64, entry: &Entry, out: &mut Findings) {
        let now_us = entry.at.us;
        let clock = &mut self.match_clock;
        // A turn still under way (a move owed past this INFO) is not measured whole.
        let whole = clock.asked_us.is_none();
        let previous = clock.last.replace((value, now_us));
        let own_ms = (std::mem::take(&mut clock.own_us) / 1000) as i64;
        clock.asked_us = None;
        let Some((before, before_us)) = previous else {
            return;
        };
        if !whole || !self.timed {
            return;
        }
        self.tally.judged(CheckId::GuiClockCharged);
        let charged = before - value;
        let wall_ms = (now_us.saturating_sub(before_us) / 1000) as i64;
        // The time the brain was not on turn: the opponent's turn and the manager's own work.
        let other_ms = wall_ms - own_ms;
        let extra = charged - own_ms;
        let why = if charged + SLACK_MS < own_ms {
            format!(
                "falls by {charged} ms from the last `time_left` ({before}), while the brain \
                 thought {own_ms} ms on its turn since (as measured on the wire): match time \
                 runs while the brain is on turn"
            )
        } else if extra > OPPONENT_CHARGED_MS
            && 2 * extra >= other_ms
            && extra <= other_ms + SLACK_MS
        {
            // The extra fits in the time off turn, so it is the opponent's turn charged; more
            // than that time is a clock counting something else (a written exchange's made-up
            // times, a coarse unit), which is not judged.
            format!(
                "falls by {charged} ms from the last `time_left` ({before}), while the brain \
                 thought {own_ms} ms on its turn and was off turn {other_ms} ms: match time \
                 does not count the opponent's turns"
            )
        } else {
            return;
        };
        let message = format!("`{}` {why}", entry.text);
        self.tally.fault(
            CheckId::GuiClockCharged,
            Grade::Fail,
            reqs!["gomocup-r82"],
            message,
            entry.at,
            out,
        );
    }
}
