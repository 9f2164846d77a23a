//! Renju forbidden points for black: overline, double-four, double-three.
//!
//! The definitions are documented on [`Board::forbidden`], where the public API shows them.
//! The search looks at each line through a window of a few points either side (see
//! `RADIUS`), which holds every pattern the definitions need.

use std::fmt;

use super::{Board, Direction, Point, Stone};

/// Why a point is forbidden for black under renju.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// The move makes six or more black stones in a row (and no exact five).
    Overline,
    /// The move makes two or more fours at once (possibly in one line).
    DoubleFour,
    /// The move makes two or more real threes at once.
    DoubleThree,
}

impl fmt::Display for Forbidden {
    /// `overline`, `double-four` or `double-three`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::Overline => "overline",
            Forbidden::DoubleFour => "double-four",
            Forbidden::DoubleThree => "double-three",
        })
    }
}

impl Board {
    /// Whether a black move on `point` would be forbidden under renju, and why.
    ///
    /// Only meaningful for an empty point: an occupied or off-board point returns `None`
    /// (it is not a legal move at all, for another reason; see [`Board::is_legal_move`]).
    /// White stones and the board's edges are only obstacles here; white has no forbidden
    /// points.
    ///
    /// The definitions follow the RIF rules as serious renju programs implement them, judged
    /// with black placed on `point`:
    ///
    /// * A move that makes an **exact five** in any direction wins and is never forbidden,
    ///   even if it also makes an overline, double-four or double-three in other directions.
    /// * Otherwise a move making six or more in a row is an **overline**.
    /// * A **four** is four black stones in a line, the new one among them, that one more
    ///   black move turns into an exact five. Fours are counted as distinct sets of four
    ///   stones: an open four `.XXXX.` (two completions, same stones) is one four, while
    ///   `X.XXX.X` with the new stone in the middle is two fours in one line (as are
    ///   `XX.XX.XX` and `XXX.X.XXX` shapes). A four blocked at one end still counts. Two or
    ///   more fours make a **double-four**.
    /// * A **three** in a direction is a row that one more black move at an empty point `q`
    ///   turns into a *straight four* (`.XXXX.`, exactly four, both ends on the board, empty,
    ///   and completing an exact five), the new stone among the four, **and `q` is not itself
    ///   forbidden** with the new stone on the board. That recursive check is what makes a
    ///   *false three* (one whose only way to a straight four is a forbidden point) not
    ///   count. Each direction counts at most once. Two or more threes make a
    ///   **double-three**, even alongside a four (4-3-3).
    /// * One four and one three (4-3) are allowed.
    ///
    /// When several prohibitions apply, the one reported is the first of overline,
    /// double-four, double-three, the order in which they are checked.
    ///
    /// The three check recurses (is the point completing a three itself forbidden?), each
    /// level with one more stone on a scratch copy of the board, so it always terminates;
    /// directions that cannot hold a three are discarded before any recursion, which keeps a
    /// query far below a millisecond on real positions.
    pub fn forbidden(&self, point: Point) -> Option<Forbidden> {
        if !self.size().contains(point) || self.get(point).is_some() {
            return None;
        }
        let mut scratch = self.clone();
        forbidden_on(&mut scratch, point)
    }
}

/// [`Board::forbidden`] on a scratch board that the search may mutate (it restores it).
/// `p` must be an empty on-board point.
fn forbidden_on(b: &mut Board, p: Point) -> Option<Forbidden> {
    b.set(p, Some(Stone::Black));
    let verdict = judge(b, p);
    b.set(p, None);
    verdict
}

/// Judges the black stone just placed on `p`.
fn judge(b: &mut Board, p: Point) -> Option<Forbidden> {
    let windows = Direction::ALL.map(|d| Window::around(b, p, d));

    // A five wins outright, whatever else the move does, so it is checked first.
    let runs = windows.map(|w| w.run_through(CENTER).len());
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&n| n > 5) {
        return Some(Forbidden::Overline);
    }

    let fours: usize = windows.iter().map(Window::fours).sum();
    if fours >= 2 {
        return Some(Forbidden::DoubleFour);
    }

    // Only directions where some move makes a straight four can hold a three; if fewer than
    // two do, there is no double-three and no need for the (recursive) forbidden checks.
    let candidates = windows.map(|w| w.straight_four_moves());
    let mut open = candidates
        .iter()
        .filter(|c| c.iter().any(Option::is_some))
        .count();
    if open < 2 {
        return None;
    }
    let mut threes = 0;
    for (dir, moves) in Direction::ALL.into_iter().zip(candidates) {
        if moves.iter().all(Option::is_none) {
            continue;
        }
        open -= 1;
        let (dx, dy) = dir.step();
        let real = moves.into_iter().flatten().any(|k| {
            // The window saw an empty on-board point there, so the offset lands on the board.
            p.offset(dx, dy, k)
                .is_some_and(|q| forbidden_on(b, q).is_none())
        });
        if real {
            threes += 1;
            if threes >= 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
        if threes + open < 2 {
            return None;
        }
    }
    None
}

/// What lies on one point of a line, as the forbidden-point search sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    /// Past the edge of the board: blocks a line like a white stone, but can never be played.
    Off,
    Empty,
    Black,
    White,
}

/// How far either side of the new stone the search looks. Every pattern it needs fits:
/// a four's completion is at most 4 away and its five's far neighbour 5 away; a straight
/// four is at most 3 away on one side, its completions 4 and their far neighbours 5 away.
/// One more point each side keeps every neighbour test inside the array.
const RADIUS: usize = 6;
/// The index of the new stone in a window.
const CENTER: usize = RADIUS;
const WIDTH: usize = 2 * RADIUS + 1;

/// The line through the new stone along one direction, cut to `RADIUS` points each side.
/// Index `CENTER + k` is the point `k` steps forward.
#[derive(Debug, Clone, Copy)]
struct Window([Cell; WIDTH]);

/// An inclusive range of window indices holding an unbroken black run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Run {
    lo: usize,
    hi: usize,
}

impl Run {
    fn len(self) -> usize {
        self.hi - self.lo + 1
    }
}

impl Window {
    fn around(b: &Board, p: Point, dir: Direction) -> Window {
        let (dx, dy) = dir.step();
        let (x, y) = (i32::from(p.x), i32::from(p.y));
        let mut cells = [Cell::Off; WIDTH];
        for (i, cell) in cells.iter_mut().enumerate() {
            let k = i as i32 - RADIUS as i32;
            *cell = match b.cell(x + k * i32::from(dx), y + k * i32::from(dy)) {
                None => Cell::Off,
                Some(None) => Cell::Empty,
                Some(Some(Stone::Black)) => Cell::Black,
                Some(Some(Stone::White)) => Cell::White,
            };
        }
        Window(cells)
    }

    /// The black run through index `i` (which must hold black). A run reaching the end of the
    /// window is cut there, but it then spans more than `RADIUS` points, so it is still seen
    /// as longer than five: the cut never changes a verdict.
    fn run_through(&self, i: usize) -> Run {
        let mut lo = i;
        while lo > 0 && self.0[lo - 1] == Cell::Black {
            lo -= 1;
        }
        let mut hi = i;
        while hi + 1 < WIDTH && self.0[hi + 1] == Cell::Black {
            hi += 1;
        }
        Run { lo, hi }
    }

    /// The window with black on index `i`.
    fn with_black(mut self, i: usize) -> Window {
        self.0[i] = Cell::Black;
        self
    }

    /// The number of distinct fours through the new stone in this line.
    ///
    /// Each empty point that completes an exact five containing the new stone is a way to
    /// finish a four; the four itself is the set of the other four stones of that five. Two
    /// completions with the same set are one (open) four, different sets are different fours.
    fn fours(&self) -> usize {
        // At most 8 completions (offsets -4..=4 but 0), so at most 8 distinct sets.
        let mut seen = [0u16; 8];
        let mut n = 0;
        for i in CENTER - 4..=CENTER + 4 {
            if self.0[i] != Cell::Empty {
                continue;
            }
            let run = self.with_black(i).run_through(i);
            if run.len() != 5 || !(run.lo..=run.hi).contains(&CENTER) {
                continue;
            }
            // Bit j set = index j holds one of the four stones; WIDTH < 16 so it fits.
            let stones = (run.lo..=run.hi)
                .filter(|&j| j != i)
                .fold(0u16, |m, j| m | 1 << j);
            if !seen[..n].contains(&stones) {
                seen[n] = stones;
                n += 1;
            }
        }
        n
    }

    /// The offsets (from the new stone) of the empty points that would turn this line into a
    /// straight four containing the new stone: at most one on each side.
    ///
    /// Such a move must touch the new stone's run, since the four it makes is unbroken and
    /// holds both, so only the first point past each end of that run can qualify.
    fn straight_four_moves(&self) -> [Option<i32>; 2] {
        let run = self.run_through(CENTER);
        // After the five/overline checks the run is at most 4 long, so both ends lie inside
        // the window; `checked_sub` and `get` only guard against misuse.
        [run.lo.checked_sub(1), Some(run.hi + 1)].map(|q| {
            let q = q?;
            (*self.0.get(q)? == Cell::Empty && self.with_black(q).is_straight_four_at(q))
                .then(|| q as i32 - CENTER as i32)
        })
    }

    /// Whether the run through `i` is exactly four long with both ends completing an exact
    /// five: each end empty (on the board) and the point beyond it not black.
    fn is_straight_four_at(&self, i: usize) -> bool {
        let run = self.run_through(i);
        // A run of 4 through a point at most 4 from the centre lies within 1..WIDTH-1, and its
        // ends' far neighbours within 0..WIDTH, so these indices are valid.
        run.len() == 4
            && run.lo >= 2
            && run.hi + 2 < WIDTH
            && self.0[run.lo - 1] == Cell::Empty
            && self.0[run.lo - 2] != Cell::Black
            && self.0[run.hi + 1] == Cell::Empty
            && self.0[run.hi + 2] != Cell::Black
    }
}

#[cfg(test)]
mod reference_tests;
#[cfg(test)]
mod tests;
