//! Renju forbidden-point tests.
//!
//! Positions are drawn as diagrams (`X` black, `O` white, `.` empty, a letter names an empty
//! point). Coordinates in comments are Gomocup `x,y`: column from the left, row from the top.
//! Every verdict below was worked out by hand from the RIF definitions before the code ran;
//! the comments give the reasoning so a reader can re-check it.

use super::super::testing::{diagram, p};
use super::super::{BoardSize, IllegalMove, Rule};
use super::*;

#[test]
fn display_names() {
    assert_eq!(Forbidden::Overline.to_string(), "overline");
    assert_eq!(Forbidden::DoubleFour.to_string(), "double-four");
    assert_eq!(Forbidden::DoubleThree.to_string(), "double-three");
}

#[test]
fn occupied_and_off_board_points_are_not_forbidden() {
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . X X a . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleThree));
    assert_eq!(b.forbidden(p(4, 3)), None);
    assert_eq!(b.forbidden(p(9, 4)), None);
    assert_eq!(b.forbidden(p(200, 200)), None);
}

#[test]
fn double_three_is_forbidden() {
    // a = 4,4 makes X X a across (2..4,4) and down (4,2..4). Each becomes a straight four by
    // one more move (5,4 across; 4,5 or 4,1 down) with empty, non-black points beyond both
    // ends, and those moves are harmless for black, so both threes are real.
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . X X a . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleThree));
    assert_eq!(
        b.is_legal_move(m['a'], Stone::Black, Rule::RENJU),
        Err(IllegalMove::Forbidden {
            point: m['a'],
            reason: Forbidden::DoubleThree
        })
    );
    // White may play there, and so may black outside renju.
    assert_eq!(b.is_legal_move(m['a'], Stone::White, Rule::RENJU), Ok(()));
    assert_eq!(
        b.is_legal_move(m['a'], Stone::Black, Rule::EXACT_FIVE),
        Ok(())
    );
}

#[test]
fn double_three_with_a_split_three() {
    // a = 5,5. Down column 5 it makes X . X a (rows 2..5): filling the gap 5,3 gives the
    // straight four 5,2..5,5 (5,1 and 5,6 empty, 5,0 and 5,7 not black). Across row 5 it
    // makes X X a, a plain three. Neither completion point is forbidden: double-three.
    let (b, m) = diagram(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . X . . . .
        . . . . . . . . . .
        . . . . . X . . . .
        . . . X X a . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleThree));
}

#[test]
fn three_blocked_on_one_side_is_not_a_three() {
    // Across row 4, O X X a: the only way to four is 5,4, giving O X X X X, which has one
    // completion (6,4) only, so it is not a straight four. Down column 4 is a real three; one
    // three alone is allowed.
    let (mut b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . O X X a . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), None);
    // Lift the blocker and the row is a three again: double-three.
    b.remove(p(1, 4)).unwrap();
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleThree));
}

#[test]
fn three_at_the_edge_blocked_at_a_distance_is_not_a_three() {
    // Row 4 is |. X X a . O: filling 0,4 gives X X X X against the edge (no point left of
    // it); filling 4,4 gives . X X X X O, blocked on the right. Neither is a straight four.
    // Column 3 is a real three (3,1 or 3,5 make straight fours), so only one three.
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        . X X a . O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), None);
}

#[test]
fn three_whose_straight_four_would_need_an_overline_end() {
    // Row 4: X . . X X a . O. Filling 2,4 gives X . X X X X: its left completion 1,4 would
    // make six (0,4..5,4), so that four is not straight. Filling 6,4 gives X X X X against O.
    // So row 4 is not a three, and the column-5 three is alone.
    let (mut b, m) = diagram(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . X . . . .
        . . . . . X . . . .
        X . . X X a . O . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), None);
    // Without the O, filling 6,4 gives . X X X X . with 2,4 and 7,4 both completing an
    // exact five (1,4 and 8,4 are not black): row 4 is a three after all.
    b.remove(p(7, 4)).unwrap();
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleThree));
}

#[test]
fn false_three_whose_completion_is_an_overline() {
    // a = 7,7. Column 7 (7,5 7,6 a) is a real three: 7,4 makes the straight four 7,4..7,7,
    // and 7,4 is not forbidden (one four, at most one three there).
    //
    // Row 7 is X g X a (4,7 . 6,7 7,7). The only move that makes a straight four of it is
    // the gap g = 5,7 (giving 4,7..7,7 with 3,7 and 8,7 free); 8,7 would only give
    // X . X X X. But column 5 holds 5,4 5,5 5,6 and 5,8 5,9, so black on g makes six in
    // column 5 and no five anywhere: g is an overline point, forbidden. So row 7 is a false
    // three, a has one real three, and a is allowed.
    let (mut b, m) = diagram(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . X . . . . . . .
        . . . . . X . X . . . . . . .
        . . . . X g X a . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
    let (a, g) = (m['a'], m['g']);
    assert_eq!(b.forbidden(a), None);
    assert_eq!(b.is_legal_move(a, Stone::Black, Rule::RENJU), Ok(()));

    // The recursion's step, checked on its own: with a played, g is an overline point.
    let mut after = b.clone();
    after.place(a, Stone::Black).unwrap();
    assert_eq!(after.forbidden(g), Some(Forbidden::Overline));

    // Take away column 5 and g is an ordinary point, so row 7 is a real three: double-three.
    for y in [4, 5, 6, 8, 9] {
        b.remove(p(5, y)).unwrap();
    }
    assert_eq!(b.forbidden(a), Some(Forbidden::DoubleThree));
}

#[test]
fn false_three_whose_completion_is_a_double_three() {
    // Two levels of recursion. a = 7,7; column 7 (7,5 7,6 a) is a real three as above
    // (7,8 makes a straight four and is itself allowed: one four, and its only other
    // potential three is the diagonal 5,6 6,7 7,8).
    //
    // Row 7 is again X g X a, with g = 5,7 its only straight-four completion. With a on the
    // board, black on g would make:
    //   * row 7: 4,7..7,7, a four (completed by 3,7 or 8,7: the same four stones, one four);
    //   * column 5: 5,5 5,6 g, a three (5,4 or 5,8 make a straight four; 5,4 is harmless);
    //   * diagonal 3,5 4,6 g, a three (2,4 or 6,8 make a straight four; 6,8 is harmless:
    //     its other lines hold only two or three stones with no straight four);
    //   * anti-diagonal g 6,6 7,5: filling 6,6 gives only three in a row, no three.
    // One four and two threes: g is a double-three (4-3-3), so forbidden, so row 7 is a
    // false three through a, and a itself is allowed.
    let (mut b, m) = diagram(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . X . X . . . . . . .
        . . . . X X . X . . . . . . .
        . . . . X g X a . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
    let (a, g) = (m['a'], m['g']);
    assert_eq!(b.forbidden(a), None);

    let mut after = b.clone();
    after.place(a, Stone::Black).unwrap();
    assert_eq!(after.forbidden(g), Some(Forbidden::DoubleThree));
    // The harmless completions named above really are harmless.
    after.place(g, Stone::Black).unwrap();
    assert_eq!(after.forbidden(p(5, 4)), None);
    assert_eq!(after.forbidden(p(6, 8)), None);

    // Remove the diagonal 3,5 4,6: g has one four and one three (allowed), so row 7 is a
    // real three and a becomes a double-three.
    b.remove(p(3, 5)).unwrap();
    b.remove(p(4, 6)).unwrap();
    assert_eq!(b.forbidden(a), Some(Forbidden::DoubleThree));
}

#[test]
fn four_three_is_allowed() {
    // Row 4: O X X X a is a four (6,4 is empty, so 5,4 makes an exact five). Column 4:
    // 4,2 4,3 a is a three. A four and a three is the classic winning shape, and legal.
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        O X X X a . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), None);
    assert_eq!(b.is_legal_move(m['a'], Stone::Black, Rule::RENJU), Ok(()));
}

#[test]
fn double_four_in_two_directions() {
    // Row 4 and column 4 each hold three blacks capped by O: with a both are fours (each
    // with one completion, 5,4 and 4,5). Blocked fours still count.
    let (b, m) = diagram(
        "
        . . . . O . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        O X X X a . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleFour));
}

#[test]
fn open_four_counts_as_one_four() {
    // . X X X a . is a straight four: two completions but the same four stones, so one
    // four, allowed. Add a four down column 4 and it is a double-four.
    let (mut b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X a . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), None);
    for y in [5, 6, 7] {
        b.place(p(4, y), Stone::Black).unwrap();
    }
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleFour));
}

#[test]
fn double_four_in_one_line() {
    // X . X a X . X: filling 2,2 makes 1..5 a five, filling 6,2 makes 3..7 a five, and the
    // two fours have different stones (1,3,4,5 and 3,4,5,7).
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . X . X a X . X .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleFour));

    // X X . a X . X X: 2,2 completes 0..4, 5,2 completes 3..7 (8,2 and 2,2 stay empty).
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        X X . a X . X X .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleFour));

    // X X X . a . X X X: 3,2 completes 0..4, 5,2 completes 4..8; the far edge is fine.
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        X X X . a . X X X
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleFour));

    // Same shape with a fourth black on the right: X X X . a . X X X X. Filling 5,2 would
    // now make six (4,2..9,2), so only one four is left, and black may play a.
    let (b, m) = diagram(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        X X X . a . X X X X
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), None);
}

#[test]
fn five_that_is_also_a_double_four_wins() {
    // Row 4: X X X X a is an exact five (5,4 empty). Column 4 (4,1..4,3) and the diagonal
    // (1,1 2,2 3,3) also become fours: a double-four, but the five takes precedence.
    let (mut b, m) = diagram(
        "
        . . . . . . . . .
        . X . . X . . . .
        . . X . X . . . .
        . . . X X . . . .
        X X X X a . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    let a = m['a'];
    assert_eq!(b.forbidden(a), None);
    assert!(b.five_at(a, Stone::Black, Rule::RENJU));
    assert_eq!(b.is_legal_move(a, Stone::Black, Rule::RENJU), Ok(()));
    // Without 0,4 the row is only a four: three fours, forbidden.
    b.remove(p(0, 4)).unwrap();
    assert_eq!(b.forbidden(a), Some(Forbidden::DoubleFour));
}

#[test]
fn five_with_an_overline_in_another_line_wins() {
    // Row 4 is an exact five; column 4 becomes six (4,1..4,6). RIF: the five wins.
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        X X X X a . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    let a = m['a'];
    assert_eq!(b.forbidden(a), None);
    assert_eq!(
        b.winning_line(a, Stone::Black, Rule::RENJU)
            .map(|l| l.to_string()),
        Some("0,4 1,4 2,4 3,4 4,4".to_string())
    );
}

#[test]
fn black_overline_is_forbidden_white_overline_wins() {
    // . X X X a X X: six for black, no five anywhere.
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . X X X a X X . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    let a = m['a'];
    assert_eq!(b.forbidden(a), Some(Forbidden::Overline));
    assert!(!b.five_at(a, Stone::Black, Rule::RENJU));
    assert_eq!(
        b.is_legal_move(a, Stone::Black, Rule::RENJU)
            .unwrap_err()
            .to_string(),
        "point 4,2 is forbidden for black under renju (overline)"
    );
    // Outside renju black may play it; it wins in freestyle but not under exact five.
    assert_eq!(b.is_legal_move(a, Stone::Black, Rule::FREESTYLE), Ok(()));
    assert!(b.five_at(a, Stone::Black, Rule::FREESTYLE));
    assert!(!b.five_at(a, Stone::Black, Rule::EXACT_FIVE));

    // The same shape in white: legal, and a win under renju.
    let (w, m) = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . O O O a O O O .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    let a = m['a'];
    assert_eq!(w.is_legal_move(a, Stone::White, Rule::RENJU), Ok(()));
    let line = w.winning_line(a, Stone::White, Rule::RENJU).unwrap();
    assert_eq!(line.length(), 7);
    assert!(!w.five_at(a, Stone::White, Rule::EXACT_FIVE));
}

#[test]
fn priority_overline_then_double_four_then_double_three() {
    // a makes six across, and fours down and along the diagonal: reported as overline.
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . X . . X . . . .
        . . X . X . . . .
        . . . X X . . . .
        . X X X a X X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::Overline));

    // Fours across and down, threes on both diagonals: reported as double-four.
    let (b, m) = diagram(
        "
        . . . . . . . . .
        . . . . X . . . .
        . . X . X . X . .
        . . . X X X . . .
        O X X X a . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(b.forbidden(m['a']), Some(Forbidden::DoubleFour));
}

#[test]
fn works_on_rectangular_boards_and_their_edges() {
    // The double-three of `double_three_is_forbidden`, near the far corner of a 32x12 board:
    // row 9 (27,9 28,9 a) and column 29 (29,7 29,8 a), a = 29,9. 30,9 and 29,10 make
    // straight fours (31,9 and 29,11 are the last points of the board, and beyond them is
    // the edge, which is not black), and neither completion is forbidden.
    let size = BoardSize::rect(32, 12).unwrap();
    let board = |stones: [Point; 4]| {
        let mut b = Board::new(size);
        for q in stones {
            b.place(q, Stone::Black).unwrap();
        }
        b
    };
    let b = board([p(27, 9), p(28, 9), p(29, 7), p(29, 8)]);
    assert_eq!(b.forbidden(p(29, 9)), Some(Forbidden::DoubleThree));

    // One row lower, a = 29,10: 29,11 would give rows 8..11 against the bottom edge (not
    // straight), but 29,7 gives rows 7..10 with 29,6 and 29,11 free: still a three.
    let b = board([p(27, 10), p(28, 10), p(29, 8), p(29, 9)]);
    assert_eq!(b.forbidden(p(29, 10)), Some(Forbidden::DoubleThree));

    // On the bottom row, a = 29,11: the column can only grow upwards, to rows 8..11, whose
    // lower end is the edge. Not a three; the row three alone is allowed.
    let b = board([p(27, 11), p(28, 11), p(29, 9), p(29, 10)]);
    assert_eq!(b.forbidden(p(29, 11)), None);
}
