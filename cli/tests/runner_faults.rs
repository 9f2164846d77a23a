//! `arbiter run` against the deliberately faulty fixture engine (`examples/faulty_engine/`):
//! each fault is caught by the check that names it, with the grade the spec text justifies,
//! and the well-behaved modes pass. The faults are a table: one row per fixture run.

use crate::common;

use arbiter::check::Grade;
use arbiter::report::Report;

use common::{arbiter, fixture_engine, fixture_run, json_report, run_rows};

/// One fixture run and what its report must show.
struct Fault {
    protocol: &'static str,
    fault: &'static str,
    scenario: &'static str,
    /// Extra `arbiter run` arguments.
    extra: &'static [&'static str],
    /// Check ids and the grade each must give (at least once).
    caught: &'static [(&'static str, &'static str)],
    /// The exit status of `arbiter run`.
    status: i32,
    /// Why this is the right verdict.
    why: &'static str,
}

#[rustfmt::skip]
const FAULTS: &[Fault] = &[
    Fault { protocol: "ucci", fault: "late-handshake", scenario: "ucci/handshake", extra: &[],
        caught: &[("ucci/handshake:ucciok", "warn")], status: 0,
        why: "ucciok after the harness's 2 s: the text gives no bound (A22), so late only warns" },
    Fault { protocol: "uci", fault: "no-readyok-while-searching", scenario: "uci/infinite", extra: &[],
        caught: &[("uci/infinite:readyok", "warn")], status: 1,
        why: "UCI: readyok even while thinking, 'immediately' (uci-r32), a word with no figure: \
              missing past the harness's 1 s it is not judged, and the run cannot pass" },
    Fault { protocol: "ucci", fault: "no-readyok-while-searching", scenario: "ucci/stop", extra: &[],
        caught: &[("ucci.isready.readyok", "warn")], status: 0,
        why: "UCCI gives isready no state (ucci A18): a warning, as the scenario's `should`" },
    Fault { protocol: "ucci", fault: "bestmove-while-pondering", scenario: "ucci/ponder",
        extra: &["--time-scale", "0.3"],
        caught: &[("ucci.ponder.no-result-before-ponderhit", "warn")], status: 0,
        why: "the texts do not say whether a pondering engine may finish by itself (ucci A19): a warning" },
    Fault { protocol: "ucci", fault: "illegal-bestmove", scenario: "ucci/search", extra: &[],
        caught: &[("ucci.bestmove.legal", "fail")], status: 1, why: "ucci-r100" },
    Fault { protocol: "uci", fault: "illegal-bestmove", scenario: "uci/search", extra: &[],
        caught: &[("uci.bestmove.legal", "fail")], status: 1, why: "uci-r86" },
    Fault { protocol: "ucci", fault: "illegal-ponder", scenario: "ucci/search", extra: &[],
        caught: &[("ucci.ponder-move.legal", "warn")], status: 0,
        why: "UCCI only recommends a legal ponder guess (ucci-r102)" },
    Fault { protocol: "ucci", fault: "illegal-pv", scenario: "ucci/search", extra: &[],
        caught: &[("ucci.pv.legal", "warn")], status: 0,
        why: "UCCI only recommends a legal pv (ucci-r83)" },
    Fault { protocol: "uci", fault: "illegal-ponder", scenario: "uci/search", extra: &[],
        caught: &[("uci.ponder-move.legal", "fail")], status: 1,
        why: "the catalogue reads legality into the ponder move (remark 32)" },
    Fault { protocol: "uci", fault: "illegal-pv", scenario: "uci/search", extra: &[],
        caught: &[("uci.pv.legal", "warn")], status: 0,
        why: "a pv move after the first may come from a stale hash table (remark 32)" },
    Fault { protocol: "uci", fault: "unterminated-line", scenario: "uci/quit", extra: &[],
        caught: &[("uci.output.line-end", "fail")], status: 1,
        why: "every line the engine outputs ends with \\n (uci-r07)" },
    Fault { protocol: "ucci", fault: "unterminated-line", scenario: "ucci/quit", extra: &[],
        caught: &[("ucci.output.line-end", "warn")], status: 0,
        why: "UCCI says only that a reply is one line (ucci-r05)" },
    Fault { protocol: "uci", fault: "bad-options", scenario: "uci/handshake", extra: &[],
        caught: &[("uci.option.default-in-range", "fail"), ("uci.option.paired", "fail")],
        status: 1, why: "uci-r179/r186, and UCI_LimitStrength with UCI_Elo (uci-r163)" },
    Fault { protocol: "ucci", fault: "bad-options", scenario: "ucci/handshake", extra: &[],
        caught: &[("ucci.option.default-in-range", "warn"), ("ucci.handshake.id-first", "warn")],
        status: 0, why: "the UCCI catalogue grades both as warnings (ucci-r24, ucci-r46)" },
    Fault { protocol: "ucci", fault: "plays-banned-move", scenario: "ucci/banmoves", extra: &[],
        caught: &[("ucci.bestmove.not-banned", "fail")], status: 1, why: "ucci-r60" },
    Fault { protocol: "ucci", fault: "no-bestmove-after-stop", scenario: "ucci/stop", extra: &[],
        caught: &[("ucci/stop:bestmove|nobestmove ...", "warn")], status: 1,
        why: "the reply to stop has no figure (ucci-r96: as fast as possible): not judged past \
              the harness's wait, and the run cannot pass" },
    Fault { protocol: "ucci", fault: "crash-mid-search", scenario: "ucci/search", extra: &[],
        caught: &[("ucci.process.unexpected-exit", "fail")],
        status: 1, why: "a crash is the one finding (the search it left unanswered is not a second), and the report is still written" },
    Fault { protocol: "ucci", fault: "hang-on-quit", scenario: "ucci/quit", extra: &[],
        caught: &[("ucci.quit.exit", "warn")], status: 0,
        why: "killed after the harness's grace: ucci-r118's 'at once' gives no figure" },
    Fault { protocol: "ucci", fault: "no-bye", scenario: "ucci/quit", extra: &[],
        caught: &[("ucci.quit.bye", "fail")], status: 1, why: "ucci-r117, ucci-r134" },
    Fault { protocol: "ucci", fault: "flood", scenario: "ucci/search", extra: &[],
        caught: &[("ucci.output.flood", "warn")], status: 0,
        why: "the texts set no limit: every line is judged, the transcript keeps head and tail" },
    Fault { protocol: "ucci", fault: "garbage", scenario: "ucci/search", extra: &[],
        caught: &[("ucci.output.text", "fail")], status: 1, why: "replies are text (ucci-r03)" },
    Fault { protocol: "gomocup", fault: "occupied-point", scenario: "gomocup/game", extra: &[],
        caught: &[("gomocup.move.legal", "fail")], status: 1, why: "gomocup-r42" },
    Fault { protocol: "gomocup", fault: "colours-by-alternation", scenario: "gomocup/board-colours",
        extra: &[], caught: &[("gomocup/board-colours:/(4|9)\\s*,\\s*5/", "warn")], status: 0,
        why: "it completes the opponent's four, read as its own: the field's row (gomocup-r51), \
              a warning since the text does not oblige a brain to win" },
    Fault { protocol: "uci", fault: "one-line-per-wakeup", scenario: "uci/one-write", extra: &[],
        caught: &[("uci.input.held", "fail")], status: 1,
        why: "go, written with position, was left unread until a later write (uci-r05)" },
    Fault { protocol: "ucci", fault: "one-line-per-wakeup", scenario: "ucci/one-write", extra: &[],
        caught: &[("ucci.input.held", "fail")], status: 1,
        why: "a public UCCI engine's select() and fgets(): go left unread (ucci-r04)" },
    Fault { protocol: "agi", fault: "one-line-per-wakeup", scenario: "agi/one-write", extra: &[],
        caught: &[("agi.input.held", "fail")], status: 1,
        why: "GO left unread until a later write (agi-r05)" },
    Fault { protocol: "uci", fault: "read-is-a-command", scenario: "uci/cut-write", extra: &[],
        caught: &[("uci.input.cut-line", "fail")], status: 1,
        why: "go came in two reads and was taken for two unknown words: never answered, where \
              the same go written whole was and isready after it was (uci-r06)" },
    Fault { protocol: "ucci", fault: "read-is-a-command", scenario: "ucci/cut-write", extra: &[],
        caught: &[("ucci.input.cut-line", "fail")], status: 1,
        why: "as for UCI (ucci-r05: one line, one command)" },
    Fault { protocol: "agi", fault: "read-is-a-command", scenario: "agi/cut-write", extra: &[],
        caught: &[("agi.input.cut-line", "fail")], status: 1,
        why: "as for UCI (agi-r02: commands end at their line feed)" },
    Fault { protocol: "gomocup", fault: "read-is-a-command", scenario: "gomocup/cut-write", extra: &[],
        caught: &[("gomocup.input.cut-line", "fail")], status: 1,
        why: "TURN came in two reads, each answered UNKNOWN: no move, where the whole TURN got one \
              (gomocup-r06)" },
    Fault { protocol: "gomocup", fault: "unknown-with-colon", scenario: "gomocup/rectstart", extra: &[],
        caught: &[("gomocup.answer.spelling", "warn"), ("gomocup/rectstart:OK|ERROR|UNKNOWN ...", "pass")],
        status: 0,
        why: "AIA gomoku 2019's `UNKNOWN: ...`: an UNKNOWN, its glued colon a spelling the text \
              leaves open (gomocup-r119), so RECTSTART is answered (r107, r119)" },
    Fault { protocol: "gomocup", fault: "unknown-with-colon", scenario: "gomocup/game", extra: &[],
        caught: &[("gomocup.info.no-reply", "fail")], status: 1,
        why: "its `UNKNOWN: ...` to every INFO answers what has no reply (gomocup-r92)" },
    Fault { protocol: "gomocup", fault: "output-after-end", scenario: "gomocup/game", extra: &[],
        caught: &[("gomocup.end.no-output", "warn")], status: 0, why: "should (gomocup-r95)" },
];

/// Runs `arbiter run` with a JSON report; returns the exit status and the report.
fn run(protocol: &str, fault: &str, scenarios: &[&str], extra: &[&str]) -> (i32, Report) {
    json_report(fixture_run(protocol, fault).args(extra).args(scenarios))
}

/// The grades the report gives a check id, in order.
fn grades(report: &Report, check: &str) -> Vec<String> {
    let check = crate::common::check_ref(check);
    report
        .runs
        .iter()
        .flat_map(|run| &run.outcomes)
        .filter(|o| o.check == check)
        .map(|o| o.grade.as_str().to_owned())
        .collect()
}

#[test]
fn every_fault_is_caught_by_its_check_with_the_grade_the_text_justifies() {
    let problems = run_rows(FAULTS, |f| {
        let (code, report) = run(f.protocol, f.fault, &[f.scenario], f.extra);
        let mut problems = Vec::new();
        for (check, grade) in f.caught {
            let got = grades(&report, check);
            if !got.iter().any(|g| g == grade) {
                problems.push(format!(
                    "{}/{}: expected {check} = {grade} ({}), got {got:?}",
                    f.protocol, f.fault, f.why
                ));
            }
        }
        if code != f.status {
            problems.push(format!(
                "{}/{}: exit status {code}, expected {}\n{report:#?}",
                f.protocol, f.fault, f.status
            ));
        }
        problems
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// An engine that takes each read for whole lines, against each protocol's cut command: the
/// one finding is `input.cut-line`, failed; the replies it kept from coming, and the steps the
/// scenario could not play after them, are blocked by it, none failed or warned on its own.
#[test]
fn a_command_read_in_two_pieces_is_one_finding_that_blocks_what_it_kept() {
    let protocols = ["uci", "ucci", "agi", "gomocup"];
    let problems = run_rows(&protocols, |protocol| {
        let scenario = format!("{protocol}/cut-write");
        let (code, report) = run(protocol, "read-is-a-command", &[scenario.as_str()], &[]);
        let run = &report.runs[0];
        let finding = crate::common::check_ref(&format!("{protocol}.input.cut-line"));
        let mut problems = Vec::new();
        let failed: Vec<String> = run
            .outcomes
            .iter()
            .filter(|o| o.grade != Grade::Pass)
            .map(|o| format!("{} {}", o.check, o.grade.as_str()))
            .collect();
        if failed != [format!("{finding} fail")] {
            problems.push(format!(
                "{protocol}: findings {failed:?}, expected the cut line alone"
            ));
        }
        if run.blocked.is_empty() || run.blocked.iter().any(|b| b.by.check != finding) {
            problems.push(format!("{protocol}: blocked {:#?}", run.blocked));
        }
        if code != 1 {
            problems.push(format!("{protocol}: exit status {code}"));
        }
        problems
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
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
            "ucci/one-write",
            "ucci/cut-write",
        ],
    ),
    (
        "gomocup",
        &[
            "gomocup/game",
            "gomocup/board",
            "gomocup/unknown",
            "gomocup/cut-write",
        ],
    ),
    (
        "agi",
        &[
            "agi/exchange",
            "agi/lower-case",
            "agi/thinking",
            "agi/one-write",
            "agi/cut-write",
        ],
    ),
];

/// The grades and cited rows of a check's outcomes in the report.
fn cited(report: &Report, check: &str) -> Vec<(String, Vec<String>)> {
    let check = crate::common::check_ref(check);
    report
        .runs
        .iter()
        .flat_map(|run| &run.outcomes)
        .filter(|o| o.check == check && o.grade != Grade::Pass)
        .map(|o| {
            let rows = o.requirements.iter().map(ToString::to_string).collect();
            (o.grade.as_str().to_owned(), rows)
        })
        .collect()
}

/// A position where either side may castle either way, searched once for each side; the
/// scenario asks only for a best move, so it is the built-in checks that judge its notation.
const CASTLING: &str = "protocol: uci
game: chess
title: castling written by the engine
spec: uci.ru.txt, «Формат ходов»
cites: uci-r19
> uci
< uciok (within 2000 ms)
> position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
> go depth 1
< bestmove ... (within 2000 ms)
> position fen r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1
> go depth 1
< bestmove ... (within 2000 ms)
> quit
";

/// How the engine writes its moves, rather than which: castling as the king taking its rook
/// is ruled out by the text (uci-r19), upper case only departs from its examples (uci-r18,
/// ucci-r17 and ucci A13), so it warns.
#[test]
fn moves_written_outside_the_notation_are_caught_with_their_row() {
    let dir = crate::common::scratch_root().join("castling");
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("castling.scenario");
    std::fs::write(&scenario, CASTLING).unwrap();
    let scenario = scenario.display().to_string();
    let rows = [
        (
            "uci",
            "castles-as-king-takes-rook",
            scenario.as_str(),
            "fail",
            "uci-r19",
            1,
        ),
        (
            "uci",
            "upper-case-moves",
            "uci/search",
            "warn",
            "uci-r18",
            0,
        ),
        (
            "ucci",
            "upper-case-moves",
            "ucci/search",
            "warn",
            "ucci-r17",
            0,
        ),
    ];
    let problems = run_rows(&rows, |&(protocol, fault, scenario, grade, row, status)| {
        let (code, report) = run(protocol, fault, &[scenario], &[]);
        let check = format!("{protocol}.move.notation");
        let found = cited(&report, &check);
        let mut problems = Vec::new();
        if found.is_empty() || found.iter().any(|(g, r)| g != grade || r != &[row]) {
            problems.push(format!(
                "{protocol}/{fault}: expected {check} = {grade} citing {row}, got {found:?}"
            ));
        }
        // The move meant is judged as usual: it is legal.
        if !cited(&report, &format!("{protocol}.bestmove.legal")).is_empty() {
            problems.push(format!(
                "{protocol}/{fault}: a legal move was failed\n{report:#?}"
            ));
        }
        if code != status {
            problems.push(format!(
                "{protocol}/{fault}: exit status {code}, expected {status}\n{report:#?}"
            ));
        }
        problems
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_well_behaved_fixture_passes_the_whole_uci_library_and_the_core_of_the_others() {
    // Arbiter ships no chess engine: the fixture is the UCI library's conforming engine.
    let (code, report) = crate::common::plain_fixture_library("uci");
    assert_eq!(*code, 0, "uci: {report:#?}");
    assert_eq!(report.summary.checks_failed, 0);
    for (protocol, scenarios) in CORE {
        let (code, report) = run(protocol, "none", scenarios, &[]);
        assert_eq!(code, 0, "{protocol}: {report:#?}");
        assert_eq!(report.summary.checks_failed, 0);
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
        assert_eq!(code, 0, "{protocol}/{fault}: {report:#?}");
    }
}

#[test]
fn a_missing_engine_is_one_clear_error_before_anything_runs() {
    for (engine, says) in [
        ("/nonexistent/engine", "no such file"),
        ("/tmp", "is a directory, not a program"),
        ("no-such-engine-on-path", "not found on PATH"),
    ] {
        let output = arbiter()
            .args([
                "run",
                "--protocol",
                "ucci",
                "--format",
                "json",
                "--engine",
                engine,
            ])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{engine}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            stderr.lines().count(),
            1,
            "{engine}: one error, not one per scenario: {stderr}"
        );
        assert!(stderr.contains(says), "{engine}: {stderr}");
    }
}

#[test]
fn a_bad_scenario_file_is_a_usage_error_naming_the_line() {
    let dir = crate::common::scratch_root().join("bad-scenario");
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
