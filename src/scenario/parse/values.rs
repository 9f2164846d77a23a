//! The values scenario lines write: durations and requirement ids.

use crate::protocol::ReqId;

/// `250 ms`, `2 s` or `250ms`.
pub(super) fn parse_duration(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if text.starts_with('-') {
        return Err(format!(
            "duration `{text}` is negative: a bound is 0 ms or more"
        ));
    }
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let factor = match unit.trim() {
        "ms" => 1,
        "s" => 1000,
        _ => return Err(format!("duration `{text}` needs a unit: ms or s")),
    };
    number
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(factor))
        .ok_or_else(|| format!("duration `{text}` is not a whole number of ms or s"))
}

pub(super) fn is_requirement_id(word: &str) -> bool {
    ReqId::parse(word).is_some()
}

/// Requirement ids separated by blanks or commas.
pub(super) fn parse_cites(value: &str) -> Result<Vec<ReqId>, String> {
    value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<ReqId>()
                .map_err(|_| format!("`{w}` is not a requirement id like `ucci-r17`"))
        })
        .collect()
}
