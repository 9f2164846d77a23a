//! `arbiter run`: scenarios against an engine, a report, an exit status.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;

use regex::Regex;

use super::CliError;
use super::engine::{EngineArgs, parse_scale};
use crate::golden::{self, Rules, Snapshots};
use crate::protocol::Protocol;
use crate::report::{Format, Report, progress::Progress};
use crate::runner::{RunOptions, ScenarioRun, run_all};
use crate::scenario::{Scenario, builtin_for};

#[derive(Args, Debug)]
pub struct RunArgs {
    /// Protocol the engine speaks.
    #[arg(long)]
    protocol: Protocol,
    #[command(flatten)]
    engine: EngineArgs,
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
    /// Compare each scenario's exchange with its golden transcript in this folder (see
    /// `arbiter record`); a difference fails, with a diff in the report.
    #[arg(long, value_name = "DIR")]
    snapshots: Option<PathBuf>,
    /// Accept this run's exchanges: write the golden transcripts that differ or are missing.
    #[arg(long, requires = "snapshots")]
    update_snapshots: bool,
    #[command(flatten)]
    rules: RuleArgs,
}

/// How exchanges are normalised into golden transcripts.
#[derive(Args, Debug, Clone)]
pub struct RuleArgs {
    /// Leave search reports (`info`, AGI `INFO`, Gomocup `MESSAGE`/`DEBUG`) out of golden
    /// transcripts, for scenarios whose searches are bounded by time. Stored in the file.
    #[arg(long)]
    drop_info: bool,
    /// Replace what this regex matches (only its groups, if it has any) by `[redacted]` in
    /// golden transcripts; repeat for several. Stored in the file.
    #[arg(long, value_name = "REGEX", value_parser = parse_regex)]
    redact: Vec<Regex>,
}

impl RuleArgs {
    /// The rules given, or `None` when none were, so that each golden file's own rules apply.
    pub fn rules(&self) -> Option<Rules> {
        let rules = Rules {
            drop_info: self.drop_info,
            redact: self.redact.clone(),
        };
        (!rules.is_empty()).then_some(rules)
    }
}

fn parse_regex(text: &str) -> Result<Regex, String> {
    Regex::new(text).map_err(|e| e.to_string())
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

pub fn run(args: &RunArgs) -> Result<(String, u8), CliError> {
    let scenarios = load_scenarios(&args.scenarios, args.protocol)?;
    let options = RunOptions {
        time_scale: args.time_scale,
        grace: Duration::from_millis(1000),
        line_ending: args.crlf.then_some("\r\n"),
    };
    let mut runs = play(&scenarios, &args.engine, &options);
    if let Some(dir) = &args.snapshots {
        let snapshots = Snapshots {
            dir: dir.clone(),
            update: args.update_snapshots,
            rules: args.rules.rules(),
        };
        for run in runs.iter_mut().filter(|r| r.harness_error.is_none()) {
            let outcome = golden::judge(run, &snapshots);
            run.outcomes.push(outcome);
        }
    }
    let report = Report::new(args.protocol, args.engine.info(), args.time_scale, runs);
    let text = report.render(args.format);
    let status = report.exit_code() as u8;
    match &args.out {
        Some(path) => {
            std::fs::write(path, &text)?;
            Ok((String::new(), status))
        }
        None => Ok((text, status)),
    }
}

/// Plays the scenarios with a progress bar on a terminal, and says on stderr which could not
/// run at all (the report says it too, but a script that reads only the status sees this).
pub(super) fn play(
    scenarios: &[Scenario],
    engine: &EngineArgs,
    options: &RunOptions,
) -> Vec<ScenarioRun> {
    let mut progress = Progress::for_stderr(scenarios.len());
    let runs = run_all(scenarios, &engine.command(), options, &mut progress);
    drop(progress);
    for run in &runs {
        if let Some(error) = &run.harness_error {
            eprintln!("error: {}: {error}", run.scenario.name);
        }
    }
    runs
}
