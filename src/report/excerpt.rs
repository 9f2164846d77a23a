//! The transcript lines around a finding, as every report shows them.

use crate::check::printable;
use crate::session::transcript::{CONTEXT_AFTER, CONTEXT_BEFORE};
use crate::session::{At, Direction, Entry, Transcript};

/// Entries around `at`, with the index of the one at `at` (if it is a line: a finding about
/// an exit points just after the last line, and then none is marked).
pub(crate) fn around(transcript: &Transcript, at: At) -> (Vec<&Entry>, Option<usize>) {
    let focus = transcript.index_of(at.seq);
    let start = focus.saturating_sub(CONTEXT_BEFORE);
    let end = (focus + CONTEXT_AFTER + 1).min(transcript.entries.len());
    let marked = (focus < transcript.entries.len() && transcript.entries[focus].at == at)
        .then_some(focus - start);
    (transcript.entries[start..end].iter().collect(), marked)
}

/// One entry as a transcript line: time, direction arrow, text.
pub(crate) fn format_entry(entry: &Entry) -> String {
    let arrow = match entry.direction {
        Direction::Sent => ">",
        Direction::Received => "<",
        Direction::Stderr => "!",
        Direction::Omitted => "…",
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
        entry.at.us as f64 / 1000.0,
        printable(&entry.text)
    )
}

/// The excerpt as text lines, the focus marked with `◀`.
pub fn render(transcript: &Transcript, at: At) -> Vec<String> {
    let (entries, marked) = around(transcript, at);
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
