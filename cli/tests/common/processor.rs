//! Shares of the processor for the tests that load it.
//!
//! The integration tests run as one binary with many threads (`.cargo/config.toml`), because
//! most of them wait on engines far more than they compute. A few keep engines searching, and
//! every engine Arbiter judges must answer within its bounds: too many searching at once on a
//! two-core machine stretch a conforming engine's replies into false findings. So a test that
//! runs searching engines first takes one share per engine it runs at once, out of two per core;
//! a test that fills the machine (`--jobs 4`, a tournament, a flood) takes the whole processor.
//! Tests that only wait take nothing and overlap with everything.

use std::sync::{Condvar, LazyLock, Mutex, MutexGuard};

/// Shares not taken, and the queue of tests waiting for theirs. Tests are served in the order
/// they asked, so a test that needs the whole processor is not passed over for ever by smaller
/// ones.
struct Ledger {
    free: usize,
    next_ticket: u64,
    serving: u64,
}

static LEDGER: LazyLock<Mutex<Ledger>> = LazyLock::new(|| {
    Mutex::new(Ledger {
        free: capacity(),
        next_ticket: 0,
        serving: 0,
    })
});
static CHANGED: Condvar = Condvar::new();

/// Searching engines a core runs at once without stretching each other's replies: a search
/// alternates with its reads and writes, so two per core keep it busy without queueing.
const ENGINES_PER_CORE: usize = 2;

fn capacity() -> usize {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    cores * ENGINES_PER_CORE
}

fn ledger() -> MutexGuard<'static, Ledger> {
    LEDGER
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Shares held until dropped.
#[must_use = "the shares go back when this is dropped"]
pub struct Shares(usize);

/// Waits for its turn and until `engines` shares are free (all of them if there are fewer),
/// and takes them.
pub fn share(engines: usize) -> Shares {
    let wanted = engines.min(capacity());
    let mut ledger = ledger();
    let ticket = ledger.next_ticket;
    ledger.next_ticket += 1;
    loop {
        if ledger.serving == ticket && ledger.free >= wanted {
            ledger.free -= wanted;
            ledger.serving += 1;
            CHANGED.notify_all();
            return Shares(wanted);
        }
        ledger = CHANGED
            .wait(ledger)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
    }
}

/// The whole processor, for a test that fills it.
pub fn whole() -> Shares {
    share(capacity())
}

impl Drop for Shares {
    fn drop(&mut self) {
        ledger().free += self.0;
        CHANGED.notify_all();
    }
}
