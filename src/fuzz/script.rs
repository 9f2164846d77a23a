//! A generated case written as an ordinary scenario: the fuzzer's cases run through the same
//! parser, runner, session and checks as the library's, and a failure is handed back as the
//! file that reproduces it.

use std::fmt::Display;

use std::collections::HashMap;

use super::Failing;
use crate::protocol::{Protocol, ReqId};
use crate::scenario::{Condition, Repeat, Scenario, StepKind};

/// A reply a case waits for. Its label and rows are fixed by the model, not by the case, so a
/// failure keeps its identity while the case around it shrinks and the report cites the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reply {
    pub label: &'static str,
    pub cites: &'static [ReqId],
    /// A miss is a warning: the text only recommends the reply (UCCI's `bye`).
    pub should: bool,
}

/// A reply's identity: the label its model fixed for it, the same in every case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReplyId(&'static str);

impl Display for ReplyId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Reply {
    pub(super) const fn id(&self) -> ReplyId {
        ReplyId(self.label)
    }

    pub(super) const fn must(label: &'static str, cites: &'static [ReqId]) -> Reply {
        Reply {
            label,
            cites,
            should: false,
        }
    }

    pub(super) const fn should(label: &'static str, cites: &'static [ReqId]) -> Reply {
        Reply {
            label,
            cites,
            should: true,
        }
    }
}

/// One line of a case's scenario, as typed data: the file is its printed form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Line {
    /// `> COMMAND`.
    Send(String),
    /// `< PATTERN (within MS ms, …, as LABEL)`: a reply the case waits for. Its bound can be
    /// capped when the case is written for shrinking ([`Script::render_capped`]).
    Expect {
        pattern: String,
        ms: u64,
        reply: Reply,
    },
    /// `< PATTERN (optional)`: a line that may or may not come.
    Maybe(String),
    /// `wait MS ms`.
    Wait(u64),
    /// `if CONDITION`.
    If(Condition),
    /// `end if`.
    EndIf,
    /// `exit within MS ms`.
    Exit(u64),
}

/// The bound a shrinking run waits for a reply a failure showed missing: expectations of
/// `reply` wait `ms` at most (as written, before `--time-scale`) instead of their own bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Cap {
    pub reply: ReplyId,
    pub ms: u64,
}

/// What each step of a case's scenario is, by the label the parser gave it: the reply the
/// model wrote for each expectation, a command sent, and the exit. A step's outcome carries that label, which
/// the parser numbers where the same one comes twice (`readyok #2`).
#[derive(Debug, Clone, Default)]
pub(super) struct Labels(HashMap<String, Failing>);

impl Labels {
    /// The labels of `scenario`, parsed from `script`: its expectations in order are the
    /// script's, but for the optional lines (`maybe`), which wait for no reply of the model's.
    pub(super) fn of(script: &Script, scenario: &Scenario) -> Labels {
        let mut replies = script.lines.iter().filter_map(|l| match l {
            Line::Expect { reply, .. } => Some(reply.id()),
            _ => None,
        });
        let mut labels = HashMap::new();
        for step in &scenario.steps {
            match &step.kind {
                StepKind::Expect(group) => {
                    for e in group.iter().filter(|e| e.repeat != Repeat::Optional) {
                        if let Some(reply) = replies.next() {
                            labels.insert(e.label.clone(), Failing::Reply(reply));
                        }
                    }
                }
                StepKind::Send(_) => {
                    labels.insert(step.label.clone(), Failing::Send);
                }
                StepKind::Exit { within_ms, .. } => {
                    let within_ms = *within_ms;
                    labels.insert(step.label.clone(), Failing::Exit { within_ms });
                }
                _ => {}
            }
        }
        Labels(labels)
    }

    /// What the step labelled `label` is, if it is one that may fail.
    pub(super) fn get(&self, label: &str) -> Option<Failing> {
        self.0.get(label).copied()
    }

    /// Labels given outright, for tests of what reads them.
    #[cfg(test)]
    pub(super) fn from_pairs(pairs: &[(&str, Reply)]) -> Labels {
        Labels(
            pairs
                .iter()
                .map(|(label, reply)| ((*label).to_owned(), Failing::Reply(reply.id())))
                .collect(),
        )
    }
}

/// The lines of one scenario, built step by step.
#[derive(Debug, Clone, Default)]
pub(super) struct Script {
    lines: Vec<Line>,
    commands: usize,
    /// Answers captured so far: each gets a name of its own (`answer1`, …).
    answers: usize,
    /// The answer the last action captured, until the case's writer takes it.
    answer: Option<String>,
    /// The `if` blocks open, outermost first.
    blocks: Vec<Condition>,
}

impl Script {
    /// Sends a line to the engine.
    pub(super) fn send(&mut self, command: impl Display) {
        self.commands += 1;
        self.lines.push(Line::Send(command.to_string()));
    }

    /// Expects a line matching `pattern` within `ms` of the last command.
    pub(super) fn expect(&mut self, pattern: &str, ms: u64, reply: Reply) {
        self.lines.push(Line::Expect {
            pattern: pattern.to_owned(),
            ms,
            reply,
        });
    }

    /// Expects a line that may or may not come (`BESTMOVE` after an AGI ponder's `STOP`).
    pub(super) fn maybe(&mut self, pattern: &str) {
        self.lines.push(Line::Maybe(pattern.to_owned()));
    }

    /// A name to capture the engine's answer to the command just sent under (`answer3`), which
    /// the case's writer reads back from the run to count the (state, command, answer) triple.
    pub(super) fn answer(&mut self) -> String {
        self.answers += 1;
        let name = format!("answer{}", self.answers);
        self.answer = Some(name.clone());
        name
    }

    /// The capture of the last action's answer, if it took one.
    pub(super) fn take_answer(&mut self) -> Option<String> {
        self.answer.take()
    }

    /// Opens an `if` block: what follows is played only where the engine's answer captured as
    /// `name` is one of `values` (or, `negated`, none of them).
    pub(super) fn open_if(&mut self, name: &str, values: &[&str], negated: bool) {
        let condition = Condition {
            name: name.to_owned(),
            values: values.iter().map(|v| (*v).to_owned()).collect(),
            negated,
        };
        self.lines.push(Line::If(condition.clone()));
        self.blocks.push(condition);
    }

    /// The conditions of the blocks open now.
    pub(super) fn when(&self) -> Vec<Condition> {
        self.blocks.clone()
    }

    /// Closes every open `if` block, the innermost first; one with nothing in it is left
    /// out, as the parser would read it.
    pub(super) fn close_ifs(&mut self) {
        while let Some(condition) = self.blocks.pop() {
            if self.lines.last() == Some(&Line::If(condition)) {
                self.lines.pop();
            } else {
                self.lines.push(Line::EndIf);
            }
        }
    }

    /// Lets time pass; replies stay for the next expectations.
    pub(super) fn wait(&mut self, ms: u64) {
        if ms > 0 {
            self.lines.push(Line::Wait(ms));
        }
    }

    /// Keeps the next expectation out of the group of the one before it. Consecutive
    /// expectations are read in order (the second line must come after the first); a reply the
    /// text lets come before or after the previous one (a search's result around a `readyok`)
    /// is read apart, after a wait of a millisecond.
    pub(super) fn apart(&mut self) {
        if let Some(Line::Expect { .. } | Line::Maybe(_)) = self.lines.last() {
            self.lines.push(Line::Wait(1));
        }
    }

    /// The engine ends by itself within `ms` of the last command.
    pub(super) fn exit_within(&mut self, ms: u64) {
        self.lines.push(Line::Exit(ms));
    }

    /// How many commands the case sends.
    pub(super) fn commands(&self) -> usize {
        self.commands
    }

    /// Whether the case waits for `reply`: a case that does not cannot fail that step.
    pub(super) fn expects(&self, id: ReplyId) -> bool {
        self.lines
            .iter()
            .any(|l| matches!(l, Line::Expect { reply, .. } if reply.id() == id))
    }

    /// The scenario file: headers, then the steps.
    pub(super) fn render(&self, protocol: Protocol, title: &str, comments: &[String]) -> String {
        self.render_capped(protocol, title, comments, &[])
    }

    /// The scenario file with the bounds of the expectations `caps` name lowered to the cap
    /// (never raised): what a shrinking run plays once a failure showed a reply missing.
    pub(super) fn render_capped(
        &self,
        protocol: Protocol,
        title: &str,
        comments: &[String],
        caps: &[Cap],
    ) -> String {
        CaseFile {
            script: self,
            protocol,
            title,
            comments,
            caps,
        }
        .to_string()
    }
}

/// A case as its scenario file: headers, then the steps, each expectation's bound lowered to
/// its cap where shrinking waits less.
struct CaseFile<'a> {
    script: &'a Script,
    protocol: Protocol,
    title: &'a str,
    comments: &'a [String],
    caps: &'a [Cap],
}

impl Display for CaseFile<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for comment in self.comments {
            writeln!(f, "# {comment}")?;
        }
        writeln!(f, "protocol: {}", self.protocol)?;
        writeln!(f, "title: {}", self.title)?;
        writeln!(
            f,
            "spec: generated by arbiter fuzz from the protocol's model"
        )?;
        for line in &self.script.lines {
            match line {
                Line::Send(command) => writeln!(f, "> {command}")?,
                Line::Expect { pattern, ms, reply } => {
                    let cap = self.caps.iter().find(|c| c.reply == reply.id());
                    let ms = cap.map_or(*ms, |c| c.ms.min(*ms));
                    write!(f, "< {pattern} (within {ms} ms")?;
                    if reply.should {
                        write!(f, ", should")?;
                    }
                    for id in reply.cites {
                        write!(f, ", {id}")?;
                    }
                    writeln!(f, ", as {})", reply.label)?;
                }
                Line::Maybe(pattern) => writeln!(f, "< {pattern} (optional)")?,
                Line::Wait(ms) => writeln!(f, "wait {ms} ms")?,
                Line::If(condition) => writeln!(f, "if {condition}")?,
                Line::EndIf => writeln!(f, "end if")?,
                Line::Exit(ms) => writeln!(f, "exit within {ms} ms")?,
            }
        }
        Ok(())
    }
}

/// Reading a parsed case back into its lines, for the round trip's test: printed, then parsed,
/// a case is the same case.
#[cfg(test)]
impl Script {
    /// The lines `scenario` holds, its expectations known by `labels` and the replies this
    /// script waits for; `Err` says where a step is not one of the model's.
    pub(super) fn lines_of(
        &self,
        scenario: &Scenario,
        labels: &Labels,
    ) -> Result<Vec<Line>, String> {
        let reply = |id: ReplyId| {
            self.lines.iter().find_map(|l| match l {
                Line::Expect { reply, .. } if reply.id() == id => Some(*reply),
                _ => None,
            })
        };
        let mut lines = Vec::new();
        let mut open: Vec<Condition> = Vec::new();
        for step in &scenario.steps {
            let shared = open
                .iter()
                .zip(&step.when)
                .take_while(|(a, b)| a == b)
                .count();
            while open.len() > shared {
                open.pop();
                lines.push(Line::EndIf);
            }
            for condition in &step.when[shared..] {
                lines.push(Line::If(condition.clone()));
                open.push(condition.clone());
            }
            match &step.kind {
                StepKind::Send(commands) => {
                    lines.extend(commands.iter().cloned().map(Line::Send));
                }
                StepKind::Expect(group) => {
                    for e in group {
                        if e.repeat == Repeat::Optional {
                            lines.push(Line::Maybe(e.text.clone()));
                            continue;
                        }
                        let Some(Failing::Reply(id)) = labels.get(&e.label) else {
                            return Err(format!("line {}: no reply of the model's", e.line));
                        };
                        let reply = reply(id).ok_or(format!("line {}: {id}", e.line))?;
                        let should = e.level == crate::scenario::Level::Should;
                        if e.cites != reply.cites || should != reply.should {
                            return Err(format!("line {}: cites or level", e.line));
                        }
                        let ms = e.within_ms.ok_or(format!("line {}: no bound", e.line))?;
                        lines.push(Line::Expect {
                            pattern: e.text.clone(),
                            ms,
                            reply,
                        });
                    }
                }
                StepKind::Wait { ms } => lines.push(Line::Wait(*ms)),
                StepKind::Exit { within_ms, .. } => lines.push(Line::Exit(*within_ms)),
                other => return Err(format!("line {}: {other:?}", step.line)),
            }
        }
        lines.extend(open.iter().map(|_| Line::EndIf));
        Ok(lines)
    }

    /// The lines as the model wrote them.
    pub(super) fn lines(&self) -> &[Line] {
        &self.lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::req;

    /// Each step that may fail is known by what the model wrote there, whatever number the
    /// parser gave a label written twice, and an optional line takes no reply's place.
    #[test]
    fn a_step_is_known_by_its_reply_not_its_numbered_label() {
        const READYOK: Reply = Reply::must("readyok", &[]);
        const RESULT: Reply = Reply::must("result", &[]);
        let mut script = Script::default();
        script.send("isready");
        script.expect("readyok", 5000, READYOK);
        script.send("go infinite");
        script.wait(20);
        script.send("stop");
        script.maybe("info ...");
        script.expect("bestmove ...", 5000, RESULT);
        script.send("isready");
        script.expect("readyok", 5000, READYOK);
        script.exit_within(3000);
        let text = script.render(Protocol::Uci, "t", &[]);
        let scenario = crate::scenario::parse("fuzz/case", "case", &text).unwrap();
        let labels = Labels::of(&script, &scenario);
        assert_eq!(labels.get("readyok"), Some(Failing::Reply(READYOK.id())));
        assert_eq!(labels.get("readyok #2"), Some(Failing::Reply(READYOK.id())));
        assert_eq!(labels.get("result"), Some(Failing::Reply(RESULT.id())));
        let exit = scenario.steps.last().unwrap().label.clone();
        assert_eq!(labels.get(&exit), Some(Failing::Exit { within_ms: 3000 }));
        let send = scenario.steps[0].label.clone();
        assert_eq!(labels.get(&send), Some(Failing::Send));
        // A wait cannot fail.
        let wait = scenario
            .steps
            .iter()
            .find(|s| matches!(s.kind, StepKind::Wait { .. }));
        assert_eq!(labels.get(&wait.unwrap().label), None);
    }

    #[test]
    fn a_script_is_a_scenario_the_parser_reads() {
        let mut script = Script::default();
        script.send("uci");
        const OK: Reply = Reply::must("uciok", &[req!("uci-r191")]);
        script.expect("uciok", 5000, OK);
        script.send("go infinite");
        script.wait(30);
        script.wait(0);
        script.send("stop");
        script.expect(
            "bestmove ...",
            5000,
            Reply::should("result after stop", &[]),
        );
        script.send("quit");
        script.exit_within(2000);
        let text = script.render(Protocol::Uci, "fuzz case", &["seed 1".to_owned()]);
        let scenario = crate::scenario::parse("fuzz/case", "case.scenario", &text).unwrap();
        assert_eq!(scenario.steps.len(), 8, "{text}");
        assert_eq!(script.commands(), 4);
        assert!(text.starts_with("# seed 1\nprotocol: uci\n"), "{text}");
        assert!(
            text.contains("< uciok (within 5000 ms, uci-r191, as uciok)"),
            "{text}"
        );
        assert!(
            text.contains("< bestmove ... (within 5000 ms, should, as result after stop)"),
            "{text}"
        );
    }
}
