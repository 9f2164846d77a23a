//! Patterns for the lines a scenario expects back.
//!
//! A pattern reads like the line it stands for. Tokens are compared one by one, so runs of
//! spaces or tabs in the engine's line never matter (every spec allows them):
//!
//! * a plain word matches itself (case-insensitively for protocols whose keywords are);
//! * `*` matches any one token, `...` any number of tokens, including none;
//! * `{name}` matches one token and captures it, `{name...}` captures the rest of the line;
//! * `a|b|c` matches any one of the words (`OK|ERROR ...`: a START reply);
//! * `!a|b` matches any one token except those words (`!MESSAGE|DEBUG ...`: any line but a
//!   message), so a league organiser can say "anything but" without a regular expression;
//! * a pattern written `/…/` is a regular expression over the whole line; its named groups
//!   `(?P<name>…)` are captures.

use regex_lite::Regex;
use thiserror::Error;

/// Why a pattern does not compile.
#[derive(Debug, Error)]
pub enum PatternError {
    /// `/…/` whose body is no regular expression.
    #[error("bad regular expression: {0}")]
    Regex(#[from] regex_lite::Error),
    /// `{…}` around something that is no capture name.
    #[error("`{0}` is not a capture: use {{name}} or {{name...}}")]
    NotACapture(String),
    /// `a||b`, `|a`: an alternative with nothing in it.
    #[error("`{0}` has an empty alternative: write `a|b` or `!a|b`")]
    EmptyAlternative(String),
    /// Nothing to match.
    #[error("empty pattern")]
    Empty,
}

/// One compiled expectation pattern.
#[derive(Debug, Clone)]
pub enum Pattern {
    Tokens(Vec<Token>),
    Regex(Regex),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    Literal(String),
    /// One of several words.
    OneOf(Vec<String>),
    /// Any one word but these.
    NoneOf(Vec<String>),
    AnyOne,
    AnyRest,
    Capture(String),
    CaptureRest(String),
}

/// Patterns compare by what they were compiled from: their tokens, or a regular expression's
/// text (which `regex_lite` does not compare itself).
impl PartialEq for Pattern {
    fn eq(&self, other: &Pattern) -> bool {
        match (self, other) {
            (Pattern::Tokens(a), Pattern::Tokens(b)) => a == b,
            (Pattern::Regex(a), Pattern::Regex(b)) => a.as_str() == b.as_str(),
            _ => false,
        }
    }
}

/// Values captured by a successful match, in pattern order.
pub(crate) type Captures = Vec<(String, String)>;

impl Pattern {
    /// Compiles a pattern; the error says what is wrong with it.
    pub(crate) fn parse(text: &str) -> Result<Pattern, PatternError> {
        let text = text.trim();
        if text.len() >= 2 && text.starts_with('/') && text.ends_with('/') {
            let body = &text[1..text.len() - 1];
            return Ok(Pattern::Regex(Regex::new(&format!("^(?:{body})$"))?));
        }
        let tokens = text
            .split_whitespace()
            .map(|word| {
                if word == "*" {
                    return Ok(Token::AnyOne);
                }
                if word == "..." {
                    return Ok(Token::AnyRest);
                }
                match word.strip_prefix('{').and_then(|w| w.strip_suffix('}')) {
                    Some(inner) => {
                        let (name, rest) = match inner.strip_suffix("...") {
                            Some(name) => (name, true),
                            None => (inner, false),
                        };
                        if !is_capture_name(name) {
                            return Err(PatternError::NotACapture(word.to_owned()));
                        }
                        Ok(if rest {
                            Token::CaptureRest(name.to_owned())
                        } else {
                            Token::Capture(name.to_owned())
                        })
                    }
                    None => alternatives(word),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        if tokens.is_empty() {
            return Err(PatternError::Empty);
        }
        Ok(Pattern::Tokens(tokens))
    }

    /// Matches a whole line; returns the captures on success.
    pub(crate) fn matches(&self, line: &str, case_insensitive: bool) -> Option<Captures> {
        match self {
            Pattern::Regex(re) => {
                let caps = re.captures(line.trim())?;
                Some(
                    re.capture_names()
                        .flatten()
                        .filter_map(|n| caps.name(n).map(|m| (n.to_owned(), m.as_str().to_owned())))
                        .collect(),
                )
            }
            Pattern::Tokens(pattern) => {
                let words: Vec<&str> = line.split_whitespace().collect();
                let mut captures = Vec::new();
                match_tokens(pattern, &words, case_insensitive, &mut captures).then_some(captures)
            }
        }
    }

    /// The words a matching line may open with, where the pattern names them (`bestmove ...`,
    /// `OK|ERROR ...`); `None` for a regular expression or a pattern opening with a wildcard,
    /// a capture or `!`.
    pub(crate) fn first_words(&self) -> Option<Vec<&str>> {
        match self {
            Pattern::Tokens(tokens) => match tokens.first()? {
                Token::Literal(word) => Some(vec![word.as_str()]),
                Token::OneOf(words) => Some(words.iter().map(String::as_str).collect()),
                _ => None,
            },
            Pattern::Regex(_) => None,
        }
    }

    /// The names this pattern can capture.
    pub(crate) fn capture_names(&self) -> Vec<String> {
        match self {
            Pattern::Regex(re) => re.capture_names().flatten().map(str::to_owned).collect(),
            Pattern::Tokens(tokens) => tokens
                .iter()
                .filter_map(|t| match t {
                    Token::Capture(n) | Token::CaptureRest(n) => Some(n.clone()),
                    _ => None,
                })
                .collect(),
        }
    }
}

/// A plain word, `a|b` or `!a|b`.
fn alternatives(word: &str) -> Result<Token, PatternError> {
    let (negated, body) = match word.strip_prefix('!') {
        Some(body) if !body.is_empty() => (true, body),
        _ => (false, word),
    };
    if !negated && !body.contains('|') {
        return Ok(Token::Literal(word.to_owned()));
    }
    let words: Vec<String> = body.split('|').map(str::to_owned).collect();
    if words.iter().any(String::is_empty) {
        return Err(PatternError::EmptyAlternative(word.to_owned()));
    }
    Ok(if negated {
        Token::NoneOf(words)
    } else {
        Token::OneOf(words)
    })
}

pub(crate) fn is_capture_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
}

fn match_tokens(pattern: &[Token], words: &[&str], ci: bool, captures: &mut Captures) -> bool {
    let Some((first, rest)) = pattern.split_first() else {
        return words.is_empty();
    };
    match first {
        Token::AnyRest => (0..=words.len()).any(|skip| {
            let mark = captures.len();
            match_tokens(rest, &words[skip..], ci, captures) || {
                captures.truncate(mark);
                false
            }
        }),
        Token::CaptureRest(name) => {
            // Captures as little as lets the remainder match; at the end, the whole rest.
            (0..=words.len()).any(|take| {
                let mark = captures.len();
                captures.push((name.clone(), words[..take].join(" ")));
                match_tokens(rest, &words[take..], ci, captures) || {
                    captures.truncate(mark);
                    false
                }
            })
        }
        _ => {
            let Some((word, words)) = words.split_first() else {
                return false;
            };
            let same = |lit: &String| {
                if ci {
                    lit.eq_ignore_ascii_case(word)
                } else {
                    lit == word
                }
            };
            if match first {
                Token::Literal(lit) => same(lit),
                Token::OneOf(lits) => lits.iter().any(same),
                Token::NoneOf(lits) => !lits.iter().any(same),
                Token::Capture(name) => {
                    captures.push((name.clone(), (*word).to_owned()));
                    true
                }
                _ => true,
            } {
                match_tokens(rest, words, ci, captures)
            } else {
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Patterns are equal when they were compiled from the same tokens or the same regular
    /// expression, however the line spaced them.
    #[test]
    fn patterns_compare_by_what_they_were_compiled_from() {
        let p = |text| Pattern::parse(text).unwrap();
        assert_eq!(p("bestmove  {move} ..."), p("bestmove {move} ..."));
        assert_ne!(p("bestmove {move}"), p("bestmove {move} ..."));
        assert_eq!(p("/id name .*/"), p("/id name .*/"));
        assert_ne!(p("/id name .*/"), p("/id name .+/"));
        assert_ne!(p("/a/"), p("a"));
    }

    fn caps(pattern: &str, line: &str) -> Option<Captures> {
        Pattern::parse(pattern).unwrap().matches(line, false)
    }

    #[test]
    fn literals_match_across_whitespace_runs() {
        assert!(caps("bestmove h2e2", "bestmove \t h2e2").is_some());
        assert!(caps("bestmove h2e2", "bestmove h2e2 ponder h9g7").is_none());
    }

    #[test]
    fn captures_and_wildcards() {
        assert_eq!(
            caps("bestmove {bestmove} ...", "bestmove b0c2 ponder h9g7"),
            Some(vec![("bestmove".into(), "b0c2".into())])
        );
        assert_eq!(
            caps(
                "bestmove {bestmove} ponder {ponder}",
                "bestmove b0c2 ponder h9g7"
            )
            .unwrap()[1],
            ("ponder".into(), "h9g7".into())
        );
        assert!(caps("id * ...", "id name X").is_some());
        assert!(caps("id * ...", "id").is_none());
        assert_eq!(
            caps("id name {name...}", "id name Elephant  Eye 1.6"),
            Some(vec![("name".into(), "Elephant Eye 1.6".into())])
        );
    }

    #[test]
    fn rest_in_the_middle_backtracks() {
        assert!(
            caps(
                "info ... pv {first} ...",
                "info depth 3 score 4 pv h2e2 h9g7"
            )
            .is_some()
        );
        let c = caps("info ... pv {first} ...", "info depth 3 pv h2e2").unwrap();
        assert_eq!(c, vec![("first".into(), "h2e2".into())]);
    }

    #[test]
    fn case_insensitive_literals_for_agi() {
        let p = Pattern::parse("BESTMOVE {m} ...").unwrap();
        assert!(p.matches("bestmove 78", true).is_some());
        assert!(p.matches("bestmove 78", false).is_none());
    }

    #[test]
    fn regex_patterns_capture_named_groups() {
        let p = Pattern::parse(r"/bestmove (?P<bm>\S+)( ponder (?P<pd>\S+))?/").unwrap();
        let c = p.matches("bestmove e2e4", false).unwrap();
        assert_eq!(c, vec![("bm".into(), "e2e4".into())]);
    }

    #[test]
    fn alternatives_and_negations_match_one_token() {
        assert!(caps("OK|ERROR ...", "ERROR size not supported").is_some());
        assert!(caps("OK|ERROR ...", "UNKNOWN").is_none());
        assert!(caps("!MESSAGE|DEBUG ...", "10,10").is_some());
        assert!(caps("!MESSAGE|DEBUG ...", "DEBUG thinking").is_none());
        let p = Pattern::parse("!message ...").unwrap();
        assert!(p.matches("MESSAGE x", true).is_none());
        assert!(p.matches("MESSAGE x", false).is_some());
        assert!(caps("!", "!").is_some(), "a lone ! is a literal");
    }

    #[test]
    fn a_pattern_names_the_words_its_line_opens_with_where_it_can() {
        let words = |text: &str| {
            Pattern::parse(text)
                .unwrap()
                .first_words()
                .map(|w| w.join(" "))
        };
        assert_eq!(words("bestmove a2a3|h2h3 ..."), Some("bestmove".into()));
        assert_eq!(words("OK|ERROR ..."), Some("OK ERROR".into()));
        assert_eq!(words("!MESSAGE|DEBUG ..."), None);
        assert_eq!(words("{reply} ..."), None);
        assert_eq!(words(r"/\d+,\d+/"), None);
    }

    #[test]
    fn bad_patterns_are_refused_with_a_reason() {
        assert!(matches!(
            Pattern::parse("OK||ERROR"),
            Err(PatternError::EmptyAlternative(word)) if word == "OK||ERROR"
        ));
        assert!(matches!(
            Pattern::parse("{bad!}"),
            Err(PatternError::NotACapture(_))
        ));
        let regex = Pattern::parse("/(/").unwrap_err();
        assert!(matches!(regex, PatternError::Regex(_)));
        assert!(regex.to_string().contains("regular expression"));
        assert!(matches!(Pattern::parse("   "), Err(PatternError::Empty)));
    }
}
