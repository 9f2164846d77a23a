//! The stand-in's AGI engine: the position the GUI sets, a foreground search at a time that
//! answers when its time is up or when the GUI moves on, and background thinking, which owes
//! no answer but gives one late under `late-background-bestmove`.

use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::{Flow, choose, to_move};
use crate::protocol::agi::{Command, GoTime, parse_command};
use crate::rules::gomoku::agi::format_point;
use crate::rules::gomoku::{Board, BoardSize, Point, Rule};
use crate::standin::choices::UNTIMED_MOST;
use crate::standin::{Behaviour, Choices, Out, SearchChoices, StandInError, Think};

/// How long a search started right after a late background result waits before its own
/// result at least (within a quarter of the time the GO gives, and the bound of a search
/// without a clock): room for a GUI that took the late one as its answer to show it.
const LATE_GAP: Duration = UNTIMED_MOST;

/// AGI's board: 15×15.
fn agi_board() -> Board {
    Board::new(BoardSize::square(15).expect("15 is a board size"))
}

/// An AGI foreground search under way.
struct Search {
    best: Option<Point>,
    /// The reply to ponder on that the choices picked, if any.
    ponder: Option<Point>,
    /// When the result is due (`None`: at STOP).
    due: Option<Instant>,
    choices: SearchChoices,
}

/// An AGI engine in a session.
pub(super) struct AgiEngine<W: Write> {
    choices: Choices,
    out: Out<W>,
    board: Board,
    rule: Rule,
    running: Option<Search>,
    /// `late-background-bestmove`: the point background thinking chose.
    background: Option<Point>,
    /// Once background thinking is stopped, its result, held back until the engine's next
    /// answer.
    late: Option<Point>,
}

impl<W: Write> AgiEngine<W> {
    pub(super) fn new(choices: Choices, out: Out<W>) -> AgiEngine<W> {
        AgiEngine {
            choices,
            out,
            board: agi_board(),
            rule: Rule::FREESTYLE,
            running: None,
            background: None,
            late: None,
        }
    }

    /// The GUI's next line, the search under way answered meanwhile when its time is up;
    /// none once the GUI's input ended.
    pub(super) fn next_line(
        &mut self,
        lines: &Receiver<String>,
    ) -> Result<Option<String>, StandInError> {
        loop {
            let Some(due) = self.running.as_ref().and_then(|s| s.due) else {
                return Ok(lines.recv().ok());
            };
            match lines.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Ok(line) => return Ok(Some(line)),
                Err(RecvTimeoutError::Timeout) => self.answer_search()?,
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
            }
        }
    }

    /// Answers the GUI's line; a line that does not read is ignored.
    pub(super) fn answer(&mut self, line: &str) -> Result<Flow, StandInError> {
        let Ok(command) = parse_command(line) else {
            return Ok(Flow::Continue);
        };
        // A command that changes the position or asks again ends the search under way with
        // its result first: one result for every foreground `GO`.
        if matches!(
            command,
            Command::Position { .. }
                | Command::DoMove(_)
                | Command::Go { .. }
                | Command::SetRule { .. }
        ) {
            self.answer_search()?;
        }
        match command {
            Command::Agi => self.handshake()?,
            Command::SetRule { forbidden, .. } => {
                if let Some(forbidden) = forbidden {
                    self.rule = if forbidden {
                        Rule::RENJU
                    } else {
                        Rule::FREESTYLE
                    };
                }
            }
            Command::SetOption { .. } => {}
            Command::IsReady => self.ready()?,
            Command::Position { statu, moves } => {
                self.board = agi_board();
                statu.into_iter().chain(moves).for_each(|p| self.place(p));
            }
            Command::Go { ponder: true, .. } => self.think_in_background(),
            Command::Go { search, time, .. } => self.go(&search, time)?,
            Command::Stop => self.stop()?,
            Command::DoMove(point) => self.place(point),
            Command::Quit => {
                self.out.line("BYE")?;
                return Ok(Flow::End);
            }
        }
        Ok(Flow::Continue)
    }

    /// Places a stone of the side to move on `point`, if it is free.
    fn place(&mut self, point: Point) {
        let stone = to_move(&self.board);
        let _ = self.board.place(point, stone);
    }

    fn handshake(&mut self) -> std::io::Result<()> {
        std::thread::sleep(self.choices.handshake_delay());
        for line in [
            "ID NAME Arbiter stand-in",
            "ID AUTHOR the Arbiter developers",
            "AGIOK",
        ] {
            self.out.line(line)?;
        }
        Ok(())
    }

    /// `ISREADY`: background thinking's held result first, so a GUI that syncs after STOP
    /// (agi-r66) reads it before READYOK; then READYOK, late if so chosen, but not past a
    /// result due meanwhile.
    fn ready(&mut self) -> std::io::Result<()> {
        self.give_late_result()?;
        let mut delay = self.choices.readyok_delay();
        if let Some(due) = self.running.as_ref().and_then(|s| s.due) {
            delay = delay.min(due.saturating_duration_since(Instant::now()));
        }
        std::thread::sleep(delay);
        self.out.line("READYOK")
    }

    /// `GO PONDER`: background thinking owes no result (agi-r65); under the behaviour it
    /// chooses one, to give late.
    fn think_in_background(&mut self) {
        if self.choices.has(Behaviour::LateBackgroundBestmove) {
            self.background = choose(&self.board, self.rule);
        }
    }

    /// A foreground search, among the `search` points when it names some, for the `time`
    /// given. The held result of stopped background thinking comes first, right after this
    /// GO, and this search's own later: a GUI that took the first for this GO's answer shows
    /// it in what it sends in between.
    fn go(&mut self, search: &[Point], time: Option<GoTime>) -> std::io::Result<()> {
        let late_sent = self.give_late_result()?;
        let best = if search.is_empty() {
            choose(&self.board, self.rule)
        } else {
            search
                .iter()
                .copied()
                .find(|p| self.board.get(*p).is_none())
        };
        let choices = self.choices.search(think(time));
        let ponder = best.and_then(|b| {
            let replies = replies(&self.board, b, self.rule);
            choices.ponder_move(&replies).copied()
        });
        self.running = Some(Search {
            best,
            ponder,
            due: due(time, late_sent, choices.think()),
            choices,
        });
        Ok(())
    }

    /// `STOP`: the search under way answers after its chosen delay; background thinking
    /// holds its result back under the behaviour.
    fn stop(&mut self) -> std::io::Result<()> {
        if let Some(search) = &self.running {
            std::thread::sleep(search.choices.stop_delay());
            self.answer_search()
        } else {
            if let Some(point) = self.background.take() {
                self.late = Some(point);
            }
            Ok(())
        }
    }

    /// The search under way, if any, ends with its reports and result.
    fn answer_search(&mut self) -> std::io::Result<()> {
        match self.running.take() {
            Some(search) => bestmove(&mut self.out, &self.board, search),
            None => Ok(()),
        }
    }

    /// Background thinking's held result, given late (`late-background-bestmove`), if there
    /// is one; whether it was.
    fn give_late_result(&mut self) -> std::io::Result<bool> {
        let Some(point) = self.late.take() else {
            return Ok(false);
        };
        let text = format_point(point, self.board.size()).unwrap_or_else(|_| point.to_string());
        self.out.line(&format!("BESTMOVE {text}"))?;
        Ok(true)
    }
}

/// How long a search may think for a GO's `time`.
fn think(time: Option<GoTime>) -> Think {
    match time {
        Some(GoTime::Infinite) => Think::within(Duration::ZERO),
        Some(GoTime::Millis(ms)) => Think::within(Duration::from_millis((ms / 40).min(200))),
        None => Think::untimed(Duration::from_millis(5)),
    }
}

/// When a search that thinks `think` answers: never by itself under `INFINITE`, and no sooner
/// than `LATE_GAP` (within a quarter of its time) after a late background result was given.
fn due(time: Option<GoTime>, late_sent: bool, think: Duration) -> Option<Instant> {
    let wait = match time {
        Some(GoTime::Infinite) => return None,
        Some(GoTime::Millis(ms)) if late_sent => {
            think.max(LATE_GAP.min(Duration::from_millis(ms / 4)))
        }
        None if late_sent => think.max(LATE_GAP),
        _ => think,
    };
    Some(Instant::now() + wait)
}

/// The points the opponent may answer `best` with. The text makes forbidden points the default
/// (agi-r42) where the stand-in's own rule starts as freestyle, so a point is offered only if
/// renju allows it too: never a forbidden point whichever rule the GUI meant.
fn replies(board: &Board, best: Point, rule: Rule) -> Vec<Point> {
    let mut after = board.clone();
    let stone = to_move(board);
    if after.place(best, stone).is_err() {
        return Vec::new();
    }
    let reply = stone.opponent();
    after
        .size()
        .points()
        .filter(|p| {
            after.is_legal_move(*p, reply, rule).is_ok()
                && after.is_legal_move(*p, reply, Rule::RENJU).is_ok()
        })
        .collect()
}

/// The search's reports (INFO lines, agi-r70), then `BESTMOVE m [PONDER p]` on AGI's grid; a
/// search that found no point says nothing.
fn bestmove<W: Write>(out: &mut Out<W>, board: &Board, search: Search) -> std::io::Result<()> {
    let Search {
        best: Some(point),
        ponder,
        choices,
        ..
    } = search
    else {
        return Ok(());
    };
    let text = |p: Point| format_point(p, board.size()).unwrap_or_else(|_| p.to_string());
    for depth in 1..=choices.reports() {
        out.line(&format!("INFO DEPTH {depth} SCORE 0 PV {}", text(point)))?;
    }
    match ponder {
        Some(reply) => out.line(&format!("BESTMOVE {} PONDER {}", text(point), text(reply))),
        None => out.line(&format!("BESTMOVE {}", text(point))),
    }
}
