//! What an engine offers during the handshake, judged once its handshake is complete: the
//! fields of each `option` line agree with each other, reserved names are used as the text
//! defines them, paired options come together, and `id` lines come first.
//!
//! These checks compare numbers and look across lines, which a line's grammar cannot.

use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::{Grade, Outcome};
use crate::protocol::Protocol;
use crate::protocol::family::OptionDecl;
use crate::session::At;

/// An `option` line as both codecs read it.
pub(super) struct Offered {
    pub name: String,
    pub kind: String,
    pub default: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub vars: Vec<String>,
    pub at: At,
}

impl Offered {
    /// An option line as UCCI and UCI both declare it, and where it came.
    pub(super) fn new(o: OptionDecl, at: At) -> Offered {
        Offered {
            name: o.name,
            kind: o.kind.as_str().to_owned(),
            default: o.default,
            min: o.min,
            max: o.max,
            vars: o.vars,
            at,
        }
    }
}

/// How one protocol judges its handshake offer (requirements are in the registry).
pub(super) struct OfferRules {
    pub protocol: Protocol,
    /// A `spin` default outside `min`..`max`, or `min` above `max`; a `combo` default that is
    /// not one of its `var` values.
    pub range: Grade,
    /// `id` lines must come before the first `option` line (UCCI numbers them first).
    pub id_first: bool,
    /// Reserved option names: the prefix, and the names the text defines with it.
    pub reserved: Option<Reserved>,
    /// Options the text says come together.
    pub paired: &'static [[&'static str; 2]],
    /// Judge each line's fields against the UCI text's grammar of option types.
    pub grammar: bool,
}

pub(super) struct Reserved {
    pub prefix: &'static str,
    pub known: &'static [&'static str],
}

/// How many `option` lines one handshake keeps for judging: far beyond any engine's offer,
/// and a bound on what a flood of option lines can cost.
const MAX_OPTIONS: usize = 10_000;

/// The boot lines of the current handshake.
#[derive(Default)]
pub(super) struct Offer {
    options: Vec<Offered>,
    /// When an `id` line came after an `option` line, the first such time.
    late_id_at: Option<At>,
}

impl Offer {
    /// A new handshake starts: forget the last one's lines.
    pub(super) fn restart(&mut self) {
        *self = Offer::default();
    }

    pub(super) fn id(&mut self, at: At) {
        if !self.options.is_empty() && self.late_id_at.is_none() {
            self.late_id_at = Some(at);
        }
    }

    pub(super) fn option(&mut self, option: Offered) {
        if self.options.len() < MAX_OPTIONS {
            self.options.push(option);
        }
    }

    /// Judges the handshake that just completed; the engine has named all its options.
    pub(super) fn judge(&mut self, rules: &OfferRules, out: &mut Findings) {
        let p = rules.protocol;
        let mut agree = true;
        for o in &self.options {
            if let Some(finding) = range(rules, o).or_else(|| choice(rules, o)) {
                agree = false;
                out.push(finding);
            }
        }
        if agree && !self.options.is_empty() {
            out.push(outcome(
                p,
                CheckId::OptionDefaultInRange,
                Grade::Pass,
                format!("checked {} option line(s)", self.options.len()),
            ));
        }
        if rules.id_first {
            let (grade, message) = match self.late_id_at {
                Some(_) => (Grade::Warn, "an `id` line after an `option` line"),
                None => (Grade::Pass, "`id` lines before `option` lines"),
            };
            out.push(outcome(p, CheckId::HandshakeIdFirst, grade, message).at_opt(self.late_id_at));
        }
        if let Some(reserved) = &rules.reserved {
            out.extend(reserved_names(p, reserved, &self.options));
        }
        for pair in rules.paired {
            out.push(paired(p, *pair, &self.options));
        }
        if rules.grammar {
            out.extend(super::option_grammar::judge(&self.options));
        }
        self.restart();
    }
}

/// `min` ≤ `default` ≤ `max` for a `spin` with an integer default.
fn range(rules: &OfferRules, o: &Offered) -> Option<Outcome> {
    let finding = |message: String| {
        Some(
            outcome(
                rules.protocol,
                CheckId::OptionDefaultInRange,
                rules.range,
                format!("option `{}`: {message}", o.name),
            )
            .at(o.at),
        )
    };
    if let (Some(min), Some(max)) = (o.min, o.max)
        && min > max
    {
        return finding(format!("`min {min}` is above `max {max}`"));
    }
    let default: i64 = o.default.as_deref()?.trim().parse().ok()?;
    match (o.min, o.max) {
        (Some(min), _) if default < min => {
            finding(format!("`default {default}` is below `min {min}`"))
        }
        (_, Some(max)) if default > max => {
            finding(format!("`default {default}` is above `max {max}`"))
        }
        _ => None,
    }
}

/// A `combo` default is one of its `var` values. Values are compared without regard to
/// case: UCI makes them case-insensitive (uci-r36), and UCCI leaves case open.
fn choice(rules: &OfferRules, o: &Offered) -> Option<Outcome> {
    if o.kind != "combo" || o.vars.is_empty() {
        return None;
    }
    let default = o.default.as_deref()?;
    if o.vars.iter().any(|v| v.eq_ignore_ascii_case(default)) {
        return None;
    }
    Some(
        outcome(
            rules.protocol,
            CheckId::OptionDefaultInRange,
            rules.range,
            format!(
                "option `{}`: `default {default}` is not one of its `var` values ({})",
                o.name,
                o.vars.join(", ")
            ),
        )
        .at(o.at),
    )
}

/// Names with the reserved prefix that the text does not define. GUIs ignore unknown ones
/// (so an engine loses nothing), and later extensions such as `UCI_Chess960` are common.
fn reserved_names(protocol: Protocol, reserved: &Reserved, options: &[Offered]) -> Vec<Outcome> {
    let mut out: Vec<Outcome> = options
        .iter()
        .filter(|o| has_prefix(&o.name, reserved.prefix))
        .filter(|o| !reserved.known.iter().any(|k| k.eq_ignore_ascii_case(&o.name)))
        .map(|o| {
            outcome(
                protocol,
                CheckId::OptionReservedName,
                Grade::Warn,
                format!(
                    "option `{}` uses the reserved prefix `{}` but is not one of the names the text defines",
                    o.name, reserved.prefix
                ),
            )
            .at(o.at)
        })
        .collect();
    if out.is_empty() && !options.is_empty() {
        out.push(outcome(
            protocol,
            CheckId::OptionReservedName,
            Grade::Pass,
            format!("no unknown `{}` option names", reserved.prefix),
        ));
    }
    out
}

fn has_prefix(name: &str, prefix: &str) -> bool {
    name.get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// Both options of a pair offered, or neither.
fn paired(protocol: Protocol, pair: [&str; 2], options: &[Offered]) -> Outcome {
    let find = |name: &str| options.iter().find(|o| o.name.eq_ignore_ascii_case(name));
    let [a, b] = pair;
    let (grade, message, at) = match (find(a), find(b)) {
        (Some(alone), None) | (None, Some(alone)) => {
            let (offered, missing) = if alone.name.eq_ignore_ascii_case(a) {
                (a, b)
            } else {
                (b, a)
            };
            (
                Grade::Fail,
                format!("`{offered}` is offered without `{missing}`; the text requires both"),
                Some(alone.at),
            )
        }
        (Some(_), Some(_)) => (
            Grade::Pass,
            format!("`{a}` and `{b}` are offered together"),
            None,
        ),
        (None, None) => (
            Grade::Pass,
            format!("neither `{a}` nor `{b}` is offered"),
            None,
        ),
    };
    outcome(protocol, CheckId::OptionPaired, grade, message).at_opt(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::CheckRef;

    const RULES: OfferRules = OfferRules {
        protocol: Protocol::Uci,
        range: Grade::Fail,
        id_first: false,
        reserved: Some(Reserved {
            prefix: "UCI_",
            known: &["UCI_Elo"],
        }),
        paired: &[["UCI_LimitStrength", "UCI_Elo"]],
        grammar: false,
    };

    fn at(seq: u64) -> At {
        At { seq, us: seq }
    }

    fn spin(name: &str, default: &str, min: i64, max: i64) -> Offered {
        Offered {
            name: name.into(),
            kind: "spin".into(),
            default: Some(default.into()),
            min: Some(min),
            max: Some(max),
            vars: Vec::new(),
            at: at(7),
        }
    }

    fn judged(offer: &mut Offer, rules: &OfferRules) -> Vec<Outcome> {
        let mut out = Findings::new();
        offer.judge(rules, &mut out);
        let mut found = out.into_outcomes();
        found.retain(|o| o.grade != Grade::Pass);
        found
    }

    fn findings(offer: &mut Offer) -> Vec<Outcome> {
        judged(offer, &RULES)
    }

    #[test]
    fn a_spin_default_must_lie_within_its_bounds() {
        let mut offer = Offer::default();
        offer.option(spin("Hash", "16", 1, 1024));
        offer.option(spin("Threads", "0", 1, 8));
        offer.option(spin("Skill", "3", 5, 1));
        let found = findings(&mut offer);
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(found[0].message.contains("below `min 1`"));
        assert!(found[1].message.contains("`min 5` is above `max 1`"));
        assert_eq!(found[0].at, Some(at(7)));
    }

    #[test]
    fn a_combo_default_must_be_one_of_its_vars_in_any_case() {
        let mut offer = Offer::default();
        let combo = |default: &str| Offered {
            kind: "combo".into(),
            default: Some(default.into()),
            min: None,
            max: None,
            vars: vec!["Solid".into(), "Normal".into()],
            ..spin("Style", "", 0, 0)
        };
        offer.option(combo("normal"));
        offer.option(combo("Risky"));
        let found = findings(&mut offer);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(
            found[0].check,
            CheckRef::builtin(Protocol::Uci, CheckId::OptionDefaultInRange)
        );
    }

    #[test]
    fn an_id_after_an_option_warns_once() {
        let rules = OfferRules {
            protocol: Protocol::Ucci,
            id_first: true,
            reserved: None,
            paired: &[],
            grammar: false,
            ..RULES
        };
        let mut offer = Offer::default();
        offer.id(at(1));
        offer.option(spin("Hash", "16", 1, 1024));
        offer.id(at(3));
        offer.id(at(4));
        let found = judged(&mut offer, &rules);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].check,
            CheckRef::builtin(Protocol::Ucci, CheckId::HandshakeIdFirst)
        );
        assert_eq!((found[0].grade, found[0].at), (Grade::Warn, Some(at(3))));
    }

    #[test]
    fn unknown_reserved_names_warn_and_a_half_pair_fails() {
        let mut offer = Offer::default();
        offer.option(spin("uci_elo", "1500", 1000, 2800));
        offer.option(spin("UCI_ShowWDL", "0", 0, 1));
        offer.option(spin("UCIStyle", "0", 0, 1));
        let found = findings(&mut offer);
        assert_eq!(found.len(), 2, "{found:#?}");
        assert_eq!(
            found[0].check,
            CheckRef::builtin(Protocol::Uci, CheckId::OptionReservedName)
        );
        assert!(found[0].message.contains("UCI_ShowWDL"));
        assert_eq!(
            (found[1].check.clone(), found[1].grade),
            (
                CheckRef::builtin(Protocol::Uci, CheckId::OptionPaired),
                Grade::Fail
            )
        );
        assert!(found[1].message.contains("without `UCI_LimitStrength`"));
    }

    #[test]
    fn a_judged_handshake_is_forgotten() {
        let mut offer = Offer::default();
        offer.option(spin("Threads", "0", 1, 8));
        assert_eq!(findings(&mut offer).len(), 1);
        assert!(findings(&mut offer).is_empty());
    }
}
