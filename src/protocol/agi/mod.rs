//! AGI (Amoyman Gobang Interface), gomoku on 15x15.
//!
//! Follows `agi-gomoku.zh.txt` (§三 commands 1–16, §四 the worked example). Catalogue:
//! `shared/specs/requirements/agi.md`.
//!
//! Ambiguities resolved here:
//! - Keywords and value words are case-insensitive in both directions (agi-r31); `Display`
//!   writes upper case. Hex digits are read in either case and written upper case (remark 3).
//!   Points and point lists use [`crate::rules::gomoku::agi`] with [`BoardSize::STANDARD`].
//! - `ID NAME name [AUTHOR author]`: the name runs to an `AUTHOR` token or the end of the line;
//!   the one-line form fills [`Message::Id`]'s `author`, and the example's separate
//!   `ID AUTHOR author` line (agi-r88, remark 6) is `field: IdField::Author`.
//! - `OPTION OWNBOOK TRUE|FALSE PONDER TRUE|FALSE` (agi-r37): each pair optional, any order;
//!   `ON`/`OFF` there is a [`ParseError::BadValue`].
//! - `SETRULE`: each of the three groups optional (the example sends `SETRULE FORBIDDEN` alone,
//!   agi-r90), any order; the description's misspelling `TIVETWINE` is refused (remark 8).
//! - `SETOPTION OWNBOOK ON|OFF [PONDER ON|OFF]`: both pairs optional (the example sends
//!   `SETOPTION PONDER OFF` alone, agi-r89), any order.
//! - `POSITION [STATU s] [MOVES m]`: either part optional; an empty list is written without its
//!   keyword.
//! - `GO [SEARCH m] [PONDER] [TIME ms|INFINITE]` (remark 14): `INFINITE` is read bare or after
//!   `TIME`, and written bare; a `SEARCH` list glued to `INFINITE` as printed in the example
//!   (`GO SEARCH 67596A6BINFINITE`, agi-r93) is read as the list plus `INFINITE`.
//! - `INFO`: keys DEPTH, PV, SCORE, NPS, SEARCH, WIN, LOSE in any order, several per line
//!   (agi-r94); each takes one token. Tokens of unknown keys go to [`Info::unknown`] (remark 18).
//! - `BESTMOVE move|CHANGE [PONDER move]` (`PONDER` optional, remark 17).

mod info;

use std::fmt;

use super::keyword::keywords;
use super::tokens::{Token, Tokens, flag_once, keyed_line, number, require, set_once};
use super::{LineError, ParseError};
use crate::rules::gomoku::agi::{format_moves, format_point, parse_moves, parse_point};
use crate::rules::gomoku::{BoardSize, Point};
pub(crate) use info::Info;
pub(crate) use info::{INFO_KEYS, requirement as info_requirement};

const SIZE: BoardSize = BoardSize::STANDARD;

const COMMAND_LIST: &str =
    "an AGI command (AGI, SETRULE, SETOPTION, ISREADY, POSITION, GO, STOP, DOMOVE, QUIT)";
const MESSAGE_LIST: &str = "an AGI reply (ID, OPTION, AGIOK, READYOK, INFO, BESTMOVE, BYE)";

keywords! {
    /// The words a GUI → engine line opens with, read in any case (agi-r31).
    pub(crate) enum CommandKeyword (any_case: true) {
        Agi = "AGI",
        SetRule = "SETRULE",
        SetOption = "SETOPTION",
        IsReady = "ISREADY",
        Position = "POSITION",
        Go = "GO",
        Stop = "STOP",
        DoMove = "DOMOVE",
        Quit = "QUIT",
    }
}

keywords! {
    /// The words an engine → GUI line opens with, read in any case (agi-r31).
    pub(crate) enum MessageKeyword (any_case: true) {
        Id = "ID",
        Option = "OPTION",
        AgiOk = "AGIOK",
        ReadyOk = "READYOK",
        Info = "INFO",
        BestMove = "BESTMOVE",
        Bye = "BYE",
    }
}

/// `FIRSTCHANGE` / `THIRDCHANGE` (agi-r43).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Swap {
    FirstChange,
    ThirdChange,
}

/// `FIVETWINE` / `FIVEMULITY` (agi-r45).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Fifth {
    FiveTwine,
    FiveMulity,
}

/// `TIME ms` or `INFINITE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum GoTime {
    Millis(u64),
    Infinite,
}

/// A GUI → engine line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Command {
    Agi,
    /// `SETRULE [FORBIDDEN|UNFORBIDDEN] [FIRSTCHANGE|THIRDCHANGE] [FIVETWINE|FIVEMULITY]`;
    /// `forbidden: Some(false)` is `UNFORBIDDEN`.
    SetRule {
        forbidden: Option<bool>,
        swap: Option<Swap>,
        fifth: Option<Fifth>,
    },
    /// `SETOPTION [OWNBOOK ON|OFF] [PONDER ON|OFF]`.
    SetOption {
        ownbook: Option<bool>,
        ponder: Option<bool>,
    },
    IsReady,
    /// `POSITION [STATU s] [MOVES m]`.
    Position {
        statu: Vec<Point>,
        moves: Vec<Point>,
    },
    /// `GO [SEARCH m] [PONDER] [TIME ms|INFINITE]`.
    Go {
        search: Vec<Point>,
        ponder: bool,
        time: Option<GoTime>,
    },
    Stop,
    /// `DOMOVE m`.
    DoMove(Point),
    Quit,
}

/// Which `ID` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum IdField {
    Name,
    Author,
}

/// The move of a `BESTMOVE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum BestMoveKind {
    Move(Point),
    /// `CHANGE`: the engine takes the swap (agi-r83).
    Change,
}

/// An engine → GUI line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Message {
    /// `ID NAME name [AUTHOR author]` or `ID AUTHOR author`; `author` is set only by the
    /// one-line form (then `field` is `Name`).
    Id {
        field: IdField,
        value: String,
        author: Option<String>,
    },
    /// `OPTION [OWNBOOK TRUE|FALSE] [PONDER TRUE|FALSE]`.
    Option {
        ownbook: Option<bool>,
        ponder: Option<bool>,
    },
    AgiOk,
    ReadyOk,
    Info(Info),
    /// `BESTMOVE move|CHANGE [PONDER move]`.
    BestMove {
        mv: BestMoveKind,
        ponder: Option<Point>,
    },
    Bye,
}

pub(super) fn is(tok: &str, keyword: &str) -> bool {
    tok.eq_ignore_ascii_case(keyword)
}

fn point(field: &str, tok: Token<'_>) -> Result<Point, ParseError> {
    parse_point(tok.text, SIZE).map_err(|e| ParseError::BadPoint {
        text: tok.text.to_owned(),
        context: format!("after `{field}`"),
        reason: e.to_string(),
    })
}

pub(super) fn points(field: &str, text: &str) -> Result<Vec<Point>, ParseError> {
    parse_moves(text, SIZE).map_err(|e| ParseError::BadPoint {
        text: text.to_owned(),
        context: format!("the point list after `{field}`"),
        reason: e.to_string(),
    })
}

fn on_off(
    field: &str,
    t: &mut Tokens<'_>,
    yes: &str,
    no: &str,
    expected: &'static str,
) -> Result<bool, ParseError> {
    let v = require(t, expected, field)?;
    if is(v.text, yes) {
        Ok(true)
    } else if is(v.text, no) {
        Ok(false)
    } else {
        Err(ParseError::BadValue {
            field: field.to_owned(),
            text: v.text.to_owned(),
            expected,
        })
    }
}

/// `OWNBOOK <v> PONDER <v>` pairs of `SETOPTION` (ON/OFF) and `OPTION` (TRUE/FALSE).
fn switches(
    t: &mut Tokens<'_>,
    yes: &str,
    no: &str,
    expected: &'static str,
) -> Result<(Option<bool>, Option<bool>), ParseError> {
    let (mut ownbook, mut ponder) = (None, None);
    while let Some(k) = t.next() {
        let (slot, name) = if is(k.text, "OWNBOOK") {
            (&mut ownbook, "OWNBOOK")
        } else if is(k.text, "PONDER") {
            (&mut ponder, "PONDER")
        } else {
            return Err(ParseError::Unexpected {
                token: k.text.to_owned(),
                at: k.at,
                context: "expected `OWNBOOK <value>` or `PONDER <value>`".to_owned(),
            });
        };
        let v = on_off(name, t, yes, no, expected)?;
        set_once(slot, name, v)?;
    }
    Ok((ownbook, ponder))
}

fn parse_setrule(t: &mut Tokens<'_>) -> Result<Command, ParseError> {
    let (mut forbidden, mut swap, mut fifth) = (None, None, None);
    while let Some(k) = t.next() {
        let w = k.text.to_ascii_uppercase();
        match w.as_str() {
            "FORBIDDEN" | "UNFORBIDDEN" => {
                set_once(&mut forbidden, "FORBIDDEN/UNFORBIDDEN", w == "FORBIDDEN")?
            }
            "FIRSTCHANGE" => set_once(&mut swap, "FIRSTCHANGE/THIRDCHANGE", Swap::FirstChange)?,
            "THIRDCHANGE" => set_once(&mut swap, "FIRSTCHANGE/THIRDCHANGE", Swap::ThirdChange)?,
            "FIVETWINE" => set_once(&mut fifth, "FIVETWINE/FIVEMULITY", Fifth::FiveTwine)?,
            "FIVEMULITY" => set_once(&mut fifth, "FIVETWINE/FIVEMULITY", Fifth::FiveMulity)?,
            _ => {
                return Err(ParseError::Unexpected {
                    token: k.text.to_owned(),
                    at: k.at,
                    context: "`SETRULE` takes FORBIDDEN|UNFORBIDDEN, FIRSTCHANGE|THIRDCHANGE, FIVETWINE|FIVEMULITY".to_owned(),
                });
            }
        }
    }
    Ok(Command::SetRule {
        forbidden,
        swap,
        fifth,
    })
}

fn parse_go(t: &mut Tokens<'_>) -> Result<Command, ParseError> {
    let (mut search, mut ponder, mut time) = (None, false, None);
    while let Some(k) = t.next() {
        if is(k.text, "SEARCH") {
            let v = match t.peek() {
                Some(v) if !["PONDER", "TIME", "INFINITE"].iter().any(|w| is(v.text, w)) => {
                    t.next();
                    v.text
                }
                _ => "",
            };
            // The example prints `GO SEARCH 67596A6BINFINITE` (agi-r93).
            let cut = v.len().checked_sub(8).filter(|&c| v.is_char_boundary(c));
            let list = match cut {
                Some(c) if is(&v[c..], "INFINITE") => {
                    set_once(&mut time, "TIME/INFINITE", GoTime::Infinite)?;
                    &v[..c]
                }
                _ => v,
            };
            set_once(&mut search, "SEARCH", points("SEARCH", list)?)?;
        } else if is(k.text, "PONDER") {
            flag_once(&mut ponder, "PONDER")?;
        } else if is(k.text, "INFINITE") {
            set_once(&mut time, "TIME/INFINITE", GoTime::Infinite)?;
        } else if is(k.text, "TIME") {
            let v = require(t, "milliseconds or `INFINITE`", "TIME")?;
            let value = if is(v.text, "INFINITE") {
                GoTime::Infinite
            } else {
                GoTime::Millis(number("TIME", v.text)?)
            };
            set_once(&mut time, "TIME/INFINITE", value)?;
        } else {
            return Err(ParseError::Unexpected {
                token: k.text.to_owned(),
                at: k.at,
                context: "`GO` takes SEARCH <moves>, PONDER, TIME <ms> and INFINITE".to_owned(),
            });
        }
    }
    Ok(Command::Go {
        search: search.unwrap_or_default(),
        ponder,
        time,
    })
}

/// Parses one GUI → engine line (keywords in any case).
pub(crate) fn parse_command(line: &str) -> Result<Command, LineError<CommandKeyword>> {
    keyed_line(line, COMMAND_LIST, command)
}

/// The command `keyword` opens, from the tokens after it.
fn command(keyword: CommandKeyword, t: &mut Tokens<'_>) -> Result<Command, ParseError> {
    use CommandKeyword as K;
    Ok(match keyword {
        K::Agi => Command::Agi,
        K::SetRule => parse_setrule(t)?,
        K::SetOption => {
            let (ownbook, ponder) = switches(t, "ON", "OFF", "`ON` or `OFF`")?;
            Command::SetOption { ownbook, ponder }
        }
        K::IsReady => Command::IsReady,
        K::Position => {
            let (mut statu, mut moves) = (None, None);
            while let Some(k) = t.next() {
                let (slot, name) = if is(k.text, "STATU") {
                    (&mut statu, "STATU")
                } else if is(k.text, "MOVES") {
                    (&mut moves, "MOVES")
                } else {
                    return Err(ParseError::Unexpected {
                        token: k.text.to_owned(),
                        at: k.at,
                        context: "`POSITION` takes STATU <points> and MOVES <points>".to_owned(),
                    });
                };
                let list = list_value(t, name, &["STATU", "MOVES"])?;
                set_once(slot, name, list)?;
            }
            Command::Position {
                statu: statu.unwrap_or_default(),
                moves: moves.unwrap_or_default(),
            }
        }
        K::Go => parse_go(t)?,
        K::Stop => Command::Stop,
        K::DoMove => Command::DoMove(point("DOMOVE", require(t, "a point", "DOMOVE")?)?),
        K::Quit => Command::Quit,
    })
}

/// Parses one engine → GUI line (keywords in any case).
pub(crate) fn parse_message(line: &str) -> Result<Message, LineError<MessageKeyword>> {
    keyed_line(line, MESSAGE_LIST, message)
}

/// The message `keyword` opens, from the tokens after it.
fn message(keyword: MessageKeyword, t: &mut Tokens<'_>) -> Result<Message, ParseError> {
    use MessageKeyword as K;
    Ok(match keyword {
        K::Id => {
            let f = require(t, "`NAME` or `AUTHOR`", "ID")?;
            let field = if is(f.text, "NAME") {
                IdField::Name
            } else if is(f.text, "AUTHOR") {
                IdField::Author
            } else {
                return Err(ParseError::BadValue {
                    field: "ID".to_owned(),
                    text: f.text.to_owned(),
                    expected: "`NAME` or `AUTHOR`",
                });
            };
            let missing = || ParseError::Missing {
                what: "a text",
                after: format!("ID {}", f.text),
            };
            let (value, author) = if field == IdField::Name {
                let name = t.take_while(|s| !is(s, "AUTHOR")).ok_or_else(missing)?;
                let author = match t.next() {
                    Some(a) => {
                        let rest = t.rest();
                        if rest.is_empty() {
                            return Err(ParseError::Missing {
                                what: "a text",
                                after: a.text.to_owned(),
                            });
                        }
                        Some(rest.to_owned())
                    }
                    None => None,
                };
                (name, author)
            } else {
                (
                    Some(t.rest())
                        .filter(|r| !r.is_empty())
                        .ok_or_else(missing)?,
                    None,
                )
            };
            Message::Id {
                field,
                value: value.to_owned(),
                author,
            }
        }
        K::Option => {
            let (ownbook, ponder) = switches(t, "TRUE", "FALSE", "`TRUE` or `FALSE`")?;
            Message::Option { ownbook, ponder }
        }
        K::AgiOk => Message::AgiOk,
        K::ReadyOk => Message::ReadyOk,
        K::Info => Message::Info(Info::parse(t)),
        K::BestMove => {
            let m = require(t, "a point or `CHANGE`", "BESTMOVE")?;
            let mv = if is(m.text, "CHANGE") {
                BestMoveKind::Change
            } else {
                BestMoveKind::Move(point("BESTMOVE", m)?)
            };
            let ponder = match t.next() {
                None => None,
                Some(p) if is(p.text, "PONDER") => {
                    Some(point("PONDER", require(t, "a point", "PONDER")?)?)
                }
                Some(p) => {
                    return Err(ParseError::Unexpected {
                        token: p.text.to_owned(),
                        at: p.at,
                        context: "`BESTMOVE <m>` is followed only by `PONDER <m>`".to_owned(),
                    });
                }
            };
            Message::BestMove { mv, ponder }
        }
        K::Bye => Message::Bye,
    })
}

/// A point in AGI form; a point off the 15x15 board (which no parser produces) is written as
/// `[x,y]`, which no parser accepts.
pub(super) struct Hex(pub(super) Point);

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match format_point(self.0, SIZE) {
            Ok(s) => f.write_str(&s),
            Err(_) => write!(f, "[{}]", self.0),
        }
    }
}

pub(super) fn write_list(f: &mut fmt::Formatter<'_>, key: &str, list: &[Point]) -> fmt::Result {
    if list.is_empty() {
        return Ok(());
    }
    match format_moves(list.iter().copied(), SIZE) {
        Ok(s) => write!(f, " {key} {s}"),
        Err(_) => {
            write!(f, " {key} ")?;
            list.iter().try_for_each(|p| write!(f, "{}", Hex(*p)))
        }
    }
}

/// A list value: the next token unless it is one of `keys` (then the list is empty).
pub(super) fn list_value(
    t: &mut Tokens<'_>,
    field: &str,
    keys: &[&str],
) -> Result<Vec<Point>, ParseError> {
    match t.peek() {
        Some(v) if !keys.iter().any(|k| is(v.text, k)) => {
            t.next();
            points(field, v.text)
        }
        _ => Ok(Vec::new()),
    }
}

fn on_off_word(v: bool, yes: &'static str, no: &'static str) -> &'static str {
    if v { yes } else { no }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Agi => f.write_str("AGI"),
            Command::SetRule {
                forbidden,
                swap,
                fifth,
            } => {
                f.write_str("SETRULE")?;
                if let Some(x) = forbidden {
                    write!(f, " {}", on_off_word(*x, "FORBIDDEN", "UNFORBIDDEN"))?;
                }
                match swap {
                    Some(Swap::FirstChange) => f.write_str(" FIRSTCHANGE")?,
                    Some(Swap::ThirdChange) => f.write_str(" THIRDCHANGE")?,
                    None => {}
                }
                match fifth {
                    Some(Fifth::FiveTwine) => f.write_str(" FIVETWINE"),
                    Some(Fifth::FiveMulity) => f.write_str(" FIVEMULITY"),
                    None => Ok(()),
                }
            }
            Command::SetOption { ownbook, ponder } => {
                f.write_str("SETOPTION")?;
                if let Some(x) = ownbook {
                    write!(f, " OWNBOOK {}", on_off_word(*x, "ON", "OFF"))?;
                }
                if let Some(x) = ponder {
                    write!(f, " PONDER {}", on_off_word(*x, "ON", "OFF"))?;
                }
                Ok(())
            }
            Command::IsReady => f.write_str("ISREADY"),
            Command::Position { statu, moves } => {
                f.write_str("POSITION")?;
                write_list(f, "STATU", statu)?;
                write_list(f, "MOVES", moves)
            }
            Command::Go {
                search,
                ponder,
                time,
            } => {
                f.write_str("GO")?;
                write_list(f, "SEARCH", search)?;
                if *ponder {
                    f.write_str(" PONDER")?;
                }
                match time {
                    Some(GoTime::Millis(ms)) => write!(f, " TIME {ms}"),
                    Some(GoTime::Infinite) => f.write_str(" INFINITE"),
                    None => Ok(()),
                }
            }
            Command::Stop => f.write_str("STOP"),
            Command::DoMove(p) => write!(f, "DOMOVE {}", Hex(*p)),
            Command::Quit => f.write_str("QUIT"),
        }
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Id {
                field,
                value,
                author,
            } => {
                let k = match field {
                    IdField::Name => "NAME",
                    IdField::Author => "AUTHOR",
                };
                write!(f, "ID {k} {value}")?;
                match author {
                    Some(a) => write!(f, " AUTHOR {a}"),
                    None => Ok(()),
                }
            }
            Message::Option { ownbook, ponder } => {
                f.write_str("OPTION")?;
                if let Some(x) = ownbook {
                    write!(f, " OWNBOOK {}", on_off_word(*x, "TRUE", "FALSE"))?;
                }
                if let Some(x) = ponder {
                    write!(f, " PONDER {}", on_off_word(*x, "TRUE", "FALSE"))?;
                }
                Ok(())
            }
            Message::AgiOk => f.write_str("AGIOK"),
            Message::ReadyOk => f.write_str("READYOK"),
            Message::Info(i) => i.fmt(f),
            Message::BestMove { mv, ponder } => {
                match mv {
                    BestMoveKind::Move(p) => write!(f, "BESTMOVE {}", Hex(*p))?,
                    BestMoveKind::Change => f.write_str("BESTMOVE CHANGE")?,
                }
                match ponder {
                    Some(p) => write!(f, " PONDER {}", Hex(*p)),
                    None => Ok(()),
                }
            }
            Message::Bye => f.write_str("BYE"),
        }
    }
}

super::codec!(Agi, crate::protocol::Protocol::Agi);

#[cfg(test)]
mod tests;
