//! `arbiter run` against the deliberately faulty fixture engine (`examples/faulty_engine.rs`):
//! each fault is caught by the check that names it, with the grade the spec text justifies,
//! and the well-behaved modes pass.

mod common;

use assert_cmd::Command;
use serde_json::Value;

use common::{arbiter, fixture_engine, json_report};

/// Runs `arbiter run` with a JSON report; returns the exit status and the report.
fn run(protocol: &str, fault: &str, scenarios: &[&str], extra: &[&str]) -> (i32, Value) {
    let mut cmd: Command = arbiter();
    cmd.args([
        "run",
        "--protocol",
        protocol,
        "--format",
        "json",
        "--engine",
    ])
    .arg(fixture_engine())
    .args(["--engine-arg", protocol, "--engine-arg", fault])
    .args(extra);
    for s in scenarios {
        cmd.arg(format!(
            "{}/scenarios/{s}.scenario",
            env!("CARGO_MANIFEST_DIR")
        ));
    }
    json_report(&mut cmd)
}

/// The grades the report gives a check id, in order.
fn grades(report: &Value, check: &str) -> Vec<String> {
    report["runs"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|run| run["outcomes"].as_array().unwrap().iter())
        .filter(|o| o["check"] == check)
        .map(|o| o["grade"].as_str().unwrap().to_owned())
        .collect()
}

fn assert_caught(
    protocol: &str,
    fault: &str,
    scenario: &str,
    check: &str,
    grade: &str,
    status: i32,
) {
    assert_caught_with(protocol, fault, scenario, check, grade, status, &[]);
}

fn assert_caught_with(
    protocol: &str,
    fault: &str,
    scenario: &str,
    check: &str,
    grade: &str,
    status: i32,
    extra: &[&str],
) {
    let (code, report) = run(protocol, fault, &[scenario], extra);
    let got = grades(&report, check);
    assert!(
        got.iter().any(|g| g == grade),
        "{protocol}/{fault}: expected {check} = {grade}, got {got:?}\n{report:#}"
    );
    assert_eq!(code, status, "{protocol}/{fault}: exit status");
}

/// The scenarios the fixture's fault modes are measured against. The fixture is a minimal
/// engine (it plays the first legal move, it knows no renju), so outside UCI it passes these
/// core exchanges; the reference engines pass each protocol's whole library
/// (`reference_engines.rs`).
const CORE: [(&str, &[&str]); 3] = [
    (
        "ucci",
        &[
            "ucci/handshake",
            "ucci/search",
            "ucci/stop",
            "ucci/ponder",
            "ucci/quit",
        ],
    ),
    (
        "gomocup",
        &["gomocup/game", "gomocup/board", "gomocup/unknown"],
    ),
    ("agi", &["agi/exchange", "agi/lower-case", "agi/thinking"]),
];

#[test]
fn the_well_behaved_fixture_passes_the_whole_uci_library_and_the_core_of_the_others() {
    // Arbiter ships no chess engine: the fixture is the UCI library's conforming engine.
    let (code, report) = run("uci", "none", &[], &[]);
    assert_eq!(code, 0, "uci: {report:#}");
    assert_eq!(report["summary"]["checks_failed"], 0);
    for (protocol, scenarios) in CORE {
        let (code, report) = run(protocol, "none", scenarios, &[]);
        assert_eq!(code, 0, "{protocol}: {report:#}");
        assert_eq!(report["summary"]["checks_failed"], 0);
    }
}

#[test]
fn other_line_ends_and_lower_case_agi_pass() {
    for (protocol, fault) in [
        ("ucci", "crlf"),
        ("ucci", "cr"),
        ("gomocup", "crlf"),
        ("gomocup", "cr"),
        ("agi", "lower-case"),
    ] {
        let core = CORE.iter().find(|(p, _)| *p == protocol).unwrap().1;
        let (code, report) = run(protocol, fault, core, &[]);
        assert_eq!(code, 0, "{protocol}/{fault}: {report:#}");
    }
}

#[test]
fn a_late_handshake_fails_the_scenario_bound() {
    assert_caught(
        "ucci",
        "late-handshake",
        "ucci/handshake",
        "ucci/handshake:13",
        "fail",
        1,
    );
}

#[test]
fn a_missing_readyok_while_searching_fails_under_uci() {
    assert_caught(
        "uci",
        "no-readyok-while-searching",
        "uci/infinite",
        "uci.isready.readyok",
        "fail",
        1,
    );
}

#[test]
fn a_missing_readyok_while_searching_only_warns_under_ucci() {
    // UCCI gives `isready` no state (ucci A18): the built-in check warns; the scenario,
    // which marks its readyok `should`, warns too.
    assert_caught(
        "ucci",
        "no-readyok-while-searching",
        "ucci/stop",
        "ucci.isready.readyok",
        "warn",
        0,
    );
}

#[test]
fn a_bestmove_while_pondering_fails() {
    assert_caught_with(
        "ucci",
        "bestmove-while-pondering",
        "ucci/ponder",
        "ucci.ponder.no-result-before-ponderhit",
        "fail",
        1,
        &["--time-scale", "0.3"],
    );
}

#[test]
fn an_illegal_bestmove_fails() {
    assert_caught(
        "ucci",
        "illegal-bestmove",
        "ucci/search",
        "ucci.bestmove.legal",
        "fail",
        1,
    );
    assert_caught(
        "uci",
        "illegal-bestmove",
        "uci/search",
        "uci.bestmove.legal",
        "fail",
        1,
    );
}

#[test]
fn an_illegal_ponder_move_or_pv_is_graded_by_the_protocol() {
    // UCCI only recommends that the ponder guess and the pv be legal (ucci-r83, ucci-r102): a
    // warning, and the run still passes.
    assert_caught(
        "ucci",
        "illegal-ponder",
        "ucci/search",
        "ucci.ponder-move.legal",
        "warn",
        0,
    );
    assert_caught(
        "ucci",
        "illegal-pv",
        "ucci/search",
        "ucci.pv.legal",
        "warn",
        0,
    );
    // UCI's catalogue reads legality into the ponder move and a pv's first move (remark 32);
    // later pv moves may come from a stale hash table, so the fixture's repeated move warns.
    assert_caught(
        "uci",
        "illegal-ponder",
        "uci/search",
        "uci.ponder-move.legal",
        "fail",
        1,
    );
    assert_caught("uci", "illegal-pv", "uci/search", "uci.pv.legal", "warn", 0);
}

#[test]
fn a_last_line_without_a_line_end_is_caught() {
    // UCI: "every line the engine outputs must end with \n" (uci-r07).
    assert_caught(
        "uci",
        "unterminated-line",
        "uci/quit",
        "uci.output.line-end",
        "fail",
        1,
    );
    // UCCI says only that a reply is one line (ucci-r05): a warning.
    assert_caught(
        "ucci",
        "unterminated-line",
        "ucci/quit",
        "ucci.output.line-end",
        "warn",
        0,
    );
}

#[test]
fn contradictory_option_lines_are_caught() {
    assert_caught(
        "uci",
        "bad-options",
        "uci/handshake",
        "uci.option.default-in-range",
        "fail",
        1,
    );
    assert_caught(
        "uci",
        "bad-options",
        "uci/handshake",
        "uci.option.paired",
        "fail",
        1,
    );
    // UCCI: a default outside its range warns (ucci-r24), and so do `id` lines after an
    // `option` line (ucci-r46).
    assert_caught(
        "ucci",
        "bad-options",
        "ucci/handshake",
        "ucci.option.default-in-range",
        "warn",
        0,
    );
    assert_caught(
        "ucci",
        "bad-options",
        "ucci/handshake",
        "ucci.handshake.id-first",
        "warn",
        0,
    );
}

#[test]
fn a_banned_move_fails() {
    assert_caught(
        "ucci",
        "plays-banned-move",
        "ucci/banmoves",
        "ucci.bestmove.not-banned",
        "fail",
        1,
    );
}

#[test]
fn no_bestmove_after_stop_fails() {
    assert_caught(
        "ucci",
        "no-bestmove-after-stop",
        "ucci/stop",
        "ucci.stop.result",
        "fail",
        1,
    );
}

#[test]
fn a_crash_mid_search_fails_and_the_report_is_still_written() {
    assert_caught(
        "ucci",
        "crash-mid-search",
        "ucci/search",
        "ucci.process.unexpected-exit",
        "fail",
        1,
    );
    assert_caught(
        "ucci",
        "crash-mid-search",
        "ucci/search",
        "ucci.go.one-result",
        "fail",
        1,
    );
}

#[test]
fn a_hang_on_quit_is_killed_and_fails() {
    assert_caught(
        "ucci",
        "hang-on-quit",
        "ucci/quit",
        "ucci.quit.exit",
        "fail",
        1,
    );
}

#[test]
fn a_missing_bye_fails() {
    assert_caught("ucci", "no-bye", "ucci/quit", "ucci.quit.bye", "fail", 1);
}

#[test]
fn an_output_flood_is_capped_and_fails() {
    assert_caught(
        "ucci",
        "flood",
        "ucci/search",
        "ucci.output.flood",
        "fail",
        1,
    );
}

#[test]
fn binary_garbage_fails() {
    assert_caught(
        "ucci",
        "garbage",
        "ucci/search",
        "ucci.output.text",
        "fail",
        1,
    );
}

#[test]
fn a_gomocup_move_on_an_occupied_point_fails() {
    assert_caught(
        "gomocup",
        "occupied-point",
        "gomocup/board",
        "gomocup.move.legal",
        "fail",
        1,
    );
}

#[test]
fn gomocup_output_after_end_warns() {
    // "should write nothing after END" (gomocup-r95) is a recommendation.
    assert_caught(
        "gomocup",
        "output-after-end",
        "gomocup/game",
        "gomocup.end.no-output",
        "warn",
        0,
    );
}

#[test]
fn a_missing_engine_is_a_harness_error_with_status_2_and_a_report() {
    let output = arbiter()
        .args([
            "run",
            "--protocol",
            "ucci",
            "--format",
            "json",
            "--engine",
            "/nonexistent/engine",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        report["runs"][0]["harness_error"]
            .as_str()
            .unwrap()
            .contains("cannot start engine")
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot start engine"));
}

#[test]
fn a_bad_scenario_file_is_a_usage_error_naming_the_line() {
    let dir = std::env::temp_dir().join(format!("arbiter-bad-scenario-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.scenario");
    std::fs::write(
        &file,
        "protocol: ucci\ntitle: t\nspec: s\n> ucci\n< ucciok (within soon)\n",
    )
    .unwrap();
    arbiter()
        .args(["run", "--protocol", "ucci", "--engine"])
        .arg(fixture_engine())
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "bad.scenario:5: duration `soon` needs a unit",
        ));
}
