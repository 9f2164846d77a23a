//! Engine options in match play: the `setoption` line of each protocol, and the options a
//! user set that the engine never declared — sent anyway, since the user asked, and recorded
//! in the game so the omission is visible.

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

/// Whether `name` is among the declared names (UCI names are case-insensitive, and UCCI
/// engines are read the same way: no engine declares two options that differ in case).
pub(crate) fn is_declared(declared: &[String], name: &str) -> bool {
    declared.iter().any(|d| d.eq_ignore_ascii_case(name))
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
