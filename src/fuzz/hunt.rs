//! The hunt: cases drawn in order, each from its own seed, run a batch at a time, and the first
//! failing one shrunk (`shrink`) to the shortest case that still fails the same check, then
//! replayed.
//!
//! Case `i` is drawn from `(seed, i)` and from the pair counts of the cases drawn before it,
//! never from what ran at the same time: the same seed draws the same cases and finds the same
//! first failure whatever `--jobs` says. Shrinking keeps the candidate one after another would
//! keep, and the replays of the minimal case are counted alike, however many run at once.

use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use super::model::{self, CaseScript, Model, ModelCounts, ModelPair, Sequences};
use super::script::{Built, Labels};
use super::shrink::{Patience, Shrinker, Shrunk};
use super::{
    CutBy, CutDuring, CutShort, Failing, Failure, FailureKey, FuzzError, FuzzObserver, FuzzOptions,
    FuzzResult, HarnessBug, command,
};
use crate::check::{CheckId, CheckRef, Grade};
use crate::report::{RunEnd, ScenarioRun};
use crate::runner::{self, RunOptions};
use crate::session::{Direction, EngineCommand, interrupt};

pub(super) type Tree<M> = <Sequences<M> as Strategy>::Tree;

/// A case as the model plays it: the state after the handshake and the actions from there.
pub(super) type Case<M> = (<M as Model>::State, Vec<<M as Model>::Action>);

/// A case drawn and not yet judged.
pub(super) struct Drawn<M: Model> {
    /// 0-based.
    pub index: u32,
    pub tree: Tree<M>,
    pub case: CaseScript<M>,
}

/// Draws a seed's cases in order, each weighted by the pairs the cases before it exercised.
pub(super) struct Drawer<M: Model> {
    model: Arc<M>,
    strategy: Sequences<M>,
    generated: Arc<RwLock<ModelCounts<M>>>,
    seed: u64,
    next: u32,
}

impl<M: Model> Drawer<M> {
    pub(super) fn new(model: Arc<M>, seed: u64, max_steps: usize) -> Drawer<M> {
        let generated = Arc::new(RwLock::new(ModelCounts::<M>::default()));
        let strategy = model::sequences(model.clone(), max_steps, generated.clone());
        Drawer {
            model,
            strategy,
            generated,
            seed,
            next: 0,
        }
    }

    /// The next case: case `i` of the seed comes from `(seed, i)` and the counts so far.
    pub(super) fn draw(&mut self) -> Result<Drawn<M>, FuzzError> {
        let mut runner = TestRunner::new_with_rng(Config::default(), rng(self.seed, self.next));
        let tree = self
            .strategy
            .new_tree(&mut runner)
            .map_err(|e| HarnessBug::NoCase {
                reason: e.to_string(),
            })?;
        let (initial, actions, _) = tree.current();
        let case = model::script(&*self.model, &initial, &actions);
        let mut counts = self.generated.write().unwrap_or_else(|p| p.into_inner());
        for p in &case.pairs {
            counts.add(p.pair);
        }
        let index = self.next;
        self.next += 1;
        Ok(Drawn { index, tree, case })
    }

    /// How many cases were drawn.
    pub(super) fn drawn(&self) -> u32 {
        self.next
    }

    /// The pairs of every case drawn so far.
    #[cfg(test)]
    pub(super) fn generated(&self) -> ModelCounts<M> {
        self.generated
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}

pub(super) fn drive<M: Model>(
    model: M,
    engine: &EngineCommand,
    options: &FuzzOptions,
    observer: &mut dyn FuzzObserver,
) -> Result<FuzzResult, FuzzError> {
    let started = Instant::now();
    let model = Arc::new(model);
    let mut drawer = Drawer::new(model.clone(), options.seed, options.max_steps);
    let mut reached = ModelCounts::<M>::default();
    let mut failures: Vec<Failure> = Vec::new();
    let mut queue: std::collections::VecDeque<Drawn<M>> = Default::default();
    let mut cases = 0u32;
    let jobs = options.run.concurrency.jobs.get();
    // Cases run in batches, a batch's slowest case holding up the next: eight per job keep the
    // engines busy meanwhile. The cases after a failure in its batch are run again once it is
    // shrunk, as drawn, so a batch's size changes no result.
    let batch_size = (jobs * 8).max(16) as u32;
    let batch_options = RunOptions {
        // A case that finds a dead engine is a finding of its own, not a reason to skip the rest.
        fail_fast: false,
        ..quick(&options.run)
    };
    let stop = Stop::new(started, options.max_time);
    let mut cut_short = None;
    let time_up = || options.time.is_some_and(|t| started.elapsed() >= t) || stop.now().is_some();
    'hunt: while cases < options.cases && !time_up() {
        while queue.len() < batch_size as usize && drawer.drawn() < options.cases {
            queue.push_back(drawer.draw()?);
        }
        let batch: Vec<Drawn<M>> = queue.drain(..).collect();
        let (scenarios, labels): (Vec<_>, Vec<Labels>) = batch
            .iter()
            .map(|d| d.case.script.build(model.protocol(), &[]))
            .collect::<Result<Vec<Built>, _>>()?
            .into_iter()
            .map(|built| (built.scenario, built.labels))
            .unzip();
        let played = runner::run_all(&scenarios, engine, &batch_options, &mut runner::Quiet);
        // What the minimal cases already show, their other findings included: the same fault
        // seen by a second check is not hunted again.
        let found: Vec<FailureKey> = failures
            .iter()
            .flat_map(|f| std::iter::once(&f.key).chain(&f.also))
            .cloned()
            .collect();
        let mut batch = batch.into_iter();
        for ((drawn, run), labels) in batch.by_ref().zip(played.runs).zip(labels) {
            if run.end.not_run().is_some() && time_up() {
                break 'hunt;
            }
            cases += 1;
            let reached_now = reached_pairs(&drawn.case, &run, options.run.engine_options.len());
            for (pair, answer) in &reached_now {
                reached.add(*pair);
                if let Some(answer) = answer {
                    reached.add_answer(*pair, answer);
                }
            }
            let key = failure_keys(&run, &labels, options.robustness)
                .into_iter()
                .find(|k| !found.contains(k));
            observer.case(cases, failures.len());
            if let Some(key) = key {
                let found_after = started.elapsed();
                // The actions the run reached, the opening aside.
                let seen = reached_now.len().saturating_sub(1);
                let shrinking = Instant::now();
                let shrinker = Shrinker {
                    model: &*model,
                    key: &key,
                    engine,
                    options,
                    stop: &stop,
                    patience: Patience::of(&run, &labels, &key, options.run.time_scale),
                };
                let shrunk = shrinker.shrink(drawn.tree, run, seen, observer)?;
                // Cut short while shrinking or replaying: the smallest case found so far, with
                // the run that showed it, is the reproduction.
                let cut = stop.now();
                let failure = confirm(
                    &*model,
                    shrunk,
                    key,
                    drawn.index + 1,
                    engine,
                    options,
                    &stop,
                )?;
                let shrink_time = shrinking.elapsed();
                failures.push(Failure {
                    found_after,
                    shrink_time,
                    ..failure
                });
                if let Some(by) = cut.or(stop.now()) {
                    cut_short = Some(CutShort {
                        by,
                        during: CutDuring::Shrinking,
                    });
                    break 'hunt;
                }
                observer.case(cases, failures.len());
                // The cases after it in the batch run again, as drawn: they go back first.
                for rest in batch.rev() {
                    queue.push_front(rest);
                }
                continue 'hunt;
            }
            if cases >= options.cases {
                break 'hunt;
            }
        }
    }
    let cut_short = cut_short.or_else(|| {
        stop.now()
            .filter(|_| cases < options.cases && options.time.is_none_or(|t| started.elapsed() < t))
            .map(|by| CutShort {
                by,
                during: CutDuring::Cases,
            })
    });
    Ok(FuzzResult {
        cases,
        failures,
        elapsed: started.elapsed(),
        cut_short,
        matrix: reached.matrix(&model.table()),
    })
}

/// What ends a run early: a signal to the harness, or `--max-time` passed.
pub(super) struct Stop {
    deadline: Option<Instant>,
}

impl Stop {
    pub(super) fn new(started: Instant, max_time: Option<Duration>) -> Stop {
        Stop {
            deadline: max_time.map(|t| started + t),
        }
    }

    /// Why the run is to end now, if it is.
    pub(super) fn now(&self) -> Option<CutBy> {
        if interrupt::raised().is_some() {
            Some(CutBy::Signal)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(CutBy::MaxTime)
        } else {
            None
        }
    }
}

/// The options of a run only the hunt reads: a reply missing at its bound fails then, as it
/// would a little later, so it is not waited for past the bound (only the minimal case's
/// replays, which the report shows, measure how late a reply is).
pub(super) fn quick(options: &RunOptions) -> RunOptions {
    RunOptions {
        measure_late: false,
        ..options.clone()
    }
}

/// The pairs a run reached, those of the actions whose commands it sent, each with the answer
/// the engine gave to it when the model captured one. An action in an `if` block the engine's
/// answer closed was not played, and sent nothing; the case's ending after such a block was
/// sent, but from a state the model did not follow (the engine answered the other way), so its
/// pair is not counted either.
fn reached_pairs<M: Model>(
    case: &CaseScript<M>,
    run: &ScenarioRun,
    options_sent: usize,
) -> Vec<(ModelPair<M>, Option<String>)> {
    let sent = sent_commands(run, options_sent);
    let mut before = 0;
    let mut reached = Vec::new();
    let mut branched_off = false;
    let holds = |c: &crate::scenario::Condition| c.holds_for(run.captures.get(&c.name));
    for p in &case.pairs {
        branched_off |= !p.when.iter().all(holds);
        if branched_off {
            continue;
        }
        branched_off |= !p.opens.iter().all(holds);
        if before < sent || run.end == RunEnd::Completed {
            let answer = p.answer.as_ref().and_then(|name| run.captures.get(name));
            reached.push((p.pair, answer.cloned()));
        }
        before += p.commands;
    }
    reached
}

/// Commands the scenario sent, the `--option` settings aside.
fn sent_commands(run: &ScenarioRun, options_sent: usize) -> usize {
    run.transcript
        .entries
        .iter()
        .filter(|e| e.direction == Direction::Sent)
        .count()
        .saturating_sub(options_sent)
}

/// Replays the minimal case to count how often it fails, and writes its scenario. A run that
/// is to end now replays nothing: the run that showed the smallest case is its evidence.
fn confirm<M: Model>(
    model: &M,
    shrunk: Shrunk<M>,
    key: FailureKey,
    case: u32,
    engine: &EngineCommand,
    options: &FuzzOptions,
    stop: &Stop,
) -> Result<Failure, FuzzError> {
    let Shrunk {
        initial,
        actions,
        failing: shown,
        runs: shrink_runs,
    } = shrunk;
    let script = model::script(model, &initial, &actions).script;
    let mut first_failing: Option<ScenarioRun> = None;
    let mut replays = 0;
    let mut replays_failed = 0;
    let Built {
        scenario: probe,
        labels,
    } = script.build(model.protocol(), &[])?;
    // The replays run at once, within `--jobs`: each a fresh engine, and what each shows does
    // not depend on the others.
    if stop.now().is_none() {
        let copies = vec![probe; options.replays.max(1) as usize];
        let replay_options = RunOptions {
            fail_fast: false,
            ..options.run.clone()
        };
        let played = runner::run_all(&copies, engine, &replay_options, &mut runner::Quiet);
        // Replays the end of the run cut short show nothing either way.
        if stop.now().is_none() {
            for run in played.runs {
                replays += 1;
                if failure_keys(&run, &labels, options.robustness).contains(&key) {
                    replays_failed += 1;
                    first_failing.get_or_insert(run);
                }
            }
        }
    }
    let also: Vec<FailureKey> = first_failing
        .as_ref()
        .map(|run| failure_keys(run, &labels, options.robustness))
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
            "It fails {} [{}]; {}.",
            key.failing,
            key.requirements
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            if replays == 0 {
                "not replayed: the run was cut short, and this is the smallest case it had found"
                    .to_owned()
            } else {
                format!("replayed {replays} times, it failed {replays_failed}")
            }
        ),
        format!(
            "Replay it: `{}`",
            command::run_line(protocol, engine, options, &file.display().to_string())
        ),
    ];
    if !also.is_empty() {
        let names: Vec<String> = also.iter().map(|k| k.failing.to_string()).collect();
        comments.push(format!("The same run also fails {}.", names.join(", ")));
    }
    let scenario_text = script.render(
        protocol,
        &format!("a generated case failing {}", key.failing),
        &comments,
    );
    Ok(Failure {
        key,
        file,
        scenario_text,
        run: first_failing.unwrap_or(shown),
        case,
        commands: script.commands(),
        shrink_runs,
        replays,
        replays_failed,
        also,
        found_after: Duration::ZERO,
        shrink_time: Duration::ZERO,
    })
}

/// The distinct failures of a run, its steps named by `labels` (the case's). In robustness mode
/// only what no input excuses counts: the engine dying, hanging, going silent, or writing
/// garbage.
pub(super) fn failure_keys(
    run: &ScenarioRun,
    labels: &Labels,
    robustness: bool,
) -> Vec<FailureKey> {
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
        let failing = match &o.check {
            CheckRef::Builtin { protocol, id } => Failing::Check {
                protocol: *protocol,
                id: *id,
            },
            // Only a command, an expectation the model wrote a reply for, or the exit can fail.
            CheckRef::Step { label, .. } => match labels.get(label) {
                Some(failing) => failing,
                None => continue,
            },
            CheckRef::Golden => continue,
        };
        if robustness && matches!(failing, Failing::Check { id, .. } if !ALWAYS.contains(&id)) {
            continue;
        }
        let key = FailureKey {
            failing,
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

fn rng(seed: u64, case: u32) -> TestRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..12].copy_from_slice(&case.to_le_bytes());
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}
