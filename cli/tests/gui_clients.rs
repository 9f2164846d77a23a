//! Real GUI-side clients, end to end: python-chess (PyPI `chess`) and pygomo (PyPI
//! `pygomo-lib`, a Gomocup manager-side library) play through `arbiter spy` exactly as they
//! play without it, and the GUI-side checks judge what they send; python-chess is certified
//! against `arbiter stand-in`. `.ci/run` installs both clients; elsewhere the tests skip.

use crate::common;

use std::path::Path;
use std::process::Command;

use arbiter::certify::{Certification, Verdict};
use arbiter::check::Grade;
use arbiter::check::registry::Side;
use arbiter::report::Report;
use common::gui::{arbiter_binary, findings, outcomes, report_at, temp_dir};

/// python-chess (PyPI `chess`), a real GUI-side client, plays through the spy in front of
/// Debian's Stockfish: no GUI-side finding, and the same game as without the spy.
#[test]
fn python_chess_plays_through_the_spy_unchanged() {
    let Some(python) = common::python_chess_or_skip() else {
        return;
    };
    let Some(stockfish) = common::peer_or_skip("stockfish") else {
        return;
    };
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/python_chess_game.py");
    let play = |engine: &[&std::ffi::OsStr]| {
        let out = Command::new(&python)
            .arg(&client)
            .args(["10", "--"])
            .args(engine)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let direct = play(&[stockfish.as_os_str()]);
    let dir = temp_dir("python-chess");
    let report = dir.join("report.json");
    let spied = play(&[
        arbiter_binary().as_os_str(),
        "spy".as_ref(),
        "--protocol".as_ref(),
        "uci".as_ref(),
        "--report".as_ref(),
        report.as_os_str(),
        "--".as_ref(),
        stockfish.as_os_str(),
    ]);
    assert_eq!(spied, direct, "the spy changed the game");
    assert_eq!(direct.split_whitespace().count(), 10, "{direct}");
    let report: Report = report_at(&report);
    assert_eq!(findings(&report, "gui"), vec![]);
    let checks: Vec<String> = outcomes(&report)
        .iter()
        .filter(|o| o.side == Side::Gui)
        .map(|o| o.check.to_string())
        .collect();
    for judged in [
        "uci.gui.search.idle-only",
        "uci.gui.position.legal",
        "uci.gui.setoption.value",
    ] {
        assert!(
            checks.iter().any(|c| c == judged),
            "{judged} judged nothing: {checks:?}"
        );
    }
}

/// A real Gomocup manager-side client, pygomo, plays the reference brain directly and through
/// the spy: the same moves either way, nothing found on the brain's side, and on the manager's
/// side exactly what pygomo 0.1.1 does against the text — LF line ends where gomocup-r07
/// requires CR LF (a failure, shown once), and `INFO` keys upper-cased where the text spells
/// them in lower case (a warning for each, naming the key meant).
#[test]
fn pygomo_plays_through_the_spy_unchanged_and_its_faults_are_named() {
    let Some(python) = common::pygomo_or_skip() else {
        return;
    };
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/pygomo_game.py");
    let brain = common::reference_engine("pbrain-arbiter");
    let play = |command: &[&std::ffi::OsStr]| {
        let out = Command::new(&python)
            .arg(&client)
            .arg("--")
            .args(command)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let direct = play(&[brain.as_os_str()]);
    let report = temp_dir("pygomo").join("report.json");
    let spied = play(&[
        arbiter_binary().as_os_str(),
        "spy".as_ref(),
        "--protocol".as_ref(),
        "gomocup".as_ref(),
        "--report".as_ref(),
        report.as_os_str(),
        "--".as_ref(),
        brain.as_os_str(),
    ]);
    assert_eq!(spied, direct, "the spy changed the game");
    assert_eq!(direct.split_whitespace().count(), 5, "{direct}");
    let report: Report = report_at(&report);
    assert_eq!(findings(&report, "engine"), vec![]);
    let warn = |key: &str| {
        (
            "gomocup.gui.info.form".to_owned(),
            "warn".to_owned(),
            "gomocup-r58".to_owned(),
            key.to_owned(),
        )
    };
    let mut found: Vec<(String, String, String, String)> = outcomes(&report)
        .iter()
        .filter(|o| o.side == Side::Gui && o.grade != Grade::Pass)
        .map(|o| {
            let message = o.message.as_str();
            let key = message
                .split_once("spells this key `")
                .and_then(|(_, rest)| rest.split_once('`'))
                .map_or("", |(key, _)| key);
            (
                o.check.to_string(),
                o.grade.as_str().to_owned(),
                o.requirements[0].to_string(),
                key.to_owned(),
            )
        })
        .collect();
    found.sort();
    let mut expected = vec![
        (
            "gomocup.gui.command.line-end".to_owned(),
            "fail".to_owned(),
            "gomocup-r07".to_owned(),
            String::new(),
        ),
        // The fourth, `INFO RULE`, is folded into the third: a report shows three of a kind.
        warn("time_left"),
        warn("timeout_match"),
        warn("timeout_turn"),
    ];
    expected.sort();
    assert_eq!(found, expected);
    assert!(
        outcomes(&report)
            .iter()
            .any(|o| o.message.ends_with("(and 1 more like this)")),
        "the fourth upper-cased key is counted"
    );
}

/// python-chess, a real GUI-side client, against the stand-in: certified by `uci-gui`, with
/// the stand-in offering an option under the reserved `UCI_` prefix that no GUI knows, which
/// python-chess leaves alone (uci-r144).
#[test]
fn python_chess_is_certified_against_the_stand_in() {
    let Some(python) = common::python_chess_or_skip() else {
        return;
    };
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/python_chess_game.py");
    let dir = temp_dir("python-chess-stand-in");
    let report = dir.join("certification.json");
    let out = Command::new(&python)
        .arg(&client)
        .args(["10", "--"])
        .arg(arbiter_binary())
        .args([
            "stand-in",
            "--protocol",
            "uci",
            "--profile",
            "uci-gui",
            "--behaviour",
            "unknown-reserved-option",
            "--report",
        ])
        .arg(&report)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let certification: Certification = report_at(&report);
    assert_eq!(certification.verdict, Verdict::Pass, "{certification:#?}");
    let passed = certification
        .required
        .iter()
        .filter(|v| v.verdict == Verdict::Pass)
        .count();
    assert!(passed >= 20, "only {passed} required rows judged");
    assert!(
        certification
            .also_exercised
            .iter()
            .any(|v| v.requirement.id.to_string() == "uci-r144" && v.verdict == Verdict::Pass),
        "uci-r144 not judged: {certification:#?}"
    );
}

/// python-chess plays its game against the fuzzed stand-in, for two seeds: whatever delays,
/// report floods and ponder moves are drawn, the game runs to its end and nothing is found on
/// either side (a drawn choice that made python-chess fail, or broke the text, would show).
#[test]
fn python_chess_plays_against_the_fuzzed_stand_in() {
    let Some(python) = common::python_chess_or_skip() else {
        return;
    };
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/python_chess_game.py");
    let problems = common::run_rows(&[21_u64, 22], |seed| {
        let report = temp_dir(&format!("python-chess-fuzz-{seed}")).join("report.json");
        let out = Command::new(&python)
            .arg(&client)
            .args(["10", "--"])
            .arg(arbiter_binary())
            .args(["stand-in", "--protocol", "uci", "--fuzz"])
            .arg(seed.to_string())
            .arg("--report")
            .arg(&report)
            .output()
            .unwrap();
        if !out.status.success() {
            return vec![format!(
                "--fuzz {seed}: python-chess failed: {}",
                String::from_utf8_lossy(&out.stderr)
            )];
        }
        let moves = String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .count();
        let report: Report = report_at(&report);
        let mut problems = Vec::new();
        if moves != 10 {
            problems.push(format!("--fuzz {seed}: {moves} moves played"));
        }
        for side in ["gui", "engine"] {
            let found = findings(&report, side);
            if !found.is_empty() {
                problems.push(format!("--fuzz {seed}: {side}-side findings {found:?}"));
            }
        }
        let ponder_moves = report.runs[0]
            .transcript
            .entries
            .iter()
            .filter(|e| e.text.starts_with("bestmove") && e.text.contains(" ponder "))
            .count();
        if ponder_moves == 0 {
            problems.push(format!("--fuzz {seed}: no ponder move was ever named"));
        }
        problems
    });
    assert!(problems.is_empty(), "{problems:#?}");
}
