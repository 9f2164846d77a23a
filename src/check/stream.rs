//! Checks on the raw stream, the same for every protocol: text, line ends, floods, crashes.

use super::{Context, Grade, Outcome};
use crate::protocol::Protocol;
use crate::session::{Direction, lines::LineEnding};

/// Requirement ids per protocol for "replies are lines of text" and "one reply per line".
fn text_rules(protocol: Protocol) -> &'static [&'static str] {
    match protocol {
        Protocol::Ucci => &["ucci-r03", "ucci-r05"],
        Protocol::Uci => &["uci-r01"],
        Protocol::Gomocup => &["gomocup-r01"],
        Protocol::Agi => &["agi-r03", "agi-r09"],
    }
}

pub(super) fn judge(ctx: &Context, out: &mut Vec<Outcome>) {
    let p = ctx.protocol;
    let rules = text_rules(p);
    let mut garbage = 0;
    let mut non_utf8 = 0;
    let mut cut = 0;
    let mut bare_cr = 0;
    let mut unterminated = false;
    for e in ctx.transcript.lines(Direction::Received) {
        if e.text.chars().any(|c| c.is_control() && c != '\t') {
            garbage += 1;
            if garbage == 1 {
                out.push(
                    Outcome::new(
                        format!("{p}.output.text"),
                        rules,
                        Grade::Fail,
                        format!(
                            "the engine wrote binary data, not a line of text: `{}`",
                            e.text
                        ),
                    )
                    .at(e.at_us),
                );
            }
        } else if e.non_utf8 {
            // Not UTF-8 is not binary: Chinese engines often write GBK. The texts name no
            // encoding, so this is a warning.
            non_utf8 += 1;
            if non_utf8 == 1 {
                out.push(
                    Outcome::new(
                        format!("{p}.output.utf8"),
                        rules,
                        Grade::Warn,
                        format!("line is not UTF-8 (shown lossily): `{}`", e.text),
                    )
                    .at(e.at_us),
                );
            }
        }
        if e.dropped_bytes > 0 {
            cut += 1;
            if cut == 1 {
                out.push(
                    Outcome::new(
                        format!("{p}.output.line-length"),
                        rules,
                        Grade::Fail,
                        format!(
                            "a line longer than the harness keeps: {} bytes were cut",
                            e.dropped_bytes
                        ),
                    )
                    .at(e.at_us),
                );
            }
        }
        if e.ending == Some(LineEnding::Eof) && !unterminated {
            unterminated = true;
            let (reqs, grade) = line_end_rules(p);
            out.push(
                Outcome::new(
                    format!("{p}.output.line-end"),
                    reqs,
                    grade,
                    format!(
                        "the engine's output ended with `{}` and no line end",
                        e.text
                    ),
                )
                .at(e.at_us),
            );
        }
        if p == Protocol::Agi && e.ending == Some(LineEnding::Cr) {
            bare_cr += 1;
            if bare_cr == 1 {
                out.push(
                    Outcome::new(
                        "agi.output.line-end",
                        &["agi-r03"],
                        Grade::Fail,
                        format!("`{}` ends with a bare CR; AGI lines end with LF", e.text),
                    )
                    .at(e.at_us),
                );
            }
        }
    }
    if garbage + non_utf8 == 0 {
        out.push(Outcome::new(
            format!("{p}.output.text"),
            rules,
            Grade::Pass,
            "every line is text",
        ));
    }
    if !unterminated && ctx.transcript.lines(Direction::Received).next().is_some() {
        out.push(Outcome::new(
            format!("{p}.output.line-end"),
            line_end_rules(p).0,
            Grade::Pass,
            "every line ends with a line end",
        ));
    }
    if let Some(flood) = &ctx.transcript.stdout_overflow {
        out.push(
            Outcome::new(
                format!("{p}.output.flood"),
                rules,
                Grade::Fail,
                format!(
                    "the engine flooded its output: past the harness's budget, {} more bytes were discarded",
                    flood.discarded_bytes
                ),
            )
            .at(flood.at_us),
        );
    }
    crash(ctx, out);
}

/// What an unterminated last fragment breaks. UCI and AGI say every line the engine writes
/// ends with a newline (uci-r07, agi-r03). UCCI says only that a reply is one line, and
/// Gomocup lets the brain choose its line end: a fragment there is a warning.
fn line_end_rules(protocol: Protocol) -> (&'static [&'static str], Grade) {
    match protocol {
        Protocol::Uci => (&["uci-r07"], Grade::Fail),
        Protocol::Agi => (&["agi-r03"], Grade::Fail),
        Protocol::Ucci => (&["ucci-r05"], Grade::Warn),
        Protocol::Gomocup => (&["gomocup-r06"], Grade::Warn),
    }
}

/// The engine ended on its own while the harness still expected it to run.
fn crash(ctx: &Context, out: &mut Vec<Outcome>) {
    let t = ctx.transcript;
    let Some(exit) = &t.exit else {
        return;
    };
    if exit.killed_by_harness {
        return;
    }
    // The exit is only observed when the harness waits for it; the end of stdout tells
    // when the engine really went away.
    let gone_at = t
        .stdout_closed_at_us
        .map_or(exit.at_us, |eof| eof.min(exit.at_us));
    let asked_to_quit = t
        .lines(Direction::Sent)
        .filter(|e| e.at_us <= gone_at)
        .any(|e| is_quit(ctx.protocol, &e.text));
    let stdin_closed_first = t.stdin_closed_at_us.is_some_and(|at| at <= gone_at);
    if asked_to_quit || stdin_closed_first {
        return;
    }
    let how = match (exit.code, exit.signal) {
        (_, Some(signal)) => format!("was killed by signal {signal}"),
        (Some(code), None) => format!("exited with code {code}"),
        (None, None) => "ended".to_owned(),
    };
    out.push(
        Outcome::new(
            format!("{}.process.unexpected-exit", ctx.protocol),
            quit_rules(ctx.protocol),
            Grade::Fail,
            format!("the engine {how} without being asked to quit"),
        )
        .at(gone_at),
    );
}

fn is_quit(protocol: Protocol, line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    match protocol {
        Protocol::Ucci | Protocol::Uci => word == "quit",
        Protocol::Agi => word.eq_ignore_ascii_case("quit"),
        Protocol::Gomocup => word.eq_ignore_ascii_case("end"),
    }
}

fn quit_rules(protocol: Protocol) -> &'static [&'static str] {
    match protocol {
        Protocol::Ucci => &["ucci-r04"],
        Protocol::Uci => &["uci-r01"],
        Protocol::Gomocup => &["gomocup-r01"],
        Protocol::Agi => &["agi-r85"],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Entry, Transcript};

    fn received(text: &str, ending: LineEnding) -> Entry {
        Entry {
            at_us: 5,
            direction: Direction::Received,
            text: text.to_owned(),
            non_utf8: false,
            dropped_bytes: 0,
            ending: Some(ending),
        }
    }

    fn findings(protocol: Protocol, entries: Vec<Entry>) -> Vec<Outcome> {
        let transcript = Transcript {
            entries,
            ..Transcript::default()
        };
        crate::check::findings_of(protocol, &transcript, judge)
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
            (uci[0].check.as_str(), uci[0].grade),
            ("uci.output.line-end", Grade::Fail)
        );
        assert_eq!(uci[0].requirements, ["uci-r07"]);
        assert!(uci[0].message.contains("`bestmo`"));
        assert_eq!(findings(Protocol::Gomocup, lines())[0].grade, Grade::Warn);
        assert!(findings(Protocol::Uci, vec![received("uciok", LineEnding::Lf)]).is_empty());
    }
}
