//! `fixture_gui uccileag -- ENGINE`: a game as the computer-xiangqi league's simulator plays
//! it (xqbase/eleeye's `LEAGUE/uccileag.cpp`, the GUI the league minimum was written for),
//! for CI machines that cannot build it. Two processes of ENGINE, red and black, as the
//! simulator starts one per side; each hears, in the simulator's words and order:
//!
//! * `ucci`, then up to 10 s for `ucciok`, noting whether it offered `usemillisec`;
//! * `setoption promotion false`, `setoption ponder false`, `setoption newgame` (sent whether
//!   offered or not), then `setoption usemillisec true` if offered;
//! * before each of its moves `position fen <FEN> - - 0 1 moves …`: the position after the last
//!   capture (the start position before one), its counters dropped, then the moves since, as
//!   the text recommends (ucci-r14); then `go time T increment I opptime T oppincrement I`,
//!   the clocks in milliseconds under millisecond mode, else in seconds;
//! * `quit` at the end, waiting up to 1 s for `bye`.
//!
//! It reads `nobestmove` as a resignation, as the simulator does. `banmoves` is left out: the
//! simulator sends it only when a move would repeat a perpetual check, which a short game
//! from the start position never reaches.

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use arbiter_rules::xiangqi::Position;

use crate::engine_process::EngineProcess;

/// The start position as the simulator writes it: the board and side, counters dropped.
const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
/// Plies the fixture plays: enough for every command to come several times.
const PLIES: usize = 8;
/// Each side's clock, in milliseconds: a minute of the league's standard CPU time at 100 ms.
const CLOCK_MS: u64 = 6000;

struct Side {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    millisec: bool,
}

impl Side {
    fn start(engine: &[String]) -> Option<Side> {
        let EngineProcess {
            child,
            input,
            lines,
        } = EngineProcess::start(engine)?;
        Some(Side {
            child,
            input,
            lines,
            millisec: false,
        })
    }

    fn send(&mut self, line: &str) {
        let _ = writeln!(self.input, "{line}");
        let _ = self.input.flush();
    }

    /// The first line starting with one of `prefixes`, within `wait`; every line read on
    /// the way is seen by `seen`.
    fn expect(
        &mut self,
        prefixes: &[&str],
        wait: Duration,
        mut seen: impl FnMut(&str),
    ) -> Option<String> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).ok()?;
            seen(&line);
            if prefixes.iter().any(|p| line.starts_with(p)) {
                return Some(line);
            }
        }
    }

    fn handshake(&mut self) -> bool {
        self.send("ucci");
        let mut millisec = false;
        let ok = self
            .expect(&["ucciok"], Duration::from_secs(10), |line| {
                millisec |= line.starts_with("option usemillisec ");
            })
            .is_some();
        self.millisec = millisec;
        self.send("setoption promotion false");
        self.send("setoption ponder false");
        self.send("setoption newgame");
        if self.millisec {
            self.send("setoption usemillisec true");
        }
        ok
    }

    fn quit(mut self) {
        self.send("quit");
        let _ = self.expect(&["bye"], Duration::from_secs(1), |_| {});
        drop(self.input);
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Plays the game; the fixture's exit status (0: the game ran; 1: an engine did not answer).
pub fn play(engine: &[String]) -> i32 {
    let (Some(mut red), Some(mut black)) = (Side::start(engine), Side::start(engine)) else {
        eprintln!("cannot start `{}`", engine[0]);
        return 1;
    };
    let mut status = i32::from(!(red.handshake() & black.handshake()));
    // The position after the last capture, as the simulator keeps it, and the moves since.
    let mut irreversible = START.to_owned();
    let mut moves: Vec<String> = Vec::new();
    let mut clocks = [CLOCK_MS, CLOCK_MS];
    for ply in 0..PLIES {
        if status != 0 {
            break;
        }
        let turn = ply % 2;
        let side = if turn == 0 { &mut red } else { &mut black };
        let mut position = format!("position fen {irreversible} - - 0 1");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        side.send(&position);
        let (own, opp) = (clocks[turn], clocks[1 - turn]);
        let unit = if side.millisec { 1 } else { 1000 };
        side.send(&format!(
            "go time {} increment 0 opptime {} oppincrement 0",
            own / unit,
            opp / unit
        ));
        let asked = Instant::now();
        let reply = side.expect(
            &["bestmove", "nobestmove"],
            Duration::from_millis(own + 2000),
            |_| {},
        );
        clocks[turn] = own.saturating_sub(asked.elapsed().as_millis() as u64);
        match reply.as_deref().and_then(|r| r.strip_prefix("bestmove ")) {
            Some(rest) => {
                let mv = rest.split_whitespace().next().unwrap_or("");
                match play_move(&irreversible, &moves, mv) {
                    Some(Played::Capture(fen)) => {
                        irreversible = fen;
                        moves.clear();
                    }
                    Some(Played::Quiet) => moves.push(mv.to_owned()),
                    // An illegal move ends the game, as the simulator's referee rules it.
                    None => break,
                }
            }
            // `nobestmove` resigns; no reply at all is a loss on time.
            None if reply.is_some() => break,
            None => status = 1,
        }
    }
    red.quit();
    black.quit();
    status
}

enum Played {
    /// A capture: the new irreversible position, board and side only.
    Capture(String),
    Quiet,
}

/// Plays `mv` after `moves` from `fen`; `None` when a move is illegal.
fn play_move(fen: &str, moves: &[String], mv: &str) -> Option<Played> {
    let mut position = Position::from_fen(&format!("{fen} - - 0 1")).ok()?;
    for earlier in moves {
        let m = position.parse_move(earlier).ok()?;
        position.make(m);
    }
    let m = position.parse_move(mv).ok()?;
    if !position.legal_moves().as_slice().contains(&m) {
        return None;
    }
    let captures = position.piece_at(m.to).is_some();
    position.make(m);
    if !captures {
        return Some(Played::Quiet);
    }
    let after = position.fen();
    let board_and_side: Vec<&str> = after.split_whitespace().take(2).collect();
    Some(Played::Capture(board_and_side.join(" ")))
}
