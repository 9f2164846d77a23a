//! Partitions: the share `k/n` of a list of scenarios (or games), so that a CI matrix of n
//! jobs covers everything exactly once, deterministically.

use std::fmt;
use std::str::FromStr;

/// Share `k` of `n` (1-based): every n-th item starting at the k-th.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Partition {
    k: usize,
    n: usize,
}

/// A text that is not `K/N` with 1 ≤ K ≤ N.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not K/N with 1 ≤ K ≤ N")]
pub struct BadPartition(pub String);

impl Partition {
    pub fn new(k: usize, n: usize) -> Option<Partition> {
        (n >= 1 && (1..=n).contains(&k)).then_some(Partition { k, n })
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
        let two_of_three: Partition = "2/3".parse().unwrap();
        assert_eq!(two_of_three.select(all), vec![1, 4, 7]);
        assert_eq!(two_of_three.to_string(), "2/3");
        for bad in ["0/3", "4/3", "1/0", "x", "1/2/3", ""] {
            assert!(bad.parse::<Partition>().is_err(), "{bad}");
        }
    }
}
