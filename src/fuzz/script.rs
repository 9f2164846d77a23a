//! A generated case written as an ordinary scenario: the fuzzer's cases run through the same
//! parser, runner, session and checks as the library's, and a failure is handed back as the
//! file that reproduces it.

use std::fmt::Display;
use std::fmt::Write as _;

use crate::protocol::{Protocol, ReqId};
use crate::scenario::Condition;

/// A reply a case waits for. Its label and rows are fixed by the model, not by the case, so a
/// failure keeps its identity while the case around it shrinks and the report cites the text.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reply {
    pub label: &'static str,
    pub cites: &'static [ReqId],
    /// A miss is a warning: the text only recommends the reply (UCCI's `bye`).
    pub should: bool,
}

impl Reply {
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

/// One line of a scenario: an expectation is kept apart, so that its bound can be capped when
/// the case is rendered for shrinking ([`Script::render_capped`]).
#[derive(Debug, Clone)]
enum Line {
    Text(String),
    Expect {
        pattern: String,
        ms: u64,
        reply: Reply,
    },
}

/// The bound a shrinking run waits for a reply a failure showed missing: expectations labelled
/// `label` wait `ms` at most (as written, before `--time-scale`) instead of their own bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Cap {
    pub label: String,
    pub ms: u64,
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
        self.lines.push(Line::Text(format!("> {command}")));
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
        self.lines
            .push(Line::Text(format!("< {pattern} (optional)")));
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
        self.lines.push(Line::Text(format!("if {condition}")));
        self.blocks.push(condition);
    }

    /// The conditions of the blocks open now.
    pub(super) fn when(&self) -> Vec<Condition> {
        self.blocks.clone()
    }

    /// Closes every open `if` block.
    pub(super) fn close_ifs(&mut self) {
        for _ in self.blocks.drain(..) {
            self.lines.push(Line::Text("end if".to_owned()));
        }
    }

    /// Lets time pass; replies stay for the next expectations.
    pub(super) fn wait(&mut self, ms: u64) {
        if ms > 0 {
            self.lines.push(Line::Text(format!("wait {ms} ms")));
        }
    }

    /// Keeps the next expectation out of the group of the one before it. Consecutive
    /// expectations are read in order (the second line must come after the first); a reply the
    /// text lets come before or after the previous one (a search's result around a `readyok`)
    /// is read apart, after a wait of a millisecond.
    pub(super) fn apart(&mut self) {
        let expectation = |l: &Line| match l {
            Line::Expect { .. } => true,
            Line::Text(text) => text.starts_with('<'),
        };
        if self.lines.last().is_some_and(expectation) {
            self.lines.push(Line::Text("wait 1 ms".to_owned()));
        }
    }

    /// The engine ends by itself within `ms` of the last command.
    pub(super) fn exit_within(&mut self, ms: u64) {
        self.lines.push(Line::Text(format!("exit within {ms} ms")));
    }

    /// How many commands the case sends.
    pub(super) fn commands(&self) -> usize {
        self.commands
    }

    /// Whether an expectation of the case is labelled `label`: a case without one cannot fail
    /// that step.
    pub(super) fn expects(&self, label: &str) -> bool {
        self.lines
            .iter()
            .any(|l| matches!(l, Line::Expect { reply, .. } if reply.label == label))
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
        let mut out = String::new();
        for comment in comments {
            let _ = writeln!(out, "# {comment}");
        }
        let _ = writeln!(out, "protocol: {protocol}");
        let _ = writeln!(out, "title: {title}");
        let _ = writeln!(
            out,
            "spec: generated by arbiter fuzz from the protocol's model"
        );
        for line in &self.lines {
            match line {
                Line::Text(text) => {
                    let _ = writeln!(out, "{text}");
                }
                Line::Expect { pattern, ms, reply } => {
                    let cap = caps.iter().find(|c| c.label == reply.label);
                    let ms = cap.map_or(*ms, |c| c.ms.min(*ms));
                    let mut modifiers = format!("within {ms} ms");
                    if reply.should {
                        modifiers.push_str(", should");
                    }
                    for id in reply.cites {
                        let _ = write!(modifiers, ", {id}");
                    }
                    let _ = write!(modifiers, ", as {}", reply.label);
                    let _ = writeln!(out, "< {pattern} ({modifiers})");
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::req;

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
