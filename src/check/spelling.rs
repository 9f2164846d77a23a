//! An engine's lines written in a spelling the text leaves open (`protocol::spelling`): read
//! as the text writes them, each departure a warning; and a move token the notation rules out,
//! a failure of the notation that names the legal move meant when there is one.

use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::{Grade, Outcome};
use crate::protocol::family::looks_like_move;
use crate::protocol::spelling::{Departure, Respelling, respell};
use crate::protocol::{ParseError, Protocol, ReqId};
use crate::rules::Game;
use crate::session::At;

/// A search report with fields that did not read, read again in the text's spelling when
/// that is all they lacked (`pv H2E2`, `score +4`): its warnings, and the report as meant.
/// `faults` counts a report's unread fields; `reread` reads a line as the protocol's report.
pub(super) fn respelt_info<I>(
    protocol: Protocol,
    info: I,
    text: &str,
    at: At,
    out: &mut Findings,
    faults: impl Fn(&I) -> usize,
    reread: impl FnOnce(&str) -> Option<I>,
) -> I {
    if faults(&info) == 0 {
        return info;
    }
    let Some(respelling) = respell(protocol, text) else {
        return info;
    };
    match reread(&respelling.line) {
        Some(respelt) if faults(&respelt) < faults(&info) => {
            out.extend(departures(protocol, text, &respelling, at));
            respelt
        }
        _ => info,
    }
}

/// A reply that reads only in the text's spelling (`bestmove H2E2`): the first failure of
/// judging what it says, since the move read is still judged, else its first spelling
/// warning; `None` when the respelt line does not read either. `reread` reads a line as the
/// protocol's message; `judge` judges the message read.
pub(super) fn respelt_reply<M>(
    protocol: Protocol,
    line: &str,
    at: At,
    reread: impl FnOnce(&str) -> Option<M>,
    judge: impl FnOnce(&M) -> Vec<Outcome>,
) -> Option<Outcome> {
    let respelling = respell(protocol, line)?;
    let message = reread(&respelling.line)?;
    if let Some(failed) = judge(&message).into_iter().find(|o| o.grade == Grade::Fail) {
        return Some(failed);
    }
    departures(protocol, line, &respelling, at)
        .into_iter()
        .next()
}

/// The warnings for a line read in the text's spelling: an upper-case move or a point with
/// blanks breaks the notation's form (`move.notation`); a signed number its field's form
/// (`info.field` in an `info` line, else the line's own form). One warning a check.
pub(super) fn departures(
    protocol: Protocol,
    line: &str,
    respelling: &Respelling,
    at: At,
) -> Vec<Outcome> {
    // AGI's keywords are case-insensitive (agi-r31).
    let info = line
        .split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("info"));
    let check = |departure| match departure {
        Departure::PlusSign if info => CheckId::InfoField,
        Departure::PlusSign if !protocol.facts().numbers_are_coordinates => CheckId::LineMalformed,
        Departure::GluedColon => CheckId::AnswerSpelling,
        Departure::UpperCase | Departure::PlusSign | Departure::Blanks => CheckId::MoveNotation,
    };
    let mut found: Vec<(CheckId, Vec<ReqId>, Vec<String>)> = Vec::new();
    for change in &respelling.changes {
        let id = check(change.departure);
        let i = match found.iter().position(|(c, ..)| *c == id) {
            Some(i) => i,
            None => {
                found.push((id, Vec::new(), Vec::new()));
                found.len() - 1
            }
        };
        let (_, rows, said) = &mut found[i];
        if !rows.contains(&change.requirement) {
            rows.push(change.requirement);
        }
        said.push(change.to_string());
    }
    found
        .into_iter()
        .map(|(id, rows, said)| {
            let o = outcome(
                protocol,
                id,
                Grade::Warn,
                format!(
                    "`{line}`: {}; a GUI reads it as `{}`",
                    said.join("; "),
                    respelling.line
                ),
            );
            // A signed number outside an `info` line (UCCI's `pophash`) breaks the line's
            // own form, which is what line.malformed cites.
            let o = if id == CheckId::LineMalformed {
                o
            } else {
                o.citing(&rows)
            };
            o.at(at)
        })
        .collect()
}

/// A line refused because a move token is not in the notation (`a10a9` in UCCI, `a0a1` for a
/// UCI xiangqi engine): a failure of the notation's row, naming the legal move the token
/// means when its ranks look numbered as the other xiangqi notation numbers them.
/// `no_null_move` says why `0000`, UCI's null move, is no move of the notation, where it is not.
pub(super) fn not_a_move<G: Game>(
    protocol: Protocol,
    line: &str,
    error: &ParseError,
    position: Option<&G>,
    (row, no_null_move): (ReqId, Option<&str>),
    at: At,
) -> Option<Outcome> {
    let ParseError::BadMove { text, .. } = error else {
        return None;
    };
    // A placeholder such as `(none)` is no attempt at a move: the line's form judges it.
    if !(looks_like_move(text) || text == "0000") {
        return None;
    }
    let hint = match position.and_then(|p| p.misspelling(text)) {
        Some(m) => format!("; {m}"),
        None if text == "0000" => no_null_move
            .map(|why| format!("; {why}"))
            .unwrap_or_default(),
        None => String::new(),
    };
    Some(
        outcome(
            protocol,
            CheckId::MoveNotation,
            Grade::Fail,
            format!("`{line}`: {error}{hint} ({row})"),
        )
        .citing(&[row])
        .at(at),
    )
}

#[cfg(test)]
pub(super) mod tests;
