//! The `option` line body shared by UCCI and UCI:
//! `<name> type <type> [default <x>] [min <x>] [max <x>] [var <x>]*`.
//!
//! The name runs to the first `type` token; each field value runs to the next field keyword,
//! verbatim, so names and values may contain spaces (uci-r37, uci-r141). Fields are accepted in
//! any order (ucci A3, uci remark 24); a check that wants the grammar's order must look at the
//! line itself.

use super::ParseError;
use super::tokens::{Tokens, number, require, set_once};

const FIELDS: [&str; 5] = ["type", "default", "min", "max", "var"];

/// An option line's fields as slices of the line.
pub(crate) struct RawOption<'a> {
    pub name: &'a str,
    pub kind: &'a str,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub vars: Vec<&'a str>,
    pub default: Option<&'a str>,
}

/// Parses the option fields; `t` stands at the first token of the name, `after` is the text
/// before it (`option`, `option name`) for error messages.
pub(crate) fn parse_option<'a>(
    t: &mut Tokens<'a>,
    after: &str,
) -> Result<RawOption<'a>, ParseError> {
    let name = t
        .take_while(|s| s != "type")
        .ok_or_else(|| ParseError::Missing {
            what: "an option name",
            after: after.to_owned(),
        })?;
    let after_name = format!("{after} {name}");
    match t.next() {
        Some(k) if k.text == "type" => {}
        _ => {
            return Err(ParseError::Missing {
                what: "`type <type>`",
                after: after_name,
            });
        }
    }
    let kind = require(
        t,
        "an option type (check, spin, combo, button, string)",
        "type",
    )?
    .text;
    let mut raw = RawOption {
        name,
        kind,
        min: None,
        max: None,
        vars: Vec::new(),
        default: None,
    };
    while let Some(key) = t.next() {
        if !FIELDS.contains(&key.text) || key.text == "type" {
            return Err(if key.text == "type" {
                ParseError::Duplicate {
                    key: "type".to_owned(),
                }
            } else {
                ParseError::Unexpected {
                    token: key.text.to_owned(),
                    at: key.at,
                    context: "an option line continues with `default`, `min`, `max` or `var`"
                        .to_owned(),
                }
            });
        }
        let value = t.take_while(|s| !FIELDS.contains(&s));
        let need = |what| ParseError::Missing {
            what,
            after: key.text.to_owned(),
        };
        match key.text {
            "default" => set_once(&mut raw.default, "default", value.unwrap_or(""))?,
            "min" => {
                let n = number(key.text, value.ok_or_else(|| need("a number"))?)?;
                set_once(&mut raw.min, "min", n)?;
            }
            "max" => {
                let n = number(key.text, value.ok_or_else(|| need("a number"))?)?;
                set_once(&mut raw.max, "max", n)?;
            }
            _ => raw.vars.push(value.ok_or_else(|| need("a choice"))?),
        }
    }
    Ok(raw)
}
