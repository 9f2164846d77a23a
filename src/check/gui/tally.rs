//! What every GUI-side reader keeps of its checks: which met something to judge and which
//! found a fault, so each exercised check without a fault reports one pass at the end.

use std::collections::BTreeSet;

use crate::check::findings::{Findings, outcome};
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::check::registry;
use crate::protocol::spelling::Respelling;
use crate::protocol::{Protocol, ReqId};
use crate::session::{At, Entry, LineEnding};

pub(super) struct Tally {
    protocol: Protocol,
    exercised: BTreeSet<CheckId>,
    faulted: BTreeSet<CheckId>,
}

impl Tally {
    pub(super) fn new(protocol: Protocol) -> Tally {
        Tally {
            protocol,
            exercised: BTreeSet::new(),
            faulted: BTreeSet::new(),
        }
    }

    /// The check met something to judge.
    pub(super) fn judged(&mut self, check: CheckId) {
        self.exercised.insert(check);
    }

    /// Whether the check has found a fault already (for faults shown once).
    pub(super) fn has_faulted(&self, check: CheckId) -> bool {
        self.faulted.contains(&check)
    }

    /// A finding, citing `rows` (all the check's rows when empty).
    pub(super) fn fault(
        &mut self,
        check: CheckId,
        grade: Grade,
        rows: &[ReqId],
        message: String,
        at: At,
        out: &mut Findings,
    ) {
        self.exercised.insert(check);
        self.faulted.insert(check);
        let mut o = outcome(self.protocol, check, grade, message).at(at);
        if !rows.is_empty() {
            o = o.citing(rows);
        }
        out.push(o);
    }

    /// A command that reads only in the text's spelling (`GO TIME +1000`, `TURN 7, 7`): a
    /// grammar warning for each departure, saying how `reader` (an engine, a brain) reads it.
    pub(super) fn respelt(
        &mut self,
        text: &str,
        respelling: &Respelling,
        reader: &str,
        at: At,
        out: &mut Findings,
    ) {
        for change in &respelling.changes {
            let message = format!("`{text}`: {change}, as {reader} reads it");
            let rows = [change.requirement];
            self.fault(
                CheckId::GuiCommandGrammar,
                Grade::Warn,
                &rows,
                message,
                at,
                out,
            );
        }
    }

    /// The GUI's line ends (only a relayed GUI's lines carry theirs), shown once a session:
    /// `wrong` says how an ending breaks the protocol's rule, with its grade, or nothing when
    /// it keeps it. Whether this line was the one found at fault.
    pub(super) fn line_end(
        &mut self,
        entry: &Entry,
        wrong: impl Fn(LineEnding) -> Option<(Grade, &'static str)>,
        out: &mut Findings,
    ) -> bool {
        let Some(ending) = entry.ending else {
            return false;
        };
        self.judged(CheckId::GuiCommandLineEnd);
        let Some((grade, how)) = wrong(ending) else {
            return false;
        };
        if self.has_faulted(CheckId::GuiCommandLineEnd) {
            return false;
        }
        let message = format!("`{}` {how}", entry.text);
        self.fault(
            CheckId::GuiCommandLineEnd,
            grade,
            &[],
            message,
            entry.at,
            out,
        );
        true
    }

    /// One pass for each check exercised without a fault.
    pub(super) fn finish(self, out: &mut Findings) {
        for check in self.exercised.difference(&self.faulted) {
            let what = registry::spec(*check).what;
            out.push(outcome(self.protocol, *check, Grade::Pass, what));
        }
    }
}
