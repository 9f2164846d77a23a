//! Check identities: which check an outcome comes from, as a value.
//!
//! A built-in check is a [`CheckId`] (its rules per protocol are in the [`super::registry`]);
//! its full id, as reports print it, is the protocol and the check's name:
//! `ucci.bestmove.legal`. A scenario's step is named by its scenario and a label that does not
//! change when comments are edited. The golden-transcript comparison is one check of its own.

use std::fmt;

use serde::Serialize;

use crate::protocol::Protocol;

include!(concat!(env!("OUT_DIR"), "/check_ids.rs"));

impl CheckId {
    /// The check with that name, if there is one.
    pub fn from_name(name: &str) -> Option<CheckId> {
        CheckId::ALL.iter().copied().find(|c| c.name() == name)
    }
}

/// Which check an outcome comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CheckRef {
    /// A built-in check of a protocol.
    Builtin {
        /// The protocol it judged under, the first part of the full id (`ucci`).
        protocol: Protocol,
        /// The check itself, whose name is the rest (`bestmove.legal`).
        id: CheckId,
    },
    /// A step of a scenario: `ucci/handshake:ucciok`.
    Step {
        /// The scenario's name (`ucci/handshake`).
        scenario: String,
        /// The step's `as NAME`, else its expected pattern, command or directive, so the name
        /// survives edits to the scenario's comments.
        label: String,
    },
    /// The comparison with the golden transcript.
    Golden,
}

impl CheckRef {
    /// The built-in check `id` as judged under `protocol`: `ucci.bestmove.legal`.
    pub fn builtin(protocol: Protocol, id: CheckId) -> CheckRef {
        CheckRef::Builtin { protocol, id }
    }

    /// The built-in check, if it is one.
    pub fn id(&self) -> Option<CheckId> {
        match self {
            CheckRef::Builtin { id, .. } => Some(*id),
            _ => None,
        }
    }
}

impl fmt::Display for CheckRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckRef::Builtin { protocol, id } => write!(f, "{protocol}.{}", id.name()),
            CheckRef::Step { scenario, label } => write!(f, "{scenario}:{label}"),
            CheckRef::Golden => f.write_str("golden-transcript"),
        }
    }
}

impl Serialize for CheckRef {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A text that names no check.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a check id (`ucci.bestmove.legal`, `ucci/stop:readyok`, `golden-transcript`)"
)]
pub struct BadCheckRef(pub String);

impl std::str::FromStr for CheckRef {
    type Err = BadCheckRef;

    /// Reads what [`CheckRef`]'s `Display` writes.
    fn from_str(text: &str) -> Result<CheckRef, BadCheckRef> {
        let bad = || BadCheckRef(text.to_owned());
        if text == "golden-transcript" {
            return Ok(CheckRef::Golden);
        }
        // A scenario name has a `/` before the `:`; a built-in id has neither.
        if let Some((scenario, label)) = text.split_once(':')
            && scenario.contains('/')
        {
            return Ok(CheckRef::Step {
                scenario: scenario.to_owned(),
                label: label.to_owned(),
            });
        }
        let (protocol, name) = text.split_once('.').ok_or_else(bad)?;
        Ok(CheckRef::Builtin {
            protocol: protocol.parse().map_err(|_| bad())?,
            id: CheckId::from_name(name).ok_or_else(bad)?,
        })
    }
}

impl<'de> serde::Deserialize<'de> for CheckRef {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CheckRef, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_read_like_ids() {
        let mut names: Vec<&str> = CheckId::ALL.iter().map(|c| c.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), CheckId::ALL.len());
        assert!(names.iter().all(|n| {
            n.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-')
        }));
        assert_eq!(
            CheckRef::builtin(Protocol::Ucci, CheckId::BestmoveLegal).to_string(),
            "ucci.bestmove.legal"
        );
    }

    #[test]
    fn every_check_ref_reads_back_from_its_text() {
        let refs = [
            CheckRef::builtin(Protocol::Gomocup, CheckId::MoveLegal),
            CheckRef::Step {
                scenario: "ucci/stop".into(),
                label: "bestmove {bestmove} ... #2".into(),
            },
            CheckRef::Golden,
        ];
        for r in refs {
            assert_eq!(r.to_string().parse::<CheckRef>(), Ok(r));
        }
        assert!("ucci.no-such-check".parse::<CheckRef>().is_err());
    }
}
