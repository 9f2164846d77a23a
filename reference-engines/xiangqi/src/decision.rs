//! When to offer or accept a draw and when to resign (UCCI's `bestmove … draw|resign`).
//!
//! Rules, in order:
//! 1. A draw offered by the GUI (`go draw`, `ponderhit draw`) is accepted when the search scores
//!    the position at [`ACCEPT_DRAW_AT_MOST`] or worse for the engine (half a minor piece down),
//!    or when the engine has no piece left that can cross the river (rook, horse, cannon, pawn):
//!    it cannot win, and the league recommends accepting then (ucci-overview.zh.txt, 「支持认输和提和」).
//! 2. The engine resigns when it sees itself mated within [`RESIGN_MATE_PLIES`] plies, or when
//!    three searches in a row (each at least [`TRUSTED_DEPTH`] deep) score [`HOPELESS`] or worse.
//! 3. It offers a draw itself when a search at least [`TRUSTED_DEPTH`] deep scores within
//!    [`OFFER_DRAW_WITHIN`] of equal after [`QUIET_PLIES`] plies without a capture.

use crate::search::MATE;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    None,
    Draw,
    Resign,
}

pub const ACCEPT_DRAW_AT_MOST: i32 = -50;
pub const HOPELESS: i32 = -600;
pub const HOPELESS_SEARCHES: u32 = 3;
pub const RESIGN_MATE_PLIES: i32 = 10;
pub const OFFER_DRAW_WITHIN: i32 = 20;
pub const QUIET_PLIES: u32 = 60;
/// Shallower searches (a `stop` right after `go`) are not trusted to resign or offer.
pub const TRUSTED_DEPTH: u32 = 4;

/// Remembers how the last searches of the game went.
#[derive(Clone, Copy, Debug, Default)]
pub struct Judge {
    hopeless_streak: u32,
}

/// What a finished search tells the judge.
#[derive(Clone, Copy, Debug)]
pub struct Facts {
    /// The best move's score for the engine.
    pub score: i32,
    pub depth: u32,
    pub draw_offered: bool,
    /// The engine still has a rook, horse, cannon or pawn, so it could in principle win.
    pub can_win: bool,
    /// Plies since the last capture in the game.
    pub quiet_plies: u32,
}

impl Judge {
    pub fn verdict(&mut self, facts: Facts) -> Verdict {
        let trusted = facts.depth >= TRUSTED_DEPTH;
        if trusted {
            if facts.score <= HOPELESS {
                self.hopeless_streak += 1;
            } else {
                self.hopeless_streak = 0;
            }
        }
        if facts.draw_offered && (facts.score <= ACCEPT_DRAW_AT_MOST || !facts.can_win) {
            return Verdict::Draw;
        }
        let mated_soon = facts.score <= -(MATE - RESIGN_MATE_PLIES) && facts.depth >= 1;
        if mated_soon || self.hopeless_streak >= HOPELESS_SEARCHES {
            return Verdict::Resign;
        }
        if trusted
            && !facts.draw_offered
            && facts.score.abs() <= OFFER_DRAW_WITHIN
            && facts.quiet_plies >= QUIET_PLIES
        {
            return Verdict::Draw;
        }
        Verdict::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(score: i32) -> Facts {
        Facts {
            score,
            depth: 8,
            draw_offered: false,
            can_win: true,
            quiet_plies: 0,
        }
    }

    #[test]
    fn accepts_an_offered_draw_only_when_worse() {
        let mut judge = Judge::default();
        let offered = |score| Facts {
            draw_offered: true,
            ..facts(score)
        };
        assert_eq!(judge.verdict(offered(-50)), Verdict::Draw);
        assert_eq!(judge.verdict(offered(-49)), Verdict::None);
        assert_eq!(judge.verdict(offered(300)), Verdict::None);
    }

    #[test]
    fn accepts_an_offered_draw_when_it_cannot_win() {
        let mut judge = Judge::default();
        let bare = |draw_offered| Facts {
            draw_offered,
            can_win: false,
            ..facts(0)
        };
        assert_eq!(judge.verdict(bare(true)), Verdict::Draw);
        assert_eq!(
            judge.verdict(bare(false)),
            Verdict::None,
            "no offer of its own before the quiet plies run out"
        );
    }

    #[test]
    fn resigns_when_mated_soon_or_hopeless_three_times() {
        let mut judge = Judge::default();
        assert_eq!(judge.verdict(facts(-(MATE - 5))), Verdict::Resign);
        let mut judge = Judge::default();
        assert_eq!(judge.verdict(facts(-700)), Verdict::None);
        assert_eq!(judge.verdict(facts(-700)), Verdict::None);
        assert_eq!(judge.verdict(facts(-700)), Verdict::Resign);
        let mut judge = Judge::default();
        judge.verdict(facts(-700));
        judge.verdict(facts(-700));
        assert_eq!(
            judge.verdict(facts(-100)),
            Verdict::None,
            "the streak is broken"
        );
    }

    #[test]
    fn a_shallow_search_does_not_resign_on_material() {
        let mut judge = Judge::default();
        for _ in 0..5 {
            let shallow = Facts {
                depth: 2,
                ..facts(-900)
            };
            assert_eq!(judge.verdict(shallow), Verdict::None);
        }
    }

    #[test]
    fn offers_a_draw_in_a_long_level_game() {
        let mut judge = Judge::default();
        let quiet = |score, plies| Facts {
            quiet_plies: plies,
            ..facts(score)
        };
        assert_eq!(judge.verdict(quiet(5, 60)), Verdict::Draw);
        assert_eq!(judge.verdict(quiet(5, 59)), Verdict::None);
        assert_eq!(judge.verdict(quiet(40, 100)), Verdict::None);
    }
}
