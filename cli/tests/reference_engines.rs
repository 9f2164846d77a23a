//! The reference engines against the whole built-in library of their protocols: they are the
//! library's proof that every scenario can be passed, so a scenario that fails a conforming
//! engine shows up here. (The UCI library's conforming engine is the fixture in `none` mode,
//! in `runner_faults.rs`; Stockfish runs it in `peers.rs`.)

use crate::common;

use arbiter::check::Grade;
use arbiter::report::Report;
use common::{arbiter, json_report, reference_engine};

fn run_library(protocol: &str, engine: &str) -> (i32, Report) {
    run_library_with(protocol, engine, &[])
}

fn run_library_with(protocol: &str, engine: &str, extra: &[&str]) -> (i32, Report) {
    json_report(
        arbiter()
            .args([
                "run",
                "--protocol",
                protocol,
                "--format",
                "json",
                "--engine",
            ])
            .arg(reference_engine(engine))
            .args(extra),
    )
}

/// The scenarios with a finding, and the findings, for a readable assertion. Warnings are
/// allowed: a reference engine may honestly miss a recommendation (e.g. it has no opening
/// book, so it does not announce `usebook` as on).
fn findings(report: &Report) -> Vec<String> {
    let mut found = Vec::new();
    for run in &report.runs {
        for o in &run.outcomes {
            if o.grade != Grade::Pass {
                found.push(format!(
                    "{} {} {}: {}",
                    run.scenario.name,
                    o.grade.as_str(),
                    o.check,
                    o.message
                ));
            }
        }
    }
    found
}

#[test]
fn the_xiangqi_engine_passes_every_ucci_scenario() {
    let _cpu = common::processor::share(1);
    let (code, report) = run_library("ucci", "arbiter-xiangqi");
    assert_eq!(code, 0, "{:#?}", findings(&report));
    assert_eq!(report.summary.checks_failed, 0);
    // Not even a warning: `concurrency.rs` holds `--jobs 4` to this serial verdict.
    assert_eq!(report.summary.checks_warned, 0, "{:#?}", findings(&report));
}

#[test]
fn the_gomoku_engine_passes_every_gomocup_and_agi_scenario() {
    let _cpu = common::processor::share(1);
    for protocol in ["gomocup", "agi"] {
        let (code, report) = run_library(protocol, "pbrain-arbiter");
        assert_eq!(code, 0, "{protocol}: {:#?}", findings(&report));
        assert_eq!(report.summary.checks_failed, 0, "{protocol}");
        // Not even a warning: `concurrency.rs` holds AGI's `--jobs 4` to this serial verdict.
        assert_eq!(
            report.summary.checks_warned,
            0,
            "{protocol}: {:#?}",
            findings(&report)
        );
    }
}

#[test]
fn a_game_the_protocol_is_not_spoken_for_or_a_scenario_of_another_game_is_a_usage_error() {
    let engine = reference_engine("arbiter-xiangqi");
    let cases: [(&[&str], &str); 3] = [
        (
            &["--protocol", "ucci", "--game", "chess"],
            "--game: ucci is not spoken for chess here (it is for xiangqi)",
        ),
        (
            &["--protocol", "uci", "--game", "xiangqi", "uci/castling"],
            "uci/castling is written for chess, but the engine is run for xiangqi (--game)",
        ),
        (
            &["--protocol", "uci", "--game", "go"],
            "unknown game \"go\": expected xiangqi, chess or gomoku",
        ),
    ];
    for (args, message) in cases {
        arbiter()
            .arg("run")
            .args(args)
            .arg("--engine")
            .arg(&engine)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(message));
    }
}

/// Processes that keep every core busy until dropped: four per core, the load under which the
/// harness once failed a bound by its own lateness (1,007.8 ms against 1,000 ms).
struct Load(Vec<std::process::Child>);

impl Load {
    fn four_per_core() -> Load {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Load(
            (0..4 * cores)
                .map(|_| {
                    std::process::Command::new("sh")
                        .args(["-c", "while :; do :; done"])
                        .spawn()
                        .expect("sh starts")
                })
                .collect(),
        )
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Beside a load of four busy processes per core, the reference engines still pass every
/// scenario of every library they speak (UCCI, UCI for xiangqi, Gomocup, AGI): a bound the
/// text does not give only warns when the harness or the engine is slowed, and a bound the
/// text gives is never failed by less than the harness's own measured scheduling delay. (The
/// UCI library for xiangqi runs only here: the xiangqi engine in UCI is held to no more
/// unloaded, and its run is the heaviest of the four.)
#[test]
fn the_reference_engines_pass_every_scenario_beside_a_load_of_four_per_core() {
    let _cpu = common::processor::whole();
    let _load = Load::four_per_core();
    let libraries: [(&str, &str, &[&str]); 4] = [
        ("ucci", "arbiter-xiangqi", &[]),
        ("uci", "arbiter-xiangqi", &["--game", "xiangqi"]),
        ("gomocup", "pbrain-arbiter", &[]),
        ("agi", "pbrain-arbiter", &[]),
    ];
    for (protocol, engine, extra) in libraries {
        let (code, report) = run_library_with(protocol, engine, extra);
        if protocol == "uci" {
            // `--game xiangqi` plays the xiangqi scenarios and those of every game, and
            // leaves out the ones written for chess.
            let names: Vec<&str> = report
                .runs
                .iter()
                .map(|r| r.scenario.name.as_str())
                .collect();
            assert!(names.contains(&"uci/xiangqi/search"), "{names:?}");
            assert!(names.contains(&"uci/infinite"), "{names:?}");
            assert!(!names.contains(&"uci/castling"), "{names:?}");
            assert!(!names.contains(&"uci/search"), "{names:?}");
        }
        assert_eq!(
            report.summary.checks_failed,
            0,
            "{protocol}: {:#?}",
            findings(&report)
        );
        assert_eq!(
            report.summary.checks_blocked,
            0,
            "{protocol}: {:#?}",
            findings(&report)
        );
        assert_eq!(code, 0, "{protocol}: {:#?}", findings(&report));
    }
}
