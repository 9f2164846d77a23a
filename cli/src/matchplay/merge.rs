//! `arbiter match merge FILE|DIR…`: the results of a match's partitions (`--partition K/N`,
//! one per CI job, each `--out FILE`) or the workers' files of a results directory
//! (`--results-dir DIR`) made into one match, with the same tally, pairs, SPRT, games,
//! findings and PGN as the match played in one run.
//!
//! A merge must not pass for the whole match when it is not: a part missing, or short of
//! games its SPRT did not excuse, is an error naming it (`--partial` merges what there is,
//! and still fails), a share given by two files is said, and a file given twice is an error.
//! Its exit status is the match's: 1 when an engine lost by its own fault or failed a
//! protocol check in any merged game.

use std::path::PathBuf;

use clap::Args;

use super::super::CliError;
use super::choices::{NotationChoice, OutputFormatChoice};
use crate::exit_status::ExitStatus;
use crate::render::league::Moment;
use crate::render::{Format, RenderIn};
use arbiter::matchplay::MatchReport;
use arbiter::matchplay::merge::{Coverage, coverage, merge};
use arbiter::matchplay::results_dir::{self, WorkerInfo};
use arbiter::matchplay::sprt::Sprt;
use arbiter::render::matchplay::{findings_summary, merged_summary};
use arbiter::render::{Detail, Document};

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
    output_format: OutputFormatChoice,
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
    pgn_notation: Option<NotationChoice>,
    /// Merge the parts there are when some are missing or short of games (a worker still
    /// playing, interrupted or lost): what is missing is named on stderr, and the exit status
    /// is 1 all the same. Without it a missing part is an error and nothing is written.
    #[arg(long)]
    partial: bool,
    /// Write the merged match's league page here: standings, crosstable, SPRT, and every game
    /// replayable on a board, as `arbiter match --html` writes it.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

/// Every match result the arguments name, each with its name for errors: the files given,
/// and the workers' files of the directories given; a file named twice is an error.
pub(super) fn read_all(
    sources: &[PathBuf],
) -> Result<Vec<(PathBuf, Option<WorkerInfo>, MatchReport)>, CliError> {
    results_dir::result_files(sources)?
        .into_iter()
        .map(|file| {
            let (worker, report) = results_dir::read(&file)?;
            Ok((file, worker, report))
        })
        .collect()
}

/// The merged match of the parts read, and what they cover of it.
fn merged(
    parts: Vec<(PathBuf, Option<WorkerInfo>, MatchReport)>,
    sprt: Option<Sprt>,
) -> Result<(MatchReport, Coverage), CliError> {
    let named: Vec<(String, MatchReport)> = parts
        .into_iter()
        .map(|(path, _, report)| (path.display().to_string(), report))
        .collect();
    // Parts of other matches are the first thing to say; then how they split this one.
    let covered = coverage(&named);
    let report = merge(named, sprt)?;
    Ok((report, covered?))
}

/// What is missing of the match, one line each, after a line with the games the parts give.
fn gaps_text(coverage: &Coverage) -> String {
    let mut text = format!(
        "the parts give {} of the match's {} games",
        coverage.given, coverage.planned
    );
    for gap in &coverage.gaps {
        text.push_str(&format!("\n  {gap}"));
    }
    text
}

pub(super) fn run(args: &MergeArgs) -> Result<(String, ExitStatus), CliError> {
    if let Some(path) = &args.html {
        super::league_page::check_writable(path)?;
    }
    let sprt = if args.sprt.is_empty() {
        None
    } else {
        Some(Sprt::parse(&args.sprt).map_err(CliError::from)?)
    };
    let (report, coverage) = merged(read_all(&args.files)?, sprt)?;
    if args.pgnout.is_some() && matches!(report.game, arbiter::matchplay::MatchGame::Gomoku { .. })
    {
        return Err(CliError::Usage(
            "--pgnout: PGN is written for chess and xiangqi".into(),
        ));
    }
    for (share, files) in &coverage.twice {
        // Warnings, not notes: they print under --quiet too.
        eprintln!(
            "warning: part {share} is given by {} files ({}): each game is counted once",
            files.len(),
            files.join(", ")
        );
    }
    let incomplete = !coverage.gaps.is_empty();
    if incomplete && !args.partial {
        return Err(CliError::Usage(format!(
            "{}\ngive every part's results, or --partial to merge what there is",
            gaps_text(&coverage)
        )));
    }
    if incomplete {
        eprintln!("warning: merged in part: {}", gaps_text(&coverage));
    }
    let (scores, closing) = merged_summary(&report, args.output_format.into());
    eprint!("{}", findings_summary(&report.games));
    let write = |path: &PathBuf, flag: &str, contents: String| {
        arbiter::report::file::write_atomically(path, contents.as_bytes()).map_err(|source| {
            CliError::Write {
                context: format!("{flag} {}", path.display()),
                source,
            }
        })
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
            super::pgn_text(&report, args.pgn_notation.map(Into::into)),
        )?;
    }
    if let Some(path) = &args.html {
        super::league_page::write(path, &report, &Moment::Merged)?;
    }
    // As the match would have exited, and never 0 for a match merged in part.
    let faulty = report.games.iter().any(|g| g.record.is_faulty());
    let status = if faulty || incomplete {
        ExitStatus::Failed
    } else {
        ExitStatus::Passed
    };
    Ok((scores + &closing, status))
}
