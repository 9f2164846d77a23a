//! A match's results as JUnit XML: one test suite per encounter, one test case per game.

use arbiter::check::Grade;
use arbiter::matchplay::MatchReport;
use quick_junit::{NonSuccessKind, Report as JUnitReport, TestCase, TestCaseStatus, TestSuite};

/// JUnit XML: a suite per encounter, a case per game, failed when an engine lost by its own
/// fault or failed a protocol check, with the termination and the findings as the message.
pub(super) fn render(report: &MatchReport) -> String {
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
