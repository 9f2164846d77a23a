//! The exchange rules UCCI, UCI and AGI share: a handshake that ends with one reply, one
//! `readyok` per `isready`, exactly one search result per `go`, no result while pondering
//! or searching infinitely before `stop`, and the way `quit` ends a session.
//!
//! Each protocol module turns its transcript into [`Event`]s and supplies [`Rules`]: the
//! check-id prefix, the requirement ids, and the grades its text justifies.

use std::collections::VecDeque;

use super::{Context, Grade, Outcome};
use crate::protocol::ParseError;
use crate::session::Direction;

/// What the harness sent, as far as the exchange rules care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sent {
    Handshake,
    IsReady,
    /// `isready` after words the engine does not know (`xyzzy isready`): a UCI engine should
    /// read past them (uci-r11), but one that drops the line is only warned, by the scenario.
    IsReadyAfterUnknownWords,
    Go {
        ponder: bool,
        infinite: bool,
    },
    PonderHit,
    Stop,
    Quit,
}

/// What the engine sent, as far as the exchange rules care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Got {
    /// `id` or `option`: only before the handshake reply.
    BootLine,
    HandshakeOk,
    ReadyOk,
    /// `bestmove` or `nobestmove` (AGI: `BESTMOVE`).
    SearchResult,
    Bye,
    /// Any other line (`info`, …).
    Other,
}

#[derive(Debug, Clone, Copy)]
pub(super) enum Event {
    Sent { at_us: u64, what: Sent },
    Got { at_us: u64, what: Got },
}

/// One protocol's reading of the shared rules.
pub(super) struct Rules {
    /// `ucci`, `uci`, `agi`: the first part of every check id.
    pub prefix: &'static str,
    /// Name of the handshake reply, for messages (`ucciok`).
    pub handshake_ok: &'static str,
    pub handshake_reqs: &'static [&'static str],
    pub readyok_reqs: &'static [&'static str],
    /// Grade of a missing `readyok` to an `isready` sent mid-search.
    pub readyok_while_thinking: Grade,
    pub result_reqs: &'static [&'static str],
    /// Requirement and grade for a result before `ponderhit`/`stop` in ponder mode; `None`
    /// where pondering needs no result at all (AGI).
    pub ponder: Option<(&'static [&'static str], Grade)>,
    /// Requirement and grade for a result before `stop` in infinite mode.
    pub infinite: (&'static [&'static str], Grade),
    pub stop_reqs: &'static [&'static str],
    /// Requirement ids for the `bye` reply to `quit`; `None` where `quit` has no reply (UCI).
    pub bye: Option<&'static [&'static str]>,
    pub exit_reqs: &'static [&'static str],
}

/// How soon `readyok`, a result after `stop`, and the exit after `quit` are expected. The
/// texts say "at once"/"immediately" without a figure; 1 s is the patience of common GUIs.
const PROMPT_MS: f64 = 1000.0;

struct Search {
    at_us: u64,
    ponder: bool,
    infinite: bool,
    ponderhit_us: Option<u64>,
    stop_us: Option<u64>,
}

pub(super) fn judge(rules: &Rules, events: &[Event], ctx: &Context, out: &mut Vec<Outcome>) {
    let p = rules.prefix;
    let prompt_us = (PROMPT_MS * 1000.0 * ctx.time_scale) as u64;
    let id = |name: &str| format!("{p}.{name}");
    let mut handshake_us: Option<u64> = None;
    let mut handshake_ok_us: Option<u64> = None;
    let mut late_boot_reported = false;
    // (sent at, sent during a search, an answer is owed rather than hoped for)
    let mut isready: VecDeque<(u64, bool, bool)> = VecDeque::new();
    let mut search: Option<Search> = None;
    let mut last_ponder_stopped = false;
    let mut quit_us: Option<u64> = None;
    let mut bye_us: Option<u64> = None;
    let mut after_bye_reported = false;

    for event in events {
        match *event {
            Event::Sent { at_us, what } => match what {
                Sent::Handshake => handshake_us = Some(at_us),
                Sent::IsReady => isready.push_back((at_us, search.is_some(), true)),
                Sent::IsReadyAfterUnknownWords => {
                    isready.push_back((at_us, search.is_some(), false))
                }
                Sent::Go { ponder, infinite } => {
                    search = Some(Search {
                        at_us,
                        ponder,
                        infinite,
                        ponderhit_us: None,
                        stop_us: None,
                    })
                }
                Sent::PonderHit => {
                    if let Some(s) = &mut search {
                        s.ponderhit_us = Some(at_us);
                    }
                }
                Sent::Stop => {
                    if let Some(s) = &mut search {
                        s.stop_us.get_or_insert(at_us);
                    }
                }
                Sent::Quit => quit_us = quit_us.or(Some(at_us)),
            },
            Event::Got { at_us, what } => {
                if bye_us.is_some() && !after_bye_reported {
                    after_bye_reported = true;
                    out.push(
                        Outcome::new(
                            id("quit.nothing-after-bye"),
                            rules.bye.unwrap_or(rules.exit_reqs),
                            Grade::Warn,
                            "the engine wrote more after `bye`, which is meant to be its last line",
                        )
                        .at(at_us),
                    );
                }
                match what {
                    Got::BootLine => {
                        if handshake_ok_us.is_some() && !late_boot_reported {
                            late_boot_reported = true;
                            out.push(
                                Outcome::new(
                                    id("handshake.ends-with-ok"),
                                    rules.handshake_reqs,
                                    Grade::Fail,
                                    format!("an id/option line came after `{}`, which ends the handshake", rules.handshake_ok),
                                )
                                .at(at_us),
                            );
                        }
                    }
                    Got::HandshakeOk => {
                        let mut o = Outcome::new(
                            id("handshake.ok"),
                            rules.handshake_reqs,
                            Grade::Pass,
                            format!("`{}` received", rules.handshake_ok),
                        )
                        .at(at_us);
                        match handshake_us {
                            Some(sent) if handshake_ok_us.is_none() => {
                                o = o.latency(at_us.saturating_sub(sent))
                            }
                            _ => {
                                o.grade = Grade::Fail;
                                o.message = format!(
                                    "`{}` without a handshake command before it",
                                    rules.handshake_ok
                                );
                            }
                        }
                        handshake_ok_us = Some(at_us);
                        out.push(o);
                    }
                    Got::ReadyOk => out.push(match isready.pop_front() {
                        None => Outcome::new(
                            id("isready.one-readyok"),
                            rules.readyok_reqs,
                            Grade::Fail,
                            "`readyok` without an `isready` waiting for it",
                        )
                        .at(at_us),
                        Some((sent, thinking, _)) => {
                            let latency = at_us.saturating_sub(sent);
                            let during = if thinking { " during a search" } else { "" };
                            let (grade, message) = if latency > prompt_us {
                                (
                                    Grade::Warn,
                                    format!(
                                        "`readyok`{during} took {:.1} ms; GUIs expect it at once",
                                        latency as f64 / 1000.0
                                    ),
                                )
                            } else {
                                (Grade::Pass, format!("`readyok`{during}"))
                            };
                            Outcome::new(id("isready.readyok"), rules.readyok_reqs, grade, message)
                                .at(at_us)
                                .latency(latency)
                        }
                    }),
                    Got::SearchResult => match search.take() {
                        None => {
                            let exempt = rules.ponder.is_none() && last_ponder_stopped;
                            if !exempt {
                                out.push(
                                    Outcome::new(
                                        id("go.one-result"),
                                        rules.result_reqs,
                                        Grade::Fail,
                                        "a search result with no `go` waiting for one (a second result, or unsolicited)",
                                    )
                                    .at(at_us),
                                );
                            }
                        }
                        Some(s) => {
                            last_ponder_stopped = s.ponder && s.stop_us.is_some();
                            // `quit` ends a search as `stop` does; an engine may answer
                            // it with its result first (uci remark 17).
                            let after_quit = quit_us.is_some_and(|q| q <= at_us);
                            judge_result(rules, &s, at_us, prompt_us, after_quit, out);
                        }
                    },
                    Got::Bye => {
                        bye_us = Some(at_us);
                        if quit_us.is_none() {
                            out.push(
                                Outcome::new(
                                    id("quit.bye"),
                                    rules.bye.unwrap_or(rules.exit_reqs),
                                    Grade::Fail,
                                    "`bye` without `quit`",
                                )
                                .at(at_us),
                            );
                        }
                    }
                    Got::Other => {}
                }
            }
        }
    }

    if let (Some(sent), None) = (handshake_us, handshake_ok_us) {
        out.push(
            Outcome::new(
                id("handshake.ok"),
                rules.handshake_reqs,
                Grade::Fail,
                format!("no `{}` after the handshake command", rules.handshake_ok),
            )
            .at(sent),
        );
    }
    for (sent, thinking, _) in isready.into_iter().filter(|(_, _, owed)| *owed) {
        let grade = if thinking {
            rules.readyok_while_thinking
        } else {
            Grade::Fail
        };
        let during = if thinking {
            " sent during a search"
        } else {
            ""
        };
        out.push(
            Outcome::new(
                id("isready.readyok"),
                rules.readyok_reqs,
                grade,
                format!("no `readyok` for the `isready`{during}"),
            )
            .at(sent),
        );
    }
    if let Some(s) = search {
        let quit_while_searching = quit_us.is_some_and(|q| q > s.at_us);
        let pondering_without_result = rules.ponder.is_none() && s.ponder;
        if !quit_while_searching && !pondering_without_result {
            let (check, reqs, message) = match s.stop_us {
                Some(_) => (
                    id("stop.result"),
                    rules.stop_reqs,
                    "no search result after `stop`".to_owned(),
                ),
                None => (
                    id("go.one-result"),
                    rules.result_reqs,
                    "no search result for this `go`".to_owned(),
                ),
            };
            let at = s.stop_us.unwrap_or(s.at_us);
            out.push(Outcome::new(check, reqs, Grade::Fail, message).at(at));
        }
    }
    if let Some(quit) = quit_us {
        judge_quit(rules, quit, bye_us, ctx, out);
    }
}

fn judge_result(
    rules: &Rules,
    s: &Search,
    at_us: u64,
    prompt_us: u64,
    after_quit: bool,
    out: &mut Vec<Outcome>,
) {
    let p = rules.prefix;
    let released = s.stop_us.is_some() || s.ponderhit_us.is_some() || after_quit;
    if s.ponder
        && !released
        && let Some((reqs, grade)) = rules.ponder
    {
        out.push(
            Outcome::new(
                format!("{p}.ponder.no-result-before-ponderhit"),
                reqs,
                grade,
                "a search result while pondering, before `ponderhit` or `stop`",
            )
            .at(at_us)
            .latency(at_us - s.at_us),
        );
        return;
    }
    if s.infinite && s.stop_us.is_none() && !after_quit {
        let (reqs, grade) = rules.infinite;
        out.push(
            Outcome::new(
                format!("{p}.infinite.no-result-before-stop"),
                reqs,
                grade,
                "a search result in infinite mode before `stop`",
            )
            .at(at_us)
            .latency(at_us - s.at_us),
        );
        return;
    }
    if let Some(stop) = s.stop_us {
        let latency = at_us.saturating_sub(stop);
        let grade = if latency > prompt_us {
            Grade::Warn
        } else {
            Grade::Pass
        };
        out.push(
            Outcome::new(
                format!("{p}.stop.result"),
                rules.stop_reqs,
                grade,
                format!("result {:.1} ms after `stop`", latency as f64 / 1000.0),
            )
            .at(at_us)
            .latency(latency),
        );
        return;
    }
    out.push(
        Outcome::new(
            format!("{p}.go.one-result"),
            rules.result_reqs,
            Grade::Pass,
            "one search result for the `go`",
        )
        .at(at_us)
        .latency(at_us - s.at_us),
    );
}

fn judge_quit(
    rules: &Rules,
    quit_us: u64,
    bye_us: Option<u64>,
    ctx: &Context,
    out: &mut Vec<Outcome>,
) {
    let p = rules.prefix;
    if let Some(reqs) = rules.bye {
        out.push(match bye_us {
            Some(at) => Outcome::new(
                format!("{p}.quit.bye"),
                reqs,
                Grade::Pass,
                "`bye` after `quit`",
            )
            .at(at)
            .latency(at.saturating_sub(quit_us)),
            None => Outcome::new(
                format!("{p}.quit.bye"),
                reqs,
                Grade::Fail,
                "no `bye` after `quit`",
            )
            .at(quit_us),
        });
    }
    let Some(exit) = &ctx.transcript.exit else {
        return;
    };
    let latency = exit.at_us.saturating_sub(quit_us);
    let (grade, message) = if exit.killed_by_harness {
        (
            Grade::Fail,
            "the engine did not exit after `quit`; the harness killed it".to_owned(),
        )
    } else if exit.code != Some(0) {
        // The texts say "exits normally"; a non-zero status is a blemish, not a protocol break.
        (
            Grade::Warn,
            format!(
                "the engine exited after `quit` with {:?}/signal {:?}, not 0",
                exit.code, exit.signal
            ),
        )
    } else {
        (
            Grade::Pass,
            format!("exited {:.1} ms after `quit`", latency as f64 / 1000.0),
        )
    };
    out.push(
        Outcome::new(format!("{p}.quit.exit"), rules.exit_reqs, grade, message)
            .at(exit.at_us)
            .latency(latency),
    );
}

/// One protocol's reading of its transcript: its codec, and what each line means for the
/// exchange rules and the game state. [`read`] walks the transcript with it.
pub(super) trait Exchange {
    type Command;
    type Message;
    fn parse_command(line: &str) -> Result<Self::Command, ParseError>;
    fn parse_message(line: &str) -> Result<Self::Message, ParseError>;
    /// A command the harness sent; tracks the game state.
    fn sent(&mut self, command: Self::Command) -> Option<Sent>;
    /// A reply the engine sent; judges its moves into `out`.
    fn received(&mut self, message: Self::Message, at_us: u64, out: &mut Vec<Outcome>) -> Got;
    /// A reply the codec could not read.
    fn unreadable(&self, line: &str, error: &ParseError, at_us: u64) -> Outcome;
    /// What an unreadable reply still means for the exchange (e.g. a malformed `bestmove`
    /// still ends its search).
    fn unreadable_event(&self, _line: &str) -> Got {
        Got::Other
    }
}

/// Walks the transcript with a protocol's [`Exchange`], collecting findings into `out`, and
/// returns the events for [`judge`].
pub(super) fn read<X: Exchange>(
    exchange: &mut X,
    ctx: &Context,
    out: &mut Vec<Outcome>,
) -> Vec<Event> {
    let mut events = Vec::new();
    for e in &ctx.transcript.entries {
        let at_us = e.at_us;
        match e.direction {
            Direction::Stderr => {}
            Direction::Sent => {
                let what = match X::parse_command(&e.text) {
                    Ok(command) => exchange.sent(command),
                    Err(_) => isready_after_unknown_words(&e.text),
                };
                if let Some(what) = what {
                    events.push(Event::Sent { at_us, what });
                }
            }
            Direction::Received => {
                let what = match X::parse_message(&e.text) {
                    Ok(message) => exchange.received(message, at_us, out),
                    Err(error) => {
                        out.push(exchange.unreadable(&e.text, &error, at_us));
                        exchange.unreadable_event(&e.text)
                    }
                };
                events.push(Event::Got { at_us, what });
            }
        }
    }
    events
}

/// A probe line like `xyzzy isready`: unknown words, then `isready` as the last word.
fn isready_after_unknown_words(line: &str) -> Option<Sent> {
    let words: Vec<&str> = line.split_whitespace().collect();
    (words.len() > 1 && words.last()?.eq_ignore_ascii_case("isready"))
        .then_some(Sent::IsReadyAfterUnknownWords)
}

/// Whether a reply is a `bestmove` line, however malformed the rest: in UCCI and UCI such a
/// line still ends its search, so its `go` is not also reported as unanswered.
pub(super) fn is_bestmove(line: &str) -> bool {
    line.split_whitespace().next() == Some("bestmove")
}
