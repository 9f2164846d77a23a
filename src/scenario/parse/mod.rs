//! Reading scenario files. Every error names the file and line.
//!
//! Each line is classified by how it begins (`line.rs`); headers (`headers.rs`) and steps
//! (`steps.rs`, with their modifiers in `modifiers.rs` and labels in `labels.rs`) are read by
//! their own readers, which check what a line may refer to as it comes.

mod headers;
mod labels;
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

/// A scenario file that cannot be used, with where and why.
#[derive(Debug, Error)]
#[error("{}: {message}", place(origin, *line))]
pub struct ScenarioError {
    /// The file at fault as errors name it: its path, or `(built-in) scenarios/NAME.scenario`
    /// for a scenario shipped in the binary.
    pub origin: String,
    /// 1-based line number; 0 when the whole file is at fault.
    pub line: usize,
    /// What is wrong there, in one sentence.
    pub message: String,
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
            message: format!("cannot read: {e}"),
        }
    }
}

/// Parses a scenario. `name` is its short name, `origin` how errors refer to the file.
pub(crate) fn parse(name: &str, origin: &str, text: &str) -> Result<Scenario, ScenarioError> {
    let err = |line: usize, message: String| ScenarioError {
        origin: origin.to_owned(),
        line,
        message,
    };
    let mut headers = Headers::default();
    let mut steps = StepsReader::default();
    for (index, raw) in text.lines().enumerate() {
        let n = index + 1;
        let read = match Line::classify(raw, steps.is_empty()) {
            Line::Blank => Ok(()),
            Line::If(condition) => steps.open_if(n, condition),
            Line::EndIf => steps.close_if(),
            Line::SendCut(text) => steps.send_cut(n, text, headers.protocol),
            Line::Send { text, joined } => steps.send(n, text, joined, headers.protocol),
            Line::Expect(body) => steps.expect(n, body),
            Line::Header { key, value } => headers.read(n, key, value),
            Line::Directive(line) => steps.directive(n, line),
        };
        read.map_err(|message| err(n, message))?;
    }
    if let Some((line, message)) = steps.unclosed() {
        return Err(err(line, message));
    }
    let missing = |what: &str| {
        err(
            0,
            format!("missing `{what}:` header (the headers come before the first step)"),
        )
    };
    let protocol = headers.protocol.ok_or_else(|| missing("protocol"))?;
    if let Some((kind, line)) = headers.game {
        protocol
            .check_game(kind)
            .map_err(|e| err(line, e.to_string()))?;
    }
    let title = headers.title.ok_or_else(|| missing("title"))?;
    let spec = headers.spec.ok_or_else(|| missing("spec"))?;
    let steps = steps
        .finish(protocol)
        .map_err(|(line, message)| err(line, message))?;
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
