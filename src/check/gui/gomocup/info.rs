//! The manager's INFO commands: each value in its form, a limit before the game's first
//! move request, `time_left` as an untimed game writes it.

use super::Manager;
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::protocol::ReqId;
use crate::protocol::gomocup::InfoKey;
use crate::protocol::spelling::gomocup_numbers;
use crate::req;
use crate::reqs;
use crate::rules::gomoku::{Point, Rule};
use crate::session::Entry;

/// `time_left` in a game with no time limit (gomocup-r79).
const NO_LIMIT: i64 = 2_147_483_647;

/// An INFO command as its checks read it.
struct Info<'a> {
    key: &'a InfoKey,
    /// The value, trimmed.
    value: &'a str,
    /// The value as a number, where it reads as one.
    number: Option<i64>,
    entry: &'a Entry,
}

impl Manager {
    pub(super) fn info(&mut self, key: &InfoKey, value: &str, entry: &Entry, out: &mut Findings) {
        self.tally.judged(CheckId::GuiInfoForm);
        let value = value.trim();
        let info = Info {
            key,
            value,
            number: value.parse().ok(),
            entry,
        };
        if !self.info_in_form(&info, out) {
            return;
        }
        self.info_sign(&info, out);
        self.info_setting(&info, out);
        if matches!(
            key,
            InfoKey::TimeoutTurn | InfoKey::TimeoutMatch | InfoKey::MaxMemory
        ) {
            self.info_limit(&info, out);
        }
    }

    /// Whether the value has its key's form; where it has not, a failure. A point of
    /// `evaluate` spelt in a way the text leaves open is read, with a warning.
    fn info_in_form(&mut self, info: &Info<'_>, out: &mut Findings) -> bool {
        let bad = match info.key {
            InfoKey::Evaluate => self.evaluate_form(info, out),
            key => numeric_form(key, info.number),
        };
        let Some((rows, expected)) = bad else {
            return true;
        };
        let message = format!("`{}`: the value is not {expected}", info.entry.text);
        self.info_fault(Grade::Fail, rows, message, info.entry, out);
        false
    }

    /// The rows and form an `evaluate` value breaks, if it breaks them: coordinates X,Y.
    /// Blanks or signs inside the point leave it readable (its spelling is left open, A6),
    /// each warned about.
    fn evaluate_form(
        &mut self,
        info: &Info<'_>,
        out: &mut Findings,
    ) -> Option<(&'static [ReqId], &'static str)> {
        if info.value.parse::<Point>().is_ok() {
            return None;
        }
        let respelt = gomocup_numbers(info.value, req!("gomocup-r74"))
            .filter(|(point, _)| point.parse::<Point>().is_ok());
        let Some((_, changes)) = respelt else {
            return Some((reqs!["gomocup-r74"], "coordinates X,Y"));
        };
        for change in changes {
            let message = format!("`{}`: {change}, as a brain reads it", info.entry.text);
            self.info_fault(Grade::Warn, &[change.requirement], message, info.entry, out);
        }
        None
    }

    /// A number written with a `+` sign: warned about, as the text writes none.
    fn info_sign(&mut self, info: &Info<'_>, out: &mut Findings) {
        if info.value.starts_with('+') && info.number.is_some() {
            // Signs are left open by the text (A6); brains read `+1000` with atoi or sscanf.
            let message = format!(
                "`{}`: the value is written with a `+` sign; the text writes numbers without one",
                info.entry.text
            );
            let rows = [number_row(info.key)];
            self.info_fault(Grade::Warn, &rows, message, info.entry, out);
        }
    }

    /// What the setting changes in the game the checks follow: the rule, whether the game is
    /// timed or a tournament's, the time left; a key the text does not define is warned about.
    fn info_setting(&mut self, info: &Info<'_>, out: &mut Findings) {
        let number = info.number;
        match info.key {
            InfoKey::Other(name) => self.unknown_key(name, info.entry, out),
            InfoKey::Rule => self.rule_setting(info, out),
            InfoKey::TimeoutMatch => {
                self.timed = number.is_some_and(|n| n > 0);
                self.untimed = number.is_some_and(|n| n == 0);
            }
            InfoKey::GameType => self.tournament = matches!(number, Some(2 | 3)),
            InfoKey::TimeLeft => self.time_left_setting(info, out),
            _ => {}
        }
    }

    /// `INFO name` of a key the text does not define, or spells otherwise: brains ignore it.
    fn unknown_key(&mut self, name: &str, entry: &Entry, out: &mut Findings) {
        let message = match InfoKey::in_other_case(name) {
            Some(known) => format!(
                "`INFO {name}`: the text spells this key `{}`; a brain that reads \
                 keys as the text spells them ignores the setting",
                known.as_str()
            ),
            None => format!("`INFO {name}` is not a key the text defines; brains ignore it"),
        };
        self.info_fault(Grade::Warn, reqs!["gomocup-r58"], message, entry, out);
    }

    /// `INFO rule`: the rule the game is judged by, where its bits are the text's.
    fn rule_setting(&mut self, info: &Info<'_>, out: &mut Findings) {
        let Ok(rule) = info.value.parse::<u32>().map(Rule::from_bitmask) else {
            return;
        };
        self.rule_defined = rule.is_ok();
        match rule {
            Ok(rule) => self.rule = rule,
            Err(_) => {
                let message = format!(
                    "`{}`: a bit the text does not define (it defines 1, 2 and 4)",
                    info.entry.text
                );
                self.info_fault(Grade::Warn, reqs!["gomocup-r70"], message, info.entry, out);
            }
        }
    }

    /// `INFO time_left`: judged against the brain's clock, and against a game with no time
    /// limit, where it is always the same figure.
    fn time_left_setting(&mut self, info: &Info<'_>, out: &mut Findings) {
        self.time_left_sent = true;
        let limited = info.number.filter(|n| *n != NO_LIMIT);
        if let Some(n) = limited {
            self.time_left(n, info.entry, out);
        }
        if self.untimed && limited.is_some() {
            let message = format!(
                "`{}` in a game with no time limit, where `time_left` is {NO_LIMIT}",
                info.entry.text
            );
            self.info_fault(Grade::Fail, reqs!["gomocup-r79"], message, info.entry, out);
        }
    }

    /// A limit (`timeout_turn`, `timeout_match`, `max_memory`) after the game's first move
    /// request: a warning, or a failure for a time limit changed in a tournament, where the
    /// limits stay as they are.
    fn info_limit(&mut self, info: &Info<'_>, out: &mut Findings) {
        self.tally.judged(CheckId::GuiInfoBeforeMove);
        let new = info.number.and_then(|n| u64::try_from(n).ok());
        let before = match info.key {
            InfoKey::TimeoutTurn => std::mem::replace(&mut self.timeout_turn_ms, new),
            InfoKey::TimeoutMatch => std::mem::replace(&mut self.timeout_match_ms, new),
            _ => None,
        };
        let changed = before.is_some() && new.is_some() && before != new;
        let (grade, rows, message) = if self.tournament && self.any_asked && changed {
            let message = format!(
                "`{}` changes the time limit ({} before) in a tournament (`game_type` 2 or \
                 3), where the limits are not changed",
                info.entry.text,
                before.unwrap_or_default()
            );
            (Grade::Fail, reqs!["gomocup-r63"], message)
        } else if self.asked {
            let message = format!(
                "`{}` after the game's first move request; limits come before it (a game against a human may change them, so a warning)",
                info.entry.text
            );
            (Grade::Warn, reqs!["gomocup-r76"], message)
        } else {
            return;
        };
        self.tally.fault(
            CheckId::GuiInfoBeforeMove,
            grade,
            rows,
            message,
            info.entry.at,
            out,
        );
    }

    /// A finding on an INFO value's form or meaning.
    fn info_fault(
        &mut self,
        grade: Grade,
        rows: &[ReqId],
        message: String,
        entry: &Entry,
        out: &mut Findings,
    ) {
        self.tally
            .fault(CheckId::GuiInfoForm, grade, rows, message, entry.at, out);
    }
}

/// The rows and form a numeric value breaks, if it breaks them.
fn numeric_form(key: &InfoKey, number: Option<i64>) -> Option<(&'static [ReqId], &'static str)> {
    let negative = number.is_none_or(|n| n < 0);
    match key {
        InfoKey::TimeoutTurn if negative => Some((
            reqs!["gomocup-r65"],
            "a non-negative number of milliseconds",
        )),
        InfoKey::TimeoutMatch if negative => Some((
            reqs!["gomocup-r66"],
            "a non-negative number of milliseconds",
        )),
        InfoKey::MaxMemory if negative => {
            Some((reqs!["gomocup-r67", "gomocup-r58"], "a number of bytes"))
        }
        InfoKey::TimeLeft if number.is_none() => {
            Some((reqs!["gomocup-r68"], "a number of milliseconds"))
        }
        InfoKey::GameType if !matches!(number, Some(0..=3)) => {
            Some((reqs!["gomocup-r69"], "0, 1, 2 or 3"))
        }
        InfoKey::Rule if negative => Some((reqs!["gomocup-r70"], "a bitmask of 1, 2 and 4")),
        _ => None,
    }
}

/// The row that gives a numeric INFO value its form.
fn number_row(key: &InfoKey) -> ReqId {
    match key {
        InfoKey::TimeoutTurn => req!("gomocup-r65"),
        InfoKey::TimeoutMatch => req!("gomocup-r66"),
        InfoKey::TimeLeft => req!("gomocup-r68"),
        InfoKey::GameType => req!("gomocup-r69"),
        InfoKey::Rule => req!("gomocup-r70"),
        _ => req!("gomocup-r58"),
    }
}
