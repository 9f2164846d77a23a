//! Time management: how long to think on a move given the clock.
//!
//! * A safety margin is kept off the remaining time: 5 % of it but at least 50 ms (at most half of
//!   it when less than 100 ms remain), so that process start-up, pipes and scheduling never make
//!   the engine lose on time.
//! * The rest is split over `movestogo` moves, or over a horizon of 30 moves when the time is for
//!   the whole game, and most (3/4) of the increment is added.
//! * `soft` is that share: no new iteration starts after half of it. `hard` is where the search is
//!   cut off mid-iteration: three times the share, never beyond the remaining time less the margin.
//! * With the `ponder` option on, the share grows by a quarter: time is also won while pondering.

use std::time::Duration;

/// The clock of the side to move, as a `go` command gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
    /// Moves to play before the time control resets; `None` for the whole game.
    pub movestogo: Option<u32>,
}

/// The budget of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    pub soft: Duration,
    pub hard: Duration,
}

const MIN_MARGIN: Duration = Duration::from_millis(50);
const HORIZON: u32 = 30;

fn margin(remaining: Duration) -> Duration {
    (remaining / 20).max(MIN_MARGIN.min(remaining / 2))
}

impl TimePlan {
    pub fn for_clock(clock: Clock, ponder: bool) -> TimePlan {
        let usable = clock.remaining.saturating_sub(margin(clock.remaining));
        let moves = clock.movestogo.unwrap_or(HORIZON).clamp(1, HORIZON);
        let mut share = usable / moves + clock.increment * 3 / 4;
        if ponder {
            share += share / 4;
        }
        let soft = share.min(usable);
        let hard = if moves == 1 {
            usable
        } else {
            (soft * 3).min(usable)
        };
        TimePlan { soft, hard }
    }

    /// A fixed time for this move (UCI `movetime`): all of it, less the margin.
    /// UCI `movetime`: "exactly x ms", so only a small margin for writing the answer, not
    /// the clock's safety margin.
    pub fn for_movetime(time: Duration) -> TimePlan {
        let usable = time.saturating_sub((time / 10).min(Duration::from_millis(10)));
        TimePlan {
            soft: usable,
            hard: usable,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(remaining: u64, increment: u64, movestogo: Option<u32>) -> Clock {
        Clock {
            remaining: ms(remaining),
            increment: ms(increment),
            movestogo,
        }
    }

    #[test]
    fn never_plans_beyond_the_clock_less_the_margin() {
        for remaining in [0, 1, 10, 60, 100, 1000, 10_000, 300_000] {
            for inc in [0, 100, 5000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let plan = TimePlan::for_clock(clock(remaining, inc, mtg), true);
                    let limit = ms(remaining).saturating_sub(margin(ms(remaining)));
                    assert!(plan.hard <= limit, "{remaining} {inc} {mtg:?}: {plan:?}");
                    assert!(plan.soft <= plan.hard);
                }
            }
        }
    }

    #[test]
    fn margin_is_five_percent_or_fifty_ms() {
        assert_eq!(margin(ms(300_000)), ms(15_000));
        assert_eq!(margin(ms(500)), ms(50));
        assert_eq!(margin(ms(60)), ms(30));
    }

    #[test]
    fn movestogo_splits_the_time() {
        let plan = TimePlan::for_clock(clock(10_500, 0, Some(10)), false);
        // 10.5 s less 525 ms margin over 10 moves.
        assert_eq!(plan.soft, ms(997) + Duration::from_micros(500));
        let last = TimePlan::for_clock(clock(1000, 0, Some(1)), false);
        assert_eq!(last.soft, ms(950));
        assert_eq!(last.hard, ms(950));
    }

    #[test]
    fn increment_is_mostly_spent() {
        let without = TimePlan::for_clock(clock(60_000, 0, None), false);
        let with = TimePlan::for_clock(clock(60_000, 2000, None), false);
        assert_eq!(with.soft - without.soft, ms(1500));
    }

    #[test]
    fn movetime_keeps_a_margin() {
        assert_eq!(TimePlan::for_movetime(ms(1000)).hard, ms(990));
        assert_eq!(TimePlan::for_movetime(ms(100)).hard, ms(90));
    }
}
