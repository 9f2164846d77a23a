//! `arbiter match status DIR`: its arguments; the status is computed in
//! `matchplay::status` and rendered in `render::matchplay::status`.

use std::path::PathBuf;

use clap::Args;

use super::super::CliError;
use super::merge::read_all;
use crate::exit_status::ExitStatus;
use crate::render::league::Moment;
use crate::render::{Format, RenderIn};
use arbiter::matchplay::peers::WorkerState;
use arbiter::matchplay::status::Status;
use arbiter::render::{Detail, Document};

#[derive(Args, Debug)]
pub(super) struct StatusArgs {
    /// The results directory the workers write to (`--results-dir`).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Call a worker still playing silent once its file is this old, in seconds (default:
    /// five times the median time between games, at least a minute).
    #[arg(long, value_name = "SECONDS")]
    silent_after: Option<f64>,
    /// `human` or `json`.
    #[arg(long, default_value = "human", value_parser = Format::parser(Format::MATCH_STATUS))]
    format: Format,
    /// Also write the league page of the workers' games so far here, as `arbiter match
    /// --html` writes it.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

pub(super) fn run(args: &StatusArgs) -> Result<(String, ExitStatus), CliError> {
    if !args.dir.is_dir() {
        return Err(CliError::Usage(format!(
            "{}: no such directory",
            args.dir.display()
        )));
    }
    if let Some(path) = &args.html {
        super::league_page::check_writable(path)?;
    }
    let parts = read_all(std::slice::from_ref(&args.dir))?;
    let (status, results) =
        Status::of(args.dir.clone(), parts, args.silent_after).map_err(CliError::from)?;
    let text = Document::MatchStatus {
        status: &status,
        results: &results,
    }
    .render(args.format, Detail::default())?;
    if let Some(path) = &args.html {
        let playing = status
            .workers
            .iter()
            .filter(|w| {
                w.worker
                    .as_ref()
                    .is_some_and(|info| info.state == WorkerState::Playing)
            })
            .count();
        super::league_page::write(path, &results, &Moment::Snapshot { playing })?;
    }
    let exit = if status.any_silent() {
        ExitStatus::Failed
    } else {
        ExitStatus::Passed
    };
    Ok((text, exit))
}
