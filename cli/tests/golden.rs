//! Golden transcripts end to end: `arbiter record`, then `arbiter run --snapshots` passing on
//! an unchanged engine, failing with a readable diff on a changed one, and
//! `--update-snapshots` accepting the change.

use crate::common;

use std::path::{Path, PathBuf};

use common::{arbiter, fixture_engine};

fn scenario(name: &str) -> String {
    format!("{}/scenarios/{name}.scenario", common::repo().display())
}

fn fresh_dir(tag: &str) -> PathBuf {
    let dir = crate::common::scratch_root().join(format!("golden-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `arbiter SUBCOMMAND` against the fixture in mode `fault`, over the UCCI search scenario.
fn with_fixture(subcommand: &str, fault: &str, dir: &Path, extra: &[&str]) -> (i32, String) {
    let output = arbiter()
        .args([subcommand, "--protocol", "ucci", "--engine"])
        .arg(fixture_engine())
        .args(["--engine-arg", "ucci", "--engine-arg", fault, "--snapshots"])
        .arg(dir)
        .arg(scenario("ucci/search"))
        .args(extra)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    (output.status.code().unwrap(), stdout)
}

#[test]
fn an_unchanged_engine_matches_and_a_changed_one_fails_with_a_diff_until_accepted() {
    let dir = fresh_dir("cycle");
    let (code, out) = with_fixture("record", "none", &dir, &[]);
    assert_eq!(code, 0, "{out}");
    let file = dir.join("ucci/search.transcript");
    assert!(out.contains("recorded"), "{out}");
    let recorded = std::fs::read_to_string(&file).unwrap();
    assert!(recorded.contains("\n> go depth 3\n"), "{recorded}");

    let (code, out) = with_fixture("run", "none", &dir, &["--verbose"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("pass golden-transcript: the exchange matches"),
        "{out}"
    );

    // The same engine now sends an illegal ponder move: the protocol checks only warn
    // (ucci-r102 is a should), but the exchange changed, and the golden check says where.
    let (code, out) = with_fixture("run", "illegal-ponder", &dir, &[]);
    assert_eq!(code, 1, "{out}");
    let finding: String = out
        .lines()
        .skip_while(|l| !l.contains("FAIL golden-transcript"))
        .take_while(|l| !l.contains("checks pass"))
        .collect::<Vec<_>>()
        .join("\n")
        .replace(&dir.display().to_string(), "[dir]");
    insta::assert_snapshot!(finding);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), recorded);

    let (code, out) = with_fixture(
        "run",
        "illegal-ponder",
        &dir,
        &["--update-snapshots", "--verbose"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("updated (2 lines removed, 2 lines added)"),
        "{out}"
    );
    let (code, _) = with_fixture("run", "illegal-ponder", &dir, &[]);
    assert_eq!(code, 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_golden_transcript_fails_with_the_way_to_make_one() {
    let dir = fresh_dir("missing");
    let (code, out) = with_fixture("run", "none", &dir, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("no golden transcript at") && out.contains("`arbiter record`"),
        "{out}"
    );
    assert!(!dir.exists(), "a plain run writes nothing");
}

#[test]
fn rules_given_when_recording_apply_to_later_runs() {
    let dir = fresh_dir("rules");
    let (code, out) = with_fixture(
        "record",
        "none",
        &dir,
        &["--drop-info", "--redact", r"bestmove \S+ ponder (\S+)"],
    );
    assert_eq!(code, 0, "{out}");
    let recorded = std::fs::read_to_string(dir.join("ucci/search.transcript")).unwrap();
    assert!(!recorded.contains("< info"), "{recorded}");
    assert!(recorded.contains("# rules: drop-info\n"), "{recorded}");
    assert!(recorded.contains("ponder [redacted]\n"), "{recorded}");
    // A different ponder move is redacted away by the stored rule, so nothing changed.
    let (code, out) = with_fixture("run", "illegal-ponder", &dir, &[]);
    assert_eq!(code, 0, "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn update_needs_a_folder_and_bad_patterns_are_usage_errors() {
    arbiter()
        .args([
            "run",
            "--protocol",
            "ucci",
            "--engine",
            "x",
            "--update-snapshots",
        ])
        .assert()
        .code(2);
    arbiter()
        .args([
            "record",
            "--protocol",
            "ucci",
            "--engine",
            "x",
            "--snapshots",
            "d",
        ])
        .args(["--redact", "(unclosed"])
        .assert()
        .code(2);
}
