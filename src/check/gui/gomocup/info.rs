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

impl Manager {
    pub(super) fn info(&mut self, key: &InfoKey, value: &str, entry: &Entry, out: &mut Findings) {
        self.tally.judged(CheckId::GuiInfoForm);
        let value = value.trim();
        let number = value.parse::<i64>().ok();
        let bad: Option<(&[ReqId], &str)> = match key {
            InfoKey::TimeoutTurn if number.is_none_or(|n| n < 0) => Some((
                reqs!["gomocup-r65"],
                "a non-negative number of milliseconds",
            )),
            InfoKey::TimeoutMatch if number.is_none_or(|n| n < 0) => Some((
                reqs!["gomocup-r66"],
                "a non-negative number of milliseconds",
            )),
            InfoKey::MaxMemory if number.is_none_or(|n| n < 0) => {
                Some((reqs!["gomocup-r67", "gomocup-r58"], "a number of bytes"))
            }
            InfoKey::TimeLeft if number.is_none() => {
                Some((reqs!["gomocup-r68"], "a number of milliseconds"))
            }
            InfoKey::GameType if !matches!(number, Some(0..=3)) => {
                Some((reqs!["gomocup-r69"], "0, 1, 2 or 3"))
            }
            InfoKey::Rule if number.is_none_or(|n| n < 0) => {
                Some((reqs!["gomocup-r70"], "a bitmask of 1, 2 and 4"))
            }
            InfoKey::Evaluate if value.parse::<Point>().is_err() => {
                // Blanks or signs inside the point: its spelling is left open (A6).
                let respelt = gomocup_numbers(value, req!("gomocup-r74"))
                    .filter(|(point, _)| point.parse::<Point>().is_ok());
                if let Some((_, changes)) = respelt {
                    for change in changes {
                        let message = format!("`{}`: {change}, as a brain reads it", entry.text);
                        let rows = [change.requirement];
                        self.tally.fault(
                            CheckId::GuiInfoForm,
                            Grade::Warn,
                            &rows,
                            message,
                            entry.at,
                            out,
                        );
                    }
                    None
                } else {
                    Some((reqs!["gomocup-r74"], "coordinates X,Y"))
                }
            }
            _ => None,
        };
        if let Some((rows, expected)) = bad {
            let message = format!("`{}`: the value is not {expected}", entry.text);
            self.tally.fault(
                CheckId::GuiInfoForm,
                Grade::Fail,
                rows,
                message,
                entry.at,
                out,
            );
            return;
        }
        if value.starts_with('+') && number.is_some() {
            // Signs are left open by the text (A6); brains read `+1000` with atoi or sscanf.
            let message = format!(
                "`{}`: the value is written with a `+` sign; the text writes numbers without one",
                entry.text
            );
            let rows = [number_row(key)];
            self.tally.fault(
                CheckId::GuiInfoForm,
                Grade::Warn,
                &rows,
                message,
                entry.at,
                out,
            );
        }
        match key {
            InfoKey::Other(name) => {
                let message = match InfoKey::in_other_case(name) {
                    Some(known) => format!(
                        "`INFO {name}`: the text spells this key `{}`; a brain that reads \
                         keys as the text spells them ignores the setting",
                        known.as_str()
                    ),
                    None => {
                        format!("`INFO {name}` is not a key the text defines; brains ignore it")
                    }
                };
                self.tally.fault(
                    CheckId::GuiInfoForm,
                    Grade::Warn,
                    reqs!["gomocup-r58"],
                    message,
                    entry.at,
                    out,
                );
            }
            InfoKey::Rule => {
                if let Ok(rule) = value.parse::<u32>().map(Rule::from_bitmask) {
                    self.rule_defined = rule.is_ok();
                    match rule {
                        Ok(rule) => self.rule = rule,
                        Err(_) => {
                            let message = format!(
                                "`{}`: a bit the text does not define (it defines 1, 2 and 4)",
                                entry.text
                            );
                            self.tally.fault(
                                CheckId::GuiInfoForm,
                                Grade::Warn,
                                reqs!["gomocup-r70"],
                                message,
                                entry.at,
                                out,
                            );
                        }
                    }
                }
            }
            InfoKey::TimeoutMatch => {
                self.timed = number.is_some_and(|n| n > 0);
                self.untimed = number.is_some_and(|n| n == 0);
            }
            InfoKey::GameType => self.tournament = matches!(number, Some(2 | 3)),
            InfoKey::TimeLeft => {
                self.time_left_sent = true;
                if let Some(n) = number
                    && n != NO_LIMIT
                {
                    self.time_left(n, entry, out);
                }
                if self.untimed && number.is_some_and(|n| n != NO_LIMIT) {
                    let message = format!(
                        "`{}` in a game with no time limit, where `time_left` is {NO_LIMIT}",
                        entry.text
                    );
                    self.tally.fault(
                        CheckId::GuiInfoForm,
                        Grade::Fail,
                        reqs!["gomocup-r79"],
                        message,
                        entry.at,
                        out,
                    );
                }
            }
            _ => {}
        }
        if matches!(
            key,
            InfoKey::TimeoutTurn | InfoKey::TimeoutMatch | InfoKey::MaxMemory
        ) {
            self.tally.judged(CheckId::GuiInfoBeforeMove);
            let new = number.and_then(|n| u64::try_from(n).ok());
            let before = match key {
                InfoKey::TimeoutTurn => std::mem::replace(&mut self.timeout_turn_ms, new),
                InfoKey::TimeoutMatch => std::mem::replace(&mut self.timeout_match_ms, new),
                _ => None,
            };
            let changed = before.is_some() && new.is_some() && before != new;
            if self.tournament && self.any_asked && changed {
                let message = format!(
                    "`{}` changes the time limit ({} before) in a tournament (`game_type` 2 or \
                     3), where the limits are not changed",
                    entry.text,
                    before.unwrap_or_default()
                );
                self.tally.fault(
                    CheckId::GuiInfoBeforeMove,
                    Grade::Fail,
                    reqs!["gomocup-r63"],
                    message,
                    entry.at,
                    out,
                );
            } else if self.asked {
                let message = format!(
                    "`{}` after the game's first move request; limits come before it (a game against a human may change them, so a warning)",
                    entry.text
                );
                self.tally.fault(
                    CheckId::GuiInfoBeforeMove,
                    Grade::Warn,
                    reqs!["gomocup-r76"],
                    message,
                    entry.at,
                    out,
                );
            }
        }
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
