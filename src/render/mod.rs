//! Formats as renderers: each format is one [`Render`] over every [`Document`] Arbiter writes
//! (a run, a certification, a fuzzing run, a match, its workers' status, merged reports, the
//! check list), so a format is matched once ([`Format::renderer`]) and a document kind once
//! per renderer.

pub(crate) mod certification;
pub(crate) mod checks;
pub(crate) mod fuzz;
pub(crate) mod html;
pub(crate) mod human;
pub(crate) mod junit;
pub(crate) mod league;
pub(crate) mod matchplay;
pub(crate) mod merge;
pub(crate) mod paint;

use crate::certify::Certification;
use crate::fuzz::report::FuzzReport;
use crate::matchplay::MatchReport;
use crate::matchplay::status::Status;
use crate::protocol::Protocol;
use crate::report::Report;
use clap::ValueEnum;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use merge::Matrix;
pub(crate) use paint::Paint;

/// Everything a renderer renders.
#[derive(Clone, Copy)]
pub(crate) enum Document<'a> {
    /// `arbiter run`, `spy`, `stand-in`.
    Run(&'a Report),
    /// `arbiter certify`, and `spy --profile`.
    Certification(&'a Certification),
    /// `arbiter fuzz`.
    Fuzz(&'a FuzzReport),
    /// `arbiter match --out`: its results, and the closing lines its printer wrote (in
    /// cutechess-cli's or fastchess's words), which its human form ends with.
    Match {
        report: &'a MatchReport,
        closing: &'a str,
    },
    /// `arbiter match status`: how the workers of a results directory are doing, and the
    /// match their games make so far (whose players and planned games its human form names).
    MatchStatus {
        status: &'a Status,
        results: &'a MatchReport,
    },
    /// `arbiter report merge`: several reports side by side.
    Merge(&'a Matrix),
    /// `arbiter checks`: the built-in checks, of one protocol or all.
    Checks(Option<Protocol>),
}

impl Document<'_> {
    /// What it is, for an error that says it has no such form.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Document::Run(_) => "a run report",
            Document::Certification(_) => "a certification",
            Document::Fuzz(_) => "a fuzzing report",
            Document::Match { .. } => "a match's results",
            Document::MatchStatus { .. } => "a match's status",
            Document::Merge(_) => "merged reports",
            Document::Checks(_) => "the check list",
        }
    }

    /// The document in `format`, with `detail` for the human form, without colour.
    pub(crate) fn render(&self, format: Format, detail: Detail) -> Result<String, Unsupported> {
        format.renderer(detail).render(self)
    }

    /// The document in `format`; its human form with `detail` and `paint` (the other formats
    /// are for machines and never carry colour).
    pub(crate) fn render_painted(
        &self,
        format: Format,
        detail: Detail,
        paint: Paint,
    ) -> Result<String, Unsupported> {
        match format {
            Format::Human => Human { detail, paint }.render(self),
            _ => self.render(format, detail),
        }
    }
}

/// A document a format has no form for (a match as HTML, a run as Markdown).
#[derive(Debug, Clone, thiserror::Error)]
#[error("{document} has no {format} form")]
pub(crate) struct Unsupported {
    pub format: &'static str,
    pub document: &'static str,
}

/// A format: renders the documents it has a form for.
pub(crate) trait Render {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported>;
}

impl Format {
    /// The one renderer of each format (the human one without colour).
    pub(crate) fn renderer(self, detail: Detail) -> Box<dyn Render> {
        match self {
            Format::Human => Box::new(Human {
                detail,
                paint: Paint::Plain,
            }),
            Format::Json => Box::new(Json),
            Format::Junit => Box::new(Junit),
            Format::Html => Box::new(Html),
            Format::Markdown => Box::new(Markdown),
        }
    }
}

fn unsupported(format: Format, doc: &Document<'_>) -> Unsupported {
    Unsupported {
        format: format.name(),
        document: doc.kind(),
    }
}

/// Text for people; `detail` says how much of a run it shows, `paint` whether its verdict
/// words are coloured.
pub(crate) struct Human {
    pub detail: Detail,
    pub paint: Paint,
}

impl Render for Human {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported> {
        Ok(match *doc {
            Document::Run(report) => human::render(report, self.detail, self.paint),
            Document::Certification(c) => certification::human(c, self.detail, self.paint),
            Document::Fuzz(f) => fuzz::human(f, self.detail, self.paint),
            Document::Match { report, closing } => matchplay::human(report, closing),
            Document::MatchStatus { status, results } => matchplay::status::human(status, results),
            Document::Merge(matrix) => matrix.render_text(),
            Document::Checks(protocol) => checks::human(protocol),
        })
    }
}

/// The whole document, for machines (layout in `docs/report-format.md`).
pub(crate) struct Json;

impl Render for Json {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported> {
        // Serialising plain data with string keys cannot fail.
        let text = match *doc {
            Document::Run(report) => serde_json::to_string_pretty(report),
            Document::Certification(c) => serde_json::to_string_pretty(c),
            Document::Fuzz(f) => serde_json::to_string_pretty(f),
            Document::Match { report, .. } => serde_json::to_string_pretty(report),
            Document::MatchStatus { status, .. } => serde_json::to_string_pretty(status),
            Document::Merge(_) | Document::Checks(_) => {
                return Err(unsupported(Format::Json, doc));
            }
        };
        Ok(text.expect("a report is plain data") + "\n")
    }
}

/// JUnit XML, for CI systems.
pub(crate) struct Junit;

impl Render for Junit {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported> {
        match *doc {
            Document::Run(report) => Ok(junit::render(report)),
            Document::Certification(c) => Ok(certification::junit(c)),
            // The minimal failing cases' runs.
            Document::Fuzz(f) => Ok(junit::render(&f.report)),
            Document::Match { report, .. } => Ok(matchplay::junit(report)),
            Document::MatchStatus { .. } | Document::Merge(_) | Document::Checks(_) => {
                Err(unsupported(Format::Junit, doc))
            }
        }
    }
}

/// One self-contained HTML page.
pub(crate) struct Html;

impl Render for Html {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported> {
        match *doc {
            Document::Run(report) => Ok(html::render_run(report)),
            Document::Certification(c) => Ok(html::render_certification(c)),
            Document::Fuzz(f) => Ok(html::render_fuzz(f)),
            Document::Merge(matrix) => Ok(html::render_merge(matrix)),
            Document::Match { .. } | Document::MatchStatus { .. } | Document::Checks(_) => {
                Err(unsupported(Format::Html, doc))
            }
        }
    }
}

/// A Markdown table: the check table of docs/checks.md.
pub(crate) struct Markdown;

impl Render for Markdown {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported> {
        match *doc {
            Document::Checks(_) => Ok(checks::markdown()),
            _ => Err(unsupported(Format::Markdown, doc)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_format_without_a_form_for_a_document_says_so() {
        let error = Document::Checks(None)
            .render(Format::Json, Detail::default())
            .unwrap_err();
        assert_eq!(error.to_string(), "the check list has no json form");
        let markdown = Document::Checks(None)
            .render(Format::Markdown, Detail::default())
            .expect("the check table");
        assert!(markdown.starts_with("| check |"), "{markdown}");
        let human = Document::Checks(Some(Protocol::Ucci))
            .render(Format::Human, Detail::default())
            .expect("the check list");
        assert!(human.lines().all(|l| l.starts_with("ucci.")), "{human}");
    }

    #[test]
    fn each_format_parses_only_where_it_is_allowed() {
        use clap::builder::TypedValueParser;
        let parse = |allowed: &'static [Format], word: &str| {
            let command = clap::Command::new("t");
            Format::parser(allowed).parse_ref(&command, None, std::ffi::OsStr::new(word))
        };
        assert_eq!(parse(Format::MATCH, "junit").ok(), Some(Format::Junit));
        assert!(parse(Format::MATCH, "html").is_err());
        assert_eq!(
            parse(Format::CHECKS, "markdown").ok(),
            Some(Format::Markdown)
        );
        assert!(parse(Format::REPORTS, "markdown").is_err());
    }
}

/// The output formats, of every document Arbiter writes; each subcommand takes those its
/// documents have (see [`Document::render`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Text for people.
    Human,
    /// The whole document, for machines.
    Json,
    /// JUnit XML, for CI systems.
    Junit,
    /// One self-contained HTML page: verdict, requirement matrix, each scenario's timeline.
    Html,
    /// A Markdown table (the check table of `docs/checks.md`).
    Markdown,
}

impl Format {
    /// What a run, a certification and a fuzzing run are written in.
    pub(crate) const REPORTS: &[Format] =
        &[Format::Human, Format::Json, Format::Junit, Format::Html];
    /// What a match's results are written in.
    pub(crate) const MATCH: &[Format] = &[Format::Human, Format::Json, Format::Junit];
    /// What a match's status is written in.
    pub(crate) const MATCH_STATUS: &[Format] = &[Format::Human, Format::Json];
    /// What merged reports are written in.
    pub(crate) const MERGE: &[Format] = &[Format::Html, Format::Human];
    /// What the list of checks is written in.
    pub(crate) const CHECKS: &[Format] = &[Format::Human, Format::Markdown];

    /// Its name on the command line.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Format::Human => "human",
            Format::Json => "json",
            Format::Junit => "junit",
            Format::Html => "html",
            Format::Markdown => "markdown",
        }
    }

    /// The extension of a file in this format.
    pub(crate) fn extension(self) -> &'static str {
        match self {
            Format::Human => "txt",
            Format::Json => "json",
            Format::Junit => "xml",
            Format::Html => "html",
            Format::Markdown => "md",
        }
    }

    /// A command-line parser that takes only the formats in `allowed`, so each subcommand's
    /// `--help` lists, and its usage error names, what that subcommand writes.
    pub(crate) fn parser(allowed: &'static [Format]) -> impl TypedValueParser<Value = Format> {
        PossibleValuesParser::new(allowed.iter().filter_map(ValueEnum::to_possible_value))
            .try_map(|name| Format::from_str(&name, false))
    }
}

/// How much of a run the human report shows (JSON and JUnit always hold everything).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Detail {
    /// Each scenario's verdict and findings, a repeated finding once; passes counted.
    #[default]
    Findings,
    /// Every outcome, passes with their latencies, and how each engine ended.
    All,
    /// Only failing scenarios and their failures.
    FailuresOnly,
}

/// Requirement ids as `ucci-r45, ucci-r135`.
pub(crate) fn join_ids(ids: &[crate::protocol::ReqId]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
