//! Helpers shared by the end-to-end CLI tests.

pub mod events;
pub mod gui;
pub mod processor;
pub mod yaml;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

/// The `arbiter` binary built for this test run, running one scenario at a time unless a test
/// says `--jobs`: the test harness already runs two tests at once, and timing bounds are
/// judged against engines that have a core each.
pub fn arbiter() -> Command {
    let mut command = Command::cargo_bin("arbiter").unwrap();
    static WARMED: std::sync::Once = std::sync::Once::new();
    WARMED.call_once(|| drop(warm(PathBuf::from(command.get_program()))));
    command.env("ARBITER_JOBS", "1");
    command
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

/// Runs an `arbiter … --format json` command; returns its exit status and its report, read
/// into the model (`arbiter::report::Report`, `arbiter::certify::Certification`, …) or as
/// plain JSON, or panics with its stderr when stdout is not that.
pub fn json_report<T: serde::de::DeserializeOwned>(cmd: &mut Command) -> (i32, T) {
    let output = cmd.output().expect("arbiter runs");
    let report = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "JSON report: {e}\nstdout: {}\nstderr: {}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code().expect("exit code"), report)
}

/// The repository's root, where the docs, the scenarios, the openings and `target/` are: these
/// tests are the package `arbiter-cli`, one folder down.
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ sits in the repository")
}

/// The directory of this test run's build (`target/<profile>`), where cargo puts the
/// workspace's binaries and, under `examples/`, the examples.
fn build_dir() -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    exe.parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps")
        .to_path_buf()
}

/// The faulty fixture engine (`examples/faulty_engine/`), which `cargo test` builds with
/// the other examples, next to the test binaries' own directory.
pub fn fixture_engine() -> std::path::PathBuf {
    let path = build_dir().join("examples").join("faulty_engine");
    assert!(
        path.exists(),
        "{} is missing: run the tests with `cargo test`, which builds the examples",
        path.display()
    );
    warm(path)
}

/// The fixture GUI (`examples/fixture_gui/`), built with the other examples.
pub fn fixture_gui() -> std::path::PathBuf {
    let path = build_dir().join("examples").join("fixture_gui");
    assert!(
        path.exists(),
        "{} is missing: run the tests with `cargo test`",
        path.display()
    );
    warm(path)
}

/// The hostile relay (`examples/hostile_relay.rs`), built with the other examples.
pub fn hostile_relay() -> std::path::PathBuf {
    let path = build_dir().join("examples").join("hostile_relay");
    assert!(
        path.exists(),
        "{} is missing: run the tests with `cargo test`",
        path.display()
    );
    warm(path)
}

/// A reference engine binary of this workspace (`arbiter-xiangqi`, `pbrain-arbiter`), which
/// `cargo test --workspace` builds next to the test binaries.
pub fn reference_engine(name: &str) -> std::path::PathBuf {
    let path = build_dir().join(name);
    assert!(
        path.exists(),
        "{} is missing: run the tests with `cargo test --workspace`, which builds the reference engines",
        path.display()
    );
    warm(path)
}

/// Runs `check` on every row, two at a time (the machine CI runs on has two cores), and
/// returns every problem found, so one failing row does not hide the others.
pub fn run_rows<T: Sync>(rows: &[T], check: impl Fn(&T) -> Vec<String> + Sync) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let problems = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(row) = rows.get(i) else { break };
                    let found = check(row);
                    problems.lock().unwrap().extend(found);
                }
            });
        }
    });
    problems.into_inner().unwrap()
}

/// The peer's executable: `$ARBITER_<NAME>` if set, else the first `name` on the PATH or in
/// `/usr/games` (where Debian installs both).
pub fn peer(name: &str) -> Option<PathBuf> {
    let variable = format!("ARBITER_{}", name.to_uppercase().replace('-', "_"));
    if let Some(path) = std::env::var_os(&variable) {
        return Some(warm(PathBuf::from(path)));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
        .map(warm)
}

/// Reads a program once, so its pages are in memory when the timed run starts. On a machine
/// with a slow disk that reclaims idle pages, a cold engine can take over a second to load
/// (Stockfish's network is part of its binary, read at the first `isready`), and its timing
/// findings would then measure the disk, not the engine.
pub fn warm(program: PathBuf) -> PathBuf {
    let _ = std::fs::read(&program);
    program
}

pub fn peer_or_skip(name: &str) -> Option<PathBuf> {
    let found = peer(name);
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{name} is not installed, and CI must test against it (apt-get install {name})"
        );
        eprintln!(
            "skipped: {name} is not installed (apt-get install {name}, or set its path in ARBITER_{})",
            name.to_uppercase().replace('-', "_")
        );
    }
    found
}

/// A Python with python-chess (PyPI `chess`): `$ARBITER_PYTHON` if set, else the virtual
/// environment `.ci/run` makes in `target/pyvenv`. CI must have it; elsewhere the test skips.
pub fn python_chess_or_skip() -> Option<PathBuf> {
    python_with_or_skip("chess.engine", "python-chess")
}

/// A Python with pygomo (PyPI `pygomo-lib`), a Gomocup manager-side client library, found as
/// python-chess is.
pub fn pygomo_or_skip() -> Option<PathBuf> {
    python_with_or_skip("pygomo", "pygomo")
}

/// A Python with PyPI `cchess`, a xiangqi library with its own PGN reader, found as
/// python-chess is.
pub fn cchess_or_skip() -> Option<PathBuf> {
    python_with_or_skip("cchess", "cchess")
}

/// A Python that can import `module` (the client library `name`), or a skip outside CI.
fn python_with_or_skip(module: &str, name: &str) -> Option<PathBuf> {
    let python = std::env::var_os("ARBITER_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("target/pyvenv/bin/python"));
    let has_module = std::process::Command::new(&python)
        .args(["-c", &format!("import {module}")])
        .status()
        .is_ok_and(|s| s.success());
    if !has_module {
        assert!(
            std::env::var_os("CI").is_none(),
            "{name} is missing at {}, and CI must test against it (.ci/run makes the venv)",
            python.display()
        );
        eprintln!(
            "skipped: no {name} at {} (set ARBITER_PYTHON)",
            python.display()
        );
        return None;
    }
    Some(python)
}

/// The `--engine` words of a match for the fixture engine speaking UCI with `fault`.
pub fn uci_fixture_player(name: &str, fault: &str) -> Vec<String> {
    vec![
        "--engine".into(),
        format!("cmd={}", fixture_engine().display()),
        "arg=uci".into(),
        format!("arg={fault}"),
        format!("name={name}"),
    ]
}

/// A file named `name` in a directory of this test process's own (`tag` tells the test files
/// apart), made on first use.
pub fn scratch_file(tag: &str, name: &str) -> std::path::PathBuf {
    let dir = scratch_root().join(tag);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// This test process's folder for the files its tests write, in the system's temporary folder:
/// one folder per run instead of a hundred loose ones. A run cannot remove its own at exit
/// (libtest runs no destructor of a static), so each run removes the folders of runs whose
/// process is gone, where `/proc` tells.
pub fn scratch_root() -> &'static std::path::Path {
    static ROOT: std::sync::LazyLock<PathBuf> = std::sync::LazyLock::new(|| {
        const PREFIX: &str = "arbiter-tests-";
        let tmp = std::env::temp_dir();
        if std::path::Path::new("/proc/self").exists()
            && let Ok(entries) = std::fs::read_dir(&tmp)
        {
            for entry in entries.flatten() {
                let name = entry.file_name();
                let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(PREFIX)) else {
                    continue;
                };
                if pid.parse::<u32>().is_ok() && !std::path::Path::new("/proc").join(pid).exists() {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let root = tmp.join(format!("{PREFIX}{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        root
    });
    &ROOT
}

/// A JSON file the run wrote.
pub fn read_json(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `arbiter run --protocol P --format json` against the fixture engine playing `fault`; the
/// caller adds its scenarios and flags.
pub fn fixture_run(protocol: &str, fault: &str) -> Command {
    let mut cmd = arbiter();
    cmd.args([
        "run",
        "--protocol",
        protocol,
        "--format",
        "json",
        "--engine",
    ])
    .arg(fixture_engine())
    .args(["--engine-arg", protocol, "--engine-arg", fault]);
    cmd
}

/// The fixture engine without a fault run over `protocol`'s whole library: its exit status
/// and report, run once per test binary however many tests compare against it (the suites of
/// single-command and sequence faults both hold their fault's findings beside it).
pub fn plain_fixture_library(protocol: &str) -> &'static (i32, arbiter::report::Report) {
    use std::sync::OnceLock;
    static RUNS: [OnceLock<(i32, arbiter::report::Report)>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let index = ["ucci", "uci", "gomocup", "agi"]
        .iter()
        .position(|p| *p == protocol)
        .unwrap_or_else(|| panic!("no library for protocol {protocol}"));
    RUNS[index].get_or_init(|| json_report(&mut fixture_run(protocol, "none")))
}

/// The code blocks of a page of the guide under a heading (the heading's text starting with
/// `heading`, at any level), up to the next heading of the same level or above, each with its
/// language.
pub fn code_blocks_under(
    page: impl AsRef<std::path::Path>,
    heading: &str,
) -> Vec<(String, String)> {
    let page = page.as_ref();
    let text = std::fs::read_to_string(page).unwrap();
    // A heading's level, for a line outside code blocks that is one.
    let level = |line: &str| {
        let hashes = line.len() - line.trim_start_matches('#').len();
        (hashes > 0 && line[hashes..].starts_with(' ')).then_some(hashes)
    };
    let mut blocks = Vec::new();
    let mut section_level = None;
    let mut block: Option<(String, String)> = None;
    for line in text.lines() {
        if let Some(fence) = line.strip_prefix("```") {
            match block.take() {
                Some(done) if section_level.is_some() => blocks.push(done),
                Some(_) => {}
                None => block = Some((fence.trim().to_owned(), String::new())),
            }
            continue;
        }
        if let Some((_, body)) = &mut block {
            body.push_str(line);
            body.push('\n');
            continue;
        }
        let Some(this) = level(line) else { continue };
        match section_level {
            Some(open) if this <= open => break,
            Some(_) => {}
            None if line[this..].trim_start().starts_with(heading) => section_level = Some(this),
            None => {}
        }
    }
    assert!(
        section_level.is_some(),
        "{}: no section {heading}",
        page.display()
    );
    blocks
}

/// A JSON file the run wrote, read into the library's own model of it (`MatchReport`, a
/// results directory's `WorkerFile`, `Report`, `Certification`): a field the model does not
/// know, or one of the wrong shape, fails the read instead of reading as null.
pub fn read_report<T: serde::de::DeserializeOwned>(path: &std::path::Path) -> T {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: cannot read: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()))
}

/// Plays `arbiter match` with `settings` (`--protocol`, `--each`, …), the engines (each a
/// `cmd=…` group) and `extra`, writing its JSON results to `out_file`; returns the exit
/// status, stdout and the results read into the library's model (none when none were
/// written). The games' colours are as the file names them: read back, chess and gomoku both
/// say white and black (`Colours::Chess`), and the test sees what was written, not the colours
/// `MatchReport::named_in_its_game` would give them.
pub fn play_match_report(
    out_file: &std::path::Path,
    settings: &[&str],
    engines: &[&[String]],
    extra: &[&str],
) -> (i32, String, Option<arbiter::matchplay::MatchReport>) {
    let _ = std::fs::remove_file(out_file);
    let mut cmd = arbiter();
    cmd.arg("match").args(settings).arg("--out").arg(out_file);
    for engine in engines {
        cmd.arg("--engine").args(*engine);
    }
    let out = cmd.args(extra).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    // The file was removed first: one there now is this match's.
    let results = out_file.exists().then(|| read_report(out_file));
    (out.status.code().unwrap_or(-1), stdout, results)
}

/// The protocol findings graded `fail` in one game of a match.
pub fn failed_findings(game: &arbiter::matchplay::GameRecord) -> Vec<&arbiter::matchplay::Finding> {
    game.findings
        .iter()
        .filter(|f| f.outcome.grade == arbiter::check::Grade::Fail)
        .collect()
}

/// A figure as the JSON has it: one it cannot write (an infinite Elo, a NaN) is null, read
/// back as NaN, so two reports agree on it when both say null.
pub fn as_written(figure: f64) -> Option<f64> {
    figure.is_finite().then_some(figure)
}

/// A game as every run of one match plays it: all its record says but each move's time.
#[derive(Debug, PartialEq)]
pub struct UntimedGame {
    number: usize,
    first: String,
    second: String,
    colours: arbiter::matchplay::Colours,
    opening: arbiter::matchplay::Opening,
    moves: Vec<String>,
    result: arbiter::matchplay::GameResult,
    termination: arbiter::matchplay::Termination,
    overrun_ms: Option<f64>,
    /// Each finding's engine, outcome and excerpt.
    findings: Vec<(String, arbiter::check::Outcome, Vec<String>)>,
    undeclared_options: Vec<arbiter::matchplay::options::UndeclaredOption>,
    aborted: bool,
    pair: Option<usize>,
}

/// A match's games without what differs between runs (each move's time).
pub fn untimed_games(report: &arbiter::matchplay::MatchReport) -> Vec<UntimedGame> {
    report
        .games
        .iter()
        .map(|game| {
            // Every field named, so that one added to the record is compared or left out here
            // on purpose.
            let arbiter::matchplay::GameRecord {
                number,
                first,
                second,
                colours,
                opening,
                moves,
                result,
                termination,
                move_times_ms: _,
                // A search's report depends on the run, as its time does.
                move_info: _,
                overrun_ms,
                findings,
                undeclared_options,
                aborted,
            } = game.record.clone();
            UntimedGame {
                number,
                first,
                second,
                colours,
                opening,
                moves,
                result,
                termination,
                overrun_ms,
                findings: findings
                    .into_iter()
                    .map(|f| (f.engine, f.outcome, f.excerpt))
                    .collect(),
                undeclared_options,
                aborted,
                pair: game.pair,
            }
        })
        .collect()
}

/// A match's standings with their figures as the JSON has them (see [`as_written`]).
pub fn standings_as_written(
    report: &arbiter::matchplay::MatchReport,
) -> Vec<(String, arbiter::matchplay::Score, Option<f64>, Option<f64>)> {
    report
        .standings
        .iter()
        .map(|s| {
            (
                s.name.clone(),
                s.score,
                as_written(s.elo),
                as_written(s.elo_margin),
            )
        })
        .collect()
}

/// A match's SPRT: its settings and state, the LLR as the JSON has it (see [`as_written`]).
#[derive(Debug, PartialEq)]
pub struct SprtAsWritten {
    settings: arbiter::matchplay::sprt::Sprt,
    llr: Option<f64>,
    lbound: f64,
    ubound: f64,
    pentanomial: bool,
    decision: Option<arbiter::matchplay::sprt::Decision>,
}

pub fn sprt_as_written(report: &arbiter::matchplay::MatchReport) -> Option<SprtAsWritten> {
    report.sprt.map(|sprt| {
        let arbiter::matchplay::sprt::SprtState {
            llr,
            lbound,
            ubound,
            pentanomial,
            decision,
        } = sprt.state;
        SprtAsWritten {
            settings: sprt.settings,
            llr: as_written(llr),
            lbound,
            ubound,
            pentanomial,
            decision,
        }
    })
}

/// Asserts that a match merged from its workers' parts is the match one process plays: the
/// same games (all but each move's time), settings, encounters, standings and SPRT.
pub fn assert_same_match(
    merged: &arbiter::matchplay::MatchReport,
    single: &arbiter::matchplay::MatchReport,
) {
    assert_eq!(untimed_games(merged), untimed_games(single));
    assert_eq!(merged.game, single.game, "game");
    assert_eq!(merged.players, single.players, "players");
    assert_eq!(merged.plan, single.plan, "plan");
    assert_eq!(merged.control, single.control, "control");
    assert_eq!(merged.openings, single.openings, "openings");
    assert_eq!(merged.encounters, single.encounters, "encounters");
    assert_eq!(
        standings_as_written(merged),
        standings_as_written(single),
        "standings"
    );
    assert_eq!(sprt_as_written(merged), sprt_as_written(single), "sprt");
}

/// The check a report names `text` (`ucci.bestmove.legal`, `ucci/stop:readyok`), for a test
/// whose table names checks as text: compared typed, a misspelt name fails here instead of
/// matching nothing.
pub fn check_ref(text: &str) -> arbiter::check::CheckRef {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}
