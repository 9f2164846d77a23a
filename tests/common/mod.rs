//! Helpers shared by the end-to-end CLI tests.

use assert_cmd::Command;

/// The `arbiter` binary built for this test run.
pub fn arbiter() -> Command {
    Command::cargo_bin("arbiter").unwrap()
}

/// Runs `arbiter ARGS…`, asserts that it succeeded, and returns its stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let out = arbiter()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).expect("arbiter writes UTF-8")
}
