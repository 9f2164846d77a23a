//! A match spread over several worker processes that meet in a results directory
//! (`--partition K/N` or `auto`, `--results-dir DIR`): merged, it is the match one process plays;
//! one SPRT over all workers stops every one of them; a worker killed mid-game loses none of
//! the games it finished, and `arbiter match status` names it. The reference xiangqi engine
//! plays at fixed depths, so every run plays the same games.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use arbiter::matchplay::MatchReport;
use arbiter::matchplay::peers::WorkerState;
use arbiter::matchplay::results_dir::WorkerFile;
use arbiter::matchplay::sprt::{Decision, Sprt};
use arbiter::matchplay::tally::{GameOutcome, Tally};
use arbiter::report::Report;

fn arbiter_process() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    command.env("ARBITER_JOBS", "1");
    command.stdout(Stdio::null()).stderr(Stdio::piped());
    command
}

/// How the engines play: each move's time, the game's length in moves, and the two engines'
/// depths (none: each move takes its whole time).
struct Budget {
    each: &'static str,
    max_moves: &'static str,
    depths: Option<(u32, u32)>,
}

/// The reference engine searching three plies against itself searching one, games of at most
/// 60 moves: decisive, and the same on every run.
const QUICK: Budget = Budget {
    each: "st=5",
    max_moves: "60",
    depths: Some((3, 1)),
};

/// The match between the reference engine as `strong` and as `weak`, from the shipped book
/// with colours swapped.
fn match_args(games: usize, budget: &Budget, extra: &[&str]) -> Vec<String> {
    let engine = common::reference_engine("arbiter-xiangqi");
    let book = common::repo().join("openings/xiangqi.txt");
    let mut args: Vec<String> = [
        "match",
        "--game",
        "xiangqi",
        "--repeat",
        "--each",
        budget.each,
    ]
    .map(String::from)
    .to_vec();
    args.extend(["--max-moves".into(), budget.max_moves.into()]);
    for (name, depth) in [
        ("strong", budget.depths.map(|d| d.0)),
        ("weak", budget.depths.map(|d| d.1)),
    ] {
        args.push("--engine".into());
        args.push(format!("cmd={}", engine.display()));
        args.push(format!("name={name}"));
        args.extend(depth.map(|d| format!("depth={d}")));
    }
    args.push("--games".into());
    args.push(games.to_string());
    args.push("--openings".into());
    args.push(format!("file={}", book.display()));
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = common::scratch_file("workers", name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn wait_ok(child: Child, allowed: &[i32]) {
    let out = child.wait_with_output().unwrap();
    let code = out.status.code().unwrap_or(-1);
    assert!(
        allowed.contains(&code),
        "exit {code}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs `arbiter match merge DIR --out FILE --pgnout PGN`; returns the merged results.
fn merge(dir: &Path, out: &Path, pgn: &Path) -> MatchReport {
    merge_with(dir, out, pgn, &[], 0);
    common::read_report(out)
}

/// Runs `arbiter match merge DIR --out FILE --pgnout PGN` with `extra`, expecting `status`;
/// returns its stderr.
fn merge_with(dir: &Path, out: &Path, pgn: &Path, extra: &[&str], status: i32) -> String {
    let merged = common::arbiter()
        .args(["match", "merge"])
        .arg(dir)
        .arg("--out")
        .arg(out)
        .arg("--pgnout")
        .arg(pgn)
        .args(extra)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&merged.stderr).into_owned();
    assert_eq!(merged.status.code(), Some(status), "{stderr}");
    stderr
}

/// Share `k` of four's file in a results directory.
fn part(dir: &Path, k: usize) -> WorkerFile {
    common::read_report(&dir.join(format!("part-{k}-of-4.json")))
}

/// Which hypothesis the match's SPRT accepted, if it has one that did.
fn decision(results: &MatchReport) -> Option<Decision> {
    results.sprt.and_then(|sprt| sprt.state.decision)
}

#[test]
fn four_workers_in_a_results_directory_merge_into_the_match_one_process_plays() {
    let _cpu = common::processor::whole();
    let dir = scratch_dir("four");
    let results = dir.join("results");
    let single = dir.join("single.json");
    let single_pgn = dir.join("single.pgn");
    let whole = arbiter_process()
        .args(match_args(8, &QUICK, &["--rounds", "2"]))
        .arg("--out")
        .arg(&single)
        .arg("--pgnout")
        .arg(&single_pgn)
        .spawn()
        .unwrap();
    // Workers 1 to 3 are told their share; worker 4 reads it from a Slurm job array's
    // environment (task 3 of 0-3).
    let mut workers = Vec::new();
    for k in 1..=4 {
        let mut worker = arbiter_process();
        worker.args(match_args(8, &QUICK, &["--rounds", "2", "--results-dir"]));
        worker.arg(&results);
        if k < 4 {
            worker.args(["--partition", &format!("{k}/4")]);
        } else {
            worker.args(["--partition", "auto"]);
            worker.env("SLURM_ARRAY_TASK_ID", "3");
            worker.env("SLURM_ARRAY_TASK_MIN", "0");
            worker.env("SLURM_ARRAY_TASK_COUNT", "4");
        }
        workers.push(worker.spawn().unwrap());
    }
    wait_ok(whole, &[0]);
    for worker in workers {
        wait_ok(worker, &[0]);
    }
    for k in 1..=4 {
        let file = part(&results, k);
        assert_eq!(file.worker.partition.to_string(), format!("{k}/4"));
        assert_eq!(file.worker.state, WorkerState::Done);
        // Whole pairs: four of the sixteen games each.
        assert_eq!(file.report.games.len(), 4, "{k}");
    }
    let merged = merge(&results, &dir.join("merged.json"), &dir.join("merged.pgn"));
    let single: MatchReport = common::read_report(&single);
    common::assert_same_match(&merged, &single);
    assert_eq!(merged.games.len(), 16);
    // The same PGN, game for game.
    assert_eq!(
        std::fs::read_to_string(dir.join("merged.pgn")).unwrap(),
        std::fs::read_to_string(&single_pgn).unwrap()
    );
}

/// The finishing times of a results directory's games, with each game's outcome and worker.
fn finished_games(dir: &Path) -> Vec<(u64, usize, GameOutcome)> {
    let mut all = Vec::new();
    for k in 1..=4 {
        let file = part(dir, k);
        let times = &file.worker.finished_ms;
        let games = &file.report.games;
        assert_eq!(times.len(), games.len(), "part {k}");
        // The file lists games by number; the times are in the order they finished, which on
        // one worker playing one game at a time is the same.
        for (time, game) in times.iter().zip(games) {
            let outcome = GameOutcome {
                number: game.record.number,
                first: game.record.first.clone(),
                second: game.record.second.clone(),
                result: game.record.result,
                pair: game.pair,
            };
            all.push((*time, k, outcome));
        }
    }
    all.sort_by_key(|(time, ..)| *time);
    all
}

#[test]
fn an_sprt_over_all_workers_stops_every_worker_within_a_pair_of_the_bound() {
    let _cpu = common::processor::whole();
    let dir = scratch_dir("sprt");
    let results = dir.join("results");
    let sprt = ["--sprt", "elo0=0", "elo1=20"];
    let mut workers = Vec::new();
    for k in 1..=4 {
        let partition = format!("{k}/4");
        let mut extra = vec!["--partition", partition.as_str(), "--results-dir"];
        extra.push(results.to_str().unwrap());
        extra.extend(sprt);
        workers.push(
            arbiter_process()
                .args(match_args(200, &QUICK, &extra))
                .spawn()
                .unwrap(),
        );
    }
    for worker in workers {
        wait_ok(worker, &[0]);
    }
    // Replay the games in the order they finished, over all workers: where the test over
    // them crossed its bound, and how many games each worker finished after that.
    let games = finished_games(&results);
    let test = Sprt::parse(&["elo0=0".into(), "elo1=20".into()]).unwrap();
    let players = ["strong", "weak"].map(String::from);
    let mut tally = Tally::new(&players);
    let crossing = games
        .iter()
        .position(|(_, _, game)| {
            let e = tally.add(game.clone()).unwrap();
            test.state(&e.score, Some(&e.pentanomial))
                .decision
                .is_some()
        })
        .expect("the test decides within the match");
    let crossed_at = games[crossing].0;
    assert!(
        games.len() < 200,
        "the match stopped early: {}",
        games.len()
    );
    for k in 1..=4 {
        let file = part(&results, k);
        // Every share has 25 pairs; each worker stopped well before its last.
        assert_eq!(file.worker.state, WorkerState::StoppedBySprt, "part {k}");
        assert_eq!(decision(&file.report), Some(Decision::H1), "part {k}");
        let after = games
            .iter()
            .filter(|(time, worker, _)| *worker == k && *time > crossed_at)
            .count();
        assert!(
            after <= 2,
            "part {k} finished {after} games after the bound was crossed"
        );
    }
    let merged = merge(&results, &dir.join("merged.json"), &dir.join("merged.pgn"));
    assert_eq!(decision(&merged), Some(Decision::H1));
    assert_eq!(merged.games.len(), games.len());
    // The status over the directory says the same, and no worker is silent.
    let status = common::arbiter()
        .args(["match", "status"])
        .arg(&results)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&status.stdout);
    assert_eq!(status.status.code(), Some(0), "{text}");
    assert!(text.contains("H1 was accepted"), "{text}");
    assert_eq!(text.matches("stopped by the SPRT").count(), 4, "{text}");
}

#[test]
fn a_worker_killed_mid_game_leaves_every_game_it_finished_and_is_named_silent() {
    let dir = scratch_dir("killed");
    let results = dir.join("results");
    // Games of about a second (0.05 s a move, 20 plies), so a kill lands mid-game.
    let slow = |k: usize| {
        let partition = format!("{k}/2");
        let extra = [
            "--partition",
            partition.as_str(),
            "--results-dir",
            results.to_str().unwrap(),
        ];
        let budget = Budget {
            each: "st=0.05",
            max_moves: "10",
            depths: None,
        };
        arbiter_process()
            .args(match_args(8, &budget, &extra))
            .stdout(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut first = slow(1);
    let mut progress = common::events::Lines::of(first.stdout.take().unwrap());
    let second = slow(2);
    let file = results.join("part-1-of-2.json");
    let deadline = Instant::now() + Duration::from_secs(60);
    let games_in = |path: &Path| {
        std::fs::read_to_string(path)
            .ok()
            .and_then(|t| serde_json::from_str::<WorkerFile>(&t).ok())
            .map_or(0, |file| file.report.games.len())
    };
    while games_in(&file) < 2 {
        assert!(Instant::now() < deadline, "worker 1 finished no games");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Into its third game.
    for _ in 0..3 {
        progress.wait_for("a game started", Duration::from_secs(60), |line| {
            line.starts_with("Started game ")
        });
    }
    first.kill().unwrap();
    first.wait().unwrap();
    wait_ok(second, &[0]);
    let killed: WorkerFile = common::read_report(&file);
    let games = &killed.report.games;
    assert!((2..4).contains(&games.len()), "{}", games.len());
    assert_eq!(killed.worker.state, WorkerState::Playing);
    assert_eq!(killed.worker.finished_ms.len(), games.len());
    for game in games {
        // Whole records: a result and its ending (the model reads no record without them),
        // and its moves.
        assert!(!game.record.moves.is_empty(), "{game:?}");
    }
    // The killed worker's share lacks games its SPRT did not excuse: the merge names it and
    // writes nothing; `--partial` holds every finished game of both workers, and exits 1.
    let (out, pgn) = (dir.join("merged.json"), dir.join("merged.pgn"));
    let stderr = merge_with(&results, &out, &pgn, &[], 2);
    assert!(stderr.contains("part 1 of 2 ("), "{stderr}");
    assert!(
        stderr.contains(&format!("lacks {} of its 4 games", 4 - games.len())),
        "{stderr}"
    );
    assert!(!out.exists(), "{stderr}");
    let stderr = merge_with(&results, &out, &pgn, &["--partial"], 1);
    assert!(stderr.contains("warning: merged in part"), "{stderr}");
    let merged: MatchReport = common::read_report(&out);
    assert_eq!(merged.games.len(), games.len() + 4);
    // Past the bound, the status names the killed worker, and only it. The pause is what is
    // tested: the killed worker's file must have aged past `--silent-after`.
    std::thread::sleep(Duration::from_millis(600));
    let status = common::arbiter()
        .args(["match", "status", "--silent-after", "0.5"])
        .arg(&results)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&status.stdout);
    assert_eq!(status.status.code(), Some(1), "{text}");
    let silent: Vec<&str> = text.lines().filter(|l| l.starts_with("Silent:")).collect();
    assert_eq!(silent.len(), 1, "{text}");
    assert!(silent[0].starts_with("Silent: part 1/2"), "{text}");
    // Run again, the share replaces its own file and leaves the other's as it was.
    let other = std::fs::read(results.join("part-2-of-2.json")).unwrap();
    wait_ok(slow(1), &[0]);
    assert_eq!(
        std::fs::read(results.join("part-2-of-2.json")).unwrap(),
        other
    );
    let rerun: WorkerFile = common::read_report(&file);
    assert_eq!(rerun.worker.state, WorkerState::Done);
    assert_eq!(rerun.report.games.len(), 4);
}

/// Quick scenarios, five so that the two shares are uneven.
const SCENARIOS: [&str; 5] = [
    "ucci/handshake",
    "ucci/coordinates",
    "ucci/depth",
    "ucci/dead-position",
    "ucci/nodes",
];

#[test]
fn a_run_shared_over_a_kubernetes_indexed_job_renders_as_the_whole_run() {
    let dir = scratch_dir("run-shares");
    let engine = common::reference_engine("arbiter-xiangqi");
    let whole = dir.join("whole.json");
    let run = |extra: &[&str], index: Option<&str>| {
        let mut cmd = common::arbiter();
        cmd.args(["run", "--protocol", "ucci", "--engine"])
            .arg(&engine)
            .args(["--format", "json"])
            .args(SCENARIOS)
            .args(extra);
        if let Some(index) = index {
            cmd.env("JOB_COMPLETION_INDEX", index);
        }
        cmd.output().unwrap()
    };
    let out = run(&["--out", whole.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    let parts = dir.join("parts");
    for index in ["0", "1"] {
        let out = run(
            &[
                "--partition",
                "auto/2",
                "--results-dir",
                parts.to_str().unwrap(),
            ],
            Some(index),
        );
        assert_eq!(out.status.code(), Some(0), "{out:?}");
    }
    // Without the count, the index alone is a usage error naming what is missing.
    let out = run(&["--partition", "auto"], Some("0"));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--partition auto/N"));
    let combined = dir.join("combined.json");
    let out = common::arbiter()
        .args(["report", "render"])
        .arg(&parts)
        .args(["--format", "json", "--out"])
        .arg(&combined)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let names = |report: &Report| -> Vec<String> {
        report
            .runs
            .iter()
            .map(|r| r.scenario.name.clone())
            .collect()
    };
    let (whole, combined): (Report, Report) =
        (common::read_report(&whole), common::read_report(&combined));
    assert_eq!(names(&combined), names(&whole));
    assert_eq!(combined.summary, whole.summary);
    assert!(combined.partition.is_none());
    // Every share is needed: one alone is rendered as itself, two of one share are refused.
    let one = parts.join("part-1-of-2.json");
    let out = common::arbiter()
        .args(["report", "render"])
        .arg(&one)
        .arg(&one)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("share 1/2 is given twice"));
}

/// A results directory of the older schema (its games' endings stored as words alone, as
/// `tests/results/old-schema` was written) merges from the command line as it did: the same
/// exit status for the engines' faults, the same lines; the merged file has each ending as
/// tagged data, its words unchanged.
#[test]
fn an_older_schemas_results_directory_merges_into_tagged_endings() {
    let old = common::repo().join("tests/results/old-schema");
    let out = scratch_dir("old-schema").join("merged.json");
    let merged = common::arbiter()
        .args(["match", "merge"])
        .arg(&old)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&merged.stdout);
    // Engines lost by their own fault: an illegal move, a crash.
    assert_eq!(merged.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("   4 crashes "), "{stdout}");
    let text = std::fs::read_to_string(&out).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let endings: Vec<&serde_json::Value> = json["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["termination"])
        .collect();
    assert_eq!(endings.len(), 12);
    assert!(
        endings.contains(&&serde_json::json!({
            "kind": "fault", "side": "white", "fault": "illegal_move",
            "written": "7,7", "why": "unrecorded",
            "words": "White makes an illegal move: 7,7"
        })),
        "{text}"
    );
    assert!(
        endings.contains(&&serde_json::json!({
            "kind": "fault", "side": "black", "fault": "disconnect",
            "words": "Black disconnects"
        })),
        "{text}"
    );
    // Read again, the merged file is of this schema and merges to itself.
    let again: MatchReport = common::read_report(&out);
    assert_eq!(again.games.len(), 12);
}

/// A file in the results directory that does not read as a worker's (here a truncated one)
/// is not counted, and the worker says so once on stderr, naming the file, while its own
/// games are played and counted as ever.
#[test]
fn a_peer_file_that_does_not_read_is_warned_about_once() {
    let _cpu = common::processor::share(2);
    let dir = scratch_dir("unreadable-peer");
    let peer = dir.join("part-2-of-2.json");
    std::fs::write(&peer, "{ \"worker\": ").unwrap();
    let out = common::arbiter()
        .args(match_args(
            4,
            &QUICK,
            &["--sprt", "elo0=0", "elo1=400", "--partition", "1/2"],
        ))
        .arg("--results-dir")
        .arg(&dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let warning = format!(
        "warning: {}: not the results of `arbiter match`",
        peer.display()
    );
    assert_eq!(stderr.matches(&warning).count(), 1, "{stderr}");
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("warning"),
        "stdout keeps cutechess-cli's lines"
    );
    let mine = common::read_report::<WorkerFile>(&dir.join("part-1-of-2.json"));
    assert_eq!(mine.report.games.len(), 2);
}
