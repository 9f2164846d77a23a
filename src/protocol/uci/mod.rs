//! UCI (Universal Chess Interface), chess.
//!
//! Follows `uci.ru.txt` (a free Russian translation of the UCI spec, with a worked exchange).
//! Catalogue: `shared/specs/requirements/uci.md`.
//!
//! Ambiguities resolved here:
//! - Keywords are lower case (`ParseError::WrongCase` otherwise); the text makes only option
//!   names and values case-insensitive (uci-r36, remark 8), which is the engine's business.
//! - Moves are `Move`s: `e2e4`, `e7e8q`, `0000` the null move (uci-r21), and xiangqi's
//!   `h3e3`, `a10a9` as UCI xiangqi engines write them; `a1a1` parses (as a normal move) so a
//!   check can grade it (remark 3); a bare `bestmove` is a `ParseError::Missing`.
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
//!   in `Info::unknown`.
//! - `option name <id> type <t> …`: the name runs to `type`, values to the next field keyword;
//!   `default <empty>` (also `< empty >`, `< empty>`, remark 30) and a bare `default` read as
//!   the empty string, which `Display` writes as `<empty>`.

mod info;
mod moves;

use std::fmt;

use super::family::option::parse_option;
pub(crate) use super::family::{IdField, OptionDecl, PositionStart};
use super::family::{looks_like_move, parse_id, position_args, write_moves, write_position};
use super::keyword::keywords;
use super::tokens::{Token, Tokens, flag_once, keyed_line, number, require, set_once};
use super::{LineError, ParseError};
pub(crate) use info::Info;
pub(crate) use info::{INFO_KEYS, requirement as info_requirement};
pub(crate) use moves::{Move, Square};

/// An option name under the reserved `UCI_` prefix that the text does not define and Arbiter
/// made up, so that no GUI can know it: the stand-in's `unknown-reserved-option` offers it, and
/// a GUI that sets it did not ignore an unknown reserved name (uci-r144). A real extension
/// (`UCI_Chess960`, `UCI_ShowWDL`) would not do: newer GUIs know those and may set them.
pub(crate) const INVENTED_RESERVED_OPTION: &str = "UCI_ArbiterInvented";

/// The GUI → engine command words; an engine skips any other word at the start of a line
/// (uci-r10, uci-r11).
pub const COMMANDS: [&str; CommandKeyword::ALL.len()] = {
    let mut words = [""; CommandKeyword::ALL.len()];
    let mut i = 0;
    while i < words.len() {
        words[i] = CommandKeyword::ALL[i].text();
        i += 1;
    }
    words
};

keywords! {
    /// The GUI → engine command words.
    pub enum CommandKeyword (any_case: false) {
        Uci = "uci",
        Debug = "debug",
        IsReady = "isready",
        SetOption = "setoption",
        Register = "register",
        UciNewGame = "ucinewgame",
        Position = "position",
        Go = "go",
        Stop = "stop",
        PonderHit = "ponderhit",
        Quit = "quit",
    }
}
const COMMAND_LIST: &str = "a UCI command (uci, debug, isready, setoption, register, ucinewgame, position, go, stop, ponderhit, quit)";
keywords! {
    /// The words an engine → GUI line opens with.
    pub enum MessageKeyword (any_case: false) {
        Id = "id",
        UciOk = "uciok",
        ReadyOk = "readyok",
        BestMove = "bestmove",
        CopyProtection = "copyprotection",
        Registration = "registration",
        Info = "info",
        Option = "option",
    }
}
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

/// `register …` (uci-r41).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Register {
    /// `register later`.
    Later,
    /// `register [name <x>] [code <y>]`, at least one of them.
    Now {
        /// The name to register to (`name <x>`, uci-r43), several words allowed.
        name: Option<String>,
        /// The registration code (`code <y>`, uci-r44).
        code: Option<String>,
    },
}

/// The parameters of `go` (uci-r55..uci-r73); absent = not sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Go {
    /// `searchmoves …`: the only root moves the search may examine (uci-r56); empty when not
    /// sent.
    pub searchmoves: Vec<Move>,
    /// `ponder`: search in ponder mode, taking the position's last move as the opponent's
    /// expected one, until `ponderhit` or `stop` (uci-r57, uci-r61).
    pub ponder: bool,
    /// `wtime`: White's time left on the clock, in ms; negative after an overrun (uci-r62).
    pub wtime: Option<i64>,
    /// `btime`: Black's time left on the clock, in ms; negative after an overrun (uci-r63).
    pub btime: Option<i64>,
    /// `winc`: White's increment per move, in ms (uci-r64).
    pub winc: Option<i64>,
    /// `binc`: Black's increment per move, in ms (uci-r65).
    pub binc: Option<i64>,
    /// `movestogo`: moves left until the next time control; absent with clocks means sudden
    /// death (uci-r66, uci-r68).
    pub movestogo: Option<u32>,
    /// `depth`: search no deeper than this many plies (uci-r69).
    pub depth: Option<u32>,
    /// `nodes`: search no more than this many nodes (uci-r70).
    pub nodes: Option<u64>,
    /// `mate`: look for a mate in this many moves (uci-r71).
    pub mate: Option<u32>,
    /// `movetime`: think for exactly this long, in ms (uci-r72).
    pub movetime: Option<u64>,
    /// `infinite`: search until `stop`, never finishing on its own (uci-r73).
    pub infinite: bool,
}

/// A GUI → engine line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Command {
    /// `uci`: the handshake; the engine answers with `id` and `option` lines, then `uciok`
    /// (uci-r16, uci-r23).
    Uci,
    /// `debug on` / `debug off`.
    Debug(bool),
    /// `isready`: the engine answers `readyok` once ready, at once while searching (uci-r31,
    /// uci-r32).
    IsReady,
    /// `setoption name <id> [value <x>]`: sets one engine option while idle (uci-r33, uci-r39).
    SetOption {
        /// Everything between `name` and `value`, as sent; may be several words.
        name: String,
        /// The rest of the line after `value`; `None` without `value` (a button).
        value: Option<String>,
    },
    /// `register …`: registers the engine now or later (uci-r40).
    Register(Register),
    /// `ucinewgame`: the next search is from another game than the last (uci-r45).
    UciNewGame,
    /// `position {startpos | fen <F>} [moves …]`: the position the next `go` searches
    /// (uci-r49, uci-r50).
    Position {
        /// The start position the moves are played from.
        start: PositionStart,
        /// The moves played from it, in order; empty when `moves` is not sent.
        moves: Vec<Move>,
    },
    /// `go …`: start searching the position last set, within the limits given (uci-r53).
    Go(Go),
    /// `stop`: end the search now and answer with `bestmove` (uci-r74, uci-r75).
    Stop,
    /// `ponderhit`: the opponent played the expected move; the ponder search goes on as a
    /// normal one (uci-r76, uci-r78).
    PonderHit,
    /// `quit`: exit at once (uci-r79); the text gives it no reply.
    Quit,
}

/// The status word of `copyprotection` and `registration`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Status {
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

/// An engine → GUI line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Message {
    Id {
        field: IdField,
        value: String,
    },
    UciOk,
    ReadyOk,
    /// `bestmove <m> [ponder <p>]`.
    BestMove {
        mv: Move,
        ponder: Option<Move>,
    },
    CopyProtection(Status),
    Registration(Status),
    Info(Info),
    Option(OptionDecl),
}

pub(super) fn uci_move(field: &str, tok: Token<'_>) -> Result<Move, ParseError> {
    tok.text.parse().map_err(|()| ParseError::BadMove {
        field: field.to_owned(),
        text: tok.text.to_owned(),
        notation: "a UCI move",
        reason: moves::SHAPE.to_owned(),
    })
}

/// A token meant as a move (remark 26): a letter and a digit, or `0000`.
fn is_move_token(text: &str) -> bool {
    text == "0000" || looks_like_move(text)
}

/// Moves up to the next token that is a key of `keys` or not move-shaped.
pub(super) fn move_list(
    t: &mut Tokens<'_>,
    field: &str,
    keys: &[&str],
) -> Result<Vec<Move>, ParseError> {
    let mut moves = Vec::new();
    while let Some(m) = t
        .peek()
        .filter(|m| !keys.contains(&m.text) && is_move_token(m.text))
    {
        t.next();
        moves.push(uci_move(field, m)?);
    }
    Ok(moves)
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
pub fn parse_command(line: &str) -> Result<Command, LineError<CommandKeyword>> {
    keyed_line(line, COMMAND_LIST, command)
}

/// The command `keyword` opens, from the tokens after it.
fn command(keyword: CommandKeyword, t: &mut Tokens<'_>) -> Result<Command, ParseError> {
    use CommandKeyword as K;
    Ok(match keyword {
        K::Uci => Command::Uci,
        K::Debug => {
            let v = require(t, "`on` or `off`", "debug")?;
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
        K::IsReady => Command::IsReady,
        K::SetOption => {
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
        K::Register => Command::Register(parse_register(t)?),
        K::UciNewGame => Command::UciNewGame,
        K::Position => {
            let (start, moves) = position_args(t, "position", uci_move)?;
            Command::Position { start, moves }
        }
        K::Go => Command::Go(parse_go(t)?),
        K::Stop => Command::Stop,
        K::PonderHit => Command::PonderHit,
        K::Quit => Command::Quit,
    })
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

/// The option an `option name NAME WITH SPACES type …` line declares; any other line, or
/// one that does not read, declares none (the protocol checks report it). What a GUI learns
/// of an engine's options from its handshake: the match referee and the fuzzer's probe both
/// read them so.
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
            let allowed = [IdField::Name, IdField::Author];
            let (field, value) = parse_id(t, &allowed, "`name` or `author`")?;
            Message::Id { field, value }
        }
        K::UciOk => Message::UciOk,
        K::ReadyOk => Message::ReadyOk,
        K::BestMove => {
            let mv = uci_move("bestmove", require(t, "a UCI move", "bestmove")?)?;
            let ponder = match t.next() {
                None => None,
                Some(p) if p.text == "ponder" => {
                    Some(uci_move("ponder", require(t, "a UCI move", "ponder")?)?)
                }
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
        K::CopyProtection | K::Registration => {
            let s = require(t, "`checking`, `ok` or `error`", keyword.text())?;
            let status = match s.text {
                "checking" => Status::Checking,
                "ok" => Status::Ok,
                "error" => Status::Error,
                other => {
                    return Err(ParseError::BadValue {
                        field: keyword.text().to_owned(),
                        text: other.to_owned(),
                        expected: "`checking`, `ok` or `error`",
                    });
                }
            };
            if keyword == K::CopyProtection {
                Message::CopyProtection(status)
            } else {
                Message::Registration(status)
            }
        }
        K::Info => Message::Info(Info::parse(t)),
        K::Option => {
            match t.next() {
                Some(n) if n.text == "name" => {}
                _ => {
                    return Err(ParseError::Missing {
                        what: "`name <id>`",
                        after: "option".to_owned(),
                    });
                }
            }
            let raw = parse_option(t, "option name")?;
            let default = raw.default.map(|d| {
                let squeezed: String = d.split_ascii_whitespace().collect();
                if squeezed == "<empty>" {
                    String::new()
                } else {
                    d.to_owned()
                }
            });
            Message::Option(OptionDecl::from_raw(raw, default))
        }
    })
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
        // The time first, then the limits beside it: `go movetime 100 depth 8 nodes 5000`,
        // as cutechess-cli writes them (the text leaves the order open).
        let unsigned = [
            ("movestogo", self.movestogo.map(u64::from)),
            ("movetime", self.movetime),
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
            ("mate", self.mate.map(u64::from)),
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
                f.write_str("position")?;
                write_position(f, start, moves)
            }
            Command::Go(go) => go.fmt(f),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Id { field, value } => write!(f, "id {} {value}", field.as_str()),
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
            Message::Option(o) => o.fmt_uci(f),
        }
    }
}

super::codec!(Uci, crate::protocol::Protocol::Uci);

#[cfg(test)]
mod tests;
