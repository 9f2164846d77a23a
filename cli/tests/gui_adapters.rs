//! Real XBoard adapters, end to end: Debian's PolyGlot (XBoard to UCI) in front of Stockfish,
//! and uci2wb (XBoard to UCCI, `-x`) in front of the reference xiangqi engine, each with the
//! engine started as `arbiter spy`. The test plays the XBoard side of a short game — once with
//! pondering (`hard`, on a clock), once with a fixed time per move (`easy`, `st 1`) — and its
//! own moves alternate between the engine's expected reply (a ponder hit) and another move (a
//! ponder miss). PolyGlot writes a ponder miss in one go (`stop`, `position`, `go`) while the
//! ponder search is open; uci2wb means to wait for the stopped search's result first (see
//! `uci2wb_game` for when it does not).
//!
//! The spy must find nothing wrong with the engines, which conform, and must name what the
//! adapters do against the texts. `.ci/run` installs both adapters; elsewhere the tests skip.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use arbiter::report::Report;
use arbiter::rules::Game;
use arbiter::rules::chess::ChessPosition;
use arbiter::rules::xiangqi::Position as XiangqiPosition;
use common::gui::{arbiter_binary, findings, report_at, temp_dir};

/// Plies of each game: enough for ponder hits and misses on both sides of the board, few
/// enough that a game takes seconds.
const PLIES: usize = 8;
/// The clock the test gives each side in `hard` games, in centiseconds: short, so the
/// engines move in a fraction of a second.
const CLOCK_CS: i64 = 1000;

/// How the XBoard side sets the engine's time.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Pace {
    /// `hard`, a clock (`level`, then `time`/`otim` before each move): the engine ponders.
    Ponder,
    /// `easy`, `st 1`: one second a move, no pondering.
    FixedTime,
}

/// A game's moves as the test reads and writes them: the position, and the names a move may
/// go by in an adapter's thinking output (PolyGlot shows the pv in SAN).
trait Board: Game {
    fn names(&self, mv: Self::Move, token: &str) -> bool {
        self.move_text(mv) == token
    }
}

impl Board for XiangqiPosition {}

impl Board for ChessPosition {
    fn names(&self, mv: Self::Move, token: &str) -> bool {
        let san = shakmaty::san::San::from_move(self.inner(), mv).to_string();
        self.move_text(mv) == token || san == token.trim_end_matches(['+', '#'])
    }
}

/// One adapter process, its output read line by line on a thread so every wait has a
/// deadline, killed and reaped when dropped.
struct Adapter {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// What passed, for the failure message.
    log: Vec<String>,
}

impl Adapter {
    fn start(program: &Path, args: &[&std::ffi::OsStr], home: &Path) -> Adapter {
        let mut child = Command::new(program)
            .args(args)
            .current_dir(home)
            .env("HOME", home)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{} does not start: {e}", program.display()));
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Adapter {
            child,
            stdin,
            lines,
            log: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.log.push(format!("> {line}"));
        // A write to an adapter that died shows as a missing reply, with the log.
        let _ = writeln!(self.stdin, "{line}");
        let _ = self.stdin.flush();
    }

    /// The next line, or a failure naming what was waited for.
    fn line(&mut self, deadline: Instant, waiting_for: &str) -> String {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => {
                self.log.push(format!("< {line}"));
                line
            }
            Err(RecvTimeoutError::Timeout) => self.fail(&format!("no {waiting_for} in time")),
            Err(RecvTimeoutError::Disconnected) => self.fail(&format!(
                "the adapter closed its output before {waiting_for}"
            )),
        }
    }

    fn fail(&self, why: &str) -> ! {
        let tail = self.log[self.log.len().saturating_sub(60)..].join("\n");
        panic!("{why}; the XBoard side's exchange, last lines:\n{tail}");
    }

    /// `xboard`, `protover 2`, and every feature accepted until `done=1`.
    fn handshake(&mut self) {
        self.send("xboard");
        self.send("protover 2");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let line = self.line(deadline, "`feature done=1`");
            let Some(features) = line.strip_prefix("feature ") else {
                continue;
            };
            for name in feature_names(features) {
                if name != "done" {
                    self.send(&format!("accepted {name}"));
                }
            }
            if features.contains("done=1") {
                return;
            }
        }
    }

    /// `quit`, then the adapter's exit; killed if it lingers.
    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.fail("the adapter did not exit after `quit`");
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The names of the features on a `feature` line (`a=1 b="x y" …`).
fn feature_names(features: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = features.trim_start();
    while let Some((name, after)) = rest.split_once('=') {
        names.push(name.trim().to_owned());
        rest = match after.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"').map_or("", |(_, r)| r),
            None => after.split_once(' ').map_or("", |(_, r)| r),
        }
        .trim_start();
    }
    names
}

/// What the engine's side said while thinking about one move.
#[derive(Default)]
struct Thinking {
    /// The reply it expects: uci2wb's `Hint:`, else the second move of its last pv.
    hint: Option<String>,
    last_pv: Vec<String>,
}

impl Thinking {
    fn expected_reply(&self) -> Option<&str> {
        self.hint
            .as_deref()
            .or(self.last_pv.get(1).map(String::as_str))
    }

    fn read(&mut self, line: &str) {
        if let Some(hint) = line.strip_prefix("Hint: ") {
            self.hint = Some(hint.trim().to_owned());
            return;
        }
        // Thinking output: depth, score, time, nodes, then the pv.
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() > 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok()) {
            self.last_pv = words[4..].iter().map(|w| w.to_string()).collect();
        }
    }
}

/// A game as the XBoard side saw it.
struct Played {
    /// The moves, the engine's first.
    moves: Vec<String>,
    /// A `move` the adapter relayed that is not legal in the game: the game ends there, as
    /// XBoard ends it.
    illegal: Option<String>,
    /// The engine's last move left the test no legal move: the game ended by the rules.
    over: bool,
}

impl Played {
    /// Played to the end: all its plies, or until the rules ended it.
    fn complete(&self) -> bool {
        self.illegal.is_none() && (self.moves.len() == PLIES || self.over)
    }
}

/// Plays one game as XBoard would: the engine moves first; the test answers with the
/// engine's expected reply on even turns and another legal move on odd ones.
fn play<B: Board>(adapter: &mut Adapter, variant: Option<&str>, pace: Pace) -> Played {
    adapter.handshake();
    adapter.send("new");
    if let Some(variant) = variant {
        adapter.send(&format!("variant {variant}"));
    }
    match pace {
        Pace::Ponder => {
            adapter.send("hard");
            adapter.send("level 0 1 0");
        }
        Pace::FixedTime => {
            adapter.send("easy");
            adapter.send("st 1");
        }
    }
    adapter.send("post");
    let mut board = B::start_position();
    let mut moves = Vec::new();
    let (mut own_cs, other_cs) = (CLOCK_CS, CLOCK_CS);
    let clocks = |adapter: &mut Adapter, own_cs: i64| {
        if pace == Pace::Ponder {
            adapter.send(&format!("time {own_cs}"));
            adapter.send(&format!("otim {other_cs}"));
        }
    };
    clocks(adapter, own_cs);
    adapter.send("go");
    let mut turn_started = Instant::now();
    while moves.len() < PLIES {
        let mut thinking = Thinking::default();
        let deadline = Instant::now() + Duration::from_secs(30);
        let engine_move = loop {
            let line = adapter.line(deadline, "`move`");
            if let Some(mv) = line.strip_prefix("move ") {
                break mv.trim().to_owned();
            }
            if ["resign", "1-0", "0-1", "1/2-1/2"]
                .iter()
                .any(|end| line.starts_with(end))
            {
                adapter.fail(&format!("the game ended early: `{line}`"));
            }
            thinking.read(&line);
        };
        // XBoard charges the engine's clock with the time it took, as the adapter measured.
        own_cs -= (turn_started.elapsed().as_millis() / 10) as i64;
        match board.parse_move(&engine_move) {
            Ok(mv) => board.play(mv),
            Err(e) => {
                return Played {
                    moves,
                    illegal: Some(format!("`move {engine_move}`: {e}")),
                    over: false,
                };
            }
        }
        moves.push(engine_move);
        let legal = board.legal_moves();
        if legal.is_empty() || moves.len() == PLIES {
            return Played {
                moves,
                illegal: None,
                over: legal.is_empty(),
            };
        }
        let expected = thinking
            .expected_reply()
            .and_then(|token| legal.iter().copied().find(|&mv| board.names(mv, token)));
        let turn = moves.len() / 2;
        let others: Vec<_> = legal
            .iter()
            .copied()
            .filter(|&mv| Some(mv) != expected)
            .collect();
        // A forced reply is a ponder hit whatever the turn.
        let reply = match expected {
            Some(hit) if turn % 2 == 0 || others.is_empty() => hit,
            _ => others[(turn * 7 + 3) % others.len()],
        };
        let text = board.move_text(reply);
        board.play(reply);
        moves.push(text.clone());
        clocks(adapter, own_cs);
        adapter.send(&format!("usermove {text}"));
        turn_started = Instant::now();
    }
    Played {
        moves,
        illegal: None,
        over: false,
    }
}

/// A shell script that runs `arbiter spy` in front of `engine`: uci2wb takes the engine as one
/// program name, without arguments.
fn spy_script(dir: &Path, protocol: &str, report: &Path, engine: &Path) -> PathBuf {
    let quote = |p: &Path| format!("'{}'", p.display().to_string().replace('\'', r"'\''"));
    let script = dir.join("spy.sh");
    let text = format!(
        "#!/bin/sh\nexec {} spy --protocol {protocol} --report {} -- {}\n",
        quote(&arbiter_binary()),
        quote(report),
        quote(engine)
    );
    std::fs::write(&script, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    script
}

/// The spy's report's findings, one side, failures only.
fn failures(report: &Report, side: &str) -> Vec<(String, String, String)> {
    findings(report, side)
        .into_iter()
        .filter(|(_, grade, _)| grade == "fail")
        .collect()
}

/// PolyGlot in front of Stockfish through the spy: a game played, and no failure of the
/// engine's. PolyGlot's own deviations are warnings only (UCI asks, not orders, a GUI to wait
/// for the result after `stop`).
fn polyglot_game(pace: Pace, name: &str) {
    let Some(polyglot) = common::peer_or_skip("polyglot") else {
        return;
    };
    let Some(stockfish) = common::peer_or_skip("stockfish") else {
        return;
    };
    let dir = temp_dir(name);
    let report = dir.join("report.json");
    let quote = |p: &Path| format!("'{}'", p.display());
    let engine = format!(
        "{} spy --protocol uci --report {} -- {}",
        quote(&arbiter_binary()),
        quote(&report),
        quote(&stockfish)
    );
    let mut adapter = Adapter::start(
        &polyglot,
        &["-noini".as_ref(), "-ec".as_ref(), engine.as_ref()],
        &dir,
    );
    let game = play::<ChessPosition>(&mut adapter, None, pace);
    adapter.quit();
    assert!(game.complete(), "{:?} {:?}", game.moves, game.illegal);
    let report: Report = report_at(&report);
    assert_eq!(failures(&report, "engine"), vec![], "{report:#?}");
    assert_eq!(failures(&report, "gui"), vec![], "{report:#?}");
}

/// uci2wb in front of the reference xiangqi engine through the spy: a game played, no
/// failure on the engine's side, and uci2wb's deviations named by their rows: `setoption
/// ponder 0`/`1` for a `check` option, whose values are `true` and `false` (ucci-r25), and,
/// with a fixed time a move, `movetime` in a `go`, which UCCI's `go` does not have (ucci-r61).
///
/// uci2wb 4.1 has a race on a ponder miss (8 of 40 pondering games here): now and
/// then it sends the real `position` and `go` right after `stop`, without waiting for the
/// stopped search's result (ucci-r95), then takes that result for the new search's, relays
/// it to XBoard, and builds its next position on it (illegal there: ucci.gui.position.legal).
/// The judge must blame uci2wb for it, never the engine; the game may end early on the
/// relayed move, and XBoard's `quit` then finds the engine pondering, which uci2wb ends with
/// `stop` and `quit` at once (ucci-r116). Returns uci2wb's failures other than the race's.
fn uci2wb_game(pace: Pace, name: &str) -> Option<Vec<(String, String, String)>> {
    let uci2wb = common::peer_or_skip("uci2wb")?;
    let engine = common::reference_engine("arbiter-xiangqi");
    let dir = temp_dir(name);
    let report = dir.join("report.json");
    let script = spy_script(&dir, "ucci", &report, &engine);
    let mut adapter = Adapter::start(&uci2wb, &["-x".as_ref(), script.as_os_str()], &dir);
    let game = play::<XiangqiPosition>(&mut adapter, Some("xiangqi"), pace);
    adapter.quit();
    let report: Report = report_at(&report);
    assert_eq!(failures(&report, "engine"), vec![], "{report:#?}");
    let mut gui = failures(&report, "gui");
    gui.sort();
    gui.dedup();
    let race = row("ucci.gui.search.idle-only", "ucci-r95");
    if gui.contains(&race) {
        eprintln!(
            "uci2wb did not wait for a stopped search's result; the game ended {}",
            game.illegal.as_deref().unwrap_or("normally")
        );
        gui.retain(|(check, _, _)| {
            !["ucci.gui.search.idle-only", "ucci.gui.position.legal"].contains(&check.as_str())
        });
    } else {
        assert!(game.complete(), "{:?} {:?}", game.moves, game.illegal);
    }
    Some(gui)
}

fn row(check: &str, requirement: &str) -> (String, String, String) {
    (check.to_owned(), "fail".to_owned(), requirement.to_owned())
}

#[test]
fn polyglot_and_stockfish_ponder_through_the_spy() {
    let _cpu = common::processor::share(2);
    polyglot_game(Pace::Ponder, "polyglot-ponder");
}

#[test]
fn polyglot_and_stockfish_play_a_fixed_time_a_move_through_the_spy() {
    let _cpu = common::processor::share(2);
    polyglot_game(Pace::FixedTime, "polyglot-st");
}

#[test]
fn uci2wb_and_the_reference_engine_ponder_through_the_spy() {
    let _cpu = common::processor::share(2);
    if let Some(gui) = uci2wb_game(Pace::Ponder, "uci2wb-ponder") {
        assert_eq!(gui, [row("ucci.gui.setoption.value", "ucci-r25")]);
    }
}

#[test]
fn uci2wb_and_the_reference_engine_play_a_fixed_time_a_move_through_the_spy() {
    let _cpu = common::processor::share(2);
    if let Some(gui) = uci2wb_game(Pace::FixedTime, "uci2wb-st") {
        assert_eq!(
            gui,
            [
                row("ucci.gui.command.grammar", "ucci-r61"),
                row("ucci.gui.setoption.value", "ucci-r25"),
            ]
        );
    }
}
