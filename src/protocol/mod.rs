//! Typed codecs for the four engine protocols: one line of text ↔ one typed value.
//!
//! Each protocol module (`ucci`, [`uci`], `gomocup`, `agi`) has the same shape:
//!
//! - `Command`: every GUI/manager → engine line of its text, `Display` = the line (no line end);
//!   `parse_command(line)` reads one line back.
//! - `Message`: every engine → GUI/manager line, `Display` = the line; `parse_message(line)`.
//!
//! Parsers are tolerant where the texts are (runs of spaces and tabs between tokens, a trailing
//! `\r`, keyword-value fields in any order) and precise where they are not: a malformed line is a
//! `ParseError` whose message names the token and what was expected, so a report can show an
//! engine author exactly what was wrong. Tolerances that a check may still want to grade (field
//! order, upper-case ICCS letters, lower-case Gomocup keywords) are documented per module with
//! the catalogue ids (`ucci-r17`, `uci-r56`, …) they rest on. `Display` always writes the
//! canonical form, so `parse(x.to_string()) == x` for every value the codecs can produce from a
//! line (property-tested in each module).

use std::fmt;
use std::str::FromStr;

pub(crate) mod agi;
pub(crate) mod gomocup;
pub(crate) mod ucci;
pub mod uci;

mod descriptor;
mod error;
mod facts;
pub(crate) mod family;
mod game;
pub(crate) mod keyword;
mod requirement;
pub(crate) mod spelling;
mod tokens;

pub use descriptor::Protocol;
pub(crate) use descriptor::with_codec;
pub(crate) use error::{LineError, ParseError};
pub use facts::{Exchange, Facts, LineEnd, OptionCommand, SearchResult};
pub use game::{GameKind, UnknownGame, WrongGame};
pub(crate) use keyword::Keyword;
pub use requirement::{BadReqId, ReqId};

/// One protocol's codec: a line of text to and from a typed value. Implemented once per
/// protocol ([`ucci::Ucci`], [`uci::Uci`], [`gomocup::Gomocup`], [`agi::Agi`]), so code that
/// works on any protocol (the checks' exchange readers, the fuzzer) is written once.
pub(crate) trait Codec {
    const PROTOCOL: Protocol;
    /// A GUI → engine line; `Display` writes the line.
    type Command: fmt::Display + fmt::Debug + Clone;
    /// An engine → GUI line; `Display` writes the line.
    type Message: fmt::Display + fmt::Debug + Clone;
    /// The words a command opens with: what a line that does not read meant to be.
    type CommandKeyword: Keyword;
    /// The words a message opens with.
    type MessageKeyword: Keyword;
    /// A GUI → engine line as an engine reads it: in the text's spelling, or in one the text
    /// leaves open ([`spelling`]: `moves E2E4`, `TURN 7, 7`), so that whoever follows the
    /// game from the GUI's commands follows the one the engine plays. The module's own
    /// `parse_command` reads the text's spelling only, for judging the GUI.
    fn parse_command(line: &str) -> Result<Self::Command, LineError<Self::CommandKeyword>>;
    /// An engine → GUI line in the text's spelling ([`spelling::respell`] reads the others,
    /// so a check can warn about them).
    fn parse_message(line: &str) -> Result<Self::Message, LineError<Self::MessageKeyword>>;
}

/// Implements [`Codec`] for a protocol module's `Command`, `Message` and parse functions.
macro_rules! codec {
    ($name:ident, $protocol:expr) => {
        /// This protocol's [`Codec`](crate::protocol::Codec).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(crate) struct $name;

        impl crate::protocol::Codec for $name {
            const PROTOCOL: crate::protocol::Protocol = $protocol;
            type Command = Command;
            type Message = Message;
            type CommandKeyword = CommandKeyword;
            type MessageKeyword = MessageKeyword;

            fn parse_command(
                line: &str,
            ) -> Result<Command, crate::protocol::LineError<CommandKeyword>> {
                crate::protocol::spelling::leniently($protocol, line, parse_command)
            }

            fn parse_message(
                line: &str,
            ) -> Result<Message, crate::protocol::LineError<MessageKeyword>> {
                parse_message(line)
            }
        }
    };
}
pub(crate) use codec;

impl Protocol {
    /// The lower-case name used on the command line and in reports (`ucci`, `uci`, …).
    pub const fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// Whether the protocol's text makes keywords case-insensitive.
    ///
    /// Only AGI says so (「输入输出协议不区分大小写」, agi-r31). UCCI and UCI never mention case
    /// (ucci A29; UCI makes only option names and values case-insensitive, uci-r36): their
    /// keywords are lower case and the codecs require that, reporting
    /// `ParseError::WrongCase` otherwise. The Gomocup text is silent too (gomocup A6: every
    /// keyword in it is upper case, and a lower-case `ok` from a brain should be a *warning*);
    /// so this returns `false` for Gomocup, but its codec *accepts* any case so that a check can
    /// grade the case separately with `gomocup::keyword_in_canonical_case`.
    pub const fn keywords_case_insensitive(self) -> bool {
        self.descriptor().keywords_case_insensitive
    }

    /// The names, for a message listing them: `ucci, uci, gomocup or agi`.
    pub fn names_listed() -> String {
        let names: Vec<&str> = Protocol::ALL.iter().map(|p| p.name()).collect();
        match names.split_last() {
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A protocol name that is not one of `ucci`, `uci`, `gomocup`, `agi`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown protocol {:?}: expected {}", .0, Protocol::names_listed())]
pub struct UnknownProtocol(pub String);

impl FromStr for Protocol {
    type Err = UnknownProtocol;

    /// Reads a protocol name in any letter case.
    fn from_str(s: &str) -> Result<Protocol, UnknownProtocol> {
        Protocol::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownProtocol(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for p in Protocol::ALL {
            assert_eq!(p.to_string().parse::<Protocol>(), Ok(p));
        }
        assert_eq!("UCCI".parse::<Protocol>(), Ok(Protocol::Ucci));
        assert_eq!(
            "xboard".parse::<Protocol>().unwrap_err().to_string(),
            "unknown protocol \"xboard\": expected ucci, uci, gomocup or agi"
        );
    }

    #[test]
    fn case_and_line_endings() {
        let insensitive: Vec<_> = Protocol::ALL
            .into_iter()
            .filter(|p| p.keywords_case_insensitive())
            .collect();
        assert_eq!(insensitive, [Protocol::Agi]);
        assert_eq!(Protocol::Gomocup.facts().gui_line_end, LineEnd::CrLf);
        assert_eq!(Protocol::Uci.facts().gui_line_end, LineEnd::Lf);
    }
}
