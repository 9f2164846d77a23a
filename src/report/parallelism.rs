//! How many scenarios a run had going at once, as its report records it.

use serde::{Deserialize, Serialize};

/// How many scenarios a run allowed at once, and how many it had at its busiest; the reports
/// say it, since timing figures read differently when engines shared the machine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parallelism {
    /// The limit on scenarios at once (`--jobs`).
    pub jobs: usize,
    /// The limit on searching scenarios at once.
    pub searching: usize,
    /// The most scenarios that ran at once.
    pub peak: usize,
    /// The most searching scenarios that ran at once.
    pub peak_searching: usize,
}

impl Parallelism {
    /// The larger of two runs' figures, each: how a run made of several shares reads.
    pub fn busiest(self, other: Parallelism) -> Parallelism {
        Parallelism {
            jobs: self.jobs.max(other.jobs),
            searching: self.searching.max(other.searching),
            peak: self.peak.max(other.peak),
            peak_searching: self.peak_searching.max(other.peak_searching),
        }
    }

    /// A run that took its scenarios one after another (`fuzz`, `--jobs 1`).
    pub const ONE_AT_A_TIME: Parallelism = Parallelism {
        jobs: 1,
        searching: 1,
        peak: 1,
        peak_searching: 1,
    };
}
