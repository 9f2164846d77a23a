//! What a UCI `info` line must hold together, and the ranges of its fields, judged on every
//! line of every transcript: time and score with a pv, depth with seldepth, a pv with multipv,
//! move numbers from 1, permille values up to 1000, score bounds after the score, and
//! `refutation`/`currline` only when the GUI switched them on.
//!
//! Each rule reports its first breach only, and a pass when every line kept them all.

use super::Grade;
use super::findings::{Findings, outcome};
use super::id::CheckId;
use crate::protocol::uci::{Info, info_requirement};
use crate::protocol::{Protocol, ReqId};
use crate::reqs;
use crate::session::At;

/// One rule: its name (for "reported once"), grade, rows.
struct Rule {
    name: &'static str,
    grade: Grade,
    rows: &'static [ReqId],
}

const fn rule(name: &'static str, grade: Grade, rows: &'static [ReqId]) -> Rule {
    Rule { name, grade, rows }
}

// "time/score should be sent together with pv" is a should in the English original, which the
// catalogue asks to follow: a warning (requirements README).
const TIME_WITH_PV: Rule = rule("time", Grade::Warn, reqs!["uci-r103", "uci-r108"]);
const SCORE_WITH_PV: Rule = rule("score", Grade::Warn, reqs!["uci-r103", "uci-r115"]);
const DEPTH_WITH_SELDEPTH: Rule = rule("seldepth", Grade::Fail, reqs!["uci-r106"]);
const PV_WITH_MULTIPV: Rule = rule("multipv", Grade::Fail, reqs!["uci-r112"]);
const MOVE_NUMBER_FROM_ONE: Rule = rule("currmovenumber", Grade::Fail, reqs!["uci-r122"]);
const HASHFULL_PERMILLE: Rule = rule("hashfull", Grade::Fail, reqs!["uci-r123"]);
// Over 1000 permille is odd, but a load is easy to misreport: a warning.
const CPULOAD_PERMILLE: Rule = rule("cpuload", Grade::Warn, reqs!["uci-r129"]);
// A bound follows cp or mate (remark 24): a bound straight after `score` is a warning.
const BOUND_AFTER_VALUE: Rule = rule("bound", Grade::Warn, reqs!["uci-r119", "uci-r120"]);
const REFUTATION_SWITCHED_ON: Rule = rule("refutation", Grade::Fail, reqs!["uci-r133"]);
const CURRLINE_SWITCHED_ON: Rule = rule("currline", Grade::Fail, reqs!["uci-r137"]);

#[derive(Default)]
pub(super) struct InfoGrammar {
    show_refutations: bool,
    show_currline: bool,
    lines: usize,
    broken: Vec<&'static str>,
    /// Each field key that read, with how many lines gave it: the evidence for its row.
    read: Vec<(&'static str, usize)>,
}

impl InfoGrammar {
    /// A `setoption` the harness sent (names and values case-insensitive, uci-r36).
    pub(super) fn option_set(&mut self, name: &str, value: Option<&str>) {
        let on = value.is_some_and(|v| v.trim().eq_ignore_ascii_case("true"));
        if name.eq_ignore_ascii_case("UCI_ShowRefutations") {
            self.show_refutations = on;
        } else if name.eq_ignore_ascii_case("UCI_ShowCurrLine") {
            self.show_currline = on;
        }
    }

    /// Judges one `info` line (`text` as written, for what the typed value does not keep).
    pub(super) fn line(&mut self, info: &Info, text: &str, at: At, out: &mut Findings) {
        self.lines += 1;
        for key in info.keys_read() {
            // The keys are the codec's own constants: the same text is the same address, so
            // an address compares before the letters do (this runs for every key of every
            // info line).
            match self
                .read
                .iter_mut()
                .find(|(k, _)| std::ptr::eq(*k, key) || *k == key)
            {
                Some((_, n)) => *n += 1,
                None => self.read.push((key, 1)),
            }
        }
        let has_pv = !info.pv.is_empty();
        let permille = |v: Option<u32>| v.is_some_and(|v| v > 1000);
        let breaches = [
            (
                TIME_WITH_PV,
                has_pv && info.time.is_none(),
                "a pv without `time`",
            ),
            (
                SCORE_WITH_PV,
                has_pv && info.score.is_none(),
                "a pv without `score`",
            ),
            (
                DEPTH_WITH_SELDEPTH,
                info.seldepth.is_some() && info.depth.is_none(),
                "`seldepth` without `depth`",
            ),
            (
                PV_WITH_MULTIPV,
                info.multipv.is_some() && !has_pv,
                "`multipv` without a pv",
            ),
            (
                MOVE_NUMBER_FROM_ONE,
                info.currmovenumber == Some(0),
                "`currmovenumber 0`: moves are numbered from 1",
            ),
            (
                HASHFULL_PERMILLE,
                permille(info.hashfull),
                "`hashfull` over 1000 permille",
            ),
            (
                CPULOAD_PERMILLE,
                permille(info.cpuload),
                "`cpuload` over 1000 permille",
            ),
            (
                BOUND_AFTER_VALUE,
                bound_before_value(text),
                "a score bound before its `cp`/`mate` value",
            ),
            (
                REFUTATION_SWITCHED_ON,
                !info.refutation.is_empty() && !self.show_refutations,
                "`refutation` although `UCI_ShowRefutations` was not switched on",
            ),
            (
                CURRLINE_SWITCHED_ON,
                info.currline.is_some() && !self.show_currline,
                "`currline` although `UCI_ShowCurrLine` was not switched on",
            ),
        ];
        for (rule, broken, what) in breaches {
            if broken && !self.broken.contains(&rule.name) {
                self.broken.push(rule.name);
                out.push(
                    outcome(Protocol::Uci, CheckId::InfoGrammar, rule.grade, what)
                        .citing(rule.rows)
                        .at(at),
                );
            }
        }
    }

    pub(super) fn finish(self, out: &mut Findings) {
        // A field that read is evidence for the row giving its grammar (`depth` for uci-r104):
        // one pass each, beside the failures of lines where it did not read.
        for (key, lines) in &self.read {
            let s = if *lines == 1 { "" } else { "s" };
            out.push(
                outcome(
                    Protocol::Uci,
                    CheckId::InfoField,
                    Grade::Pass,
                    format!("`{key}` read on {lines} info line{s}"),
                )
                .citing(&[info_requirement(key)]),
            );
        }
        if self.lines > 0 && self.broken.is_empty() {
            out.push(outcome(
                Protocol::Uci,
                CheckId::InfoGrammar,
                Grade::Pass,
                format!(
                    "{} info lines, each holding what belongs together",
                    self.lines
                ),
            ));
        }
    }
}

/// `score lowerbound cp 10`: a bound right after `score` (up to `string`, which is free text).
fn bound_before_value(text: &str) -> bool {
    // Nearly every line has no bound at all: one scan for the word's end settles it.
    if !text.contains("bound") {
        return false;
    }
    let mut words = text.split_ascii_whitespace().take_while(|w| *w != "string");
    let mut previous = words.next();
    for word in words {
        if previous == Some("score") && (word == "lowerbound" || word == "upperbound") {
            return true;
        }
        previous = Some(word);
    }
    false
}

#[cfg(test)]
mod tests {
    use crate::check::Outcome;
    use crate::protocol::Protocol;

    fn findings(lines: &[&str]) -> Vec<Outcome> {
        let mut all = vec!["> position startpos", "> go depth 5"];
        all.extend_from_slice(lines);
        crate::check::findings_in(Protocol::Uci, &all)
            .into_iter()
            .filter(|o| {
                o.check
                    == crate::check::CheckRef::builtin(
                        Protocol::Uci,
                        crate::check::CheckId::InfoGrammar,
                    )
            })
            .collect()
    }

    #[test]
    fn complete_lines_pass() {
        assert!(findings(&[
            "< info depth 3 seldepth 5 multipv 1 score cp 20 lowerbound time 4 nodes 90 pv e2e4 e7e5",
            "< info currmove e2e4 currmovenumber 1 hashfull 1000 cpuload 999",
            "< bestmove e2e4",
        ])
        .is_empty());
    }

    #[test]
    fn each_rule_names_its_row_once() {
        let found = findings(&[
            "< info depth 3 score cp 20 pv e2e4",
            "< info depth 3 score cp 20 pv e2e4",
            "< info seldepth 4 currmovenumber 0 hashfull 1001",
            "< info multipv 2 score upperbound cp 3",
            "< info refutation e2e4 e7e5",
            "< bestmove e2e4",
        ]);
        let rows: Vec<String> = found
            .iter()
            .map(|o| format!("{} {:?}", o.requirements[o.requirements.len() - 1], o.grade))
            .collect();
        assert_eq!(
            rows,
            [
                "uci-r108 Warn",
                "uci-r106 Fail",
                "uci-r122 Fail",
                "uci-r123 Fail",
                "uci-r112 Fail",
                "uci-r120 Warn",
                "uci-r133 Fail"
            ]
        );
    }

    #[test]
    fn refutations_may_come_once_switched_on() {
        let found = crate::check::findings_in(
            Protocol::Uci,
            &[
                "> setoption name UCI_ShowRefutations value true",
                "> position startpos",
                "> go depth 5",
                "< info refutation e2e4 e7e5",
                "< bestmove e2e4",
            ],
        );
        assert!(found.is_empty(), "{found:#?}");
    }
}
