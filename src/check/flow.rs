//! The exchange rules UCCI, UCI and AGI share: a handshake that ends with one reply, one
//! `readyok` per `isready`, exactly one search result per `go`, no result while pondering
//! or searching infinitely before `stop`, and the way `quit` ends a session.
//!
//! Each protocol module reads its lines with an [`Exchange`](super::exchange::Exchange) (its
//! codec, and what each line means for the game it tracks) and supplies [`Rules`]: what its
//! text lets pass. [`Flow`] judges the events as they come, line by line.
//!
//! Searches are a queue, not a slot. An engine reads its commands in order and answers them
//! in order, so a GUI that writes `stop`, `position` and `go` in one go while a ponder search
//! is open (a ponder miss, as PolyGlot sends it) has two searches open: the engine answers
//! the stopped one first, then the new one. Every result, and every `info` line before it,
//! belongs to the oldest open search, and each search keeps what the protocol needs to judge
//! its replies (the position searched, the moves it may play), carried as `S`.
//!
//! Where the text does not settle whether a search gets a result (a `go` while another search
//! runs unstopped, a `go` that does not read, AGI background thinking), the next result may be
//! that search's or the following one's: such a search is folded into the next, which counts
//! how many results may come before its own, and a result that could be either one's is not
//! judged against either position.

use std::collections::VecDeque;

use super::ending::{Ending, not_judged};
use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::stream::after;
use super::{Context, Grade, Outcome};
use crate::protocol::Protocol;
use crate::session::{At, Transcript};

/// What the harness sent, as far as the exchange rules care; `S` is what the protocol keeps of
/// each search to judge the replies to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Sent<S> {
    Handshake,
    IsReady,
    /// `isready` after words the engine does not know (`xyzzy isready`): a UCI engine should
    /// read past them (uci-r11), but one that drops the line is only warned, by the scenario.
    IsReadyAfterUnknownWords,
    Go(Go<S>),
    /// A command that sets the engine up and may take it a while (a new game, an option: the
    /// hash table it allocates): an `isready` after it is answered "as soon as the engine is
    /// ready" (uci-r31), so how long that took is no finding.
    Setup,
    PonderHit,
    Stop,
    Quit,
}

/// A `go`: its mode, and what the protocol keeps to judge the replies to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Go<S> {
    /// `None` for a `go` that does not read: it still opens a search (an engine may take
    /// it), but what it asked for is unknown, so no mode's rule applies and no result is owed.
    pub mode: Option<Mode>,
    pub judged: S,
}

/// The mode of a `go` that reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mode {
    pub ponder: bool,
    pub infinite: bool,
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
    /// Whether the text owes `readyok` to an `isready` sent mid-search (UCI uci-r32, AGI
    /// agi-r55). Where it does not (UCCI gives `isready` no state, A18), one never answered
    /// there is a graded warning, not a reply owed.
    pub readyok_owed_while_thinking: bool,
    /// Whether a search started with `ponder` owes a result (UCCI, UCI) or not (AGI).
    pub ponder_owes_result: bool,
    /// Grade of a result in infinite mode before `stop`.
    pub infinite_early: Grade,
    /// Grade of a result while pondering, before `ponderhit` or `stop`.
    pub ponder_early: Grade,
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

/// An `isready` not yet answered.
#[derive(Debug, Clone, Copy)]
struct AskedReady {
    at: At,
    /// Sent during a search.
    thinking: bool,
    /// An answer is owed rather than hoped for.
    owed: bool,
    /// Sent after a setup command, which the engine may take its time over.
    after_setup: bool,
}

/// An open search: sent, not yet answered.
struct Search<S> {
    at: At,
    mode: Option<Mode>,
    ponderhit_us: Option<u64>,
    stop: Option<At>,
    /// Results of earlier searches that may still come before this one's own: searches whose
    /// result the text leaves optional, folded into this one when it was sent.
    earlier: usize,
    /// Results received while one of those could still come.
    received: usize,
    judged: S,
}

impl<S> Search<S> {
    fn ponder(&self) -> bool {
        self.mode.is_some_and(|m| m.ponder)
    }

    /// Whether the text makes the engine answer this search (a `go` that reads; a ponder
    /// search only where the protocol's pondering owes a result).
    fn owes_result(&self, rules: &Rules) -> bool {
        self.mode
            .is_some_and(|m| rules.ponder_owes_result || !m.ponder)
    }

    /// Whether its result is sure to come, alone, before any later search's: a search the
    /// engine owes a result, which the GUI stopped, with nothing uncertain before it.
    fn answered_before_next(&self, rules: &Rules) -> bool {
        self.owes_result(rules) && self.stop.is_some() && self.earlier == 0
    }
}

/// The state of the exchange rules between two events.
pub(super) struct Flow<S> {
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
    isready: VecDeque<AskedReady>,
    /// A setup command came since the last `isready`.
    setup_pending: bool,
    /// The open searches, oldest first. Only the newest may be uncertain (see
    /// [`Search::answered_before_next`]): a `go` folds an uncertain one into itself.
    searches: VecDeque<Search<S>>,
    last_ponder_stopped: bool,
    /// A `stop` that found no search open: the texts leave its effect open (UCCI's A15), and
    /// UCCI's author's engine answers it with `nobestmove`, so one result after it is no
    /// second result.
    idle_stop: Option<At>,
    quit: Option<At>,
    bye_us: Option<u64>,
    after_bye_reported: bool,
    /// The last entry seen: a finding about the end points just after it.
    last_seq: Option<u64>,
    /// Results before the GUI released their search: an infinite search's before `stop`
    /// (the first only), a ponder search's before `ponderhit` or `stop`. Judged at the end,
    /// since one written after the engine's input closed answers that, not a broken rule: a
    /// scenario that stopped early ends the session that way, and a GUI that goes away while
    /// its engine ponders (Stockfish takes the end of its input for `quit`).
    early: Vec<Outcome>,
}

impl<S> Flow<S> {
    pub(super) fn new(rules: &'static Rules, ctx: &Context) -> Flow<S> {
        Flow {
            protocol: ctx.protocol,
            rules,
            prompt_us: (PROMPT_MS * 1000.0 * ctx.time_scale) as u64,
            handshake: None,
            handshake_ok_us: None,
            command_before_handshake: false,
            late_boot_reported: false,
            isready: VecDeque::new(),
            setup_pending: false,
            searches: VecDeque::new(),
            last_ponder_stopped: false,
            idle_stop: None,
            quit: None,
            bye_us: None,
            after_bye_reported: false,
            last_seq: None,
            early: Vec::new(),
        }
    }

    fn outcome(&self, id: CheckId, grade: Grade, message: impl Into<String>) -> Outcome {
        outcome(self.protocol, id, grade, message)
    }

    /// Whether the handshake was sent and never answered.
    pub(super) fn handshake_unanswered(&self) -> bool {
        self.handshake.is_some() && self.handshake_ok_us.is_none()
    }

    /// Every entry of the session passes here, whatever it means for the exchange.
    pub(super) fn seen(&mut self, at: At) {
        self.last_seq = Some(at.seq);
    }

    /// A command the codec knows went out: one before the handshake takes the session
    /// outside the text.
    pub(super) fn command(&mut self, what: Option<&Sent<S>>) {
        if self.before_first_handshake() && !matches!(what, Some(Sent::Handshake)) {
            self.command_before_handshake = true;
        }
    }

    /// What the protocol keeps of the search the engine is answering now, the oldest open
    /// one; `None` when none is open, or when the next reply may still belong to an earlier
    /// search whose result the text left optional.
    pub(super) fn answering(&mut self) -> Option<&mut S> {
        self.searches
            .front_mut()
            .filter(|s| s.received >= s.earlier)
            .map(|s| &mut s.judged)
    }

    /// Whether the text's first command, the handshake, has yet to come.
    fn before_first_handshake(&self) -> bool {
        self.rules.handshake_first && self.handshake.is_none()
    }

    pub(super) fn sent(&mut self, at: At, what: Sent<S>) {
        let searching = !self.searches.is_empty();
        match what {
            Sent::Handshake => self.handshake = Some(at),
            // Where the handshake must come first, an `isready` before it is out of order
            // (the GUI's fault): a `readyok` is hoped for, not owed.
            Sent::IsReady | Sent::IsReadyAfterUnknownWords => {
                let owed = matches!(what, Sent::IsReady) && !self.before_first_handshake();
                let after_setup = std::mem::take(&mut self.setup_pending);
                self.isready.push_back(AskedReady {
                    at,
                    thinking: searching,
                    owed,
                    after_setup,
                });
            }
            Sent::Setup => self.setup_pending = true,
            Sent::Go(go) => self.go(at, go),
            // The engine reads `ponderhit` and `stop` after every `go` before them: they act
            // on the newest search.
            Sent::PonderHit => {
                if let Some(s) = self.searches.back_mut() {
                    s.ponderhit_us = Some(at.us);
                }
            }
            Sent::Stop => match self.searches.back_mut() {
                Some(s) => {
                    s.stop.get_or_insert(at);
                }
                None => self.idle_stop = Some(at),
            },
            Sent::Quit => {
                self.quit.get_or_insert(at);
            }
        }
    }

    /// A new search: queued behind the open ones, or, when the newest open one may or may
    /// not get its result, folded into it (its result, if it comes, comes first).
    fn go(&mut self, at: At, go: Go<S>) {
        self.idle_stop = None;
        let mut earlier = 0;
        if self
            .searches
            .back()
            .is_some_and(|back| !back.answered_before_next(self.rules))
            && let Some(back) = self.searches.pop_back()
        {
            earlier = back.earlier + 1 - back.received;
        }
        self.searches.push_back(Search {
            at,
            mode: go.mode,
            ponderhit_us: None,
            stop: None,
            earlier,
            received: 0,
            judged: go.judged,
        });
    }

    pub(super) fn got(&mut self, at: At, what: Got, out: &mut Findings) {
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
        let Some(asked) = self.isready.pop_front() else {
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
        let AskedReady {
            at: sent, thinking, ..
        } = asked;
        self.background_search_synced(sent);
        let latency = at.us.saturating_sub(sent.us);
        let during = if thinking { " during a search" } else { "" };
        let (grade, message) = if asked.after_setup && latency > self.prompt_us {
            (
                Grade::Pass,
                format!(
                    "`readyok` {:.1} ms after an `isready` that followed a new game or an \
                     option, which the engine may take its time over: it answers as soon as it \
                     is ready",
                    latency as f64 / 1000.0
                ),
            )
        } else if latency > self.prompt_us {
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

    /// Where background thinking owes no result (AGI), a stopped one is over once the engine
    /// answers an `isready` sent after its `stop`: the GUI's way to sync (agi-r66), after
    /// which a result belongs to the next search.
    fn background_search_synced(&mut self, isready: At) {
        let synced = |s: &Search<S>| {
            s.ponder()
                && s.earlier == 0
                && s.received == 0
                && s.stop.is_some_and(|stop| stop.seq < isready.seq)
        };
        if !self.rules.ponder_owes_result && self.searches.front().is_some_and(synced) {
            self.searches.pop_front();
            self.last_ponder_stopped = true;
        }
    }

    fn result(&mut self, at: At, out: &mut Findings) {
        let Some(front) = self.searches.front_mut() else {
            if self.idle_stop.take().is_some() {
                out.push(
                    self.outcome(
                        CheckId::GoOneResult,
                        Grade::Pass,
                        "a result answering a `stop` sent while no search was open (the text \
                         leaves that open; UCCI's author's engine answers it so)",
                    )
                    .at(at),
                );
                return;
            }
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
        front.received += 1;
        if front.received <= front.earlier {
            // An earlier search's optional result, or this one's own: the text does not say
            // which, so neither is judged by it.
            return;
        }
        let Some(s) = self.searches.pop_front() else {
            return;
        };
        self.last_ponder_stopped = s.ponder() && s.stop.is_some();
        // `quit` ends a search as `stop` does; an engine may answer it with its result first
        // (uci remark 17).
        let after_quit = self.quit.is_some_and(|q| q.seq < at.seq);
        let released = s.stop.is_some() || s.ponderhit_us.is_some() || after_quit;
        let latency = at.us.saturating_sub(s.at.us);
        let Some(mode) = s.mode else {
            // A `go` that did not read asked for no mode the text defines: one result is
            // allowed, and only how soon it followed a `stop` is judged.
            if let Some(stop) = s.stop {
                self.stop_result(stop, at, out);
            }
            return;
        };
        if mode.ponder && !released && self.rules.ponder_owes_result {
            let early = self
                .outcome(
                    CheckId::PonderNoResultBeforePonderhit,
                    self.rules.ponder_early,
                    "a search result while pondering, before `ponderhit` or `stop`",
                )
                .at(at)
                .latency(latency);
            self.early.push(early);
            return;
        }
        if mode.infinite && s.stop.is_none() && !after_quit {
            let early = self
                .outcome(
                    CheckId::InfiniteNoResultBeforeStop,
                    self.rules.infinite_early,
                    "a search result in infinite mode before `stop`",
                )
                .at(at)
                .latency(latency);
            if !self.early.iter().any(|o| o.check == early.check) {
                self.early.push(early);
            }
            return;
        }
        if let Some(stop) = s.stop {
            self.stop_result(stop, at, out);
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

    /// How soon a result followed `stop`.
    fn stop_result(&self, stop: At, at: At, out: &mut Findings) {
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
    }

    /// A search is open whose result the engine owes (one it was not answered yet).
    pub(super) fn result_owed(&self) -> bool {
        self.owed_searches().next().is_some()
    }

    /// The open searches still owed a result: none came, and the text makes the engine give
    /// one (a search whose result it leaves optional owes none).
    fn owed_searches(&self) -> impl Iterator<Item = &Search<S>> {
        self.searches
            .iter()
            .filter(|s| s.received == 0 && s.owes_result(self.rules))
    }

    /// What was owed and never came, and how the session ended after `quit`. A session a
    /// signal cut short is not judged on what had not come yet.
    pub(super) fn finish(mut self, end: &Transcript, out: &mut Findings) {
        // These had come, whether or not a signal ended the session later.
        for early in std::mem::take(&mut self.early) {
            let answers_end_of_input = end
                .stdin_closed_at_us
                .is_some_and(|closed| early.at.is_some_and(|at| at.us >= closed));
            if !answers_end_of_input {
                out.push(early);
            }
        }
        let ending = Ending::of(end, self.quit.map(|q| q.us));
        if ending == Ending::ByGui {
            self.owed_at_the_end(end, out);
        }
        // An engine gone before `quit` came owes it nothing: its end is the crash's finding.
        if let Some(quit) = self
            .quit
            .filter(|_| matches!(ending, Ending::ByGui | Ending::ByHarness))
        {
            self.judge_quit(quit, end, out);
        }
    }

    /// The replies still owed when the GUI or the scenario ended the session: it chose how
    /// long to wait, and no text gives a figure, so none of them is judged; each is said,
    /// citing no row. (An engine that died owes them to its crash's finding; a session the
    /// harness ended early, to the finding of the step that ended it.)
    fn owed_at_the_end(&self, end: &Transcript, out: &mut Findings) {
        let ended_us = Ending::ended_us(end, self.quit.map(|q| q.us));
        let not_judged = |check: CheckId, what: String, sent: At| {
            not_judged(self.protocol, check, &what, sent, ended_us)
        };
        if let (Some(sent), None) = (self.handshake, self.handshake_ok_us) {
            let why = if self.command_before_handshake {
                ", and commands came before the handshake, outside the text: an engine may \
                 have read them as another protocol's"
            } else {
                ""
            };
            out.push(not_judged(
                CheckId::HandshakeOk,
                format!(
                    "no `{}` after the handshake command{why}",
                    self.handshake_reply()
                ),
                sent,
            ));
        }
        for &AskedReady {
            at: sent, thinking, ..
        } in self.isready.iter().filter(|asked| asked.owed)
        {
            if thinking && !self.rules.readyok_owed_while_thinking {
                out.push(
                    self.outcome(
                        CheckId::IsreadyReadyok,
                        Grade::Warn,
                        "no `readyok` for the `isready` sent during a search, where the text \
                         gives `isready` no state",
                    )
                    .at(sent),
                );
                continue;
            }
            let during = if thinking {
                " sent during a search"
            } else {
                ""
            };
            out.push(not_judged(
                CheckId::IsreadyReadyok,
                format!("no `readyok` for the `isready`{during}"),
                sent,
            ));
        }
        // `quit` ends a search, unless a `stop` before it had already asked for the result.
        for s in self.owed_searches() {
            let quit_after_go = self.quit.filter(|q| q.seq > s.at.seq);
            match (s.stop, quit_after_go) {
                (Some(stop), Some(quit)) if quit.us.saturating_sub(stop.us) <= self.prompt_us => {}
                (Some(stop), _) => out.push(not_judged(
                    CheckId::StopResult,
                    "no search result after `stop`".to_owned(),
                    stop,
                )),
                (None, Some(_)) => {}
                // The GUI closed its input or the engine went: it was not asked for one.
                (None, None) if end.stdin_closed_at_us.is_some() || end.exit.is_some() => {}
                (None, None) => out.push(not_judged(
                    CheckId::GoOneResult,
                    "no search result for this `go`".to_owned(),
                    s.at,
                )),
            }
        }
    }

    /// `bye` and the exit after `quit`. An engine the harness (or, spied, the GUI) had to kill
    /// is not failed: no text says how long to wait for it, so the kill is a warning that
    /// names the wait, and a `bye` it never wrote is part of the same finding.
    fn judge_quit(&self, quit: At, end: &Transcript, out: &mut Findings) {
        let killed = end.exit.as_ref().is_none_or(|e| e.killed_by_harness);
        if self.rules.bye {
            match self.bye_us {
                Some(at) => out.push(
                    self.outcome(CheckId::QuitBye, Grade::Pass, "`bye` after `quit`")
                        .latency(at.saturating_sub(quit.us)),
                ),
                None if !killed => out.push(
                    self.outcome(
                        CheckId::QuitBye,
                        Grade::Fail,
                        "no `bye` after `quit`: the engine exited without it",
                    )
                    .at(quit),
                ),
                None => {}
            }
        }
        let Some(exit) = &end.exit else {
            return;
        };
        let latency = exit.at_us.saturating_sub(quit.us);
        let (grade, message) = if exit.killed_by_harness {
            let bye = if self.rules.bye && self.bye_us.is_none() {
                ", with no `bye`"
            } else {
                ""
            };
            (
                Grade::Warn,
                format!(
                    "the engine had not exited {:.1} ms after `quit`{bye}, and was killed: a \
                     wait of the harness's (or the GUI's) choosing, since the text gives none",
                    latency as f64 / 1000.0
                ),
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
