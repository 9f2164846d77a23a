//! AGI hex points: two hex digits, row then column.
//!
//! The first digit is the row counted from the top, `0`..`E`; the second the column counted
//! from the left, `1`..`F`. So `01` is the top-left point (Gomocup `0,0`), `78` the centre of
//! a 15x15 board (`7,7`) and `EF` its bottom-right corner (`14,14`); the star points are `34`,
//! `3C`, `B4` and `BC`. In Gomocup terms: `y` = first digit, `x` = second digit − 1.
//!
//! One hex digit per coordinate means only boards of at most 15 columns and 15 rows can be
//! written this way; every function here rejects a larger board. Digits are read in either
//! case and written in upper case. A move list is the points run together (`7877` is `78`
//! then `77`). Whitespace around the whole input is ignored, none inside it; error offsets
//! count bytes of the input as given.

use super::{AgiError, BoardSize, Point};

/// Reads one AGI point such as `78` on a board of `size`.
pub fn parse_point(s: &str, size: BoardSize) -> Result<Point, AgiError> {
    check_size(size)?;
    let (start, digits) = trimmed_chars(s);
    match digits[..] {
        [row, col] => decode(row, col, size),
        _ => Err(AgiError::WrongLength {
            input: s.trim().to_owned(),
            len: digits.len(),
        }),
    }
    .map_err(|e| shift(e, start))
}

/// Writes one point in AGI form, upper case: `Point::new(7, 7)` is `78`.
pub fn format_point(point: Point, size: BoardSize) -> Result<String, AgiError> {
    check_size(size)?;
    if !size.contains(point) {
        return Err(AgiError::OffBoard { point, size });
    }
    // On a board of at most 15x15, y <= 14 and x + 1 <= 15: one hex digit each.
    Ok(format!("{:X}{:X}", point.y, point.x + 1))
}

/// Reads an AGI move list such as `7877` (the points run together) on a board of `size`.
///
/// The empty string is the empty list. An odd number of digits is an error naming the offset
/// of the lone last digit.
pub fn parse_moves(s: &str, size: BoardSize) -> Result<Vec<Point>, AgiError> {
    check_size(size)?;
    let (start, digits) = trimmed_chars(s);
    if digits.len() % 2 == 1 {
        let (offset, _) = digits[digits.len() - 1];
        return Err(AgiError::OddLength {
            offset: start + offset,
        });
    }
    digits
        .chunks_exact(2)
        .map(|pair| decode(pair[0], pair[1], size).map_err(|e| shift(e, start)))
        .collect()
}

/// Writes a move list in AGI form, the points run together: `7877`.
pub fn format_moves<I>(points: I, size: BoardSize) -> Result<String, AgiError>
where
    I: IntoIterator<Item = Point>,
{
    points.into_iter().map(|p| format_point(p, size)).collect()
}

fn check_size(size: BoardSize) -> Result<(), AgiError> {
    if size.width() <= 15 && size.height() <= 15 {
        Ok(())
    } else {
        Err(AgiError::BoardTooLarge { size })
    }
}

/// The characters of `s` without surrounding whitespace, with their byte offsets in the
/// trimmed text, and where the trimmed text starts in `s`.
fn trimmed_chars(s: &str) -> (usize, Vec<(usize, char)>) {
    let t = s.trim();
    let start = s.len() - s.trim_start().len();
    (start, t.char_indices().collect())
}

/// Decodes a (row, column) pair of digits with their offsets in the trimmed text.
fn decode(row: (usize, char), col: (usize, char), size: BoardSize) -> Result<Point, AgiError> {
    let digit = |(offset, ch): (usize, char)| {
        ch.to_digit(16)
            .map(|d| d as u8)
            .ok_or(AgiError::NotHexDigit { ch, offset })
    };
    let (r, c) = (digit(row)?, digit(col)?);
    if r >= size.height() {
        return Err(AgiError::RowOffBoard {
            digit: r,
            offset: row.0,
            size,
        });
    }
    if c == 0 {
        return Err(AgiError::ColumnZero { offset: col.0 });
    }
    if c > size.width() {
        return Err(AgiError::ColumnOffBoard {
            digit: c,
            offset: col.0,
            size,
        });
    }
    Ok(Point::new(c - 1, r))
}

/// Moves an error's offset from the trimmed text to the text as given.
fn shift(e: AgiError, by: usize) -> AgiError {
    match e {
        AgiError::NotHexDigit { ch, offset } => AgiError::NotHexDigit {
            ch,
            offset: offset + by,
        },
        AgiError::ColumnZero { offset } => AgiError::ColumnZero {
            offset: offset + by,
        },
        AgiError::RowOffBoard {
            digit,
            offset,
            size,
        } => AgiError::RowOffBoard {
            digit,
            offset: offset + by,
            size,
        },
        AgiError::ColumnOffBoard {
            digit,
            offset,
            size,
        } => AgiError::ColumnOffBoard {
            digit,
            offset: offset + by,
            size,
        },
        AgiError::OddLength { offset } => AgiError::OddLength {
            offset: offset + by,
        },
        e @ (AgiError::BoardTooLarge { .. }
        | AgiError::WrongLength { .. }
        | AgiError::OffBoard { .. }) => e,
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::p;
    use super::*;
    use proptest::prelude::*;

    const STD: BoardSize = BoardSize::STANDARD;

    #[test]
    fn corners_and_centre() {
        assert_eq!(parse_point("01", STD), Ok(p(0, 0)));
        assert_eq!(parse_point("78", STD), Ok(p(7, 7)));
        assert_eq!(parse_point("EF", STD), Ok(p(14, 14)));
        assert_eq!(parse_point("ef", STD), Ok(p(14, 14)));
        assert_eq!(parse_point("0F", STD), Ok(p(14, 0)));
        assert_eq!(parse_point("E1", STD), Ok(p(0, 14)));
        assert_eq!(parse_point(" 78\r\n", STD), Ok(p(7, 7)));
        assert_eq!(format_point(p(0, 0), STD).unwrap(), "01");
        assert_eq!(format_point(p(7, 7), STD).unwrap(), "78");
        assert_eq!(format_point(p(14, 14), STD).unwrap(), "EF");
    }

    #[test]
    fn star_points() {
        let stars = [
            ("34", p(3, 3)),
            ("3C", p(11, 3)),
            ("B4", p(3, 11)),
            ("BC", p(11, 11)),
        ];
        for (text, point) in stars {
            assert_eq!(parse_point(text, STD), Ok(point), "{text}");
            assert_eq!(parse_point(&text.to_lowercase(), STD), Ok(point), "{text}");
            assert_eq!(format_point(point, STD).unwrap(), text);
        }
    }

    #[test]
    fn point_errors() {
        assert_eq!(
            parse_point("0G", STD),
            Err(AgiError::NotHexDigit { ch: 'G', offset: 1 })
        );
        assert_eq!(
            parse_point("0G", STD).unwrap_err().to_string(),
            "'G' at offset 1 is not a hex digit"
        );
        // Row F would be the 16th row; 15x15 has rows 0..E.
        assert_eq!(
            parse_point("F1", STD),
            Err(AgiError::RowOffBoard {
                digit: 15,
                offset: 0,
                size: STD
            })
        );
        assert_eq!(
            parse_point("F1", STD).unwrap_err().to_string(),
            "row digit F at offset 0 is off the 15x15 board (rows 0..E)"
        );
        assert_eq!(
            parse_point("70", STD),
            Err(AgiError::ColumnZero { offset: 1 })
        );
        assert_eq!(
            parse_point("70", STD).unwrap_err().to_string(),
            "column digit 0 at offset 1 is invalid: AGI columns run from 1"
        );
        assert_eq!(
            parse_point("789", STD),
            Err(AgiError::WrongLength {
                input: "789".into(),
                len: 3
            })
        );
        assert_eq!(
            parse_point("", STD),
            Err(AgiError::WrongLength {
                input: "".into(),
                len: 0
            })
        );
        assert_eq!(
            parse_point("7 8", STD),
            Err(AgiError::WrongLength {
                input: "7 8".into(),
                len: 3
            })
        );
        assert_eq!(
            parse_point("é8", STD),
            Err(AgiError::NotHexDigit {
                ch: 'é', offset: 0
            })
        );
        // Offsets count from the input as given, leading whitespace included.
        assert_eq!(
            parse_point("  7g", STD),
            Err(AgiError::NotHexDigit { ch: 'g', offset: 3 })
        );
    }

    #[test]
    fn smaller_and_rectangular_boards() {
        let small = BoardSize::rect(10, 6).unwrap();
        assert_eq!(parse_point("5A", small), Ok(p(9, 5)));
        assert_eq!(
            parse_point("6A", small),
            Err(AgiError::RowOffBoard {
                digit: 6,
                offset: 0,
                size: small
            })
        );
        assert_eq!(
            parse_point("5B", small),
            Err(AgiError::ColumnOffBoard {
                digit: 11,
                offset: 1,
                size: small
            })
        );
        assert_eq!(
            parse_point("5B", small).unwrap_err().to_string(),
            "column digit B at offset 1 is off the 10x6 board (columns 1..A)"
        );
        assert_eq!(format_point(p(9, 5), small).unwrap(), "5A");
        assert_eq!(
            format_point(p(10, 5), small),
            Err(AgiError::OffBoard {
                point: p(10, 5),
                size: small
            })
        );
    }

    #[test]
    fn boards_larger_than_15_have_no_agi_form() {
        for size in [
            BoardSize::square(16).unwrap(),
            BoardSize::rect(15, 16).unwrap(),
            BoardSize::rect(20, 10).unwrap(),
        ] {
            assert_eq!(
                parse_point("78", size),
                Err(AgiError::BoardTooLarge { size })
            );
            assert_eq!(
                format_point(p(0, 0), size),
                Err(AgiError::BoardTooLarge { size })
            );
            assert_eq!(parse_moves("", size), Err(AgiError::BoardTooLarge { size }));
        }
        assert_eq!(
            parse_point("78", BoardSize::square(20).unwrap())
                .unwrap_err()
                .to_string(),
            "AGI hex points cover at most 15x15; the board is 20x20"
        );
    }

    #[test]
    fn move_lists() {
        assert_eq!(parse_moves("7877", STD), Ok(vec![p(7, 7), p(6, 7)]));
        assert_eq!(parse_moves("", STD), Ok(vec![]));
        assert_eq!(
            parse_moves("01efBc", STD),
            Ok(vec![p(0, 0), p(14, 14), p(11, 11)])
        );
        assert_eq!(format_moves([p(7, 7), p(6, 7)], STD).unwrap(), "7877");
        assert_eq!(format_moves([], STD).unwrap(), "");
        assert_eq!(
            parse_moves("78779", STD),
            Err(AgiError::OddLength { offset: 4 })
        );
        assert_eq!(
            parse_moves("78779", STD).unwrap_err().to_string(),
            "AGI move list has an odd number of digits: the point starting at offset 4 is incomplete"
        );
        // Errors inside a list name the offset of the offending digit in the whole list.
        assert_eq!(
            parse_moves("787x", STD),
            Err(AgiError::NotHexDigit { ch: 'x', offset: 3 })
        );
        assert_eq!(
            parse_moves("7870", STD),
            Err(AgiError::ColumnZero { offset: 3 })
        );
        assert_eq!(
            parse_moves("78F1", STD),
            Err(AgiError::RowOffBoard {
                digit: 15,
                offset: 2,
                size: STD
            })
        );
        assert_eq!(
            parse_moves(" 787", STD),
            Err(AgiError::OddLength { offset: 3 })
        );
    }

    fn agi_sized() -> impl Strategy<Value = BoardSize> {
        (5u32..=15, 5u32..=15).prop_map(|(w, h)| BoardSize::rect(w, h).unwrap())
    }

    proptest! {
        /// Every point of every board up to 15x15 survives format then parse.
        #[test]
        fn every_point_round_trips(size in agi_sized()) {
            for point in size.points() {
                let text = format_point(point, size).unwrap();
                prop_assert_eq!(text.len(), 2);
                prop_assert_eq!(&text, &text.to_uppercase());
                prop_assert_eq!(parse_point(&text, size), Ok(point));
                prop_assert_eq!(parse_point(&text.to_lowercase(), size), Ok(point));
            }
        }

        #[test]
        fn move_lists_round_trip(size in agi_sized(), picks in proptest::collection::vec(any::<u16>(), 0..40)) {
            let all: Vec<Point> = size.points().collect();
            let moves: Vec<Point> = picks.iter().map(|&i| all[usize::from(i) % all.len()]).collect();
            let text = format_moves(moves.iter().copied(), size).unwrap();
            prop_assert_eq!(text.len(), 2 * moves.len());
            prop_assert_eq!(parse_moves(&text, size), Ok(moves));
        }

        #[test]
        fn parsers_never_panic(s in any::<String>(), size in agi_sized()) {
            let _ = parse_point(&s, size);
            let _ = parse_moves(&s, size);
        }

        #[test]
        fn parsers_never_panic_on_hex_like_text(s in "[ 0-9a-hA-H]{0,9}", size in agi_sized()) {
            if let Ok(p) = parse_point(&s, size) {
                prop_assert!(size.contains(p));
            }
            if let Ok(ps) = parse_moves(&s, size) {
                prop_assert!(ps.iter().all(|&p| size.contains(p)));
            }
        }
    }
}
