//! Scores from finished games: per encounter (two engines, with their game pairs) and per
//! engine over the whole tournament. One function serves a match as it is played and
//! `arbiter match merge` over the results of its partitions, so both count alike.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::GameResult;
use super::score::{Pentanomial, Score, half_points};

/// What the tally needs of one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOutcome {
    pub number: usize,
    pub first: String,
    pub second: String,
    pub result: GameResult,
    /// Games of one pair share this number: one opening, colours swapped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair: Option<usize>,
}

/// Two engines' games against each other, scored for the one listed first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encounter {
    pub players: [String; 2],
    pub score: Score,
    pub pentanomial: Pentanomial,
}

/// An engine's results against the whole field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub name: String,
    pub score: Score,
    pub elo: f64,
    pub elo_margin: f64,
}

/// The encounters among `players` (in the order the players are listed), from their games.
pub fn encounters(players: &[String], games: &[GameOutcome]) -> Vec<Encounter> {
    let index = |name: &str| players.iter().position(|p| p == name);
    let mut found: BTreeMap<(usize, usize), Encounter> = BTreeMap::new();
    let mut pairs: BTreeMap<usize, Vec<&GameOutcome>> = BTreeMap::new();
    for game in games {
        let (Some(i), Some(j)) = (index(&game.first), index(&game.second)) else {
            continue;
        };
        let key = (i.min(j), i.max(j));
        let entry = found.entry(key).or_insert_with(|| Encounter {
            players: [players[key.0].clone(), players[key.1].clone()],
            score: Score::default(),
            pentanomial: Pentanomial::default(),
        });
        entry.score.add_result(game.result, i == key.0);
        if let Some(pair) = game.pair {
            pairs.entry(pair).or_default().push(game);
        }
    }
    for games in pairs.values() {
        let [a, b] = games.as_slice() else { continue };
        let Some(i) = index(&a.first) else { continue };
        let Some(j) = index(&a.second) else { continue };
        let key = (i.min(j), i.max(j));
        let Some(entry) = found.get_mut(&key) else {
            continue;
        };
        let lead = &entry.players[0];
        entry.pentanomial.add([
            half_points(a.result, &a.first == lead),
            half_points(b.result, &b.first == lead),
        ]);
    }
    found.into_values().collect()
}

/// Each engine's score against all others, best first (by points, then by name).
pub fn standings(players: &[String], encounters: &[Encounter]) -> Vec<Standing> {
    let mut table: Vec<Standing> = players
        .iter()
        .map(|name| {
            let mut score = Score::default();
            for e in encounters {
                if &e.players[0] == name {
                    score.wins += e.score.wins;
                    score.losses += e.score.losses;
                    score.draws += e.score.draws;
                } else if &e.players[1] == name {
                    score.wins += e.score.losses;
                    score.losses += e.score.wins;
                    score.draws += e.score.draws;
                }
            }
            let (elo, elo_margin) = score.elo();
            Standing {
                name: name.clone(),
                score,
                elo,
                elo_margin,
            }
        })
        .collect();
    table.sort_by(|a, b| {
        let points = |s: &Score| 2 * s.wins + s.draws;
        points(&b.score)
            .cmp(&points(&a.score))
            .then_with(|| a.name.cmp(&b.name))
    });
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(
        number: usize,
        first: &str,
        second: &str,
        result: GameResult,
        pair: usize,
    ) -> GameOutcome {
        GameOutcome {
            number,
            first: first.into(),
            second: second.into(),
            result,
            pair: Some(pair),
        }
    }

    #[test]
    fn encounters_score_for_the_first_listed_and_count_pairs() {
        let players = ["a", "b", "c"].map(String::from).to_vec();
        let games = [
            // a wins with white, draws with black: a pair worth 1½ to a.
            game(1, "a", "b", GameResult::FirstWins, 0),
            game(2, "b", "a", GameResult::Draw, 0),
            // c beats b twice: 0 for b, who is listed first.
            game(3, "b", "c", GameResult::SecondWins, 1),
            game(4, "c", "b", GameResult::FirstWins, 1),
            // An unfinished pair counts in the score but not in the pairs.
            game(5, "a", "c", GameResult::SecondWins, 2),
        ];
        let found = encounters(&players, &games);
        assert_eq!(found.len(), 3);
        let ab = &found[0];
        assert_eq!(ab.players, ["a", "b"].map(String::from));
        assert_eq!((ab.score.wins, ab.score.losses, ab.score.draws), (1, 0, 1));
        assert_eq!(ab.pentanomial.counts, [0, 0, 0, 1, 0]);
        let bc = &found[2];
        assert_eq!(bc.players, ["b", "c"].map(String::from));
        assert_eq!((bc.score.wins, bc.score.losses), (0, 2));
        assert_eq!(bc.pentanomial.counts, [1, 0, 0, 0, 0]);
        assert_eq!(found[1].pentanomial.pairs(), 0);
        let table = standings(&players, &found);
        let names: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
        // c: 3 wins (6 half-points); a: 1 win, 1 draw, 1 loss (3); b: 1 draw, 3 losses (1).
        assert_eq!(names, ["c", "a", "b"]);
        assert_eq!(table[0].score.wins, 3);
    }
}
