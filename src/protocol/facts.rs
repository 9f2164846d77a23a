//! What a protocol's text says about the wire and the shape of a session: line ends, letter
//! case, the handshake, how a session ends, which lines report a search. Each protocol's facts
//! are a field of its row in the descriptor table (`descriptor.rs`).
//!
//! The session, the checks, golden transcripts and the scenario runner read these facts
//! instead of spelling `"quit"` or `"\r\n"` themselves, or asking which protocol it is.

use super::Protocol;
use super::ReqId;

/// The end of a line on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LineEnd {
    /// A line feed alone, `\n` (`lf`).
    Lf,
    /// A carriage return then a line feed, `\r\n` (`crlf`): what Gomocup managers write.
    CrLf,
    /// A carriage return alone, `\r` (`cr`).
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

    /// The name scenario files and JSON reports give it: `lf`, `crlf`, `cr`.
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
    /// The command as the GUI writes it: `isready`, Gomocup `END`.
    pub command: &'static str,
    /// `None` where the text gives the command no reply (UCI `quit`, Gomocup `END`).
    pub reply: Option<&'static str>,
}

/// One protocol's facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    /// The protocol whose text these facts are taken from.
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
    /// The GUI's commands that end or release a search (`stop`, `ponderhit`): a search's
    /// output right after one answers it.
    pub search_interrupts: &'static [&'static str],
    /// The line that ends a search: its result (`bestmove`), or in Gomocup the brain's move.
    pub search_result: SearchResult,
    /// The rows that say a search command gets its reply (UCCI's one `bestmove`/`nobestmove`
    /// per `go`, ucci-r99; a Gomocup move for `BEGIN`, `TURN` and `DONE`): an engine that dies
    /// while such a reply is owed breaks them as well as the process rule.
    pub search_reply_rows: &'static [ReqId],
    /// The rows that say a command other than a search gets a one-line answer (Gomocup's
    /// START, RECTSTART, RESTART, TAKEBACK, ABOUT, and UNKNOWN to an unknown command), where
    /// the engine-side reader keeps such an answer owed: an engine that dies while one is
    /// owed breaks that row as well as the process rule (PPay dies of an INFO it read before
    /// START, and so never answers START). UCI, UCCI and AGI keep none: their boot and
    /// `isready` answers are judged by their own checks.
    pub answer_reply_rows: &'static [ReqId],
    /// How the GUI sets an engine option, in the protocol's own words.
    pub option_command: OptionCommand,
    /// The text says every line the engine writes ends with a line end (uci-r07, agi-r03),
    /// so an unterminated last fragment fails. UCCI says only that a reply is one line, and
    /// Gomocup lets the brain choose its line end: a fragment there is a warning.
    pub engine_lines_end: bool,
    /// The engine's lines end with LF (agi-r03), so a bare CR is no line end (AGI).
    pub engine_line_end_is_lf: bool,
    /// The text says the engine writes text (uci-r01, UCCI's 「通信内容为文本」, agi-r03), so
    /// a byte no text has fails. Gomocup's says only that a brain uses stdio functions
    /// (gomocup-r02): there a byte the console cannot show is its code-page should (r131).
    pub engine_output_is_text: bool,
    /// A whitespace-only engine line is recorded as read, never graded: UCI remark 5 ("Extra
    /// whitespace in engine output is not graded"), UCCI A29 ("accept LF or CR LF and any run
    /// of blanks from the engine"). Stockfish prints one in every handshake.
    pub blank_engine_lines_ungraded: bool,
    /// The numbers outside the search reports are points and sizes of the move notation
    /// (Gomocup's `X,Y`), so a `+` sign there departs from the notation rather than from the
    /// line's own form.
    pub numbers_are_coordinates: bool,
}

/// How a protocol's engine ends a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchResult {
    /// A line opening with one of these keywords (`bestmove`, `nobestmove`).
    Keywords(&'static [&'static str]),
    /// A point, `X,Y` (Gomocup's move, blanks allowed around the comma).
    Point,
}

/// The command that sets an engine option: `{lead} {name}{between}{value}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionCommand {
    /// The words before the option's name: `setoption name` (UCI), `INFO` (Gomocup).
    pub lead: &'static str,
    /// What separates name and value: ` value ` (UCI), a blank elsewhere.
    pub between: &'static str,
}

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
        let OptionCommand { lead, between } = self.option_command;
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

    /// Whether a GUI command ends or releases a search.
    pub fn interrupts_search(&self, command: &str) -> bool {
        self.is_quit(command)
            || self
                .search_interrupts
                .iter()
                .any(|keyword| self.starts_with_keyword(command, keyword))
    }

    /// Whether an engine line is a search's result: its move (`bestmove`, a Gomocup point).
    pub fn is_search_result(&self, line: &str) -> bool {
        match self.search_result {
            SearchResult::Keywords(keywords) => keywords
                .iter()
                .any(|keyword| self.starts_with_keyword(line, keyword)),
            SearchResult::Point => line.split_once(',').is_some_and(|(x, y)| {
                let number = |t: &str| {
                    let t = t.trim();
                    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
                };
                number(x) && number(y)
            }),
        }
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
        &self.descriptor().facts
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
