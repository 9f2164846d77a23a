//! The exchange rules UCCI, UCI and AGI share: a handshake that ends with one reply, one
//! `readyok` per `isready`, exactly one search result per `go`, no result while pondering
//! or searching infinitely before `stop`, and the way `quit` ends a session.
//!
//! Each protocol module reads its lines with an [`Exchange`](super::exchange::Exchange) (its
//! codec, and what each line means for the game it tracks) and supplies [`Rules`]: what its
//! text lets pass. [`Flow`] judges the events as they come, line by line.

use std::collections::VecDeque;

use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::stream::after;
use super::{Context, Grade, Outcome};
use crate::protocol::Protocol;
use crate::session::{At, Transcript};

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

/// What one protocol's text lets pass.
pub(super) struct Rules {
    /// Grade of a missing `readyok` to an `isready` sent mid-search.
    pub readyok_while_thinking: Grade,
    /// Whether a search started with `ponder` owes a result (UCCI, UCI) or not (AGI).
    pub ponder_owes_result: bool,
    /// Grade of a result in infinite mode before `stop`.
    pub infinite_early: Grade,
    /// Whether `quit` is answered by `bye`.
    pub bye: bool,
    /// Whether the text makes the handshake command the GUI's first (UCCI ucci-r20, AGI
    /// agi-r04 `must`; UCI only asks it, uci-r15), so that commands before it take the
    /// session outside the text.
    pub handshake_first: bool,
}

/// How soon `readyok`, a result after `stop`, and the exit after `quit` are expected. The
/// texts say "at once"/"immediately" without a figure; 1 s is the patience of common GUIs.
const PROMPT_MS: f64 = 1000.0;

struct Search {
    at: At,
    ponder: bool,
    infinite: bool,
    ponderhit_us: Option<u64>,
    stop: Option<At>,
}

/// The state of the exchange rules between two events.
pub(super) struct Flow {
    protocol: Protocol,
    rules: &'static Rules,
    prompt_us: u64,
    handshake: Option<At>,
    handshake_ok_us: Option<u64>,
    /// A command came before the handshake where the text makes the handshake the GUI's
    /// first command (`Rules::handshake_first`): an engine that reads its protocol from the
    /// first line may then take the session for another protocol's, which the text does not
    /// forbid, so a missing handshake reply is no longer a failure.
    command_before_handshake: bool,
    late_boot_reported: bool,
    /// (sent at, sent during a search, an answer is owed rather than hoped for)
    isready: VecDeque<(At, bool, bool)>,
    search: Option<Search>,
    last_ponder_stopped: bool,
    quit: Option<At>,
    bye_us: Option<u64>,
    after_bye_reported: bool,
    /// The last entry seen: a finding about the end points just after it.
    last_seq: Option<u64>,
    /// An infinite search's result before `stop`: judged at the end, since one written after
    /// the harness closed the engine's input (a scenario that stopped early ends the session
    /// that way) answers that, not a broken rule.
    infinite_early: Option<Outcome>,
}

impl Flow {
    pub fn new(rules: &'static Rules, ctx: &Context) -> Flow {
        Flow {
            protocol: ctx.protocol,
            rules,
            prompt_us: (PROMPT_MS * 1000.0 * ctx.time_scale) as u64,
            handshake: None,
            handshake_ok_us: None,
            command_before_handshake: false,
            late_boot_reported: false,
            isready: VecDeque::new(),
            search: None,
            last_ponder_stopped: false,
            quit: None,
            bye_us: None,
            after_bye_reported: false,
            last_seq: None,
            infinite_early: None,
        }
    }

    fn outcome(&self, id: CheckId, grade: Grade, message: impl Into<String>) -> Outcome {
        outcome(self.protocol, id, grade, message)
    }

    /// Whether the handshake was sent and never answered.
    pub fn handshake_unanswered(&self) -> bool {
        self.handshake.is_some() && self.handshake_ok_us.is_none()
    }

    /// Every entry of the session passes here, whatever it means for the exchange.
    pub fn seen(&mut self, at: At) {
        self.last_seq = Some(at.seq);
    }

    /// A command the codec knows went out: one before the handshake takes the session
    /// outside the text.
    pub fn command(&mut self, what: Option<Sent>) {
        if self.before_first_handshake() && what != Some(Sent::Handshake) {
            self.command_before_handshake = true;
        }
    }

    /// Whether the text's first command, the handshake, has yet to come.
    fn before_first_handshake(&self) -> bool {
        self.rules.handshake_first && self.handshake.is_none()
    }

    pub fn sent(&mut self, at: At, what: Sent) {
        match what {
            Sent::Handshake => self.handshake = Some(at),
            // Where the handshake must come first, an `isready` before it is out of order
            // (the GUI's fault): a `readyok` is hoped for, not owed.
            Sent::IsReady => {
                let owed = !self.before_first_handshake();
                self.isready.push_back((at, self.search.is_some(), owed))
            }
            Sent::IsReadyAfterUnknownWords => {
                self.isready.push_back((at, self.search.is_some(), false))
            }
            Sent::Go { ponder, infinite } => {
                self.search = Some(Search {
                    at,
                    ponder,
                    infinite,
                    ponderhit_us: None,
                    stop: None,
                })
            }
            Sent::PonderHit => {
                if let Some(s) = &mut self.search {
                    s.ponderhit_us = Some(at.us);
                }
            }
            Sent::Stop => {
                if let Some(s) = &mut self.search {
                    s.stop.get_or_insert(at);
                }
            }
            Sent::Quit => {
                self.quit.get_or_insert(at);
            }
        }
    }

    pub fn got(&mut self, at: At, what: Got, out: &mut Findings) {
        if self.bye_us.is_some() && !self.after_bye_reported {
            self.after_bye_reported = true;
            out.push(
                self.outcome(
                    CheckId::QuitNothingAfterBye,
                    Grade::Warn,
                    "the engine wrote more after `bye`, which is meant to be its last line",
                )
                .at(at),
            );
        }
        match what {
            Got::BootLine => {
                if self.handshake_ok_us.is_some() && !self.late_boot_reported {
                    self.late_boot_reported = true;
                    out.push(
                        self.outcome(
                            CheckId::HandshakeEndsWithOk,
                            Grade::Fail,
                            format!(
                                "an id/option line came after `{}`, which ends the handshake",
                                self.handshake_reply()
                            ),
                        )
                        .at(at),
                    );
                }
            }
            Got::HandshakeOk => self.handshake_ok(at, out),
            Got::ReadyOk => self.readyok(at, out),
            Got::SearchResult => self.result(at, out),
            Got::Bye => {
                self.bye_us = Some(at.us);
                if self.quit.is_none() {
                    out.push(
                        self.outcome(CheckId::QuitBye, Grade::Fail, "`bye` without `quit`")
                            .at(at),
                    );
                }
            }
            Got::Other => {}
        }
    }

    fn handshake_reply(&self) -> &'static str {
        self.protocol
            .facts()
            .handshake
            .and_then(|h| h.reply)
            .unwrap_or("the handshake reply")
    }

    fn handshake_ok(&mut self, at: At, out: &mut Findings) {
        let reply = self.handshake_reply();
        let o = match self.handshake {
            Some(sent) if self.handshake_ok_us.is_none() => self
                .outcome(
                    CheckId::HandshakeOk,
                    Grade::Pass,
                    format!("`{reply}` received"),
                )
                .latency(at.us.saturating_sub(sent.us)),
            _ => self.outcome(
                CheckId::HandshakeOk,
                Grade::Fail,
                format!("`{reply}` without a handshake command before it"),
            ),
        };
        self.handshake_ok_us = Some(at.us);
        out.push(o.at(at));
    }

    fn readyok(&mut self, at: At, out: &mut Findings) {
        let Some((sent, thinking, _)) = self.isready.pop_front() else {
            out.push(
                self.outcome(
                    CheckId::IsreadyOneReadyok,
                    Grade::Fail,
                    "`readyok` without an `isready` waiting for it",
                )
                .at(at),
            );
            return;
        };
        let latency = at.us.saturating_sub(sent.us);
        let during = if thinking { " during a search" } else { "" };
        let (grade, message) = if latency > self.prompt_us {
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
        out.push(
            self.outcome(CheckId::IsreadyReadyok, grade, message)
                .at(at)
                .latency(latency)
                .bound(Some(self.prompt_us)),
        );
    }

    fn result(&mut self, at: At, out: &mut Findings) {
        let Some(s) = self.search.take() else {
            let exempt = !self.rules.ponder_owes_result && self.last_ponder_stopped;
            if !exempt {
                out.push(
                    self.outcome(
                        CheckId::GoOneResult,
                        Grade::Fail,
                        "a search result with no `go` waiting for one (a second result, or unsolicited)",
                    )
                    .at(at),
                );
            }
            return;
        };
        self.last_ponder_stopped = s.ponder && s.stop.is_some();
        // `quit` ends a search as `stop` does; an engine may answer it with its result first
        // (uci remark 17).
        let after_quit = self.quit.is_some_and(|q| q.seq < at.seq);
        let released = s.stop.is_some() || s.ponderhit_us.is_some() || after_quit;
        let latency = at.us.saturating_sub(s.at.us);
        if s.ponder && !released && self.rules.ponder_owes_result {
            out.push(
                self.outcome(
                    CheckId::PonderNoResultBeforePonderhit,
                    Grade::Fail,
                    "a search result while pondering, before `ponderhit` or `stop`",
                )
                .at(at)
                .latency(latency),
            );
            return;
        }
        if s.infinite && s.stop.is_none() && !after_quit {
            let early = self
                .outcome(
                    CheckId::InfiniteNoResultBeforeStop,
                    self.rules.infinite_early,
                    "a search result in infinite mode before `stop`",
                )
                .at(at)
                .latency(latency);
            self.infinite_early.get_or_insert(early);
            return;
        }
        if let Some(stop) = s.stop {
            let latency = at.us.saturating_sub(stop.us);
            let grade = if latency > self.prompt_us {
                Grade::Warn
            } else {
                Grade::Pass
            };
            out.push(
                self.outcome(
                    CheckId::StopResult,
                    grade,
                    format!("result {:.1} ms after `stop`", latency as f64 / 1000.0),
                )
                .at(at)
                .latency(latency)
                .bound(Some(self.prompt_us)),
            );
            return;
        }
        out.push(
            self.outcome(
                CheckId::GoOneResult,
                Grade::Pass,
                "one search result for the `go`",
            )
            .at(at)
            .latency(latency),
        );
    }

    /// What was owed and never came, and how the session ended after `quit`. A session a
    /// signal cut short is not judged on what had not come yet.
    pub fn finish(self, end: &Transcript, out: &mut Findings) {
        if end.cut_short {
            return;
        }
        if let Some(early) = self.infinite_early.clone() {
            let answers_end_of_input = end
                .stdin_closed_at_us
                .is_some_and(|closed| early.at.is_some_and(|at| at.us >= closed));
            if !answers_end_of_input {
                out.push(early);
            }
        }
        if let (Some(sent), None) = (self.handshake, self.handshake_ok_us) {
            let (grade, why) = if self.command_before_handshake {
                (
                    Grade::Warn,
                    ": commands came before the handshake, outside the text, and an engine \
                     may have read them as another protocol's",
                )
            } else {
                (Grade::Fail, "")
            };
            out.push(
                self.outcome(
                    CheckId::HandshakeOk,
                    grade,
                    format!(
                        "no `{}` after the handshake command{why}",
                        self.handshake_reply()
                    ),
                )
                .at(sent),
            );
        }
        for &(sent, thinking, _) in self.isready.iter().filter(|(_, _, owed)| *owed) {
            let grade = if thinking {
                self.rules.readyok_while_thinking
            } else {
                Grade::Fail
            };
            let during = if thinking {
                " sent during a search"
            } else {
                ""
            };
            out.push(
                self.outcome(
                    CheckId::IsreadyReadyok,
                    grade,
                    format!("no `readyok` for the `isready`{during}"),
                )
                .at(sent),
            );
        }
        if let Some(s) = &self.search {
            self.unanswered_search(s, out);
        }
        if let Some(quit) = self.quit {
            self.judge_quit(quit, end, out);
        }
    }

    /// A search still open at the end. `quit` ends a search, so a result is not owed once
    /// `quit` came, except where a `stop` before it had already asked for one and its bound
    /// ran out before `quit` (an engine that ignores `stop` must not pass because the GUI
    /// gave up and quit).
    fn unanswered_search(&self, s: &Search, out: &mut Findings) {
        let quit_after_go = self.quit.filter(|q| q.seq > s.at.seq);
        let pondering_without_result = !self.rules.ponder_owes_result && s.ponder;
        if pondering_without_result {
            return;
        }
        match (s.stop, quit_after_go) {
            (Some(stop), Some(quit)) if quit.us.saturating_sub(stop.us) <= self.prompt_us => {}
            (Some(stop), Some(quit)) => out.push(
                self.outcome(
                    CheckId::StopResult,
                    Grade::Fail,
                    format!(
                        "no search result after `stop`: none within the {:.0} ms before `quit` came",
                        (quit.us - stop.us) as f64 / 1000.0
                    ),
                )
                .at(stop),
            ),
            (Some(stop), None) => out.push(
                self.outcome(CheckId::StopResult, Grade::Fail, "no search result after `stop`")
                    .at(stop),
            ),
            (None, Some(_)) => {}
            (None, None) => out.push(
                self.outcome(
                    CheckId::GoOneResult,
                    Grade::Fail,
                    "no search result for this `go`",
                )
                .at(s.at),
            ),
        }
    }

    fn judge_quit(&self, quit: At, end: &Transcript, out: &mut Findings) {
        if self.rules.bye {
            out.push(match self.bye_us {
                Some(at) => self
                    .outcome(CheckId::QuitBye, Grade::Pass, "`bye` after `quit`")
                    .latency(at.saturating_sub(quit.us)),
                None => self
                    .outcome(CheckId::QuitBye, Grade::Fail, "no `bye` after `quit`")
                    .at(quit),
            });
        }
        let Some(exit) = &end.exit else {
            return;
        };
        let gone_us = end
            .stdout_closed_at_us
            .map_or(exit.at_us, |eof| eof.min(exit.at_us));
        if gone_us < quit.us {
            // It ended before `quit`: the stream checks report that as an unexpected exit.
            return;
        }
        let latency = exit.at_us.saturating_sub(quit.us);
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
                    "the engine {} after `quit`, not with code 0",
                    exit.describe()
                ),
            )
        } else {
            (
                Grade::Pass,
                format!("exited {:.1} ms after `quit`", latency as f64 / 1000.0),
            )
        };
        out.push(
            self.outcome(CheckId::QuitExit, grade, message)
                .at(after(self.last_seq, exit.at_us))
                .latency(latency),
        );
    }
}
