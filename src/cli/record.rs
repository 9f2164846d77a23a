//! `arbiter record`: store an engine's golden transcripts, for `arbiter run --snapshots` to
//! compare later runs against.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::CliError;
use super::engine::{EngineArgs, parse_scale};
use super::run::{RuleArgs, load_scenarios, play};
use crate::check::Grade;
use crate::golden::{self, Snapshots};
use crate::protocol::Protocol;
use crate::runner::RunOptions;

#[derive(Args, Debug)]
pub struct RecordArgs {
    /// Protocol the engine speaks.
    #[arg(long)]
    protocol: Protocol,
    #[command(flatten)]
    engine: EngineArgs,
    /// Scenario files or folders of them; all built-in scenarios of the protocol if none.
    scenarios: Vec<PathBuf>,
    /// Folder of golden transcripts; each goes to `DIR/<scenario name>.transcript`.
    #[arg(long, value_name = "DIR")]
    snapshots: PathBuf,
    /// Multiply every timing bound, for slow machines (e.g. 2.5).
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    time_scale: f64,
    /// Send CRLF line ends instead of the protocol's default.
    #[arg(long)]
    crlf: bool,
    #[command(flatten)]
    rules: RuleArgs,
}

/// Records every scenario (replacing what was stored) and lists what it wrote. The run is
/// still judged: a golden transcript of behaviour that breaks the protocol is allowed, but
/// the user is told. Exit status 2 when a scenario could not run or a file could not be
/// written, else 0.
pub fn run(args: &RecordArgs) -> Result<(String, u8), CliError> {
    let scenarios = load_scenarios(&args.scenarios, args.protocol)?;
    let options = RunOptions {
        time_scale: args.time_scale,
        grace: Duration::from_millis(1000),
        line_ending: args.crlf.then_some("\r\n"),
    };
    let runs = play(&scenarios, &args.engine, &options);
    let snapshots = Snapshots {
        dir: args.snapshots.clone(),
        update: true,
        rules: Some(args.rules.rules().unwrap_or_default()),
    };
    let mut out = String::new();
    let mut status = 0;
    for run in &runs {
        let name = &run.scenario.name;
        if let Some(error) = &run.harness_error {
            let _ = writeln!(out, "not recorded  {name}: {error}");
            status = super::EXIT_BAD_INPUT;
            continue;
        }
        let outcome = golden::judge(run, &snapshots);
        if outcome.grade == Grade::Fail {
            status = super::EXIT_BAD_INPUT;
        }
        let failed = run
            .outcomes
            .iter()
            .filter(|o| o.grade == Grade::Fail)
            .count();
        let note = match failed {
            0 => String::new(),
            n => format!(" (note: {n} checks failed in this run; `arbiter run` shows them)"),
        };
        let _ = writeln!(out, "{name}: {}{note}", outcome.message);
    }
    Ok((out, status))
}
