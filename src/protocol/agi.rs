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

use std::fmt;

use super::ParseError;
use super::tokens::{Token, Tokens, flag_once, number, require, set_once};
use crate::rules::gomoku::agi::{format_moves, format_point, parse_moves, parse_point};
use crate::rules::gomoku::{BoardSize, Point};

const SIZE: BoardSize = BoardSize::STANDARD;
const INFO_KEYS: [&str; 7] = ["DEPTH", "PV", "SCORE", "NPS", "SEARCH", "WIN", "LOSE"];

/// `FIRSTCHANGE` / `THIRDCHANGE` (agi-r43).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Swap {
    FirstChange,
    ThirdChange,
}

/// `FIVETWINE` / `FIVEMULITY` (agi-r45).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fifth {
    FiveTwine,
    FiveMulity,
}

/// `TIME ms` or `INFINITE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GoTime {
    Millis(u64),
    Infinite,
}

/// A GUI → engine line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Command {
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
pub enum IdField {
    Name,
    Author,
}

/// An `INFO` line. Empty lists = not sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Info {
    pub depth: Option<u32>,
    pub pv: Vec<Point>,
    pub score: Option<i64>,
    pub nps: Option<u64>,
    pub search: Vec<Point>,
    pub win: Vec<Point>,
    pub lose: Vec<Point>,
    /// Tokens of unknown keys: the key and its values up to the next known key.
    pub unknown: Vec<String>,
}

/// The move of a `BESTMOVE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BestMoveKind {
    Move(Point),
    /// `CHANGE`: the engine takes the swap (agi-r83).
    Change,
}

/// An engine → GUI line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Message {
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

fn is(tok: &str, keyword: &str) -> bool {
    tok.eq_ignore_ascii_case(keyword)
}

fn point(field: &str, tok: Token<'_>) -> Result<Point, ParseError> {
    parse_point(tok.text, SIZE).map_err(|e| ParseError::BadPoint {
        text: tok.text.to_owned(),
        context: format!("after `{field}`"),
        reason: e.to_string(),
    })
}

fn points(field: &str, text: &str) -> Result<Vec<Point>, ParseError> {
    parse_moves(text, SIZE).map_err(|e| ParseError::BadPoint {
        text: text.to_owned(),
        context: format!("the point list after `{field}`"),
        reason: e.to_string(),
    })
}

/// A list value: the next token unless it is one of `keys` (then the list is empty).
fn list_value(t: &mut Tokens<'_>, field: &str, keys: &[&str]) -> Result<Vec<Point>, ParseError> {
    match t.peek() {
        Some(v) if !keys.iter().any(|k| is(v.text, k)) => {
            t.next();
            points(field, v.text)
        }
        _ => Ok(Vec::new()),
    }
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
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let mut t = Tokens::new(line);
    let kw = t.next().ok_or(ParseError::Empty)?;
    let cmd = match kw.text.to_ascii_uppercase().as_str() {
        "AGI" => Command::Agi,
        "SETRULE" => parse_setrule(&mut t)?,
        "SETOPTION" => {
            let (ownbook, ponder) = switches(&mut t, "ON", "OFF", "`ON` or `OFF`")?;
            Command::SetOption { ownbook, ponder }
        }
        "ISREADY" => Command::IsReady,
        "POSITION" => {
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
                let list = list_value(&mut t, name, &["STATU", "MOVES"])?;
                set_once(slot, name, list)?;
            }
            Command::Position {
                statu: statu.unwrap_or_default(),
                moves: moves.unwrap_or_default(),
            }
        }
        "GO" => parse_go(&mut t)?,
        "STOP" => Command::Stop,
        "DOMOVE" => Command::DoMove(point("DOMOVE", require(&mut t, "a point", "DOMOVE")?)?),
        "QUIT" => Command::Quit,
        _ => {
            return Err(ParseError::UnknownKeyword {
                keyword: kw.text.to_owned(),
                expected: "an AGI command (AGI, SETRULE, SETOPTION, ISREADY, POSITION, GO, STOP, DOMOVE, QUIT)",
            });
        }
    };
    t.finish(&format!("`{}`", kw.text))?;
    Ok(cmd)
}

fn parse_info(t: &mut Tokens<'_>) -> Result<Info, ParseError> {
    let mut i = Info::default();
    let mut seen = [false; 4];
    while let Some(k) = t.next() {
        let key = k.text.to_ascii_uppercase();
        match key.as_str() {
            "DEPTH" => set_once(
                &mut i.depth,
                "DEPTH",
                number("DEPTH", require(t, "a number", "DEPTH")?.text)?,
            )?,
            "SCORE" => set_once(
                &mut i.score,
                "SCORE",
                number("SCORE", require(t, "a number", "SCORE")?.text)?,
            )?,
            "NPS" => set_once(
                &mut i.nps,
                "NPS",
                number("NPS", require(t, "a number", "NPS")?.text)?,
            )?,
            "PV" | "SEARCH" | "WIN" | "LOSE" => {
                let n = ["PV", "SEARCH", "WIN", "LOSE"]
                    .iter()
                    .position(|x| *x == key)
                    .unwrap_or(0);
                flag_once(&mut seen[n], &key)?;
                let list = list_value(t, &key, &INFO_KEYS)?;
                *[&mut i.pv, &mut i.search, &mut i.win, &mut i.lose][n] = list;
            }
            _ => {
                i.unknown.push(k.text.to_owned());
                while let Some(u) = t
                    .peek()
                    .filter(|u| !INFO_KEYS.iter().any(|x| is(u.text, x)))
                {
                    t.next();
                    i.unknown.push(u.text.to_owned());
                }
            }
        }
    }
    Ok(i)
}

/// Parses one engine → GUI line (keywords in any case).
pub fn parse_message(line: &str) -> Result<Message, ParseError> {
    let mut t = Tokens::new(line);
    let kw = t.next().ok_or(ParseError::Empty)?;
    let msg = match kw.text.to_ascii_uppercase().as_str() {
        "ID" => {
            let f = require(&mut t, "`NAME` or `AUTHOR`", "ID")?;
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
        "OPTION" => {
            let (ownbook, ponder) = switches(&mut t, "TRUE", "FALSE", "`TRUE` or `FALSE`")?;
            Message::Option { ownbook, ponder }
        }
        "AGIOK" => Message::AgiOk,
        "READYOK" => Message::ReadyOk,
        "INFO" => Message::Info(parse_info(&mut t)?),
        "BESTMOVE" => {
            let m = require(&mut t, "a point or `CHANGE`", "BESTMOVE")?;
            let mv = if is(m.text, "CHANGE") {
                BestMoveKind::Change
            } else {
                BestMoveKind::Move(point("BESTMOVE", m)?)
            };
            let ponder = match t.next() {
                None => None,
                Some(p) if is(p.text, "PONDER") => {
                    Some(point("PONDER", require(&mut t, "a point", "PONDER")?)?)
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
        "BYE" => Message::Bye,
        _ => {
            return Err(ParseError::UnknownKeyword {
                keyword: kw.text.to_owned(),
                expected: "an AGI reply (ID, OPTION, AGIOK, READYOK, INFO, BESTMOVE, BYE)",
            });
        }
    };
    t.finish(&format!("`{}`", kw.text))?;
    Ok(msg)
}

/// A point in AGI form; a point off the 15x15 board (which no parser produces) is written as
/// `[x,y]`, which no parser accepts.
struct Hex(Point);

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match format_point(self.0, SIZE) {
            Ok(s) => f.write_str(&s),
            Err(_) => write!(f, "[{}]", self.0),
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, key: &str, list: &[Point]) -> fmt::Result {
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

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("INFO")?;
        if let Some(d) = self.depth {
            write!(f, " DEPTH {d}")?;
        }
        if let Some(s) = self.score {
            write!(f, " SCORE {s}")?;
        }
        if let Some(n) = self.nps {
            write!(f, " NPS {n}")?;
        }
        write_list(f, "PV", &self.pv)?;
        write_list(f, "SEARCH", &self.search)?;
        write_list(f, "WIN", &self.win)?;
        write_list(f, "LOSE", &self.lose)?;
        self.unknown.iter().try_for_each(|u| write!(f, " {u}"))
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pt(s: &str) -> Point {
        parse_point(s, SIZE).unwrap()
    }

    fn pts(s: &str) -> Vec<Point> {
        parse_moves(s, SIZE).unwrap()
    }

    #[test]
    fn worked_example() {
        assert_eq!(parse_command("AGI"), Ok(Command::Agi));
        assert_eq!(
            parse_message("ID NAME Amoyman 1.0"),
            Ok(Message::Id {
                field: IdField::Name,
                value: "Amoyman 1.0".into(),
                author: None
            })
        );
        assert_eq!(
            parse_message("ID AUTHOR Amoyman KUA"),
            Ok(Message::Id {
                field: IdField::Author,
                value: "Amoyman KUA".into(),
                author: None
            })
        );
        assert_eq!(
            parse_message("ID NAME Amoyman 1.0 AUTHOR Amoyman KUA"),
            Ok(Message::Id {
                field: IdField::Name,
                value: "Amoyman 1.0".into(),
                author: Some("Amoyman KUA".into())
            })
        );
        assert_eq!(
            parse_message("OPTION OWNBOOK TRUE PONDER TRUE"),
            Ok(Message::Option {
                ownbook: Some(true),
                ponder: Some(true)
            })
        );
        assert_eq!(parse_message("AGIOK"), Ok(Message::AgiOk));
        assert_eq!(
            parse_command("SETOPTION OWNBOOK ON"),
            Ok(Command::SetOption {
                ownbook: Some(true),
                ponder: None
            })
        );
        assert_eq!(
            parse_command("SETOPTION PONDER OFF"),
            Ok(Command::SetOption {
                ownbook: None,
                ponder: Some(false)
            })
        );
        assert_eq!(
            parse_command("SETRULE FORBIDDEN"),
            Ok(Command::SetRule {
                forbidden: Some(true),
                swap: None,
                fifth: None
            })
        );
        assert_eq!(parse_command("ISREADY"), Ok(Command::IsReady));
        assert_eq!(parse_message("READYOK"), Ok(Message::ReadyOk));
        assert_eq!(
            parse_command("POSITION MOVES 78685A69"),
            Ok(Command::Position {
                statu: vec![],
                moves: pts("78685A69")
            })
        );
        let go = Command::Go {
            search: pts("67596A6B"),
            ponder: false,
            time: Some(GoTime::Infinite),
        };
        assert_eq!(parse_command("GO SEARCH 67596A6B INFINITE"), Ok(go.clone()));
        assert_eq!(parse_command("GO SEARCH 67596A6BINFINITE"), Ok(go));
        assert_eq!(
            parse_message("INFO SEARCH 67596A6B"),
            Ok(Message::Info(Info {
                search: pts("67596A6B"),
                ..Info::default()
            }))
        );
        assert_eq!(
            parse_message("INFO DEPTH 1 SCORE 3 PV 6789"),
            Ok(Message::Info(Info {
                depth: Some(1),
                score: Some(3),
                pv: pts("6789"),
                ..Info::default()
            }))
        );
        assert_eq!(
            parse_message("INFO NPS 786000"),
            Ok(Message::Info(Info {
                nps: Some(786000),
                ..Info::default()
            }))
        );
        assert_eq!(parse_command("STOP"), Ok(Command::Stop));
        assert_eq!(
            parse_message("BESTMOVE 67 PONDER 89"),
            Ok(Message::BestMove {
                mv: BestMoveKind::Move(pt("67")),
                ponder: Some(pt("89"))
            })
        );
        assert_eq!(parse_command("DOMOVE 67"), Ok(Command::DoMove(pt("67"))));
        assert_eq!(
            parse_command("GO INFINITE"),
            Ok(Command::Go {
                search: vec![],
                ponder: false,
                time: Some(GoTime::Infinite)
            })
        );
        assert_eq!(
            parse_message("BESTMOVE 89 PONDER 79"),
            Ok(Message::BestMove {
                mv: BestMoveKind::Move(pt("89")),
                ponder: Some(pt("79"))
            })
        );
        assert_eq!(parse_command("QUIT"), Ok(Command::Quit));
        assert_eq!(parse_message("BYE"), Ok(Message::Bye));
    }

    #[test]
    fn case_insensitive_and_variants() {
        assert_eq!(parse_command("agi"), Ok(Command::Agi));
        assert_eq!(parse_message("readyok"), Ok(Message::ReadyOk));
        assert_eq!(
            parse_message("bestmove change"),
            Ok(Message::BestMove {
                mv: BestMoveKind::Change,
                ponder: None
            })
        );
        assert_eq!(
            parse_command("go time infinite"),
            Ok(Command::Go {
                search: vec![],
                ponder: false,
                time: Some(GoTime::Infinite)
            })
        );
        assert_eq!(
            parse_command("GO PONDER TIME 5000"),
            Ok(Command::Go {
                search: vec![],
                ponder: true,
                time: Some(GoTime::Millis(5000))
            })
        );
        assert_eq!(
            parse_command("SETRULE UNFORBIDDEN THIRDCHANGE FIVEMULITY").map(|c| c.to_string()),
            Ok("SETRULE UNFORBIDDEN THIRDCHANGE FIVEMULITY".into())
        );
        assert_eq!(
            parse_command("position statu 78695a moves 5b"),
            Ok(Command::Position {
                statu: pts("78695A"),
                moves: pts("5B")
            })
        );
    }

    #[test]
    fn precise_errors() {
        let e = |l: &str| parse_message(l).unwrap_err().to_string();
        assert_eq!(
            e("OPTION OWNBOOK ON"),
            "`OWNBOOK` is followed by `ON`, but it takes `TRUE` or `FALSE`"
        );
        assert_eq!(
            e("BESTMOVE F1"),
            "`F1` (after `BESTMOVE`) is not a valid point: row digit F at offset 0 is off the 15x15 board (rows 0..E)"
        );
        assert_eq!(
            e("INFO PV 678"),
            "`678` (the point list after `PV`) is not a valid point: AGI move list has an odd number of digits: the point starting at offset 2 is incomplete"
        );
        assert_eq!(e("ID NAME"), "`ID NAME` must be followed by a text");
        assert_eq!(
            parse_command("SETRULE TIVETWINE").unwrap_err().to_string(),
            "unexpected `TIVETWINE` at byte 8: `SETRULE` takes FORBIDDEN|UNFORBIDDEN, FIRSTCHANGE|THIRDCHANGE, FIVETWINE|FIVEMULITY"
        );
        assert_eq!(
            parse_command("GO TIME 5 INFINITE").unwrap_err().to_string(),
            "`TIME/INFINITE` appears twice in one line"
        );
    }

    fn point() -> impl Strategy<Value = Point> {
        (0u8..15, 0u8..15).prop_map(|(x, y)| Point::new(x, y))
    }

    fn points() -> impl Strategy<Value = Vec<Point>> {
        prop::collection::vec(point(), 0..5)
    }

    /// Free text already in lower case, without the word `author`.
    fn text() -> impl Strategy<Value = String> {
        "[a-z0-9.]{1,6}( [a-z0-9.]{1,6}){0,3}"
            .prop_filter("no AUTHOR", |s| !s.split(' ').any(|w| w == "author"))
    }

    fn command() -> impl Strategy<Value = Command> {
        let b = || proptest::option::of(any::<bool>());
        let time = proptest::option::of(prop_oneof![
            any::<u64>().prop_map(GoTime::Millis),
            Just(GoTime::Infinite)
        ]);
        prop_oneof![
            Just(Command::Agi),
            (
                b(),
                proptest::option::of(prop_oneof![
                    Just(Swap::FirstChange),
                    Just(Swap::ThirdChange)
                ]),
                proptest::option::of(prop_oneof![Just(Fifth::FiveTwine), Just(Fifth::FiveMulity)]),
            )
                .prop_map(|(forbidden, swap, fifth)| Command::SetRule {
                    forbidden,
                    swap,
                    fifth
                }),
            (b(), b()).prop_map(|(ownbook, ponder)| Command::SetOption { ownbook, ponder }),
            Just(Command::IsReady),
            (points(), points()).prop_map(|(statu, moves)| Command::Position { statu, moves }),
            (points(), any::<bool>(), time).prop_map(|(search, ponder, time)| Command::Go {
                search,
                ponder,
                time
            }),
            Just(Command::Stop),
            point().prop_map(Command::DoMove),
            Just(Command::Quit),
        ]
    }

    fn message() -> impl Strategy<Value = Message> {
        let b = || proptest::option::of(any::<bool>());
        let unknown = prop::collection::vec("zz[j-z]{2,6}|[0-9]{1,4}", 0..3).prop_map(|mut v| {
            if !v.is_empty() {
                v[0] = format!("zz{}", v[0]);
            }
            v
        });
        let info = (
            proptest::option::of(any::<u32>()),
            points(),
            proptest::option::of(any::<i64>()),
            proptest::option::of(any::<u64>()),
            (points(), points(), points()),
            unknown,
        )
            .prop_map(
                |(depth, pv, score, nps, (search, win, lose), unknown)| Info {
                    depth,
                    pv,
                    score,
                    nps,
                    search,
                    win,
                    lose,
                    unknown,
                },
            );
        let mv = prop_oneof![
            point().prop_map(BestMoveKind::Move),
            Just(BestMoveKind::Change)
        ];
        prop_oneof![
            (text(), proptest::option::of(text())).prop_map(|(value, author)| Message::Id {
                field: IdField::Name,
                value,
                author
            }),
            text().prop_map(|value| Message::Id {
                field: IdField::Author,
                value,
                author: None
            }),
            (b(), b()).prop_map(|(ownbook, ponder)| Message::Option { ownbook, ponder }),
            Just(Message::AgiOk),
            Just(Message::ReadyOk),
            info.prop_map(Message::Info),
            (mv, proptest::option::of(point()))
                .prop_map(|(mv, ponder)| Message::BestMove { mv, ponder }),
            Just(Message::Bye),
        ]
    }

    proptest! {
        #[test]
        fn commands_round_trip(c in command()) {
            let line = c.to_string();
            prop_assert_eq!(&line, &line.to_uppercase());
            prop_assert_eq!(parse_command(&line.to_lowercase()), Ok(c.clone()));
            prop_assert_eq!(parse_command(&line), Ok(c));
        }

        #[test]
        fn messages_round_trip(msg in message()) {
            let line = msg.to_string();
            prop_assert_eq!(parse_message(&line.to_lowercase()), Ok(msg.clone()));
            prop_assert_eq!(parse_message(&line), Ok(msg));
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
        fn never_panics_on_protocol_like_text(s in "(GO|SEARCH|INFINITE|TIME|INFO|PV|ID|NAME|AUTHOR|BESTMOVE|POSITION|MOVES|[0-9A-Fa-f]{1,9}|é|ı| |\t){0,12}") {
            let _ = parse_command(&s);
            let _ = parse_message(&s);
        }
    }
}
