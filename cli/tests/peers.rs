//! Real third-party engines, certified with the built-in profiles: the `uci` profile against
//! Stockfish, `ucci-full` against Fairy-Stockfish (xiangqi is its default variant, and it
//! speaks UCCI when the first command is `ucci`), and `uci-xiangqi` against Fairy-Stockfish
//! set to `UCI_Variant xiangqi`. What they fail is a finding about them; the
//! snapshots pin each requirement's verdict, so any change (in them or in Arbiter) is seen.
//!
//! A missing peer skips the test with a message, except under CI (`CI` set, as `.ci/run`
//! does), where it is a failure: `.ci/run` installs both from Debian.

use crate::common;

use std::path::PathBuf;

use arbiter::certify::{Certification, Verdict};
use common::{arbiter, json_report, peer_or_skip};

/// Certifies `engine` with `profile` (and extra arguments) and returns the exit status and
/// the JSON verdict.
fn certify(profile: &str, engine: &PathBuf, extra: &[&str]) -> (i32, Certification) {
    json_report(
        arbiter()
            .args([
                "certify",
                "--profile",
                profile,
                "--format",
                "json",
                "--engine",
            ])
            .arg(engine)
            .args(extra),
    )
}

/// The overall verdict, then one line per graded requirement, `section id level verdict`:
/// what the snapshot pins.
fn verdict_table(report: &Certification) -> String {
    let mut lines = vec![format!("verdict: {}", json_name(report.verdict))];
    for (section, rows) in [
        ("required", &report.required),
        ("recommended", &report.recommended),
    ] {
        for row in rows {
            // A row that warned only on the harness's own timing (a reply past a bound the
            // text does not give, on a machine under load) says nothing about the engine, so
            // it pins as the pass it otherwise is.
            let verdict = if row.timing_only {
                Verdict::Pass
            } else {
                row.verdict
            };
            lines.push(format!(
                "{section} {} {} {}",
                row.requirement.id,
                json_name(row.requirement.level),
                json_name(verdict)
            ));
        }
    }
    lines.join("\n")
}

/// A verdict or level as the JSON report spells it (`pass-with-warnings`, `must`).
fn json_name(value: impl serde::Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name,
        other => panic!("not a name: {other:?}"),
    }
}

/// Certifies a peer with a profile and pins every requirement's verdict in the snapshot
/// `name`; the exit status must match the verdict.
fn pin_verdicts(peer: &str, profile: &str, name: &str) -> Option<Certification> {
    pin_verdicts_with(peer, profile, name, &[])
}

fn pin_verdicts_with(
    peer: &str,
    profile: &str,
    name: &str,
    extra: &[&str],
) -> Option<Certification> {
    let engine = peer_or_skip(peer)?;
    let (code, report) = certify(profile, &engine, extra);
    let table = verdict_table(&report);
    insta::assert_snapshot!(name, table);
    let expected = if report.verdict == Verdict::Fail {
        1
    } else {
        0
    };
    assert_eq!(code, expected, "{table}");
    Some(report)
}

/// The human report of a certification's runs, with what varies run to run redacted: the
/// transcript excerpts (whether a banner comes before or after the first command is a race
/// both ways of which are right), and how many checks passed (a search cut short by `quit`
/// shows more or fewer pv lines).
fn human_report_of_runs(c: Certification) -> (String, usize) {
    let report = arbiter::report::Report::new(c.protocol, c.engine, 1.0, c.runs);
    let text = report.human();
    let lines = text.lines().count();
    let redact = |pattern: &str, text: &str, with: &str| {
        regex::Regex::new(pattern)
            .unwrap()
            .replace_all(text, with)
            .into_owned()
    };
    let text = redact(r" *\d+\.\d+ ms", &text, " [t] ms");
    let text = redact(
        r"\d+ checks pass|checks: \d+ pass",
        &text,
        "[n] checks pass",
    );
    let shown = text
        .lines()
        .filter(|line| !line.starts_with(" [t] ms"))
        .collect::<Vec<_>>()
        .join("\n");
    (shown, lines)
}

#[test]
fn stockfish_with_the_uci_profile() {
    let _cpu = common::processor::share(1);
    let Some(report) = pin_verdicts("stockfish", "uci", "stockfish_with_the_uci_profile") else {
        return;
    };
    // What a user reads of the same run: every scenario repeats Stockfish's start-up banner,
    // which the report shows once, so the whole of it stays short.
    let (human, lines) = human_report_of_runs(report);
    assert!(lines < 200, "{lines} lines:\n{human}");
    insta::assert_snapshot!("stockfish_uci_run_human_report", human);
}

#[test]
fn fairy_stockfish_with_the_ucci_full_profile() {
    let _cpu = common::processor::share(1);
    pin_verdicts(
        "fairy-stockfish",
        "ucci-full",
        "fairy_stockfish_with_the_ucci_full_profile",
    );
}

/// Fairy-Stockfish as the UCI xiangqi engine GUIs such as those for Pikafish drive: UCI with
/// `UCI_Variant xiangqi`, its moves written with ranks 1-10.
#[test]
fn fairy_stockfish_as_a_uci_xiangqi_engine() {
    let _cpu = common::processor::share(1);
    pin_verdicts_with(
        "fairy-stockfish",
        "uci-xiangqi",
        "fairy_stockfish_as_a_uci_xiangqi_engine",
        &["--option", "UCI_Variant=xiangqi"],
    );
}
