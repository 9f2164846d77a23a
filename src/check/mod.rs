//! Built-in checks: judge a recorded transcript against the protocol's rules.
//!
//! A check never touches a process. It reads the transcript (what was sent, what came back,
//! when), re-derives the game state from the commands the harness sent, and grades every
//! reply: ordering, timing, legality. Each check has a stable id (`ucci.go.one-bestmove`)
//! and cites the requirement rows it rests on.

mod agi;
mod flow;
mod gomocup;
mod legality;
mod lines;
mod multipv;
mod offer;
mod outcome;
mod stream;
mod ucci;
mod uci;

pub use outcome::{Grade, Outcome, printable};

use crate::protocol::Protocol;
use crate::session::Transcript;

/// What a check may look at.
pub struct Context<'a> {
    pub protocol: Protocol,
    pub transcript: &'a Transcript,
    /// Multiplies the built-in timing bounds, as for scenario bounds.
    pub time_scale: f64,
}

/// Runs every built-in check of the context's protocol.
pub fn judge(ctx: &Context) -> Vec<Outcome> {
    let mut out = Vec::new();
    stream::judge(ctx, &mut out);
    match ctx.protocol {
        Protocol::Ucci => ucci::judge(ctx, &mut out),
        Protocol::Uci => uci::judge(ctx, &mut out),
        Protocol::Gomocup => gomocup::judge(ctx, &mut out),
        Protocol::Agi => agi::judge(ctx, &mut out),
    }
    collapse_repeats(out)
}

/// How many findings of one check a scenario shows before summing up the rest.
const REPEATS_SHOWN: usize = 3;

/// Keeps the first few findings of each check and grade; the rest become one line saying
/// how many more there were, so an engine that repeats one fault on every `info` line does
/// not bury the other findings.
fn collapse_repeats(outcomes: Vec<Outcome>) -> Vec<Outcome> {
    use std::collections::HashMap;
    let mut seen: HashMap<(String, Grade), usize> = HashMap::new();
    for o in &outcomes {
        if o.grade != Grade::Pass {
            *seen.entry((o.check.clone(), o.grade)).or_default() += 1;
        }
    }
    let mut shown: HashMap<(String, Grade), usize> = HashMap::new();
    let mut out = Vec::with_capacity(outcomes.len());
    for o in outcomes {
        if o.grade == Grade::Pass {
            out.push(o);
            continue;
        }
        let key = (o.check.clone(), o.grade);
        let count = shown.entry(key.clone()).or_default();
        *count += 1;
        match (*count).cmp(&REPEATS_SHOWN) {
            std::cmp::Ordering::Less => out.push(o),
            std::cmp::Ordering::Equal => {
                let total = seen[&key];
                let mut o = o;
                if total > REPEATS_SHOWN {
                    o.message = format!(
                        "{} (and {} more like this)",
                        o.message,
                        total - REPEATS_SHOWN
                    );
                }
                out.push(o);
            }
            std::cmp::Ordering::Greater => {}
        }
    }
    out
}

/// Judges an exchange written as `> sent` / `< received` lines, 1 ms apart, and returns the
/// findings (outcomes other than passes): for checks' unit tests.
#[cfg(test)]
pub(crate) fn findings_in(protocol: Protocol, lines: &[&str]) -> Vec<Outcome> {
    use crate::session::{Direction, Entry};
    let entries = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let (direction, text) = match line.split_at(2) {
                ("> ", text) => (Direction::Sent, text),
                (_, text) => (Direction::Received, text),
            };
            Entry {
                at_us: 1000 * i as u64,
                direction,
                text: text.to_owned(),
                non_utf8: false,
                dropped_bytes: 0,
                ending: None,
            }
        })
        .collect();
    let transcript = Transcript {
        entries,
        ..Transcript::default()
    };
    let judge = match protocol {
        Protocol::Ucci => ucci::judge,
        Protocol::Uci => uci::judge,
        Protocol::Gomocup => gomocup::judge,
        Protocol::Agi => agi::judge,
    };
    findings_of(protocol, &transcript, judge)
}

/// Runs one judge over a transcript and returns the findings (outcomes other than passes).
#[cfg(test)]
pub(crate) fn findings_of(
    protocol: Protocol,
    transcript: &Transcript,
    judge: fn(&Context, &mut Vec<Outcome>),
) -> Vec<Outcome> {
    let ctx = Context {
        protocol,
        transcript,
        time_scale: 1.0,
    };
    let mut out = Vec::new();
    judge(&ctx, &mut out);
    out.into_iter().filter(|o| o.grade != Grade::Pass).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_findings_are_summed_up_after_three() {
        let finding =
            |i: usize| Outcome::new("x.line.unknown", &[], Grade::Warn, format!("line {i}"));
        let mut all: Vec<Outcome> = (0..5).map(finding).collect();
        all.push(Outcome::new("x.other", &[], Grade::Fail, "kept"));
        let out = collapse_repeats(all);
        assert_eq!(out.len(), 4);
        assert_eq!(out[2].message, "line 2 (and 2 more like this)");
        assert_eq!(out[3].message, "kept");
    }
}
