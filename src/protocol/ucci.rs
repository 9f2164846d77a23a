//! UCCI (Universal Chinese Chess Protocol), xiangqi.
//!
//! Follows `ucci-overview.zh.txt` (commands and replies, options, ICCS moves) and
//! `ucci-commands-ponder-example.zh.txt` (items 11–19: `info`, `ponderhit`, `stop`, `bestmove`,
//! `nobestmove`, `probe`/`pophash`, `quit`/`bye`, and the worked ponder exchange). Catalogue:
//! `shared/specs/requirements/ucci.md`.
//!
//! Ambiguities resolved here:
//! - Keyword case is unstated (A29); every example is lower case, so keywords must be lower
//!   case ([`ParseError::WrongCase`] otherwise). ICCS file letters are read in either case (A13:
//!   a check can compare the token with the move's `Display`) and written lower case.
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

use std::fmt;

use super::ParseError;
use super::option::parse_option;
use super::tokens::{Token, Tokens, flag_once, number, require, set_once, unknown_keyword};
use crate::rules::xiangqi::Move;

const COMMANDS: [&str; 10] = [
    "ucci",
    "isready",
    "setoption",
    "position",
    "banmoves",
    "go",
    "ponderhit",
    "stop",
    "probe",
    "quit",
];
const COMMAND_LIST: &str = "a UCCI command (ucci, isready, setoption, position, banmoves, go, ponderhit, stop, probe, quit)";
const MESSAGES: [&str; 9] = [
    "id",
    "option",
    "ucciok",
    "readyok",
    "info",
    "bestmove",
    "nobestmove",
    "pophash",
    "bye",
];
const MESSAGE_LIST: &str =
    "a UCCI reply (id, option, ucciok, readyok, info, bestmove, nobestmove, pophash, bye)";
const INFO_KEYS: [&str; 7] = [
    "depth", "score", "pv", "time", "nodes", "currmove", "message",
];

/// Where a `position` or `probe` starts.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PositionStart {
    /// `startpos`, the standard start (ucci-r58).
    Startpos,
    /// `fen <FEN>`, the FEN's fields joined by single spaces.
    Fen(String),
}

/// The thinking mode of a `go` (ucci-r62).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GoLimit {
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
pub enum Command {
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

/// Which `id` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdField {
    Name,
    Copyright,
    Author,
    User,
}

impl IdField {
    const ALL: [IdField; 4] = [
        IdField::Name,
        IdField::Copyright,
        IdField::Author,
        IdField::User,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            IdField::Name => "name",
            IdField::Copyright => "copyright",
            IdField::Author => "author",
            IdField::User => "user",
        }
    }
}

/// An option's type. The texts name only `check` (ucci-r25, A3); the others are the usual
/// UCCI/UCI names, and anything else is kept as [`OptionType::Other`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OptionType {
    Check,
    Spin,
    Combo,
    Button,
    String,
    Label,
    /// A type token not in the list above, as written.
    Other(String),
}

impl OptionType {
    fn parse(text: &str) -> OptionType {
        match text {
            "check" => OptionType::Check,
            "spin" => OptionType::Spin,
            "combo" => OptionType::Combo,
            "button" => OptionType::Button,
            "string" => OptionType::String,
            "label" => OptionType::Label,
            other => OptionType::Other(other.to_owned()),
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            OptionType::Check => "check",
            OptionType::Spin => "spin",
            OptionType::Combo => "combo",
            OptionType::Button => "button",
            OptionType::String => "string",
            OptionType::Label => "label",
            OptionType::Other(s) => s,
        }
    }
}

/// `option <name> type <type> [min <x>] [max <x>] [var <x>]* [default <x>]` (ucci-r23, ucci-r24).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OptionDecl {
    pub name: String,
    pub kind: OptionType,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub vars: Vec<String>,
    /// `default <x>`; `default` followed by nothing is `Some("")`.
    pub default: Option<String>,
}

/// An `info` line (ucci-r79..ucci-r87). Empty `pv` = no `pv`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Info {
    pub depth: Option<u32>,
    pub score: Option<i32>,
    pub pv: Vec<Move>,
    pub time: Option<u64>,
    pub nodes: Option<u64>,
    pub currmove: Option<Move>,
    /// `message <text>`: the rest of the line.
    pub message: Option<String>,
    /// Tokens of keys the texts do not list: the key and its values up to the next known key.
    pub unknown: Vec<String>,
}

/// `draw` or `resign` after a `bestmove` (ucci-r104, ucci-r105).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    Draw,
    Resign,
}

/// An engine → GUI line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Message {
    /// `id {name|copyright|author|user} <text>` (ucci-r22).
    Id { field: IdField, value: String },
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

fn iccs(field: &str, tok: Token<'_>) -> Result<Move, ParseError> {
    Move::parse_iccs(tok.text).map_err(|e| ParseError::BadMove {
        field: field.to_owned(),
        text: tok.text.to_owned(),
        notation: "an ICCS move",
        reason: e.to_string(),
    })
}

/// A token that is meant as a move: a letter then a digit, 4 or 5 characters.
fn looks_like_move(text: &str) -> bool {
    let b = text.as_bytes();
    (4..=5).contains(&b.len()) && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit()
}

/// Every remaining token as an ICCS move.
fn moves_to_end(t: &mut Tokens<'_>, field: &str) -> Result<Vec<Move>, ParseError> {
    std::iter::from_fn(|| t.next())
        .map(|tok| iccs(field, tok))
        .collect()
}

fn position_args(
    t: &mut Tokens<'_>,
    keyword: &str,
) -> Result<(PositionStart, Vec<Move>), ParseError> {
    let tok = require(t, "`fen <FEN>` or `startpos`", keyword)?;
    let start = match tok.text {
        "startpos" => PositionStart::Startpos,
        "fen" => {
            let mut fields = Vec::new();
            while let Some(f) = t.peek().filter(|f| f.text != "moves") {
                fields.push(f.text);
                t.next();
            }
            if fields.is_empty() {
                return Err(ParseError::Missing {
                    what: "a FEN",
                    after: format!("{keyword} fen"),
                });
            }
            PositionStart::Fen(fields.join(" "))
        }
        other => {
            return Err(ParseError::Unexpected {
                token: other.to_owned(),
                at: tok.at,
                context: format!("`{keyword}` is followed by `fen <FEN>` or `startpos`"),
            });
        }
    };
    let moves = match t.next() {
        None => Vec::new(),
        Some(m) if m.text == "moves" => moves_to_end(t, "moves")?,
        Some(m) => {
            return Err(ParseError::Unexpected {
                token: m.text.to_owned(),
                at: m.at,
                context: "only `moves <m>…` may follow the position".to_owned(),
            });
        }
    };
    Ok((start, moves))
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
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let mut t = Tokens::new(line);
    let kw = t.next().ok_or(ParseError::Empty)?;
    let cmd = match kw.text {
        "ucci" => Command::Ucci,
        "isready" => Command::IsReady,
        "setoption" => {
            let name = require(&mut t, "an option name", "setoption")?
                .text
                .to_owned();
            let value = Some(t.rest()).filter(|v| !v.is_empty()).map(str::to_owned);
            Command::SetOption { name, value }
        }
        "position" => {
            let (start, moves) = position_args(&mut t, "position")?;
            Command::Position { start, moves }
        }
        "probe" => {
            let (start, moves) = position_args(&mut t, "probe")?;
            Command::Probe { start, moves }
        }
        "banmoves" => Command::BanMoves(moves_to_end(&mut t, "banmoves")?),
        "go" => parse_go(&mut t)?,
        "ponderhit" => {
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
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        other => return Err(unknown_keyword(other, &COMMANDS, COMMAND_LIST)),
    };
    t.finish(&format!("`{}`", kw.text))?;
    Ok(cmd)
}

fn parse_info(t: &mut Tokens<'_>) -> Result<Info, ParseError> {
    let mut info = Info::default();
    let mut seen_pv = false;
    while let Some(tok) = t.next() {
        match tok.text {
            "depth" => set_once(
                &mut info.depth,
                "depth",
                number("depth", require(t, "a number", tok.text)?.text)?,
            )?,
            "score" => set_once(
                &mut info.score,
                "score",
                number("score", require(t, "a number", tok.text)?.text)?,
            )?,
            "time" => set_once(
                &mut info.time,
                "time",
                number("time", require(t, "a number", tok.text)?.text)?,
            )?,
            "nodes" => set_once(
                &mut info.nodes,
                "nodes",
                number("nodes", require(t, "a number", tok.text)?.text)?,
            )?,
            "currmove" => {
                let m = require(t, "an ICCS move", "currmove")?;
                set_once(&mut info.currmove, "currmove", iccs("currmove", m)?)?;
            }
            "pv" => {
                flag_once(&mut seen_pv, "pv")?;
                while let Some(m) = t
                    .peek()
                    .filter(|m| !INFO_KEYS.contains(&m.text) && looks_like_move(m.text))
                {
                    t.next();
                    info.pv.push(iccs("pv", m)?);
                }
            }
            "message" => info.message = Some(t.rest().to_owned()),
            other => {
                info.unknown.push(other.to_owned());
                while let Some(u) = t.peek().filter(|u| !INFO_KEYS.contains(&u.text)) {
                    t.next();
                    info.unknown.push(u.text.to_owned());
                }
            }
        }
    }
    Ok(info)
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

/// Parses one engine → GUI line.
pub fn parse_message(line: &str) -> Result<Message, ParseError> {
    let mut t = Tokens::new(line);
    let kw = t.next().ok_or(ParseError::Empty)?;
    let msg = match kw.text {
        "id" => {
            let f = require(&mut t, "`name`, `copyright`, `author` or `user`", "id")?;
            let field = IdField::ALL
                .into_iter()
                .find(|x| x.as_str() == f.text)
                .ok_or_else(|| ParseError::BadValue {
                    field: "id".to_owned(),
                    text: f.text.to_owned(),
                    expected: "`name`, `copyright`, `author` or `user`",
                })?;
            let value = t.rest();
            if value.is_empty() {
                return Err(ParseError::Missing {
                    what: "a text",
                    after: format!("id {}", f.text),
                });
            }
            Message::Id {
                field,
                value: value.to_owned(),
            }
        }
        "option" => {
            let raw = parse_option(&mut t, "option")?;
            Message::Option(OptionDecl {
                name: raw.name.to_owned(),
                kind: OptionType::parse(raw.kind),
                min: raw.min,
                max: raw.max,
                vars: raw.vars.into_iter().map(str::to_owned).collect(),
                default: raw.default.map(str::to_owned),
            })
        }
        "ucciok" => Message::UcciOk,
        "readyok" => Message::ReadyOk,
        "info" => Message::Info(parse_info(&mut t)?),
        "bestmove" => parse_bestmove(&mut t)?,
        "nobestmove" => Message::NoBestMove,
        "pophash" => parse_pophash(&mut t)?,
        "bye" => Message::Bye,
        other => return Err(unknown_keyword(other, &MESSAGES, MESSAGE_LIST)),
    };
    t.finish(&format!("`{}`", kw.text))?;
    Ok(msg)
}

fn write_moves(f: &mut fmt::Formatter<'_>, moves: &[Move]) -> fmt::Result {
    moves.iter().try_for_each(|m| write!(f, " {m}"))
}

fn write_position(
    f: &mut fmt::Formatter<'_>,
    start: &PositionStart,
    moves: &[Move],
) -> fmt::Result {
    match start {
        PositionStart::Startpos => f.write_str(" startpos")?,
        PositionStart::Fen(fen) => write!(f, " fen {fen}")?,
    }
    if !moves.is_empty() {
        f.write_str(" moves")?;
        write_moves(f, moves)?;
    }
    Ok(())
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

impl fmt::Display for OptionDecl {
    /// In the grammar's order: `option <name> type <t> [min] [max] [var]* [default]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option {} type {}", self.name, self.kind.as_str())?;
        if let Some(min) = self.min {
            write!(f, " min {min}")?;
        }
        if let Some(max) = self.max {
            write!(f, " max {max}")?;
        }
        for var in &self.vars {
            write!(f, " var {var}")?;
        }
        match self.default.as_deref() {
            Some("") => f.write_str(" default"),
            Some(d) => write!(f, " default {d}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        if let Some(d) = self.depth {
            write!(f, " depth {d}")?;
        }
        if let Some(s) = self.score {
            write!(f, " score {s}")?;
        }
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            write_moves(f, &self.pv)?;
        }
        if let Some(t) = self.time {
            write!(f, " time {t}")?;
        }
        if let Some(n) = self.nodes {
            write!(f, " nodes {n}")?;
        }
        if let Some(m) = self.currmove {
            write!(f, " currmove {m}")?;
        }
        for u in &self.unknown {
            write!(f, " {u}")?;
        }
        match self.message.as_deref() {
            Some("") => f.write_str(" message"),
            Some(m) => write!(f, " message {m}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Id { field, value } => write!(f, "id {} {value}", field.as_str()),
            Message::Option(o) => o.fmt(f),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::xiangqi::Square;
    use proptest::prelude::*;

    fn m(s: &str) -> Move {
        Move::parse_iccs(s).unwrap()
    }

    fn ms(s: &str) -> Vec<Move> {
        s.split_whitespace().map(m).collect()
    }

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    #[test]
    fn worked_example_commands() {
        assert_eq!(parse_command("ucci"), Ok(Command::Ucci));
        assert_eq!(
            parse_command("setoption usemillisec true"),
            Ok(Command::SetOption {
                name: "usemillisec".into(),
                value: Some("true".into())
            })
        );
        assert_eq!(
            parse_command("setoption loadbook"),
            Ok(Command::SetOption {
                name: "loadbook".into(),
                value: None
            })
        );
        assert_eq!(
            parse_command(&format!("position fen {START}")),
            Ok(Command::Position {
                start: PositionStart::Fen(START.into()),
                moves: vec![]
            })
        );
        assert_eq!(
            parse_command(&format!("position fen {START} moves h2e2 h7e7")),
            Ok(Command::Position {
                start: PositionStart::Fen(START.into()),
                moves: ms("h2e2 h7e7")
            })
        );
        assert_eq!(
            parse_command("go time 300000 increment 0"),
            Ok(Command::Go {
                ponder: false,
                draw: false,
                limit: GoLimit::Time {
                    time: 300000,
                    movestogo: None,
                    increment: Some(0),
                    opptime: None,
                    oppmovestogo: None,
                    oppincrement: None
                }
            })
        );
        let Ok(Command::Go { ponder: true, .. }) =
            parse_command("go ponder time 295000 increment 0")
        else {
            panic!("go ponder");
        };
        assert_eq!(
            parse_command("ponderhit"),
            Ok(Command::PonderHit { draw: false })
        );
        assert_eq!(
            parse_command("ponderhit draw"),
            Ok(Command::PonderHit { draw: true })
        );
        assert_eq!(
            parse_command("go depth infinite"),
            Ok(Command::Go {
                ponder: false,
                draw: false,
                limit: GoLimit::DepthInfinite
            })
        );
        assert_eq!(
            parse_command("go draw infinite").map(|c| c.to_string()),
            Ok("go draw infinite".into())
        );
        assert_eq!(
            parse_command("banmoves h2e2 b0c2"),
            Ok(Command::BanMoves(ms("h2e2 b0c2")))
        );
        assert_eq!(
            parse_command("probe startpos moves h2e2"),
            Ok(Command::Probe {
                start: PositionStart::Startpos,
                moves: ms("h2e2")
            })
        );
        assert_eq!(parse_command("quit\r"), Ok(Command::Quit));
    }

    #[test]
    fn worked_example_messages() {
        assert_eq!(
            parse_message("id name ElephantEye 1.6 Beta"),
            Ok(Message::Id {
                field: IdField::Name,
                value: "ElephantEye 1.6 Beta".into()
            })
        );
        assert_eq!(
            parse_message("option usemillisec type check default false"),
            Ok(Message::Option(OptionDecl {
                name: "usemillisec".into(),
                kind: OptionType::Check,
                min: None,
                max: None,
                vars: vec![],
                default: Some("false".into())
            }))
        );
        assert_eq!(parse_message("ucciok"), Ok(Message::UcciOk));
        assert_eq!(
            parse_message("info depth 6 score 4 pv b0c2 h9g7 c3c4 h7i7 c4c5 i7i3"),
            Ok(Message::Info(Info {
                depth: Some(6),
                score: Some(4),
                pv: ms("b0c2 h9g7 c3c4 h7i7 c4c5 i7i3"),
                ..Info::default()
            }))
        );
        assert_eq!(
            parse_message("info nodes 5000000 time 5000"),
            Ok(Message::Info(Info {
                nodes: Some(5000000),
                time: Some(5000),
                ..Info::default()
            }))
        );
        assert_eq!(
            parse_message("bestmove b0c2 ponder h9g7"),
            Ok(Message::BestMove {
                mv: m("b0c2"),
                ponder: Some(m("h9g7")),
                verdict: None
            })
        );
        assert_eq!(
            parse_message("bestmove c3c4 resign"),
            Ok(Message::BestMove {
                mv: m("c3c4"),
                ponder: None,
                verdict: Some(Verdict::Resign)
            })
        );
        assert_eq!(parse_message("nobestmove"), Ok(Message::NoBestMove));
        assert_eq!(
            parse_message("pophash bestmove h2e2 lowerbound 30 depth 5"),
            Ok(Message::PopHash {
                bestmove: Some(m("h2e2")),
                lowerbound: Some((30, 5)),
                upperbound: None
            })
        );
        assert_eq!(
            parse_message("pophash"),
            Ok(Message::PopHash {
                bestmove: None,
                lowerbound: None,
                upperbound: None
            })
        );
        assert_eq!(
            parse_message("info currmove h2e2 foo 1 2 message 你好  world"),
            Ok(Message::Info(Info {
                currmove: Some(m("h2e2")),
                message: Some("你好  world".into()),
                unknown: vec!["foo".into(), "1".into(), "2".into()],
                ..Info::default()
            }))
        );
        assert_eq!(parse_message("bye"), Ok(Message::Bye));
    }

    #[test]
    fn precise_errors() {
        let e = |l: &str| parse_message(l).unwrap_err().to_string();
        assert_eq!(
            e("bestmove e2e9x"),
            "`bestmove` is followed by `e2e9x`, which is not an ICCS move: ICCS move \"e2e9x\" must be 4 characters (file a-i, rank 0-9, twice), not 5"
        );
        assert_eq!(e("bestmove"), "`bestmove` must be followed by an ICCS move");
        assert_eq!(
            e("bestmove b0c2 draw resign"),
            "unexpected `resign` at byte 19: `bestmove <m>` is followed only by `ponder <m>` and one of `draw`, `resign` (ucci-r97)"
        );
        assert_eq!(
            e("BESTMOVE b0c2"),
            "`BESTMOVE` must be written `bestmove`: keywords of this protocol are case-sensitive"
        );
        assert_eq!(
            e("info depth x"),
            "`depth` is followed by `x`, which is not a decimal integer from 0 to 4294967295"
        );
        assert_eq!(
            e("info depth 1 depth 2"),
            "`depth` appears twice in one line"
        );
        assert!(e("hello").starts_with("`hello` is not a known keyword: expected a UCCI reply"));
        assert_eq!(
            parse_command("go movestogo 3").unwrap_err().to_string(),
            "unexpected `movestogo` at byte 3: it belongs to the time mode and must follow `time <t>`"
        );
        assert_eq!(
            parse_command("go").unwrap_err().to_string(),
            "`go` must be followed by a thinking mode (`depth <d>`, `infinite`, `nodes <n>` or `time <t>`)"
        );
        assert_eq!(parse_command("  "), Err(ParseError::Empty));
    }

    fn arb_move() -> impl Strategy<Value = Move> {
        (0u8..9, 0u8..10, 0u8..9, 0u8..10)
            .prop_filter("distinct", |(a, b, c, d)| (a, b) != (c, d))
            .prop_map(|(a, b, c, d)| {
                Move::new(Square::new(a, b).unwrap(), Square::new(c, d).unwrap())
            })
    }

    fn moves() -> impl Strategy<Value = Vec<Move>> {
        prop::collection::vec(arb_move(), 0..5)
    }

    fn word() -> impl Strategy<Value = String> {
        "[a-z][a-z0-9_]{0,8}"
    }

    fn text() -> impl Strategy<Value = String> {
        "[a-zA-Z0-9;:/._\u{4e00}-\u{4e20}]([a-zA-Z0-9 ;:/._\u{4e00}-\u{4e20}]{0,20}[a-zA-Z0-9;:/._\u{4e00}-\u{4e20}])?"
    }

    fn start() -> impl Strategy<Value = PositionStart> {
        prop_oneof![
            Just(PositionStart::Startpos),
            Just(PositionStart::Fen(START.into())),
            "[1-9a-zA-Z/]{1,20}( [a-z0-9-]{1,3}){0,5}".prop_map(PositionStart::Fen),
        ]
    }

    fn limit() -> impl Strategy<Value = GoLimit> {
        let opt32 = || proptest::option::of(any::<u32>());
        let opt64 = || proptest::option::of(any::<u64>());
        prop_oneof![
            any::<u32>().prop_map(GoLimit::Depth),
            Just(GoLimit::DepthInfinite),
            any::<u64>().prop_map(GoLimit::Nodes),
            Just(GoLimit::Infinite),
            (any::<u64>(), opt32(), opt64(), opt64(), opt32(), opt64()).prop_map(
                |(time, movestogo, increment, opptime, oppmovestogo, oppincrement)| GoLimit::Time {
                    time,
                    movestogo,
                    increment,
                    opptime,
                    oppmovestogo,
                    oppincrement
                }
            ),
        ]
    }

    fn command() -> impl Strategy<Value = Command> {
        prop_oneof![
            Just(Command::Ucci),
            Just(Command::IsReady),
            (word(), proptest::option::of(text()))
                .prop_map(|(name, value)| Command::SetOption { name, value }),
            (start(), moves()).prop_map(|(start, moves)| Command::Position { start, moves }),
            (start(), moves()).prop_map(|(start, moves)| Command::Probe { start, moves }),
            moves().prop_map(Command::BanMoves),
            (any::<bool>(), any::<bool>(), limit()).prop_map(|(ponder, draw, limit)| Command::Go {
                ponder,
                draw,
                limit
            }),
            any::<bool>().prop_map(|draw| Command::PonderHit { draw }),
            Just(Command::Stop),
            Just(Command::Quit),
        ]
    }

    fn unknown() -> impl Strategy<Value = Vec<String>> {
        prop::collection::vec("[j-z]{5,8}|[0-9]{1,4}", 0..3).prop_map(|mut v| {
            if !v.is_empty() {
                v[0] = format!("zz{}", v[0]);
            }
            v
        })
    }

    fn info() -> impl Strategy<Value = Info> {
        (
            proptest::option::of(any::<u32>()),
            proptest::option::of(any::<i32>()),
            moves(),
            proptest::option::of(any::<u64>()),
            proptest::option::of(any::<u64>()),
            proptest::option::of(arb_move()),
            proptest::option::of(prop_oneof![Just(String::new()), text()]),
            unknown(),
        )
            .prop_map(
                |(depth, score, pv, time, nodes, currmove, message, unknown)| Info {
                    depth,
                    score,
                    pv,
                    time,
                    nodes,
                    currmove,
                    message,
                    unknown,
                },
            )
    }

    fn message() -> impl Strategy<Value = Message> {
        let kind = prop_oneof![
            Just(OptionType::Check),
            Just(OptionType::Spin),
            Just(OptionType::Combo),
            Just(OptionType::Button),
            Just(OptionType::String),
            Just(OptionType::Label),
            "x[a-z]{1,5}".prop_map(OptionType::Other),
        ];
        let option = (
            word(),
            kind,
            proptest::option::of(any::<i64>()),
            proptest::option::of(any::<i64>()),
            prop::collection::vec(word(), 0..3),
            proptest::option::of(prop_oneof![Just(String::new()), word()]),
        )
            .prop_map(|(name, kind, min, max, vars, default)| OptionDecl {
                name,
                kind,
                min,
                max,
                vars,
                default,
            });
        let verdict = proptest::option::of(prop_oneof![Just(Verdict::Draw), Just(Verdict::Resign)]);
        let bound = || proptest::option::of((any::<i32>(), any::<u32>()));
        prop_oneof![
            (prop::sample::select(IdField::ALL.to_vec()), text())
                .prop_map(|(field, value)| Message::Id { field, value }),
            option.prop_map(Message::Option),
            Just(Message::UcciOk),
            Just(Message::ReadyOk),
            info().prop_map(Message::Info),
            (arb_move(), proptest::option::of(arb_move()), verdict).prop_map(
                |(mv, ponder, verdict)| Message::BestMove {
                    mv,
                    ponder,
                    verdict
                }
            ),
            Just(Message::NoBestMove),
            (proptest::option::of(arb_move()), bound(), bound()).prop_map(
                |(bestmove, lowerbound, upperbound)| Message::PopHash {
                    bestmove,
                    lowerbound,
                    upperbound
                }
            ),
            Just(Message::Bye),
        ]
    }

    proptest! {
        #[test]
        fn commands_round_trip(c in command()) {
            prop_assert_eq!(parse_command(&c.to_string()), Ok(c));
        }

        #[test]
        fn messages_round_trip(msg in message()) {
            prop_assert_eq!(parse_message(&msg.to_string()), Ok(msg));
        }

        #[test]
        fn never_panics(s in any::<String>(), b in any::<Vec<u8>>()) {
            let _ = parse_command(&s);
            let _ = parse_message(&s);
            let lossy = String::from_utf8_lossy(&b);
            let _ = parse_command(&lossy);
            let _ = parse_message(&lossy);
        }

        #[test]
        fn never_panics_on_protocol_like_text(s in "(info|bestmove|go|position|option|pophash|ponder|depth|pv|time|fen|moves|draw|type|min|var|[a-j][0-9][a-j][0-9]|-?[0-9]{1,12}| |\t){0,12}") {
            let _ = parse_command(&s);
            let _ = parse_message(&s);
        }
    }
}
