//! A match of arbiter-xiangqi against Fairy-Stockfish (in UCCI mode) at a fixed time per move,
//! every move of both engines judged by the arbiter xiangqi rules.
//!
//! `cargo bench -p arbiter-xiangqi --bench match`, configured by environment variables:
//! `GAMES` (default 6), `MOVETIME_MS` (100), `SKILL` (Fairy-Stockfish `Skill_Level`, 0),
//! `MAX_PLIES` (300), `TOLERANCE_MS` (50: a reply later than the move time plus this loses),
//! `FAIRY_STOCKFISH` (`/usr/games/fairy-stockfish`).
//!
//! Colours alternate; game pairs start from the same short opening (both colours each). A side
//! with no legal move loses; an illegal or missing move, `nobestmove` with legal moves, a late
//! reply or `resign` loses; a position seen for the third time or the ply cap is a draw (the match
//! does not rule on perpetual check or chasing). Our engine gets `go time T movestogo 1` with
//! `usemillisec`; Fairy-Stockfish gets `go movetime T`.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use arbiter_rules::xiangqi::{Color, Position};

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Player {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    ours: bool,
    max_think: Duration,
    over_movetime: u32,
    nodes: u64,
    search_time: Duration,
    /// The last `info time … nodes …` of the running search.
    pending: Option<(Duration, u64)>,
}

impl Player {
    fn spawn(name: &str, program: &str, ours: bool) -> Player {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Player {
            name: name.to_owned(),
            child,
            stdin,
            lines,
            ours,
            max_think: Duration::ZERO,
            over_movetime: 0,
            nodes: 0,
            search_time: Duration::ZERO,
            pending: None,
        }
    }

    fn send(&mut self, line: &str) {
        let _ = self.stdin.write_all(format!("{line}\n").as_bytes());
        let _ = self.stdin.flush();
    }

    /// Lines until one starting with one of `prefixes`, or `None` at the deadline.
    fn until(&mut self, prefixes: &[&str], deadline: Instant) -> Option<String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).ok()?;
            if self.ours {
                self.note_info(&line);
            }
            if prefixes.iter().any(|p| line.starts_with(p)) {
                return Some(line);
            }
        }
    }

    /// Keeps the last `info time T nodes N` of each search, for the speed figure.
    fn note_info(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() == 5
            && words[0] == "info"
            && words[1] == "time"
            && words[3] == "nodes"
            && let (Ok(t), Ok(n)) = (words[2].parse::<u64>(), words[4].parse::<u64>())
        {
            self.pending = Some((Duration::from_millis(t), n));
        }
    }

    fn handshake(&mut self, skill: i32) {
        self.send("ucci");
        self.until(&["ucciok"], Instant::now() + Duration::from_secs(10))
            .unwrap_or_else(|| panic!("{} gives no ucciok", self.name));
        if self.ours {
            self.send("setoption usemillisec true");
        } else {
            self.send(&format!("setoption Skill_Level {skill}"));
        }
        self.ready();
    }

    fn ready(&mut self) {
        self.send("isready");
        self.until(&["readyok"], Instant::now() + Duration::from_secs(10))
            .unwrap_or_else(|| panic!("{} gives no readyok", self.name));
    }

    fn new_game(&mut self) {
        self.send(if self.ours {
            "setoption newgame"
        } else {
            "setoption Clear_Hash"
        });
        self.ready();
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Result3 {
    RedWins,
    BlackWins,
    Draw,
}

/// Short openings (ICCS), each played once with each engine as red.
const OPENINGS: [&[&str]; 6] = [
    &["h2e2", "h9g7"],
    &["b2e2", "b9c7"],
    &["c3c4", "c6c5"],
    &["h0g2", "h7e7"],
    &["g3g4", "b9c7"],
    &["b0c2", "g6g5"],
];

struct Outcome {
    result: Result3,
    why: String,
    plies: usize,
    illegal_by_ours: bool,
    time_loss_by_ours: bool,
}

fn play_game(
    red: &mut Player,
    black: &mut Player,
    opening: &[&str],
    movetime: Duration,
    tolerance: Duration,
    max_plies: usize,
) -> Outcome {
    red.new_game();
    black.new_game();
    let mut pos = Position::startpos();
    let mut moves: Vec<String> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    *seen.entry(pos.hash()).or_default() += 1;
    for text in opening {
        let mv = pos.parse_move(text).expect("openings are legal");
        pos.play(mv);
        moves.push(text.to_string());
        *seen.entry(pos.hash()).or_default() += 1;
    }
    let loss = |color: Color| match color {
        Color::Red => Result3::BlackWins,
        Color::Black => Result3::RedWins,
    };
    let end = |result, why: String, plies, ours_fault: Option<(bool, bool)>| {
        let (illegal, late) = ours_fault.unwrap_or((false, false));
        Outcome {
            result,
            why,
            plies,
            illegal_by_ours: illegal,
            time_loss_by_ours: late,
        }
    };
    loop {
        let turn = pos.turn();
        if pos.legal_moves().is_empty() {
            return end(
                loss(turn),
                format!("{turn} has no legal move"),
                moves.len(),
                None,
            );
        }
        if moves.len() >= max_plies {
            return end(
                Result3::Draw,
                format!("{max_plies}-ply cap"),
                moves.len(),
                None,
            );
        }
        let player = if turn == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        player.send(&format!("position startpos moves {}", moves.join(" ")));
        let ms = movetime.as_millis();
        player.send(&if player.ours {
            format!("go time {ms} movestogo 1")
        } else {
            format!("go movetime {ms}")
        });
        player.pending = None;
        let sent = Instant::now();
        let reply = player.until(&["bestmove", "nobestmove"], sent + movetime + tolerance);
        let took = sent.elapsed();
        let ours = player.ours;
        if let Some((t, n)) = player.pending.take() {
            player.search_time += t;
            player.nodes += n;
        }
        player.max_think = player.max_think.max(took);
        if took > movetime {
            player.over_movetime += 1;
        }
        let name = player.name.clone();
        let Some(reply) = reply else {
            return end(
                loss(turn),
                format!(
                    "{name} gave no move within {} ms",
                    (movetime + tolerance).as_millis()
                ),
                moves.len(),
                Some((false, ours)),
            );
        };
        let words: Vec<&str> = reply.split_whitespace().collect();
        let Some(&text) = words.get(1).filter(|_| words[0] == "bestmove") else {
            return end(
                loss(turn),
                format!("{name} said {reply:?} with legal moves left"),
                moves.len(),
                Some((ours, false)),
            );
        };
        let mv = match pos.parse_move(text) {
            Ok(mv) => mv,
            Err(e) => {
                return end(
                    loss(turn),
                    format!("{name} played an illegal move: {e}"),
                    moves.len(),
                    Some((ours, false)),
                );
            }
        };
        if words.contains(&"resign") {
            return end(loss(turn), format!("{name} resigned"), moves.len(), None);
        }
        pos.play(mv);
        moves.push(text.to_owned());
        let count = seen.entry(pos.hash()).or_default();
        *count += 1;
        if *count >= 3 {
            return end(
                Result3::Draw,
                "threefold repetition".into(),
                moves.len(),
                None,
            );
        }
    }
}

fn main() {
    let games: usize = env_or("GAMES", 6);
    let movetime = Duration::from_millis(env_or("MOVETIME_MS", 100));
    let skill: i32 = env_or("SKILL", 0);
    let max_plies: usize = env_or("MAX_PLIES", 300);
    let tolerance = Duration::from_millis(env_or("TOLERANCE_MS", 50));
    let fsf: String = env_or("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish".to_owned());
    if !std::path::Path::new(&fsf).exists() {
        eprintln!(
            "{fsf} not found: install it (apt-get install fairy-stockfish) or set FAIRY_STOCKFISH"
        );
        return;
    }
    let mut ours = Player::spawn(
        "arbiter-xiangqi",
        env!("CARGO_BIN_EXE_arbiter-xiangqi"),
        true,
    );
    let mut theirs = Player::spawn(&format!("fairy-stockfish(skill {skill})"), &fsf, false);
    ours.handshake(skill);
    theirs.handshake(skill);
    println!(
        "match: arbiter-xiangqi vs fairy-stockfish Skill_Level {skill}, {games} games, {} ms/move",
        movetime.as_millis()
    );
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let (mut our_illegal, mut our_late) = (0, 0);
    for game in 0..games {
        let opening = OPENINGS[(game / 2) % OPENINGS.len()];
        let ours_red = game % 2 == 0;
        let outcome = if ours_red {
            play_game(
                &mut ours,
                &mut theirs,
                opening,
                movetime,
                tolerance,
                max_plies,
            )
        } else {
            play_game(
                &mut theirs,
                &mut ours,
                opening,
                movetime,
                tolerance,
                max_plies,
            )
        };
        let ours_won = match outcome.result {
            Result3::Draw => None,
            Result3::RedWins => Some(ours_red),
            Result3::BlackWins => Some(!ours_red),
        };
        match ours_won {
            Some(true) => wins += 1,
            Some(false) => losses += 1,
            None => draws += 1,
        }
        our_illegal += outcome.illegal_by_ours as u32;
        our_late += outcome.time_loss_by_ours as u32;
        println!(
            "game {:>2}: arbiter-xiangqi {} | opening {} | {} after {} plies ({})",
            game + 1,
            if ours_red { "red  " } else { "black" },
            opening.join(" "),
            match ours_won {
                Some(true) => "win ",
                Some(false) => "loss",
                None => "draw",
            },
            outcome.plies,
            outcome.why
        );
    }
    let score = wins as f64 + draws as f64 / 2.0;
    println!(
        "score arbiter-xiangqi vs fairy-stockfish skill {skill}: +{wins} ={draws} -{losses}, {score}/{games}"
    );
    println!(
        "arbiter-xiangqi: {our_illegal} illegal moves, {our_late} time losses, longest reply {} ms, {} replies over {} ms, {:.2} Mnodes/s",
        ours.max_think.as_millis(),
        ours.over_movetime,
        movetime.as_millis(),
        ours.nodes as f64 / ours.search_time.as_secs_f64().max(1e-9) / 1e6
    );
    println!(
        "{}: longest reply {} ms, {} replies over {} ms",
        theirs.name,
        theirs.max_think.as_millis(),
        theirs.over_movetime,
        movetime.as_millis()
    );
}
