//! UCI `multipv` numbering: "the best line is numbered `multipv 1`, the next `multipv 2`, and
//! so on" (uci-r113), and "when k best lines are requested, all k lines must be output one
//! after another" (uci-r114).
//!
//! Numbering from 0 contradicts the text outright: a failure. How lines are grouped is
//! less clear cut: an engine may print just the line that changed, or fewer lines than asked
//! when the position has fewer moves, so a gap or a number beyond the request is a warning.

use super::Grade;
use super::findings::{Findings, outcome};
use super::id::CheckId;
use crate::protocol::Protocol;
use crate::session::At;

/// The numbering seen so far, across the searches of one transcript.
#[derive(Default)]
pub(super) struct MultiPv {
    /// The `MultiPV` value the harness last set, if any.
    requested: Option<u32>,
    lines: usize,
    found: bool,
}

/// One search's numbering: each search numbers its lines afresh.
#[derive(Default)]
pub(super) struct SearchLines {
    /// The last number seen in this search.
    last: Option<u32>,
}

impl MultiPv {
    /// A `setoption` the harness sent; names are case-insensitive (uci-r36).
    pub(super) fn option_set(&mut self, name: &str, value: Option<&str>) {
        if name.eq_ignore_ascii_case("MultiPV") {
            self.requested = value.and_then(|v| v.trim().parse().ok());
        }
    }

    /// Judges one `info … multipv k` line of `search`.
    pub(super) fn line(&mut self, search: &mut SearchLines, k: u32, at: At, out: &mut Findings) {
        self.lines += 1;
        let last = search.last.replace(k);
        if self.found {
            return;
        }
        let finding = if k == 0 {
            Some((
                Grade::Fail,
                "`multipv 0`: the best line is numbered 1".to_owned(),
            ))
        } else if let Some(asked) = self.requested.filter(|&asked| k > asked) {
            Some((
                Grade::Warn,
                format!("`multipv {k}` although the harness asked for {asked} lines"),
            ))
        } else {
            match last {
                Some(prev) if k != 1 && k != prev + 1 => Some((
                    Grade::Warn,
                    format!(
                        "`multipv {k}` after `multipv {prev}`: lines are numbered one after another"
                    ),
                )),
                None if k != 1 => Some((
                    Grade::Warn,
                    format!("the search's first multipv line is `multipv {k}`, not 1"),
                )),
                _ => None,
            }
        };
        if let Some((grade, message)) = finding {
            self.found = true;
            out.push(outcome(Protocol::Uci, CheckId::InfoMultipv, grade, message).at(at));
        }
    }

    pub(super) fn finish(self, out: &mut Findings) {
        if self.lines > 0 && !self.found {
            out.push(outcome(
                Protocol::Uci,
                CheckId::InfoMultipv,
                Grade::Pass,
                format!("{} multipv lines, numbered from 1 in order", self.lines),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(requested: Option<&str>, searches: &[&[u32]]) -> Vec<crate::check::Outcome> {
        let mut m = MultiPv::default();
        m.option_set("multipv", requested);
        let mut out = Findings::new();
        for search in searches {
            let mut lines = SearchLines::default();
            for &k in *search {
                m.line(&mut lines, k, At { seq: 1, us: 1 }, &mut out);
            }
        }
        m.finish(&mut out);
        out.into_outcomes()
    }

    #[test]
    fn blocks_numbered_from_one_pass() {
        let out = judge(Some("3"), &[&[1, 2, 3, 1, 2, 3, 1], &[1, 2]]);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].grade, Grade::Pass);
    }

    #[test]
    fn numbering_from_zero_fails_and_gaps_warn() {
        assert_eq!(judge(None, &[&[0, 1]])[0].grade, Grade::Fail);
        let gap = judge(Some("3"), &[&[1, 3]]);
        assert_eq!(gap[0].grade, Grade::Warn);
        assert!(gap[0].message.contains("after `multipv 1`"));
        let beyond = judge(Some("2"), &[&[1, 2, 3]]);
        assert!(beyond[0].message.contains("asked for 2"));
        assert_eq!(judge(None, &[&[2]])[0].grade, Grade::Warn);
    }
}
