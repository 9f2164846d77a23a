//! `arbiter certify`: a profile's scenarios against an engine, a verdict per requirement.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::CliError;
use crate::certify::{Certification, partition, profile};
use crate::report::{EngineInfo, Format, progress::Progress};
use crate::runner::{RunOptions, run_all};
use crate::scenario::builtin;
use crate::session::EngineCommand;

#[derive(Args, Debug)]
pub struct CertifyArgs {
    /// Profile: ucci-league, ucci-full, uci, gomocup or agi.
    #[arg(long)]
    profile: String,
    /// Engine executable (run directly, no shell).
    #[arg(long)]
    engine: PathBuf,
    /// An argument for the engine; repeat for several.
    #[arg(long = "engine-arg", allow_hyphen_values = true)]
    engine_args: Vec<String>,
    /// Working directory of the engine.
    #[arg(long)]
    engine_dir: Option<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Write the report to this file instead of stdout.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Multiply every timing bound, for slow machines.
    #[arg(long, default_value_t = 1.0)]
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
    if !(args.time_scale.is_finite() && args.time_scale > 0.0) {
        return Err(CliError::BadInput(format!(
            "--time-scale {} is not a positive number",
            args.time_scale
        )));
    }
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
    let engine = EngineCommand {
        program: args.engine.clone(),
        args: args.engine_args.clone(),
        working_dir: args.engine_dir.clone(),
        env: Vec::new(),
    };
    let options = RunOptions {
        time_scale: args.time_scale,
        grace: Duration::from_millis(1000),
        line_ending: None,
    };
    let mut progress = Progress::for_stderr(scenarios.len());
    let runs = run_all(&scenarios, &engine, &options, &mut progress);
    drop(progress);
    let certification = Certification::new(
        &profile,
        EngineInfo {
            program: args.engine.display().to_string(),
            args: args.engine_args.clone(),
        },
        args.partition.map(|(k, n)| format!("{k}/{n}")),
        runs,
    );
    for run in certification.runs.iter() {
        if let Some(error) = &run.harness_error {
            eprintln!("error: {}: {error}", run.scenario.name);
        }
    }
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
