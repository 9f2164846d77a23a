//! Real UCI engines from Debian, pinned: each is certified against the `uci` profile's rows over
//! the scenarios that show its faults, and must earn exactly the failures the issue 26 survey
//! found to be true ones (the text forbids what it does). A failure more is a false one (or a
//! new fault of the engine's Debian version); a failure less is a check that stopped seeing.
//! The "Real programs" table of docs/peers.md shows the same figures.
//!
//! The whole `uci` profile takes 25-40 s per engine; these scenarios are the ones behind each
//! true failure, so the four certifications together stay well under a minute.

use crate::common;

use std::collections::BTreeSet;

use arbiter::certify::{Certification, Verdict};
use common::{arbiter, json_report, peer_or_skip, run_rows};

struct Program {
    /// The Debian package and executable.
    name: &'static str,
    args: &'static [&'static str],
    scenarios: &'static str,
    /// Every (check, grade) that fails, each a true failure by the survey.
    failures: &'static [&'static str],
    /// Warnings pinned because a fix made them warnings (they used to fail).
    warnings: &'static [&'static str],
    /// Steps whose reply never came within a bound the text does not give: not judged, and
    /// so not a failure of the rows they cite (what the text forbids is failed by a check).
    unanswered: &'static [&'static str],
}

const PROGRAMS: &[Program] = &[
    // Toga II 3.0 ignores `go nodes` (T1) and `searchmoves` (T2); it answers `a1a1` when mated
    // or stalemated, as the text says Rybka does (T4, a warning).
    Program {
        name: "toga2",
        args: &[],
        scenarios: "uci/searchmoves uci/depth-nodes uci/null-move",
        failures: &[
            "uci.bestmove.in-searchmoves",
            "uci.info.in-searchmoves",
            "uci/searchmoves:bestmove a2a3|h2h3 ...",
        ],
        warnings: &["uci.bestmove.legal"],
        // The search `go nodes` never ends: the text gives a node count, not a time, so the
        // harness's 10 s leave the step not judged (and the run short of a pass); the harness
        // then ends the session, and the unanswered `go` is not failed a second time.
        unanswered: &["uci/depth-nodes:bestmove ..."],
    },
    // Sjaak II 1.4.1 in UCI mode reads no input while it searches (S1: no result after `stop`,
    // no exit after `quit`), keeps a FEN position when `position startpos moves` follows (S2),
    // ignores `searchmoves` (S4) and castles king-takes-rook, `e1h1` (S5).
    Program {
        name: "sjaakii",
        args: &["-uci"],
        scenarios: "uci/worked-example uci/positions uci/searchmoves uci/castling uci/quit",
        failures: &[
            // `stop` unanswered: the step that waited for the reply within the harness's 1 s
            // is not judged (uci-r74's "immediately" has no figure), and is the one finding.
            "uci.bestmove.legal",
            "uci.pv.legal",
            "uci.bestmove.in-searchmoves",
            "uci.info.in-searchmoves",
            "uci/searchmoves:bestmove a2a3|h2h3 ...",
            "uci/castling:bestmove e1g1 ...",
            // Its `e1h1`, judged on every line it writes by the built-in check (uci-r19).
            "uci.move.notation",
        ],
        // It is killed after `quit`: uci-r79's "immediately" gives no figure, so the kill after
        // the harness's wait warns, in the step and in the built-in check.
        warnings: &["uci/quit:exit", "uci.quit.exit"],
        unanswered: &["uci/worked-example:bestmove {best} ..."],
    },
    // Ethereal 12.00 ignores `searchmoves` (E1) and answers `go infinite` on a mated position
    // at once (E3); its `a1a1` there is a warning (E2).
    Program {
        name: "ethereal-chess",
        args: &[],
        scenarios: "uci/searchmoves uci/null-move",
        failures: &[
            "uci.bestmove.in-searchmoves",
            "uci.info.in-searchmoves",
            "uci/searchmoves:bestmove a2a3|h2h3 ...",
            "uci.infinite.no-result-before-stop",
            "uci/null-move:no bestmove ...",
        ],
        warnings: &["uci.bestmove.legal"],
        unanswered: &[],
    },
    // Glaurung 2.2 never answers `isready` during a search (G1) and answers `go infinite` on a
    // mated position at once (G2).
    Program {
        name: "glaurung",
        args: &[],
        scenarios: "uci/null-move uci/infinite",
        failures: &[
            "uci.infinite.no-result-before-stop",
            "uci/null-move:no bestmove ...",
        ],
        warnings: &[],
        // No `readyok` mid-search: uci-r32's "immediately" has no figure, so the step that
        // waited within the harness's 1 s is not judged, and is the one finding.
        unanswered: &["uci/infinite:readyok"],
    },
];

/// The (check, grade) pairs of a certification's outcomes with the given grade.
fn checks_graded(report: &Certification, grade: &str) -> BTreeSet<String> {
    report
        .runs
        .iter()
        .flat_map(|run| &run.outcomes)
        .filter(|o| o.grade.as_str() == grade)
        .map(|o| o.check.to_string())
        .collect()
}

fn certify(program: &Program) -> Vec<String> {
    let Some(engine) = peer_or_skip(program.name) else {
        return Vec::new();
    };
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join(format!("{}.profile", program.name));
    // The `uci` profile's rows (every `must` required, every `should` recommended) over this
    // program's scenarios.
    std::fs::write(
        &profile,
        format!(
            "profile: uci-{name}\nprotocol: uci\ntitle: the uci profile's rows for {name}\n\
             spec: uci.ru.txt\nrequired: all-must\nrecommended: all-should\nscenarios: {}\n",
            program.scenarios,
            name = program.name
        ),
    )
    .unwrap();
    let mut cmd = arbiter();
    cmd.args(["certify", "--format", "json", "--profile"])
        .arg(&profile)
        .arg("--engine")
        .arg(engine);
    for arg in program.args {
        cmd.args(["--engine-arg", arg]);
    }
    let (code, report): (i32, Certification) = json_report(&mut cmd);
    let mut problems = Vec::new();
    let failed = checks_graded(&report, "fail");
    let expected: BTreeSet<String> = program.failures.iter().map(|s| s.to_string()).collect();
    if failed != expected {
        problems.push(format!(
            "{}: failures {:?}, expected {:?} (extra: {:?}, missing: {:?})",
            program.name,
            failed,
            expected,
            failed.difference(&expected).collect::<Vec<_>>(),
            expected.difference(&failed).collect::<Vec<_>>(),
        ));
    }
    let unanswered: BTreeSet<String> = report
        .runs
        .iter()
        .flat_map(|run| &run.blocked)
        .filter(|b| b.is_unanswered())
        .map(|b| b.check.to_string())
        .collect();
    let expected: BTreeSet<String> = program.unanswered.iter().map(|s| s.to_string()).collect();
    if unanswered != expected {
        problems.push(format!(
            "{}: unanswered {unanswered:?}, expected {expected:?}",
            program.name
        ));
    }
    let warned = checks_graded(&report, "warn");
    for w in program.warnings {
        if !warned.contains(*w) {
            problems.push(format!("{}: `{w}` does not warn: {warned:?}", program.name));
        }
    }
    if report.verdict != Verdict::Fail || code != 1 {
        problems.push(format!(
            "{}: verdict {} (exit {code}), expected fail",
            program.name,
            report.verdict.label()
        ));
    }
    problems
}

#[test]
fn debian_uci_engines_earn_exactly_their_true_failures() {
    let _cpu = common::processor::share(2);
    let problems = run_rows(PROGRAMS, certify);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
