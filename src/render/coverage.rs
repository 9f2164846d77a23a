//! `arbiter coverage` for people: per protocol and side, how many checkable rows the built-in
//! scenarios and checks exercise, each row left out with why, and with every row when asked.

use std::fmt::Write as _;

use crate::certify::coverage::ProtocolCoverage;
use crate::certify::requirements::Level;
use crate::check::registry::Side;

/// The coverage of each protocol's side; every row with what exercises it when `every_row`,
/// otherwise only the rows nothing exercises.
pub(super) fn human(all: &[ProtocolCoverage], every_row: bool) -> String {
    let mut out = String::new();
    for p in all {
        let exercised = p.rows.iter().filter(|r| !r.exercised_by.is_empty()).count();
        let musts = |covered: bool| {
            p.rows
                .iter()
                .filter(|r| r.requirement.level == Level::Must)
                .filter(|r| r.exercised_by.is_empty() != covered)
                .count()
        };
        let _ = writeln!(
            out,
            "{}: {exercised} of {} checkable {}-side rows exercised ({} of {} musts)",
            p.protocol,
            p.rows.len(),
            match p.side {
                Side::Engine => "engine",
                Side::Gui => "GUI",
            },
            musts(true),
            musts(true) + musts(false)
        );
        for row in &p.rows {
            let r = &row.requirement;
            let level = r.level.as_str();
            if row.exercised_by.is_empty() {
                let why = row
                    .not_covered_because
                    .as_deref()
                    .unwrap_or("no reason given");
                let _ = writeln!(out, "  {:<13} {level:<6} not exercised: {why}", r.id);
            } else if every_row {
                let by = row.exercised_by.join(", ");
                let _ = writeln!(out, "  {:<13} {level:<6} {by}", r.id);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::certify::coverage::{ProtocolCoverage, coverage};
    use crate::check::registry::Side;
    use crate::protocol::Protocol;
    use crate::render::{Detail, Document, Human, Json, Paint, Render};

    fn ucci_engine_side() -> Vec<ProtocolCoverage> {
        vec![ProtocolCoverage {
            protocol: Protocol::Ucci,
            side: Side::Engine,
            rows: coverage(Protocol::Ucci, Side::Engine).expect("the built-in scenarios load"),
        }]
    }

    #[test]
    fn the_human_form_lists_every_row_only_when_asked() {
        let sides = ucci_engine_side();
        let human = |detail| {
            Human {
                detail,
                paint: Paint::Plain,
            }
            .render(&Document::Coverage(&sides))
            .unwrap()
        };
        let gaps = human(Detail::Findings);
        let every = human(Detail::All);
        let rows = sides[0].rows.len();
        assert!(
            gaps.starts_with("ucci: ")
                && gaps.contains(&format!(" of {rows} checkable engine-side rows exercised")),
            "{gaps}"
        );
        assert_eq!(every.lines().count(), rows + 1, "{every}");
        let unexercised = sides[0].rows.iter().filter(|r| r.exercised_by.is_empty());
        assert_eq!(gaps.lines().count(), unexercised.count() + 1, "{gaps}");
    }

    #[test]
    fn the_json_form_is_the_model() {
        let sides = ucci_engine_side();
        let json = Json.render(&Document::Coverage(&sides)).unwrap();
        let read: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(read[0]["protocol"], "ucci");
        assert_eq!(read[0]["side"], "engine");
        assert_eq!(
            read[0]["rows"].as_array().map(Vec::len),
            Some(sides[0].rows.len())
        );
    }
}
