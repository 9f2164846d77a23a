//! A certification as JUnit XML: one test suite per section, one test case per requirement.

use arbiter::certify::{Certification, Verdict};
use arbiter::render::human;
use quick_junit::{
    NonSuccessKind, Property, Report as JUnitReport, TestCase, TestCaseStatus, TestSuite,
};

/// One test suite per section, one test case per requirement: failures of required ones fail,
/// everything else passes with its verdict in the output.
pub(super) fn render(c: &Certification) -> String {
    let mut report = JUnitReport::new(format!("arbiter certify {}", c.profile));
    for (name, rows, binding) in [
        ("required", &c.required, true),
        ("recommended", &c.recommended, false),
    ] {
        let mut suite = TestSuite::new(name);
        if let Some(line) = human::ran_at_once(&c.parallelism) {
            suite.add_property(Property::new("parallelism", line));
        }
        for v in rows.iter() {
            let status = if binding && v.verdict == Verdict::Fail {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status.set_message(v.finding.clone().unwrap_or_default());
                status
            } else if v.verdict == Verdict::Blocked {
                // Not judged: skipped, naming the finding that blocked it.
                let mut status = TestCaseStatus::skipped();
                status.set_message(v.finding.clone().unwrap_or_default());
                status
            } else if v.verdict == Verdict::NotApplicable {
                TestCaseStatus::skipped()
            } else {
                TestCaseStatus::success()
            };
            let mut case = TestCase::new(v.requirement.id.to_string(), status);
            case.set_classname(format!("{}.{name}", c.profile));
            case.set_system_out(format!(
                "{}: {}",
                v.verdict.label(),
                v.requirement.statement
            ));
            suite.add_test_case(case);
        }
        report.add_test_suite(suite);
    }
    report.to_string().expect("JUnit XML serialises")
}
