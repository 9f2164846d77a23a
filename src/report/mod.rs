//! Reports: render the results of a run. A reporter only renders; it never judges.

pub mod certification;
pub mod checks;
pub mod excerpt;
pub mod fuzz;
pub mod html;
pub mod human;
pub mod junit;
pub mod matchplay;
pub mod merge;
pub mod progress;
pub mod render;

use clap::ValueEnum;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use serde::Serialize;

use crate::check::Grade;
use crate::protocol::Protocol;
use crate::runner::{EngineInfo, ExitStatus, Parallelism, ScenarioRun};

/// Everything a reporter renders.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Report {
    /// Version of the JSON layout (see `docs/report-format.md`).
    pub schema_version: u32,
    pub protocol: Protocol,
    pub engine: EngineInfo,
    pub time_scale: f64,
    /// How many scenarios ran at once.
    #[serde(default)]
    pub parallelism: Parallelism,
    pub summary: Summary,
    pub runs: Vec<ScenarioRun>,
}

/// Counts over a run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Summary {
    pub scenarios: usize,
    pub scenarios_passed: usize,
    pub scenarios_warned: usize,
    pub scenarios_failed: usize,
    /// Scenarios not run (after a dead engine, or a signal).
    pub scenarios_not_run: usize,
    pub checks_passed: usize,
    pub checks_warned: usize,
    pub checks_failed: usize,
    /// Steps not judged because a finding stopped their scenario first.
    #[serde(default)]
    pub checks_blocked: usize,
    pub harness_errors: usize,
}

impl Report {
    pub fn new(
        protocol: Protocol,
        engine: EngineInfo,
        time_scale: f64,
        runs: Vec<ScenarioRun>,
    ) -> Report {
        let mut s = Summary {
            scenarios: runs.len(),
            ..Summary::default()
        };
        for run in &runs {
            if run.end.not_run().is_some() {
                s.scenarios_not_run += 1;
                continue;
            }
            match run.grade() {
                Grade::Pass => s.scenarios_passed += 1,
                Grade::Warn => s.scenarios_warned += 1,
                Grade::Fail => s.scenarios_failed += 1,
            }
            s.harness_errors += usize::from(run.end.harness_error().is_some());
            s.checks_blocked += run.blocked.len();
            for o in &run.outcomes {
                match o.grade {
                    Grade::Pass => s.checks_passed += 1,
                    Grade::Warn => s.checks_warned += 1,
                    Grade::Fail => s.checks_failed += 1,
                }
            }
        }
        Report {
            schema_version: 4,
            protocol,
            engine,
            time_scale,
            parallelism: Parallelism::ONE_AT_A_TIME,
            summary: s,
            runs,
        }
    }

    /// All passed (warnings allowed), a check failed, or the harness itself failed.
    pub fn exit_status(&self) -> ExitStatus {
        ExitStatus::of(&self.runs, self.summary.checks_failed > 0)
    }
}

/// Requirement ids as `ucci-r45, ucci-r135`.
pub fn join_ids(ids: &[crate::protocol::ReqId]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

pub use render::{Document, Render, Unsupported};

/// The output formats, of every document Arbiter writes; each subcommand takes those its
/// documents have (see [`render`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text for people.
    Human,
    /// The whole document, for machines.
    Json,
    /// JUnit XML, for CI systems.
    Junit,
    /// One self-contained HTML page: verdict, requirement matrix, each scenario's timeline.
    Html,
    /// A Markdown table (the check table of `docs/checks.md`).
    Markdown,
}

impl Format {
    /// What a run, a certification and a fuzzing run are written in.
    pub const REPORTS: &[Format] = &[Format::Human, Format::Json, Format::Junit, Format::Html];
    /// What a match's results are written in.
    pub const MATCH: &[Format] = &[Format::Human, Format::Json, Format::Junit];
    /// What merged reports are written in.
    pub const MERGE: &[Format] = &[Format::Html, Format::Human];
    /// What the list of checks is written in.
    pub const CHECKS: &[Format] = &[Format::Human, Format::Markdown];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Human => "human",
            Format::Json => "json",
            Format::Junit => "junit",
            Format::Html => "html",
            Format::Markdown => "markdown",
        }
    }

    /// The extension of a file in this format.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Human => "txt",
            Format::Json => "json",
            Format::Junit => "xml",
            Format::Html => "html",
            Format::Markdown => "md",
        }
    }

    /// A command-line parser that takes only the formats in `allowed`, so each subcommand's
    /// `--help` lists, and its usage error names, what that subcommand writes.
    pub fn parser(allowed: &'static [Format]) -> impl TypedValueParser<Value = Format> {
        PossibleValuesParser::new(allowed.iter().filter_map(ValueEnum::to_possible_value))
            .try_map(|name| Format::from_str(&name, false))
    }
}

/// How much of a run the human report shows (JSON and JUnit always hold everything).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Detail {
    /// Each scenario's verdict and findings, a repeated finding once; passes counted.
    #[default]
    Findings,
    /// Every outcome, passes with their latencies, and how each engine ended.
    All,
    /// Only failing scenarios and their failures.
    FailuresOnly,
}

impl Report {
    /// The one line that sums the run up.
    pub fn summary_line(&self) -> String {
        human::summary_line(self)
    }
}
