//! `arbiter fuzz` end to end: it finds faults that only a sequence of commands shows (the
//! fixture's sequence faults, which no scenario of the library provokes), shrinks each to a short
//! scenario that `arbiter run` fails the same way, and finds nothing in conforming engines: the
//! reference engines in all four protocols and, under CI, the real peers.

use crate::common;

use std::path::{Path, PathBuf};

use arbiter::fuzz::report::{FailureSummary, FuzzReport};
use arbiter::fuzz::{CutBy, CutDuring, CutShort};
use common::{arbiter, fixture_engine, json_report, peer_or_skip, reference_engine, run_rows};

/// A test that fuzzes clean engines runs four at once (two rows, two cases each) and they
/// search: it takes a share of the processor for each.
fn four_searching_engines() -> common::processor::Shares {
    common::processor::share(4)
}

/// The seed every test here uses: the same seed generates the same cases.
const SEED: &str = "7";

/// A fixture fault, the protocol it is in, and the check and row it must be reported under.
struct SequenceFault {
    protocol: &'static str,
    fault: &'static str,
    check: &'static str,
    requirement: &'static str,
    /// Cases enough to find it with the seed (the issue asks for at most 300).
    cases: &'static str,
}

#[rustfmt::skip]
const SEQUENCE_FAULTS: [SequenceFault; 15] = [
    // One command in one state: `isready` while pondering, in UCI and in UCCI's second ponder
    // search (whose lost result is the failure there: a silent `readyok` mid-search only warns
    // under UCCI, A18), a `BOARD` right after `TAKEBACK`, AGI `ISREADY` while pondering with
    // background thinking on by default.
    SequenceFault { protocol: "uci", fault: "isready-while-pondering",
        check: "fuzz:readyok while thinking", requirement: "uci-r05", cases: "10" },
    SequenceFault { protocol: "ucci", fault: "isready-in-second-ponder",
        check: "fuzz:result after stop", requirement: "ucci-r95", cases: "40" },
    SequenceFault { protocol: "gomocup", fault: "occupied-point-after-takeback",
        check: "gomocup.move.legal", requirement: "gomocup-r57", cases: "10" },
    SequenceFault { protocol: "agi", fault: "isready-while-pondering-by-default",
        check: "fuzz:READYOK", requirement: "agi-r52", cases: "10" },
    // Sequences of several commands.
    SequenceFault { protocol: "uci", fault: "illegal-ponder-after-setoption",
        check: "uci.ponder-move.legal", requirement: "uci-r87", cases: "10" },
    SequenceFault { protocol: "ucci", fault: "banned-move-on-stop",
        check: "ucci.bestmove.not-banned", requirement: "ucci-r60", cases: "40" },
    SequenceFault { protocol: "gomocup", fault: "off-board-after-edge-board",
        check: "gomocup.move.legal", requirement: "gomocup-r57", cases: "5" },
    SequenceFault { protocol: "agi", fault: "silent-stop-after-setrule",
        check: "fuzz:BESTMOVE after STOP", requirement: "agi-r79", cases: "10" },
    // Reachable only by going on after the brain accepted an optional command: the first TURN
    // of a game RESTART began.
    SequenceFault { protocol: "gomocup", fault: "occupied-point-after-restart",
        check: "gomocup.move.legal", requirement: "gomocup-r42", cases: "20" },
    // Reachable only by going on after the brain accepted `TAKEBACK`, with the brain to move:
    // a `BEGIN` on the board the take-back emptied.
    SequenceFault { protocol: "gomocup", fault: "off-board-begin-after-takeback",
        check: "gomocup.move.legal", requirement: "gomocup-r44", cases: "200" },
    // Reachable only by setting an option the engine's handshake offered (`style`).
    SequenceFault { protocol: "ucci", fault: "illegal-after-offered-style",
        check: "ucci.bestmove.legal", requirement: "ucci-r100", cases: "5" },
    // A reply missing after three of one command: shrinking waits for it only as long as the
    // engine's pace in the failing run needs.
    SequenceFault { protocol: "uci", fault: "no-readyok-after-third-newgame",
        check: "fuzz:readyok", requirement: "uci-r31", cases: "60" },
    SequenceFault { protocol: "ucci", fault: "no-readyok-after-third-probe",
        check: "fuzz:readyok", requirement: "ucci-r49", cases: "10" },
    SequenceFault { protocol: "gomocup", fault: "silent-third-about",
        check: "fuzz:answer to ABOUT", requirement: "gomocup-r98", cases: "5" },
    SequenceFault { protocol: "agi", fault: "no-readyok-after-third-setoption",
        check: "fuzz:READYOK", requirement: "agi-r52", cases: "30" },
];

fn fuzz_json(args: &[&str], repro: &Path) -> (i32, FuzzReport) {
    let mut command = arbiter();
    command.arg("fuzz").args(args);
    // The suite's seed, unless the row chose its own.
    if !args.contains(&"--seed") {
        command.args(["--seed", SEED]);
    }
    json_report(command.args(["--format", "json", "--repro"]).arg(repro))
}

fn repro_dir(name: &str) -> PathBuf {
    let dir = crate::common::scratch_root().join(format!("fuzz-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// What is wrong with one fault's fuzzing, if anything.
fn find_and_reproduce(fault: &SequenceFault) -> Vec<String> {
    let engine = fixture_engine();
    let engine = engine.to_str().unwrap();
    let repro = repro_dir(fault.fault);
    // The same engine and bounds for fuzzing and for the replay. A missing reply waits out its
    // bound on every shrinking run: a twentieth of each bound keeps the test quick, and the
    // fixture answers at once when it answers at all.
    let engine_args = [
        "--protocol",
        fault.protocol,
        "--engine",
        engine,
        "--engine-arg",
        fault.protocol,
        "--engine-arg",
        fault.fault,
        "--time-scale",
        "0.05",
    ];
    let (code, report) = fuzz_json(
        &[&engine_args[..], &["--cases", fault.cases]].concat(),
        &repro,
    );
    let name = fault.fault;
    if code != 1 {
        return vec![format!("{name}: fuzz exited {code}, not 1: {report:#?}")];
    }
    let failures = &report.failures;
    let Some(found) = failures.iter().find(|f| f.check == fault.check) else {
        return vec![format!("{name}: {} not among {failures:#?}", fault.check)];
    };
    let mut problems = Vec::new();
    let cites: Vec<String> = found.requirements.iter().map(ToString::to_string).collect();
    if !cites.iter().any(|c| c == fault.requirement) {
        problems.push(format!(
            "{name}: cites {cites:?}, not {}",
            fault.requirement
        ));
    }
    let commands = found.commands;
    if commands > 12 {
        problems.push(format!(
            "{name}: shrunk to {commands} commands, more than 12"
        ));
    }
    if found.replays_failed != found.replays {
        problems.push(format!(
            "{name}: a deterministic fault replayed as flaky: {found:?}"
        ));
    }
    // When it was found and how long its shrinking took are within the run's time, and a
    // shrink that ran the engine took time.
    if found.found_after_ms + found.shrink_ms > report.elapsed_ms
        || (found.shrink_runs > 0 && found.shrink_ms == 0)
    {
        problems.push(format!(
            "{name}: found after {} ms, shrunk in {} ms, of a {} ms run",
            found.found_after_ms, found.shrink_ms, report.elapsed_ms
        ));
    }
    let file = PathBuf::from(&found.file);
    let Ok(text) = std::fs::read_to_string(&file) else {
        problems.push(format!("{name}: no reproduction at {}", file.display()));
        return problems;
    };
    if !text.contains(&format!("--seed {SEED}")) {
        problems.push(format!(
            "{name}: the file does not say how it was found:\n{text}"
        ));
    }
    // The reproduction is an ordinary scenario: `arbiter run` fails the same check on it.
    let (code, run): (i32, arbiter::report::Report) = json_report(
        arbiter()
            .arg("run")
            .args(engine_args)
            .args(["--format", "json"])
            .arg(&file),
    );
    let failed: Vec<String> = run
        .runs
        .first()
        .map(|r| {
            r.outcomes
                .iter()
                .filter(|o| o.grade == arbiter::check::Grade::Fail)
                .map(|o| o.check.to_string())
                .collect()
        })
        .unwrap_or_default();
    if code != 1 || !failed.iter().any(|c| same_check(c, fault.check)) {
        problems.push(format!(
            "{name}: `arbiter run` on the reproduction exited {code} failing {failed:?}:\n{text}"
        ));
    }
    let _ = std::fs::remove_dir_all(&repro);
    problems
}

/// A step's check is reported under the scenario that holds it (`<file>:<label>`, numbered
/// `<label> #2` where a label comes twice), the fuzzer's under `fuzz:<label>`; a built-in check
/// under its id in both.
fn same_check(reported: &str, expected: &str) -> bool {
    match expected.strip_prefix("fuzz:") {
        Some(label) => {
            let unnumbered = reported.split(" #").next().unwrap_or(reported);
            unnumbered.ends_with(&format!(":{label}"))
        }
        None => reported == expected,
    }
}

#[test]
fn each_sequence_fault_is_found_shrunk_and_reproduced() {
    // No share of the processor: a hunt's two fixtures at once answer at once or never, so it
    // waits out bounds (scaled to a twentieth, 150 ms at the least) far more than it computes,
    // about a second of processor time a minute, and loads nobody.
    let problems = run_rows(&SEQUENCE_FAULTS, find_and_reproduce);
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// An engine under `--cases N`: no failure but the `known` ones (checks it fails in its
/// certification too, pinned in the peers' snapshots), nothing written when there is none, and
/// with `every_pair`, every (state, command) pair the text allows reached, and every
/// (state, command, answer) triple whose answer is one of those the engine `gives` to a
/// command it may accept or refuse.
fn passes(
    name: &str,
    args: &[&str],
    known: &[&str],
    cases: u32,
    every_pair: bool,
    gives: &[&str],
) -> Vec<String> {
    passes_with_report(name, args, known, cases, every_pair, gives).0
}

/// As [`passes`], with the run's report.
fn passes_with_report(
    name: &str,
    args: &[&str],
    known: &[&str],
    cases: u32,
    every_pair: bool,
    gives: &[&str],
) -> (Vec<String>, FuzzReport) {
    let repro = repro_dir(name);
    let mut all = args.to_vec();
    let count = cases.to_string();
    // Two cases at once per row, and two rows at once: no more engines than a two-core machine
    // runs without stretching a conforming engine's reply times.
    all.extend(["--cases", &count, "--jobs", "2"]);
    let (code, report) = fuzz_json(&all, &repro);
    let mut problems = Vec::new();
    let failures = &report.failures;
    let unexpected: Vec<&FailureSummary> = failures
        .iter()
        .filter(|f| !known.iter().any(|k| f.check == *k))
        .collect();
    if !unexpected.is_empty() {
        let runs = serde_json::to_string_pretty(&report.report).unwrap_or_default();
        problems.push(format!("{name}: a false failure: {unexpected:#?}\n{runs}"));
    }
    let expected_code = if failures.is_empty() { 0 } else { 1 };
    if code != expected_code {
        problems.push(format!("{name}: exit {code}, not {expected_code}"));
    }
    if report.cases != cases {
        problems.push(format!("{name}: ran {} cases, not {cases}", report.cases));
    }
    let unreached: Vec<String> = report
        .coverage
        .unreached()
        .map(|c| format!("{} × {}", c.state, c.command))
        .collect();
    if every_pair && (!unreached.is_empty() || report.coverage.allowed() == 0) {
        problems.push(format!("{name}: {cases} cases never reached {unreached:?}"));
    }
    let unanswered: Vec<String> = report
        .coverage
        .unanswered()
        .filter(|(_, a)| gives.contains(&a.answer.as_str()))
        .map(|(c, a)| format!("{} × {} → {}", c.state, c.command, a.answer))
        .collect();
    if every_pair && !unanswered.is_empty() {
        problems.push(format!(
            "{name}: {cases} cases never reached {unanswered:?}"
        ));
    }
    if failures.is_empty() && repro.exists() {
        problems.push(format!(
            "{name}: wrote {} with nothing to reproduce",
            repro.display()
        ));
    }
    let _ = std::fs::remove_dir_all(&repro);
    (problems, report)
}

/// Each reference engine passes its cases and reaches every allowed pair: 100 cases for each
/// but Gomocup's, whose state after an accepted `TAKEBACK` is reached only through two
/// optional commands in a row (the brain's opening stone taken back, then `BEGIN`), which the
/// issue asks of 300 cases at most. Its row takes seed 1, which reaches that state within 120
/// (the suite's seed 7 needs 200: the test pins a seed's reach, not a bound on every seed's).
#[test]
fn the_reference_engines_pass_their_cases_reaching_every_allowed_pair_in_every_protocol() {
    let _cpu = four_searching_engines();
    let xiangqi = reference_engine("arbiter-xiangqi");
    let gomoku = reference_engine("pbrain-arbiter");
    let (xiangqi, gomoku) = (xiangqi.to_str().unwrap(), gomoku.to_str().unwrap());
    let rows: [(&str, Vec<&str>, u32); 4] = [
        ("ucci", vec!["--protocol", "ucci", "--engine", xiangqi], 100),
        (
            "uci-xiangqi",
            vec![
                "--protocol",
                "uci",
                "--game",
                "xiangqi",
                "--engine",
                xiangqi,
            ],
            100,
        ),
        (
            "gomocup",
            vec!["--protocol", "gomocup", "--engine", gomoku, "--seed", "1"],
            120,
        ),
        ("agi", vec!["--protocol", "agi", "--engine", gomoku], 100),
    ];
    // The reference brain implements both of Gomocup's optional commands the model sends:
    // `OK` to each, in every state the text lets them come.
    let problems = run_rows(&rows, |(name, args, cases)| {
        passes(name, args, &[], *cases, true, &["OK"])
    });
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// The other answer to each of Gomocup's optional commands: the fixture without a fault
/// declines `TAKEBACK` (`UNKNOWN`) and accepts `RESTART`; `declines-restart` declines both.
/// Every (state, command, answer) triple of the table is reached by one of them, and a
/// decliner is never sent the new game's commands, so it passes. Every allowed pair is reached
/// but those of the state only an accepted `TAKEBACK` leads to, which neither reaches.
#[test]
fn the_fixture_s_refusals_reach_the_other_answer_triples() {
    let engine = fixture_engine();
    let rows = ["none", "declines-restart"];
    let problems = run_rows(&rows, |fault| {
        let args = [
            "--protocol",
            "gomocup",
            "--engine",
            engine.to_str().unwrap(),
            "--engine-arg",
            "gomocup",
            "--engine-arg",
            fault,
            "--time-scale",
            "0.05",
        ];
        // What each answers: the fixture implements RESTART unless told to decline it, and
        // TAKEBACK only for the fault that acts after it.
        let (mut problems, report) = passes_with_report(fault, &args, &[], 100, false, &[]);
        for cell in report.coverage.unreached() {
            if cell.state != "brain to move" {
                problems.push(format!("{fault}: never {} × {}", cell.state, cell.command));
            }
        }
        let mut accepted = report
            .coverage
            .cells
            .iter()
            .filter(|c| c.state == "brain to move");
        if let Some(cell) = accepted.find(|c| c.count > 0) {
            problems.push(format!(
                "{fault}: {} × {} reached, though it refuses TAKEBACK",
                cell.state, cell.command
            ));
        }
        let answered = |state: &str, command: &str, answer: &str| {
            report.coverage.cells.iter().any(|c| {
                c.state == state
                    && c.command == command
                    && c.answers.iter().any(|a| a.answer == answer && a.count > 0)
            })
        };
        let restart = if *fault == "none" { "OK" } else { "UNKNOWN" };
        for (state, command, answer) in [
            ("in game", "TAKEBACK", "UNKNOWN"),
            ("in game", "RESTART", restart),
            ("new game", "RESTART", restart),
        ] {
            if !answered(state, command, answer) {
                problems.push(format!("{fault}: never {state} × {command} → {answer}"));
            }
        }
        problems
    });
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn the_real_peers_pass_100_cases() {
    let (Some(stockfish), Some(fairy)) =
        (peer_or_skip("stockfish"), peer_or_skip("fairy-stockfish"))
    else {
        return;
    };
    let _cpu = four_searching_engines();
    let (stockfish, fairy) = (stockfish.to_str().unwrap(), fairy.to_str().unwrap());
    // Fairy-Stockfish never answers `quit` with `bye` (ucci-r117, ucci-r134 fail in its
    // certification too): a true finding, found in the first case, and the only one allowed.
    let rows: [(&str, Vec<&str>, &[&str]); 2] = [
        (
            "stockfish",
            vec!["--protocol", "uci", "--engine", stockfish],
            &[],
        ),
        (
            "fairy-stockfish",
            vec!["--protocol", "ucci", "--engine", fairy],
            &["ucci.quit.bye"],
        ),
    ];
    let problems = run_rows(&rows, |(name, args, known)| {
        passes(name, args, known, 100, false, &[])
    });
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// Out-of-contract input: a conforming engine may answer it or ignore it, and passes.
#[test]
fn robustness_mode_passes_an_engine_that_survives_bad_input() {
    let _cpu = four_searching_engines();
    let engine = reference_engine("arbiter-xiangqi");
    let repro = repro_dir("robustness");
    let (code, report) = fuzz_json(
        &[
            "--protocol",
            "ucci",
            "--engine",
            engine.to_str().unwrap(),
            "--robustness",
            "--cases",
            "30",
        ],
        &repro,
    );
    assert_eq!(code, 0, "{report:#?}");
    assert!(report.robustness);
    assert_eq!(report.cases, 30);
}

/// In robustness mode an engine that dies on input is a failure, written for `arbiter run`.
#[test]
fn robustness_mode_reports_an_engine_that_crashes() {
    // Found as the crash itself, or beside the reply the crash left missing.
    const CRASH: &str = "uci.process.unexpected-exit";
    let engine = fixture_engine();
    let repro = repro_dir("crash");
    let (code, report) = fuzz_json(
        &[
            "--protocol",
            "uci",
            "--engine",
            engine.to_str().unwrap(),
            "--engine-arg",
            "uci",
            "--engine-arg",
            "crash-mid-search",
            "--robustness",
            "--cases",
            "5",
            "--max-shrink-runs",
            "20",
        ],
        &repro,
    );
    assert_eq!(code, 1, "{report:#?}");
    let failures = &report.failures;
    assert!(
        failures
            .iter()
            .any(|f| f.check == CRASH || f.also.iter().any(|c| c == CRASH)),
        "{failures:#?}"
    );
    let _ = std::fs::remove_dir_all(&repro);
}

#[test]
fn the_same_seed_generates_the_same_case() {
    let engine = fixture_engine();
    let engine = engine.to_str().unwrap();
    let texts: Vec<String> = (0..2)
        .map(|_| {
            // The same folder both times: the file names it.
            let repro = repro_dir("seed");
            let (code, report) = fuzz_json(
                &[
                    "--protocol",
                    "gomocup",
                    "--engine",
                    engine,
                    "--engine-arg",
                    "gomocup",
                    "--engine-arg",
                    "off-board-after-edge-board",
                    "--cases",
                    "1",
                ],
                &repro,
            );
            assert_eq!(code, 1, "{report:#?}");
            let file = report.failures[0].file.clone();
            let text = std::fs::read_to_string(file).unwrap();
            let _ = std::fs::remove_dir_all(&repro);
            text
        })
        .collect();
    assert_eq!(texts[0], texts[1]);
}

/// A fault only a manager that goes on after an accepted `TAKEBACK` reaches (the fixture
/// answers the `BEGIN` that asks it to open again, on the board the take-back emptied, off the
/// board) is found and shrunk to the eight commands it needs: the handshake's four, `BEGIN`,
/// `TAKEBACK`, the `BEGIN` in the block played only after `OK`, and `END`.
#[test]
fn a_fault_behind_an_accepted_takeback_shrinks_to_the_block_that_follows_the_acceptance() {
    let engine = fixture_engine();
    let repro = repro_dir("begin-after-takeback");
    let (code, report) = fuzz_json(
        &[
            "--protocol",
            "gomocup",
            "--engine",
            engine.to_str().unwrap(),
            "--engine-arg",
            "gomocup",
            "--engine-arg",
            "off-board-begin-after-takeback",
            "--time-scale",
            "0.05",
            "--cases",
            "200",
        ],
        &repro,
    );
    assert_eq!(code, 1, "{report:#?}");
    let found = &report.failures[0];
    assert!(found.commands <= 8, "{found:#?}");
    let text = std::fs::read_to_string(&found.file).unwrap();
    let steps: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with('>') || l.starts_with("if ") || *l == "end if")
        .collect();
    let block = steps.iter().position(|l| l.starts_with("if answer"));
    assert!(
        block.is_some_and(|i| steps[i].ends_with(" is OK")
            && steps[i - 1].starts_with("> TAKEBACK")
            && steps[i + 1] == "> BEGIN"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&repro);
}

/// The first failure a seed finds with `--jobs 1` and with `--jobs 3`: the case that found
/// it and the steps of its reproduction, each run's.
fn found_with_jobs(args: &[&str], name: &str) -> Vec<(u32, String)> {
    let engine = fixture_engine();
    ["1", "3"]
        .iter()
        .map(|jobs| {
            let repro = repro_dir(&format!("{name}-jobs-{jobs}"));
            let engine_args = ["--engine", engine.to_str().unwrap(), "--jobs", jobs];
            let (code, report) = fuzz_json(&[args, &engine_args[..]].concat(), &repro);
            assert_eq!(code, 1, "{report:#?}");
            let failure = &report.failures[0];
            assert!(failure.case > 1, "found in case {}", failure.case);
            let text = std::fs::read_to_string(&failure.file).unwrap();
            let _ = std::fs::remove_dir_all(&repro);
            // The header names the folder, which differs: the steps must not.
            let steps: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
            (failure.case, steps.join("\n"))
        })
        .collect()
}

/// Case `i` is drawn from the seed and `i` alone: run one at a time or several at once, the
/// same seed finds the same first failure in the same case, shrunk to the same scenario. (A
/// fault found in the fifth case, behind four clean ones, and quick to shrink.)
#[test]
fn the_same_seed_finds_the_same_failure_whatever_the_jobs() {
    // No share of the processor: a hunt's two fixtures at once answer at once or never, so it
    // waits out bounds (scaled to a twentieth, 150 ms at the least) far more than it computes,
    // about a second of processor time a minute, and loads nobody.
    let args = [
        "--protocol",
        "gomocup",
        "--engine-arg",
        "gomocup",
        "--engine-arg",
        "occupied-point-after-takeback",
        "--time-scale",
        "0.05",
        "--cases",
        "10",
    ];
    let found = found_with_jobs(&args, "takeback");
    assert_eq!(found[0], found[1]);
}

/// A missing reply is shrunk with candidates run `--jobs` at a time, each waited for no longer
/// than the failing run's pace needs (at a tenth of the bounds, a 500 ms bound waits 256 ms):
/// one at a time or three at once, the same seed shrinks it to the same scenario, which keeps
/// the text's own bound.
#[test]
fn a_missing_reply_shrinks_to_the_same_reproduction_whatever_the_jobs() {
    let args = [
        "--protocol",
        "agi",
        "--engine-arg",
        "agi",
        "--engine-arg",
        "no-readyok-after-third-setoption",
        "--time-scale",
        "0.1",
        "--cases",
        "30",
    ];
    let found = found_with_jobs(&args, "missing-reply");
    assert_eq!(found[0], found[1]);
    let (_, steps) = &found[0];
    assert!(
        steps.contains("< READYOK (within 5000 ms, agi-r52, as READYOK)"),
        "{steps}"
    );
    // Three SETOPTION, then the ISREADY left unanswered: nothing else is needed.
    let sent: Vec<&str> = steps.lines().filter(|l| l.starts_with('>')).collect();
    assert_eq!(sent.len(), 6, "{steps}");
}

#[test]
fn a_bad_invocation_is_a_usage_error() {
    let missing = arbiter()
        .args([
            "fuzz",
            "--protocol",
            "uci",
            "--engine",
            "/nonexistent/engine",
            "--cases",
            "1",
        ])
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&missing.get_output().stderr).into_owned();
    assert!(stderr.contains("/nonexistent/engine"), "{stderr}");
    let engine = fixture_engine();
    let wrong_game = arbiter()
        .args([
            "fuzz",
            "--protocol",
            "gomocup",
            "--game",
            "xiangqi",
            "--engine",
        ])
        .arg(&engine)
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&wrong_game.get_output().stderr).into_owned();
    assert!(stderr.contains("xiangqi"), "{stderr}");
    arbiter()
        .args(["fuzz", "--protocol", "ucci", "--time", "ten", "--engine"])
        .arg(&engine)
        .assert()
        .code(2);
}

/// The fuzzing of a fault whose symptom is a missing reply (the fixture's AGI engine never
/// answers STOP after SETRULE): at the text's own bounds, each shrinking run waits its bound
/// out, so shrinking outlasts any short limit.
fn slow_shrink_args(engine: &str) -> Vec<String> {
    [
        "fuzz",
        "--protocol",
        "agi",
        "--engine",
        engine,
        "--seed",
        SEED,
        "--cases",
        "10",
        "--format",
        "json",
    ]
    .map(str::to_owned)
    .to_vec()
}

/// What a run cut short while shrinking must still give: the failure, its reproduction written
/// (the smallest case found by then, saying it was not replayed) and failing `arbiter run` the
/// same way.
fn check_cut_short_run(report: &FuzzReport, by: CutBy) {
    assert_eq!(
        report.cut_short,
        Some(CutShort {
            by,
            during: CutDuring::Shrinking
        }),
        "{report:#?}"
    );
    let found = report
        .failures
        .iter()
        .find(|f| f.check == "fuzz:BESTMOVE after STOP")
        .unwrap_or_else(|| panic!("{:#?}", report.failures));
    assert_eq!(found.replays, 0, "{found:?}");
    let text = std::fs::read_to_string(&found.file).expect("the reproduction is written");
    assert!(text.contains("not replayed"), "{text}");
    let replay = arbiter()
        .args(["run", "--protocol", "agi", "--engine"])
        .arg(fixture_engine())
        .args([
            "--engine-arg",
            "agi",
            "--engine-arg",
            "silent-stop-after-setrule",
        ])
        .arg(&found.file)
        .output()
        .expect("arbiter runs");
    assert_eq!(replay.status.code(), Some(1), "{text}");
}

/// `--max-time` ends the whole run, shrinking included, with the smallest reproduction found
/// by then written and reported; the exit status says a failure was found.
#[test]
fn max_time_ends_a_shrinking_run_with_its_reproduction() {
    let repro = repro_dir("max-time");
    let engine = fixture_engine();
    let mut args = slow_shrink_args(engine.to_str().unwrap());
    args.extend(
        [
            "--engine-arg",
            "agi",
            "--engine-arg",
            "silent-stop-after-setrule",
            "--max-time",
            "6s",
            "--repro",
        ]
        .map(str::to_owned),
    );
    let (code, report): (i32, FuzzReport) = json_report(arbiter().args(&args).arg(&repro));
    assert_eq!(code, 1, "{report:#?}");
    check_cut_short_run(&report, CutBy::MaxTime);
    // The limit ends the run within the bounds of the case under way when it passed.
    assert!(report.elapsed_ms < 20_000, "{}", report.elapsed_ms);
}

/// SIGTERM while a failure is being shrunk (`timeout`, a CI runner) ends the run the same way:
/// the report and the smallest reproduction found by then are written, and the exit status
/// is the signal's.
#[test]
fn a_sigterm_while_shrinking_still_writes_the_reproduction() {
    let repro = repro_dir("sigterm");
    let scratch = crate::common::scratch_root().join("fuzz-sigterm-starts");
    let _ = std::fs::remove_file(&scratch);
    // The engine notes each start, so the test knows when shrinking runs, without a sleep:
    // the ten cases start ten engines, every later one is a shrinking run.
    let script = format!(
        "echo start >> '{}'; exec '{}' agi silent-stop-after-setrule",
        scratch.display(),
        fixture_engine().display()
    );
    let mut args = slow_shrink_args("/bin/sh");
    args.extend(["--engine-arg", "-c", "--engine-arg", &script, "--repro"].map(str::to_owned));
    let child = std::process::Command::new(arbiter().get_program())
        .args(&args)
        .arg(&repro)
        .env("ARBITER_JOBS", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("arbiter starts");
    let starts = || {
        std::fs::read_to_string(&scratch)
            .map(|t| t.lines().count())
            .unwrap_or(0)
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while starts() <= 11 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(starts() > 11, "shrinking never started");
    // SAFETY: signals a child this test started and has not reaped.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let output = child.wait_with_output().expect("arbiter ends");
    assert_eq!(output.status.code(), Some(128 + libc::SIGTERM));
    let report: FuzzReport = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    assert!(report.interrupted);
    check_cut_short_run(&report, CutBy::Signal);
}
