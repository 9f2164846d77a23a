//! The values scenario lines write: durations and requirement ids.

use thiserror::Error;

use crate::protocol::ReqId;

/// Why a duration does not read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum DurationError {
    /// `-5 ms`.
    #[error("duration `{0}` is negative: a bound is 0 ms or more")]
    Negative(String),
    /// `500`, `5 min`.
    #[error("duration `{0}` needs a unit: ms or s")]
    NoUnit(String),
    /// `1.5 s`, or more milliseconds than a bound holds.
    #[error("duration `{0}` is not a whole number of ms or s")]
    NotWhole(String),
}

/// A word where a requirement id was expected.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("`{0}` is not a requirement id like `ucci-r17`")]
pub struct NotARequirementId(pub String);

/// `250 ms`, `2 s` or `250ms`.
pub(super) fn parse_duration(text: &str) -> Result<u64, DurationError> {
    let text = text.trim();
    if text.starts_with('-') {
        return Err(DurationError::Negative(text.to_owned()));
    }
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let factor = match unit.trim() {
        "ms" => 1,
        "s" => 1000,
        _ => return Err(DurationError::NoUnit(text.to_owned())),
    };
    number
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(factor))
        .ok_or_else(|| DurationError::NotWhole(text.to_owned()))
}

pub(super) fn is_requirement_id(word: &str) -> bool {
    ReqId::parse(word).is_some()
}

/// Requirement ids separated by blanks or commas.
pub(super) fn parse_cites(value: &str) -> Result<Vec<ReqId>, NotARequirementId> {
    value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<ReqId>()
                .map_err(|_| NotARequirementId(w.to_owned()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duration_says_why_it_does_not_read() {
        assert_eq!(parse_duration("250ms"), Ok(250));
        assert_eq!(parse_duration(" 2 s"), Ok(2000));
        assert_eq!(
            parse_duration("-5 ms"),
            Err(DurationError::Negative("-5 ms".into()))
        );
        assert_eq!(
            parse_duration("500"),
            Err(DurationError::NoUnit("500".into()))
        );
        assert_eq!(
            parse_duration("1.5 s"),
            Err(DurationError::NoUnit("1.5 s".into()))
        );
        assert_eq!(
            parse_duration("99999999999999999999 s"),
            Err(DurationError::NotWhole("99999999999999999999 s".into()))
        );
        assert_eq!(
            parse_cites("ucci-r1, bogus"),
            Err(NotARequirementId("bogus".into()))
        );
    }
}
