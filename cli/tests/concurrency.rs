//! `--jobs`: a run with several scenarios at once reaches exactly the verdicts of a serial run,
//! in the same order, for a conforming engine, for a faulty one and for a dead one, and says
//! how many ran at once.
//!
//! A conforming engine's concurrent run fills the machine's cores with searches, as a user's
//! run would: that test takes the whole processor, so no other searching test runs beside it.
//! The faulty and the dead engine search nothing (they answer at once, or never), and their
//! tests take no share: held for them, the whole processor stood idle for 19 s.

use crate::common;

use arbiter::check::Grade;
use arbiter::report::Report;
use common::{arbiter, fixture_engine, hostile_relay, json_report, reference_engine};

/// Runs `arbiter run --format json` with `--jobs jobs`; returns the exit status and report.
fn run(jobs: &str, protocol: &str, engine: &std::path::Path, extra: &[&str]) -> (i32, Report) {
    json_report(
        arbiter()
            .args([
                "run",
                "--protocol",
                protocol,
                "--format",
                "json",
                "--jobs",
                jobs,
            ])
            .arg("--engine")
            .arg(engine)
            .args(extra),
    )
}

/// Each scenario's name, whether it ran, and each finding's check and grade, in report order:
/// what a verdict is made of. Messages hold measured latencies, which differ run to run; and a
/// check that passes may be absent from one run and present in the next (a search stopped at
/// once may or may not have reported a pv to judge), which is the engine's timing, not the
/// schedule's. So is a warning on a bound of the harness's own (`softened`): a loaded machine
/// gives it whatever the schedule.
fn verdicts(report: &Report) -> Vec<String> {
    let mut rows = Vec::new();
    for run in &report.runs {
        rows.push(format!(
            "{} not_run={}",
            run.scenario.name,
            run.end.not_run().is_some()
        ));
        for o in &run.outcomes {
            if o.grade != Grade::Pass && o.softened.is_none() {
                rows.push(format!("  {} {}", o.check, o.grade.as_str()));
            }
        }
    }
    rows
}

/// Runs the same suite serially and four at a time; asserts identical verdicts and exit
/// status, and returns the concurrent report.
fn same_verdicts(protocol: &str, engine: &std::path::Path, extra: &[&str]) -> Report {
    let (serial_code, serial) = run("1", protocol, engine, extra);
    let (concurrent_code, concurrent) = run("4", protocol, engine, extra);
    assert_eq!(
        verdicts(&serial),
        verdicts(&concurrent),
        "{protocol} {extra:?}: verdicts differ between --jobs 1 and --jobs 4"
    );
    assert_eq!(serial_code, concurrent_code, "{protocol} {extra:?}");
    assert_eq!(serial.parallelism.peak, 1, "--jobs 1 runs one at a time");
    concurrent
}

#[test]
fn a_conforming_engine_passes_every_scenario_four_at_a_time() {
    // Taken once for both protocols: queueing for each anew would wait behind every test
    // queued meanwhile.
    let _cpu = common::processor::whole();
    // A conforming engine: every scenario passes either way, and the searches never exceed
    // the cores the run counted. The serial half of that is `reference_engines.rs`, which runs
    // these libraries one at a time and finds every check passing, not even a warning; running
    // them serially again here held the whole processor for 15 s to learn nothing new.
    for (protocol, engine, extra) in [
        ("ucci", "arbiter-xiangqi", &[][..]),
        ("agi", "pbrain-arbiter", &["--engine-arg", "--agi"][..]),
    ] {
        let (code, report) = run("4", protocol, &reference_engine(engine), extra);
        assert_eq!(
            verdicts(&report)
                .iter()
                .filter(|row| !row.ends_with(" not_run=false"))
                .collect::<Vec<_>>(),
            Vec::<&String>::new(),
            "{protocol}: --jobs 4 has a finding or a scenario not run, where --jobs 1 has none"
        );
        assert_eq!(code, 0, "{protocol}");
        let p = &report.parallelism;
        assert_eq!(p.jobs, 4, "{protocol}: {p:?}");
        assert!(p.peak > 1, "{protocol}: nothing ran at once: {p:?}");
        assert!(
            p.peak_searching <= p.searching,
            "{protocol}: more searches at once than the limit: {p:?}"
        );
    }
}

#[test]
fn a_faulty_engine_fails_the_same_checks_in_the_same_scenarios_four_at_a_time() {
    // No share of the processor: the fixture answers at once with what it was told to, and
    // searches nothing.
    let fixture = fixture_engine();
    let report = same_verdicts(
        "uci",
        &fixture,
        &[
            "--engine-arg",
            "uci",
            "--engine-arg",
            "illegal-bestmove",
            "handshake",
            "search",
            "movetime",
            "depth-nodes",
            "ponder-stop",
            "ponder",
            "quit",
        ],
    );
    assert!(
        verdicts(&report).iter().any(|row| row.ends_with(" fail")),
        "the illegal bestmove fails"
    );
}

#[test]
fn a_dead_engine_stops_the_run_after_the_first_scenario_four_at_a_time() {
    // No share of the processor: the engine never answers, and the run waits out its bounds.
    // The first scenario shows it, and every later one is not run, also those that were
    // started beside it.
    let fixture = fixture_engine();
    let fixture_arg = fixture.display().to_string();
    let report = same_verdicts(
        "uci",
        &hostile_relay(),
        &[
            "--engine-arg",
            "silent",
            "--engine-arg",
            "--",
            "--engine-arg",
            &fixture_arg,
            "--engine-arg",
            "uci",
            "--engine-arg",
            "none",
        ],
    );
    let runs = &report.runs;
    let not_run = runs.iter().filter(|r| r.end.not_run().is_some()).count();
    assert_eq!(
        not_run,
        runs.len() - 1,
        "fail-fast after the first scenario"
    );
}
