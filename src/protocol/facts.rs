//! What each protocol's text says about the wire and the shape of a session, in one place:
//! line ends, letter case, the handshake, how a session ends, which lines report a search.
//!
//! The session, the checks, golden transcripts and the scenario runner read these facts
//! instead of spelling `"quit"` or `"\r\n"` themselves.

use super::Protocol;

/// The end of a line on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LineEnd {
    Lf,
    CrLf,
    Cr,
}

impl LineEnd {
    /// The bytes of the line end.
    pub const fn as_str(self) -> &'static str {
        match self {
            LineEnd::Lf => "\n",
            LineEnd::CrLf => "\r\n",
            LineEnd::Cr => "\r",
        }
    }

    /// Reads the names scenario files use: `lf`, `crlf`, `cr` (any case).
    pub fn from_name(name: &str) -> Option<LineEnd> {
        [LineEnd::Lf, LineEnd::CrLf, LineEnd::Cr]
            .into_iter()
            .find(|end| end.name().eq_ignore_ascii_case(name.trim()))
    }

    pub const fn name(self) -> &'static str {
        match self {
            LineEnd::Lf => "lf",
            LineEnd::CrLf => "crlf",
            LineEnd::Cr => "cr",
        }
    }
}

/// A command the GUI sends and the reply that answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exchange {
    pub command: &'static str,
    /// `None` where the text gives the command no reply (UCI `quit`, Gomocup `END`).
    pub reply: Option<&'static str>,
}

/// One protocol's facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    pub protocol: Protocol,
    /// The codec reads keywords in any letter case (AGI says so, agi-r31; Gomocup's codec
    /// accepts any case so a check can grade it, gomocup A6). UCCI and UCI keywords are
    /// lower case.
    pub reads_any_case: bool,
    /// The line end the GUI or manager writes: CR LF for Gomocup (gomocup-r07), LF for AGI
    /// (agi-r02) and UCI (uci-r06); UCCI does not say, and LF is what its engines read.
    pub gui_line_end: LineEnd,
    /// The exchange that opens a session (`ucci` → `ucciok`); Gomocup has none.
    pub handshake: Option<Exchange>,
    /// `isready` → `readyok`; Gomocup has none.
    pub ready: Option<Exchange>,
    /// How the GUI ends a session.
    pub quit: Exchange,
    /// The first words of the engine's search reports: lines whose number and content depend
    /// on timing (`info`; Gomocup's `MESSAGE` and `DEBUG`).
    pub search_reports: &'static [&'static str],
    /// Search-report fields whose values depend on the clock or the machine rather than on the
    /// engine's logic (golden transcripts show them as placeholders).
    pub volatile_report_keys: &'static [&'static str],
    /// Search-report fields that take the rest of the line as free text.
    pub free_text_keys: &'static [&'static str],
    /// The GUI's commands that set the engine thinking (`go`; Gomocup's `BEGIN`, `TURN` and
    /// the `DONE` that ends a `BOARD`), so a run can count the cores its searches hold.
    pub search_commands: &'static [&'static str],
}

/// The clock- and machine-dependent fields of UCI `info` (uci-r107, r109, r123, r125, r127..129);
/// UCCI's `time` and `nodes` (ucci-r80) are among them.
const UCI_FAMILY_VOLATILE: &[&str] = &[
    "time", "nodes", "nps", "hashfull", "tbhits", "sbhits", "cpuload",
];
/// UCI `string` and UCCI `message` run to the end of the line (uci-r130, ucci-r87).
const UCI_FAMILY_FREE_TEXT: &[&str] = &["string", "message"];

const UCCI: Facts = Facts {
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
};

const UCI: Facts = Facts {
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
};

const GOMOCUP: Facts = Facts {
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
};

const AGI: Facts = Facts {
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
};

impl Facts {
    /// Whether `word` is `keyword` as this protocol reads keywords.
    pub fn is_keyword(&self, word: &str, keyword: &str) -> bool {
        if self.reads_any_case {
            word.eq_ignore_ascii_case(keyword)
        } else {
            word == keyword
        }
    }

    /// Whether the line's first word is `keyword`.
    pub fn starts_with_keyword(&self, line: &str, keyword: &str) -> bool {
        line.split_whitespace()
            .next()
            .is_some_and(|word| self.is_keyword(word, keyword))
    }

    /// Whether the line is the command that ends a session.
    pub fn is_quit(&self, line: &str) -> bool {
        self.starts_with_keyword(line, self.quit.command)
    }

    /// The command that sets an engine option (`--option NAME=VALUE`), in the protocol's own
    /// words: UCI `setoption name N value V`, UCCI `setoption N V`, AGI `SETOPTION N V`, and
    /// Gomocup, whose settings are INFO keys, `INFO N V`. Without a value: the option's name
    /// alone (a UCI button).
    pub fn set_option(&self, name: &str, value: Option<&str>) -> String {
        let (lead, between) = match self.protocol {
            Protocol::Uci => ("setoption name", " value "),
            Protocol::Ucci => ("setoption", " "),
            Protocol::Agi => ("SETOPTION", " "),
            Protocol::Gomocup => ("INFO", " "),
        };
        match value {
            Some(value) => format!("{lead} {name}{between}{value}"),
            None => format!("{lead} {name}"),
        }
    }

    /// Whether a GUI command sets the engine thinking.
    pub fn starts_search(&self, command: &str) -> bool {
        self.search_commands
            .iter()
            .any(|keyword| self.starts_with_keyword(command, keyword))
    }

    /// Whether an engine line is a search report.
    pub fn is_search_report(&self, line: &str) -> bool {
        self.search_reports
            .iter()
            .any(|keyword| self.starts_with_keyword(line, keyword))
    }
}

impl Protocol {
    /// What the protocol's text says about the wire and the session.
    pub const fn facts(self) -> &'static Facts {
        match self {
            Protocol::Ucci => &UCCI,
            Protocol::Uci => &UCI,
            Protocol::Gomocup => &GOMOCUP,
            Protocol::Agi => &AGI,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quit_and_reports_are_read_as_the_protocol_reads_keywords() {
        assert!(Protocol::Agi.facts().is_quit("quit"));
        assert!(Protocol::Gomocup.facts().is_quit("end"));
        assert!(!Protocol::Uci.facts().is_quit("QUIT"));
        assert!(Protocol::Ucci.facts().is_search_report("info depth 3"));
        assert!(Protocol::Gomocup.facts().is_search_report("DEBUG x"));
        assert!(!Protocol::Uci.facts().is_search_report("bestmove e2e4"));
        for p in Protocol::ALL {
            assert_eq!(p.facts().protocol, p);
        }
    }

    #[test]
    fn options_are_set_in_each_protocol_s_words() {
        assert_eq!(
            Protocol::Uci.facts().set_option("Hash", Some("64")),
            "setoption name Hash value 64"
        );
        assert_eq!(
            Protocol::Uci.facts().set_option("Clear Hash", None),
            "setoption name Clear Hash"
        );
        assert_eq!(
            Protocol::Ucci.facts().set_option("hashsize", Some("32")),
            "setoption hashsize 32"
        );
        assert_eq!(
            Protocol::Gomocup
                .facts()
                .set_option("max_memory", Some("83886080")),
            "INFO max_memory 83886080"
        );
        assert_eq!(
            Protocol::Agi.facts().set_option("PONDER", Some("OFF")),
            "SETOPTION PONDER OFF"
        );
    }

    #[test]
    fn line_end_names_round_trip() {
        for end in [LineEnd::Lf, LineEnd::CrLf, LineEnd::Cr] {
            assert_eq!(LineEnd::from_name(end.name()), Some(end));
        }
        assert_eq!(LineEnd::from_name("CRLF"), Some(LineEnd::CrLf));
        assert_eq!(LineEnd::from_name("nl"), None);
    }
}
