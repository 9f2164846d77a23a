//! The stand-in's Gomocup and AGI: a brain that answers every command the texts give an
//! answer, and plays the empty point nearest the centre that the rule allows its colour.

use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::{Behaviour, Choices, Out, SearchChoices, StandInError, StandsIn, Think};
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
        choices: Choices,
        lines: Receiver<String>,
        out: Out<W>,
    ) -> Result<(), StandInError> {
        run_gomocup(choices, lines, out)
    }

    /// Gomocup has no handshake: the slow one delays START's answer.
    fn answers_opening(line: &str) -> bool {
        line == "OK" || line.starts_with("ERROR")
    }
}

impl StandsIn for agi::Agi {
    fn run<W: Write>(
        _: GameKind,
        choices: Choices,
        lines: Receiver<String>,
        out: Out<W>,
    ) -> Result<(), StandInError> {
        run_agi(choices, lines, out)
    }
}

/// How long a Gomocup move may take: a quarter of the turn's limit and a twentieth of what is
/// left of the match, as far as the manager said them (`timeout_turn` 0 asks for moves as fast
/// as possible), and no more than a search without a clock.
fn move_time(timeout_turn: Option<u64>, time_left: Option<u64>) -> Think {
    let mut most = super::choices::UNTIMED_MOST;
    if let Some(turn) = timeout_turn {
        most = most.min(Duration::from_millis(turn / 4));
    }
    if let Some(left) = time_left {
        most = most.min(Duration::from_millis(left / 20));
    }
    // The stand-in answers at once unless its choices are drawn.
    Think {
        usual: Duration::ZERO,
        most,
    }
}

fn run_gomocup<W: Write>(
    mut choices: Choices,
    lines: Receiver<String>,
    mut out: Out<W>,
) -> Result<(), StandInError> {
    use gomocup::Command as C;
    let mut board: Option<Board> = None;
    let mut rule = Rule::FREESTYLE;
    // The manager's limits, in milliseconds, as INFO gave them.
    let (mut timeout_turn, mut time_left) = (None, None);
    // The BOARD block's stones: (point, 1 = own, 2 = opponent's).
    let mut block: Option<Vec<(Point, u8)>> = None;
    // Moves made so far: the first is where the once-only behaviours act.
    let mut moves_made = 0usize;
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
                std::thread::sleep(choices.handshake_delay());
                match BoardSize::square(n) {
                    Ok(size) if !choices.refuses_size(n) => {
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
            C::Info { key, value } => match key {
                InfoKey::Rule => {
                    if let Some(r) = value
                        .trim()
                        .parse()
                        .ok()
                        .and_then(|v| Rule::from_bitmask(v).ok())
                    {
                        rule = r;
                    }
                }
                InfoKey::TimeoutTurn => timeout_turn = value.trim().parse().ok(),
                InfoKey::TimeLeft => time_left = value.trim().parse().ok(),
                _ => {}
            },
            C::End => return Ok(()),
            // Older brains answer in free text (gomocup-r102).
            C::About if choices.has(Behaviour::FreeTextAbout) => {
                out.line("Arbiter stand-in 1, a test brain by the Arbiter developers")?
            }
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
            let search = choices.search(move_time(timeout_turn, time_left));
            for line in search.messages() {
                out.line(line)?;
            }
            let first = moves_made == 0;
            moves_made += 1;
            if first && choices.has(Behaviour::LongMessage) {
                out.line(&format!(
                    "MESSAGE {}",
                    "long line ".repeat(LONG_MESSAGE / 10)
                ))?;
            }
            if choices.has(Behaviour::EmptyLineBeforeMove) {
                out.line("")?;
                // A pause before the move, in which a manager that took the empty line for
                // the move shows it by what it sends.
                std::thread::sleep(EMPTY_LINE_PAUSE);
            }
            std::thread::sleep(search.think());
            if first
                && choices.has(Behaviour::OverrunTurn)
                && let Some(turn) = timeout_turn.filter(|t| *t > 0)
            {
                std::thread::sleep(Duration::from_millis(2 * turn + 1500));
            }
            match choose(b, rule) {
                // The manager answers with PLAY (or END); the stone goes down then.
                Some(point) if choices.has(Behaviour::Suggest) => {
                    out.line(&format!("SUGGEST {point}"))?
                }
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

/// How long the `empty-line-before-move` behaviour waits between the empty line and the move.
const EMPTY_LINE_PAUSE: Duration = Duration::from_millis(300);

/// The length of the `long-message` behaviour's MESSAGE: 1 MiB.
const LONG_MESSAGE: usize = 1 << 20;

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

fn run_agi<W: Write>(
    mut choices: Choices,
    lines: Receiver<String>,
    mut out: Out<W>,
) -> Result<(), StandInError> {
    use agi::Command as C;
    let mut board = agi_board();
    let mut rule = Rule::FREESTYLE;
    let mut running: Option<Search> = None;
    // `late-background-bestmove`: the point background thinking chose, and once stopped, its
    // result held back until the engine's next answer.
    let mut background: Option<Point> = None;
    let mut late: Option<Point> = None;
    loop {
        let due = running.as_ref().and_then(|s| s.due);
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
                std::thread::sleep(choices.handshake_delay());
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
                // Background thinking's held result comes before the sync's answer, so a GUI
                // that syncs after STOP (agi-r66) reads it before READYOK.
                if let Some(point) = late.take() {
                    late_bestmove(&mut out, &board, point)?;
                }
                // Late if so chosen, but not past a result due meanwhile.
                let mut delay = choices.readyok_delay();
                if let Some(due) = running.as_ref().and_then(|s| s.due) {
                    delay = delay.min(due.saturating_duration_since(Instant::now()));
                }
                std::thread::sleep(delay);
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
                    // Background thinking owes no result (agi-r65); under the behaviour it
                    // chooses one, to give late.
                    if choices.has(Behaviour::LateBackgroundBestmove) {
                        background = choose(&board, rule);
                    }
                    continue;
                }
                // The held result of stopped background thinking comes first, right after
                // this GO, and this search's own later: a GUI that took the first for this
                // GO's answer shows it in what it sends in between.
                let late_sent = match late.take() {
                    Some(point) => {
                        late_bestmove(&mut out, &board, point)?;
                        true
                    }
                    None => false,
                };
                let best = if search.is_empty() {
                    choose(&board, rule)
                } else {
                    search.iter().copied().find(|p| board.get(*p).is_none())
                };
                let think = match time {
                    Some(GoTime::Infinite) => Think::within(Duration::ZERO),
                    Some(GoTime::Millis(ms)) => {
                        Think::within(Duration::from_millis((ms / 40).min(200)))
                    }
                    None => Think::untimed(Duration::from_millis(5)),
                };
                let search = choices.search(think);
                let ponder =
                    best.and_then(|b| search.ponder_move(&replies(&board, b, rule)).copied());
                let due = match time {
                    Some(GoTime::Infinite) => None,
                    Some(GoTime::Millis(ms)) if late_sent => Some(
                        Instant::now()
                            + search
                                .think()
                                .max(LATE_GAP.min(Duration::from_millis(ms / 4))),
                    ),
                    None if late_sent => Some(Instant::now() + search.think().max(LATE_GAP)),
                    _ => Some(Instant::now() + search.think()),
                };
                running = Some(Search {
                    best,
                    ponder,
                    due,
                    choices: search,
                });
            }
            C::Stop => {
                if let Some(search) = running.take() {
                    std::thread::sleep(search.choices.stop_delay());
                    bestmove(&mut out, &board, Some(search))?;
                } else if let Some(point) = background.take() {
                    late = Some(point);
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

/// How long a search started right after a late background result waits before its own
/// result at least (within a quarter of the time the GO gives, and the bound of a search
/// without a clock): room for a GUI that took the late one as its answer to show it.
const LATE_GAP: Duration = super::choices::UNTIMED_MOST;

/// Background thinking's result, given late (`late-background-bestmove`).
fn late_bestmove<W: Write>(out: &mut Out<W>, board: &Board, point: Point) -> std::io::Result<()> {
    let text = crate::rules::gomoku::agi::format_point(point, board.size())
        .unwrap_or_else(|_| point.to_string());
    out.line(&format!("BESTMOVE {text}"))
}

/// The search's reports (INFO lines, agi-r70), then `BESTMOVE m [PONDER p]` on AGI's grid.
fn bestmove<W: Write>(
    out: &mut Out<W>,
    board: &Board,
    running: Option<Search>,
) -> std::io::Result<()> {
    let Some(Search {
        best: Some(point),
        ponder,
        choices,
        ..
    }) = running
    else {
        return Ok(());
    };
    let text = |p: Point| {
        crate::rules::gomoku::agi::format_point(p, board.size()).unwrap_or_else(|_| p.to_string())
    };
    for depth in 1..=choices.reports() {
        out.line(&format!("INFO DEPTH {depth} SCORE 0 PV {}", text(point)))?;
    }
    match ponder {
        Some(reply) => out.line(&format!("BESTMOVE {} PONDER {}", text(point), text(reply))),
        None => out.line(&format!("BESTMOVE {}", text(point))),
    }
}
