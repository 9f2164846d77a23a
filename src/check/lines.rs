//! Lines that fit no message of the protocol.

use super::findings::outcome;
use super::id::CheckId;
use super::{Grade, Outcome};
use crate::protocol::{ParseError, Protocol};
use crate::session::At;

/// Grades a line the codec could not read: an unknown first word is a warning (a start-up
/// banner or a diagnostic cannot be mistaken for a message, and tolerant GUIs skip it); a
/// known keyword with a malformed rest is a failure.
pub(super) fn unreadable(protocol: Protocol, text: &str, error: &ParseError, at: At) -> Outcome {
    let (id, grade) = match error {
        ParseError::UnknownKeyword { .. } | ParseError::Empty => {
            (CheckId::LineUnknown, Grade::Warn)
        }
        _ => (CheckId::LineMalformed, Grade::Fail),
    };
    outcome(protocol, id, grade, format!("`{text}`: {error}")).at(at)
}
