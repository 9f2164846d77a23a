//! AGI: a search ends after 100 ms (or on STOP when open-ended) with the next scripted move,
//! the first SEARCH move, else the empty point nearest the centre.

use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use arbiter_rules::gomoku::{Board, BoardSize, Point, Stone, agi};

use crate::fault::Fault;
use crate::gomocup::nearest_empty;
use crate::input::stdin_lines;
use crate::output::Out;

pub fn run(out: &Out, script: &[String]) {
    let input = stdin_lines(out.fault());
    let mut script = script.iter().filter(|_| out.fault() == Fault::Scripted);
    let size = BoardSize::STANDARD;
    let mut board = Board::new(size);
    let mut searching = false;
    let mut until: Option<Instant> = None;
    let mut search: Vec<Point> = Vec::new();
    let mut infinite = false;
    // A SETRULE arrived (SilentStopAfterSetrule needs one before a STOP of GO INFINITE).
    let mut rule_set = false;
    // The search is a GO PONDER, and a SETOPTION switched background thinking on rather than
    // leaving it on by default (IsreadyWhilePonderingByDefault acts only before one).
    let mut pondering = false;
    let mut ponder_switched_on = false;
    // How many SETOPTION the process has read (NoReadyokAfterThirdSetoption).
    let mut setoptions = 0u32;
    let best = |board: &Board, search: &[Point]| {
        search
            .first()
            .copied()
            .or_else(|| nearest_empty(board))
            .and_then(|p| agi::format_point(p, size).ok())
    };
    loop {
        let line = match input.recv_timeout(Duration::from_millis(50)) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                if out.fault() == Fault::LoopsOnEof {
                    out.repeat_last_line();
                }
                return;
            }
        };
        if searching && until.is_some_and(|t| Instant::now() >= t) {
            // A scripted move in AGI's hex where it has one, else as written (`F1`).
            let scripted = script.next().map(|text| {
                text.parse::<Point>()
                    .ok()
                    .and_then(|p| agi::format_point(p, size).ok())
                    .unwrap_or_else(|| text.clone())
            });
            if let Some(m) = scripted.or_else(|| best(&board, &search)) {
                out.line(&format!("BESTMOVE {m}"));
            }
            searching = false;
        }
        let Some(line) = line else { continue };
        let words: Vec<String> = line.split_whitespace().map(str::to_uppercase).collect();
        match words.first().map(String::as_str).unwrap_or("") {
            "AGI" => {
                out.line("ID NAME Faulty Fixture");
                // The fault that acts while pondering says it can (agi-r37), so that a GUI
                // heeding the declaration sends GO PONDER.
                let ponder = if out.fault() == Fault::IsreadyWhilePonderingByDefault {
                    "TRUE"
                } else {
                    "FALSE"
                };
                out.line(&format!("OPTION OWNBOOK FALSE PONDER {ponder}"));
                out.line("AGIOK");
            }
            // No READYOK while pondering with background thinking on by default only.
            "ISREADY"
                if out.fault() == Fault::IsreadyWhilePonderingByDefault
                    && searching
                    && pondering
                    && !ponder_switched_on => {}
            "ISREADY" if out.fault() == Fault::NoReadyokAfterThirdSetoption && setoptions >= 3 => {}
            "ISREADY" => out.line("READYOK"),
            "SETOPTION" => {
                setoptions += 1;
                let on = words.windows(2).any(|w| w[0] == "PONDER" && w[1] == "ON");
                ponder_switched_on |= on;
            }
            "POSITION" => {
                board.clear();
                let mut colour = Stone::Black;
                for pair in words.windows(2) {
                    if pair[0] == "STATU" || pair[0] == "MOVES" {
                        for p in agi::parse_moves(&pair[1], size).unwrap_or_default() {
                            let _ = board.place(p, colour);
                            colour = colour.opponent();
                        }
                    }
                }
            }
            "DOMOVE" => {
                if let Some(p) = words.get(1).and_then(|m| agi::parse_point(m, size).ok()) {
                    let colour = if board.stones().is_multiple_of(2) {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    let _ = board.place(p, colour);
                }
            }
            "GO" if out.fault() == Fault::CrashMidSearch => std::process::exit(3),
            "GO" => {
                searching = true;
                search = words
                    .iter()
                    .position(|w| w == "SEARCH")
                    .and_then(|i| words.get(i + 1))
                    .and_then(|m| agi::parse_moves(m, size).ok())
                    .unwrap_or_default();
                infinite = words.iter().any(|w| w == "INFINITE");
                pondering = words.iter().any(|w| w == "PONDER");
                let open = infinite || pondering;
                until = (!open).then(|| Instant::now() + Duration::from_millis(100));
                out.line("INFO DEPTH 1");
            }
            "SETRULE" => rule_set = true,
            "STOP" if searching => {
                // No BESTMOVE, but only for an infinite search after a SETRULE.
                let silent = out.fault() == Fault::SilentStopAfterSetrule && rule_set && infinite;
                if let Some(m) = best(&board, &search).filter(|_| !silent) {
                    out.line(&format!("BESTMOVE {m}"));
                }
                searching = false;
            }
            "QUIT" => {
                out.line("BYE");
                return;
            }
            _ => {}
        }
    }
}
