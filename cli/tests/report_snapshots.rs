//! Snapshots of the human and JSON reports of one run, with every time redacted, so a
//! change to what users read (or parse) is seen in review.

use crate::common;

use common::{arbiter, fixture_engine};
use regex::Regex;

fn report(format: &str, fault: &str, scenario: &str) -> String {
    report_with(format, fault, scenario, &[])
}

fn report_with(format: &str, fault: &str, scenario: &str, extra: &[&str]) -> String {
    let output = arbiter()
        .args(["run", "--protocol", "ucci", "--format", format])
        .args(extra)
        .arg("--engine")
        .arg(fixture_engine())
        .args(["--engine-arg", "ucci", "--engine-arg", fault])
        .arg(format!(
            "{}/scenarios/{scenario}.scenario",
            common::repo().display()
        ))
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    redact(&text)
}

/// Times vary run to run; the engine path varies machine to machine.
fn redact(text: &str) -> String {
    let engine = fixture_engine().display().to_string();
    let text = text.replace(&engine, "[engine]");
    let text = Regex::new(r" *\d+\.\d+ ms")
        .unwrap()
        .replace_all(&text, " [t] ms");
    let text = Regex::new(r#""(\w+_us)": \d+"#)
        .unwrap()
        .replace_all(&text, "\"$1\": 0");
    renumber_seqs(&text)
}

/// A stream's close takes a place in the session's order too, and it races with the engine's
/// last lines, so the numbers can skip one run to run. Numbered densely, the order and what
/// each finding points at stay pinned.
fn renumber_seqs(text: &str) -> String {
    let seq = Regex::new(r#""seq": (\d+)"#).unwrap();
    let mut seen: Vec<u64> = seq
        .captures_iter(text)
        .map(|c| c[1].parse().unwrap())
        .collect();
    seen.sort_unstable();
    seen.dedup();
    seq.replace_all(text, |c: &regex::Captures<'_>| {
        let n: u64 = c[1].parse().unwrap();
        format!("\"seq\": {}", seen.binary_search(&n).unwrap())
    })
    .into_owned()
}

#[test]
fn human_report_of_a_passing_run() {
    insta::assert_snapshot!(report_with("human", "none", "ucci/quit", &["--verbose"]));
}

#[test]
fn human_report_shows_the_transcript_around_a_finding() {
    insta::assert_snapshot!(report("human", "plays-banned-move", "ucci/banmoves"));
}

#[test]
fn json_report_of_a_finding() {
    insta::assert_snapshot!(report("json", "plays-banned-move", "ucci/banmoves"));
}

#[test]
fn a_json_report_reads_back_whole() {
    let output = arbiter()
        .args(["run", "--protocol", "ucci", "--format", "json", "--engine"])
        .arg(fixture_engine())
        .args(["--engine-arg", "ucci", "--engine-arg", "illegal-ponder"])
        .args(["ucci/search", "ucci/quit"])
        .output()
        .unwrap();
    let written: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let report: arbiter::report::Report = serde_json::from_value(written.clone()).unwrap();
    assert_eq!(serde_json::to_value(&report).unwrap(), written);
}

/// A report saved before runs had one `end` (schema 3) renders as that version rendered it.
#[test]
fn a_schema_3_report_renders_as_before() {
    let dir = common::repo().join("tests/reports");
    let dir = dir.display();
    for (format, expected) in [
        ("human", "schema-3-run.human.txt"),
        ("junit", "schema-3-run.junit.xml"),
    ] {
        let output = arbiter()
            .args(["report", "render", "--format", format])
            .arg(format!("{dir}/schema-3-run.json"))
            .output()
            .unwrap();
        assert!(output.status.success(), "{format}: {output:?}");
        let expected = std::fs::read_to_string(format!("{dir}/{expected}")).unwrap();
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            expected,
            "{format}"
        );
    }
    let merged = arbiter()
        .args(["report", "merge", "--format", "human"])
        .arg(format!("{dir}/schema-3-run.json"))
        .output()
        .unwrap();
    assert!(merged.status.success(), "{merged:?}");
}
