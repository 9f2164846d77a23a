//! Time controls and the clocks Arbiter keeps for them: each move is charged with the time
//! from the `go` Arbiter wrote to the reply it read, not with what the engine claims.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How long the engines may think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time per move (cutechess-cli's `st=SECONDS`).
    PerMove(Duration),
    /// A clock: `base` for every `moves` moves (or the whole game), plus `increment` a move
    /// (cutechess-cli's `tc=[MOVES/]SECONDS[+INCREMENT]`).
    Clock {
        /// Moves per period: after every this many moves of an engine, `base` is added to its
        /// clock again; none: `base` is for the whole game.
        moves: Option<u32>,
        /// Time on the clock at the start, and again at each new period.
        base: Duration,
        /// Time added to an engine's clock after each of its moves (zero for none).
        increment: Duration,
    },
}

impl FromStr for TimeControl {
    type Err = String;

    /// `40/60+0.6`, `60+0.6` or `60`: seconds, as cutechess-cli writes them.
    fn from_str(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("`{text}` is not [MOVES/]SECONDS[+INCREMENT], such as 40/60+0.6");
        let seconds = |s: &str| {
            s.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .map(Duration::from_secs_f64)
                .ok_or_else(bad)
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => (
                Some(m.parse::<u32>().ok().filter(|m| *m > 0).ok_or_else(bad)?),
                rest,
            ),
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (seconds(b)?, seconds(i)?),
            None => (seconds(rest)?, Duration::ZERO),
        };
        if base.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl::Clock {
            moves,
            base,
            increment,
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::PerMove(d) => write!(f, "st={}", d.as_secs_f64()),
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                write!(f, "tc=")?;
                if let Some(m) = moves {
                    write!(f, "{m}/")?;
                }
                write!(f, "{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
        }
    }
}

/// One engine's clock in a game.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Clock {
    /// Time left, in milliseconds; negative while within the margin after a late move.
    pub remaining_ms: f64,
    /// Moves played in the current period.
    played: u32,
}

impl Clock {
    pub(crate) fn new(control: TimeControl) -> Clock {
        let remaining_ms = match control {
            TimeControl::PerMove(d) => d.as_secs_f64() * 1000.0,
            TimeControl::Clock { base, .. } => base.as_secs_f64() * 1000.0,
        };
        Clock {
            remaining_ms,
            played: 0,
        }
    }

    /// Moves left in the period, when the control has periods.
    pub(crate) fn moves_to_go(&self, control: TimeControl) -> Option<u32> {
        match control {
            TimeControl::Clock { moves: Some(m), .. } => Some(m - self.played % m),
            _ => None,
        }
    }

    /// How long the engine may take for this move before it has lost on time.
    pub(crate) fn allowance(&self, control: TimeControl, margin: Duration) -> Duration {
        let ms = match control {
            TimeControl::PerMove(d) => d.as_secs_f64() * 1000.0,
            TimeControl::Clock { .. } => self.remaining_ms.max(0.0),
        };
        Duration::from_secs_f64(ms / 1000.0) + margin
    }

    /// Charges time that is not a move (a Gomocup brain's start-up, gomocup-r82): no
    /// increment, no move counted.
    pub(crate) fn spend(&mut self, control: TimeControl, took_ms: f64) {
        if let TimeControl::Clock { .. } = control {
            self.remaining_ms -= took_ms;
        }
    }

    /// Whether the clock ran out beyond the margin before the engine was asked to move.
    pub(crate) fn flagged(&self, margin: Duration) -> bool {
        self.remaining_ms + margin.as_secs_f64() * 1000.0 < 0.0
    }

    /// Charges a move that took `took_ms`: the increment added, and a new period's time when
    /// one begins.
    pub(crate) fn charge(&mut self, control: TimeControl, took_ms: f64) {
        let TimeControl::Clock {
            moves,
            base,
            increment,
        } = control
        else {
            return;
        };
        self.remaining_ms -= took_ms;
        self.remaining_ms += increment.as_secs_f64() * 1000.0;
        self.played += 1;
        if moves.is_some_and(|m| self.played.is_multiple_of(m)) {
            self.remaining_ms += base.as_secs_f64() * 1000.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_as_cutechess_writes_them() {
        let tc: TimeControl = "40/60+0.6".parse().unwrap();
        assert_eq!(
            tc,
            TimeControl::Clock {
                moves: Some(40),
                base: Duration::from_secs(60),
                increment: Duration::from_millis(600)
            }
        );
        assert_eq!("10".parse::<TimeControl>().unwrap().to_string(), "tc=10+0");
        for bad in ["", "0", "x/60", "0/60", "60+", "-1", "40/"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_clock_is_charged_and_refilled_by_period() {
        let tc: TimeControl = "2/1+0.1".parse().unwrap();
        let mut clock = Clock::new(tc);
        assert_eq!(clock.moves_to_go(tc), Some(2));
        clock.charge(tc, 400.0);
        assert!((clock.remaining_ms - 700.0).abs() < 1e-9);
        assert_eq!(clock.moves_to_go(tc), Some(1));
        clock.charge(tc, 300.0);
        // 700 - 300 + 100, then the next period's second.
        assert!((clock.remaining_ms - 1500.0).abs() < 1e-9);
        assert_eq!(
            clock.allowance(tc, Duration::from_millis(50)),
            Duration::from_millis(1550)
        );
    }

    #[test]
    fn start_up_time_is_spent_from_a_clock_without_counting_a_move() {
        let tc: TimeControl = "2/1+0.1".parse().unwrap();
        let mut clock = Clock::new(tc);
        clock.spend(tc, 1040.0);
        assert!((clock.remaining_ms + 40.0).abs() < 1e-9);
        assert_eq!(clock.moves_to_go(tc), Some(2));
        assert!(!clock.flagged(Duration::from_millis(50)));
        assert!(clock.flagged(Duration::from_millis(30)));
        // A time per move has no clock to spend from.
        let st = TimeControl::PerMove(Duration::from_secs(1));
        let mut per_move = Clock::new(st);
        per_move.spend(st, 5000.0);
        assert!(!per_move.flagged(Duration::ZERO));
    }
}
