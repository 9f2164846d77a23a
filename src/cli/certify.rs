//! `arbiter certify`: a profile's scenarios against an engine, a verdict per requirement.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::CliError;
use super::engine::{EngineArgs, parse_scale};
use super::run::play;
use crate::certify::{Certification, partition, profile};
use crate::report::Format;
use crate::runner::RunOptions;
use crate::scenario::builtin;

#[derive(Args, Debug)]
pub struct CertifyArgs {
    /// Profile: ucci-league, ucci-full, uci, gomocup or agi.
    #[arg(long)]
    profile: String,
    #[command(flatten)]
    engine: EngineArgs,
    /// Report format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Write the report to this file instead of stdout.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Multiply every timing bound, for slow machines (e.g. 2.5).
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    time_scale: f64,
    /// Run only share K of N of the scenarios (e.g. 2/4), for a CI matrix.
    #[arg(long, value_parser = parse_partition)]
    partition: Option<(usize, usize)>,
}

fn parse_partition(text: &str) -> Result<(usize, usize), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(k, n)| Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?)));
    match parsed {
        Some((k, n)) if n >= 1 && (1..=n).contains(&k) => Ok((k, n)),
        _ => Err(format!("`{text}` is not K/N with 1 ≤ K ≤ N")),
    }
}

pub fn run(args: &CertifyArgs) -> Result<(String, u8), CliError> {
    let profile = profile::load(&args.profile).map_err(|e| CliError::BadInput(e.to_string()))?;
    let all = builtin().map_err(|e| CliError::BadInput(e.to_string()))?;
    let mut scenarios = Vec::new();
    for name in &profile.scenarios {
        let scenario = all.iter().find(|s| &s.name == name).ok_or_else(|| {
            CliError::BadInput(format!(
                "profile {} names unknown scenario {name}",
                profile.name
            ))
        })?;
        scenarios.push(scenario.clone());
    }
    if let Some((k, n)) = args.partition {
        scenarios = partition(scenarios, k, n);
    }
    let options = RunOptions {
        time_scale: args.time_scale,
        grace: Duration::from_millis(1000),
        line_ending: None,
    };
    let runs = play(&scenarios, &args.engine, &options);
    let certification = Certification::new(
        &profile,
        args.engine.info(),
        args.partition.map(|(k, n)| format!("{k}/{n}")),
        runs,
    );
    let text = certification.render(args.format);
    let status = certification.exit_code() as u8;
    match &args.out {
        Some(path) => {
            std::fs::write(path, &text)?;
            Ok((String::new(), status))
        }
        None => Ok((text, status)),
    }
}
