//! Repetition of positions, in the game and inside the search, judged by the xiangqi rule this
//! engine follows:
//!
//! * When the position after a move equals an earlier one with the same side to move (same hash,
//!   no capture in between), the cycle between them is judged.
//! * If every move one side made in the cycle gave check and the other side's moves did not all
//!   give check, the checking side loses: perpetual check is forbidden in xiangqi.
//! * Otherwise (no side checked throughout, or both did) the repetition is a draw.
//!
//! Perpetual chasing of unprotected pieces (长捉) is not judged here; a GUI rules on it with
//! `banmoves`. A null move in the search breaks a cycle, since no real game passes its turn.

/// One position on the path from the game's start (or last capture) to the searched node.
#[derive(Clone, Copy, Debug)]
struct Entry {
    hash: u64,
    /// Whether the side to move here is in check, i.e. the move that led here gave check.
    in_check: bool,
    /// Reached by a null move: cycles are not looked for across it.
    null: bool,
}

/// How a repetition ends the line, from the point of view of the side to move at the repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Draw,
    /// The opponent gave check on every one of its moves in the cycle, so it loses.
    Win,
    /// The side to move gave check on every one of its moves in the cycle, so it loses.
    Loss,
}

/// The positions played so far, last one = the current position.
#[derive(Clone, Debug, Default)]
pub struct Path {
    entries: Vec<Entry>,
}

impl Path {
    pub fn new() -> Path {
        Path::default()
    }

    pub fn push(&mut self, hash: u64, in_check: bool) {
        self.entries.push(Entry {
            hash,
            in_check,
            null: false,
        });
    }

    pub fn push_null(&mut self, hash: u64) {
        self.entries.push(Entry {
            hash,
            in_check: false,
            null: true,
        });
    }

    pub fn pop(&mut self) {
        self.entries.pop();
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Judges the current (last) position: `None` when it repeats nothing within the last
    /// `reversible` plies (the plies since the last capture, after which no earlier position can
    /// come back).
    pub fn judge(&self, reversible: u32) -> Option<Verdict> {
        let now = self.entries.len().checked_sub(1)?;
        let current = self.entries[now];
        if current.null {
            return None;
        }
        let oldest = now.saturating_sub(reversible as usize);
        // The same side is to move every second ply, so only those positions can be equal.
        let mut earlier = now.checked_sub(2)?;
        loop {
            if earlier < oldest {
                return None;
            }
            // A null move inside the span means the span is not a real cycle.
            if self.entries[earlier + 1].null || self.entries[earlier].null {
                return None;
            }
            if self.entries[earlier].hash == current.hash {
                return Some(self.verdict(earlier, now));
            }
            earlier = earlier.checked_sub(2)?;
        }
    }

    /// Moves in the cycle are those leading to positions `earlier + 1 ..= now`. The last one was
    /// the opponent's (of the side to move at `now`), and they alternate going back.
    fn verdict(&self, earlier: usize, now: usize) -> Verdict {
        let checked_every_move = |last: usize| {
            (earlier + 1..=last)
                .rev()
                .step_by(2)
                .all(|i| self.entries[i].in_check)
        };
        let opponent_perpetual = checked_every_move(now);
        let mover_perpetual = checked_every_move(now - 1);
        match (opponent_perpetual, mover_perpetual) {
            (true, false) => Verdict::Win,
            (false, true) => Verdict::Loss,
            _ => Verdict::Draw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_rules::xiangqi::Position;

    /// Plays ICCS moves from a FEN, recording every position the way the engine does.
    fn path_after(fen: &str, moves: &[&str]) -> (Path, Position) {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut path = Path::new();
        path.push(pos.hash(), pos.is_check());
        for text in moves {
            let mv = pos.parse_move(text).unwrap();
            pos.play(mv);
            path.push(pos.hash(), pos.is_check());
        }
        (path, pos)
    }

    // Red rook and king against a lone black king that can shuttle between d9 and d8.
    const CHASE: &str = "3k5/9/9/9/9/9/9/9/9/4K3R w";

    // Red rook i0 can check the black king on the d- and e-files from rank 0.
    const CHECKS: &str = "3k5/9/9/9/9/9/9/9/5K3/8R w";

    #[test]
    fn no_repetition_until_a_position_comes_back() {
        let (path, pos) = path_after(CHASE, &["i0i1", "d9d8", "i1i0"]);
        assert_eq!(path.judge(pos.halfmove_clock()), None);
    }

    #[test]
    fn quiet_shuffling_is_a_draw() {
        let (path, pos) = path_after(CHASE, &["i0i1", "d9d8", "i1i0", "d8d9"]);
        assert_eq!(path.judge(pos.halfmove_clock()), Some(Verdict::Draw));
    }

    #[test]
    fn perpetual_check_loses_for_the_checking_side() {
        // Red checks on every move (rook on the d-file or the king's rank); black only evades.
        let moves = ["i0d0", "d9e9", "d0e0", "e9d9", "e0d0"];
        let (path, pos) = path_after(CHECKS, &moves);
        // Black to move in a position seen before; red gave check on all its moves: black wins.
        assert!(pos.is_check());
        assert_eq!(path.judge(pos.halfmove_clock()), Some(Verdict::Win));
    }

    #[test]
    fn the_checking_side_to_move_sees_its_own_loss() {
        let moves = ["i0d0", "d9e9", "d0e0", "e9d9", "e0d0", "d9e9"];
        let (path, pos) = path_after(CHECKS, &moves);
        assert_eq!(path.judge(pos.halfmove_clock()), Some(Verdict::Loss));
    }

    #[test]
    fn a_capture_ends_the_reversible_span() {
        let (path, _) = path_after(CHASE, &["i0i1", "d9d8", "i1i0", "d8d9"]);
        assert_eq!(
            path.judge(0),
            None,
            "nothing to look at right after a capture"
        );
        assert_eq!(
            path.judge(3),
            None,
            "the earlier equal position is 4 plies back"
        );
    }

    #[test]
    fn a_null_move_breaks_the_cycle() {
        let mut path = Path::new();
        path.push(1, false);
        path.push(2, false);
        path.push_null(3);
        path.push(2, false);
        path.push(1, false);
        assert_eq!(path.judge(10), None);
    }
}
