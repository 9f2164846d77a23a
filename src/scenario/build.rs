//! A scenario built from typed parts by the harness itself (the fuzzer's cases, its handshake
//! probe), with no text written to be read back. Each part goes through the assembler a file's
//! line goes through (`assemble`), so a built scenario keeps every rule a file keeps, and its
//! printed form, where the harness writes one, parses to the same scenario.
//!
//! A part names the line it stands at in that printed form: reports order a run's outcomes by
//! line, so a built scenario and its file report alike.

use thiserror::Error;

use super::assemble::{Directive, Modifiers, Placed, StepError, Steps};
use super::{Condition, DEFAULT_TIMEOUT_MS, Scenario};
use crate::protocol::Protocol;

/// A part the step rules refuse, at the line it stands for: a bug of whoever built the
/// scenario, since the harness builds only scenarios it means to be valid.
#[derive(Debug, Error)]
#[error("{}{kind}", place(*line))]
pub struct BuildError {
    /// The line the part stands at, from 1; 0 when the whole scenario is at fault.
    pub line: usize,
    /// What the step rules refuse there.
    pub kind: StepError,
}

/// `line N: `, or nothing when the whole scenario is at fault.
fn place(line: usize) -> String {
    match line {
        0 => String::new(),
        n => format!("line {n}: "),
    }
}

/// A scenario being built: its headers given at the start, then its steps one part at a time.
#[derive(Debug)]
pub(crate) struct ScenarioBuilder {
    name: String,
    protocol: Protocol,
    title: String,
    spec: String,
    steps: Steps,
}

impl ScenarioBuilder {
    /// A scenario named `name` (as reports name it), of `protocol`, with its `title:` and
    /// `spec:`; it cites no rows as a whole and waits the default timeout.
    pub(crate) fn new(name: &str, protocol: Protocol, title: &str, spec: &str) -> ScenarioBuilder {
        ScenarioBuilder {
            name: name.to_owned(),
            protocol,
            title: title.to_owned(),
            spec: spec.to_owned(),
            steps: Steps::default(),
        }
    }

    /// `> command` at `line`.
    pub(crate) fn send(&mut self, line: usize, command: &str) -> Result<Placed, BuildError> {
        let protocol = Some(self.protocol);
        at(line, self.steps.send(line, command, false, protocol))
    }

    /// `< pattern (modifiers)` at `line`: `pattern` in the pattern language, compiled here.
    pub(crate) fn expect(
        &mut self,
        line: usize,
        pattern: &str,
        modifiers: Modifiers,
    ) -> Result<Placed, BuildError> {
        at(line, self.steps.expect(line, pattern, modifiers))
    }

    /// `wait MS ms` at `line`.
    pub(crate) fn wait(&mut self, line: usize, ms: u64) -> Result<Placed, BuildError> {
        let wait = Directive::Wait { ms };
        at(line, self.steps.directive(line, wait, Modifiers::default()))
    }

    /// `exit within MS ms` at `line`.
    pub(crate) fn exit_within(&mut self, line: usize, ms: u64) -> Result<Placed, BuildError> {
        let exit = Directive::Exit {
            within_ms: ms,
            code: None,
        };
        at(line, self.steps.directive(line, exit, Modifiers::default()))
    }

    /// `if CONDITION` at `line`.
    pub(crate) fn open_if(&mut self, line: usize, condition: Condition) -> Result<(), BuildError> {
        at(line, self.steps.open_if(line, condition))
    }

    /// `end if` at `line`.
    pub(crate) fn close_if(&mut self, line: usize) -> Result<(), BuildError> {
        at(line, self.steps.close_if())
    }

    /// The scenario, every block closed and its steps finished as a file's are.
    pub(crate) fn finish(self) -> Result<Scenario, BuildError> {
        if let Some((line, kind)) = self.steps.unclosed() {
            return Err(BuildError { line, kind });
        }
        let steps = self
            .steps
            .finish(self.protocol)
            .map_err(|(line, kind)| BuildError { line, kind })?;
        Ok(Scenario {
            name: self.name,
            protocol: self.protocol,
            title: self.title,
            spec: self.spec,
            cites: Vec::new(),
            timeout_ms: DEFAULT_TIMEOUT_MS,
            line_end: None,
            game: None,
            steps,
        })
    }
}

/// A step rule's verdict on the part at `line`.
fn at<T>(line: usize, result: Result<T, StepError>) -> Result<T, BuildError> {
    result.map_err(|kind| BuildError { line, kind })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Level, Repeat, parse};

    /// Parts built at the lines a file gives them are the scenario the file parses to: groups,
    /// blocks and numbered labels are assembled alike, and each part's place names its label.
    #[test]
    fn a_built_scenario_is_the_one_its_file_parses_to() {
        let file = "\
protocol: gomocup
title: t
spec: s
> RESTART
< {answer1} (within 1000 ms, gomocup-r103, as answer)
if answer1 is OK
> ABOUT
< ... (within 500 ms, should, as about)
< MESSAGE ... (optional)
> ABOUT
< ... (within 500 ms, should, as about)
end if
wait 20 ms
exit within 2000 ms
";
        let mut b = ScenarioBuilder::new("fuzz/case", Protocol::Gomocup, "t", "s");
        let within = |ms, level, label: &str| Modifiers {
            within_ms: Some(ms),
            level,
            label: Some(label.to_owned()),
            ..Modifiers::default()
        };
        b.send(4, "RESTART").unwrap();
        let answer = Modifiers {
            cites: vec![crate::req!("gomocup-r103")],
            ..within(1000, Level::Must, "answer")
        };
        b.expect(5, "{answer1}", answer).unwrap();
        let condition = Condition::parse("answer1 is OK").unwrap();
        b.open_if(6, condition).unwrap();
        b.send(7, "ABOUT").unwrap();
        let first = b.expect(8, "...", within(500, Level::Should, "about"));
        let optional = Modifiers {
            repeat: Some(Repeat::Optional),
            ..Modifiers::default()
        };
        let grouped = b.expect(9, "MESSAGE ...", optional).unwrap();
        b.send(10, "ABOUT").unwrap();
        let second = b.expect(11, "...", within(500, Level::Should, "about"));
        b.close_if(12).unwrap();
        b.wait(13, 20).unwrap();
        let exit = b.exit_within(14, 2000).unwrap();
        let built = b.finish().unwrap();
        assert_eq!(parse("fuzz/case", "case", file).unwrap(), built);
        assert_eq!(built.label_at(first.unwrap()), "about");
        assert_eq!(built.label_at(second.unwrap()), "about #2");
        assert_eq!(grouped.expectation, Some(1));
        assert_eq!(built.label_at(exit), "exit");
    }

    /// The step rules refuse a built part as they refuse a file's line, at its line.
    #[test]
    fn a_part_the_step_rules_refuse_names_its_line() {
        let mut b = ScenarioBuilder::new("fuzz/case", Protocol::Uci, "t", "s");
        let error = b.send(4, "go {depth}").unwrap_err();
        assert_eq!(error.line, 4);
        assert!(matches!(error.kind, StepError::UsedBeforeCaptured(ref n) if n == "depth"));
        assert_eq!(
            error.to_string(),
            "line 4: `{depth}` is used before any expectation captures it (write `{depth}` in a `<` line above)"
        );
        let condition = Condition::parse("answer is OK").unwrap();
        let error = b.open_if(5, condition).unwrap_err();
        assert!(matches!(error.kind, StepError::NoCapture(_)), "{error}");
        let error = b.close_if(6).unwrap_err();
        assert!(matches!(error.kind, StepError::EndIfWithoutIf), "{error}");
        let error = b.finish().unwrap_err();
        assert!(matches!(error.kind, StepError::NoSteps), "{error}");
        assert_eq!(error.line, 0);
    }
}
