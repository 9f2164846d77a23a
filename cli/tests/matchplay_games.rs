//! Match play through the library, for what the CLI does not set yet: openings, search
//! limits and score adjudication; with the endings by the rules they make possible to show
//! (perpetual check, repetition and the move rules from a FEN).

use crate::common;

use std::path::Path;
use std::time::Duration;

use arbiter::matchplay::{
    Adjudication, GameRecord, GameResult, MatchGame, MatchSettings, Opening, Pairing, Player,
    SearchLimits, TimeControl, play_game,
};
use arbiter::protocol::Protocol;
use arbiter::session::{Cancel, EngineCommand};

use common::fixture_engine;

fn player(name: &str, program: &Path, args: &[String], protocol: Protocol) -> Player {
    Player {
        name: name.to_owned(),
        command: EngineCommand {
            program: program.to_path_buf(),
            args: args.to_vec(),
            ..EngineCommand::default()
        },
        protocol,
        options: Vec::new(),
        control: None,
        limits: None,
    }
}

/// The fixture engine with a fault, speaking `protocol` (`ucci`, `uci`).
fn faulty(name: &str, protocol: Protocol, fault: &str) -> Player {
    let dialect = if protocol == Protocol::Ucci {
        "ucci"
    } else {
        "uci"
    };
    let args = [dialect.to_owned(), fault.to_owned()];
    player(name, &fixture_engine(), &args, protocol)
}

/// The fixture engine behind `tee`, so the test reads what the referee sent it.
fn logged(name: &str, protocol: Protocol, log: &Path) -> Player {
    let dialect = if protocol == Protocol::Ucci {
        "ucci"
    } else {
        "uci"
    };
    let script = format!(
        "tee {} | {} {dialect} none",
        log.display(),
        fixture_engine().display()
    );
    player(
        name,
        Path::new("/bin/sh"),
        &["-c".to_owned(), script],
        protocol,
    )
}

fn settings(game: MatchGame) -> MatchSettings {
    MatchSettings {
        game,
        control: TimeControl::PerMove(Duration::from_millis(50)),
        limits: SearchLimits::default(),
        margin: Duration::from_millis(1000),
        max_plies: 40,
        adjudication: Adjudication::default(),
        pondering: false,
        time_scale: 1.0,
        repetition: Default::default(),
        banmoves: Default::default(),
    }
}

fn play(
    first: &Player,
    second: &Player,
    opening: &Opening,
    settings: &MatchSettings,
) -> GameRecord {
    play_game(
        &Pairing {
            number: 1,
            first,
            second,
            opening,
            // Never raised: the game is played out.
            cancel: &Cancel::new(),
        },
        settings,
    )
}

fn opening(fen: Option<&str>, moves: &[&str]) -> Opening {
    Opening {
        fen: fen.map(str::to_owned),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
    }
}

/// Red's rook checks the black king on e9 and e8 from the a-file in turn; both engines take
/// back their last move, so red checks for ever. The opening's moves are the referee's and not
/// the game's, but its positions count: the FEN's comes back at the game's second and sixth
/// plies.
#[test]
fn perpetual_check_from_an_opening_loses_for_the_checker() {
    let shuffler = |name| faulty(name, Protocol::Ucci, "shuffles");
    let from = opening(
        Some("4k4/R8/9/9/9/9/9/9/9/5K3 w - - 0 1"),
        &["a8a9", "e9e8"],
    );
    let record = play(
        &shuffler("red"),
        &shuffler("black"),
        &from,
        &settings(MatchGame::Xiangqi),
    );
    assert_eq!(
        record.termination.to_string(),
        "Red loses by perpetual check",
        "{record:?}"
    );
    assert_eq!(record.result, GameResult::SecondWins);
    assert_eq!(
        record.moves,
        ["a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9"]
    );
    assert_eq!(record.opening, from);
}

/// Both engines take back their last move after an opening that moved both rooks: the start
/// position comes back twice, and the third time is a draw (no side checked).
#[test]
fn a_xiangqi_repetition_without_checks_is_a_draw() {
    let shuffler = |name| faulty(name, Protocol::Ucci, "shuffles");
    let record = play(
        &shuffler("red"),
        &shuffler("black"),
        &opening(None, &["a0a1", "a9a8"]),
        &settings(MatchGame::Xiangqi),
    );
    assert_eq!(
        record.termination.to_string(),
        "Draw by 3-fold repetition",
        "{record:?}"
    );
    assert_eq!(record.result, GameResult::Draw);
    assert_eq!(
        record.moves,
        ["a1a0", "a8a9", "a0a1", "a9a8", "a1a0", "a8a9"]
    );
}

#[test]
fn chess_repetition_and_the_fifty_move_rule_from_a_fen() {
    let shuffler = |name| faulty(name, Protocol::Uci, "shuffles");
    let game = settings(MatchGame::Chess);
    let play_from = |fen: &str| {
        play(
            &shuffler("white"),
            &shuffler("black"),
            &opening(Some(fen), &[]),
            &game,
        )
    };
    let record = play_from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(
        record.termination.to_string(),
        "Draw by 3-fold repetition",
        "{record:?}"
    );
    assert_eq!(record.result, GameResult::Draw);
    assert_eq!(
        record.moves,
        [
            "a1a2", "e8d7", "a2a1", "d7e8", "a1a2", "e8d7", "a2a1", "d7e8"
        ]
    );
    // Four plies short of the hundredth without a capture or a pawn move.
    let record = play_from("4k3/8/8/8/8/8/8/R3K3 w - - 96 80");
    assert_eq!(
        record.termination.to_string(),
        "Draw by fifty moves rule",
        "{record:?}"
    );
    assert_eq!(record.moves.len(), 4);
}

#[test]
fn an_illegal_opening_is_not_played() {
    let record = play(
        &faulty("a", Protocol::Ucci, "none"),
        &faulty("b", Protocol::Ucci, "none"),
        &opening(None, &["h2e2", "h2e2"]),
        &settings(MatchGame::Xiangqi),
    );
    assert!(record.aborted, "{record:?}");
    assert!(
        record
            .termination
            .to_string()
            .starts_with("Illegal opening: opening move 2 `h2e2`"),
        "{}",
        record.termination
    );
    assert!(record.moves.is_empty() && record.findings.is_empty());
}

#[test]
fn search_limits_go_with_every_go_in_each_protocol() {
    let mut limited = settings(MatchGame::Chess);
    limited.limits = SearchLimits {
        nodes: Some(1000),
        depth: Some(3),
    };
    limited.max_plies = 2;
    let log = crate::common::scratch_root().join("limits-uci.log");
    let record = play(
        &logged("uci", Protocol::Uci, &log),
        &faulty("other", Protocol::Uci, "none"),
        &Opening::default(),
        &limited,
    );
    assert_eq!(record.moves.len(), 2, "{record:?}");
    let sent = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    assert!(
        sent.contains("\ngo movetime 50 depth 3 nodes 1000\n"),
        "{sent}"
    );

    // UCCI's `go` has one mode: the depth stands for the limits; the referee's clock still
    // bounds the move.
    limited.game = MatchGame::Xiangqi;
    let log = crate::common::scratch_root().join("limits-ucci.log");
    let record = play(
        &faulty("other", Protocol::Ucci, "none"),
        &logged("ucci", Protocol::Ucci, &log),
        &Opening::default(),
        &limited,
    );
    assert_eq!(record.moves.len(), 2, "{record:?}");
    let sent = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    assert!(sent.contains("\ngo depth 3\n"), "{sent}");
}

#[test]
fn scores_adjudicate_a_draw_and_a_loss() {
    // The UCCI fixture reports `score 0` with every move.
    let mut quiet = settings(MatchGame::Xiangqi);
    quiet.adjudication.draw = Some("movenumber=1 movecount=1 score=10".parse().unwrap());
    let record = play(
        &faulty("a", Protocol::Ucci, "none"),
        &faulty("b", Protocol::Ucci, "none"),
        &Opening::default(),
        &quiet,
    );
    assert_eq!(
        record.termination.to_string(),
        "Draw by adjudication",
        "{record:?}"
    );
    assert_eq!(record.moves.len(), 2);

    // The UCI fixture reports the material balance: white is a rook up, and both agree.
    let mut lopsided = settings(MatchGame::Chess);
    lopsided.adjudication.resign = Some("movecount=2 score=300".parse().unwrap());
    let record = play(
        &faulty("white", Protocol::Uci, "none"),
        &faulty("black", Protocol::Uci, "none"),
        &opening(Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), &[]),
        &lopsided,
    );
    assert_eq!(
        record.termination.to_string(),
        "White wins by adjudication",
        "{record:?}"
    );
    assert_eq!(record.result, GameResult::FirstWins);
    assert_eq!(record.moves.len(), 4);
}
