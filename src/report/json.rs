//! The JSON report: the whole run, complete, for machines (layout in `docs/report-format.md`).

use super::Report;

pub fn render(report: &Report) -> String {
    // Serialising plain data with string keys cannot fail.
    let mut text = serde_json::to_string_pretty(report).expect("the report is plain data");
    text.push('\n');
    text
}
