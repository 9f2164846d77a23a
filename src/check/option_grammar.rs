//! The grammar of UCI `option` lines, judged on every handshake: exactly five types
//! (uci-r177), which fields each type takes as the text's examples show them, a name that does
//! not hold the words `name` or `value` (uci-r37), and the types and defaults of the standard
//! options when an engine offers them (uci-r145..uci-r173).
//!
//! Each line gets its first finding only: one malformed line is one fault.

use super::findings::outcome;
use super::id::CheckId;
use super::offer::Offered;
use super::{Grade, Outcome};
use crate::protocol::{Protocol, ReqId};
use crate::reqs;

/// The standard options of the text with the type it gives them.
const STANDARD: &[(&str, &str, &[ReqId])] = &[
    ("Hash", "spin", reqs!["uci-r145"]),
    ("NalimovPath", "string", reqs!["uci-r149"]),
    ("NalimovCache", "spin", reqs!["uci-r151"]),
    ("Ponder", "check", reqs!["uci-r152"]),
    ("OwnBook", "check", reqs!["uci-r157"]),
    ("MultiPV", "spin", reqs!["uci-r159"]),
    ("UCI_ShowCurrLine", "check", reqs!["uci-r160"]),
    ("UCI_ShowRefutations", "check", reqs!["uci-r161"]),
    ("UCI_LimitStrength", "check", reqs!["uci-r162"]),
    ("UCI_Elo", "spin", reqs!["uci-r164"]),
    ("UCI_AnalyseMode", "check", reqs!["uci-r168"]),
    ("UCI_EngineAbout", "string", reqs!["uci-r172"]),
    ("UCI_ShredderbasesPath", "string", reqs!["uci-r173"]),
];

/// Standard defaults the text fixes.
const DEFAULTS: &[(&str, &str, &[ReqId])] = &[
    ("MultiPV", "1", reqs!["uci-r159"]),
    ("UCI_ShowCurrLine", "false", reqs!["uci-r160"]),
    ("UCI_ShowRefutations", "false", reqs!["uci-r161"]),
    ("UCI_LimitStrength", "false", reqs!["uci-r162"]),
];

/// The first fault of one option line, if it has one: what is wrong and the rows it breaks.
fn fault(o: &Offered) -> Option<(String, &'static [ReqId])> {
    let kind = o.kind.as_str();
    let has_bounds = o.min.is_some() || o.max.is_some();
    if !["check", "spin", "combo", "button", "string"].contains(&kind) {
        return Some((
            format!("type `{kind}` is none of the five: check, spin, combo, button, string"),
            reqs!["uci-r141", "uci-r177"],
        ));
    }
    if o.name
        .split_whitespace()
        .any(|w| w == "name" || w == "value")
    {
        return Some((
            "the name holds the word `name` or `value`, which the text forbids".into(),
            reqs!["uci-r37", "uci-r140", "uci-r142"],
        ));
    }
    if kind == "button" && (o.default.is_some() || has_bounds || !o.vars.is_empty()) {
        return Some(("a button takes no value".into(), reqs!["uci-r181"]));
    }
    if kind != "button" && o.default.is_none() {
        return Some((
            format!("a `{kind}` option gives its `default`"),
            reqs!["uci-r184"],
        ));
    }
    let default = o.default.as_deref().unwrap_or_default();
    match kind {
        "check" if !["true", "false"].contains(&default) => Some((
            format!("a check takes `true` or `false`, not `{default}`"),
            reqs!["uci-r178"],
        )),
        "spin" if default.parse::<i64>().is_err() => Some((
            format!("a spin's default is an integer, not `{default}`"),
            reqs!["uci-r179"],
        )),
        "spin" if o.min.is_none() || o.max.is_none() => Some((
            "a spin gives its `min` and `max`".into(),
            reqs!["uci-r179", "uci-r185", "uci-r186"],
        )),
        "check" | "combo" | "string" if has_bounds => Some((
            format!("`min` and `max` belong to spin options, not to a {kind}"),
            reqs!["uci-r185", "uci-r186"],
        )),
        "check" | "spin" | "string" if !o.vars.is_empty() => Some((
            format!("`var` belongs to combo options, not to a {kind}"),
            reqs!["uci-r187"],
        )),
        "combo" if o.vars.is_empty() => Some((
            "a combo gives its choices with `var`".into(),
            reqs!["uci-r180", "uci-r187"],
        )),
        _ => standard(o),
    }
}

/// A standard option offered with another type, or another default, than the text gives it.
fn standard(o: &Offered) -> Option<(String, &'static [ReqId])> {
    let named = |n: &&str| o.name.eq_ignore_ascii_case(n);
    if let Some((name, kind, rows)) = STANDARD.iter().find(|(n, _, _)| named(n))
        && !o.kind.eq_ignore_ascii_case(kind)
    {
        return Some((format!("the standard option `{name}` is a {kind}"), rows));
    }
    let (name, default, rows) = DEFAULTS.iter().find(|(n, _, _)| named(n))?;
    let given = o.default.as_deref().unwrap_or_default();
    (!given.eq_ignore_ascii_case(default)).then(|| {
        (
            format!("the standard option `{name}` defaults to `{default}`, not `{given}`"),
            *rows,
        )
    })
}

/// Judges the options of one completed handshake; a pass when every line is well formed.
pub(super) fn judge(options: &[Offered]) -> Vec<Outcome> {
    let mut out: Vec<Outcome> = options
        .iter()
        .filter_map(|o| {
            let (why, rows) = fault(o)?;
            Some(
                outcome(
                    Protocol::Uci,
                    CheckId::OptionGrammar,
                    Grade::Fail,
                    format!("option `{}`: {why}", o.name),
                )
                .citing(rows)
                .at(o.at),
            )
        })
        .collect();
    if out.is_empty() && !options.is_empty() {
        out.push(outcome(
            Protocol::Uci,
            CheckId::OptionGrammar,
            Grade::Pass,
            format!(
                "{} option lines, each well formed for its type",
                options.len()
            ),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::uci::{Message, parse_message};
    use crate::session::At;

    fn judged(line: &str) -> Vec<String> {
        let Ok(Message::Option(o)) = parse_message(line) else {
            panic!("{line}")
        };
        judge(&[Offered::new(o, At { seq: 0, us: 0 })])
            .into_iter()
            .filter(|o| o.grade == Grade::Fail)
            .map(|o| format!("{} {}", o.requirements[0], o.message))
            .collect()
    }

    #[test]
    fn the_text_s_examples_are_well_formed() {
        for line in [
            "option name Nullmove type check default true",
            "option name Selectivity type spin default 2 min 0 max 4",
            "option name Style type combo default Normal var Solid var Normal var Risky",
            "option name NalimovPath type string default c:\\",
            "option name Clear Hash type button",
            "option name MultiPV type spin default 1 min 1 max 500",
        ] {
            assert!(judged(line).is_empty(), "{line}: {:?}", judged(line));
        }
    }

    #[test]
    fn each_kind_of_fault_names_its_row() {
        let first = |line: &str| judged(line).remove(0);
        assert!(first("option name X type slider default 1").starts_with("uci-r141"));
        assert!(first("option name A value B type check default true").starts_with("uci-r37"));
        assert!(first("option name X type check").starts_with("uci-r184"));
        assert!(first("option name X type check default yes").starts_with("uci-r178"));
        assert!(first("option name X type spin default 2 max 4").starts_with("uci-r179"));
        assert!(first("option name X type string default a min 1").starts_with("uci-r185"));
        assert!(
            first("option name X type spin default 1 min 0 max 2 var a").starts_with("uci-r187")
        );
        assert!(first("option name X type combo default a").starts_with("uci-r180"));
        assert!(first("option name X type button default 1").starts_with("uci-r181"));
        assert!(first("option name Hash type string default 16").starts_with("uci-r145"));
        assert!(
            first("option name MultiPV type spin default 3 min 1 max 9").starts_with("uci-r159")
        );
    }
}
