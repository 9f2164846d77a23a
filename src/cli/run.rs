//! `arbiter run`: scenarios against an engine, a report, an exit status.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;

use super::CliError;
use crate::protocol::Protocol;
use crate::report::{EngineInfo, Format, Report, progress::Progress};
use crate::runner::{RunOptions, run_all};
use crate::scenario::{Scenario, builtin_for};
use crate::session::EngineCommand;

#[derive(Args, Debug)]
pub struct RunArgs {
    /// Protocol the engine speaks.
    #[arg(long)]
    protocol: Protocol,
    /// Engine executable (run directly, no shell).
    #[arg(long)]
    engine: PathBuf,
    /// An argument for the engine; repeat for several.
    #[arg(long = "engine-arg", allow_hyphen_values = true)]
    engine_args: Vec<String>,
    /// Working directory of the engine.
    #[arg(long)]
    engine_dir: Option<PathBuf>,
    /// An environment variable for the engine, KEY=VALUE; repeat for several.
    #[arg(long = "engine-env", value_parser = parse_env)]
    engine_env: Vec<(String, String)>,
    /// Scenario files or folders of them; all built-in scenarios of the protocol if none.
    scenarios: Vec<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Write the report to this file instead of stdout.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Multiply every timing bound, for slow machines (e.g. 2.5).
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    time_scale: f64,
    /// Send CRLF line ends (as Gomocup managers do) instead of the protocol's default.
    #[arg(long)]
    crlf: bool,
}

fn parse_env(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .filter(|(k, _)| !k.is_empty())
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .ok_or_else(|| format!("`{text}` is not KEY=VALUE"))
}

fn parse_scale(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(f) if f.is_finite() && f > 0.0 => Ok(f),
        _ => Err(format!("`{text}` is not a positive number")),
    }
}

/// Loads scenario files and folders (recursively, `*.scenario`, sorted by path).
pub(super) fn load_scenarios(
    paths: &[PathBuf],
    protocol: Protocol,
) -> Result<Vec<Scenario>, CliError> {
    if paths.is_empty() {
        return builtin_for(protocol).map_err(|e| CliError::BadInput(e.to_string()));
    }
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            collect(path, &mut files)
                .map_err(|e| CliError::BadInput(format!("cannot read {}: {e}", path.display())))?;
        } else {
            files.push(path.clone());
        }
    }
    let mut scenarios = Vec::new();
    for file in files {
        let scenario = Scenario::load(&file).map_err(|e| CliError::BadInput(e.to_string()))?;
        if scenario.protocol != protocol {
            return Err(CliError::BadInput(format!(
                "{} is a {} scenario, but the engine is run as {protocol}",
                file.display(),
                scenario.protocol
            )));
        }
        scenarios.push(scenario);
    }
    if scenarios.is_empty() {
        return Err(CliError::BadInput("no scenario files found".into()));
    }
    Ok(scenarios)
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "scenario") {
            files.push(path);
        }
    }
    Ok(())
}

pub(super) fn engine_command(args: &RunArgs) -> EngineCommand {
    EngineCommand {
        program: args.engine.clone(),
        args: args.engine_args.clone(),
        working_dir: args.engine_dir.clone(),
        env: args.engine_env.clone(),
    }
}

pub fn run(args: &RunArgs) -> Result<(String, u8), CliError> {
    let scenarios = load_scenarios(&args.scenarios, args.protocol)?;
    let engine = engine_command(args);
    let options = RunOptions {
        time_scale: args.time_scale,
        grace: Duration::from_millis(1000),
        line_ending: args.crlf.then_some("\r\n"),
    };
    let mut progress = Progress::for_stderr(scenarios.len());
    let runs = run_all(&scenarios, &engine, &options, &mut progress);
    drop(progress);
    let report = Report::new(
        args.protocol,
        EngineInfo {
            program: args.engine.display().to_string(),
            args: args.engine_args.clone(),
        },
        args.time_scale,
        runs,
    );
    let text = report.render(args.format);
    let status = report.exit_code() as u8;
    for run in &report.runs {
        if let Some(error) = &run.harness_error {
            eprintln!("error: {}: {error}", run.scenario.name);
        }
    }
    match &args.out {
        Some(path) => {
            std::fs::write(path, &text)?;
            Ok((String::new(), status))
        }
        None => Ok((text, status)),
    }
}
