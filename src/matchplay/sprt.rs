//! The sequential probability ratio test of a match (`--sprt elo0=… elo1=… alpha=… beta=…`):
//! after each game, is the first engine's Elo advantage `elo1` (H1) rather than `elo0` (H0)?
//!
//! The log-likelihood ratio is the generalised SPRT's normal approximation on the logistic Elo
//! scale, as fishtest and fastchess compute it: with `s0`, `s1` the expected scores of the two
//! hypotheses and `μ`, `σ²` the mean and variance of the observed score per unit,
//! `LLR = N (s1 − s0)(2μ − s0 − s1) / (2σ²)`. The units are game pairs (pentanomial: each pair
//! played from one opening with colours swapped scores 0, ½, 1, 1½ or 2) when the match
//! plays pairs, which cancels the opening's bias; otherwise single games (trinomial).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::score::{Pentanomial, Score};

/// The test's hypotheses and error rates.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Debug, Error, PartialEq)]
pub enum SprtError {
    #[error("--sprt: `{0}` is not elo0=, elo1=, alpha= or beta= with a number")]
    BadSetting(String),
    #[error("--sprt: elo0 and elo1 are both needed, with elo0 < elo1")]
    Hypotheses,
    #[error("--sprt: alpha and beta are error rates between 0 and 0.5")]
    Rates,
}

/// Which hypothesis the test accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    H0,
    H1,
}

/// The test's state after the games so far.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SprtState {
    pub llr: f64,
    pub lbound: f64,
    pub ubound: f64,
    /// Whether the LLR was computed over game pairs (pentanomial) or single games.
    pub pentanomial: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
}

impl Sprt {
    /// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05` (alpha and beta default to 0.05).
    pub fn parse(words: &[String]) -> Result<Sprt, SprtError> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        for word in words {
            let bad = || SprtError::BadSetting(word.clone());
            let (key, value) = word.split_once('=').ok_or_else(bad)?;
            let value: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(bad)?;
            match key {
                "elo0" => elo0 = Some(value),
                "elo1" => elo1 = Some(value),
                "alpha" => alpha = value,
                "beta" => beta = value,
                _ => return Err(bad()),
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err(SprtError::Hypotheses);
        };
        if elo0 >= elo1 {
            return Err(SprtError::Hypotheses);
        }
        if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
            return Err(SprtError::Rates);
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds at which H0 and H1 are accepted (Wald's).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The test after the games so far: over the pairs when there are any, else the games.
    pub fn state(&self, score: &Score, pairs: &Pentanomial) -> SprtState {
        let pentanomial = pairs.pairs() > 0;
        let llr = if pentanomial {
            // A pair's points out of two, as a fraction, against the same expected scores.
            let buckets = pairs.counts.map(f64::from);
            self.llr(&[0.0, 0.25, 0.5, 0.75, 1.0], &buckets)
        } else {
            let buckets = [score.losses, score.draws, score.wins].map(f64::from);
            self.llr(&[0.0, 0.5, 1.0], &buckets)
        };
        let (lbound, ubound) = self.bounds();
        let decision = if llr >= ubound {
            Some(Decision::H1)
        } else if llr <= lbound {
            Some(Decision::H0)
        } else {
            None
        };
        SprtState {
            llr,
            lbound,
            ubound,
            pentanomial,
            decision,
        }
    }

    fn llr(&self, scores: &[f64], counts: &[f64]) -> f64 {
        // One outcome only (every game won, say) has no variance to weigh it by: like
        // cutechess-cli, which waits for wins, losses and draws, the test waits for a second
        // kind of result rather than decide on a degenerate estimate.
        if counts.iter().filter(|c| **c > 0.0).count() < 2 {
            return 0.0;
        }
        let n: f64 = counts.iter().sum();
        let mean: f64 = scores.iter().zip(counts).map(|(s, c)| s * c).sum::<f64>() / n;
        let variance: f64 = scores
            .iter()
            .zip(counts)
            .map(|(s, c)| c * (s - mean).powi(2))
            .sum::<f64>()
            / n;
        let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }
}

impl SprtState {
    /// cutechess-cli's line: `SPRT: llr 2.95 (100.4%), lbound -2.94, ubound 2.94 - H1 was
    /// accepted`; the percentage is how far the LLR has gone toward the bound it leans to.
    pub fn line(&self) -> String {
        let toward = if self.llr >= 0.0 {
            self.llr / self.ubound
        } else {
            -self.llr / self.lbound
        };
        let mut line = format!(
            "SPRT: llr {:.3} ({:.1}%), lbound {:.2}, ubound {:.2}",
            self.llr,
            toward * 100.0,
            self.lbound,
            self.ubound
        );
        match self.decision {
            Some(Decision::H1) => line.push_str(" - H1 was accepted"),
            Some(Decision::H0) => line.push_str(" - H0 was accepted"),
            None => {}
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(words: &[&str]) -> Result<Sprt, SprtError> {
        Sprt::parse(&words.iter().map(|w| w.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn settings_are_read_and_checked() {
        let test = sprt(&["elo0=0", "elo1=10"]).unwrap();
        assert_eq!((test.alpha, test.beta), (0.05, 0.05));
        let (l, u) = test.bounds();
        assert!(
            (l + 2.944).abs() < 0.001 && (u - 2.944).abs() < 0.001,
            "{l} {u}"
        );
        assert_eq!(sprt(&["elo0=5", "elo1=0"]), Err(SprtError::Hypotheses));
        assert_eq!(sprt(&["elo1=5"]), Err(SprtError::Hypotheses));
        assert_eq!(
            sprt(&["elo0=0", "elo1=5", "alpha=0.7"]),
            Err(SprtError::Rates)
        );
        assert!(matches!(sprt(&["elo0=x"]), Err(SprtError::BadSetting(_))));
    }

    #[test]
    fn the_llr_leans_to_the_hypothesis_the_results_support() {
        let test = sprt(&["elo0=0", "elo1=50"]).unwrap();
        let none = Pentanomial::default();
        // Even results favour H0 (no gain), a clear lead H1.
        let even = Score {
            wins: 40,
            losses: 40,
            draws: 20,
        };
        let ahead = Score {
            wins: 70,
            losses: 20,
            draws: 10,
        };
        assert!(test.state(&even, &none).llr < 0.0);
        let state = test.state(&ahead, &none);
        assert_eq!(state.decision, Some(Decision::H1), "{state:?}");
        assert!(
            state.line().ends_with("- H1 was accepted"),
            "{}",
            state.line()
        );
        assert!(!state.pentanomial);
        // The same games as pairs: the pentanomial test is used and leans the same way.
        let pairs = Pentanomial {
            counts: [2, 5, 10, 18, 15],
        };
        let paired = test.state(&ahead, &pairs);
        assert!(paired.pentanomial && paired.llr > 0.0, "{paired:?}");
        let losing = Pentanomial {
            counts: [15, 18, 10, 5, 2],
        };
        assert_eq!(test.state(&even, &losing).decision, Some(Decision::H0));
        assert_eq!(test.state(&Score::default(), &none).llr, 0.0);
        // Every game won: no second kind of result yet, so no decision.
        let sweep = Score {
            wins: 30,
            losses: 0,
            draws: 0,
        };
        assert_eq!(test.state(&sweep, &none).decision, None);
    }
}
