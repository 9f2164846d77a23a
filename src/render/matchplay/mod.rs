//! A match's results for people and CI, as it is played and after: the lines it prints in
//! cutechess-cli's or fastchess's words (`printer`, with `cutechess` and `fastchess` and the
//! numbers as their libraries write them in `numbers`), its progress bar (`progress`), the
//! `Finished game` line of each game, the protocol findings of the whole match, JUnit XML with
//! a suite per encounter, and the status of the workers of a results directory (`status`).

mod cutechess;
mod fastchess;
mod numbers;
mod printer;
mod progress;
pub(crate) mod status;

pub(crate) use fastchess::{RATING_INTERVAL, Setup};
pub(crate) use printer::{MatchPrinter, MatchShape, OutputFormat, merged_summary};
pub(crate) use progress::MatchProgress;

use std::fmt::Write as _;

use quick_junit::{NonSuccessKind, Report as JUnitReport, TestCase, TestCaseStatus, TestSuite};

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
pub(crate) fn finished_line(record: &GameRecord) -> String {
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
pub(crate) fn findings_summary(games: &[PlayedGame]) -> String {
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

/// JUnit XML: a suite per encounter, a case per game, failed when an engine lost by its own
/// fault or failed a protocol check, with the termination and the findings as the message.
pub(super) fn junit(report: &MatchReport) -> String {
    let mut junit = JUnitReport::new(format!("arbiter match ({})", report.game));
    let games = &report.games;
    let mut suites: Vec<(String, TestSuite)> = Vec::new();
    for game in games.iter().map(|g| &g.record) {
        let mut pair = [game.first.clone(), game.second.clone()];
        pair.sort();
        let name = format!("{} vs {}", pair[0], pair[1]);
        let index = match suites.iter().position(|(n, _)| *n == name) {
            Some(i) => i,
            None => {
                suites.push((name.clone(), TestSuite::new(name.clone())));
                suites.len() - 1
            }
        };
        let case_name = format!(
            "game {} ({} vs {}): {} {{{}}}",
            game.number,
            game.first,
            game.second,
            game.result.as_str(),
            game.termination
        );
        let status = if game.is_faulty() {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
            status.set_message(game.termination.to_string());
            let findings: Vec<String> = game
                .findings
                .iter()
                .filter(|f| f.outcome.grade == Grade::Fail)
                .map(|f| {
                    format!(
                        "{}: {} {}\n{}",
                        f.engine,
                        f.outcome.check,
                        f.outcome.message,
                        f.excerpt.join("\n")
                    )
                })
                .collect();
            status.set_description(findings.join("\n"));
            status
        } else {
            TestCaseStatus::success()
        };
        let mut case = TestCase::new(case_name, status);
        case.set_classname(name);
        let millis: f64 = game.move_times_ms.iter().sum();
        case.set_time(std::time::Duration::from_secs_f64(millis / 1000.0));
        suites[index].1.add_test_case(case);
    }
    for (_, suite) in suites {
        junit.add_test_suite(suite);
    }
    // quick-junit writes to a String; only a formatting bug could make that fail.
    junit.to_string().expect("JUnit XML serialises")
}
