//! `arbiter match`: games refereed by the oracles, ended with the right termination and
//! winner, reported in cutechess-cli's words, with each engine's protocol findings.

use crate::common;

use arbiter::check::{CheckId, CheckRef, Grade};
use arbiter::matchplay::options::UndeclaredOption;
use arbiter::matchplay::termination::Colour;
use arbiter::matchplay::{
    Fault, GameRecord, GameResult, IllegalMove, Illegality, MatchReport, Termination,
};
use arbiter::protocol::{Protocol, ReqId};
use regex::Regex;
use serde_json::Value;

use common::{arbiter, fixture_engine, reference_engine};

/// Plays a match; returns its exit status, stdout and results (a match that ran writes them).
fn play(protocol: &str, engines: [&[String]; 2], extra: &[&str]) -> (i32, String, MatchReport) {
    let out_file = crate::common::scratch_root().join(format!(
        "match-{}.json",
        engines[1]
            .join("-")
            .replace('/', "_")
            .chars()
            .rev()
            .take(40)
            .collect::<String>()
    ));
    let (status, stdout, results) = common::play_match_report(
        &out_file,
        &["--protocol", protocol, "--each", "st=0.05"],
        &engines,
        extra,
    );
    let results = results.unwrap_or_else(|| panic!("no results written: {stdout}"));
    (status, stdout, results)
}

/// The record of the match's first game.
fn first_game(results: &MatchReport) -> &GameRecord {
    &results.games[0].record
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
    let _cpu = common::processor::share(2);
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
        // cutechess-cli's lines for each colour of the first engine, then both colours.
        r"^\.\.\.      reference playing White: \d - \d - \d  \[\d\.\d{3}\] 1$",
        r"^\.\.\.      reference playing Black: \d - \d - \d  \[\d\.\d{3}\] 1$",
        r"^\.\.\.      White vs Black: \d - \d - \d  \[\d\.\d{3}\] 2$",
        // Two games leave the margin open: a win and a draw put the interval past 100%, which
        // cutechess-cli prints as nan; with no decisive game the LOS is nan too.
        r"^Elo difference: -?(\d+\.\d|inf) \+/- (\d+\.\d|nan), LOS: (\d+\.\d|nan) %, DrawRatio: \d+\.\d %$",
        // Without --repeat the games are not a pair: no Ptnml line (cutechess-cli prints
        // none in any case).
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
    for game in &results.games {
        let game = &game.record;
        let moves = game.moves.len();
        assert!(moves <= 40, "{game:?}");
        assert_eq!(game.move_times_ms.len(), moves);
        let fails = common::failed_findings(game);
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
    let findings = &first_game(&results).findings;
    assert!(
        findings.iter().any(|f| f.engine == "faulty"
            && f.outcome.check == CheckRef::builtin(Protocol::Ucci, CheckId::BestmoveLegal)
            && f.outcome.grade == Grade::Fail),
        "{findings:#?}"
    );
    // Why the referee refused the move is kept beside the words, as the oracle said it.
    let game = first_game(&results);
    let Termination::Fault {
        fault: Fault::Illegal(IllegalMove { why, .. }),
        ..
    } = &game.termination
    else {
        panic!("{game:?}")
    };
    assert!(
        matches!(
            why,
            Illegality::NoPiece
                | Illegality::NotItsPiece
                | Illegality::NotAMove
                | Illegality::LeavesKingInCheck
        ),
        "{game:?}"
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

/// The referee reads moves with the oracle the GUI-side checks use: castling written as the
/// king taking its rook (`e1h1`) is no move of standard chess's notation, so it loses the game
/// as an illegal move, and the protocol finding names the king's move (uci-r19).
#[test]
fn castling_as_the_king_taking_its_rook_loses_as_an_illegal_move() {
    let book = crate::common::scratch_root().join("castling.fen");
    std::fs::write(&book, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n").unwrap();
    let openings = format!("file={}", book.display());
    let (status, stdout, results) = play(
        "uci",
        [
            &named(faulty("uci", "castles-as-king-takes-rook"), "castler"),
            &faulty("uci", "none"),
        ],
        &["--games", "1", "--openings", &openings],
    );
    assert_eq!(status, 1, "{stdout}");
    assert!(
        stdout.contains("0-1 {White makes an illegal move: e1h1}")
            || stdout.contains("0-1 {White makes an illegal move: e1a1}"),
        "{stdout}"
    );
    let findings = &first_game(&results).findings;
    assert!(
        findings.iter().any(|f| f.engine == "castler"
            && f.outcome.check == CheckRef::builtin(Protocol::Uci, CheckId::MoveNotation)
            && f.outcome.grade == Grade::Fail
            && f.outcome.requirements == [ReqId::new("uci-r19")]),
        "{findings:#?}"
    );
    // The oracle's reason reaches the results as data.
    let game = first_game(&results);
    assert!(
        matches!(
            &game.termination,
            Termination::Fault {
                side: Colour::White,
                fault: Fault::Illegal(IllegalMove {
                    why: Illegality::CastlingAsKingTakesRook,
                    ..
                }),
            }
        ),
        "{game:?}"
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
    let overrun = first_game(&results).overrun_ms.unwrap();
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
    let times = &first_game(&results).move_times_ms;
    assert!(
        !times.is_empty() && times.iter().all(|t| *t < 5000.0),
        "{times:?}"
    );
}

#[test]
fn stockfish_plays_itself() {
    let _cpu = common::processor::share(2);
    let Some(stockfish) = common::peer_or_skip("stockfish") else {
        return;
    };
    let engine = |name: &str| {
        vec![
            format!("cmd={}", stockfish.display()),
            format!("name={name}"),
        ]
    };
    let pgn = crate::common::scratch_root().join("sf.pgn");
    let pgn_text = pgn.to_str().unwrap();
    let (status, stdout, results) = play(
        "uci",
        [&engine("sf-a"), &engine("sf-b")],
        &["--games", "2", "--max-moves", "20", "--pgnout", pgn_text],
    );
    assert_eq!(status, 0, "{stdout}");
    assert_eq!(results.games.len(), 2);
    assert!(stdout.contains("Score of sf-a vs sf-b: "), "{stdout}");
    // A real PGN reader reads the record back: python-chess, which refuses an illegal or
    // ambiguous SAN move (listed in `game.errors`), gives the same moves and results.
    let Some(python) = common::python_chess_or_skip() else {
        return;
    };
    let read = std::process::Command::new(python)
        .args(["-c", READ_PGN, pgn_text])
        .output()
        .unwrap();
    assert!(
        read.status.success(),
        "{}",
        String::from_utf8_lossy(&read.stderr)
    );
    // What python-chess read is its own output, not Arbiter's model: it stays JSON.
    let read: Value = serde_json::from_slice(&read.stdout).unwrap();
    let played: Vec<Value> = results
        .games
        .iter()
        .map(|g| {
            let g = &g.record;
            serde_json::json!({"result": g.result.as_str(), "moves": g.moves, "errors": []})
        })
        .collect();
    assert_eq!(
        read,
        Value::from(played),
        "{}",
        std::fs::read_to_string(&pgn).unwrap()
    );
    let _ = std::fs::remove_file(pgn);
}

/// Reads every game of a PGN file with python-chess and prints, as JSON, each game's result
/// tag, its main line in UCI notation and the errors the reader met.
const READ_PGN: &str = r#"
import json, sys, chess.pgn
games = []
with open(sys.argv[1]) as f:
    while (game := chess.pgn.read_game(f)) is not None:
        games.append({"result": game.headers["Result"],
                      "moves": [m.uci() for m in game.mainline_moves()],
                      "errors": [str(e) for e in game.errors]})
print(json.dumps(games))
"#;

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

#[test]
fn an_illegal_move_at_the_third_search_leaves_the_five_moves_before_it() {
    // The faulty engine plays the first legal move in sorted order: a0a1 a6a5 a1a0 a5a4 …
    let (status, stdout, results) = play(
        "ucci",
        [
            &faulty("ucci", "none"),
            &named(faulty("ucci", "illegal-at-move-3"), "faulty-3"),
        ],
        &["--games", "1"],
    );
    assert_eq!(status, 1, "{stdout}");
    let game = first_game(&results);
    assert!(
        matches!(
            game.termination,
            Termination::Fault {
                side: Colour::Black,
                fault: Fault::Illegal(_)
            }
        ),
        "{game:?}"
    );
    assert_eq!(game.result, GameResult::FirstWins);
    assert_eq!(game.moves, ["a0a1", "a6a5", "a1a0", "a5a4", "a0a1"]);
}

#[test]
fn a_ucci_draw_offer_passes_to_the_opponent_and_ends_the_game_when_accepted() {
    let (status, stdout, results) = play(
        "ucci",
        [
            &faulty("ucci", "offers-draw"),
            &named(faulty("ucci", "accepts-draw"), "accepting"),
        ],
        &["--games", "1"],
    );
    assert_eq!(status, 0, "{stdout}");
    assert!(stdout.contains("1/2-1/2 {Draw by agreement}"), "{stdout}");
    // The offer came with red's first move; black's accepting move is not played.
    assert_eq!(first_game(&results).moves, ["a0a1"]);

    // Declined (the engine answers `go draw` with a plain move): the game goes on.
    let (_, stdout, results) = play(
        "ucci",
        [
            &faulty("ucci", "offers-draw"),
            &named(faulty("ucci", "none"), "declining"),
        ],
        &["--games", "1", "--max-moves", "3"],
    );
    assert!(
        stdout.contains("1/2-1/2 {Draw by adjudication: maximal game length}"),
        "{stdout}"
    );
    assert_eq!(first_game(&results).moves.len(), 6);
}

/// A draw offered to an engine that pondered on the move played reaches it as `ponderhit
/// draw` (ucci-r77, r92), and its acceptance ends the game.
#[test]
fn a_draw_offer_to_a_pondering_engine_comes_with_ponderhit() {
    let log = temp_log("ponderhit-draw");
    let _ = std::fs::remove_file(&log);
    let (status, stdout, results) = play(
        "ucci",
        [
            &faulty("ucci", "offers-draw-later"),
            &logged("ucci", "accepts-draw", "accepting", &log),
        ],
        &["--games", "1", "--pondering"],
    );
    assert_eq!(status, 0, "{stdout}");
    assert!(stdout.contains("1/2-1/2 {Draw by agreement}"), "{stdout}");
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(sent.lines().any(|l| l == "ponderhit draw"), "{sent}");
    assert!(
        !sent.contains("go ponder draw") && !sent.contains("go draw ponder"),
        "{sent}"
    );
    // Red's first move came without an offer, black's reply, then red's offer with the move
    // black pondered on, which black accepted: its own move is not played.
    assert_eq!(first_game(&results).moves.len(), 3, "{results:?}");
    let failures = common::failed_findings(first_game(&results));
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_resigning_engine_loses() {
    let (status, stdout, results) = play(
        "ucci",
        [
            &faulty("ucci", "resigns"),
            &named(faulty("ucci", "none"), "playing"),
        ],
        &["--games", "1"],
    );
    assert_eq!(status, 0, "{stdout}");
    assert!(stdout.contains("0-1 {Red resigns}"), "{stdout}");
    // It resigned at its second search, instead of a move.
    assert_eq!(first_game(&results).moves, ["a0a1", "a6a5"]);
}

/// Runs the fixture engine behind `tee`, so the test reads what the referee sent it.
fn logged(protocol: &str, fault: &str, name: &str, log: &std::path::Path) -> Vec<String> {
    vec![
        "cmd=/bin/sh".into(),
        "arg=-c".into(),
        format!(
            "arg=tee {} | {} {protocol} {fault}",
            log.display(),
            fixture_engine().display()
        ),
        format!("name={name}"),
    ]
}

fn temp_log(name: &str) -> std::path::PathBuf {
    crate::common::scratch_root().join(format!("match-{name}.log"))
}

#[test]
fn a_ucci_engine_plays_a_uci_one_at_xiangqi_each_in_its_notation() {
    let _cpu = common::processor::share(2);
    let log = temp_log("uci-xiangqi");
    let mut uci = logged("uci-xiangqi", "none", "uci-side", &log);
    uci.push("proto=uci".into());
    let (status, stdout, results) = play(
        "ucci",
        [&reference(), &uci],
        &["--game", "xiangqi", "--games", "1", "--max-moves", "4"],
    );
    assert_eq!(status, 0, "{stdout}");
    let game = first_game(&results);
    let played = &game.moves;
    assert!(played.len() >= 3, "{game:?}");
    let iccs = Regex::new("^[a-i][0-9][a-i][0-9]$").unwrap();
    assert!(played.iter().all(|m| iccs.is_match(m)), "{played:?}");
    // The UCI engine was told the game in its own notation: ranks 1–10.
    let uci_text = |m: &str| {
        let b = m.as_bytes();
        let rank = |c: u8| (c - b'0' + 1).to_string();
        format!(
            "{}{}{}{}",
            b[0] as char,
            rank(b[1]),
            b[2] as char,
            rank(b[3])
        )
    };
    let sent = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    let expected = format!(
        "position startpos moves {} {} {}",
        uci_text(&played[0]),
        uci_text(&played[1]),
        uci_text(&played[2])
    );
    assert!(sent.contains(&expected), "{expected}\n{sent}");
    let fails = common::failed_findings(game);
    assert!(fails.is_empty(), "{fails:#?}");
}

#[test]
fn fairy_stockfish_over_uci_plays_the_ucci_reference() {
    let _cpu = common::processor::share(2);
    let Some(fairy) = common::peer_or_skip("fairy-stockfish") else {
        return;
    };
    let engine = vec![
        format!("cmd={}", fairy.display()),
        "name=fairy".to_owned(),
        "proto=uci".to_owned(),
    ];
    let (status, stdout, results) = play(
        "ucci",
        [&reference(), &engine],
        &["--game", "xiangqi", "--games", "2", "--max-moves", "10"],
    );
    assert_eq!(status, 0, "{stdout}");
    let iccs = Regex::new("^[a-i][0-9][a-i][0-9]$").unwrap();
    for game in &results.games {
        let played = &game.record.moves;
        assert!(!played.is_empty(), "{game:?}");
        assert!(played.iter().all(|m| iccs.is_match(m)), "{played:?}");
    }
}

#[test]
fn options_are_sent_before_isready_and_undeclared_ones_are_recorded() {
    let log = temp_log("options");
    let mut engine = logged("uci", "none", "opted", &log);
    engine.extend(["option.Hash=32".into(), "option.Bogus Name=on".into()]);
    let (status, stdout, results) = play(
        "uci",
        [&engine, &faulty("uci", "none")],
        &["--games", "1", "--max-moves", "2"],
    );
    assert_eq!(status, 0, "{stdout}");
    let sent = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    let lines: Vec<&str> = sent.lines().collect();
    let at = |l: &str| lines.iter().position(|x| *x == l);
    let (hash, bogus, ready) = (
        at("setoption name Hash value 32"),
        at("setoption name Bogus Name value on"),
        at("isready"),
    );
    assert!(
        hash.is_some() && bogus.is_some() && hash < ready && bogus < ready,
        "{sent}"
    );
    assert_eq!(
        first_game(&results).undeclared_options,
        [UndeclaredOption {
            engine: "opted".into(),
            option: "Bogus Name".into()
        }]
    );
}
