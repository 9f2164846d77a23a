//! Line patterns: what one stone makes in one direction, looked up in a precomputed table.
//!
//! A move's effect along a line depends only on the eight cells around it (four each side):
//! each is empty, own or blocked (opponent stone or edge), so 3^8 = 6561 cases. The table
//! classifies each case once by trying moves inside the window: a *four* has one empty
//! cell that completes a five, an *open four* two, an *open three* a cell that makes an open
//! four, and so on down to a *one* (a five is still possible in the window) and *dead*.
//! Cells beyond the window count as blocked, so a shape is never over-estimated because of
//! room the window cannot see. There are two tables: one where six or more in a row wins
//! (freestyle, white under renju) and one where only exactly five does.
//!
//! These shapes only rank moves and score positions; every win, block and forbidden point
//! the search relies on is checked on the real board.

use std::sync::OnceLock;

use arbiter_rules::gomoku::Stone;

use super::position::Position;

/// What a stone makes along one line, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shape {
    /// No five is possible through this stone within the window.
    Dead,
    /// Six or more in a row where only exactly five wins.
    Overline,
    /// A five is still possible.
    One,
    /// One move from a (closed) three.
    Two,
    /// One move from an open three.
    OpenTwo,
    /// One move from a four.
    Three,
    /// One move from an open four.
    OpenThree,
    /// One cell completes a five.
    Four,
    /// Two cells complete a five (a straight four, or two fours in one line).
    OpenFour,
    /// Five (under the table's rule) through this stone.
    Five,
}

const CASES: usize = 6561;
const UNSET: u8 = u8::MAX;
const ALL: [Shape; 10] = [
    Shape::Dead,
    Shape::Overline,
    Shape::One,
    Shape::Two,
    Shape::OpenTwo,
    Shape::Three,
    Shape::OpenThree,
    Shape::Four,
    Shape::OpenFour,
    Shape::Five,
];

/// The shape for a window code (see [`Position::window`]); `exact`: only exactly five wins.
pub fn shape(code: usize, exact: bool) -> Shape {
    static TABLES: OnceLock<[Vec<Shape>; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| [build(false), build(true)]);
    tables[usize::from(exact)]
        .get(code)
        .copied()
        .unwrap_or(Shape::Dead)
}

fn build(exact: bool) -> Vec<Shape> {
    let mut memo = vec![UNSET; CASES];
    for code in 0..CASES {
        classify(code, exact, &mut memo);
    }
    memo.into_iter()
        .map(|m| ALL.get(usize::from(m)).copied().unwrap_or(Shape::Dead))
        .collect()
}

/// The nine cells of a window, centre (own) at index 4: 0 empty, 1 own, 2 blocked.
fn decode(mut code: usize) -> [u8; 9] {
    let mut cells = [0u8; 9];
    for k in [0, 1, 2, 3, 5, 6, 7, 8] {
        cells[k] = (code % 3) as u8;
        code /= 3;
    }
    cells[4] = 1;
    cells
}

fn run_through_centre(cells: &[u8; 9]) -> usize {
    let left = cells[..4].iter().rev().take_while(|&&c| c == 1).count();
    let right = cells[5..].iter().take_while(|&&c| c == 1).count();
    left + 1 + right
}

fn wins(run: usize, exact: bool) -> bool {
    run == 5 || (run > 5 && !exact)
}

fn classify(code: usize, exact: bool, memo: &mut [u8]) -> Shape {
    if memo[code] != UNSET {
        return ALL[usize::from(memo[code])];
    }
    let cells = decode(code);
    let run = run_through_centre(&cells);
    let result = if wins(run, exact) {
        Shape::Five
    } else if run > 5 {
        Shape::Overline
    } else {
        let mut completions = 0;
        let mut best = Shape::Dead;
        let mut weight = 1;
        for k in [0, 1, 2, 3, 5, 6, 7, 8] {
            if cells[k] == 0 {
                let child = code + weight;
                if wins(run_through_centre(&decode(child)), exact) {
                    completions += 1;
                } else {
                    best = best.max(demote(classify(child, exact, memo)));
                }
            }
            weight *= 3;
        }
        match completions {
            0 => best,
            1 => Shape::Four,
            _ => Shape::OpenFour,
        }
    };
    memo[code] = result as u8;
    result
}

/// The shape one move short of `s`.
fn demote(s: Shape) -> Shape {
    match s {
        Shape::Five => Shape::Four,
        Shape::OpenFour => Shape::OpenThree,
        Shape::Four => Shape::Three,
        Shape::OpenThree => Shape::OpenTwo,
        Shape::Three => Shape::Two,
        Shape::OpenTwo | Shape::Two | Shape::One => Shape::One,
        Shape::Dead | Shape::Overline => Shape::Dead,
    }
}

/// Value of a single line shape in a static evaluation.
fn weight(s: Shape) -> i32 {
    match s {
        Shape::Dead | Shape::Overline => 0,
        Shape::One => 2,
        Shape::Two => 12,
        Shape::OpenTwo => 40,
        Shape::Three => 60,
        Shape::OpenThree => 400,
        Shape::Four => 500,
        Shape::OpenFour => 5_000,
        Shape::Five => 100_000,
    }
}

/// Values of moves that win or nearly win, above any sum of line weights.
pub const FIVE_VALUE: i32 = 1_000_000;
/// An open four or two fours: wins next move unless the opponent has a five.
pub const DOUBLE_FOUR_VALUE: i32 = 100_000;
const FOUR_THREE_VALUE: i32 = 30_000;
const DOUBLE_THREE_VALUE: i32 = 8_000;

/// How good a move with these four line shapes is for the mover.
pub fn move_value(shapes: [Shape; 4]) -> i32 {
    let count = |s: Shape| shapes.iter().filter(|&&x| x == s).count();
    let fours = count(Shape::Four);
    let open_threes = count(Shape::OpenThree);
    if count(Shape::Five) > 0 {
        FIVE_VALUE
    } else if count(Shape::OpenFour) > 0 || fours >= 2 {
        DOUBLE_FOUR_VALUE
    } else if fours >= 1 && open_threes >= 1 {
        FOUR_THREE_VALUE
    } else if open_threes >= 2 {
        DOUBLE_THREE_VALUE
    } else {
        shapes.iter().map(|&s| weight(s)).sum()
    }
}

/// Whether a move with these shapes makes at least a four in some line.
pub fn is_four(shapes: &[Shape; 4]) -> bool {
    shapes.iter().any(|&s| s >= Shape::Four)
}

/// Whether a move with these shapes makes at least an open three in some line.
pub fn is_three_or_four(shapes: &[Shape; 4]) -> bool {
    shapes.iter().any(|&s| s >= Shape::OpenThree)
}

/// Static evaluation from the side to move's point of view: the line weights every
/// candidate point offers each side, the mover's counted a little higher because it moves
/// first.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.to_move();
    let opp = me.opponent();
    let mut mine = 0i64;
    let mut theirs = 0i64;
    for i in pos.candidates() {
        mine += i64::from(line_sum(pos, i, me));
        theirs += i64::from(line_sum(pos, i, opp));
    }
    let score = mine * 6 / 5 - theirs;
    score.clamp(-200_000, 200_000) as i32
}

fn line_sum(pos: &Position, i: usize, stone: Stone) -> i32 {
    pos.shapes(i, stone).iter().map(|&s| weight(s)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Window code from a 9-character picture centred on the move: `x` own, `.` empty,
    /// `o` blocked; the centre character is ignored (always own).
    fn code(picture: &str) -> usize {
        let chars: Vec<char> = picture.chars().collect();
        let mut code = 0;
        let mut weight = 1;
        for k in [0, 1, 2, 3, 5, 6, 7, 8] {
            let d = match chars[k] {
                'x' => 1,
                'o' => 2,
                _ => 0,
            };
            code += d * weight;
            weight *= 3;
        }
        code
    }

    #[test]
    fn classic_shapes() {
        let cases = [
            ("..xxxxx..", false, Shape::Five),
            ("xxxxxx...", false, Shape::Five),
            ("xxxxxx...", true, Shape::Overline),
            ("..xxxx...", false, Shape::OpenFour),
            ("o.xxxx...", false, Shape::OpenFour),
            ("oxxxx....", false, Shape::Four),
            ("..xxx.x..", false, Shape::Four),
            ("...xx.x..", false, Shape::OpenThree),
            ("..x.x.x..", false, Shape::Three),
            ("...xxx...", false, Shape::OpenThree),
            ("...xx.x.o", false, Shape::OpenThree),
            ("..oxxx...", false, Shape::Three),
            ("...xx....", false, Shape::OpenTwo),
            ("..oxx....", false, Shape::Two),
            ("oooox.ooo", false, Shape::Dead),
            ("ooo.x...o", false, Shape::One),
        ];
        for (pic, exact, want) in cases {
            assert_eq!(shape(code(pic), exact), want, "{pic} exact={exact}");
        }
    }

    #[test]
    fn exact_five_does_not_count_overline_completions() {
        // x x x x . centre makes xxxx x: with one more own stone beyond, the gap gives six.
        assert_eq!(shape(code("x.xxxx..."), false), Shape::OpenFour);
        assert_eq!(shape(code("x.xxxx..."), true), Shape::Four);
    }

    #[test]
    fn move_values_rank_threat_combinations() {
        use Shape::*;
        assert_eq!(move_value([Five, Dead, Dead, Dead]), FIVE_VALUE);
        assert_eq!(move_value([Four, Four, Dead, Dead]), DOUBLE_FOUR_VALUE);
        assert!(
            move_value([Four, OpenThree, One, One]) > move_value([OpenThree, OpenThree, One, One])
        );
        assert!(move_value([OpenThree, OpenThree, One, One]) > move_value([Four, Two, Two, Two]));
        assert!(move_value([OpenThree, One, One, One]) > move_value([OpenTwo, OpenTwo, One, One]));
    }
}
