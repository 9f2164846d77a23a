//! A bounded transcript: whatever an engine writes, the session keeps at most a head, a tail,
//! every line the harness sent, and the lines around each finding; the rest is counted and
//! shown as one omission marker.
//!
//! The checks judge every line as it arrives, so leaving lines out of the record never leaves
//! them unjudged. A finding asks the store to keep the lines around it ([`Store::pin`]);
//! recent lines wait in the tail ring long enough for that.

use std::collections::VecDeque;

use super::transcript::{At, CONTEXT_AFTER, CONTEXT_BEFORE, Direction, Entry, Omission};

/// How much of a session's output is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The first lines of a session, kept whole.
    pub head_entries: usize,
    pub head_bytes: usize,
    /// The most recent lines.
    pub tail_entries: usize,
    pub tail_bytes: usize,
    /// Lines kept around findings, beyond head and tail.
    pub pinned_bytes: usize,
}

impl Default for Limits {
    /// A whole exchange of every built-in scenario fits the head many times over; a flood
    /// costs at most about 2 MiB.
    fn default() -> Limits {
        Limits {
            head_entries: 20_000,
            head_bytes: 1024 * 1024,
            tail_entries: 1_000,
            tail_bytes: 256 * 1024,
            pinned_bytes: 512 * 1024,
        }
    }
}

#[derive(Debug)]
pub(super) struct Store {
    limits: Limits,
    /// Head, sent lines and pinned lines, in order.
    kept: Vec<Entry>,
    kept_bytes: usize,
    head_full: bool,
    /// The latest lines not (yet) kept, in order, all after `kept`.
    ring: VecDeque<Entry>,
    ring_bytes: usize,
    /// Ranges of `seq` to keep, as findings asked.
    pins: Vec<(u64, u64)>,
    pinned_bytes: usize,
    /// Lines dropped since the last kept one.
    gap: Option<(At, Omission)>,
}

impl Store {
    pub(super) fn new(limits: Limits) -> Store {
        Store {
            limits,
            kept: Vec::new(),
            kept_bytes: 0,
            head_full: false,
            ring: VecDeque::new(),
            ring_bytes: 0,
            pins: Vec::new(),
            pinned_bytes: 0,
            gap: None,
        }
    }

    pub(super) fn push(&mut self, entry: Entry) {
        if !self.head_full {
            if self.kept.len() < self.limits.head_entries
                && self.kept_bytes + entry.weight() <= self.limits.head_bytes
            {
                self.kept_bytes += entry.weight();
                self.kept.push(entry);
                return;
            }
            self.head_full = true;
        }
        self.ring_bytes += entry.weight();
        self.ring.push_back(entry);
        while self.ring.len() > self.limits.tail_entries.max(CONTEXT_BEFORE + 1)
            || (self.ring_bytes > self.limits.tail_bytes && self.ring.len() > CONTEXT_BEFORE + 1)
        {
            let Some(old) = self.ring.pop_front() else {
                break;
            };
            self.ring_bytes -= old.weight();
            self.retire(old);
        }
    }

    /// Keeps the lines around `seq` (a finding's line), as far as they are still here.
    pub(super) fn pin(&mut self, seq: u64) {
        if self.pinned_bytes >= self.limits.pinned_bytes {
            return;
        }
        let from = seq.saturating_sub(CONTEXT_BEFORE as u64);
        self.pins.push((from, seq + CONTEXT_AFTER as u64));
    }

    fn pinned(&self, seq: u64) -> bool {
        self.pins
            .iter()
            .any(|&(from, to)| (from..=to).contains(&seq))
    }

    /// A line leaves the tail ring: kept if the harness sent it or a finding needs it.
    fn retire(&mut self, entry: Entry) {
        let seq = entry.at.seq;
        let keep = entry.direction == Direction::Sent
            || (self.pinned(seq) && self.pinned_bytes < self.limits.pinned_bytes);
        // Lines retire in order: a pin that ends here can match nothing later.
        self.pins.retain(|&(_, to)| to > seq);
        if keep {
            if entry.direction != Direction::Sent {
                self.pinned_bytes += entry.weight();
            }
            self.close_gap();
            self.kept.push(entry);
        } else {
            let (_, omission) = self.gap.get_or_insert((entry.at, Omission::default()));
            omission.lines += 1;
            omission.bytes += entry.text.len() as u64 + entry.dropped_bytes as u64;
        }
    }

    fn close_gap(&mut self) {
        if let Some((at, omission)) = self.gap.take() {
            self.kept.push(Entry::omission(at, omission));
        }
    }

    /// The lines still here whose `seq` lies in `from..=to`, in order: the lines around a
    /// finding made while the session goes on (an engine kept between a match's games), as
    /// far as they were kept.
    pub(super) fn window(&self, from: u64, to: u64) -> Vec<Entry> {
        self.kept
            .iter()
            .chain(&self.ring)
            .filter(|e| (from..=to).contains(&e.at.seq))
            .cloned()
            .collect()
    }

    /// The transcript's entries: what was kept, an omission for each gap, then the tail.
    pub(super) fn into_entries(mut self) -> Vec<Entry> {
        self.close_gap();
        let mut entries = self.kept;
        entries.extend(self.ring);
        entries
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            head_entries: 3,
            head_bytes: 1 << 20,
            tail_entries: 8,
            tail_bytes: 1 << 20,
            pinned_bytes: 1 << 20,
        }
    }

    fn line(seq: u64) -> Entry {
        Entry::received(At { seq, us: seq }, format!("line {seq}"))
    }

    fn texts(entries: &[Entry]) -> Vec<String> {
        entries.iter().map(|e| e.text.clone()).collect()
    }

    #[test]
    fn a_flood_keeps_head_and_tail_and_counts_the_middle() {
        let mut store = Store::new(limits());
        for seq in 0..100 {
            store.push(line(seq));
        }
        let entries = store.into_entries();
        assert_eq!(entries.len(), 3 + 1 + 8);
        assert_eq!(texts(&entries[..3]), ["line 0", "line 1", "line 2"]);
        assert_eq!(entries[3].direction, Direction::Omitted);
        assert_eq!(entries[3].omitted.unwrap().lines, 100 - 3 - 8);
        assert_eq!(entries[4].text, "line 92");
        assert!(entries.windows(2).all(|w| w[0].at.seq < w[1].at.seq));
    }

    #[test]
    fn a_window_holds_the_lines_still_kept_around_a_point() {
        let mut store = Store::new(limits());
        for seq in 0..30 {
            store.push(line(seq));
        }
        // The head (0-2) and the tail ring (22-29) are still here; 3-21 went by unpinned.
        assert_eq!(texts(&store.window(1, 3)), ["line 1", "line 2"]);
        assert_eq!(
            texts(&store.window(20, 23)),
            ["line 22", "line 23"],
            "lines that left the ring unpinned are gone"
        );
        assert!(store.window(40, 50).is_empty());
    }

    #[test]
    fn sent_lines_and_the_lines_around_a_finding_survive_the_flood() {
        let mut store = Store::new(limits());
        for seq in 0..100 {
            if seq == 40 {
                store.push(Entry::sent(At { seq, us: seq }, "isready"));
            } else {
                store.push(line(seq));
            }
            if seq == 60 {
                store.pin(60);
            }
        }
        let entries = store.into_entries();
        let kept: Vec<u64> = entries
            .iter()
            .filter(|e| e.direction != Direction::Omitted)
            .map(|e| e.at.seq)
            .collect();
        assert!(kept.contains(&40));
        for seq in 55..=62 {
            assert!(kept.contains(&seq), "{seq} kept: {kept:?}");
        }
        let omitted: u64 = entries
            .iter()
            .filter_map(|e| e.omitted)
            .map(|o| o.lines)
            .sum();
        assert_eq!(omitted as usize + kept.len(), 100);
    }
}
