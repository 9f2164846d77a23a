//! Several reports side by side (`arbiter report merge`): one row per requirement any of them
//! graded, an engine per column, each cell graded as a certification grades a requirement.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use serde::Serialize;

use super::cited::{self, RequirementRef};
use crate::certify::{Certification, Requirement, RequirementVerdict, Verdict};
use crate::protocol::{Protocol, ReqId};
use crate::report::Report;

/// One report's column.
pub struct Column {
    /// The column's heading: the engine, and the profile of a certification.
    pub label: String,
    /// The protocol its requirements are of.
    pub protocol: Protocol,
    /// Its verdict per requirement.
    pub verdicts: Vec<RequirementVerdict>,
    /// Scenarios it ran.
    pub scenarios: usize,
}

impl Column {
    /// A run's column: every requirement its outcomes cite.
    pub fn of_run(report: &Report) -> Column {
        Column {
            label: report.engine.command_line(),
            protocol: report.protocol,
            verdicts: crate::certify::exercised(report.protocol, &report.runs),
            scenarios: report.runs.len(),
        }
    }

    /// A certification's column: its verdicts, required, recommended and also exercised.
    pub fn of_certification(c: &Certification) -> Column {
        Column {
            label: format!("{} ({})", c.engine.command_line(), c.profile),
            protocol: c.protocol,
            verdicts: c
                .required
                .iter()
                .chain(&c.recommended)
                .chain(&c.also_exercised)
                .cloned()
                .collect(),
            scenarios: c.runs.len(),
        }
    }
}

/// The merged matrix.
#[derive(Serialize)]
pub struct Matrix {
    /// A heading per column.
    pub headers: Vec<String>,
    /// Scenarios each report ran.
    pub scenarios: Vec<usize>,
    /// A row per requirement any report graded.
    pub rows: Vec<Row>,
}

/// One requirement across the reports.
#[derive(Serialize)]
pub struct Row {
    /// The requirement.
    pub requirement: RequirementRef,
    /// A cell per column: its CSS class and label (`na`, `—` where a report has no verdict).
    pub cells: Vec<(&'static str, &'static str)>,
    /// The worst verdict of the row, for the filter.
    pub verdict: &'static str,
}

impl Matrix {
    /// The matrix of `columns`, rows in catalogue order.
    pub fn of(columns: &[Column]) -> Matrix {
        let mut statements: HashMap<ReqId, Requirement> = HashMap::new();
        // Rows in catalogue order: by protocol, then by the id's number.
        let mut ids: BTreeMap<(Protocol, u32), ReqId> = BTreeMap::new();
        for column in columns {
            statements.extend(cited::statements_of(column.protocol));
            for v in &column.verdicts {
                ids.insert(
                    (column.protocol, number(&v.requirement.id)),
                    v.requirement.id,
                );
            }
        }
        let verdict_of = |c: &Column, id: &ReqId| {
            c.verdicts
                .iter()
                .find(|v| v.requirement.id == *id)
                .map(|v| v.verdict)
        };
        let rows = ids
            .values()
            .map(|id| {
                let cells = columns
                    .iter()
                    .map(|c| {
                        verdict_of(c, id).map_or(("na", "—"), |v| (cited::class(v), v.label()))
                    })
                    .collect();
                let worst = columns
                    .iter()
                    .filter_map(|c| verdict_of(c, id))
                    .filter(|v| *v != Verdict::NotApplicable)
                    .max()
                    .unwrap_or(Verdict::NotApplicable);
                Row {
                    requirement: cited::requirement_ref(id, &statements),
                    cells,
                    verdict: cited::class(worst),
                }
            })
            .collect();
        Matrix {
            headers: columns.iter().map(|c| c.label.clone()).collect(),
            scenarios: columns.iter().map(|c| c.scenarios).collect(),
            rows,
        }
    }

    /// The matrix as text: a legend of the columns, then a row per requirement.
    pub fn render_text(&self) -> String {
        let mut out = String::new();
        for (i, (header, n)) in self.headers.iter().zip(&self.scenarios).enumerate() {
            let _ = writeln!(out, "[{}] {header} ({n} scenarios)", i + 1);
        }
        let _ = write!(out, "\n{:<12} {:<7}", "requirement", "level");
        for i in 0..self.headers.len() {
            let _ = write!(out, " {:<18}", format!("[{}]", i + 1));
        }
        out.push('\n');
        for row in &self.rows {
            let _ = write!(
                out,
                "{:<12} {:<7}",
                row.requirement.id, row.requirement.level
            );
            for (_, label) in &row.cells {
                let _ = write!(out, " {label:<18}");
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        out
    }
}

/// The number of a requirement id (`ucci-r17` → 17), to sort rows as the catalogue does.
fn number(id: &ReqId) -> u32 {
    id.to_string()
        .rsplit('r')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(u32::MAX)
}
