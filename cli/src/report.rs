//! `arbiter report render FILE`: a JSON report written by `run` or `certify`, rendered again in
//! any format (a CI job keeps the JSON; a person reads the human or HTML rendering of it). Given
//! the reports of every share of one run (`--partition K/N`, as files or as the results
//! directory they were left in), it renders them combined into the one report of the whole run.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::CliError;
use super::output::ReportArgs;
use crate::exit_status::ExitStatus;
use crate::render::Format;
use arbiter::certify::Certification;
use arbiter::protocol::Protocol;
use arbiter::render::Document;
use arbiter::render::merge::{Column, Matrix};
use arbiter::report::Report;
use arbiter::report::{EngineInfo, RunEnd, ScenarioInfo, ScenarioRun};

#[derive(Subcommand, Debug)]
pub(super) enum ReportCommand {
    /// Render a JSON report of `arbiter run` or `arbiter certify` in another format; the
    /// reports of every share of one run (`--partition`, files or a `--results-dir`) are
    /// combined into the report of the whole run.
    Render(RenderArgs),
    /// Several JSON reports side by side: one row per requirement, an engine per column
    /// (`--format html` or `human`).
    Merge(MergeArgs),
    /// Two Gomocup brains' `arbiter spy` reports of one match, joined: every move one brain
    /// returns reaches the other as its next `TURN`, and a game opens alike for both (BEGIN
    /// and TURN, or BOARD to both); games are paired in order.
    Join(JoinArgs),
}

#[derive(Args, Debug)]
pub(super) struct JoinArgs {
    /// Brain A's spy report (JSON).
    first: PathBuf,
    /// Brain B's spy report (JSON), of the same match.
    second: PathBuf,
    #[command(flatten)]
    report: ReportArgs,
}

#[derive(Args, Debug)]
pub(super) struct MergeArgs {
    /// The JSON reports, of `run` or `certify`, one column each in this order.
    #[arg(required = true, num_args = 1..)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    report: ReportArgs,
}

#[derive(Args, Debug)]
pub(super) struct RenderArgs {
    /// The JSON report; or the reports of a run's shares, or the directory they were left in
    /// (`--results-dir`: its `part-K-of-N.json` files).
    #[arg(required = true, num_args = 1.., value_name = "FILE|DIR")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    report: ReportArgs,
}

/// A report file: a run's or a certification's.
pub(super) enum Saved {
    Run(Box<Report>),
    Certification(Box<Certification>),
}

/// Reads a JSON report of either kind, with an error naming the file.
pub(super) fn load(path: &PathBuf) -> Result<Saved, CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Input {
        context: format!("cannot read {}", path.display()),
        source,
    })?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|source| CliError::NotAReport {
            context: format!("{}: not a JSON report", path.display()),
            source,
        })?;
    let bad = |source: serde_json::Error| CliError::NotAReport {
        context: format!(
            "{}: not a report of this version of arbiter",
            path.display()
        ),
        source,
    };
    if value.get("profile").is_some() {
        Ok(Saved::Certification(Box::new(
            serde_json::from_value(value).map_err(bad)?,
        )))
    } else {
        Ok(Saved::Run(Box::new(
            serde_json::from_value(value).map_err(bad)?,
        )))
    }
}

pub(super) fn run(command: &ReportCommand) -> Result<(String, ExitStatus), CliError> {
    match command {
        ReportCommand::Render(args) => {
            args.report.check_writable()?;
            let (text, summary) = match combined(&args.files)? {
                Saved::Run(report) => (
                    args.report.render(Document::Run(&report))?,
                    arbiter::render::human::summary_line(&report),
                ),
                Saved::Certification(c) => (
                    args.report.render(Document::Certification(&c))?,
                    c.verdict_line(),
                ),
            };
            Ok((args.report.deliver(text, &summary)?, ExitStatus::Passed))
        }
        ReportCommand::Merge(args) => merge(args),
        ReportCommand::Join(args) => join(args),
    }
}

/// Judges the two seats of one Gomocup match from the brains' spy reports, as one report.
fn join(args: &JoinArgs) -> Result<(String, ExitStatus), CliError> {
    args.report.check_writable()?;
    let spied = |path: &PathBuf| -> Result<Report, CliError> {
        let report = match load(path)? {
            Saved::Run(report) => *report,
            Saved::Certification(_) => {
                return Err(CliError::Usage(format!(
                    "{}: a certification; give a spy report",
                    path.display()
                )));
            }
        };
        let session = report
            .runs
            .iter()
            .any(|r| r.scenario.name == arbiter::spy::SESSION_NAME);
        if report.protocol != Protocol::Gomocup || !session {
            return Err(CliError::Usage(format!(
                "{}: not a Gomocup brain's spy report (arbiter spy --protocol gomocup)",
                path.display()
            )));
        }
        Ok(report)
    };
    let (a, b) = (spied(&args.first)?, spied(&args.second)?);
    let transcript = |r: &Report| {
        r.runs
            .iter()
            .find(|run| run.scenario.name == arbiter::spy::SESSION_NAME)
            .map(|run| run.transcript.clone())
            .unwrap_or_default()
    };
    let outcomes = arbiter::check::judge_match(&transcript(&a), &transcript(&b));
    let engine = |r: &Report| {
        std::iter::once(r.engine.program.clone())
            .chain(r.engine.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let run = ScenarioRun {
        scenario: ScenarioInfo {
            name: "join".to_owned(),
            protocol: Protocol::Gomocup,
            title: "both seats of one match, from the two brains' spy reports joined".to_owned(),
            spec: String::new(),
            cites: Vec::new(),
        },
        outcomes,
        blocked: Vec::new(),
        end: RunEnd::Completed,
        duration_us: 0,
        notes: vec![
            format!("brain A: {} ({})", args.first.display(), engine(&a)),
            format!("brain B: {} ({})", args.second.display(), engine(&b)),
        ],
        transcript: Default::default(),
        captures: Default::default(),
    };
    let info = EngineInfo {
        program: engine(&a),
        args: vec!["and".to_owned(), engine(&b)],
    };
    let joined = Report::new(Protocol::Gomocup, info, a.time_scale, vec![run]);
    let text = args.report.render(Document::Run(&joined))?;
    let summary = arbiter::render::human::summary_line(&joined);
    let status = ExitStatus::from(joined.conclusion());
    Ok((args.report.deliver(text, &summary)?, status))
}

/// The report the arguments name: one file's, or every share's combined.
fn combined(sources: &[PathBuf]) -> Result<Saved, CliError> {
    let mut files = Vec::new();
    for source in sources {
        if source.is_dir() {
            let found =
                arbiter::matchplay::results_dir::worker_files(source).map_err(CliError::from)?;
            if found.is_empty() {
                return Err(CliError::Usage(format!(
                    "{}: no share's report (part-K-of-N.json) in it",
                    source.display()
                )));
            }
            files.extend(found);
        } else {
            files.push(source.clone());
        }
    }
    if let [one] = files.as_slice() {
        return load(one);
    }
    let saved = files.iter().map(load).collect::<Result<Vec<_>, _>>()?;
    let mixed = || CliError::Usage("give the reports of one kind: run or certify".into());
    if saved.iter().all(|s| matches!(s, Saved::Run(_))) {
        let reports = saved
            .into_iter()
            .filter_map(|s| match s {
                Saved::Run(r) => Some(*r),
                Saved::Certification(_) => None,
            })
            .collect();
        Ok(Saved::Run(Box::new(Report::combine(reports)?)))
    } else {
        let certifications: Vec<Certification> = saved
            .into_iter()
            .map(|s| match s {
                Saved::Certification(c) => Ok(*c),
                Saved::Run(_) => Err(mixed()),
            })
            .collect::<Result<_, _>>()?;
        Ok(Saved::Certification(Box::new(Certification::combine(
            certifications,
        )?)))
    }
}

fn merge(args: &MergeArgs) -> Result<(String, ExitStatus), CliError> {
    if !Format::MERGE.contains(&args.report.format()) {
        return Err(CliError::Usage(
            "report merge renders --format html or human".into(),
        ));
    }
    args.report.check_writable()?;
    let saved = args.files.iter().map(load).collect::<Result<Vec<_>, _>>()?;
    let columns: Vec<Column> = saved
        .iter()
        .map(|s| match s {
            Saved::Run(report) => Column::of_run(report),
            Saved::Certification(c) => Column::of_certification(c),
        })
        .collect();
    let matrix = Matrix::of(&columns);
    let text = args.report.render(Document::Merge(&matrix))?;
    let summary = format!("{} reports merged", columns.len());
    Ok((args.report.deliver(text, &summary)?, ExitStatus::Passed))
}
