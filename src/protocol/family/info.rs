//! Reading search reports field by field, tolerantly.
//!
//! An `info` line is a list of `key value…` fields. GUIs show what they can read and skip the
//! rest, and so does Arbiter: a field that does not read (Fairy-Stockfish's UCI-style
//! `score cp 266` in UCCI mode, a word where a number belongs) becomes an [`InfoFault`] naming
//! the row of its grammar, and reading goes on at the next known key — so a bad field never
//! hides the `pv` or `currmove` after it from the legality checks.

use std::fmt;

use crate::protocol::tokens::{Token, Tokens};
use crate::protocol::{ParseError, ReqId};

/// A field of a search report that did not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct InfoFault {
    /// The field's key as written (`score`).
    pub key: String,
    /// The field as written, key and values (`score cp 266`).
    pub text: String,
    pub error: ParseError,
    /// The catalogue row that gives the field's grammar.
    pub requirement: ReqId,
}

impl fmt::Display for InfoFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.text, self.error)
    }
}

/// Reads every field of a report with `read_field`, which is given a field's key token and
/// reads its values. A field that fails becomes a fault (its row from `requirement`), and the
/// tokens after its key up to the next of `keys` belong to it. Returns the faults, in line
/// order.
pub(crate) fn read_fields<'a>(
    t: &mut Tokens<'a>,
    keys: &[&str],
    requirement: impl Fn(&str) -> ReqId,
    key_matches: impl Fn(&str, &str) -> bool,
    mut read_field: impl FnMut(Token<'a>, &mut Tokens<'a>) -> Result<(), ParseError>,
) -> Vec<InfoFault> {
    let mut faults = Vec::new();
    while let Some(key) = t.next() {
        let values = t.mark();
        if let Err(error) = read_field(key, t) {
            // The field's values are the tokens up to the next key, whatever the reader took:
            // a value missing before the next key must not swallow that key.
            t.rewind(values);
            while t
                .peek()
                .is_some_and(|next| !keys.iter().any(|k| key_matches(next.text, k)))
            {
                t.next();
            }
            faults.push(InfoFault {
                key: key.text.to_owned(),
                text: t.consumed_since(key.at).to_owned(),
                error,
                requirement: requirement(key.text),
            });
        }
    }
    faults
}

/// ` <fault text>` for each fault: a report is written back with its unreadable fields as they
/// came, so reading it again gives the same faults.
pub(crate) fn write_faults(f: &mut fmt::Formatter<'_>, faults: &[InfoFault]) -> fmt::Result {
    faults
        .iter()
        .try_for_each(|fault| write!(f, " {}", fault.text))
}
