//! `option` lines, as UCCI and UCI both declare an engine's settings:
//! `<name> type <type> [default <x>] [min <x>] [max <x>] [var <x>]*` (UCI puts `name` first).
//!
//! The name runs to the first `type` token; each field value runs to the next field keyword,
//! verbatim, so names and values may contain spaces (uci-r37, uci-r141). Fields are accepted in
//! any order (ucci A3, uci remark 24); a check that wants the grammar's order must look at the
//! line itself.

use std::fmt;

use crate::protocol::ParseError;
use crate::protocol::tokens::{Tokens, number, require, set_once};

const FIELDS: [&str; 5] = ["type", "default", "min", "max", "var"];

/// An option's type. UCI names five (uci-r177) and UCCI only `check` (ucci-r25, A3); `label`
/// is the usual UCCI name for a caption; anything else is kept as [`OptionType::Other`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum OptionType {
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
    pub(crate) fn parse(text: &str) -> OptionType {
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

    pub(crate) fn as_str(&self) -> &str {
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

/// One declared option (ucci-r23, ucci-r24, uci-r138..).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct OptionDecl {
    pub name: String,
    pub kind: OptionType,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub vars: Vec<String>,
    /// `default <x>`; `Some("")` for a bare `default` (UCI: also `default <empty>`).
    pub default: Option<String>,
}

impl OptionDecl {
    pub(crate) fn from_raw(raw: RawOption<'_>, default: Option<String>) -> OptionDecl {
        OptionDecl {
            name: raw.name.to_owned(),
            kind: OptionType::parse(raw.kind),
            min: raw.min,
            max: raw.max,
            vars: raw.vars.into_iter().map(str::to_owned).collect(),
            default,
        }
    }

    /// UCCI's order: `option <name> type <t> [min] [max] [var]* [default]`.
    pub(crate) fn fmt_ucci(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option {} type {}", self.name, self.kind.as_str())?;
        self.fmt_bounds(f)?;
        match self.default.as_deref() {
            Some("") => f.write_str(" default"),
            Some(d) => write!(f, " default {d}"),
            None => Ok(()),
        }
    }

    /// The UCI text's example order: `option name <id> type <t> [default] [min] [max] [var]*`,
    /// an empty default written `<empty>`.
    pub(crate) fn fmt_uci(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type {}", self.name, self.kind.as_str())?;
        match self.default.as_deref() {
            Some("") => f.write_str(" default <empty>")?,
            Some(d) => write!(f, " default {d}")?,
            None => {}
        }
        self.fmt_bounds(f)
    }

    fn fmt_bounds(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(min) = self.min {
            write!(f, " min {min}")?;
        }
        if let Some(max) = self.max {
            write!(f, " max {max}")?;
        }
        self.vars.iter().try_for_each(|var| write!(f, " var {var}"))
    }
}

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
