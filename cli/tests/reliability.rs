//! Trustworthy verdicts under races, bursts and hostile engines: what a conforming engine
//! does never fails it, and what a hostile one does never hangs, exhausts or outlives a run.

use crate::common;

use std::time::{Duration, Instant};

use arbiter::check::Grade;
use arbiter::report::Report;
use arbiter::session::transcript::Direction;

use common::{arbiter, fixture_engine, hostile_relay, json_report, reference_engine, run_rows};

/// An engine that exits the moment its input ends can close its stdout while the harness
/// closes stdin. The end of input is put in the order before it happens, so the exit is never
/// taken for a crash: hundreds of runs of the fastest-exiting scenario give no finding.
#[test]
fn an_engine_exiting_on_end_of_input_is_never_taken_for_a_crash() {
    let engine = arbiter::Engine::new(reference_engine("pbrain-arbiter"))
        .protocol(arbiter::Protocol::Gomocup);
    for i in 0..300 {
        let report = engine
            .run(&["gomocup/long-line"])
            .expect("a built-in scenario");
        let findings: Vec<_> = report.runs[0]
            .outcomes
            .iter()
            .filter(|o| o.grade != Grade::Pass)
            .collect();
        assert!(findings.is_empty(), "run {i}: {findings:#?}");
    }
}

/// The hostile relay (`examples/hostile_relay.rs`) in front of a conforming engine.
fn hostile(behaviour: &str, protocol: &str) -> Vec<String> {
    let engine = match protocol {
        "ucci" => reference_engine("arbiter-xiangqi"),
        "gomocup" | "agi" => reference_engine("pbrain-arbiter"),
        _ => fixture_engine(),
    };
    let mut args = vec![
        "--engine".to_owned(),
        hostile_relay().display().to_string(),
        "--engine-arg".into(),
        behaviour.into(),
        "--engine-arg".into(),
        "--".into(),
        "--engine-arg".into(),
        engine.display().to_string(),
    ];
    if protocol == "uci" {
        args.extend(["--engine-arg".into(), "uci".into()]);
    }
    args
}

/// `arbiter run` with a JSON report; the exit status, the report and how long it took.
fn run(protocol: &str, engine: &[String], extra: &[&str]) -> (i32, Report, Duration) {
    let started = Instant::now();
    let (code, report) = json_report(
        arbiter()
            .args(["run", "--protocol", protocol, "--format", "json"])
            .args(engine)
            .args(extra),
    );
    (code, report, started.elapsed())
}

fn summary(report: &Report) -> String {
    format!("{:?}", report.summary)
}

/// Every outcome of a check id in the report: (grade, message).
fn outcomes(report: &Report, check: &str) -> Vec<(String, String)> {
    let check = crate::common::check_ref(check);
    report
        .runs
        .iter()
        .flat_map(|run| &run.outcomes)
        .filter(|o| o.check == check)
        .map(|o| (o.grade.as_str().to_owned(), o.message.clone()))
        .collect()
}

/// An engine whose output for a command arrives in one write (a block-buffered stdout) is
/// judged exactly as a line-buffered one: every scenario of every protocol passes through the
/// coalescing relay as it passes directly.
#[test]
fn a_burst_engine_passes_every_scenario_a_line_buffered_one_passes() {
    let _cpu = common::processor::share(2);
    let problems = run_rows(&["ucci", "uci", "gomocup", "agi"], |protocol| {
        let (code, report, _) = run(protocol, &hostile("burst", protocol), &[]);
        let s = &report.summary;
        if code != 0 || s.checks_failed != 0 || s.checks_warned != 0 {
            vec![format!(
                "{protocol} through the burst relay: {}",
                summary(&report)
            )]
        } else {
            Vec::new()
        }
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Floods of every kind: the run ends, the report is written with a flood warning, and what
/// the engine failed to answer is found (each bounded by the scenario's own deadlines).
#[test]
fn floods_end_with_a_report_and_a_flood_warning() {
    let _cpu = common::processor::whole();
    let kinds = [
        ("flood-empty", "ucci/handshake"),
        ("flood-text", "ucci/handshake"),
        // A million short reports before the result, which comes after a search.
        ("flood-info", "ucci/search"),
    ];
    let problems = run_rows(&kinds, |&(behaviour, scenario)| {
        let (_, report, took) = run("ucci", &hostile(behaviour, "ucci"), &[scenario]);
        let mut problems = Vec::new();
        if !outcomes(&report, "ucci.output.flood")
            .iter()
            .any(|(g, _)| g == "warn")
        {
            problems.push(format!(
                "{behaviour}: no flood warning: {}",
                summary(&report)
            ));
        }
        if took > Duration::from_secs(40) {
            problems.push(format!("{behaviour}: took {took:?}"));
        }
        let entries = &report.runs[0].transcript.entries;
        if !entries.iter().any(|e| e.direction == Direction::Omitted) {
            problems.push(format!("{behaviour}: the transcript kept every line"));
        }
        problems
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A 10 MB line without a line end is cut at 64 KiB and judged by its length alone; the run
/// goes on.
#[test]
fn a_ten_megabyte_line_is_cut_and_the_run_goes_on() {
    let _cpu = common::processor::share(2);
    let (_, report, took) = run("ucci", &hostile("long-line", "ucci"), &["ucci/handshake"]);
    assert!(took < Duration::from_secs(20), "{took:?}");
    let cut = outcomes(&report, "ucci.output.line-length");
    assert!(
        cut.iter()
            .any(|(g, m)| g == "warn" && m.contains("bytes were cut")),
        "{cut:?}"
    );
    assert!(outcomes(&report, "ucci.line.malformed").is_empty());
}

/// An engine that never reads its input: the write that finds the pipe full fails after its
/// deadline instead of hanging the run.
#[test]
fn an_engine_that_never_reads_cannot_hang_a_write() {
    let dir = crate::common::scratch_root().join("never-reads");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("many.scenario");
    let moves = "e2e4 e7e5 g1f3 b8c6 ".repeat(60);
    let mut text = String::from("protocol: uci\ntitle: many long commands\nspec: none\n");
    for _ in 0..200 {
        text.push_str(&format!("> position startpos moves {moves}\n"));
    }
    text.push_str("> isready\n< readyok (within 1000 ms)\n");
    std::fs::write(&file, text).unwrap();
    let (code, report, took) = run(
        "uci",
        &hostile("never-reads", "uci"),
        &[file.to_str().unwrap()],
    );
    assert_eq!(code, 1);
    assert!(took < Duration::from_secs(15), "{took:?}");
    let aborted = report.runs[0].end.aborted().unwrap();
    assert!(aborted.contains("did not read its input"), "{aborted}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A silent engine, or one that never reads: the first scenario shows it never answers, and
/// the rest are not run, so the whole suite costs seconds, not minutes.
#[test]
fn a_dead_engine_costs_seconds_not_minutes() {
    for behaviour in ["silent", "never-reads"] {
        let (code, report, took) = run("uci", &hostile(behaviour, "uci"), &[]);
        assert_eq!(code, 1, "{behaviour}");
        assert!(took < Duration::from_secs(15), "{behaviour}: {took:?}");
        // Every scenario of the library but the first.
        assert_eq!(
            report.summary.scenarios_not_run,
            report.summary.scenarios - 1,
            "{behaviour}"
        );
        assert!(report.summary.scenarios > 20, "{behaviour}");
        let (_, report, _) = run(
            "uci",
            &hostile(behaviour, "uci"),
            &["--no-fail-fast", "uci/quit", "uci/search"],
        );
        assert_eq!(report.summary.scenarios_not_run, 0, "{behaviour}");
    }
}

/// An engine that stops itself with SIGSTOP fails (it can no longer answer), and the rest of
/// the suite is not run. A brain that leaves START unanswered is not passed: the text gives
/// START no time (gomocup-r83), so the missing answer is said, not judged, and the run exits
/// 1, where the scenario itself only asks `OK` as a recommendation.
#[test]
fn an_engine_that_stops_itself_fails_at_once() {
    let (code, report, took) = run("gomocup", &hostile("sigstop", "gomocup"), &[]);
    assert_eq!(code, 1);
    assert!(took < Duration::from_secs(15), "{took:?}");
    let stopped = outcomes(&report, "gomocup.process.unexpected-exit");
    assert!(
        stopped
            .iter()
            .any(|(g, m)| g == "fail" && m.contains("SIGSTOP")),
        "{stopped:?}"
    );
    let (code, report, _) = run(
        "gomocup",
        &hostile("silent", "gomocup"),
        &["gomocup/start-sizes"],
    );
    assert_eq!(code, 1);
    let silent = outcomes(&report, "gomocup.command.answered");
    assert!(
        silent
            .iter()
            .any(|(g, m)| g == "warn" && m.contains("not judged")),
        "{silent:?} {}",
        summary(&report)
    );
}

/// An engine that crashes while a child still holds its output pipe is seen to crash, and the
/// run does not wait for the child.
#[test]
fn a_crash_behind_a_child_holding_the_pipe_is_seen() {
    let (code, report, took) = run(
        "ucci",
        &hostile("lingering-child", "ucci"),
        &["ucci/search"],
    );
    assert_eq!(code, 1);
    assert!(took < Duration::from_secs(5), "{took:?}");
    let crash = outcomes(&report, "ucci.process.unexpected-exit");
    assert!(
        crash
            .iter()
            .any(|(g, m)| g == "fail" && m.contains("code 3")),
        "{crash:?}"
    );
}

/// Whether a pid is still a live process (a zombie counts as gone: it is only waiting to be
/// reaped by its parent, and is reaped when the test process ends).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let state = stat[stat.rfind(')')? + 1..]
                .split_whitespace()
                .next()?
                .to_owned();
            Some(state != "Z")
        })
        .unwrap_or(false)
}

/// Descendants that leave the engine's process group (`setsid`), or that outlive it holding its
/// pipe, are killed and reaped with it: none is left after the run.
#[test]
fn no_descendant_outlives_a_run() {
    for behaviour in ["setsid-grandchild", "lingering-child"] {
        let pids = crate::common::scratch_root().join(format!("pids-{behaviour}"));
        let _ = std::fs::remove_file(&pids);
        let mut engine = hostile(behaviour, "ucci");
        engine.extend([
            "--engine-env".into(),
            format!("ARBITER_FIXTURE_PIDS={}", pids.display()),
        ]);
        let _ = run("ucci", &engine, &["ucci/search", "ucci/quit"]);
        let started = std::fs::read_to_string(&pids).unwrap();
        assert!(started.lines().count() >= 6, "{behaviour}: {started}");
        let left: Vec<&str> = started.lines().filter(|pid| alive(pid)).collect();
        assert!(left.is_empty(), "{behaviour}: still running: {left:?}");
        std::fs::remove_file(&pids).unwrap();
    }
}

/// SIGTERM to Arbiter (what CI runners and `timeout` send) while the engine ignores it and its
/// end of input: the engine is killed and reaped, the report is written with the partial
/// transcript, and the status says which signal ended the run.
#[test]
fn a_signal_ends_the_run_with_a_report_and_no_engine_left() {
    let pids = crate::common::scratch_root().join("pids-signal");
    let heard = crate::common::scratch_root().join("heard-signal");
    let report_file = crate::common::scratch_root().join("signal.json");
    let _ = std::fs::remove_file(&pids);
    let _ = std::fs::remove_file(&heard);
    let mut engine = hostile("ignore-eof-and-term", "ucci");
    engine.extend([
        "--engine-env".into(),
        format!("ARBITER_FIXTURE_PIDS={}", pids.display()),
        "--engine-env".into(),
        format!("ARBITER_FIXTURE_HEARD={}", heard.display()),
    ]);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["run", "--protocol", "ucci", "--format", "json", "--out"])
        .arg(&report_file)
        .args(&engine)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // A scenario under way: an engine has been sent its first command, which its transcript
    // holds (a command is put in it before it is written).
    crate::common::events::wait_until(
        "a command sent to an engine",
        Duration::from_secs(30),
        || crate::common::events::file_has_line(&heard, |_| true),
    );
    // SAFETY: kill(2) on our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
    }
    let started = Instant::now();
    let status = child.wait().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(status.code(), Some(128 + libc::SIGTERM));
    let report: Report =
        serde_json::from_str(&std::fs::read_to_string(&report_file).unwrap()).unwrap();
    let runs = &report.runs;
    assert!(
        runs.iter()
            .any(|r| r.end.not_run().is_some_and(|w| w.contains("signal 15")))
    );
    assert!(runs.iter().any(|r| !r.transcript.entries.is_empty()));
    let left: Vec<String> = std::fs::read_to_string(&pids)
        .unwrap()
        .lines()
        .filter(|pid| alive(pid))
        .map(str::to_owned)
        .collect();
    assert!(left.is_empty(), "still running: {left:?}");
    std::fs::remove_file(&pids).unwrap();
    std::fs::remove_file(&heard).unwrap();
    std::fs::remove_file(&report_file).unwrap();
}
