//! What an engine offers during the handshake, judged once its handshake is complete: the
//! fields of each `option` line agree with each other, reserved names are used as the text
//! defines them, paired options come together, and `id` lines come first.
//!
//! Scenario patterns judge each line's grammar; these checks compare numbers and look
//! across lines, which patterns cannot.

use super::{Grade, Outcome};

/// An `option` line as both codecs read it.
pub(super) struct Offered {
    pub name: String,
    pub kind: String,
    pub default: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub vars: Vec<String>,
    pub at_us: u64,
}

/// An [`Offered`] from either codec's `OptionDecl`: the two types share these field names.
macro_rules! offered {
    ($decl:expr, $at_us:expr) => {{
        let o = $decl;
        $crate::check::offer::Offered {
            name: o.name,
            kind: o.kind.as_str().to_owned(),
            default: o.default,
            min: o.min,
            max: o.max,
            vars: o.vars,
            at_us: $at_us,
        }
    }};
}
pub(super) use offered;

/// Requirement ids and grades one protocol attaches to its handshake offer.
pub(super) struct OfferRules {
    pub prefix: &'static str,
    /// A `spin` default outside `min`..`max`, or `min` above `max`.
    pub range: (&'static [&'static str], Grade),
    /// A `combo` default that is not one of its `var` values.
    pub choice: (&'static [&'static str], Grade),
    /// `id` lines after the first `option` line (UCCI numbers them first).
    pub id_first: Option<&'static [&'static str]>,
    /// Reserved option names: the prefix, and the names the text defines with it.
    pub reserved: Option<Reserved>,
    /// Options the text says come together.
    pub paired: &'static [Pair],
}

pub(super) struct Reserved {
    pub prefix: &'static str,
    pub known: &'static [&'static str],
    pub reqs: &'static [&'static str],
}

pub(super) struct Pair {
    pub names: [&'static str; 2],
    pub reqs: &'static [&'static str],
}

/// The boot lines of the current handshake.
#[derive(Default)]
pub(super) struct Offer {
    options: Vec<Offered>,
    /// When an `id` line came after an `option` line, the first such time.
    late_id_at: Option<u64>,
}

impl Offer {
    /// A new handshake starts: forget the last one's lines.
    pub fn restart(&mut self) {
        *self = Offer::default();
    }

    pub fn id(&mut self, at_us: u64) {
        if !self.options.is_empty() && self.late_id_at.is_none() {
            self.late_id_at = Some(at_us);
        }
    }

    pub fn option(&mut self, option: Offered) {
        self.options.push(option);
    }

    /// Judges the handshake that just completed; the engine has named all its options.
    pub fn judge(&mut self, rules: &OfferRules, out: &mut Vec<Outcome>) {
        let p = rules.prefix;
        for o in &self.options {
            if let Some(finding) = range(rules, o).or_else(|| choice(rules, o)) {
                out.push(finding);
            }
        }
        if !self.options.is_empty() {
            out.push(Outcome::new(
                format!("{p}.option.fields-agree"),
                rules.range.0,
                Grade::Pass,
                format!("checked {} option line(s)", self.options.len()),
            ));
        }
        if let Some(reqs) = rules.id_first {
            let (grade, message) = match self.late_id_at {
                Some(_) => (Grade::Warn, "an `id` line after an `option` line"),
                None => (Grade::Pass, "`id` lines before `option` lines"),
            };
            out.push(Outcome {
                at_us: self.late_id_at,
                ..Outcome::new(format!("{p}.handshake.id-first"), reqs, grade, message)
            });
        }
        if let Some(reserved) = &rules.reserved {
            out.extend(reserved_names(p, reserved, &self.options));
        }
        for pair in rules.paired {
            out.push(paired(p, pair, &self.options));
        }
        self.restart();
    }
}

/// `min` ≤ `default` ≤ `max` for a `spin` with an integer default.
fn range(rules: &OfferRules, o: &Offered) -> Option<Outcome> {
    let (reqs, grade) = rules.range;
    let finding = |message: String| {
        Some(
            Outcome::new(
                format!("{}.option.default-in-range", rules.prefix),
                reqs,
                grade,
                format!("option `{}`: {message}", o.name),
            )
            .at(o.at_us),
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
    let (reqs, grade) = rules.choice;
    Some(
        Outcome::new(
            format!("{}.option.default-in-range", rules.prefix),
            reqs,
            grade,
            format!(
                "option `{}`: `default {default}` is not one of its `var` values ({})",
                o.name,
                o.vars.join(", ")
            ),
        )
        .at(o.at_us),
    )
}

/// Names with the reserved prefix that the text does not define. GUIs ignore unknown ones
/// (so an engine loses nothing), and later extensions such as `UCI_Chess960` are common.
fn reserved_names(prefix: &str, reserved: &Reserved, options: &[Offered]) -> Vec<Outcome> {
    let check = format!("{prefix}.option.reserved-name");
    let mut out: Vec<Outcome> = options
        .iter()
        .filter(|o| has_prefix(&o.name, reserved.prefix))
        .filter(|o| !reserved.known.iter().any(|k| k.eq_ignore_ascii_case(&o.name)))
        .map(|o| {
            Outcome::new(
                check.clone(),
                reserved.reqs,
                Grade::Warn,
                format!(
                    "option `{}` uses the reserved prefix `{}` but is not one of the names the text defines",
                    o.name, reserved.prefix
                ),
            )
            .at(o.at_us)
        })
        .collect();
    if out.is_empty() && !options.is_empty() {
        out.push(Outcome::new(
            check,
            reserved.reqs,
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
fn paired(prefix: &str, pair: &Pair, options: &[Offered]) -> Outcome {
    let find = |name: &str| options.iter().find(|o| o.name.eq_ignore_ascii_case(name));
    let [a, b] = pair.names;
    let check = format!("{prefix}.option.paired");
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
                Some(alone.at_us),
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
    Outcome {
        at_us: at,
        ..Outcome::new(check, pair.reqs, grade, message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: OfferRules = OfferRules {
        prefix: "x",
        range: (&["r-range"], Grade::Fail),
        choice: (&["r-choice"], Grade::Fail),
        id_first: Some(&["r-id"]),
        reserved: Some(Reserved {
            prefix: "UCI_",
            known: &["UCI_Elo"],
            reqs: &["r-reserved"],
        }),
        paired: &[Pair {
            names: ["UCI_LimitStrength", "UCI_Elo"],
            reqs: &["r-pair"],
        }],
    };

    fn spin(name: &str, default: &str, min: i64, max: i64) -> Offered {
        Offered {
            name: name.into(),
            kind: "spin".into(),
            default: Some(default.into()),
            min: Some(min),
            max: Some(max),
            vars: Vec::new(),
            at_us: 7,
        }
    }

    fn findings(offer: &mut Offer) -> Vec<Outcome> {
        let mut out = Vec::new();
        offer.judge(&RULES, &mut out);
        out.retain(|o| o.grade != Grade::Pass);
        out
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
        assert_eq!(found[0].at_us, Some(7));
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
        assert_eq!(found[0].requirements, ["r-choice"]);
    }

    #[test]
    fn an_id_after_an_option_warns_once() {
        let mut offer = Offer::default();
        offer.id(1);
        offer.option(spin("Hash", "16", 1, 1024));
        offer.id(3);
        offer.id(4);
        let found = findings(&mut offer);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].check, "x.handshake.id-first");
        assert_eq!((found[0].grade, found[0].at_us), (Grade::Warn, Some(3)));
    }

    #[test]
    fn unknown_reserved_names_warn_and_a_half_pair_fails() {
        let mut offer = Offer::default();
        offer.option(spin("uci_elo", "1500", 1000, 2800));
        offer.option(spin("UCI_ShowWDL", "0", 0, 1));
        offer.option(spin("UCIStyle", "0", 0, 1));
        let found = findings(&mut offer);
        assert_eq!(found.len(), 2, "{found:#?}");
        assert_eq!(found[0].check, "x.option.reserved-name");
        assert!(found[0].message.contains("UCI_ShowWDL"));
        assert_eq!(
            (found[1].check.as_str(), found[1].grade),
            ("x.option.paired", Grade::Fail)
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
