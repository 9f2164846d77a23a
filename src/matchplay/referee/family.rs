//! What the UCCI and UCI seats share: the options sent at the handshake, the search's answer
//! read up to `bestmove`, and pondering's bookkeeping. Each seat writes its own protocol's
//! typed commands.

use std::time::Duration;

use super::game::Played;
use super::searches::SearchSpan;
use crate::matchplay::adjudication::{info_words, last_score};
use crate::matchplay::fault::{Fault, Illegality, read_until};
use crate::matchplay::options::{EngineOptions, UndeclaredOption, same_name};
use crate::matchplay::{SearchInfo, SearchScore};
use crate::protocol::family::OptionDecl;
use crate::protocol::spelling::{Respelt, respell};
use crate::protocol::{Protocol, ucci, uci};

use super::seat::Engine;

/// How long an engine may take to answer `stop` with its ponder search's result.
pub(super) const PONDER_STOP_BOUND: Duration = Duration::from_secs(5);

/// The options an engine declared in its handshake, each with its default.
pub(super) struct Declared(pub(super) Vec<OptionDecl>);

impl Declared {
    /// Whether the engine declared the option `name`.
    pub(super) fn has(&self, name: &str) -> bool {
        self.0.iter().any(|d| same_name(&d.name, name))
    }
}

/// Reads the handshake's answer up to the line `done` accepts: the options the engine
/// declared on the way, read by the seat's codec (`declared_option`).
pub(super) fn declared(
    engine: &mut Engine,
    bound: Duration,
    done: impl Fn(&str) -> bool,
    declared_option: fn(&str) -> Option<OptionDecl>,
) -> Result<Declared, Fault> {
    let lines = read_until(engine.session()?, bound, done)?;
    Ok(Declared(
        lines
            .iter()
            .filter_map(|line| declared_option(line))
            .collect(),
    ))
}

/// Whether the user set the option `name` for this engine (the referee then leaves it alone).
pub(super) fn user_set(engine: &Engine, name: &str) -> bool {
    engine
        .options
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case(name))
}

/// Sends the user's options, each written by `setoption` with the value `None` when empty,
/// and returns those the engine did not declare (sent all the same). The engine then holds
/// its declared options' defaults and the values sent (`Engine::held`).
pub(super) fn send_user_options<C: std::fmt::Display>(
    engine: &mut Engine,
    declared: &Declared,
    setoption: impl Fn(String, Option<String>) -> C,
) -> Result<Vec<UndeclaredOption>, Fault> {
    let mut undeclared = Vec::new();
    for (name, value) in engine.options.clone() {
        let value = (!value.is_empty()).then_some(value);
        engine.send(&setoption(name.clone(), value))?;
        if !declared.has(&name) {
            undeclared.push(UndeclaredOption {
                engine: engine.name.clone(),
                option: name,
            });
        }
    }
    engine.held = Some(EngineOptions::declared(
        &engine.name,
        declared
            .0
            .iter()
            .map(|d| (d.name.as_str(), d.default.as_deref())),
        &engine.options,
    ));
    Ok(undeclared)
}

/// Whether an engine line ends a search: `bestmove …` (read or not) or `nobestmove`.
pub(super) fn ends_search(line: &str) -> bool {
    matches!(
        line.split_ascii_whitespace().next(),
        Some("bestmove" | "nobestmove")
    )
}

/// An engine's answer to a search.
pub(super) struct Answer<Message> {
    pub read: Read<Message>,
    /// The score of the last `info` line before it.
    pub score: Option<i32>,
    /// The last search report before it, for the record.
    pub info: Option<SearchInfo>,
    /// When the search was asked for and answered, on the session's clock.
    pub searched: SearchSpan,
}

/// A line as its protocol's codec reads it, leniently (a spelling the text leaves open is
/// respelt), with what was respelt; or the line as written, when it does not read.
pub(super) type Read<Message> = Result<(Message, Vec<Respelt>), UnreadLine>;

/// A line of an engine's that its protocol's codec does not read, even respelt.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{line}` does not read as a message of the engine's protocol")]
pub(super) struct UnreadLine {
    /// The line as the engine wrote it.
    pub line: String,
}

/// Now on the engine's session clock, the clock its transcript's lines are stamped with: taken
/// before a move is asked for, so the search's findings can be placed at its move.
pub(super) fn session_now(engine: &mut Engine) -> Result<u64, Fault> {
    Ok(engine.session()?.now_us())
}

/// Reads the engine's lines up to the end of its search within `allowance`: a silence is a
/// loss on time. The search was asked for at `asked_us` ([`session_now`]).
pub(super) fn read_answer<M, E>(
    engine: &mut Engine,
    allowance: Duration,
    asked_us: u64,
    parse: impl Fn(&str) -> Result<M, E>,
) -> Result<Answer<M>, Fault> {
    let protocol = engine.protocol;
    let session = engine.session()?;
    let lines = read_until(session, allowance, ends_search).map_err(Fault::on_the_clock)?;
    let searched = SearchSpan {
        asked_us,
        answered_us: session.now_us(),
    };
    let score = last_score(lines.iter().map(String::as_str));
    let info = last_info(lines.iter().map(String::as_str));
    let line = lines.last().cloned().unwrap_or_default();
    Ok(Answer {
        read: leniently(protocol, &line, parse),
        score,
        info,
        searched,
    })
}

/// Whether a word of an `info` line starts a field, and so ends a `pv`: a key of UCI's or
/// UCCI's `info`, or a word engines write there that neither text lists (`lowerbound` and
/// `upperbound` after UCCI's score, `wdl`).
fn starts_field(word: &str) -> bool {
    uci::INFO_KEYS.contains(&word)
        || ucci::INFO_KEYS.contains(&word)
        || ["lowerbound", "upperbound", "wdl"].contains(&word)
}

/// The last search report among an engine's lines: the last `info` line with a score or a pv,
/// of its principal line when it reports several (`multipv` absent or 1), read leniently, as
/// a GUI shows what it can of a report: a field that does not read is left out. UCI writes
/// `score cp N` or `score mate N`, UCCI `score N` (centipawns; it has no mate score).
pub(super) fn last_info<'a>(lines: impl DoubleEndedIterator<Item = &'a str>) -> Option<SearchInfo> {
    lines.rev().find_map(|line| {
        let words = info_words(line)?;
        let after = |key: &str| {
            let at = words.iter().position(|w| *w == key)?;
            Some(&words[at + 1..])
        };
        if after("multipv")
            .and_then(|w| w.first())
            .is_some_and(|n| *n != "1")
        {
            return None;
        }
        let score = after("score").and_then(|w| match w {
            ["cp", n, ..] => n.parse().ok().map(SearchScore::Cp),
            ["mate", n, ..] => n.parse().ok().map(SearchScore::Mate),
            [n, ..] => n.parse().ok().map(SearchScore::Cp),
            [] => None,
        });
        let pv = after("pv")
            .map(|w| {
                let moves = w.iter().take_while(|w| !starts_field(w));
                moves.copied().collect::<Vec<_>>().join(" ")
            })
            .unwrap_or_default();
        if score.is_none() && pv.is_empty() {
            return None;
        }
        Some(SearchInfo {
            depth: after("depth").and_then(|w| w.first()?.parse().ok()),
            score,
            pv,
        })
    })
}

/// Reads `line`, or the line in its text's spelling when only a spelling the text leaves open
/// kept it from reading, with what was respelt.
pub(super) fn leniently<M, E>(
    protocol: Protocol,
    line: &str,
    parse: impl Fn(&str) -> Result<M, E>,
) -> Read<M> {
    match parse(line) {
        Ok(message) => Ok((message, Vec::new())),
        Err(_) => respell(protocol, line)
            .and_then(|respelling| {
                let message = parse(&respelling.line).ok()?;
                Some((message, respelling.changes))
            })
            .ok_or_else(|| UnreadLine {
                line: line.to_owned(),
            }),
    }
}

/// A move as the engine wrote it: its respelt token where the reader respelt it, else the
/// codec's own writing of it (which is what it read).
pub(super) fn as_written(mv: &impl std::fmt::Display, respelt: &[Respelt]) -> String {
    let canonical = mv.to_string();
    respelt
        .iter()
        .find(|r| r.canonical == canonical)
        .map_or(canonical, |r| r.written.clone())
}

/// The move of a `bestmove` line the codec did not read (a word after it the text does not
/// have, a move of no notation): its first word, read alone by `read`, or as written. A line
/// with no move is no answer: the engine loses by it as by an illegal move.
pub(super) fn unread_bestmove<M>(
    line: String,
    read: impl Fn(&str) -> Option<M>,
    banned: impl Fn(&M) -> bool,
) -> Result<Played<M>, Fault> {
    let mut words = line.split_ascii_whitespace();
    let Some(written) = words.next().filter(|w| *w == "bestmove").and(words.next()) else {
        // `nobestmove` says the position is dead, but the game had a legal move to play.
        return Err(Fault::illegal(line, Illegality::NoMove));
    };
    let written = written.to_owned();
    Ok(match read(&written) {
        Some(mv) => Played::Move {
            banned: banned(&mv),
            mv,
            written,
        },
        None => Played::Unreadable(written),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(lines: &[&str]) -> Option<SearchInfo> {
        last_info(lines.iter().copied())
    }

    #[test]
    fn the_last_report_with_a_score_or_a_pv_is_kept() {
        let uci = info(&[
            "info depth 9 score cp 20 pv e2e4 e7e5",
            "info depth 10 seldepth 14 multipv 1 score cp 34 upperbound nodes 900 pv d2d4 d7d5 c2c4 nps 1000",
            "info depth 10 multipv 2 score cp 12 pv e2e4",
            "info nodes 1200 nps 4000",
            "info string book move",
            "bestmove d2d4",
        ]);
        assert_eq!(
            uci,
            Some(SearchInfo {
                depth: Some(10),
                score: Some(SearchScore::Cp(34)),
                pv: "d2d4 d7d5 c2c4".into(),
            })
        );
        let mate = info(&["info depth 5 score mate -3 pv a1a2"]);
        assert_eq!(mate.and_then(|i| i.score), Some(SearchScore::Mate(-3)));
        // UCCI's score is a number of its own; `message` takes the rest of the line.
        let ucci = info(&["info depth 6 score -45 pv h2e2 h9g7 message score 99"]);
        assert_eq!(
            ucci,
            Some(SearchInfo {
                depth: Some(6),
                score: Some(SearchScore::Cp(-45)),
                pv: "h2e2 h9g7".into(),
            })
        );
        assert_eq!(info(&["info currmove h2e2", "bestmove h2e2"]), None);
        assert_eq!(info(&[]), None);
    }
}
