//! Running scenarios: one fresh engine process per scenario, then the built-in checks over
//! its transcript. The runner reports progress as events; it renders nothing.

mod steps;

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::check::{self, Grade, Outcome};
use crate::protocol::Protocol;
use crate::scenario::Scenario;
use crate::session::{EngineCommand, Session, SessionOptions, Transcript};
pub use steps::Abort;

/// Settings of a run.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Multiplies every timing bound, for slow machines.
    pub time_scale: f64,
    /// How long an engine may take to exit once its stdin is closed, before it is killed.
    pub grace: Duration,
    /// Line end to send when the scenario does not choose one; default: the protocol's.
    pub line_ending: Option<&'static str>,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            time_scale: 1.0,
            grace: Duration::from_millis(1000),
            line_ending: None,
        }
    }
}

/// What a report needs to know about a scenario.
#[derive(Debug, Clone, Serialize)]
pub struct ScenarioInfo {
    pub name: String,
    pub protocol: Protocol,
    pub title: String,
    pub spec: String,
    pub cites: Vec<String>,
}

/// The result of one scenario against one engine.
#[derive(Debug, Clone, Serialize)]
pub struct ScenarioRun {
    pub scenario: ScenarioInfo,
    /// Scenario expectations first, then the built-in checks.
    pub outcomes: Vec<Outcome>,
    /// Why the scenario stopped early, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aborted: Option<String>,
    /// The harness could not run the scenario at all (e.g. the engine could not be started).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harness_error: Option<String>,
    pub duration_us: u64,
    pub transcript: Transcript,
}

impl ScenarioRun {
    /// The worst grade among its outcomes; a harness error counts as a failure.
    pub fn grade(&self) -> Grade {
        if self.harness_error.is_some() {
            return Grade::Fail;
        }
        self.outcomes
            .iter()
            .map(|o| o.grade)
            .max()
            .unwrap_or(Grade::Pass)
    }
}

/// Receives progress events; reporters and progress bars implement it.
pub trait Observer {
    fn started(&mut self, _scenario: &Scenario, _index: usize, _total: usize) {}
    fn finished(&mut self, _run: &ScenarioRun) {}
}

/// An observer that ignores everything.
pub struct Quiet;
impl Observer for Quiet {}

/// Runs one scenario in a fresh engine process.
pub fn run_scenario(
    scenario: &Scenario,
    engine: &EngineCommand,
    options: &RunOptions,
) -> ScenarioRun {
    let started = Instant::now();
    let info = ScenarioInfo {
        name: scenario.name.clone(),
        protocol: scenario.protocol,
        title: scenario.title.clone(),
        spec: scenario.spec.clone(),
        cites: scenario.cites.clone(),
    };
    let session_options = SessionOptions {
        line_ending: scenario
            .line_ending
            .or(options.line_ending)
            .unwrap_or(scenario.protocol.default_line_ending()),
        grace: options.grace.mul_f64(options.time_scale.max(1.0)),
        ..SessionOptions::default()
    };
    let mut session = match Session::spawn(engine, session_options) {
        Ok(session) => session,
        Err(e) => {
            return ScenarioRun {
                scenario: info,
                outcomes: Vec::new(),
                aborted: None,
                harness_error: Some(e.to_string()),
                duration_us: started.elapsed().as_micros() as u64,
                transcript: Transcript::default(),
            };
        }
    };
    let (mut outcomes, aborted) = {
        let mut executor = steps::Executor::new(&mut session, scenario, options.time_scale);
        let aborted = executor.run().err().map(|Abort(reason)| reason);
        let mut outcomes = std::mem::take(&mut executor.outcomes);
        // In file order: optional lines are graded after the required ones they surround.
        outcomes.sort_by_key(|o| {
            o.check
                .rsplit(':')
                .next()
                .and_then(|n| n.parse::<usize>().ok())
        });
        (outcomes, aborted)
    };
    let transcript = session.finish();
    outcomes.extend(check::judge(&check::Context {
        protocol: scenario.protocol,
        transcript: &transcript,
        time_scale: options.time_scale,
    }));
    ScenarioRun {
        scenario: info,
        outcomes,
        aborted,
        harness_error: None,
        duration_us: started.elapsed().as_micros() as u64,
        transcript,
    }
}

/// Runs scenarios one after another, telling the observer as it goes.
pub fn run_all(
    scenarios: &[Scenario],
    engine: &EngineCommand,
    options: &RunOptions,
    observer: &mut dyn Observer,
) -> Vec<ScenarioRun> {
    scenarios
        .iter()
        .enumerate()
        .map(|(i, scenario)| {
            observer.started(scenario, i, scenarios.len());
            let run = run_scenario(scenario, engine, options);
            observer.finished(&run);
            run
        })
        .collect()
}
