//! A match's results for people and CI, as it is played and after: the lines it prints in
//! cutechess-cli's or fastchess's words (`printer`, with `cutechess` and `fastchess` and the
//! numbers as their libraries write them in `numbers`), the `Finished game` line of each game,
//! the protocol findings of the whole match, and the status of the workers of a results
//! directory (`status`).

mod cutechess;
mod fastchess;
mod numbers;
mod printer;
pub mod status;

pub use fastchess::{RATING_INTERVAL, Setup};
pub use printer::{MatchPrinter, MatchShape, OutputFormat, merged_summary};

use std::fmt::Write as _;

use super::join_ids;
use crate::check::Grade;
use crate::matchplay::{GameRecord, MatchReport, PlayedGame};

/// The human form of a match's results: every game's `Finished game` line, then the closing
/// lines its printer wrote.
pub(super) fn human(report: &MatchReport, closing: &str) -> String {
    let mut text: String = report
        .games
        .iter()
        .map(|g| finished_line(&g.record))
        .collect();
    text.push_str(closing);
    text
}

/// `Finished game N (A vs B): 1-0 {…}`; a game that was not played (its opening could not
/// be) shows `*`, as PGN writes an unfinished game.
pub fn finished_line(record: &GameRecord) -> String {
    format!(
        "Finished game {} ({} vs {}): {} {{{}}}\n",
        record.number,
        record.first,
        record.second,
        if record.aborted {
            "*"
        } else {
            record.result.as_str()
        },
        record.termination
    )
}

/// The protocol findings of the whole match, for stderr: per engine and check, how often, the
/// rows it cites and its first message; each failure also with the transcript around its
/// first occurrence. (Every occurrence, with its excerpt, is in the JSON results.)
pub fn findings_summary(games: &[PlayedGame]) -> String {
    let mut seen: Vec<(String, String, Grade, usize, &crate::matchplay::Finding)> = Vec::new();
    for finding in games.iter().flat_map(|g| &g.record.findings) {
        let check = finding.outcome.check.to_string();
        match seen
            .iter_mut()
            .find(|(engine, c, ..)| *engine == finding.engine && *c == check)
        {
            Some(entry) => entry.3 += 1,
            None => seen.push((
                finding.engine.clone(),
                check,
                finding.outcome.grade,
                1,
                finding,
            )),
        }
    }
    if seen.is_empty() {
        return String::new();
    }
    // Failures first, then warnings; each group in the order they first came.
    seen.sort_by_key(|(.., grade, _, _)| std::cmp::Reverse(*grade));
    let mut out = String::from("Protocol findings (each with its transcript in the --out JSON):\n");
    for (engine, check, grade, count, first) in seen {
        let _ = writeln!(
            out,
            "  {engine}: {} {check} x{count} ({}): {}",
            grade.as_str(),
            join_ids(&first.outcome.requirements),
            first.outcome.message
        );
        if grade == Grade::Fail {
            for line in &first.excerpt {
                let _ = writeln!(out, "      {line}");
            }
        }
    }
    out
}
