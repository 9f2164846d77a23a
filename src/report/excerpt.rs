//! The transcript lines around a finding, as every report shows them.

use crate::check::printable;
use crate::session::{Direction, Entry, Transcript};

/// How many lines before and after a finding an excerpt shows.
const BEFORE: usize = 5;
const AFTER: usize = 2;

/// Entries around `at_us`, with the index of the one at `at_us` (if any).
pub fn around(transcript: &Transcript, at_us: u64) -> (Vec<&Entry>, Option<usize>) {
    let focus = transcript.index_at(at_us);
    let start = focus.saturating_sub(BEFORE);
    let end = (focus + AFTER + 1).min(transcript.entries.len());
    let marked = (focus < transcript.entries.len() && transcript.entries[focus].at_us == at_us)
        .then_some(focus - start);
    (transcript.entries[start..end].iter().collect(), marked)
}

/// One entry as a transcript line: time, direction arrow, text.
pub fn format_entry(entry: &Entry) -> String {
    let arrow = match entry.direction {
        Direction::Sent => ">",
        Direction::Received => "<",
        Direction::Stderr => "!",
    };
    let mut flags = String::new();
    if entry.non_utf8 {
        flags.push_str("  [not UTF-8]");
    }
    if entry.dropped_bytes > 0 {
        flags.push_str(&format!("  [{} bytes cut]", entry.dropped_bytes));
    }
    format!(
        "{:>10.3} ms {arrow} {}{flags}",
        entry.at_us as f64 / 1000.0,
        printable(&entry.text)
    )
}

/// The excerpt as text lines, the focus marked with `◀`.
pub fn render(transcript: &Transcript, at_us: u64) -> Vec<String> {
    let (entries, marked) = around(transcript, at_us);
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let line = format_entry(e);
            if Some(i) == marked {
                format!("{line}   ◀")
            } else {
                line
            }
        })
        .collect()
}
