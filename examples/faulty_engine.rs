//! A deliberately faulty engine for Arbiter's own tests.
//!
//! `faulty_engine PROTOCOL [FAULT]` speaks UCCI, UCI, Gomocup or AGI just well enough to
//! pass the built-in checks, and each FAULT breaks exactly one rule, so the tests can show
//! that each misbehaviour is caught by the right check. Faults: see `Fault::parse`.
//! It plays the first legal move in sorted order; it is a test fixture, not a player.

use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use arbiter::protocol::uci;
use arbiter_rules::chess::ChessPosition;
use arbiter_rules::gomoku::{Board, BoardSize, Point, Stone, agi};
use arbiter_rules::xiangqi::Position;
use arbiter_rules::{Game, GameStatus, Side};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    None,
    LateHandshake,
    NoReadyokWhileSearching,
    BestmoveWhilePondering,
    IllegalBestmove,
    IllegalPonder,
    IllegalPv,
    PlaysBannedMove,
    NoBestmoveAfterStop,
    CrashMidSearch,
    HangOnQuit,
    NoBye,
    Flood,
    Garbage,
    Crlf,
    Cr,
    OccupiedPoint,
    OutputAfterEnd,
    LowerCase,
    UnterminatedLine,
    BadOptions,
}

impl Fault {
    fn parse(name: &str) -> Option<Fault> {
        Some(match name {
            "none" => Fault::None,
            "late-handshake" => Fault::LateHandshake,
            "no-readyok-while-searching" => Fault::NoReadyokWhileSearching,
            "bestmove-while-pondering" => Fault::BestmoveWhilePondering,
            "illegal-bestmove" => Fault::IllegalBestmove,
            "illegal-ponder" => Fault::IllegalPonder,
            "illegal-pv" => Fault::IllegalPv,
            "plays-banned-move" => Fault::PlaysBannedMove,
            "no-bestmove-after-stop" => Fault::NoBestmoveAfterStop,
            "crash-mid-search" => Fault::CrashMidSearch,
            "hang-on-quit" => Fault::HangOnQuit,
            "no-bye" => Fault::NoBye,
            "flood" => Fault::Flood,
            "garbage" => Fault::Garbage,
            "crlf" => Fault::Crlf,
            "cr" => Fault::Cr,
            "occupied-point" => Fault::OccupiedPoint,
            "output-after-end" => Fault::OutputAfterEnd,
            "lower-case" => Fault::LowerCase,
            "unterminated-line" => Fault::UnterminatedLine,
            "bad-options" => Fault::BadOptions,
            _ => return None,
        })
    }
}

struct Out {
    fault: Fault,
}

impl Out {
    fn line(&self, text: &str) {
        let text = if self.fault == Fault::LowerCase {
            text.to_lowercase()
        } else {
            text.to_owned()
        };
        let end = match self.fault {
            Fault::Crlf => "\r\n",
            Fault::Cr => "\r",
            _ => "\n",
        };
        let mut out = std::io::stdout().lock();
        // A closed stdout means the harness is gone; nothing to do but stop writing.
        let _ = out.write_all(format!("{text}{end}").as_bytes());
        let _ = out.flush();
    }

    fn raw(&self, bytes: &[u8]) {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(bytes);
        let _ = out.flush();
    }
}

fn stdin_lines() -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line.trim_end_matches('\r').to_owned()).is_err() {
                break;
            }
        }
    });
    rx
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let protocol = args.get(1).map(String::as_str).unwrap_or("ucci");
    let fault_name = args.get(2).map(String::as_str).unwrap_or("none");
    let Some(fault) = Fault::parse(fault_name) else {
        eprintln!("unknown fault `{fault_name}`");
        std::process::exit(2);
    };
    let out = Out { fault };
    match protocol {
        "ucci" => search_engine::<Position>(Dialect::Ucci, &out),
        "uci" => search_engine::<ChessPosition>(Dialect::Uci, &out),
        "gomocup" => gomocup(&out),
        "agi" => agi_engine(&out),
        other => {
            eprintln!("unknown protocol `{other}`");
            std::process::exit(2);
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dialect {
    Ucci,
    Uci,
}

/// A search in progress: it ends at `until`, or on stop/ponderhit when open-ended.
struct Search {
    until: Option<Instant>,
    pondering: bool,
    stopped: bool,
    /// UCI: what the search settled on at `go`, and when it began (for `info time`).
    plan: Option<Plan>,
}

/// UCI: the move a search will play and how it reports it.
struct Plan {
    started: Instant,
    best: Option<String>,
    score: String,
    depth: u32,
    nodes: u64,
    /// When the next periodic `info` line is due in an open-ended search.
    next_info: Instant,
}

fn search_engine<G: Game>(dialect: Dialect, out: &Out) {
    let fault = out.fault;
    let input = stdin_lines();
    let mut position = G::start_position();
    let mut banned: Vec<String> = Vec::new();
    let mut search: Option<Search> = None;
    loop {
        let timeout =
            search
                .as_ref()
                .and_then(|s| s.until)
                .map_or(Duration::from_millis(50), |t| {
                    t.saturating_duration_since(Instant::now())
                        .min(Duration::from_millis(50))
                });
        let line = match input.recv_timeout(timeout) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if let Some(s) = &mut search
            && let Some(plan) = &mut s.plan
            && Instant::now() >= plan.next_info
        {
            // "periodically report" (uci-r14): a line every 250 ms while the search runs.
            out.line(&plan_info(plan, fault));
            plan.next_info = Instant::now() + Duration::from_millis(250);
        }
        if let Some(s) = &search {
            if line.is_none() && fault == Fault::Flood {
                let filler = "x".repeat(4000);
                for _ in 0..6000 {
                    out.line(&format!("info string {filler}"));
                }
            }
            let due = s.until.is_some_and(|t| Instant::now() >= t) && (!s.pondering || s.stopped);
            let early = s.pondering && fault == Fault::BestmoveWhilePondering;
            if due || early {
                let best = s.plan.as_ref().and_then(|p| p.best.clone());
                finish_search(&position, &banned, best, fault, dialect, out);
                search = None;
            }
        }
        let Some(line) = line else { continue };
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if dialect == Dialect::Uci {
            // An unknown word is ignored and the rest of the line read without it (uci-r10, r11).
            let known = words.iter().position(|w| uci::COMMANDS.contains(w));
            words.drain(..known.unwrap_or(words.len()));
        }
        match words.first().copied().unwrap_or("") {
            "ucci" | "uci" => {
                if fault == Fault::LateHandshake {
                    std::thread::sleep(Duration::from_millis(2500));
                }
                if fault == Fault::BadOptions {
                    // Each line parses; together they contradict the texts.
                    if dialect == Dialect::Ucci {
                        out.line("option hashsize type spin min 0 max 64 default 128");
                    } else {
                        out.line("option name Threads type spin default 0 min 1 max 8");
                        out.line("option name UCI_Elo type spin default 1500 min 1000 max 2800");
                    }
                }
                out.line("id name Faulty Fixture");
                out.line("id author Arbiter tests");
                if dialect == Dialect::Ucci {
                    out.line("option usemillisec type check default false");
                    out.line("ucciok");
                } else {
                    out.line("option name Hash type spin default 16 min 1 max 1024");
                    out.line("uciok");
                }
            }
            "isready" if !(search.is_some() && fault == Fault::NoReadyokWhileSearching) => {
                out.line("readyok");
            }
            "position" => {
                banned.clear();
                if let Some(p) = parse_position::<G>(&words) {
                    position = p;
                }
            }
            "banmoves" => banned = words[1..].iter().map(|w| w.to_string()).collect(),
            "go" => {
                if fault == Fault::CrashMidSearch {
                    std::thread::sleep(Duration::from_millis(30));
                    std::process::abort();
                }
                let ponder = words.contains(&"ponder");
                let open = ponder || words.contains(&"infinite");
                if words.contains(&"depth")
                    && words.last() == Some(&"0")
                    && dialect == Dialect::Ucci
                {
                    out.line("nobestmove");
                    continue;
                }
                if dialect == Dialect::Uci {
                    let go = uci_go(&words);
                    let white = position.side_to_move() == Side::First;
                    let plan = plan_search(&position, &go);
                    out.line(&plan_info(&plan, fault));
                    let mut think = thinking_time(&go, white);
                    if go.mate.is_some() && plan.score.starts_with("mate ") {
                        // `go mate`: the mate asked for is found, so the search is over.
                        think = think.min(Duration::from_millis(100));
                    }
                    search = Some(Search {
                        until: (!open).then(|| plan.started + think),
                        pondering: ponder,
                        stopped: false,
                        plan: Some(Plan {
                            next_info: plan.started + Duration::from_millis(250),
                            ..plan
                        }),
                    });
                    continue;
                }
                // One info line per search, so transcripts are the same run to run.
                out.line(&info_line::<G>(&position, fault, dialect));
                search = Some(Search {
                    until: (!open).then(|| Instant::now() + Duration::from_millis(100)),
                    pondering: ponder,
                    stopped: false,
                    plan: None,
                });
            }
            "ponderhit" => {
                if let Some(s) = &mut search {
                    s.pondering = false;
                    s.until = Some(Instant::now() + Duration::from_millis(100));
                }
            }
            "stop" if fault != Fault::NoBestmoveAfterStop && search.is_some() => {
                let best = search.take().and_then(|s| s.plan).and_then(|p| p.best);
                finish_search(&position, &banned, best, fault, dialect, out);
            }
            "quit" => {
                if fault == Fault::HangOnQuit {
                    // Ignores its input closing too: only a kill ends it.
                    loop {
                        std::thread::sleep(Duration::from_secs(60));
                    }
                }
                if dialect == Dialect::Ucci && fault != Fault::NoBye {
                    out.line("bye");
                }
                if fault == Fault::UnterminatedLine {
                    out.raw(b"info string goodbye");
                }
                return;
            }
            _ => {}
        }
    }
}

fn parse_position<G: Game>(words: &[&str]) -> Option<G> {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut position = match words.get(1) {
        Some(&"startpos") => G::start_position(),
        Some(&"fen") => G::from_fen(&words[2..moves_at].join(" ")).ok()?,
        _ => return None,
    };
    for mv in words.iter().skip(moves_at + 1) {
        position.play_text(mv).ok()?;
    }
    Some(position)
}

fn info_line<G: Game>(position: &G, fault: Fault, dialect: Dialect) -> String {
    let moves = position.legal_move_texts();
    let Some(first) = moves.first() else {
        return "info depth 1".into();
    };
    let pv = if fault == Fault::IllegalPv {
        format!("{first} {first}")
    } else {
        first.clone()
    };
    let score = if dialect == Dialect::Uci {
        "score cp 0"
    } else {
        "score 0"
    };
    format!("info depth 1 {score} pv {pv}")
}

/// Ends a search with `bestmove`: the move `chosen` at `go` (UCI), else the first legal one
/// not banned; a null move when there is none.
fn finish_search<G: Game>(
    position: &G,
    banned: &[String],
    chosen: Option<String>,
    fault: Fault,
    dialect: Dialect,
    out: &Out,
) {
    if fault == Fault::Garbage {
        out.raw(b"\x00\x01\xfe\xff garbage\n");
    }
    let moves = position.legal_move_texts();
    let mut playable: Vec<&String> = moves.iter().filter(|m| !banned.contains(m)).collect();
    if let Some(i) = chosen.and_then(|c| playable.iter().position(|m| **m == c)) {
        playable.swap(0, i);
    }
    let best = match (fault, banned.first(), playable.first()) {
        (Fault::PlaysBannedMove, Some(b), _) => b.clone(),
        (_, _, Some(m)) => (*m).clone(),
        _ => {
            out.line(if dialect == Dialect::Ucci {
                "nobestmove"
            } else {
                "bestmove 0000"
            });
            return;
        }
    };
    let best = if fault == Fault::IllegalBestmove {
        illegal_move::<G>(position)
    } else {
        best
    };
    let mut after = position_after::<G>(position, &best);
    let ponder = match (&mut after, fault) {
        (Some(_), Fault::IllegalPonder) => Some(best.clone()),
        (Some(p), _) => p.legal_move_texts().into_iter().next(),
        (None, _) => None,
    };
    match ponder {
        Some(p) => out.line(&format!("bestmove {best} ponder {p}")),
        None => out.line(&format!("bestmove {best}")),
    }
}

fn position_after<G: Game>(position: &G, mv: &str) -> Option<G> {
    let mut p = G::from_fen(&position.fen()).ok()?;
    p.play_text(mv).ok()?;
    Some(p)
}

/// A move in the right notation that is not legal here: a piece jumping to its own side.
fn illegal_move<G: Game>(position: &G) -> String {
    ["a1a5", "a0a5", "a9a5", "e1e5", "a8a5"]
        .iter()
        .find(|m| position_after::<G>(position, m).is_none())
        .map(|m| (*m).to_owned())
        .unwrap_or_else(|| "a0a5".into())
}

fn nearest_empty(board: &Board) -> Option<Point> {
    let size = board.size();
    let (cx, cy) = (size.width() as i32 / 2, size.height() as i32 / 2);
    board
        .empty_points()
        .min_by_key(|p| ((p.x as i32 - cx).abs() + (p.y as i32 - cy).abs(), p.y, p.x))
}

fn gomocup(out: &Out) {
    let fault = out.fault;
    let input = stdin_lines();
    let mut board = Board::new(BoardSize::square(15).expect("15 is a legal size"));
    let mut last_opponent: Option<Point> = None;
    let mut in_board = false;
    let reply = |board: &mut Board, last: Option<Point>| {
        let point = match (fault, last) {
            (Fault::OccupiedPoint, Some(p)) => Some(p),
            _ => nearest_empty(board),
        };
        if let Some(p) = point {
            let _ = board.place(p, Stone::Black);
            out.line(&format!("{},{}", p.x, p.y));
        }
    };
    while let Ok(line) = input.recv() {
        let upper = line.trim().to_uppercase();
        if in_board {
            if upper == "DONE" {
                in_board = false;
                reply(&mut board, last_opponent);
            } else if let Some((x, y, f)) = parse_field(&upper) {
                let point = Point { x, y };
                let stone = if f == 1 { Stone::Black } else { Stone::White };
                let _ = board.place(point, stone);
                if f != 1 {
                    last_opponent = Some(point);
                }
            }
            continue;
        }
        let (cmd, rest) = upper.split_once(' ').unwrap_or((upper.as_str(), ""));
        match cmd {
            "START" => match rest
                .trim()
                .parse::<u32>()
                .ok()
                .and_then(|n| BoardSize::square(n).ok())
            {
                Some(size) => {
                    board = Board::new(size);
                    out.line("OK");
                }
                None => out.line("ERROR unsupported size"),
            },
            "RESTART" => {
                board.clear();
                out.line("OK");
            }
            "BEGIN" => reply(&mut board, None),
            "TURN" => {
                if let Ok(p) = rest.trim().parse::<Point>() {
                    let _ = board.place(p, Stone::White);
                    last_opponent = Some(p);
                }
                reply(&mut board, last_opponent);
            }
            "BOARD" => {
                board.clear();
                in_board = true;
            }
            "INFO" => {}
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
            _ => out.line(&format!("UNKNOWN {cmd} is not supported")),
        }
    }
}

fn parse_field(line: &str) -> Option<(u8, u8, u8)> {
    let mut parts = line.split(',').map(|p| p.trim().parse::<u8>());
    Some((
        parts.next()?.ok()?,
        parts.next()?.ok()?,
        parts.next()?.ok()?,
    ))
}

fn agi_engine(out: &Out) {
    let input = stdin_lines();
    let size = BoardSize::STANDARD;
    let mut board = Board::new(size);
    let mut searching = false;
    let mut until: Option<Instant> = None;
    let mut search: Vec<Point> = Vec::new();
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
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if searching && until.is_some_and(|t| Instant::now() >= t) {
            if let Some(m) = best(&board, &search) {
                out.line(&format!("BESTMOVE {m}"));
            }
            searching = false;
        }
        let Some(line) = line else { continue };
        let words: Vec<String> = line.split_whitespace().map(str::to_uppercase).collect();
        match words.first().map(String::as_str).unwrap_or("") {
            "AGI" => {
                out.line("ID NAME Faulty Fixture");
                out.line("OPTION OWNBOOK FALSE PONDER FALSE");
                out.line("AGIOK");
            }
            "ISREADY" => out.line("READYOK"),
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
            "GO" => {
                searching = true;
                search = words
                    .iter()
                    .position(|w| w == "SEARCH")
                    .and_then(|i| words.get(i + 1))
                    .and_then(|m| agi::parse_moves(m, size).ok())
                    .unwrap_or_default();
                let infinite = words.iter().any(|w| w == "INFINITE" || w == "PONDER");
                until = (!infinite).then(|| Instant::now() + Duration::from_millis(100));
                out.line("INFO DEPTH 1");
            }
            "STOP" if searching => {
                if let Some(m) = best(&board, &search) {
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

/// The `go` parameters, read by the library's UCI codec; a `go` it cannot read searches
/// with none.
fn uci_go(words: &[&str]) -> uci::Go {
    match uci::parse_command(&words.join(" ")) {
        Ok(uci::Command::Go(go)) => go,
        _ => uci::Go::default(),
    }
}

/// How long a search limited by time lasts: `movetime` exactly, a twentieth of the
/// mover's clock plus half its increment (never more than 100 ms), else 100 ms.
fn thinking_time(go: &uci::Go, white: bool) -> Duration {
    if let Some(ms) = go.movetime {
        return Duration::from_millis(ms);
    }
    let (clock, inc) = if white {
        (go.wtime, go.winc)
    } else {
        (go.btime, go.binc)
    };
    let ms = match clock {
        Some(clock) => (clock / 20 + inc.unwrap_or(0) / 2).clamp(1, 100),
        None => 100,
    };
    Duration::from_millis(ms as u64)
}

/// Decides a UCI search at once: among the legal moves (only the `searchmoves`, if given),
/// the first that mates within the `mate` limit (one move by default), else the first in
/// sorted order; the score is that mate, a mate against the mover, or the material balance.
fn plan_search<G: Game>(position: &G, go: &uci::Go) -> Plan {
    let started = Instant::now();
    let mut moves = position.legal_move_texts();
    let listed: Vec<String> = go.searchmoves.iter().map(ToString::to_string).collect();
    if moves.iter().any(|m| listed.contains(m)) {
        moves.retain(|m| listed.contains(m));
    }
    let limit = go.mate.unwrap_or(1).clamp(1, 3);
    let mut nodes = 0;
    let mut found = None;
    'limits: for n in 1..=limit {
        for mv in &moves {
            let next = after::<G>(position, mv);
            if next.is_some_and(|p| mates_after(&p, n, &mut nodes)) {
                found = Some((mv.clone(), n));
                break 'limits;
            }
        }
    }
    let (best, score) = match found {
        Some((mv, n)) => (Some(mv), format!("mate {n}")),
        None => {
            let best = moves.first().cloned();
            let lost = !moves.is_empty()
                && moves.iter().all(|mv| {
                    after::<G>(position, mv).is_some_and(|p| mates_within(&p, 1, &mut nodes))
                });
            let score = if lost {
                "mate -1".to_owned()
            } else {
                format!("cp {}", material(position))
            };
            (best, score)
        }
    };
    Plan {
        started,
        best,
        score,
        depth: 2 * limit,
        nodes: nodes.max(1),
        next_info: started,
    }
}

/// The `info` line of a planned search; its pv is the planned move (twice for `illegal-pv`).
fn plan_info(plan: &Plan, fault: Fault) -> String {
    let Some(best) = &plan.best else {
        return "info depth 1".into();
    };
    let time = plan.started.elapsed().as_millis() as u64;
    let pv = if fault == Fault::IllegalPv {
        format!("{best} {best}")
    } else {
        best.clone()
    };
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} hashfull 0 time {time} pv {pv}",
        plan.depth,
        plan.depth,
        plan.score,
        plan.nodes,
        plan.nodes * 1000 / time.max(1),
    )
}

fn after<G: Game>(position: &G, mv: &str) -> Option<G> {
    let mut next = position.clone();
    next.play_text(mv).ok()?;
    Some(next)
}

/// Whether the side that just moved into `p` mates within `n` moves in all: `p` is mate, or
/// (with moves to spare) every reply leaves a mate within `n - 1`.
fn mates_after<G: Game>(p: &G, n: u32, nodes: &mut u64) -> bool {
    *nodes += 1;
    match p.status() {
        GameStatus::Checkmate { .. } => true,
        GameStatus::Ongoing if n > 1 => p.legal_moves().into_iter().all(|reply| {
            let mut q = p.clone();
            q.play(reply);
            mates_within(&q, n - 1, nodes)
        }),
        _ => false,
    }
}

/// Whether the side to move in `p` can mate within `n` moves.
fn mates_within<G: Game>(p: &G, n: u32, nodes: &mut u64) -> bool {
    p.legal_moves().into_iter().any(|mv| {
        let mut q = p.clone();
        q.play(mv);
        mates_after(&q, n, nodes)
    })
}

/// Material balance in centipawns for the side to move, counted from the FEN's board field.
fn material<G: Game>(position: &G) -> i64 {
    let fen = position.fen();
    let board = fen.split(' ').next().unwrap_or("");
    let white: i64 = board
        .chars()
        .map(|c| {
            let value = match c.to_ascii_lowercase() {
                'p' => 100,
                'n' | 'b' => 300,
                'r' => 500,
                'q' => 900,
                _ => 0,
            };
            if c.is_ascii_uppercase() {
                value
            } else {
                -value
            }
        })
        .sum();
    if position.side_to_move() == Side::First {
        white
    } else {
        -white
    }
}
