//! The GUI side, end to end: `arbiter spy` between a GUI and its engine relays every byte
//! unchanged, mirrors the engine's exit, survives the GUI's hard kill to write its report,
//! and its GUI-side checks catch each fixture GUI's fault by the right check and row, while
//! conforming fixture GUIs raise none. Real clients are in `gui_clients.rs`.

use crate::common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use arbiter::certify::{Certification, Verdict};
use arbiter::check::registry::Side;
use arbiter::check::{CheckId, CheckRef, Grade};
use arbiter::protocol::Protocol;
use arbiter::report::Report;
use arbiter::session::LineEnding;
use arbiter::session::transcript::Direction;
use serde::de::DeserializeOwned;

use common::gui::{arbiter_binary, findings, outcomes, report_at, temp_dir};
use common::{fixture_engine, fixture_gui, reference_engine, run_rows};

/// Runs the fixture GUI with `fault` against `engine` behind the spy; returns the report.
fn fixture_session(protocol: &str, fault: &str, engine: &[String]) -> Report {
    // One folder per GUI and engine, so sessions of one GUI before other engines never share it.
    let behind = engine
        .last()
        .map_or("", |e| e.rsplit('/').next().unwrap_or(e));
    let dir = temp_dir(&format!("{protocol}-{fault}-{behind}"));
    let report = dir.join("report.json");
    let status = Command::new(fixture_gui())
        .args([protocol, fault, "--"])
        .arg(arbiter_binary())
        .args(["spy", "--protocol", protocol, "--report"])
        .arg(&report)
        .arg("--")
        .args(engine)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(
        status.success(),
        "{protocol} {fault}: the fixture GUI's script did not finish"
    );
    report_at(&report)
}

fn engine_for(protocol: &str) -> Vec<String> {
    match protocol {
        "ucci" => vec![reference_engine("arbiter-xiangqi").display().to_string()],
        // The first command tells the reference gomoku engine which protocol it speaks.
        "gomocup" | "agi" => vec![reference_engine("pbrain-arbiter").display().to_string()],
        _ => vec![fixture_engine().display().to_string(), protocol.to_owned()],
    }
}

#[test]
fn conforming_fixture_guis_raise_no_finding_on_either_side() {
    let problems = run_rows(&["uci", "ucci", "gomocup", "agi"], |protocol| {
        let report = fixture_session(protocol, "none", &engine_for(protocol));
        let mut problems = Vec::new();
        for side in ["gui", "engine"] {
            let found = findings(&report, side);
            if !found.is_empty() {
                problems.push(format!("{protocol}: {side}-side findings {found:?}"));
            }
        }
        let judged_gui = outcomes(&report)
            .iter()
            .filter(|o| o.side == Side::Gui)
            .count();
        if judged_gui == 0 {
            problems.push(format!("{protocol}: no GUI-side check judged anything"));
        }
        problems
    });
    assert!(problems.is_empty(), "{problems:#?}");
}

/// A GUI that waited for an unreadable result and goes on is not blamed: the engine ends
/// every search with Glaurung's `bestmove (none)` (the fixture's `bestmove-none`), the
/// conforming fixture GUI plays its session through the spy, and the GUI's side raises
/// nothing, while the engine's side warns of the form (uci-r21: the null move is `0000`).
#[test]
fn a_gui_that_waited_for_bestmove_none_is_not_blamed() {
    let engine = vec![
        fixture_engine().display().to_string(),
        "uci".to_owned(),
        "bestmove-none".to_owned(),
    ];
    let report = fixture_session("uci", "none", &engine);
    assert_eq!(findings(&report, "gui"), vec![]);
    let malformed = CheckRef::builtin(Protocol::Uci, CheckId::LineMalformed);
    assert!(
        outcomes(&report)
            .iter()
            .any(|o| o.side == Side::Engine && o.check == malformed && o.grade == Grade::Warn),
        "{:#?}",
        findings(&report, "engine")
    );
}

/// Each fixture GUI breaks one row (a `must` row, but for a Gomocup manager that does not wait
/// for the brain's move, which the text explains rather than forbids, a UCI clock beside
/// `movetime` and a brain hung up on without END, which warn); the spy's GUI-side
/// checks name it, and nothing else on the GUI's side, and the conforming engine behind it
/// is not failed for what the GUI's fault made it do.
#[test]
fn each_faulty_fixture_gui_is_caught_by_its_check_and_row() {
    let table = include_str!("gui_faults.tsv");
    let rows: Vec<[&str; 5]> = table
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            fields
                .try_into()
                .unwrap_or_else(|_| panic!("gui_faults.tsv: five tab-separated fields: {line}"))
        })
        .collect();
    assert_eq!(
        rows.len(),
        57,
        "gui_faults.tsv lists every faulty fixture GUI"
    );
    let problems = run_rows(&rows, |[protocol, fault, check, grade, row]| {
        let mut engine = engine_for(protocol);
        if *fault == "close-after-end" {
            // A brain that stays a while after END, so the manager's close comes first
            // whatever the machine's load: the relay makes it ignore END and the end of input.
            let mut slow = vec![
                common::hostile_relay().display().to_string(),
                "ignore-eof-and-term".to_owned(),
                "--".to_owned(),
            ];
            slow.append(&mut engine);
            engine = slow;
        }
        if *protocol == "ucci" && FIXTURE_ENGINE_FAULTS.contains(fault) {
            engine = vec![fixture_engine().display().to_string(), "ucci".to_owned()];
        }
        let report = fixture_session(protocol, fault, &engine);
        let mut problems = Vec::new();
        if !caught_citing(&report, check, grade, row) {
            let found = findings(&report, "gui");
            problems.push(format!(
                "{protocol} {fault}: expected {check} {grade} citing {row}, found {found:?}"
            ));
        }
        // The engine behind is conforming: what the GUI's fault leads it to do is not its
        // failure (a Gomocup brain answering a TURN sent over its owed move, an AGI engine
        // that read `ISREADY` first as another protocol's).
        let engine_failures: Vec<_> = findings(&report, "engine")
            .into_iter()
            .filter(|(_, grade, _)| grade == "fail")
            .collect();
        if !engine_failures.is_empty() {
            problems.push(format!(
                "{protocol} {fault}: the conforming engine failed {engine_failures:?}"
            ));
        }
        problems
    });
    assert!(problems.is_empty(), "{problems:#?}");
}

/// UCCI faults played before the fixture engine rather than the reference one: it answers
/// with its first legal move (`a0a1`), which captures nothing (the reference engine's answer
/// may, and a position played on past a capture is a finding of its own, ucci-r14), and it
/// ends every timed search after 100 ms, however much time the clock states (the clock
/// faults charge about that much, and one states 60000 seconds).
const FIXTURE_ENGINE_FAULTS: &[&str] = &[
    "false-ponderhit",
    "milliseconds-in-seconds-mode",
    "increment-not-added",
    "movestogo-not-counted",
];

/// Whether the GUI side found exactly one fault, by `check` at `grade`, citing each row of
/// `rows` (space-separated: a fault that breaks a worked case and the rule it shows cites
/// both, and the table names every row its fixture proves).
fn caught_citing(report: &Report, check: &str, grade: &str, rows: &str) -> bool {
    let found: Vec<_> = outcomes(report)
        .iter()
        .filter(|o| o.side == Side::Gui && o.grade != arbiter::check::Grade::Pass)
        .collect();
    let [only] = found.as_slice() else {
        return false;
    };
    let cited: Vec<String> = only.requirements.iter().map(ToString::to_string).collect();
    only.check == crate::common::check_ref(check)
        && only.grade.as_str() == grade
        && rows
            .split_whitespace()
            .all(|r| cited.iter().any(|c| c == r))
}

/// Bytes pass unchanged both ways: an echoing engine (`cat`) hands back exactly what the GUI
/// wrote, CR LF, tabs, a last line with no end and all; the transcript records the GUI's
/// lines with their line ends.
#[test]
fn the_spy_relays_every_byte_unchanged() {
    let dir = temp_dir("relay");
    let report = dir.join("report.json");
    let mut spy = Command::new(arbiter_binary())
        .args(["spy", "--protocol", "uci", "--report"])
        .arg(&report)
        .args(["--", "cat"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let sent: &[u8] = b"uci\r\nisready\n\tposition  startpos\nquit";
    let mut input = spy.stdin.take().unwrap();
    input.write_all(sent).unwrap();
    drop(input);
    let mut echoed = Vec::new();
    spy.stdout.take().unwrap().read_to_end(&mut echoed).unwrap();
    assert_eq!(echoed, sent);
    let status = spy.wait().unwrap();
    assert_eq!(
        status.code(),
        Some(0),
        "cat exits 0 at the end of its input"
    );
    let report: Report = report_at(&report);
    let entries = &report.runs[0].transcript.entries;
    let sent_lines: Vec<(&str, &str)> = entries
        .iter()
        .filter(|e| e.direction == Direction::Sent)
        .map(|e| (e.text.as_str(), ending_name(e.ending)))
        .collect();
    assert_eq!(
        sent_lines,
        [
            ("uci", "crlf"),
            ("isready", "lf"),
            ("\tposition  startpos", "lf"),
            ("quit", "eof")
        ]
    );
    assert!(
        findings(&report, "gui").contains(&(
            "uci.gui.command.line-end".to_owned(),
            "fail".to_owned(),
            "uci-r06".to_owned()
        )),
        "{:?}",
        findings(&report, "gui")
    );
}

/// The GUI sees the engine's exit status and stderr as if it ran the engine itself.
#[test]
fn the_spy_mirrors_the_engines_exit_status_and_stderr() {
    let dir = temp_dir("exit");
    let out = Command::new(arbiter_binary())
        .args(["spy", "--protocol", "uci", "--report-dir"])
        .arg(&dir)
        .args(["--", "sh", "-c", "echo from-the-engine >&2; exit 3"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "from-the-engine\n",
        "nothing of the spy's own reaches the GUI's stderr"
    );
    assert!(
        out.stdout.is_empty(),
        "nothing of the spy's own reaches the GUI's stdout"
    );
    // The report is named after the engine and the time, in --report-dir.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(
        names[0].starts_with("sh-spy-") && names[0].ends_with(".json"),
        "{names:?}"
    );
}

/// python-chess closes the pipes and kills its engine at once; a manager may SIGTERM it
/// right after `quit`. Either way the report is written, and the log streamed meanwhile.
#[test]
fn a_gui_that_kills_the_spy_still_gets_its_report() {
    for signal in [libc::SIGKILL, libc::SIGTERM] {
        let dir = temp_dir(&format!("kill-{signal}"));
        let (report, log) = (dir.join("report.json"), dir.join("session.log"));
        let mut spy = Command::new(arbiter_binary())
            .args(["spy", "--protocol", "ucci", "--report"])
            .arg(&report)
            .arg("--log")
            .arg(&log)
            .arg("--")
            .arg(reference_engine("arbiter-xiangqi"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut input = spy.stdin.take().unwrap();
        input.write_all(b"ucci\n").unwrap();
        let mut output = spy.stdout.take().unwrap();
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        while !String::from_utf8_lossy(&seen).contains("ucciok") {
            let n = output.read(&mut buf).unwrap();
            assert!(n > 0, "the engine's output ended before ucciok");
            seen.extend_from_slice(&buf[..n]);
        }
        input.write_all(b"quit\n").unwrap();
        drop(input);
        // SAFETY: kill(2) on the child this test started.
        unsafe { libc::kill(spy.id() as libc::pid_t, signal) };
        spy.wait().unwrap();
        let report: Report = report_at(&report);
        let sent: Vec<&str> = report.runs[0]
            .transcript
            .entries
            .iter()
            .filter(|e| e.direction == Direction::Sent)
            .map(|e| e.text.as_str())
            .collect();
        assert_eq!(sent, ["ucci", "quit"], "signal {signal}");
        let log = std::fs::read_to_string(&log).unwrap();
        assert!(
            log.contains(" > ucci\n") && log.contains(" < ucciok\n"),
            "{log}"
        );
    }
}

/// Runs the fixture GUI with `fault` against `arbiter stand-in` (extra arguments after the
/// protocol); returns the report: a run's, or with `--profile` a certification's.
fn against_stand_in<T: DeserializeOwned>(protocol: &str, fault: &str, extra: &[&str]) -> T {
    // A folder per session: rows that differ only in their arguments run side by side.
    let words: Vec<String> = extra
        .iter()
        .map(|a| a.chars().filter(char::is_ascii_alphanumeric).collect())
        .collect();
    let dir = temp_dir(&format!("stand-in-{protocol}-{fault}-{}", words.join("-")));
    let report = dir.join("report.json");
    let status = Command::new(fixture_gui())
        .args([protocol, fault, "--"])
        .arg(arbiter_binary())
        .args(["stand-in", "--protocol", protocol, "--report"])
        .arg(&report)
        .args(extra)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(
        status.success(),
        "{protocol} {fault} {extra:?}: the fixture's script did not finish"
    );
    report_at(&report)
}

/// The stand-in is a conforming engine: the fixture GUIs' sessions raise no finding on the
/// engine's side whatever behaviour it is given, and the GUI-side profiles certify a
/// conforming GUI and fail a faulty one on the row it breaks.
#[test]
fn the_stand_in_plays_within_the_text_and_grades_guis_by_profile() {
    let rows: &[(&str, &[&str])] = &[
        ("uci", &[]),
        ("ucci", &[]),
        (
            "uci",
            &[
                "--behaviour",
                "late-readyok",
                "--behaviour",
                "info-flood",
                "--behaviour",
                "crlf",
            ],
        ),
        (
            "uci",
            &[
                "--behaviour",
                "no-ponder-move",
                "--behaviour",
                "slow-handshake",
            ],
        ),
        ("ucci", &["--behaviour", "resign", "--behaviour", "crlf"]),
        ("gomocup", &[]),
        (
            "gomocup",
            &[
                "--behaviour",
                "message-before-move",
                "--behaviour",
                "slow-handshake",
            ],
        ),
        ("agi", &["--behaviour", "late-readyok"]),
    ];
    let problems = run_rows(rows, |(protocol, extra)| {
        let report: Report = against_stand_in(protocol, "none", extra);
        let mut problems = Vec::new();
        for side in ["engine", "gui"] {
            let found = findings(&report, side);
            if !found.is_empty() {
                problems.push(format!(
                    "{protocol} {extra:?}: {side}-side findings {found:?}"
                ));
            }
        }
        let received = report.runs[0]
            .transcript
            .entries
            .iter()
            .filter(|e| e.direction == Direction::Received)
            .collect::<Vec<_>>();
        if extra.contains(&"crlf") && received.iter().any(|e| e.ending != Some(LineEnding::CrLf)) {
            problems.push(format!("{protocol} {extra:?}: a line without CR LF"));
        }
        if extra.contains(&"info-flood") && received.len() < 4000 {
            problems.push(format!(
                "{protocol} {extra:?}: only {} lines",
                received.len()
            ));
        }
        if extra.contains(&"resign") && !received.iter().any(|e| e.text.ends_with(" resign")) {
            problems.push(format!("{protocol} {extra:?}: no resignation"));
        }
        problems
    });
    assert!(problems.is_empty(), "{problems:#?}");

    for (protocol, fault, verdict, failing) in [
        ("uci", "none", Verdict::Pass, vec![]),
        ("ucci", "none", Verdict::Pass, vec![]),
        (
            "uci",
            "negative-hash",
            Verdict::Fail,
            vec!["uci-r179", "uci-r185", "uci-r186"],
        ),
        (
            "ucci",
            "position-after-stop",
            Verdict::Fail,
            vec!["ucci-r94", "ucci-r95", "ucci-r129"],
        ),
    ] {
        let profile = match protocol {
            "gomocup" => "gomocup-manager".to_owned(),
            _ => format!("{protocol}-gui"),
        };
        let certification: Certification =
            against_stand_in(protocol, fault, &["--profile", &profile]);
        assert_eq!(certification.verdict, verdict, "{protocol} {fault}");
        let failed: Vec<String> = certification
            .required
            .iter()
            .filter(|v| v.verdict == Verdict::Fail)
            .map(|v| v.requirement.id.to_string())
            .collect();
        assert_eq!(failed, failing, "{protocol} {fault}");
    }
}

/// The Gomocup stand-in's behaviours provoke what a manager must rule on: in front of a
/// conforming fixture manager they raise nothing on the manager's side, and each manager that
/// does not cope is caught by its row (a stand-in overrunning its turn shows a manager that
/// went on with the game, which the scripted fixture always does).
#[test]
fn the_gomocup_stand_in_provokes_the_managers_rulings() {
    // The fixture manager's fault, the stand-in's behaviours, and the one finding expected.
    type Row<'a> = (&'a str, &'a [&'a str], Option<(&'a str, &'a str, &'a str)>);
    let rows: &[Row] = &[
        (
            "none",
            &[
                "--behaviour",
                "empty-line-before-move",
                "--behaviour",
                "long-message",
            ],
            None,
        ),
        (
            "close-after-about",
            &["--behaviour", "free-text-about"],
            Some(("gomocup.gui.end.pipes", "fail", "gomocup-r102")),
        ),
        (
            "close-after-long-line",
            &["--behaviour", "long-message"],
            Some(("gomocup.gui.end.pipes", "fail", "gomocup-r10")),
        ),
        (
            "end-after-empty-line",
            &["--behaviour", "empty-line-before-move"],
            Some(("gomocup.gui.game.end", "warn", "gomocup-r09")),
        ),
        (
            "end-after-start",
            &["--behaviour", "slow-handshake"],
            Some(("gomocup.gui.game.end", "warn", "gomocup-r83")),
        ),
        ("end-after-start", &[], None),
        (
            "none",
            &["--behaviour", "overrun-turn"],
            Some(("gomocup.gui.game.end", "warn", "gomocup-r60")),
        ),
        (
            "play-over-suggest",
            &["--behaviour", "suggest"],
            Some(("gomocup.gui.answer.followed", "warn", "gomocup-r138")),
        ),
    ];
    let problems = run_rows(rows, |(fault, extra, expected)| {
        let report: Report = against_stand_in("gomocup", fault, extra);
        let found = findings(&report, "gui");
        let expected: Vec<(String, String, String)> = expected
            .iter()
            .map(|(c, g, r)| (c.to_string(), g.to_string(), r.to_string()))
            .collect();
        if found != expected {
            vec![format!(
                "{fault} {extra:?}: expected {expected:?}, found {found:?}"
            )]
        } else {
            vec![]
        }
    });
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The UCI and AGI stand-in behaviours that provoke a GUI's rulings: an invented option under
/// the reserved `UCI_` prefix (uci-r144), background thinking's result given late or not at
/// all (agi-r66), and a flood of INFO past the pipe's room, which a GUI that stops reading
/// during the search leaves waiting (agi-r08). A GUI that copes raises nothing with the behaviour or without it; one that
/// does not is caught by its row only where the behaviour provoked it; the stand-in, a
/// conforming engine, fails nothing on the engine's side either way.
#[test]
fn the_uci_and_agi_stand_ins_provoke_the_guis_rulings() {
    type Row<'a> = (
        &'a str,
        &'a str,
        &'a [&'a str],
        Option<(&'a str, &'a str, &'a str)>,
    );
    let reserved: &[&str] = &["--behaviour", "unknown-reserved-option"];
    let late: &[&str] = &["--behaviour", "late-background-bestmove"];
    let flood: &[&str] = &["--behaviour", "info-flood"];
    let rows: &[Row] = &[
        ("uci", "none", reserved, None),
        (
            "uci",
            "sets-every-option",
            reserved,
            Some(("uci.gui.setoption.reserved", "fail", "uci-r144")),
        ),
        ("uci", "sets-every-option", &[], None),
        ("agi", "ponder-synced", late, None),
        ("agi", "ponder-synced", &[], None),
        (
            "agi",
            "late-bestmove-taken",
            late,
            Some(("agi.gui.background.result", "fail", "agi-r66")),
        ),
        ("agi", "late-bestmove-taken", &[], None),
        (
            "agi",
            "wait-after-ponder-stop",
            late,
            Some(("agi.gui.background.result", "warn", "agi-r66")),
        ),
        ("agi", "none", flood, None),
        (
            "agi",
            "no-read-during-search",
            flood,
            Some(("agi.gui.output.read", "fail", "agi-r08")),
        ),
        ("agi", "no-read-during-search", &[], None),
    ];
    let problems = run_rows(rows, |(protocol, fault, extra, expected)| {
        let report: Report = against_stand_in(protocol, fault, extra);
        let found = findings(&report, "gui");
        let expected: Vec<(String, String, String)> = expected
            .iter()
            .map(|(c, g, r)| (c.to_string(), g.to_string(), r.to_string()))
            .collect();
        let mut problems = Vec::new();
        if found != expected {
            problems.push(format!(
                "{protocol} {fault} {extra:?}: expected {expected:?}, found {found:?}"
            ));
        }
        let engine_failures: Vec<_> = findings(&report, "engine")
            .into_iter()
            .filter(|(_, grade, _)| grade == "fail")
            .collect();
        if !engine_failures.is_empty() {
            problems.push(format!(
                "{protocol} {fault} {extra:?}: the stand-in failed {engine_failures:?}"
            ));
        }
        problems
    });
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Both seats of one Gomocup match: the fixture manager plays two games between two reference
/// brains, each behind its own spy, and `arbiter report join` judges the two reports together.
/// A conforming match passes; a manager that relays a move wrong (its coordinates swapped) or
/// opens a game by `BOARD` for one brain and `BEGIN` for the other is caught by its row, where
/// neither brain's own report can show it (each is clean).
#[test]
fn both_seats_of_a_gomocup_match_are_judged_from_the_joined_reports() {
    let rows: &[(&str, Option<&str>)] = &[
        ("none", None),
        ("turn-not-relayed", Some("gomocup-r45")),
        ("opening-for-one", Some("gomocup-r46")),
    ];
    let brain = reference_engine("pbrain-arbiter");
    let problems = run_rows(rows, |(fault, row)| {
        let dir = temp_dir(&format!("gomocup-match-{fault}"));
        let spied = |seat: &str| {
            let report = dir.join(format!("{seat}.json"));
            let mut command = vec![arbiter_binary().display().to_string()];
            command.extend(["spy", "--protocol", "gomocup", "--report"].map(String::from));
            command.push(report.display().to_string());
            command.push("--".to_owned());
            command.push(brain.display().to_string());
            (report, command)
        };
        let ((a, brain_a), (b, brain_b)) = (spied("a"), spied("b"));
        let status = Command::new(fixture_gui())
            .args(["gomocupmatch", fault, "--"])
            .args(&brain_a)
            .arg("--vs")
            .args(&brain_b)
            .stderr(Stdio::null())
            .status()
            .unwrap();
        let mut problems = Vec::new();
        if !status.success() {
            return vec![format!(
                "{fault}: the fixture manager's match did not finish"
            )];
        }
        for (seat, path) in [("a", &a), ("b", &b)] {
            let found = findings(&report_at(path), "gui");
            if !found.is_empty() {
                problems.push(format!(
                    "{fault}: brain {seat}'s own report found {found:?}"
                ));
            }
        }
        let joined = dir.join("joined.json");
        let status = Command::new(arbiter_binary())
            .args(["report", "join"])
            .args([&a, &b])
            .args(["--format", "json", "--out"])
            .arg(&joined)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        let report: Report = report_at(&joined);
        let found = findings(&report, "gui");
        let expected: Vec<(String, String, String)> = row
            .iter()
            .map(|r| {
                (
                    "gomocup.gui.match.relayed".to_owned(),
                    "fail".to_owned(),
                    r.to_string(),
                )
            })
            .collect();
        if found != expected {
            problems.push(format!(
                "{fault}: joined, expected {expected:?}, found {found:?}"
            ));
        }
        if status.success() != row.is_none() {
            problems.push(format!("{fault}: `report join` exited {status}"));
        }
        problems
    });
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The received lines of a session, as the GUI read them, with the clock's readings (`time N`
/// in a search report) left out.
fn engine_lines(report: &Report) -> Vec<String> {
    let time = regex::Regex::new(r" time \d+").unwrap();
    report.runs[0]
        .transcript
        .entries
        .iter()
        .filter(|e| e.direction == Direction::Received)
        .map(|e| time.replace(&e.text, " time T").into_owned())
        .collect()
}

/// `--fuzz SEED` draws the stand-in's free choices, and none of them takes it outside the text
/// or makes a conforming GUI fail: the conforming fixture GUI raises no finding on either side
/// in each protocol for several seeds, and the report names the seed and the command that
/// replays it.
#[test]
fn the_fuzzed_stand_in_stays_within_the_text_for_every_seed() {
    let rows: Vec<(&str, u64)> = ["uci", "ucci", "gomocup", "agi"]
        .into_iter()
        .flat_map(|protocol| [(protocol, 1), (protocol, 2), (protocol, 3)])
        .collect();
    let problems = run_rows(&rows, |(protocol, seed)| {
        let seed_text = seed.to_string();
        let report: Report = against_stand_in(protocol, "none", &["--fuzz", &seed_text]);
        let mut problems = Vec::new();
        for side in ["engine", "gui"] {
            let found = findings(&report, side);
            if !found.is_empty() {
                problems.push(format!(
                    "{protocol} --fuzz {seed}: {side}-side findings {found:?}"
                ));
            }
        }
        let replay = format!(
            "stand-in --fuzz {seed}: replay the engine's choices with `arbiter stand-in --protocol {protocol} --fuzz {seed}`"
        );
        if report.runs[0].notes.first() != Some(&replay) {
            problems.push(format!(
                "{protocol} --fuzz {seed}: notes {:?}",
                report.runs[0].notes
            ));
        }
        problems
    });
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The same seed and the same GUI input give the same engine output, whatever the timing; another
/// seed gives another (so the comparison could fail). UCCI draws the most kinds of choice (reply
/// delays, reports, ponder moves, draw offers and resignations), Gomocup its DEBUG/MESSAGE lines.
#[test]
fn the_same_seed_replays_the_same_engine_output() {
    // (protocol, seed), each session in a folder of its own: two of them are the same session.
    let rows = [
        ("ucci", 11),
        ("ucci", 11),
        ("ucci", 12),
        ("gomocup", 11),
        ("gomocup", 11),
        ("gomocup", 12),
    ];
    let next = std::sync::atomic::AtomicUsize::new(0);
    let outputs = std::sync::Mutex::new(Vec::new());
    let problems = run_rows(&rows, |(protocol, seed)| {
        let folder = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let report = temp_dir(&format!("replay-{folder}")).join("report.json");
        let status = Command::new(fixture_gui())
            .args([*protocol, "none", "--"])
            .arg(arbiter_binary())
            .args(["stand-in", "--protocol", protocol, "--fuzz"])
            .arg(seed.to_string())
            .arg("--report")
            .arg(&report)
            .stderr(Stdio::null())
            .status()
            .unwrap();
        if !status.success() {
            return vec![format!(
                "{protocol} --fuzz {seed}: the fixture's script did not finish"
            )];
        }
        let report: Report = report_at(&report);
        let lines = engine_lines(&report);
        outputs.lock().unwrap().push((*protocol, *seed, lines));
        Vec::new()
    });
    assert!(problems.is_empty(), "{problems:#?}");
    let outputs = outputs.into_inner().unwrap();
    for protocol in ["ucci", "gomocup"] {
        let of = |seed| {
            outputs
                .iter()
                .filter(|(p, s, _)| *p == protocol && *s == seed)
                .map(|(_, _, lines)| lines)
                .collect::<Vec<_>>()
        };
        let (same, other) = (of(11), of(12));
        assert_eq!(same.len(), 2, "{protocol}");
        assert_eq!(same[0], same[1], "{protocol}: seed 11 twice");
        assert_ne!(same[0], other[0], "{protocol}: seeds 11 and 12");
    }
}

/// A faulty GUI is still caught in front of the fuzzed stand-in, by the same check and row as in
/// front of a real engine, one fault a protocol.
#[test]
fn a_faulty_gui_is_still_caught_in_front_of_the_fuzzed_stand_in() {
    let rows = [
        (
            "uci",
            "negative-hash",
            "uci.gui.setoption.value",
            "fail",
            "uci-r179",
            4,
        ),
        (
            "ucci",
            "position-after-stop",
            "ucci.gui.search.idle-only",
            "fail",
            "ucci-r95",
            5,
        ),
        (
            "gomocup",
            "turn-before-answer",
            "gomocup.gui.reply.wait",
            "warn",
            "gomocup-r11",
            6,
        ),
        (
            "agi",
            "go-without-time",
            "agi.gui.go.form",
            "fail",
            "agi-r14",
            7,
        ),
    ];
    let problems = run_rows(&rows, |(protocol, fault, check, grade, row, seed)| {
        let seed_text = seed.to_string();
        let report: Report = against_stand_in(protocol, fault, &["--fuzz", &seed_text]);
        let found = findings(&report, "gui");
        let expected = (check.to_string(), grade.to_string(), row.to_string());
        if found == vec![expected.clone()] {
            Vec::new()
        } else {
            vec![format!(
                "{protocol} {fault} --fuzz {seed}: expected {expected:?}, found {found:?}"
            )]
        }
    });
    assert!(problems.is_empty(), "{problems:#?}");
}

/// A GUI-side profile is not for `arbiter certify`, nor for another protocol.
#[test]
fn gui_profiles_are_refused_where_they_do_not_fit() {
    let out = common::arbiter()
        .args(["certify", "--profile", "uci-gui", "--engine", "/bin/cat"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("arbiter stand-in --protocol uci --profile uci-gui")
    );
    let out = common::arbiter()
        .args(["stand-in", "--protocol", "uci", "--profile", "ucci-gui"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is for ucci, not uci"));
}

/// A behaviour file drives the stand-in as `--behaviour` does, and the report's notes say what
/// the GUI did after each stress; a file with a name the stand-in does not know is refused,
/// naming its line, before any GUI is kept waiting.
#[test]
fn a_behaviour_file_drives_the_stand_in_and_the_notes_say_what_the_gui_did() {
    let dir = temp_dir("behaviour-file");
    let file = dir.join("stress.txt");
    std::fs::write(
        &file,
        "# the GUI's patience\nslow-handshake\n\nlate-readyok  # 700 ms\n",
    )
    .unwrap();
    let report: Report = against_stand_in("uci", "none", &["--behaviours", file.to_str().unwrap()]);
    let notes: Vec<&str> = report.runs[0].notes.iter().map(String::as_str).collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes[0].starts_with("slow-handshake: after `uciok`, "),
        "{notes:?}"
    );
    assert!(
        notes[1].starts_with("late-readyok: after `readyok`, "),
        "{notes:?}"
    );
    assert!(findings(&report, "gui").is_empty() && findings(&report, "engine").is_empty());

    std::fs::write(&file, "crlf\nslow-handshakes\n").unwrap();
    let out = common::arbiter()
        .args(["stand-in", "--protocol", "uci", "--behaviours"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("stress.txt: line 2: unknown behaviour `slow-handshakes`"),
        "{stderr}"
    );
}

/// A line end as the report spells it.
fn ending_name(ending: Option<LineEnding>) -> &'static str {
    match ending {
        Some(LineEnding::Lf) => "lf",
        Some(LineEnding::CrLf) => "crlf",
        Some(LineEnding::Cr) => "cr",
        Some(LineEnding::Eof) => "eof",
        None => "none",
    }
}
