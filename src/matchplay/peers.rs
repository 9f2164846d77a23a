//! The other workers of one match spread over several processes or machines: each plays its
//! share of the games (`--partition`), tells the others of its games as they finish, and reads
//! theirs, so that one SPRT judges the games of all of them and every worker stops once it
//! has decided. How they meet (a shared directory: `results_dir`) is the implementation's.

use serde::{Deserialize, Serialize};

use super::results_dir::PeerFileSkipped;
use super::tally::{Encounter, GameOutcome, Tally};
use super::tournament::MatchReport;

/// Where a worker stands, as it tells the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WorkerState {
    /// Games still to play.
    Playing,
    /// Every game of its share played.
    Done,
    /// The SPRT over all workers' games decided; the games it had not started are not played.
    StoppedBySprt,
    /// A signal ended it.
    Interrupted,
}

impl WorkerState {
    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            WorkerState::Playing => "playing",
            WorkerState::Done => "done",
            WorkerState::StoppedBySprt => "stopped by the SPRT",
            WorkerState::Interrupted => "interrupted",
        }
    }
}

/// What the other workers have finished so far, as far as this worker could read it.
#[derive(Debug, Default)]
pub struct Elsewhere {
    /// Their games.
    pub games: Vec<GameOutcome>,
    /// What was not counted, and why: for the user, as the match goes on without it.
    pub skipped: Vec<PeerFileSkipped>,
}

/// The other workers of this one's match.
pub trait Peers {
    /// The games the other workers have finished so far.
    fn finished_elsewhere(&mut self) -> Elsewhere;
    /// This worker's results so far, for the others (and for `arbiter match status`): said
    /// when it starts, after each of its games, and when it ends.
    fn publish(&mut self, report: &MatchReport, state: WorkerState);
}

/// The encounter of a two-engine match over this worker's games and the others': each game
/// counted once (by its number, which is the whole match's), and a pair once both its games
/// are in, whichever workers played them.
pub(crate) fn union_encounter(
    players: &[String],
    own: impl IntoIterator<Item = GameOutcome>,
    elsewhere: Vec<GameOutcome>,
) -> Option<Encounter> {
    let mut seen = std::collections::BTreeSet::new();
    let mut tally = Tally::new(players);
    for game in own.into_iter().chain(elsewhere) {
        if seen.insert(game.number) {
            tally.add(game);
        }
    }
    tally.encounters().into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchplay::GameResult;

    fn game(number: usize, first: &str, result: GameResult, pair: usize) -> GameOutcome {
        let second = if first == "a" { "b" } else { "a" };
        GameOutcome {
            number,
            first: first.into(),
            second: second.into(),
            result,
            pair: Some(pair),
        }
    }

    #[test]
    fn a_pair_split_over_two_workers_counts_once_and_a_game_seen_twice_once() {
        let players = ["a", "b"].map(String::from);
        let mine = vec![game(1, "a", GameResult::FirstWins, 0)];
        let theirs = vec![
            game(2, "b", GameResult::Draw, 0),
            // The same game again (a worker's file read twice): counted once.
            game(1, "a", GameResult::FirstWins, 0),
            game(3, "a", GameResult::SecondWins, 1),
        ];
        let e = union_encounter(&players, mine, theirs).unwrap();
        assert_eq!((e.score.wins, e.score.losses, e.score.draws), (1, 1, 1));
        // The pair of games 1 and 2 (1½ for a); game 3's pair is not complete.
        assert_eq!(e.pentanomial.counts, [0, 0, 0, 1, 0]);
    }
}
