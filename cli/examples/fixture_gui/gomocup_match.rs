//! `fixture_gui gomocupmatch [FAULT] -- BRAIN_A … --vs BRAIN_B …`: a Gomocup manager playing one
//! match between two brains, as a tournament manager does, for the test that joins the two
//! brains' spy reports (`arbiter report join`). Two games: the first opened by `BEGIN` to
//! brain A (brain B learns each move by `TURN`); the second, after `RESTART`, with an
//! automatic opening, a `BOARD` to both (brain B's holding brain A's reply). Each brain makes
//! three moves a game, then `END` to both. Each FAULT breaks one row only the two seats
//! together show:
//!
//! * `turn-not-relayed`: brain B's second `TURN` names the point of brain A's move with its
//!   coordinates swapped (gomocup-r45);
//! * `opening-for-one`: in the second game brain A is given the opening by `BOARD` while brain
//!   B is told `BEGIN` (gomocup-r46).

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use crate::engine_process::EngineProcess;

/// How long the manager waits for a brain's answer.
const REPLY_WAIT: Duration = Duration::from_secs(10);
/// Moves each brain makes in a game.
const MOVES: usize = 3;
/// The second game's automatic opening: black, white, black, as brain A (white, to move)
/// sees it — field 2 its opponent's stones, 1 its own.
const OPENING: [(&str, u8); 3] = [("7,7", 2), ("8,8", 1), ("6,8", 2)];

struct Brain {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Brain {
    fn start(command: &[String]) -> Option<Brain> {
        let EngineProcess {
            child,
            input,
            lines,
        } = EngineProcess::start(command)?;
        Some(Brain {
            child,
            input: Some(input),
            lines,
        })
    }

    /// Writes a line with the CR LF a manager ends its lines with.
    fn send(&mut self, line: &str) {
        if let Some(input) = &mut self.input {
            let _ = write!(input, "{line}\r\n");
            let _ = input.flush();
        }
    }

    /// The next line that `wanted` accepts, within the wait.
    fn expect(&mut self, wanted: impl Fn(&str) -> bool) -> Option<String> {
        let deadline = Instant::now() + REPLY_WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).ok()?;
            let line = line.trim_end().to_owned();
            if wanted(&line) {
                return Some(line);
            }
        }
    }

    /// The brain's move: its next `x,y` line.
    fn point(&mut self) -> Option<String> {
        self.expect(|l| {
            l.split_once(',').is_some_and(|(x, y)| {
                [x, y]
                    .iter()
                    .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
        })
    }

    /// `END`, then the brain's exit, its input left open until then (gomocup-r94: killed
    /// after a few seconds, as a manager may).
    fn end(mut self) {
        self.send("END");
        let deadline = Instant::now() + Duration::from_secs(3);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.input = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `x,y` with the coordinates swapped.
fn swapped(point: &str) -> String {
    match point.split_once(',') {
        Some((x, y)) => format!("{y},{x}"),
        None => point.to_owned(),
    }
}

/// Plays the match; the fixture's exit status.
pub fn play(fault: &str, a: &[String], b: &[String]) -> i32 {
    if !["none", "turn-not-relayed", "opening-for-one"].contains(&fault) {
        eprintln!("unknown fault `{fault}` for gomocupmatch");
        return 2;
    }
    let (Some(mut a), Some(mut b)) = (Brain::start(a), Brain::start(b)) else {
        eprintln!("cannot start the brains");
        return 2;
    };
    match game(fault, &mut a, &mut b) {
        Some(()) => {
            a.end();
            b.end();
            0
        }
        None => {
            eprintln!("a brain did not answer in time");
            a.end();
            b.end();
            1
        }
    }
}

fn game(fault: &str, a: &mut Brain, b: &mut Brain) -> Option<()> {
    for brain in [&mut *a, &mut *b] {
        brain.send("START 15");
        brain.expect(|l| l == "OK")?;
        brain.send("INFO timeout_turn 300");
    }
    // Game 1: brain A opens with BEGIN; each move reaches the other brain by TURN.
    a.send("BEGIN");
    let mut last = a.point()?;
    for n in 0..MOVES {
        let told = if fault == "turn-not-relayed" && n == 1 {
            swapped(&last)
        } else {
            last.clone()
        };
        b.send(&format!("TURN {told}"));
        last = b.point()?;
        if n + 1 < MOVES {
            a.send(&format!("TURN {last}"));
            last = a.point()?;
        }
    }
    for brain in [&mut *a, &mut *b] {
        brain.send("RESTART");
        brain.expect(|l| l == "OK")?;
    }
    // Game 2: an automatic opening, a BOARD to both; brain A (white) moves first, and brain
    // B's BOARD holds the opening and A's reply.
    a.send("BOARD");
    for (point, field) in OPENING {
        a.send(&format!("{point},{field}"));
    }
    a.send("DONE");
    let mut last = a.point()?;
    if fault == "opening-for-one" {
        // Brain B opens a game of its own on the empty board: the two boards differ, so
        // the game goes no further.
        b.send("BEGIN");
        b.point()?;
        return Some(());
    } else {
        b.send("BOARD");
        for (point, field) in OPENING {
            b.send(&format!("{point},{}", 3 - field));
        }
        b.send(&format!("{last},2"));
        b.send("DONE");
    }
    last = b.point()?;
    for _ in 1..MOVES {
        a.send(&format!("TURN {last}"));
        last = a.point()?;
        b.send(&format!("TURN {last}"));
        last = b.point()?;
    }
    Some(())
}
