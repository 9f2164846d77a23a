//! Which catalogue rows the built-in library exercises, per side of the wire. On the engine
//! side a row counts when a built-in scenario cites it (the scenario provokes the behaviour
//! and judges it) or an engine-side check cites it (the check judges it on every transcript);
//! on the GUI side, when a GUI-side check cites it (judged over what a GUI sends through
//! `arbiter spy`). Rows not exercised are listed with the reason in
//! `scenarios/requirements/not-covered.tsv` (engine side) and `not-covered-gui-*.tsv`.

use serde::Serialize;

use super::requirements::{Requirement, catalogue};
use crate::check::CheckRef;
use crate::check::registry::CHECKS;
use crate::check::registry::Side;
use crate::protocol::{Protocol, ReqId};
use crate::scenario::{ScenarioError, builtin_for};

const NOT_COVERED: &str = include_str!("../../scenarios/requirements/not-covered.tsv");
/// The GUI side's reasons, one file per protocol family.
const NOT_COVERED_GUI: [&str; 2] = [
    include_str!("../../scenarios/requirements/not-covered-gui-family.tsv"),
    include_str!("../../scenarios/requirements/not-covered-gui-gomoku.tsv"),
];

/// The checkable rows of one protocol's side and what exercises each (`arbiter coverage`).
#[derive(Debug, Clone, Serialize)]
pub struct ProtocolCoverage {
    /// The protocol.
    pub protocol: Protocol,
    /// The side of the wire its rows bind.
    pub side: Side,
    /// Every checkable row of that side, in catalogue order.
    pub rows: Vec<RowCoverage>,
}

/// One checkable row of a side and what exercises it.
#[derive(Debug, Clone, Serialize)]
pub struct RowCoverage {
    /// The catalogue row.
    pub requirement: Requirement,
    /// Built-in scenarios (`ucci/search`) and checks (`check ucci.bestmove.legal`) citing the
    /// row.
    pub exercised_by: Vec<String>,
    /// Why the library does not exercise the row, when it does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_covered_because: Option<String>,
}

/// Coverage of one protocol's checkable rows of a side, in catalogue order.
pub fn coverage(protocol: Protocol, side: Side) -> Result<Vec<RowCoverage>, ScenarioError> {
    // Scenarios script a GUI and judge the engine: they exercise the engine side only.
    let scenarios = match side {
        Side::Engine => builtin_for(protocol)?,
        Side::Gui => Vec::new(),
    };
    Ok(catalogue(protocol)
        .into_iter()
        .filter(|r| r.checkable_on(side))
        .map(|requirement| {
            let mut exercised_by: Vec<String> = scenarios
                .iter()
                .filter(|s| s.all_cites().contains(&requirement.id))
                .map(|s| s.name.clone())
                .collect();
            exercised_by.extend(
                CHECKS
                    .iter()
                    .filter(|c| c.side == side)
                    .filter(|c| {
                        c.rule(protocol)
                            .is_some_and(|r| r.reqs.contains(&requirement.id))
                    })
                    .map(|c| format!("check {}", CheckRef::builtin(protocol, c.id))),
            );
            let not_covered_because = reason(requirement.id, side).map(str::to_owned);
            RowCoverage {
                requirement,
                exercised_by,
                not_covered_because,
            }
        })
        .collect())
}

/// The written reason a row is not exercised on a side, if there is one.
pub(crate) fn reason(id: ReqId, side: Side) -> Option<&'static str> {
    not_covered(side)
        .find(|(row, _)| *row == id)
        .map(|(_, why)| why)
}

/// `(id, reason)` pairs of a side's not-covered files (a line whose id does not read is
/// skipped; a test keeps the files clean).
pub(crate) fn not_covered(side: Side) -> impl Iterator<Item = (ReqId, &'static str)> {
    let files: &[&'static str] = match side {
        Side::Engine => std::slice::from_ref(&NOT_COVERED),
        Side::Gui => &NOT_COVERED_GUI,
    };
    files.iter().flat_map(|text| reason_lines(text))
}

fn reason_lines(text: &'static str) -> impl Iterator<Item = (ReqId, &'static str)> {
    data_lines(text)
        .filter_map(|l| l.split_once('\t'))
        .filter_map(|(id, why)| Some((id.parse().ok()?, why)))
}

fn data_lines(text: &'static str) -> impl Iterator<Item = &'static str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The library's promise, on each side: every checkable row is exercised, or a file says
    /// why not; and the files never excuse a row that is in fact exercised or not checkable.
    #[test]
    fn every_checkable_row_is_exercised_or_excused_on_each_side() {
        let mut problems = Vec::new();
        for side in [Side::Engine, Side::Gui] {
            for protocol in Protocol::ALL {
                for row in coverage(protocol, side).unwrap() {
                    let id = &row.requirement.id;
                    match (row.exercised_by.is_empty(), &row.not_covered_because) {
                        (true, None) => problems
                            .push(format!("{side:?}: {id} is neither exercised nor excused")),
                        (false, Some(_)) => {
                            problems.push(format!("{side:?}: {id} is exercised; drop its reason"))
                        }
                        _ => {}
                    }
                }
            }
            let files: &[&str] = match side {
                Side::Engine => &[NOT_COVERED],
                Side::Gui => &NOT_COVERED_GUI,
            };
            let lines: usize = files.iter().map(|f| data_lines(f).count()).sum();
            assert_eq!(
                not_covered(side).count(),
                lines,
                "{side:?}: a reason line does not read"
            );
            for (id, why) in not_covered(side) {
                let checkable = catalogue(id.protocol())
                    .into_iter()
                    .any(|r| r.id == id && r.checkable_on(side));
                if !checkable {
                    problems.push(format!(
                        "{side:?}: {id} is excused but is not a checkable row of the side"
                    ));
                }
                assert!(!why.trim().is_empty(), "{id} needs a reason");
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
    }
}
