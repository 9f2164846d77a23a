//! A fuzzing run's report: how many cases ran under which seed, each distinct failure with its
//! reproduction file and how often a replay failed, and the minimal cases' runs in the one run
//! report (findings with the transcript around them, JSON, JUnit); `render::fuzz` renders it.

use serde::{Deserialize, Serialize};

use super::coverage::Matrix;
use super::{CutBy, CutShort, Failure, FuzzResult};
use crate::protocol::ReqId;
use crate::report::Report;
use crate::report::{Conclusion, EngineInfo};

/// One distinct failure, as the report lists it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FailureSummary {
    /// The check the minimal case fails, as reports name checks: a built-in one
    /// (`PROTOCOL.NAME`) or a step of the case (`fuzz:LABEL`).
    pub check: String,
    /// The requirement rows that check cites; with the check, what makes two failures one.
    pub requirements: Vec<ReqId>,
    /// The reproduction: `arbiter run --protocol P --engine E FILE` fails the same check.
    pub file: String,
    /// Which generated case found it, counting from 1.
    pub case: u32,
    /// How many commands the minimal case sends.
    pub commands: usize,
    /// Engine runs spent shrinking the case (`--max-shrink-runs` bounds them).
    pub shrink_runs: u32,
    /// How many times the minimal case was replayed (`--replays`, at least once).
    pub replays: u32,
    /// How many replays failed the same check: all of them for a deterministic fault, fewer
    /// for a flaky one.
    pub replays_failed: u32,
    /// Other checks the same minimal case fails (the same fault, seen by another check).
    #[serde(default)]
    pub also: Vec<String>,
    /// From the start of the run to the end of the case that found it, in ms.
    #[serde(default)]
    pub found_after_ms: u64,
    /// Spent shrinking it, in ms.
    #[serde(default)]
    pub shrink_ms: u64,
}

/// What `arbiter fuzz` reports: the seed and counts of the run, each distinct failure with its
/// reproduction, the (state, command) pairs reached, and the minimal cases' runs.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FuzzReport {
    /// Version of the JSON layout, the run report's (see `docs/report-format.md`).
    pub schema_version: u32,
    /// The seed the cases were drawn from: the same seed draws the same cases.
    pub seed: u64,
    /// How many generated cases ran, shrink runs and replays aside.
    pub cases: u32,
    /// Wall time of the whole fuzzing run, shrinking and replays included, in ms.
    pub elapsed_ms: u64,
    /// Out-of-contract input was sent too (`--robustness`), so only crashes, hangs, silence
    /// and garbage count as failures.
    pub robustness: bool,
    /// A signal stopped the run before its cases or its time were used up.
    pub interrupted: bool,
    /// What ended the run before its cases or its time were used up (a signal or
    /// `--max-time`), and whether it was running cases or shrinking a failure then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut_short: Option<CutShort>,
    /// Each distinct failure (by check and requirement rows), in the order found.
    pub failures: Vec<FailureSummary>,
    /// The (state, command) pairs the cases reached, beside those the text allows in each state.
    #[serde(default)]
    pub coverage: Matrix,
    /// The minimal failing cases' runs, one per failure.
    pub report: Report,
}

impl FuzzReport {
    /// The report of a fuzzing run: its result, how it was run and against which engine.
    pub fn new(
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
                run.scenario.title = format!("a generated case failing {}", f.key.failing);
                run
            })
            .collect();
        FuzzReport {
            schema_version: 4,
            seed,
            cases: result.cases,
            elapsed_ms: result.elapsed.as_millis() as u64,
            robustness,
            interrupted: result.cut_short.is_some_and(|cut| cut.by == CutBy::Signal),
            cut_short: result.cut_short,
            failures,
            coverage,
            report: Report::new(protocol, engine, time_scale, runs),
        }
    }

    /// Failed when a failure was found, even when `--max-time` cut the run short; interrupted
    /// when a signal did, as every command is, the failures written all the same.
    pub fn conclusion(&self) -> Conclusion {
        match crate::session::interrupt::raised() {
            Some(signal) => Conclusion::Interrupted(signal),
            None if !self.failures.is_empty() => Conclusion::Failed,
            None => self.report.conclusion(),
        }
    }

    /// The one line that sums the run up: cases, failures, rate and coverage.
    pub fn summary_line(&self) -> String {
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
        check: f.key.failing.to_string(),
        requirements: f.key.requirements.clone(),
        file: f.file.display().to_string(),
        case: f.case,
        commands: f.commands,
        shrink_runs: f.shrink_runs,
        replays: f.replays,
        replays_failed: f.replays_failed,
        also: f.also.iter().map(|k| k.failing.to_string()).collect(),
        found_after_ms: f.found_after.as_millis() as u64,
        shrink_ms: f.shrink_time.as_millis() as u64,
    }
}
