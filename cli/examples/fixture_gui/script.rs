//! Playing a script: write lines, wait for replies (each wait with a deadline), pause.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// How long the fixture waits for any one reply.
const REPLY_WAIT: Duration = Duration::from_secs(10);
/// How long the fixture lets an engine take to exit before it kills it, as managers do
/// (gomocup-r94 lets a manager kill a brain that has not ended about a second after END;
/// three seconds leave a loaded machine room).
const EXIT_WAIT: Duration = Duration::from_secs(3);

#[derive(Debug, Clone)]
pub enum Step {
    /// Write a line and its LF.
    Send(String),
    /// Write bytes as they are (a line without its end).
    Raw(String),
    /// Write the line only if the engine offered the option named (an `option` line holding
    /// `name NAME ` was read), as a GUI that reads the engine's options does.
    IfOffered(&'static str, String),
    /// Write a `setoption` for every option the engine offered, each to its default (a
    /// button with no value), as a GUI that applies every setting it shows does.
    SetEveryOffered,
    /// Write the line with `{best}` replaced by the move of the engine's last `bestmove`, as
    /// a GUI plays its engine's answer (nothing is written when no `bestmove` came yet).
    SendBest(String),
    /// Read lines until one starts with this; give up after the deadline.
    Expect(&'static str),
    /// Read lines until a Gomocup move (`x,y`); give up after the deadline.
    ExpectPoint,
    /// Wait.
    Pause(u64),
    /// Stop reading the engine's output for this long (after the line being read), and go
    /// on with the script meanwhile: a GUI that does not read while the engine searches.
    PauseReading(u64),
    /// Close the engine's input, then wait for it to exit (kill it after the deadline).
    Close,
    /// Wait for the engine to exit by itself (kill it after the deadline), then close.
    AwaitExit,
    /// Send the engine SIGHUP with its input still open, then wait for it to go: what a
    /// manager's exit does to the brains it left running (GomocupJudgeLocal after a game it
    /// ended without `END`).
    Hangup,
    /// Gomocup: `INFO time_left` of a match of this many milliseconds, less the brain's time
    /// on turn so far (from each move request written to the move read, as a manager keeps
    /// it, gomocup-r82) and whatever `ChargedPause`s added.
    TimeLeft(i64),
    /// Wait, and charge the wait to the brain's match time: a manager counting the
    /// opponent's turn against the brain.
    ChargedPause(u64),
}

/// Whether a line asks a Gomocup brain for its move: its turn starts.
fn asks_move(line: &str) -> bool {
    ["BEGIN", "TURN ", "DONE"]
        .iter()
        .any(|w| line.starts_with(w))
}

impl Step {
    /// Whether a line is the reply this step waits for.
    fn matches(&self, line: &str) -> bool {
        match self {
            Step::Expect(prefix) => line.starts_with(prefix),
            Step::ExpectPoint => line.split_once(',').is_some_and(|(x, y)| {
                [x, y]
                    .iter()
                    .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            }),
            _ => false,
        }
    }
}

pub struct Script {
    pub steps: Vec<Step>,
    /// The line end written after each line (Gomocup managers write CR LF).
    pub ending: &'static str,
}

pub fn send(line: impl Into<String>) -> Step {
    Step::Send(line.into())
}

/// Runs the script against the engine; the exit status of the fixture.
pub fn play(script: &Script, engine: &[String]) -> i32 {
    let mut child = match Command::new(&engine[0])
        .args(&engine[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => {
            eprintln!("cannot start {}: {e}", engine[0]);
            return 2;
        }
    };
    let mut input = child.stdin.take();
    let output = child.stdout.take().expect("piped");
    let (lines, received) = mpsc::channel();
    // Until when the reader reads nothing more (`PauseReading`).
    let paused: Arc<Mutex<Option<Instant>>> = Arc::default();
    let reader_paused = Arc::clone(&paused);
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            let Ok(line) = line else { break };
            if lines.send(line).is_err() {
                break;
            }
            let until = reader_paused.lock().ok().and_then(|mut p| p.take());
            if let Some(until) = until {
                std::thread::sleep(until.saturating_duration_since(Instant::now()));
            }
        }
    });
    let mut status = 0;
    let mut offered: Vec<String> = Vec::new();
    let mut best: Option<String> = None;
    // The brain's match time used (ms) and when its current turn started.
    let mut used_ms: i64 = 0;
    let mut turn_from: Option<Instant> = None;
    for step in &script.steps {
        let answered;
        let step = match step {
            Step::SendBest(template) => match &best {
                Some(mv) => {
                    answered = Step::Send(template.replace("{best}", mv));
                    &answered
                }
                None => continue,
            },
            other => other,
        };
        match step {
            Step::IfOffered(option, _)
                if !offered
                    .iter()
                    .any(|o| o.contains(&format!("name {option} "))) => {}
            Step::Send(_) | Step::Raw(_) | Step::IfOffered(..) | Step::TimeLeft(_) => {
                let time_left;
                let line = match step {
                    Step::Send(line) | Step::Raw(line) | Step::IfOffered(_, line) => line,
                    _ => {
                        let budget = if let Step::TimeLeft(budget) = step {
                            *budget
                        } else {
                            0
                        };
                        time_left = format!("INFO time_left {}", budget - used_ms);
                        &time_left
                    }
                };
                let ending = if !matches!(step, Step::Raw(_)) {
                    script.ending
                } else {
                    ""
                };
                if asks_move(line) {
                    turn_from = Some(Instant::now());
                }
                if let Some(pipe) = input.as_mut()
                    && pipe
                        .write_all(format!("{line}{ending}").as_bytes())
                        .and_then(|()| pipe.flush())
                        .is_err()
                {
                    eprintln!("the engine closed its input before `{line}`");
                    status = 1;
                    break;
                }
            }
            Step::Expect(_) | Step::ExpectPoint => {
                let deadline = Instant::now() + REPLY_WAIT;
                loop {
                    let left = deadline.saturating_duration_since(Instant::now());
                    match received.recv_timeout(left) {
                        Ok(line) if step.matches(line.trim_end()) => {
                            best = bestmove(&line).or(best);
                            if matches!(step, Step::ExpectPoint)
                                && let Some(from) = turn_from.take()
                            {
                                used_ms += from.elapsed().as_millis() as i64;
                            }
                            break;
                        }
                        Ok(line) => {
                            if line.starts_with("option ") {
                                offered.push(line);
                            }
                        }
                        Err(_) => {
                            eprintln!("no {step:?} within {REPLY_WAIT:?}");
                            status = 1;
                            break;
                        }
                    }
                }
                if status != 0 {
                    break;
                }
            }
            Step::SetEveryOffered => {
                for option in &offered {
                    let line = set_to_default(option);
                    if let Some(pipe) = input.as_mut()
                        && pipe
                            .write_all(format!("{line}{}", script.ending).as_bytes())
                            .and_then(|()| pipe.flush())
                            .is_err()
                    {
                        eprintln!("the engine closed its input before `{line}`");
                        status = 1;
                        break;
                    }
                }
            }
            Step::SendBest(_) => {}
            Step::Pause(ms) => std::thread::sleep(Duration::from_millis(*ms)),
            Step::PauseReading(ms) => {
                if let Ok(mut until) = paused.lock() {
                    *until = Some(Instant::now() + Duration::from_millis(*ms));
                }
            }
            Step::ChargedPause(ms) => {
                std::thread::sleep(Duration::from_millis(*ms));
                used_ms += *ms as i64;
            }
            Step::AwaitExit => {
                exited_within(&mut child, EXIT_WAIT);
                input = None;
            }
            Step::Hangup => {
                // `kill` the command: the fixture holds no unsafe code for a signal.
                let _ = Command::new("kill")
                    .args(["-HUP", &child.id().to_string()])
                    .status();
                exited_within(&mut child, EXIT_WAIT);
            }
            Step::Close => {
                input = None;
                if !exited_within(&mut child, EXIT_WAIT) {
                    let _ = child.kill();
                    let _ = child.wait();
                }
            }
        }
    }
    drop(input);
    if !exited_within(&mut child, EXIT_WAIT) {
        let _ = child.kill();
        let _ = child.wait();
    }
    status
}

/// `setoption name N [value D]` for an `option name N type T [default D] …` line: the words
/// between `name` and `type`, and those after `default` up to the next keyword.
fn set_to_default(option: &str) -> String {
    let words: Vec<&str> = option.split_whitespace().collect();
    let find = |word: &str| words.iter().position(|w| *w == word);
    let name = match (find("name"), find("type")) {
        (Some(n), Some(t)) if n < t => words[n + 1..t].join(" "),
        _ => String::new(),
    };
    let default = find("default").map(|d| {
        words[d + 1..]
            .iter()
            .take_while(|w| !["min", "max", "var", "type"].contains(w))
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    });
    match default {
        Some(value) => format!("setoption name {name} value {value}"),
        None => format!("setoption name {name}"),
    }
}

/// The move of a `bestmove` line.
fn bestmove(line: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    // AGI writes `BESTMOVE` (any case is the same keyword there, agi-r31).
    (words
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("bestmove")))
    .then(|| words.next().map(str::to_owned))
    .flatten()
}

/// Waits until the engine has exited, `wait` at most; whether it did.
fn exited_within(child: &mut std::process::Child, wait: Duration) -> bool {
    let deadline = Instant::now() + wait;
    loop {
        if let Ok(Some(_)) = child.try_wait() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}
