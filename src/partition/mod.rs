//! Partitions: the share `k/n` of a list of scenarios (or games), so that a CI matrix of n
//! jobs covers everything exactly once, deterministically; and the shares' results put back
//! together. A run, a certification and a match are all spread over workers this way, so the
//! share is a module of its own below the three of them rather than a part of one.

mod scheduler_env;

use std::fmt;
use std::str::FromStr;

pub use scheduler_env::{PartitionSpec, SchedulerEnvError};

/// Share `k` of `n` (1-based): every n-th item starting at the k-th.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Partition {
    k: usize,
    n: usize,
}

/// Why the shares given are not every share of one whole, once each.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SharesError {
    /// No report was given.
    #[error("no reports to combine")]
    Nothing,
    /// Two reports differ in what was run (the field named: protocol, profile or engine).
    #[error("the reports are not shares of one run: their {0} differs")]
    NotOneRun(&'static str),
    /// A report covers the whole run, not a share of it, so nothing can be added to it.
    #[error("a report of the whole run (no --partition) cannot be combined with others")]
    Whole,
    /// Two reports split the run into different numbers of shares (the two counts).
    #[error("shares of {0} and of {1} runs cannot be combined: give the shares of one")]
    Counts(usize, usize),
    /// Two reports are the same share.
    #[error("share {0} is given twice")]
    Twice(Partition),
    /// No report is this share, so its scenarios would be left out of the whole.
    #[error("share {0} is missing: combine every share of the run")]
    Missing(Partition),
}

/// A text that is not `K/N` with 1 ≤ K ≤ N.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not K/N with 1 ≤ K ≤ N")]
pub struct BadPartition(pub String);

impl Partition {
    /// Share `k` of `n`; `None` unless 1 ≤ k ≤ n.
    pub fn new(k: usize, n: usize) -> Option<Partition> {
        (n >= 1 && (1..=n).contains(&k)).then_some(Partition { k, n })
    }

    /// Which share, from 1.
    pub fn k(self) -> usize {
        self.k
    }

    /// Of how many.
    pub fn n(self) -> usize {
        self.n
    }

    /// The shares' items put back in the order of the whole list, `parts[k - 1]` holding share
    /// k's items as [`Partition::select`] chose them: the inverse of selecting every share.
    pub fn interleave<T>(parts: Vec<Vec<T>>) -> Vec<T> {
        let n = parts.len();
        let total = parts.iter().map(Vec::len).sum();
        let mut parts: Vec<std::vec::IntoIter<T>> = parts.into_iter().map(Vec::into_iter).collect();
        let mut whole = Vec::with_capacity(total);
        for i in 0..total {
            if let Some(item) = parts[i % n].next() {
                whole.push(item);
            }
        }
        // Shares of uneven lengths (a part that holds more than its place allows) keep the rest
        // at the end rather than losing it.
        whole.extend(parts.into_iter().flatten());
        whole
    }

    /// The whole list again from every share of it, once each, in any order: the shares'
    /// items interleaved back into the order [`Partition::select`] took them from.
    pub fn reassemble<T>(shares: Vec<(Option<Partition>, Vec<T>)>) -> Result<Vec<T>, SharesError> {
        let mut found: Vec<(Partition, Vec<T>)> = Vec::new();
        for (partition, items) in shares {
            let partition = partition.ok_or(SharesError::Whole)?;
            if let Some((other, _)) = found.first()
                && other.n != partition.n
            {
                return Err(SharesError::Counts(other.n, partition.n));
            }
            if found.iter().any(|(p, _)| *p == partition) {
                return Err(SharesError::Twice(partition));
            }
            found.push((partition, items));
        }
        let Some(n) = found.first().map(|(p, _)| p.n) else {
            return Ok(Vec::new());
        };
        found.sort_by_key(|(p, _)| p.k);
        if let Some(k) = (1..=n).find(|&k| found.get(k - 1).is_none_or(|(p, _)| p.k != k)) {
            return Err(SharesError::Missing(Partition { k, n }));
        }
        Ok(Partition::interleave(
            found.into_iter().map(|(_, items)| items).collect(),
        ))
    }

    /// The items of this share, in their order.
    pub fn select<T>(self, items: Vec<T>) -> Vec<T> {
        items
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % self.n == self.k - 1)
            .map(|(_, t)| t)
            .collect()
    }
}

impl FromStr for Partition {
    type Err = BadPartition;

    fn from_str(text: &str) -> Result<Partition, BadPartition> {
        text.split_once('/')
            .and_then(|(k, n)| Partition::new(k.trim().parse().ok()?, n.trim().parse().ok()?))
            .ok_or_else(|| BadPartition(text.to_owned()))
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl serde::Serialize for Partition {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Partition {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Partition, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_everything_exactly_once() {
        let all: Vec<u32> = (0..10).collect();
        let mut seen: Vec<u32> = (1..=3)
            .flat_map(|k| Partition::new(k, 3).unwrap().select(all.clone()))
            .collect();
        seen.sort();
        assert_eq!(seen, all);
        let shares: Vec<Vec<u32>> = (1..=3)
            .map(|k| Partition::new(k, 3).unwrap().select(all.clone()))
            .collect();
        assert_eq!(Partition::interleave(shares.clone()), all);
        let share = |k: usize| Some(Partition::new(k, 3).unwrap());
        let given: Vec<_> = [3, 1, 2]
            .into_iter()
            .map(|k| (share(k), shares[k - 1].clone()))
            .collect();
        assert_eq!(Partition::reassemble(given.clone()), Ok(all.clone()));
        assert_eq!(
            Partition::reassemble(given[..2].to_vec()),
            Err(SharesError::Missing(Partition::new(2, 3).unwrap()))
        );
        let twice = vec![given[0].clone(), given[0].clone()];
        assert!(matches!(
            Partition::reassemble(twice),
            Err(SharesError::Twice(_))
        ));
        let whole = vec![(None, all.clone())];
        assert_eq!(Partition::reassemble(whole), Err(SharesError::Whole));
        let mixed = vec![
            given[0].clone(),
            (Some(Partition::new(1, 2).unwrap()), vec![]),
        ];
        assert_eq!(Partition::reassemble(mixed), Err(SharesError::Counts(3, 2)));
        let two_of_three: Partition = "2/3".parse().unwrap();
        assert_eq!(two_of_three.select(all), vec![1, 4, 7]);
        assert_eq!(two_of_three.to_string(), "2/3");
        for bad in ["0/3", "4/3", "1/0", "x", "1/2/3", ""] {
            assert!(bad.parse::<Partition>().is_err(), "{bad}");
        }
    }
}
