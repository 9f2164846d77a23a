//! Where a report goes and in which format, shared by every subcommand that writes one.
//!
//! The destination is checked before anything runs, so an unwritable `--out` is one clear
//! error at once rather than a lost report after a long run.

use std::path::PathBuf;

use clap::Args;

use super::{CliError, console};
use crate::render::{Format, RenderIn};
use arbiter::render::{Detail, Document, Paint};

#[derive(Args, Debug, Clone)]
pub(super) struct ReportArgs {
    /// Report format.
    #[arg(long, default_value = "human", value_parser = Format::parser(Format::REPORTS))]
    pub format: Format,
    /// Write the report to this file instead of stdout (a one-line summary still goes to
    /// stderr, unless --quiet).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Human report: every passing check too, with its latency, and how each engine ended.
    #[arg(long, conflicts_with = "failures_only")]
    pub verbose: bool,
    /// Human report: only failing scenarios and their failures.
    #[arg(short = 'q', long)]
    pub failures_only: bool,
}

impl ReportArgs {
    pub(super) fn format(&self) -> Format {
        self.format
    }

    /// The document in the format and detail asked for; coloured as `--color` says when it
    /// goes to stdout, never in a file.
    pub(super) fn render(&self, doc: Document<'_>) -> Result<String, CliError> {
        let paint = match self.out {
            Some(_) => Paint::Plain,
            None => console::stdout_paint(),
        };
        Ok(doc.render_painted(self.format, self.detail(), paint)?)
    }

    pub(super) fn detail(&self) -> Detail {
        if self.verbose {
            Detail::All
        } else if self.failures_only {
            Detail::FailuresOnly
        } else {
            Detail::Findings
        }
    }

    /// Fails at once when the report could not be written to `--out`.
    pub(super) fn check_writable(&self) -> Result<(), CliError> {
        let Some(path) = &self.out else {
            return Ok(());
        };
        if path.is_dir() {
            return Err(CliError::Usage(format!(
                "--out {}: is a directory; give a file path",
                path.display()
            )));
        }
        // Nothing is truncated or created before the run has something to write.
        arbiter::report::file::check_writable(path).map_err(|source| CliError::Input {
            context: format!("--out {}: cannot write", path.display()),
            source,
        })
    }

    /// Writes the report where it goes; returns what is left for stdout. When the report goes
    /// to a file, `summary` goes to stderr (a note: not under `--quiet`), so a CI log still
    /// says how the run went.
    pub(super) fn deliver(&self, text: String, summary: &str) -> Result<String, CliError> {
        match &self.out {
            Some(path) => {
                arbiter::report::file::write_atomically(path, text.as_bytes()).map_err(|e| {
                    CliError::Write {
                        context: format!("--out {}", path.display()),
                        source: e,
                    }
                })?;
                console::note(format_args!("{summary} (report: {})", path.display()));
                Ok(String::new())
            }
            None => Ok(text),
        }
    }
}
