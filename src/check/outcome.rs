//! What judging produces: one graded outcome per check, pass or not.

use serde::Serialize;

use super::id::CheckRef;
use super::registry::{self, Side};
use crate::protocol::ReqId;
use crate::session::At;

/// A check's verdict. A `must` broken fails; a `should` broken, or an ambiguous text, warns.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    /// The rule held on this occasion.
    Pass,
    /// A `should` row broken, or a behaviour the text leaves unclear; a run with only
    /// warnings still exits 0.
    Warn,
    /// A `must` row broken: the scenario fails and the run exits 1.
    Fail,
}

impl Grade {
    /// The word reports write: `pass`, `warn`, `fail`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Grade::Pass => "pass",
            Grade::Warn => "warn",
            Grade::Fail => "fail",
        }
    }
}

/// Why a reply that missed its bound only warns where it would have failed: the harness
/// cannot hold the engine to that bound, so the warning speaks of the harness and its machine,
/// not of the engine's conformance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Softened {
    /// The bound is the harness's own choice (`harness` in the scenario): the text gives none.
    HarnessBound,
    /// The text gives the bound, and the reply missed it by no more than the harness's own
    /// scheduling delay measured during the run.
    SchedulingDelay,
}

/// The result of one check on one occasion (one `go`, one expected line, …).
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Outcome {
    /// Which check: `ucci.go.one-result`, `ucci/handshake:ucciok`, `golden-transcript`.
    pub check: CheckRef,
    /// The side of the wire the finding judges: the engine's, or the GUI's (manager's).
    #[serde(default)]
    pub side: Side,
    /// Requirement ids the finding rests on.
    pub requirements: Vec<ReqId>,
    /// Whether the rule held (`pass`), or how badly it was broken (`warn`, `fail`).
    pub grade: Grade,
    /// One sentence: what was seen, and for a finding what the text asks instead.
    pub message: String,
    /// The transcript line it points at (for the excerpt around a finding).
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub at: Option<At>,
    /// A measured latency (e.g. isready → readyok), recorded pass or fail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_us: Option<u64>,
    /// The bound the latency was judged against, when it had one (a scenario's `within`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound_us: Option<u64>,
    /// Several lines that explain a finding beyond its sentence, e.g. the diff against a
    /// golden transcript. Shown as is, after the sentence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// A reply that was owed and had not come when a wait no text sets ran out (the
    /// harness's patience, the scenario's timeout, the GUI ending the session): neither a
    /// pass nor a failure of any row. It warns, cites no row, and leaves the run short of
    /// showing conformance (exit status 1), as a failure does.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_judged: bool,
    /// The reply a scenario's step waited for never came (not late: missing). A finding that
    /// explains it, input the engine was shown to leave unread or to misread, blocks the step
    /// in its place (`runner::unread`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub missing_reply: bool,
    /// Of a missing reply: a later line its step's group waited for came, so the engine read
    /// its input that far (`ucciok` came where `option usemillisec` never did). Input left
    /// unread in another scenario does not explain it; a finding of its own scenario may.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub command_read: bool,
    /// Set when a missed bound only warns because the harness cannot hold the engine to it
    /// (a bound of its own choosing, or lateness within its own scheduling delay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub softened: Option<Softened>,
}

impl Outcome {
    /// An outcome; control characters in the message (engine output quoted in it) are
    /// shown escaped, so every report stays printable text and valid XML.
    pub fn new(
        check: CheckRef,
        requirements: &[ReqId],
        grade: Grade,
        message: impl Into<String>,
    ) -> Outcome {
        let side = check
            .id()
            .map_or(Side::Engine, |id| registry::spec(id).side);
        Outcome {
            check,
            side,
            requirements: requirements.to_vec(),
            grade,
            message: printable(&message.into()),
            at: None,
            latency_us: None,
            bound_us: None,
            detail: None,
            not_judged: false,
            missing_reply: false,
            command_read: false,
            softened: None,
        }
    }

    /// Makes the outcome say that the reply it is about was not judged: a warning that
    /// cites no row (see [`Outcome::not_judged`]).
    pub fn unjudged(mut self) -> Outcome {
        self.grade = Grade::Warn;
        self.requirements.clear();
        self.not_judged = true;
        self
    }

    /// Marks the outcome as a reply that never came (see [`Outcome::missing_reply`]).
    pub fn missing_reply(mut self) -> Outcome {
        self.missing_reply = true;
        self
    }

    /// Marks a missing reply as one whose group's later line came (see
    /// [`Outcome::command_read`]).
    pub fn command_read(mut self, read: bool) -> Outcome {
        self.command_read = read;
        self
    }

    /// Records why a missed bound only warns; `None` when it was graded as its level says.
    pub fn softened(mut self, why: Option<Softened>) -> Outcome {
        self.softened = why;
        self
    }

    /// Points the outcome at a transcript line, whose excerpt the reports show with it.
    pub fn at(mut self, at: At) -> Outcome {
        self.at = Some(at);
        self
    }

    /// Points the outcome at a transcript line when there is one; `None` clears the place.
    pub fn at_opt(mut self, at: Option<At>) -> Outcome {
        self.at = at;
        self
    }

    /// Cites only some of the check's requirements (those this finding rests on).
    pub fn citing(mut self, reqs: &[ReqId]) -> Outcome {
        self.requirements = reqs.to_vec();
        self
    }

    /// Records a measured latency in µs (e.g. `isready` → `readyok`), reported pass or fail.
    pub fn latency(mut self, latency_us: u64) -> Outcome {
        self.latency_us = Some(latency_us);
        self
    }

    /// The bound a latency was judged against.
    pub fn bound(mut self, bound_us: Option<u64>) -> Outcome {
        self.bound_us = bound_us;
        self
    }

    /// Adds a multi-line explanation; control characters other than line ends are escaped
    /// line by line, as in the message.
    pub fn detail(mut self, text: impl Into<String>) -> Outcome {
        let text: String = text.into();
        self.detail = Some(text.lines().map(printable).collect::<Vec<_>>().join("\n"));
        self
    }

    /// Microseconds since spawn of the line it points at.
    pub fn at_us(&self) -> Option<u64> {
        self.at.map(|a| a.us)
    }
}

/// `text` with control characters (other than tab) written as `\u{…}` escapes.
pub fn printable(text: &str) -> String {
    // Control characters are C0, DEL and C1 (U+0080 to U+009F, encoded 0xC2 0x80-0x9F): a
    // text with none of those bytes (nearly every one) is kept as it is without decoding it.
    let may_hold_control = text
        .bytes()
        .any(|b| (b < 0x20 && b != b'\t') || b == 0x7f || b == 0xc2);
    if !may_hold_control || !text.chars().any(|c| c.is_control() && c != '\t') {
        return text.to_owned();
    }
    text.chars()
        .map(|c| {
            if c.is_control() && c != '\t' {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(printable("name=\"x\" 中"), "name=\"x\" 中");
        assert_eq!(printable("a\u{0}b\u{1b}"), "a\\u{0}b\\u{1b}");
        let o = Outcome::new(CheckRef::Golden, &[], Grade::Fail, "bad \u{7}");
        assert_eq!(o.message, "bad \\u{7}");
    }

    proptest::proptest! {
        /// The byte-level shortcut keeps exactly what escaping every control character keeps:
        /// C1 controls (two bytes from 0xC2) and their neighbours (U+00A0, 'é') included.
        #[test]
        fn the_shortcut_escapes_what_the_char_by_char_rule_escapes(
            text in "([\\x00-\\x7f]|\u{80}|\u{9f}|\u{a0}|é|中|\t)*"
        ) {
            let by_char: String = text
                .chars()
                .map(|c| if c.is_control() && c != '\t' {
                    c.escape_unicode().to_string()
                } else {
                    c.to_string()
                })
                .collect();
            proptest::prop_assert_eq!(printable(&text), by_char);
        }
    }
}
