//! Xiangqi match play as the computer-xiangqi league rules it: the referee sends UCCI engines
//! `banmoves` before `go` where the league's simulator (`LEAGUE/uccileag.cpp`) does, and an
//! engine that plays a banned move loses (ucci-r60).

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use arbiter::matchplay::endings::{BanMoves, RepetitionRule};
use arbiter::matchplay::{
    Adjudication, GameRecord, GameResult, MatchGame, MatchSettings, Opening, Pairing, Player,
    SearchLimits, TimeControl, play_game,
};
use arbiter::protocol::{Protocol, ReqId};
use arbiter::session::{Cancel, EngineCommand};

use common::fixture_engine;

/// Black to move, in check from the rook on a9: the king's only move is to e8.
const CHECKED: &str = "R3k4/9/9/9/9/9/9/9/9/5K3 b - - 0 1";

/// The fixture engine with `fault`, speaking UCCI or UCI xiangqi, behind `tee` when `log` is
/// given, so the test reads what the referee sent it.
fn engine(name: &str, protocol: Protocol, fault: &str, log: Option<&Path>) -> Player {
    let dialect = if protocol == Protocol::Ucci {
        "ucci"
    } else {
        "uci-xiangqi"
    };
    let fixture = fixture_engine();
    let (program, args) = match log {
        Some(log) => (
            PathBuf::from("/bin/sh"),
            vec![
                "-c".to_owned(),
                format!(
                    "tee {} | {} {dialect} {fault}",
                    log.display(),
                    fixture.display()
                ),
            ],
        ),
        None => (fixture, vec![dialect.to_owned(), fault.to_owned()]),
    };
    Player {
        name: name.to_owned(),
        command: EngineCommand {
            program,
            args,
            ..EngineCommand::default()
        },
        protocol,
        options: Vec::new(),
        control: None,
        limits: None,
    }
}

fn settings(banmoves: BanMoves) -> MatchSettings {
    MatchSettings {
        game: MatchGame::Xiangqi,
        control: TimeControl::PerMove(Duration::from_millis(50)),
        limits: SearchLimits::default(),
        margin: Duration::from_millis(1000),
        max_plies: 8,
        adjudication: Adjudication::default(),
        pondering: false,
        time_scale: 1.0,
        repetition: RepetitionRule::Asian,
        banmoves,
    }
}

fn play(red: &Player, black: &Player, moves: &[&str], settings: &MatchSettings) -> GameRecord {
    let opening = Opening {
        fen: Some(CHECKED.to_owned()),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
    };
    play_game(
        &Pairing {
            number: 1,
            first: red,
            second: black,
            opening: &opening,
            // Never raised: the game is played out.
            cancel: &Cancel::new(),
        },
        settings,
    )
}

fn log_path(tag: &str) -> PathBuf {
    crate::common::scratch_root().join(format!("xqrules-{tag}.log"))
}

fn read_log(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let _ = std::fs::remove_file(path);
    text.lines().map(str::to_owned).collect()
}

/// Red (speaking `protocol`, its input logged) and black shuffle from the opening that brings
/// the start back once: what red was sent, and the game.
fn shuffle_game(tag: &str, protocol: Protocol, banmoves: BanMoves) -> (Vec<String>, GameRecord) {
    let log = log_path(tag);
    let red = engine("red", protocol, "shuffles", Some(&log));
    let black = engine("black", Protocol::Ucci, "shuffles", None);
    let record = play(
        &red,
        &black,
        &["e9e8", "a9a8", "e8e9", "a8a9"],
        &settings(banmoves),
    );
    (read_log(&log), record)
}

/// The opening brings the start back once (red's rook checks on a9 and a8 in turn); then
/// both engines take back their last move. Red's next check would bring the start back a third
/// time by perpetual check, so before that `go` red is told `banmoves a8a9` — between the
/// `position` and the `go`, as the simulator sends it — and only then. Red, which obeys,
/// plays another move and does not lose by perpetual check.
#[test]
fn a_ucci_engine_is_banned_the_perpetual_check_as_the_league_bans_it() {
    let (sent, record) = shuffle_game("shuffles", Protocol::Ucci, BanMoves::League);
    let bans: Vec<usize> = (0..sent.len())
        .filter(|&i| sent[i].starts_with("banmoves"))
        .collect();
    assert!(!bans.is_empty(), "no banmoves sent: {sent:#?}");
    let first = bans[0];
    assert_eq!(sent[first], "banmoves a8a9", "{sent:#?}");
    assert!(
        sent[first - 1].starts_with("position fen ")
            && sent[first - 1].ends_with("moves e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9"),
        "{sent:#?}"
    );
    assert!(sent[first + 1].starts_with("go "), "{sent:#?}");
    // Red's one earlier search had no ban.
    let gos_before = sent[..first]
        .iter()
        .filter(|l| l.starts_with("go "))
        .count();
    assert_eq!(gos_before, 1, "{sent:#?}");
    assert_eq!(record.moves[..3], ["e9e8", "a9a8", "e8e9"], "{record:?}");
    assert_ne!(record.moves[3], "a8a9", "{record:?}");
    assert_ne!(
        record.termination.to_string(),
        "Red loses by perpetual check"
    );
}

/// With `--banmoves off` nothing is banned: red checks a fourth time and loses by the rules.
#[test]
fn without_banmoves_the_perpetual_checker_loses() {
    let (sent, record) = shuffle_game("off", Protocol::Ucci, BanMoves::Off);
    assert!(!sent.iter().any(|l| l.starts_with("banmoves")), "{sent:#?}");
    assert_eq!(
        record.termination.to_string(),
        "Red loses by perpetual check",
        "{record:?}"
    );
    assert_eq!(record.result, GameResult::SecondWins);
}

/// UCI has no `banmoves`: a UCI engine in the same game is never sent one, and loses by the
/// rules instead.
#[test]
fn a_uci_engine_never_gets_banmoves() {
    let (sent, record) = shuffle_game("uci", Protocol::Uci, BanMoves::League);
    assert!(sent.iter().any(|l| l.starts_with("go ")), "{sent:#?}");
    assert!(!sent.iter().any(|l| l.starts_with("banmoves")), "{sent:#?}");
    assert_eq!(
        record.termination.to_string(),
        "Red loses by perpetual check",
        "{record:?}"
    );
}

/// The opening stops where red's next check would repeat the start a third time: red's engine
/// is sent `banmoves a8a9`, plays it anyway, and loses for it, citing ucci-r60 in the
/// termination and in the protocol finding over its `bestmove`.
#[test]
fn an_engine_that_plays_the_banned_move_loses() {
    let red = engine("red", Protocol::Ucci, "plays-banned-move", None);
    let black = engine("black", Protocol::Ucci, "none", None);
    let record = play(
        &red,
        &black,
        &["e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9"],
        &settings(BanMoves::League),
    );
    assert_eq!(
        record.termination.to_string(),
        "Red makes a banned move: a8a9 (ucci-r60)",
        "{record:?}"
    );
    assert_eq!(record.result, GameResult::SecondWins);
    assert!(record.moves.is_empty(), "{record:?}");
    let r60 = ReqId::new("ucci-r60");
    let finding = record
        .findings
        .iter()
        .find(|f| f.engine == "red" && f.outcome.requirements.contains(&r60));
    assert!(finding.is_some(), "{:#?}", record.findings);
}

/// The command line reaches the referee: two engines that shuffle back and forth (no check, no
/// chase) draw by 3-fold repetition under the Asian rules, by 4-fold under the league's
/// (`--adjudicate-repetition league` rules at the fourth occurrence, as the simulator does);
/// a ruling or a banmoves mode that does not exist is refused.
#[test]
fn the_repetition_rule_and_banmoves_are_chosen_on_the_command_line() {
    let fixture = fixture_engine();
    let book = crate::common::scratch_root().join("xqrules.epd");
    std::fs::write(&book, format!("{CHECKED}\n")).unwrap();
    let ending = |extra: &[&str]| {
        let mut cmd = common::arbiter();
        cmd.args([
            "match", "--game", "xiangqi", "--games", "1", "--each", "st=0.05",
        ]);
        for name in ["a", "b"] {
            cmd.arg("--engine")
                .arg(format!("cmd={}", fixture.display()))
                .args(["arg=ucci", "arg=shuffles", &format!("name={name}")]);
        }
        cmd.arg("--openings")
            .arg(format!("file={}", book.display()))
            .arg("format=epd");
        let out = cmd.args(extra).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.code(), stdout, stderr)
    };
    let (_, asian, _) = ending(&[]);
    assert!(asian.contains("{Draw by 3-fold repetition}"), "{asian}");
    let (_, league, _) = ending(&["--adjudicate-repetition", "league", "--banmoves", "off"]);
    assert!(league.contains("{Draw by 4-fold repetition}"), "{league}");
    for bad in [
        ["--adjudicate-repetition", "wxf-strict"],
        ["--banmoves", "always"],
    ] {
        let (code, _, stderr) = ending(&bad);
        assert_eq!(code, Some(2), "{bad:?}: {stderr}");
        assert!(stderr.contains(bad[1]), "{bad:?}: {stderr}");
    }
    let _ = std::fs::remove_file(&book);
}
