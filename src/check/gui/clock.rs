//! Whether the GUI charges its engine's clock: the remaining time a `go` gives the engine is
//! no more than what the last `go` gave it, less the time the engine then thought (measured
//! by Arbiter on the wire, from the `go` — or the `ponderhit`, ucci-r74 — to the result),
//! plus the increment. The GUI measures from its side of the pipe, which can only make its
//! figure for the thinking longer, so a tolerance covers rounding and nothing else.

use crate::rules::Side;

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

#[derive(Debug, Default)]
pub(super) struct Clocks {
    last: [Option<Charge>; 2],
    /// The side whose search runs.
    running: Option<Side>,
    /// The unit the GUI states times in, less one ms (UCCI in seconds: 999), which its
    /// rounding may add.
    resolution_ms: i64,
}

fn slot(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
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
        let Some(clock) = clock else {
            self.last[slot(side)] = None;
            self.running = None;
            return None;
        };
        let (remaining_ms, increment_ms) = match side {
            Side::First => clock.first?,
            Side::Second => clock.second?,
        };
        let found = self.last[slot(side)].and_then(|last| {
            let thought_us = last.thought_us?;
            // The last search closed a period: the next one starts with new time.
            if last.movestogo == Some(1) {
                return None;
            }
            let thought_ms = thought_us as f64 / 1000.0;
            let at_most_ms = last.remaining_ms - thought_ms.floor() as i64 + last.increment_ms;
            let tolerance = TOLERANCE_MS + self.resolution_ms;
            (remaining_ms > at_most_ms + tolerance).then_some(Overcharge {
                given_ms: remaining_ms,
                at_most_ms,
                thought_ms,
            })
        });
        self.last[slot(side)] = Some(Charge {
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
        if let Some(charge) = self.running.and_then(|s| self.last[slot(s)].as_mut()) {
            charge.started_us = Some(at_us);
        }
    }

    /// The search's result: how long the engine thought, if its clock was running.
    pub(super) fn result(&mut self, at_us: u64) {
        if let Some(side) = self.running.take()
            && let Some(charge) = self.last[slot(side)].as_mut()
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
