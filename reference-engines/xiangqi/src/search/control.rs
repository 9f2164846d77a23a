//! What the command thread tells a running search: stop, the ponder hit, a draw offer, and the
//! deadlines. All atomics, so the search reads them without locks and the command thread never
//! waits on the search.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::Thread;
use std::time::{Duration, Instant};

use crate::time::TimePlan;

const NO_DEADLINE: u64 = u64::MAX;

pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    draw_offered: AtomicBool,
    /// When the search started; deadlines are microseconds after it.
    epoch: Instant,
    /// When the clock started: `go`, or `ponderhit` in ponder mode (microseconds after `epoch`).
    clock_start_us: AtomicU64,
    soft_us: AtomicU64,
    hard_us: AtomicU64,
    /// The time plan to apply when the clock starts (at `go`, or at `ponderhit`).
    plan: Option<TimePlan>,
    /// The search thread, to wake it when it waits for `ponderhit` or `stop`.
    waiter: Mutex<Option<Thread>>,
}

impl Control {
    pub fn new(plan: Option<TimePlan>, ponder: bool, draw_offered: bool) -> Control {
        let control = Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            draw_offered: AtomicBool::new(draw_offered),
            epoch: Instant::now(),
            clock_start_us: AtomicU64::new(0),
            soft_us: AtomicU64::new(NO_DEADLINE),
            hard_us: AtomicU64::new(NO_DEADLINE),
            plan,
            waiter: Mutex::new(None),
        };
        if !ponder {
            control.start_clock();
        }
        control
    }

    fn now_us(&self) -> u64 {
        self.epoch.elapsed().as_micros() as u64
    }

    fn start_clock(&self) {
        let now = self.now_us();
        self.clock_start_us.store(now, Ordering::Relaxed);
        if let Some(plan) = self.plan {
            let at = |d: Duration| now.saturating_add(d.as_micros() as u64);
            // A fixed time (UCI `movetime`: "exactly x ms") is spent whole: no iteration is
            // skipped for seeming unlikely to finish before it.
            if plan.soft < plan.hard {
                self.soft_us.store(at(plan.soft), Ordering::Relaxed);
            }
            self.hard_us.store(at(plan.hard), Ordering::Relaxed);
        }
    }

    /// Registers the calling thread as the one to wake on `ponderhit`/`stop`.
    pub fn register_waiter(&self) {
        if let Ok(mut waiter) = self.waiter.lock() {
            *waiter = Some(std::thread::current());
        }
    }

    fn wake(&self) {
        if let Ok(waiter) = self.waiter.lock()
            && let Some(thread) = waiter.as_ref()
        {
            thread.unpark();
        }
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wake();
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&self, draw: bool) {
        if draw {
            self.draw_offered.store(true, Ordering::Relaxed);
        }
        if self.pondering.swap(false, Ordering::Relaxed) {
            self.start_clock();
        }
        self.wake();
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    pub fn draw_offered(&self) -> bool {
        self.draw_offered.load(Ordering::Relaxed)
    }

    pub fn is_timed(&self) -> bool {
        self.plan.is_some()
    }

    /// Whether the search must end now: `stop`, or the hard deadline passed.
    pub fn must_stop(&self) -> bool {
        self.is_stopped() || self.now_us() >= self.hard_us.load(Ordering::Relaxed)
    }

    /// Whether starting another iteration is unwise: more than half the soft budget is gone, and
    /// the next iteration usually costs more than all the previous ones together.
    pub fn next_iteration_unwise(&self) -> bool {
        let soft = self.soft_us.load(Ordering::Relaxed);
        if soft == NO_DEADLINE {
            return false;
        }
        let start = self.clock_start_us.load(Ordering::Relaxed);
        let now = self.now_us();
        now >= start + (soft - start) / 2
    }

    /// Time since the search started, for `info time`.
    pub fn elapsed(&self) -> Duration {
        self.epoch.elapsed()
    }

    /// Blocks the search thread until `ponderhit` or `stop` (or `stop` alone when `infinite`).
    pub fn wait_for_release(&self, infinite: bool) {
        while !self.is_stopped() && (self.is_pondering() || infinite) {
            std::thread::park_timeout(Duration::from_millis(50));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(ms: u64) -> TimePlan {
        TimePlan {
            soft: Duration::from_millis(ms),
            hard: Duration::from_millis(ms),
        }
    }

    #[test]
    fn pondering_has_no_deadline_until_ponderhit() {
        let control = Control::new(Some(plan(0)), true, false);
        assert!(
            !control.must_stop(),
            "the clock does not run while pondering"
        );
        control.ponderhit(true);
        assert!(control.must_stop(), "a zero budget expires at ponderhit");
        assert!(control.draw_offered());
        assert!(!control.is_pondering());
    }

    #[test]
    fn stop_ends_any_search() {
        let control = Control::new(None, false, false);
        assert!(!control.must_stop());
        control.stop();
        assert!(control.must_stop());
        control.wait_for_release(true);
    }
}
