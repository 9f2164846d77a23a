//! A fuzzing run's report: how many cases ran under which seed, each distinct failure with its
//! reproduction file and how often a replay failed, and the minimal cases' runs in the one run
//! report (findings with the transcript around them, JSON, JUnit); `render::fuzz` renders it.

use serde::{Deserialize, Serialize};

use super::coverage::Matrix;
use super::{Failure, FuzzResult};
use crate::protocol::ReqId;
use crate::report::Report;
use crate::runner::{EngineInfo, ExitStatus};

/// One distinct failure, as the report lists it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FailureSummary {
    pub check: String,
    pub requirements: Vec<ReqId>,
    /// The reproduction: `arbiter run --protocol P --engine E FILE` fails the same check.
    pub file: String,
    pub case: u32,
    pub commands: usize,
    pub shrink_runs: u32,
    pub replays: u32,
    pub replays_failed: u32,
    /// Other checks the same minimal case fails (the same fault, seen by another check).
    #[serde(default)]
    pub also: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FuzzReport {
    pub schema_version: u32,
    pub seed: u64,
    pub cases: u32,
    pub elapsed_ms: u64,
    pub robustness: bool,
    pub interrupted: bool,
    pub failures: Vec<FailureSummary>,
    /// The (state, command) pairs the cases reached, beside those the text allows in each state.
    #[serde(default)]
    pub coverage: Matrix,
    /// The minimal failing cases' runs, one per failure.
    pub report: Report,
}

impl FuzzReport {
    pub(crate) fn new(
        result: FuzzResult,
        seed: u64,
        robustness: bool,
        engine: EngineInfo,
        protocol: crate::protocol::Protocol,
        time_scale: f64,
    ) -> FuzzReport {
        let failures = result.failures.iter().map(summary).collect();
        let coverage = result.matrix;
        let runs = result
            .failures
            .into_iter()
            .map(|f| {
                let mut run = f.run;
                run.scenario.name = f.file.display().to_string();
                run.scenario.title = format!("a generated case failing {}", f.key.check);
                run
            })
            .collect();
        FuzzReport {
            schema_version: 4,
            seed,
            cases: result.cases,
            elapsed_ms: result.elapsed.as_millis() as u64,
            robustness,
            interrupted: result.interrupted,
            failures,
            coverage,
            report: Report::new(protocol, engine, time_scale, runs),
        }
    }

    pub(crate) fn exit_status(&self) -> ExitStatus {
        if !self.failures.is_empty() {
            ExitStatus::Failed
        } else {
            self.report.exit_status()
        }
    }

    pub(crate) fn summary_line(&self) -> String {
        let rate = f64::from(self.cases) / (self.elapsed_ms.max(1) as f64 / 1000.0);
        format!(
            "fuzz: {} cases in {:.1} s ({rate:.1} cases/s), seed {}{}, {} of {} allowed (state, command) pairs reached: {}",
            self.cases,
            self.elapsed_ms as f64 / 1000.0,
            self.seed,
            if self.robustness { ", robustness" } else { "" },
            self.coverage.reached(),
            self.coverage.allowed(),
            match self.failures.len() {
                0 => "no failure".to_owned(),
                1 => "1 failure".to_owned(),
                n => format!("{n} failures"),
            }
        )
    }
}

fn summary(f: &Failure) -> FailureSummary {
    FailureSummary {
        check: f.key.check.to_string(),
        requirements: f.key.requirements.clone(),
        file: f.file.display().to_string(),
        case: f.case,
        commands: f.commands,
        shrink_runs: f.shrink_runs,
        replays: f.replays,
        replays_failed: f.replays_failed,
        also: f.also.iter().map(|k| k.check.to_string()).collect(),
    }
}
