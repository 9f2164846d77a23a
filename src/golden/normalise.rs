//! A transcript as golden text: one line per line exchanged, `>` sent and `<` received, then
//! how the engine ended. What changes between two runs of an unchanged engine (timestamps,
//! clock readings, node counts, speed) is left out or replaced by a placeholder, so that a
//! difference means the engine's behaviour changed.

use regex_lite::Regex;

use crate::protocol::Protocol;
use crate::session::{At, Direction, Transcript};

/// The rules a transcript is normalised by. They are written into each golden file, so a
/// later comparison can use the same rules without repeating them on the command line.
#[derive(Debug, Clone, Default)]
pub struct Rules {
    /// Leave out search reports (`info`, AGI `INFO`, Gomocup `MESSAGE`/`DEBUG`), whose number
    /// depends on timing when a search is bounded by time rather than depth.
    pub drop_info: bool,
    /// User patterns: each match (or, when the pattern has groups, each group) becomes
    /// `[redacted]`.
    pub redact: Vec<Regex>,
}

impl Rules {
    /// Whether the rules change nothing.
    pub fn is_empty(&self) -> bool {
        !self.drop_info && self.redact.is_empty()
    }

    /// The rules as golden-file header lines (without the `# rules: ` prefix).
    pub(crate) fn describe(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if self.drop_info {
            lines.push("drop-info".to_owned());
        }
        lines.extend(self.redact.iter().map(|r| format!("redact {}", r.as_str())));
        lines
    }

    /// Reads one description line back; an error for a rule this version does not know.
    pub(crate) fn add_described(&mut self, line: &str) -> Result<(), RuleError> {
        match line.split_once(' ') {
            _ if line == "drop-info" => self.drop_info = true,
            Some(("redact", pattern)) => {
                self.redact
                    .push(Regex::new(pattern).map_err(|source| RuleError::BadRedact {
                        pattern: pattern.to_owned(),
                        source,
                    })?)
            }
            _ => return Err(RuleError::Unknown(line.to_owned())),
        }
        Ok(())
    }
}

/// A golden file's rule line that does not read back.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RuleError {
    /// A rule this version does not know (a newer Arbiter's, or a hand edit).
    #[error("unknown rule `{0}`")]
    Unknown(String),
    /// `redact` with a pattern that is no regular expression.
    #[error("bad redact pattern `{pattern}`: {source}")]
    BadRedact {
        pattern: String,
        #[source]
        source: regex_lite::Error,
    },
}

/// One line of golden text, with the time it happened (for pointing a report at it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoldenLine {
    pub text: String,
    pub at: At,
}

/// The golden lines of a transcript under `rules`. Standard error is left out: engines write
/// diagnostics there freely, and the protocols say nothing about it.
pub fn normalise(transcript: &Transcript, protocol: Protocol, rules: &Rules) -> Vec<GoldenLine> {
    let mut lines = Vec::new();
    for entry in &transcript.entries {
        let text = match entry.direction {
            Direction::Stderr => continue,
            // How much a flood left out depends on timing; that it did is what matters.
            Direction::Omitted => "= lines of a flood not kept".to_owned(),
            Direction::Sent => format!("> {}", redact_user(&entry.text, rules)),
            Direction::Received => {
                if rules.drop_info && protocol.facts().is_search_report(&entry.text) {
                    continue;
                }
                let built_in = redact_volatile(protocol, &entry.text);
                let mut text = format!("< {}", redact_user(&built_in, rules));
                if entry.non_utf8 {
                    text.push_str("  [not UTF-8]");
                }
                if entry.dropped_bytes > 0 {
                    text.push_str("  [cut]");
                }
                text
            }
        };
        lines.push(GoldenLine { text, at: entry.at });
    }
    // The end of the session comes after its last line.
    let end = At {
        seq: transcript.entries.last().map_or(0, |e| e.at.seq + 1),
        us: transcript.entries.last().map_or(0, |e| e.at.us),
    };
    if transcript.stdout_overflow.is_some() {
        lines.push(GoldenLine {
            text: "= the engine flooded its output".into(),
            at: end,
        });
    }
    if let Some(exit) = &transcript.exit {
        let text = match (exit.killed_by_harness, exit.code, exit.signal) {
            (true, _, _) => "= killed by the harness".to_owned(),
            (false, Some(code), _) => format!("= exit code {code}"),
            (false, None, Some(signal)) => format!("= killed by signal {signal}"),
            (false, None, None) => "= ended, status unknown".to_owned(),
        };
        lines.push(GoldenLine {
            text,
            at: At {
                us: exit.at_us.max(end.us),
                ..end
            },
        });
    }
    lines
}

/// Replaces the values of clock- and machine-dependent search-report fields by `[key]`
/// (which fields: the protocol's facts). Free text (`info string …`, UCCI `info message …`) is
/// left alone: it runs to the end of the line.
fn redact_volatile(protocol: Protocol, line: &str) -> String {
    let facts = protocol.facts();
    if facts.volatile_report_keys.is_empty() || !facts.is_search_report(line) {
        return line.to_owned();
    }
    let is_one_of = |word: &str, keys: &[&str]| keys.iter().any(|k| facts.is_keyword(word, k));
    let mut out: Vec<String> = Vec::new();
    let mut words = line.split(' ').peekable();
    while let Some(word) = words.next() {
        out.push(word.to_owned());
        if is_one_of(word, facts.free_text_keys) {
            out.extend(words.by_ref().map(str::to_owned));
            break;
        }
        if is_one_of(word, facts.volatile_report_keys)
            && let Some(value) = words.peek()
            && !value.is_empty()
        {
            out.push(format!("[{}]", word.to_ascii_lowercase()));
            words.next();
        }
    }
    out.join(" ")
}

/// Applies the user's patterns: a pattern with groups redacts only what its groups matched.
fn redact_user(line: &str, rules: &Rules) -> String {
    let mut text = line.to_owned();
    for pattern in &rules.redact {
        let mut spans = Vec::new();
        for caps in pattern.captures_iter(&text) {
            let groups: Vec<_> = caps.iter().skip(1).flatten().collect();
            if groups.is_empty() {
                spans.extend(caps.get(0).map(|m| m.range()));
            } else {
                spans.extend(groups.iter().map(|m| m.range()));
            }
        }
        spans.sort_by_key(|r| std::cmp::Reverse(r.start));
        let mut last_start = usize::MAX;
        for span in spans {
            // Nested groups overlap; the outermost replacement already covers them.
            if span.end > last_start || span.is_empty() {
                continue;
            }
            text.replace_range(span.clone(), "[redacted]");
            last_start = span.start;
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Entry, ExitRecord};

    fn entry(at_us: u64, direction: Direction, text: &str) -> Entry {
        Entry {
            direction,
            ..Entry::sent(
                At {
                    seq: at_us,
                    us: at_us,
                },
                text,
            )
        }
    }

    fn texts(lines: &[GoldenLine]) -> Vec<&str> {
        lines.iter().map(|l| l.text.as_str()).collect()
    }

    fn transcript(entries: Vec<Entry>) -> Transcript {
        Transcript {
            entries,
            exit: Some(ExitRecord {
                at_us: 900,
                code: Some(0),
                signal: None,
                killed_by_harness: false,
            }),
            ..Transcript::default()
        }
    }

    #[test]
    fn clock_and_node_figures_are_placeholders_and_stderr_is_left_out() {
        let t = transcript(vec![
            entry(1, Direction::Sent, "go depth 3"),
            entry(2, Direction::Stderr, "debug: started"),
            entry(
                3,
                Direction::Received,
                "info depth 3 score cp 20 time 14 nodes 5021 nps 358642 pv e2e4",
            ),
            entry(4, Direction::Received, "info string time 5 is not redacted"),
            entry(5, Direction::Received, "bestmove e2e4"),
        ]);
        let lines = normalise(&t, Protocol::Uci, &Rules::default());
        assert_eq!(
            texts(&lines),
            [
                "> go depth 3",
                "< info depth 3 score cp 20 time [time] nodes [nodes] nps [nps] pv e2e4",
                "< info string time 5 is not redacted",
                "< bestmove e2e4",
                "= exit code 0",
            ]
        );
    }

    #[test]
    fn agi_keys_are_matched_without_regard_to_case() {
        let t = transcript(vec![entry(
            1,
            Direction::Received,
            "info depth 4 nps 786000",
        )]);
        let lines = normalise(&t, Protocol::Agi, &Rules::default());
        assert_eq!(lines[0].text, "< info depth 4 nps [nps]");
    }

    #[test]
    fn drop_info_leaves_out_search_reports_of_each_protocol() {
        let rules = Rules {
            drop_info: true,
            ..Rules::default()
        };
        let t = transcript(vec![
            entry(1, Direction::Received, "MESSAGE thinking"),
            entry(2, Direction::Received, "DEBUG depth 3"),
            entry(3, Direction::Received, "7,7"),
        ]);
        assert_eq!(
            texts(&normalise(&t, Protocol::Gomocup, &rules)),
            ["< 7,7", "= exit code 0"]
        );
    }

    #[test]
    fn user_patterns_redact_the_match_or_only_its_groups() {
        let rules = Rules {
            drop_info: false,
            redact: vec![
                Regex::new(r"score cp (-?\d+)").unwrap(),
                Regex::new(r"id name \S+").unwrap(),
            ],
        };
        let t = transcript(vec![
            entry(1, Direction::Received, "info depth 1 score cp -35 pv a0a1"),
            entry(2, Direction::Received, "id name Engine 2.1"),
        ]);
        let lines = normalise(&t, Protocol::Ucci, &rules);
        assert_eq!(lines[0].text, "< info depth 1 score cp [redacted] pv a0a1");
        assert_eq!(lines[1].text, "< [redacted] 2.1");
    }

    #[test]
    fn rules_survive_their_description() {
        let rules = Rules {
            drop_info: true,
            redact: vec![Regex::new(r"score (\S+ -?\d+)").unwrap()],
        };
        let mut back = Rules::default();
        for line in rules.describe() {
            back.add_described(&line).unwrap();
        }
        assert_eq!(back.describe(), rules.describe());
        assert!(matches!(
            back.add_described("shuffle"),
            Err(RuleError::Unknown(rule)) if rule == "shuffle"
        ));
        assert!(matches!(
            back.add_described("redact ("),
            Err(RuleError::BadRedact { pattern, .. }) if pattern == "("
        ));
    }

    #[test]
    fn how_the_engine_ended_is_the_last_line() {
        let mut t = transcript(vec![entry(1, Direction::Sent, "quit")]);
        t.exit = Some(ExitRecord {
            at_us: 5,
            code: None,
            signal: Some(9),
            killed_by_harness: true,
        });
        assert_eq!(
            texts(&normalise(&t, Protocol::Ucci, &Rules::default())),
            ["> quit", "= killed by the harness"]
        );
    }
}
