//! Which catalogue rows the built-in library exercises: a row counts when a built-in
//! scenario cites it (the scenario provokes the behaviour and judges it) or a built-in check
//! cites it (the check judges it on every transcript). Rows the library cannot exercise are
//! listed with the reason in `scenarios/requirements/not-covered.tsv`.

use serde::Serialize;

use super::requirements::{Requirement, catalogue};
use crate::check::CheckRef;
use crate::check::registry::CHECKS;
use crate::protocol::{Protocol, ReqId};
use crate::scenario::{ScenarioError, builtin_for};

const NOT_COVERED: &str = include_str!("../../scenarios/requirements/not-covered.tsv");

/// One checkable engine-side row and what exercises it.
#[derive(Debug, Clone, Serialize)]
pub struct RowCoverage {
    pub requirement: Requirement,
    /// Built-in scenarios (`ucci/search`) and checks (`check ucci.bestmove.legal`) citing the
    /// row.
    pub exercised_by: Vec<String>,
    /// Why the library does not exercise the row, when it does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_covered_because: Option<String>,
}

/// Coverage of one protocol's checkable engine-side rows, in catalogue order.
pub fn coverage(protocol: Protocol) -> Result<Vec<RowCoverage>, ScenarioError> {
    let scenarios = builtin_for(protocol)?;
    Ok(catalogue(protocol)
        .into_iter()
        .filter(Requirement::checkable_on_engines)
        .map(|requirement| {
            let mut exercised_by: Vec<String> = scenarios
                .iter()
                .filter(|s| s.all_cites().contains(&requirement.id))
                .map(|s| s.name.clone())
                .collect();
            exercised_by.extend(
                CHECKS
                    .iter()
                    .filter(|c| {
                        c.rule(protocol)
                            .is_some_and(|r| r.reqs.contains(&requirement.id))
                    })
                    .map(|c| format!("check {}", CheckRef::builtin(protocol, c.id))),
            );
            let not_covered_because = reason(requirement.id).map(str::to_owned);
            RowCoverage {
                requirement,
                exercised_by,
                not_covered_because,
            }
        })
        .collect())
}

/// The written reason a row is not exercised, if there is one.
pub fn reason(id: ReqId) -> Option<&'static str> {
    not_covered()
        .find(|(row, _)| *row == id)
        .map(|(_, why)| why)
}

/// `(id, reason)` pairs of `not-covered.tsv` (a line whose id does not read is skipped; a
/// test keeps the file clean).
pub fn not_covered() -> impl Iterator<Item = (ReqId, &'static str)> {
    NOT_COVERED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t'))
        .filter_map(|(id, why)| Some((id.parse().ok()?, why)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The library's promise: every checkable engine-side row is exercised, or the file says
    /// why not; and the file never excuses a row that is in fact exercised or not checkable.
    #[test]
    fn every_checkable_engine_row_is_exercised_or_excused() {
        for protocol in [
            Protocol::Ucci,
            Protocol::Uci,
            Protocol::Gomocup,
            Protocol::Agi,
        ] {
            let rows = coverage(protocol).unwrap();
            for row in &rows {
                let id = &row.requirement.id;
                match (row.exercised_by.is_empty(), &row.not_covered_because) {
                    (true, None) => panic!("{id} is neither exercised nor excused"),
                    (false, Some(_)) => panic!("{id} is exercised; drop it from not-covered.tsv"),
                    _ => {}
                }
            }
        }
        let lines = NOT_COVERED
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(
            not_covered().count(),
            lines,
            "a line of not-covered.tsv does not read"
        );
        for (id, why) in not_covered() {
            let protocol = id.protocol();
            let checkable = catalogue(protocol)
                .into_iter()
                .any(|r| r.id == id && r.checkable_on_engines());
            assert!(
                checkable,
                "{id} in not-covered.tsv is not a checkable engine row"
            );
            assert!(!why.trim().is_empty(), "{id} needs a reason");
        }
    }
}
