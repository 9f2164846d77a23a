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

/// Why a time control (`tc=[MOVES/]SECONDS[+INCREMENT]`, as cutechess-cli writes it) does not
/// read, with the time control as written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// The moves of a period, before `/`, are not a positive whole number.
    #[error(
        "`{text}` is not [MOVES/]SECONDS[+INCREMENT], such as 40/60+0.6: `{moves}` is not a positive number of moves"
    )]
    Moves {
        /// The time control as written.
        text: String,
        /// The moves as written.
        moves: String,
    },
    /// The time on the clock, or the increment after `+`, is not a number of seconds, zero
    /// or more.
    #[error(
        "`{text}` is not [MOVES/]SECONDS[+INCREMENT], such as 40/60+0.6: the {part} `{seconds}` is not a number of seconds"
    )]
    Seconds {
        /// The time control as written.
        text: String,
        /// Which number: `time` or `increment`.
        part: &'static str,
        /// The number as written.
        seconds: String,
    },
    /// The clock starts with no time on it.
    #[error(
        "`{text}` is not [MOVES/]SECONDS[+INCREMENT], such as 40/60+0.6: the clock starts with no time"
    )]
    NoTime {
        /// The time control as written.
        text: String,
    },
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `40/60+0.6`, `60+0.6` or `60`: seconds, as cutechess-cli writes them.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => (Some(period_moves(text, moves)?), rest),
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((base, increment)) => (
                seconds(text, "time", base)?,
                seconds(text, "increment", increment)?,
            ),
            None => (seconds(text, "time", rest)?, Duration::ZERO),
        };
        if base.is_zero() {
            return Err(TimeControlError::NoTime { text: text.into() });
        }
        Ok(TimeControl::Clock {
            moves,
            base,
            increment,
        })
    }
}

/// The moves of a period of the time control `text`.
fn period_moves(text: &str, moves: &str) -> Result<u32, TimeControlError> {
    moves
        .parse::<u32>()
        .ok()
        .filter(|m| *m > 0)
        .ok_or_else(|| TimeControlError::Moves {
            text: text.into(),
            moves: moves.into(),
        })
}

/// A number of seconds of the time control `text`, its `part`.
fn seconds(text: &str, part: &'static str, seconds: &str) -> Result<Duration, TimeControlError> {
    seconds
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| TimeControlError::Seconds {
            text: text.into(),
            part,
            seconds: seconds.into(),
        })
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

    /// A bad time control says which part of it is wrong, and how the whole is written.
    #[test]
    fn a_bad_time_control_says_what_is_wrong() {
        let error = |text: &str| text.parse::<TimeControl>().unwrap_err();
        assert_eq!(
            error("0/60+1"),
            TimeControlError::Moves {
                text: "0/60+1".into(),
                moves: "0".into()
            }
        );
        assert_eq!(
            error("40/60+x"),
            TimeControlError::Seconds {
                text: "40/60+x".into(),
                part: "increment",
                seconds: "x".into()
            }
        );
        assert!(matches!(
            error("-5"),
            TimeControlError::Seconds { part: "time", .. }
        ));
        assert_eq!(
            error("0+1"),
            TimeControlError::NoTime { text: "0+1".into() }
        );
        assert_eq!(
            error("40/60+x").to_string(),
            "`40/60+x` is not [MOVES/]SECONDS[+INCREMENT], such as 40/60+0.6: the increment `x` \
             is not a number of seconds"
        );
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
