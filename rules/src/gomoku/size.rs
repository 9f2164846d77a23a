//! Board dimensions.

use std::fmt;

use super::{GomokuError, Point};

/// The dimensions of a gomoku board: `width` columns by `height` rows.
///
/// Gomocup's `START n` gives a square board and `RECTSTART w,h` a rectangular one. Both sides
/// must lie in [`BoardSize::MIN`]`..=`[`BoardSize::MAX`], so a `BoardSize` that exists is always
/// a size the rest of the module can handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSize {
    width: u8,
    height: u8,
}

impl BoardSize {
    /// The smallest side length accepted: a five must fit in a line.
    pub const MIN: u32 = 5;
    /// The largest side length accepted (the Gomocup protocol's limit).
    pub const MAX: u32 = 32;
    /// The standard 15x15 board (renju, AGI, most Gomocup tournaments).
    pub const STANDARD: BoardSize = BoardSize {
        width: 15,
        height: 15,
    };

    /// A square `n`x`n` board, as in Gomocup `START n`.
    pub fn square(n: u32) -> Result<BoardSize, GomokuError> {
        BoardSize::rect(n, n)
    }

    /// A `width`x`height` board, as in Gomocup `RECTSTART width,height`.
    ///
    /// Takes `u32` so that a caller can pass whatever number an engine or manager sent and
    /// get an error, rather than a silent truncation, when it is out of range.
    pub fn rect(width: u32, height: u32) -> Result<BoardSize, GomokuError> {
        let ok = |n: u32| (BoardSize::MIN..=BoardSize::MAX).contains(&n);
        if ok(width) && ok(height) {
            // Both are at most 32, so the casts cannot truncate.
            Ok(BoardSize {
                width: width as u8,
                height: height as u8,
            })
        } else {
            Err(GomokuError::InvalidSize { width, height })
        }
    }

    /// The number of columns.
    pub fn width(self) -> u8 {
        self.width
    }

    /// The number of rows.
    pub fn height(self) -> u8 {
        self.height
    }

    /// Whether the board is square.
    pub fn is_square(self) -> bool {
        self.width == self.height
    }

    /// The number of points on the board.
    pub fn area(self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// Whether `point` lies on the board.
    pub fn contains(self, point: Point) -> bool {
        point.x < self.width && point.y < self.height
    }

    /// `Ok` if `point` lies on the board, else [`GomokuError::OffBoard`].
    pub fn check(self, point: Point) -> Result<(), GomokuError> {
        if self.contains(point) {
            Ok(())
        } else {
            Err(GomokuError::OffBoard { point, size: self })
        }
    }

    /// Every point of the board, row by row from the top, left to right within a row.
    pub fn points(self) -> impl Iterator<Item = Point> + Clone {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Point::new(x, y)))
    }

    /// The row-major index of an on-board point (callers check `contains` first).
    pub(super) fn index(self, point: Point) -> usize {
        usize::from(point.y) * usize::from(self.width) + usize::from(point.x)
    }
}

impl Default for BoardSize {
    /// The standard 15x15 board.
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

impl fmt::Display for BoardSize {
    /// `15x15`, `20x12`: width first, as in `RECTSTART`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_and_rect_accept_5_to_32() {
        assert_eq!(BoardSize::square(15).unwrap(), BoardSize::STANDARD);
        assert_eq!(BoardSize::square(5).unwrap().to_string(), "5x5");
        assert_eq!(BoardSize::square(32).unwrap().to_string(), "32x32");
        let r = BoardSize::rect(20, 7).unwrap();
        assert_eq!((r.width(), r.height()), (20, 7));
        assert_eq!(r.to_string(), "20x7");
        assert!(!r.is_square());
        assert_eq!(r.area(), 140);
    }

    #[test]
    fn out_of_range_sizes_are_errors() {
        for (w, h) in [(4, 15), (15, 4), (33, 15), (15, 33), (0, 0), (u32::MAX, 15)] {
            assert_eq!(
                BoardSize::rect(w, h),
                Err(GomokuError::InvalidSize {
                    width: w,
                    height: h
                })
            );
        }
        assert!(BoardSize::square(33).is_err());
    }

    #[test]
    fn bounds_checks_use_width_for_x_and_height_for_y() {
        let r = BoardSize::rect(20, 7).unwrap();
        assert!(r.contains(Point::new(19, 6)));
        assert!(!r.contains(Point::new(6, 19)));
        assert_eq!(
            r.check(Point::new(20, 0)).unwrap_err().to_string(),
            "point 20,0 is off the 20x7 board"
        );
    }

    #[test]
    fn points_are_row_major() {
        let s = BoardSize::rect(6, 5).unwrap();
        let pts: Vec<_> = s.points().collect();
        assert_eq!(pts.len(), 30);
        assert_eq!(pts[0], Point::new(0, 0));
        assert_eq!(pts[1], Point::new(1, 0));
        assert_eq!(pts[6], Point::new(0, 1));
        assert!(pts.iter().enumerate().all(|(i, &p)| s.index(p) == i));
    }
}
