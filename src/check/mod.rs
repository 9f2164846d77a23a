//! Built-in checks: judge an engine's transcript against the protocol's rules.
//!
//! A check never touches a process. It reads the transcript as the session records it, line
//! by line in the session's one order (what was sent, what came back, when), re-derives the
//! game state from the commands the harness sent, and grades every reply: ordering, timing,
//! legality. Judging streams, so a flood of output costs time, not memory. Each check is a
//! [`CheckId`] whose requirements and grades live in the [`registry`].

mod agi;
mod cut;
pub(crate) mod ending;
mod exchange;
mod family;
mod findings;
mod flow;
mod gomocup;
mod gui;
pub use gui::judge_match;
mod held;
pub(crate) mod id;
mod info_grammar;
mod legality;
mod lines;
mod multipv;
mod offer;
mod option_grammar;
mod outcome;
pub mod registry;
mod spelling;
mod stream;
mod ucci;
mod uci;

pub(crate) use findings::Findings;
pub use id::{CheckId, CheckRef};
pub use outcome::{Grade, Outcome, Softened, printable};

use crate::protocol::{GameKind, Protocol, ReqId, with_codec};
use crate::session::{Entry, Sink, Transcript};

/// What every check of a run shares.
#[derive(Debug, Clone, Copy)]
pub struct Context {
    /// The protocol the engine is run with, which decides the checks and their rules.
    pub protocol: Protocol,
    /// The game whose oracle judges the moves (UCI: chess or xiangqi).
    pub game: GameKind,
    /// Multiplies the built-in timing bounds, as for scenario bounds.
    pub time_scale: f64,
}

/// One protocol's judge of the lines of a session.
trait Reader: Send {
    /// Judges one entry, in the session's order.
    fn entry(&mut self, entry: &Entry, out: &mut Findings);
    /// Whether the engine never answered the session's opening command (it is dead or does
    /// not speak the protocol).
    fn unresponsive(&self) -> bool;
    /// Judges what only the end shows (what never came, how the process ended).
    fn finish(self: Box<Self>, end: &Transcript, out: &mut Findings);
    /// Whether a search (a Gomocup move request) is open that the engine owes a reply to:
    /// at the end, an engine that died then broke the rule that it is answered.
    fn reply_owed(&self) -> Option<&'static [ReqId]>;
    /// A point the GUI may play next on the board the checks keep, for a scenario's
    /// `{free}`: none where the protocol has no such board, or it was lost track of.
    fn free_point(&self) -> Option<String> {
        None
    }
}

/// What the engine-side checks need of each protocol: implemented on its codec type in its own
/// module (`ucci.rs`, `uci.rs`, `gomocup.rs`, `agi.rs`) and reached through
/// [`with_codec!`](crate::protocol::with_codec).
trait EngineChecks {
    /// The protocol's reader of the engine's lines.
    fn reader(ctx: &Context) -> Box<dyn Reader>;
}

/// Every built-in check of a protocol, fed one entry at a time (a session [`Sink`]).
pub struct Judge {
    stream: stream::StreamJudge,
    reader: Box<dyn Reader>,
    /// Commands the harness wrote in two writes, and whether the engine read them whole.
    cut: cut::CutLine,
    /// The GUI-side checks, when the other end is a GUI under test (`spy`, `stand-in`).
    gui: Option<Box<dyn gui::GuiReader>>,
    findings: Findings,
}

impl Judge {
    /// The engine-side checks: the harness is the GUI, and a conforming one.
    pub fn new(ctx: Context) -> Judge {
        let reader = with_codec!(ctx.protocol, C => <C as EngineChecks>::reader(&ctx));
        Judge {
            stream: stream::StreamJudge::new(ctx),
            reader,
            cut: cut::CutLine::new(ctx),
            gui: None,
            findings: Findings::new(),
        }
    }

    /// The checks of both sides: the engine's lines and what a GUI under test sends.
    pub(crate) fn both_sides(ctx: Context) -> Judge {
        Judge {
            gui: Some(gui::reader(&ctx)),
            ..Judge::new(ctx)
        }
    }

    /// Judges one entry.
    pub(crate) fn judge(&mut self, entry: &Entry) {
        self.stream.entry(entry, &mut self.findings);
        self.reader.entry(entry, &mut self.findings);
        match entry.direction {
            crate::session::Direction::Sent => self.cut.sent(entry),
            crate::session::Direction::Received => self.cut.received(entry),
            crate::session::Direction::Stderr | crate::session::Direction::Omitted => {}
        }
        if let Some(gui) = &mut self.gui {
            gui.entry(entry, &mut self.findings);
        }
    }

    /// Whether the engine never answered the session's opening command.
    pub(crate) fn unresponsive(&self) -> bool {
        self.reader.unresponsive()
    }

    /// An empty point the GUI may play on the board the checks keep (Gomocup), as the
    /// scenario's `{free}` names it.
    pub(crate) fn free_point(&self) -> Option<String> {
        self.reader.free_point()
    }

    /// The outcomes found so far, taken while the session goes on: a match's engine kept
    /// between games has each game's findings judged and reported with that game. What is
    /// owed or repeated starts afresh, so each game shows its own few of a repeated finding.
    pub(crate) fn take_outcomes(&mut self) -> Vec<Outcome> {
        std::mem::take(&mut self.findings).into_outcomes()
    }

    /// The outcomes, once the session has ended.
    pub(crate) fn finish(mut self, end: &Transcript) -> Vec<Outcome> {
        let reply_owed = self.reader.reply_owed();
        self.reader.finish(end, &mut self.findings);
        self.cut.finish(end, &mut self.findings);
        self.stream.finish(end, reply_owed, &mut self.findings);
        if let Some(gui) = self.gui {
            gui.finish(end, &mut self.findings);
        }
        self.findings.into_outcomes()
    }
}

impl Sink for Judge {
    fn entry(&mut self, entry: &Entry, pins: &mut Vec<u64>) {
        self.judge(entry);
        pins.extend(self.findings.take_pins());
    }

    fn ended_early(&mut self, at: crate::session::At) {
        self.stream.asked_to_end(at);
    }
}

/// Judges a whole recorded transcript at once.
#[cfg(test)]
pub(crate) fn judge(ctx: Context, transcript: &Transcript) -> Vec<Outcome> {
    let mut judge = Judge::new(ctx);
    for entry in &transcript.entries {
        judge.judge(entry);
    }
    judge.finish(transcript)
}

/// Judges a whole transcript between a GUI under test and an engine, both sides.
#[cfg(test)]
pub(crate) fn judge_both_sides(ctx: Context, transcript: &Transcript) -> Vec<Outcome> {
    let mut judge = Judge::both_sides(ctx);
    for entry in &transcript.entries {
        judge.judge(entry);
    }
    judge.finish(transcript)
}

/// The GUI-side findings of an exchange written as `> sent` (by the GUI) / `< received`
/// lines, 1 ms apart: for the GUI checks' unit tests.
#[cfg(test)]
pub(crate) fn gui_findings_in(protocol: Protocol, lines: &[&str]) -> Vec<Outcome> {
    let timed: Vec<(u64, &str)> = (0..).zip(lines.iter().copied()).collect();
    gui_findings_timed(protocol, &timed)
}

/// The same with each line's time in milliseconds.
#[cfg(test)]
pub(crate) fn gui_findings_timed(protocol: Protocol, lines: &[(u64, &str)]) -> Vec<Outcome> {
    let transcript = Transcript {
        entries: timed_entries(lines),
        ..Transcript::default()
    };
    let ctx = Context {
        protocol,
        game: protocol.default_game(),
        time_scale: 1.0,
    };
    judge_both_sides(ctx, &transcript)
        .into_iter()
        .filter(|o| o.grade != Grade::Pass && o.side == registry::Side::Gui)
        .collect()
}

/// The built-in check `check` names, which must be one judged under `protocol`: for checks'
/// unit tests, which name a check by its [`CheckId`] (a misspelt one does not compile) and
/// still hold the outcome to the protocol its full id begins with. Panics on another
/// protocol's check, a scenario's step or the golden comparison.
#[cfg(test)]
pub(crate) fn id_under(protocol: Protocol, check: &CheckRef) -> CheckId {
    match check {
        CheckRef::Builtin {
            protocol: judged,
            id,
        } if *judged == protocol => *id,
        other => panic!("`{other}` is no built-in check judged under {protocol}"),
    }
}

/// Judges an exchange written as `> sent` / `< received` lines, 1 ms apart, and returns the
/// findings (outcomes other than passes): for checks' unit tests.
#[cfg(test)]
pub(crate) fn findings_in(protocol: Protocol, lines: &[&str]) -> Vec<Outcome> {
    let timed: Vec<(u64, &str)> = (0..).zip(lines.iter().copied()).collect();
    findings_timed(protocol, &timed)
}

/// The same for a game other than the protocol's own (UCI with xiangqi).
#[cfg(test)]
pub(crate) fn findings_in_game(protocol: Protocol, game: GameKind, lines: &[&str]) -> Vec<Outcome> {
    let timed: Vec<(u64, &str)> = (0..).zip(lines.iter().copied()).collect();
    findings_of_game(protocol, game, timed_entries(&timed))
}

/// The same with each line's time in milliseconds, for timing rules.
#[cfg(test)]
pub(crate) fn findings_timed(protocol: Protocol, lines: &[(u64, &str)]) -> Vec<Outcome> {
    findings_of(protocol, timed_entries(lines))
}

#[cfg(test)]
pub(crate) fn timed_entries(lines: &[(u64, &str)]) -> Vec<Entry> {
    use crate::session::At;
    (0..)
        .zip(lines)
        .map(|(seq, (ms, line))| {
            let at = At { seq, us: ms * 1000 };
            match line.split_at(2) {
                ("> ", text) => Entry::sent(at, text),
                (_, text) => Entry::received(at, text),
            }
        })
        .collect()
}

/// The findings of a transcript made of these entries.
#[cfg(test)]
pub(crate) fn findings_of(protocol: Protocol, entries: Vec<Entry>) -> Vec<Outcome> {
    findings_of_game(protocol, protocol.default_game(), entries)
}

#[cfg(test)]
fn findings_of_game(protocol: Protocol, game: GameKind, entries: Vec<Entry>) -> Vec<Outcome> {
    let transcript = Transcript {
        entries,
        ..Transcript::default()
    };
    let ctx = Context {
        protocol,
        game,
        time_scale: 1.0,
    };
    judge(ctx, &transcript)
        .into_iter()
        .filter(|o| o.grade != Grade::Pass)
        .collect()
}
