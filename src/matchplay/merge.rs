//! One match from the results of its parts (`--partition K/N` runs, the workers of a results
//! directory): every game once, in number order, scored by the same tally, pairs and SPRT as
//! a match played in one run. The parts may come in any order and a game pair may have been
//! split between them: the result is the same. A game aborted once the match was decided is
//! not a game: it counts nowhere, and another part that played it out (a worker run again)
//! gives the game.

use std::collections::BTreeMap;

use super::schedule::Plan;
use super::sprt::Sprt;
use super::tally::{encounters, standings};
use super::tournament::{MatchReport, PlayedGame, SprtReport};

/// Why parts do not make one match.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum MergeError {
    #[error("nothing to merge")]
    Nothing,
    #[error("{part}: {what} differs from the first part's: were these partitions of one match?")]
    OtherMatch { part: String, what: &'static str },
    #[error(
        "{part}: its game {number} differs from the game of that number in another part: were these partitions of one match?"
    )]
    GameDiffers { part: String, number: usize },
    #[error("the parts were played with different SPRTs: give --sprt to choose one")]
    Sprts,
}

/// What a game is for the score, compared between parts.
fn same_game(a: &PlayedGame, b: &PlayedGame) -> bool {
    a.outcome() == b.outcome() && a.record.aborted == b.record.aborted
}

/// Merges the parts, each named (its file) for the errors; `sprt` judges the merged games
/// (default: the test the parts were played with).
pub(crate) fn merge(
    parts: Vec<(String, MatchReport)>,
    sprt: Option<Sprt>,
) -> Result<MatchReport, MergeError> {
    let mut parts = parts.into_iter();
    let (_, first) = parts.next().ok_or(MergeError::Nothing)?;
    let whole = |plan: &Plan| Plan {
        partition: None,
        ..*plan
    };
    let plan = whole(&first.plan);
    let mut tests: Vec<Sprt> = first.sprt.iter().map(|s| s.settings).collect();
    let mut games: BTreeMap<usize, PlayedGame> = BTreeMap::new();
    let mut add = |name: &str, part_games: Vec<PlayedGame>| {
        for game in part_games {
            let number = game.record.number;
            match games.get(&number) {
                Some(earlier) if earlier.aborted_on_decision() && !game.aborted_on_decision() => {
                    games.insert(number, game);
                }
                Some(_) if game.aborted_on_decision() => {}
                Some(earlier) if !same_game(earlier, &game) => {
                    return Err(MergeError::GameDiffers {
                        part: name.to_owned(),
                        number,
                    });
                }
                Some(_) => {}
                None => {
                    games.insert(number, game);
                }
            }
        }
        Ok(())
    };
    add("the first part", first.games)?;
    for (name, part) in parts {
        let differs = |what| {
            Err(MergeError::OtherMatch {
                part: name.clone(),
                what,
            })
        };
        if part.players != first.players {
            return differs("its players");
        }
        if part.game != first.game {
            return differs("its game");
        }
        if whole(&part.plan) != plan {
            return differs("its plan (tournament, games, rounds, pairs)");
        }
        tests.extend(part.sprt.map(|s| s.settings));
        add(&name, part.games)?;
    }
    let sprt = match sprt {
        Some(test) => Some(test),
        None => match tests.split_first() {
            Some((one, rest)) if rest.iter().all(|t| t == one) => Some(*one),
            Some(_) => return Err(MergeError::Sprts),
            None => None,
        },
    };
    let games: Vec<PlayedGame> = games.into_values().collect();
    let players = first.players;
    let outcomes: Vec<_> = games.iter().filter_map(PlayedGame::outcome).collect();
    let encounters = encounters(&players, &outcomes);
    let standings = standings(&players, &encounters);
    let state = sprt.and_then(|test| {
        (players.len() == 2)
            .then(|| encounters.first())
            .flatten()
            .map(|e| test.state(&e.score, plan.plays_pairs().then_some(&e.pentanomial)))
    });
    Ok(MatchReport {
        game: first.game,
        players,
        plan,
        control: first.control,
        openings: first.openings,
        games,
        encounters,
        standings,
        sprt: sprt
            .zip(state)
            .map(|(settings, state)| SprtReport { settings, state }),
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::matchplay::schedule::Tournament;
    use crate::matchplay::termination::{Termination, Unplayed};
    use crate::matchplay::{Colours, GameRecord, GameResult, MatchGame, Opening};
    use crate::protocol::GameKind;

    const PLAN: Plan = Plan {
        tournament: Tournament::RoundRobin,
        games: 2,
        rounds: 12,
        repeat: true,
        partition: None,
    };

    fn test() -> Sprt {
        Sprt::parse(&["elo0=0".into(), "elo1=10".into()]).unwrap()
    }

    /// Game `number` of a match of pairs between a and b, with its result and its moves.
    fn game(number: usize, result: GameResult) -> PlayedGame {
        let (first, second) = if number % 2 == 1 {
            ("a", "b")
        } else {
            ("b", "a")
        };
        let (result, termination) = match result {
            GameResult::Draw => (result, Termination::MaxLength),
            _ => (result, Termination::Adjudication { winner: None }),
        };
        PlayedGame {
            record: GameRecord {
                number,
                first: first.into(),
                second: second.into(),
                colours: Colours::new(GameKind::Chess, first, second),
                opening: Opening::default(),
                moves: vec!["e2e4".into(), format!("m{number}")],
                result,
                termination,
                move_times_ms: vec![1.0, 2.0],
                overrun_ms: None,
                findings: Vec::new(),
                undeclared_options: Vec::new(),
                aborted: false,
            },
            pair: Some((number - 1) / 2),
        }
    }

    fn part(games: Vec<PlayedGame>, k: usize, n: usize) -> MatchReport {
        MatchReport {
            game: MatchGame::Chess,
            players: vec!["a".into(), "b".into()],
            plan: Plan {
                partition: Some((k, n)),
                ..PLAN
            },
            control: "st=0.1".into(),
            openings: None,
            games,
            encounters: Vec::new(),
            standings: Vec::new(),
            sprt: Some(SprtReport {
                settings: test(),
                state: test().state(&Default::default(), None),
            }),
        }
    }

    fn results() -> impl Strategy<Value = Vec<GameResult>> {
        let result = prop_oneof![
            Just(GameResult::FirstWins),
            Just(GameResult::SecondWins),
            Just(GameResult::Draw)
        ];
        proptest::collection::vec(result, 1..24)
    }

    proptest! {
        /// However the games arrive — over any number of parts, a pair's two games in
        /// different parts, in any order, some games in two parts — the merged match is the
        /// one played in one run: the same games, scores, pairs, SPRT and JSON.
        #[test]
        fn the_merged_match_does_not_depend_on_how_the_games_arrived(
            results in results(),
            workers in 1usize..5,
            seed in any::<u64>(),
        ) {
            let games: Vec<PlayedGame> = results
                .iter()
                .enumerate()
                .map(|(i, &r)| game(i + 1, r))
                .collect();
            let one_run = merge(vec![("whole".into(), part(games.clone(), 1, 1))], None).unwrap();
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut shuffled = games.clone();
            rng.shuffle(&mut shuffled);
            // A few games come twice, as when a part's results are given twice.
            let again: Vec<PlayedGame> = shuffled.iter().take(rng.usize(0..3)).cloned().collect();
            shuffled.extend(again);
            let mut parts: Vec<Vec<PlayedGame>> = vec![Vec::new(); workers];
            for game in shuffled {
                parts[rng.usize(0..workers)].push(game);
            }
            let parts: Vec<(String, MatchReport)> = parts
                .into_iter()
                .enumerate()
                .map(|(i, games)| (format!("part {i}"), part(games, i + 1, workers)))
                .collect();
            let merged = merge(parts, None).unwrap();
            prop_assert_eq!(
                serde_json::to_value(&merged).unwrap(),
                serde_json::to_value(&one_run).unwrap()
            );
            let pairs = results.len() / 2;
            prop_assert_eq!(merged.encounters[0].pentanomial.pairs() as usize, pairs);
            prop_assert_eq!(merged.games.len(), results.len());
        }
    }

    #[test]
    fn a_game_aborted_on_the_decision_gives_way_to_a_part_that_played_it() {
        let mut aborted = game(2, GameResult::Draw);
        aborted.record.termination = Termination::Aborted(Unplayed::MatchDecided);
        aborted.record.aborted = true;
        let played = vec![
            game(1, GameResult::FirstWins),
            game(2, GameResult::FirstWins),
        ];
        let one_run = merge(vec![("whole".into(), part(played.clone(), 1, 1))], None).unwrap();
        for parts in [
            [vec![aborted.clone()], played.clone()],
            [played.clone(), vec![aborted.clone()]],
        ] {
            let parts: Vec<(String, MatchReport)> = parts
                .into_iter()
                .enumerate()
                .map(|(i, games)| (format!("part {i}"), part(games, i + 1, 2)))
                .collect();
            let merged = merge(parts, None).unwrap();
            assert_eq!(
                serde_json::to_value(&merged).unwrap(),
                serde_json::to_value(&one_run).unwrap()
            );
        }
        // Alone, it stays in the match, and counts nowhere.
        let merged = merge(
            vec![(
                "p".into(),
                part(vec![game(1, GameResult::FirstWins), aborted], 1, 1),
            )],
            None,
        )
        .unwrap();
        assert_eq!(merged.aborted_on_decision(), 1);
        assert_eq!(merged.encounters[0].score.wins, 1);
        assert_eq!(merged.encounters[0].pentanomial.pairs(), 0);
    }

    #[test]
    fn parts_of_other_matches_or_with_other_games_do_not_merge() {
        let mut other_plan = part(vec![game(1, GameResult::Draw)], 2, 2);
        other_plan.plan.games = 4;
        let error = merge(
            vec![
                ("p1".into(), part(vec![game(2, GameResult::Draw)], 1, 2)),
                ("p2".into(), other_plan),
            ],
            None,
        )
        .unwrap_err();
        assert!(matches!(error, MergeError::OtherMatch { .. }), "{error}");
        let error = merge(
            vec![
                ("p1".into(), part(vec![game(1, GameResult::Draw)], 1, 2)),
                (
                    "p2".into(),
                    part(vec![game(1, GameResult::FirstWins)], 2, 2),
                ),
            ],
            None,
        )
        .unwrap_err();
        assert_eq!(
            error,
            MergeError::GameDiffers {
                part: "p2".into(),
                number: 1
            }
        );
        assert_eq!(merge(Vec::new(), None).unwrap_err(), MergeError::Nothing);
    }
}
