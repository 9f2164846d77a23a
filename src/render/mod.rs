//! The library's renderers over every [`Document`] Arbiter writes (a run, a certification, a
//! fuzzing run, a match, its workers' status, merged reports, the check list): the human
//! report (what `assert_pass` panics with), the JSON the report model serialises to, and the
//! Markdown check table. Each is one [`Render`], so a document kind is matched once per
//! renderer; the program adds its own formats (JUnit, HTML) over the same documents.

pub mod certification;
pub mod checks;
pub mod cited;
pub mod coverage;
#[cfg(feature = "fuzz")]
pub mod fuzz;
pub mod human;
pub mod matchplay;
pub mod merge;
pub mod paint;

use crate::certify::Certification;
use crate::certify::coverage::ProtocolCoverage;
#[cfg(feature = "fuzz")]
use crate::fuzz::report::FuzzReport;
use crate::matchplay::MatchReport;
use crate::matchplay::status::Status;
use crate::protocol::Protocol;
use crate::report::Report;
use merge::Matrix;
pub use paint::Paint;

/// Everything a renderer renders.
#[derive(Clone, Copy)]
pub enum Document<'a> {
    /// `arbiter run`, `spy`, `stand-in`.
    Run(&'a Report),
    /// `arbiter certify`, and `spy --profile`.
    Certification(&'a Certification),
    /// `arbiter fuzz`.
    #[cfg(feature = "fuzz")]
    Fuzz(&'a FuzzReport),
    /// `arbiter match --out`: its results, and the closing lines its printer wrote (in
    /// cutechess-cli's or fastchess's words), which its human form ends with.
    Match {
        /// The match's results.
        report: &'a MatchReport,
        /// The closing lines its printer wrote.
        closing: &'a str,
    },
    /// `arbiter match status`: how the workers of a results directory are doing, and the
    /// match their games make so far (whose players and planned games its human form names).
    MatchStatus {
        /// How each worker is doing.
        status: &'a Status,
        /// The match their games make so far.
        results: &'a MatchReport,
    },
    /// `arbiter report merge`: several reports side by side.
    Merge(&'a Matrix),
    /// `arbiter checks`: the built-in checks, of one protocol or all.
    Checks(Option<Protocol>),
    /// `arbiter coverage`: the rows the built-in scenarios and checks exercise, per protocol
    /// and side.
    Coverage(&'a [ProtocolCoverage]),
}

impl Document<'_> {
    /// What it is, for an error that says it has no such form.
    pub fn kind(&self) -> &'static str {
        match self {
            Document::Run(_) => "a run report",
            Document::Certification(_) => "a certification",
            #[cfg(feature = "fuzz")]
            Document::Fuzz(_) => "a fuzzing report",
            Document::Match { .. } => "a match's results",
            Document::MatchStatus { .. } => "a match's status",
            Document::Merge(_) => "merged reports",
            Document::Checks(_) => "the check list",
            Document::Coverage(_) => "the coverage",
        }
    }

    /// The error of a format, named `format`, that has no form for this document.
    pub fn unsupported(&self, format: &'static str) -> Unsupported {
        Unsupported {
            format,
            document: self.kind(),
        }
    }
}

/// A document a format has no form for (a match as HTML, a run as Markdown).
#[derive(Debug, Clone, thiserror::Error)]
#[error("{document} has no {format} form")]
pub struct Unsupported {
    /// The format's name on the command line.
    pub format: &'static str,
    /// What the document is ([`Document::kind`]).
    pub document: &'static str,
}

/// A format: renders the documents it has a form for.
pub trait Render {
    /// The document in this format, or [`Unsupported`] when the format has no form for it.
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported>;
}

/// Text for people; `detail` says how much of a run it shows, `paint` whether its verdict
/// words are coloured.
pub struct Human {
    /// How much of a run it shows.
    pub detail: Detail,
    /// Whether its verdict words are coloured.
    pub paint: Paint,
}

impl Render for Human {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported> {
        Ok(match *doc {
            Document::Run(report) => human::render(report, self.detail, self.paint),
            Document::Certification(c) => certification::human(c, self.detail, self.paint),
            #[cfg(feature = "fuzz")]
            Document::Fuzz(f) => fuzz::human(f, self.detail, self.paint),
            Document::Match { report, closing } => matchplay::human(report, closing),
            Document::MatchStatus { status, results } => matchplay::status::human(status, results),
            Document::Merge(matrix) => matrix.render_text(),
            Document::Checks(protocol) => checks::human(protocol),
            Document::Coverage(sides) => coverage::human(sides, self.detail == Detail::All),
        })
    }
}

/// The whole document, for machines (layout in `docs/report-format.md`).
pub struct Json;

impl Render for Json {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported> {
        // Serialising plain data with string keys cannot fail.
        let text = match *doc {
            Document::Run(report) => serde_json::to_string_pretty(report),
            Document::Certification(c) => serde_json::to_string_pretty(c),
            #[cfg(feature = "fuzz")]
            Document::Fuzz(f) => serde_json::to_string_pretty(f),
            Document::Match { report, .. } => serde_json::to_string_pretty(report),
            Document::MatchStatus { status, .. } => serde_json::to_string_pretty(status),
            Document::Coverage(sides) => serde_json::to_string_pretty(sides),
            Document::Merge(_) | Document::Checks(_) => {
                return Err(doc.unsupported("json"));
            }
        };
        Ok(text.expect("a report is plain data") + "\n")
    }
}

/// A Markdown table: the check table of docs/checks.md.
pub struct Markdown;

impl Render for Markdown {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported> {
        match *doc {
            Document::Checks(_) => Ok(checks::markdown()),
            _ => Err(doc.unsupported("markdown")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_renderer_without_a_form_for_a_document_says_so() {
        let error = Json.render(&Document::Checks(None)).unwrap_err();
        assert_eq!(error.to_string(), "the check list has no json form");
        let markdown = Markdown
            .render(&Document::Checks(None))
            .expect("the check table");
        assert!(markdown.starts_with("| check |"), "{markdown}");
        let human = Human {
            detail: Detail::default(),
            paint: Paint::Plain,
        }
        .render(&Document::Checks(Some(Protocol::Ucci)))
        .expect("the check list");
        assert!(human.lines().all(|l| l.starts_with("ucci.")), "{human}");
    }
}

/// How much of a run the human report shows (JSON and JUnit always hold everything).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Detail {
    /// Each scenario's verdict and findings, a repeated finding once; passes counted.
    #[default]
    Findings,
    /// Every outcome, passes with their latencies, and how each engine ended; of the coverage,
    /// every row with what exercises it.
    All,
    /// Only failing scenarios and their failures.
    FailuresOnly,
}

/// Requirement ids as `ucci-r45, ucci-r135`.
pub fn join_ids(ids: &[crate::protocol::ReqId]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
