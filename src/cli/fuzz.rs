//! `arbiter fuzz`: generated sequences against an engine, each failure shrunk and written as a
//! scenario that reproduces it.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::engine::EngineArgs;
use super::output::ReportArgs;
use super::run::RunSettings;
use super::{CliError, console};
use crate::fuzz::report::FuzzReport;
use crate::fuzz::{FuzzObserver, FuzzOptions, fuzz};
use crate::protocol::Protocol;
use crate::render::Document;
use crate::runner::ExitStatus;

#[derive(Args, Debug)]
pub(super) struct FuzzArgs {
    /// Protocol the engine speaks.
    #[arg(long)]
    protocol: Protocol,
    #[command(flatten)]
    engine: EngineArgs,
    /// The seed: the same seed generates the same sequences. Default: from the clock (the
    /// report gives it, to rerun).
    #[arg(long)]
    seed: Option<u64>,
    /// How many cases to generate.
    #[arg(long, default_value_t = 100, conflicts_with = "time")]
    cases: u32,
    /// Generate until this much time has passed (`90s`, `10m`, `1h`) instead of a case count.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    time: Option<Duration>,
    /// End the whole run after this long (`90s`, `10m`), shrinking and replays included: the
    /// smallest reproduction found by then is written and reported, and the summary says what
    /// was cut short. A signal (`timeout`, Ctrl-C) does the same.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    max_time: Option<Duration>,
    /// Transitions per case, at most (each is one command with the reply the text makes a GUI
    /// wait for, a wait, or reading a search's result).
    #[arg(long, default_value_t = crate::fuzz::DEFAULT_MAX_STEPS)]
    max_steps: usize,
    /// Engine runs a failure's shrinking may take.
    #[arg(long, default_value_t = crate::fuzz::DEFAULT_MAX_SHRINK_RUNS)]
    max_shrink_runs: u32,
    /// Replays of each minimal case, to tell a deterministic failure from a flaky one.
    #[arg(long, default_value_t = crate::fuzz::DEFAULT_REPLAYS)]
    replays: u32,
    /// Where each failure's scenario is written, one file per distinct failure.
    #[arg(long, value_name = "DIR", default_value = crate::fuzz::DEFAULT_REPRO_DIR)]
    repro: PathBuf,
    /// Also send input the protocol forbids (unknown commands, malformed FENs, illegal moves,
    /// off-board points); then only a crash, a hang or silence is a failure.
    #[arg(long)]
    robustness: bool,
    #[command(flatten)]
    report: ReportArgs,
    #[command(flatten)]
    settings: RunSettings,
}

fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let n: u64 = number
        .parse()
        .map_err(|_| format!("`{text}`: expected a number and a unit, as in 90s or 10m"))?;
    let seconds = match unit {
        "s" | "" => n,
        "m" => n * 60,
        "h" => n * 3600,
        other => return Err(format!("`{other}`: the unit is s, m or h")),
    };
    Ok(Duration::from_secs(seconds))
}

/// A progress bar on a terminal: cases run, failures, and the shrinking under way (hidden
/// under `--quiet`).
struct Bar(ProgressBar);

impl FuzzObserver for Bar {
    fn case(&mut self, cases: u32, failures: usize) {
        self.0.set_position(u64::from(cases));
        self.0.set_message(format!("{failures} failures"));
    }

    fn shrink(&mut self, runs: u32) {
        self.0
            .set_message(format!("shrinking a failure: run {runs}"));
    }
}

pub(super) fn run(args: &FuzzArgs) -> Result<(String, ExitStatus), CliError> {
    let game = args.settings.game(args.protocol)?;
    args.engine.check_startable()?;
    args.report.check_writable()?;
    // Made now so an unwritable place is a usage error before any engine runs, and removed
    // again if nothing is found, so a clean run leaves no trace.
    let made_repro = !args.repro.exists();
    std::fs::create_dir_all(&args.repro)
        .map_err(|e| CliError::BadInput(format!("--repro {}: {e}", args.repro.display())))?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    let options = FuzzOptions {
        seed,
        cases: if args.time.is_some() {
            u32::MAX
        } else {
            args.cases
        },
        time: args.time,
        max_time: args.max_time,
        max_steps: args.max_steps,
        max_shrink_runs: args.max_shrink_runs,
        replays: args.replays,
        robustness: args.robustness,
        game,
        run: args.settings.options(None),
        repro: args.repro.clone(),
    };
    // indicatif draws nothing where stderr is not a terminal; `--quiet` draws nothing at all.
    let target = if console::quiet() {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let bar = ProgressBar::with_draw_target(
        (args.time.is_none()).then_some(u64::from(args.cases)),
        target,
    );
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos} cases {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut observer = Bar(bar);
    let result = fuzz(
        args.protocol,
        &args.engine.command(),
        &options,
        &mut observer,
    )
    .map_err(|e| CliError::BadInput(e.to_string()))?;
    observer.0.finish_and_clear();
    if made_repro && result.failures.is_empty() {
        let _ = std::fs::remove_dir(&args.repro);
    }
    result
        .write_repros()
        .map_err(|e| CliError::BadInput(e.to_string()))?;
    let report = FuzzReport::new(
        result,
        seed,
        args.robustness,
        args.engine.info(),
        args.protocol,
        args.settings.time_scale,
    );
    let text = args.report.render(Document::Fuzz(&report))?;
    let status = report.exit_status();
    Ok((args.report.deliver(text, &report.summary_line())?, status))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_take_a_unit() {
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert!(parse_duration("ten").is_err());
        assert!(parse_duration("5d").is_err());
    }
}
