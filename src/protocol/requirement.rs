//! Requirement ids: the rows of the requirement catalogues (`ucci-r17`, `uci-r56`, …) that
//! every check, scenario and finding cites.
//!
//! An id is a value, not a string. The ids the code cites are read at compile time, through
//! [`req!`](crate::req) and [`reqs!`](crate::reqs) (each a [`ReqId::new`] in a `const`), so a
//! misspelt one stops the build; ids from files are read with [`str::parse`].

use std::fmt;
use std::str::FromStr;

use super::Protocol;

/// One row of a protocol's requirement catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReqId {
    protocol: Protocol,
    number: u16,
}

/// A text that is not `<protocol>-r<number>`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a requirement id such as ucci-r17, uci-r56, gomocup-r40 or agi-r12")]
pub struct BadReqId(pub String);

impl ReqId {
    /// Reads `ucci-r17`. Meant for constants: in a `const` a malformed id stops the build.
    ///
    /// # Panics
    /// On a malformed id (at compile time when evaluated in a `const`).
    pub const fn new(text: &str) -> ReqId {
        match ReqId::parse(text) {
            Some(id) => id,
            None => panic!("malformed requirement id"),
        }
    }

    /// Row `number` of `protocol`'s catalogue, for the protocol table itself, which
    /// [`ReqId::new`] cannot be used in (it reads the protocol's name from that table).
    pub const fn of(protocol: Protocol, number: u16) -> ReqId {
        ReqId { protocol, number }
    }

    /// Reads `ucci-r17`, or `None`.
    pub const fn parse(text: &str) -> Option<ReqId> {
        let bytes = text.as_bytes();
        let mut p = 0;
        while p < Protocol::ALL.len() {
            let protocol = Protocol::ALL[p];
            let prefix = protocol.name().as_bytes();
            if let Some(number) = number_after(bytes, prefix) {
                return Some(ReqId { protocol, number });
            }
            p += 1;
        }
        None
    }

    /// The protocol whose catalogue holds the row: UCCI for `ucci-r17`.
    pub const fn protocol(self) -> Protocol {
        self.protocol
    }

    /// The row's number within its catalogue: 17 for `ucci-r17`, 7 for `uci-r07`.
    pub const fn number(self) -> u16 {
        self.number
    }
}

/// The number in `<prefix>-r<digits>`, if `bytes` is exactly that.
const fn number_after(bytes: &[u8], prefix: &[u8]) -> Option<u16> {
    if bytes.len() < prefix.len() + 3 {
        return None;
    }
    let mut i = 0;
    while i < prefix.len() {
        if bytes[i] != prefix[i] {
            return None;
        }
        i += 1;
    }
    if bytes[i] != b'-' || bytes[i + 1] != b'r' {
        return None;
    }
    i += 2;
    let mut number: u32 = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !b.is_ascii_digit() || number > 9999 {
            return None;
        }
        number = number * 10 + (b - b'0') as u32;
        i += 1;
    }
    if number == 0 {
        return None;
    }
    Some(number as u16)
}

/// A requirement id read at compile time: `req!("ucci-r17")`. A malformed id stops the build,
/// where [`ReqId::new`] outside a `const` would panic only when the line runs:
///
/// ```
/// assert_eq!(arbiter::req!("uci-r7").to_string(), "uci-r07");
/// ```
///
/// ```compile_fail
/// let id = arbiter::req!("uci-7");
/// ```
#[macro_export]
macro_rules! req {
    ($id:literal) => {
        const { $crate::protocol::ReqId::new($id) }
    };
}

/// A slice of requirement ids read at compile time: `reqs!["ucci-r45", "ucci-r135"]`.
#[macro_export]
macro_rules! reqs {
    ($($id:literal),* $(,)?) => {{
        const IDS: &[$crate::protocol::ReqId] = &[$($crate::protocol::ReqId::new($id)),*];
        IDS
    }};
}

impl fmt::Display for ReqId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The catalogues write at least two digits: `uci-r07`.
        write!(f, "{}-r{:02}", self.protocol.name(), self.number)
    }
}

impl FromStr for ReqId {
    type Err = BadReqId;

    fn from_str(text: &str) -> Result<ReqId, BadReqId> {
        ReqId::parse(text.trim()).ok_or_else(|| BadReqId(text.to_owned()))
    }
}

impl serde::Serialize for ReqId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for ReqId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<ReqId, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ids_read_and_print_alike() {
        const ID: ReqId = ReqId::new("gomocup-r40");
        assert_eq!(ID.protocol(), Protocol::Gomocup);
        assert_eq!(ID.number(), 40);
        assert_eq!(ID.to_string(), "gomocup-r40");
        assert_eq!(ReqId::new("uci-r7").to_string(), "uci-r07");
        assert_eq!(ReqId::new("uci-r07"), ReqId::new("uci-r7"));
        // `uci` is a prefix of `ucci` only in letters, not in the id grammar.
        assert_eq!(
            "ucci-r7".parse::<ReqId>().unwrap().protocol(),
            Protocol::Ucci
        );
        assert_eq!("uci-r7".parse::<ReqId>().unwrap().protocol(), Protocol::Uci);
        for bad in [
            "",
            "ucci",
            "ucci-r",
            "ucci-r0",
            "ucci-rx",
            "ucci-17",
            "xboard-r1",
            "uci-r1a",
        ] {
            assert!(bad.parse::<ReqId>().is_err(), "{bad}");
        }
        assert_eq!(reqs!["agi-r3", "uci-r56"].len(), 2);
    }

    proptest! {
        #[test]
        fn every_printed_id_reads_back(p in 0usize..4, n in 1u16..10_000) {
            let id = ReqId { protocol: Protocol::ALL[p], number: n };
            prop_assert_eq!(id.to_string().parse::<ReqId>(), Ok(id));
        }

        #[test]
        fn reading_never_panics(text in "\\PC{0,12}") {
            let _ = text.parse::<ReqId>();
        }
    }
}
