//! Under `SETRULE FORBIDDEN` (the text's default, agi-r41) a black move on a renju forbidden
//! point loses, so a game's moves the GUI sends (MOVES in their order, DOMOVE) hold none. The
//! text names the rule but does not list the forbidden moves, so this warns; STATU stones
//! have no order, so whether one was forbidden when played cannot be told.

use super::{Gui, agi_point};
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::reqs;
use crate::rules::gomoku::{Board, Point, Stone};
use crate::session::Entry;

impl Gui {
    /// A stone about to go on `board` as a move of the game: judged when it is black and the
    /// GUI chose forbidden moves.
    pub(super) fn forbidden_move(
        &mut self,
        board: &Board,
        point: Point,
        stone: Stone,
        entry: &Entry,
        out: &mut Findings,
    ) {
        if !self.forbidden_rule || stone != Stone::Black {
            return;
        }
        self.tally.judged(CheckId::GuiRenjuForbidden);
        let Some(why) = board.forbidden(point) else {
            return;
        };
        // Said once: a game's later positions list the same move again.
        if self.forbidden_told.contains(&point) {
            return;
        }
        self.forbidden_told.push(point);
        let message = format!(
            "`{}`: black's move {} is a renju forbidden point ({why}) under `SETRULE FORBIDDEN`, \
             which loses the game (the text does not list the forbidden moves, so a warning)",
            entry.text,
            agi_point(point)
        );
        self.tally.fault(
            CheckId::GuiRenjuForbidden,
            Grade::Warn,
            reqs!["agi-r41"],
            message,
            entry.at,
            out,
        );
    }
}
