//! The list of built-in checks (`arbiter checks`): one line per check and protocol, or the
//! Markdown table of docs/checks.md.

use std::fmt::Write as _;

use super::join_ids;
use crate::check::CheckRef;
use crate::check::registry::{self, CHECKS};
use crate::protocol::Protocol;

/// Id, grades when broken, requirements and what it judges; one protocol's checks, or all.
pub(super) fn human(protocol: Option<Protocol>) -> String {
    let mut out = String::new();
    for check in CHECKS {
        for rule in check.rules {
            if protocol.is_some_and(|p| p != rule.protocol) {
                continue;
            }
            let grades: Vec<&str> = rule.grades.iter().map(|g| g.as_str()).collect();
            let _ = writeln!(
                out,
                "{:<44} {:<9} [{}] {}",
                CheckRef::builtin(rule.protocol, check.id).to_string(),
                grades.join("/"),
                join_ids(rule.reqs),
                check.what
            );
        }
    }
    out
}

/// The check table of docs/checks.md (every protocol's).
pub(super) fn markdown() -> String {
    registry::markdown_table()
}
