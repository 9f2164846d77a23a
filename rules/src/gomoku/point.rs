//! Points in Gomocup coordinates, and their `x,y` text form.

use std::fmt;
use std::str::FromStr;

use super::error::{Axis, ParsePointError};

/// A point (intersection) of the board in Gomocup coordinates.
///
/// Both coordinates are 0-based: `x` is the column counted from the left, `y` the row counted
/// from the top. A `Point` does not know the board it belongs to; check it with
/// [`BoardSize::contains`](super::BoardSize::contains) or let [`Board`](super::Board) do so.
///
/// The text form (`Display` and `FromStr`) is Gomocup's `x,y`, for example `7,7`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Point {
    /// The point in column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The point `k` steps of `(dx, dy)` away, if its coordinates are non-negative and fit.
    ///
    /// Used for walking lines; the board still has to check the far side.
    pub(super) fn offset(self, dx: i8, dy: i8, k: i32) -> Option<Point> {
        let x = i32::from(self.x) + i32::from(dx) * k;
        let y = i32::from(self.y) + i32::from(dy) * k;
        Some(Point::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?))
    }
}

impl fmt::Display for Point {
    /// Gomocup form: `x,y` with no spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Parses Gomocup `x,y`.
    ///
    /// Whitespace around the whole point is ignored (lines arrive with `\r` and stray blanks),
    /// but not inside it: the protocol writes `10,10`, and a harness should notice an engine
    /// that writes `10, 10`. Coordinates are plain decimal digits; a sign is not accepted.
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let s = s.trim();
        let Some((xs, ys)) = s.split_once(',') else {
            return Err(ParsePointError::MissingComma {
                input: s.to_owned(),
            });
        };
        Ok(Point::new(
            coordinate(Axis::X, xs)?,
            coordinate(Axis::Y, ys)?,
        ))
    }
}

/// Parses one decimal coordinate, telling "negative" and "too large" apart from "not a
/// number" because those are the mistakes engines actually make.
fn coordinate(axis: Axis, text: &str) -> Result<u8, ParsePointError> {
    let all_digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(text) {
        let err = match text.strip_prefix('-') {
            Some(rest) if all_digits(rest) => ParsePointError::Negative {
                axis,
                text: text.to_owned(),
            },
            _ => ParsePointError::NotANumber {
                axis,
                text: text.to_owned(),
            },
        };
        return Err(err);
    }
    let overflow = || ParsePointError::Overflow {
        axis,
        text: text.to_owned(),
    };
    text.bytes().try_fold(0u8, |acc, b| {
        acc.checked_mul(10)
            .and_then(|v| v.checked_add(b - b'0'))
            .ok_or_else(overflow)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn parse(s: &str) -> Result<Point, ParsePointError> {
        s.parse()
    }

    #[test]
    fn parses_gomocup_points() {
        assert_eq!(parse("10,10"), Ok(Point::new(10, 10)));
        assert_eq!(parse("0,14"), Ok(Point::new(0, 14)));
        assert_eq!(parse("  7,3 \r\n"), Ok(Point::new(7, 3)));
        assert_eq!(parse("007,3"), Ok(Point::new(7, 3)));
        assert_eq!(parse("255,0"), Ok(Point::new(255, 0)));
    }

    #[test]
    fn displays_as_x_comma_y() {
        assert_eq!(Point::new(15, 3).to_string(), "15,3");
    }

    #[test]
    fn precise_errors() {
        assert_eq!(
            parse("1010"),
            Err(ParsePointError::MissingComma {
                input: "1010".into()
            })
        );
        assert_eq!(
            parse(""),
            Err(ParsePointError::MissingComma { input: "".into() })
        );
        assert_eq!(
            parse("a,3"),
            Err(ParsePointError::NotANumber {
                axis: Axis::X,
                text: "a".into()
            })
        );
        assert_eq!(
            parse("3,"),
            Err(ParsePointError::NotANumber {
                axis: Axis::Y,
                text: "".into()
            })
        );
        assert_eq!(
            parse("3, 4"),
            Err(ParsePointError::NotANumber {
                axis: Axis::Y,
                text: " 4".into()
            })
        );
        assert_eq!(
            parse("1,2,3"),
            Err(ParsePointError::NotANumber {
                axis: Axis::Y,
                text: "2,3".into()
            })
        );
        assert_eq!(
            parse("+3,4"),
            Err(ParsePointError::NotANumber {
                axis: Axis::X,
                text: "+3".into()
            })
        );
        assert_eq!(
            parse("-1,4"),
            Err(ParsePointError::Negative {
                axis: Axis::X,
                text: "-1".into()
            })
        );
        assert_eq!(
            parse("4,256"),
            Err(ParsePointError::Overflow {
                axis: Axis::Y,
                text: "256".into()
            })
        );
        assert_eq!(
            parse("99999999999999999999,1"),
            Err(ParsePointError::Overflow {
                axis: Axis::X,
                text: "99999999999999999999".into()
            })
        );
        assert_eq!(
            parse("-1,4").unwrap_err().to_string(),
            "x coordinate -1 is negative: coordinates start at 0"
        );
        assert_eq!(
            parse("4,256").unwrap_err().to_string(),
            "y coordinate 256 is too large: at most 255"
        );
        assert_eq!(
            parse("x,1").unwrap_err().to_string(),
            "x coordinate \"x\" is not a number"
        );
    }

    #[test]
    fn offset_stays_non_negative() {
        assert_eq!(Point::new(0, 5).offset(-1, 0, 1), None);
        assert_eq!(Point::new(3, 5).offset(1, -1, 2), Some(Point::new(5, 3)));
        assert_eq!(Point::new(250, 0).offset(1, 0, 10), None);
    }

    proptest! {
        #[test]
        fn display_then_parse_round_trips(x in any::<u8>(), y in any::<u8>()) {
            let p = Point::new(x, y);
            prop_assert_eq!(p.to_string().parse::<Point>(), Ok(p));
        }

        #[test]
        fn parse_never_panics(s in any::<String>()) {
            let _ = s.parse::<Point>();
        }

        #[test]
        fn parse_never_panics_on_point_like_text(s in "[ 0-9,+-]{0,12}") {
            if let Ok(p) = s.parse::<Point>() {
                // Whatever parsed must print back to the trimmed input up to leading zeros.
                prop_assert_eq!(p.to_string().parse::<Point>(), Ok(p));
            }
        }
    }
}
