//! Scenarios: scripted exchanges, written as text files that read like the transcripts in
//! the spec texts. See `scenarios/README.md` for the format; `parse` reads it. A scenario
//! built by the harness itself (the fuzzer's cases) is assembled from typed parts by
//! `ScenarioBuilder` (`build.rs`); both go through the one step assembler (`assemble`).

mod assemble;
// Only the fuzzer builds scenarios; a library built without it reads them only.
#[cfg(feature = "fuzz")]
mod build;
mod builtin;
mod parse;
pub(crate) mod pattern;
mod select;

use std::path::Path;

#[cfg(feature = "fuzz")]
pub(crate) use assemble::{Modifiers, Placed};
#[cfg(feature = "fuzz")]
pub use build::BuildError;
#[cfg(feature = "fuzz")]
pub(crate) use build::ScenarioBuilder;
pub use builtin::{builtin, builtin_for, builtin_named, builtin_names, suggest};
pub(crate) use parse::parse;
pub use parse::{
    CutError, DirectiveError, DurationError, HeaderError, ModifierError, NotARequirementId,
    ScenarioError, ScenarioErrorKind, StepError,
};
use pattern::Pattern;
pub use pattern::PatternError;
pub use select::SelectError;
pub use select::{fits, select};

use crate::protocol::{GameKind, LineEnd, Protocol, ReqId};

/// The default for expectations without `within`: generous, since it only bounds a hang (the
/// timeout is always the harness's bound, never one the text gives).
const DEFAULT_TIMEOUT_MS: u64 = 10_000;

/// A value a command may name that no expectation captures: the harness supplies it when the
/// command is sent, from what it has followed of the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Supplied {
    /// Gomocup `{free}`: an empty point the manager may play next (legal for its stone, not
    /// ending the game), on the board the checks keep. The brain's moves are known only once
    /// it has made them, so a scenario cannot write such a point in advance.
    FreePoint,
}

impl Supplied {
    /// The supplied value `{name}` stands for in a scenario of `protocol`, if any.
    pub(crate) fn named(name: &str, protocol: Protocol) -> Option<Supplied> {
        match (name, protocol) {
            ("free", Protocol::Gomocup) => Some(Supplied::FreePoint),
            _ => None,
        }
    }
}

/// A scenario, parsed or built. Two are equal when they are the same steps, their patterns
/// compared by their text.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// Short name, e.g. `ucci/handshake`.
    pub name: String,
    /// The protocol it is written in.
    pub protocol: Protocol,
    /// Its `title:` header.
    pub title: String,
    /// The spec section the scenario exercises, as written in its `spec:` header.
    pub spec: String,
    /// Requirement ids the scenario exercises as a whole (`ucci-r20`, …).
    pub cites: Vec<ReqId>,
    /// How long an expectation without `within` may wait. It bounds a hang, so it is always
    /// the harness's bound ([`BoundSource::Harness`]).
    pub timeout_ms: u64,
    /// Line end the harness sends, when the scenario chooses one.
    pub line_end: Option<LineEnd>,
    /// The one game the scenario's positions are written for (`game:`), or `None` when its
    /// exchange holds for every game of the protocol (UCI: chess and xiangqi).
    pub game: Option<GameKind>,
    /// Its steps, in order.
    pub steps: Vec<Step>,
}

/// One step of a scenario, with the line of the file it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The line of the file, from 1.
    pub line: usize,
    /// The step's name in reports (`ucci/stop:bestmove {bestmove} ...`): its `as NAME`, or
    /// what it expects or does, numbered when it repeats, so editing comments or adding steps
    /// elsewhere does not rename it.
    pub label: String,
    /// What the step does.
    pub kind: StepKind,
    /// Requirement ids cited on this line.
    pub cites: Vec<ReqId>,
    /// How a miss is graded.
    pub level: Level,
    /// Where the bound of a `silent`, `no … for` or `exit within` comes from, when the line
    /// says (`harness`, `text: ID`); always `None` for other steps.
    pub bound: Option<BoundSource>,
    /// The conditions of the `if … / end if` blocks the step is written in, outermost first:
    /// the step is played only where each holds, and is otherwise neither judged nor blocked
    /// (it does not apply to that engine).
    pub when: Vec<Condition>,
}

/// `NAME is VALUE`, `NAME is A|B` or `NAME is not VALUE`: what an earlier line captured as NAME
/// (the engine's answer), held against the values. A capture never made holds for no
/// condition: the line that would have made it was missed, and what hangs on the answer is
/// not known.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Condition {
    /// The capture's name.
    pub name: String,
    /// The values held against it.
    pub values: Vec<String>,
    /// `is not`: the capture is none of the values.
    pub negated: bool,
}

impl Condition {
    /// Reads `NAME is [not] A|B`; `None` when it is not of that shape.
    pub(crate) fn parse(text: &str) -> Option<Condition> {
        let (name, value) = text.split_once(" is ")?;
        let (name, value) = (name.trim(), value.trim());
        let (negated, value) = match value.strip_prefix("not ") {
            Some(rest) => (true, rest.trim()),
            None => (false, value),
        };
        let values: Vec<String> = value.split('|').map(|v| v.trim().to_owned()).collect();
        let plain = |w: &str| !w.is_empty() && !w.contains(char::is_whitespace);
        (plain(name) && values.iter().all(|v| plain(v))).then(|| Condition {
            name: name.to_owned(),
            values,
            negated,
        })
    }

    /// Whether the captures make it hold.
    pub(crate) fn holds(&self, captures: &std::collections::HashMap<String, String>) -> bool {
        self.holds_for(captures.get(&self.name))
    }

    /// Whether it holds where its capture is `got` (`None`: never made).
    pub(crate) fn holds_for(&self, got: Option<&String>) -> bool {
        got.is_some_and(|got| self.values.contains(got) != self.negated)
    }
}

impl std::fmt::Display for Condition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let not = if self.negated { "not " } else { "" };
        write!(f, "{} is {not}{}", self.name, self.values.join("|"))
    }
}

/// Where a time bound comes from, as a scenario line says it (`harness`, `text: ucci-r69`).
///
/// The project's rule: a bound fails a row only where the protocol text gives it. A bound the
/// harness chose (a GUI's usual patience, a guard against a hang) may only warn or leave the
/// step not judged: a line that comes later than it is a warning, and one that never comes is
/// not judged (the scenario stops, and what it kept from running is blocked), unless the
/// engine died. A bound the text gives grades as the line's level says. A line that does not
/// say (`None`, allowed in user files) is graded as before: as a rule its author gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoundSource {
    /// `harness`: the text gives no figure; the bound is the harness's own choice.
    Harness,
    /// `text: ID`: the bound is the one row ID of the scenario's protocol gives (its clock,
    /// its "until stop", its "no reply"). The row is not added to the line's cites.
    Text(ReqId),
}

/// What a step does.
#[derive(Debug, Clone, PartialEq)]
pub enum StepKind {
    /// `> text`, and the `>> text` lines right after it: commands written together, in one
    /// write (captures substituted). GUIs often write several commands at once, and an engine
    /// must read every line the write brings, not one line per wake-up.
    Send(Vec<String>),
    /// `>| text` with one `|` in it: the command written in two writes, cut at the `|` (at
    /// byte `cut` of `command`), a pause apart, as a pipe may deliver one write in two reads.
    /// An engine must read a command up to its line end, not take what one read brings for a
    /// command.
    SendCut {
        /// The command, without the `|`.
        command: String,
        /// The byte it is cut at.
        cut: usize,
    },
    /// A run of `<` lines: replies expected, in order.
    Expect(Vec<Expectation>),
    /// `wait N ms`: let time pass; replies stay for the next expectations.
    Wait {
        /// For how long.
        ms: u64,
    },
    /// `silent N ms`: no output at all for N ms.
    Silent {
        /// For how long.
        ms: u64,
    },
    /// `no PATTERN for N ms`: no line matching the pattern for N ms.
    Absent {
        /// The pattern of the lines that must not come.
        pattern: Pattern,
        /// The pattern as written.
        text: String,
        /// For how long.
        ms: u64,
    },
    /// `exit within N ms [with code C]`.
    Exit {
        /// How soon.
        within_ms: u64,
        /// The exit code it must end with, if the line says.
        code: Option<i32>,
    },
}

/// One expected line.
#[derive(Debug, Clone, PartialEq)]
pub struct Expectation {
    /// The line of the file, from 1.
    pub line: usize,
    /// The expectation's name in reports; see [`Step::label`].
    pub label: String,
    /// The pattern as written.
    pub text: String,
    /// The pattern, compiled.
    pub pattern: Pattern,
    /// How many lines it takes.
    pub repeat: Repeat,
    /// How soon the line must come (`within N ms`).
    pub within_ms: Option<u64>,
    /// How soon it may not come (`not before N ms`).
    pub not_before_ms: Option<u64>,
    /// Where the `within` bound comes from, when the line says; a `not before` is never the
    /// harness's (it follows the command's own figure) and takes no source.
    pub bound: Option<BoundSource>,
    /// Requirement ids cited on this line.
    pub cites: Vec<ReqId>,
    /// How a miss is graded.
    pub level: Level,
    /// `needs NAME`, once per step named: the steps (by label) whose passing this expectation
    /// rests on. When one of them has a finding and this line does not come, the miss is not
    /// judged but blocked by that finding (an engine that answered an infinite search early
    /// owes no answer to its `stop`); a line that comes is judged as usual.
    pub needs: Vec<String>,
    /// `if NAME is VALUE`: the line is owed only where an earlier step captured VALUE as NAME
    /// (a brain that answered `OK` to `RESTART`, not one that declined it with `UNKNOWN`, as
    /// the text lets it, gomocup-r103). Otherwise a miss is not judged: the step does not
    /// apply to that engine, and its rows get no evidence from it; a line that comes is judged
    /// as usual.
    pub only_if: Option<Condition>,
}

/// How many lines an expectation takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repeat {
    /// Exactly one line.
    Once,
    /// At most one line.
    Optional,
    /// Any number of lines, none included.
    AnyNumber,
    /// One line or more.
    OneOrMore,
}

impl Repeat {
    /// At least one line is required.
    pub(crate) fn is_required(self) -> bool {
        matches!(self, Repeat::Once | Repeat::OneOrMore)
    }
}

/// How a miss is graded: a `must` fails, a `should` warns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Level {
    /// A miss fails.
    #[default]
    Must,
    /// A miss warns.
    Should,
}

impl Scenario {
    /// Reads a scenario file from disk.
    pub(crate) fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let text = std::fs::read_to_string(path).map_err(|e| ScenarioError::io(path, e))?;
        // `ucci/search` for scenarios/ucci/search.scenario, as the built-in ones are named.
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = match path.parent().and_then(|p| p.file_name()) {
            Some(dir) => format!("{}/{stem}", dir.to_string_lossy()),
            None => stem,
        };
        parse(&name, &path.display().to_string(), &text)
    }

    /// Whether the scenario sets the engine thinking (sends `go`, `BEGIN`, `TURN`, …): a run
    /// counts such a scenario as holding a core while it runs.
    pub(crate) fn searches(&self) -> bool {
        let facts = self.protocol.facts();
        self.steps.iter().any(|step| match &step.kind {
            StepKind::Send(commands) => commands.iter().any(|c| facts.starts_search(c)),
            StepKind::SendCut { command, .. } => facts.starts_search(command),
            _ => false,
        })
    }

    /// The label of the step or expectation a line was placed at while the scenario was
    /// built, as its outcomes carry it (numbered where it repeats).
    #[cfg(feature = "fuzz")]
    pub(crate) fn label_at(&self, placed: Placed) -> &str {
        let step = &self.steps[placed.step];
        match (&step.kind, placed.expectation) {
            (StepKind::Expect(group), Some(at)) => &group[at].label,
            _ => &step.label,
        }
    }

    /// Every requirement id the scenario cites: its own, its steps' and its expectations'.
    pub fn all_cites(&self) -> Vec<ReqId> {
        let mut all: Vec<ReqId> = self.cites.clone();
        for step in &self.steps {
            all.extend(&step.cites);
            if let StepKind::Expect(group) = &step.kind {
                all.extend(group.iter().flat_map(|e| e.cites.iter().copied()));
            }
        }
        all
    }

    /// Requirement ids of a step's outcome: the step's own, or else the scenario's. A step
    /// that cites its own ids (a closing `quit`, say) does not implicate the whole scenario's.
    pub(crate) fn cites_for(&self, own: &[ReqId]) -> Vec<ReqId> {
        if own.is_empty() {
            self.cites.clone()
        } else {
            own.to_vec()
        }
    }
}
