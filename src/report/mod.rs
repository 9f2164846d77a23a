//! Reports: render the results of a run. A reporter only renders; it never judges.

pub mod certification;
pub mod excerpt;
pub mod human;
pub mod json;
pub mod junit;
pub mod progress;

use serde::Serialize;

use crate::check::Grade;
use crate::protocol::Protocol;
use crate::runner::ScenarioRun;

/// Everything a reporter renders.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Version of the JSON layout (see `docs/report-format.md`).
    pub schema_version: u32,
    pub protocol: Protocol,
    pub engine: EngineInfo,
    pub time_scale: f64,
    pub summary: Summary,
    pub runs: Vec<ScenarioRun>,
}

#[derive(Debug, Clone, Serialize)]
pub struct EngineInfo {
    pub program: String,
    pub args: Vec<String>,
}

/// Counts over a run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub scenarios: usize,
    pub scenarios_passed: usize,
    pub scenarios_warned: usize,
    pub scenarios_failed: usize,
    pub checks_passed: usize,
    pub checks_warned: usize,
    pub checks_failed: usize,
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
            match run.grade() {
                Grade::Pass => s.scenarios_passed += 1,
                Grade::Warn => s.scenarios_warned += 1,
                Grade::Fail => s.scenarios_failed += 1,
            }
            s.harness_errors += usize::from(run.harness_error.is_some());
            for o in &run.outcomes {
                match o.grade {
                    Grade::Pass => s.checks_passed += 1,
                    Grade::Warn => s.checks_warned += 1,
                    Grade::Fail => s.checks_failed += 1,
                }
            }
        }
        Report {
            schema_version: 1,
            protocol,
            engine,
            time_scale,
            summary: s,
            runs,
        }
    }

    /// 0 all passed (warnings allowed), 1 a check failed, 2 the harness itself failed.
    pub fn exit_code(&self) -> i32 {
        if self.summary.harness_errors > 0 {
            2
        } else if self.summary.checks_failed > 0 {
            1
        } else {
            0
        }
    }
}

/// The output formats of `arbiter run`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
    Junit,
}

impl Report {
    /// Renders the report in a format.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Human => human::render(self),
            Format::Json => json::render(self),
            Format::Junit => junit::render(self),
        }
    }
}
