//! Whitespace tokenizer and the small parsing helpers the four codecs share.

use std::str::FromStr;

use super::{Keyword, LineError, ParseError};

/// Token separators: ASCII whitespace, so runs of spaces and tabs (uci-r09) and a stray `\r` or
/// `\n` at the end of a line all separate tokens and never become part of one.
pub(crate) fn is_blank(c: char) -> bool {
    c.is_ascii_whitespace()
}

/// `s` without leading and trailing separators.
pub(crate) fn trim_blank(s: &str) -> &str {
    s.trim_matches(is_blank)
}

/// One token and its byte offset in the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    pub text: &'a str,
    pub at: usize,
}

impl Token<'_> {
    /// Byte offset just past the token.
    pub(crate) fn end(self) -> usize {
        self.at + self.text.len()
    }
}

/// The tokens of one line with a cursor.
#[derive(Debug, Clone)]
pub(crate) struct Tokens<'a> {
    line: &'a str,
    tokens: Vec<Token<'a>>,
    next: usize,
}

impl<'a> Tokens<'a> {
    pub(crate) fn new(line: &'a str) -> Tokens<'a> {
        // Blanks are ASCII, and an ASCII byte never occurs inside a multi-byte character: the
        // bytes can be read one by one, and every cut falls on a character boundary.
        let mut tokens = Vec::with_capacity(16);
        let mut start = None;
        for (i, byte) in line.bytes().enumerate() {
            match (byte.is_ascii_whitespace(), start) {
                (true, Some(s)) => {
                    tokens.push(Token {
                        text: &line[s..i],
                        at: s,
                    });
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            tokens.push(Token {
                text: &line[s..],
                at: s,
            });
        }
        Tokens {
            line,
            tokens,
            next: 0,
        }
    }

    pub(crate) fn next(&mut self) -> Option<Token<'a>> {
        let t = self.tokens.get(self.next).copied();
        if t.is_some() {
            self.next += 1;
        }
        t
    }

    pub(crate) fn peek(&self) -> Option<Token<'a>> {
        self.tokens.get(self.next).copied()
    }

    /// The rest of the line from the next token on, verbatim (inner whitespace kept), without
    /// trailing whitespace; consumes every remaining token. Empty if none is left.
    pub(crate) fn rest(&mut self) -> &'a str {
        match self.peek() {
            Some(t) => {
                self.next = self.tokens.len();
                trim_blank(&self.line[t.at..])
            }
            None => "",
        }
    }

    /// Takes tokens while `keep` holds and returns them as one verbatim slice of the line
    /// (`None` if the first token already fails).
    pub(crate) fn take_while(&mut self, mut keep: impl FnMut(&str) -> bool) -> Option<&'a str> {
        let first = self.peek()?;
        let mut last = None;
        while let Some(t) = self.peek() {
            if !keep(t.text) {
                break;
            }
            last = Some(t);
            self.next += 1;
        }
        last.map(|l| &self.line[first.at..l.end()])
    }

    /// Where the cursor stands, for [`Tokens::rewind`].
    pub(crate) fn mark(&self) -> usize {
        self.next
    }

    /// Puts the cursor back where [`Tokens::mark`] was taken.
    pub(crate) fn rewind(&mut self, mark: usize) {
        self.next = mark.min(self.tokens.len());
    }

    /// The line from byte `at` to the end of the last token taken, verbatim.
    pub(crate) fn consumed_since(&self, at: usize) -> &'a str {
        let end = self
            .next
            .checked_sub(1)
            .and_then(|last| self.tokens.get(last))
            .map_or(at, |t| t.end());
        self.line.get(at..end.max(at)).unwrap_or("")
    }

    /// Fails if any token is left; `what` names what has just been read.
    /// The line's first word, its keyword; a blank line is [`ParseError::Empty`].
    pub(crate) fn keyword(&mut self) -> Result<Token<'a>, ParseError> {
        self.next().ok_or(ParseError::Empty)
    }

    /// After a whole command or message is read: nothing may follow it.
    pub(crate) fn end_of(&self, keyword: Token<'_>) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => self.finish(&format!("`{}`", keyword.text)),
        }
    }

    pub(crate) fn finish(&self, what: &str) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(ParseError::Unexpected {
                token: t.text.to_owned(),
                at: t.at,
                context: format!("nothing may follow {what}"),
            }),
        }
    }
}

/// The next token, or [`ParseError::Missing`].
pub(crate) fn require<'a>(
    t: &mut Tokens<'a>,
    what: &'static str,
    after: &str,
) -> Result<Token<'a>, ParseError> {
    t.next().ok_or_else(|| ParseError::Missing {
        what,
        after: after.to_owned(),
    })
}

/// Reads a line that opens with a keyword of `K`: the keyword, then `body` on the tokens after
/// it, then nothing more. An error after the keyword carries it, so that whoever judges the
/// line knows what it meant to be; a first word that is no keyword is
/// [`ParseError::WrongCase`] if it is one in another letter case, else
/// [`ParseError::UnknownKeyword`] naming `expected`.
pub(crate) fn keyed_line<K: Keyword, T>(
    line: &str,
    expected: &'static str,
    body: impl FnOnce(K, &mut Tokens<'_>) -> Result<T, ParseError>,
) -> Result<T, LineError<K>> {
    let mut t = Tokens::new(line);
    let (kw, keyword) = opening_keyword(&mut t, expected)?;
    body(keyword, &mut t)
        .and_then(|value| t.end_of(kw).map(|()| value))
        .map_err(|error| LineError {
            keyword: Some(keyword),
            error,
        })
}

/// The line's first token and the keyword it reads as (see [`keyed_line`]).
pub(crate) fn opening_keyword<'a, K: Keyword>(
    t: &mut Tokens<'a>,
    expected: &'static str,
) -> Result<(Token<'a>, K), ParseError> {
    let kw = t.keyword()?;
    match K::read(kw.text) {
        Some(keyword) => Ok((kw, keyword)),
        None => Err(unknown_keyword(kw.text, K::texts(), expected)),
    }
}

/// Error for a first token that is not a keyword: [`ParseError::WrongCase`] if it is one of
/// `known` in another letter case, else [`ParseError::UnknownKeyword`].
fn unknown_keyword(
    token: &str,
    mut known: impl Iterator<Item = &'static str>,
    expected: &'static str,
) -> ParseError {
    match known.find(|k| k.eq_ignore_ascii_case(token)) {
        Some(k) => ParseError::WrongCase {
            keyword: token.to_owned(),
            expected: k,
        },
        None => ParseError::UnknownKeyword {
            keyword: token.to_owned(),
            expected,
        },
    }
}

/// Parses a decimal integer: optional `-` (only where `T` is signed), then digits only, so
/// `+5`, `5.0` and `0x10` are refused with a reason.
pub(crate) fn number<T>(field: &str, text: &str) -> Result<T, ParseError>
where
    T: FromStr + Bounded,
{
    let digits = if T::SIGNED {
        text.strip_prefix('-').unwrap_or(text)
    } else {
        text
    };
    // The message is made only for a number that is wrong: engines write a number in
    // nearly every line, and formatting the range for each was a sixth of a match's judging.
    let bad = |beyond: &str| ParseError::BadNumber {
        field: field.to_owned(),
        text: text.to_owned(),
        reason: format!("a decimal integer from {} to {}{beyond}", T::MIN, T::MAX),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(""));
    }
    text.parse::<T>().map_err(|_| bad(" (out of range)"))
}

/// The integer types [`number`] reads, with their range for error messages.
pub(crate) trait Bounded {
    const SIGNED: bool;
    const MIN: i128;
    const MAX: i128;
}

macro_rules! bounded {
    ($($t:ty),*) => {$(
        impl Bounded for $t {
            const SIGNED: bool = <$t>::MIN != 0;
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
        }
    )*};
}
bounded!(u8, u32, u64, i32, i64);

/// Stores `value` in `slot` unless it is already set ([`ParseError::Duplicate`]).
pub(crate) fn set_once<T>(slot: &mut Option<T>, key: &str, value: T) -> Result<(), ParseError> {
    if slot.is_some() {
        return Err(ParseError::Duplicate {
            key: key.to_owned(),
        });
    }
    *slot = Some(value);
    Ok(())
}

/// Sets a flag that may appear once.
pub(crate) fn flag_once(flag: &mut bool, key: &str) -> Result<(), ParseError> {
    if *flag {
        return Err(ParseError::Duplicate {
            key: key.to_owned(),
        });
    }
    *flag = true;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &str) -> Vec<(&str, usize)> {
        let mut t = Tokens::new(line);
        std::iter::from_fn(|| t.next().map(|k| (k.text, k.at))).collect()
    }

    #[test]
    fn splits_on_runs_of_blanks() {
        assert_eq!(
            texts(" go\t depth  5\r"),
            [("go", 1), ("depth", 5), ("5", 12)]
        );
        assert!(texts("  \t\r\n").is_empty());
        assert_eq!(texts("é x"), [("é", 0), ("x", 3)]);
    }

    #[test]
    fn rest_keeps_inner_whitespace() {
        let mut t = Tokens::new("info string  a  b \r");
        t.next();
        t.next();
        assert_eq!(t.rest(), "a  b");
        assert_eq!(t.rest(), "");
    }

    #[test]
    fn numbers_are_plain_decimals() {
        assert_eq!(number::<u32>("depth", "12"), Ok(12));
        assert_eq!(number::<i32>("cp", "-7"), Ok(-7));
        assert_eq!(
            number::<u32>("depth", "-1").unwrap_err().to_string(),
            "`depth` is followed by `-1`, which is not a decimal integer from 0 to 4294967295"
        );
        assert!(number::<u32>("depth", "+1").is_err());
        assert_eq!(
            number::<u8>("f", "300").unwrap_err().to_string(),
            "`f` is followed by `300`, which is not a decimal integer from 0 to 255 (out of range)"
        );
    }
}
