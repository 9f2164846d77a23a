//! `arbiter certify`: a profile's scenarios against an engine, a verdict per requirement.

use clap::Args;

use super::CliError;
use super::engine::EngineArgs;
use super::output::ReportArgs;
use super::run::{RunSettings, play};
use super::share::ShareArgs;
use crate::exit_status::ExitStatus;
use crate::render::{Format, RenderIn};
use arbiter::certify::{self, Certification, profile};
use arbiter::render::{Detail, Document};
use arbiter::runner::RunOptions;

#[derive(Args, Debug)]
pub(super) struct CertifyArgs {
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
    #[command(flatten)]
    share: ShareArgs,
}

pub(super) fn run(args: &CertifyArgs) -> Result<(String, ExitStatus), CliError> {
    let partition = args.share.partition()?;
    let profile = profile::load(&args.profile)?;
    let (game, scenarios) = certify::scenarios(&profile, args.settings.game, partition)?;
    args.engine.check_startable()?;
    args.report.check_writable()?;
    let options = RunOptions {
        game: Some(game),
        ..args.settings.options(None)
    };
    let played = play(&scenarios, &args.engine, &options);
    let certification = Certification::of_run(&profile, args.engine.info(), partition, played);
    if args.share.results_dir.is_some() {
        let json = Document::Certification(&certification).render(Format::Json, Detail::All)?;
        args.share.leave(partition, &json)?;
    }
    let text = args
        .report
        .render(Document::Certification(&certification))?;
    let status = ExitStatus::from(certification.conclusion());
    Ok((
        args.report.deliver(text, &certification.verdict_line())?,
        status,
    ))
}
