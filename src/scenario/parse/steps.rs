//! A scenario's step lines read into their typed parts: a command and where it is cut, a
//! condition, a pattern with its modifiers, a directive's figures. What the parts make as
//! steps, and what a later line may refer to, is the assembler's (`scenario::assemble`), the
//! same whoever wrote the lines.

use thiserror::Error;

use super::modifiers::split_modifiers;
use super::values::{DurationError, parse_duration};
use crate::protocol::Protocol;
use crate::scenario::Condition;
use crate::scenario::assemble::{Directive, StepError, Steps};
use crate::scenario::pattern::PatternError;

/// Why a `>|` line does not cut one command in two; the line's text as written.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CutError {
    /// No `|`, or more than one.
    #[error(
        "`>| {0}` cuts a command in two writes at one `|`: write one `|` (as `>| go de|pth 1`)"
    )]
    NotOneCut(String),
    /// Nothing before or after the `|`.
    #[error("`>| {0}`: each of the two writes needs part of the command")]
    EmptyPart(String),
    /// A capture before the `|`, which its substitution would move.
    #[error("`>| {0}`: a command cut in two takes captures only after its `|`")]
    CaptureBeforeCut(String),
}

/// Why a directive does not read.
#[derive(Debug, Error)]
pub enum DirectiveError {
    /// Its duration.
    #[error(transparent)]
    Duration(#[from] DurationError),
    /// `exit within … with code C` with C no number.
    #[error("exit code `{0}` is not a number")]
    ExitCode(String),
    /// `exit within` in another form.
    #[error("expected `exit within N ms [with code C]`")]
    ExitForm,
    /// The pattern of a `no … for` window.
    #[error(transparent)]
    Pattern(#[from] PatternError),
    /// No directive at all; the line as written.
    #[error(
        "cannot read `{0}`: a step is `> command`, `< reply`, `wait N ms`, `silent N ms`, `no PATTERN for N ms` or `exit within N ms [with code C]`, and a block of steps `if NAME is VALUE` … `end if`"
    )]
    Unreadable(String),
}

/// The steps read so far, each line's words read and its parts handed to the assembler.
#[derive(Debug, Default)]
pub(super) struct StepsReader {
    steps: Steps,
}

impl StepsReader {
    /// No step read yet: `key: value` lines are still headers.
    pub(super) fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// `if NAME is VALUE` on line `n`.
    pub(super) fn open_if(&mut self, n: usize, condition: &str) -> Result<(), StepError> {
        let parsed = Condition::parse(condition)
            .ok_or_else(|| StepError::BadCondition(condition.to_owned()))?;
        self.steps.open_if(n, parsed)
    }

    /// `end if`.
    pub(super) fn close_if(&mut self) -> Result<(), StepError> {
        self.steps.close_if()
    }

    /// `>| te|xt` on line `n`.
    pub(super) fn send_cut(
        &mut self,
        n: usize,
        text: &str,
        protocol: Option<Protocol>,
    ) -> Result<(), StepError> {
        let (command, cut) = cut_command(text)?;
        self.steps.send_cut(n, command, cut, protocol)?;
        Ok(())
    }

    /// `> text`, or `>> text` (`joined`) on line `n`.
    pub(super) fn send(
        &mut self,
        n: usize,
        text: &str,
        joined: bool,
        protocol: Option<Protocol>,
    ) -> Result<(), StepError> {
        self.steps.send(n, text, joined, protocol)?;
        Ok(())
    }

    /// `< pattern (modifiers)` on line `n`.
    pub(super) fn expect(&mut self, n: usize, body: &str) -> Result<(), StepError> {
        let (pattern, m) = split_modifiers(body)?;
        self.steps.expect(n, pattern, m)?;
        Ok(())
    }

    /// A directive (`wait`, `silent`, `no … for`, `exit within`) with its modifiers, on line
    /// `n`.
    pub(super) fn directive(&mut self, n: usize, line: &str) -> Result<(), StepError> {
        let (body, m) = split_modifiers(line)?;
        self.steps.directive(n, directive(body.trim())?, m)?;
        Ok(())
    }

    /// The innermost `if` block left open at the end, as the error that names its line.
    pub(super) fn unclosed(&self) -> Option<(usize, StepError)> {
        self.steps.unclosed()
    }

    /// The steps, once every line is read and every block closed; see [`Steps::finish`].
    pub(super) fn finish(
        self,
        protocol: Protocol,
    ) -> Result<Vec<crate::scenario::Step>, (usize, StepError)> {
        self.steps.finish(protocol)
    }
}

/// `>| go de|pth 1`: one command and the one `|` where its write is cut. Captures may follow
/// the cut (`>| TU|RN {free}`), not come before it: a substitution there would move the cut.
fn cut_command(text: &str) -> Result<(String, usize), CutError> {
    let mut parts = text.split('|');
    let (Some(first), Some(rest), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(CutError::NotOneCut(text.to_owned()));
    };
    if first.is_empty() || rest.is_empty() {
        return Err(CutError::EmptyPart(text.to_owned()));
    }
    if first.contains('{') {
        return Err(CutError::CaptureBeforeCut(text.to_owned()));
    }
    Ok((format!("{first}{rest}"), first.len()))
}

/// A directive's kind and figures, from its words.
fn directive(body: &str) -> Result<Directive, DirectiveError> {
    let words: Vec<&str> = body.split_whitespace().collect();
    match words.as_slice() {
        ["wait", rest @ ..] => Ok(Directive::Wait {
            ms: parse_duration(&rest.join(" "))?,
        }),
        ["silent", rest @ ..] => Ok(Directive::Silent {
            ms: parse_duration(&rest.join(" "))?,
        }),
        ["exit", "within", n, unit, rest @ ..] => {
            let within_ms = parse_duration(&format!("{n} {unit}"))?;
            let code = match rest {
                [] => None,
                ["with", "code", c] => Some(
                    c.parse()
                        .map_err(|_| DirectiveError::ExitCode((*c).to_owned()))?,
                ),
                _ => return Err(DirectiveError::ExitForm),
            };
            Ok(Directive::Exit { within_ms, code })
        }
        ["no", .., "for", n, unit] => Ok(Directive::Absent {
            text: words[1..words.len() - 3].join(" "),
            ms: parse_duration(&format!("{n} {unit}"))?,
        }),
        _ => Err(DirectiveError::Unreadable(body.to_owned())),
    }
}
