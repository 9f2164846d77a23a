//! The conventions of the command line, end to end: `--color auto|always|never` with
//! `NO_COLOR` and `CLICOLOR_FORCE` in `auto`, `--quiet`, and both accepted after every
//! subcommand; `--out` written whole or not at all.

use crate::common;

use assert_cmd::Command;
use common::{arbiter, fixture_engine};
use regex::Regex;

/// The environment variables that have a say in `auto`, cleared so that the caller's terminal
/// settings do not reach the test; each test sets the ones it is about.
const COLOUR_VARIABLES: [&str; 3] = ["NO_COLOR", "CLICOLOR_FORCE", "CLICOLOR"];

fn without_colour_settings(mut cmd: Command) -> Command {
    for name in COLOUR_VARIABLES {
        cmd.env_remove(name);
    }
    cmd
}

/// `arbiter run` of the fixture engine playing a banned move: a failing run whose human
/// report has a failure, a warning and passes.
fn failing_run() -> Command {
    let mut cmd = without_colour_settings(arbiter());
    cmd.args(["run", "--protocol", "ucci", "--engine"])
        .arg(fixture_engine())
        .args(["--engine-arg", "ucci", "--engine-arg", "plays-banned-move"])
        .arg(format!(
            "{}/scenarios/ucci/banmoves.scenario",
            common::repo().display()
        ));
    cmd
}

/// An engine that never answers the handshake (the fixture speaking AGI to a UCCI run): the
/// first scenario shows it and the second is not run, which `arbiter` notes on stderr.
fn unanswered_run() -> Command {
    let mut cmd = without_colour_settings(arbiter());
    cmd.args([
        "run",
        "--protocol",
        "ucci",
        "--time-scale",
        "0.25",
        "--engine",
    ])
    .arg(fixture_engine())
    .args(["--engine-arg", "agi", "--engine-arg", "none"])
    .args(["ucci/quit", "ucci/stop"]);
    cmd
}

struct Ran {
    code: i32,
    stdout: String,
    stderr: String,
}

fn ran(mut cmd: Command) -> Ran {
    let output = cmd.output().expect("arbiter runs");
    Ran {
        code: output.status.code().expect("an exit status"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8"),
    }
}

fn has_escapes(text: &str) -> bool {
    text.contains('\x1b')
}

fn without_escapes(text: &str) -> String {
    Regex::new("\x1b\\[[0-9;]*m")
        .unwrap()
        .replace_all(text, "")
        .into_owned()
}

/// Latencies in the transcript excerpts differ run to run.
fn without_times(text: &str) -> String {
    Regex::new(r" *\d+\.\d+ ms")
        .unwrap()
        .replace_all(text, " [t] ms")
        .into_owned()
}

#[test]
fn color_always_paints_the_verdicts_of_a_failing_run_and_changes_nothing_else() {
    let mut always = failing_run();
    always.args(["--color", "always"]);
    let always = ran(always);
    assert_eq!(always.code, 1, "{}", always.stderr);
    let fail = "\x1b[1m\x1b[31mFAIL\x1b[0m";
    assert!(
        always.stdout.contains(&format!("\n{fail} ucci/banmoves:")),
        "the scenario's verdict is red: {:?}",
        always.stdout
    );
    assert!(
        always
            .stdout
            .contains(&format!("  {fail} ucci.bestmove.not-banned")),
        "the failure's grade is red: {:?}",
        always.stdout
    );
    assert!(
        always
            .stdout
            .contains("  \x1b[33mWARN\x1b[0m ucci.bestmove.follows-pv"),
        "the warning's grade is yellow: {:?}",
        always.stdout
    );
    assert!(
        always
            .stdout
            .contains("\x1b[1m\x1b[31m1 scenarios: 0 passed, 0 passed with warnings, 1 failed"),
        "the summary line is red: {:?}",
        always.stdout
    );

    let mut never = failing_run();
    never.args(["--color", "never"]);
    let never = ran(never);
    assert_eq!(never.code, 1, "{}", never.stderr);
    assert!(!has_escapes(&never.stdout), "{:?}", never.stdout);
    assert_eq!(
        without_times(&without_escapes(&always.stdout)),
        without_times(&never.stdout),
        "colour adds escapes and nothing else"
    );

    // A report written to a file is for reading later, wherever: never coloured.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("report.txt");
    let mut to_file = failing_run();
    to_file.args(["--color", "always", "--out"]).arg(&file);
    let to_file = ran(to_file);
    assert_eq!(to_file.code, 1, "{}", to_file.stderr);
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("FAIL ucci/banmoves"), "{written}");
    assert!(!has_escapes(&written), "{written:?}");
}

#[test]
fn no_color_turns_auto_off_and_the_flag_overrides_it() {
    let with_env = |vars: &[(&str, &str)], flag: Option<&str>| {
        let mut cmd = failing_run();
        cmd.envs(vars.iter().copied());
        if let Some(flag) = flag {
            cmd.args(["--color", flag]);
        }
        let run = ran(cmd);
        assert_eq!(run.code, 1, "{}", run.stderr);
        has_escapes(&run.stdout)
    };
    // Tests do not run on a terminal: plain, as the snapshots of the human report show.
    assert!(!with_env(&[], None), "auto on a pipe");
    assert!(
        with_env(&[("CLICOLOR_FORCE", "1")], None),
        "CLICOLOR_FORCE colours a pipe in auto"
    );
    assert!(
        !with_env(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")], None),
        "NO_COLOR wins over CLICOLOR_FORCE"
    );
    assert!(
        with_env(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "")], None),
        "an empty NO_COLOR says nothing (no-color.org)"
    );
    assert!(
        with_env(&[("NO_COLOR", "1")], Some("always")),
        "the command line wins over NO_COLOR"
    );
}

#[test]
fn quiet_leaves_out_the_notes_on_stderr_and_not_the_report() {
    let loud = ran(unanswered_run());
    let mut quiet = unanswered_run();
    quiet.arg("--quiet");
    let quiet = ran(quiet);
    assert_eq!(loud.code, 1, "{}", loud.stderr);
    assert_eq!(quiet.code, loud.code, "the same exit status");
    assert!(
        loud.stderr.contains("note: 1 scenarios not run"),
        "without --quiet the run says so: {}",
        loud.stderr
    );
    assert_eq!(quiet.stderr, "", "nothing but errors and warnings");
    assert!(loud.stdout.contains("not run ucci/stop"), "{}", loud.stdout);
    assert_eq!(
        without_times(&quiet.stdout),
        without_times(&loud.stdout),
        "the same report on stdout"
    );

    // With the report in a file, the summary beside it on stderr is a note too.
    let dir = tempfile::tempdir().unwrap();
    let in_file = |name: &str, flags: &[&str]| {
        let path = dir.path().join(name);
        let mut cmd = failing_run();
        cmd.args(flags).arg("--out").arg(&path);
        let run = ran(cmd);
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert_eq!(run.stdout, "", "the report went to the file");
        (run.stderr, std::fs::read_to_string(&path).unwrap())
    };
    let (said, loud_file) = in_file("loud.txt", &[]);
    assert!(said.contains("1 failed"), "{said}");
    let (said, quiet_file) = in_file("quiet.txt", &["--quiet"]);
    assert_eq!(said, "");
    assert_eq!(without_times(&quiet_file), without_times(&loud_file));
}

/// Every subcommand `arbiter --help` lists, and theirs in turn, as words to run.
fn subcommands(path: &[String]) -> Vec<Vec<String>> {
    let help = ran({
        let mut cmd = arbiter();
        cmd.args(path).arg("--help");
        cmd
    });
    let mut found = Vec::new();
    let listed = help
        .stdout
        .split("Commands:\n")
        .nth(1)
        .map(|rest| rest.split("\n\n").next().unwrap_or(""))
        .unwrap_or("");
    for line in listed.lines() {
        let Some(name) = line.split_whitespace().next() else {
            continue;
        };
        if name == "help" || !line.starts_with("  ") || line.starts_with("   ") {
            continue;
        }
        let mut sub = path.to_vec();
        sub.push(name.to_owned());
        found.extend(subcommands(&sub));
        found.push(sub);
    }
    found
}

#[test]
fn the_flags_are_accepted_after_every_subcommand() {
    let all = subcommands(&[]);
    // The top-level list and the nested ones were both read.
    for expected in [&["run"][..], &["match", "merge"], &["report", "render"]] {
        assert!(
            all.iter().any(|sub| sub == expected),
            "{expected:?} in {all:?}"
        );
    }
    for sub in &all {
        let mut cmd = arbiter();
        cmd.args(sub)
            .args(["--quiet", "--color", "never", "--help"]);
        let run = ran(cmd);
        assert_eq!(run.code, 0, "arbiter {}: {}", sub.join(" "), run.stderr);
        assert!(
            run.stdout.contains("--quiet") && run.stdout.contains("--color <WHEN>"),
            "arbiter {} --help documents both",
            sub.join(" ")
        );
        assert!(!has_escapes(&run.stdout), "--color never holds for help");
    }
    let coloured_help = ran({
        let mut cmd = without_colour_settings(arbiter());
        cmd.args(["run", "--color", "always", "--help"]);
        cmd
    });
    assert!(
        has_escapes(&coloured_help.stdout),
        "clap's help follows --color always"
    );
    let refused = ran({
        let mut cmd = arbiter();
        cmd.args(["run", "--color", "purple"]);
        cmd
    });
    assert_eq!(refused.code, 2, "an unknown colour choice is a usage error");
    assert!(refused.stderr.contains("purple"), "{}", refused.stderr);
}

/// A CI step uploads whatever `--out` names: a render that fails must leave no empty file
/// there, and one that succeeds writes the whole report, readable as the umask allows.
#[test]
fn out_is_written_whole_or_not_at_all() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("arbiter.html");
    let failed = arbiter()
        .args(["report", "render", "--format", "html", "--out"])
        .arg(&page)
        .arg(dir.path().join("no-such-report.json"))
        .output()
        .unwrap();
    assert_eq!(failed.status.code(), Some(2), "{failed:?}");
    assert!(!page.exists(), "a failed render left {}", page.display());
    let report = dir.path().join("report.json");
    arbiter()
        .args(["run", "--protocol", "ucci", "--format", "json", "--out"])
        .arg(&report)
        .arg("--engine")
        .arg(fixture_engine())
        .args([
            "--engine-arg",
            "ucci",
            "--engine-arg",
            "none",
            "ucci/handshake",
        ])
        .assert()
        .success();
    arbiter()
        .args(["report", "render", "--format", "html", "--out"])
        .arg(&page)
        .arg(&report)
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.trim_end().ends_with("</html>"),
        "{}",
        &html[html.len() - 200..]
    );
    let mode = std::fs::metadata(&page).unwrap().permissions().mode() & 0o777;
    assert_ne!(mode, 0o600, "written private, whatever the umask");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "temporary files left: {names:?}");
}
