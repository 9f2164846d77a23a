//! Which games a tournament plays, in order: every encounter of a round robin (or the first
//! engine against each other one in a gauntlet), `games` games per encounter and round,
//! colours alternating, openings taken in turn (one per pair with `--repeat`), and the share
//! of a partition. Numbers and pairs are those of the whole match, so the partitions' results
//! merge into the same match. A pair is two games of one opening with colours swapped, so
//! only `--repeat` makes pairs: without it every game has its own opening, and consecutive
//! games share nothing that pentanomial statistics could cancel (fastchess, likewise, counts
//! pairs only when each opening is played twice).

use serde::{Deserialize, Serialize};

/// Who meets whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tournament {
    /// Every engine plays every other.
    RoundRobin,
    /// The first engine plays each of the others.
    Gauntlet,
}

/// The shape of a match, as given on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// Who meets whom.
    pub tournament: Tournament,
    /// Games per encounter in each round.
    pub games: usize,
    /// Rounds: every encounter played this many times over.
    pub rounds: usize,
    /// Each opening is played twice, colours swapped.
    pub repeat: bool,
    /// `K/N`: this run plays the K-th of N shares of the game pairs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partition: Option<(usize, usize)>,
}

/// One game of the schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    /// Its number in the whole match, from 1.
    pub number: usize,
    /// Index into the players of the one who moves first.
    pub first: usize,
    /// Index into the players of the other.
    pub second: usize,
    /// Index into the openings (modulo their count), when there are openings.
    pub opening: usize,
    /// The pair it belongs to (with `--repeat`): two consecutive games of an encounter from
    /// one opening, colours swapped.
    pub pair: Option<usize>,
}

impl Plan {
    /// The encounters, in the order they are played in each round.
    fn encounters(&self, players: usize) -> Vec<(usize, usize)> {
        match self.tournament {
            Tournament::Gauntlet => (1..players).map(|j| (0, j)).collect(),
            Tournament::RoundRobin => (0..players)
                .flat_map(|i| (i + 1..players).map(move |j| (i, j)))
                .collect(),
        }
    }

    /// Whether the match is played in pairs (each opening twice, colours swapped), so its
    /// statistics and SPRT are over pairs.
    pub fn plays_pairs(&self) -> bool {
        self.repeat && self.games >= 2
    }

    /// Games in the whole match.
    pub fn total(&self, players: usize) -> usize {
        self.encounters(players).len() * self.games * self.rounds
    }

    /// The games this run plays.
    pub fn jobs(&self, players: usize) -> Vec<Job> {
        let mut jobs = Vec::new();
        let mut number = 0;
        let mut pair = 0;
        let mut opening = 0;
        for _ in 0..self.rounds {
            for (a, b) in self.encounters(players) {
                for g in 0..self.games {
                    number += 1;
                    // The first game of a pair takes a new opening; with --repeat the second
                    // replays it with colours swapped.
                    let paired = self.repeat && g / 2 * 2 + 1 < self.games;
                    let this_pair = paired.then_some(pair + g / 2);
                    if g % 2 == 0 || !self.repeat {
                        opening += 1;
                    }
                    let (first, second) = if g % 2 == 0 { (a, b) } else { (b, a) };
                    let job = Job {
                        number,
                        first,
                        second,
                        opening: opening - 1,
                        pair: this_pair,
                    };
                    if self.takes(&job) {
                        jobs.push(job);
                    }
                }
                pair += self.games / 2;
            }
        }
        jobs
    }

    /// Whether the partition takes the game: whole pairs go to one share, so its pentanomial
    /// counts stay whole.
    fn takes(&self, job: &Job) -> bool {
        let Some((k, n)) = self.partition else {
            return true;
        };
        // An unpaired game is shared out by its number instead.
        let unit = job.pair.unwrap_or(job.number);
        unit % n == k - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(tournament: Tournament, games: usize, rounds: usize, repeat: bool) -> Plan {
        Plan {
            tournament,
            games,
            rounds,
            repeat,
            partition: None,
        }
    }

    #[test]
    fn a_round_robin_meets_every_pair_with_colours_alternating() {
        let p = plan(Tournament::RoundRobin, 2, 1, true);
        let jobs = p.jobs(3);
        assert_eq!(p.total(3), 6);
        let meetings: Vec<(usize, usize)> = jobs.iter().map(|j| (j.first, j.second)).collect();
        assert_eq!(meetings, [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]);
        // --repeat: one opening per pair, each pair its own.
        let openings: Vec<usize> = jobs.iter().map(|j| j.opening).collect();
        assert_eq!(openings, [0, 0, 1, 1, 2, 2]);
        let pairs: Vec<Option<usize>> = jobs.iter().map(|j| j.pair).collect();
        assert_eq!(
            pairs,
            [Some(0), Some(0), Some(1), Some(1), Some(2), Some(2)]
        );
        let numbers: Vec<usize> = jobs.iter().map(|j| j.number).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn a_gauntlet_plays_the_first_engine_against_each_other_over_rounds() {
        let p = plan(Tournament::Gauntlet, 3, 2, false);
        let jobs = p.jobs(3);
        assert_eq!(jobs.len(), 12);
        assert!(jobs.iter().all(|j| j.first == 0 || j.second == 0));
        // Without --repeat every game takes the next opening, and no two games are a pair.
        assert_eq!(jobs[2].opening, 2);
        assert!(jobs.iter().all(|j| j.pair.is_none()));
        assert!(!p.plays_pairs());
    }

    #[test]
    fn no_pair_spans_two_openings() {
        for repeat in [false, true] {
            for games in 1..=5 {
                let p = plan(Tournament::RoundRobin, games, 3, repeat);
                let jobs = p.jobs(3);
                for job in &jobs {
                    let Some(pair) = job.pair else { continue };
                    let both: Vec<&Job> = jobs.iter().filter(|j| j.pair == Some(pair)).collect();
                    assert_eq!(both.len(), 2, "{job:?}");
                    assert_eq!(both[0].opening, both[1].opening, "{both:?}");
                    assert_eq!(
                        (both[0].first, both[0].second),
                        (both[1].second, both[1].first)
                    );
                }
                let paired = jobs.iter().filter(|j| j.pair.is_some()).count();
                assert_eq!(paired > 0, repeat && games >= 2, "{games} {repeat}");
                assert_eq!(p.plays_pairs(), repeat && games >= 2);
            }
        }
    }

    #[test]
    fn partitions_share_out_whole_pairs_and_together_play_everything() {
        let whole = plan(Tournament::RoundRobin, 4, 2, true);
        let mut all: Vec<Job> = Vec::new();
        for k in 1..=3 {
            let share = Plan {
                partition: Some((k, 3)),
                ..whole
            };
            let jobs = share.jobs(3);
            for pair in jobs.iter().filter_map(|j| j.pair) {
                assert_eq!(jobs.iter().filter(|j| j.pair == Some(pair)).count(), 2);
            }
            all.extend(jobs);
        }
        all.sort_by_key(|j| j.number);
        assert_eq!(all, whole.jobs(3));
    }
}
