//! What the referee writes to the engines and how it reads their moves, each protocol in its
//! own notation.

use super::board::{Lines, Notation};
use super::family::{Answer, Declared, leniently};
use super::game::{Played, Reply};
use super::searches::SearchSpan;
use super::{ucci_seat, uci_seat};
use crate::matchplay::options::EngineOptions;
use crate::matchplay::{Fault, Illegality};
use crate::protocol::{Protocol, ucci, uci};
use crate::rules::Game;
use crate::rules::xiangqi::{Move, Position};

fn iccs(text: &str) -> Move {
    Move::parse_iccs(text).unwrap()
}

#[test]
fn ucci_gets_the_game_since_the_last_capture_and_uci_all_of_it() {
    let mut position = Position::startpos();
    let mut lines = Lines::new(None);
    // The cannon takes the knight on h9 at the third move.
    for mv in ["h2e2", "h9g7", "b2b9", "a9a8"] {
        position.play_text(mv).unwrap();
        lines.push(iccs(mv), &position);
    }
    assert_eq!(
        uci_seat::position(&lines.full).to_string(),
        "position startpos moves h3e3 h10g8 b3b10 a10a9"
    );
    let ucci = ucci_seat::position(&lines.since_capture).to_string();
    assert!(
        ucci.starts_with("position fen r") && ucci.ends_with(" b - - 0 2 moves a9a8"),
        "{ucci}"
    );
    assert_eq!(
        ucci_seat::position(&Lines::new(None).since_capture).to_string(),
        "position startpos"
    );
}

#[test]
fn banmoves_lists_the_banned_moves_and_is_left_out_without_one() {
    assert_eq!(
        ucci_seat::banmoves(&[iccs("a8a9"), iccs("h2e2")]).map(|c| c.to_string()),
        Some("banmoves a8a9 h2e2".to_owned())
    );
    assert_eq!(ucci_seat::banmoves(&[]), None);
}

/// When the searches of these answers ran: nothing here reads it.
const SEARCHED: SearchSpan = SearchSpan {
    asked_us: 0,
    answered_us: 0,
};

/// The move of `bestmove MOVE` from an engine of `protocol` in `G`, in the referee's notation;
/// as written when it names no move of the game.
fn from_engine<M: Notation>(protocol: Protocol, mv: &str) -> String {
    let line = format!("bestmove {mv}");
    match protocol {
        Protocol::Uci => shown(uci_seat::reply::<M>(Answer {
            read: leniently(protocol, &line, uci::parse_message),
            score: None,
            info: None,
            searched: SEARCHED,
        })),
        _ => shown(ucci_seat::reply(
            Answer {
                read: leniently(protocol, &line, ucci::parse_message),
                score: None,
                info: None,
                searched: SEARCHED,
            },
            &[],
        )),
    }
}

fn shown<M: std::fmt::Display>(reply: Result<Reply<M>, Fault>) -> String {
    match reply.map(|r| r.mv) {
        Ok(Played::Move { mv, .. }) => mv.to_string(),
        Ok(Played::Unreadable(text)) => text,
        Err(fault) => panic!("{fault:?}"),
    }
}

#[test]
fn moves_convert_between_the_notations() {
    let to_engine = |mv: &str| iccs(mv).to_uci().to_string();
    assert_eq!(to_engine("a9a8"), "a10a9");
    assert_eq!(from_engine::<Move>(Protocol::Uci, "a10a9"), "a9a8");
    assert_eq!(from_engine::<Move>(Protocol::Ucci, "h2e2"), "h2e2");
    // What does not read stays as written, for the illegal-move message.
    assert_eq!(from_engine::<Move>(Protocol::Uci, "0000"), "0000");
    assert_eq!(from_engine::<uci::Move>(Protocol::Uci, "e2e4"), "e2e4");
    // Letter case is left open by the texts: read as a GUI reads it, passed on in lower
    // case (the protocol checks warn about it).
    assert_eq!(from_engine::<uci::Move>(Protocol::Uci, "E2E4"), "e2e4");
    assert_eq!(from_engine::<uci::Move>(Protocol::Uci, "e7e8Q"), "e7e8q");
    assert_eq!(from_engine::<Move>(Protocol::Ucci, "H2E2"), "h2e2");
    assert_eq!(from_engine::<Move>(Protocol::Uci, "H3E3"), "h2e2");
    // Castling as the king taking its rook is no spelling left open: the oracle refuses
    // it as written.
    assert_eq!(from_engine::<uci::Move>(Protocol::Uci, "e1h1"), "e1h1");
}

/// The UCCI seat's reading of `line` as the answer to a search, with `banned` forbidden.
fn ucci_reply(line: &str, banned: &[Move]) -> Result<Reply<Move>, Fault> {
    let answer = Answer {
        read: leniently(Protocol::Ucci, line, ucci::parse_message),
        score: Some(12),
        info: None,
        searched: SEARCHED,
    };
    ucci_seat::reply(answer, banned)
}

#[test]
fn a_ucci_bestmove_brings_its_ponder_move_draw_and_score_and_a_resignation_loses() {
    let reply = ucci_reply("bestmove h2e2 ponder h9g7 draw", &[]).unwrap();
    assert!(reply.draw);
    assert_eq!(reply.score, Some(12));
    assert_eq!(reply.ponder, Some(iccs("h9g7")));
    assert!(matches!(
        reply.mv,
        Played::Move { mv, ref written, banned: false } if mv == iccs("h2e2") && written == "h2e2"
    ));
    assert_eq!(
        ucci_reply("bestmove h2e2 resign", &[]).err(),
        Some(Fault::Resign)
    );
    // `nobestmove` says the position is dead, but the game had a move to play.
    assert_eq!(
        ucci_reply("nobestmove", &[]).err(),
        Some(Fault::illegal("nobestmove", Illegality::NoMove))
    );
}

#[test]
fn a_move_is_named_as_written_and_a_banned_one_is_marked() {
    // Read in lower case, named as the engine wrote it.
    let reply = ucci_reply("bestmove H2E2", &[iccs("h2e2")]).unwrap();
    assert!(matches!(
        reply.mv,
        Played::Move { ref written, banned: true, .. } if written == "H2E2"
    ));
}

#[test]
fn a_bestmove_the_codec_refuses_is_read_by_its_move_alone_or_named_as_written() {
    // A word the text does not have after the move: the move is still the engine's.
    let reply = ucci_reply("bestmove h2e2 now", &[]).unwrap();
    assert!(!reply.draw && reply.ponder.is_none());
    assert!(matches!(reply.mv, Played::Move { mv, .. } if mv == iccs("h2e2")));
    // A move of no notation, as Stockfish writes when it has none.
    assert!(matches!(
        ucci_reply("bestmove (none)", &[]).unwrap().mv,
        Played::Unreadable(ref text) if text == "(none)"
    ));
    assert_eq!(
        ucci_reply("bestmove", &[]).err(),
        Some(Fault::illegal("bestmove", Illegality::NoMove))
    );
}

#[test]
fn each_family_codec_reads_the_options_an_engine_declares() {
    let uci = [
        "id name X",
        "option name Hash type spin default 16 min 1 max 1024",
        "option name Skill Level type spin default 20 min 0 max 20",
        "uciok",
    ];
    let declared = Declared(uci.into_iter().filter_map(uci::declared_option).collect());
    let names: Vec<&str> = declared.0.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["Hash", "Skill Level"]);
    // What fastchess's block names: the declared default, or the value set.
    let held = |set: &[(String, String)]| {
        EngineOptions::declared(
            "x",
            declared
                .0
                .iter()
                .map(|d| (d.name.as_str(), d.default.as_deref())),
            set,
        )
    };
    assert_eq!(held(&[]).value("Hash"), Some("16"));
    assert_eq!(
        held(&[("Hash".into(), "64".into())]).value("Hash"),
        Some("64")
    );
    assert_eq!(held(&[]).value("Threads"), None);
    let ucci = ["option usemillisec type check default false", "ucciok"];
    let declared = Declared(ucci.into_iter().filter_map(ucci::declared_option).collect());
    assert_eq!(declared.0.len(), 1);
    assert!(declared.has("UseMillisec"));
    assert!(!declared.has("hashsize"));
}
