//! The board: which stone, if any, stands on each point.

use std::fmt;

use super::{BoardSize, GomokuError, IllegalMove, Point, Rule, Stone};

/// A gomoku position: a `width`x`height` grid of points, each empty or holding a stone.
///
/// A `Board` is a position, not a game: it keeps no move history and does not track whose turn
/// it is. Gomocup's `TAKEBACK x,y` names the point to clear and the renju rules depend only on
/// the stones present, so the order of moves is the caller's business (the harness keeps its
/// own record of the game anyway).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: BoardSize,
    /// Row-major: index `y * width + x`.
    cells: Vec<Option<Stone>>,
    /// Number of `Some` cells, kept so `stones` and `is_full` need no scan.
    stones: usize,
}

impl Board {
    /// An empty board of the given size.
    pub fn new(size: BoardSize) -> Board {
        Board {
            size,
            cells: vec![None; size.area()],
            stones: 0,
        }
    }

    /// The board's dimensions.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The stone on `point`, or `None` if the point is empty *or off the board*.
    ///
    /// Use [`BoardSize::contains`] when the difference matters.
    pub fn get(&self, point: Point) -> Option<Stone> {
        if self.size.contains(point) {
            self.cells[self.size.index(point)]
        } else {
            None
        }
    }

    /// Puts `stone` on `point`.
    ///
    /// Errors if the point is off the board or already occupied; the board is then unchanged.
    /// This checks only the board, not the rules: see [`Board::play`] for a checked move.
    pub fn place(&mut self, point: Point, stone: Stone) -> Result<(), GomokuError> {
        self.check_empty(point)?;
        self.cells[self.size.index(point)] = Some(stone);
        self.stones += 1;
        Ok(())
    }

    /// Checks that `point` is on the board and holds no stone.
    fn check_empty(&self, point: Point) -> Result<(), GomokuError> {
        self.size.check(point)?;
        match self.get(point) {
            Some(there) => Err(GomokuError::Occupied {
                point,
                stone: there,
            }),
            None => Ok(()),
        }
    }

    /// Takes the stone off `point` (Gomocup `TAKEBACK`) and returns it.
    ///
    /// Errors if the point is off the board or empty; the board is then unchanged.
    pub fn remove(&mut self, point: Point) -> Result<Stone, GomokuError> {
        self.size.check(point)?;
        let cell = &mut self.cells[self.size.index(point)];
        let stone = cell.take().ok_or(GomokuError::Empty { point })?;
        self.stones -= 1;
        Ok(stone)
    }

    /// Checks that `stone` may move on `point` under `rule`: the point is on the board and
    /// empty, and, for black under renju, not a [forbidden point](Board::forbidden).
    pub fn is_legal_move(&self, point: Point, stone: Stone, rule: Rule) -> Result<(), IllegalMove> {
        self.check_empty(point)?;
        if rule.has_forbidden_points(stone)
            && let Some(reason) = self.forbidden(point)
        {
            return Err(IllegalMove::Forbidden { point, reason });
        }
        Ok(())
    }

    /// Plays a move: [`Board::is_legal_move`], then [`Board::place`].
    pub fn play(&mut self, point: Point, stone: Stone, rule: Rule) -> Result<(), IllegalMove> {
        self.is_legal_move(point, stone, rule)?;
        Ok(self.place(point, stone)?)
    }

    /// The number of stones on the board.
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// Whether no stone is on the board.
    pub fn is_empty(&self) -> bool {
        self.stones == 0
    }

    /// Whether every point holds a stone (the game is a draw if nobody has won).
    pub fn is_full(&self) -> bool {
        self.stones == self.cells.len()
    }

    /// The empty points, row by row from the top.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.size
            .points()
            .filter(|&p| self.cells[self.size.index(p)].is_none())
    }

    /// Removes every stone (Gomocup `RESTART`).
    pub fn clear(&mut self) {
        self.cells.fill(None);
        self.stones = 0;
    }

    /// The cell at signed coordinates: `None` off the board, else the point's contents.
    ///
    /// Line scans walk past the edges, so they use signed coordinates and treat "off the
    /// board" as its own case (an edge blocks a line just as an opponent's stone does).
    pub(super) fn cell(&self, x: i32, y: i32) -> Option<Option<Stone>> {
        let (w, h) = (i32::from(self.size.width()), i32::from(self.size.height()));
        if (0..w).contains(&x) && (0..h).contains(&y) {
            // Both are in range, so the index is non-negative and inside `cells`.
            Some(self.cells[(y * w + x) as usize])
        } else {
            None
        }
    }

    /// Sets an on-board point without bookkeeping checks, for the renju search's
    /// place-and-undo on its scratch copy. Keeps the stone count right.
    pub(super) fn set(&mut self, point: Point, value: Option<Stone>) {
        let cell = &mut self.cells[self.size.index(point)];
        match (cell.is_some(), value.is_some()) {
            (false, true) => self.stones += 1,
            (true, false) => self.stones -= 1,
            _ => {}
        }
        *cell = value;
    }
}

impl fmt::Display for Board {
    /// A diagram, one line per row from the top: `X` black, `O` white, `.` empty, separated
    /// by spaces, with no trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, row) in self
            .cells
            .chunks(usize::from(self.size.width()))
            .enumerate()
        {
            if i > 0 {
                writeln!(f)?;
            }
            for (j, cell) in row.iter().enumerate() {
                if j > 0 {
                    f.write_str(" ")?;
                }
                let c = cell.map_or('.', Stone::symbol);
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::Forbidden;
    use super::super::testing::{arb_board, diagram, p};
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn place_get_remove() {
        let mut b = Board::new(BoardSize::STANDARD);
        assert!(b.is_empty());
        b.place(p(7, 7), Stone::Black).unwrap();
        b.place(p(8, 7), Stone::White).unwrap();
        assert_eq!(b.get(p(7, 7)), Some(Stone::Black));
        assert_eq!(b.get(p(8, 7)), Some(Stone::White));
        assert_eq!(b.get(p(9, 7)), None);
        assert_eq!(b.stones(), 2);
        assert_eq!(b.remove(p(7, 7)), Ok(Stone::Black));
        assert_eq!(b.get(p(7, 7)), None);
        assert_eq!(b.stones(), 1);
    }

    #[test]
    fn place_errors_leave_the_board_unchanged() {
        let mut b = Board::new(BoardSize::STANDARD);
        b.place(p(7, 7), Stone::Black).unwrap();
        let before = b.clone();
        let e = b.place(p(7, 7), Stone::White).unwrap_err();
        assert_eq!(
            e,
            GomokuError::Occupied {
                point: p(7, 7),
                stone: Stone::Black
            }
        );
        assert_eq!(e.to_string(), "point 7,7 is already occupied by black");
        let e = b.place(p(15, 3), Stone::White).unwrap_err();
        assert_eq!(e.to_string(), "point 15,3 is off the 15x15 board");
        assert_eq!(b, before);
    }

    #[test]
    fn remove_errors() {
        let mut b = Board::new(BoardSize::STANDARD);
        assert_eq!(
            b.remove(p(3, 3)),
            Err(GomokuError::Empty { point: p(3, 3) })
        );
        assert_eq!(
            b.remove(p(3, 3)).unwrap_err().to_string(),
            "point 3,3 is empty: there is no stone to take back"
        );
        assert!(matches!(
            b.remove(p(3, 30)),
            Err(GomokuError::OffBoard { .. })
        ));
    }

    #[test]
    fn off_board_get_is_none() {
        let b = Board::new(BoardSize::rect(20, 6).unwrap());
        assert_eq!(b.get(p(19, 5)), None);
        assert_eq!(b.get(p(5, 19)), None);
        assert_eq!(b.get(p(255, 255)), None);
    }

    #[test]
    fn full_board_and_empty_points() {
        let size = BoardSize::square(5).unwrap();
        let mut b = Board::new(size);
        assert_eq!(b.empty_points().count(), 25);
        for (i, pt) in size.points().enumerate() {
            assert!(!b.is_full());
            b.place(
                pt,
                if i % 2 == 0 {
                    Stone::Black
                } else {
                    Stone::White
                },
            )
            .unwrap();
        }
        assert!(b.is_full());
        assert_eq!(b.empty_points().next(), None);
        b.remove(p(4, 2)).unwrap();
        assert_eq!(b.empty_points().collect::<Vec<_>>(), vec![p(4, 2)]);
        b.clear();
        assert!(b.is_empty());
    }

    #[test]
    fn legal_move_reasons() {
        let (b, m) = diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . X . . . .
            . . X X a . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . O
            . . . . . . . . .
            ",
        );
        let a = m['a'];
        // `a` is a double three for black: illegal under renju only, and never for white.
        assert_eq!(
            b.is_legal_move(a, Stone::Black, Rule::RENJU),
            Err(IllegalMove::Forbidden {
                point: a,
                reason: Forbidden::DoubleThree
            })
        );
        assert_eq!(
            b.is_legal_move(a, Stone::Black, Rule::RENJU)
                .unwrap_err()
                .to_string(),
            "point 4,4 is forbidden for black under renju (double-three)"
        );
        assert_eq!(b.is_legal_move(a, Stone::White, Rule::RENJU), Ok(()));
        assert_eq!(b.is_legal_move(a, Stone::Black, Rule::FREESTYLE), Ok(()));
        assert_eq!(b.is_legal_move(a, Stone::Black, Rule::EXACT_FIVE), Ok(()));
        assert_eq!(
            b.is_legal_move(p(8, 7), Stone::Black, Rule::RENJU),
            Err(IllegalMove::Board(GomokuError::Occupied {
                point: p(8, 7),
                stone: Stone::White
            }))
        );
        assert_eq!(
            b.is_legal_move(p(9, 0), Stone::White, Rule::FREESTYLE)
                .unwrap_err()
                .to_string(),
            "point 9,0 is off the 9x9 board"
        );
        let mut b2 = b.clone();
        assert!(b2.play(a, Stone::Black, Rule::RENJU).is_err());
        assert_eq!(b2, b);
        b2.play(a, Stone::White, Rule::RENJU).unwrap();
        assert_eq!(b2.get(a), Some(Stone::White));
        assert_eq!(b2.stones(), b.stones() + 1);
    }

    #[test]
    fn display_is_a_diagram() {
        let mut b = Board::new(BoardSize::rect(6, 5).unwrap());
        b.place(p(0, 0), Stone::Black).unwrap();
        b.place(p(5, 4), Stone::White).unwrap();
        assert_eq!(
            b.to_string(),
            "X . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . O"
        );
        // The test helper reads the same notation back.
        assert_eq!(diagram(&b.to_string()).0, b);
    }

    proptest! {
        #[test]
        fn place_then_remove_restores(board in arb_board(), x in 0u8..40, y in 0u8..40, black in any::<bool>()) {
            let stone = if black { Stone::Black } else { Stone::White };
            let pt = Point::new(x, y);
            let mut b = board.clone();
            match b.place(pt, stone) {
                Ok(()) => {
                    prop_assert_eq!(b.get(pt), Some(stone));
                    prop_assert_eq!(b.stones(), board.stones() + 1);
                    prop_assert_eq!(b.remove(pt), Ok(stone));
                }
                Err(_) => prop_assert!(!board.size().contains(pt) || board.get(pt).is_some()),
            }
            prop_assert_eq!(&b, &board);
        }

        #[test]
        fn stone_count_matches_cells(board in arb_board()) {
            let counted = board.size().points().filter(|&p| board.get(p).is_some()).count();
            prop_assert_eq!(board.stones(), counted);
            prop_assert_eq!(board.empty_points().count(), board.size().area() - counted);
        }
    }
}
