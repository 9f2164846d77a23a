//! Reading scenario files. Every error names the file and line.
//!
//! Each line is classified by how it begins (`line.rs`); headers (`headers.rs`) and steps
//! (`steps.rs`, with their modifiers in `modifiers.rs`) are read by their own readers. A step
//! line's words are read into typed parts, which the assembler (`scenario::assemble`) makes
//! steps of, checking what a line may refer to as it comes, as it does for the fuzzer's cases.

mod headers;
mod line;
mod modifiers;
mod steps;
mod values;

use headers::Headers;
use line::Line;
use steps::StepsReader;

use std::path::Path;

use thiserror::Error;

use super::Scenario;
pub use super::assemble::StepError;
use crate::protocol::WrongGame;

pub use headers::HeaderError;
pub use modifiers::ModifierError;
pub use steps::{CutError, DirectiveError};
pub use values::{DurationError, NotARequirementId};

/// A scenario file that cannot be used, with where and why.
#[derive(Debug, Error)]
#[error("{}: {kind}", place(origin, *line))]
pub struct ScenarioError {
    /// The file at fault as errors name it: its path, or `(built-in) scenarios/NAME.scenario`
    /// for a scenario shipped in the binary.
    pub origin: String,
    /// 1-based line number; 0 when the whole file is at fault.
    pub line: usize,
    /// What is wrong there.
    pub kind: ScenarioErrorKind,
}

/// What is wrong with a scenario file.
#[derive(Debug, Error)]
pub enum ScenarioErrorKind {
    /// The file cannot be read.
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    /// A header that cannot be used.
    #[error(transparent)]
    Header(#[from] HeaderError),
    /// A step that cannot be used.
    #[error(transparent)]
    Step(#[from] StepError),
    /// A required header (`protocol`, `title`, `spec`) the file does not give.
    #[error("missing `{0}:` header (the headers come before the first step)")]
    MissingHeader(&'static str),
    /// A `game:` its protocol is not played in.
    #[error(transparent)]
    Game(#[from] WrongGame),
}

/// `file:line`, or just `file` when the whole file is at fault.
fn place(origin: &str, line: usize) -> String {
    match line {
        0 => origin.to_owned(),
        n => format!("{origin}:{n}"),
    }
}

impl ScenarioError {
    pub(super) fn io(path: &Path, e: std::io::Error) -> ScenarioError {
        ScenarioError {
            origin: path.display().to_string(),
            line: 0,
            kind: ScenarioErrorKind::Io(e),
        }
    }
}

/// Parses a scenario. `name` is its short name, `origin` how errors refer to the file.
pub(crate) fn parse(name: &str, origin: &str, text: &str) -> Result<Scenario, ScenarioError> {
    let err = |line: usize, kind: ScenarioErrorKind| ScenarioError {
        origin: origin.to_owned(),
        line,
        kind,
    };
    let mut headers = Headers::default();
    let mut steps = StepsReader::default();
    for (index, raw) in text.lines().enumerate() {
        let n = index + 1;
        let read = match Line::classify(raw, steps.is_empty()) {
            Line::Blank => Ok(()),
            Line::If(condition) => steps.open_if(n, condition).map_err(Into::into),
            Line::EndIf => steps.close_if().map_err(Into::into),
            Line::SendCut(text) => steps
                .send_cut(n, text, headers.protocol)
                .map_err(Into::into),
            Line::Send { text, joined } => steps
                .send(n, text, joined, headers.protocol)
                .map_err(Into::into),
            Line::Expect(body) => steps.expect(n, body).map_err(Into::into),
            Line::Header { key, value } => headers.read(n, key, value).map_err(Into::into),
            Line::Directive(line) => steps.directive(n, line).map_err(Into::into),
        };
        read.map_err(|kind| err(n, kind))?;
    }
    if let Some((line, unclosed)) = steps.unclosed() {
        return Err(err(line, unclosed.into()));
    }
    let missing = |what| err(0, ScenarioErrorKind::MissingHeader(what));
    let protocol = headers.protocol.ok_or_else(|| missing("protocol"))?;
    if let Some((kind, line)) = headers.game {
        protocol.check_game(kind).map_err(|e| err(line, e.into()))?;
    }
    let title = headers.title.ok_or_else(|| missing("title"))?;
    let spec = headers.spec.ok_or_else(|| missing("spec"))?;
    let steps = steps
        .finish(protocol)
        .map_err(|(line, e)| err(line, e.into()))?;
    Ok(Scenario {
        name: name.to_owned(),
        protocol,
        title,
        spec,
        cites: headers.cites,
        timeout_ms: headers.timeout_ms,
        line_end: headers.line_end,
        game: headers.game.map(|(kind, _)| kind),
        steps,
    })
}

#[cfg(test)]
mod tests;
