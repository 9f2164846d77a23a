//! The fixture's faults that one command shows in one state only (`examples/faulty_engine/`,
//! `fault.rs`): `isready` while pondering (UCI), in the second ponder search (UCCI), `ISREADY`
//! while pondering by default (AGI), `TURN` right after `TAKEBACK` (Gomocup). Each is found by a
//! hand-written scenario that puts the engine in that state and sends that command
//! (`tests/sequence_faults/`), under the check and rows a fuzzer's repro must name too; and each
//! leaves alone the same commands in the states around it and the protocol's whole library,
//! which is what keeps it out of reach of every fixed scenario but its own.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use arbiter::check::Grade;
use arbiter::report::Report;

use common::{fixture_run, json_report, run_rows};

/// One fault, the scenario that reaches its state, and what that scenario must report.
struct StateFault {
    protocol: &'static str,
    fault: &'static str,
    /// The scenario that sends the command in the state (`tests/sequence_faults/NAME.scenario`).
    situation: &'static str,
    /// Every finding the situation gives: the check (a step's is `sequence_faults/<file
    /// stem>:<label>`), its grade and the rows it cites. All else passes, or is blocked by the
    /// first finding; a reply the step waited for in vain is the step's finding alone, not
    /// also the built-in check's (one cause, one finding).
    findings: &'static [(&'static str, &'static str, &'static [&'static str])],
    /// Whether the fixture without a fault passes the situation. Under Gomocup it answers
    /// `TAKEBACK` with `UNKNOWN` (the command is optional), so it never reaches the state.
    none_passes: bool,
    /// The same commands in the states around the situation, which the fault answers as a
    /// conforming engine does.
    elsewhere: &'static str,
}

#[rustfmt::skip]
const FAULTS: [StateFault; 4] = [
    StateFault { protocol: "uci", fault: "isready-while-pondering",
        situation: "uci-isready-while-pondering",
        findings: &[
            ("sequence_faults/uci-isready-while-pondering:readyok while pondering", "fail",
                &["uci-r05", "uci-r31", "uci-r32"]),
        ],
        none_passes: true, elsewhere: "uci-isready-outside-pondering" },
    // The UCCI texts give `isready` no state (A18): a missing readyok mid-search warns; the
    // search it loses fails on `stop`.
    StateFault { protocol: "ucci", fault: "isready-in-second-ponder",
        situation: "ucci-isready-in-each-ponder",
        findings: &[
            ("sequence_faults/ucci-isready-in-each-ponder:readyok in the second ponder", "warn", &["ucci-r49"]),
            ("sequence_faults/ucci-isready-in-each-ponder:result of the second ponder", "fail", &["ucci-r95"]),
        ],
        none_passes: true, elsewhere: "ucci-isready-outside-second-ponder" },
    // The scenario's own step takes any `x,y`: the built-in check judges the point.
    StateFault { protocol: "gomocup", fault: "occupied-point-after-takeback",
        situation: "gomocup-turn-after-takeback",
        findings: &[
            ("gomocup.move.legal", "fail", &["gomocup-r42", "gomocup-r44", "gomocup-r57"]),
        ],
        none_passes: false, elsewhere: "gomocup-turn-elsewhere" },
    StateFault { protocol: "agi", fault: "isready-while-pondering-by-default",
        situation: "agi-isready-pondering-by-default",
        findings: &[
            ("sequence_faults/agi-isready-pondering-by-default:READYOK while pondering", "fail",
                &["agi-r52", "agi-r55", "agi-r63"]),
        ],
        none_passes: true, elsewhere: "agi-isready-pondering-switched-on" },
];

fn scenario(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sequence_faults")
        .join(format!("{name}.scenario"))
}

/// Runs `arbiter run` on the fixture with `fault`: the given scenario files, or the protocol's
/// whole library when there are none. Returns the exit status and the report.
fn run(protocol: &str, fault: &str, scenarios: &[PathBuf]) -> (i32, Report) {
    json_report(fixture_run(protocol, fault).args(scenarios))
}

/// Each outcome that is neither a pass nor blocked: its scenario, check, grade and rows.
fn findings(report: &Report) -> BTreeSet<(String, String, String, Vec<String>)> {
    report
        .runs
        .iter()
        .flat_map(|run| run.outcomes.iter().map(move |o| (&run.scenario.name, o)))
        .filter(|(_, o)| o.grade != Grade::Pass)
        .map(|(scenario, o)| {
            let rows = o.requirements.iter().map(ToString::to_string).collect();
            (
                scenario.clone(),
                o.check.to_string(),
                o.grade.as_str().to_owned(),
                rows,
            )
        })
        .collect()
}

/// Each finding of a report without its scenario: the check, grade and rows.
fn judged(report: &Report) -> BTreeSet<(String, String, Vec<String>)> {
    findings(report)
        .into_iter()
        .map(|(_, check, grade, rows)| (check, grade, rows))
        .collect()
}

#[test]
fn each_fault_is_found_in_its_state_under_its_check_and_rows() {
    let problems = run_rows(&FAULTS, |f| {
        let mut problems = Vec::new();
        let situation = [scenario(f.situation)];
        let (code, report) = run(f.protocol, f.fault, &situation);
        let expected: BTreeSet<(String, String, Vec<String>)> = f
            .findings
            .iter()
            .map(|(check, grade, rows)| {
                let rows = rows.iter().map(|r| (*r).to_owned()).collect();
                ((*check).to_owned(), (*grade).to_owned(), rows)
            })
            .collect();
        let got = judged(&report);
        if got != expected {
            problems.push(format!(
                "{}/{}: expected exactly {expected:#?}\ngot {got:#?}",
                f.protocol, f.fault
            ));
        }
        let failed = f.findings.iter().any(|(_, grade, _)| *grade == "fail");
        if code != i32::from(failed) {
            problems.push(format!(
                "{}/{}: exit status {code}, expected {}",
                f.protocol,
                f.fault,
                i32::from(failed)
            ));
        }
        if f.none_passes {
            // The situation asks nothing of a conforming engine that it does not give.
            let (code, report) = run(f.protocol, "none", &situation);
            let got = judged(&report);
            if code != 0 || !got.is_empty() {
                problems.push(format!(
                    "{}/none: {} should pass cleanly, got status {code} and {got:#?}",
                    f.protocol, f.situation
                ));
            }
        }
        problems
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn each_fault_leaves_the_states_around_its_own_and_the_library_alone() {
    let problems = run_rows(&FAULTS, |f| {
        let mut problems = Vec::new();
        let (code, report) = run(f.protocol, f.fault, &[scenario(f.elsewhere)]);
        let got = judged(&report);
        if code != 0 || !got.is_empty() {
            problems.push(format!(
                "{}/{}: {} should pass cleanly, got status {code} and {got:#?}",
                f.protocol, f.fault, f.elsewhere
            ));
        }
        // The library gives the fixture the same verdicts with the fault as without: the
        // fixture's own shortcomings (no renju, no version in its name) and nothing more.
        let (faulty_code, faulty) = run(f.protocol, f.fault, &[]);
        let (plain_code, plain) = common::plain_fixture_library(f.protocol);
        let plain_code = *plain_code;
        let (faulty, plain) = (findings(&faulty), findings(plain));
        if faulty_code != plain_code || faulty != plain {
            problems.push(format!(
                "{}/{}: the library's findings changed (status {faulty_code}, without the fault \
                 {plain_code})\nwith the fault: {faulty:#?}\nwithout: {plain:#?}",
                f.protocol, f.fault
            ));
        }
        problems
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
