//! The stand-in's Gomocup and AGI: a brain that answers every command the texts give an
//! answer, and plays the empty point nearest the centre that the rule allows its colour.

use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::{Behaviour, Out, StandInError, StandsIn};
use crate::protocol::agi::{self, GoTime};
use crate::protocol::gomocup::{self, InfoKey};
use crate::protocol::{Codec, GameKind};
use crate::rules::gomoku::{Board, BoardSize, Point, Rule, Stone};

/// The colour to move on a board: black when it holds an even number of stones.
fn to_move(board: &Board) -> Stone {
    if board.stones().is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    }
}

/// The empty point nearest the centre that `stone` may play under `rule`.
fn choose(board: &Board, rule: Rule) -> Option<Point> {
    let size = board.size();
    let (cx, cy) = (i32::from(size.width()) / 2, i32::from(size.height()) / 2);
    let stone = to_move(board);
    size.points()
        .filter(|p| board.is_legal_move(*p, stone, rule).is_ok())
        .min_by_key(|p| {
            let (dx, dy) = (i32::from(p.x) - cx, i32::from(p.y) - cy);
            (dx.abs().max(dy.abs()), dx.abs() + dy.abs(), p.y, p.x)
        })
}

/// Plays `point` for the side to move, if it can go there.
fn play(board: &mut Option<Board>, point: Point, rule: Rule) {
    if let Some(board) = board {
        let stone = to_move(board);
        let _ = board.play(point, stone, rule);
    }
}

impl StandsIn for gomocup::Gomocup {
    fn run<W: Write>(
        _: GameKind,
        behaviours: &[Behaviour],
        lines: Receiver<String>,
        out: Out<W>,
    ) -> Result<(), StandInError> {
        run_gomocup(behaviours, lines, out)
    }

    /// Gomocup has no handshake: the slow one delays START's answer.
    fn answers_opening(line: &str) -> bool {
        line == "OK" || line.starts_with("ERROR")
    }
}

impl StandsIn for agi::Agi {
    fn run<W: Write>(
        _: GameKind,
        behaviours: &[Behaviour],
        lines: Receiver<String>,
        out: Out<W>,
    ) -> Result<(), StandInError> {
        run_agi(behaviours, lines, out)
    }
}

fn run_gomocup<W: Write>(
    behaviours: &[Behaviour],
    lines: Receiver<String>,
    mut out: Out<W>,
) -> Result<(), StandInError> {
    use gomocup::Command as C;
    let has = |b| behaviours.contains(&b);
    let mut board: Option<Board> = None;
    let mut rule = Rule::FREESTYLE;
    // The BOARD block's stones: (point, 1 = own, 2 = opponent's).
    let mut block: Option<Vec<(Point, u8)>> = None;
    while let Ok(line) = lines.recv() {
        let Ok(command) = <gomocup::Gomocup as Codec>::parse_command(&line) else {
            out.line(&format!(
                "UNKNOWN {}",
                line.split_whitespace().next().unwrap_or("")
            ))?;
            continue;
        };
        let mut move_now = false;
        match command {
            C::Start(n) => {
                if has(Behaviour::SlowHandshake) {
                    std::thread::sleep(Duration::from_millis(1500));
                }
                match BoardSize::square(n) {
                    Ok(size) if !has(Behaviour::OnlySize20) || n == 20 => {
                        board = Some(Board::new(size));
                        out.line("OK")?;
                    }
                    _ => out.line(&format!("ERROR unsupported board size {n}"))?,
                }
            }
            C::RectStart(..) => out.line("ERROR rectangular boards are not supported")?,
            C::Restart => {
                board = board.map(|b| Board::new(b.size()));
                out.line("OK")?;
            }
            C::Begin => move_now = true,
            C::Turn(point) => {
                play(&mut board, point, rule);
                move_now = true;
            }
            C::Board => block = Some(Vec::new()),
            C::BoardEntry { point, field } => {
                if let Some(stones) = &mut block {
                    stones.push((point, field));
                }
            }
            C::Done => {
                // The brain's own stones and the opponent's alternate by colour: the brain's
                // colour is the one to move after all of them.
                let stones = block.take().unwrap_or_default();
                let own = if stones.len().is_multiple_of(2) {
                    Stone::Black
                } else {
                    Stone::White
                };
                if let Some(b) = &mut board {
                    for (point, field) in stones {
                        let stone = if field == 1 { own } else { own.opponent() };
                        let _ = b.place(point, stone);
                    }
                }
                move_now = true;
            }
            C::Info { key, value } => {
                if key == InfoKey::Rule
                    && let Some(r) = value
                        .trim()
                        .parse()
                        .ok()
                        .and_then(|v| Rule::from_bitmask(v).ok())
                {
                    rule = r;
                }
            }
            C::End => return Ok(()),
            C::About => out.line(
                "name=\"Arbiter stand-in\", version=\"1\", author=\"the Arbiter developers\"",
            )?,
            C::TakeBack(point) => {
                if let Some(b) = &mut board {
                    let _ = b.remove(point);
                }
                out.line("OK")?;
            }
            C::Play(point) => {
                play(&mut board, point, rule);
                out.line(&point.to_string())?;
            }
        }
        if move_now {
            let Some(b) = &mut board else {
                out.line("ERROR no board: START comes first")?;
                continue;
            };
            if has(Behaviour::MessageBeforeMove) {
                out.line("DEBUG looking near the centre")?;
                out.line("MESSAGE Arbiter stand-in is thinking")?;
            }
            match choose(b, rule) {
                Some(point) => {
                    let stone = to_move(b);
                    let _ = b.play(point, stone, rule);
                    out.line(&point.to_string())?;
                }
                None => out.line("ERROR no point left to play")?,
            }
        }
    }
    Ok(())
}

/// AGI's board: 15×15.
fn agi_board() -> Board {
    Board::new(BoardSize::square(15).expect("15 is a board size"))
}

fn run_agi<W: Write>(
    behaviours: &[Behaviour],
    lines: Receiver<String>,
    mut out: Out<W>,
) -> Result<(), StandInError> {
    use agi::Command as C;
    let has = |b| behaviours.contains(&b);
    let mut board = agi_board();
    let mut rule = Rule::FREESTYLE;
    // A foreground search: its move, and when it is due (`None`: until STOP).
    let mut running: Option<(Option<Point>, Option<Instant>)> = None;
    loop {
        let due = running.as_ref().and_then(|(_, due)| *due);
        let line = match due {
            Some(due) => match lines.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    bestmove(&mut out, &board, running.take())?;
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            },
            None => match lines.recv() {
                Ok(line) => line,
                Err(_) => return Ok(()),
            },
        };
        let Ok(command) = agi::parse_command(&line) else {
            continue;
        };
        // A command that changes the position or asks again ends the search under way with
        // its result first: one result for every foreground `GO`.
        if running.is_some()
            && matches!(
                command,
                C::Position { .. } | C::DoMove(_) | C::Go { .. } | C::SetRule { .. }
            )
        {
            bestmove(&mut out, &board, running.take())?;
        }
        match command {
            C::Agi => {
                if has(Behaviour::SlowHandshake) {
                    std::thread::sleep(Duration::from_millis(1500));
                }
                for line in [
                    "ID NAME Arbiter stand-in",
                    "ID AUTHOR the Arbiter developers",
                    "AGIOK",
                ] {
                    out.line(line)?;
                }
            }
            C::SetRule { forbidden, .. } => {
                if let Some(forbidden) = forbidden {
                    rule = if forbidden {
                        Rule::RENJU
                    } else {
                        Rule::FREESTYLE
                    };
                }
            }
            C::SetOption { .. } => {}
            C::IsReady => {
                if has(Behaviour::LateReadyok) {
                    std::thread::sleep(Duration::from_millis(700));
                }
                out.line("READYOK")?;
            }
            C::Position { statu, moves } => {
                board = agi_board();
                for point in statu.into_iter().chain(moves) {
                    let stone = to_move(&board);
                    let _ = board.place(point, stone);
                }
            }
            C::Go {
                search,
                ponder,
                time,
            } => {
                if ponder {
                    // Background thinking owes no result.
                    continue;
                }
                let best = if search.is_empty() {
                    choose(&board, rule)
                } else {
                    search.iter().copied().find(|p| board.get(*p).is_none())
                };
                let due = match time {
                    Some(GoTime::Infinite) => None,
                    Some(GoTime::Millis(ms)) => {
                        Some(Instant::now() + Duration::from_millis((ms / 40).min(200)))
                    }
                    None => Some(Instant::now() + Duration::from_millis(5)),
                };
                running = Some((best, due));
            }
            C::Stop => {
                if running.is_some() {
                    bestmove(&mut out, &board, running.take())?;
                }
            }
            C::DoMove(point) => {
                let stone = to_move(&board);
                let _ = board.place(point, stone);
            }
            C::Quit => {
                out.line("BYE")?;
                return Ok(());
            }
        }
    }
}

/// `BESTMOVE m`, the search's move on AGI's grid.
fn bestmove<W: Write>(
    out: &mut Out<W>,
    board: &Board,
    running: Option<(Option<Point>, Option<Instant>)>,
) -> std::io::Result<()> {
    let Some((Some(point), _)) = running else {
        return Ok(());
    };
    let text = crate::rules::gomoku::agi::format_point(point, board.size())
        .unwrap_or_else(|_| point.to_string());
    out.line(&format!("BESTMOVE {text}"))
}
