//! What UCCI and UCI share: UCCI was written after UCI, and the two texts describe the same
//! kind of exchange with the same building blocks — where a position starts, `id` lines,
//! `option` declarations, move lists, and `info` lines read key by key. The codecs of both
//! build on these; each keeps what only its own text says.

pub(crate) mod info;
pub(crate) mod option;

use std::fmt;

pub(crate) use info::InfoFault;
pub(crate) use option::{OptionDecl, OptionType};

use super::ParseError;
use super::tokens::{Token, Tokens, require};

/// Where a `position` (or UCCI `probe`) starts.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PositionStart {
    /// `startpos`, the standard start (ucci-r58, uci-r50).
    Startpos,
    /// `fen <FEN>`, the FEN's fields joined by single spaces (the rules layer validates it).
    Fen(String),
}

/// Which `id` line. UCCI names four (ucci-r22), UCI two (uci-r82, uci-r83).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum IdField {
    Name,
    Copyright,
    Author,
    User,
}

impl IdField {
    pub(crate) const ALL: [IdField; 4] = [
        IdField::Name,
        IdField::Copyright,
        IdField::Author,
        IdField::User,
    ];

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            IdField::Name => "name",
            IdField::Copyright => "copyright",
            IdField::Author => "author",
            IdField::User => "user",
        }
    }

    /// The field named `text` among `allowed`.
    pub(crate) fn parse(text: &str, allowed: &[IdField]) -> Option<IdField> {
        allowed.iter().copied().find(|f| f.as_str() == text)
    }
}

/// A token meant as a move: a letter then a digit, 4 to 7 characters (`h2e2`, `e7e8q`, the
/// ten-rank xiangqi form `a10a9` of UCI GUIs, and the longest shape the UCI move reader takes,
/// `a10a10q`), so that a malformed move is reported as one rather than taken for the next field.
pub(crate) fn looks_like_move(text: &str) -> bool {
    let b = text.as_bytes();
    (4..=7).contains(&b.len()) && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit()
}

/// `fen <FEN> | startpos`, then optionally `moves <m>…`, each move read by `read_move`.
pub(crate) fn position_args<M>(
    t: &mut Tokens<'_>,
    keyword: &str,
    read_move: impl Fn(&str, Token<'_>) -> Result<M, ParseError>,
) -> Result<(PositionStart, Vec<M>), ParseError> {
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
        Some(m) if m.text == "moves" => std::iter::from_fn(|| t.next())
            .map(|tok| read_move("moves", tok))
            .collect::<Result<_, _>>()?,
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

/// ` m1 m2 …`.
pub(crate) fn write_moves<M: fmt::Display>(f: &mut fmt::Formatter<'_>, moves: &[M]) -> fmt::Result {
    moves.iter().try_for_each(|m| write!(f, " {m}"))
}

/// ` startpos` or ` fen F`, then ` moves m1 …` when there are moves.
pub(crate) fn write_position<M: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    start: &PositionStart,
    moves: &[M],
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

/// `id <field> <text>` after the `id` keyword, the field one of `allowed`.
pub(crate) fn parse_id(
    t: &mut Tokens<'_>,
    allowed: &[IdField],
    expected: &'static str,
) -> Result<(IdField, String), ParseError> {
    let f = require(t, expected, "id")?;
    let field = IdField::parse(f.text, allowed).ok_or_else(|| ParseError::BadValue {
        field: "id".to_owned(),
        text: f.text.to_owned(),
        expected,
    })?;
    let value = t.rest();
    if value.is_empty() {
        return Err(ParseError::Missing {
            what: "a text",
            after: format!("id {}", f.text),
        });
    }
    Ok((field, value.to_owned()))
}
