//! The registry of built-in checks: for each check, what it judges, which side of the wire it
//! binds, and per protocol the requirement rows it rests on and the grades it gives when the
//! rule is broken.
//!
//! The entries themselves are data, in `registry.txt` beside this file (build.rs turns them
//! into [`CheckId`] and `CHECKS`); this is the one place those facts live. The checks take
//! their requirement ids from here, `arbiter coverage` counts the rows cited here, `arbiter
//! checks` and the check table of `docs/checks.md` are rendered from here (a test keeps the page in
//! step), and every finding a check raises is compared with its entry in debug builds, so code
//! and registry cannot drift apart.

use std::fmt::Write as _;

use super::id::CheckId;
use super::outcome::Grade;
use crate::protocol::{Protocol, ReqId};

/// Which side of the wire a check judges.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The engine (brain).
    #[default]
    Engine,
    /// The GUI or manager.
    Gui,
}

/// A check's rule under one protocol.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ProtocolRule {
    pub protocol: Protocol,
    /// Every requirement a finding of this check may cite under this protocol.
    pub reqs: &'static [ReqId],
    /// The grades a broken rule gets, the usual one first.
    pub grades: &'static [Grade],
}

/// One built-in check.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CheckSpec {
    pub id: CheckId,
    pub side: Side,
    /// What it judges, in one line (and when it gives the lesser grade).
    pub what: &'static str,
    pub rules: &'static [ProtocolRule],
}

impl Side {
    /// Its lowercase name, as JSON reports write an outcome's `side`: `engine`, `gui`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Side::Engine => "engine",
            Side::Gui => "gui",
        }
    }
}

impl CheckSpec {
    /// Its rule under a protocol, if it applies there.
    pub(crate) fn rule(&self, protocol: Protocol) -> Option<&ProtocolRule> {
        self.rules.iter().find(|r| r.protocol == protocol)
    }
}

include!(concat!(env!("OUT_DIR"), "/check_registry.rs"));

/// The registry entry of a check: `CHECKS` lists the checks in the order `CheckId` declares
/// them (both are generated from `registry.txt`, and a test holds them in step), so the id is
/// the index. Every outcome looks its check up here, once per engine line in a flood.
pub(crate) fn spec(id: CheckId) -> &'static CheckSpec {
    &CHECKS[id as usize]
}

/// The requirement ids a check cites under a protocol (empty where it does not apply).
pub(crate) fn reqs(protocol: Protocol, id: CheckId) -> &'static [ReqId] {
    spec(id).rule(protocol).map_or(&[], |r| r.reqs)
}

/// Every requirement id the built-in checks cite under a protocol.
#[cfg(test)]
pub(crate) fn cited(protocol: Protocol) -> Vec<ReqId> {
    let mut ids: Vec<ReqId> = CHECKS
        .iter()
        .filter_map(|c| c.rule(protocol))
        .flat_map(|r| r.reqs.iter().copied())
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// The check table in Markdown, as `docs/checks.md` shows it.
pub(crate) fn markdown_table() -> String {
    let mut out = String::from("| check | protocols | what | when broken |\n|---|---|---|---|\n");
    for check in CHECKS {
        let protocols: Vec<&str> = check.rules.iter().map(|r| r.protocol.name()).collect();
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} |",
            check.id.name(),
            protocols.join(", "),
            check.what.replace('|', "\\|"),
            grades_text(check)
        );
    }
    out
}

/// "fail", or "fail (UCI) / warn (UCCI, AGI)" when the protocols differ.
fn grades_text(check: &CheckSpec) -> String {
    let word = |grades: &[Grade]| {
        grades
            .iter()
            .map(|g| g.as_str())
            .collect::<Vec<_>>()
            .join(" / ")
    };
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for rule in check.rules {
        let w = word(rule.grades);
        match groups.iter_mut().find(|(g, _)| *g == w) {
            Some((_, names)) => names.push(rule.protocol.name()),
            None => groups.push((w, vec![rule.protocol.name()])),
        }
    }
    if groups.len() == 1 {
        return groups.remove(0).0;
    }
    groups
        .into_iter()
        .map(|(w, names)| format!("{w} ({})", names.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_check_is_found_at_its_own_index() {
        for (index, check) in CHECKS.iter().enumerate() {
            assert_eq!(check.id as usize, index, "{}", check.id.name());
            assert_eq!(spec(check.id).id, check.id);
        }
    }

    #[test]
    fn every_check_has_one_entry_and_every_entry_a_rule() {
        for &id in CheckId::ALL {
            assert_eq!(CHECKS.iter().filter(|c| c.id == id).count(), 1, "{id:?}");
        }
        for check in CHECKS {
            assert!(!check.rules.is_empty(), "{:?}", check.id);
            for rule in check.rules {
                assert!(!rule.reqs.is_empty() && !rule.grades.is_empty());
                assert!(rule.reqs.iter().all(|r| r.protocol() == rule.protocol));
            }
        }
    }

    #[test]
    fn the_checks_page_shows_the_registry() {
        let page = include_str!("../../docs/checks.md");
        let table = markdown_table();
        assert!(
            page.contains(&table),
            "docs/checks.md's check table differs from the registry; paste the output of \
             `arbiter checks --format markdown` between its check-table markers:\n{table}"
        );
    }
}
