//! One cause is one finding: a step a stopped scenario never reached is blocked by the finding
//! that stopped it, never failed, in every report format and in a certification.

use crate::common;

use arbiter::certify::{Certification, Verdict};
use arbiter::check::{CheckId, CheckRef, Grade, Outcome};
use arbiter::protocol::{Protocol, ReqId};
use arbiter::report::Report;
use common::{arbiter, fixture_engine, json_report};

/// The draw scenario as it was before the catalogue's A17: a draw offered in a bare-kings
/// position, whose reply the scenario plays on from. An engine that reads the position as
/// dead answers `nobestmove`, as the texts' author's engine does, and nothing after it can run.
const BARE_KINGS_DRAW: &str = "\
protocol: ucci
title: a draw offered with bare kings, played on from the reply
spec: ucci-overview.zh.txt, 「go [ponder | draw]」
cites: ucci-r76 ucci-r97 ucci-r99 ucci-r138

> ucci
< ucciok (within 2000 ms, ucci-r45)
> position fen 3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1
> go draw time 3000 increment 0
< info ... (any number)
< bestmove {reply} ... (within 300 ms, should, ucci-r76)
> position fen 3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1 moves {reply} d9d8
> go draw time 3000 increment 0
< bestmove ... draw (within 3000 ms, should, ucci-r138)
> quit
< bye (within 2000 ms, should, ucci-r117)
";

fn scenario_file() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bare-kings-draw.scenario"), BARE_KINGS_DRAW).unwrap();
    dir
}

fn run(dir: &tempfile::TempDir, format: &str) -> (i32, String) {
    let out = arbiter()
        .args(["run", "--protocol", "ucci", "--format", format, "--engine"])
        .arg(fixture_engine())
        .args(["--engine-arg", "ucci", "--engine-arg", "elephanteye"])
        .arg(dir.path().join("bare-kings-draw.scenario"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn steps_after_a_missing_reply_are_blocked_by_it_not_failed() {
    let dir = scenario_file();
    let (code, text) = run(&dir, "json");
    let report: Report = serde_json::from_str(&text).unwrap();
    let scenario = &report.runs[0];
    // A scenario file outside the library is named by its folder and stem.
    let step = |label: &str| format!("{}:{label}", scenario.scenario.name);
    // The missing reply is the one finding about the exchange: a warning, as its step is a
    // `should` (the fixture's `id version` line is the other, a warning of its own).
    let findings: Vec<&Outcome> = scenario
        .outcomes
        .iter()
        .filter(|o| {
            o.grade != Grade::Pass && o.check != CheckRef::builtin(Protocol::Ucci, CheckId::IdField)
        })
        .collect();
    assert_eq!(findings.len(), 1, "{findings:#?}");
    assert_eq!(
        findings[0].check.to_string(),
        step("bestmove {reply} ..."),
        "{findings:#?}"
    );
    assert_eq!(findings[0].grade, Grade::Warn);
    // Everything it kept from running names it, with the rows it would have judged.
    let blocked = &scenario.blocked;
    let names: Vec<String> = blocked.iter().map(|b| b.check.to_string()).collect();
    assert_eq!(
        names,
        [
            step("> position fen 3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1 moves {repl…"),
            step("bestmove ... draw"),
            step("bye"),
        ]
    );
    for b in blocked {
        assert_eq!(
            b.by.check.to_string(),
            step("bestmove {reply} ..."),
            "{b:#?}"
        );
    }
    assert_eq!(blocked[1].requirements, [ReqId::new("ucci-r138")]);
    assert_eq!(report.summary.checks_failed, 0);
    assert_eq!(report.summary.checks_blocked, 3);
    assert_eq!(code, 0, "nothing failed: {text}");
}

#[test]
fn every_report_format_shows_blocked_steps_as_blocked() {
    let dir = scenario_file();
    let (_, human) = run(&dir, "human");
    assert!(
        human.contains("bare-kings-draw:bestmove ... draw [ucci-r138]: not judged, blocked by "),
        "{human}"
    );
    assert!(
        human.contains("(this stopped the scenario: 3 later steps not judged"),
        "{human}"
    );
    assert!(human.contains(", 3 blocked"), "{human}");
    let (_, junit) = run(&dir, "junit");
    assert!(
        junit.contains(r#"bare-kings-draw:bestmove ... draw""#),
        "{junit}"
    );
    assert!(
        junit.contains(r#"<skipped message="blocked by "#),
        "{junit}"
    );
    assert!(!junit.contains("<failure"), "{junit}");
    let (_, html) = run(&dir, "html");
    assert!(
        html.contains("bare-kings-draw:bestmove ... draw [ucci-r138]: not judged"),
        "the page lists the blocked steps"
    );
}

/// A certification grades a row only on its own evidence: one that nothing but blocked steps
/// cite is `blocked`, which keeps the engine from being certified without failing the row.
#[test]
fn a_row_only_blocked_steps_cite_is_blocked_in_a_certification() {
    let dir = scenario_file();
    let profile = dir.path().join("draw-only.profile");
    std::fs::write(
        &profile,
        format!(
            "profile: draw-only\nprotocol: ucci\ntitle: t\nspec: s\nrequired: ucci-r138\n\
             recommended: ucci-r76\nscenarios: {}\n",
            dir.path().join("bare-kings-draw.scenario").display()
        ),
    )
    .unwrap();
    let (code, report): (i32, Certification) = json_report(
        arbiter()
            .args(["certify", "--format", "json", "--profile"])
            .arg(&profile)
            .arg("--engine")
            .arg(fixture_engine())
            .args(["--engine-arg", "ucci", "--engine-arg", "elephanteye"]),
    );
    assert_eq!(report.required[0].verdict, Verdict::Blocked, "{report:#?}");
    let finding = report.required[0].finding.as_deref().unwrap();
    assert!(
        finding.contains("blocked by ") && finding.contains("bare-kings-draw:bestmove {reply} ..."),
        "{finding}"
    );
    assert_eq!(report.recommended[0].verdict, Verdict::PassWithWarnings);
    assert_eq!(report.verdict, Verdict::Blocked);
    assert_eq!(code, 1, "not certified");
}

/// The texts' author's engine answers `go ponder` with no rook, horse, cannon or pawn on the
/// board with `nobestmove` at once (A17), which left `ucci/ponderhit-draw` nothing to play on
/// from; the scenario keeps a back-rank pawn so a move comes (issue 26 survey, L6).
#[test]
fn the_ponderhit_draw_scenario_gets_a_move_from_the_authors_engine() {
    let (code, report): (i32, Report) = json_report(
        arbiter()
            .args(["run", "--protocol", "ucci", "--format", "json", "--engine"])
            .arg(fixture_engine())
            .args(["--engine-arg", "ucci", "--engine-arg", "elephanteye"])
            .arg("ucci/ponderhit-draw"),
    );
    let run = &report.runs[0];
    let findings: Vec<&Outcome> = run
        .outcomes
        .iter()
        .filter(|o| {
            o.grade != Grade::Pass && o.check != CheckRef::builtin(Protocol::Ucci, CheckId::IdField)
        })
        .collect();
    assert!(findings.is_empty(), "{findings:#?}");
    assert!(run.blocked.is_empty(), "{run:#?}");
    assert_eq!(code, 0, "{report:#?}");
}

/// Turns an infinite or pondering search into a one-ply one in front of the UCCI reference
/// engine: an engine that answers `go infinite` and `go ponder` at once, and legally.
const UCCI_ANSWERS_AT_ONCE: &str = r#"
    while IFS= read -r line; do
      case "$line" in
        "go ponder"*|"go infinite"*) echo "go depth 1" ;;
        *) printf '%s\n' "$line" ;;
      esac
    done | "$@""#;

/// The same in front of the AGI reference engine: `GO … INFINITE` becomes a 10 ms search.
const AGI_ANSWERS_AT_ONCE: &str = r#"
    while IFS= read -r line; do
      case "$line" in
        GO*INFINITE) printf '%s\n' "${line%INFINITE}TIME 10" ;;
        *) printf '%s\n' "$line" ;;
      esac
    done | "$@""#;

/// An engine that answers an infinite or pondering search at once has one finding there, the
/// early answer. The result awaited after `stop` or `ponderhit`, which that answer made
/// pointless, is blocked by it, not failed a second time (as in the UCI scenarios).
#[test]
fn an_answer_before_stop_or_ponderhit_is_one_finding() {
    use arbiter::{Engine, Protocol};
    let ucci = (
        "arbiter-xiangqi",
        UCCI_ANSWERS_AT_ONCE,
        Protocol::Ucci,
        &[][..],
    );
    let agi = (
        "pbrain-arbiter",
        AGI_ANSWERS_AT_ONCE,
        Protocol::Agi,
        &["--agi"][..],
    );
    let early_ucci = r"no /(bestmove|nobestmove)(\s.*)?/";
    let cases = [
        (ucci, "ucci/info", early_ucci, "bestmove|nobestmove ..."),
        (ucci, "ucci/ponder", early_ucci, "bestmove {reply} ..."),
        (
            ucci,
            "ucci/ponder-miss",
            early_ucci,
            "bestmove|nobestmove ...",
        ),
        (
            ucci,
            "ucci/ponderhit-draw",
            early_ucci,
            "bestmove {reply} ...",
        ),
        (
            ucci,
            "ucci/probe",
            "no answer before probe",
            "bestmove|nobestmove ...",
        ),
        (
            ucci,
            "ucci/unknown-command",
            "no answer before the unknown word",
            "bestmove|nobestmove ...",
        ),
        (agi, "agi/thinking", "no BESTMOVE ...", "BESTMOVE ..."),
        (
            agi,
            "agi/exchange",
            "no BESTMOVE ...",
            "BESTMOVE {best} ...",
        ),
        // The second search plays on from the first's `{best}`, so here it is blocked by the
        // same early answer (its own `needs no BESTMOVE ... #2` is for an engine that answers
        // only the second).
        (agi, "agi/exchange", "no BESTMOVE ...", "BESTMOVE ..."),
    ];
    // Each blocked wait runs out its bound (up to 22 s) before it is called blocked, and the
    // engines barely search: the cases run side by side.
    let problems: Vec<String> = std::thread::scope(|scope| {
        let cases = cases.map(
            |((engine, filter, protocol, args), scenario, early, result)| {
                scope.spawn(move || {
                    let engine = Engine::new("sh")
                        .arg("-c")
                        .arg(filter)
                        .arg("sh")
                        .arg(common::reference_engine(engine).display().to_string());
                    let report = args
                        .iter()
                        .fold(engine, |engine, &arg| engine.arg(arg))
                        .protocol(protocol)
                        .run(&[scenario])
                        .expect("the scenario loads");
                    one_finding(&report.runs[0], scenario, early, result)
                })
            },
        );
        cases
            .into_iter()
            .flat_map(|case| case.join().expect("a case thread"))
            .collect()
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What is wrong with one case of the test above: the early answer not found, or the result
/// after it judged, or blocked by something else.
fn one_finding(
    run: &arbiter::report::ScenarioRun,
    scenario: &str,
    early: &str,
    result: &str,
) -> Vec<String> {
    let id = |label: &str| CheckRef::Step {
        scenario: scenario.to_owned(),
        label: label.to_owned(),
    };
    let grade_of = |label: &str| {
        run.outcomes
            .iter()
            .find(|o| o.check == id(label))
            .map(|o| o.grade)
    };
    let mut problems = Vec::new();
    if matches!(grade_of(early), Some(Grade::Pass) | None) {
        problems.push(format!(
            "{scenario}: the early answer was not found ({early})"
        ));
    }
    if let Some(grade) = grade_of(result) {
        problems.push(format!("{scenario}: `{result}` was judged: {grade:?}"));
    }
    match run.blocked.iter().find(|b| b.check == id(result)) {
        Some(b) if b.by.check == id(early) => {}
        Some(b) => problems.push(format!("{scenario}: `{result}` {}", b.reason())),
        None => problems.push(format!("{scenario}: `{result}` is not blocked")),
    }
    problems
}
