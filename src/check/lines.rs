//! Lines that fit no message of the protocol.

use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::{Grade, Outcome};
use crate::protocol::family::InfoFault;
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

/// The fields of a search report that did not read, each graded by `grade` and citing the row
/// of its own grammar. The rest of the line has been read and is judged as usual.
pub(super) fn info_faults(
    protocol: Protocol,
    faults: &[InfoFault],
    grade: impl Fn(&InfoFault) -> Grade,
    at: At,
    out: &mut Findings,
) {
    for fault in faults {
        out.push(
            outcome(
                protocol,
                CheckId::InfoField,
                grade(fault),
                fault.to_string(),
            )
            .citing(&[fault.requirement])
            .at(at),
        );
    }
}
