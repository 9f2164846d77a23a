//! Engine options in match play: the `setoption` line of each protocol, and the options a
//! user set that the engine never declared — sent anyway, since the user asked, and recorded
//! in the game so the omission is visible.

use serde::Serialize;

use crate::protocol::{Protocol, ucci, uci};

/// An option the user set (`option.NAME=VALUE`) that the engine did not declare in its
/// handshake.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UndeclaredOption {
    pub engine: String,
    pub option: String,
}

/// The option names an engine declared among its handshake lines (UCCI `option NAME type …`,
/// UCI `option name NAME WITH SPACES type …`), read by the protocol's own codec; a line it
/// cannot read declares nothing (the protocol checks report it).
pub fn declared_names<'a>(protocol: Protocol, lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    lines
        .filter_map(|line| match protocol {
            Protocol::Uci => match uci::parse_message(line) {
                Ok(uci::Message::Option(declared)) => Some(declared.name),
                _ => None,
            },
            Protocol::Ucci => match ucci::parse_message(line) {
                Ok(ucci::Message::Option(declared)) => Some(declared.name),
                _ => None,
            },
            Protocol::Gomocup | Protocol::Agi => None,
        })
        .collect()
}

/// Whether `name` is among the declared names (UCI names are case-insensitive, and UCCI
/// engines are read the same way: no engine declares two options that differ in case).
pub fn is_declared(declared: &[String], name: &str) -> bool {
    declared.iter().any(|d| d.eq_ignore_ascii_case(name))
}

/// The line that sets an option, in the protocol's own words (the one form `arbiter run
/// --option` sends too); an empty value is a button's `setoption name NAME`.
pub fn setoption_line(protocol: Protocol, name: &str, value: &str) -> String {
    protocol
        .facts()
        .set_option(name, (!value.is_empty()).then_some(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_names_in_each_protocol() {
        let uci = [
            "id name X",
            "option name Hash type spin default 16 min 1 max 1024",
            "option name Skill Level type spin default 20 min 0 max 20",
            "uciok",
        ];
        assert_eq!(
            declared_names(Protocol::Uci, uci.into_iter()),
            ["Hash", "Skill Level"]
        );
        let ucci = ["option usemillisec type check default false", "ucciok"];
        let names = declared_names(Protocol::Ucci, ucci.into_iter());
        assert_eq!(names, ["usemillisec"]);
        assert!(is_declared(&names, "UseMillisec"));
        assert!(!is_declared(&names, "hashsize"));
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
