//! `arbiter match merge FILE…`: the JSON results of a match's partitions (`--partition K/N`,
//! one per CI job) summed into one score, with the same tally, pairs and SPRT as a match
//! played in one run.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;
use serde::{Deserialize, Serialize};

use super::super::CliError;
use super::output::{MatchPrinter, MatchShape, OutputFormat, Setup};
use crate::matchplay::SprtReport;
use crate::matchplay::sprt::Sprt;
use crate::matchplay::tally::{Encounter, GameOutcome, Standing, encounters, standings};
use crate::runner::ExitStatus;

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// JSON results written by `arbiter match --out FILE`.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The SPRT to judge the merged games by (default: the one the matches were played with).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    sprt: Vec<String>,
    /// Print the summary as cutechess-cli does or as fastchess does.
    #[arg(long, value_name = "TOOL", default_value = "cutechess")]
    output_format: OutputFormat,
    /// Write the merged games and scores as JSON here.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// What merging reads of a match's results.
#[derive(Deserialize)]
struct Partial {
    players: Vec<String>,
    games: Vec<PartialGame>,
    #[serde(default)]
    sprt: Option<PartialSprt>,
}

#[derive(Deserialize)]
struct PartialGame {
    #[serde(flatten)]
    outcome: GameOutcome,
    /// A game not played (its opening could not be) does not count.
    #[serde(default)]
    aborted: bool,
}

#[derive(Deserialize)]
struct PartialSprt {
    settings: Sprt,
}

/// The merged match.
#[derive(Serialize)]
struct Merged {
    players: Vec<String>,
    games: Vec<GameOutcome>,
    encounters: Vec<Encounter>,
    standings: Vec<Standing>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sprt: Option<SprtReport>,
}

pub fn run(args: &MergeArgs) -> Result<(String, ExitStatus), CliError> {
    let mut players: Vec<String> = Vec::new();
    let mut games: BTreeMap<usize, GameOutcome> = BTreeMap::new();
    let mut tests: Vec<Sprt> = Vec::new();
    for file in &args.files {
        let name = file.display();
        let text = std::fs::read_to_string(file)
            .map_err(|e| CliError::BadInput(format!("{name}: {e}")))?;
        let partial: Partial = serde_json::from_str(&text).map_err(|e| {
            CliError::BadInput(format!("{name}: not the results of `arbiter match`: {e}"))
        })?;
        for player in partial.players {
            if !players.contains(&player) {
                players.push(player);
            }
        }
        for game in partial.games.into_iter().filter(|g| !g.aborted) {
            let game = game.outcome;
            if games
                .get(&game.number)
                .is_some_and(|earlier| *earlier != game)
            {
                return Err(CliError::BadInput(format!(
                    "{name}: its game {} differs from the game of that number in an earlier file: were these partitions of one match?",
                    game.number
                )));
            }
            games.insert(game.number, game);
        }
        tests.extend(partial.sprt.map(|s| s.settings));
    }
    let sprt = if args.sprt.is_empty() {
        match tests.split_first() {
            Some((first, rest)) if rest.iter().all(|t| t == first) => Some(*first),
            Some(_) => {
                return Err(CliError::BadInput(
                    "the files were played with different SPRTs: give --sprt to choose one".into(),
                ));
            }
            None => None,
        }
    } else {
        Some(Sprt::parse(&args.sprt).map_err(|e| CliError::BadInput(e.to_string()))?)
    };
    let games: Vec<GameOutcome> = games.into_values().collect();
    let encounters = encounters(&players, &games);
    let standings = standings(&players, &encounters);
    // The partitions of a match played in pairs carry their pair numbers.
    let pairs = games.iter().any(|g| g.pair.is_some());
    let state = sprt.and_then(|test| {
        (players.len() == 2)
            .then(|| encounters.first())
            .flatten()
            .map(|e| test.state(&e.score, pairs.then_some(&e.pentanomial)))
    });
    let mut printer = MatchPrinter::new(
        args.output_format,
        MatchShape {
            players: players.clone(),
            pairs,
            gauntlet: false,
            sprt,
            setup: Setup::default(),
        },
    );
    let mut text = printer.score_lines(&encounters);
    text.push_str(&printer.closing(&encounters, &games, state.as_ref()));
    if let Some(path) = &args.out {
        let merged = Merged {
            players,
            games,
            encounters,
            standings,
            sprt: sprt
                .zip(state)
                .map(|(settings, state)| SprtReport { settings, state }),
        };
        let mut json = serde_json::to_string_pretty(&merged).expect("plain data serialises");
        json.push('\n');
        std::fs::write(path, json)
            .map_err(|e| CliError::BadInput(format!("--out {}: {e}", path.display())))?;
    }
    Ok((text, ExitStatus::Passed))
}
