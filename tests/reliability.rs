//! Trustworthy verdicts under races, bursts and hostile engines: what a conforming engine
//! does never fails it, and what a hostile one does never hangs, exhausts or outlives a run.

mod common;

use arbiter::check::Grade;
use arbiter::runner::{RunOptions, run_scenario};
use arbiter::scenario::builtin_named;
use arbiter::session::EngineCommand;

use common::reference_engine;

/// An engine that exits the moment its input ends can close its stdout while the harness
/// closes stdin. The end of input is put in the order before it happens, so the exit is never
/// taken for a crash: hundreds of runs of the fastest-exiting scenario give no finding.
#[test]
fn an_engine_exiting_on_end_of_input_is_never_taken_for_a_crash() {
    let scenario = builtin_named("gomocup/long-line").unwrap().unwrap();
    let engine = EngineCommand {
        program: reference_engine("pbrain-arbiter"),
        ..EngineCommand::default()
    };
    let options = RunOptions::default();
    for i in 0..300 {
        let run = run_scenario(&scenario, &engine, &options);
        let findings: Vec<_> = run
            .outcomes
            .iter()
            .filter(|o| o.grade != Grade::Pass)
            .collect();
        assert!(findings.is_empty(), "run {i}: {findings:#?}");
    }
}
