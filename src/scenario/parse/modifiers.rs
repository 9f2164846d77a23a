//! The modifiers in parentheses at the end of a `<` line or a directive: how many lines,
//! their bounds and where the bounds come from, the level, the rows cited, the label, and
//! what the line is owed after.

use thiserror::Error;

use super::values::{DurationError, is_requirement_id, parse_cites, parse_duration};
use crate::protocol::ReqId;
use crate::scenario::assemble::Modifiers;
use crate::scenario::{BoundSource, Condition, Level, Repeat};

/// The words a modifier list starts with.
const MODIFIER_WORDS: [&str; 12] = [
    "optional", "any", "one", "within", "not", "should", "must", "as", "needs", "if", "harness",
    "text",
];

/// Whether a trailing parenthesis is meant as modifiers: it starts with a modifier word or a
/// requirement id, or with a near miss of a modifier word (`withn`), or one of its items is a
/// modifier or a duration. Anything else (`id name Foo (beta)`) is part of the pattern.
fn looks_like_modifiers(inner: &str, first: &str) -> bool {
    let near = |word: &str| {
        MODIFIER_WORDS
            .iter()
            .any(|m| strsim::damerau_levenshtein(word, m) <= 2 && word.len() >= 4)
    };
    is_requirement_id(first)
        || MODIFIER_WORDS.contains(&first)
        || first.starts_with("text:")
        || near(first)
        || inner.split(',').map(str::trim).any(|item| {
            is_requirement_id(item)
                || ["optional", "any number", "one or more", "should", "must"].contains(&item)
                || item.ends_with(" ms")
        })
}

/// Why a line's modifiers do not read: the parenthesis's inside, or the item, as written.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ModifierError {
    /// `(optional, any number)`.
    #[error("more than one repeat modifier in `({0})`")]
    TwoRepeats(String),
    /// `(harness, text: ucci-r69)`.
    #[error(
        "more than one bound source in `({0})`: a bound is the harness's or one row's of the text"
    )]
    TwoBoundSources(String),
    /// `text:` followed by no requirement id.
    #[error(
        "`{0}`: `text:` names the catalogue row that gives the bound, such as `text: ucci-r69`"
    )]
    BadTextRow(String),
    /// `within` or `not before` with a duration that does not read.
    #[error(transparent)]
    Duration(#[from] DurationError),
    /// `if` without `NAME is VALUE`.
    #[error("`{0}`: write `if NAME is VALUE`, NAME an earlier capture")]
    BadCondition(String),
    /// `(if a is 1, if b is 2)`.
    #[error("more than one `if` in `({0})`")]
    TwoConditions(String),
    /// A word that is no modifier and no requirement id; `hint` names the nearest modifier.
    #[error(
        "unknown modifier `{item}`{hint} (use optional, any number, one or more, within N ms, not before N ms, harness, text: ID, should, as NAME, needs NAME, if NAME is VALUE, or requirement ids)"
    )]
    Unknown {
        /// The item as written.
        item: String,
        /// ` (did you mean `within`?)`, or nothing.
        hint: String,
    },
}

/// Splits `pattern (modifier, modifier)` into the pattern and its modifiers. A trailing
/// parenthesis that does not start with a modifier word is part of the pattern (engine
/// names such as `id name Foo (beta)`).
pub(super) fn split_modifiers(line: &str) -> Result<(&str, Modifiers), ModifierError> {
    let line = line.trim_end();
    let Some(open) = line.rfind(" (").filter(|_| line.ends_with(')')) else {
        return Ok((line, Modifiers::default()));
    };
    let inner = &line[open + 2..line.len() - 1];
    let first = inner.split([',', ' ']).next().unwrap_or("");
    if !looks_like_modifiers(inner, first) {
        return Ok((line, Modifiers::default()));
    }
    let mut m = Modifiers::default();
    for item in inner.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let set_repeat = |m: &mut Modifiers, r| {
            if m.repeat.replace(r).is_some() {
                Err(ModifierError::TwoRepeats(inner.to_owned()))
            } else {
                Ok(())
            }
        };
        let set_bound = |m: &mut Modifiers, source| {
            if m.bound.replace(source).is_some() {
                Err(ModifierError::TwoBoundSources(inner.to_owned()))
            } else {
                Ok(())
            }
        };
        match item {
            "harness" => set_bound(&mut m, BoundSource::Harness)?,
            "optional" => set_repeat(&mut m, Repeat::Optional)?,
            "any number" => set_repeat(&mut m, Repeat::AnyNumber)?,
            "one or more" => set_repeat(&mut m, Repeat::OneOrMore)?,
            "should" => m.level = Level::Should,
            "must" => m.level = Level::Must,
            _ => {
                if let Some(row) = item.strip_prefix("text:") {
                    let id = row
                        .trim()
                        .parse::<ReqId>()
                        .map_err(|_| ModifierError::BadTextRow(item.to_owned()))?;
                    set_bound(&mut m, BoundSource::Text(id))?;
                } else if let Some(d) = item.strip_prefix("within ") {
                    m.within_ms = Some(parse_duration(d)?);
                } else if let Some(d) = item.strip_prefix("not before ") {
                    m.not_before_ms = Some(parse_duration(d)?);
                } else if let Some(name) = item.strip_prefix("as ") {
                    m.label = Some(name.trim().to_owned());
                } else if let Some(name) = item.strip_prefix("needs ") {
                    m.needs.push(name.trim().to_owned());
                } else if let Some(condition) = item.strip_prefix("if ") {
                    let condition = Condition::parse(condition)
                        .ok_or_else(|| ModifierError::BadCondition(item.to_owned()))?;
                    if m.only_if.replace(condition).is_some() {
                        return Err(ModifierError::TwoConditions(inner.to_owned()));
                    }
                } else {
                    m.cites.extend(parse_cites(item).map_err(|_| {
                        let first = item.split_whitespace().next().unwrap_or(item);
                        ModifierError::Unknown {
                            item: item.to_owned(),
                            hint: crate::scenario::suggest(first, &MODIFIER_WORDS),
                        }
                    })?);
                }
            }
        }
    }
    Ok((&line[..open], m))
}
