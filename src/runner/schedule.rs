//! Running several scenarios at once, each with its own engine process, without making a
//! conforming engine late.
//!
//! Most of a suite's time is waiting (silence windows, `readyok`, exits), which costs no CPU,
//! so waiting scenarios can run side by side freely. A search is different: the engine thinks
//! flat out for its movetime or clock, and two searches sharing one core would each get half
//! of it and answer late through no fault of their own. So a scenario that searches is counted
//! as holding the cores its engine's search uses for as long as it runs, and no more searches
//! run at once than the machine has cores for; waiting scenarios fill the other places.
//!
//! With fail-fast on, the first scenario runs alone, so a dead engine is found with one process,
//! as in a serial run.
//!
//! Verdicts do not depend on the schedule: every scenario has its own engine, runs are
//! reported in the scenarios' order, and fail-fast marks every scenario after the first one
//! that showed a dead engine as not run, whichever finished first.

use std::collections::VecDeque;
use std::num::NonZeroUsize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;

use super::{Observer, RunOptions, run_scenario, unread};
use crate::protocol::Protocol;
use crate::report::{EngineInfo, Parallelism, Report, ScenarioRun};
use crate::scenario::Scenario;
use crate::session::{EngineCommand, interrupt};

/// How many scenarios a run may have going at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Concurrency {
    /// Scenarios (engine processes) at once.
    pub jobs: NonZeroUsize,
    /// Of those, scenarios that search at once.
    pub searching: NonZeroUsize,
}

impl Concurrency {
    /// One scenario after another.
    pub(crate) const SERIAL: Concurrency = Concurrency {
        jobs: NonZeroUsize::MIN,
        searching: NonZeroUsize::MIN,
    };

    /// The limits for `cores` cores and an engine whose search uses `engine_threads` of them:
    /// as many searches as their threads fit in the cores (at least one), and `jobs` scenarios
    /// in all, by default two per core (the waiting ones cost nothing).
    pub(crate) fn for_cores(
        cores: NonZeroUsize,
        engine_threads: NonZeroUsize,
        jobs: Option<NonZeroUsize>,
    ) -> Concurrency {
        let jobs = jobs.unwrap_or(cores.saturating_mul(NonZeroUsize::new(2).expect("2 > 0")));
        let fit =
            NonZeroUsize::new(cores.get() / engine_threads.get()).unwrap_or(NonZeroUsize::MIN);
        Concurrency {
            jobs,
            searching: fit.min(jobs),
        }
    }

    /// The limits on this machine (the cores this process may use, cgroups and affinity
    /// included).
    pub fn for_this_machine(
        engine_threads: NonZeroUsize,
        jobs: Option<NonZeroUsize>,
    ) -> Concurrency {
        let cores = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
        Concurrency::for_cores(cores, engine_threads, jobs)
    }
}

impl Default for Concurrency {
    fn default() -> Concurrency {
        Concurrency::SERIAL
    }
}

/// The runs of a suite, in the scenarios' order, and how they were scheduled.
#[derive(Debug, Clone)]
pub struct Played {
    /// The runs, in the scenarios' order.
    pub runs: Vec<ScenarioRun>,
    /// How many ran at once.
    pub parallelism: Parallelism,
}

impl Played {
    /// The report of this suite's run, with how many scenarios ran at once. The runner makes
    /// it, not the report model, since what one run shows about the engine's input explains
    /// the others' missing replies, and judging that is the runner's (`unread.rs`).
    pub fn into_report(
        mut self,
        protocol: Protocol,
        engine: EngineInfo,
        time_scale: f64,
    ) -> Report {
        // One cause, one finding across the suite: input the engine was shown not to read
        // explains the replies missing elsewhere.
        unread::explain_across(&mut self.runs);
        Report {
            parallelism: self.parallelism,
            ..Report::new(protocol, engine, time_scale, self.runs)
        }
    }
}

/// Why the scenarios not started yet will not be: the index of the scenario that showed it, and
/// the reason the report gives.
struct Stop {
    after: usize,
    why: String,
}

/// Runs the scenarios within the options' concurrency, telling the observer as it goes (a
/// scenario's end is told in the scenarios' order). Once a scenario shows that the engine never
/// answers its opening command (it is dead, hangs, or speaks another protocol), every later
/// scenario is marked not run when `fail_fast` is set; after a signal, the ones not yet started
/// are marked not run whatever the setting.
pub fn run_all(
    scenarios: &[Scenario],
    engine: &EngineCommand,
    options: &RunOptions,
    observer: &mut dyn Observer,
) -> Played {
    let total = scenarios.len();
    let limits = options.concurrency;
    let searches: Vec<bool> = scenarios.iter().map(Scenario::searches).collect();
    let mut parallelism = Parallelism {
        jobs: limits.jobs.get(),
        searching: limits.searching.get(),
        ..Parallelism::default()
    };
    let mut done: Vec<Option<ScenarioRun>> = (0..total).map(|_| None).collect();
    let mut pending: VecDeque<usize> = (0..total).collect();
    let mut told = 0;
    let mut running = 0;
    let mut searching = 0;
    let mut stop: Option<Stop> = None;
    let (finished, arrivals) = mpsc::channel::<(usize, ScenarioRun)>();

    std::thread::scope(|scope| {
        loop {
            // With fail-fast, the first scenario runs alone: an engine that never answers is
            // most often dead from the start, and then no other engine need be started.
            let probing = options.fail_fast && told == 0;
            let limit = if probing { 1 } else { limits.jobs.get() };
            while stop.is_none() && running < limit {
                // The first scenario in order that fits: a search only while a core is free.
                let fits = |&i: &usize| !searches[i] || searching < limits.searching.get();
                let Some(at) = pending.iter().position(fits) else {
                    break;
                };
                let i = pending.remove(at).expect("the position is in the queue");
                observer.started(&scenarios[i], i, total);
                running += 1;
                searching += usize::from(searches[i]);
                parallelism.peak = parallelism.peak.max(running);
                parallelism.peak_searching = parallelism.peak_searching.max(searching);
                let finished = finished.clone();
                let scenario = &scenarios[i];
                scope.spawn(move || {
                    let run =
                        catch_unwind(AssertUnwindSafe(|| run_scenario(scenario, engine, options)))
                            .unwrap_or_else(|_| {
                                ScenarioRun::harness_failed(
                                    scenario,
                                    "the harness panicked (a bug)",
                                )
                            });
                    // The receiver outlives every worker of this scope.
                    let _ = finished.send((i, run));
                });
            }
            if running == 0 {
                break;
            }
            let Ok((i, run)) = arrivals.recv() else {
                break;
            };
            running -= 1;
            searching -= usize::from(searches[i]);
            if let Some(next) = stops_the_run(i, &run, options)
                && stop.as_ref().is_none_or(|s| next.after < s.after)
            {
                stop = Some(next);
            }
            done[i] = Some(run);
            tell_in_order(&mut done, &mut told, stop.as_ref(), scenarios, observer);
        }
    });

    // What never started: after a stop, or after a signal.
    let why_not_started = stop
        .as_ref()
        .map(|s| s.why.clone())
        .unwrap_or_else(|| "the run ended before it started".to_owned());
    for (i, slot) in done.iter_mut().enumerate() {
        if slot.is_none() {
            *slot = Some(ScenarioRun::not_run(&scenarios[i], why_not_started.clone()));
        }
    }
    tell_in_order(&mut done, &mut told, stop.as_ref(), scenarios, observer);
    Played {
        runs: done.into_iter().flatten().collect(),
        parallelism,
    }
}

/// Whether a finished run stops the start of further scenarios, and how. A dead engine stops
/// the run at that scenario (a later one, even if it ran beside it, counts as not run, as in a
/// serial run); a signal only stops new starts, and what finished before it keeps its verdict.
fn stops_the_run(index: usize, run: &ScenarioRun, options: &RunOptions) -> Option<Stop> {
    if options.fail_fast && (run.end.unresponsive() || run.end.harness_error().is_some()) {
        return Some(Stop {
            after: index,
            why: format!(
                "{} showed that the engine does not answer (rerun with --no-fail-fast to run every scenario anyway)",
                run.scenario.name
            ),
        });
    }
    interrupt::raised().map(|signal| Stop {
        after: usize::MAX,
        why: format!("the run was interrupted by signal {signal}"),
    })
}

/// Tells the observer of every finished run whose predecessors have all finished; a run after
/// the one that stopped the run is marked not run first, as a serial run would never have
/// started it.
fn tell_in_order(
    done: &mut [Option<ScenarioRun>],
    told: &mut usize,
    stop: Option<&Stop>,
    scenarios: &[Scenario],
    observer: &mut dyn Observer,
) {
    while let Some(Some(run)) = done.get_mut(*told) {
        if let Some(stop) = stop
            && *told > stop.after
            && run.end.not_run().is_none()
        {
            *run = ScenarioRun::not_run(&scenarios[*told], stop.why.clone());
        }
        observer.finished(run);
        *told += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(value: usize) -> NonZeroUsize {
        NonZeroUsize::new(value).unwrap()
    }

    #[test]
    fn searches_get_a_core_each_and_waiting_scenarios_fill_the_rest() {
        let two_cores = Concurrency::for_cores(n(2), n(1), None);
        assert_eq!((two_cores.jobs, two_cores.searching), (n(4), n(2)));
        let one_core = Concurrency::for_cores(n(1), n(1), None);
        assert_eq!((one_core.jobs, one_core.searching), (n(2), n(1)));
    }

    #[test]
    fn an_engine_with_more_threads_than_cores_searches_alone() {
        let c = Concurrency::for_cores(n(2), n(4), None);
        assert_eq!(c.searching, n(1));
        let c = Concurrency::for_cores(n(8), n(4), Some(n(3)));
        assert_eq!((c.jobs, c.searching), (n(3), n(2)));
    }

    #[test]
    fn one_job_means_one_search_at_a_time() {
        let c = Concurrency::for_cores(n(16), n(1), Some(n(1)));
        assert_eq!(c, Concurrency::SERIAL);
    }
}
