//! AGI, the GUI's side: `AGI` first and `AGIOK` waited for, a position settled before every
//! `GO`, positions and `DOMOVE`s on empty points of the board, the remaining time in every
//! `GO` of a timed game, the move actually made told before the next search, LF line ends.

use super::GuiReader;
use super::clock::{ClockGiven, Clocks};
use super::handshake::HandshakeOrder;
use super::tally::Tally;
use crate::check::Context;
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::protocol::agi::{
    BestMoveKind, Command, CommandKeyword, GoTime, Message, parse_command, parse_message,
};
use crate::protocol::spelling::{Respelling, respell};
use crate::protocol::{Protocol, ReqId};
use crate::reqs;
use crate::rules::Side;
use crate::rules::gomoku::{Board, BoardSize, Point, Stone};
use crate::session::{At, Direction, Entry, LineEnding, Transcript};

const P: Protocol = Protocol::Agi;

/// A command in a spelling the text leaves open, read as the text writes it.
fn respelt(line: &str) -> Option<(Command, Respelling)> {
    let respelling = respell(P, line)?;
    let command = parse_command(&respelling.line).ok()?;
    Some((command, respelling))
}

struct Gui {
    tally: Tally,
    handshake: HandshakeOrder,
    /// The current position, once one was settled (`None` before the first `POSITION`).
    board: Option<Board>,
    /// The last `POSITION` did not read or set up a legal position: the engine has one, which
    /// the checks cannot set up, so a `GO` after it is no search without a position.
    position_unread: bool,
    /// A `GO` asked for a foreground result that has not come.
    searching: bool,
    /// The last foreground `GO` was `INFINITE`: analysis, whose result is no move made.
    analysing: bool,
    /// A `GO … TIME` was sent: the game is timed.
    timed: bool,
    /// A result came, and no `DOMOVE` or `POSITION` has told the engine the move made since.
    result_untold: Option<At>,
    clocks: Clocks,
    /// The colour the foreground search under way moves for.
    search_colour: Stone,
    /// The engine's last result, until a position or search follows it.
    result: Option<continued::Result>,
    /// A game's result (not analysis), until the next command: a DOMOVE then echoes it.
    echo: Option<Point>,
    /// `SETRULE FORBIDDEN` was the last forbidden-move rule set.
    forbidden_rule: bool,
    /// Forbidden black moves already warned of.
    forbidden_told: Vec<Point>,
    /// `ISREADY` sent and not yet answered.
    isready_pending: bool,
    quit_sent: bool,
    /// The last command was `SETOPTION`, sent then.
    last_said_setoption: Option<At>,
    /// Background thinking and its result, which is not owed (agi-r65, agi-r66).
    background: background::Background,
    last_seq: u64,
}

impl super::GuiChecks for crate::protocol::agi::Agi {
    fn reader(_: &Context) -> Box<dyn GuiReader> {
        Box::new(Gui {
            tally: Tally::new(P),
            handshake: HandshakeOrder::new("AGI", Grade::Fail),
            board: None,
            position_unread: false,
            searching: false,
            analysing: false,
            timed: false,
            result_untold: None,
            clocks: Clocks::default(),
            search_colour: Stone::Black,
            result: None,
            echo: None,
            forbidden_rule: false,
            forbidden_told: Vec::new(),
            isready_pending: false,
            quit_sent: false,
            last_said_setoption: None,
            background: background::Background::default(),
            last_seq: 0,
        })
    }
}

/// The colour to move on a board: black when it holds an even number of stones (agi-r30).
fn to_move(board: &Board) -> Stone {
    if board.stones().is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    }
}

impl Gui {
    fn heard(&mut self, entry: &Entry, out: &mut Findings) {
        match parse_message(&entry.text) {
            Ok(Message::AgiOk) => self.handshake.answered(),
            Ok(Message::ReadyOk) => {
                self.isready_pending = false;
                self.background.ready_ok();
            }
            Ok(Message::BestMove { mv, .. }) if self.searching => {
                let point = match mv {
                    BestMoveKind::Move(point) => Some(point),
                    _ => None,
                };
                self.background.result_to_search(point, entry.at);
                self.clocks.result(entry.at.us);
                self.searching = false;
                if let BestMoveKind::Move(point) = mv {
                    self.result = Some(continued::Result {
                        point,
                        colour: self.search_colour,
                    });
                    if !self.analysing {
                        self.echo = Some(point);
                    }
                }
                // Only a move made is told before the next search (agi-r17).
                if !self.analysing {
                    self.result_untold = Some(entry.at);
                }
            }
            Ok(Message::BestMove { .. }) => {
                if let Some(taken) = self.background.result_to_nothing() {
                    self.late_result_taken(taken, entry.at, out);
                }
            }
            _ => {}
        }
    }

    fn said(&mut self, entry: &Entry, out: &mut Findings) {
        let at = entry.at;
        self.handshake.line_sent();
        self.line_end(entry, out);
        let command = match parse_command(&entry.text) {
            Ok(command) => command,
            // `GO TIME +1000`: the text writes no sign but does not rule one out, and an
            // engine reads it (a warning; the command is judged as meant).
            Err(_) if let Some((command, respelling)) = respelt(&entry.text) => {
                self.tally
                    .respelt(&entry.text, &respelling, "an engine", at, out);
                command
            }
            Err(error) => {
                if error.keyword == Some(CommandKeyword::Position) {
                    self.board = None;
                    self.position_unread = true;
                }
                let message = format!("`{}` does not read as a command: {error}", entry.text);
                self.tally.fault(
                    CheckId::GuiCommandGrammar,
                    Grade::Fail,
                    grammar_row(error.keyword),
                    message,
                    at,
                    out,
                );
                return;
            }
        };
        self.tally.judged(CheckId::GuiCommandGrammar);
        self.ready_awaited(&command, entry, out);
        // Only the first command after a game's result can echo it.
        if let Command::DoMove(point) = command {
            self.echoed(point, entry, out);
        }
        self.echo = None;
        self.last_said_setoption = matches!(command, Command::SetOption { .. }).then_some(at);
        let may_come_early = command == Command::Quit;
        self.handshake.said(
            command == Command::Agi,
            may_come_early,
            entry,
            &mut self.tally,
            out,
        );
        self.background_told(&command, at);
        match command {
            Command::Agi => {}
            Command::Position { statu, moves } => self.position(&statu, &moves, entry, out),
            Command::DoMove(point) => self.domove(point, entry, out),
            Command::Go {
                search,
                ponder,
                time,
            } => self.go(&search, ponder, time, entry, out),
            Command::Stop => {}
            Command::SetRule { forbidden, .. } => {
                if let Some(forbidden) = forbidden {
                    self.forbidden_rule = forbidden;
                }
            }
            // Before the handshake's answer the engine may not speak AGI yet: nothing owed.
            Command::IsReady => self.isready_pending = self.handshake.is_answered(),
            Command::Quit => self.quit_sent = true,
            Command::SetOption { .. } => {}
        }
    }

    /// Commands end with LF (agi-r02); only a relayed GUI's lines carry their end.
    fn line_end(&mut self, entry: &Entry, out: &mut Findings) {
        let wrong = |ending| {
            matches!(ending, LineEnding::Cr | LineEnding::Eof)
                .then_some((Grade::Fail, "does not end with LF"))
        };
        self.tally.line_end(entry, wrong, out);
    }

    /// `POSITION [STATU s] [MOVES m]`: every stone on an empty point of the 15×15 board.
    fn position(&mut self, statu: &[Point], moves: &[Point], entry: &Entry, out: &mut Findings) {
        self.tally.judged(CheckId::GuiPositionLegal);
        let result_came = self.result_untold.take().is_some();
        let mut board = Board::new(BoardSize::square(15).expect("15 is a board size"));
        // STATU lists black, white, black, … (agi-r24); MOVES continue the alternation.
        for (i, point) in statu.iter().chain(moves).enumerate() {
            let stone = if i % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            if i >= statu.len() {
                self.forbidden_move(&board, *point, stone, entry, out);
            }
            if let Err(why) = place(&mut board, *point, stone) {
                let message = format!(
                    "`{}`: stone {} at {} is {why}",
                    entry.text,
                    i + 1,
                    agi_point(*point)
                );
                self.tally.fault(
                    CheckId::GuiPositionLegal,
                    Grade::Fail,
                    // The text's worked POSITION (agi-r92) sets its stones on empty points.
                    reqs!["agi-r21", "agi-r56", "agi-r92"],
                    message,
                    entry.at,
                    out,
                );
                self.board = None;
                self.position_unread = true;
                return;
            }
        }
        let listed: Vec<Point> = statu.iter().chain(moves).copied().collect();
        self.colours_kept(&board, statu.len(), &listed, entry, out);
        // A position that drops a stone of the game, or that stands still after a move was
        // made, is another game (or the same one taken back), whose timing the GUI sets afresh
        // with its next GO (agi-r14, agi-r67).
        let same_game = self.board.as_ref().is_some_and(|old| {
            continues(old, &board) && (!result_came || board.stones() > old.stones())
        });
        if !same_game {
            self.timed = false;
            self.clocks.new_game();
        }
        self.board = Some(board);
        self.position_unread = false;
    }

    /// `DOMOVE m`: the move for the side to move, on an empty point (agi-r80).
    fn domove(&mut self, point: Point, entry: &Entry, out: &mut Findings) {
        self.tally.judged(CheckId::GuiPositionLegal);
        self.result_untold = None;
        // No position yet: agi-r10 asks for one before every GO, not before a DOMOVE, so the
        // GO this leads to is what is judged.
        let Some(board) = &self.board else {
            return;
        };
        let stone = to_move(board);
        let before = board.clone();
        self.forbidden_move(&before, point, stone, entry, out);
        let Some(board) = &mut self.board else {
            return;
        };
        if let Err(why) = place(board, point, stone) {
            let message = format!("`{}`: the point is {why}", entry.text);
            self.tally.fault(
                CheckId::GuiPositionLegal,
                Grade::Fail,
                // The text's worked DOMOVE (agi-r96) adds the engine's move on an empty point.
                reqs!["agi-r80", "agi-r21", "agi-r96"],
                message,
                entry.at,
                out,
            );
        }
    }

    fn go(
        &mut self,
        search: &[Point],
        ponder: bool,
        time: Option<GoTime>,
        entry: &Entry,
        out: &mut Findings,
    ) {
        self.tally.judged(CheckId::GuiSearchPositionFirst);
        if self.board.is_none() && !self.position_unread {
            let message = format!(
                "`{}` before any `POSITION`: the engine has no current position",
                entry.text
            );
            self.tally.fault(
                CheckId::GuiSearchPositionFirst,
                Grade::Fail,
                &[],
                message,
                entry.at,
                out,
            );
        }
        if let Some(board) = &self.board
            && let Some(taken) = search.iter().find(|p| board.get(**p).is_some())
        {
            let message = format!(
                "`{}`: `SEARCH` names {}, a point a stone holds",
                entry.text,
                agi_point(*taken)
            );
            self.tally.fault(
                CheckId::GuiPositionLegal,
                Grade::Fail,
                // The text's worked GO (agi-r93) chooses among empty points.
                reqs!["agi-r61", "agi-r93"],
                message,
                entry.at,
                out,
            );
        }
        self.tally.judged(CheckId::GuiGoForm);
        self.charged(ponder, time, entry, out);
        match time {
            Some(GoTime::Millis(_)) => self.timed = true,
            Some(GoTime::Infinite) => {}
            None if self.timed && !ponder => {
                let message = format!("`{}` in a timed game gives no remaining time", entry.text);
                self.tally.fault(
                    CheckId::GuiGoForm,
                    Grade::Fail,
                    reqs!["agi-r14"],
                    message,
                    entry.at,
                    out,
                );
            }
            None => {}
        }
        self.tally.judged(CheckId::GuiMoveTold);
        if let Some(result) = self.result_untold.take() {
            let message = format!(
                "`{}` after the result at line {} with no `DOMOVE` or `POSITION` telling the engine the move made (a GUI asking again on purpose may mean it, so a warning)",
                entry.text, result.seq
            );
            self.tally.fault(
                CheckId::GuiMoveTold,
                Grade::Warn,
                &[],
                message,
                entry.at,
                out,
            );
        }
        // The result before this search is no longer the one a position brings back.
        self.result = None;
        if let Some(board) = &self.board {
            self.search_colour = to_move(board);
        }
        // Background thinking owes no result (agi-r66): only a foreground search is waited for.
        if ponder {
            self.tally.judged(CheckId::GuiBackgroundResult);
        }
        self.searching = !ponder;
        if !ponder {
            self.analysing = time == Some(GoTime::Infinite);
        }
    }
}

impl Gui {
    /// What background thinking's watch learns from a command: a `GO`, a `STOP` with no
    /// foreground search under way, or the point a `DOMOVE` or `POSITION` tells the engine was
    /// played (a `POSITION`'s last stone, where the board before did not hold it).
    fn background_told(&mut self, command: &Command, at: At) {
        match command {
            Command::Go { ponder, .. } => self.background.go(*ponder, at),
            Command::Stop if !self.searching => self.background.stop(at),
            Command::DoMove(point) => self.background.other_command(Some(*point), at),
            Command::Position { statu, moves } => {
                let last = moves.last().or(statu.last()).copied();
                let new = last.filter(|p| {
                    self.board
                        .as_ref()
                        .is_some_and(|b| b.size().contains(*p) && b.get(*p).is_none())
                });
                self.background.other_command(new, at);
            }
            _ => self.background.other_command(None, at),
        }
    }

    /// The remaining time a foreground `GO` gives: charged with what the last one took, and
    /// never with background thinking (agi-r64, agi-r67).
    fn charged(&mut self, ponder: bool, time: Option<GoTime>, entry: &Entry, out: &mut Findings) {
        let Some(side) = self.board.as_ref().map(|b| match to_move(b) {
            Stone::Black => Side::First,
            Stone::White => Side::Second,
        }) else {
            return;
        };
        if ponder {
            return;
        }
        let clock = match time {
            Some(GoTime::Millis(ms)) => {
                let own = Some((ms as i64, 0));
                Some(ClockGiven {
                    first: own,
                    second: own,
                    movestogo: None,
                    fixed_move_time: false,
                })
            }
            _ => None,
        };
        if clock.is_some() {
            self.tally.judged(CheckId::GuiClockCharged);
        }
        if let Some(over) = self.clocks.go(side, clock, false, entry.at.us) {
            let message = format!(
                "`{}` gives the engine {} ms; it had at most {} ms after thinking {:.0} ms last time (as measured on the wire)",
                entry.text, over.given_ms, over.at_most_ms, over.thought_ms
            );
            self.tally.fault(
                CheckId::GuiClockCharged,
                Grade::Fail,
                &[],
                message,
                entry.at,
                out,
            );
        }
    }
}

/// The row of a malformed command's grammar, by its keyword.
fn grammar_row(keyword: Option<CommandKeyword>) -> &'static [ReqId] {
    use CommandKeyword as K;
    match keyword {
        Some(K::SetRule) => reqs!["agi-r40"],
        Some(K::SetOption) => reqs!["agi-r47"],
        Some(K::Position) => reqs!["agi-r29", "agi-r56"],
        Some(K::DoMove) => reqs!["agi-r20"],
        Some(K::Go) => reqs!["agi-r61"],
        // `AGI`, `ISREADY`, `STOP` and `QUIT` take nothing, so only a word after one keeps it
        // from reading: like a line that opens with no command, it breaks the form every
        // command has, its keyword and then its parameters (agi-r07).
        Some(K::Agi | K::IsReady | K::Stop | K::Quit) | None => reqs!["agi-r07"],
    }
}

/// Whether `new` holds every stone of `old`, each in its colour: the same game, moves on.
fn continues(old: &Board, new: &Board) -> bool {
    old.size()
        .points()
        .all(|p| old.get(p).is_none() || old.get(p) == new.get(p))
}

/// Puts a stone on an empty point of the board, or says why it cannot go there.
fn place(board: &mut Board, point: Point, stone: Stone) -> Result<(), &'static str> {
    if !board.size().contains(point) {
        return Err("off the board");
    }
    board.place(point, stone).map_err(|_| "already taken")
}

/// A point as AGI writes it: row digit, then column digit, in hexadecimal (agi-r22).
fn agi_point(point: Point) -> String {
    BoardSize::square(15)
        .ok()
        .and_then(|size| crate::rules::gomoku::agi::format_point(point, size).ok())
        .unwrap_or_else(|| point.to_string())
}

impl GuiReader for Gui {
    fn entry(&mut self, entry: &Entry, out: &mut Findings) {
        self.last_seq = entry.at.seq;
        match entry.direction {
            Direction::Sent => self.said(entry, out),
            Direction::Received => self.heard(entry, out),
            Direction::Stderr | Direction::Omitted => {}
        }
    }

    fn finish(mut self: Box<Self>, end: &Transcript, out: &mut Findings) {
        self.session_end(end, out);
        self.reads_kept_up(end, out);
        self.tally.finish(out);
    }
}

mod background;
mod continued;
mod forbidden;
mod reading;
mod waits;

#[cfg(test)]
mod edge_tests;

#[cfg(test)]
mod rulings_tests;
