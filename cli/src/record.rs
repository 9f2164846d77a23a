//! `arbiter record`: store an engine's golden transcripts, for `arbiter run --snapshots` to
//! compare later runs against.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::engine::EngineArgs;
use super::run::{RuleArgs, RunSettings, load_scenarios, play};
use crate::exit_status::ExitStatus;
use arbiter::check::Grade;
use arbiter::golden::{self, Snapshots};
use arbiter::protocol::{LineEnd, Protocol};

#[derive(Args, Debug)]
pub(super) struct RecordArgs {
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
    #[command(flatten)]
    settings: RunSettings,
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
pub(super) fn run(args: &RecordArgs) -> Result<(String, ExitStatus), CliError> {
    let game = args.settings.game(args.protocol)?;
    let scenarios = load_scenarios(&args.scenarios, args.protocol, game)?;
    args.engine.check_startable()?;
    let options = args.settings.options(args.crlf.then_some(LineEnd::CrLf));
    let runs = play(&scenarios, &args.engine, &options).runs;
    let snapshots = Snapshots {
        dir: args.snapshots.clone(),
        on_change: golden::OnChange::Overwrite,
        rules: Some(args.rules.rules().unwrap_or_default()),
    };
    let mut out = String::new();
    let mut status = ExitStatus::Passed;
    for run in &runs {
        let name = &run.scenario.name;
        if let Some(error) = run.end.harness_error().or(run.end.not_run()) {
            let _ = writeln!(out, "not recorded  {name}: {error}");
            status = ExitStatus::HarnessFailed;
            continue;
        }
        let outcome = golden::judge(run, &snapshots);
        if outcome.grade == Grade::Fail {
            status = ExitStatus::HarnessFailed;
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
