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
    /// The game's number in the whole match, so a game several workers report counts once.
    pub number: usize,
    /// The engine of the first colour, from whose side `result` is said.
    pub first: String,
    /// The engine of the second colour.
    pub second: String,
    /// Who won, from `first`'s side.
    pub result: GameResult,
    /// Games of one pair share this number: one opening, colours swapped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair: Option<usize>,
}

/// Two engines' games against each other, scored for the one listed first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encounter {
    /// The two engines, in the order the match lists them: the scores are the first one's.
    pub players: [String; 2],
    /// The first engine's wins, losses and draws against the second, over single games.
    pub score: Score,
    /// The two engines' completed game pairs, by the first engine's points in each
    /// (fastchess's `Ptnml(0-2)`); all zero when the match does not play pairs.
    pub pentanomial: Pentanomial,
}

/// An engine's results against the whole field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// Which engine, by its name in the match.
    pub name: String,
    /// Its wins, losses and draws against all the other engines together.
    pub score: Score,
    /// The Elo difference its score implies against the field, as cutechess-cli computes it:
    /// infinite after winning (or losing) every game, NaN before any (`null` in JSON).
    #[serde(deserialize_with = "super::score::figure_or_nan")]
    pub elo: f64,
    /// Half the 95% confidence interval of `elo`, in Elo (cutechess-cli's `+/-`); NaN
    /// where it is undefined.
    #[serde(deserialize_with = "super::score::figure_or_nan")]
    pub elo_margin: f64,
}

/// The running score of a match: each game counted once as it finishes, its pair counted
/// when its other game has come, so a long match costs the same per game at the end as at the
/// start.
#[derive(Debug, Clone)]
pub struct Tally {
    players: Vec<String>,
    /// By the two players' indexes, the lower first.
    found: BTreeMap<(usize, usize), Encounter>,
    /// Games whose pair's other game has not come yet.
    waiting: BTreeMap<usize, GameOutcome>,
}

impl Tally {
    /// A tally of no games yet for a match of `players`; a game of an engine not among them
    /// is not counted.
    pub fn new(players: &[String]) -> Tally {
        Tally {
            players: players.to_vec(),
            found: BTreeMap::new(),
            waiting: BTreeMap::new(),
        }
    }

    /// Counts a game; returns its encounter's score after it (none for a game between
    /// players the match does not have).
    pub fn add(&mut self, game: GameOutcome) -> Option<&Encounter> {
        let index = |name: &str| self.players.iter().position(|p| p == name);
        let (i, j) = (index(&game.first)?, index(&game.second)?);
        let key = (i.min(j), i.max(j));
        let players = [self.players[key.0].clone(), self.players[key.1].clone()];
        let entry = self.found.entry(key).or_insert_with(|| Encounter {
            players,
            score: Score::default(),
            pentanomial: Pentanomial::default(),
        });
        entry.score.add_result(game.result, i == key.0);
        if let Some(pair) = game.pair {
            match self.waiting.remove(&pair) {
                Some(other) => {
                    let lead = &entry.players[0];
                    entry.pentanomial.add([
                        half_points(other.result, &other.first == lead),
                        half_points(game.result, &game.first == lead),
                    ]);
                }
                None => {
                    self.waiting.insert(pair, game);
                }
            }
        }
        self.found.get(&key)
    }

    /// The encounters so far, in the order of the players.
    pub(crate) fn encounters(&self) -> Vec<Encounter> {
        self.found.values().cloned().collect()
    }
}

/// The encounters among `players` (in the order the players are listed), from their games.
pub fn encounters(players: &[String], games: &[GameOutcome]) -> Vec<Encounter> {
    let mut tally = Tally::new(players);
    for game in games {
        tally.add(game.clone());
    }
    tally.encounters()
}

/// Each engine's score against all others, best first (by points, then by name).
pub fn standings(players: &[String], encounters: &[Encounter]) -> Vec<Standing> {
    let mut table: Vec<Standing> = players
        .iter()
        .map(|name| {
            let (score, _) = against_field(name, encounters);
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

/// An engine's games and game pairs against the whole field, from its side: its encounters
/// summed, each turned round where the engine is listed second.
pub(crate) fn against_field(name: &str, encounters: &[Encounter]) -> (Score, Pentanomial) {
    let (mut score, mut pairs) = (Score::default(), Pentanomial::default());
    for e in encounters {
        let (s, p) = (&e.score, &e.pentanomial);
        let lead = e.players[0] == name;
        if !lead && e.players[1] != name {
            continue;
        }
        let (wins, losses) = if lead {
            (s.wins, s.losses)
        } else {
            (s.losses, s.wins)
        };
        score.wins += wins;
        score.losses += losses;
        score.draws += s.draws;
        for (bucket, count) in p.counts.iter().enumerate() {
            let mine = if lead { bucket } else { 4 - bucket };
            pairs.counts[mine] += count;
        }
        pairs.win_loss += p.win_loss;
    }
    (score, pairs)
}

/// `lead`'s score in the games it moved first, and in those it moved second; games it did
/// not play count in neither.
pub(crate) fn by_colour(lead: &str, games: &[GameOutcome]) -> (Score, Score) {
    let (mut first, mut second) = (Score::default(), Score::default());
    for game in games {
        if game.first == lead {
            first.add_result(game.result, true);
        } else if game.second == lead {
            second.add_result(game.result, false);
        }
    }
    (first, second)
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
        // Games finish out of order when several are played at once: the same tally.
        let mut reversed = games.to_vec();
        reversed.reverse();
        assert_eq!(encounters(&players, &reversed), found);
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

    #[test]
    fn an_engine_against_the_field_and_by_colour_is_seen_from_its_side() {
        let players = ["a", "b", "c"].map(String::from).to_vec();
        let games = [
            game(1, "a", "b", GameResult::FirstWins, 0),
            game(2, "b", "a", GameResult::FirstWins, 0),
            game(3, "c", "b", GameResult::Draw, 1),
            game(4, "b", "c", GameResult::SecondWins, 1),
        ];
        let found = encounters(&players, &games);
        // b: won with white against a, lost with black; drew and lost against c.
        let (score, pairs) = against_field("b", &found);
        assert_eq!((score.wins, score.losses, score.draws), (1, 2, 1));
        // The pair with a is one point each way (a win and a loss); with c half a point.
        assert_eq!(pairs.counts, [0, 1, 1, 0, 0]);
        assert_eq!(pairs.win_loss, 1);
        let (white, black) = by_colour("b", &games);
        assert_eq!((white.wins, white.losses, white.draws), (1, 1, 0));
        assert_eq!((black.wins, black.losses, black.draws), (0, 1, 1));
        // An engine outside the games has no score.
        assert_eq!(against_field("d", &found).0.games(), 0);
    }
}
