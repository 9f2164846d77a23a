//! UCCI: the exchange rules, and legality of every move against the xiangqi oracle.

use super::flow::{self, Exchange, Got, Rules, Sent};
use super::legality::{self, MoveRules, PvTally, Searched, set_up, texts};
use super::{Context, Grade, Outcome, lines};
use crate::protocol::ParseError;
use crate::protocol::ucci::{
    Command, GoLimit, Message, PositionStart, parse_command, parse_message,
};
use crate::rules::Game;
use crate::rules::xiangqi::{Move, Position};

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
    bye: Some(&["ucci-r117", "ucci-r134"]),
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

fn build(start: &PositionStart, moves: &[Move]) -> Option<Position> {
    let fen = match start {
        PositionStart::Startpos => None,
        PositionStart::Fen(fen) => Some(fen.as_str()),
    };
    set_up(fen, moves)
}

/// The harness's view of the game, rebuilt from the commands it sent.
#[derive(Default)]
struct Ucci {
    /// The position the harness set up; `None` after a position the oracle rejects (a
    /// robustness scenario may send one on purpose): moves are then not judged.
    current: Option<Position>,
    banned: Vec<String>,
    searched: Option<Searched<Position>>,
    depth_zero: bool,
    pv: PvTally,
}

impl Exchange for Ucci {
    type Command = Command;
    type Message = Message;

    fn parse_command(line: &str) -> Result<Command, ParseError> {
        parse_command(line)
    }

    fn parse_message(line: &str) -> Result<Message, ParseError> {
        parse_message(line)
    }

    fn sent(&mut self, command: Command) -> Option<Sent> {
        match command {
            Command::Ucci => Some(Sent::Handshake),
            Command::IsReady => Some(Sent::IsReady),
            Command::Position { start, moves } => {
                self.current = build(&start, &moves);
                self.banned.clear();
                None
            }
            Command::BanMoves(moves) => {
                self.banned = texts(&moves);
                None
            }
            Command::Go { ponder, limit, .. } => {
                self.depth_zero = limit == GoLimit::Depth(0);
                self.searched = self.current.clone().map(|position| Searched {
                    position,
                    banned: self.banned.clone(),
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
        }
    }

    fn received(&mut self, message: Message, at_us: u64, out: &mut Vec<Outcome>) -> Got {
        match message {
            Message::Id { .. } | Message::Option(_) => Got::BootLine,
            Message::UcciOk => Got::HandshakeOk,
            Message::ReadyOk => Got::ReadyOk,
            Message::Bye => Got::Bye,
            Message::BestMove { mv, ponder, .. } => {
                if let Some(s) = &self.searched {
                    let ponder = ponder.map(|p| p.to_string());
                    out.extend(legality::bestmove(
                        &MOVES,
                        s,
                        &mv.to_string(),
                        ponder.as_deref(),
                        at_us,
                    ));
                }
                Got::SearchResult
            }
            Message::NoBestMove => {
                if let Some(s) = &self.searched {
                    out.push(nobestmove(s, self.depth_zero, at_us));
                }
                Got::SearchResult
            }
            Message::Info(info) => {
                if let (Some(s), false) = (&self.searched, info.pv.is_empty()) {
                    self.pv
                        .judge(&MOVES, &s.position, &texts(&info.pv), at_us, out);
                }
                Got::Other
            }
            Message::PopHash { .. } => Got::Other,
        }
    }

    fn unreadable(&self, line: &str, error: &ParseError, at_us: u64) -> Outcome {
        let mut o = lines::unreadable("ucci", LINE_REQS, line, error, at_us);
        if line.split_whitespace().next() == Some("info") {
            // `info` is what engines "usually" send (ucci-r79) and GUIs skip what they cannot
            // read (A8): e.g. a UCI-style `score cp 20`.
            o.grade = o.grade.min(Grade::Warn);
            o.requirements = vec!["ucci-r79".into(), "ucci-r82".into()];
        }
        o
    }

    fn unreadable_event(&self, line: &str) -> Got {
        // A malformed `bestmove` (e.g. UCI's `bestmove (none)`) is one finding, on its line.
        if flow::is_bestmove(line) {
            Got::SearchResult
        } else {
            Got::Other
        }
    }
}

pub(super) fn judge(ctx: &Context, out: &mut Vec<Outcome>) {
    let mut ucci = Ucci::default();
    let events = flow::read(&mut ucci, ctx, out);
    ucci.pv.finish(&MOVES, out);
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
