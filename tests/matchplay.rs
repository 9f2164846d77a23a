//! `arbiter match`: games refereed by the oracles, ended with the right termination and
//! winner, reported in cutechess-cli's words, with each engine's protocol findings.

mod common;

use regex::Regex;
use serde_json::Value;

use common::{arbiter, fixture_engine, reference_engine};

/// Plays a match; returns its exit status, stdout and JSON results.
fn play(protocol: &str, engines: [&[String]; 2], extra: &[&str]) -> (i32, String, Value) {
    let out_file = std::env::temp_dir().join(format!(
        "arbiter-match-{}-{}.json",
        std::process::id(),
        engines[1]
            .join("-")
            .replace('/', "_")
            .chars()
            .rev()
            .take(40)
            .collect::<String>()
    ));
    let mut cmd = arbiter();
    cmd.args([
        "match",
        "--protocol",
        protocol,
        "--each",
        "st=0.05",
        "--out",
    ])
    .arg(&out_file);
    for engine in engines {
        cmd.arg("--engine").args(engine);
    }
    let out = cmd.args(extra).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let results = std::fs::read_to_string(&out_file)
        .map(|t| serde_json::from_str(&t).unwrap())
        .unwrap_or(Value::Null);
    (out.status.code().unwrap_or(-1), stdout, results)
}

fn reference() -> Vec<String> {
    vec![
        format!("cmd={}", reference_engine("arbiter-xiangqi").display()),
        "name=reference".into(),
    ]
}

/// Engines are told apart by name: a second fixture needs its own.
fn named(mut engine: Vec<String>, name: &str) -> Vec<String> {
    engine.retain(|w| !w.starts_with("name="));
    engine.push(format!("name={name}"));
    engine
}

fn faulty(protocol: &str, fault: &str) -> Vec<String> {
    vec![
        format!("cmd={}", fixture_engine().display()),
        format!("arg={protocol}"),
        format!("arg={fault}"),
        "name=faulty".into(),
    ]
}

#[test]
fn a_match_reads_like_cutechess_and_ends_by_the_rules_or_the_move_limit() {
    let mut other = reference();
    other[1] = "name=sparring".into();
    let (status, stdout, results) = play(
        "ucci",
        [&reference(), &other],
        &["--games", "2", "--max-moves", "20"],
    );
    assert_eq!(status, 0, "{stdout}");
    let expected = [
        r"^Started game 1 of 2 \(reference vs sparring\)$",
        r"^Finished game 1 \(reference vs sparring\): (1-0|0-1|1/2-1/2) \{[^}]+\}$",
        r"^Score of reference vs sparring: \d+ - \d+ - \d+  \[\d\.\d{3}\] 1$",
        r"^Started game 2 of 2 \(sparring vs reference\)$",
        r"^Finished game 2 \(sparring vs reference\): (1-0|0-1|1/2-1/2) \{[^}]+\}$",
        r"^Score of reference vs sparring: \d+ - \d+ - \d+  \[\d\.\d{3}\] 2$",
        r"^Elo difference: -?(\d+\.\d|inf) \+/- (\d+\.\d|nan), LOS: \d+\.\d %, DrawRatio: \d+\.\d %$",
        // The two games are a pair, colours swapped: its points for the first engine.
        r"^Ptnml\(0-2\): \d, \d, \d, \d, \d$",
        r"^Finished match$",
    ];
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), expected.len(), "{stdout}");
    for (line, pattern) in lines.iter().zip(expected) {
        assert!(
            Regex::new(pattern).unwrap().is_match(line),
            "`{line}` !~ {pattern}"
        );
    }
    for game in results["games"].as_array().unwrap() {
        let moves = game["moves"].as_array().unwrap().len();
        assert!(moves <= 40, "{game}");
        assert_eq!(game["move_times_ms"].as_array().unwrap().len(), moves);
        let fails: Vec<&Value> = game["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["grade"] == "fail")
            .collect();
        assert!(fails.is_empty(), "{fails:#?}");
    }
}

#[test]
fn an_illegal_move_loses_the_game_and_is_a_protocol_finding() {
    let (status, stdout, results) = play(
        "ucci",
        [&reference(), &faulty("ucci", "illegal-bestmove")],
        &["--games", "2"],
    );
    assert_eq!(status, 1, "{stdout}");
    assert!(
        stdout
            .contains("Finished game 1 (reference vs faulty): 1-0 {Black makes an illegal move: "),
        "{stdout}"
    );
    assert!(
        stdout.contains("Finished game 2 (faulty vs reference): 0-1 {Red makes an illegal move: "),
        "{stdout}"
    );
    assert!(
        stdout.contains("Score of reference vs faulty: 2 - 0 - 0  [1.000] 2"),
        "{stdout}"
    );
    assert!(stdout.contains("Elo difference: inf +/- nan"), "{stdout}");
    let findings = results["games"][0]["findings"].as_array().unwrap();
    assert!(
        findings.iter().any(|f| f["engine"] == "faulty"
            && f["check"] == "ucci.bestmove.legal"
            && f["grade"] == "fail"),
        "{findings:#?}"
    );
}

#[test]
fn a_crash_or_a_silent_engine_loses_with_its_termination() {
    let (status, stdout, _) = play(
        "uci",
        [
            &faulty("uci", "none"),
            &named(faulty("uci", "crash-mid-search"), "crasher"),
        ],
        &["--games", "1"],
    );
    assert_eq!(status, 1, "{stdout}");
    assert!(stdout.contains("1-0 {Black disconnects}"), "{stdout}");
    let late = [
        format!("cmd={}", fixture_engine().display()),
        "arg=uci".into(),
        "arg=late-handshake".into(),
        "name=late".into(),
    ];
    let (_, stdout, _) = play(
        "uci",
        [&late, &faulty("uci", "none")],
        &["--games", "1", "--time-scale", "0.01"],
    );
    assert!(
        stdout.contains("0-1 {White's connection stalls}"),
        "{stdout}"
    );
}

/// An engine that answers the handshake and `isready` but never moves loses on time, with
/// the overrun past its time measured on the wire.
#[test]
fn a_silent_mover_loses_on_time_and_a_clock_match_is_played() {
    let silent = [
        "cmd=/bin/sh".to_owned(),
        "arg=-c".to_owned(),
        "arg=while read l; do case $l in uci) echo uciok;; isready) echo readyok;; quit) exit;; esac; done".to_owned(),
        "name=silent".to_owned(),
    ];
    let (status, stdout, results) = play(
        "uci",
        [&silent, &faulty("uci", "none")],
        &["--games", "1", "--margin", "50"],
    );
    assert_eq!(status, 1, "{stdout}");
    assert!(stdout.contains("0-1 {White loses on time}"), "{stdout}");
    let overrun = results["games"][0]["overrun_ms"].as_f64().unwrap();
    assert!((50.0..1000.0).contains(&overrun), "{overrun}");

    // On a clock: each move is charged with the time measured from `go` to the reply.
    let mut other = reference();
    other[1] = "name=sparring".into();
    let (status, stdout, results) = play(
        "ucci",
        [&reference(), &other],
        &["--games", "1", "--max-moves", "8", "--each", "tc=5+0.05"],
    );
    assert_eq!(status, 0, "{stdout}");
    let times = results["games"][0]["move_times_ms"].as_array().unwrap();
    assert!(
        !times.is_empty() && times.iter().all(|t| t.as_f64().unwrap() < 5000.0),
        "{times:?}"
    );
}

#[test]
fn stockfish_plays_itself() {
    let Some(stockfish) = common::peer_or_skip("stockfish") else {
        return;
    };
    let engine = |name: &str| {
        vec![
            format!("cmd={}", stockfish.display()),
            format!("name={name}"),
        ]
    };
    let (status, stdout, results) = play(
        "uci",
        [&engine("sf-a"), &engine("sf-b")],
        &["--games", "2", "--max-moves", "20"],
    );
    assert_eq!(status, 0, "{stdout}");
    assert_eq!(results["games"].as_array().unwrap().len(), 2);
    assert!(stdout.contains("Score of sf-a vs sf-b: "), "{stdout}");
}

#[test]
fn bad_match_arguments_are_usage_errors() {
    for (args, says) in [
        (vec!["--engine", "cmd=/bin/true"], "give two engines"),
        (
            vec![
                "--engine",
                "name=x",
                "cmd=/bin/true",
                "--engine",
                "cmd=/bin/true",
            ],
            "before cmd=PATH",
        ),
        (
            vec![
                "--engine",
                "cmd=/bin/true",
                "--engine",
                "cmd=/bin/true",
                "--each",
                "depth=0",
            ],
            "--each depth=0: not a positive depth",
        ),
        (
            vec![
                "--engine",
                "cmd=/bin/true",
                "--engine",
                "cmd=/bin/true",
                "--each",
                "tc=40/",
            ],
            "--each tc=40/:",
        ),
    ] {
        let out = arbiter()
            .args(["match", "--protocol", "uci"])
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for (args, says) in [
        (["--protocol", "gomocup", "--board", "40"], "--board 40"),
        (["--protocol", "uci", "--psqout", "games"], "--psqout"),
    ] {
        let out = arbiter()
            .arg("match")
            .args(args)
            .args(["--engine", "cmd=/bin/true", "--engine", "cmd=/bin/true"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
