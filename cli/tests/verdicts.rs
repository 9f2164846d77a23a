//! Verdicts that hold on programs Arbiter was never tuned to: the fixture engine reproduces
//! what public UCCI engines and Gomocup brains were seen doing (BitStronger 0.06 ignoring
//! `banmoves` and dying on `go draw`, "harmless" ignoring the `moves` of `position` and never
//! answering `go time`, brains that loop or move when their input closes), and each must end
//! in the verdict the text gives: a required row fails through the rule behind it, a crash is
//! one finding, a bound the text does not give never fails a row, and every session ends the
//! protocol's way.

use crate::common;

use arbiter::certify::{Certification, RequirementVerdict, Verdict};
use arbiter::check::{CheckId, CheckRef, Grade, Softened};
use arbiter::protocol::{Protocol, ReqId};
use arbiter::report::Report;
use common::{fixture_run, json_report};

fn certify(profile: &str, protocol: &str, fault: &str) -> (i32, Certification) {
    crate::certify::certify(profile, protocol, fault, &[])
}

fn run(protocol: &str, fault: &str, scenarios: &[&str]) -> (i32, Report) {
    json_report(fixture_run(protocol, fault).args(scenarios))
}

fn required<'a>(report: &'a Certification, id: &str) -> &'a RequirementVerdict {
    report
        .required
        .iter()
        .find(|v| v.requirement.id == ReqId::new(id))
        .unwrap_or_else(|| panic!("{id} is not required by {}", report.profile))
}

/// The failing required rows, each with the row it failed through.
fn failed(report: &Certification) -> Vec<(String, Option<String>)> {
    report
        .required
        .iter()
        .filter(|v| v.verdict == Verdict::Fail)
        .map(|v| (v.requirement.id.to_string(), v.via.map(|id| id.to_string())))
        .collect()
}

fn is_crash(check: &CheckRef) -> bool {
    matches!(
        check,
        CheckRef::Builtin {
            id: CheckId::ProcessUnexpectedExit,
            ..
        }
    )
}

fn via(id: &str, through: &str) -> (String, Option<String>) {
    (id.to_owned(), Some(through.to_owned()))
}

/// BitStronger 0.06 reads `banmoves` and does nothing with it: the league's row on
/// `banmoves` fails through ucci-r60, and says so.
#[test]
fn an_engine_that_ignores_banmoves_is_not_certified_for_the_league() {
    let (code, report) = certify("ucci-league", "ucci", "ignores-banmoves");
    assert_eq!(code, 1, "{report:#?}");
    assert_eq!(report.verdict, Verdict::Fail);
    let row = required(&report, "ucci-r132");
    assert_eq!(row.verdict, Verdict::Fail);
    assert_eq!(row.via, Some(ReqId::new("ucci-r60")));
    let finding = row.finding.as_deref().unwrap_or_default();
    assert!(
        finding.starts_with("via ucci-r60: ucci/banmoves: ucci.bestmove.not-banned"),
        "{finding}"
    );
}

/// BitStronger dies by SIGSEGV on `go draw time …`: the league's rows on `go [draw] time`
/// and on `bestmove … [draw|resign]` fail, through the rule that a search gets its reply,
/// and the crash is the one finding of its scenario (what it kept from running is blocked).
#[test]
fn an_engine_that_crashes_on_a_draw_offer_fails_the_league_rows_on_time_and_bestmove() {
    let (code, report) = certify("ucci-league", "ucci", "crash-on-go-draw");
    assert_eq!(code, 1, "{report:#?}");
    assert_eq!(
        failed(&report),
        [via("ucci-r133", "ucci-r99"), via("ucci-r136", "ucci-r99")],
        "{report:#?}"
    );
    let draw = report
        .runs
        .iter()
        .find(|r| r.scenario.name == "ucci/draw")
        .expect("ucci/draw ran");
    let findings: Vec<_> = draw
        .outcomes
        .iter()
        .filter(|o| o.grade != Grade::Pass)
        .collect();
    assert_eq!(findings.len(), 1, "{findings:#?}");
    assert!(is_crash(&findings[0].check), "{:?}", findings[0].check);
    assert!(
        findings[0].message.contains("SIGSEGV"),
        "{}",
        findings[0].message
    );
    assert!(
        draw.blocked.iter().all(|b| b.by.check == findings[0].check),
        "{:#?}",
        draw.blocked
    );
}

/// The whole of UCCI: after the crash, no row fails because a later command could not be
/// written to the dead engine; each scenario's crash is one finding.
#[test]
fn a_crash_is_one_finding_in_every_scenario_it_stops() {
    let (_, report) = certify("ucci-full", "ucci", "crash-on-go-draw");
    for run in &report.runs {
        let findings: Vec<&arbiter::check::Outcome> = run
            .outcomes
            .iter()
            .filter(|o| o.grade == Grade::Fail)
            .collect();
        assert!(
            findings.iter().all(|o| !o.message.contains("cannot write")),
            "{}: {findings:#?}",
            run.scenario.name
        );
        if findings.iter().any(|o| is_crash(&o.check)) {
            assert_eq!(findings.len(), 1, "{}: {findings:#?}", run.scenario.name);
        }
    }
}

/// "harmless" sets up the FEN of `position fen … moves …` and ignores the moves: its reply
/// is for the wrong side, and the league's row on `position` fails through ucci-r100.
#[test]
fn an_engine_that_ignores_the_moves_of_position_is_not_certified_for_the_league() {
    let (code, report) = certify("ucci-league", "ucci", "ignores-position-moves");
    assert_eq!(code, 1, "{report:#?}");
    let row = required(&report, "ucci-r131");
    assert_eq!(row.verdict, Verdict::Fail, "{row:#?}");
    assert_eq!(row.via, Some(ReqId::new("ucci-r100")));
}

/// "harmless" thinks only in depth mode and never answers `go time …`: the league sends time
/// values no reading of the unit excuses (A1), so the silence fails ucci-r133.
#[test]
fn an_engine_that_never_answers_go_time_fails_the_league_row_on_time() {
    let (code, report) = run("ucci", "depth-only", &["ucci/time"]);
    assert_eq!(code, 1, "{report:#?}");
    let run = &report.runs[0];
    let failing: Vec<&arbiter::check::Outcome> = run
        .outcomes
        .iter()
        .filter(|o| o.grade == Grade::Fail)
        .collect();
    assert!(
        failing
            .iter()
            .any(|o| o.requirements.contains(&ReqId::new("ucci-r133"))
                && matches!(o.check, CheckRef::Step { .. })),
        "{failing:#?}"
    );
}

/// A brain that takes 2.2 s to answer `START` (a cold start of a large binary) is late
/// against the harness's 2 s, which the text never gave: warnings, never a failure.
#[test]
fn a_slow_start_warns_and_fails_nothing() {
    let (code, report) = run("gomocup", "slow-start", &["gomocup/game"]);
    let run = &report.runs[0];
    let late: Vec<&arbiter::check::Outcome> = run
        .outcomes
        .iter()
        .filter(|o| o.message.contains("came after"))
        .collect();
    assert!(!late.is_empty(), "{:#?}", run.outcomes);
    assert!(late.iter().all(|o| o.grade == Grade::Warn), "{late:#?}");
    assert_eq!(code, 0, "{report:#?}");
}

/// A brain that loops on its last reply once its input closes, run through the one built-in
/// scenario that does not end the session itself: the harness ends it with `END`, and the
/// brain exits instead of flooding the report.
#[test]
fn a_session_the_scenario_leaves_open_ends_with_end() {
    let (code, report) = run("gomocup", "loops-on-eof", &["gomocup/long-line"]);
    let run = &report.runs[0];
    assert!(
        run.outcomes.iter().all(|o| !matches!(
            o.check,
            CheckRef::Builtin {
                id: CheckId::OutputFlood,
                ..
            }
        )),
        "{:#?}",
        run.outcomes
    );
    let sent: Vec<&str> = run
        .transcript
        .entries
        .iter()
        .filter(|e| e.direction == arbiter::session::Direction::Sent)
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(sent.last(), Some(&"END"), "{sent:?}");
    assert!(run.transcript.ended_early_at_us.is_some());
    assert_eq!(code, 0, "{report:#?}");
}

/// A brain that prints a move when its input closes: the harness ends the session with `END`
/// first, so there is nothing to judge after its own ending.
#[test]
fn nothing_after_the_harness_s_own_ending_is_judged() {
    let (code, report) = run("gomocup", "moves-on-eof", &["gomocup/long-line"]);
    let run = &report.runs[0];
    assert!(
        run.outcomes.iter().all(|o| o.grade != Grade::Fail),
        "{:#?}",
        run.outcomes
    );
    assert_eq!(code, 0, "{report:#?}");
}

/// Two games between the fixture engine with `fault` (named `name`) and the sound one: the
/// exit status and the saved results.
fn fixture_match(
    protocol: &str,
    tc: &str,
    (name, fault): (&str, &str),
) -> (i32, serde_json::Value) {
    let engine = common::fixture_engine();
    let engine = engine.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("match.json");
    let ran = common::arbiter()
        .args(["match", "--protocol", protocol, "--games", "2", "--quiet"])
        .args([
            "--engine",
            &format!("cmd={engine}"),
            &format!("name={name}"),
        ])
        .args([format!("arg={protocol}"), format!("arg={fault}")])
        .args(["--engine", &format!("cmd={engine}"), "name=sound"])
        .args([format!("arg={protocol}"), "arg=none".to_owned()])
        .args(["--each", &format!("tc={tc}"), "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let saved = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    (ran.status.code().unwrap_or(-1), saved)
}

/// Match play: an engine that dies mid-search forfeits its game, and its protocol findings
/// are the crash alone, once per game. The seat's `quit`, sent as the engine was dying, owes
/// nothing (no `bye` it never wrote), and the opponent, ended with `quit`, has none.
#[test]
fn a_crash_in_a_match_is_one_finding_per_game() {
    let (code, saved) = fixture_match("ucci", "1+0.1", ("crash", "crash-mid-search"));
    assert_eq!(code, 1);
    let games = saved["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    for game in games {
        let findings: Vec<(&str, &str)> = game["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["grade"] != "pass")
            .map(|f| (f["engine"].as_str().unwrap(), f["check"].as_str().unwrap()))
            .collect();
        assert_eq!(
            findings,
            [("crash", "ucci.process.unexpected-exit")],
            "{game:#}"
        );
    }
}

/// One reading for the referee and the checks: a brain whose MESSAGE holds a raw CR leaves a
/// fragment (`-35 at depth 3`) that starts like a point. The checks judge it as the rest of
/// the message (gomocup-r128), and the referee reads it the same way: not a move, so the game
/// goes on to its end by the rules, with no forfeit for an "illegal move".
#[test]
fn a_broken_message_is_one_fault_for_the_referee_and_the_checks() {
    let (code, saved) = fixture_match("gomocup", "10+0.1", ("broken", "broken-message"));
    assert_eq!(code, 1);
    for game in saved["games"].as_array().unwrap() {
        let termination = &game["termination"];
        assert_eq!(termination["ending"], "five_in_a_row", "{game:#}");
        let words = termination["words"].as_str().unwrap();
        assert!(words.contains("five in a row"), "{game:#}");
        let checks: Vec<&str> = game["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["grade"] != "pass")
            .map(|f| f["check"].as_str().unwrap())
            .collect();
        assert!(!checks.is_empty(), "{game:#}");
        assert!(
            checks.iter().all(|c| *c == "gomocup.message.one-line"),
            "{checks:?}"
        );
    }
}

/// A brain that reads BOARD's colours by the stones' place in the list rather than by their
/// field (gomocup-r51) completes the opponent's four as if it were its own, where the field
/// gives it a four of its own to win with: the scenario warns it, and the transcript shows
/// which row it took for its own.
#[test]
fn a_brain_that_ignores_the_colour_field_takes_the_opponent_s_row() {
    let (code, report) = run(
        "gomocup",
        "colours-by-alternation",
        &["gomocup/board-colours"],
    );
    assert_eq!(
        code, 0,
        "a warning: the text does not oblige a brain to win"
    );
    let run = &report.runs[0];
    let replies: Vec<&str> = run
        .transcript
        .entries
        .iter()
        .filter(|e| e.direction == arbiter::session::Direction::Received)
        .map(|e| e.text.as_str())
        .collect();
    assert!(
        replies.iter().any(|r| *r == "4,10" || *r == "9,10"),
        "{replies:?}"
    );
    assert!(
        run.outcomes
            .iter()
            .any(|o| o.grade == Grade::Warn && o.requirements == [ReqId::new("gomocup-r51")]),
        "{:#?}",
        run.outcomes
    );
}

/// `readyok` 2.4 s after `setoption` and `ucinewgame` (Stockfish on a loaded host): the text
/// lets a new game and an option take time and asks for `readyok` as soon as the engine is
/// ready (uci-r31), so the scenarios that wait for it pass, with no warning.
#[test]
fn readyok_after_a_slow_setup_is_no_finding() {
    let (code, report) = run(
        "uci",
        "slow-new-game",
        &["uci/worked-example", "uci/multipv"],
    );
    assert_eq!(code, 0);
    let findings: Vec<&str> = report
        .runs
        .iter()
        .flat_map(|run| &run.outcomes)
        .filter(|o| o.grade != Grade::Pass)
        .map(|o| o.message.as_str())
        .collect();
    assert!(findings.is_empty(), "{findings:#?}");
    let readyoks = report
        .runs
        .iter()
        .flat_map(|run| &run.outcomes)
        .filter(|o| {
            o.check == CheckRef::builtin(Protocol::Uci, CheckId::IsreadyReadyok)
                && o.latency_us > Some(2_000_000)
        })
        .count();
    assert!(readyoks >= 2, "the slow answers were judged");
}

/// A handshake 2.5 s late against a 2 s bound of the harness's own warns and says why, so a
/// certificate can set the machine's load apart from the engine; against the text's own bound
/// the same lateness fails, and nothing softens it.
#[test]
fn a_reply_past_the_harness_s_own_bound_warns_as_softened() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = |name: &str, bound: &str| {
        let path = dir.path().join(format!("{name}.scenario"));
        std::fs::write(
            &path,
            format!(
                "protocol: uci\ntitle: late\nspec: s\n\n> uci\n< uciok (within 2000 ms, {bound})\n"
            ),
        )
        .unwrap();
        path
    };
    let harness = scenario("harness", "harness, uci-r05");
    let text = scenario("text", "text: uci-r05, uci-r05");
    let graded = |path: &std::path::Path| {
        let (_, report) = run("uci", "late-handshake", &[path.to_str().unwrap()]);
        let o = report.runs[0]
            .outcomes
            .iter()
            .find(|o| matches!(&o.check, CheckRef::Step { label, .. } if label == "uciok"))
            .cloned()
            .expect("the uciok step is judged");
        (o.grade, o.softened)
    };
    assert_eq!(
        graded(&harness),
        (Grade::Warn, Some(Softened::HarnessBound))
    );
    assert_eq!(graded(&text), (Grade::Fail, None));
}

/// A quiet window an engine keeps by dying shows nothing of what it asks: it is blocked by
/// the crash, not passed (a brain that exits on a continuous-game BOARD once passed gomocup-r52
/// so).
#[test]
fn a_quiet_window_kept_by_dying_is_blocked_not_passed() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("quiet.scenario");
    std::fs::write(
        &scenario,
        "protocol: gomocup\ntitle: quiet\nspec: s\n\n> START 20\n< OK (within 2000 ms, harness)\n\
         > BEGIN\nno 7,7 for 1000 ms (harness, gomocup-r52)\n",
    )
    .unwrap();
    let (code, report) = run("gomocup", "crash-mid-search", &[scenario.to_str().unwrap()]);
    assert_eq!(code, 1);
    let run = &report.runs[0];
    assert!(
        run.outcomes
            .iter()
            .all(|o| !(o.grade == Grade::Pass
                && o.requirements.contains(&ReqId::new("gomocup-r52")))),
        "{:#?}",
        run.outcomes
    );
    assert!(
        run.blocked
            .iter()
            .any(|b| b.requirements.contains(&ReqId::new("gomocup-r52")) && is_crash(&b.by.check)),
        "{:#?}",
        run.blocked
    );
}

/// A brain that speaks and then dies of one scenario's command (PPay dies of an INFO before
/// START) is not taken for one that answers nothing: that death is its finding, and the rest
/// of the library still runs, where it answers.
#[test]
fn a_brain_that_dies_of_one_command_does_not_stop_the_run() {
    let (code, report) = run("gomocup", "dies-on-early-info", &[]);
    assert_eq!(code, 1);
    assert_eq!(report.summary.scenarios_not_run, 0, "{:#?}", report.summary);
    assert!(report.summary.scenarios_passed > 0, "{:#?}", report.summary);
    assert!(
        report
            .runs
            .iter()
            .flat_map(|run| &run.outcomes)
            .any(|o| o.grade == Grade::Fail && is_crash(&o.check)),
        "the death is a finding"
    );
    // It dies of the INFO it reads before START, with START's `OK` owed: its death breaks
    // START's row (gomocup-r40) beside the process rule, not the process rule alone.
    let cited: Vec<_> = report
        .runs
        .iter()
        .flat_map(|run| &run.outcomes)
        .filter(|o| is_crash(&o.check))
        .map(|o| o.requirements.clone())
        .collect();
    assert!(
        cited
            .iter()
            .any(|rows| rows.contains(&ReqId::new("gomocup-r40"))),
        "{cited:#?}"
    );
}

/// A brain that declines `RESTART` (`UNKNOWN`, which gomocup-r103 allows) is one the text's
/// manager ends and runs again (gomocup-r111): it owes no move after the `BOARD` the restart
/// scenario sends next. One that refuses that `BOARD` in the middle of its game (BAR 2024) is
/// not failed for it; one that accepted `RESTART` still owes the move, and a decliner that
/// moves anyway is judged as usual.
#[test]
fn a_brain_that_declined_restart_owes_no_move_after_the_board_that_follows() {
    let restart_step = |fault: &str| {
        let (code, report) = run("gomocup", fault, &["gomocup/restart"]);
        let run = &report.runs[0];
        let last: Vec<_> = run
            .outcomes
            .iter()
            .filter(|o| matches!(&o.check, CheckRef::Step { label, .. } if label.ends_with("#3")))
            .map(|o| o.grade)
            .collect();
        (code, last, run.outcomes.clone())
    };
    let (code, last, outcomes) = restart_step("declines-restart-refuses-board");
    assert_eq!(last, [], "{outcomes:#?}");
    assert!(
        outcomes.iter().all(|o| o.grade != Grade::Fail),
        "{outcomes:#?}"
    );
    assert_eq!(code, 0);
    for fault in ["none", "declines-restart"] {
        let (_, last, outcomes) = restart_step(fault);
        assert_eq!(last, [Grade::Pass], "{fault}: {outcomes:#?}");
    }
}

/// An `if` block is played only where the engine gave the answer it names: the move after an
/// accepted `RESTART` is owed by a brain that answered `OK` and never asked of one that
/// answered `UNKNOWN`, which gets the `is not OK` block instead. A block that does not apply is
/// neither judged nor blocked.
#[test]
fn an_if_block_is_played_only_after_the_answer_it_names() {
    let dir = common::scratch_root().join("if-block");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("restart-branches.scenario");
    std::fs::write(
        &file,
        "protocol: gomocup\ntitle: the game after RESTART, by its answer\nspec: gomocup.zh.txt, §4.2\n\
         > START 15\n< OK (within 2000 ms, harness, gomocup-r40)\n> RESTART\n\
         < /(?P<restart>OK|UNKNOWN)(\\s.*)?/ (within 2000 ms, harness, gomocup-r119)\n\
         if restart is OK\n> TURN 7,7\n< /\\d+,\\d+/ (within 2000 ms, harness, gomocup-r42, as move)\nend if\n\
         if restart is not OK\n> ABOUT\n< /.+/ (within 2000 ms, harness, gomocup-r98, as about)\nend if\n\
         > END\n",
    )
    .unwrap();
    let labels = |fault: &str| {
        let (code, report): (i32, Report) = json_report(fixture_run("gomocup", fault).arg(&file));
        let run = &report.runs[0];
        assert!(run.blocked.is_empty(), "{fault}: {:#?}", run.blocked);
        let steps: Vec<(String, Grade)> = run
            .outcomes
            .iter()
            .filter_map(|o| match &o.check {
                CheckRef::Step { label, .. } => Some((label.clone(), o.grade)),
                _ => None,
            })
            .collect();
        (code, steps)
    };
    let (code, steps) = labels("none");
    assert_eq!(code, 0, "{steps:?}");
    assert!(
        steps.contains(&("move".to_owned(), Grade::Pass)),
        "{steps:?}"
    );
    assert!(!steps.iter().any(|(l, _)| l == "about"), "{steps:?}");
    let (code, steps) = labels("declines-restart");
    assert_eq!(code, 0, "{steps:?}");
    assert!(
        steps.contains(&("about".to_owned(), Grade::Pass)),
        "{steps:?}"
    );
    assert!(!steps.iter().any(|(l, _)| l == "move"), "{steps:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
