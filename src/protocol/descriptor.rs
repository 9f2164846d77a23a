//! The protocols Arbiter speaks, each described in one place: the [`Protocol`] enum, one
//! [`Descriptor`] per protocol in [`TABLE`], and [`with_codec!`](crate::protocol::with_codec),
//! the one step from a `Protocol` value to its codec type.
//!
//! Everything that differs between protocols as data (names, wire facts, games, spelling,
//! catalogue) is a field of the descriptor. What differs as code lives in the protocol's own
//! module of each layer, as a trait implemented on its codec type (the engine-side reader in
//! `check/`, the GUI-side reader in `check/gui/`, the GUI model in `fuzz/`, the engine in
//! `standin/`); a layer reaches it through `with_codec!`, so no layer matches on `Protocol`
//! itself. To add a protocol: a variant below, its row in [`TABLE`], its arm in `with_codec!`
//! (the compiler asks for each), and its modules.
//!
//! The build (`build/protocols.rs`) reads the variants of `enum Protocol` from this file (a variant's name
//! in lower case is the protocol's name, as serde writes it), so keep the enum's shape: one
//! variant a line, each after its doc comment.

use super::ReqId;
use super::facts::{Exchange, Facts, LineEnd, OptionCommand, SearchResult};
use super::game::GameKind;
use super::spelling::{self, LowerCaseMove, Respelling};

/// The four protocols Arbiter speaks.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// Universal Chinese Chess Protocol (xiangqi).
    Ucci,
    /// Universal Chess Interface (chess).
    Uci,
    /// Gomocup "pbrain" protocol (gomoku, renju).
    Gomocup,
    /// Amoyman Gobang Interface (gomoku).
    Agi,
}

/// One protocol: what every layer needs to know of it as data.
#[derive(Debug, Clone, Copy)]
pub struct Descriptor {
    pub protocol: Protocol,
    /// The lower-case name: on the command line, in reports, in `protocol:` lines of
    /// scenarios, as the prefix of its requirement ids (`ucci-r17`) and of its checks' names.
    pub name: &'static str,
    /// The games Arbiter can judge under the protocol; the first is the one its text was
    /// written for, the default.
    pub games: &'static [GameKind],
    /// The text makes keywords case-insensitive. Only AGI says so
    /// (「输入输出协议不区分大小写」, agi-r31): see [`Protocol::keywords_case_insensitive`].
    pub keywords_case_insensitive: bool,
    /// What the text says about the wire and the shape of a session.
    pub facts: Facts,
    /// The line in the text's own spelling, and what was changed ([`spelling::respell`]).
    pub respell: fn(&str) -> Respelling,
    /// A move token in the notation's letter case and the row it departs from, where the
    /// text's moves have a case to depart from (UCCI, UCI).
    pub lower_case_move: Option<LowerCaseMove>,
    /// The requirement catalogue, `scenarios/requirements/<name>.tsv`.
    pub catalogue: &'static str,
}

/// The clock- and machine-dependent fields of UCI `info` (uci-r107, r109, r123, r125, r127..129);
/// UCCI's `time` and `nodes` (ucci-r80) are among them.
const UCI_FAMILY_VOLATILE: &[&str] = &[
    "time", "nodes", "nps", "hashfull", "tbhits", "sbhits", "cpuload",
];
/// UCI `string` and UCCI `message` run to the end of the line (uci-r130, ucci-r87).
const UCI_FAMILY_FREE_TEXT: &[&str] = &["string", "message"];

/// Every protocol, in [`Protocol`]'s order (checked at compile time below).
pub(crate) const TABLE: [Descriptor; 4] = [
    Descriptor {
        protocol: Protocol::Ucci,
        name: "ucci",
        games: &[GameKind::Xiangqi],
        keywords_case_insensitive: false,
        facts: Facts {
            protocol: Protocol::Ucci,
            reads_any_case: false,
            gui_line_end: LineEnd::Lf,
            handshake: Some(Exchange {
                command: "ucci",
                reply: Some("ucciok"),
            }),
            ready: Some(Exchange {
                command: "isready",
                reply: Some("readyok"),
            }),
            quit: Exchange {
                command: "quit",
                reply: Some("bye"),
            },
            search_reports: &["info"],
            volatile_report_keys: UCI_FAMILY_VOLATILE,
            free_text_keys: UCI_FAMILY_FREE_TEXT,
            search_commands: &["go"],
            search_interrupts: &["stop", "ponderhit"],
            search_result: SearchResult::Keywords(&["bestmove", "nobestmove"]),
            search_reply_rows: &[ReqId::of(Protocol::Ucci, 99)],
            answer_reply_rows: &[],
            option_command: OptionCommand {
                lead: "setoption",
                between: " ",
            },
            engine_lines_end: false,
            engine_line_end_is_lf: false,
            engine_output_is_text: true,
            blank_engine_lines_ungraded: true,
            numbers_are_coordinates: false,
        },
        respell: spelling::ucci,
        lower_case_move: Some(spelling::ucci_lower_case),
        catalogue: include_str!("../../scenarios/requirements/ucci.tsv"),
    },
    Descriptor {
        protocol: Protocol::Uci,
        name: "uci",
        games: &[GameKind::Chess, GameKind::Xiangqi],
        keywords_case_insensitive: false,
        facts: Facts {
            protocol: Protocol::Uci,
            reads_any_case: false,
            gui_line_end: LineEnd::Lf,
            handshake: Some(Exchange {
                command: "uci",
                reply: Some("uciok"),
            }),
            ready: Some(Exchange {
                command: "isready",
                reply: Some("readyok"),
            }),
            quit: Exchange {
                command: "quit",
                reply: None,
            },
            search_reports: &["info"],
            volatile_report_keys: UCI_FAMILY_VOLATILE,
            free_text_keys: UCI_FAMILY_FREE_TEXT,
            search_commands: &["go"],
            search_interrupts: &["stop", "ponderhit"],
            search_result: SearchResult::Keywords(&["bestmove"]),
            search_reply_rows: &[ReqId::of(Protocol::Uci, 89), ReqId::of(Protocol::Uci, 90)],
            answer_reply_rows: &[],
            option_command: OptionCommand {
                lead: "setoption name",
                between: " value ",
            },
            engine_lines_end: true,
            engine_line_end_is_lf: false,
            engine_output_is_text: true,
            blank_engine_lines_ungraded: true,
            numbers_are_coordinates: false,
        },
        respell: spelling::uci,
        lower_case_move: Some(spelling::uci_lower_case),
        catalogue: include_str!("../../scenarios/requirements/uci.tsv"),
    },
    Descriptor {
        protocol: Protocol::Gomocup,
        name: "gomocup",
        games: &[GameKind::Gomoku],
        keywords_case_insensitive: false,
        facts: Facts {
            protocol: Protocol::Gomocup,
            reads_any_case: true,
            gui_line_end: LineEnd::CrLf,
            handshake: None,
            ready: None,
            quit: Exchange {
                command: "END",
                reply: None,
            },
            search_reports: &["MESSAGE", "DEBUG"],
            // MESSAGE and DEBUG are free text throughout.
            volatile_report_keys: &[],
            free_text_keys: &[],
            search_commands: &["BEGIN", "TURN", "DONE"],
            search_interrupts: &[],
            search_result: SearchResult::Point,
            search_reply_rows: &[
                ReqId::of(Protocol::Gomocup, 42),
                ReqId::of(Protocol::Gomocup, 44),
                ReqId::of(Protocol::Gomocup, 57),
            ],
            // START's OK (r40), RECTSTART's (r107), RESTART's (r110), TAKEBACK's (r113), the
            // ABOUT line (r98) and UNKNOWN to an unknown command (r19).
            answer_reply_rows: &[
                ReqId::of(Protocol::Gomocup, 19),
                ReqId::of(Protocol::Gomocup, 40),
                ReqId::of(Protocol::Gomocup, 98),
                ReqId::of(Protocol::Gomocup, 107),
                ReqId::of(Protocol::Gomocup, 110),
                ReqId::of(Protocol::Gomocup, 113),
            ],
            // Gomocup's settings are INFO keys.
            option_command: OptionCommand {
                lead: "INFO",
                between: " ",
            },
            engine_lines_end: false,
            engine_line_end_is_lf: false,
            engine_output_is_text: false,
            blank_engine_lines_ungraded: false,
            numbers_are_coordinates: true,
        },
        respell: spelling::gomocup,
        lower_case_move: None,
        catalogue: include_str!("../../scenarios/requirements/gomocup.tsv"),
    },
    Descriptor {
        protocol: Protocol::Agi,
        name: "agi",
        games: &[GameKind::Gomoku],
        keywords_case_insensitive: true,
        facts: Facts {
            protocol: Protocol::Agi,
            reads_any_case: true,
            gui_line_end: LineEnd::Lf,
            handshake: Some(Exchange {
                command: "AGI",
                reply: Some("AGIOK"),
            }),
            ready: Some(Exchange {
                command: "ISREADY",
                reply: Some("READYOK"),
            }),
            quit: Exchange {
                command: "QUIT",
                reply: Some("BYE"),
            },
            search_reports: &["INFO"],
            // The worked example's INFO lines carry NPS; engines add TIME and NODES as UCI does.
            volatile_report_keys: &["NPS", "TIME", "NODES"],
            free_text_keys: &[],
            search_commands: &["GO"],
            search_interrupts: &["STOP"],
            search_result: SearchResult::Keywords(&["BESTMOVE"]),
            search_reply_rows: &[ReqId::of(Protocol::Agi, 81)],
            answer_reply_rows: &[],
            option_command: OptionCommand {
                lead: "SETOPTION",
                between: " ",
            },
            engine_lines_end: true,
            engine_line_end_is_lf: true,
            engine_output_is_text: true,
            blank_engine_lines_ungraded: false,
            numbers_are_coordinates: false,
        },
        respell: spelling::agi,
        lower_case_move: None,
        catalogue: include_str!("../../scenarios/requirements/agi.tsv"),
    },
];

// Each row sits at its protocol's place, and says so in its facts too, so that
// `Protocol::descriptor` can index the table.
const _: () = {
    let mut i = 0;
    while i < TABLE.len() {
        assert!(TABLE[i].protocol as usize == i);
        assert!(TABLE[i].facts.protocol as usize == i);
        assert!(!TABLE[i].games.is_empty());
        i += 1;
    }
};

impl Protocol {
    /// Every protocol, in a fixed order (the table's).
    pub const ALL: [Protocol; TABLE.len()] = {
        let mut all = [Protocol::Ucci; TABLE.len()];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].protocol;
            i += 1;
        }
        all
    };

    /// The protocol's row of `TABLE`.
    pub const fn descriptor(self) -> &'static Descriptor {
        &TABLE[self as usize]
    }
}

/// Evaluates `$body` with `$codec` naming the protocol's codec type ([`ucci::Ucci`],
/// [`uci::Uci`], [`gomocup::Gomocup`], [`agi::Agi`]): the one `match` from a [`Protocol`]
/// value to code. A layer defines a trait for what it needs of each protocol, implements it
/// on the codec types in the protocol's own module, and calls it here:
/// `with_codec!(protocol, C => <C as EngineChecks>::reader(ctx))`.
///
/// [`ucci::Ucci`]: crate::protocol::ucci::Ucci
/// [`uci::Uci`]: crate::protocol::uci::Uci
/// [`gomocup::Gomocup`]: crate::protocol::gomocup::Gomocup
/// [`agi::Agi`]: crate::protocol::agi::Agi
macro_rules! with_codec {
    ($protocol:expr, $codec:ident => $body:expr) => {
        match $protocol {
            $crate::protocol::Protocol::Ucci => {
                type $codec = $crate::protocol::ucci::Ucci;
                $body
            }
            $crate::protocol::Protocol::Uci => {
                type $codec = $crate::protocol::uci::Uci;
                $body
            }
            $crate::protocol::Protocol::Gomocup => {
                type $codec = $crate::protocol::gomocup::Gomocup;
                $body
            }
            $crate::protocol::Protocol::Agi => {
                type $codec = $crate::protocol::agi::Agi;
                $body
            }
        }
    };
}
pub(crate) use with_codec;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Codec;

    #[test]
    fn each_codec_is_its_protocol_s() {
        for p in Protocol::ALL {
            assert_eq!(with_codec!(p, C => <C as Codec>::PROTOCOL), p);
            assert_eq!(p.descriptor().protocol, p);
        }
    }

    /// The build reads the names from the variants, as serde writes them.
    #[test]
    fn each_name_is_the_variant_as_serde_writes_it() {
        for p in Protocol::ALL {
            assert_eq!(
                serde_json::to_string(&p).unwrap(),
                format!("\"{}\"", p.descriptor().name)
            );
            assert_eq!(format!("{p:?}").to_lowercase(), p.descriptor().name);
        }
    }

    #[test]
    fn each_catalogue_is_its_protocol_s() {
        for p in Protocol::ALL {
            let first = p
                .descriptor()
                .catalogue
                .lines()
                .find(|l| !l.starts_with('#') && !l.trim().is_empty())
                .unwrap();
            assert!(first.starts_with(&format!("{}-r", p.name())), "{first}");
        }
    }
}
