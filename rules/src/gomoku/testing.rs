//! Test helpers: boards drawn as diagrams, and random boards for property tests.

use std::collections::HashMap;

use proptest::prelude::*;

use super::{Board, BoardSize, Point, Stone};

/// Shorthand for a point in test code.
pub(crate) fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// Builds a board from a diagram; the diagram's shape is the board's size.
///
/// One line per row from the top, points separated by whitespace: `X` black, `O` white, `.`
/// empty, and a lower-case letter for an empty point the test wants to name (returned in the
/// map). Blank lines are skipped so diagrams can sit indented in raw strings.
pub(crate) fn diagram(text: &str) -> (Board, Marks) {
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let width = rows[0].len();
    assert!(
        rows.iter().all(|r| r.len() == width),
        "diagram rows differ in length"
    );
    let size = BoardSize::rect(width as u32, rows.len() as u32).expect("diagram size");
    let mut board = Board::new(size);
    let mut marks = HashMap::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, token) in row.iter().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match *token {
                "X" => board.place(p, Stone::Black).unwrap(),
                "O" => board.place(p, Stone::White).unwrap(),
                "." => {}
                t if t.len() == 1 && t.as_bytes()[0].is_ascii_lowercase() => {
                    let c = t.as_bytes()[0] as char;
                    assert!(marks.insert(c, p).is_none(), "mark {c} used twice");
                }
                t => panic!("unknown diagram token {t:?}"),
            }
        }
    }
    (board, Marks(marks))
}

/// The named points of a diagram; `marks['a']` is the point drawn as `a`.
#[derive(Debug)]
pub(crate) struct Marks(HashMap<char, Point>);

impl std::ops::Index<char> for Marks {
    type Output = Point;

    fn index(&self, c: char) -> &Point {
        self.0
            .get(&c)
            .unwrap_or_else(|| panic!("no point marked {c} in the diagram"))
    }
}

/// Any board size: square about half the time (like `START`), else rectangular.
pub(crate) fn arb_size() -> impl Strategy<Value = BoardSize> {
    (5u32..=32, 5u32..=32, any::<bool>()).prop_map(|(w, h, square)| {
        if square {
            BoardSize::square(w)
        } else {
            BoardSize::rect(w, h)
        }
        .unwrap()
    })
}

/// A random board: random size, random fill density, random share of black.
///
/// Positions need not be reachable in a game (they may hold fives or uneven counts): the
/// properties tested must hold for any board a confused engine or manager could describe.
pub(crate) fn arb_board() -> impl Strategy<Value = Board> {
    (arb_size(), 0u32..=90, 0u32..=100).prop_flat_map(|(size, fill, black_share)| {
        proptest::collection::vec(0u32..10_000, size.area()).prop_map(move |rolls| {
            let mut b = Board::new(size);
            for (p, roll) in size.points().zip(rolls) {
                let (filled, colour) = (roll % 100, roll / 100);
                if filled < fill {
                    let stone = if colour < black_share {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    b.place(p, stone).unwrap();
                }
            }
            b
        })
    })
}
