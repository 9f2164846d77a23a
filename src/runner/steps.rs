//! Executing a scenario's steps against a live session.
//!
//! The executor drives: it writes commands, waits for the expected replies within their
//! deadlines, and grades what the scenario file asked for (which line, how soon). It keeps
//! nothing but the captures and the lines not yet matched; everything it saw is in the
//! session's transcript for the built-in checks.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use crate::check::{CheckRef, Grade, Judge, Outcome, Softened};
use crate::protocol::ReqId;
use crate::scenario::pattern::Captures;
use crate::scenario::{
    BoundSource, Expectation, Level, Repeat, Scenario, Step, StepKind, Supplied,
};
use crate::session::{Next, Received, Session, interrupt};

use super::EngineOption;
use crate::report::{Blocked, Cause};

/// Why a scenario stopped before its last step.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Abort {
    /// What happened, as the report says it.
    pub reason: String,
    /// The finding that stopped it, when one did (not for a signal): the steps after it are
    /// blocked by it.
    pub cause: Option<Cause>,
}

impl Abort {
    /// Stopped by no finding of the engine's (a signal, the harness's own write).
    fn plain(reason: impl Into<String>) -> Abort {
        Abort {
            reason: reason.into(),
            cause: None,
        }
    }

    fn by(reason: impl Into<String>, cause: Cause) -> Abort {
        Abort {
            reason: reason.into(),
            cause: Some(cause),
        }
    }
}

/// How many received lines, and bytes, may wait unmatched for a later expectation: far more
/// than any exchange of a scenario; past it the oldest are let go, so a flood costs no memory.
const MAX_PENDING: usize = 10_000;
/// How long a command cut in two (`>|`) waits between its writes: long enough for any engine to
/// have read the first part alone, as a pipe delivers it when the writer is slow.
const CUT_PAUSE: Duration = Duration::from_millis(200);
const MAX_PENDING_BYTES: usize = 1024 * 1024;

pub(super) struct Executor<'a> {
    session: &'a mut Session<Judge>,
    scenario: &'a Scenario,
    time_scale: f64,
    /// Wait past a bound to measure how late a reply is.
    measure_late: bool,
    /// Each outcome with the file line of its step, to report them in file order.
    outcomes: Vec<(usize, Outcome)>,
    /// Steps not judged because a finding stopped the scenario before them, likewise.
    blocked: Vec<(usize, Blocked)>,
    /// Captures a required line would have made, with the finding that says it never came:
    /// a later command that needs one is blocked by that finding.
    missing: HashMap<String, Cause>,
    case_insensitive: bool,
    /// stdout lines pulled from the session but not matched yet.
    pending: VecDeque<Received>,
    pending_bytes: usize,
    captures: HashMap<String, String>,
    last_send_us: u64,
    /// Replies belong to the commands sent since the last expectation: older lines are stale.
    window_start_us: u64,
    /// The window of replies is still open: only commands and waits came since it opened
    /// (`> go`, `wait 200 ms`, `> stop`: a `bestmove` before the `stop` still answers).
    window_open: bool,
    /// A command of the window was cut in two writes (`>|`): an engine that misread it may
    /// have answered its pieces, so a line that came instead of the reply owed is no answer.
    cut_in_window: bool,
    stdout_closed: bool,
    /// Engine options to set once the handshake is done (`--option NAME=VALUE`).
    engine_options: &'a [EngineOption],
    options_sent: bool,
    /// The engine went away (its output closed, its input refused a write) while the
    /// scenario still needed it: the step that found it, as it would be graded on its own.
    /// The run makes the engine's end the one finding when the checks report it as a crash,
    /// and this step then only blocked by it (`Gone`).
    gone: Option<Gone>,
    /// When the run began: the harness's own scheduling delay is measured from here.
    started: Instant,
    /// The scenario itself sent the protocol's command that ends a session (`quit`, `END`).
    quit_sent: bool,
}

/// What the steps showed: outcomes and blocked steps, each with its line in the file and in
/// file order, and the step that found the engine gone, if one did.
pub(super) struct StepResults {
    pub outcomes: Vec<(usize, Outcome)>,
    pub blocked: Vec<(usize, Blocked)>,
    pub gone: Option<Gone>,
    /// The scenario sent the protocol's command that ends a session.
    pub quit_sent: bool,
    /// What its expectations captured.
    pub captures: std::collections::BTreeMap<String, String>,
}

impl StepResults {
    /// The outcomes and blocked steps once the run's own findings are known: when a crash
    /// finding of the checks (`process.unexpected-exit`) stands for the engine's end, it is the
    /// one finding and every step the end kept from running is blocked by it; otherwise the
    /// step that found the engine gone keeps its own outcome and the rest are blocked by that.
    pub(super) fn settle(mut self, checks: &[Outcome]) -> (Vec<Outcome>, Vec<Blocked>) {
        if let Some(gone) = self.gone.take() {
            let crash = checks.iter().find(|o| {
                o.grade == Grade::Fail
                    && matches!(
                        o.check,
                        CheckRef::Builtin {
                            id: crate::check::CheckId::ProcessUnexpectedExit,
                            ..
                        }
                    )
            });
            let cause = match crash {
                Some(crash) => Cause::of(crash),
                None => {
                    self.blocked
                        .retain(|(line, b)| !(*line == gone.line && b.by == gone.placeholder));
                    let cause = Cause::of(&gone.outcome);
                    let at = self
                        .outcomes
                        .partition_point(|(line, _)| *line <= gone.line);
                    self.outcomes.insert(at, (gone.line, gone.outcome));
                    cause
                }
            };
            for (_, b) in &mut self.blocked {
                if b.by == gone.placeholder {
                    b.by = cause.clone();
                }
            }
        }
        (
            self.outcomes.into_iter().map(|(_, o)| o).collect(),
            self.blocked.into_iter().map(|(_, b)| b).collect(),
        )
    }
}

/// A step that found the engine gone, kept until the run knows whether its end was a crash.
#[derive(Debug, Clone)]
pub(super) struct Gone {
    /// The step's line in the file, where its outcome or its blocked entry goes.
    pub line: usize,
    /// The step's own outcome: what it reports when no crash finding stands for it.
    pub outcome: Outcome,
    /// The cause the steps after it were blocked by meanwhile, until the finding is known.
    pub placeholder: Cause,
}

impl<'a> Executor<'a> {
    pub(super) fn new(
        session: &'a mut Session<Judge>,
        scenario: &'a Scenario,
        time_scale: f64,
        measure_late: bool,
        engine_options: &'a [EngineOption],
    ) -> Executor<'a> {
        Executor {
            session,
            scenario,
            time_scale,
            measure_late,
            outcomes: Vec::new(),
            blocked: Vec::new(),
            missing: HashMap::new(),
            case_insensitive: scenario.protocol.keywords_case_insensitive(),
            pending: VecDeque::new(),
            pending_bytes: 0,
            captures: HashMap::new(),
            last_send_us: 0,
            window_start_us: 0,
            window_open: false,
            cut_in_window: false,
            stdout_closed: false,
            engine_options,
            // Nothing to send is as good as sent.
            options_sent: engine_options.is_empty(),
            gone: None,
            started: Instant::now(),
            quit_sent: false,
        }
    }

    /// The outcomes and the blocked steps, each in file order: optional lines are graded
    /// after the required ones they surround, but reported where they are written.
    pub(super) fn into_results(mut self) -> StepResults {
        self.outcomes.sort_by_key(|(line, _)| *line);
        self.blocked.sort_by_key(|(line, _)| *line);
        StepResults {
            outcomes: self.outcomes,
            blocked: self.blocked,
            gone: self.gone,
            quit_sent: self.quit_sent,
            captures: self.captures.into_iter().collect(),
        }
    }

    /// The engine is gone while `step` still needed it: the step is blocked until the run
    /// knows whether a crash finding stands for it (then that is the one finding) or not (then
    /// `outcome`, the step's own, is). Returns the cause the rest is blocked by meanwhile.
    fn engine_gone(
        &mut self,
        line: usize,
        label: &str,
        cites: &[ReqId],
        outcome: Outcome,
    ) -> Cause {
        // Found gone before: this step is one more thing its end kept from happening.
        if let Some(gone) = &self.gone {
            let placeholder = gone.placeholder.clone();
            self.block(line, label, cites, &placeholder);
            return placeholder;
        }
        let placeholder = Cause {
            check: CheckRef::builtin(
                self.scenario.protocol,
                crate::check::CheckId::ProcessUnexpectedExit,
            ),
            message: outcome.message.clone(),
            scenario: None,
        };
        self.block(line, label, cites, &placeholder);
        self.gone = Some(Gone {
            line,
            outcome,
            placeholder: placeholder.clone(),
        });
        placeholder
    }

    /// Plays the steps; when a finding stops the scenario, every step it kept from being
    /// judged is recorded as blocked by that finding.
    pub(super) fn run(&mut self) -> Result<(), Abort> {
        let steps = &self.scenario.steps;
        for (index, step) in steps.iter().enumerate() {
            // A step of an `if` block whose answer did not come does not apply to this engine.
            if !self.applies(step) {
                continue;
            }
            if let Err(abort) = self.play(step) {
                if let Some(cause) = &abort.cause {
                    self.block_rest(&steps[index..], cause);
                }
                return Err(abort);
            }
        }
        Ok(())
    }

    /// Records as blocked every expectation and directive from `rest` on that has no outcome
    /// yet (the rest of a group whose required line never came included).
    fn block_rest(&mut self, rest: &[Step], cause: &Cause) {
        let judged = |line: usize, this: &Self| {
            this.outcomes.iter().any(|(l, _)| *l == line)
                || this.blocked.iter().any(|(l, _)| *l == line)
        };
        let applying: Vec<&Step> = rest.iter().filter(|step| self.applies(step)).collect();
        for step in applying {
            let waiting: Vec<(usize, &str, &[ReqId])> = match &step.kind {
                StepKind::Expect(group) => group
                    .iter()
                    .map(|e| (e.line, e.label.as_str(), e.cites.as_slice()))
                    .collect(),
                StepKind::Silent { .. } | StepKind::Absent { .. } | StepKind::Exit { .. } => {
                    vec![(step.line, step.label.as_str(), step.cites.as_slice())]
                }
                StepKind::Send(_) | StepKind::SendCut { .. } | StepKind::Wait { .. } => Vec::new(),
            };
            for (line, label, cites) in waiting {
                if !judged(line, self) {
                    self.block(line, label, cites, cause);
                }
            }
        }
    }

    /// Whether every `if` block the step is written in holds, on the answers captured so far.
    fn applies(&self, step: &Step) -> bool {
        step.when.iter().all(|c| c.holds(&self.captures))
    }

    fn block(&mut self, line: usize, label: &str, cites: &[ReqId], cause: &Cause) {
        let blocked = Blocked {
            check: CheckRef::Step {
                scenario: self.scenario.name.clone(),
                label: label.to_owned(),
            },
            requirements: self.scenario.cites_for(cites),
            by: cause.clone(),
        };
        self.blocked.push((line, blocked));
    }

    fn play(&mut self, step: &Step) -> Result<(), Abort> {
        self.check_interrupt()?;
        // A protocol without a handshake (Gomocup) takes its settings before anything else.
        if self.scenario.protocol.facts().handshake.is_none() {
            self.send_engine_options()?;
        }
        let window_open = match step.kind {
            StepKind::Send(_) | StepKind::SendCut { .. } => true,
            StepKind::Wait { .. } => self.window_open,
            _ => false,
        };
        match &step.kind {
            StepKind::Send(commands) => self.send(step, commands, None)?,
            StepKind::SendCut { command, cut } => {
                self.send(step, std::slice::from_ref(command), Some(*cut))?
            }
            StepKind::Expect(group) => self.expect(group)?,
            StepKind::Wait { ms } => self.wait(*ms),
            StepKind::Silent { ms } => self.quiet(step, *ms, None),
            StepKind::Absent { pattern, text, ms } => {
                self.quiet(step, *ms, Some((pattern, text.as_str())))
            }
            StepKind::Exit { within_ms, code } => self.exit(step, *within_ms, *code),
        }
        self.window_open = window_open;
        Ok(())
    }

    /// An upper bound (`within`, a timeout, a window) as the run applies it: `--time-scale`
    /// relaxes it for a slow machine.
    fn scaled(&self, ms: u64) -> Duration {
        upper_bound(ms, self.time_scale)
    }

    /// "1000 ms", or "1000 ms × 2.5 = 2500 ms" under a time scale: the bound the file gave,
    /// and what the run applied.
    fn bound_text(&self, ms: u64) -> String {
        if self.time_scale == 1.0 {
            format!("{ms} ms")
        } else {
            format!(
                "{ms} ms × {} = {} ms",
                self.time_scale,
                self.scaled(ms).as_millis()
            )
        }
    }

    fn outcome(&self, label: &str, cites: &[ReqId], grade: Grade, message: String) -> Outcome {
        let check = CheckRef::Step {
            scenario: self.scenario.name.clone(),
            label: label.to_owned(),
        };
        Outcome::new(check, &self.scenario.cites_for(cites), grade, message)
    }

    fn push(&mut self, line: usize, o: Outcome) {
        self.outcomes.push((line, o));
    }

    fn miss_grade(level: Level) -> Grade {
        match level {
            Level::Must => Grade::Fail,
            Level::Should => Grade::Warn,
        }
    }

    /// How a reply that came past its bound (or a line inside a quiet window, an exit past its
    /// bound) is graded, and what the message adds: a bound the text gives grades as the
    /// line's level says, unless the reply was late by no more than the harness's own
    /// scheduling delay measured during the run (then the harness cannot tell, and warns); a
    /// bound of the harness's own choosing only warns. Either way the outcome records why it
    /// was softened, so a certificate can tell load from conformance.
    fn late_grade(
        &self,
        level: Level,
        bound: Option<BoundSource>,
        late_by: Duration,
    ) -> (Grade, String, Option<Softened>) {
        match bound {
            Some(BoundSource::Harness) => (
                Self::miss_grade(level).min(Grade::Warn),
                " (the harness's bound: the text gives none, so this only warns)".to_owned(),
                Some(Softened::HarnessBound),
            ),
            _ => {
                let delay = super::lateness::worst_since(self.started);
                if !late_by.is_zero() && late_by <= delay {
                    (
                        Self::miss_grade(level).min(Grade::Warn),
                        format!(
                            " (late by {:.1} ms, no more than the harness's own scheduling delay of \
                             {:.1} ms measured during this run, so this only warns)",
                            late_by.as_secs_f64() * 1000.0,
                            delay.as_secs_f64() * 1000.0
                        ),
                        Some(Softened::SchedulingDelay),
                    )
                } else {
                    let source = match bound {
                        Some(BoundSource::Text(id)) => format!(" (the bound {id} gives)"),
                        _ => String::new(),
                    };
                    (Self::miss_grade(level), source, None)
                }
            }
        }
    }

    /// `text` with its captures filled in; the error names the capture that is missing.
    fn substitute(&self, text: &str) -> Result<String, (Option<String>, String)> {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let close = after
                .find('}')
                .ok_or_else(|| (None, format!("unclosed `{{` in `{text}`")))?;
            let name = &after[..close];
            let value = match self.captures.get(name) {
                Some(value) => value.clone(),
                None => self.supplied(name)?,
            };
            out.push_str(&value);
            rest = &after[close + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }

    /// The value the harness supplies for `{name}` (a capture of that name comes first).
    fn supplied(&self, name: &str) -> Result<String, (Option<String>, String)> {
        match Supplied::named(name, self.scenario.protocol) {
            Some(Supplied::FreePoint) => self.session.sink().free_point().ok_or_else(|| {
                (
                    None,
                    "no free point: the board is not followed (a move off it or on a stone), \
                     or the game is over"
                        .to_owned(),
                )
            }),
            None => Err((
                Some(name.to_owned()),
                format!("`{{{name}}}` was never captured: the engine did not send it"),
            )),
        }
    }

    /// Writes the step's commands in one write, or its one command in two writes cut after
    /// `cut` bytes.
    fn send(&mut self, step: &Step, commands: &[String], cut: Option<usize>) -> Result<(), Abort> {
        let mut lines = Vec::with_capacity(commands.len());
        for text in commands {
            lines.push(self.substitute_command(step, text)?);
        }
        if !self.window_open {
            self.window_start_us = self.session.now_us();
            self.cut_in_window = false;
        }
        self.cut_in_window |= cut.is_some();
        let facts = self.scenario.protocol.facts();
        self.quit_sent |= lines.iter().any(|line| facts.is_quit(line));
        let written = match cut {
            Some(cut) => self.session.send_cut(&lines[0], cut, CUT_PAUSE),
            None => self.session.send_together(&lines),
        };
        match written {
            Ok(at) => {
                self.last_send_us = at.us;
                Ok(())
            }
            Err(e) => {
                let reason = format!("cannot write `{}` to the engine: {e}", lines.join(" ⏎ "));
                if let Some(signal) = interrupt::raised() {
                    return Err(Abort::plain(format!("interrupted by signal {signal}")));
                }
                let o = self.outcome(&step.label, &step.cites, Grade::Fail, reason.clone());
                // A closed input is the engine's end, reported once as such; an input it
                // stopped reading is this step's own finding.
                if e.engine_gone() {
                    let cause = self.engine_gone(step.line, &step.label, &step.cites, o);
                    return Err(Abort::by(reason, cause));
                }
                let cause = Cause::of(&o);
                self.push(step.line, o);
                Err(Abort::by(reason, cause))
            }
        }
    }

    /// A command with its captures substituted; a capture the engine never gave blocks it.
    fn substitute_command(&mut self, step: &Step, text: &str) -> Result<String, Abort> {
        match self.substitute(text) {
            Ok(line) => Ok(line),
            Err((name, reason)) => {
                // A value the engine's missing reply would have given: the command is not
                // the engine's fault, it is blocked by the finding about that reply.
                if let Some(cause) = name.and_then(|n| self.missing.get(&n)).cloned() {
                    self.block(step.line, &step.label, &step.cites, &cause);
                    return Err(Abort::by(format!("cannot send `{text}`: {reason}"), cause));
                }
                let o = self.outcome(
                    &step.label,
                    &step.cites,
                    Grade::Fail,
                    format!("cannot send `{text}`: {reason}"),
                );
                let cause = Cause::of(&o);
                self.push(step.line, o);
                Err(Abort::by(reason, cause))
            }
        }
    }

    /// Moves the next stdout line into `pending`; false on deadline or closed stdout. A
    /// signal to the harness ends every wait.
    fn pull(&mut self, deadline: Instant) -> bool {
        self.pull_counting(deadline).is_some()
    }

    /// As [`Executor::pull`]; on a line, how many old lines were let go from the front of
    /// `pending` to make room (a scan position into `pending` moves back by as many).
    fn pull_counting(&mut self, deadline: Instant) -> Option<usize> {
        if self.stdout_closed || interrupt::raised().is_some() {
            return None;
        }
        match self.session.next_line(deadline) {
            Next::Line(line) => {
                self.pending_bytes += line.text.len();
                self.pending.push_back(line);
                let mut dropped = 0;
                while self.pending.len() > MAX_PENDING || self.pending_bytes > MAX_PENDING_BYTES {
                    let Some(old) = self.pending.pop_front() else {
                        break;
                    };
                    self.pending_bytes -= old.text.len();
                    dropped += 1;
                }
                Some(dropped)
            }
            Next::Timeout | Next::Interrupted => None,
            Next::Closed => {
                self.stdout_closed = true;
                None
            }
        }
    }

    /// Stops the scenario when the run was interrupted.
    fn check_interrupt(&self) -> Result<(), Abort> {
        match interrupt::raised() {
            Some(signal) => Err(Abort::plain(format!("interrupted by signal {signal}"))),
            None => Ok(()),
        }
    }

    /// The first pending line from `from` on that matches; `from` moves past the lines
    /// tried, so waiting through a flood of output stays linear.
    fn take_first_match(
        &mut self,
        e: &Expectation,
        from: &mut usize,
    ) -> Option<(Received, Captures)> {
        let window = self.window_start_us;
        let ci = self.case_insensitive;
        while *from < self.pending.len() {
            let line = &self.pending[*from];
            if line.at.us >= window
                && let Some(caps) =
                    Self::read_as_meant(self.scenario.protocol, &e.pattern, &line.text, ci)
            {
                let line = self.pending.remove(*from)?;
                self.pending_bytes -= line.text.len();
                return Some((line, caps));
            }
            *from += 1;
        }
        None
    }

    /// What `pattern` captures of a line read as a GUI reads it: in the text's spelling where
    /// it departs from it only in a way the text leaves open (`UNKNOWN: …` as `UNKNOWN …`,
    /// `7, 7` as `7,7`). The built-in checks warn about the spelling; a step judges what the
    /// line says, and so does a `no` window (`no !UNKNOWN ...` is not broken by `UNKNOWN:`).
    fn read_as_meant(
        protocol: crate::protocol::Protocol,
        pattern: &crate::scenario::pattern::Pattern,
        text: &str,
        ci: bool,
    ) -> Option<crate::scenario::pattern::Captures> {
        match crate::protocol::spelling::respell(protocol, text) {
            Some(respelt) => pattern.matches(&respelt.line, ci),
            None => pattern.matches(text, ci),
        }
    }

    /// Sends the `--option` settings, once, in the protocol's own words.
    fn send_engine_options(&mut self) -> Result<(), Abort> {
        if self.options_sent {
            return Ok(());
        }
        self.options_sent = true;
        let facts = self.scenario.protocol.facts();
        for option in self.engine_options {
            let line = facts.set_option(&option.name, option.value.as_deref());
            let at = self
                .session
                .send(&line)
                .map_err(|e| Abort::plain(format!("cannot write `{line}` to the engine: {e}")))?;
            self.last_send_us = at.us;
        }
        Ok(())
    }

    /// Whether a line is the handshake's reply (`uciok`): the options go right after it.
    fn is_handshake_reply(&self, line: &str) -> bool {
        let facts = self.scenario.protocol.facts();
        facts
            .handshake
            .and_then(|h| h.reply)
            .is_some_and(|reply| facts.starts_with_keyword(line, reply))
    }

    fn expect(&mut self, group: &[Expectation]) -> Result<(), Abort> {
        // Required lines first, each in turn; then optional lines between them.
        let mut matched_at: Vec<Option<u64>> = vec![None; group.len()];
        let mut previous_required_at = self.window_start_us;
        let mut handshake_done = false;
        for (i, e) in group
            .iter()
            .enumerate()
            .filter(|(_, e)| e.repeat.is_required())
        {
            let wait = self.patience(e);
            let Some((line, caps)) = self.wait_for(e, wait) else {
                let read = self.answered_later_in_group(&group[i + 1..]);
                self.missed(e, wait, read)?;
                continue;
            };
            if line.at.us < previous_required_at {
                self.out_of_order(e, &line);
            }
            previous_required_at = previous_required_at.max(line.at.us);
            matched_at[i] = Some(line.at.us);
            handshake_done |= self.is_handshake_reply(&line.text);
            self.captures.extend(caps);
            let o = self.grade_timing(e, &line);
            self.push(e.line, o);
        }
        self.take_optional(group, &matched_at);
        if handshake_done {
            self.send_engine_options()?;
        }
        Ok(())
    }

    /// How long an expectation waits from the last command: its bound (past it when late
    /// replies are measured), or the scenario's timeout.
    fn patience(&self, e: &Expectation) -> Duration {
        match e.within_ms {
            // Waiting past the bound measures how late a slow reply is.
            Some(w) if self.measure_late => {
                self.scaled(w) + self.scaled(w).min(Duration::from_secs(2))
            }
            Some(w) => self.scaled(w),
            None => self.scaled(self.scenario.timeout_ms),
        }
    }

    /// The first line that matches `e`, taken from what came and what comes within `wait`
    /// of the last command, with what it captured.
    fn wait_for(&mut self, e: &Expectation, wait: Duration) -> Option<(Received, Captures)> {
        let deadline = self.session.instant_of(self.last_send_us) + wait;
        let mut tried = 0;
        loop {
            if let Some(found) = self.take_first_match(e, &mut tried) {
                return Some(found);
            }
            match self.pull_counting(deadline) {
                Some(dropped) => tried = tried.saturating_sub(dropped),
                None => return None,
            }
        }
    }

    /// Whether a line a later required expectation of the group waits for has come: the
    /// engine read the command they answer (`ucciok` after the option lines of `ucci`), so a
    /// line of the group missing before it is the engine's own, and not input it left unread.
    fn answered_later_in_group(&self, later: &[Expectation]) -> bool {
        let ci = self.case_insensitive;
        later.iter().filter(|e| e.repeat.is_required()).any(|e| {
            self.pending.iter().any(|line| {
                line.at.us >= self.window_start_us
                    && Self::read_as_meant(self.scenario.protocol, &e.pattern, &line.text, ci)
                        .is_some()
            })
        })
    }

    /// A required line that did not come within `wait`: not applicable, blocked by the
    /// finding that explains it, the engine gone, or missing (a `must` line's miss stops the
    /// scenario). `read`: a later line of its group came, so the engine read its input up to
    /// there.
    fn missed(&mut self, e: &Expectation, wait: Duration, read: bool) -> Result<(), Abort> {
        self.check_interrupt()?;
        // A line owed only after another answer than the one that came does not apply
        // to this engine: its miss is no finding, and nothing it would capture is.
        if let Some(condition) = &e.only_if
            && !condition.holds(&self.captures)
        {
            return Ok(());
        }
        // A miss that the finding of a step it needs explains is that finding's, not
        // this step's: not judged.
        if let Some(cause) = self.unmet_need(e) {
            for name in e.pattern.capture_names() {
                self.missing.insert(name, cause.clone());
            }
            self.block(e.line, &e.label, &e.cites, &cause);
            return Ok(());
        }
        if self.stdout_closed {
            return self.missed_engine_gone(e);
        }
        let why = match e.within_ms {
            Some(w) if self.measure_late => format!(
                "nothing matched within its bound of {} (waited {} ms to measure a late reply)",
                self.bound_text(w),
                wait.as_millis()
            ),
            Some(w) => {
                format!("nothing matched within its bound of {}", self.bound_text(w))
            }
            None => format!(
                "nothing matched within the scenario's timeout of {}",
                self.bound_text(self.scenario.timeout_ms)
            ),
        };
        let message = format!("expected `{}`: {why}", e.text);
        let harness_bound = e.within_ms.is_none() || e.bound == Some(BoundSource::Harness);
        if harness_bound && e.level == Level::Must && self.answered_otherwise().is_none() {
            return self.missed_past_harness_bound(e, message, read);
        }
        self.missing(e, message, harness_bound, read)
    }

    /// The engine closed its output, exited or stopped before the line came: that one
    /// finding, which what the line would capture waits on. What a `should` line's miss
    /// leaves (the closing `exit`) still runs.
    fn missed_engine_gone(&mut self, e: &Expectation) -> Result<(), Abort> {
        let message = format!(
            "expected `{}`: the engine closed its output, exited or stopped first",
            e.text
        );
        let o = self.outcome(
            &e.label,
            &e.cites,
            Self::miss_grade(e.level),
            message.clone(),
        );
        let cause = self.engine_gone(e.line, &e.label, &e.cites, o);
        for name in e.pattern.capture_names() {
            self.missing.insert(name, cause.clone());
        }
        if e.level == Level::Must {
            return Err(Abort::by(message, cause));
        }
        Ok(())
    }

    /// A reply missing past a bound the text does not give (the harness's patience, the
    /// scenario's timeout) is not judged: the text does not say it would not have come. The
    /// finding says so and cites no row; the step's rows are blocked by it, and so is what
    /// the scenario cannot play without the reply.
    fn missed_past_harness_bound(
        &mut self,
        e: &Expectation,
        message: String,
        read: bool,
    ) -> Result<(), Abort> {
        let message =
            format!("{message}; the text gives no bound there, so the missing reply is not judged");
        let o = Outcome::new(
            CheckRef::Step {
                scenario: self.scenario.name.clone(),
                label: e.label.clone(),
            },
            &[],
            Grade::Warn,
            message.clone(),
        )
        .unjudged()
        .missing_reply()
        .command_read(read);
        let cause = Cause::of(&o);
        self.push(e.line, o);
        self.block(e.line, &e.label, &e.cites, &cause);
        for name in e.pattern.capture_names() {
            self.missing.insert(name, cause.clone());
        }
        Err(Abort::by(message, cause))
    }

    /// A reply missing past its bound: a `must` line fails and stops the scenario, a `should`
    /// line warns. One missing past the harness's own patience, with nothing else said in
    /// its place, warns as a late one does, and for the same reason: the text gives no bound
    /// there.
    fn missing(
        &mut self,
        e: &Expectation,
        message: String,
        harness_bound: bool,
        read: bool,
    ) -> Result<(), Abort> {
        let o = self
            .outcome(
                &e.label,
                &e.cites,
                Self::miss_grade(e.level),
                message.clone(),
            )
            .softened(
                (harness_bound && self.answered_otherwise().is_none())
                    .then_some(Softened::HarnessBound),
            );
        // A wrong reply is no missing one, unless what came may answer the pieces of a
        // command cut in two.
        let o = if self.cut_in_window || self.wrong_reply(e).is_none() {
            o.missing_reply().command_read(read)
        } else {
            o
        };
        let cause = Cause::of(&o);
        for name in e.pattern.capture_names() {
            self.missing.insert(name, cause.clone());
        }
        self.push(e.line, o);
        if e.level == Level::Must {
            return Err(Abort::by(message, cause));
        }
        Ok(())
    }

    /// A required line that came before the one expected above it.
    fn out_of_order(&mut self, e: &Expectation, line: &Received) {
        let o = self
            .outcome(
                &e.label,
                &e.cites,
                Self::miss_grade(e.level),
                format!(
                    "`{}` came out of order, before the line expected above it",
                    line.text
                ),
            )
            .at(line.at);
        self.push(e.line, o);
    }

    /// A line other than a search report that came in the window of replies and that no
    /// expectation took: the engine answered, but not as expected (a wrong move, `ERROR` for
    /// `OK`). Such a miss is judged whatever the bound: it is no silence the text might excuse.
    fn answered_otherwise(&self) -> Option<&Received> {
        let facts = self.scenario.protocol.facts();
        self.pending.iter().find(|l| {
            l.at.us >= self.window_start_us
                && !l.text.trim().is_empty()
                && !facts.is_search_report(l.text.trim_start())
        })
    }

    /// A line that came in the window of replies in the expectation's place: one opening with
    /// a word the expectation names (`bestmove b1a3` for `bestmove a2a3|h2h3 ...`), or, where
    /// it names none, any line that answered otherwise. A line of another kind (`bestmove`
    /// where `readyok` is owed, a reply a line late) leaves the reply missing.
    fn wrong_reply(&self, e: &Expectation) -> Option<&Received> {
        let Some(words) = e.pattern.first_words() else {
            return self.answered_otherwise();
        };
        let facts = self.scenario.protocol.facts();
        self.pending.iter().find(|l| {
            l.at.us >= self.window_start_us
                && l.text
                    .split_whitespace()
                    .next()
                    .is_some_and(|first| words.iter().any(|w| facts.is_keyword(first, w)))
        })
    }

    /// The finding of a step this expectation `needs`, if one of them did not pass (the
    /// first in the scenario's order).
    fn unmet_need(&self, e: &Expectation) -> Option<Cause> {
        self.outcomes
            .iter()
            .map(|(_, o)| o)
            .find(|o| {
                o.grade != Grade::Pass
                    && matches!(&o.check, CheckRef::Step { label, .. } if e.needs.contains(label))
            })
            .map(Cause::of)
    }

    /// Optional and repeated lines: those that arrived between the required neighbours.
    fn take_optional(&mut self, group: &[Expectation], matched_at: &[Option<u64>]) {
        for (i, e) in group.iter().enumerate() {
            if e.repeat == Repeat::Once {
                continue;
            }
            let after = matched_at[..i]
                .iter()
                .rev()
                .flatten()
                .next()
                .copied()
                .unwrap_or(self.window_start_us);
            let before = matched_at[i + 1..]
                .iter()
                .flatten()
                .next()
                .copied()
                .unwrap_or(u64::MAX);
            let ci = self.case_insensitive;
            let protocol = self.scenario.protocol;
            let mut taken = Vec::new();
            let mut keep = VecDeque::new();
            for line in self.pending.drain(..) {
                let full = e.repeat == Repeat::Optional && !taken.is_empty();
                let in_window = line.at.us >= after && line.at.us <= before && !full;
                match in_window
                    .then(|| Self::read_as_meant(protocol, &e.pattern, &line.text, ci))
                    .flatten()
                {
                    Some(caps) => {
                        self.captures.extend(caps);
                        taken.push(line);
                    }
                    None => keep.push_back(line),
                }
            }
            self.pending = keep;
            self.pending_bytes = self.pending.iter().map(|l| l.text.len()).sum();
            if let Some(first) = taken.first() {
                let mut o = self.grade_timing(e, first);
                if taken.len() > 1 {
                    o.message = format!("{} lines matched `{}`", taken.len(), e.text);
                }
                self.push(e.line, o);
            }
        }
    }

    fn grade_timing(&self, e: &Expectation, line: &Received) -> Outcome {
        let latency = line.at.us.saturating_sub(self.last_send_us);
        let ms = latency as f64 / 1000.0;
        let (grade, message, softened) = match timing_miss(
            Duration::from_micros(latency),
            e.within_ms,
            e.not_before_ms,
            self.time_scale,
        ) {
            None => (
                Grade::Pass,
                format!("`{}` after {ms:.1} ms", line.text),
                None,
            ),
            Some(TimingMiss::Late(bound)) => {
                let late_by = Duration::from_micros(latency).saturating_sub(bound);
                let (grade, why, softened) = self.late_grade(e.level, e.bound, late_by);
                (
                    grade,
                    format!(
                        "`{}` came after {ms:.1} ms; the bound is {} ms{why}",
                        line.text,
                        bound.as_millis()
                    ),
                    softened,
                )
            }
            Some(TimingMiss::Early(bound)) => (
                Self::miss_grade(e.level),
                format!(
                    "`{}` came after only {ms:.1} ms; expected not before {} ms",
                    line.text,
                    bound.as_millis()
                ),
                None,
            ),
        };
        self.outcome(&e.label, &e.cites, grade, message)
            .softened(softened)
            .at(line.at)
            .latency(latency)
            .bound(e.within_ms.map(|w| self.scaled(w).as_micros() as u64))
    }

    fn wait(&mut self, ms: u64) {
        let deadline = Instant::now() + self.scaled(ms);
        while self.pull(deadline) {}
        std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
    }

    /// `silent` (no line at all) and `no PATTERN` windows, counted from the last command.
    fn quiet(
        &mut self,
        step: &Step,
        ms: u64,
        pattern: Option<(&crate::scenario::pattern::Pattern, &str)>,
    ) {
        let deadline = self.session.instant_of(self.last_send_us) + self.scaled(ms);
        while self.pull(deadline) {}
        std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
        let ci = self.case_insensitive;
        let protocol = self.scenario.protocol;
        let since = self.last_send_us;
        let end = since + self.scaled(ms).as_micros() as u64;
        let offends = |l: &Received| {
            l.at.us >= since
                && l.at.us <= end
                && pattern
                    .is_none_or(|(p, _)| Self::read_as_meant(protocol, p, &l.text, ci).is_some())
        };
        let first = self.pending.iter().find(|l| offends(l)).cloned();
        self.pending.retain(|l| !offends(l));
        self.pending_bytes = self.pending.iter().map(|l| l.text.len()).sum();
        let what = match pattern {
            Some((_, text)) => format!("no line matching `{text}`"),
            None => "no output".to_owned(),
        };
        // Inside the window, however short: no scheduling delay excuses a line that came
        // early; only a window of the harness's own choosing warns.
        let (grade, why, softened) = self.late_grade(step.level, step.bound, Duration::ZERO);
        let o = match first {
            Some(line) => self
                .outcome(
                    &step.label,
                    &step.cites,
                    grade,
                    format!(
                        "expected {what} for {}, got `{}` after {:.1} ms{why}",
                        self.bound_text(ms),
                        line.text,
                        (line.at.us - since) as f64 / 1000.0,
                    ),
                )
                .softened(softened)
                .at(line.at)
                .latency(line.at.us - since),
            // An engine that went before the window ended, unasked, kept quiet by going: that
            // shows nothing the window asks, so it is not judged, and its end is the finding.
            None if self.stdout_closed && !self.quit_sent => {
                let o = self
                    .outcome(
                        &step.label,
                        &step.cites,
                        Grade::Warn,
                        format!(
                            "expected {what} for {}: the engine closed its output, exited or \
                             stopped first, so the window shows nothing",
                            self.bound_text(ms)
                        ),
                    )
                    .unjudged();
                self.engine_gone(step.line, &step.label, &step.cites, o);
                return;
            }
            None => self.outcome(
                &step.label,
                &step.cites,
                Grade::Pass,
                format!("{what} for {}", self.bound_text(ms)),
            ),
        };
        self.push(step.line, o);
    }

    fn exit(&mut self, step: &Step, within_ms: u64, code: Option<i32>) {
        let bound = self.scaled(within_ms);
        let deadline =
            self.session.instant_of(self.last_send_us) + bound + bound.min(Duration::from_secs(2));
        let grade = Self::miss_grade(step.level);
        let o = match self.session.wait_exit(deadline) {
            None => {
                let (grade, why, softened) = self.late_grade(step.level, step.bound, bound);
                self.outcome(
                    &step.label,
                    &step.cites,
                    grade,
                    format!(
                        "expected the engine to exit within {}; it was still running{why}",
                        self.bound_text(within_ms)
                    ),
                )
                .softened(softened)
            }
            Some(exit) => {
                let latency = exit.at_us.saturating_sub(self.last_send_us);
                let ms = latency as f64 / 1000.0;
                let late_by = Duration::from_micros(latency).saturating_sub(bound);
                let (g, message, softened) = if !late_by.is_zero() {
                    let (grade, why, softened) = self.late_grade(step.level, step.bound, late_by);
                    (
                        grade,
                        format!(
                            "exited after {ms:.1} ms; the bound is {}{why}",
                            self.bound_text(within_ms)
                        ),
                        softened,
                    )
                } else if code.is_some() && code != exit.code {
                    (
                        grade,
                        format!(
                            "the engine {}; expected code {}",
                            exit.describe(),
                            code.unwrap_or_default()
                        ),
                        None,
                    )
                } else {
                    (Grade::Pass, format!("exited after {ms:.1} ms"), None)
                };
                self.outcome(&step.label, &step.cites, g, message)
                    .softened(softened)
                    .latency(latency)
                    .bound(Some(bound.as_micros() as u64))
            }
        };
        self.push(step.line, o);
    }
}

/// An upper bound stretched by the run's time scale: a slow machine answers later.
fn upper_bound(ms: u64, time_scale: f64) -> Duration {
    Duration::from_micros((ms as f64 * 1000.0 * time_scale).round() as u64)
}

/// How a reply missed its step's timing, with the bound as applied.
#[derive(Debug, PartialEq)]
enum TimingMiss {
    Late(Duration),
    Early(Duration),
}

/// Judges a reply's latency against its step's bounds. `within` is scaled by `--time-scale`;
/// `not before` never is: it derives from the command's own figure (`go movetime 500` sends
/// 500 ms whatever the scale), so stretching it would fail an engine for obeying the command
/// it was sent, and a slow machine only makes replies later.
fn timing_miss(
    latency: Duration,
    within_ms: Option<u64>,
    not_before_ms: Option<u64>,
    time_scale: f64,
) -> Option<TimingMiss> {
    if let Some(bound) = not_before_ms.map(Duration::from_millis)
        && latency < bound
    {
        return Some(TimingMiss::Early(bound));
    }
    match within_ms.map(|w| upper_bound(w, time_scale)) {
        Some(bound) if latency > bound => Some(TimingMiss::Late(bound)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A UCCI engine in `sh` that answers `ucci` with `ucciok` alone, or (`silent`) with
    /// nothing at all.
    fn engine(silent: bool) -> crate::session::EngineCommand {
        let reply = if silent {
            ":"
        } else {
            "echo 'id name sh'; echo ucciok"
        };
        let script = format!(
            "while IFS= read -r line; do case \"$line\" in ucci) {reply} ;; quit) echo bye; exit 0 ;; esac; done"
        );
        crate::session::EngineCommand {
            program: "/bin/sh".into(),
            args: vec!["-c".to_owned(), script],
            working_dir: None,
            env: Vec::new(),
        }
    }

    /// A line missing from a group whose later line came is marked so: the engine read its
    /// input that far (`ucciok` came, `option usemillisec` never), so input it left unread in
    /// another scenario cannot explain the miss. With nothing after the command, it is not.
    #[test]
    fn a_line_missing_before_a_later_line_of_its_group_is_marked_read() {
        let text = "protocol: ucci\ntitle: t\nspec: s\n> ucci\n\
                    < option usemillisec ... (within 300 ms, harness, should, ucci-r137)\n\
                    < ucciok (within 300 ms, harness, should, ucci-r45)\n> quit\n";
        let scenario = crate::scenario::parse("t/option", "t.scenario", text).expect("parses");
        let options = crate::runner::RunOptions {
            measure_late: false,
            ..crate::runner::RunOptions::default()
        };
        let option_outcome = |silent: bool| {
            let run = crate::runner::run_scenario(&scenario, &engine(silent), &options);
            run.outcomes
                .into_iter()
                .find(|o| matches!(&o.check, CheckRef::Step { label, .. } if label.starts_with("option")))
                .expect("the option line's outcome")
        };
        let answered = option_outcome(false);
        assert_eq!(answered.grade, Grade::Warn, "{answered:?}");
        assert!(
            answered.missing_reply && answered.command_read,
            "{answered:?}"
        );
        let silent = option_outcome(true);
        assert_eq!(silent.grade, Grade::Warn, "{silent:?}");
        assert!(silent.missing_reply && !silent.command_read, "{silent:?}");
    }

    #[test]
    fn time_scale_relaxes_within_and_leaves_not_before_as_written() {
        let ms = Duration::from_millis;
        // `go movetime 500` with `not before 250 ms, within 1000 ms` at `--time-scale 3`:
        // Glaurung's reply after 640 ms obeys the command (issue 26 survey, H1).
        assert_eq!(timing_miss(ms(640), Some(1000), Some(250), 3.0), None);
        assert_eq!(
            timing_miss(ms(200), Some(1000), Some(250), 3.0),
            Some(TimingMiss::Early(ms(250)))
        );
        assert_eq!(timing_miss(ms(2500), Some(1000), Some(250), 3.0), None);
        assert_eq!(
            timing_miss(ms(3100), Some(1000), Some(250), 3.0),
            Some(TimingMiss::Late(ms(3000)))
        );
        assert_eq!(
            timing_miss(ms(300), Some(1000), None, 0.2),
            Some(TimingMiss::Late(ms(200)))
        );
    }
}
