//! Lines of stones: directions, runs, and win detection.

use std::fmt;

use super::{Board, Point, Rule, Stone};

/// One of the four line directions through a point.
///
/// Each is named by its forward step; a line is walked both ways from a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Along a row: step `(+1, 0)`.
    Horizontal,
    /// Along a column: step `(0, +1)` (downwards).
    Vertical,
    /// Top-left to bottom-right: step `(+1, +1)`.
    Diagonal,
    /// Bottom-left to top-right: step `(+1, -1)`.
    AntiDiagonal,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// The forward step `(dx, dy)` in Gomocup coordinates (y grows downwards).
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}

impl fmt::Display for Direction {
    /// `horizontal`, `vertical`, `diagonal`, `anti-diagonal`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Horizontal => "horizontal",
            Direction::Vertical => "vertical",
            Direction::Diagonal => "diagonal",
            Direction::AntiDiagonal => "anti-diagonal",
        })
    }
}

/// An unbroken run of same-coloured stones: `length` points from `start` stepping along
/// `direction`. A winning line is five long, or longer where an overline wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Line {
    start: Point,
    direction: Direction,
    length: u8,
}

impl Line {
    /// The first point: the end reached by stepping backwards.
    pub fn start(&self) -> Point {
        self.start
    }

    /// The last point.
    pub fn end(&self) -> Point {
        let (dx, dy) = self.direction.step();
        // A line only comes from stones on the board, so its end is on the board too.
        self.start
            .offset(dx, dy, i32::from(self.length) - 1)
            .unwrap_or(self.start)
    }

    /// The direction from `start` to `end`.
    pub fn direction(&self) -> Direction {
        self.direction
    }

    /// The number of stones (5 for an exact five).
    pub fn length(&self) -> usize {
        usize::from(self.length)
    }

    /// The points from `start` to `end`.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let (dx, dy) = self.direction.step();
        (0..i32::from(self.length)).filter_map(move |k| self.start.offset(dx, dy, k))
    }
}

impl fmt::Display for Line {
    /// The points in Gomocup form separated by spaces: `3,3 4,4 5,5 6,6 7,7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.points().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl Board {
    /// How many `stone`s continue the line through `point` backwards and forwards along `dir`,
    /// not counting `point` itself (whose contents are ignored: it is taken to hold `stone`).
    pub(super) fn run(&self, point: Point, dir: Direction, stone: Stone) -> (u8, u8) {
        let (dx, dy) = dir.step();
        let count = |sign: i32| {
            let mut n = 0u8;
            let (mut x, mut y) = (i32::from(point.x), i32::from(point.y));
            loop {
                x += i32::from(dx) * sign;
                y += i32::from(dy) * sign;
                if self.cell(x, y) != Some(Some(stone)) {
                    return n;
                }
                n += 1;
            }
        };
        (count(-1), count(1))
    }

    /// Whether `stone` on `point` makes a winning line under `rule`.
    ///
    /// `point` may already hold `stone` (did that move win?) or be empty (would this move
    /// win?); if it is off the board or holds the other colour the answer is `false`. All four
    /// directions are checked and the line is counted through `point`.
    ///
    /// Under renju a black five wins even if the same move also makes an overline, double-four
    /// or double-three in another direction (the RIF rule: a five takes precedence), so this
    /// needs no forbidden-point check; for black, though, only an exact five counts.
    pub fn five_at(&self, point: Point, stone: Stone, rule: Rule) -> bool {
        self.winning_line(point, stone, rule).is_some()
    }

    /// The winning line that `stone` on `point` makes under `rule`, if any (see
    /// [`Board::five_at`]).
    ///
    /// The whole run is returned, so it is longer than five for an overline that wins (freestyle,
    /// or white under renju). If several directions win, the first of
    /// [`Direction::ALL`] is reported.
    pub fn winning_line(&self, point: Point, stone: Stone, rule: Rule) -> Option<Line> {
        if !self.size().contains(point) || self.get(point) == Some(stone.opponent()) {
            return None;
        }
        Direction::ALL.into_iter().find_map(|direction| {
            let (back, fwd) = self.run(point, direction, stone);
            let length = back + fwd + 1;
            if !rule.wins_with(stone, usize::from(length)) {
                return None;
            }
            let (dx, dy) = direction.step();
            let start = point.offset(dx, dy, -i32::from(back))?;
            Some(Line {
                start,
                direction,
                length,
            })
        })
    }

    /// Any winning line already on the board under `rule`, with its colour.
    ///
    /// For checking a position loaded whole (Gomocup `BOARD`) rather than move by move. Scans
    /// row by row and reports the first run found, starting from its first point.
    pub fn find_win(&self, rule: Rule) -> Option<(Stone, Line)> {
        self.size().points().find_map(|p| {
            let stone = self.get(p)?;
            Direction::ALL.into_iter().find_map(|dir| {
                let (back, fwd) = self.run(p, dir, stone);
                // Look only from the first stone of each run, so each run is measured once.
                if back != 0 {
                    return None;
                }
                let length = fwd + 1;
                rule.wins_with(stone, usize::from(length)).then_some((
                    stone,
                    Line {
                        start: p,
                        direction: dir,
                        length,
                    },
                ))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::BoardSize;
    use super::super::testing::{arb_board, diagram, p};
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn five_ending_at_the_edge() {
        // Row 2 runs to the right edge; the diagonal ends in the bottom-right corner.
        let (b, m) = diagram(
            "
            . . . . . . . . . .
            . . . . . . . . . .
            . . . . . X X X X a
            . . . . . . . . . .
            . . . . . . . . . .
            . . . . . X . . . .
            . . . . . . X . . .
            . . . . . . . X . .
            . . . . . . . . X .
            . . . . . . . . . c
            ",
        );
        for rule in [Rule::FREESTYLE, Rule::EXACT_FIVE, Rule::RENJU] {
            let line = b.winning_line(m['a'], Stone::Black, rule).unwrap();
            assert_eq!(line.to_string(), "5,2 6,2 7,2 8,2 9,2");
            assert_eq!(
                (line.start(), line.end(), line.length()),
                (p(5, 2), p(9, 2), 5)
            );
            assert_eq!(line.direction(), Direction::Horizontal);
            let line = b.winning_line(m['c'], Stone::Black, rule).unwrap();
            assert_eq!(line.to_string(), "5,5 6,6 7,7 8,8 9,9");
            assert!(!b.five_at(m['a'], Stone::White, rule));
        }
    }

    #[test]
    fn anti_diagonal_five_into_the_corner() {
        let (b, m) = diagram(
            "
            . . . . . . a
            . . . . . X .
            . . . . X . .
            . . . X . . .
            . . X . . . .
            . . . . . . .
            ",
        );
        let line = b
            .winning_line(m['a'], Stone::Black, Rule::EXACT_FIVE)
            .unwrap();
        assert_eq!(line.direction(), Direction::AntiDiagonal);
        assert_eq!(line.to_string(), "2,4 3,3 4,2 5,1 6,0");
    }

    #[test]
    fn four_is_not_five_and_gaps_break_lines() {
        let (b, m) = diagram(
            "
            . . . . . . . . .
            . X X a . X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        );
        for rule in [Rule::FREESTYLE, Rule::EXACT_FIVE, Rule::RENJU] {
            assert!(!b.five_at(m['a'], Stone::Black, rule));
        }
    }

    #[test]
    fn six_under_each_rule() {
        // `a` joins a run of five and one to make six; `b` makes an exact five elsewhere.
        let (bd, m) = diagram(
            "
            . . . . . . . . . .
            . X X a X X X . . .
            . . . . . . . . . .
            . . . . . . . . . .
            . . . . . . . . . .
            ",
        );
        let a = m['a'];
        for s in Stone::ALL {
            // Colours are symmetric outside renju: flip the stones for white.
            let board = if s == Stone::Black {
                bd.clone()
            } else {
                swap_colours(&bd)
            };
            // Freestyle: six wins.
            let line = board.winning_line(a, s, Rule::FREESTYLE).unwrap();
            assert_eq!(line.length(), 6);
            assert_eq!(line.to_string(), "1,1 2,1 3,1 4,1 5,1 6,1");
            // Exact five: six does not win, for either colour.
            assert!(!board.five_at(a, s, Rule::EXACT_FIVE));
        }
        // Renju: black's six does not win; white's does.
        assert!(!bd.five_at(a, Stone::Black, Rule::RENJU));
        assert!(swap_colours(&bd).five_at(a, Stone::White, Rule::RENJU));
        // Renju with the exact-five bit too: each flag only removes wins.
        assert!(!swap_colours(&bd).five_at(a, Stone::White, Rule::from_bitmask(5).unwrap()));
    }

    #[test]
    fn five_at_checks_a_placed_stone_too() {
        let (mut b, m) = diagram(
            "
            . . . . . . .
            . X X X X a .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
        );
        b.place(m['a'], Stone::Black).unwrap();
        assert!(b.five_at(m['a'], Stone::Black, Rule::RENJU));
        // A point holding the other colour, or off the board, never makes a five.
        assert!(!b.five_at(m['a'], Stone::White, Rule::FREESTYLE));
        assert!(!b.five_at(p(7, 1), Stone::Black, Rule::FREESTYLE));
        assert_eq!(
            b.find_win(Rule::RENJU).map(|(s, l)| (s, l.to_string())),
            Some((Stone::Black, "1,1 2,1 3,1 4,1 5,1".to_string()))
        );
    }

    #[test]
    fn rectangular_board_lines() {
        // 20 columns, 6 rows: a vertical line can only be 6 long; a horizontal five near x=19.
        let size = BoardSize::rect(20, 6).unwrap();
        let mut b = Board::new(size);
        for x in 15..19 {
            b.place(p(x, 5), Stone::White).unwrap();
        }
        for y in 0..5 {
            b.place(p(2, y), Stone::Black).unwrap();
        }
        assert_eq!(
            b.winning_line(p(19, 5), Stone::White, Rule::EXACT_FIVE)
                .unwrap()
                .to_string(),
            "15,5 16,5 17,5 18,5 19,5"
        );
        // The black column fills rows 0..=4; adding row 5 makes six (a full column).
        assert!(!b.five_at(p(2, 5), Stone::Black, Rule::EXACT_FIVE));
        assert!(b.five_at(p(2, 5), Stone::Black, Rule::FREESTYLE));
        assert_eq!(
            b.find_win(Rule::FREESTYLE).unwrap().1.to_string(),
            "2,0 2,1 2,2 2,3 2,4"
        );
        assert!(!b.five_at(p(20, 5), Stone::White, Rule::FREESTYLE));
    }

    fn swap_colours(b: &Board) -> Board {
        let mut out = Board::new(b.size());
        for pt in b.size().points() {
            if let Some(s) = b.get(pt) {
                out.place(pt, s.opponent()).unwrap();
            }
        }
        out
    }

    proptest! {
        /// Every reported line is an unbroken run of the colour through the point, of a
        /// winning length, and it agrees with `five_at`.
        #[test]
        fn winning_lines_are_real(board in arb_board(), seed in any::<u64>(), bits in 0u32..8) {
            let rule = Rule::from_bitmask(bits).unwrap();
            let pts: Vec<Point> = board.size().points().collect();
            let p0 = pts[(seed % pts.len() as u64) as usize];
            for s in Stone::ALL {
                match board.winning_line(p0, s, rule) {
                    Some(line) => {
                        prop_assert!(board.five_at(p0, s, rule));
                        prop_assert!(rule.wins_with(s, line.length()));
                        prop_assert!(line.points().any(|q| q == p0));
                        prop_assert_eq!(line.points().count(), line.length());
                        for q in line.points().filter(|&q| q != p0) {
                            prop_assert_eq!(board.get(q), Some(s));
                        }
                    }
                    None => prop_assert!(!board.five_at(p0, s, rule)),
                }
            }
        }
    }
}
