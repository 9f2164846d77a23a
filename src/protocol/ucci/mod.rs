//! UCCI (Universal Chinese Chess Protocol), xiangqi.
//!
//! Follows `ucci-overview.zh.txt` (commands and replies, options, ICCS moves) and
//! `ucci-commands-ponder-example.zh.txt` (items 11–19: `info`, `ponderhit`, `stop`, `bestmove`,
//! `nobestmove`, `probe`/`pophash`, `quit`/`bye`, and the worked ponder exchange). Catalogue:
//! `shared/specs/requirements/ucci.md`.
//!
//! Ambiguities resolved here:
//! - Keyword case is unstated (A29); every example is lower case, so keywords must be lower
//!   case ([`ParseError::WrongCase`] otherwise). ICCS moves are read in lower case only, as
//!   every example writes them; an upper-case move is a [`ParseError::BadMove`] which
//!   [`crate::protocol::spelling::respell`] reads after lower-casing it, so a check can accept
//!   it with a warning (A13).
//! - `position {fen | startpos}` lacks the FEN placeholder (A11): `fen` is followed by the FEN's
//!   fields up to `moves`; they are stored joined by single spaces, not validated (the rules
//!   layer does that).
//! - `go`: `depth <d> | infinite` (ucci-r62) is read as three modes: `go depth <d>`
//!   ([`GoLimit::Depth`]), `go depth infinite` ([`GoLimit::DepthInfinite`], as ElephantEye
//!   accepts) and `go infinite` ([`GoLimit::Infinite`]). `ponder` and `draw` must not come
//!   together (ucci-r77) but both are recorded rather than refused, so a check can grade it. In
//!   the time mode, `movestogo`/`increment` (and the `opp…` pair) are alternatives (ucci-r72);
//!   both are stored if sent. Time values are unsigned integers in whatever unit the engine is
//!   in (A1: ms with `usemillisec`).
//! - `option` (ucci-r23): no `name` keyword; type names other than `check` do not occur in the
//!   texts (A3) so [`OptionType`] keeps any unknown type as text; fields in any order.
//! - `info` (A8): keyword–value pairs in any order; `pv` takes ICCS moves up to the next `info`
//!   key (a move-shaped token that is not ICCS is an error); `message` takes the rest of the
//!   line; tokens of unknown keys are kept in [`Info::unknown`] (ucci-r79) so a check can warn.
//!   `score` is an integer (A30).
//! - `bestmove <m> [ponder <p>] [draw | resign]` (ucci-r97): `draw` and `resign` exclude each
//!   other. `pophash [bestmove m] [lowerbound <beta> depth <d>] [upperbound <alpha> depth <d>]`
//!   (ucci-r114): parts in any order.

mod info;

use std::fmt;

use super::family::option::parse_option;
pub(crate) use super::family::{IdField, OptionDecl, PositionStart};
use super::family::{parse_id, position_args, write_moves, write_position};
use super::keyword::{Keyword, keywords};
use super::tokens::{Token, Tokens, flag_once, keyed_line, number, require, set_once};
use super::{LineError, ParseError, ReqId};
use crate::rules::xiangqi::Move;
pub(crate) use info::Info;
pub(crate) use info::{INFO_KEYS, requirement as info_requirement};

keywords! {
    /// The words a GUI → engine line opens with.
    pub(crate) enum CommandKeyword (any_case: false) {
        Ucci = "ucci",
        IsReady = "isready",
        SetOption = "setoption",
        Position = "position",
        BanMoves = "banmoves",
        Go = "go",
        PonderHit = "ponderhit",
        Stop = "stop",
        Probe = "probe",
        Quit = "quit",
    }
}
const COMMAND_LIST: &str = "a UCCI command (ucci, isready, setoption, position, banmoves, go, ponderhit, stop, probe, quit)";
keywords! {
    /// The words an engine → GUI line opens with.
    pub(crate) enum MessageKeyword (any_case: false) {
        Id = "id",
        Option = "option",
        UcciOk = "ucciok",
        ReadyOk = "readyok",
        Info = "info",
        BestMove = "bestmove",
        NoBestMove = "nobestmove",
        PopHash = "pophash",
        Bye = "bye",
    }
}
const MESSAGE_LIST: &str =
    "a UCCI reply (id, option, ucciok, readyok, info, bestmove, nobestmove, pophash, bye)";

/// The thinking mode of a `go` (ucci-r62).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum GoLimit {
    /// `depth <d>`.
    Depth(u32),
    /// `depth infinite`.
    DepthInfinite,
    /// `nodes <n>`.
    Nodes(u64),
    /// `time <t> [movestogo <n> | increment <i>] [opptime <t> [oppmovestogo <n> | oppincrement <i>]]`.
    Time {
        time: u64,
        movestogo: Option<u32>,
        increment: Option<u64>,
        opptime: Option<u64>,
        oppmovestogo: Option<u32>,
        oppincrement: Option<u64>,
    },
    /// `infinite`.
    Infinite,
}

/// A GUI → engine line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Command {
    /// `ucci`.
    Ucci,
    /// `isready`.
    IsReady,
    /// `setoption <name> [<value>]`; the value is the rest of the line.
    SetOption { name: String, value: Option<String> },
    /// `position {fen <FEN> | startpos} [moves <m>…]`.
    Position {
        start: PositionStart,
        moves: Vec<Move>,
    },
    /// `banmoves <m>…`.
    BanMoves(Vec<Move>),
    /// `go [ponder] [draw] <mode>`.
    Go {
        ponder: bool,
        draw: bool,
        limit: GoLimit,
    },
    /// `ponderhit [draw]`.
    PonderHit { draw: bool },
    /// `stop`.
    Stop,
    /// `probe {fen <FEN> | startpos} [moves <m>…]`.
    Probe {
        start: PositionStart,
        moves: Vec<Move>,
    },
    /// `quit`.
    Quit,
}

/// `draw` or `resign` after a `bestmove` (ucci-r104, ucci-r105).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Verdict {
    Draw,
    Resign,
}

/// An engine → GUI line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Message {
    /// `id {name|copyright|author|user} <text>` (ucci-r22).
    Id { field: IdField, value: String },
    /// `id <key> <text>` with a key the texts do not list (ucci-r22): ElephantEye 3.31, the
    /// texts' own engine, sends `id version 3.31`. Read rather than refused, so that a check
    /// can warn about the key alone (the league simulator ignores the line).
    IdOther { key: String, value: String },
    /// `option …` (ucci-r23).
    Option(OptionDecl),
    /// `ucciok`.
    UcciOk,
    /// `readyok`.
    ReadyOk,
    /// `info …`.
    Info(Info),
    /// `bestmove <m> [ponder <p>] [draw|resign]`.
    BestMove {
        mv: Move,
        ponder: Option<Move>,
        verdict: Option<Verdict>,
    },
    /// `nobestmove`.
    NoBestMove,
    /// `pophash [bestmove <m>] [lowerbound <beta> depth <d>] [upperbound <alpha> depth <d>]`;
    /// bounds are `(value, depth)`.
    PopHash {
        bestmove: Option<Move>,
        lowerbound: Option<(i32, u32)>,
        upperbound: Option<(i32, u32)>,
    },
    /// `bye`.
    Bye,
}

pub(super) fn iccs(field: &str, tok: Token<'_>) -> Result<Move, ParseError> {
    let bad = |reason: String| ParseError::BadMove {
        field: field.to_owned(),
        text: tok.text.to_owned(),
        notation: "an ICCS move",
        reason,
    };
    // The rules oracle reads either case; the codec reads the text's spelling only, and
    // `protocol::spelling` reads the other one with a note of it (A13).
    if tok.text.bytes().any(|b| b.is_ascii_uppercase()) {
        return Err(bad(
            "its letters are in upper case; the text writes every ICCS move in lower case"
                .to_owned(),
        ));
    }
    Move::parse_iccs(tok.text).map_err(|e| bad(e.to_string()))
}

/// Every remaining token as an ICCS move.
fn moves_to_end(t: &mut Tokens<'_>, field: &str) -> Result<Vec<Move>, ParseError> {
    std::iter::from_fn(|| t.next())
        .map(|tok| iccs(field, tok))
        .collect()
}

fn parse_go(t: &mut Tokens<'_>) -> Result<Command, ParseError> {
    let (mut ponder, mut draw) = (false, false);
    let mut limit: Option<GoLimit> = None;
    while let Some(tok) = t.next() {
        let mode = match tok.text {
            "ponder" => {
                flag_once(&mut ponder, "ponder")?;
                continue;
            }
            "draw" => {
                flag_once(&mut draw, "draw")?;
                continue;
            }
            "depth" => {
                let v = require(t, "a depth or `infinite`", "depth")?;
                if v.text == "infinite" {
                    GoLimit::DepthInfinite
                } else {
                    GoLimit::Depth(number("depth", v.text)?)
                }
            }
            "infinite" => GoLimit::Infinite,
            "nodes" => GoLimit::Nodes(number("nodes", require(t, "a number", tok.text)?.text)?),
            "time" => GoLimit::Time {
                time: number("time", require(t, "a number", tok.text)?.text)?,
                movestogo: None,
                increment: None,
                opptime: None,
                oppmovestogo: None,
                oppincrement: None,
            },
            "movestogo" | "increment" | "opptime" | "oppmovestogo" | "oppincrement" => {
                let Some(GoLimit::Time {
                    movestogo,
                    increment,
                    opptime,
                    oppmovestogo,
                    oppincrement,
                    ..
                }) = &mut limit
                else {
                    return Err(ParseError::Unexpected {
                        token: tok.text.to_owned(),
                        at: tok.at,
                        context: "it belongs to the time mode and must follow `time <t>`"
                            .to_owned(),
                    });
                };
                let v = require(t, "a number", tok.text)?.text;
                match tok.text {
                    "movestogo" => set_once(movestogo, tok.text, number(tok.text, v)?)?,
                    "increment" => set_once(increment, tok.text, number(tok.text, v)?)?,
                    "opptime" => set_once(opptime, tok.text, number(tok.text, v)?)?,
                    "oppmovestogo" => set_once(oppmovestogo, tok.text, number(tok.text, v)?)?,
                    _ => set_once(oppincrement, tok.text, number(tok.text, v)?)?,
                }
                continue;
            }
            other => {
                return Err(ParseError::Unexpected {
                    token: other.to_owned(),
                    at: tok.at,
                    context: "`go` takes `ponder`, `draw` and one of `depth <d>`, `infinite`, `nodes <n>`, `time <t> …`".to_owned(),
                });
            }
        };
        if limit.is_some() {
            return Err(ParseError::Unexpected {
                token: tok.text.to_owned(),
                at: tok.at,
                context: "a `go` has exactly one thinking mode (ucci-r62)".to_owned(),
            });
        }
        limit = Some(mode);
    }
    let limit = limit.ok_or_else(|| ParseError::Missing {
        what: "a thinking mode (`depth <d>`, `infinite`, `nodes <n>` or `time <t>`)",
        after: "go".to_owned(),
    })?;
    Ok(Command::Go {
        ponder,
        draw,
        limit,
    })
}

/// Parses one GUI → engine line.
pub(crate) fn parse_command(line: &str) -> Result<Command, LineError<CommandKeyword>> {
    keyed_line(line, COMMAND_LIST, command)
}

/// The command `keyword` opens, from the tokens after it.
fn command(keyword: CommandKeyword, t: &mut Tokens<'_>) -> Result<Command, ParseError> {
    use CommandKeyword as K;
    Ok(match keyword {
        K::Ucci => Command::Ucci,
        K::IsReady => Command::IsReady,
        K::SetOption => {
            let name = require(t, "an option name", "setoption")?.text.to_owned();
            let value = Some(t.rest()).filter(|v| !v.is_empty()).map(str::to_owned);
            Command::SetOption { name, value }
        }
        K::Position => {
            let (start, moves) = position_args(t, "position", iccs)?;
            Command::Position { start, moves }
        }
        K::Probe => {
            let (start, moves) = position_args(t, "probe", iccs)?;
            Command::Probe { start, moves }
        }
        K::BanMoves => Command::BanMoves(moves_to_end(t, "banmoves")?),
        K::Go => parse_go(t)?,
        K::PonderHit => {
            let draw = match t.next() {
                None => false,
                Some(d) if d.text == "draw" => true,
                Some(d) => {
                    return Err(ParseError::Unexpected {
                        token: d.text.to_owned(),
                        at: d.at,
                        context: "`ponderhit` takes only `draw`".to_owned(),
                    });
                }
            };
            Command::PonderHit { draw }
        }
        K::Stop => Command::Stop,
        K::Quit => Command::Quit,
    })
}

fn parse_bestmove(t: &mut Tokens<'_>) -> Result<Message, ParseError> {
    let mv = iccs("bestmove", require(t, "an ICCS move", "bestmove")?)?;
    let (mut ponder, mut verdict) = (None, None);
    while let Some(tok) = t.next() {
        match tok.text {
            "ponder" => {
                let p = iccs("ponder", require(t, "an ICCS move", "ponder")?)?;
                set_once(&mut ponder, "ponder", p)?;
            }
            "draw" | "resign" if verdict.is_none() => {
                verdict = Some(if tok.text == "draw" {
                    Verdict::Draw
                } else {
                    Verdict::Resign
                });
            }
            other => {
                return Err(ParseError::Unexpected {
                    token: other.to_owned(),
                    at: tok.at,
                    context: "`bestmove <m>` is followed only by `ponder <m>` and one of `draw`, `resign` (ucci-r97)".to_owned(),
                });
            }
        }
    }
    Ok(Message::BestMove {
        mv,
        ponder,
        verdict,
    })
}

fn parse_pophash(t: &mut Tokens<'_>) -> Result<Message, ParseError> {
    let (mut bestmove, mut lowerbound, mut upperbound) = (None, None, None);
    while let Some(tok) = t.next() {
        match tok.text {
            "bestmove" => {
                let m = iccs("bestmove", require(t, "an ICCS move", "bestmove")?)?;
                set_once(&mut bestmove, "bestmove", m)?;
            }
            "lowerbound" | "upperbound" => {
                let value = number(tok.text, require(t, "a score", tok.text)?.text)?;
                let d = require(t, "`depth <d>`", tok.text)?;
                if d.text != "depth" {
                    return Err(ParseError::Unexpected {
                        token: d.text.to_owned(),
                        at: d.at,
                        context: format!(
                            "`{} <value>` must be followed by `depth <d>` (ucci-r114)",
                            tok.text
                        ),
                    });
                }
                let depth = number("depth", require(t, "a depth", "depth")?.text)?;
                let slot = if tok.text == "lowerbound" {
                    &mut lowerbound
                } else {
                    &mut upperbound
                };
                set_once(slot, tok.text, (value, depth))?;
            }
            other => {
                return Err(ParseError::Unexpected {
                    token: other.to_owned(),
                    at: tok.at,
                    context: "`pophash` takes `bestmove <m>`, `lowerbound <beta> depth <d>`, `upperbound <alpha> depth <d>`".to_owned(),
                });
            }
        }
    }
    Ok(Message::PopHash {
        bestmove,
        lowerbound,
        upperbound,
    })
}

/// The catalogue rows that give the grammar of an engine reply, by its keyword: a reply that
/// does not read breaks its own grammar row, not the one-line-per-reply rule (ucci-r05).
pub(crate) mod grammar {
    use crate::protocol::ReqId;

    pub(crate) const ID: ReqId = ReqId::new("ucci-r22");
    pub(crate) const OPTION: ReqId = ReqId::new("ucci-r23");
    pub(crate) const UCCIOK: ReqId = ReqId::new("ucci-r45");
    pub(crate) const READYOK: ReqId = ReqId::new("ucci-r49");
    pub(crate) const INFO: ReqId = ReqId::new("ucci-r78");
    pub(crate) const BESTMOVE: ReqId = ReqId::new("ucci-r97");
    pub(crate) const NOBESTMOVE: ReqId = ReqId::new("ucci-r110");
    pub(crate) const POPHASH: ReqId = ReqId::new("ucci-r114");
    pub(crate) const BYE: ReqId = ReqId::new("ucci-r117");
    /// An ICCS move is four characters, files `a`–`i`, ranks `0`–`9`.
    pub(crate) const ICCS_MOVE: ReqId = ReqId::new("ucci-r17");
}

/// The rows an engine line that [`parse_message`] refused breaks: the grammar row of its
/// keyword, and the ICCS row when a move token did not read (`bestmove (none)`,
/// `ponder b10c8`). `None` when the line starts with no reply keyword.
pub(crate) fn message_rows(error: &LineError<MessageKeyword>) -> Option<&'static [ReqId]> {
    use MessageKeyword as K;
    use grammar::*;
    // A keyword in upper case (`BESTMOVE`) reads as none, but its row is still the one broken.
    let keyword = match &error.error {
        ParseError::WrongCase { expected, .. } => MessageKeyword::read(expected),
        _ => error.keyword,
    }?;
    let bad_move = matches!(error.error, ParseError::BadMove { .. });
    Some(match (keyword, bad_move) {
        (K::Id, _) => &[ID],
        (K::Option, _) => &[OPTION],
        (K::UcciOk, _) => &[UCCIOK],
        (K::ReadyOk, _) => &[READYOK],
        (K::Info, _) => &[INFO],
        (K::BestMove, false) => &[BESTMOVE],
        (K::BestMove, true) => &[BESTMOVE, ICCS_MOVE],
        (K::NoBestMove, _) => &[NOBESTMOVE],
        (K::PopHash, false) => &[POPHASH],
        (K::PopHash, true) => &[POPHASH, ICCS_MOVE],
        (K::Bye, _) => &[BYE],
    })
}

/// The option an `option NAME type …` line declares; any other line, or one that does not read,
/// declares none (the protocol checks report it). What a GUI learns of an engine's options
/// from its handshake: the match referee and the fuzzer's probe both read them so.
pub(crate) fn declared_option(line: &str) -> Option<OptionDecl> {
    match parse_message(line) {
        Ok(Message::Option(declared)) => Some(declared),
        _ => None,
    }
}

/// Parses one engine → GUI line.
pub(crate) fn parse_message(line: &str) -> Result<Message, LineError<MessageKeyword>> {
    keyed_line(line, MESSAGE_LIST, message)
}

/// The message `keyword` opens, from the tokens after it.
fn message(keyword: MessageKeyword, t: &mut Tokens<'_>) -> Result<Message, ParseError> {
    use MessageKeyword as K;
    Ok(match keyword {
        K::Id => {
            let expected = "`name`, `copyright`, `author` or `user`";
            match t.peek().map(|key| key.text) {
                Some(key) if IdField::parse(key, &IdField::ALL).is_none() => {
                    t.next();
                    let value = t.rest();
                    if value.is_empty() {
                        return Err(ParseError::Missing {
                            what: "a text",
                            after: format!("id {key}"),
                        });
                    }
                    Message::IdOther {
                        key: key.to_owned(),
                        value: value.to_owned(),
                    }
                }
                _ => {
                    let (field, value) = parse_id(t, &IdField::ALL, expected)?;
                    Message::Id { field, value }
                }
            }
        }
        K::Option => {
            let raw = parse_option(t, "option")?;
            let default = raw.default.map(str::to_owned);
            Message::Option(OptionDecl::from_raw(raw, default))
        }
        K::UcciOk => Message::UcciOk,
        K::ReadyOk => Message::ReadyOk,
        K::Info => Message::Info(Info::parse(t)),
        K::BestMove => parse_bestmove(t)?,
        K::NoBestMove => Message::NoBestMove,
        K::PopHash => parse_pophash(t)?,
        K::Bye => Message::Bye,
    })
}

impl fmt::Display for GoLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoLimit::Depth(d) => write!(f, "depth {d}"),
            GoLimit::DepthInfinite => f.write_str("depth infinite"),
            GoLimit::Nodes(n) => write!(f, "nodes {n}"),
            GoLimit::Infinite => f.write_str("infinite"),
            GoLimit::Time {
                time,
                movestogo,
                increment,
                opptime,
                oppmovestogo,
                oppincrement,
            } => {
                write!(f, "time {time}")?;
                let parts = [
                    ("movestogo", movestogo.map(u64::from)),
                    ("increment", *increment),
                    ("opptime", *opptime),
                    ("oppmovestogo", oppmovestogo.map(u64::from)),
                    ("oppincrement", *oppincrement),
                ];
                for (key, v) in parts {
                    if let Some(v) = v {
                        write!(f, " {key} {v}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Ucci => f.write_str("ucci"),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption {name}")?;
                match value {
                    Some(v) => write!(f, " {v}"),
                    None => Ok(()),
                }
            }
            Command::Position { start, moves } => {
                f.write_str("position")?;
                write_position(f, start, moves)
            }
            Command::Probe { start, moves } => {
                f.write_str("probe")?;
                write_position(f, start, moves)
            }
            Command::BanMoves(moves) => {
                f.write_str("banmoves")?;
                write_moves(f, moves)
            }
            Command::Go {
                ponder,
                draw,
                limit,
            } => {
                f.write_str("go")?;
                if *ponder {
                    f.write_str(" ponder")?;
                }
                if *draw {
                    f.write_str(" draw")?;
                }
                write!(f, " {limit}")
            }
            Command::PonderHit { draw } => {
                f.write_str(if *draw { "ponderhit draw" } else { "ponderhit" })
            }
            Command::Stop => f.write_str("stop"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Id { field, value } => write!(f, "id {} {value}", field.as_str()),
            Message::IdOther { key, value } => write!(f, "id {key} {value}"),
            Message::Option(o) => o.fmt_ucci(f),
            Message::UcciOk => f.write_str("ucciok"),
            Message::ReadyOk => f.write_str("readyok"),
            Message::Info(i) => i.fmt(f),
            Message::BestMove {
                mv,
                ponder,
                verdict,
            } => {
                write!(f, "bestmove {mv}")?;
                if let Some(p) = ponder {
                    write!(f, " ponder {p}")?;
                }
                match verdict {
                    Some(Verdict::Draw) => f.write_str(" draw"),
                    Some(Verdict::Resign) => f.write_str(" resign"),
                    None => Ok(()),
                }
            }
            Message::NoBestMove => f.write_str("nobestmove"),
            Message::PopHash {
                bestmove,
                lowerbound,
                upperbound,
            } => {
                f.write_str("pophash")?;
                if let Some(m) = bestmove {
                    write!(f, " bestmove {m}")?;
                }
                if let Some((v, d)) = lowerbound {
                    write!(f, " lowerbound {v} depth {d}")?;
                }
                if let Some((v, d)) = upperbound {
                    write!(f, " upperbound {v} depth {d}")?;
                }
                Ok(())
            }
            Message::Bye => f.write_str("bye"),
        }
    }
}

super::codec!(Ucci, crate::protocol::Protocol::Ucci);

#[cfg(test)]
mod tests;
