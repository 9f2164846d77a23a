//! `arbiter match merge FILE|DIR…`: the results of a match's partitions (`--partition K/N`,
//! one per CI job, each `--out FILE`) or the workers' files of a results directory
//! (`--results-dir DIR`) made into one match, with the same tally, pairs, SPRT, games,
//! findings and PGN as the match played in one run.

use std::path::{Path, PathBuf};

use clap::Args;

use super::super::CliError;
use crate::matchplay::MatchReport;
use crate::matchplay::merge::merge;
use crate::matchplay::pgn::XiangqiNotation;
use crate::matchplay::results_dir::{self, WorkerInfo};
use crate::matchplay::sprt::Sprt;
use crate::render::matchplay::{OutputFormat, findings_summary, merged_summary};
use crate::render::{Detail, Document, Format};
use crate::runner::ExitStatus;

#[derive(Args, Debug)]
pub(super) struct MergeArgs {
    /// JSON results written by `arbiter match --out FILE`, or results directories
    /// (`--results-dir DIR`: their `part-K-of-N.json` files).
    #[arg(required = true, value_name = "FILE|DIR")]
    files: Vec<PathBuf>,
    /// The SPRT to judge the merged games by (default: the one the matches were played with).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    sprt: Vec<String>,
    /// Print the summary as cutechess-cli does or as fastchess does.
    #[arg(long, value_name = "TOOL", default_value = "cutechess")]
    output_format: OutputFormat,
    /// Write the merged match here: its games and scores, as `arbiter match --out` does.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The form of `--out`: `json` (default), `junit` or `human`.
    #[arg(long, default_value = "json", value_parser = Format::parser(Format::MATCH))]
    format: Format,
    /// Write the merged games as PGN here (chess and xiangqi).
    #[arg(long, value_name = "FILE")]
    pgnout: Option<PathBuf>,
    /// Xiangqi: the PGN's notation (`chinese`, `iccs` or `uci`), as for `arbiter match`.
    #[arg(long, value_name = "NOTATION")]
    pgn_notation: Option<XiangqiNotation>,
}

/// Every match result the arguments name, each with its name for errors: the files given,
/// and the workers' files of the directories given.
pub(super) fn read_all(
    sources: &[PathBuf],
) -> Result<Vec<(PathBuf, Option<WorkerInfo>, MatchReport)>, CliError> {
    let bad = |e: results_dir::ResultsDirError| CliError::BadInput(e.to_string());
    let mut read = Vec::new();
    for source in sources {
        let files = if source.is_dir() {
            let files = results_dir::worker_files(source).map_err(bad)?;
            if files.is_empty() {
                return Err(bad(results_dir::ResultsDirError::Empty {
                    dir: source.clone(),
                }));
            }
            say_missing_parts(source, &files);
            files
        } else {
            vec![source.clone()]
        };
        for file in files {
            let (worker, report) = results_dir::read(&file).map_err(bad)?;
            read.push((file, worker, report));
        }
    }
    Ok(read)
}

/// A note on stderr for each share of the match that has no file in `dir` (not under
/// `--quiet`).
fn say_missing_parts(dir: &Path, files: &[PathBuf]) {
    let shares: Vec<_> = files
        .iter()
        .filter_map(|f| results_dir::partition_of(f.file_name()?.to_str()?))
        .collect();
    let Some(n) = shares.iter().map(|p| p.n()).max() else {
        return;
    };
    for k in 1..=n {
        if !shares.iter().any(|p| p.k() == k && p.n() == n) {
            crate::cli::console::note(format_args!(
                "note: {}: no results from part {k} of {n} yet",
                dir.display()
            ));
        }
    }
}

/// The merged match of the parts read.
fn merged(
    parts: Vec<(PathBuf, Option<WorkerInfo>, MatchReport)>,
    sprt: Option<Sprt>,
) -> Result<MatchReport, CliError> {
    let named = parts
        .into_iter()
        .map(|(path, _, report)| (path.display().to_string(), report))
        .collect();
    merge(named, sprt).map_err(|e| CliError::BadInput(e.to_string()))
}

pub(super) fn run(args: &MergeArgs) -> Result<(String, ExitStatus), CliError> {
    let sprt = if args.sprt.is_empty() {
        None
    } else {
        Some(Sprt::parse(&args.sprt).map_err(|e| CliError::BadInput(e.to_string()))?)
    };
    let report = merged(read_all(&args.files)?, sprt)?;
    if args.pgnout.is_some() && matches!(report.game, crate::matchplay::MatchGame::Gomoku { .. }) {
        return Err(CliError::BadInput(
            "--pgnout: PGN is written for chess and xiangqi".into(),
        ));
    }
    let (scores, closing) = merged_summary(&report, args.output_format);
    eprint!("{}", findings_summary(&report.games));
    let write = |path: &PathBuf, flag: &str, contents: String| {
        crate::report::file::write_atomically(path, contents.as_bytes())
            .map_err(|e| CliError::BadInput(format!("{flag} {}: {e}", path.display())))
    };
    if let Some(path) = &args.out {
        let document = Document::Match {
            report: &report,
            closing: &closing,
        };
        write(
            path,
            "--out",
            document.render(args.format, Detail::default())?,
        )?;
    }
    if let Some(path) = &args.pgnout {
        write(
            path,
            "--pgnout",
            super::pgn_text(&report, args.pgn_notation),
        )?;
    }
    Ok((scores + &closing, ExitStatus::Passed))
}
