//! The one error type of all four codecs, and the line error that adds the keyword a line
//! opened with.

/// A line that does not read: why, and the keyword it opened with when that keyword read, so
/// that a check can judge what the line still means by matching on its protocol's keywords.
///
/// `K` is the codec's command or message keyword ([`Keyword`](super::Keyword)). `keyword` is
/// `None` for a line whose first word is no keyword as the codec reads keywords: a blank line,
/// an unknown word, a keyword of a case-sensitive protocol in the wrong case (`GO`), and lines
/// that have no keyword by grammar (a Gomocup move or board line). The words are those of
/// `error` alone, so a report reads the same as before the keyword was carried.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct LineError<K> {
    /// The keyword the line opened with, as the codec read it.
    pub keyword: Option<K>,
    /// Why the line does not read.
    pub error: ParseError,
}

impl<K> LineError<K> {
    /// An error in a line the codec read no keyword of.
    pub(crate) fn unkeyed(error: ParseError) -> Self {
        LineError {
            keyword: None,
            error,
        }
    }
}

impl<K> From<ParseError> for LineError<K> {
    fn from(error: ParseError) -> Self {
        LineError::unkeyed(error)
    }
}

/// Why a line is not a valid command or message of its protocol.
///
/// Every variant names the offending text and what the protocol expects there, so that
/// `to_string()` can go into a report unchanged, e.g. "`bestmove` is followed by `e2e9x`, which
/// is not an ICCS move: …".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The line holds nothing but whitespace.
    #[error("the line is empty")]
    Empty,
    /// The first token is not a keyword of the protocol (in this direction).
    #[error("`{keyword}` is not a known keyword: expected {expected}")]
    UnknownKeyword {
        /// The token found.
        keyword: String,
        /// The keywords the line could have started with.
        expected: &'static str,
    },
    /// A keyword of a case-sensitive protocol is written in the wrong letter case.
    #[error(
        "`{keyword}` must be written `{expected}`: keywords of this protocol are case-sensitive"
    )]
    WrongCase {
        /// The token found.
        keyword: String,
        /// The keyword as the protocol writes it.
        expected: &'static str,
    },
    /// The line ends (or the next field starts) where something is required.
    #[error("`{after}` must be followed by {what}")]
    Missing {
        /// What is required, e.g. "an ICCS move".
        what: &'static str,
        /// The text it must follow.
        after: String,
    },
    /// A numeric field holds something that is not a number of the right kind.
    #[error("`{field}` is followed by `{text}`, which is not {reason}")]
    BadNumber {
        /// The keyword the number belongs to.
        field: String,
        /// The token found.
        text: String,
        /// What the number must be, e.g. "a decimal integer from 0 to 4294967295".
        reason: String,
    },
    /// A move field holds something that is not a move in the protocol's notation.
    #[error("`{field}` is followed by `{text}`, which is not {notation}: {reason}")]
    BadMove {
        /// The keyword the move belongs to (`bestmove`, `pv`, `moves`, …).
        field: String,
        /// The token found.
        text: String,
        /// The notation, with article: "an ICCS move", "a UCI move".
        notation: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// A point (Gomocup `x,y`, AGI hex) is malformed or off the board.
    #[error("`{text}` ({context}) is not a valid point: {reason}")]
    BadPoint {
        /// The text found.
        text: String,
        /// Where it stood, e.g. "after `TURN`" or "a move reply".
        context: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A field takes one of a few words and got another.
    #[error("`{field}` is followed by `{text}`, but it takes {expected}")]
    BadValue {
        /// The keyword the value belongs to.
        field: String,
        /// The token found.
        text: String,
        /// The accepted values, e.g. "`on` or `off`".
        expected: &'static str,
    },
    /// A field that may appear once appears twice.
    #[error("`{key}` appears twice in one line")]
    Duplicate {
        /// The repeated keyword.
        key: String,
    },
    /// A token that fits nowhere in the grammar.
    #[error("unexpected `{token}` at byte {at}: {context}")]
    Unexpected {
        /// The token found.
        token: String,
        /// Its byte offset in the line.
        at: usize,
        /// What the grammar allows there.
        context: String,
    },
    /// A Gomocup `ABOUT` reply that is not a `key="value", …` list.
    #[error("`{text}` is not a key=\"value\" list: {reason} (at byte {at})")]
    BadAbout {
        /// The whole reply.
        text: String,
        /// Byte offset of the fault.
        at: usize,
        /// What is wrong.
        reason: &'static str,
    },
}
