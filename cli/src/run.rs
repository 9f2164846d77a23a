//! `arbiter run`: scenarios against an engine, a report, an exit status.

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use regex_lite::Regex;

use super::engine::{EngineArgs, parse_scale};
use super::output::ReportArgs;
use super::share::ShareArgs;
use super::{CliError, console};
use crate::exit_status::ExitStatus;
use crate::progress::Progress;
use crate::render::{Format, RenderIn};
use arbiter::golden::{self, OnChange, Rules, Snapshots};
use arbiter::protocol::{GameKind, LineEnd, Protocol};
use arbiter::render::{Detail, Document};
use arbiter::report::Report;
use arbiter::runner::{Concurrency, EngineOption, Played, RunOptions, run_all};
use arbiter::scenario::{Scenario, select};

#[derive(Args, Debug)]
pub(super) struct RunArgs {
    /// Protocol the engine speaks.
    #[arg(long)]
    protocol: Protocol,
    #[command(flatten)]
    engine: EngineArgs,
    /// Scenario files, folders of them, or built-in scenario names (`ucci/stop`, or `stop`
    /// within the protocol); all built-in scenarios of the protocol if none.
    scenarios: Vec<PathBuf>,
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    settings: RunSettings,
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
    #[command(flatten)]
    share: ShareArgs,
}

/// How scenarios are run, shared by the subcommands that run them: timing bounds, fail-fast,
/// engine options.
#[derive(Args, Debug, Clone)]
pub(super) struct RunSettings {
    /// Multiply every upper timing bound (`within`, timeouts, windows), for slow machines (e.g.
    /// 2.5; 0.01 to 1000); a `not before` follows the command's own figure and is never scaled.
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    pub time_scale: f64,
    /// Run every scenario even after one shows that the engine does not answer at all.
    #[arg(long)]
    pub no_fail_fast: bool,
    /// An engine option NAME=VALUE, set with the protocol's own command once the handshake is
    /// done (UCI `setoption name N value V`, UCCI `setoption N V`, AGI `SETOPTION N V`,
    /// Gomocup `INFO N V` before the first command); repeat for several.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<EngineOption>,
    /// The game the engine plays, where the protocol is spoken for several: UCI engines play
    /// chess (the default) or xiangqi (Fairy-Stockfish with `--option UCI_Variant=xiangqi`,
    /// Pikafish). Built-in scenarios written for another game are left out.
    #[arg(long, value_name = "GAME")]
    pub game: Option<GameKind>,
    /// Run up to N scenarios at once, each with its own engine (1: one after another). The
    /// default is two per core, with no more searches at once than there are cores (a
    /// search with `--option Threads=T` counts as T cores), so no engine is made late.
    #[arg(long, short = 'j', value_name = "N", env = "ARBITER_JOBS")]
    pub jobs: Option<NonZeroUsize>,
}

impl RunSettings {
    pub(super) fn options(&self, line_end: Option<LineEnd>) -> RunOptions {
        RunOptions {
            time_scale: self.time_scale,
            grace: Duration::from_millis(1000),
            line_end,
            fail_fast: !self.no_fail_fast,
            engine_options: self.options.clone(),
            game: self.game,
            concurrency: Concurrency::for_this_machine(
                EngineOption::search_threads(&self.options),
                self.jobs,
            ),
            measure_late: true,
        }
    }

    /// The game played under `protocol`: `--game`, else the protocol's own; an error when the
    /// protocol is not spoken for it.
    pub(super) fn game(&self, protocol: Protocol) -> Result<GameKind, CliError> {
        protocol
            .check_game(self.game.unwrap_or(protocol.default_game()))
            .map_err(|e| CliError::Usage(format!("--game: {e}")))
    }
}

/// How exchanges are normalised into golden transcripts.
#[derive(Args, Debug, Clone)]
pub(super) struct RuleArgs {
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
    pub(super) fn rules(&self) -> Option<Rules> {
        let rules = Rules {
            drop_info: self.drop_info,
            redact: self.redact.clone(),
        };
        (!rules.is_empty()).then_some(rules)
    }
}

fn parse_regex(text: &str) -> Result<Regex, regex_lite::Error> {
    Regex::new(text)
}

/// Loads the scenarios named on the command line (`scenario::select`): a name that does not
/// read is a usage error.
pub(super) fn load_scenarios(
    paths: &[PathBuf],
    protocol: Protocol,
    game: GameKind,
) -> Result<Vec<Scenario>, CliError> {
    select(paths, protocol, game).map_err(CliError::from)
}

pub(super) fn run(args: &RunArgs) -> Result<(String, ExitStatus), CliError> {
    let partition = args.share.partition()?;
    let game = args.settings.game(args.protocol)?;
    let mut scenarios = load_scenarios(&args.scenarios, args.protocol, game)?;
    if let Some(partition) = partition {
        scenarios = partition.select(scenarios);
    }
    args.engine.check_startable()?;
    args.report.check_writable()?;
    let options = args.settings.options(args.crlf.then_some(LineEnd::CrLf));
    let mut played = play(&scenarios, &args.engine, &options);
    if let Some(dir) = &args.snapshots {
        let snapshots = Snapshots {
            dir: dir.clone(),
            on_change: if args.update_snapshots {
                OnChange::Overwrite
            } else {
                OnChange::Fail
            },
            rules: args.rules.rules(),
        };
        golden::judge_all(&mut played.runs, &snapshots);
    }
    let report = Report {
        partition,
        ..played.into_report(args.protocol, args.engine.info(), options.time_scale)
    };
    if args.share.results_dir.is_some() {
        let json = Document::Run(&report).render(Format::Json, Detail::All)?;
        args.share.leave(partition, &json)?;
    }
    let text = args.report.render(Document::Run(&report))?;
    let status = ExitStatus::from(report.conclusion());
    Ok((
        args.report
            .deliver(text, &arbiter::render::human::summary_line(&report))?,
        status,
    ))
}

/// Plays the scenarios with a progress bar on a terminal, and says on stderr which could not
/// run at all (the report says it too, but a script that reads only the status sees this).
/// `--quiet` leaves out the bar and the notes, not the errors.
pub(super) fn play(scenarios: &[Scenario], engine: &EngineArgs, options: &RunOptions) -> Played {
    let mut progress = if console::quiet() {
        Progress::silent()
    } else {
        Progress::for_stderr(scenarios.len())
    };
    let played = run_all(scenarios, &engine.command(), options, &mut progress);
    drop(progress);
    let runs = &played.runs;
    let mut said = std::collections::HashSet::new();
    for run in runs {
        if let Some(error) = run.end.harness_error()
            && said.insert(error)
        {
            eprintln!("error: {}: {error}", run.scenario.name);
        }
    }
    let skipped = runs.iter().filter(|r| r.end.not_run().is_some()).count();
    if let Some(signal) = arbiter::session::interrupt::raised() {
        console::note(format_args!(
            "note: the run was interrupted by signal {signal}; {skipped} scenarios did not run to the end"
        ));
    } else if let Some(why) = runs.iter().find_map(|r| r.end.not_run()) {
        console::note(format_args!("note: {skipped} scenarios not run: {why}"));
    }
    played
}
