//! Match runner: the engine against a random mover, or against itself, over the real
//! Gomocup protocol, with the arbiter rules library judging every move.
//!
//! ```text
//! cargo bench -p pbrain-arbiter --bench match -- [--games N] [--size N] [--rule BITS]
//!     [--turn-ms MS] [--opponent random|self] [--opening K] [--seed N]
//! ```
//!
//! Each option can also be given as an environment variable (`GAMES`, `SIZE`, `RULE`,
//! `TURN_MS`, `OPPONENT`, `OPENING`, `SEED`). `--opening K` plays the first K stones at
//! random near the centre (self-play would otherwise repeat one game); an engine joining a
//! game that already has stones is given them with `BOARD` (as Gomocup's automatic openings
//! do, gomocup-r46), later moves with `TURN`. Colours alternate between games. Every engine move is
//! checked for form, for being on the board and empty, for not being forbidden to black
//! under renju, and against `timeout_turn`; a violation loses the game on the spot and is
//! counted. The process exits non-zero if any move was illegal or late.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use arbiter_rules::gomoku::{Board, BoardSize, Point, Rule, Stone};

/// Extra time allowed over `timeout_turn` for pipes and process scheduling.
const GRACE: Duration = Duration::from_millis(50);

struct Config {
    games: u32,
    size: u32,
    rule: u32,
    turn_ms: u64,
    self_play: bool,
    opening: u32,
    seed: u64,
}

impl Config {
    fn from_env_and_args() -> Result<Config, String> {
        let get = |key: &str, env: &str, default: &str| -> String {
            let args: Vec<String> = std::env::args().collect();
            args.iter()
                .position(|a| a == key)
                .and_then(|i| args.get(i + 1).cloned())
                .or_else(|| std::env::var(env).ok())
                .unwrap_or_else(|| default.to_owned())
        };
        let num = |text: String, what: &str| -> Result<u64, String> {
            text.parse()
                .map_err(|_| format!("{what}: {text:?} is not a number"))
        };
        let opponent = get("--opponent", "OPPONENT", "random");
        Ok(Config {
            games: num(get("--games", "GAMES", "20"), "games")? as u32,
            size: num(get("--size", "SIZE", "15"), "size")? as u32,
            rule: num(get("--rule", "RULE", "0"), "rule")? as u32,
            turn_ms: num(get("--turn-ms", "TURN_MS", "500"), "turn-ms")?,
            self_play: match opponent.as_str() {
                "self" => true,
                "random" => false,
                other => return Err(format!("opponent {other:?}: use random or self")),
            },
            opening: num(get("--opening", "OPENING", "0"), "opening")? as u32,
            seed: num(get("--seed", "SEED", "1"), "seed")?,
        })
    }
}

/// A small xorshift generator: reproducible random moves without a dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// An engine process spoken to over Gomocup.
struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Whether the engine has the game so far (else it gets BEGIN or BOARD next).
    synced: bool,
}

/// What one engine move cost, as seen from outside.
struct Timed {
    point: Point,
    elapsed: Duration,
    nodes: u64,
}

impl Brain {
    fn spawn(cfg: &Config) -> Result<Brain, String> {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-arbiter"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the engine: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut brain = Brain {
            child,
            stdin,
            lines,
            synced: false,
        };
        brain.send(&format!("INFO timeout_turn {}", cfg.turn_ms))?;
        brain.send("INFO timeout_match 0")?;
        brain.send("INFO game_type 1")?;
        brain.send(&format!("INFO rule {}", cfg.rule))?;
        brain.send(&format!("START {}", cfg.size))?;
        match brain.lines.recv_timeout(Duration::from_secs(5)) {
            Ok(l) if l == "OK" => Ok(brain),
            other => Err(format!("START {} answered {other:?}", cfg.size)),
        }
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        write!(self.stdin, "{line}\r\n")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("engine stdin: {e}"))
    }

    /// Asks for a move in the game `history` (moves in order, `me` the engine's colour):
    /// BEGIN on an empty board, BOARD when joining a game, TURN afterwards. Reads the reply,
    /// skipping MESSAGE/DEBUG.
    fn ask(
        &mut self,
        history: &[(Point, Stone)],
        me: Stone,
        limit: Duration,
    ) -> Result<Timed, String> {
        self.send("INFO time_left 2147483647")?;
        let command = match history.last() {
            None => "BEGIN".to_owned(),
            Some((q, _)) if self.synced => format!("TURN {q}"),
            Some(_) => {
                self.send("BOARD")?;
                for (q, stone) in history {
                    self.send(&format!("{q},{}", if *stone == me { 1 } else { 2 }))?;
                }
                "DONE".to_owned()
            }
        };
        self.synced = true;
        self.send(&command)?;
        let start = Instant::now();
        let mut nodes = 0;
        loop {
            let wait = (limit + Duration::from_secs(5)).saturating_sub(start.elapsed());
            let line = self
                .lines
                .recv_timeout(wait)
                .map_err(|_| format!("no reply to {command} at move {}", history.len() + 1))?;
            if let Some(msg) = line.strip_prefix("MESSAGE ") {
                // The engine's own report: "<stage> depth D score S nodes N".
                if let Some(n) = msg.rsplit(' ').next().and_then(|n| n.parse().ok()) {
                    nodes = n;
                }
                continue;
            }
            if line.starts_with("DEBUG") {
                continue;
            }
            let elapsed = start.elapsed();
            let point = line
                .parse::<Point>()
                .map_err(|e| format!("reply {line:?} to {command}: {e}"))?;
            return Ok(Timed {
                point,
                elapsed,
                nodes,
            });
        }
    }

    /// Sends END and returns how long the process took to exit.
    fn end(mut self) -> Duration {
        let start = Instant::now();
        let _ = self.send("END");
        while start.elapsed() < Duration::from_secs(3) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return start.elapsed();
            }
            thread::sleep(Duration::from_millis(2));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        start.elapsed()
    }
}

enum Player {
    Engine(Brain),
    Random,
}

#[derive(Default)]
struct Tally {
    engine_wins: u32,
    engine_losses: u32,
    draws: u32,
    black_wins: u32,
    illegal: u32,
    late: u32,
    moves: u64,
    think: Duration,
    max_think: Duration,
    nodes: u64,
    slowest_end: Duration,
}

enum GameResult {
    Win(Stone),
    Draw,
}

fn play_game(
    cfg: &Config,
    rule: Rule,
    engine_black: bool,
    rng: &mut Rng,
    tally: &mut Tally,
) -> Result<(GameResult, usize), String> {
    let size = BoardSize::square(cfg.size).map_err(|e| e.to_string())?;
    let limit = Duration::from_millis(cfg.turn_ms);
    let mut black = Player::Engine(Brain::spawn(cfg)?);
    let mut white = if cfg.self_play {
        Player::Engine(Brain::spawn(cfg)?)
    } else {
        Player::Random
    };
    if !engine_black && !cfg.self_play {
        std::mem::swap(&mut black, &mut white);
    }
    let mut board = Board::new(size);
    let mut history: Vec<(Point, Stone)> = Vec::new();
    let mut to_move = Stone::Black;
    let centre = Point::new((cfg.size / 2) as u8, (cfg.size / 2) as u8);
    for _ in 0..cfg.opening {
        let near: Vec<Point> = board
            .empty_points()
            .filter(|q| q.x.abs_diff(centre.x) <= 2 && q.y.abs_diff(centre.y) <= 2)
            .filter(|&q| board.is_legal_move(q, to_move, rule).is_ok())
            .collect();
        if near.is_empty() {
            break;
        }
        let q = near[rng.below(near.len())];
        board.play(q, to_move, rule).map_err(|e| e.to_string())?;
        history.push((q, to_move));
        to_move = to_move.opponent();
    }
    let result = loop {
        if board.is_full() {
            break GameResult::Draw;
        }
        let mover = match to_move {
            Stone::Black => &mut black,
            Stone::White => &mut white,
        };
        let p = match mover {
            Player::Engine(brain) => {
                let t = match brain.ask(&history, to_move, limit) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("  {to_move}: {e}");
                        tally.illegal += 1;
                        break GameResult::Win(to_move.opponent());
                    }
                };
                tally.moves += 1;
                tally.think += t.elapsed;
                tally.max_think = tally.max_think.max(t.elapsed);
                tally.nodes += t.nodes;
                if t.elapsed > limit + GRACE {
                    eprintln!(
                        "  {to_move} took {:?} at move {}",
                        t.elapsed,
                        history.len() + 1
                    );
                    tally.late += 1;
                    break GameResult::Win(to_move.opponent());
                }
                t.point
            }
            Player::Random => {
                let legal: Vec<Point> = board
                    .empty_points()
                    .filter(|&q| board.is_legal_move(q, to_move, rule).is_ok())
                    .collect();
                if legal.is_empty() {
                    break GameResult::Draw;
                }
                legal[rng.below(legal.len())]
            }
        };
        if let Err(e) = board.play(p, to_move, rule) {
            eprintln!("  {to_move} played {p}: {e}");
            tally.illegal += 1;
            break GameResult::Win(to_move.opponent());
        }
        if board.five_at(p, to_move, rule) {
            break GameResult::Win(to_move);
        }
        history.push((p, to_move));
        to_move = to_move.opponent();
    };
    for player in [black, white] {
        if let Player::Engine(brain) = player {
            tally.slowest_end = tally.slowest_end.max(brain.end());
        }
    }
    Ok((result, board.stones()))
}

fn main() {
    let cfg = match Config::from_env_and_args() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("match: {e}");
            std::process::exit(2);
        }
    };
    let rule = match Rule::from_bitmask(cfg.rule) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("match: {e}");
            std::process::exit(2);
        }
    };
    let opponent = if cfg.self_play {
        "itself"
    } else {
        "a random mover"
    };
    println!(
        "pbrain-arbiter vs {opponent}: {} games, {}x{} board, rule {} ({rule}), timeout_turn {} ms, {} random opening stones",
        cfg.games, cfg.size, cfg.size, cfg.rule, cfg.turn_ms, cfg.opening
    );
    let mut rng = Rng(cfg.seed.max(1));
    let mut tally = Tally::default();
    let started = Instant::now();
    for game in 0..cfg.games {
        let engine_black = game % 2 == 0;
        let (result, stones) = match play_game(&cfg, rule, engine_black, &mut rng, &mut tally) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("match: game {}: {e}", game + 1);
                std::process::exit(1);
            }
        };
        let text = match result {
            GameResult::Draw => {
                tally.draws += 1;
                "draw".to_owned()
            }
            GameResult::Win(winner) => {
                if winner == Stone::Black {
                    tally.black_wins += 1;
                }
                let engine_colour = if engine_black {
                    Stone::Black
                } else {
                    Stone::White
                };
                if !cfg.self_play {
                    if winner == engine_colour {
                        tally.engine_wins += 1;
                    } else {
                        tally.engine_losses += 1;
                    }
                }
                format!("{winner} wins")
            }
        };
        let who = if cfg.self_play {
            "engine vs engine"
        } else if engine_black {
            "engine black"
        } else {
            "engine white"
        };
        println!(
            "game {:>3}: {who:<16} {text:<11} after {stones} stones",
            game + 1
        );
    }
    let avg = tally
        .think
        .checked_div(tally.moves.max(1) as u32)
        .unwrap_or_default();
    let nps = tally.nodes as f64 / tally.think.as_secs_f64().max(1e-9);
    println!("---");
    if cfg.self_play {
        println!(
            "black won {}, white won {}, draws {}",
            tally.black_wins,
            cfg.games - tally.black_wins - tally.draws,
            tally.draws
        );
    } else {
        println!(
            "engine won {}, lost {}, drew {} of {} games",
            tally.engine_wins, tally.engine_losses, tally.draws, cfg.games
        );
    }
    println!(
        "engine moves {}: illegal or malformed {}, over timeout_turn {}; think avg {:?}, max {:?}; {:.0} nodes/s; slowest END exit {:?}; wall {:?}",
        tally.moves,
        tally.illegal,
        tally.late,
        avg,
        tally.max_think,
        nps,
        tally.slowest_end,
        started.elapsed()
    );
    if tally.illegal > 0 || tally.late > 0 {
        std::process::exit(1);
    }
}
