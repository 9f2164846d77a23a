//! Who ended a session, which decides what a reply still owed at its end means.
//!
//! A reply that never came is judged by how the session ended, so that one cause is one
//! finding and no harness's patience passes for the text's bound:
//! - the engine went by itself (exited, or was stopped by a signal) before anyone asked it
//!   to end: the crash is the finding, and it names the reply it left owed;
//! - the harness ended the session the protocol's way because a step stopped the scenario
//!   (or the scenario never ended it): that step's finding is the one, and what the step
//!   waited for is its to judge;
//! - the GUI or the scenario ended it (`quit`, `END`, its input closed) while a reply was
//!   owed: how long it waited was its own choice, which no text gives, so the missing reply
//!   is not judged (a warning that cites no row);
//! - a signal to the harness cut it short: nothing owed is judged.

use super::findings::outcome;
use super::id::CheckId;
use super::{Grade, Outcome};
use crate::protocol::Protocol;
use crate::session::{At, Transcript};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ending {
    /// A signal to the harness cut the session short.
    CutShort,
    /// The engine exited, or was stopped, before it was asked to end or its input closed.
    ByEngine,
    /// The harness ended the session after a step stopped the scenario, or at the end of a
    /// scenario that did not end it itself.
    ByHarness,
    /// The GUI or the scenario ended the session, or it is still running at the transcript's
    /// end.
    ByGui,
}

impl Ending {
    /// `asked_us`: when the GUI or the scenario asked the engine to end (`quit`, `END`,
    /// `QUIT`), if it did.
    pub(super) fn of(end: &Transcript, asked_us: Option<u64>) -> Ending {
        if end.cut_short {
            return Ending::CutShort;
        }
        if end.stopped.is_some() {
            return Ending::ByEngine;
        }
        if let Some(gone_us) = end
            .gone_at_us()
            .filter(|_| end.exit.as_ref().is_some_and(|e| !e.killed_by_harness))
        {
            let asked = [asked_us, end.ended_early_at_us, end.stdin_closed_at_us]
                .into_iter()
                .flatten()
                .min();
            if asked.is_none_or(|asked| gone_us < asked) {
                return Ending::ByEngine;
            }
        }
        if end.ended_early_at_us.is_some() {
            Ending::ByHarness
        } else {
            Ending::ByGui
        }
    }

    /// Whether the engine went by itself, before the harness or the GUI asked it to end: its
    /// end is then a finding of its own.
    pub(crate) fn engine_went_by_itself(end: &Transcript) -> bool {
        Ending::of(end, None) == Ending::ByEngine
    }

    /// When the session ended for a reply still owed: the first of `quit` (`END`), the
    /// engine's input closing, and its exit.
    pub(super) fn ended_us(end: &Transcript, asked_us: Option<u64>) -> Option<u64> {
        [asked_us, end.stdin_closed_at_us]
            .into_iter()
            .flatten()
            .chain(end.exit.as_ref().map(|e| e.at_us))
            .min()
    }
}

/// A reply owed since `sent` that had not come when the GUI or the scenario ended the
/// session at `ended_us`: a warning that says it is not judged, citing no row.
pub(super) fn not_judged(
    protocol: Protocol,
    check: CheckId,
    what: &str,
    sent: At,
    ended_us: Option<u64>,
) -> Outcome {
    let waited_ms = ended_us.map_or(0, |e| e.saturating_sub(sent.us)) as f64 / 1000.0;
    outcome(
        protocol,
        check,
        Grade::Warn,
        format!(
            "{what}: the session ended {waited_ms:.1} ms later, a wait the text does not set, \
             so the missing reply is not judged"
        ),
    )
    .at(sent)
    .unjudged()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::ExitRecord;

    fn exit(at_us: u64, killed_by_harness: bool) -> Option<ExitRecord> {
        Some(ExitRecord {
            at_us,
            code: Some(0),
            signal: None,
            killed_by_harness,
        })
    }

    #[test]
    fn an_engine_gone_before_anyone_asked_ended_it_itself() {
        let end = Transcript {
            exit: exit(500, false),
            stdin_closed_at_us: Some(900),
            ..Transcript::default()
        };
        assert_eq!(Ending::of(&end, None), Ending::ByEngine);
        // Asked to quit before it went: the GUI ended it.
        assert_eq!(Ending::of(&end, Some(400)), Ending::ByGui);
    }

    #[test]
    fn the_harness_s_early_end_and_its_kill_are_the_harness_s() {
        let end = Transcript {
            exit: exit(900, true),
            ended_early_at_us: Some(300),
            stdin_closed_at_us: Some(310),
            ..Transcript::default()
        };
        assert_eq!(Ending::of(&end, None), Ending::ByHarness);
        let answered = Transcript {
            exit: exit(320, false),
            ..end
        };
        assert_eq!(Ending::of(&answered, None), Ending::ByHarness);
    }

    #[test]
    fn a_cut_short_session_is_not_judged_whatever_the_engine_did() {
        let end = Transcript {
            exit: exit(100, false),
            cut_short: true,
            ..Transcript::default()
        };
        assert_eq!(Ending::of(&end, None), Ending::CutShort);
    }

    #[test]
    fn a_transcript_that_ends_with_the_engine_running_was_ended_by_the_gui() {
        assert_eq!(Ending::of(&Transcript::default(), None), Ending::ByGui);
    }

    /// What the judge of a whole session says, findings only.
    fn findings(lines: &[(u64, &str)], end: Transcript) -> Vec<(CheckId, crate::check::Grade)> {
        use crate::protocol::Protocol;
        let transcript = Transcript {
            entries: crate::check::timed_entries(lines),
            ..end
        };
        let ctx = crate::check::Context {
            protocol: Protocol::Ucci,
            game: Protocol::Ucci.default_game(),
            time_scale: 1.0,
        };
        crate::check::judge(ctx, &transcript)
            .into_iter()
            .filter(|o| o.grade != crate::check::Grade::Pass)
            .map(|o| (crate::check::id_under(Protocol::Ucci, &o.check), o.grade))
            .collect()
    }

    /// A match seat sends `quit` to an engine that died an instant before: the crash is the
    /// one finding, not also a `bye` it never wrote.
    #[test]
    fn an_engine_that_died_before_quit_owes_it_nothing() {
        use crate::check::Grade;
        let lines = [
            (0, "> ucci"),
            (1, "< ucciok"),
            (2, "> position startpos"),
            (3, "> go time 1000"),
            (33, "> quit"),
        ];
        let died = Transcript {
            exit: Some(ExitRecord {
                at_us: 32_500,
                code: None,
                signal: Some(libc::SIGABRT),
                killed_by_harness: false,
            }),
            ..Transcript::default()
        };
        assert_eq!(
            findings(&lines, died),
            [(CheckId::ProcessUnexpectedExit, Grade::Fail)]
        );
    }

    /// An engine that outlived `quit` until the harness's wait ran out is warned, not failed:
    /// ucci-r118 says "at once" with no figure. Its missing `bye` is the same finding.
    #[test]
    fn an_engine_killed_after_quit_is_warned_once() {
        use crate::check::Grade;
        let lines = [(0, "> ucci"), (1, "< ucciok"), (2, "> quit")];
        let killed = Transcript {
            exit: exit(5_000_000, true),
            stdin_closed_at_us: Some(3_000),
            ..Transcript::default()
        };
        assert_eq!(findings(&lines, killed), [(CheckId::QuitExit, Grade::Warn)]);
    }
}
