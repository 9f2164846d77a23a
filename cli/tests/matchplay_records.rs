//! The records of `arbiter match` as other programs read them: xiangqi PGN in Chinese notation
//! and in ICCS read back by PyPI `cchess`'s own PGN reader (the same moves, start, players and
//! result as the JSON record), the colours each engine played, and the maximal game length
//! counted as cutechess-cli counts it.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter::matchplay::{Colours, GameResult, MatchGame, MatchReport, Termination};
use serde_json::Value;

use common::{arbiter, reference_engine};

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = crate::common::scratch_root().join(format!("records-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn reference(name: &str) -> Vec<String> {
    vec![
        format!("cmd={}", reference_engine("arbiter-xiangqi").display()),
        format!("name={name}"),
    ]
}

/// A short xiangqi match of the reference engine against itself, each opening played with
/// both colours, depth-limited so it is quick; returns stdout and the results (in `results.json`).
fn xiangqi_match(dir: &Path, book: &str, format: &str, extra: &[&str]) -> (String, MatchReport) {
    let book_file = dir.join(format!("book.{format}"));
    std::fs::write(&book_file, book).unwrap();
    let openings = format!("file={}", book_file.display());
    let format = format!("format={format}");
    let mut args = vec![
        "--game",
        "xiangqi",
        "--each",
        "st=5",
        "depth=3",
        "--openings",
        &openings,
        &format,
        "--repeat",
    ];
    args.extend_from_slice(extra);
    let (status, stdout, results) = common::play_match_report(
        &dir.join("results.json"),
        &[],
        &[&reference("alpha"), &reference("beta")],
        &args,
    );
    assert_eq!(status, 0, "{stdout}");
    let results = results.unwrap_or_else(|| panic!("no results written: {stdout}"));
    (stdout, results)
}

/// Three starts: black to move after 炮二平五; both sides' horses out, red to move; and black
/// to move with its rooks doubled on its file 1 and red's cannons doubled on its file 五, so
/// that moves named 前 and 后 come up.
const BOOK: &str = "\
rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1
r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3
rnbakabn1/9/rc5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C4/4C4/RNBAKABNR b - - 0 1
";

/// Each game of a PGN file as cchess reads it (tests/clients/cchess_read_pgn.py): cchess's own
/// output, not Arbiter's model, so plain JSON.
fn cchess_read(python: &Path, pgn: &Path) -> Vec<Value> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/cchess_read_pgn.py");
    let out = Command::new(python)
        .arg(script)
        .arg(pgn)
        // cchess opens PGN files in the locale's encoding; Arbiter writes UTF-8.
        .env("PYTHONUTF8", "1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice::<Value>(&out.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| a.iter().map(|m| m.as_str().unwrap().to_owned()).collect())
        .unwrap_or_default()
}

/// The moves of each game's movetext, without move numbers and result.
fn movetexts(pgn: &str) -> Vec<Vec<String>> {
    pgn.split("\n\n")
        .filter(|block| !block.trim().is_empty() && !block.trim_start().starts_with('['))
        .map(|block| {
            block
                .split_whitespace()
                .filter(|w| !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(w))
                .map(str::to_owned)
                .collect()
        })
        .collect()
}

/// Plays the match with `--pgn-notation notation` and checks that cchess reads every game of
/// the PGN as the JSON record has it.
fn read_back_in_cchess(notation: &str) {
    let Some(python) = common::cchess_or_skip() else {
        return;
    };
    let dir = scratch(notation);
    let pgn_file = dir.join("games.pgn");
    let pgn_arg = pgn_file.to_str().unwrap();
    let (_, results) = xiangqi_match(
        &dir,
        BOOK,
        "fen",
        &[
            "--games",
            "6",
            "--max-moves",
            "40",
            "--pgnout",
            pgn_arg,
            "--pgn-notation",
            notation,
        ],
    );
    assert_eq!(results.game, MatchGame::Xiangqi);
    // The key as written: read back, the model ignores a rule a xiangqi record should not have.
    let written = common::read_json(&dir.join("results.json"));
    assert!(written.get("rule").is_none(), "{written}");
    let games = &results.games;
    assert_eq!(games.len(), 6);
    let pgn = std::fs::read_to_string(&pgn_file).unwrap();
    assert_eq!(
        pgn.matches("[Game \"Chinese Chess\"]\n[Event ").count(),
        6,
        "{pgn}"
    );
    assert_eq!(
        pgn.matches("[Format \"ICCS\"]").count(),
        if notation == "iccs" { 6 } else { 0 },
        "{pgn}"
    );
    let read = cchess_read(&python, &pgn_file);
    assert_eq!(read.len(), games.len(), "{pgn}");
    let texts = movetexts(&pgn);
    let mut black_first = 0;
    for ((game, read), text) in games.iter().zip(&read).zip(&texts) {
        let game = &game.record;
        let number = game.number;
        // Who played which colour, in the JSON record and in the PGN.
        let Colours::Xiangqi { red, black } = &game.colours else {
            panic!("game {number}: colours not named red and black: {game:?}");
        };
        assert_eq!(red, &game.first, "game {number}");
        assert_eq!(black, &game.second, "game {number}");
        assert_eq!(read["info"]["red"], *red, "game {number}");
        assert_eq!(read["info"]["black"], *black, "game {number}");
        assert_eq!(
            read["info"]["result"],
            game.result.as_str(),
            "game {number}"
        );
        // The start, and every move of the opening and the game.
        let fen = game.opening.fen.as_deref().unwrap();
        let start: Vec<&str> = fen.split_whitespace().take(2).collect();
        assert_eq!(read["start"], start.join(" "), "game {number}");
        black_first += usize::from(start[1] == "b");
        // cchess 1.25.5 finds a pawn named by its place among all that side's pawns, not
        // those on doubled files (its reader leaves tandem pawns as a TODO): such a game would
        // say nothing of Arbiter's notation, which the unit tests cover.
        let pawn_by_place = text.iter().find(|m| {
            let mut chars = m.chars();
            "前中后一二三四五".contains(chars.next().unwrap())
                && "兵卒".contains(chars.next().unwrap())
        });
        assert!(
            pawn_by_place.is_none(),
            "game {number} names a pawn by its place ({pawn_by_place:?}), which cchess \
             cannot read: choose openings that avoid it"
        );
        let mut moves = game.opening.moves.clone();
        moves.extend(game.moves.iter().cloned());
        assert_eq!(strings(&read["moves"]), moves, "game {number}:\n{pgn}");
        // In Chinese notation, cchess writes the moves it read as Arbiter wrote them.
        if notation == "chinese" {
            assert_eq!(&strings(&read["texts"]), text, "game {number}");
        }
    }
    assert_eq!(black_first, 4, "two of the three starts have black to move");
    // Moves named by their place came up.
    if notation == "chinese" {
        let placed = texts
            .iter()
            .flatten()
            .filter(|m| m.starts_with(['前', '后']));
        assert!(placed.count() > 0, "{pgn}");
    }
}

#[test]
fn xiangqi_pgn_in_chinese_notation_reads_back_in_cchess() {
    read_back_in_cchess("chinese");
}

#[test]
fn xiangqi_pgn_in_iccs_reads_back_in_cchess() {
    read_back_in_cchess("iccs");
}

/// `--max-moves 3` ends a game whose opening played four plies after two more, as
/// cutechess-cli's `-maxmoves` counts the plies on the board, and says so in its words.
#[test]
fn the_maximal_game_length_counts_the_openings_plies() {
    let dir = scratch("length");
    let pgn_file = dir.join("games.pgn");
    let (stdout, results) = xiangqi_match(
        &dir,
        "h2e2 h9g7 h0g2 i9h9\n",
        "moves",
        &["--max-moves", "3", "--pgnout", pgn_file.to_str().unwrap()],
    );
    let games = &results.games;
    assert_eq!(games.len(), 2);
    for game in games {
        let game = &game.record;
        assert_eq!(game.termination, Termination::MaxLength, "{game:?}");
        assert_eq!(game.opening.moves.len(), 4, "{game:?}");
        assert_eq!(game.moves.len(), 2, "{game:?}");
        assert_eq!(game.result, GameResult::Draw);
    }
    assert_eq!(
        stdout
            .matches("1/2-1/2 {Draw by adjudication: maximal game length}")
            .count(),
        2,
        "{stdout}"
    );
    let pgn = std::fs::read_to_string(&pgn_file).unwrap();
    assert_eq!(pgn.matches("[PlyCount \"6\"]").count(), 2, "{pgn}");
    assert_eq!(
        pgn.matches("[Termination \"Draw by adjudication: maximal game length\"]")
            .count(),
        2,
        "{pgn}"
    );
    // The default notation is Chinese: the book's first move is the movetext's first.
    assert!(
        pgn.contains("\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ "),
        "{pgn}"
    );
}

#[test]
fn a_pgn_notation_is_for_xiangqi_only() {
    let out = arbiter()
        .args(["match", "--game", "chess", "--pgn-notation", "iccs"])
        .args(["--engine", "cmd=/bin/true", "--engine", "cmd=/bin/true"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--pgn-notation"), "{stderr}");
}
