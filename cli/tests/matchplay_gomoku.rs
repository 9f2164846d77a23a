//! `arbiter match` for gomoku and renju: Gomocup and AGI engines, alone or against each other,
//! every move judged by the gomoku oracle, each game ended with the right termination and
//! winner, and written as Piskvork `.psq` records.

use crate::common;

use std::path::{Path, PathBuf};

use arbiter::check::{CheckId, CheckRef, Grade};
use arbiter::matchplay::termination::{Colour, RuleEnding};
use arbiter::matchplay::{
    Adjudication, Colours, Fault, GameRecord, GameResult, IllegalMove, Illegality, MatchGame,
    MatchReport, MatchSettings, Opening, Pairing, Player, Refusal, SearchLimits, Termination,
    TimeControl, play_game,
};
use arbiter::protocol::Protocol;
use arbiter::rules::gomoku::{Board, BoardSize, Point, Rule, Stone};
use arbiter::session::{Cancel, EngineCommand};

use common::{fixture_engine, reference_engine};

/// One test's directory.
fn dir(name: &str) -> PathBuf {
    crate::common::scratch_root().join(format!("gomoku-{name}"))
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = dir(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Where the match `name` writes its results.
fn out_file(name: &str) -> PathBuf {
    dir(name).join("out.json")
}

/// Plays a match; returns its exit status, stdout and results (a match that ran writes them).
fn play(name: &str, engines: [&[String]; 2], extra: &[&str]) -> (i32, String, MatchReport) {
    scratch(name);
    let (status, stdout, results) =
        common::play_match_report(&out_file(name), &["--each", "st=0.05"], &engines, extra);
    let results = results.unwrap_or_else(|| panic!("{name}: no results written: {stdout}"));
    (status, stdout, results)
}

fn reference(name: &str, protocol: &str) -> Vec<String> {
    vec![
        format!("cmd={}", reference_engine("pbrain-arbiter").display()),
        format!("name={name}"),
        format!("proto={protocol}"),
    ]
}

/// The fixture engine with `fault` and, for `scripted`, the moves it plays.
fn faulty(name: &str, protocol: &str, fault: &str, moves: &[&str]) -> Vec<String> {
    let mut words = vec![
        format!("cmd={}", fixture_engine().display()),
        format!("name={name}"),
        format!("proto={protocol}"),
        format!("arg={protocol}"),
        format!("arg={fault}"),
    ];
    words.extend(moves.iter().map(|m| format!("arg={m}")));
    words
}

/// A shell brain that answers the handshake but never moves.
fn silent(protocol: &str) -> Vec<String> {
    let script = match protocol {
        "gomocup" => "while read l; do case $l in START*) echo OK;; END*) exit;; esac; done",
        _ => {
            "while read l; do case $l in AGI*) echo AGIOK;; ISREADY*) echo READYOK;; QUIT*) echo BYE; exit;; esac; done"
        }
    };
    vec![
        "cmd=/bin/sh".into(),
        "arg=-c".into(),
        format!("arg={script}"),
        "name=silent".into(),
        format!("proto={protocol}"),
    ]
}

/// Re-plays each game's opening and moves with the oracle: every stone legal for its colour,
/// and the game over only at its last move when it ended by five.
fn replay(game: &GameRecord, rule: Rule) -> Board {
    let mut board = Board::new(BoardSize::STANDARD);
    let all: Vec<&String> = game.opening.moves.iter().chain(&game.moves).collect();
    for (k, mv) in all.iter().enumerate() {
        let point: Point = mv.parse().unwrap();
        let stone = if k % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        assert!(
            board.find_win(rule).is_none(),
            "a move after the game was won: {game:?}"
        );
        board
            .play(point, stone, rule)
            .unwrap_or_else(|e| panic!("{e}: {game:?}"));
    }
    board
}

/// A `.psq` record read back: its board size, moves (0-based `x,y`), names and end code.
fn read_psq(path: &Path) -> (u32, Vec<String>, Vec<String>, i32) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    let size: u32 = header
        .strip_prefix("Piskvorky ")
        .and_then(|rest| rest.split_once('x'))
        .map(|(w, _)| w.parse().unwrap())
        .unwrap_or_else(|| panic!("header {header:?}"));
    assert!(header.ends_with(", 11:11, 0"), "{header}");
    let mut moves = Vec::new();
    let mut rest: Vec<&str> = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        match fields[..] {
            [x, y, ms] if rest.is_empty() => {
                let (x, y): (u32, u32) = (x.parse().unwrap(), y.parse().unwrap());
                ms.parse::<u64>().unwrap();
                assert!((1..=size).contains(&x) && (1..=size).contains(&y), "{line}");
                moves.push(format!("{},{}", x - 1, y - 1));
            }
            _ => rest.push(line),
        }
    }
    let [first, second, code] = rest[..] else {
        panic!("names and code: {rest:?}");
    };
    (
        size,
        moves,
        vec![first.to_owned(), second.to_owned()],
        code.parse().unwrap(),
    )
}

/// Reference engines play a short match: every game legal by the oracle, ended by five or
/// the maximal game length, no protocol finding, and each game's `.psq` record the game as
/// played. The JSON record names the game, its rule and board, and who played black and white.
fn reference_match(name: &str, protocols: [&str; 2], game: &str, rule: Rule) {
    let psq = scratch(name).join("psq");
    let (status, stdout, results) = play(
        name,
        [
            &reference("ref-a", protocols[0]),
            &reference("ref-b", protocols[1]),
        ],
        &[
            "--game",
            game,
            "--games",
            "2",
            "--max-moves",
            "12",
            "--psqout",
            psq.to_str().unwrap(),
        ],
    );
    assert_eq!(status, 0, "{stdout}");
    assert!(stdout.contains("Score of ref-a vs ref-b: "), "{stdout}");
    assert!(stdout.ends_with("Finished match\n"), "{stdout}");
    assert_eq!(results.game.name(), game);
    // The keys as written: read back, a record without its rule or board would take the
    // game's own (freestyle or renju, 15x15), so the model cannot tell they are missing.
    let written = common::read_json(&out_file(name));
    assert_eq!(written["rule"], rule.to_string());
    assert_eq!(written["board"], 15);
    let games = &results.games;
    assert_eq!(games.len(), 2);
    for game in games {
        let game = &game.record;
        // Black moves first; the first player is black. Read back, gomoku's colours are white
        // and black as chess's are (`Colours::Chess`); red would make them xiangqi's.
        let Colours::Chess { white, black } = &game.colours else {
            panic!("colours not named white and black: {game:?}");
        };
        assert_eq!(black, &game.first, "{game:?}");
        assert_eq!(white, &game.second, "{game:?}");
        let moves = &game.moves;
        let last = moves.len() % 2;
        let five = match &game.termination {
            Termination::MaxLength => {
                assert_eq!(moves.len(), 24, "{game:?}");
                assert_eq!(game.result, GameResult::Draw);
                false
            }
            Termination::Rules(RuleEnding::FiveInARow {
                winner: Colour::Black,
            }) => {
                assert_eq!((last, game.result), (1, GameResult::FirstWins), "{game:?}");
                true
            }
            Termination::Rules(RuleEnding::FiveInARow {
                winner: Colour::White,
            }) => {
                assert_eq!((last, game.result), (0, GameResult::SecondWins), "{game:?}");
                true
            }
            other => panic!("{other}: {game:?}"),
        };
        let board = replay(game, rule);
        assert_eq!(board.find_win(rule).is_some(), five, "{game:?}");
        assert_eq!(game.move_times_ms.len(), moves.len());
        assert_eq!(game.findings.len(), 0, "{:#?}", game.findings);
        // The record read back is the game.
        let number = game.number;
        let (size, psq_moves, names, code) = read_psq(&psq.join(format!("game-{number}.psq")));
        assert_eq!(size, 15);
        assert_eq!(&psq_moves, moves);
        assert_eq!(names, [game.first.as_str(), game.second.as_str()]);
        assert_eq!(code, -1);
    }
}

#[test]
fn the_reference_brain_plays_itself_over_gomocup() {
    reference_match("gomocup", ["gomocup", "gomocup"], "gomoku", Rule::FREESTYLE);
}

#[test]
fn the_reference_engine_plays_itself_over_agi() {
    reference_match("agi", ["agi", "agi"], "gomoku", Rule::FREESTYLE);
}

/// A Gomocup brain against an AGI engine, under renju: black's forbidden points are the
/// oracle's to judge, and neither engine plays one.
#[test]
fn a_gomocup_brain_plays_an_agi_engine_under_renju() {
    reference_match("mixed", ["gomocup", "agi"], "renju", Rule::RENJU);
}

/// Checks one faulty game: its exit status, the line for game 1, and the JSON record.
fn faulty_game(name: &str, engines: [&[String]; 2], extra: &[&str], finished: &str) -> GameRecord {
    let mut args = vec!["--games", "1"];
    args.extend_from_slice(extra);
    let (status, stdout, results) = play(name, engines, &args);
    assert!(stdout.contains(finished), "{name}: {stdout}");
    let game = results
        .games
        .first()
        .unwrap_or_else(|| panic!("{name}: {results:?}"))
        .record
        .clone();
    // An engine's own fault makes the match a failed conformance run.
    let own_fault = matches!(
        game.termination,
        Termination::Fault {
            fault: Fault::Illegal(_) | Fault::Time | Fault::Disconnect | Fault::Refuses { .. },
            ..
        }
    );
    assert_eq!(status, i32::from(own_fault), "{name}: {stdout}");
    game
}

#[test]
fn an_occupied_point_loses_at_the_move_it_is_played() {
    // Gomocup: the fixture answers its first TURN with black's own stone.
    let game = faulty_game(
        "occupied-gomocup",
        [
            &reference("ref", "gomocup"),
            &faulty("faulty", "gomocup", "occupied-point", &[]),
        ],
        &["--game", "gomoku"],
        "Finished game 1 (ref vs faulty): 1-0 {White makes an illegal move: ",
    );
    let first = &game.moves[0];
    assert_eq!(
        game.termination,
        Termination::Fault {
            side: Colour::White,
            fault: Fault::Illegal(IllegalMove {
                written: first.clone(),
                why: Illegality::Occupied,
            })
        }
    );
    assert!(
        game.findings
            .iter()
            .any(|f| f.engine == "faulty" && f.outcome.grade == Grade::Fail),
        "{game:#?}"
    );
    // AGI, at black's second move: its own first stone again.
    let game = faulty_game(
        "occupied-agi",
        [
            &faulty("faulty", "agi", "scripted", &["7,7", "7,7"]),
            &reference("ref", "agi"),
        ],
        &["--game", "gomoku"],
        "Finished game 1 (faulty vs ref): 0-1 {Black makes an illegal move: 7,7}",
    );
    assert_eq!(game.moves.len(), 2, "{game:#?}");
}

/// The reason an illegal move lost, as the match's JSON keeps it.
fn why_illegal(game: &GameRecord) -> Illegality {
    match &game.termination {
        Termination::Fault {
            fault: Fault::Illegal(IllegalMove { why, .. }),
            ..
        } => *why,
        other => panic!("{other}: {game:?}"),
    }
}

#[test]
fn a_move_off_the_board_is_illegal_in_either_protocol() {
    let game = faulty_game(
        "offboard-gomocup",
        [
            &faulty("faulty", "gomocup", "scripted", &["15,3"]),
            &reference("ref", "gomocup"),
        ],
        &["--game", "gomoku"],
        "Finished game 1 (faulty vs ref): 0-1 {Black makes an illegal move: 15,3}",
    );
    assert_eq!(why_illegal(&game), Illegality::OffBoard);
    // Row F is past the 15x15 board AGI speaks of: no point AGI writes.
    let game = faulty_game(
        "offboard-agi",
        [
            &reference("ref", "agi"),
            &faulty("faulty", "agi", "scripted", &["F1"]),
        ],
        &["--game", "gomoku"],
        "Finished game 1 (ref vs faulty): 1-0 {White makes an illegal move: F1}",
    );
    assert_eq!(why_illegal(&game), Illegality::Unreadable);
}

/// A point written with blanks or a sign (`7, 7`, `+8,8`) is one the text leaves the
/// spelling of open (gomocup A6): the referee reads it as a manager does and the game goes on,
/// while the protocol checks warn about it.
#[test]
fn a_point_with_blanks_or_a_sign_is_played_and_warned_about() {
    let game = faulty_game(
        "spaced-gomocup",
        [
            &faulty("faulty", "gomocup", "scripted", &["7, 7", "+8,8"]),
            &reference("ref", "gomocup"),
        ],
        &["--game", "gomoku", "--max-moves", "2"],
        "Finished game 1 (faulty vs ref): 1/2-1/2 {Draw by adjudication: maximal game length}",
    );
    let moves = &game.moves;
    assert_eq!(
        (moves[0].as_str(), moves[2].as_str()),
        ("7,7", "8,8"),
        "{game:#?}"
    );
    let notation: Vec<_> = game
        .findings
        .iter()
        .filter(|f| {
            f.engine == "faulty"
                && f.outcome.check == CheckRef::builtin(Protocol::Gomocup, CheckId::MoveNotation)
        })
        .collect();
    assert_eq!(notation.len(), 2, "{game:#?}");
    assert!(
        notation.iter().all(|f| f.outcome.grade == Grade::Warn),
        "{notation:#?}"
    );
    assert!(common::failed_findings(&game).is_empty(), "{game:#?}");
}

/// Silence loses on time, with the overrun measured on the wire; a crash disconnects.
#[test]
fn silence_loses_on_time_and_a_crash_disconnects() {
    let game = faulty_game(
        "silent-gomocup",
        [&silent("gomocup"), &reference("ref", "gomocup")],
        &["--game", "gomoku", "--margin", "50"],
        "Finished game 1 (silent vs ref): 0-1 {Black loses on time}",
    );
    let overrun = game.overrun_ms.unwrap();
    assert!((50.0..1000.0).contains(&overrun), "{overrun}");
    faulty_game(
        "silent-agi",
        [&reference("ref", "agi"), &silent("agi")],
        &["--game", "gomoku", "--margin", "50"],
        "Finished game 1 (ref vs silent): 1-0 {White loses on time}",
    );
    faulty_game(
        "crash-gomocup",
        [
            &reference("ref", "gomocup"),
            &faulty("faulty", "gomocup", "crash-mid-search", &[]),
        ],
        &["--game", "gomoku"],
        "Finished game 1 (ref vs faulty): 1-0 {White disconnects}",
    );
    faulty_game(
        "crash-agi",
        [
            &faulty("faulty", "agi", "crash-mid-search", &[]),
            &reference("ref", "gomocup"),
        ],
        &["--game", "gomoku"],
        "Finished game 1 (faulty vs ref): 0-1 {Black disconnects}",
    );
}

/// Black's stones at 6,7 7,7 (a row) and 8,6 8,5 (a column), white's on the far edge: black's
/// 8,7 then makes two open threes.
const BLACK_TO_DOUBLE_THREE: [&str; 5] = ["6,7", "7,7", "8,6", "8,5", "8,7"];
const WHITE_ON_THE_EDGE: [&str; 4] = ["0,0", "0,2", "0,4", "0,6"];

#[test]
fn under_renju_black_loses_by_a_forbidden_point_and_five_wins() {
    let game = faulty_game(
        "double-three",
        [
            &faulty("black", "gomocup", "scripted", &BLACK_TO_DOUBLE_THREE),
            &faulty("white", "agi", "scripted", &WHITE_ON_THE_EDGE),
        ],
        &["--game", "renju"],
        "Finished game 1 (black vs white): 0-1 {Black makes an illegal move: 8,7 (double-three)}",
    );
    // The prohibition is kept as data, the point as the referee writes it.
    assert_eq!(why_illegal(&game), Illegality::DoubleThree);
    // Five in a row wins, whichever protocol each side speaks.
    let game = faulty_game(
        "five",
        [
            &faulty(
                "black",
                "agi",
                "scripted",
                &["8,9", "8,8", "8,7", "8,6", "8,5"],
            ),
            &faulty("white", "gomocup", "scripted", &WHITE_ON_THE_EDGE),
        ],
        &["--game", "gomoku"],
        "Finished game 1 (black vs white): 1-0 {Black makes five in a row}",
    );
    assert_eq!(game.moves.len(), 9, "{game:#?}");
}

#[test]
fn a_board_the_engine_cannot_play_is_a_forfeit() {
    // AGI names only the points of a 15x15 board.
    faulty_game(
        "agi-19",
        [&reference("ref", "gomocup"), &reference("agi", "agi")],
        &["--game", "gomoku", "--board", "19"],
        "Finished game 1 (ref vs agi): 1-0 {White cannot play on a 19x19 board (AGI speaks 15x15 only)}",
    );
    // A Gomocup brain says so with ERROR to START.
    let refuses = vec![
        "cmd=/bin/sh".to_owned(),
        "arg=-c".to_owned(),
        "arg=while read l; do case $l in START*) echo 'ERROR only 20x20';; END*) exit;; esac; done"
            .to_owned(),
        "name=small".to_owned(),
    ];
    faulty_game(
        "start-error",
        [&refuses, &reference("ref", "gomocup")],
        &["--game", "gomoku"],
        "Finished game 1 (small vs ref): 0-1 {Black cannot play on a 15x15 board}",
    );
}

/// Through the library: an opening whose stones reach the engines as `BOARD` (Gomocup) and
/// `POSITION` (AGI); black's engine then plays the forbidden point.
#[test]
fn a_crafted_renju_opening_reaches_the_engines_and_black_plays_a_forbidden_point() {
    let opening = Opening {
        fen: None,
        moves: ["6,7", "0,0", "7,7", "0,2", "8,6", "0,4", "8,5", "0,6"]
            .map(String::from)
            .to_vec(),
    };
    let settings = MatchSettings {
        game: MatchGame::Gomoku {
            size: 15,
            rule: Rule::RENJU,
        },
        control: TimeControl::PerMove(std::time::Duration::from_millis(50)),
        limits: SearchLimits::default(),
        margin: std::time::Duration::from_millis(1000),
        max_plies: 20,
        adjudication: Adjudication::default(),
        pondering: false,
        time_scale: 1.0,
        repetition: Default::default(),
        banmoves: Default::default(),
    };
    for protocol in ["gomocup", "agi"] {
        let black = Player {
            name: "black".into(),
            command: EngineCommand {
                program: fixture_engine(),
                args: [protocol, "scripted", "8,7"].map(String::from).to_vec(),
                ..EngineCommand::default()
            },
            protocol: protocol.parse().unwrap(),
            options: Vec::new(),
            control: None,
            limits: None,
        };
        let white = Player {
            name: "white".into(),
            command: EngineCommand {
                program: reference_engine("pbrain-arbiter"),
                ..EngineCommand::default()
            },
            protocol: Protocol::Gomocup,
            options: Vec::new(),
            control: None,
            limits: None,
        };
        let record = play_game(
            &Pairing {
                number: 1,
                first: &black,
                second: &white,
                opening: &opening,
                // Never raised: the game is played out.
                cancel: &Cancel::new(),
            },
            &settings,
        );
        assert_eq!(
            record.result,
            GameResult::SecondWins,
            "{protocol}: {record:?}"
        );
        assert_eq!(
            record.termination.to_string(),
            "Black makes an illegal move: 8,7 (double-three)",
            "{protocol}"
        );
        assert!(record.moves.is_empty(), "{protocol}: {record:?}");
        assert_eq!(record.opening, opening);
    }
}

/// On a clock Arbiter keeps (Gomocup `time_left`, AGI `GO TIME`), each move charged with the
/// time measured on the wire.
#[test]
fn a_clock_game_is_played_in_both_protocols() {
    let (status, stdout, results) = play(
        "clock",
        [&reference("ref-a", "gomocup"), &reference("ref-b", "agi")],
        &[
            "--game",
            "gomoku",
            "--games",
            "1",
            "--max-moves",
            "4",
            "--each",
            "tc=3+0.05",
        ],
    );
    assert_eq!(status, 0, "{stdout}");
    let game = &results.games[0].record;
    let times = &game.move_times_ms;
    assert_eq!(times.len(), game.moves.len());
    assert!(
        !times.is_empty() && times.iter().all(|t| *t < 3000.0),
        "{times:?}"
    );
    assert_eq!(game.findings.len(), 0, "{game:#?}");
}

/// Gomocup's match time runs from the brain's start (gomocup-r82): a brain that takes longer to
/// answer `START` than its whole clock loses on time before its first move.
#[test]
fn a_gomocup_brains_start_up_is_spent_from_its_match_clock() {
    let slow = |delay: &str, name: &str| {
        shell(
            name,
            "gomocup",
            &format!(
                "while read l; do case $l in START*) sleep {delay}; echo OK;; BEGIN*|TURN*|DONE*) echo 7,7;; END*) exit;; esac; done"
            ),
            &[],
        )
    };
    let game = faulty_game(
        "slow-start",
        [&slow("1.5", "sleepy"), &reference("ref", "gomocup")],
        &["--game", "gomoku", "--each", "tc=1+0", "--margin", "100"],
        "{Black loses on time}",
    );
    assert!(game.moves.is_empty(), "{game:?}");
}

/// A shell engine running `script`, speaking `protocol`.
fn shell(name: &str, protocol: &str, script: &str, extra: &[&str]) -> Vec<String> {
    let mut words = vec![
        "cmd=/bin/sh".to_owned(),
        "arg=-c".to_owned(),
        format!("arg={script}"),
        format!("name={name}"),
        format!("proto={protocol}"),
    ];
    words.extend(extra.iter().map(|w| (*w).to_owned()));
    words
}

/// `option.NAME=VALUE` reaches a Gomocup brain as `INFO NAME VALUE` and an AGI engine as
/// `SETOPTION NAME VALUE`: these engines move only once they have read it. An `ERROR` for a
/// move loses the game.
#[test]
fn options_reach_the_engine_and_an_error_for_a_move_loses() {
    let gomocup = shell(
        "picky",
        "gomocup",
        "while read l; do case $l in START*) echo OK;; 'INFO style 3'*) o=1;; BEGIN*) [ \"$o\" ] && echo 7,7;; END*) exit;; esac; done",
        &["option.style=3"],
    );
    faulty_game(
        "option-gomocup",
        [&gomocup, &reference("ref", "gomocup")],
        &["--game", "gomoku", "--max-moves", "1"],
        "Finished game 1 (picky vs ref): 1/2-1/2 {Draw by adjudication: maximal game length}",
    );
    let agi = shell(
        "picky",
        "agi",
        "while read l; do case $l in AGI*) echo AGIOK;; 'SETOPTION PONDER OFF'*) o=1;; ISREADY*) echo READYOK;; GO*) [ \"$o\" ] && echo BESTMOVE 78;; QUIT*) echo BYE; exit;; esac; done",
        &["option.PONDER=OFF"],
    );
    faulty_game(
        "option-agi",
        [&agi, &reference("ref", "agi")],
        &["--game", "gomoku", "--max-moves", "1"],
        "Finished game 1 (picky vs ref): 1/2-1/2 {Draw by adjudication: maximal game length}",
    );
    let erring = shell(
        "erring",
        "gomocup",
        "while read l; do case $l in START*) echo OK;; TURN*) echo 'ERROR out of memory';; END*) exit;; esac; done",
        &[],
    );
    let game = faulty_game(
        "error-for-a-move",
        [&reference("ref", "gomocup"), &erring],
        &["--game", "gomoku"],
        "Finished game 1 (ref vs erring): 1-0 {White refuses to move: ERROR out of memory}",
    );
    assert!(
        matches!(
            game.termination,
            Termination::Fault {
                fault: Fault::Refuses {
                    answer: Refusal::Error,
                    ..
                },
                ..
            }
        ),
        "{game:?}"
    );
}
