//! The searches of a game's moves: each move's last search report, for the record, and when
//! each search ran on its engine's transcript clock, so that each protocol finding can be
//! placed at the move it came in (`Finding::ply`), where the league page marks it.
//!
//! A finding points at a line of one engine's transcript (`Outcome::at`), stamped on that
//! session's clock; the seats stamp each search on the same clock (`Session::now_us`), just
//! before the first command that asks for the move and just after the reply is read. Both
//! stamps come from one clock under the journal's lock, so comparing them orders the finding
//! among the searches exactly as the journal orders the lines.

use crate::matchplay::{Finding, SearchInfo};
use crate::rules::Side;

/// When one search ran, in microseconds of its engine's session (the clock its transcript's
/// lines are stamped with).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SearchSpan {
    /// Just before the first command asking for the move (`position`, `go`, `ponderhit`,
    /// Gomocup's `TURN` or `BOARD`, AGI's `POSITION`) was written.
    pub asked_us: u64,
    /// Just after the reply was read.
    pub answered_us: u64,
}

/// One move played, as its search went.
struct Search {
    side: Side,
    span: Option<SearchSpan>,
    info: Option<SearchInfo>,
}

/// The searches of the moves a game's engines played, in order (the record's `moves`).
#[derive(Default)]
pub(super) struct Searches {
    moves: Vec<Search>,
}

impl Searches {
    /// The move `side` played after the search that ran over `span` (none: a seat that could
    /// not stamp it), whose last report was `info`.
    pub(super) fn played(
        &mut self,
        side: Side,
        span: Option<SearchSpan>,
        info: Option<SearchInfo>,
    ) {
        self.moves.push(Search { side, span, info });
    }

    /// Each move's last search report, for the record; empty when no move has one, as in a
    /// gomoku game, so the record leaves the field out.
    pub(super) fn info(&self) -> Vec<Option<SearchInfo>> {
        if self.moves.iter().all(|m| m.info.is_none()) {
            return Vec::new();
        }
        self.moves.iter().map(|m| m.info.clone()).collect()
    }

    /// The findings, each placed at its move (see [`Finding::ply`]). The engine whose name is
    /// `first` played the first side; the engines of one game have names of their own.
    pub(super) fn place(&self, findings: Vec<Finding>, first: &str) -> Vec<Finding> {
        findings
            .into_iter()
            .map(|finding| {
                let side = if finding.engine == first {
                    Side::First
                } else {
                    Side::Second
                };
                let ply = finding.outcome.at.and_then(|at| self.ply_at(side, at.us));
                Finding { ply, ..finding }
            })
            .collect()
    }

    /// The move of `side`'s engine a line stamped `us` on its clock belongs to: the last of its
    /// searches begun by then (with the wait for its next search: its ponder search and the
    /// opponent's move), 0 before its first, one past the game's last move after the reply of
    /// its last search; none when it played no move.
    fn ply_at(&self, side: Side, us: u64) -> Option<usize> {
        let spans: Vec<(usize, SearchSpan)> = self
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.side == side)
            .filter_map(|(i, m)| Some((i + 1, m.span?)))
            .collect();
        let (&(last_ply, last), _) = spans.split_last()?;
        let begun = spans.partition_point(|(_, span)| span.asked_us <= us);
        Some(match begun {
            0 => 0,
            n if n == spans.len() && us > last.answered_us => self.moves.len() + 1,
            n => {
                let (ply, _) = spans[n - 1];
                debug_assert!(ply <= last_ply);
                ply
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckRef, Grade, Outcome};
    use crate::session::At;

    fn span(asked_us: u64, answered_us: u64) -> Option<SearchSpan> {
        Some(SearchSpan {
            asked_us,
            answered_us,
        })
    }

    fn finding(engine: &str, us: Option<u64>) -> Finding {
        Finding {
            engine: engine.to_owned(),
            outcome: Outcome {
                at: us.map(|us| At { seq: 0, us }),
                ..Outcome::new(CheckRef::Golden, &[], Grade::Warn, "m")
            },
            excerpt: Vec::new(),
            ply: None,
        }
    }

    /// Red (a) searches for moves 1 and 3, black (b) for move 2; each engine's clock is its
    /// own.
    fn game() -> Searches {
        let mut searches = Searches::default();
        searches.played(Side::First, span(100, 200), None);
        searches.played(Side::Second, span(50, 90), None);
        searches.played(Side::First, span(300, 400), None);
        searches
    }

    #[test]
    fn a_finding_is_placed_at_the_search_it_came_in() {
        let placed =
            |engine: &str, us: Option<u64>| game().place(vec![finding(engine, us)], "a")[0].ply;
        // a's handshake, its first search, its ponder search while b moved, its second
        // search, and its quit after the game's last move.
        assert_eq!(placed("a", Some(10)), Some(0));
        assert_eq!(placed("a", Some(100)), Some(1));
        assert_eq!(placed("a", Some(250)), Some(1));
        assert_eq!(placed("a", Some(400)), Some(3));
        assert_eq!(placed("a", Some(401)), Some(4));
        // b's only search, and what came after it: the game's end for b.
        assert_eq!(placed("b", Some(60)), Some(2));
        assert_eq!(placed("b", Some(95)), Some(4));
        // A finding that points at no line is placed nowhere.
        assert_eq!(placed("a", None), None);
    }

    #[test]
    fn an_engine_that_made_no_move_has_its_findings_placed_nowhere() {
        let mut searches = Searches::default();
        searches.played(Side::First, span(100, 200), None);
        assert_eq!(
            searches.place(vec![finding("b", Some(5))], "a")[0].ply,
            None
        );
    }

    #[test]
    fn the_record_keeps_reports_only_when_a_move_has_one() {
        let mut searches = game();
        assert!(searches.info().is_empty());
        let info = SearchInfo {
            depth: Some(3),
            score: None,
            pv: String::new(),
        };
        searches.played(Side::Second, span(500, 600), Some(info.clone()));
        assert_eq!(searches.info(), vec![None, None, None, Some(info)]);
    }
}
