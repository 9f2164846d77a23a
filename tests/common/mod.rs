//! Helpers shared by the end-to-end CLI tests.

use assert_cmd::Command;

/// The `arbiter` binary built for this test run.
pub fn arbiter() -> Command {
    Command::cargo_bin("arbiter").unwrap()
}

/// Runs `arbiter ARGS…`, asserts that it succeeded, and returns its stdout.
#[allow(dead_code)] // not every test file reads stdout
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

/// The faulty fixture engine (`examples/faulty_engine.rs`), which `cargo test` builds with
/// the other examples, next to the test binaries' own directory.
#[allow(dead_code)] // not every test file drives an engine
pub fn fixture_engine() -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    let path = profile_dir.join("examples").join("faulty_engine");
    assert!(
        path.exists(),
        "{} is missing: run the tests with `cargo test`, which builds the examples",
        path.display()
    );
    path
}

/// A reference engine binary of this workspace (`arbiter-xiangqi`, `pbrain-arbiter`), which
/// `cargo test --workspace` builds next to the test binaries.
#[allow(dead_code)] // not every test file drives a reference engine
pub fn reference_engine(name: &str) -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    let path = profile_dir.join(name);
    assert!(
        path.exists(),
        "{} is missing: run the tests with `cargo test --workspace`, which builds the reference engines",
        path.display()
    );
    path
}
