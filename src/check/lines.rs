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
        // UCI and UCCI let blanks from the engine go ungraded (`Facts`): a whitespace-only line
        // is recorded as read, never warned about.
        ParseError::Empty if protocol.facts().blank_engine_lines_ungraded => {
            (CheckId::LineUnknown, Grade::Pass)
        }
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

#[cfg(test)]
mod tests {
    use crate::check::{CheckId, CheckRef, Grade, findings_in};
    use crate::protocol::Protocol;

    /// Issue 26 survey, H9: Stockfish's empty handshake line warned 23 times a run.
    #[test]
    fn whitespace_only_lines_are_not_graded_under_uci_and_ucci() {
        for (protocol, hello, ok) in [
            (Protocol::Uci, "> uci", "< uciok"),
            (Protocol::Ucci, "> ucci", "< ucciok"),
        ] {
            let found = findings_in(protocol, &[hello, "< id name X", "< ", "< \t ", ok]);
            assert!(
                found.iter().all(|o| o.grade == Grade::Pass),
                "{protocol}: {found:#?}"
            );
        }
        let banner = findings_in(
            Protocol::Uci,
            &["> uci", "< Engine 1.0 by someone", "< uciok"],
        );
        assert_eq!(
            banner[0].check,
            CheckRef::builtin(Protocol::Uci, CheckId::LineUnknown)
        );
        assert_eq!(banner[0].grade, Grade::Warn);
    }
}
