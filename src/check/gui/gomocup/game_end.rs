//! The manager's ruling on a game's end. A game ends with an exact five (under every rule but
//! a continuous one) or with a brain that overran its turn; after either the next game starts
//! with RESTART or START, never with another move request in the same game (gomocup-r108,
//! gomocup-r60). The other way round, a game that had not ended is not ended as if it had
//! right after something that only looks like an end: an overline under rule 1 (gomocup-r71),
//! a START answered past the turn time, which is no turn (gomocup-r83); nor is the brain's
//! empty line taken for its move (gomocup-r09), which shows as a command between that line and
//! the move. A manager may abort a game or end a brain at any time, so those three only warn.

use super::{Manager, Owed};
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::protocol::ReqId;
use crate::protocol::gomocup::Command;
use crate::reqs;
use crate::rules::gomoku::{Point, Rule, Stone};
use crate::session::{At, Entry};

/// How far past its turn time a brain's move may come before the game is taken as lost on
/// time: the text names no tolerance, so twice the limit and a second more, which no
/// manager's own tolerance exceeds.
fn overran(waited_ms: u64, turn_ms: u64) -> bool {
    turn_ms > 0 && waited_ms > 2 * turn_ms + 1000
}

/// How much later than the turn time START's answer came for an end right after it to be
/// read as a turn overrun (the manager's clock and the wire's differ by a little).
const START_SLACK_MS: u64 = 100;

/// What ended the game, as the manager is bound to rule it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ended {
    /// An exact five of this colour, through this point.
    Five(Stone, Point),
    /// The brain's move came this long after it was asked for, past its turn time.
    Overrun { waited_ms: u64, turn_ms: u64 },
}

/// What the brain's last line was that a manager might wrongly take as a game's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LooksEnded {
    /// The brain's move made an overline, which does not win under rule 1.
    Overline(Point),
}

impl Manager {
    /// Whether the rule lets a five end the game: not in a continuous game, nor under a rule
    /// with bits the text does not define (another manager's variant, whose wins it does not
    /// give).
    fn fives_end_games(&self) -> bool {
        self.rule_defined && self.rule.bitmask() & Rule::CONTINUOUS_BIT == 0
    }

    /// A stone just placed: whether it made an exact five (which wins under every rule the
    /// text defines) or, under rule 1, an overline (which does not).
    pub(super) fn stone_placed(&mut self, point: Point, stone: Stone, by_brain: bool) {
        let Some(board) = &self.board else {
            return;
        };
        if !self.fives_end_games() {
            return;
        }
        if board.winning_line(point, stone, Rule::EXACT_FIVE).is_some() {
            self.ended.get_or_insert(Ended::Five(stone, point));
        } else if by_brain
            && self.rule.bitmask() & Rule::EXACT_FIVE_BIT != 0
            && board
                .winning_line(point, stone, Rule::FREESTYLE)
                .is_some_and(|line| line.length() > 5)
        {
            self.looks_ended = Some(LooksEnded::Overline(point));
        }
    }

    /// After a TAKEBACK: whether a five is still on the board.
    pub(super) fn five_after_takeback(&mut self) {
        if matches!(self.ended, Some(Ended::Five(..))) {
            self.ended = self
                .board
                .as_ref()
                .and_then(|b| b.find_win(Rule::EXACT_FIVE))
                .map(|(stone, line)| Ended::Five(stone, line.start()));
        }
    }

    /// The brain's move came: past its turn time, the game is lost on time.
    pub(super) fn brain_moved(&mut self, at: At) {
        if let (Some(asked), Some(turn_ms)) = (self.move_asked_at, self.timeout_turn_ms) {
            let waited_ms = at.us.saturating_sub(asked.us) / 1000;
            if self.ended.is_none() && overran(waited_ms, turn_ms) {
                self.ended = Some(Ended::Overrun { waited_ms, turn_ms });
            }
        }
        self.empty_line_heard = false;
    }

    /// A command after the brain's empty line while its move is still owed: the manager took
    /// the empty line for the move, which it ignores (gomocup-r09). END may come at any time
    /// and a manager may send early on purpose, so a warning; said instead of the early
    /// command's own warning.
    pub(super) fn empty_line_taken(
        &mut self,
        command: &Command,
        entry: &Entry,
        out: &mut Findings,
    ) {
        // INFO may come while the brain thinks (gomocup-r16): no sign of the line taken.
        if matches!(command, Command::Info { .. }) {
            return;
        }
        if !std::mem::take(&mut self.empty_line_heard) || !matches!(self.owed, Owed::Move { .. }) {
            return;
        }
        self.tally.judged(CheckId::GuiGameEnd);
        self.owed = Owed::Nothing;
        let message = format!(
            "`{}` right after the brain's empty line, before its move: the manager ignores \
             empty lines and waits for the move (it may end a brain at any time, so a warning)",
            entry.text
        );
        self.tally.fault(
            CheckId::GuiGameEnd,
            Grade::Warn,
            reqs!["gomocup-r09"],
            message,
            entry.at,
            out,
        );
    }

    /// A command of the manager's, judged against the game's end: a move request after the
    /// game ended, or an end right after what only looks like one.
    pub(super) fn game_end(&mut self, command: &Command, entry: &Entry, out: &mut Findings) {
        let looks_ended = self.looks_ended.take();
        let move_request = matches!(command, Command::Begin | Command::Turn(_));
        let ends = matches!(
            command,
            Command::Restart | Command::End | Command::Start(_) | Command::RectStart(..)
        );
        if move_request && self.board.is_some() {
            self.tally.judged(CheckId::GuiGameEnd);
            let (grade, rows, why): (Grade, &[ReqId], String) = match self.ended {
                Some(Ended::Five(stone, point)) => (
                    Grade::Fail,
                    reqs!["gomocup-r108"],
                    format!(
                        "the {} five through {point} ended the game",
                        match stone {
                            Stone::Black => "first player's",
                            Stone::White => "second player's",
                        }
                    ),
                ),
                Some(Ended::Overrun { waited_ms, turn_ms }) => (
                    Grade::Warn,
                    reqs!["gomocup-r60"],
                    format!(
                        "the brain's last move came {waited_ms} ms after it was asked for, \
                         past its {turn_ms} ms turn, which loses the game"
                    ),
                ),
                None => return,
            };
            let message = format!(
                "`{}` after {why}; the next game starts with `RESTART` or `START`",
                entry.text
            );
            self.tally
                .fault(CheckId::GuiGameEnd, grade, rows, message, entry.at, out);
            // Said once: the game goes on as the manager has it.
            self.ended = None;
            return;
        }
        if !ends || self.ended.is_some() {
            return;
        }
        let (rows, why): (&[ReqId], String) = match looks_ended {
            Some(LooksEnded::Overline(point)) => (
                reqs!["gomocup-r71"],
                format!(
                    "right after the brain's overline through {point}, which does not win under \
                     rule 1 (only an exact five does)"
                ),
            ),
            None => return self.end_after_slow_start(command, entry, out),
        };
        self.tally.judged(CheckId::GuiGameEnd);
        let message = format!(
            "`{}` {why}: the game had not ended (a manager may abort a game, so a warning)",
            entry.text
        );
        self.tally.fault(
            CheckId::GuiGameEnd,
            Grade::Warn,
            rows,
            message,
            entry.at,
            out,
        );
    }

    /// END before any move request of a game whose START (or RESTART) was answered past the
    /// turn time: the manager took START's time as a turn, which it is not (gomocup-r83).
    fn end_after_slow_start(&mut self, command: &Command, entry: &Entry, out: &mut Findings) {
        if *command != Command::End || self.asked {
            return;
        }
        let (Some(answer_ms), Some(turn_ms)) = (self.start_answer_ms, self.timeout_turn_ms) else {
            return;
        };
        if turn_ms == 0 || answer_ms <= turn_ms + START_SLACK_MS {
            return;
        }
        self.tally.judged(CheckId::GuiGameEnd);
        let message = format!(
            "`{}` before any move, after the brain answered `{}` in {answer_ms} ms, past its \
             {turn_ms} ms turn: turn time leaves out START, RECTSTART and RESTART (a manager \
             may end a brain for other reasons, so a warning)",
            entry.text, self.start_word
        );
        self.tally.fault(
            CheckId::GuiGameEnd,
            Grade::Warn,
            reqs!["gomocup-r83"],
            message,
            entry.at,
            out,
        );
    }
}
