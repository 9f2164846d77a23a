//! `arbiter match`'s lines as the services downstream read them: fishtest's worker reads
//! fastchess's `Games:` and `Ptnml(0-2):` lines, OpenBench's client cutechess-cli's (and
//! fastchess's) `Finished game` lines. Each parser here is written from that tool's own
//! regular expressions and logic (fishtest worker/games.py, OpenBench Client/worker.py), and
//! must read the same games and pairs that Arbiter's JSON results hold.

use crate::common;

use std::path::PathBuf;

use arbiter::matchplay::MatchReport;
use regex::Regex;

use common::{arbiter, scratch_file, uci_fixture_player};

fn engine(name: &str, fault: &str) -> Vec<String> {
    uci_fixture_player(name, fault)
}

fn temp(name: &str) -> PathBuf {
    scratch_file("match-output", name)
}

/// Plays a chess match of fixture engines; returns stdout and the results.
fn play(engines: &[Vec<String>], extra: &[&str], name: &str) -> (String, MatchReport) {
    let out_file = temp(name);
    let out = arbiter()
        .args(["match", "--game", "chess", "--each", "st=0.05"])
        .args(engines.iter().flatten())
        .args(extra)
        .arg("--out")
        .arg(&out_file)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results = common::read_report(&out_file);
    (stdout, results)
}

fn pentanomial(results: &MatchReport) -> Vec<u64> {
    results.encounters[0]
        .pentanomial
        .counts
        .iter()
        .map(|&c| u64::from(c))
        .collect()
}

/// fishtest's worker: on each line, `pattern_WLD` and `pattern_ptnml`; once both have
/// matched, the block is taken, after checking that the games are twice the pairs. Returns
/// each block taken: (games, wins, losses, draws, ptnml).
fn fishtest_blocks(stdout: &str) -> Vec<(u64, u64, u64, u64, Vec<u64>)> {
    let pattern_wld = Regex::new(
        r"Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), Points: ([0-9.]+) \(",
    )
    .unwrap();
    let pattern_ptnml =
        Regex::new(r"Ptnml\(0-2\): \[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\]").unwrap();
    let (mut wld, mut ptnml) = (None, None);
    let mut blocks = Vec::new();
    for line in stdout.lines().map(str::trim) {
        if let Some(m) = pattern_wld.captures(line) {
            let n = |i: usize| m[i].parse::<u64>().unwrap();
            let points: f64 = m[5].parse().unwrap();
            wld = Some((n(1), n(2), n(3), n(4), points));
        }
        if let Some(m) = pattern_ptnml.captures(line) {
            ptnml = Some(
                (1..=5)
                    .map(|i| m[i].parse::<u64>().unwrap())
                    .collect::<Vec<_>>(),
            );
        }
        if let (Some((games, w, l, d, points)), Some(p)) = (wld, ptnml.clone()) {
            // The worker's own assertions.
            assert_eq!(2 * p.iter().sum::<u64>(), w + l + d, "{line}");
            assert_eq!(games, 2 * p.iter().sum::<u64>(), "{line}");
            assert_eq!(points, w as f64 + d as f64 / 2.0);
            blocks.push((games, w, l, d, p));
            (wld, ptnml) = (None, None);
        }
    }
    blocks
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
    let blocks = fishtest_blocks(&stdout);
    // The tenth pair's block is the last one: printed once, not again at the end.
    assert_eq!(blocks.len(), 1, "{stdout}");
    let (games, w, l, d, ptnml) = &blocks[0];
    assert_eq!(ptnml, &pentanomial(&results), "{stdout}");
    let score = results.encounters[0].score;
    assert_eq!(
        (*w, *l, *d, *games),
        (
            u64::from(score.wins),
            u64::from(score.losses),
            u64::from(score.draws),
            20
        )
    );
    assert_eq!(
        stdout
            .matches("Results of New-1a2b3c vs Base-4d5e6f (0.05/move, NULL, NULL):")
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
