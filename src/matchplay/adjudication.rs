//! Score adjudication as cutechess-cli does it (`-draw movenumber=N movecount=M score=S`,
//! `-resign movecount=M score=S`): each engine's score for its own side, read from the last
//! `info … score` line before its `bestmove`, is tracked move by move.
//!
//! * Draw: once at least `from_move` full moves are played, and both engines' scores have
//!   stayed within `score` centipawns of zero for `moves` consecutive moves each (2 × `moves`
//!   plies in a row), the game is "Draw by adjudication".
//! * Resign: when an engine's score has been at least `score` centipawns below zero for
//!   `moves` consecutive moves of its own, and its opponent agrees (its score at least `score`
//!   above zero as long: cutechess-cli's `twosided=true`), the engine loses: "Red wins by
//!   adjudication".
//!
//! A move without a score breaks the runs: an engine that reports none is never adjudicated.

use std::str::FromStr;

use super::{Adjudication, DrawAdjudication, ResignAdjudication};
use crate::rules::BySide;
use crate::rules::Side;

/// A mate score as centipawns, beyond any material score, nearer mates larger (as
/// cutechess-cli converts them).
const MATE_CP: i32 = 100_000;

/// Why an adjudication setting did not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdjudicationError {
    /// A word without `=`.
    #[error("`{0}` is not KEY=VALUE")]
    NotKeyValue(String),
    #[error("`{key}={value}`: not a whole number")]
    /// A value that is not a whole number.
    NotANumber {
        /// The key.
        key: String,
        /// Its value.
        value: String,
    },
    #[error(
        "`{0}` is not a key here (draw: movenumber, movecount, score; resign: movecount, score)"
    )]
    /// A key this adjudication does not take.
    UnknownKey(String),
    /// A key it needs was not given.
    #[error("`{0}=` is missing")]
    Missing(&'static str),
    #[error("`{key}` must be at least {min}")]
    /// A value below the key's least.
    TooSmall {
        /// The key.
        key: &'static str,
        /// Its least value.
        min: i64,
    },
}

/// `KEY=VALUE` words (separated by spaces) as numbers, refusing keys not in `keys`.
fn read_keys(
    text: &str,
    keys: &[&'static str],
) -> Result<Vec<(&'static str, i64)>, AdjudicationError> {
    text.split_whitespace()
        .map(|word| {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| AdjudicationError::NotKeyValue(word.to_owned()))?;
            let key = keys
                .iter()
                .find(|k| **k == key)
                .ok_or_else(|| AdjudicationError::UnknownKey(key.to_owned()))?;
            let value = value.parse().map_err(|_| AdjudicationError::NotANumber {
                key: (*key).to_owned(),
                value: value.to_owned(),
            })?;
            Ok((*key, value))
        })
        .collect()
}

/// The last value given for `key`, at least `min`.
fn value<T: TryFrom<i64>>(
    pairs: &[(&'static str, i64)],
    key: &'static str,
    min: i64,
) -> Result<T, AdjudicationError> {
    let v = pairs
        .iter()
        .rev()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| *v)
        .ok_or(AdjudicationError::Missing(key))?;
    if v < min {
        return Err(AdjudicationError::TooSmall { key, min });
    }
    T::try_from(v).map_err(|_| AdjudicationError::NotANumber {
        key: key.to_owned(),
        value: v.to_string(),
    })
}

impl FromStr for DrawAdjudication {
    type Err = AdjudicationError;

    /// `movenumber=40 movecount=8 score=10`, as cutechess-cli's `-draw`.
    fn from_str(text: &str) -> Result<DrawAdjudication, AdjudicationError> {
        let pairs = read_keys(text, &["movenumber", "movecount", "score"])?;
        Ok(DrawAdjudication {
            from_move: value(&pairs, "movenumber", 0)?,
            moves: value(&pairs, "movecount", 1)?,
            score: value(&pairs, "score", 0)?,
        })
    }
}

impl FromStr for ResignAdjudication {
    type Err = AdjudicationError;

    /// `movecount=3 score=400`, as cutechess-cli's `-resign`.
    fn from_str(text: &str) -> Result<ResignAdjudication, AdjudicationError> {
        let pairs = read_keys(text, &["movecount", "score"])?;
        Ok(ResignAdjudication {
            moves: value(&pairs, "movecount", 1)?,
            score: value(&pairs, "score", 0)?,
        })
    }
}

/// An engine's score for its own side from the `info` lines it wrote before `bestmove`: the
/// last one that has a score (UCCI `score N`, UCI `score cp N` or `score mate N`; a bound
/// counts as the score it bounds).
///
/// This reads scores as a GUI does, leniently and across the two protocols' forms, rather than
/// through the codecs: whether a score is well formed is the protocol checks' to judge (a UCCI
/// `score cp 20`, which Fairy-Stockfish writes, is their ucci-r82 warning), while adjudication
/// only needs the number the engine meant, so a game is not adjudicated differently because of
/// a form the checks already report.
pub(crate) fn last_score<'a>(lines: impl DoubleEndedIterator<Item = &'a str>) -> Option<i32> {
    lines.rev().find_map(|line| {
        let words = info_words(line)?;
        let at = words.iter().position(|w| *w == "score")?;
        match (words.get(at + 1), words.get(at + 2)) {
            (Some(&"cp"), Some(n)) => n.parse().ok(),
            (Some(&"mate"), Some(n)) => {
                let n: i32 = n.parse().ok()?;
                Some(if n > 0 { MATE_CP - n } else { -MATE_CP - n })
            }
            (Some(n), _) => n.parse().ok(),
            _ => None,
        }
    })
}

/// The words of an `info` line after its keyword, up to UCI's `string` or UCCI's `message`,
/// which take the rest of the line as text; none for another line. Both the scores a match
/// adjudicates on and the search reports its record keeps read the fields so, leniently,
/// whichever of the two texts wrote them.
pub(crate) fn info_words(line: &str) -> Option<Vec<&str>> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    Some(
        words
            .take_while(|w| *w != "string" && *w != "message")
            .collect(),
    )
}

/// What the scores decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// "Draw by adjudication".
    Draw,
    /// "Red wins by adjudication": the other side's score and its own agreed.
    Wins(Side),
}

/// The scores of one game, move by move.
#[derive(Debug, Clone, Default)]
pub(crate) struct Adjudicator {
    settings: Adjudication,
    /// Plies in a row whose mover's score was within the draw bound.
    drawish: u32,
    /// Each side's own moves in a row with its score at least the resign bound below zero,
    /// and at least that far above zero.
    losing: BySide<u32>,
    winning: BySide<u32>,
}

impl Adjudicator {
    pub(crate) fn new(settings: Adjudication) -> Adjudicator {
        Adjudicator {
            settings,
            ..Adjudicator::default()
        }
    }

    /// Counts the score `mover` gave with the move that made `plies` the game's ply count
    /// (opening moves included, as cutechess-cli counts the board's moves), and says whether
    /// the game is adjudicated now.
    pub(crate) fn record(
        &mut self,
        mover: Side,
        score: Option<i32>,
        plies: usize,
    ) -> Option<Verdict> {
        if let Some(draw) = self.settings.draw {
            let within = score.is_some_and(|s| s.abs() <= draw.score);
            self.drawish = if within { self.drawish + 1 } else { 0 };
            if plies / 2 >= draw.from_move as usize && self.drawish >= 2 * draw.moves {
                return Some(Verdict::Draw);
            }
        }
        if let Some(resign) = self.settings.resign {
            let bump = |run: &mut u32, yes: bool| *run = if yes { *run + 1 } else { 0 };
            bump(
                self.losing.get_mut(mover),
                score.is_some_and(|s| s <= -resign.score),
            );
            bump(
                self.winning.get_mut(mover),
                score.is_some_and(|s| s >= resign.score),
            );
            let other = mover.opponent();
            for (loser, winner) in [(mover, other), (other, mover)] {
                if *self.losing.get(loser) >= resign.moves
                    && *self.winning.get(winner) >= resign.moves
                {
                    return Some(Verdict::Wins(winner));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_as_cutechess_writes_them() {
        assert_eq!(
            "movenumber=40 movecount=8 score=10".parse(),
            Ok(DrawAdjudication {
                from_move: 40,
                moves: 8,
                score: 10
            })
        );
        assert_eq!(
            "score=400 movecount=3".parse(),
            Ok(ResignAdjudication {
                moves: 3,
                score: 400
            })
        );
        assert_eq!(
            "movecount=3".parse::<ResignAdjudication>(),
            Err(AdjudicationError::Missing("score"))
        );
        assert!(matches!(
            "movecount=3 score=4 twosided=true".parse::<ResignAdjudication>(),
            Err(AdjudicationError::UnknownKey(k)) if k == "twosided"
        ));
        assert!(matches!(
            "movenumber=x movecount=1 score=1".parse::<DrawAdjudication>(),
            Err(AdjudicationError::NotANumber { .. })
        ));
        assert!(matches!(
            "movenumber=0 movecount=0 score=1".parse::<DrawAdjudication>(),
            Err(AdjudicationError::TooSmall {
                key: "movecount",
                ..
            })
        ));
    }

    #[test]
    fn scores_are_read_in_both_protocols_words() {
        let lines = [
            "info depth 1 score cp 13 pv e2e4",
            "info depth 2 score cp -40 lowerbound pv e2e4",
            "info string score cp 999",
        ];
        assert_eq!(last_score(lines.iter().copied()), Some(-40));
        assert_eq!(
            last_score(["info depth 3 score 25 pv h2e2"].into_iter()),
            Some(25)
        );
        assert_eq!(
            last_score(["info depth 5 score mate 2"].into_iter()),
            Some(MATE_CP - 2)
        );
        assert_eq!(
            last_score(["info depth 5 score mate -3"].into_iter()),
            Some(-MATE_CP + 3)
        );
        assert_eq!(last_score(["bestmove e2e4"].into_iter()), None);
    }

    #[test]
    fn a_draw_needs_both_engines_quiet_for_the_count_after_the_move_number() {
        let mut judge = Adjudicator::new(Adjudication {
            draw: Some(DrawAdjudication {
                from_move: 3,
                moves: 2,
                score: 10,
            }),
            resign: None,
        });
        let sides = [Side::First, Side::Second];
        let scores = [5, -3, 50, 0, 1, -2, 4];
        let verdicts: Vec<_> = scores
            .iter()
            .enumerate()
            .map(|(ply, s)| judge.record(sides[ply % 2], Some(*s), ply + 1))
            .collect();
        // The 50 breaks the run; four quiet plies after it, at ply 7 (move 3), it is a draw.
        assert!(verdicts[..6].iter().all(Option::is_none), "{verdicts:?}");
        assert_eq!(verdicts[6], Some(Verdict::Draw));
    }

    #[test]
    fn resigning_needs_the_opponent_to_agree() {
        let settings = Adjudication {
            draw: None,
            resign: Some(ResignAdjudication {
                moves: 2,
                score: 300,
            }),
        };
        // Black thinks it is lost, but red does not agree at first.
        let mut judge = Adjudicator::new(settings);
        let plies = [(Side::First, 0), (Side::Second, -400), (Side::First, 350)];
        for (ply, (side, score)) in plies.iter().enumerate() {
            assert_eq!(judge.record(*side, Some(*score), ply + 1), None);
        }
        assert_eq!(
            judge.record(Side::Second, Some(-500), 4),
            None,
            "red agrees for one move only"
        );
        assert_eq!(
            judge.record(Side::First, Some(400), 5),
            Some(Verdict::Wins(Side::First))
        );
        // A move without a score breaks the run.
        let mut judge = Adjudicator::new(settings);
        judge.record(Side::Second, Some(-400), 2);
        judge.record(Side::First, Some(400), 3);
        judge.record(Side::Second, None, 4);
        judge.record(Side::First, Some(400), 5);
        assert_eq!(judge.record(Side::Second, Some(-400), 6), None);
    }
}
