//! `arbiter fuzz`: sequences nobody scripted, generated from a model of the protocol, judged by
//! the built-in checks, and each failure shrunk to the shortest scenario that still fails the
//! same check.
//!
//! A case is an ordinary scenario (written by [`script`]) run through the one runner, session
//! and judge; proptest generates and shrinks the action sequences ([`model::sequences`]), and a
//! shrink candidate counts as failing only when it fails the check the case first failed.

mod agi;
mod command;
mod family;
mod gomocup;
mod model;
#[cfg(test)]
mod model_tests;
mod options;
mod probe;
pub mod report;
mod script;

use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use crate::check::{CheckId, CheckRef, Grade};
use crate::protocol::{Codec, GameKind, Protocol, ReqId, with_codec};
use crate::runner::{RunOptions, ScenarioRun, run_scenario};
use crate::scenario::{self, Scenario};
use crate::session::{EngineCommand, interrupt};
use model::{Model, script as case_script};

pub use model::EngineOffer;

/// How to fuzz.
#[derive(Debug, Clone)]
pub struct FuzzOptions {
    pub seed: u64,
    /// Cases to generate (each shrink run aside).
    pub cases: u32,
    /// Stop generating after this long, whatever `cases` says.
    pub time: Option<Duration>,
    /// Actions per case, at most.
    pub max_steps: usize,
    /// Engine runs one shrink may take.
    pub max_shrink_runs: u32,
    /// How often a minimal case is replayed to tell a deterministic failure from a flaky one.
    pub replays: u32,
    /// Out-of-contract input too; then only crashes, hangs and silence are failures.
    pub robustness: bool,
    pub game: GameKind,
    pub run: RunOptions,
    /// The folder each failure's reproduction is to be written in (its header names the file).
    pub repro: PathBuf,
}

/// What makes two failures the same: the check (a scenario step by its expectation) and the
/// requirements it cites.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FailureKey {
    pub check: CheckRef,
    pub requirements: Vec<ReqId>,
}

impl FailureKey {
    /// A short file-name-friendly form: `uci.bestmove.legal`.
    pub fn slug(&self) -> String {
        let text = match &self.check {
            CheckRef::Step { label, .. } => format!("step-{label}"),
            other => other.to_string(),
        };
        text.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '-'
                }
            })
            .collect::<String>()
            .trim_matches('-')
            .to_owned()
    }
}

/// One distinct failure, shrunk.
#[derive(Debug, Clone)]
pub struct Failure {
    pub key: FailureKey,
    /// Where the reproduction is to be written.
    pub file: PathBuf,
    /// The minimal case as a scenario file.
    pub scenario_text: String,
    /// Its run (the first replay that failed), for the report.
    pub run: ScenarioRun,
    /// Which generated case found it (1-based).
    pub case: u32,
    pub commands: usize,
    pub shrink_runs: u32,
    pub replays: u32,
    pub replays_failed: u32,
    /// Other checks the minimal case fails too (the same fault, seen by another check).
    pub also: Vec<FailureKey>,
}

/// The result of a fuzzing run.
#[derive(Debug, Clone)]
pub struct FuzzResult {
    pub cases: u32,
    pub failures: Vec<Failure>,
    pub elapsed: Duration,
    pub interrupted: bool,
}

/// Progress: cases run, failures found, shrink runs of the current failure.
pub trait FuzzObserver {
    fn case(&mut self, _cases: u32, _failures: usize) {}
    fn shrink(&mut self, _runs: u32) {}
}

/// Fuzzes `engine` over `protocol`.
pub fn fuzz(
    protocol: Protocol,
    engine: &EngineCommand,
    options: &FuzzOptions,
    observer: &mut dyn FuzzObserver,
) -> Result<FuzzResult, String> {
    with_codec!(protocol, C => <C as Fuzzed>::fuzz(engine, options, observer))
}

/// What fuzzing needs of each protocol: implemented on its codec type in its own module
/// (`family.rs` for UCCI and UCI, `gomocup.rs`, `agi.rs`) and reached through [`with_codec!`].
trait Fuzzed: Codec {
    /// Fuzzes `engine` with the protocol's model of a GUI ([`drive`]).
    fn fuzz(
        engine: &EngineCommand,
        options: &FuzzOptions,
        observer: &mut dyn FuzzObserver,
    ) -> Result<FuzzResult, String>;
}

/// The test data's positions for the game's models.
fn fens(game: GameKind) -> &'static str {
    match game {
        GameKind::Chess => include_str!("../../scenarios/fuzz/chess.fens"),
        _ => include_str!("../../scenarios/fuzz/xiangqi.fens"),
    }
}

/// What the search for one failure has seen so far.
#[derive(Default)]
struct Hunt {
    cases: u32,
    target: Option<(FailureKey, u32)>,
    shrink_runs: u32,
}

fn drive<M: Model>(
    model: M,
    engine: &EngineCommand,
    options: &FuzzOptions,
    observer: &mut dyn FuzzObserver,
) -> Result<FuzzResult, String> {
    let started = Instant::now();
    let model = Arc::new(model);
    let strategy = model::sequences(model.clone(), options.max_steps);
    let observer = RefCell::new(observer);
    let mut failures: Vec<Failure> = Vec::new();
    let mut cases = 0u32;
    let mut round = 0u64;
    let time_up =
        || options.time.is_some_and(|t| started.elapsed() >= t) || interrupt::raised().is_some();
    while cases < options.cases && !time_up() {
        // What the minimal cases already show, their other findings included: the same
        // fault seen by a second check is not hunted again.
        let found: Vec<FailureKey> = failures
            .iter()
            .flat_map(|f| std::iter::once(&f.key).chain(&f.also))
            .cloned()
            .collect();
        let hunt = RefCell::new(Hunt::default());
        let config = Config {
            cases: options.cases - cases,
            // The bound on engine runs is kept below, where candidates are run: past it every
            // candidate counts as passing, so shrinking ends at once and quietly (proptest's own
            // bound would end it with a note about its configuration on stderr; `u32::MAX`
            // itself means four times the case count to proptest).
            max_shrink_iters: if options.max_shrink_runs == 0 {
                0
            } else {
                u32::MAX - 1
            },
            max_shrink_time: 0,
            failure_persistence: None,
            max_global_rejects: 100_000,
            ..Config::default()
        };
        let mut runner = TestRunner::new_with_rng(config, rng(options.seed, round));
        let outcome = runner.run(&strategy, |(initial, actions, seen)| {
            // Every action of a case reaches the engine, and any of them may be the one that
            // broke it: "all seen" makes shrinking try to delete each, from the last one, and
            // re-run. (Left at 0, every action would be dropped unseen; at the action count,
            // the last would be kept as the culprit.) Without shrinking the counter must stay
            // 0, as the runner then reads the case once more.
            if let Some(seen) = seen.as_ref().filter(|_| options.max_shrink_runs > 0) {
                seen.store(usize::MAX, std::sync::atomic::Ordering::SeqCst);
            }
            let mut h = hunt.borrow_mut();
            if h.target.is_none() && time_up() {
                return Ok(());
            }
            if h.target.is_some() && h.shrink_runs >= options.max_shrink_runs {
                return Ok(());
            }
            let text = render(&*model, &initial, &actions, &[]);
            let run = run_text(&text, engine, &options.run)?;
            let keys: Vec<FailureKey> = failure_keys(&run, options.robustness)
                .into_iter()
                .filter(|k| !found.contains(k))
                .collect();
            match h.target.clone() {
                None => {
                    h.cases += 1;
                    observer.borrow_mut().case(cases + h.cases, failures.len());
                    match keys.into_iter().next() {
                        None => Ok(()),
                        Some(key) => {
                            let case = cases + h.cases;
                            h.target = Some((key, case));
                            Err(TestCaseError::fail("a check failed"))
                        }
                    }
                }
                Some((key, _)) => {
                    h.shrink_runs += 1;
                    observer.borrow_mut().shrink(h.shrink_runs);
                    if keys.contains(&key) {
                        Err(TestCaseError::fail("the same check failed"))
                    } else {
                        Ok(())
                    }
                }
            }
        });
        let hunt = hunt.into_inner();
        cases += hunt.cases;
        match (outcome, hunt.target) {
            (Err(TestError::Fail(_, (initial, actions, _))), Some((key, case))) => {
                failures.push(confirm(
                    &*model,
                    &initial,
                    &actions,
                    key,
                    case,
                    hunt.shrink_runs,
                    engine,
                    options,
                )?);
                observer.borrow_mut().case(cases, failures.len());
            }
            (Err(TestError::Abort(reason)), _) => return Err(format!("fuzzing stopped: {reason}")),
            _ => break,
        }
        round += 1;
    }
    Ok(FuzzResult {
        cases,
        failures,
        elapsed: started.elapsed(),
        interrupted: interrupt::raised().is_some(),
    })
}

/// Replays the minimal case to count how often it fails, and writes its scenario.
#[allow(clippy::too_many_arguments)]
fn confirm<M: Model>(
    model: &M,
    initial: &M::State,
    actions: &[M::Action],
    key: FailureKey,
    case: u32,
    shrink_runs: u32,
    engine: &EngineCommand,
    options: &FuzzOptions,
) -> Result<Failure, String> {
    let script = case_script(model, initial, actions);
    let mut first_failing: Option<ScenarioRun> = None;
    let mut last = None;
    let mut replays_failed = 0;
    let probe_text = script.render(model.protocol(), "fuzz case", &[]);
    for _ in 0..options.replays.max(1) {
        let run = run_text(&probe_text, engine, &options.run).map_err(|e| e.to_string())?;
        if failure_keys(&run, options.robustness).contains(&key) {
            replays_failed += 1;
            first_failing.get_or_insert_with(|| run.clone());
        }
        last = Some(run);
    }
    let also: Vec<FailureKey> = first_failing
        .as_ref()
        .map(|run| failure_keys(run, options.robustness))
        .unwrap_or_default()
        .into_iter()
        .filter(|k| *k != key)
        .collect();
    let file = options.repro.join(format!("{}.scenario", key.slug()));
    let protocol = model.protocol();
    let mut comments = vec![
        format!(
            "Found by `{}` (case {case}, shrunk in {shrink_runs} runs).",
            command::fuzz_line(protocol, engine, options)
        ),
        format!(
            "It fails {} [{}]; replayed {} times, it failed {replays_failed}.",
            key.check,
            key.requirements
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            options.replays.max(1)
        ),
        format!(
            "Replay it: `{}`",
            command::run_line(protocol, engine, options, &file.display().to_string())
        ),
    ];
    if !also.is_empty() {
        let names: Vec<String> = also.iter().map(|k| k.check.to_string()).collect();
        comments.push(format!("The same run also fails {}.", names.join(", ")));
    }
    let scenario_text = script.render(
        model.protocol(),
        &format!("a generated case failing {}", key.check),
        &comments,
    );
    Ok(Failure {
        key,
        file,
        scenario_text,
        run: first_failing.or(last).expect("at least one replay"),
        case,
        commands: script.commands(),
        shrink_runs,
        replays: options.replays.max(1),
        replays_failed,
        also,
    })
}

fn render<M: Model>(
    model: &M,
    initial: &M::State,
    actions: &[M::Action],
    comments: &[String],
) -> String {
    case_script(model, initial, actions).render(model.protocol(), "fuzz case", comments)
}

fn run_text(
    text: &str,
    engine: &EngineCommand,
    options: &RunOptions,
) -> Result<ScenarioRun, TestCaseError> {
    let scenario: Scenario = scenario::parse("fuzz/case", "fuzz case", text)
        .map_err(|e| TestCaseError::reject(format!("the model wrote a bad scenario: {e}")))?;
    Ok(run_scenario(&scenario, engine, options))
}

/// The distinct failures of a run. In robustness mode only what no input excuses counts: the
/// engine dying, hanging, going silent, or writing garbage.
fn failure_keys(run: &ScenarioRun, robustness: bool) -> Vec<FailureKey> {
    const ALWAYS: [CheckId; 7] = [
        CheckId::ProcessUnexpectedExit,
        CheckId::HandshakeOk,
        CheckId::IsreadyReadyok,
        CheckId::QuitExit,
        CheckId::QuitBye,
        CheckId::EndExit,
        CheckId::OutputText,
    ];
    let mut keys: Vec<FailureKey> = Vec::new();
    for o in run.outcomes.iter().filter(|o| o.grade == Grade::Fail) {
        let check = match &o.check {
            CheckRef::Step { label, .. } => CheckRef::Step {
                scenario: "fuzz".to_owned(),
                label: label.split('#').next().unwrap_or(label).trim().to_owned(),
            },
            other => other.clone(),
        };
        if robustness && check.id().is_some_and(|id| !ALWAYS.contains(&id)) {
            continue;
        }
        let key = FailureKey {
            check,
            requirements: o.requirements.clone(),
        };
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    if run.end.harness_error().is_some() {
        keys.clear();
    }
    keys
}

fn rng(seed: u64, round: u64) -> TestRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..16].copy_from_slice(&round.to_le_bytes());
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}
