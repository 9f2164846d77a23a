//! One match from the results of its parts (`--partition K/N` runs, the workers of a results
//! directory): every game once, in number order, scored by the same tally, pairs and SPRT as
//! a match played in one run. The parts may come in any order and a game pair may have been
//! split between them: the result is the same. A game aborted once the match was decided is
//! not a game: it counts nowhere, and another part that played it out (a worker run again)
//! gives the game.
//!
//! Games are counted by their numbers, so a part left out, or one that stopped short, would
//! leave a smaller match that looks whole. [`coverage`] says what the parts cover of the
//! match, share by share: the shares no part gives, those two parts give, and those whose
//! parts lack games their SPRT did not excuse.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::MatchGame;
use super::schedule::Plan;
use super::sprt::Sprt;
use super::tally::{encounters, standings};
use super::tournament::{MatchReport, PlayedGame, SprtReport};

/// Why parts do not make one match.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MergeError {
    /// No part was given.
    #[error("nothing to merge")]
    Nothing,
    #[error("{part}: {what} differs from the first part's: were these partitions of one match?")]
    /// A part of another match: its players, game or plan differ.
    OtherMatch {
        /// The part.
        part: String,
        /// What differs.
        what: &'static str,
    },
    #[error(
        "{part}: its game {number} differs from the game of that number in another part: were these partitions of one match?"
    )]
    /// Two parts give different games of one number.
    GameDiffers {
        /// The part.
        part: String,
        /// The game's number.
        number: usize,
    },
    /// The parts name different SPRTs.
    #[error("the parts were played with different SPRTs: give --sprt to choose one")]
    Sprts,
    #[error(
        "{part} is part {share} and {other} part {other_share}: these split the match differently; give the parts of one split"
    )]
    /// Two parts split the match into different numbers of shares.
    Splits {
        /// The part that differs.
        part: String,
        /// Its share.
        share: Share,
        /// The part it differs from.
        other: String,
        /// That part's share.
        other_share: Share,
    },
}

/// A share of the match as people say it: `part 2 of 4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Share {
    /// Which share, from 1.
    pub k: usize,
    /// Of how many.
    pub n: usize,
}

impl Share {
    /// The share a part was played as: its `--partition`, or the whole match (1 of 1).
    fn of(report: &MatchReport) -> Share {
        let (k, n) = report.plan.partition.unwrap_or((1, 1));
        Share { k, n }
    }

    /// The numbers of the games this share of the match `plan` (of `players` engines) plays.
    fn games(self, plan: &Plan, players: usize) -> Vec<usize> {
        let share = Plan {
            partition: Some((self.k, self.n)),
            ..*plan
        };
        share.jobs(players).iter().map(|job| job.number).collect()
    }
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {}", self.k, self.n)
    }
}

/// Game numbers as a reader takes them in: runs of consecutive numbers joined (`7-8, 15-16`),
/// the first few runs only when there are many.
struct Numbers<'a>(&'a [usize]);

impl fmt::Display for Numbers<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 6;
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for &n in self.0 {
            match runs.last_mut() {
                Some((_, last)) if *last + 1 == n => *last = n,
                _ => runs.push((n, n)),
            }
        }
        for (i, (first, last)) in runs.iter().take(SHOWN).enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            match first == last {
                true => write!(f, "{sep}{first}")?,
                false => write!(f, "{sep}{first}-{last}")?,
            }
        }
        if runs.len() > SHOWN {
            write!(f, ", …")?;
        }
        Ok(())
    }
}

/// A share of the match whose games the parts do not all give.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Gap {
    /// No part is this share.
    #[error("part {share} is missing: no file gives its {} games ({})", games.len(), Numbers(games))]
    Missing {
        /// The share.
        share: Share,
        /// The numbers of its games.
        games: Vec<usize>,
    },
    /// The share's parts lack some of its games, and none of them recorded a decided SPRT
    /// that would have stopped it: its worker was interrupted, died, or is still playing.
    #[error(
        "part {share} ({}) lacks {} of its {planned} games ({}), and its SPRT had not decided: was its worker stopped, or is it still playing?",
        parts.join(", "), games.len(), Numbers(games)
    )]
    Short {
        /// The share.
        share: Share,
        /// The parts that are this share.
        parts: Vec<String>,
        /// The games the share plans.
        planned: usize,
        /// The numbers of the games it lacks.
        games: Vec<usize>,
    },
}

/// What the parts given cover of the match.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Coverage {
    /// The games of the whole match.
    pub planned: usize,
    /// The games the parts give (played, or aborted and counting nowhere), each once.
    pub given: usize,
    /// Shares whose games the parts do not all give, in the order of the shares.
    pub gaps: Vec<Gap>,
    /// Shares given by more than one part, each with its parts' names: harmless when they
    /// agree (each game counts once), yet worth saying, since one of them may be a part
    /// meant to be another share.
    pub twice: Vec<(Share, Vec<String>)>,
}

/// What the named `parts` cover of the match they are parts of: the shares none gives, the
/// shares short of games, the shares given twice. Parts that split the match differently
/// (part 1 of 2 beside part 1 of 4, or the whole match beside a part) are an error.
pub fn coverage(parts: &[(String, MatchReport)]) -> Result<Coverage, MergeError> {
    let Some((first_name, first)) = parts.first() else {
        return Err(MergeError::Nothing);
    };
    let first_share = Share::of(first);
    let mut shares: BTreeMap<Share, Vec<(&String, &MatchReport)>> = BTreeMap::new();
    for (name, report) in parts {
        let share = Share::of(report);
        if share.n != first_share.n {
            return Err(MergeError::Splits {
                part: name.clone(),
                share,
                other: first_name.clone(),
                other_share: first_share,
            });
        }
        shares.entry(share).or_default().push((name, report));
    }
    let players = first.players.len();
    let n = first_share.n;
    let mut coverage = Coverage {
        planned: first.plan.total(players),
        ..Coverage::default()
    };
    let mut given: BTreeSet<usize> = BTreeSet::new();
    for k in 1..=n {
        let share = Share { k, n };
        let planned = share.games(&first.plan, players);
        let Some(parts) = shares.get(&share) else {
            coverage.gaps.push(Gap::Missing {
                share,
                games: planned,
            });
            continue;
        };
        if parts.len() > 1 {
            let names = parts.iter().map(|(name, _)| (*name).clone()).collect();
            coverage.twice.push((share, names));
        }
        let held: BTreeSet<usize> = parts
            .iter()
            .flat_map(|(_, report)| report.games.iter().map(|g| g.record.number))
            .collect();
        given.extend(&held);
        // A part stops short of its share once its SPRT (over its games, or over every
        // worker's) has decided: the games it did not play were not to be played.
        let decided = parts
            .iter()
            .any(|(_, report)| report.sprt.is_some_and(|s| s.state.decision.is_some()));
        let lacking: Vec<usize> = planned
            .iter()
            .copied()
            .filter(|number| !held.contains(number))
            .collect();
        if !lacking.is_empty() && !decided {
            coverage.gaps.push(Gap::Short {
                share,
                parts: parts.iter().map(|(name, _)| (*name).clone()).collect(),
                planned: planned.len(),
                games: lacking,
            });
        }
    }
    coverage.given = given.len();
    Ok(coverage)
}

/// What a game is for the score, compared between parts.
fn same_game(a: &PlayedGame, b: &PlayedGame) -> bool {
    a.outcome() == b.outcome() && a.record.aborted == b.record.aborted
}

/// Merges the parts, each named (its file) for the errors; `sprt` judges the merged games
/// (default: the test the parts were played with).
pub fn merge(
    parts: Vec<(String, MatchReport)>,
    sprt: Option<Sprt>,
) -> Result<MatchReport, MergeError> {
    let mut parts = parts.into_iter();
    let (_, first) = parts.next().ok_or(MergeError::Nothing)?;
    let shape = Shape::of(&first);
    let mut tests: Vec<Sprt> = first.sprt.iter().map(|s| s.settings).collect();
    let mut games = MergedGames::default();
    games.add("the first part", first.games)?;
    for (name, part) in parts {
        shape.holds(&name, &part)?;
        tests.extend(part.sprt.map(|s| s.settings));
        games.add(&name, part.games)?;
    }
    let sprt = match sprt {
        Some(test) => Some(test),
        None => the_parts_test(&tests)?,
    };
    let games: Vec<PlayedGame> = games.0.into_values().collect();
    let outcomes: Vec<_> = games.iter().filter_map(PlayedGame::outcome).collect();
    let encounters = encounters(&shape.players, &outcomes);
    let standings = standings(&shape.players, &encounters);
    let state = sprt.and_then(|test| {
        (shape.players.len() == 2)
            .then(|| encounters.first())
            .flatten()
            .map(|e| test.state(&e.score, shape.plan.plays_pairs().then_some(&e.pentanomial)))
    });
    Ok(MatchReport {
        game: shape.game,
        players: shape.players,
        plan: shape.plan,
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

/// What makes parts one match: its players, its game and its plan (the share aside), as the
/// first part has them.
struct Shape {
    players: Vec<String>,
    game: MatchGame,
    plan: Plan,
}

impl Shape {
    fn of(part: &MatchReport) -> Shape {
        Shape {
            players: part.players.clone(),
            game: part.game,
            plan: Plan {
                partition: None,
                ..part.plan
            },
        }
    }

    /// Whether `part` (named `name`) is a part of this match; else what differs.
    fn holds(&self, name: &str, part: &MatchReport) -> Result<(), MergeError> {
        let other = Shape::of(part);
        let what = if other.players != self.players {
            "its players"
        } else if other.game != self.game {
            "its game"
        } else if other.plan != self.plan {
            "its plan (tournament, games, rounds, pairs)"
        } else {
            return Ok(());
        };
        Err(MergeError::OtherMatch {
            part: name.to_owned(),
            what,
        })
    }
}

/// The merged games by number, each once.
#[derive(Default)]
struct MergedGames(BTreeMap<usize, PlayedGame>);

impl MergedGames {
    /// Adds a part's games (the part named `name`): a game already in is kept, unless it was
    /// aborted once the match was decided and this part played it out; a game of a number
    /// already in that differs from it is an error.
    fn add(&mut self, name: &str, games: Vec<PlayedGame>) -> Result<(), MergeError> {
        for game in games {
            let number = game.record.number;
            match self.0.get(&number) {
                Some(earlier) if earlier.aborted_on_decision() && !game.aborted_on_decision() => {
                    self.0.insert(number, game);
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
                    self.0.insert(number, game);
                }
            }
        }
        Ok(())
    }
}

/// The SPRT the parts were played with, when they agree on one; none when none had one.
fn the_parts_test(tests: &[Sprt]) -> Result<Option<Sprt>, MergeError> {
    match tests.split_first() {
        Some((one, rest)) if rest.iter().all(|t| t == one) => Ok(Some(*one)),
        Some(_) => Err(MergeError::Sprts),
        None => Ok(None),
    }
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
                move_info: Vec::new(),
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

    /// Share `k` of `n` of the 24 games of `PLAN`, as its worker plays it: whole pairs.
    fn share(k: usize, n: usize) -> MatchReport {
        let games = Share { k, n }
            .games(&PLAN, 2)
            .into_iter()
            .map(|number| game(number, GameResult::Draw))
            .collect();
        part(games, k, n)
    }

    fn named(parts: Vec<MatchReport>) -> Vec<(String, MatchReport)> {
        parts
            .into_iter()
            .map(|p| (format!("part-{}.json", Share::of(&p).k), p))
            .collect()
    }

    #[test]
    fn a_missing_part_is_named_with_its_games() {
        let parts = named(vec![share(1, 4), share(2, 4), share(3, 4)]);
        let covered = coverage(&parts).unwrap();
        assert_eq!((covered.given, covered.planned), (18, 24));
        // Share 4 of 4 plays pairs 4, 8 and 12: games 7-8, 15-16, 23-24.
        let four = Share { k: 4, n: 4 };
        assert_eq!(
            covered.gaps,
            [Gap::Missing {
                share: four,
                games: vec![7, 8, 15, 16, 23, 24]
            }]
        );
        assert_eq!(
            covered.gaps[0].to_string(),
            "part 4 of 4 is missing: no file gives its 6 games (7-8, 15-16, 23-24)"
        );
        assert!(covered.twice.is_empty());
        // Every part: nothing to say.
        let whole = named((1..=4).map(|k| share(k, 4)).collect());
        assert_eq!(
            coverage(&whole).unwrap(),
            Coverage {
                planned: 24,
                given: 24,
                ..Coverage::default()
            }
        );
    }

    #[test]
    fn a_part_short_of_games_is_named_unless_its_sprt_decided() {
        let mut short = share(2, 2);
        let lost = short.games.pop().unwrap().record.number;
        let parts = named(vec![share(1, 2), short.clone()]);
        let covered = coverage(&parts).unwrap();
        assert_eq!(
            covered.gaps,
            [Gap::Short {
                share: Share { k: 2, n: 2 },
                parts: vec!["part-2.json".into()],
                planned: 12,
                games: vec![lost],
            }]
        );
        assert_eq!(covered.given, 23);
        // A part whose SPRT decided stopped by it: the games it left were not to be played.
        let mut stopped = short;
        stopped.sprt = Some(SprtReport {
            settings: test(),
            state: crate::matchplay::sprt::SprtState {
                decision: Some(crate::matchplay::sprt::Decision::H1),
                ..test().state(&Default::default(), None)
            },
        });
        let covered = coverage(&named(vec![share(1, 2), stopped])).unwrap();
        assert!(covered.gaps.is_empty(), "{:?}", covered.gaps);
    }

    #[test]
    fn a_share_given_twice_is_named_and_other_splits_are_refused() {
        let mut parts = named(vec![share(1, 2), share(2, 2), share(2, 2)]);
        parts[2].0 = "copy.json".into();
        let covered = coverage(&parts).unwrap();
        assert_eq!(
            covered.twice,
            [(
                Share { k: 2, n: 2 },
                vec!["part-2.json".to_owned(), "copy.json".to_owned()]
            )]
        );
        assert!(covered.gaps.is_empty());
        // Part 1 of 2 beside part 2 of 3, or the whole match beside a part: not one split.
        let mut whole = part(Vec::new(), 1, 1);
        whole.plan.partition = None;
        for other in [share(2, 3), whole] {
            let error = coverage(&named(vec![share(1, 2), other])).unwrap_err();
            assert!(matches!(error, MergeError::Splits { .. }), "{error}");
        }
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

    /// A results directory written before endings were stored as tagged data (its two
    /// workers' files, written by `arbiter match --partition K/2 --results-dir` as it was):
    /// each ending read from its words, merged, and written again tagged, with the same words.
    #[test]
    fn an_older_schemas_results_directory_still_merges() {
        use crate::matchplay::fault::{Fault, IllegalMove, Illegality};
        use crate::matchplay::results_dir::{read, result_files};
        use crate::matchplay::termination::Colour;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/results/old-schema");
        let files = result_files(&[dir]).expect("the fixture's files are listed");
        assert_eq!(files.len(), 2);
        let mut words = std::collections::BTreeMap::new();
        let mut parts = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            let old: serde_json::Value = serde_json::from_str(&text).unwrap();
            for game in old["games"].as_array().unwrap() {
                let ending = game["termination"].as_str().expect("the older form: words");
                words.insert(game["number"].as_u64().unwrap(), ending.to_owned());
            }
            let (worker, report) = read(file).expect("an older worker's file reads");
            assert!(worker.is_some());
            parts.push((file.display().to_string(), report));
        }
        let merged = merge(parts, None).expect("the older parts merge");
        assert_eq!(merged.games.len(), 12);
        let endings: Vec<&Termination> =
            merged.games.iter().map(|g| &g.record.termination).collect();
        let count =
            |wanted: &dyn Fn(&Termination) -> bool| endings.iter().filter(|e| wanted(e)).count();
        assert_eq!(count(&|e| *e == Termination::MaxLength), 2);
        // The older words kept the move but not why the referee refused it.
        let illegal = |side, point: &str| Termination::Fault {
            side,
            fault: Fault::Illegal(IllegalMove::new(point, Illegality::Unrecorded)),
        };
        assert_eq!(count(&|e| *e == illegal(Colour::White, "7,7")), 2);
        assert_eq!(count(&|e| *e == illegal(Colour::Black, "5,5")), 2);
        assert_eq!(
            count(&|e| matches!(
                e,
                Termination::Fault {
                    fault: Fault::Disconnect,
                    ..
                }
            )),
            6
        );
        assert_eq!(count(&|e| e.is_fault()), 10);
        let written = serde_json::to_value(&merged).unwrap();
        for game in written["games"].as_array().unwrap() {
            let number = game["number"].as_u64().unwrap();
            let ending = &game["termination"];
            assert!(ending["kind"].is_string(), "{ending}");
            assert_eq!(
                ending["words"].as_str(),
                Some(words[&number].as_str()),
                "{ending}"
            );
        }
    }
}
