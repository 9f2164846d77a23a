//! Spellings a text leaves open, rewritten into the one it writes.
//!
//! Every text writes its moves in lower case (`e2e4`, `h2e2`), its numbers without a sign and
//! its Gomocup points without blanks (`10,10`), but none says that this is the only spelling:
//! the letter case of moves is unstated in UCCI (ucci A13) and UCI (uci remark 33, and uci-r18
//! only shows examples), and so are signs and blanks inside a Gomocup point (gomocup A6). A
//! GUI reads such a line, and so does Arbiter: [`respell`] rewrites a line into the text's own
//! spelling and lists what it changed, so a reader can take the line as meant and a check can
//! still warn about how it was written. The codecs themselves read only the texts' spelling.
//!
//! A spelling a text rules out is never rewritten: ICCS with ten ranks (`a10a9`, ucci-r17), a
//! UCI xiangqi move with rank 0, a negative coordinate. Those stay errors of the codec.

use crate::req;
use std::fmt;

use super::{Protocol, ReqId};
use crate::rules::gomoku::Point;
use crate::rules::xiangqi::Move as IccsMove;

/// How a token departs from its text's spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Departure {
    /// Upper-case letters in a move (`E2E4`, `e7e8Q`, `H2E2`).
    UpperCase,
    /// A `+` before a number (`depth +5`, `+7,7`).
    PlusSign,
    /// Blanks inside a Gomocup point (`7, 7`, `7 ,7`).
    Blanks,
    /// A colon glued to a Gomocup answer's keyword (`UNKNOWN: The commands doesn't exist.`,
    /// AIA gomoku 2019): the text writes `UNKNOWN [error message]` and does not say whether a
    /// manager that reads the keyword up to a blank must take `UNKNOWN:` for it.
    GluedColon,
}

impl fmt::Display for Departure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Departure::UpperCase => "upper-case letters; the text writes moves in lower case",
            Departure::PlusSign => "a `+` sign; the text writes numbers without one",
            Departure::Blanks => "blanks inside the point; the text writes `X,Y` without any",
            Departure::GluedColon => {
                "a colon glued to the keyword; the text writes the keyword, a blank, then the message"
            }
        })
    }
}

/// One token (Gomocup: one point) as written and as the text writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Respelt {
    pub written: String,
    pub canonical: String,
    pub departure: Departure,
    /// The catalogue row whose form the token departs from.
    pub requirement: ReqId,
}

impl fmt::Display for Respelt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is written with {}, read as `{}`",
            self.written, self.departure, self.canonical
        )
    }
}

/// A line in its text's spelling, and what was changed to get there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Respelling {
    pub line: String,
    pub changes: Vec<Respelt>,
}

/// The line in the protocol's own spelling, when it departs from it in a way the text leaves
/// open; `None` when there is nothing to change. (AGI's text makes its whole protocol
/// case-insensitive, so only its signed numbers are respelt.)
pub(crate) fn respell(protocol: Protocol, line: &str) -> Option<Respelling> {
    let respelling = (protocol.descriptor().respell)(line);
    (!respelling.changes.is_empty()).then_some(respelling)
}

/// `parse` of the line, or of the line in its text's spelling when only a spelling the text
/// leaves open kept it from reading (the first error otherwise): a line read as a tolerant
/// reader of the protocol reads it.
pub(crate) fn leniently<T, E>(
    protocol: Protocol,
    line: &str,
    parse: impl Fn(&str) -> Result<T, E>,
) -> Result<T, E> {
    parse(line).or_else(|error| {
        respell(protocol, line)
            .and_then(|respelling| parse(&respelling.line).ok())
            .ok_or(error)
    })
}

/// A UCI or UCCI engine's move as the text writes it: lower case when that reads as a move of
/// the notation (a GUI reads `E2E4` as `e2e4`), else unchanged.
pub(crate) fn canonical_move(protocol: Protocol, text: &str) -> String {
    let Some(lower_case_move) = protocol.descriptor().lower_case_move else {
        return text.to_owned();
    };
    lower_case_move(text)
        .map(|(canonical, _)| canonical)
        .unwrap_or_else(|| text.to_owned())
}

/// A move token in the notation's letter case and the row whose spelling it departs from, or
/// `None` when it is spelt so already or is no move.
pub(crate) type LowerCaseMove = fn(&str) -> Option<(String, ReqId)>;

/// What UCCI and UCI each respell: which lines hold moves and numbers, where free text
/// begins, and the rows a departure breaks.
struct FamilyRules {
    /// Keywords of lines whose tokens are respelt.
    keywords: &'static [&'static str],
    /// The word after which an `info` line is free text.
    free_text: &'static str,
    /// The move the token means in lower case, and the row of the spelling it departs from.
    lower_case_move: LowerCaseMove,
    /// The words that start a field of an `info` line.
    info_keys: &'static [&'static str],
    /// The row of a number's field: the line's keyword and the last field key before it.
    number_row: fn(keyword: &str, key: &str) -> ReqId,
}

const UCI: FamilyRules = FamilyRules {
    keywords: &["position", "go", "bestmove", "info"],
    free_text: "string",
    info_keys: &super::uci::INFO_KEYS,
    lower_case_move: uci_lower_case,
    number_row: |keyword, key| match keyword {
        "info" => super::uci::info_requirement(key),
        _ => req!("uci-r54"),
    },
};

const UCCI: FamilyRules = FamilyRules {
    keywords: &[
        "position", "probe", "banmoves", "go", "bestmove", "pophash", "info",
    ],
    free_text: "message",
    info_keys: &super::ucci::INFO_KEYS,
    lower_case_move: ucci_lower_case,
    number_row: |keyword, key| match keyword {
        "info" => super::ucci::info_requirement(key),
        "pophash" => req!("ucci-r114"),
        _ => req!("ucci-r62"),
    },
};

/// `E2E4` as `e2e4` (uci-r18 shows squares in lower case), `e7e8Q` as `e7e8q` (uci-r20 lists
/// the promotion letters in lower case).
pub(super) fn uci_lower_case(text: &str) -> Option<(String, ReqId)> {
    let lower = text.to_ascii_lowercase();
    if lower == text || lower.parse::<super::uci::Move>().is_err() {
        return None;
    }
    // Only the letter after the two squares differs: the promotion piece.
    let squares = |t: &str| t.trim_end_matches(|c: char| c.is_ascii_alphabetic()).len();
    let row = if text[..squares(text)] == lower[..squares(&lower)] {
        req!("uci-r20")
    } else {
        req!("uci-r18")
    };
    Some((lower, row))
}

/// `H2E2` as `h2e2`: an ICCS move is four characters (ucci-r17), every example in lower case.
pub(super) fn ucci_lower_case(text: &str) -> Option<(String, ReqId)> {
    let lower = text.to_ascii_lowercase();
    if lower == text || IccsMove::parse_iccs(&lower).is_err() {
        return None;
    }
    Some((lower, req!("ucci-r17")))
}

/// `+5` as `5`.
fn without_plus(text: &str) -> Option<String> {
    let digits = text.strip_prefix('+')?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.to_owned())
}

/// UCI's moves and numbers.
pub(super) fn uci(line: &str) -> Respelling {
    family(line, &UCI)
}

/// UCCI's moves and numbers.
pub(super) fn ucci(line: &str) -> Respelling {
    family(line, &UCCI)
}

fn family(line: &str, rules: &FamilyRules) -> Respelling {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let keyword = words.first().copied().unwrap_or("");
    let mut changes = Vec::new();
    if !rules.keywords.contains(&keyword) {
        return Respelling {
            line: line.to_owned(),
            changes,
        };
    }
    // A position's FEN is not moves or numbers of the protocol; an `info` line's free text
    // is nobody's business.
    let mut in_fen = false;
    let mut free = false;
    let mut key = "";
    let mut canonical: Vec<Option<String>> = vec![None; words.len()];
    for (i, &word) in words.iter().enumerate().skip(1) {
        in_fen = match word {
            "fen" if keyword == "position" || keyword == "probe" => true,
            "moves" => false,
            _ => in_fen,
        };
        free |= keyword == "info" && word == rules.free_text;
        if in_fen || free {
            continue;
        }
        let change = if let Some((respelt, requirement)) = (rules.lower_case_move)(word) {
            Some((respelt, Departure::UpperCase, requirement))
        } else {
            without_plus(word).map(|respelt| {
                (
                    respelt,
                    Departure::PlusSign,
                    (rules.number_row)(keyword, key),
                )
            })
        };
        if rules.info_keys.contains(&word) {
            key = word;
        }
        if let Some((respelt, departure, requirement)) = change {
            changes.push(Respelt {
                written: word.to_owned(),
                canonical: respelt.clone(),
                departure,
                requirement,
            });
            canonical[i] = Some(respelt);
        }
    }
    let line = if changes.is_empty() {
        line.to_owned()
    } else {
        words
            .iter()
            .zip(canonical)
            .map(|(word, respelt)| respelt.unwrap_or_else(|| (*word).to_owned()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    Respelling { line, changes }
}

/// AGI's numbers: `GO … TIME ms` (agi-r61) and the `INFO` fields (each its own row).
pub(super) fn agi(line: &str) -> Respelling {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let keyword = words
        .first()
        .map(|w| w.to_ascii_uppercase())
        .unwrap_or_default();
    let mut changes = Vec::new();
    let mut key = "";
    let mut out = Vec::with_capacity(words.len());
    for &word in &words {
        let respelt = match keyword.as_str() {
            "GO" | "INFO" => without_plus(word),
            _ => None,
        };
        if super::agi::INFO_KEYS
            .iter()
            .any(|k| k.eq_ignore_ascii_case(word))
        {
            key = word;
        }
        match respelt {
            Some(canonical) => {
                let requirement = if keyword == "GO" {
                    req!("agi-r61")
                } else {
                    super::agi::info_requirement(key)
                };
                changes.push(Respelt {
                    written: word.to_owned(),
                    canonical: canonical.clone(),
                    departure: Departure::PlusSign,
                    requirement,
                });
                out.push(canonical);
            }
            None => out.push(word.to_owned()),
        }
    }
    let line = if changes.is_empty() {
        line.to_owned()
    } else {
        out.join(" ")
    };
    Respelling { line, changes }
}

/// The rows of the lines that carry Gomocup points or numbers, by keyword; a line without a
/// keyword is a move (the brain's) or a board line (the manager's), both `X,Y…`.
fn gomocup_row(keyword: &str) -> Option<ReqId> {
    Some(match keyword {
        "TURN" => req!("gomocup-r41"),
        "SUGGEST" => req!("gomocup-r135"),
        "PLAY" => req!("gomocup-r114"),
        "TAKEBACK" => req!("gomocup-r112"),
        "START" => req!("gomocup-r36"),
        "RECTSTART" => req!("gomocup-r105"),
        _ => return None,
    })
}

pub(super) fn gomocup(line: &str) -> Respelling {
    let text = line.trim();
    let unchanged = || Respelling {
        line: line.to_owned(),
        changes: Vec::new(),
    };
    if let Some(respelling) = gomocup_glued_colon(text) {
        return respelling;
    }
    let (keyword, argument, row) = if text.starts_with(|c: char| c.is_ascii_digit() || c == '+') {
        // A move and a board line look alike; the board line has a third number.
        let row = if text.matches(',').count() > 1 {
            req!("gomocup-r50")
        } else {
            req!("gomocup-r42")
        };
        ("", text, row)
    } else {
        let (keyword, argument) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        match gomocup_row(&keyword.to_ascii_uppercase()) {
            Some(row) => (keyword, argument.trim(), row),
            None => return unchanged(),
        }
    };
    let Some((canonical, changes)) = gomocup_numbers(argument, row) else {
        return unchanged();
    };
    // What still does not read was not merely spelt another way.
    let reads = match keyword.to_ascii_uppercase().as_str() {
        "START" => !canonical.is_empty() && canonical.bytes().all(|b| b.is_ascii_digit()),
        _ if row == req!("gomocup-r50") => canonical
            .rsplit_once(',')
            .is_some_and(|(point, field)| point.parse::<Point>().is_ok() && !field.is_empty()),
        _ => canonical.parse::<Point>().is_ok(),
    };
    if !reads {
        return unchanged();
    }
    let line = if keyword.is_empty() {
        canonical
    } else {
        format!("{keyword} {canonical}")
    };
    Respelling { line, changes }
}

/// `UNKNOWN: message` as `UNKNOWN message`, and `ERROR:` likewise: the answers whose text is
/// the keyword and a free message (gomocup-r119, gomocup-r123).
fn gomocup_glued_colon(text: &str) -> Option<Respelling> {
    [
        ("UNKNOWN", req!("gomocup-r119")),
        ("ERROR", req!("gomocup-r123")),
    ]
    .into_iter()
    .find_map(|(keyword, requirement)| {
        let written = text.get(..keyword.len())?;
        let message = text[keyword.len()..].strip_prefix(':')?.trim_start();
        if !written.eq_ignore_ascii_case(keyword) {
            return None;
        }
        let line = if message.is_empty() {
            written.to_owned()
        } else {
            format!("{written} {message}")
        };
        Some(Respelling {
            line,
            changes: vec![Respelt {
                written: format!("{written}:"),
                canonical: written.to_owned(),
                departure: Departure::GluedColon,
                requirement,
            }],
        })
    })
}

/// Gomocup numbers separated by commas (a point `X,Y`, a board line `X,Y,field`, a size) in
/// the text's spelling: no blanks around the commas, no `+` before a number. `None` when they
/// are spelt so already.
pub(crate) fn gomocup_numbers(text: &str, requirement: ReqId) -> Option<(String, Vec<Respelt>)> {
    let text = text.trim();
    let mut canonical = String::with_capacity(text.len());
    let (mut blanks, mut plus) = (false, false);
    for (i, part) in text.split(',').enumerate() {
        if i > 0 {
            canonical.push(',');
        }
        let trimmed = part.trim();
        blanks |= trimmed.len() != part.len();
        match without_plus(trimmed) {
            Some(digits) => {
                plus = true;
                canonical.push_str(&digits);
            }
            None => canonical.push_str(trimmed),
        }
    }
    let changes: Vec<Respelt> = [(blanks, Departure::Blanks), (plus, Departure::PlusSign)]
        .into_iter()
        .filter(|(departed, _)| *departed)
        .map(|(_, departure)| Respelt {
            written: text.to_owned(),
            canonical: canonical.clone(),
            departure,
            requirement,
        })
        .collect();
    (!changes.is_empty()).then_some((canonical, changes))
}

#[cfg(test)]
mod tests;
