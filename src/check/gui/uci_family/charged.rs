//! The clock a timed `go` states, laid beside the side's last one: not more than the engine
//! had left after thinking (ucci-r124, r74; UCI: wtime/btime/winc/binc, uci-r62..r65, and no
//! time added in sudden death, uci-r68), not less by more than the GUI's own timing
//! explains, the increment really added (ucci-r71), the times in the unit the engine reads
//! (ucci-r27, shown by the worked `go time 300000`, ucci-r122), and `movestogo` counting down
//! one a move within a period (ucci-r70, uci-r66). The lower bound and the count are judged
//! only where the position continues the same game's line, where nothing but the engine's
//! thinking moved its clock.

use super::GuiSide;
use crate::check::findings::Findings;
use crate::check::gui::clock::{ClockGiven, Compared};
use crate::check::gui::said::Dialect;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::protocol::{Protocol, ReqId};
use crate::rules::{Game, Side};
use crate::session::Entry;

impl<D: Dialect, G: Game + Send> GuiSide<D, G> {
    /// The clock a timed `go` states for the side to move.
    pub(super) fn charged(
        &mut self,
        clock: Option<ClockGiven>,
        ponder: bool,
        entry: &Entry,
        out: &mut Findings,
    ) {
        let Some(side) = self.current.as_ref().map(G::side_to_move) else {
            return;
        };
        // UCCI times are seconds unless the GUI switched the engine to milliseconds.
        let scale = if self.is_ucci() && !self.millisec {
            1000
        } else {
            1
        };
        self.clocks.unit_ms(scale);
        let clock = clock.map(|c| c.scaled(scale));
        let fixed_move_time = clock.is_some_and(|c| c.fixed_move_time);
        if clock.is_some() {
            self.judged(CheckId::GuiClockCharged);
        }
        let plies_since = self.plies_since_last_go(side, clock.is_some());
        let Some(compared) = self
            .clocks
            .go_compared(side, clock, ponder, entry.at.us, plies_since)
        else {
            return;
        };
        // The GUI's other unit, when the protocol has one: UCCI's seconds and milliseconds.
        let other_unit = match (self.is_ucci(), scale) {
            (false, _) => None,
            (true, 1) => Some((1000.0, 999)),
            (true, _) => Some((0.001, 0)),
        };
        // A clock off the mark only in this unit is one finding, the unit's.
        let wrong_unit = other_unit.is_some_and(|(f, r)| compared.fits_with(f, r, 0));
        if compared.over().is_some() {
            if wrong_unit {
                return self.wrong_unit(&compared, scale, entry, out);
            }
            return self.over_charged(side, &compared, fixed_move_time, entry, out);
        }
        if fixed_move_time {
            return;
        }
        if compared.under().is_some() && wrong_unit {
            return self.wrong_unit(&compared, scale, entry, out);
        }
        self.under_charged(side, &compared, entry, out);
        self.count_slipped(&compared, entry, out);
    }

    /// How far the position lies after `side`'s last timed one, along one line (`None` when
    /// it is not on the line, or there was none); a timed `go` makes this position the one
    /// the next is measured from.
    fn plies_since_last_go(&mut self, side: Side, timed: bool) -> Option<u32> {
        let key = self.line.as_ref().and_then(|l| l.keys.last().cloned());
        let plies_since = match (self.go_keys.get(side), &self.line) {
            (Some(last), Some(line)) => line
                .only_ply_of(last)
                .map(|ply| (line.keys.len() - 1 - ply) as u32),
            _ => None,
        };
        *self.go_keys.get_mut(side) = key.filter(|_| timed);
        plies_since
    }

    /// More time given than was left after thinking: fails (a warning beside `movetime`).
    fn over_charged(
        &mut self,
        side: Side,
        compared: &Compared,
        fixed_move_time: bool,
        entry: &Entry,
        out: &mut Findings,
    ) {
        let Some(over) = compared.over() else {
            return;
        };
        let rows = self.over_rows(side, compared);
        let mut message = format!(
            "`{}` gives the engine {} ms; it had at most {} ms after thinking {:.0} ms last time (as measured on the wire), so its clock was not charged",
            entry.text, over.given_ms, over.at_most_ms, over.thought_ms
        );
        // With `movetime` the search's time is fixed: whether the clock fields beside it are
        // a running game clock the text does not say, so a clock that was not charged is a
        // warning there (uci2wb in a game of a fixed time per move).
        let grade = if fixed_move_time {
            message.push_str("; the `go` fixes the search's time with `movetime`, beside which the text defines no clock");
            Grade::Warn
        } else {
            Grade::Fail
        };
        self.tally.fault(
            CheckId::GuiClockCharged,
            grade,
            rows,
            message,
            entry.at,
            out,
        );
    }

    /// Less time given than was left: the increment not added fails (ucci-r71, uci-r64/r65);
    /// otherwise a charge beyond what the GUI's own timing explains warns, as the text says
    /// what the clock holds, not how the GUI measures.
    fn under_charged(
        &mut self,
        side: Side,
        compared: &Compared,
        entry: &Entry,
        out: &mut Findings,
    ) {
        let Some(under) = compared.under() else {
            return;
        };
        let increment = compared.last_increment_ms;
        let (grade, rows, why): (Grade, &[ReqId], String) = if increment > 0
            && compared.fits_with(1.0, compared.resolution_ms, increment)
        {
            let rows = match (self.protocol, side) {
                (Protocol::Ucci, _) => crate::reqs!["ucci-r71"],
                (_, Side::First) => crate::reqs!["uci-r64"],
                (_, Side::Second) => crate::reqs!["uci-r65"],
            };
            let why = format!("the increment of {increment} ms the last `go` stated was not added");
            (Grade::Fail, rows, why)
        } else {
            let rows = match (self.protocol, side) {
                (Protocol::Ucci, _) => crate::reqs!["ucci-r124"],
                (_, Side::First) => crate::reqs!["uci-r62"],
                (_, Side::Second) => crate::reqs!["uci-r63"],
            };
            let why = "the GUI charged its engine for time it did not think".to_owned();
            (Grade::Warn, rows, why)
        };
        let message = format!(
            "`{}` gives the engine {} ms; after thinking {:.0} ms last time (as measured on the wire) it had at least {} ms left: {why}",
            entry.text, under.given_ms, under.thought_ms, under.at_least_ms
        );
        self.tally.fault(
            CheckId::GuiClockCharged,
            grade,
            rows,
            message,
            entry.at,
            out,
        );
    }

    /// `movestogo` counts down one a move within a period (ucci-r70, uci-r66).
    fn count_slipped(&mut self, compared: &Compared, entry: &Entry, out: &mut Findings) {
        let Some(expected) = compared.count_slip() else {
            return;
        };
        let rows = if self.is_ucci() {
            crate::reqs!["ucci-r70"]
        } else {
            crate::reqs!["uci-r66"]
        };
        let message = format!(
            "`{}` states `movestogo {}`; the last `go` of this game stated {} moves to the time control, and the engine has moved {} times since, so {expected} remain",
            entry.text,
            compared.movestogo.unwrap_or_default(),
            compared.last_movestogo.unwrap_or_default(),
            compared.plies_since.unwrap_or_default() / 2,
        );
        self.tally.fault(
            CheckId::GuiClockCharged,
            Grade::Fail,
            rows,
            message,
            entry.at,
            out,
        );
    }

    /// The rows a clock that gave more time than was left breaks: UCCI's charge from the
    /// `ponderhit`; UCI's clock fields, and in sudden death (no `movestogo` last time) that
    /// no time comes on top.
    fn over_rows(&self, side: Side, compared: &Compared) -> &'static [ReqId] {
        let sudden_death = compared.last_movestogo.is_none();
        match (self.protocol, side, sudden_death) {
            (Protocol::Ucci, _, _) => crate::reqs!["ucci-r124", "ucci-r74"],
            (_, Side::First, false) => crate::reqs!["uci-r62", "uci-r64"],
            (_, Side::Second, false) => crate::reqs!["uci-r63", "uci-r65"],
            (_, Side::First, true) => crate::reqs!["uci-r62", "uci-r64", "uci-r68"],
            (_, Side::Second, true) => crate::reqs!["uci-r63", "uci-r65", "uci-r68"],
        }
    }

    /// UCCI clocks that fit only in the other unit: seconds written after `setoption
    /// usemillisec true`, or milliseconds without it.
    fn wrong_unit(&mut self, compared: &Compared, scale: i64, entry: &Entry, out: &mut Findings) {
        let (read, meant) = if scale == 1 {
            (
                "milliseconds, as `setoption usemillisec true` set",
                "seconds",
            )
        } else {
            (
                "seconds, as no `setoption usemillisec true` changed",
                "milliseconds",
            )
        };
        let message = format!(
            "`{}`: the engine reads its times in {read}, but the clock went from {} to {} ms as read over a search of {:.0} ms, which fits only if the GUI wrote {meant}",
            entry.text, compared.last_remaining_ms, compared.given_ms, compared.thought_ms
        );
        let rows = crate::reqs!["ucci-r27", "ucci-r122"];
        self.tally.fault(
            CheckId::GuiClockCharged,
            Grade::Fail,
            rows,
            message,
            entry.at,
            out,
        );
    }
}
