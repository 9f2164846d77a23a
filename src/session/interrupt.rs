//! Signals to the harness (SIGINT from a terminal, SIGTERM or SIGHUP from a CI runner or
//! `timeout`): the run stops waiting, kills and reaps its engines, and still writes its report.
//!
//! The handler only records which signal came; every wait in the session looks at the record
//! at least every 50 ms. A second signal of the same kind takes its default action, so a user
//! who presses Ctrl-C twice is never kept waiting.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// The signals that end a run.
const HANDLED: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

fn flag() -> &'static Arc<AtomicUsize> {
    static FLAG: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicUsize::new(0)))
}

/// Installs the handlers (once; later calls do nothing). Returns an error only if the
/// operating system refuses them.
pub fn install() -> std::io::Result<()> {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    if INSTALLED.get().is_some() {
        return Ok(());
    }
    let flag = flag();
    for signal in HANDLED {
        // A second signal while the first is being handled: the default action (exit at once).
        let again = Arc::new(std::sync::atomic::AtomicBool::new(false));
        signal_hook::flag::register_conditional_default(signal, Arc::clone(&again))?;
        signal_hook::flag::register(signal, again)?;
        signal_hook::flag::register_usize(signal, Arc::clone(flag), signal as usize)?;
    }
    let _ = INSTALLED.set(());
    Ok(())
}

/// The signal that interrupted the run, if one did.
pub fn raised() -> Option<i32> {
    match flag().load(Ordering::Relaxed) {
        0 => None,
        signal => Some(signal as i32),
    }
}

/// The exit status of a run a signal ended: 128 + the signal number, as shells report it.
pub fn exit_status(signal: i32) -> u8 {
    (128 + signal).clamp(0, 255) as u8
}
