//! The reference engines against the whole built-in library of their protocols: they are the
//! library's proof that every scenario can be passed, so a scenario that fails a conforming
//! engine shows up here. (The UCI library's conforming engine is the fixture in `none` mode,
//! in `runner_faults.rs`; Stockfish runs it in `peers.rs`.)

mod common;

use common::{arbiter, json_report, reference_engine};
use serde_json::Value;

fn run_library(protocol: &str, engine: &str) -> (i32, Value) {
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
            .arg(reference_engine(engine)),
    )
}

/// The scenarios with a finding, and the findings, for a readable assertion. Warnings are
/// allowed: a reference engine may honestly miss a recommendation (e.g. it has no opening
/// book, so it does not announce `usebook` as on).
fn findings(report: &Value) -> Vec<String> {
    let mut found = Vec::new();
    for run in report["runs"].as_array().unwrap() {
        for o in run["outcomes"].as_array().unwrap() {
            if o["grade"] != "pass" {
                found.push(format!(
                    "{} {} {}: {}",
                    run["scenario"]["name"], o["grade"], o["check"], o["message"]
                ));
            }
        }
    }
    found
}

#[test]
fn the_xiangqi_engine_passes_every_ucci_scenario() {
    let (code, report) = run_library("ucci", "arbiter-xiangqi");
    assert_eq!(code, 0, "{:#?}", findings(&report));
    assert_eq!(report["summary"]["checks_failed"], 0);
}

#[test]
fn the_gomoku_engine_passes_every_gomocup_and_agi_scenario() {
    for protocol in ["gomocup", "agi"] {
        let (code, report) = run_library(protocol, "pbrain-arbiter");
        assert_eq!(code, 0, "{protocol}: {:#?}", findings(&report));
        assert_eq!(report["summary"]["checks_failed"], 0, "{protocol}");
    }
}
