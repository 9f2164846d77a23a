//! JUnit XML: one test suite per scenario, one test case per check outcome, so CI systems
//! show each check. Warnings pass, with the finding in the case's output.

use quick_junit::{
    NonSuccessKind, Property, Report as JUnitReport, TestCase, TestCaseStatus, TestSuite,
};

use arbiter::check::Grade;
use arbiter::render::{human, join_ids};
use arbiter::report::Report;
use arbiter::report::excerpt;

pub(crate) fn render(report: &Report) -> String {
    let mut junit = JUnitReport::new(format!("arbiter {}", report.protocol));
    let ran_at_once = human::ran_at_once(&report.parallelism);
    for run in &report.runs {
        let mut suite = TestSuite::new(run.scenario.name.clone());
        if let Some(line) = &ran_at_once {
            suite.add_property(Property::new("parallelism", line.as_str()));
        }
        if let Some(why) = run.end.not_run() {
            let mut status = TestCaseStatus::skipped();
            status.set_message(why);
            suite.add_test_case(TestCase::new("not run", status));
        }
        if let Some(error) = run.end.harness_error() {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
            status.set_message(error);
            suite.add_test_case(TestCase::new("harness", status));
        }
        // A check may give several outcomes in one scenario; CI systems want names unique
        // within a suite.
        let mut named: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for o in &run.outcomes {
            let count = named.entry(o.check.to_string()).or_default();
            *count += 1;
            let name = match *count {
                1 => o.check.to_string(),
                n => format!("{} #{n}", o.check),
            };
            let details = match (&o.detail, o.at) {
                (Some(detail), _) => detail.clone(),
                (None, Some(at)) => excerpt::render(&run.transcript, at).join("\n"),
                (None, None) => String::new(),
            };
            let reqs = join_ids(&o.requirements).replace(", ", " ");
            let mut case = match o.grade {
                Grade::Fail => {
                    let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                    status.set_message(o.message.clone());
                    status
                        .set_description(format!("{}\nrequirements: {reqs}\n{details}", o.message));
                    TestCase::new(name.clone(), status)
                }
                Grade::Pass | Grade::Warn => TestCase::new(name.clone(), TestCaseStatus::success()),
            };
            case.set_classname(run.scenario.name.clone());
            if let Some(us) = o.latency_us {
                case.set_time(std::time::Duration::from_micros(us));
            }
            if o.grade == Grade::Warn {
                case.set_system_out(format!(
                    "warning: {}\nrequirements: {reqs}\n{details}",
                    o.message
                ));
            }
            suite.add_test_case(case);
        }
        // Steps a finding kept from running: skipped, never failed, naming that finding.
        for b in &run.blocked {
            let mut status = TestCaseStatus::skipped();
            status.set_message(b.reason());
            status.set_description(format!(
                "{}: {}\nrequirements: {}",
                b.reason(),
                b.by.message,
                join_ids(&b.requirements).replace(", ", " ")
            ));
            let mut case = TestCase::new(b.check.to_string(), status);
            case.set_classname(run.scenario.name.clone());
            suite.add_test_case(case);
        }
        junit.add_test_suite(suite);
    }
    // quick-junit writes to a String; only a formatting bug could make that fail.
    junit.to_string().expect("JUnit XML serialises")
}
