//! JUnit XML, for CI systems' test tabs: a run's scenarios (`run`), a certification's
//! requirements (`certification`) and a match's games (`matchplay`), each as test cases.

mod certification;
mod matchplay;
mod run;

use arbiter::render::{Document, Render, Unsupported};

/// JUnit XML, for CI systems.
pub(crate) struct Junit;

impl Render for Junit {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported> {
        match *doc {
            Document::Run(report) => Ok(run::render(report)),
            Document::Certification(c) => Ok(certification::render(c)),
            // The minimal failing cases' runs.
            Document::Fuzz(f) => Ok(run::render(&f.report)),
            Document::Match { report, .. } => Ok(matchplay::render(report)),
            Document::MatchStatus { .. }
            | Document::Merge(_)
            | Document::Checks(_)
            | Document::Coverage(_) => Err(doc.unsupported(crate::render::Format::Junit.name())),
        }
    }
}
