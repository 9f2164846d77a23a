//! A minimal UCCI engine that answers `isready` after an exact delay, for measuring how
//! accurately Arbiter stamps a reply: `exact_delay MICROSECONDS`.
//!
//! `ucci` → `ucciok`, `isready` → `readyok` exactly the given time after the command was read
//! (a sleep to within two milliseconds of it, then a spin to the microsecond), followed by
//! `info string delay_us N`: the time it really took from reading the command to writing the
//! reply, which a loaded machine can stretch past the set delay. `quit` → `bye`. Anything else
//! is ignored.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

fn main() {
    let delay = std::env::args()
        .nth(1)
        .and_then(|us| us.parse().ok())
        .map(Duration::from_micros)
        .unwrap_or(Duration::from_millis(20));
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let read_at = Instant::now();
        let written = match line.trim() {
            "ucci" => writeln!(stdout, "ucciok").and_then(|()| stdout.flush()),
            "isready" => {
                wait_until(read_at + delay);
                let wrote_at = Instant::now();
                writeln!(stdout, "readyok")
                    .and_then(|()| stdout.flush())
                    .and_then(|()| {
                        let took = wrote_at.duration_since(read_at).as_micros();
                        writeln!(stdout, "info string delay_us {took}")
                    })
                    .and_then(|()| stdout.flush())
            }
            "quit" => {
                let _ = writeln!(stdout, "bye").and_then(|()| stdout.flush());
                break;
            }
            _ => continue,
        };
        if written.is_err() {
            break;
        }
    }
}

/// Sleeps until two milliseconds before `deadline`, then spins: a sleep alone overshoots by the
/// scheduler's wake-up delay.
fn wait_until(deadline: Instant) {
    if let Some(long) = deadline
        .checked_duration_since(Instant::now())
        .and_then(|left| left.checked_sub(Duration::from_millis(2)))
    {
        std::thread::sleep(long);
    }
    while Instant::now() < deadline {
        std::hint::spin_loop();
    }
}
