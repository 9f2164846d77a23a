//! A match's score and what it says: the Elo difference with its 95% error bar, the
//! likelihood of superiority, and the draw ratio, as cutechess-cli prints them.

use serde::{Deserialize, Serialize};

use super::GameResult;

/// Wins, losses and draws of the first engine of the match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// Game pairs (one opening, colours swapped) by the points the first engine took from the
/// pair: 0, ½, 1, 1½ or 2. The pentanomial counts fastchess prints as `Ptnml(0-2)`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Counts a pair from the first engine's points in each of its two games (0, 1 or 2
    /// half-points each).
    pub fn add(&mut self, half_points: [u32; 2]) {
        let bucket = (half_points[0] + half_points[1]).min(4) as usize;
        self.counts[bucket] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
}

impl Score {
    /// Counts a result for the engine that moved first (`first`) or second.
    pub fn add_result(&mut self, result: GameResult, first: bool) {
        match half_points(result, first) {
            1 => self.draws += 1,
            2 => self.wins += 1,
            _ => self.losses += 1,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The share of the points, draws counting half.
    pub fn fraction(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n
    }

    /// The Elo difference the score implies, and half its 95% confidence interval (both
    /// infinite when the score is all or nothing).
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        let s = self.fraction();
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let (w, l, d) = (
            f64::from(self.wins) / n,
            f64::from(self.losses) / n,
            f64::from(self.draws) / n,
        );
        let deviation = (w * (1.0 - s).powi(2) + l * s.powi(2) + d * (0.5 - s).powi(2)).sqrt();
        let margin = 1.959_964 * deviation / n.sqrt();
        (elo_of(s), (elo_of(s + margin) - elo_of(s - margin)) / 2.0)
    }

    /// The likelihood that the first engine is the stronger, from wins and losses.
    pub fn los(&self) -> f64 {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    pub fn draw_ratio(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            0.0
        } else {
            f64::from(self.draws) / n
        }
    }
}

/// An engine's half-points from a game: 2 for a win, 1 for a draw.
pub fn half_points(result: GameResult, first: bool) -> u32 {
    match (result, first) {
        (GameResult::Draw, _) => 1,
        (GameResult::FirstWins, true) | (GameResult::SecondWins, false) => 2,
        _ => 0,
    }
}

/// The Elo difference of a score fraction.
fn elo_of(fraction: f64) -> f64 {
    if fraction <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if fraction >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / fraction - 1.0).log10()
}

/// The error function (Abramowitz and Stegun 7.1.26; |error| < 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_los_and_draws_follow_the_score() {
        let even = Score {
            wins: 5,
            losses: 5,
            draws: 10,
        };
        assert_eq!(even.fraction(), 0.5);
        assert!(even.elo().0.abs() < 1e-9);
        assert!((even.los() - 0.5).abs() < 1e-9);
        assert_eq!(even.draw_ratio(), 0.5);
        // 75% is +190.85 Elo.
        let ahead = Score {
            wins: 15,
            losses: 5,
            draws: 0,
        };
        assert!((ahead.elo().0 - 190.85).abs() < 0.01, "{:?}", ahead.elo());
        assert!(ahead.elo().1 > 0.0);
        assert!((ahead.los() - 0.987).abs() < 0.001, "{}", ahead.los());
        assert!(
            Score {
                wins: 3,
                losses: 0,
                draws: 0
            }
            .elo()
            .0
            .is_infinite()
        );
        // A win and a draw: 75%, but the interval reaches past 100%, so the margin is open.
        let (elo, margin) = Score {
            wins: 1,
            losses: 0,
            draws: 1,
        }
        .elo();
        assert!((elo - 190.85).abs() < 0.01 && margin.is_infinite());
        assert!((erf(0.5) - 0.520_499_88).abs() < 1e-6);
    }
}
