//! Checks on the raw stream, the same for every protocol: text, line ends, line length,
//! floods, and an engine that ends before it is asked to.

use super::ending::Ending;
use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::{Context, Grade};
use crate::protocol::{Protocol, ReqId};
use crate::session::{At, Direction, Entry, LineEnding, Transcript};

pub(super) struct StreamJudge {
    ctx: Context,
    received: usize,
    garbage: bool,
    non_utf8: bool,
    cut: bool,
    bare_cr: bool,
    /// The fragment the output ended with, without a line end.
    unterminated: Option<(At, String)>,
    /// When the harness first asked the engine to end the session.
    quit_us: Option<u64>,
    /// The last entry seen: a finding about the end points just after it.
    last_seq: Option<u64>,
}

impl StreamJudge {
    pub(super) fn new(ctx: Context) -> StreamJudge {
        StreamJudge {
            ctx,
            received: 0,
            garbage: false,
            non_utf8: false,
            cut: false,
            bare_cr: false,
            unterminated: None,
            quit_us: None,
            last_seq: None,
        }
    }

    fn protocol(&self) -> Protocol {
        self.ctx.protocol
    }

    pub(super) fn entry(&mut self, e: &Entry, out: &mut Findings) {
        let p = self.protocol();
        self.last_seq = Some(e.at.seq);
        match e.direction {
            Direction::Sent => {
                if self.quit_us.is_none() && p.facts().is_quit(&e.text) {
                    self.quit_us = Some(e.at.us);
                }
                return;
            }
            Direction::Received => {}
            Direction::Stderr | Direction::Omitted => return,
        }
        self.received += 1;
        let at = e.at;
        let finding = |check, grade, message: String| outcome(p, check, grade, message).at(at);
        if is_binary(&e.text) {
            once(&mut self.garbage, out, || {
                let grade = if p.facts().engine_output_is_text {
                    Grade::Fail
                } else {
                    Grade::Warn
                };
                finding(
                    CheckId::OutputText,
                    grade,
                    format!(
                        "the engine wrote binary data, not a line of text: `{}`",
                        e.text
                    ),
                )
            });
        } else if e.non_utf8 {
            // Not UTF-8 is not binary: Chinese engines often write GBK. The texts name no
            // encoding, so this is a warning.
            once(&mut self.non_utf8, out, || {
                finding(
                    CheckId::OutputUtf8,
                    Grade::Warn,
                    format!("line is not UTF-8 (shown lossily): `{}`", e.text),
                )
            });
        }
        if e.dropped_bytes > 0 {
            once(&mut self.cut, out, || {
                finding(
                    CheckId::OutputLineLength,
                    Grade::Warn,
                    format!(
                        "a line longer than the harness keeps: {} bytes were cut; the rest of it is not judged",
                        e.dropped_bytes
                    ),
                )
            });
        }
        if e.ending == Some(LineEnding::Eof) {
            self.unterminated = Some((e.at, e.text.clone()));
        }
        if p.facts().engine_line_end_is_lf && e.ending == Some(LineEnding::Cr) {
            once(&mut self.bare_cr, out, || {
                finding(
                    CheckId::OutputLineEnd,
                    Grade::Fail,
                    format!(
                        "`{}` ends with a bare CR; {} lines end with LF",
                        e.text,
                        p.name().to_ascii_uppercase()
                    ),
                )
            });
        }
    }

    /// The harness asked the engine to end the session (its own early end, not a line the
    /// checks judge): an exit from here on is no crash.
    pub(super) fn asked_to_end(&mut self, at: At) {
        self.quit_us.get_or_insert(at.us);
    }

    /// `reply_owed`: the engine's end found a search (or a Gomocup move) it owed a reply to
    /// still open, so its crash also broke the rule that such a command is answered.
    pub(super) fn finish(
        self,
        end: &Transcript,
        reply_owed: Option<&'static [ReqId]>,
        out: &mut Findings,
    ) {
        let p = self.protocol();
        if !self.garbage && !self.non_utf8 {
            out.push(outcome(
                p,
                CheckId::OutputText,
                Grade::Pass,
                "every line is text",
            ));
        }
        self.line_end(end, out);
        if let Some(flood) = &end.stdout_overflow {
            out.push(
                outcome(
                    p,
                    CheckId::OutputFlood,
                    Grade::Warn,
                    format!(
                        "the engine wrote {} lines ({} bytes) in one session; the harness judged every line but keeps only the head and the tail of the transcript",
                        flood.lines, flood.bytes
                    ),
                )
                .at(after(self.last_seq, flood.at_us)),
            );
        }
        self.crash(end, reply_owed, out);
    }

    /// An unterminated last fragment, unless the harness's kill cut the engine off mid-line.
    fn line_end(&self, end: &Transcript, out: &mut Findings) {
        let p = self.protocol();
        let killed = end.exit.as_ref().is_some_and(|e| e.killed_by_harness);
        match &self.unterminated {
            Some((at, text)) if !killed => {
                // A fragment fails where the text says every line ends (`Facts`).
                let grade = if p.facts().engine_lines_end {
                    Grade::Fail
                } else {
                    Grade::Warn
                };
                out.push(
                    outcome(
                        p,
                        CheckId::OutputLineEnd,
                        grade,
                        format!("the engine's output ended with `{text}` and no line end"),
                    )
                    .at(*at),
                );
            }
            _ if self.received > 0 && !self.bare_cr => out.push(outcome(
                p,
                CheckId::OutputLineEnd,
                Grade::Pass,
                "every line ends with a line end",
            )),
            _ => {}
        }
    }

    /// The engine ended, or stopped, on its own while the harness still expected it to run.
    /// One finding, whatever it kept from happening: the steps it stopped are blocked by it.
    /// It cites the process rule, and the rule that a search or move request (or a Gomocup
    /// command owing a one-line answer) gets its reply when one was owed at the time (a crash
    /// on `go draw time …` broke that rule too; a crash between commands did not).
    fn crash(&self, end: &Transcript, reply_owed: Option<&'static [ReqId]>, out: &mut Findings) {
        let (message, at_us) = if let Some(stop) = &end.stopped {
            let message = format!(
                "the engine was stopped by signal {}{} {:.1} ms after it started, and never went on",
                stop.signal.unwrap_or_default(),
                if stop.signal == Some(libc::SIGSTOP) {
                    " (SIGSTOP)"
                } else {
                    ""
                },
                stop.at_us as f64 / 1000.0
            );
            (message, stop.at_us)
        } else {
            let (Some(exit), Some(gone_us)) = (&end.exit, end.gone_at_us()) else {
                return;
            };
            if Ending::of(end, self.quit_us) != Ending::ByEngine {
                return;
            }
            let message = format!(
                "the engine {} {:.1} ms after it started, without being asked to quit",
                exit.describe(),
                gone_us as f64 / 1000.0
            );
            (message, gone_us)
        };
        let p = self.protocol();
        let message = if reply_owed.is_some() {
            format!("{message}, while a reply was owed")
        } else {
            message
        };
        let mut crash = outcome(p, CheckId::ProcessUnexpectedExit, Grade::Fail, message)
            .at(after(self.last_seq, at_us));
        // The process rule, and the row of the reply it left owed, if one was: a search's
        // result or a command's one-line answer.
        let facts = p.facts();
        let owed = reply_owed.unwrap_or_default();
        crash.requirements.retain(|r| {
            let reply_row =
                facts.search_reply_rows.contains(r) || facts.answer_reply_rows.contains(r);
            !reply_row || owed.contains(r)
        });
        out.push(crash);
    }
}

/// Raises a finding the first time its kind is seen: one example per transcript is enough.
fn once(seen: &mut bool, out: &mut Findings, finding: impl FnOnce() -> super::Outcome) {
    if !*seen {
        *seen = true;
        out.push(finding());
    }
}

/// A place just after the entry `last` (an event that is not a line, such as an exit), so an
/// excerpt shows the lines before it.
pub(super) fn after(last: Option<u64>, us: u64) -> At {
    At {
        seq: last.map_or(0, |s| s + 1),
        us,
    }
}

/// A line holds bytes no text has: a control character other than a tab, outside an ANSI
/// control sequence. A coloured start-up banner (Sjaak II's console board, `ESC [ 1 m …`) is
/// text a terminal renders: the texts ask only for text on stdin/stdout (uci-r01, UCCI's
/// 「通信内容为文本」), so such a line is graded by what it says (a banner warns), not as binary.
fn is_binary(text: &str) -> bool {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            // CSI: parameter and intermediate bytes (0x20-0x3F), then one final byte (0x40-0x7E).
            chars.next();
            loop {
                match chars.next() {
                    Some(' '..='?') => {}
                    Some('@'..='~') => break,
                    _ => return true,
                }
            }
        } else if c.is_control() && c != '\t' {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckRef, Outcome};
    use crate::req;

    fn received(text: &str, ending: LineEnding) -> Entry {
        Entry {
            ending: Some(ending),
            ..Entry::received(At { seq: 0, us: 5 }, text)
        }
    }

    /// The stream checks' findings only.
    fn findings(protocol: Protocol, entries: Vec<Entry>) -> Vec<Outcome> {
        let mut found = crate::check::findings_of(protocol, entries);
        found.retain(|o| {
            matches!(
                o.check.id(),
                Some(
                    CheckId::OutputText
                        | CheckId::OutputUtf8
                        | CheckId::OutputLineLength
                        | CheckId::OutputLineEnd
                        | CheckId::OutputFlood
                )
            )
        });
        found
    }

    /// Issue 26 survey, H11: Sjaak II's ANSI-coloured console board before `uci`.
    #[test]
    fn colour_escapes_are_text_and_nul_is_not() {
        let board = " 8\u{1b}[1m\u{1b}[46m\u{1b}[30mr \u{1b}[45m\u{1b}[30mn \u{1b}[0m";
        for p in [Protocol::Uci, Protocol::Ucci] {
            let found = findings(p, vec![received(board, LineEnding::Lf)]);
            assert!(found.iter().all(|o| o.grade == Grade::Pass), "{found:#?}");
            let all = crate::check::findings_of(p, vec![received(board, LineEnding::Lf)]);
            assert!(
                all.iter()
                    .any(|o| o.check == CheckRef::builtin(p, CheckId::LineUnknown)
                        && o.grade == Grade::Warn),
                "{all:#?}"
            );
        }
        for binary in [
            "id\u{0}name",
            "\u{1b}]0;title\u{7}",
            "x\u{1b}[12",
            "a\u{8}b",
        ] {
            let found = findings(Protocol::Uci, vec![received(binary, LineEnding::Lf)]);
            assert_eq!(
                found[0].check,
                CheckRef::builtin(Protocol::Uci, CheckId::OutputText),
                "{binary:?}"
            );
            assert_eq!(found[0].grade, Grade::Fail, "{binary:?}");
        }
    }

    /// The survey's PentaZen prints its search depth, an 8-bit number, as a character: a
    /// control byte inside its `MESSAGE`. The Gomocup text never says the brain writes text
    /// (gomocup-r02 names stdio functions), so it warns under the code-page should (r131);
    /// the texts that do say it fail the same byte.
    #[test]
    fn a_control_byte_fails_where_the_text_asks_for_text_and_warns_in_gomocup() {
        let line = "MESSAGE dep \u{1}-\u{1} ev 0 nd 1";
        let gomocup = findings(Protocol::Gomocup, vec![received(line, LineEnding::CrLf)]);
        assert_eq!(
            gomocup[0].check,
            CheckRef::builtin(Protocol::Gomocup, CheckId::OutputText),
            "{gomocup:#?}"
        );
        assert_eq!(gomocup[0].grade, Grade::Warn);
        assert_eq!(gomocup[0].requirements, [req!("gomocup-r131")]);
        for p in [Protocol::Uci, Protocol::Ucci, Protocol::Agi] {
            let found = findings(p, vec![received(line, LineEnding::Lf)]);
            let text = found
                .iter()
                .find(|o| o.check == CheckRef::builtin(p, CheckId::OutputText));
            assert_eq!(
                text.map(|o| o.grade),
                Some(Grade::Fail),
                "{p:?}: {found:#?}"
            );
        }
    }

    #[test]
    fn a_last_line_without_a_line_end_is_graded_by_the_protocol() {
        let lines = || {
            vec![
                received("uciok", LineEnding::CrLf),
                received("bestmo", LineEnding::Eof),
            ]
        };
        let uci = findings(Protocol::Uci, lines());
        assert_eq!(uci.len(), 1, "{uci:#?}");
        assert_eq!(
            (uci[0].check.clone(), uci[0].grade),
            (
                CheckRef::builtin(Protocol::Uci, CheckId::OutputLineEnd),
                Grade::Fail
            )
        );
        assert_eq!(uci[0].requirements[0], req!("uci-r07"));
        assert!(uci[0].message.contains("`bestmo`"));
        assert_eq!(findings(Protocol::Gomocup, lines())[0].grade, Grade::Warn);
        assert!(findings(Protocol::Uci, vec![received("uciok", LineEnding::Lf)]).is_empty());
    }
}
