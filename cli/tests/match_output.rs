//! `arbiter match`'s lines as the services downstream read them: fishtest's worker reads
//! fastchess's `Games:` and `Ptnml(0-2):` lines, OpenBench's client cutechess-cli's (and
//! fastchess's) `Finished game` lines. Each parser here is written from that tool's own
//! regular expressions and logic (fishtest worker/games.py, OpenBench Client/worker.py), and
//! must read the same games and pairs that Arbiter's JSON results hold.

use crate::common;

use std::path::PathBuf;

use arbiter::matchplay::MatchReport;
use regex::Regex;

use common::{arbiter, reference_engine, scratch_file, uci_fixture_player};

fn engine(name: &str, fault: &str) -> Vec<String> {
    uci_fixture_player(name, fault)
}

fn temp(name: &str) -> PathBuf {
    scratch_file("match-output", name)
}

/// A match as the services downstream see it: what it printed, how it exited, and its
/// results as written.
struct Played {
    stdout: String,
    stderr: String,
    status: i32,
    results: MatchReport,
}

/// Plays `arbiter match` with `args`, writing its results to the scratch file `name`.
fn play_match(args: &[String], name: &str) -> Played {
    let out_file = temp(name);
    let out = arbiter()
        .args(["match"])
        .args(args)
        .arg("--out")
        .arg(&out_file)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let status = out.status.code().unwrap_or(-1);
    assert!(matches!(status, 0 | 1), "{stdout}{stderr}");
    let results = common::read_report(&out_file);
    Played {
        stdout,
        stderr,
        status,
        results,
    }
}

/// Plays a chess match of fixture engines; returns stdout and the results.
fn play(engines: &[Vec<String>], extra: &[&str], name: &str) -> (String, MatchReport) {
    let mut args: Vec<String> = ["--game", "chess", "--each", "st=0.05"]
        .map(String::from)
        .to_vec();
    args.extend(engines.iter().flatten().cloned());
    args.extend(extra.iter().map(|a| a.to_string()));
    let played = play_match(&args, name);
    (played.stdout, played.results)
}

fn pentanomial(results: &MatchReport) -> Vec<u64> {
    results.encounters[0]
        .pentanomial
        .counts
        .iter()
        .map(|&c| u64::from(c))
        .collect()
}

/// Where fishtest's worker stops reading a match's output (worker/games.py,
/// `parse_fastchess_output`): one of its assertions over a block, its own exception, or the
/// exception it raises on a line it takes for a fault of fastchess's.
#[derive(Debug, PartialEq)]
enum FishtestStop {
    /// The assertion, as fishtest writes it, and the block's last line.
    Assertion(&'static str, String),
    /// A `WorkerException`: the match ended unclean, or the process failed.
    Worker(String),
    /// A `RunException`: a line fishtest reads as fastchess's warning of a broken engine.
    Run(String),
}

/// What fishtest's worker knows of a task as it reads the match's output.
#[derive(Debug, Default)]
struct FishtestWorker {
    /// Games after which the worker sends the server what it has (an SPRT task: twice the
    /// run's `batch_size` pairs).
    batch_size: u64,
    /// Games the task plays (`-rounds` is half of it).
    games_to_play: u64,
    /// Games the server has been told of.
    num_games_updated: u64,
    /// The last block taken: wins, losses, draws and pairs (the task's stats before the
    /// match, which fishtest adds, are none: a fresh task).
    wins: u64,
    losses: u64,
    draws: u64,
    pentanomial: [u64; 5],
    /// Games the server was told of at each update.
    updates: Vec<u64>,
    /// The `Games:` line and the `Ptnml(0-2):` line of the block being read.
    wld: Option<(u64, u64, u64, u64)>,
    ptnml: Option<[u64; 5]>,
}

impl FishtestWorker {
    fn new(batch_size: u64, games_to_play: u64) -> FishtestWorker {
        FishtestWorker {
            batch_size,
            games_to_play,
            ..FishtestWorker::default()
        }
    }

    /// Reads the match's lines in order (stdout, then stderr: fishtest reads both), then its
    /// exit status.
    fn read(&mut self, stdout: &str, stderr: &str, status: i32) -> Result<(), FishtestStop> {
        for line in stdout.lines().chain(stderr.lines()) {
            self.line(line)?;
        }
        // A process that ended with a status other than 0 fails the task.
        if status != 0 {
            return Err(FishtestStop::Worker(format!(
                "the match exited with status {status}"
            )));
        }
        Ok(())
    }

    /// One line, as the worker reads it: trimmed, engine names shortened to ten hex digits
    /// (`hash_pattern`), then its checks, then the block's two patterns.
    fn line(&mut self, line: &str) -> Result<(), FishtestStop> {
        let hash = Regex::new(r"(Base|New)-[a-f0-9]+").unwrap();
        let line = hash.replace_all(line.trim(), |m: &regex::Captures<'_>| {
            let (side, sha) = m[0].split_once('-').unwrap();
            format!("{side}-{}", &sha[..sha.len().min(10)])
        });
        if line.contains("Finished match") && self.num_games_updated != self.games_to_play {
            return Err(FishtestStop::Worker(format!(
                "finished uncleanly: {} games updated of {}",
                self.num_games_updated, self.games_to_play
            )));
        }
        // Every pattern of fishtest's lists of fastchess's errors and warnings starts with
        // fastchess's `Warning;`: no line of Arbiter's may match any of them.
        if line.contains("Warning;") {
            return Err(FishtestStop::Run(line.into_owned()));
        }
        let pattern_wld = Regex::new(
            r"Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), Points: ([0-9.]+) \(",
        )
        .unwrap();
        let pattern_ptnml =
            Regex::new(r"Ptnml\(0-2\): \[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\]")
                .unwrap();
        if let Some(m) = pattern_wld.captures(&line) {
            let n = |i: usize| m[i].parse::<u64>().unwrap();
            let _points: f64 = m[5].parse().unwrap();
            self.wld = Some((n(1), n(2), n(3), n(4)));
        }
        if let Some(m) = pattern_ptnml.captures(&line) {
            self.ptnml = Some(std::array::from_fn(|i| m[i + 1].parse().unwrap()));
        }
        let (Some((games, wins, losses, draws)), Some(ptnml)) = (self.wld, self.ptnml) else {
            return Ok(());
        };
        (self.wins, self.losses, self.draws, self.pentanomial) = (wins, losses, draws, ptnml);
        let num_games_finished = games;
        let pairs: u64 = ptnml.iter().sum();
        let assertions = [
            (
                2 * pairs == wins + losses + draws,
                "2 * sum(pentanomial) == wins + losses + draws",
            ),
            (
                num_games_finished == 2 * pairs,
                "num_games_finished == 2 * sum(fastchess_ptnml_results)",
            ),
            (
                num_games_finished <= self.num_games_updated + self.batch_size,
                "num_games_finished <= num_games_updated + batch_size",
            ),
            (
                num_games_finished <= self.games_to_play,
                "num_games_finished <= games_to_play",
            ),
        ];
        if let Some((_, which)) = assertions.iter().find(|(holds, _)| !holds) {
            return Err(FishtestStop::Assertion(which, line.into_owned()));
        }
        (self.wld, self.ptnml) = (None, None);
        // The server is told once a batch is full, or once every game is played; here it
        // always answers that the task goes on.
        if num_games_finished == self.num_games_updated + self.batch_size
            || num_games_finished == self.games_to_play
        {
            self.num_games_updated = num_games_finished;
            self.updates.push(num_games_finished);
        }
        Ok(())
    }
}

/// OpenBench's `update_results`: a `Finished game` line's third token is the game's number
/// and its seventh the result; games 2k−1 and 2k are a pair, the engine listed first playing
/// white in the odd game. Returns the pentanomial counts from that engine's side.
fn openbench_pentanomial(stdout: &str) -> Vec<u64> {
    let points = |result: &str| match result {
        "0-1" => 0,
        "1/2-1/2" => 1,
        "1-0" => 2,
        other => panic!("OpenBench has no lookup for {other}"),
    };
    let mut games = std::collections::BTreeMap::new();
    let mut penta = vec![0; 5];
    for line in stdout.lines().map(str::trim) {
        if !line.contains("Finished game") {
            continue;
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let (game, result): (u64, &str) = (tokens[2].parse().unwrap(), tokens[6]);
        games.insert(game, result);
        let (first, second) = if game % 2 == 1 {
            (game, game + 1)
        } else {
            (game - 1, game)
        };
        if let (Some(r1), Some(r2)) = (games.get(&first), games.get(&second)) {
            penta[points(r1) + 2 - points(r2)] += 1;
            games.remove(&first);
            games.remove(&second);
        }
    }
    penta
}

#[test]
fn fishtest_reads_the_fastchess_block_with_its_pairs_once() {
    let (stdout, results) = play(
        &[engine("New-1a2b3c", "none"), engine("Base-4d5e6f", "none")],
        &[
            "--repeat",
            "--games",
            "2",
            "--rounds",
            "10",
            "--max-moves",
            "2",
            "--output-format",
            "fastchess",
            "--sprt",
            "elo0=0",
            "elo1=5",
        ],
        "fishtest.json",
    );
    // A worker whose batch is the whole task (20 games) takes the one block.
    let mut worker = FishtestWorker::new(20, 20);
    assert_eq!(worker.read(&stdout, "", 0), Ok(()), "{stdout}");
    // The tenth pair's block is the last one: printed once, not again at the end.
    assert_eq!(worker.updates, [20], "{stdout}");
    assert_eq!(
        worker.pentanomial.to_vec(),
        pentanomial(&results),
        "{stdout}"
    );
    let score = results.encounters[0].score;
    assert_eq!(
        (worker.wins, worker.losses, worker.draws),
        (
            u64::from(score.wins),
            u64::from(score.losses),
            u64::from(score.draws),
        )
    );
    // The fixture declares `Hash` (default 16) and no `Threads`: fastchess names the one's
    // value and `NULL` for the other.
    assert_eq!(
        stdout
            .matches("Results of New-1a2b3c vs Base-4d5e6f (0.05/move, NULL, 16MB):")
            .count(),
        1,
        "{stdout}"
    );
    assert_eq!(stdout.matches("\nLLR: ").count(), 1, "{stdout}");
    assert!(stdout.ends_with("Finished match\n"), "{stdout}");
    // No cutechess-cli line in fastchess's output.
    assert!(!stdout.contains("Score of"), "{stdout}");
}

#[test]
fn openbench_reads_the_pairs_of_the_cutechess_lines_and_a_decided_sprt_is_printed_once() {
    let (stdout, results) = play(
        &[engine("dev", "none"), engine("base", "illegal-bestmove")],
        &[
            "--repeat",
            "--games",
            "2",
            "--rounds",
            "40",
            "--output-format",
            "cutechess",
            "--sprt",
            "elo0=-50",
            "elo1=50",
        ],
        "openbench.json",
    );
    let penta = openbench_pentanomial(&stdout);
    assert_eq!(penta, pentanomial(&results), "{stdout}");
    // Every pair won: the test accepts H1 before the 40 pairs are played, and says so once.
    assert_eq!(penta[..4], [0, 0, 0, 0]);
    assert!(penta[4] > 0 && penta[4] < 40, "{penta:?}");
    assert_eq!(stdout.matches("SPRT: llr ").count(), 1, "{stdout}");
    assert!(
        stdout.contains(" - H1 was accepted\nFinished match\n"),
        "{stdout}"
    );
    assert!(!stdout.contains("Ptnml"), "{stdout}");
}

#[test]
fn without_repeat_no_games_are_paired() {
    let (stdout, results) = play(
        &[engine("a", "none"), engine("b", "none")],
        &[
            "--games",
            "4",
            "--max-moves",
            "2",
            "--output-format",
            "fastchess",
            "--sprt",
            "elo0=0",
            "elo1=5",
        ],
        "unpaired.json",
    );
    assert!(
        results.games.iter().all(|g| g.pair.is_none()),
        "{results:?}"
    );
    assert_eq!(pentanomial(&results), [0, 0, 0, 0, 0]);
    assert_eq!(results.sprt.map(|s| s.state.pentanomial), Some(false));
    // fastchess without pairs: a block over the games, no Ptnml line, no PairsRatio.
    assert!(
        stdout.contains("Games: 4, Wins: 0, Losses: 0, Draws: 4, Points: 2.0 (50.00 %)"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("Ptnml") && !stdout.contains("PairsRatio"),
        "{stdout}"
    );
}

/// Engine names as fishtest gives them, `New-` and `Base-` with a commit's whole hash: its
/// worker shortens them to ten digits as it reads each line.
const NEW: &str = "New-1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d";
const BASE: &str = "Base-4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7";

/// A match of game pairs in fastchess's words, as fishtest runs one (no SPRT: fishtest's
/// server judges the test): the reference xiangqi engine, speaking UCI, searching two plies
/// against itself searching one, from the shipped book, two games at once so that pairs
/// complete out of order. Real games with wins, losses and draws, and no protocol failure.
fn fishtest_task(pairs: usize, extra: &[&str], name: &str) -> Played {
    let engine = reference_engine("arbiter-xiangqi");
    let book = format!(
        "file={}",
        common::repo().join("openings/xiangqi.txt").display()
    );
    let mut args: Vec<String> = vec![
        "--game".into(),
        "xiangqi".into(),
        "--engine".into(),
        format!("cmd={}", engine.display()),
        format!("name={NEW}"),
        "proto=uci".into(),
        "depth=2".into(),
        "--engine".into(),
        format!("cmd={}", engine.display()),
        format!("name={BASE}"),
        "proto=uci".into(),
        "depth=1".into(),
        "--each".into(),
        "st=5".into(),
        "--openings".into(),
        book,
        "--repeat".into(),
        "--games".into(),
        "2".into(),
        "--rounds".into(),
        pairs.to_string(),
        "--max-moves".into(),
        "40".into(),
        "--concurrency".into(),
        "2".into(),
        "--output-format".into(),
        "fastchess".into(),
    ];
    args.extend(extra.iter().map(|a| a.to_string()));
    play_match(&args, name)
}

/// fishtest's worker reads a match of six pairs with a batch of two games (an SPRT run's
/// `batch_size` of one pair), as it runs fastchess: `-ratinginterval 1`. Each block comes as a
/// pair completes, two games more than the last, so the worker tells its server of every pair
/// and ends clean, its stats the match's.
#[test]
fn fishtest_reads_every_pair_at_its_batch_of_two_with_rating_interval_1() {
    let _cpu = common::processor::share(4);
    let played = fishtest_task(6, &["--rating-interval", "1"], "fishtest-interval-1.json");
    let Played {
        stdout,
        stderr,
        status,
        results,
    } = &played;
    let mut worker = FishtestWorker::new(2, 12);
    assert_eq!(
        worker.read(stdout, stderr, *status),
        Ok(()),
        "{stdout}{stderr}"
    );
    assert_eq!(worker.updates, [2, 4, 6, 8, 10, 12], "{stdout}");
    assert_eq!(
        worker.pentanomial.to_vec(),
        pentanomial(results),
        "{stdout}"
    );
    let score = results.encounters[0].score;
    assert_eq!(
        (worker.wins, worker.losses, worker.draws),
        (
            u64::from(score.wins),
            u64::from(score.losses),
            u64::from(score.draws)
        )
    );
    // The last block is the sixth pair's; it is not printed again at the end.
    assert_eq!(stdout.matches("Results of ").count(), 6, "{stdout}");
    // fastchess's header: the engine declares `Hash` with its default and no `Threads`.
    let header = Regex::new(&format!(
        r"(?m)^Results of {NEW} vs {BASE} \(5/move, NULL, [0-9]+MB, xiangqi\.txt\):$"
    ))
    .unwrap();
    assert_eq!(header.find_iter(stdout).count(), 6, "{stdout}");
}

/// The same task at fastchess's default interval, ten pairs: the first block the worker sees
/// is the match's last, twelve games past its last update at zero, and fishtest's assertion
/// that a block holds at most a batch of new games stops it.
#[test]
fn without_rating_interval_fishtests_batch_assertion_stops_the_worker() {
    let _cpu = common::processor::share(4);
    let played = fishtest_task(6, &[], "fishtest-interval-10.json");
    let mut worker = FishtestWorker::new(2, 12);
    match worker.read(&played.stdout, &played.stderr, played.status) {
        Err(FishtestStop::Assertion(which, line)) => {
            assert_eq!(
                which, "num_games_finished <= num_games_updated + batch_size",
                "{line}"
            );
            assert!(line.starts_with("Ptnml(0-2): ["), "{line}");
        }
        other => panic!("{other:?}: {}", played.stdout),
    }
    assert!(worker.updates.is_empty(), "{:?}", worker.updates);
    assert_eq!(played.stdout.matches("Results of ").count(), 1);
}

/// `--rating-interval` spaces fastchess's blocks; cutechess-cli's lines have none, so with them
/// the flag is refused rather than ignored.
#[test]
fn rating_interval_is_refused_without_fastchess_output() {
    let out = arbiter()
        .args(["match", "--game", "chess", "--rating-interval", "1"])
        .args(engine("a", "none"))
        .args(engine("b", "none"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--output-format fastchess"), "{stderr}");
}

/// Stockfish declares `Threads` (default 1) and `Hash` (default 16): fastchess's header names
/// what each engine held, `1t` and `16MB`, and both values where the engines differ.
#[test]
fn fastchess_names_the_threads_and_hash_stockfish_holds() {
    let _cpu = common::processor::share(2);
    let Some(stockfish) = common::peer_or_skip("stockfish") else {
        return;
    };
    let engine = |name: &str| {
        vec![
            "--engine".to_owned(),
            format!("cmd={}", stockfish.display()),
            format!("name={name}"),
        ]
    };
    let mut args: Vec<String> = ["--game", "chess", "--each", "st=1", "nodes=2000"]
        .map(String::from)
        .to_vec();
    args.extend(engine("sf-a"));
    args.extend(engine("sf-b"));
    args.push("option.Hash=32".into());
    args.extend(
        [
            "--repeat",
            "--games",
            "2",
            "--max-moves",
            "10",
            "--output-format",
            "fastchess",
        ]
        .map(String::from),
    );
    let played = play_match(&args, "stockfish-header.json");
    assert!(
        played
            .stdout
            .contains("Results of sf-a vs sf-b (1/move, 1t, 16MB - 32MB):\n"),
        "{}",
        played.stdout
    );
}
