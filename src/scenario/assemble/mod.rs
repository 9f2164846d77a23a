//! Assembling a scenario's steps from each line's typed parts, whoever wrote the line: the
//! text parser hands over what it read from a file's words, the fuzzer what its model built.
//! The rules of a scenario's steps live here once: consecutive expectations and `>>` commands
//! are one step within one `if` block, a command or condition uses only what a line above
//! captured, a `needs` names a step above, every `text:` row is one of the protocol's
//! catalogue, and a label that repeats is numbered (`labels.rs`). Patterns stay text, the
//! pattern language's, and are compiled here as any regex is.

mod labels;

use thiserror::Error;

use super::parse::{CutError, DirectiveError, ModifierError};
use crate::protocol::{Protocol, ReqId};
use crate::scenario::pattern::{Pattern, PatternError};
use crate::scenario::{BoundSource, Condition, Expectation, Level, Repeat, Step, StepKind};
use labels::{directive_label, labels_so_far, number_repeated_labels, short};

/// Why a step's line cannot be used.
#[derive(Debug, Error)]
pub enum StepError {
    /// `if` without `NAME is VALUE`; the condition as written.
    #[error(
        "`if {0}`: write `if NAME is VALUE` (or `is A|B`, `is not VALUE`), NAME an earlier capture, and close the block with `end if`"
    )]
    BadCondition(String),
    /// A condition on a capture no line above makes.
    #[error(
        "`if {0} is …` names no capture above: capture it first (`{{{0}}}` or a regular expression's `(?P<{0}>…)`)"
    )]
    NoCapture(String),
    /// `end if` with no block open.
    #[error("`end if` closes no `if` block")]
    EndIfWithoutIf,
    /// A block still open at the end of the file; its condition.
    #[error("`if {0}` is never closed: end its block with `end if`")]
    Unclosed(String),
    /// A `>|` line that does not cut one command in two.
    #[error(transparent)]
    Cut(#[from] CutError),
    /// A command that uses a capture no line above makes.
    #[error(
        "`{{{0}}}` is used before any expectation captures it (write `{{{0}}}` in a `<` line above)"
    )]
    UsedBeforeCaptured(String),
    /// `>>` after something other than a command.
    #[error("`>>` writes a command together with the `>` line right before it; there is none")]
    JoinsNothing,
    /// A bound's source on a `<` line with no `within`; the source as written.
    #[error(
        "`{0}` says where a bound comes from, and this line has none: add `within N ms` (a `not before` follows the command's own figure and takes no source)"
    )]
    SourceWithoutBound(String),
    /// `needs NAME` naming no step above.
    #[error(
        "`needs {0}` names no step above: use an earlier step's label (its `as NAME`, or what it expects)"
    )]
    NeedsNoStep(String),
    /// Modifiers that do not read.
    #[error(transparent)]
    Modifier(#[from] ModifierError),
    /// An expected line's pattern that does not compile.
    #[error(transparent)]
    Pattern(#[from] PatternError),
    /// A directive with a repeat, timing or `needs` modifier.
    #[error("only `<` lines take repeat, timing or `needs` modifiers")]
    ModifiersOnDirective,
    /// A bound's source on `wait`; the source as written.
    #[error(
        "`{0}` says where a bound comes from, and `wait` is none: it goes with `within`, `silent`, `no … for` and `exit within`"
    )]
    SourceOnWait(String),
    /// A directive that does not read.
    #[error(transparent)]
    Directive(#[from] DirectiveError),
    /// `text: ID` naming a row of another protocol.
    #[error("`text: {id}` names a row of another protocol: this scenario is {protocol}")]
    TextRowOfAnotherProtocol {
        /// The row named.
        id: ReqId,
        /// The scenario's protocol.
        protocol: Protocol,
    },
    /// `text: ID` naming a row the protocol's catalogue does not hold.
    #[error("`text: {id}` names no row of the {protocol} catalogue")]
    TextRowNotInCatalogue {
        /// The row named.
        id: ReqId,
        /// The scenario's protocol.
        protocol: Protocol,
    },
    /// A file with headers and no step.
    #[error("no steps")]
    NoSteps,
}

/// What a line says besides its pattern or directive (in a file, the parenthesis at its end):
/// how many lines, their bounds and where the bounds come from, the level, the rows cited,
/// the label, and what the line is owed after.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Modifiers {
    /// `optional`, `any number`, `one or more`; `None`: exactly one line.
    pub repeat: Option<Repeat>,
    /// `within N ms`.
    pub within_ms: Option<u64>,
    /// `not before N ms`.
    pub not_before_ms: Option<u64>,
    /// Requirement ids cited.
    pub cites: Vec<ReqId>,
    /// `should` or `must`.
    pub level: Level,
    /// `as NAME`: the step's stable name in reports.
    pub label: Option<String>,
    /// `needs NAME`, once per step named: the earlier steps this one is owed only after.
    pub needs: Vec<String>,
    /// `if NAME is VALUE`: owed only where the capture NAME holds VALUE.
    pub only_if: Option<Condition>,
    /// `harness` or `text: ID`: where the line's bound comes from.
    pub bound: Option<BoundSource>,
}

/// A step that is neither a command nor an expectation, its figures read.
#[derive(Debug, Clone)]
pub(super) enum Directive {
    /// `wait N ms`.
    Wait { ms: u64 },
    /// `silent N ms`.
    Silent { ms: u64 },
    /// `no PATTERN for N ms`, the pattern as written.
    Absent { text: String, ms: u64 },
    /// `exit within N ms [with code C]`.
    Exit { within_ms: u64, code: Option<i32> },
}

/// Where a line landed among the steps: the step, and for an expectation its place in the
/// step's group. Its label is known once the steps are finished
/// ([`crate::scenario::Scenario::label_at`]), a repeated one numbered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Placed {
    pub(crate) step: usize,
    pub(crate) expectation: Option<usize>,
}

/// The steps assembled so far, and what the lines after them may refer to.
#[derive(Debug, Default)]
pub(super) struct Steps {
    steps: Vec<Step>,
    /// Names an expectation captured so far: a command may use only these.
    captured: Vec<String>,
    /// The `if` blocks open at this line, outermost first, each with the line that opened it.
    blocks: Vec<(Condition, usize)>,
}

impl Steps {
    /// No step yet: in a file, `key: value` lines are still headers.
    pub(super) fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The conditions of the blocks open here, outermost first.
    fn when(&self) -> Vec<Condition> {
        self.blocks.iter().map(|(c, _)| c.clone()).collect()
    }

    /// Whether the last step sits in the blocks open here: a step is grouped with the one
    /// before it (`>>`, a run of `<` lines) only inside the same block.
    fn last_in_this_block(&self) -> bool {
        self.steps.last().is_some_and(|s| s.when == self.when())
    }

    /// The last step, as a line landing in it is placed.
    fn last_placed(&self, expectation: Option<usize>) -> Placed {
        Placed {
            step: self.steps.len() - 1,
            expectation,
        }
    }

    /// `if CONDITION` on line `n`.
    pub(super) fn open_if(&mut self, n: usize, condition: Condition) -> Result<(), StepError> {
        if !self.captured.contains(&condition.name) {
            return Err(StepError::NoCapture(condition.name));
        }
        self.blocks.push((condition, n));
        Ok(())
    }

    /// `end if`.
    pub(super) fn close_if(&mut self) -> Result<(), StepError> {
        match self.blocks.pop() {
            Some(_) => Ok(()),
            None => Err(StepError::EndIfWithoutIf),
        }
    }

    /// `command` written in two writes, cut at byte `cut`, on line `n`. Whether a capture
    /// comes before the cut is the writer's to check (a file says so of its `>|` line).
    pub(super) fn send_cut(
        &mut self,
        n: usize,
        command: String,
        cut: usize,
        protocol: Option<Protocol>,
    ) -> Result<Placed, StepError> {
        if let Some(name) = uncaptured(&command, &self.captured, protocol) {
            return Err(StepError::UsedBeforeCaptured(name));
        }
        let kind = StepKind::SendCut { command, cut };
        self.steps.push(Step {
            line: n,
            label: short(&directive_label(&kind)),
            kind,
            cites: Vec::new(),
            level: Level::Must,
            bound: None,
            when: self.when(),
        });
        Ok(self.last_placed(None))
    }

    /// A command on line `n`, `joined`: written in the same write as the command before it.
    pub(super) fn send(
        &mut self,
        n: usize,
        text: &str,
        joined: bool,
        protocol: Option<Protocol>,
    ) -> Result<Placed, StepError> {
        let joins_a_send = matches!(
            self.steps.last(),
            Some(Step {
                kind: StepKind::Send(_),
                ..
            })
        ) && self.last_in_this_block();
        if joined && !joins_a_send {
            return Err(StepError::JoinsNothing);
        }
        if let Some(name) = uncaptured(text, &self.captured, protocol) {
            return Err(StepError::UsedBeforeCaptured(name));
        }
        let command = text.trim().to_owned();
        let when = self.when();
        match self.steps.last_mut() {
            Some(Step {
                kind: StepKind::Send(commands),
                ..
            }) if joined => commands.push(command),
            _ => self.steps.push(Step {
                line: n,
                label: short(&format!("> {command}")),
                kind: StepKind::Send(vec![command]),
                cites: Vec::new(),
                level: Level::Must,
                bound: None,
                when,
            }),
        }
        Ok(self.last_placed(None))
    }

    /// A line matching `pattern` expected, with its modifiers, on line `n`.
    pub(super) fn expect(
        &mut self,
        n: usize,
        pattern: &str,
        m: Modifiers,
    ) -> Result<Placed, StepError> {
        if let Some(source) = m.bound
            && m.within_ms.is_none()
        {
            return Err(StepError::SourceWithoutBound(source_word(source)));
        }
        // Only a line that needs something pays for numbering the labels above it.
        let labels = if m.needs.is_empty() {
            Vec::new()
        } else {
            labels_so_far(&self.steps)
        };
        if let Some(needed) = m.needs.iter().find(|needed| !labels.contains(needed)) {
            return Err(StepError::NeedsNoStep(needed.clone()));
        }
        if let Some(condition) = &m.only_if
            && !self.captured.contains(&condition.name)
        {
            return Err(StepError::NoCapture(condition.name.clone()));
        }
        let compiled = Pattern::parse(pattern)?;
        self.captured.extend(compiled.capture_names());
        let text = pattern.trim().to_owned();
        let expectation = Expectation {
            line: n,
            label: m.label.unwrap_or_else(|| short(&text)),
            text,
            pattern: compiled,
            repeat: m.repeat.unwrap_or(Repeat::Once),
            within_ms: m.within_ms,
            not_before_ms: m.not_before_ms,
            bound: m.bound,
            cites: m.cites,
            level: m.level,
            needs: m.needs,
            only_if: m.only_if,
        };
        let grouped = self.last_in_this_block();
        let when = self.when();
        match self.steps.last_mut() {
            Some(Step {
                kind: StepKind::Expect(group),
                ..
            }) if grouped => {
                group.push(expectation);
                let at = group.len() - 1;
                Ok(self.last_placed(Some(at)))
            }
            _ => {
                self.steps.push(Step {
                    line: n,
                    label: String::new(),
                    kind: StepKind::Expect(vec![expectation]),
                    cites: Vec::new(),
                    level: Level::Must,
                    bound: None,
                    when,
                });
                Ok(self.last_placed(Some(0)))
            }
        }
    }

    /// A directive with its modifiers, on line `n`.
    pub(super) fn directive(
        &mut self,
        n: usize,
        directive: Directive,
        m: Modifiers,
    ) -> Result<Placed, StepError> {
        if m.repeat.is_some()
            || m.within_ms.is_some()
            || m.not_before_ms.is_some()
            || !m.needs.is_empty()
        {
            return Err(StepError::ModifiersOnDirective);
        }
        let kind = match directive {
            Directive::Wait { ms } => StepKind::Wait { ms },
            Directive::Silent { ms } => StepKind::Silent { ms },
            Directive::Absent { text, ms } => StepKind::Absent {
                pattern: Pattern::parse(&text).map_err(DirectiveError::from)?,
                text,
                ms,
            },
            Directive::Exit { within_ms, code } => StepKind::Exit { within_ms, code },
        };
        if let (StepKind::Wait { .. }, Some(source)) = (&kind, m.bound) {
            return Err(StepError::SourceOnWait(source_word(source)));
        }
        let label = m.label.unwrap_or_else(|| short(&directive_label(&kind)));
        self.steps.push(Step {
            line: n,
            label,
            kind,
            cites: m.cites,
            level: m.level,
            bound: m.bound,
            when: self.when(),
        });
        Ok(self.last_placed(None))
    }

    /// The innermost `if` block left open at the end, as the error that names its line.
    pub(super) fn unclosed(&self) -> Option<(usize, StepError)> {
        self.blocks
            .last()
            .map(|(condition, line)| (*line, StepError::Unclosed(condition.to_string())))
    }

    /// The steps, once every line is in and every block closed: every `text:` row one of the
    /// protocol's, repeated labels numbered. An error names its line (0: the whole scenario).
    pub(super) fn finish(self, protocol: Protocol) -> Result<Vec<Step>, (usize, StepError)> {
        if self.steps.is_empty() {
            return Err((0, StepError::NoSteps));
        }
        let mut steps = self.steps;
        check_text_rows(protocol, &steps)?;
        number_repeated_labels(&mut steps);
        Ok(steps)
    }
}

/// The first `{name}` in a command that no expectation has captured yet and the harness does
/// not supply (`{free}` in Gomocup).
fn uncaptured(text: &str, captured: &[String], protocol: Option<Protocol>) -> Option<String> {
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after.find('}')?;
        let name = &after[..close];
        let supplied =
            protocol.is_some_and(|p| crate::scenario::Supplied::named(name, p).is_some());
        if crate::scenario::pattern::is_capture_name(name)
            && !supplied
            && !captured.iter().any(|c| c == name)
        {
            return Some(name.to_owned());
        }
        rest = &after[close + 1..];
    }
    None
}

/// `harness` or `text: ID`, as a line writes it.
fn source_word(source: BoundSource) -> String {
    match source {
        BoundSource::Harness => "harness".into(),
        BoundSource::Text(id) => format!("text: {id}"),
    }
}

/// Every `text: ID` names a row of the scenario's own protocol that its catalogue holds
/// (`scenarios/requirements/<protocol>.tsv`): a bound the text gives is given by a row of that
/// text. Checked once the steps are in, with the line at fault.
fn check_text_rows(protocol: Protocol, steps: &[Step]) -> Result<(), (usize, StepError)> {
    let sources = steps.iter().flat_map(|step| match &step.kind {
        StepKind::Expect(group) => group.iter().map(|e| (e.line, e.bound)).collect(),
        _ => vec![(step.line, step.bound)],
    });
    for (line, source) in sources {
        let Some(BoundSource::Text(id)) = source else {
            continue;
        };
        if id.protocol() != protocol {
            return Err((line, StepError::TextRowOfAnotherProtocol { id, protocol }));
        }
        if !in_catalogue(protocol, id) {
            return Err((line, StepError::TextRowNotInCatalogue { id, protocol }));
        }
    }
    Ok(())
}

/// Whether the protocol's catalogue holds the row.
fn in_catalogue(protocol: Protocol, id: ReqId) -> bool {
    protocol
        .descriptor()
        .catalogue
        .lines()
        .filter_map(|line| line.split('\t').next())
        .any(|first| ReqId::parse(first) == Some(id))
}
