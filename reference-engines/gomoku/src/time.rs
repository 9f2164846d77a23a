//! Turning the manager's clock information into a thinking budget.
//!
//! Every budget keeps a safety margin for process start-up, pipes and the last search
//! iteration's overrun, and is capped so that an untimed game still moves briskly.

use std::time::Duration;

/// Turn time assumed when the manager sends none (gomocup-r61).
pub const DEFAULT_TURN_MS: u64 = 5_000;
/// Longest think, whatever the limits allow.
pub const MAX_THINK_MS: u64 = 10_000;
/// Gomocup's "no limit" value of `time_left` (gomocup-r79).
pub const UNLIMITED: i64 = 2_147_483_647;

/// Budget for one Gomocup move from `timeout_turn` and `time_left` (milliseconds).
/// `timeout_turn 0` means "as fast as possible" (gomocup-r65/r84): zero, no search.
pub fn gomocup_budget(timeout_turn: Option<u64>, time_left: Option<i64>) -> Duration {
    let turn = timeout_turn.unwrap_or(DEFAULT_TURN_MS);
    if turn == 0 {
        return Duration::ZERO;
    }
    let mut ms = turn.saturating_sub(margin(turn));
    if let Some(left) = time_left.filter(|&l| l < UNLIMITED) {
        // Spread the match clock over the rest of the game, with a reserve.
        let left = u64::try_from(left).unwrap_or(0);
        ms = ms.min((left / 25).saturating_sub(margin(left / 25)));
    }
    Duration::from_millis(ms.min(MAX_THINK_MS))
}

/// Budget for one AGI move from `GO TIME` (the remaining thinking time, agi-r67), or the
/// default turn when no time is given. `INFINITE` is not a budget: the caller passes none.
pub fn agi_budget(remaining_ms: Option<u64>) -> Duration {
    let ms = match remaining_ms {
        Some(left) => (left / 25).saturating_sub(margin(left / 25)),
        None => DEFAULT_TURN_MS - margin(DEFAULT_TURN_MS),
    };
    Duration::from_millis(ms.min(MAX_THINK_MS))
}

/// A fifth of the slice, at least 50 ms and at most one second.
fn margin(ms: u64) -> u64 {
    (ms / 5).clamp(50, 1_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_limits() {
        assert_eq!(gomocup_budget(Some(0), None), Duration::ZERO);
        assert_eq!(
            gomocup_budget(Some(1_000), None),
            Duration::from_millis(800)
        );
        assert_eq!(gomocup_budget(None, None), Duration::from_millis(4_000));
        assert_eq!(
            gomocup_budget(Some(60_000), None),
            Duration::from_millis(MAX_THINK_MS)
        );
        assert_eq!(gomocup_budget(Some(30), None), Duration::ZERO);
    }

    #[test]
    fn time_left_shrinks_the_budget() {
        assert_eq!(
            gomocup_budget(Some(5_000), Some(UNLIMITED)),
            Duration::from_millis(4_000)
        );
        assert_eq!(
            gomocup_budget(Some(5_000), Some(25_000)),
            Duration::from_millis(800)
        );
        assert_eq!(gomocup_budget(Some(5_000), Some(-500)), Duration::ZERO);
        assert_eq!(gomocup_budget(Some(5_000), Some(1_000)), Duration::ZERO);
    }

    #[test]
    fn agi_remaining_time() {
        assert_eq!(agi_budget(Some(100_000)), Duration::from_millis(3_200));
        assert_eq!(agi_budget(Some(500)), Duration::ZERO);
        assert_eq!(agi_budget(None), Duration::from_millis(4_000));
    }
}
