//! Whether the GUI charges its engine's clock: the remaining time a `go` gives the engine is
//! no more than what the last `go` gave it, less the time the engine then thought (measured
//! by Arbiter on the wire, from the `go` — or the `ponderhit`, ucci-r74 — to the result),
//! plus the increment. The GUI measures from its side of the pipe, which can only make its
//! figure for the thinking longer, so a tolerance covers rounding and nothing else.

use crate::rules::{BySide, Side};

/// The clocks a `go` states, in milliseconds once the unit is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ClockGiven {
    /// Remaining time and increment of the side that moves first (white, red, black stone).
    pub first: Option<(i64, i64)>,
    pub second: Option<(i64, i64)>,
    pub movestogo: Option<u32>,
    /// The `go` also fixes the search's time (UCI `movetime`): a game timed per move, where
    /// the clock fields beside it follow no clock the text defines (uci2wb states the mover's
    /// per-move time as its remaining time, and 0 for the other side).
    pub fixed_move_time: bool,
}

impl ClockGiven {
    /// The clock with its times and increments multiplied by `scale` (UCCI seconds to
    /// milliseconds).
    pub(super) fn scaled(self, scale: i64) -> ClockGiven {
        let scale_pair = |(time, increment): (i64, i64)| (time * scale, increment * scale);
        ClockGiven {
            first: self.first.map(scale_pair),
            second: self.second.map(scale_pair),
            ..self
        }
    }
}

/// What one side's last timed search was given and took.
#[derive(Debug, Clone, Copy)]
struct Charge {
    remaining_ms: i64,
    increment_ms: i64,
    movestogo: Option<u32>,
    /// When the engine's clock started: the `go`, or the `ponderhit` of a ponder search.
    started_us: Option<u64>,
    /// How long it thought, once its result came.
    thought_us: Option<u64>,
}

/// A `go` that gave the engine more time than it had left.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Overcharge {
    pub given_ms: i64,
    pub at_most_ms: i64,
    pub thought_ms: f64,
}

/// What the GUI's own timing and rounding may add to the remaining time it states.
const TOLERANCE_MS: i64 = 100;
/// What the GUI may take off beyond the thinking measured on the wire: its own latency on
/// both sides of the pipe and its work between reading the result and writing the next
/// `go`, which a loaded machine stretches; half the thinking measured comes on top.
const LOWER_SLACK_MS: i64 = 1000;

/// A timed `go` laid beside the side's last one: what the clock then stated, what the engine
/// thought, and what this `go` states.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Compared {
    pub given_ms: i64,
    pub last_remaining_ms: i64,
    pub last_increment_ms: i64,
    pub last_movestogo: Option<u32>,
    pub movestogo: Option<u32>,
    pub thought_ms: f64,
    /// How many plies this `go`'s position lies after the last one's, when it continues the
    /// same game's line (`None`: not known to).
    pub plies_since: Option<u32>,
    /// The GUI's unit less one ms, which its rounding may add.
    pub resolution_ms: i64,
}

/// A `go` that gave the engine less time than it had left, by more than the GUI's own
/// timing explains.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Undercharge {
    pub given_ms: i64,
    pub at_least_ms: i64,
    pub thought_ms: f64,
}

impl Compared {
    /// The most the engine can have left: what it had, less what it thought, plus the
    /// increment.
    pub(super) fn at_most_ms(&self) -> i64 {
        self.last_remaining_ms - self.thought_ms.floor() as i64 + self.last_increment_ms
    }

    fn slack_ms(&self) -> i64 {
        LOWER_SLACK_MS + (self.thought_ms / 2.0) as i64 + self.resolution_ms
    }

    pub(super) fn over(&self) -> Option<Overcharge> {
        let at_most_ms = self.at_most_ms();
        (self.given_ms > at_most_ms + TOLERANCE_MS + self.resolution_ms).then_some(Overcharge {
            given_ms: self.given_ms,
            at_most_ms,
            thought_ms: self.thought_ms,
        })
    }

    /// Less time than the engine had left, less its thinking, by more than the slack; only
    /// within one game's line, where nothing but the engine's thinking moved its clock.
    pub(super) fn under(&self) -> Option<Undercharge> {
        if self.plies_since.is_none_or(|p| p == 0) {
            return None;
        }
        let at_least_ms = self.at_most_ms() - self.slack_ms();
        (self.given_ms < at_least_ms).then_some(Undercharge {
            given_ms: self.given_ms,
            at_least_ms,
            thought_ms: self.thought_ms,
        })
    }

    /// Whether the clocks fit when each stated time is multiplied by `factor` (the GUI wrote
    /// them in another unit than the one the engine reads), or when `added_ms` more had
    /// been given (an increment the GUI did not add): what the engine then lost is its
    /// thinking, within the GUI's timing.
    pub(super) fn fits_with(&self, factor: f64, resolution_ms: i64, added_ms: i64) -> bool {
        let scaled = |ms: i64| (ms as f64 * factor).round() as i64;
        let at_most = scaled(self.last_remaining_ms) - self.thought_ms.floor() as i64
            + scaled(self.last_increment_ms);
        let given = scaled(self.given_ms) + added_ms;
        let slack = LOWER_SLACK_MS + (self.thought_ms / 2.0) as i64 + resolution_ms;
        given <= at_most + TOLERANCE_MS + resolution_ms && given >= at_most - slack
    }

    /// The `movestogo` this `go` should state, when it breaks the count: the last count less
    /// the engine's moves since (one every two plies); nothing when the period has closed,
    /// the count is new or the `go` states none.
    pub(super) fn count_slip(&self) -> Option<u32> {
        let (last, now, plies) = (self.last_movestogo?, self.movestogo?, self.plies_since?);
        let moves = plies / 2;
        (plies > 0 && last > moves && now != last - moves).then_some(last - moves)
    }
}

#[derive(Debug, Default)]
pub(super) struct Clocks {
    last: BySide<Option<Charge>>,
    /// The side whose search runs.
    running: Option<Side>,
    /// The unit the GUI states times in, less one ms (UCCI in seconds: 999), which its
    /// rounding may add.
    resolution_ms: i64,
}

impl Clocks {
    /// A new game (or a position that does not continue the last): nothing to compare.
    pub(super) fn new_game(&mut self) {
        *self = Clocks {
            resolution_ms: self.resolution_ms,
            ..Clocks::default()
        };
    }

    /// The unit the clocks are stated in, in milliseconds.
    pub(super) fn unit_ms(&mut self, unit: i64) {
        self.resolution_ms = unit - 1;
    }

    /// A `go` for `side` at `at_us`; returns the overcharge, if the clock it states is more
    /// than the last one allowed.
    pub(super) fn go(
        &mut self,
        side: Side,
        clock: Option<ClockGiven>,
        ponder: bool,
        at_us: u64,
    ) -> Option<Overcharge> {
        self.go_compared(side, clock, ponder, at_us, None)
            .and_then(|c| c.over())
    }

    /// A `go` for `side` at `at_us`, whose position lies `plies_since` plies after the side's
    /// last one in the same game when that is known: the comparison with the side's last
    /// timed search, when there is one to compare (it thought on a running clock, and did
    /// not close a period).
    pub(super) fn go_compared(
        &mut self,
        side: Side,
        clock: Option<ClockGiven>,
        ponder: bool,
        at_us: u64,
        plies_since: Option<u32>,
    ) -> Option<Compared> {
        let Some(clock) = clock else {
            *self.last.get_mut(side) = None;
            self.running = None;
            return None;
        };
        let (remaining_ms, increment_ms) = match side {
            Side::First => clock.first?,
            Side::Second => clock.second?,
        };
        let found = self.last.get(side).and_then(|last| {
            let thought_us = last.thought_us?;
            // The last search closed a period (or the engine's moves since did): the next
            // one starts with new time.
            let moves_since = plies_since.map_or(1, |p| p / 2);
            if last.movestogo.is_some_and(|m| m <= moves_since.max(1)) {
                return None;
            }
            Some(Compared {
                given_ms: remaining_ms,
                last_remaining_ms: last.remaining_ms,
                last_increment_ms: last.increment_ms,
                last_movestogo: last.movestogo,
                movestogo: clock.movestogo,
                thought_ms: thought_us as f64 / 1000.0,
                plies_since,
                resolution_ms: self.resolution_ms,
            })
        });
        *self.last.get_mut(side) = Some(Charge {
            remaining_ms,
            increment_ms,
            movestogo: clock.movestogo,
            started_us: (!ponder).then_some(at_us),
            thought_us: None,
        });
        self.running = Some(side);
        found
    }

    /// `ponderhit`: the engine's clock starts now.
    pub(super) fn ponderhit(&mut self, at_us: u64) {
        if let Some(charge) = self.running.and_then(|s| self.last.get_mut(s).as_mut()) {
            charge.started_us = Some(at_us);
        }
    }

    /// The search's result: how long the engine thought, if its clock was running.
    pub(super) fn result(&mut self, at_us: u64) {
        if let Some(side) = self.running.take()
            && let Some(charge) = self.last.get_mut(side).as_mut()
        {
            charge.thought_us = charge.started_us.map(|s| at_us.saturating_sub(s));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn white(remaining: i64, increment: i64) -> Option<ClockGiven> {
        Some(ClockGiven {
            first: Some((remaining, increment)),
            second: Some((60_000, 0)),
            movestogo: None,
            fixed_move_time: false,
        })
    }

    #[test]
    fn a_clock_that_was_not_charged_is_found_and_one_that_was_is_not() {
        let mut clocks = Clocks::default();
        assert_eq!(clocks.go(Side::First, white(60_000, 1_000), false, 0), None);
        clocks.result(5_000_000);
        // 5 s thought, 1 s increment: at most 56 s left.
        assert_eq!(
            clocks.go(Side::First, white(56_000, 1_000), false, 9_000_000),
            None
        );
        clocks.result(10_000_000);
        // 1 s thought, 1 s increment: still at most 56 s.
        let found = clocks
            .go(Side::First, white(56_200, 1_000), false, 20_000_000)
            .unwrap();
        assert_eq!(found.at_most_ms, 56_000);
        assert_eq!(found.given_ms, 56_200);
    }

    #[test]
    fn a_ponder_search_is_charged_from_the_ponderhit() {
        let mut clocks = Clocks::default();
        clocks.go(
            Side::Second,
            Some(ClockGiven {
                first: None,
                second: Some((10_000, 0)),
                movestogo: None,
                fixed_move_time: false,
            }),
            true,
            0,
        );
        clocks.ponderhit(8_000_000);
        clocks.result(9_000_000);
        // 8 s of pondering are free: 1 s charged.
        let next = Some(ClockGiven {
            first: None,
            second: Some((9_000, 0)),
            movestogo: None,
            fixed_move_time: false,
        });
        assert_eq!(clocks.go(Side::Second, next, false, 12_000_000), None);
    }

    #[test]
    fn a_new_period_and_a_new_game_reset_the_comparison() {
        let mut clocks = Clocks::default();
        let period = |remaining| {
            Some(ClockGiven {
                first: Some((remaining, 0)),
                second: None,
                movestogo: Some(1),
                fixed_move_time: false,
            })
        };
        clocks.go(Side::First, period(1_000), false, 0);
        clocks.result(900_000);
        assert_eq!(
            clocks.go(Side::First, period(60_000), false, 1_000_000),
            None
        );
        clocks.result(2_000_000);
        clocks.new_game();
        assert_eq!(
            clocks.go(Side::First, white(60_000, 0), false, 3_000_000),
            None
        );
    }
}
