//! UCCI: the exchange rules, and legality of every move against the xiangqi oracle.

use super::flow::{self, Event, Got, Rules, Sent};
use super::legality::{self, MoveRules, Searched};
use super::{Context, Grade, Outcome, lines};
use crate::protocol::ucci::{
    Command, GoLimit, Message, PositionStart, parse_command, parse_message,
};
use crate::rules::Game;
use crate::rules::xiangqi::{Move, Position};
use crate::session::Direction;

const RULES: Rules = Rules {
    prefix: "ucci",
    handshake_ok: "ucciok",
    handshake_reqs: &["ucci-r45", "ucci-r135"],
    readyok_reqs: &["ucci-r49"],
    // The texts give `isready` no state (A18): an engine that stays silent mid-search is
    // not shown to break a rule, so a missing reply there is a warning.
    readyok_while_thinking: Grade::Warn,
    result_reqs: &["ucci-r99"],
    ponder: Some((&["ucci-r74", "ucci-r91"], Grade::Fail)),
    // UCCI lets an infinite search end by itself once it finds a mate (ucci-r65).
    infinite: (&["ucci-r64", "ucci-r65"], Grade::Warn),
    stop_reqs: &["ucci-r95", "ucci-r96"],
    bye: Some(&["ucci-r117"]),
    exit_reqs: &["ucci-r118"],
};

const MOVES: MoveRules = MoveRules {
    prefix: "ucci",
    bestmove: &["ucci-r100"],
    restricted: &["ucci-r60"],
    restricted_name: "not-banned",
    // "should": the ponder guess and the pv are the engine's thoughts; the texts never
    // say "legal" (ucci-r83, ucci-r102).
    ponder: (&["ucci-r102"], Grade::Warn),
    pv: (&["ucci-r83"], Grade::Warn),
};

const LINE_REQS: &[&str] = &["ucci-r05"];

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

fn build(start: &PositionStart, moves: &[Move]) -> Option<Position> {
    let mut position = match start {
        PositionStart::Startpos => Position::start_position(),
        PositionStart::Fen(fen) => Position::from_fen(fen).ok()?,
    };
    for mv in moves {
        position.play_text(&mv.to_string()).ok()?;
    }
    Some(position)
}

pub(super) fn judge(ctx: &Context, out: &mut Vec<Outcome>) {
    let mut events = Vec::new();
    // The position the harness set up; `None` after a position the oracle rejects (a
    // robustness scenario may send one on purpose): moves are then not judged.
    let mut current: Option<Position> = None;
    let mut banned: Vec<String> = Vec::new();
    let mut searched: Option<Searched<Position>> = None;
    let mut depth_zero = false;
    let mut pv_lines = 0usize;
    let mut pv_finding = false;
    for e in &ctx.transcript.entries {
        let at_us = e.at_us;
        match e.direction {
            Direction::Stderr => {}
            Direction::Sent => {
                let Ok(command) = parse_command(&e.text) else {
                    continue;
                };
                let what = match command {
                    Command::Ucci => Some(Sent::Handshake),
                    Command::IsReady => Some(Sent::IsReady),
                    Command::Position { start, moves } => {
                        current = build(&start, &moves);
                        banned.clear();
                        None
                    }
                    Command::BanMoves(moves) => {
                        banned = texts(&moves);
                        None
                    }
                    Command::Go { ponder, limit, .. } => {
                        depth_zero = limit == GoLimit::Depth(0);
                        searched = current.clone().map(|position| Searched {
                            position,
                            banned: banned.clone(),
                            allowed: Vec::new(),
                        });
                        Some(Sent::Go {
                            ponder,
                            infinite: matches!(limit, GoLimit::Infinite | GoLimit::DepthInfinite),
                        })
                    }
                    Command::PonderHit { .. } => Some(Sent::PonderHit),
                    Command::Stop => Some(Sent::Stop),
                    Command::Quit => Some(Sent::Quit),
                    Command::SetOption { .. } | Command::Probe { .. } => None,
                };
                if let Some(what) = what {
                    events.push(Event::Sent { at_us, what });
                }
            }
            Direction::Received => {
                let message = match parse_message(&e.text) {
                    Ok(message) => message,
                    Err(error) => {
                        let mut o = lines::unreadable("ucci", LINE_REQS, &e.text, &error, at_us);
                        if e.text.split_whitespace().next() == Some("info") {
                            // `info` is what engines "usually" send (ucci-r79) and GUIs skip
                            // what they cannot read (A8): e.g. a UCI-style `score cp 20`.
                            o.grade = o.grade.min(Grade::Warn);
                            o.requirements = vec!["ucci-r79".into(), "ucci-r82".into()];
                        }
                        out.push(o);
                        events.push(Event::Got {
                            at_us,
                            what: Got::Other,
                        });
                        continue;
                    }
                };
                let what = match message {
                    Message::Id { .. } | Message::Option(_) => Got::BootLine,
                    Message::UcciOk => Got::HandshakeOk,
                    Message::ReadyOk => Got::ReadyOk,
                    Message::Bye => Got::Bye,
                    Message::BestMove { mv, ponder, .. } => {
                        if let Some(s) = &searched {
                            out.extend(legality::bestmove(
                                &MOVES,
                                s,
                                &mv.to_string(),
                                ponder.map(|p| p.to_string()).as_deref(),
                                at_us,
                            ));
                        }
                        Got::SearchResult
                    }
                    Message::NoBestMove => {
                        if let Some(s) = &searched {
                            out.push(nobestmove(s, depth_zero, at_us));
                        }
                        Got::SearchResult
                    }
                    Message::Info(info) => {
                        if let (Some(s), false) = (&searched, info.pv.is_empty()) {
                            pv_lines += 1;
                            if !pv_finding
                                && let Some(o) =
                                    legality::pv(&MOVES, &s.position, &texts(&info.pv), at_us)
                            {
                                pv_finding = true;
                                out.push(o);
                            }
                        }
                        Got::Other
                    }
                    Message::PopHash { .. } => Got::Other,
                };
                events.push(Event::Got { at_us, what });
            }
        }
    }
    if pv_lines > 0 && !pv_finding {
        out.push(Outcome::new(
            "ucci.pv.legal",
            MOVES.pv.0,
            Grade::Pass,
            format!("{pv_lines} pv lines, every move legal"),
        ));
    }
    flow::judge(&RULES, &events, ctx, out);
}

/// `nobestmove` is the answer when there is no move to give (ucci-r110, ucci-r111), or to
/// `go depth 0` (ucci-r66). With legal moves left it is suspicious but not forbidden.
fn nobestmove(searched: &Searched<Position>, depth_zero: bool, at_us: u64) -> Outcome {
    let playable = searched
        .position
        .legal_move_texts()
        .into_iter()
        .filter(|m| !searched.banned.contains(m))
        .count();
    let (grade, message) = if depth_zero {
        (Grade::Pass, "`nobestmove` for `go depth 0`".to_owned())
    } else if playable == 0 {
        (
            Grade::Pass,
            "`nobestmove` in a position without a playable move".to_owned(),
        )
    } else {
        (
            Grade::Warn,
            format!(
                "`nobestmove` although {playable} moves are playable (fine only for `go depth 0`)"
            ),
        )
    };
    Outcome::new(
        "ucci.nobestmove.dead-position",
        &["ucci-r110", "ucci-r111"],
        grade,
        message,
    )
    .at(at_us)
}
