//! What a requirement row stands for: the rows that give its words content.
//!
//! A league's "recognise and correctly handle `banmoves`" is not observed by itself: it is
//! broken when the engine plays a banned move, which ucci-r60 says. A certification that
//! graded such a row only on the outcomes citing it would certify an engine that breaks the
//! very rule the league named (a real engine got a league PASS while it played `e1e0` after
//! `banmoves e1e0`). The relation is data, `scenarios/requirements/stands-for.tsv`, read
//! once; rows it stands for may stand for others in turn.

use std::collections::HashMap;
use std::sync::OnceLock;

use thiserror::Error;

use crate::protocol::ReqId;

const TABLE: &str = include_str!("../../scenarios/requirements/stands-for.tsv");

/// One row of the table: what `row` stands for, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandsFor {
    /// The row whose words the others give content to (`ucci-r132`).
    pub row: ReqId,
    /// The rows it stands for, in the table's order; empty for a row that is a single rule.
    pub rows: Vec<ReqId>,
    /// Why, in a sentence: what the row's words mean in those rows' terms.
    pub why: String,
}

/// A line of the table that does not read.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("stands-for.tsv:{line}: {problem}")]
pub struct TableError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong with it.
    pub problem: String,
}

/// Reads the table's text: one row per line, `row<TAB>rows|-<TAB>why`.
fn parse(text: &str) -> Result<Vec<StandsFor>, TableError> {
    let mut table = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let error = |problem: String| TableError {
            line: index + 1,
            problem,
        };
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cells: Vec<&str> = line.split('\t').collect();
        let [row, rows, why] = cells[..] else {
            return Err(error(format!(
                "expected three tab-separated cells, found {}",
                cells.len()
            )));
        };
        let id = |word: &str| {
            word.parse::<ReqId>()
                .map_err(|e| error(format!("`{word}`: {e}")))
        };
        let row = id(row)?;
        let rows = match rows.trim() {
            "-" => Vec::new(),
            words => words.split(' ').map(id).collect::<Result<Vec<_>, _>>()?,
        };
        if let Some(other) = rows.iter().find(|r| r.protocol() != row.protocol()) {
            return Err(error(format!(
                "{row} stands for {other}, a row of another protocol"
            )));
        }
        if rows.contains(&row) {
            return Err(error(format!("{row} stands for itself")));
        }
        if table.iter().any(|t: &StandsFor| t.row == row) {
            return Err(error(format!("{row} is listed twice")));
        }
        table.push(StandsFor {
            row,
            rows,
            why: why.trim().to_owned(),
        });
    }
    Ok(table)
}

/// The built-in table, read once. It is checked by the tests, so a malformed line is a bug of
/// Arbiter's own: it panics with the line.
pub fn table() -> &'static [StandsFor] {
    static TABLE_READ: OnceLock<Vec<StandsFor>> = OnceLock::new();
    TABLE_READ.get_or_init(|| parse(TABLE).unwrap_or_else(|e| panic!("{e}")))
}

/// Every row `row` stands for, directly or through the rows it stands for, each once, nearest
/// first; not `row` itself.
pub fn rows_behind(row: ReqId) -> Vec<ReqId> {
    let direct: HashMap<ReqId, &[ReqId]> =
        table().iter().map(|t| (t.row, t.rows.as_slice())).collect();
    let mut behind: Vec<ReqId> = Vec::new();
    let mut next = vec![row];
    while let Some(current) = next.pop() {
        for &r in direct.get(&current).copied().unwrap_or_default() {
            if r != row && !behind.contains(&r) {
                behind.push(r);
                next.insert(0, r);
            }
        }
    }
    behind
}

/// Whether the table lists `row` (with rows behind it, or as a single rule).
pub fn is_listed(row: ReqId) -> bool {
    table().iter().any(|t| t.row == row)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::certify::catalogue;
    use crate::certify::requirements::Level;
    use crate::req;

    #[test]
    fn the_table_reads_and_names_catalogue_rows_that_bind_the_engine() {
        for t in table() {
            let rows = catalogue(t.row.protocol());
            let find = |id: ReqId| rows.iter().find(|r| r.id == id);
            let row = find(t.row).unwrap_or_else(|| panic!("{} is not a catalogue row", t.row));
            assert!(row.binds_engine(), "{} does not bind the engine", t.row);
            assert!(!t.why.is_empty(), "{} gives no reason", t.row);
            for &behind in &t.rows {
                let r = find(behind).unwrap_or_else(|| panic!("{behind} is not a catalogue row"));
                assert!(
                    r.binds_engine(),
                    "{} stands for {behind}, a GUI's rule",
                    t.row
                );
                assert_eq!(
                    r.level,
                    Level::Must,
                    "{} stands for {behind}, which the text only recommends or allows",
                    t.row
                );
            }
        }
    }

    /// A profile that requires a chosen few rows (a league's minimum, Gomocup's mandatory
    /// commands) says for each what it stands for: those rows are what the certificate means.
    /// A profile that requires every `must` row needs no table: what any row stands for is
    /// required already.
    #[test]
    fn every_row_a_chosen_profile_requires_is_listed() {
        for profile in crate::certify::profile::builtin() {
            let musts: Vec<ReqId> = catalogue(profile.protocol)
                .into_iter()
                .filter(|r| r.level == Level::Must && r.binds_engine())
                .map(|r| r.id)
                .collect();
            if profile.side != crate::check::registry::Side::Engine
                || musts.iter().all(|m| profile.required.contains(m))
            {
                continue;
            }
            for row in &profile.required {
                assert!(
                    is_listed(*row),
                    "{row}, required by {}, is not in stands-for.tsv",
                    profile.name
                );
            }
        }
    }

    #[test]
    fn rows_behind_follow_the_table_through_and_stop_at_cycles() {
        assert_eq!(
            rows_behind(req!("ucci-r132")),
            [req!("ucci-r59"), req!("ucci-r60"), req!("ucci-r100")]
        );
        assert!(rows_behind(req!("gomocup-r18")).contains(&req!("gomocup-r41")));
        assert!(rows_behind(req!("ucci-r60")).is_empty());
    }

    #[test]
    fn a_malformed_line_is_named() {
        let error = |text: &str| parse(text).unwrap_err();
        assert_eq!(error("ucci-r1\tucci-r2\n").line, 1);
        assert!(
            error("# c\nucci-r1\tuci-r2\twhy\n")
                .to_string()
                .starts_with("stands-for.tsv:2: ucci-r01 stands for uci-r02")
        );
        assert!(
            error("ucci-r1\tucci-r1\twhy\n")
                .problem
                .contains("stands for itself")
        );
        assert!(error("ucci-r1\tucci-x\twhy\n").problem.contains("ucci-x"));
    }
}
