//! What a match does with its games in progress once its SPRT has decided
//! (`--on-sprt-decision`): `finish` plays them out and counts them; `abort` ends them at once,
//! reports them aborted and counts them nowhere, in one process and in a worker whose peer
//! decided.
//!
//! The games are made to be lopsided in time: game 1 starts from a position where red (the
//! reference engine, `strong`) mates in one, so it ends within moments and its win decides
//! a test with wide error rates; game 2 starts from the standard position with the fixture
//! engine (`weak`, the first legal move in sorted order) as red, and lasts its whole length,
//! every move of `strong` taking its whole time.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use arbiter::matchplay::peers::WorkerState;
use arbiter::matchplay::results_dir::WorkerFile;
use arbiter::matchplay::sprt::Decision;
use arbiter::matchplay::status::Status;
use arbiter::matchplay::termination::{Colour, RuleEnding, Unplayed};
use arbiter::matchplay::{MatchReport, PlayedGame, Score, Termination};

/// Red mates with a0a9 (the other rook holds rank 8); then the standard start.
const BOOK: &str = "4k4/8R/9/9/9/9/9/9/9/R2K5 w - - 0 1\n\
                    rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n";

/// Each of `strong`'s moves takes this long, and a game that is not mated lasts
/// `MAX_MOVES` of them: 10 s, the length an aborted match must end well before. The mate of
/// game 1 takes one such move, the time game 2 has to start beside it: a second, which a
/// loaded machine's start of two engines stays within (at 0.4 s, game 2 had once not started
/// when game 1 decided the match, and there was no game in progress to abort).
const MOVE_TIME: &str = "st=1";
const MAX_MOVES: &str = "10";
const GAME_LENGTH: Duration = Duration::from_secs(10);

/// One win decides it (LLR 0.40 against bounds of ±0.20).
const SPRT: [&str; 5] = ["--sprt", "elo0=0", "elo1=200", "alpha=0.45", "beta=0.45"];

fn scratch_dir(name: &str) -> PathBuf {
    let dir = common::scratch_file("on-decision", name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("book.fen"), BOOK).unwrap();
    dir
}

/// `arbiter match` of four games between `strong` and `weak` from the book, with the SPRT,
/// writing its JSON results to `out`. With `heard`, `strong` runs behind the plain relay,
/// which appends each command it is sent to that file.
fn match_command(dir: &Path, out: &Path, extra: &[&str], heard: Option<&Path>) -> Command {
    let strong = common::reference_engine("arbiter-xiangqi");
    let weak = common::fixture_engine();
    let mut command = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    command.env("ARBITER_JOBS", "1");
    command.args(["match", "--game", "xiangqi", "--games", "4"]);
    command.args(["--each", MOVE_TIME, "--max-moves", MAX_MOVES]);
    command.arg("--engine");
    match heard {
        Some(heard) => {
            command.env("ARBITER_FIXTURE_HEARD", heard);
            command
                .arg(format!("cmd={}", common::hostile_relay().display()))
                .args(["arg=plain", "arg=--"])
                .arg(format!("arg={}", strong.display()))
        }
        None => command.arg(format!("cmd={}", strong.display())),
    };
    command.arg("name=strong");
    command
        .arg("--engine")
        .arg(format!("cmd={}", weak.display()))
        .args(["arg=ucci", "name=weak"]);
    command
        .arg("--openings")
        .arg(format!("file={}", dir.join("book.fen").display()))
        .arg("format=fen");
    command.args(SPRT).arg("--out").arg(out);
    command.args(extra);
    command
}

/// The match ended with status 0; else its stderr says why.
fn exited_cleanly(out: &std::process::Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs the command; returns its stdout, the results and how long it took.
fn run(mut command: Command, dir: &Path) -> (String, MatchReport, Duration) {
    let started = Instant::now();
    let out = command.output().unwrap();
    let took = started.elapsed();
    exited_cleanly(&out);
    let stdout = String::from_utf8(out.stdout).unwrap();
    (stdout, common::read_report(&dir.join("out.json")), took)
}

fn games(results: &MatchReport) -> &[PlayedGame] {
    &results.games
}

/// Which hypothesis the match's SPRT accepted, if it has one that did.
fn decision(results: &MatchReport) -> Option<Decision> {
    results.sprt.and_then(|sprt| sprt.state.decision)
}

/// The score of the match's (one) encounter.
fn score(results: &MatchReport) -> Score {
    results.encounters[0].score
}

#[test]
fn abort_ends_the_game_in_progress_at_once_and_counts_it_nowhere() {
    let dir = scratch_dir("abort");
    let command = match_command(
        &dir,
        &dir.join("out.json"),
        &["--concurrency", "2", "--on-sprt-decision", "abort"],
        None,
    );
    let (stdout, results, took) = run(command, &dir);
    assert!(
        took < GAME_LENGTH / 2,
        "the match took {took:?}, a game lasts {GAME_LENGTH:?}"
    );
    assert_eq!(decision(&results), Some(Decision::H1), "{results:?}");
    // Game 1 decided; game 2 was aborted; games 3 and 4 never started.
    let games = games(&results);
    assert_eq!(games.len(), 2, "{stdout}");
    assert_eq!(
        games[0].record.termination,
        Termination::Rules(RuleEnding::Mate {
            winner: Colour::Red
        })
    );
    assert!(!games[0].record.aborted);
    assert_eq!(games[1].record.number, 2);
    assert!(games[1].record.aborted);
    assert_eq!(
        games[1].record.termination,
        Termination::Aborted(Unplayed::MatchDecided)
    );
    // Only the win counts.
    assert_eq!(
        score(&results),
        Score {
            wins: 1,
            losses: 0,
            draws: 0
        },
        "{results:?}"
    );
    assert!(
        stdout.contains("Finished game 2 (weak vs strong): * {Aborted: the match was decided}"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with(
            "Aborted 1 game in progress once the SPRT decided; it does not count\n\
             Finished match\n"
        ),
        "{stdout}"
    );
}

#[test]
fn finish_plays_the_game_in_progress_out_and_counts_it() {
    let dir = scratch_dir("finish");
    let command = match_command(&dir, &dir.join("out.json"), &["--concurrency", "2"], None);
    let (stdout, results, _) = run(command, &dir);
    assert_eq!(decision(&results), Some(Decision::H1), "{results:?}");
    let games = games(&results);
    assert_eq!(games.len(), 2, "{stdout}");
    for game in games {
        assert!(!game.record.aborted, "{game:?}");
        assert!(!game.record.moves.is_empty(), "{game:?}");
    }
    let score = score(&results);
    let counted = score.wins + score.losses + score.draws;
    assert_eq!(counted, 2, "{results:?}");
    assert!(!stdout.contains("Aborted"), "{stdout}");
}

#[test]
fn a_worker_aborts_its_game_in_progress_when_its_peer_decides() {
    let dir = scratch_dir("peers");
    let results = dir.join("results");
    // What share 1's `strong` is told: a `position` with moves is a game under way.
    let heard = dir.join("heard-1");
    let worker = |k: usize| {
        let partition = format!("{k}/2");
        let mut command = match_command(
            &dir,
            &dir.join(format!("out-{k}.json")),
            &[
                "--partition",
                &partition,
                "--results-dir",
                results.to_str().unwrap(),
                "--on-sprt-decision",
                "abort",
            ],
            (k == 1).then_some(heard.as_path()),
        );
        command
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        command
    };
    // Share 1 of 2 plays game 2, the long one; share 2 game 1, the mate.
    let started = Instant::now();
    let long = worker(1).spawn().unwrap();
    let joined = |path: &Path| {
        std::fs::read_to_string(path)
            .ok()
            .and_then(|t| serde_json::from_str::<WorkerFile>(&t).ok())
            .is_some()
    };
    common::events::wait_until("worker 1 to join", Duration::from_secs(10), || {
        joined(&results.join("part-1-of-2.json"))
    });
    // Into its game: `weak`'s first move played, `strong` asked for its answer.
    common::events::wait_until("a move in worker 1's game", Duration::from_secs(10), || {
        common::events::file_has_line(&heard, |line| {
            line.starts_with("position ") && line.contains(" moves ")
        })
    });
    let deciding = worker(2).output().unwrap();
    exited_cleanly(&deciding);
    let out = long.wait_with_output().unwrap();
    let took = started.elapsed();
    exited_cleanly(&out);
    assert!(
        took < GAME_LENGTH,
        "the aborting worker took {took:?}, a game lasts {GAME_LENGTH:?}"
    );
    let file: WorkerFile = common::read_report(&results.join("part-1-of-2.json"));
    assert_eq!(file.worker.state, WorkerState::StoppedBySprt, "{file:?}");
    assert_eq!(decision(&file.report), Some(Decision::H1), "{file:?}");
    let played = games(&file.report);
    assert_eq!(played.len(), 1, "{file:?}");
    assert_eq!(played[0].record.number, 2);
    assert!(played[0].record.aborted);
    assert!(
        !played[0].record.moves.is_empty(),
        "aborted mid-game: {file:?}"
    );
    // Merged, the match is the decided one: the win, and the aborted game counted nowhere.
    let merged = dir.join("merged.json");
    let merge = common::arbiter()
        .args(["match", "merge"])
        .arg(&results)
        .arg("--out")
        .arg(&merged)
        .output()
        .unwrap();
    assert_eq!(merge.status.code(), Some(0));
    let merged: MatchReport = common::read_report(&merged);
    assert_eq!(decision(&merged), Some(Decision::H1));
    assert_eq!(score(&merged).wins, 1);
    assert_eq!(score(&merged).draws, 0);
    assert_eq!(games(&merged).len(), 2);
    let summary = String::from_utf8(merge.stdout).unwrap();
    assert!(
        summary.contains("Aborted 1 game in progress once the SPRT decided"),
        "{summary}"
    );
    // The workers' progress counts the games played, as the score does: the aborted one is not.
    let status = common::arbiter()
        .args(["match", "status", "--format", "json"])
        .arg(&results)
        .output()
        .unwrap();
    let status: Status = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(status.games, 1, "{status:?}");
    let per_worker: Vec<usize> = status.workers.iter().map(|w| w.games).collect();
    assert_eq!(per_worker, [0, 1], "{status:?}");
}

/// The choice means nothing without a test to decide: asking for it alone is a usage error
/// that names what is missing, not a match played as if it had been heard.
#[test]
fn a_decision_choice_without_an_sprt_is_a_usage_error() {
    let engine = common::reference_engine("arbiter-xiangqi");
    let output = common::arbiter()
        .args(["match", "--game", "xiangqi", "--games", "2"])
        .args(["--engine", &format!("cmd={} name=a", engine.display())])
        .args(["--engine", &format!("cmd={} name=b", engine.display())])
        .args(["--on-sprt-decision", "abort"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--sprt"), "{stderr}");
}
