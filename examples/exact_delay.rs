//! A minimal UCCI engine that answers `isready` after an exact delay, for measuring how
//! accurately Arbiter stamps a reply: `exact_delay MICROSECONDS`.
//!
//! `ucci` → `ucciok`, `isready` → `readyok` exactly the given time after the command was read
//! (a sleep to within a millisecond of it, then a spin to the microsecond), `quit` → `bye`.
//! Anything else is ignored.

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
        let reply = match line.trim() {
            "ucci" => "ucciok",
            "isready" => {
                wait_until(read_at + delay);
                "readyok"
            }
            "quit" => "bye",
            _ => continue,
        };
        if writeln!(stdout, "{reply}")
            .and_then(|()| stdout.flush())
            .is_err()
            || reply == "bye"
        {
            break;
        }
    }
}

/// Sleeps until a millisecond before `deadline`, then spins: a sleep alone overshoots by the
/// scheduler's wake-up delay.
fn wait_until(deadline: Instant) {
    if let Some(long) = deadline
        .checked_duration_since(Instant::now())
        .and_then(|left| left.checked_sub(Duration::from_millis(1)))
    {
        std::thread::sleep(long);
    }
    while Instant::now() < deadline {
        std::hint::spin_loop();
    }
}
