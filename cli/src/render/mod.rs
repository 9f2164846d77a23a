//! The program's formats: every document in each format a subcommand offers. The library
//! renders the human report and the JSON; JUnit XML (`junit/`), the HTML report (`html/`) and
//! the league page of a match (`league/`) are the program's own, with the crates they need.

pub(crate) mod html;
pub(crate) mod junit;
pub(crate) mod league;

use arbiter::render::{Detail, Document, Human, Json, Markdown, Paint, Render, Unsupported};
use clap::ValueEnum;
use clap::builder::{PossibleValuesParser, TypedValueParser};

/// The output formats, of every document Arbiter writes; each subcommand takes those its
/// documents have (see [`RenderIn::render`]).
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
    /// What the coverage of the catalogues is written in.
    pub(crate) const COVERAGE: &[Format] = &[Format::Human, Format::Json];

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

impl Format {
    /// The one renderer of each format (the human one without colour).
    pub(crate) fn renderer(self, detail: Detail) -> Box<dyn Render> {
        match self {
            Format::Human => Box::new(Human {
                detail,
                paint: Paint::Plain,
            }),
            Format::Json => Box::new(Json),
            Format::Junit => Box::new(junit::Junit),
            Format::Html => Box::new(html::Html),
            Format::Markdown => Box::new(Markdown),
        }
    }
}

/// A document written in one of the program's formats.
pub(crate) trait RenderIn {
    /// The document in `format`, with `detail` for the human form, without colour.
    fn render(&self, format: Format, detail: Detail) -> Result<String, Unsupported>;

    /// The document in `format`; its human form with `detail` and `paint` (the other formats
    /// are for machines and never carry colour).
    fn render_painted(
        &self,
        format: Format,
        detail: Detail,
        paint: Paint,
    ) -> Result<String, Unsupported>;
}

impl RenderIn for Document<'_> {
    fn render(&self, format: Format, detail: Detail) -> Result<String, Unsupported> {
        format.renderer(detail).render(self)
    }

    fn render_painted(
        &self,
        format: Format,
        detail: Detail,
        paint: Paint,
    ) -> Result<String, Unsupported> {
        match format {
            Format::Human => Human { detail, paint }.render(self),
            _ => RenderIn::render(self, format, detail),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter::protocol::Protocol;

    #[test]
    fn a_format_without_a_form_for_a_document_says_so() {
        let error =
            RenderIn::render(&Document::Checks(None), Format::Html, Detail::default()).unwrap_err();
        assert_eq!(error.to_string(), "the check list has no html form");
        let markdown =
            RenderIn::render(&Document::Checks(None), Format::Markdown, Detail::default())
                .expect("the check table");
        assert!(markdown.starts_with("| check |"), "{markdown}");
        let human = RenderIn::render(
            &Document::Checks(Some(Protocol::Ucci)),
            Format::Human,
            Detail::default(),
        )
        .expect("the check list");
        assert!(human.lines().all(|l| l.starts_with("ucci.")), "{human}");
    }

    #[test]
    fn each_format_parses_only_where_it_is_allowed() {
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
