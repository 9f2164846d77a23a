//! The engine's move coming back: a `POSITION` that continues the game the engine searched
//! keeps each stone's colour and gives the engine's `BESTMOVE` the engine's colour, which
//! STATU's alternation (agi-r24, agi-r57) and MOVES' order (agi-r27, agi-r59) fix; and a
//! `DOMOVE` right after a game's `BESTMOVE` names its point as the text writes points, not
//! with row and column swapped (agi-r22) or counted from the other base (agi-r23).

use super::{Gui, agi_point};
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::protocol::ReqId;
use crate::reqs;
use crate::rules::gomoku::{Board, BoardSize, Point, Stone};
use crate::session::Entry;

/// The engine's last result: its point and the colour it moved for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Result {
    pub point: Point,
    pub colour: Stone,
}

fn colour_name(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "black",
        Stone::White => "white",
    }
}

impl Gui {
    /// A new position `new`, listed as `statu` then `moves`, judged against the last one and
    /// the engine's result since: when it holds all of their points (the same game, gone on),
    /// every one of them keeps its colour.
    pub(super) fn colours_kept(
        &mut self,
        new: &Board,
        statu_len: usize,
        listed: &[Point],
        entry: &Entry,
        out: &mut Findings,
    ) {
        let (Some(old), Some(result)) = (self.board.as_ref(), self.result.take()) else {
            return;
        };
        let mut before: Vec<(Point, Stone)> = old
            .size()
            .points()
            .filter_map(|p| old.get(p).map(|s| (p, s)))
            .collect();
        if old.get(result.point).is_none() {
            before.push((result.point, result.colour));
        }
        // Only a position holding every point of the game so far continues it; another is
        // another game (or the same one taken back), whose colours are its own.
        if new.stones() <= old.stones() || before.iter().any(|(p, _)| new.get(*p).is_none()) {
            return;
        }
        self.tally.judged(CheckId::GuiPositionContinued);
        let Some((point, was)) = before.into_iter().find(|(p, s)| new.get(*p) != Some(*s)) else {
            return;
        };
        let index = listed.iter().position(|p| *p == point).unwrap_or(0);
        let (grade, rows, part): (Grade, &[ReqId], &str) = if index < statu_len {
            (
                Grade::Fail,
                reqs!["agi-r24", "agi-r57"],
                "STATU lists black, white, black, … starting with black",
            )
        } else if statu_len % 2 == 1 {
            // After an odd STATU the text is silent on whether MOVES starts again with black
            // (agi-r27's own words) or continues with white (agi-r60, inferred): a warning.
            (
                Grade::Warn,
                reqs!["agi-r60", "agi-r27"],
                "MOVES after an odd STATU is read continuing the alternation, its first stone \
                 white, which the text leaves to inference",
            )
        } else {
            (
                Grade::Fail,
                reqs!["agi-r27", "agi-r59"],
                "MOVES lists the moves in playing order, black first, after any STATU stones",
            )
        };
        let whose = if point == result.point {
            "the engine's move, "
        } else {
            ""
        };
        let message = format!(
            "`{}` continues the game but makes {whose}{} {}, where it was {}: {part}",
            entry.text,
            agi_point(point),
            colour_name(was.opponent()),
            colour_name(was)
        );
        self.tally.fault(
            CheckId::GuiPositionContinued,
            grade,
            rows,
            message,
            entry.at,
            out,
        );
    }

    /// A `DOMOVE` the first command after a game's result: the engine's point, or a slip.
    pub(super) fn echoed(&mut self, told: Point, entry: &Entry, out: &mut Findings) {
        let Some(best) = self.echo.take() else {
            return;
        };
        self.tally.judged(CheckId::GuiMoveEchoed);
        if told == best {
            return;
        }
        let (rows, slip): (&[ReqId], &str) = if transposed(best) == Some(told) {
            (
                reqs!["agi-r22"],
                "with row and column swapped: the row digit comes first",
            )
        } else if off_by_one(best, told) {
            (
                reqs!["agi-r23"],
                "one row or column off: rows count from 0 and columns from 1, the centre being 78",
            )
        } else {
            return;
        };
        let message = format!(
            "`{}` right after the engine's `BESTMOVE {}` names its point {slip} (the GUI decides \
             the move made, so a warning)",
            entry.text,
            agi_point(best)
        );
        self.tally.fault(
            CheckId::GuiMoveEchoed,
            Grade::Warn,
            rows,
            message,
            entry.at,
            out,
        );
    }
}

/// The point whose AGI spelling is `point`'s with its two digits swapped, if it is one.
fn transposed(point: Point) -> Option<Point> {
    use crate::rules::gomoku::agi::{format_point, parse_point};
    let size = BoardSize::square(15).ok()?;
    let text = format_point(point, size).ok()?;
    let swapped: String = text.chars().rev().collect();
    parse_point(&swapped, size).ok().filter(|p| *p != point)
}

/// `told` is `best` moved by one along a single axis: a row or column read from one base and
/// written from the other.
fn off_by_one(best: Point, told: Point) -> bool {
    let (dx, dy) = (best.x.abs_diff(told.x), best.y.abs_diff(told.y));
    (dx, dy) == (1, 0) || (dx, dy) == (0, 1)
}
