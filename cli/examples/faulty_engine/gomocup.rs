//! Gomocup (pbrain): answers each move request at once with the empty point nearest the
//! centre (or the next scripted move).

use std::time::Duration;

use arbiter_rules::gomoku::{Board, BoardSize, Point, Rule, Stone};

use crate::fault::Fault;
use crate::input::stdin_lines;
use crate::output::Out;

/// AIA gomoku 2019's answer to what it does not know (`Fault::UnknownWithColon`).
const UNKNOWN_WITH_COLON: &str = "UNKNOWN: The commands doesn't exist.";

/// An empty point where its own stone (Black) makes five in a row.
fn winning_point(board: &Board) -> Option<Point> {
    board.empty_points().find(|&p| {
        let mut after = board.clone();
        after.place(p, Stone::Black).is_ok()
            && after
                .find_win(Rule::FREESTYLE)
                .is_some_and(|(stone, _)| stone == Stone::Black)
    })
}

pub fn nearest_empty(board: &Board) -> Option<Point> {
    let size = board.size();
    let (cx, cy) = (size.width() as i32 / 2, size.height() as i32 / 2);
    board
        .empty_points()
        .min_by_key(|p| ((p.x as i32 - cx).abs() + (p.y as i32 - cy).abs(), p.y, p.x))
}

pub fn run(out: &Out, script: &[String]) {
    let fault = out.fault();
    let input = stdin_lines(out.fault());
    let mut board = Board::new(BoardSize::square(15).expect("15 is a legal size"));
    let mut last_opponent: Option<Point> = None;
    let mut in_board = false;
    // The stones of the BOARD block read so far (ColoursByAlternation).
    let mut listed = 0usize;
    // A `TAKEBACK` came, and no move or new board since (OccupiedPointAfterTakeback).
    let mut taken_back = false;
    // A `RESTART` was accepted, and the restarted game has not asked for a move yet
    // (OccupiedPointAfterRestart).
    let mut restarted = false;
    // How many ABOUT the process has read (SilentThirdAbout).
    let mut abouts = 0u32;
    let mut script = script.iter().filter(|_| fault == Fault::Scripted);
    // The brain's move: the next scripted one, else `occupied` when the fault plays there,
    // else the empty point nearest the centre.
    let mut reply = |board: &mut Board, occupied: Option<Point>| {
        if fault == Fault::CrashMidSearch {
            // Gone while it should be thinking of its move.
            std::process::exit(3);
        }
        if fault == Fault::BrokenMessage {
            out.raw(b"MESSAGE eval\r-35 at depth 3\r\n");
        }
        if let Some(text) = script.next() {
            if let Ok(p) = text.parse::<Point>() {
                let _ = board.place(p, Stone::Black);
            }
            out.line(text);
            return;
        }
        let point = occupied.or_else(|| nearest_empty(board));
        if let Some(p) = point {
            let _ = board.place(p, Stone::Black);
            out.line(&format!("{},{}", p.x, p.y));
        }
    };
    if fault == Fault::DiesOnEarlyInfo {
        out.line("MESSAGE Gomoku AI should not be started directly; use a manager.");
    }
    // START came (DiesOnEarlyInfo).
    let mut started = false;
    // The BOARD block being read was refused (DeclinesRestartRefusesBoard).
    let mut refused_board = false;
    while let Ok(line) = input.recv() {
        let upper = line.trim().to_uppercase();
        if in_board {
            if upper == "DONE" {
                in_board = false;
                // The block it refused: no position, so no move.
                if std::mem::take(&mut refused_board) {
                    continue;
                }
                if fault == Fault::OffBoardAfterEdgeBoard && edge_of_a_mixed_board(&board) {
                    // Off the board, but only after a BOARD of both colours with a stone on
                    // its edge.
                    out.line(&format!(
                        "{},{}",
                        board.size().width(),
                        board.size().height()
                    ));
                    continue;
                }
                // The opponent's last stone, but only for the first move after a take-back.
                let fault = match fault {
                    Fault::OccupiedPointAfterTakeback if taken_back => Fault::OccupiedPoint,
                    other => other,
                };
                taken_back = false;
                restarted = false;
                if fault == Fault::ColoursByAlternation
                    && let Some(win) = winning_point(&board)
                {
                    let _ = board.place(win, Stone::Black);
                    out.line(&format!("{},{}", win.x, win.y));
                    continue;
                }
                reply(&mut board, occupied(fault, last_opponent));
            } else if refused_board {
                // A line of the refused block: read past.
            } else if let Some((x, y, f)) = parse_field(&upper) {
                let point = Point { x, y };
                listed += 1;
                // Its own stones are Black: by the field, or under the fault by the place in
                // the list (the first, third, … listed).
                let own = if fault == Fault::ColoursByAlternation {
                    listed % 2 == 1
                } else {
                    f == 1
                };
                let stone = if own { Stone::Black } else { Stone::White };
                let _ = board.place(point, stone);
                if f != 1 {
                    last_opponent = Some(point);
                }
            }
            continue;
        }
        let (cmd, rest) = upper.split_once(' ').unwrap_or((upper.as_str(), ""));
        match cmd {
            "START" => {
                started = true;
                if fault == Fault::SlowStart {
                    // A large binary's cold start.
                    std::thread::sleep(Duration::from_millis(2200));
                }
                let size = rest.trim().parse::<u32>().ok();
                // ErrorOnStart20 plays on every supported size but 20.
                let size = size.filter(|n| !(fault == Fault::ErrorOnStart20 && *n == 20));
                match size.and_then(|n| BoardSize::square(n).ok()) {
                    Some(size) => {
                        board = Board::new(size);
                        taken_back = false;
                        restarted = false;
                        out.line("OK");
                    }
                    None => out.line("ERROR unsupported size"),
                }
            }
            "RESTART"
                if matches!(
                    fault,
                    Fault::DeclinesRestart | Fault::DeclinesRestartRefusesBoard
                ) =>
            {
                out.line("UNKNOWN RESTART")
            }
            // Its game goes on after the RESTART it declined: a BOARD is refused, its lines
            // and DONE read past.
            "BOARD" if fault == Fault::DeclinesRestartRefusesBoard && !board.is_empty() => {
                out.line("ERROR BOARD while a game is in progress");
                refused_board = true;
                in_board = true;
            }
            "RESTART" => {
                if fault != Fault::RestartKeepsBoard {
                    board.clear();
                }
                taken_back = false;
                restarted = true;
                out.line("OK");
            }
            "BEGIN" => {
                let reopened = std::mem::take(&mut taken_back) && board.is_empty();
                restarted = false;
                if reopened && fault == Fault::OffBoardBeginAfterTakeback {
                    let size = board.size();
                    out.line(&format!("{},{}", size.width(), size.height()));
                    continue;
                }
                reply(&mut board, None);
            }
            "TURN" => {
                if let Ok(p) = rest.trim().parse::<Point>() {
                    // A brain that checks its own board refuses a stone on a point it holds.
                    if board.place(p, Stone::White).is_err() && fault == Fault::RestartKeepsBoard {
                        out.line(&format!("ERROR {p} is not empty"));
                        continue;
                    }
                    last_opponent = Some(p);
                }
                // The point this TURN took, but only for the first TURN after a take-back.
                // Or the first TURN of a restarted game.
                let fault = match fault {
                    Fault::OccupiedPointAfterTakeback if taken_back => Fault::OccupiedPoint,
                    Fault::OccupiedPointAfterRestart if restarted => Fault::OccupiedPoint,
                    other => other,
                };
                taken_back = false;
                restarted = false;
                reply(&mut board, occupied(fault, last_opponent));
            }
            "BOARD" => {
                listed = 0;
                board.clear();
                in_board = true;
            }
            // TAKEBACK is optional (gomocup-r103); only the faults that act after it have it.
            "TAKEBACK"
                if matches!(
                    fault,
                    Fault::OccupiedPointAfterTakeback | Fault::OffBoardBeginAfterTakeback
                ) =>
            {
                if let Ok(p) = rest.trim().parse::<Point>() {
                    let _ = board.remove(p);
                }
                taken_back = true;
                out.line("OK");
            }
            // Dies of an INFO before START, as PPay (emneo-dev/epitech, tek3/gomoku) does: its
            // solver does not exist before START.
            "INFO" if fault == Fault::DiesOnEarlyInfo && !started => std::process::exit(139),
            "INFO" if fault == Fault::UnknownWithColon => out.line(UNKNOWN_WITH_COLON),
            "INFO" => {}
            "ABOUT"
                if fault == Fault::SilentThirdAbout && {
                    abouts += 1;
                    abouts >= 3
                } => {}
            "ABOUT" => out.line(
                r#"name="Faulty Fixture", version="1.0", author="Arbiter tests", country="None""#,
            ),
            "END" => {
                if fault == Fault::OutputAfterEnd {
                    out.line("OK");
                }
                return;
            }
            "" => {}
            _ if fault == Fault::UnknownWithColon => out.line(UNKNOWN_WITH_COLON),
            _ => out.line(&format!("UNKNOWN {cmd} is not supported")),
        }
    }
    // Input ended without END.
    match fault {
        Fault::LoopsOnEof => out.repeat_last_line(),
        Fault::MovesOnEof => out.line("10,10"),
        _ => {}
    }
}

/// The occupied point the brain answers with when `fault` plays one: the opponent's last stone.
fn occupied(fault: Fault, last_opponent: Option<Point>) -> Option<Point> {
    last_opponent.filter(|_| fault == Fault::OccupiedPoint)
}

/// Stones of both colours, one of them on the board's edge.
fn edge_of_a_mixed_board(board: &Board) -> bool {
    let size = board.size();
    let stones: Vec<(Point, Stone)> = (0..size.width())
        .flat_map(|x| (0..size.height()).map(move |y| Point::new(x, y)))
        .filter_map(|p| board.get(p).map(|s| (p, s)))
        .collect();
    let on_edge =
        |p: Point| p.x == 0 || p.y == 0 || p.x + 1 == size.width() || p.y + 1 == size.height();
    stones.iter().any(|(_, s)| *s == Stone::Black)
        && stones.iter().any(|(_, s)| *s == Stone::White)
        && stones.iter().any(|(p, _)| on_edge(*p))
}

fn parse_field(line: &str) -> Option<(u8, u8, u8)> {
    let mut parts = line.split(',').map(|p| p.trim().parse::<u8>());
    Some((
        parts.next()?.ok()?,
        parts.next()?.ok()?,
        parts.next()?.ok()?,
    ))
}
