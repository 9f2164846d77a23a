//! The harness's own lateness: how late its timers fire on this machine, right now.
//!
//! A reply stamped 1,007.8 ms after its command against a 1,000 ms bound may be the engine's
//! lateness or the harness's: on a loaded machine (a load average of 6 to 12 on 2 cores was
//! seen) the harness's reader thread wakes late too, and the stamp carries its delay. A
//! watcher thread sleeps a short tick again and again and keeps how much later than asked it
//! woke, over the last minute; a bound is never failed by less than the worst of that during
//! the run, and the finding says the margin.

use std::collections::VecDeque;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How often the watcher wakes: short enough to see a busy machine, long enough to cost
/// nothing (a wake-up every 5 ms is a few microseconds of processor time each).
const TICK: Duration = Duration::from_millis(5);
/// How long a delay is remembered: longer than any one scenario's wait.
const MEMORY: Duration = Duration::from_secs(120);

struct Watch {
    /// (when the watcher woke, how late it was), oldest first; only wake-ups later than a
    /// millisecond are kept, so an idle machine keeps an empty list.
    late: Mutex<VecDeque<(Instant, Duration)>>,
}

fn watch() -> &'static Watch {
    static WATCH: OnceLock<&'static Watch> = OnceLock::new();
    WATCH.get_or_init(|| {
        let watch: &'static Watch = Box::leak(Box::new(Watch {
            late: Mutex::new(VecDeque::new()),
        }));
        let spawned = std::thread::Builder::new()
            .name("arbiter-lateness".to_owned())
            .spawn(move || {
                loop {
                    let asked = Instant::now() + TICK;
                    std::thread::sleep(TICK);
                    let woke = Instant::now();
                    let late = woke.saturating_duration_since(asked);
                    if late > Duration::from_millis(1) {
                        let mut list = watch.late.lock().unwrap_or_else(|e| e.into_inner());
                        list.push_back((woke, late));
                        while list.front().is_some_and(|(at, _)| woke - *at > MEMORY) {
                            list.pop_front();
                        }
                    }
                }
            });
        // Without the watcher the harness measures no delay of its own, and every bound is
        // applied as written, as before.
        drop(spawned);
        watch
    })
}

/// Starts watching, if nothing has yet: a run calls it as it starts, so the delay of its
/// whole course is seen.
pub(crate) fn start() {
    watch();
}

/// The worst delay the harness's own timers showed since `since`: zero on a machine that kept
/// up (a millisecond or less is not counted).
pub(crate) fn worst_since(since: Instant) -> Duration {
    let list = watch().late.lock().unwrap_or_else(|e| e.into_inner());
    list.iter()
        .filter(|(at, _)| *at >= since)
        .map(|(_, late)| *late)
        .max()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delay_counts_from_when_it_was_seen_and_not_before() {
        start();
        let since = Instant::now();
        // A delay recorded by hand, as the watcher records one: reported to a run that began
        // before it, not to one that begins after it.
        {
            let mut list = watch().late.lock().unwrap();
            list.push_back((Instant::now(), Duration::from_millis(40)));
        }
        assert!(worst_since(since) >= Duration::from_millis(40));
        assert_eq!(
            worst_since(Instant::now() + Duration::from_secs(1)),
            Duration::ZERO
        );
    }
}
