//! The search's own board: a padded byte grid that makes line scans branch-free.
//!
//! The arbiter library's [`Board`] is the rules oracle, but its cells are `Option<Stone>` and
//! every neighbour read is bounds-checked. The search reads neighbours millions of times, so
//! it keeps a flat grid with a wall border `PAD` cells wide: any read up to `PAD` steps from
//! a board point stays inside the vector. A mirror [`Board`] is kept in step only to ask the
//! library whether a black move is forbidden under renju, which the engine never
//! re-implements.

use arbiter_rules::gomoku::{Board, BoardSize, Point, Rule, Stone};

use super::patterns::{self, Shape};

/// Cell values of the grid.
pub const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
/// Off the board, or a point the manager marked unplayable (Gomocup field 3).
pub const WALL: u8 = 3;

/// Border width: pattern windows reach four cells, stone-neighbourhood updates two.
const PAD: usize = 5;

/// Chebyshev radius within which an empty point counts as a candidate move.
const NEAR: isize = 2;

/// A position under search: stones, the side to move and the move history.
#[derive(Clone, Debug)]
pub struct Position {
    size: BoardSize,
    rule: Rule,
    stride: usize,
    cells: Vec<u8>,
    /// How many stones lie within `NEAR` of each cell: non-zero marks a candidate.
    near: Vec<u16>,
    mirror: Board,
    to_move: Stone,
    history: Vec<usize>,
    /// Every on-board cell index, row-major, so scans skip the border.
    board_cells: Vec<usize>,
}

pub fn code(stone: Stone) -> u8 {
    match stone {
        Stone::Black => BLACK,
        Stone::White => WHITE,
    }
}

impl Position {
    /// An empty board with black to move.
    pub fn new(size: BoardSize, rule: Rule) -> Position {
        let (w, h) = (usize::from(size.width()), usize::from(size.height()));
        let stride = w + 2 * PAD;
        let mut cells = vec![WALL; stride * (h + 2 * PAD)];
        let mut board_cells = Vec::with_capacity(w * h);
        for y in 0..h {
            for x in 0..w {
                let i = (y + PAD) * stride + x + PAD;
                cells[i] = EMPTY;
                board_cells.push(i);
            }
        }
        Position {
            size,
            rule,
            stride,
            near: vec![0; cells.len()],
            cells,
            mirror: Board::new(size),
            to_move: Stone::Black,
            history: Vec::new(),
            board_cells,
        }
    }

    /// The position of `board` with `to_move` to play; `walls` are points nobody may use.
    pub fn from_board(board: &Board, walls: &[Point], rule: Rule, to_move: Stone) -> Position {
        let mut pos = Position::new(board.size(), rule);
        for p in board.size().points() {
            if let Some(stone) = board.get(p) {
                pos.put(pos.index(p), stone);
            }
        }
        for &p in walls {
            if board.size().contains(p) && board.get(p).is_none() {
                let i = pos.index(p);
                pos.cells[i] = WALL;
            }
        }
        pos.to_move = to_move;
        pos
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    pub fn to_move(&self) -> Stone {
        self.to_move
    }

    pub fn stones(&self) -> usize {
        self.mirror.stones()
    }

    /// The four line steps: horizontal, vertical, diagonal, anti-diagonal.
    pub fn steps(&self) -> [isize; 4] {
        let s = self.stride as isize;
        [1, s, s + 1, s - 1]
    }

    pub fn index(&self, p: Point) -> usize {
        (usize::from(p.y) + PAD) * self.stride + usize::from(p.x) + PAD
    }

    pub fn point(&self, i: usize) -> Point {
        let (y, x) = (i / self.stride - PAD, i % self.stride - PAD);
        // Indices come only from on-board cells, whose coordinates are below 32.
        Point::new(x as u8, y as u8)
    }

    pub fn is_empty(&self, i: usize) -> bool {
        self.cells[i] == EMPTY
    }

    fn at(&self, i: usize, step: isize, k: isize) -> u8 {
        // PAD exceeds every k used, and i is an on-board cell, so this stays in range.
        self.cells[(i as isize + step * k) as usize]
    }

    fn put(&mut self, i: usize, stone: Stone) {
        self.cells[i] = code(stone);
        let p = self.point(i);
        // The mirror accepts the stone: the cell was empty and on the board.
        let _ = self.mirror.place(p, stone);
        self.bump_near(i, 1);
    }

    fn bump_near(&mut self, i: usize, delta: i16) {
        for dy in -NEAR..=NEAR {
            for dx in -NEAR..=NEAR {
                let j = (i as isize + dy * self.stride as isize + dx) as usize;
                self.near[j] = self.near[j].wrapping_add_signed(delta);
            }
        }
    }

    /// Plays `to_move` on the empty cell `i`.
    pub fn play(&mut self, i: usize) {
        let stone = self.to_move;
        self.put(i, stone);
        self.history.push(i);
        self.to_move = stone.opponent();
    }

    /// Takes back the last [`Position::play`].
    pub fn undo(&mut self) {
        if let Some(i) = self.history.pop() {
            let p = self.point(i);
            let _ = self.mirror.remove(p);
            self.cells[i] = EMPTY;
            self.bump_near(i, -1);
            self.to_move = self.to_move.opponent();
        }
    }

    /// Empty cells near a stone (every empty cell on an empty board would be wasteful: the
    /// centre is the only sensible opening there, which [`Position::centre`] gives).
    pub fn candidates(&self) -> Vec<usize> {
        self.board_cells
            .iter()
            .copied()
            .filter(|&i| self.cells[i] == EMPTY && self.near[i] > 0)
            .collect()
    }

    /// Every empty cell.
    pub fn empties(&self) -> impl Iterator<Item = usize> + '_ {
        self.board_cells
            .iter()
            .copied()
            .filter(|&i| self.cells[i] == EMPTY)
    }

    /// The empty cell nearest the centre (the opening move).
    pub fn centre(&self) -> Option<usize> {
        let (cx, cy) = (
            i32::from(self.size.width() - 1),
            i32::from(self.size.height() - 1),
        );
        self.empties().min_by_key(|&i| {
            let p = self.point(i);
            let (dx, dy) = (2 * i32::from(p.x) - cx, 2 * i32::from(p.y) - cy);
            dx * dx + dy * dy
        })
    }

    /// Length of the run of `stone` through `i` along `step`, counting `i` itself.
    fn run(&self, i: usize, step: isize, c: u8) -> usize {
        let mut n = 1;
        for sign in [-1, 1] {
            let mut k = 1;
            while self.at(i, step * sign, k) == c {
                n += 1;
                k += 1;
            }
        }
        n
    }

    /// Whether `stone` on the empty cell `i` wins under the rule (an exact five where the
    /// rule demands one).
    pub fn makes_five(&self, i: usize, stone: Stone) -> bool {
        let c = code(stone);
        self.steps()
            .into_iter()
            .any(|s| self.rule.wins_with(stone, self.run(i, s, c)))
    }

    /// Base-3 code of the eight neighbours of `i` along `step` as `stone` sees them: 0
    /// empty, 1 own, 2 blocked (opponent, wall or edge). See [`patterns`].
    pub fn window(&self, i: usize, step: isize, stone: Stone) -> usize {
        let own = code(stone);
        let mut codev = 0;
        let mut weight = 1;
        for k in [-4, -3, -2, -1, 1, 2, 3, 4] {
            let c = self.at(i, step, k);
            let digit = if c == own {
                1
            } else if c == EMPTY {
                0
            } else {
                2
            };
            codev += digit * weight;
            weight *= 3;
        }
        codev
    }

    /// The line shape `stone` makes on `i` in each direction.
    pub fn shapes(&self, i: usize, stone: Stone) -> [Shape; 4] {
        let exact = self.rule.needs_exact_five(stone);
        self.steps()
            .map(|s| patterns::shape(self.window(i, s, stone), exact))
    }

    /// Whether `stone` may play on the empty cell `i`: only black under renju has
    /// forbidden points, and the library judges them. The pattern shapes only decide
    /// whether asking is needed: a point with fewer than two threes/fours, no overline and
    /// no two-completion line cannot be forbidden.
    pub fn legal(&self, i: usize, stone: Stone) -> bool {
        if self.cells[i] != EMPTY {
            return false;
        }
        if !self.rule.has_forbidden_points(stone) {
            return true;
        }
        // An exact five is never forbidden. Asked of the board, not the pattern table:
        // the table cannot see a sixth stone five cells away.
        if self.makes_five(i, stone) {
            return true;
        }
        let shapes = self.shapes(i, stone);
        let strong = shapes
            .iter()
            .filter(|s| matches!(s, Shape::OpenThree | Shape::Four | Shape::OpenFour))
            .count();
        let suspicious = strong >= 2
            || shapes.contains(&Shape::Overline)
            || shapes.contains(&Shape::OpenFour)
            || self.steps().into_iter().any(|s| self.run(i, s, BLACK) > 5);
        if !suspicious {
            return true;
        }
        self.mirror.forbidden(self.point(i)).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(rule: Rule, black: &[(u8, u8)], white: &[(u8, u8)]) -> Position {
        let mut b = Board::new(BoardSize::STANDARD);
        for &(x, y) in black {
            b.place(Point::new(x, y), Stone::Black).unwrap();
        }
        for &(x, y) in white {
            b.place(Point::new(x, y), Stone::White).unwrap();
        }
        Position::from_board(&b, &[], rule, Stone::Black)
    }

    #[test]
    fn index_and_point_round_trip_and_play_undo_restores() {
        let mut p = Position::new(BoardSize::rect(20, 7).unwrap(), Rule::FREESTYLE);
        let before = p.cells.clone();
        for pt in [Point::new(0, 0), Point::new(19, 6), Point::new(7, 3)] {
            let i = p.index(pt);
            assert_eq!(p.point(i), pt);
            p.play(i);
        }
        assert_eq!(p.stones(), 3);
        assert_eq!(p.to_move(), Stone::White);
        for _ in 0..3 {
            p.undo();
        }
        assert_eq!(p.cells, before);
        assert!(p.near.iter().all(|&n| n == 0));
        assert_eq!(p.stones(), 0);
    }

    #[test]
    fn five_points_respect_exact_five() {
        // X X . X X X : the gap makes six.
        let black = [(0, 0), (1, 0), (3, 0), (4, 0), (5, 0)];
        let free = pos(Rule::FREESTYLE, &black, &[]);
        let exact = pos(Rule::EXACT_FIVE, &black, &[]);
        let gap = free.index(Point::new(2, 0));
        assert!(free.makes_five(gap, Stone::Black));
        assert!(!exact.makes_five(gap, Stone::Black));
    }

    #[test]
    fn renju_double_four_is_illegal_for_black_only() {
        // Two lines of three black stones meeting at 7,7 with room: 4-4 there.
        let black = [(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)];
        let p = pos(
            Rule::RENJU,
            &black,
            &[(0, 14), (1, 14), (2, 14), (3, 14), (4, 14), (5, 14)],
        );
        let c = p.index(Point::new(7, 7));
        assert!(!p.legal(c, Stone::Black));
        assert!(p.legal(c, Stone::White));
        let f = pos(Rule::FREESTYLE, &black, &[]);
        assert!(f.legal(c, Stone::Black));
    }

    #[test]
    fn an_overline_reaching_past_the_pattern_window_is_forbidden() {
        // . X X X X X : black on 0,5 makes six, with the sixth stone five cells away.
        let black = [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)];
        let p = pos(
            Rule::RENJU,
            &black,
            &[(0, 0), (1, 0), (2, 0), (3, 0), (5, 0)],
        );
        let end = p.index(Point::new(0, 5));
        assert!(!p.legal(end, Stone::Black));
        assert!(p.legal(end, Stone::White));
    }

    #[test]
    fn centre_of_rectangle() {
        let p = Position::new(BoardSize::rect(20, 7).unwrap(), Rule::FREESTYLE);
        let c = p.point(p.centre().unwrap());
        assert!(c == Point::new(9, 3) || c == Point::new(10, 3), "{c}");
    }
}
