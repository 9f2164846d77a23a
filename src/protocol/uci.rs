//! UCI (Universal Chess Interface), chess.
//!
//! Follows `uci.ru.txt` (a free Russian translation of the UCI spec, with a worked exchange).
//! Catalogue: `shared/specs/requirements/uci.md`.
//!
//! Ambiguities resolved here:
//! - Keywords are lower case ([`ParseError::WrongCase`] otherwise); the text makes only option
//!   names and values case-insensitive (uci-r36, remark 8), which is the engine's business.
//! - Moves are [`UciMove`]s: `e2e4`, `e7e8q`, `0000` the null move (uci-r21); `a1a1` parses (as
//!   a normal move) so a check can grade it (remark 3); a bare `bestmove` is a
//!   [`ParseError::Missing`].
//! - `setoption name <id> [value <x>]`: the name is everything between `name` and `value`,
//!   verbatim, the value the rest of the line (uci-r37).
//! - `register`: `later`, or `name <x>` and/or `code <y>` (remark 9 accepts both together).
//! - `position {fen <F> | startpos} [moves …]`: the FEN is the tokens up to `moves`, joined by
//!   single spaces; an empty move list is written without `moves` (remark 10).
//! - `go`: every parameter of the text; `wtime`/`btime`/`winc`/`binc` are signed, since GUIs send
//!   a negative clock after an overrun; `searchmoves` takes moves up to the next `go` keyword.
//! - `info` (uci-r101..uci-r137): keys in any order; `pv`, `refutation` and `currline` take
//!   move-shaped tokens up to the next key or non-move token (remark 26; a move-shaped token that
//!   is not a valid move is an error); an integer right after `currline` is the cpu number;
//!   `score` takes `cp <x>` or `mate <y>` and optionally `lowerbound`/`upperbound`, in any order
//!   (remark 24); `string` takes the rest of the line verbatim; tokens of unknown keys are kept
//!   in [`Info::unknown`].
//! - `option name <id> type <t> …`: the name runs to `type`, values to the next field keyword;
//!   `default <empty>` (also `< empty >`, `< empty>`, remark 30) and a bare `default` read as
//!   the empty string, which `Display` writes as `<empty>`.

use std::fmt;

use shakmaty::uci::UciMove;

use super::ParseError;
use super::option::parse_option;
use super::tokens::{Token, Tokens, flag_once, number, require, set_once, unknown_keyword};

/// The GUI → engine command words; an engine skips any other word at the start of a line
/// (uci-r10, uci-r11).
pub const COMMANDS: [&str; 11] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
];
const COMMAND_LIST: &str = "a UCI command (uci, debug, isready, setoption, register, ucinewgame, position, go, stop, ponderhit, quit)";
const MESSAGES: [&str; 8] = [
    "id",
    "uciok",
    "readyok",
    "bestmove",
    "copyprotection",
    "registration",
    "info",
    "option",
];
const MESSAGE_LIST: &str =
    "a UCI message (id, uciok, readyok, bestmove, copyprotection, registration, info, option)";
const GO_KEYS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];
const INFO_KEYS: [&str; 17] = [
    "depth",
    "seldepth",
    "time",
    "nodes",
    "pv",
    "multipv",
    "score",
    "currmove",
    "currmovenumber",
    "hashfull",
    "nps",
    "tbhits",
    "sbhits",
    "cpuload",
    "string",
    "refutation",
    "currline",
];

/// Where a `position` starts.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PositionStart {
    Startpos,
    /// `fen <F>`, its fields joined by single spaces.
    Fen(String),
}

/// `register …` (uci-r41).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Register {
    /// `register later`.
    Later,
    /// `register [name <x>] [code <y>]`, at least one of them.
    Now {
        name: Option<String>,
        code: Option<String>,
    },
}

/// The parameters of `go` (uci-r55..uci-r73); absent = not sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Go {
    pub searchmoves: Vec<UciMove>,
    pub ponder: bool,
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub movetime: Option<u64>,
    pub infinite: bool,
}

/// A GUI → engine line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Command {
    Uci,
    /// `debug on` / `debug off`.
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Register(Register),
    UciNewGame,
    Position {
        start: PositionStart,
        moves: Vec<UciMove>,
    },
    Go(Go),
    Stop,
    PonderHit,
    Quit,
}

/// Which `id` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdField {
    Name,
    Author,
}

/// The status word of `copyprotection` and `registration`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Checking,
    Ok,
    Error,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Checking => "checking",
            Status::Ok => "ok",
            Status::Error => "error",
        }
    }
}

/// `score` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoreValue {
    /// `cp <x>`.
    Cp(i32),
    /// `mate <y>` (moves, not plies; negative = the engine is mated).
    Mate(i32),
}

/// `lowerbound` / `upperbound`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    Lower,
    Upper,
}

/// `score {cp <x> | mate <y>} [lowerbound | upperbound]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Score {
    pub value: ScoreValue,
    pub bound: Option<Bound>,
}

/// `currline [<cpunr>] <moves>…`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct CurrLine {
    pub cpunr: Option<u32>,
    pub moves: Vec<UciMove>,
}

/// An `info` line with every field of the text. Empty `pv`/`refutation` = not sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Info {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub time: Option<u64>,
    pub nodes: Option<u64>,
    pub pv: Vec<UciMove>,
    pub multipv: Option<u32>,
    pub score: Option<Score>,
    pub currmove: Option<UciMove>,
    pub currmovenumber: Option<u32>,
    pub hashfull: Option<u32>,
    pub nps: Option<u64>,
    pub tbhits: Option<u64>,
    pub sbhits: Option<u64>,
    pub cpuload: Option<u32>,
    /// `string <str>`: the rest of the line, verbatim.
    pub string: Option<String>,
    pub refutation: Vec<UciMove>,
    pub currline: Option<CurrLine>,
    /// Tokens of keys the text does not list: the key and its values up to the next known key.
    pub unknown: Vec<String>,
}

/// An option's type (uci-r177): the five of the text, anything else kept as text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OptionType {
    Check,
    Spin,
    Combo,
    Button,
    String,
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
            OptionType::Other(s) => s,
        }
    }
}

/// `option name <id> type <t> [default <x>] [min <x>] [max <x>] [var <x>]*`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OptionDecl {
    pub name: String,
    pub kind: OptionType,
    /// `Some("")` for `default <empty>` or a bare `default`.
    pub default: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub vars: Vec<String>,
}

/// An engine → GUI line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Message {
    Id {
        field: IdField,
        value: String,
    },
    UciOk,
    ReadyOk,
    /// `bestmove <m> [ponder <p>]`.
    BestMove {
        mv: UciMove,
        ponder: Option<UciMove>,
    },
    CopyProtection(Status),
    Registration(Status),
    Info(Info),
    Option(OptionDecl),
}

fn uci_move(field: &str, tok: Token<'_>) -> Result<UciMove, ParseError> {
    UciMove::from_ascii(tok.text.as_bytes()).map_err(|_| ParseError::BadMove {
        field: field.to_owned(),
        text: tok.text.to_owned(),
        notation: "a UCI move",
        reason: "expected from-square and to-square (a1..h8) and an optional promotion letter n, b, r or q, as in e2e4 or e7e8q, or 0000 for the null move".to_owned(),
    })
}

/// A token meant as a move (remark 26): a letter and a digit, 4 or 5 characters, or `0000`.
fn looks_like_move(text: &str) -> bool {
    let b = text.as_bytes();
    text == "0000"
        || ((4..=5).contains(&b.len()) && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit())
}

/// Moves up to the next token that is a key of `keys` or not move-shaped.
fn move_list(t: &mut Tokens<'_>, field: &str, keys: &[&str]) -> Result<Vec<UciMove>, ParseError> {
    let mut moves = Vec::new();
    while let Some(m) = t
        .peek()
        .filter(|m| !keys.contains(&m.text) && looks_like_move(m.text))
    {
        t.next();
        moves.push(uci_move(field, m)?);
    }
    Ok(moves)
}

fn parse_position(t: &mut Tokens<'_>) -> Result<Command, ParseError> {
    let tok = require(t, "`fen <FEN>` or `startpos`", "position")?;
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
                    after: "position fen".to_owned(),
                });
            }
            PositionStart::Fen(fields.join(" "))
        }
        other => {
            return Err(ParseError::Unexpected {
                token: other.to_owned(),
                at: tok.at,
                context: "`position` is followed by `fen <FEN>` or `startpos`".to_owned(),
            });
        }
    };
    let mut moves = Vec::new();
    match t.next() {
        None => {}
        Some(m) if m.text == "moves" => {
            while let Some(m) = t.next() {
                moves.push(uci_move("moves", m)?);
            }
        }
        Some(m) => {
            return Err(ParseError::Unexpected {
                token: m.text.to_owned(),
                at: m.at,
                context: "only `moves <m>…` may follow the position".to_owned(),
            });
        }
    }
    Ok(Command::Position { start, moves })
}

fn parse_go(t: &mut Tokens<'_>) -> Result<Go, ParseError> {
    let mut go = Go::default();
    let mut seen_searchmoves = false;
    while let Some(tok) = t.next() {
        let k = tok.text;
        match k {
            "searchmoves" => {
                flag_once(&mut seen_searchmoves, k)?;
                go.searchmoves = move_list(t, k, &GO_KEYS)?;
            }
            "ponder" => flag_once(&mut go.ponder, k)?,
            "infinite" => flag_once(&mut go.infinite, k)?,
            "wtime" | "btime" | "winc" | "binc" => {
                let v = number(k, require(t, "a number of milliseconds", k)?.text)?;
                let slot = match k {
                    "wtime" => &mut go.wtime,
                    "btime" => &mut go.btime,
                    "winc" => &mut go.winc,
                    _ => &mut go.binc,
                };
                set_once(slot, k, v)?;
            }
            "movestogo" | "depth" | "mate" => {
                let v = number(k, require(t, "a number", k)?.text)?;
                let slot = match k {
                    "movestogo" => &mut go.movestogo,
                    "depth" => &mut go.depth,
                    _ => &mut go.mate,
                };
                set_once(slot, k, v)?;
            }
            "nodes" | "movetime" => {
                let v = number(k, require(t, "a number", k)?.text)?;
                let slot = if k == "nodes" {
                    &mut go.nodes
                } else {
                    &mut go.movetime
                };
                set_once(slot, k, v)?;
            }
            other => {
                return Err(ParseError::Unexpected {
                    token: other.to_owned(),
                    at: tok.at,
                    context: "`go` takes searchmoves, ponder, wtime, btime, winc, binc, movestogo, depth, nodes, mate, movetime, infinite".to_owned(),
                });
            }
        }
    }
    Ok(go)
}

/// Parses one GUI → engine line.
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let mut t = Tokens::new(line);
    let kw = t.next().ok_or(ParseError::Empty)?;
    let cmd = match kw.text {
        "uci" => Command::Uci,
        "debug" => {
            let v = require(&mut t, "`on` or `off`", "debug")?;
            match v.text {
                "on" => Command::Debug(true),
                "off" => Command::Debug(false),
                other => {
                    return Err(ParseError::BadValue {
                        field: "debug".to_owned(),
                        text: other.to_owned(),
                        expected: "`on` or `off`",
                    });
                }
            }
        }
        "isready" => Command::IsReady,
        "setoption" => {
            match t.next() {
                Some(n) if n.text == "name" => {}
                _ => {
                    return Err(ParseError::Missing {
                        what: "`name <id>`",
                        after: "setoption".to_owned(),
                    });
                }
            }
            let name = t
                .take_while(|s| s != "value")
                .ok_or_else(|| ParseError::Missing {
                    what: "an option name",
                    after: "setoption name".to_owned(),
                })?
                .to_owned();
            // `take_while` stopped at `value` (or the end): the value is the rest.
            let value = t.next().map(|_value| t.rest().to_owned());
            Command::SetOption { name, value }
        }
        "register" => Command::Register(parse_register(&mut t)?),
        "ucinewgame" => Command::UciNewGame,
        "position" => parse_position(&mut t)?,
        "go" => Command::Go(parse_go(&mut t)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        other => return Err(unknown_keyword(other, &COMMANDS, COMMAND_LIST)),
    };
    t.finish(&format!("`{}`", kw.text))?;
    Ok(cmd)
}

fn parse_register(t: &mut Tokens<'_>) -> Result<Register, ParseError> {
    if t.peek().is_some_and(|l| l.text == "later") {
        t.next();
        return Ok(Register::Later);
    }
    let (mut name, mut code) = (None, None);
    while let Some(k) = t.next() {
        let slot = match k.text {
            "name" => &mut name,
            "code" => &mut code,
            other => {
                return Err(ParseError::Unexpected {
                    token: other.to_owned(),
                    at: k.at,
                    context: "`register` takes `later`, or `name <x>` and/or `code <y>`".to_owned(),
                });
            }
        };
        let other = if k.text == "name" { "code" } else { "name" };
        let v = t
            .take_while(|s| s != other)
            .ok_or_else(|| ParseError::Missing {
                what: "a value",
                after: format!("register {}", k.text),
            })?;
        set_once(slot, k.text, v.to_owned())?;
    }
    if name.is_none() && code.is_none() {
        return Err(ParseError::Missing {
            what: "`later`, `name <x>` or `code <y>`",
            after: "register".to_owned(),
        });
    }
    Ok(Register::Now { name, code })
}

fn parse_score(t: &mut Tokens<'_>) -> Result<Score, ParseError> {
    let (mut value, mut bound) = (None, None);
    while let Some(k) = t.peek() {
        match k.text {
            "cp" | "mate" => {
                t.next();
                let n = number(k.text, require(t, "a number", k.text)?.text)?;
                let v = if k.text == "cp" {
                    ScoreValue::Cp(n)
                } else {
                    ScoreValue::Mate(n)
                };
                set_once(&mut value, "score cp/mate", v)?;
            }
            "lowerbound" | "upperbound" => {
                t.next();
                let b = if k.text == "lowerbound" {
                    Bound::Lower
                } else {
                    Bound::Upper
                };
                set_once(&mut bound, "lowerbound/upperbound", b)?;
            }
            _ => break,
        }
    }
    let value = value.ok_or_else(|| ParseError::Missing {
        what: "`cp <x>` or `mate <y>`",
        after: "score".to_owned(),
    })?;
    Ok(Score { value, bound })
}

fn parse_info(t: &mut Tokens<'_>) -> Result<Info, ParseError> {
    let mut i = Info::default();
    let (mut seen_pv, mut seen_refutation) = (false, false);
    while let Some(tok) = t.next() {
        let k = tok.text;
        match k {
            "depth" | "seldepth" | "multipv" | "currmovenumber" | "hashfull" | "cpuload" => {
                let v = number(k, require(t, "a number", k)?.text)?;
                let slot = match k {
                    "depth" => &mut i.depth,
                    "seldepth" => &mut i.seldepth,
                    "multipv" => &mut i.multipv,
                    "currmovenumber" => &mut i.currmovenumber,
                    "hashfull" => &mut i.hashfull,
                    _ => &mut i.cpuload,
                };
                set_once(slot, k, v)?;
            }
            "time" | "nodes" | "nps" | "tbhits" | "sbhits" => {
                let v = number(k, require(t, "a number", k)?.text)?;
                let slot = match k {
                    "time" => &mut i.time,
                    "nodes" => &mut i.nodes,
                    "nps" => &mut i.nps,
                    "tbhits" => &mut i.tbhits,
                    _ => &mut i.sbhits,
                };
                set_once(slot, k, v)?;
            }
            "score" => {
                let s = parse_score(t)?;
                set_once(&mut i.score, k, s)?;
            }
            "currmove" => {
                let m = uci_move(k, require(t, "a UCI move", k)?)?;
                set_once(&mut i.currmove, k, m)?;
            }
            "pv" => {
                flag_once(&mut seen_pv, k)?;
                i.pv = move_list(t, k, &INFO_KEYS)?;
            }
            "refutation" => {
                flag_once(&mut seen_refutation, k)?;
                i.refutation = move_list(t, k, &INFO_KEYS)?;
            }
            "currline" => {
                let cpunr = match t.peek() {
                    // `0000` is the null move, not cpu number 0 (cpu numbers start at 1).
                    Some(n) if n.text != "0000" && n.text.bytes().all(|b| b.is_ascii_digit()) => {
                        t.next();
                        Some(number("currline", n.text)?)
                    }
                    _ => None,
                };
                let moves = move_list(t, k, &INFO_KEYS)?;
                set_once(&mut i.currline, k, CurrLine { cpunr, moves })?;
            }
            "string" => i.string = Some(t.rest().to_owned()),
            other => {
                i.unknown.push(other.to_owned());
                while let Some(u) = t.peek().filter(|u| !INFO_KEYS.contains(&u.text)) {
                    t.next();
                    i.unknown.push(u.text.to_owned());
                }
            }
        }
    }
    Ok(i)
}

/// Parses one engine → GUI line.
pub fn parse_message(line: &str) -> Result<Message, ParseError> {
    let mut t = Tokens::new(line);
    let kw = t.next().ok_or(ParseError::Empty)?;
    let msg = match kw.text {
        "id" => {
            let f = require(&mut t, "`name` or `author`", "id")?;
            let field = match f.text {
                "name" => IdField::Name,
                "author" => IdField::Author,
                other => {
                    return Err(ParseError::BadValue {
                        field: "id".to_owned(),
                        text: other.to_owned(),
                        expected: "`name` or `author`",
                    });
                }
            };
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
        "uciok" => Message::UciOk,
        "readyok" => Message::ReadyOk,
        "bestmove" => {
            let mv = uci_move("bestmove", require(&mut t, "a UCI move", "bestmove")?)?;
            let ponder = match t.next() {
                None => None,
                Some(p) if p.text == "ponder" => Some(uci_move(
                    "ponder",
                    require(&mut t, "a UCI move", "ponder")?,
                )?),
                Some(p) => {
                    return Err(ParseError::Unexpected {
                        token: p.text.to_owned(),
                        at: p.at,
                        context: "`bestmove <m>` is followed only by `ponder <m>`".to_owned(),
                    });
                }
            };
            Message::BestMove { mv, ponder }
        }
        "copyprotection" | "registration" => {
            let s = require(&mut t, "`checking`, `ok` or `error`", kw.text)?;
            let status = match s.text {
                "checking" => Status::Checking,
                "ok" => Status::Ok,
                "error" => Status::Error,
                other => {
                    return Err(ParseError::BadValue {
                        field: kw.text.to_owned(),
                        text: other.to_owned(),
                        expected: "`checking`, `ok` or `error`",
                    });
                }
            };
            if kw.text == "copyprotection" {
                Message::CopyProtection(status)
            } else {
                Message::Registration(status)
            }
        }
        "info" => Message::Info(parse_info(&mut t)?),
        "option" => {
            match t.next() {
                Some(n) if n.text == "name" => {}
                _ => {
                    return Err(ParseError::Missing {
                        what: "`name <id>`",
                        after: "option".to_owned(),
                    });
                }
            }
            let raw = parse_option(&mut t, "option name")?;
            let default = raw.default.map(|d| {
                let squeezed: String = d.split_ascii_whitespace().collect();
                if squeezed == "<empty>" {
                    String::new()
                } else {
                    d.to_owned()
                }
            });
            Message::Option(OptionDecl {
                name: raw.name.to_owned(),
                kind: OptionType::parse(raw.kind),
                default,
                min: raw.min,
                max: raw.max,
                vars: raw.vars.into_iter().map(str::to_owned).collect(),
            })
        }
        other => return Err(unknown_keyword(other, &MESSAGES, MESSAGE_LIST)),
    };
    t.finish(&format!("`{}`", kw.text))?;
    Ok(msg)
}

fn write_moves(f: &mut fmt::Formatter<'_>, moves: &[UciMove]) -> fmt::Result {
    moves.iter().try_for_each(|m| write!(f, " {m}"))
}

impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        if !self.searchmoves.is_empty() {
            f.write_str(" searchmoves")?;
            write_moves(f, &self.searchmoves)?;
        }
        if self.ponder {
            f.write_str(" ponder")?;
        }
        let signed = [
            ("wtime", self.wtime),
            ("btime", self.btime),
            ("winc", self.winc),
            ("binc", self.binc),
        ];
        for (k, v) in signed {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        let unsigned = [
            ("movestogo", self.movestogo.map(u64::from)),
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
            ("mate", self.mate.map(u64::from)),
            ("movetime", self.movetime),
        ];
        for (k, v) in unsigned {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        Ok(())
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => f.write_str("uci"),
            Command::Debug(on) => f.write_str(if *on { "debug on" } else { "debug off" }),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value.as_deref() {
                    Some("") => f.write_str(" value"),
                    Some(v) => write!(f, " value {v}"),
                    None => Ok(()),
                }
            }
            Command::Register(Register::Later) => f.write_str("register later"),
            Command::Register(Register::Now { name, code }) => {
                f.write_str("register")?;
                if let Some(n) = name {
                    write!(f, " name {n}")?;
                }
                if let Some(c) = code {
                    write!(f, " code {c}")?;
                }
                Ok(())
            }
            Command::UciNewGame => f.write_str("ucinewgame"),
            Command::Position { start, moves } => {
                match start {
                    PositionStart::Startpos => f.write_str("position startpos")?,
                    PositionStart::Fen(fen) => write!(f, "position fen {fen}")?,
                }
                if !moves.is_empty() {
                    f.write_str(" moves")?;
                    write_moves(f, moves)?;
                }
                Ok(())
            }
            Command::Go(go) => go.fmt(f),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            ScoreValue::Cp(x) => write!(f, "score cp {x}")?,
            ScoreValue::Mate(y) => write!(f, "score mate {y}")?,
        }
        match self.bound {
            Some(Bound::Lower) => f.write_str(" lowerbound"),
            Some(Bound::Upper) => f.write_str(" upperbound"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        for (k, v) in numbers {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        if let Some(s) = &self.score {
            write!(f, " {s}")?;
        }
        let numbers = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("tbhits", self.tbhits),
            ("sbhits", self.sbhits),
            ("cpuload", self.cpuload.map(u64::from)),
            ("time", self.time),
            ("currmovenumber", self.currmovenumber.map(u64::from)),
        ];
        for (k, v) in numbers {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        if let Some(m) = self.currmove {
            write!(f, " currmove {m}")?;
        }
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            write_moves(f, &self.pv)?;
        }
        if !self.refutation.is_empty() {
            f.write_str(" refutation")?;
            write_moves(f, &self.refutation)?;
        }
        if let Some(c) = &self.currline {
            f.write_str(" currline")?;
            if let Some(n) = c.cpunr {
                write!(f, " {n}")?;
            }
            write_moves(f, &c.moves)?;
        }
        for u in &self.unknown {
            write!(f, " {u}")?;
        }
        match self.string.as_deref() {
            Some("") => f.write_str(" string"),
            Some(s) => write!(f, " string {s}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for OptionDecl {
    /// In the text's example order: `option name <id> type <t> [default] [min] [max] [var]*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type {}", self.name, self.kind.as_str())?;
        match self.default.as_deref() {
            Some("") => f.write_str(" default <empty>")?,
            Some(d) => write!(f, " default {d}")?,
            None => {}
        }
        if let Some(min) = self.min {
            write!(f, " min {min}")?;
        }
        if let Some(max) = self.max {
            write!(f, " max {max}")?;
        }
        for var in &self.vars {
            write!(f, " var {var}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Id { field, value } => {
                let k = match field {
                    IdField::Name => "name",
                    IdField::Author => "author",
                };
                write!(f, "id {k} {value}")
            }
            Message::UciOk => f.write_str("uciok"),
            Message::ReadyOk => f.write_str("readyok"),
            Message::BestMove { mv, ponder } => {
                write!(f, "bestmove {mv}")?;
                match ponder {
                    Some(p) => write!(f, " ponder {p}"),
                    None => Ok(()),
                }
            }
            Message::CopyProtection(s) => write!(f, "copyprotection {}", s.as_str()),
            Message::Registration(s) => write!(f, "registration {}", s.as_str()),
            Message::Info(i) => i.fmt(f),
            Message::Option(o) => o.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use shakmaty::{Role, Square};

    fn m(s: &str) -> UciMove {
        s.parse().unwrap()
    }

    fn ms(s: &str) -> Vec<UciMove> {
        s.split_whitespace().map(m).collect()
    }

    #[test]
    fn worked_example_commands() {
        assert_eq!(parse_command("uci"), Ok(Command::Uci));
        assert_eq!(
            parse_command("setoption name Hash value 32"),
            Ok(Command::SetOption {
                name: "Hash".into(),
                value: Some("32".into())
            })
        );
        assert_eq!(
            parse_command("setoption name NalimovPath value d:\\tb;c\\tb"),
            Ok(Command::SetOption {
                name: "NalimovPath".into(),
                value: Some("d:\\tb;c\\tb".into())
            })
        );
        assert_eq!(
            parse_command("setoption name UCI_Opponent value GM 2800 human Gary Kasparov"),
            Ok(Command::SetOption {
                name: "UCI_Opponent".into(),
                value: Some("GM 2800 human Gary Kasparov".into())
            })
        );
        assert_eq!(
            parse_command("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            parse_command("register name DimaBest code 123456789"),
            Ok(Command::Register(Register::Now {
                name: Some("DimaBest".into()),
                code: Some("123456789".into())
            }))
        );
        assert_eq!(parse_command("ucinewgame"), Ok(Command::UciNewGame));
        assert_eq!(
            parse_command("position startpos moves e2e4 e7e5"),
            Ok(Command::Position {
                start: PositionStart::Startpos,
                moves: ms("e2e4 e7e5")
            })
        );
        assert_eq!(
            parse_command("go infinite"),
            Ok(Command::Go(Go {
                infinite: true,
                ..Go::default()
            }))
        );
        assert_eq!(
            parse_command("go  searchmoves e2e4 d2d4\tponder wtime -20 btime 100 movestogo 5"),
            Ok(Command::Go(Go {
                searchmoves: ms("e2e4 d2d4"),
                ponder: true,
                wtime: Some(-20),
                btime: Some(100),
                movestogo: Some(5),
                ..Go::default()
            }))
        );
        assert_eq!(parse_command("debug on"), Ok(Command::Debug(true)));
        assert_eq!(parse_command("stop"), Ok(Command::Stop));
    }

    #[test]
    fn worked_example_messages() {
        assert_eq!(
            parse_message("id name Shredder"),
            Ok(Message::Id {
                field: IdField::Name,
                value: "Shredder".into()
            })
        );
        assert_eq!(
            parse_message("option name Hash type spin default 1 min 1 max 128"),
            Ok(Message::Option(OptionDecl {
                name: "Hash".into(),
                kind: OptionType::Spin,
                default: Some("1".into()),
                min: Some(1),
                max: Some(128),
                vars: vec![]
            }))
        );
        for empty in ["<empty>", "< empty>", "< empty >", ""] {
            let Ok(Message::Option(o)) = parse_message(&format!(
                "option name NalimovPath type string default {empty}"
            )) else {
                panic!("{empty}");
            };
            assert_eq!(o.default, Some(String::new()));
        }
        assert_eq!(
            parse_message(
                "option name Style type combo default Normal var Solid var Normal var Risky"
            ),
            Ok(Message::Option(OptionDecl {
                name: "Style".into(),
                kind: OptionType::Combo,
                default: Some("Normal".into()),
                min: None,
                max: None,
                vars: vec!["Solid".into(), "Normal".into(), "Risky".into()]
            }))
        );
        let Ok(Message::Option(o)) = parse_message("option name Clear Hash type button") else {
            panic!()
        };
        assert_eq!(
            (o.name.as_str(), o.kind),
            ("Clear Hash", OptionType::Button)
        );
        assert_eq!(
            parse_message(
                "info depth 2 score cp 214 time 1242 nodes 2124 nps 34928 pv e2e4 e7e5 g1f3"
            ),
            Ok(Message::Info(Info {
                depth: Some(2),
                score: Some(Score {
                    value: ScoreValue::Cp(214),
                    bound: None
                }),
                time: Some(1242),
                nodes: Some(2124),
                nps: Some(34928),
                pv: ms("e2e4 e7e5 g1f3"),
                ..Info::default()
            }))
        );
        assert_eq!(
            parse_message(
                "info score cp 20 lowerbound depth 3 nodes 423 time 15 pv f1c4 g8f6 b1c3"
            ),
            Ok(Message::Info(Info {
                depth: Some(3),
                score: Some(Score {
                    value: ScoreValue::Cp(20),
                    bound: Some(Bound::Lower)
                }),
                time: Some(15),
                nodes: Some(423),
                pv: ms("f1c4 g8f6 b1c3"),
                ..Info::default()
            }))
        );
        assert_eq!(
            parse_message("info depth 1 seldepth 0"),
            Ok(Message::Info(Info {
                depth: Some(1),
                seldepth: Some(0),
                ..Info::default()
            }))
        );
        assert_eq!(
            parse_message("info refutation d1h5 g6h5 currline 1 e2e4 e7e5 string hello  world"),
            Ok(Message::Info(Info {
                refutation: ms("d1h5 g6h5"),
                currline: Some(CurrLine {
                    cpunr: Some(1),
                    moves: ms("e2e4 e7e5")
                }),
                string: Some("hello  world".into()),
                ..Info::default()
            }))
        );
        // Found by the round-trip property: `0000` after `currline` is a null move.
        assert_eq!(
            parse_message("info currline 0000"),
            Ok(Message::Info(Info {
                currline: Some(CurrLine {
                    cpunr: None,
                    moves: vec![UciMove::Null]
                }),
                ..Info::default()
            }))
        );
        assert_eq!(
            parse_message("bestmove g1f3 ponder d8f6"),
            Ok(Message::BestMove {
                mv: m("g1f3"),
                ponder: Some(m("d8f6"))
            })
        );
        assert_eq!(
            parse_message("bestmove 0000"),
            Ok(Message::BestMove {
                mv: UciMove::Null,
                ponder: None
            })
        );
        assert_eq!(
            parse_message("bestmove e7e8q"),
            Ok(Message::BestMove {
                mv: m("e7e8q"),
                ponder: None
            })
        );
        assert_eq!(
            parse_message("registration checking"),
            Ok(Message::Registration(Status::Checking))
        );
        assert_eq!(
            parse_message("copyprotection error"),
            Ok(Message::CopyProtection(Status::Error))
        );
        assert_eq!(parse_message("uciok\r"), Ok(Message::UciOk));
    }

    #[test]
    fn precise_errors() {
        let e = |l: &str| parse_message(l).unwrap_err().to_string();
        assert!(e("bestmove e2e9x").starts_with(
            "`bestmove` is followed by `e2e9x`, which is not a UCI move: expected from-square"
        ));
        assert_eq!(e("bestmove"), "`bestmove` must be followed by a UCI move");
        assert_eq!(
            e("info score 20"),
            "`score` must be followed by `cp <x>` or `mate <y>`"
        );
        assert_eq!(
            e("info pv e2e4 e7e9"),
            "`pv` is followed by `e7e9`, which is not a UCI move: expected from-square and to-square (a1..h8) and an optional promotion letter n, b, r or q, as in e2e4 or e7e8q, or 0000 for the null move"
        );
        assert_eq!(
            e("option name Hash"),
            "`option name Hash` must be followed by `type <type>`"
        );
        assert_eq!(
            e("Uciok"),
            "`Uciok` must be written `uciok`: keywords of this protocol are case-sensitive"
        );
        assert_eq!(
            parse_command("debug yes").unwrap_err().to_string(),
            "`debug` is followed by `yes`, but it takes `on` or `off`"
        );
    }

    fn arb_move() -> impl Strategy<Value = UciMove> {
        let promo = proptest::option::of(prop::sample::select(vec![
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ]));
        prop_oneof![
            9 => (0u32..64, 0u32..64, promo).prop_map(|(a, b, promotion)| UciMove::Normal { from: Square::new(a), to: Square::new(b), promotion }),
            1 => Just(UciMove::Null),
        ]
    }

    fn moves() -> impl Strategy<Value = Vec<UciMove>> {
        prop::collection::vec(arb_move(), 0..4)
    }

    fn text() -> impl Strategy<Value = String> {
        "[a-zA-Z0-9;:/._\u{4e00}-\u{4e20}]([a-zA-Z0-9 ;:/._\u{4e00}-\u{4e20}]{0,20}[a-zA-Z0-9;:/._\u{4e00}-\u{4e20}])?"
    }

    /// Names and values that contain no keyword of the line they sit in.
    fn phrase() -> impl Strategy<Value = String> {
        "[A-Z][a-zA-Z_]{0,6}( [A-Z0-9][a-zA-Z0-9_]{0,5}){0,2}"
    }

    fn opt<T: std::fmt::Debug + Clone>(
        s: impl Strategy<Value = T>,
    ) -> impl Strategy<Value = Option<T>> {
        proptest::option::of(s)
    }

    fn go() -> impl Strategy<Value = Go> {
        (
            moves(),
            any::<bool>(),
            (
                opt(any::<i64>()),
                opt(any::<i64>()),
                opt(any::<i64>()),
                opt(any::<i64>()),
            ),
            (
                opt(any::<u32>()),
                opt(any::<u32>()),
                opt(any::<u64>()),
                opt(any::<u32>()),
                opt(any::<u64>()),
            ),
            any::<bool>(),
        )
            .prop_map(
                |(
                    searchmoves,
                    ponder,
                    (wtime, btime, winc, binc),
                    (movestogo, depth, nodes, mate, movetime),
                    infinite,
                )| Go {
                    searchmoves,
                    ponder,
                    wtime,
                    btime,
                    winc,
                    binc,
                    movestogo,
                    depth,
                    nodes,
                    mate,
                    movetime,
                    infinite,
                },
            )
    }

    fn command() -> impl Strategy<Value = Command> {
        let start = prop_oneof![
            Just(PositionStart::Startpos),
            "[1-8a-zA-Z/]{1,20}( [a-z0-9-]{1,3}){0,5}".prop_map(PositionStart::Fen),
        ];
        prop_oneof![
            Just(Command::Uci),
            any::<bool>().prop_map(Command::Debug),
            Just(Command::IsReady),
            (phrase(), opt(prop_oneof![Just(String::new()), phrase()]))
                .prop_map(|(name, value)| Command::SetOption { name, value }),
            Just(Command::Register(Register::Later)),
            (opt(phrase()), opt(phrase()))
                .prop_filter("one of them", |(n, c)| n.is_some() || c.is_some())
                .prop_map(|(name, code)| Command::Register(Register::Now { name, code })),
            Just(Command::UciNewGame),
            (start, moves()).prop_map(|(start, moves)| Command::Position { start, moves }),
            go().prop_map(Command::Go),
            Just(Command::Stop),
            Just(Command::PonderHit),
            Just(Command::Quit),
        ]
    }

    fn info() -> impl Strategy<Value = Info> {
        let score = (
            prop_oneof![
                any::<i32>().prop_map(ScoreValue::Cp),
                any::<i32>().prop_map(ScoreValue::Mate)
            ],
            opt(prop_oneof![Just(Bound::Lower), Just(Bound::Upper)]),
        )
            .prop_map(|(value, bound)| Score { value, bound });
        let unknown = prop::collection::vec("[j-z]{5,8}|[0-9]{1,4}", 0..3).prop_map(|mut v| {
            if !v.is_empty() {
                v[0] = format!("zz{}", v[0]);
            }
            v
        });
        (
            (
                opt(any::<u32>()),
                opt(any::<u32>()),
                opt(any::<u64>()),
                opt(any::<u64>()),
                moves(),
                opt(any::<u32>()),
            ),
            (
                opt(score),
                opt(arb_move()),
                opt(any::<u32>()),
                opt(any::<u32>()),
                opt(any::<u64>()),
            ),
            (
                opt(any::<u64>()),
                opt(any::<u64>()),
                opt(any::<u32>()),
                opt(prop_oneof![Just(String::new()), text()]),
            ),
            (
                moves(),
                opt((opt(any::<u32>()), moves())
                    .prop_map(|(cpunr, moves)| CurrLine { cpunr, moves })),
                unknown,
            ),
        )
            .prop_map(
                |(
                    (depth, seldepth, time, nodes, pv, multipv),
                    (score, currmove, currmovenumber, hashfull, nps),
                    (tbhits, sbhits, cpuload, string),
                    (refutation, currline, unknown),
                )| Info {
                    depth,
                    seldepth,
                    time,
                    nodes,
                    pv,
                    multipv,
                    score,
                    currmove,
                    currmovenumber,
                    hashfull,
                    nps,
                    tbhits,
                    sbhits,
                    cpuload,
                    string,
                    refutation,
                    currline,
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
            "x[a-z]{1,5}".prop_map(OptionType::Other),
        ];
        let option = (
            phrase(),
            kind,
            opt(prop_oneof![Just(String::new()), phrase()]),
            opt(any::<i64>()),
            opt(any::<i64>()),
            prop::collection::vec(phrase(), 0..3),
        )
            .prop_map(|(name, kind, default, min, max, vars)| OptionDecl {
                name,
                kind,
                default,
                min,
                max,
                vars,
            });
        let status = prop_oneof![
            Just(Status::Checking),
            Just(Status::Ok),
            Just(Status::Error)
        ];
        prop_oneof![
            (
                prop_oneof![Just(IdField::Name), Just(IdField::Author)],
                text()
            )
                .prop_map(|(field, value)| Message::Id { field, value }),
            Just(Message::UciOk),
            Just(Message::ReadyOk),
            (arb_move(), opt(arb_move())).prop_map(|(mv, ponder)| Message::BestMove { mv, ponder }),
            status.clone().prop_map(Message::CopyProtection),
            status.prop_map(Message::Registration),
            info().prop_map(Message::Info),
            option.prop_map(Message::Option),
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
        fn never_panics_on_protocol_like_text(s in "(info|bestmove|go|position|option|name|value|score|cp|mate|lowerbound|pv|currline|string|type|default|var|[a-h][1-8][a-h][1-8]q?|0000|-?[0-9]{1,12}| |\t){0,12}") {
            let _ = parse_command(&s);
            let _ = parse_message(&s);
        }
    }
}
