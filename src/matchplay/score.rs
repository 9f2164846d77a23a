//! A match's score and what it says: the Elo difference with its 95% error bar, the
//! likelihood of superiority, and the draw ratio, as cutechess-cli prints them.

use serde::{Deserialize, Serialize};

use super::GameResult;

/// Reads back a figure JSON wrote as `null`: JSON has no infinity or NaN (an Elo of a match
/// won every game is infinite), and `serde_json` writes them so. Read back, it is NaN.
pub(crate) fn figure_or_nan<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(deserializer)?.unwrap_or(f64::NAN))
}

/// Games won, lost and drawn from one engine's side: in an encounter, the engine listed
/// first; in a standing, the engine itself. Aborted games count in none of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Games won, a point each.
    pub wins: u32,
    /// Games lost, no point.
    pub losses: u32,
    /// Games drawn, half a point each.
    pub draws: u32,
}

/// Game pairs (one opening, colours swapped) by the points the first engine took from the
/// pair: 0, ½, 1, 1½ or 2. The pentanomial counts fastchess prints as `Ptnml(0-2)`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    /// Pairs by the points the first engine took: 0, ½, 1, 1½, 2.
    pub counts: [u32; 5],
    /// Of the one-point pairs (`counts[2]`), those of a win and a loss; the others are two
    /// draws. fastchess prints their ratio (`WL/DD Ratio`), and the games' wins, losses
    /// and draws follow from the two.
    #[serde(default)]
    pub win_loss: u32,
}

impl Pentanomial {
    /// Counts a pair from the first engine's points in each of its two games (0, 1 or 2
    /// half-points each).
    pub(crate) fn add(&mut self, half_points: [u32; 2]) {
        let bucket = (half_points[0] + half_points[1]).min(4) as usize;
        self.counts[bucket] += 1;
        if half_points.contains(&2) && half_points.contains(&0) {
            self.win_loss += 1;
        }
    }

    /// The pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The one-point pairs of two draws.
    pub(crate) fn draw_draw(&self) -> u32 {
        self.counts[2] - self.win_loss.min(self.counts[2])
    }

    /// The wins, losses and draws of the pairs' games.
    pub(crate) fn games(&self) -> Score {
        let [ll, ld, _, wd, ww] = self.counts;
        let (wl, dd) = (self.win_loss.min(self.counts[2]), self.draw_draw());
        Score {
            wins: 2 * ww + wd + wl,
            losses: 2 * ll + ld + wl,
            draws: wd + ld + 2 * dd,
        }
    }
}

impl Score {
    /// Counts a result for the engine that moved first (`first`) or second.
    pub(crate) fn add_result(&mut self, result: GameResult, first: bool) {
        match half_points(result, first) {
            1 => self.draws += 1,
            2 => self.wins += 1,
            _ => self.losses += 1,
        }
    }

    /// The games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The points, draws counting half.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The share of the points, draws counting half (NaN before the first game, as both
    /// tools compute it).
    pub fn fraction(&self) -> f64 {
        self.points() / f64::from(self.games())
    }

    /// The share of draws (NaN before the first game).
    pub(crate) fn draw_ratio(&self) -> f64 {
        f64::from(self.draws) / f64::from(self.games())
    }

    /// The Elo difference the score implies, and half its 95% confidence interval, as
    /// cutechess-cli computes them (see [`CutechessElo`]).
    pub(crate) fn elo(&self) -> (f64, f64) {
        let elo = CutechessElo::of(self);
        (elo.diff, elo.margin)
    }
}

/// cutechess-cli's statistics of a score (its `Elo` class): the Elo difference of the mean
/// score, the error margin from the trinomial standard error with its own approximation of
/// the normal quantiles, and the LOS from wins and losses only. Undefined values stay NaN and
/// infinite ones infinite, as cutechess-cli prints them (`inf +/- nan`, `LOS: nan %`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CutechessElo {
    /// The Elo difference of the mean score.
    pub diff: f64,
    /// Its error margin (95%).
    pub margin: f64,
    /// In percent.
    pub los: f64,
    /// In percent.
    pub draw_ratio: f64,
}

impl CutechessElo {
    /// cutechess-cli's statistics of `score`.
    pub fn of(score: &Score) -> CutechessElo {
        let n = f64::from(score.games());
        let (w, l, d) = (
            f64::from(score.wins) / n,
            f64::from(score.losses) / n,
            f64::from(score.draws) / n,
        );
        let mu = w + d / 2.0;
        let stdev =
            (w * (1.0 - mu).powi(2) + l * mu.powi(2) + d * (0.5 - mu).powi(2)).sqrt() / n.sqrt();
        let low = mu + phi_inv_approx(0.025) * stdev;
        let high = mu + phi_inv_approx(0.975) * stdev;
        let (wins, losses) = (f64::from(score.wins), f64::from(score.losses));
        CutechessElo {
            diff: elo_of(mu),
            margin: (elo_of(high) - elo_of(low)) / 2.0,
            los: 100.0 * (0.5 + 0.5 * erf((wins - losses) / (2.0 * (wins + losses)).sqrt())),
            draw_ratio: 100.0 * d,
        }
    }
}

/// fastchess's statistics (its `EloWDL` over games, `EloPentanomial` over pairs): the Elo
/// difference with a 95% interval from the per-unit variance, the normalized Elo (nElo) with
/// its interval, and the LOS from the normal approximation of the mean score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct FastchessElo {
    pub diff: f64,
    pub error: f64,
    pub nelo: f64,
    pub nelo_error: f64,
    /// In percent.
    pub los: f64,
}

impl FastchessElo {
    /// Over single games.
    pub(crate) fn of_games(score: &Score) -> FastchessElo {
        let n = f64::from(score.games());
        let shares = [score.losses, score.draws, score.wins].map(|c| f64::from(c) / n);
        FastchessElo::of_shares(&[0.0, 0.5, 1.0], &shares, n, 1.0)
    }

    /// Over game pairs: a pair's t-value is √2 times a game's.
    pub(crate) fn of_pairs(pairs: &Pentanomial) -> FastchessElo {
        let n = f64::from(pairs.pairs());
        let shares = pairs.counts.map(|c| f64::from(c) / n);
        FastchessElo::of_shares(&[0.0, 0.25, 0.5, 0.75, 1.0], &shares, n, 2.0)
    }

    fn of_shares(scores: &[f64], shares: &[f64], n: f64, per_unit: f64) -> FastchessElo {
        const Z95: f64 = 1.959_963_984_540_054;
        let score: f64 = scores.iter().zip(shares).map(|(a, p)| a * p).sum();
        let variance: f64 = scores
            .iter()
            .zip(shares)
            .map(|(a, p)| p * (a - score).powi(2))
            .sum();
        let per_n = variance / n;
        let (high, low) = (score + Z95 * per_n.sqrt(), score - Z95 * per_n.sqrt());
        let nelo_of =
            |s: f64| (s - 0.5) / (per_unit * variance).sqrt() * (800.0 / std::f64::consts::LN_10);
        FastchessElo {
            diff: elo_of(score),
            error: (elo_of(high) - elo_of(low)) / 2.0,
            nelo: nelo_of(score),
            nelo_error: (nelo_of(high) - nelo_of(low)) / 2.0,
            los: 100.0 * (1.0 - erf(-(score - 0.5) / (2.0 * per_n).sqrt())) / 2.0,
        }
    }
}

/// An engine's half-points from a game: 2 for a win, 1 for a draw.
pub(crate) fn half_points(result: GameResult, first: bool) -> u32 {
    match (result, first) {
        (GameResult::Draw, _) => 1,
        (GameResult::FirstWins, true) | (GameResult::SecondWins, false) => 2,
        _ => 0,
    }
}

/// The Elo difference of a score fraction: `−400·log₁₀(1/s − 1)`, computed as both tools do,
/// so a score of 1 is +∞, of 0 −∞, and one outside [0, 1] (an interval's end past 100%) NaN.
fn elo_of(fraction: f64) -> f64 {
    -400.0 * (1.0 / fraction - 1.0).log10()
}

/// cutechess-cli's normal quantile: √2 times its closed-form approximation of the inverse
/// error function (Winitzki's, with its constant `a = 8(π − 3)/(3π(4 − π))` and π to 13
/// decimals as it writes it), so the error margin agrees with its last printed digit.
fn phi_inv_approx(p: f64) -> f64 {
    let x = 2.0 * p - 1.0;
    // Its π, short of f64's by 3e-14, is kept: the margin's digits are cutechess-cli's own.
    #[allow(clippy::approx_constant)]
    let pi = 3.141_592_653_589_7;
    let a = 8.0 * (pi - 3.0) / (3.0 * pi * (4.0 - pi));
    let y = (1.0 - x * x).ln();
    let z = 2.0 / (pi * a) + y / 2.0;
    let root = ((z * z - y / a).sqrt() - z).sqrt();
    std::f64::consts::SQRT_2 * if x < 0.0 { -root } else { root }
}

/// The error function, to about 1e-15: its Maclaurin series below |x| = 2, and 1 − erfc(x)
/// from erfc's continued fraction above (where the series would lose digits to cancelling
/// terms). LOS figures
/// are printed to a hundredth of a percent, so a coarser approximation could move their last
/// digit.
fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let a = x.abs();
    let value = if a < 2.0 {
        // 2/√π · Σ (−1)ⁿ x²ⁿ⁺¹ / (n! (2n + 1))
        let (mut term, mut sum) = (a, a);
        let mut n = 0.0;
        loop {
            n += 1.0;
            term *= -a * a / n;
            let next = term / (2.0 * n + 1.0);
            sum += next;
            // At most about 30 terms for |x| < 2; x = 0 ends at once.
            if next.abs() <= 1e-17 * sum.abs() || n > 100.0 {
                break;
            }
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    } else if a.is_infinite() {
        1.0
    } else {
        // erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))), evaluated from
        // the 60th level up, past where it stops changing for x ≥ 2.
        let mut tail = a;
        for k in (1..=60).rev() {
            tail = a + f64::from(k) / 2.0 / tail;
        }
        1.0 - (-a * a).exp() / std::f64::consts::PI.sqrt() / tail
    };
    if x < 0.0 { -value } else { value }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(wins: u32, losses: u32, draws: u32) -> Score {
        Score {
            wins,
            losses,
            draws,
        }
    }

    #[test]
    fn cutechess_statistics_follow_the_score() {
        let even = CutechessElo::of(&score(5, 5, 10));
        assert_eq!(score(5, 5, 10).fraction(), 0.5);
        assert!(even.diff.abs() < 1e-9 && even.margin > 0.0);
        assert!((even.los - 50.0).abs() < 1e-9);
        assert_eq!(even.draw_ratio, 50.0);
        // 75% is +190.85 Elo; its standard error 0.0968 times cutechess's quantile, which its
        // approximation makes ±1.9572 rather than ±1.9600.
        let ahead = CutechessElo::of(&score(15, 5, 0));
        assert!((ahead.diff - 190.85).abs() < 0.01, "{ahead:?}");
        let se = (0.75f64 * 0.25 / 20.0).sqrt();
        let q = phi_inv_approx(0.975);
        assert!((q - 1.957_16).abs() < 1e-5 && (phi_inv_approx(0.025) + q).abs() < 1e-12);
        let margin = (elo_of(0.75 + q * se) - elo_of(0.75 - q * se)) / 2.0;
        assert!((ahead.margin - margin).abs() < 1e-9 && ahead.margin > 150.0);
        assert!((ahead.los - 98.73).abs() < 0.01, "{}", ahead.los);
        // All won: +inf, and an interval of no width has a NaN margin (inf − inf).
        let sweep = CutechessElo::of(&score(3, 0, 0));
        assert!(sweep.diff == f64::INFINITY && sweep.margin.is_nan());
        assert!(CutechessElo::of(&score(0, 3, 0)).diff == f64::NEG_INFINITY);
        // A win and a draw: 75%, but the interval reaches past 100%: NaN.
        let past = CutechessElo::of(&score(1, 0, 1));
        assert!((past.diff - 190.85).abs() < 0.01 && past.margin.is_nan());
        // No decisive game: wins − losses over √0 is NaN, and so is the LOS.
        assert!(CutechessElo::of(&score(0, 0, 4)).los.is_nan());
        for (x, want) in [
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (2.9, 0.999_958_902_121_900_5),
            (3.5, 0.999_999_256_901_627_6),
        ] {
            assert!(
                (erf(x) - want).abs() < 1e-14 && (erf(-x) + want).abs() < 1e-14,
                "{x}"
            );
        }
        assert_eq!(erf(f64::NEG_INFINITY), -1.0);
    }

    #[test]
    fn fastchess_statistics_follow_the_games_or_the_pairs() {
        let games = FastchessElo::of_games(&score(15, 5, 0));
        assert!((games.diff - 190.85).abs() < 0.01, "{games:?}");
        // nElo: (s − ½)/σ · 800/ln 10 with σ = √(0.75·0.25).
        let nelo = 0.25 / (0.75f64 * 0.25).sqrt() * 800.0 / std::f64::consts::LN_10;
        assert!((games.nelo - nelo).abs() < 1e-9);
        // The LOS from the normal law of the mean: Φ((s − ½)/se).
        let se = (0.75f64 * 0.25 / 20.0).sqrt();
        let los = 50.0 * (1.0 + erf(0.25 / se / std::f64::consts::SQRT_2));
        assert!((games.los - los).abs() < 1e-9 && games.los > 99.0);
        // All won: no variance, LOS 100%.
        let sweep = FastchessElo::of_games(&score(4, 0, 0));
        assert!(sweep.diff.is_infinite() && sweep.error.is_nan() && sweep.los == 100.0);
        // All drawn: 0/0 for the LOS.
        assert!(FastchessElo::of_games(&score(0, 0, 4)).los.is_nan());
        let pairs = Pentanomial {
            counts: [1, 2, 4, 2, 1],
            win_loss: 1,
        };
        let paired = FastchessElo::of_pairs(&pairs);
        assert!(paired.diff.abs() < 1e-9 && (paired.los - 50.0).abs() < 1e-9);
    }

    #[test]
    fn pairs_know_their_games() {
        let mut pairs = Pentanomial::default();
        for half_points in [[2, 0], [1, 1], [0, 2], [2, 1], [0, 0], [2, 2], [1, 0]] {
            pairs.add(half_points);
        }
        assert_eq!(pairs.counts, [1, 1, 3, 1, 1]);
        assert_eq!((pairs.win_loss, pairs.draw_draw()), (2, 1));
        let games = pairs.games();
        // Wins: WL, LW, WD and WW twice; losses: WL, LW, LL twice, DL; draws: DD twice, WD, DL.
        assert_eq!((games.wins, games.losses, games.draws), (5, 5, 4));
        assert_eq!(games.games(), 2 * pairs.pairs());
    }
}
