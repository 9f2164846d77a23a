//! A requirement as a rendered document cites it (its id, level and sentence), and a verdict's
//! class: what the HTML pages and the merged matrix share.

use std::collections::HashMap;

use serde::Serialize;

use crate::certify::{Requirement, Verdict, catalogue};
use crate::protocol::{Protocol, ReqId};

/// A catalogue row as a page cites it.
#[derive(Serialize, Clone, Debug)]
pub struct RequirementRef {
    /// Its id, `ucci-r45`.
    pub id: String,
    /// `must`, `should` or `may`; empty for an id the catalogue does not hold.
    pub level: String,
    /// The protocol text's sentence; empty for an id the catalogue does not hold.
    pub statement: String,
}

impl RequirementRef {
    /// A catalogue row as the page cites it.
    pub fn of(r: &Requirement) -> RequirementRef {
        RequirementRef {
            id: r.id.to_string(),
            level: r.level.as_str().to_owned(),
            statement: r.statement.clone(),
        }
    }

    /// An id the catalogue does not hold: cited without level or sentence.
    fn bare(id: &ReqId) -> RequirementRef {
        RequirementRef {
            id: id.to_string(),
            level: String::new(),
            statement: String::new(),
        }
    }
}

/// `id` cited with its row in `statements`, or bare when the catalogue does not hold it.
pub fn requirement_ref(id: &ReqId, statements: &HashMap<ReqId, Requirement>) -> RequirementRef {
    statements
        .get(id)
        .map_or_else(|| RequirementRef::bare(id), RequirementRef::of)
}

/// The catalogue of `protocol`, each row by its id.
pub fn statements_of(protocol: Protocol) -> impl Iterator<Item = (ReqId, Requirement)> {
    catalogue(protocol).into_iter().map(|r| (r.id, r))
}

/// The class of a verdict, for a page's colours and filters.
pub fn class(v: Verdict) -> &'static str {
    match v {
        Verdict::Pass => "pass",
        Verdict::PassWithWarnings => "warn",
        Verdict::Blocked => "blocked",
        Verdict::Fail => "fail",
        Verdict::NotApplicable => "na",
    }
}
