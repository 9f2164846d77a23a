//! Engine options in match play: the `setoption` line of each protocol, the options a user
//! set that the engine never declared — sent anyway, since the user asked, and recorded in the
//! game so the omission is visible — and the values an engine's options held once it was set
//! up, which fastchess's block names (`1t`, `16MB`).

use serde::{Deserialize, Serialize};

use crate::protocol::Protocol;

/// An option the user set (`option.NAME=VALUE`) that the engine did not declare in its
/// handshake.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndeclaredOption {
    /// The engine that was sent the option, by its name in the match.
    pub engine: String,
    /// The option's name as the user wrote it (its value is not kept).
    pub option: String,
}

/// The values an engine's options held once its handshake was done: for a protocol whose
/// engines declare their options (UCCI, UCI), each declared option's default, or the value the
/// user set for it; for one whose engines declare none (Gomocup, AGI), the values the user
/// set. An option the user set that the engine did not declare holds nothing here: fastchess,
/// whose block reads these, does not send such an option, so it never names its value either.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EngineOptions {
    /// The engine, by its name in the match.
    pub engine: String,
    values: Vec<(String, String)>,
}

impl EngineOptions {
    /// The options of an engine that declared `declared` (each name with its default, if it
    /// gave one) and was sent the user's `set`.
    pub(crate) fn declared<'a>(
        engine: &str,
        declared: impl IntoIterator<Item = (&'a str, Option<&'a str>)>,
        set: &[(String, String)],
    ) -> EngineOptions {
        let values = declared
            .into_iter()
            .filter_map(|(name, default)| {
                let value = set
                    .iter()
                    .find(|(n, _)| same_name(n, name))
                    .map(|(_, v)| v.as_str())
                    .or(default)?;
                Some((name.to_owned(), value.to_owned()))
            })
            .collect();
        EngineOptions {
            engine: engine.to_owned(),
            values,
        }
    }

    /// The options of an engine whose protocol declares none: what the user set.
    pub(crate) fn set(engine: &str, set: &[(String, String)]) -> EngineOptions {
        EngineOptions {
            engine: engine.to_owned(),
            values: set.to_vec(),
        }
    }

    /// The value option `name` held, its name in any case.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| same_name(n, name))
            .map(|(_, v)| v.as_str())
    }
}

/// Whether two option names name one option: UCI names are case-insensitive, and UCCI engines
/// are read the same way (no engine declares two options that differ in case).
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// The line that sets an option, in the protocol's own words (the one form `arbiter run
/// --option` sends too); an empty value is a button's `setoption name NAME`.
pub(crate) fn setoption_line(protocol: Protocol, name: &str, value: &str) -> String {
    protocol
        .facts()
        .set_option(name, (!value.is_empty()).then_some(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_declared_option_holds_its_default_or_the_value_set_and_an_undeclared_one_nothing() {
        let declared = [
            ("Threads", Some("1")),
            ("Hash", Some("16")),
            ("Clear Hash", None),
        ];
        let set = [
            ("hash".to_owned(), "64".to_owned()),
            ("SyzygyPath".to_owned(), "/tb".to_owned()),
        ];
        let held = EngineOptions::declared("new", declared, &set);
        assert_eq!(held.value("Threads"), Some("1"));
        assert_eq!(held.value("threads"), Some("1"));
        assert_eq!(held.value("Hash"), Some("64"));
        // A button has no value; an option the engine never declared holds none.
        assert_eq!(held.value("Clear Hash"), None);
        assert_eq!(held.value("SyzygyPath"), None);
        // Gomocup and AGI engines declare nothing: what was set is what they hold.
        let set = EngineOptions::set("brain", &set);
        assert_eq!(set.value("SyzygyPath"), Some("/tb"));
    }

    #[test]
    fn each_protocol_has_its_setoption() {
        assert_eq!(
            setoption_line(Protocol::Uci, "Skill Level", "3"),
            "setoption name Skill Level value 3"
        );
        assert_eq!(
            setoption_line(Protocol::Uci, "Clear Hash", ""),
            "setoption name Clear Hash"
        );
        assert_eq!(
            setoption_line(Protocol::Ucci, "hashsize", "16"),
            "setoption hashsize 16"
        );
        assert_eq!(
            setoption_line(Protocol::Ucci, "newgame", ""),
            "setoption newgame"
        );
    }
}
