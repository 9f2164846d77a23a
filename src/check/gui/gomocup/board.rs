//! The manager's BOARD block: `x,y,field` lines with the fields the rule allows, in the real
//! move order under renju, ended by DONE; the stones go on the board as the lines come.

use super::{Manager, Owed};
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::protocol::gomocup::Command;
use crate::reqs;
use crate::rules::gomoku::Rule;
use crate::session::Entry;

impl Manager {
    /// Inside a BOARD block: `x,y,field` lines, then DONE.
    pub(super) fn board_block(&mut self, command: Command, entry: &Entry, out: &mut Findings) {
        let at = entry.at;
        match command {
            Command::BoardEntry { point, field } => {
                let continuous = self.rule.bitmask() & Rule::CONTINUOUS_BIT != 0;
                if !(field == 1 || field == 2 || (field == 3 && continuous)) {
                    let message = format!(
                        "`{}`: field {field}; it is 1 (the brain's stone), 2 (the opponent's), or 3 in a continuous game",
                        entry.text
                    );
                    self.tally.fault(
                        CheckId::GuiBoardForm,
                        Grade::Fail,
                        // Field 3 outside a continuous game: the rule's flag 2 (gomocup-r72) is
                        // what allows it.
                        if field == 3 {
                            reqs!["gomocup-r72", "gomocup-r52"]
                        } else {
                            reqs!["gomocup-r51", "gomocup-r52"]
                        },
                        message,
                        at,
                        out,
                    );
                    return;
                }
                if let Some(fields) = &mut self.block {
                    fields.push(field);
                }
                if field != 3 {
                    self.stone(point, "the board line", entry, out);
                }
            }
            Command::Done => {
                let fields = self.block.take().unwrap_or_default();
                self.renju_order(&fields, entry, out);
                // Only renju fixes the lines' order (gomocup-r53, r54).
                if self.rule.bitmask() & Rule::RENJU_BIT == 0 {
                    self.unordered = self.moves.len();
                }
                self.owed = Owed::MOVE;
                self.move_asked_at = Some(entry.at);
                self.match_clock.asked(entry.at.us);
                // The brain moves next, with the colour the stones so far leave to move.
            }
            _ => {
                self.block = None;
                let message = format!(
                    "`{}` inside a `BOARD` block, which ends with `DONE`",
                    entry.text
                );
                self.tally.fault(
                    CheckId::GuiBoardForm,
                    Grade::Fail,
                    reqs!["gomocup-r56"],
                    message,
                    at,
                    out,
                );
            }
        }
    }

    /// Under renju the BOARD lines come in the real move order: their owners alternate.
    fn renju_order(&mut self, fields: &[u8], entry: &Entry, out: &mut Findings) {
        if self.rule.bitmask() & Rule::RENJU_BIT == 0 {
            return;
        }
        let stones: Vec<u8> = fields.iter().copied().filter(|f| *f != 3).collect();
        if stones.windows(2).any(|w| w[0] == w[1]) {
            let message = "under renju the board lines alternate between the two players, in the real move order; two in a row belong to one player".to_owned();
            self.tally.fault(
                CheckId::GuiBoardForm,
                Grade::Fail,
                reqs!["gomocup-r53", "gomocup-r73"],
                message,
                entry.at,
                out,
            );
        }
    }
}
