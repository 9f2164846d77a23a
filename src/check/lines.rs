//! Lines that fit no message of the protocol.

use super::{Grade, Outcome};
use crate::protocol::ParseError;

/// Grades a line the codec could not read: an unknown first word is a warning (a start-up
/// banner or a diagnostic cannot be mistaken for a message, and tolerant GUIs skip it); a
/// known keyword with a malformed rest is a failure.
pub(super) fn unreadable(
    prefix: &str,
    reqs: &[&str],
    text: &str,
    error: &ParseError,
    at_us: u64,
) -> Outcome {
    let (check, grade) = match error {
        ParseError::UnknownKeyword { .. } | ParseError::Empty => ("line.unknown", Grade::Warn),
        _ => ("line.malformed", Grade::Fail),
    };
    Outcome::new(
        format!("{prefix}.{check}"),
        reqs,
        grade,
        format!("`{text}`: {error}"),
    )
    .at(at_us)
}
