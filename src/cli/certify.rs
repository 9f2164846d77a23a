//! `arbiter certify`: a profile's scenarios against an engine, a verdict per requirement.

use clap::Args;

use super::CliError;
use super::engine::EngineArgs;
use super::output::ReportArgs;
use super::run::{RunSettings, fits, play};
use crate::certify::{Certification, ScenarioRef, profile};
use crate::render::Document;
use crate::runner::ExitStatus;
use crate::runner::{Partition, RunOptions};
use crate::scenario::{Scenario, builtin_named};

#[derive(Args, Debug)]
pub struct CertifyArgs {
    /// A built-in profile (`arbiter profiles` lists them: ucci-league, ucci-full, uci,
    /// gomocup, agi) or the path of a profile file in the same format.
    #[arg(long, value_name = "NAME|FILE")]
    profile: String,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    settings: RunSettings,
    /// Run only share K of N of the scenarios (e.g. 2/4), for a CI matrix.
    #[arg(long, value_name = "K/N")]
    partition: Option<Partition>,
}

pub fn run(args: &CertifyArgs) -> Result<(String, ExitStatus), CliError> {
    let profile = profile::load(&args.profile).map_err(|e| CliError::BadInput(e.to_string()))?;
    if profile.side == crate::check::registry::Side::Gui {
        return Err(CliError::BadInput(format!(
            "profile `{}` grades a GUI: run the GUI against `arbiter stand-in --protocol {} --profile {}` (or `arbiter spy --profile {}` in front of an engine)",
            profile.name, profile.protocol, profile.name, profile.name
        )));
    }
    let game = match args.settings.game {
        Some(game) if game != profile.game => {
            return Err(CliError::BadInput(format!(
                "--game {game}: profile {} is for {}",
                profile.name, profile.game
            )));
        }
        _ => profile.game,
    };
    let mut scenarios = Vec::new();
    for reference in &profile.scenarios {
        let scenario = load(reference)?;
        fits(&scenario, profile.protocol, game)?;
        scenarios.push(scenario);
    }
    if let Some(partition) = args.partition {
        scenarios = partition.select(scenarios);
    }
    args.engine.check_startable()?;
    args.report.check_writable()?;
    let options = RunOptions {
        game: Some(game),
        ..args.settings.options(None)
    };
    let played = play(&scenarios, &args.engine, &options);
    let mut certification =
        Certification::new(&profile, args.engine.info(), args.partition, played.runs);
    certification.parallelism = played.parallelism;
    let text = args
        .report
        .render(Document::Certification(&certification))?;
    let status = certification.exit_status();
    Ok((
        args.report.deliver(text, &certification.verdict_line())?,
        status,
    ))
}

fn load(reference: &ScenarioRef) -> Result<Scenario, CliError> {
    let loaded = match reference {
        ScenarioRef::Builtin(name) => builtin_named(name)
            .ok_or_else(|| CliError::BadInput(format!("no built-in scenario {name}")))?,
        ScenarioRef::File(path) => Scenario::load(path),
    };
    loaded.map_err(|e| CliError::BadInput(e.to_string()))
}
