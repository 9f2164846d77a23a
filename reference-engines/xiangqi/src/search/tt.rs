//! The transposition table: what earlier searches learnt about positions, keyed by Zobrist hash.
//!
//! Each slot is two atomic words, `key ^ data` and `data`, so that the table can be shared by the
//! search thread and the command thread (`probe` answers while thinking) without locks: a slot torn
//! by a concurrent write fails the key check and reads as empty.

use std::sync::atomic::{AtomicU64, Ordering};

use arbiter_rules::xiangqi::{Move, Square};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The search failed low: the true value is at most the score.
    Upper,
    /// The search failed high: the true value is at least the score.
    Lower,
    Exact,
}

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// Bytes per slot, to turn a size in MB into a slot count.
const SLOT_BYTES: usize = 16;

pub struct Tt {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

/// Why the table could not be given the requested size.
#[derive(Debug, thiserror::Error)]
#[error("cannot allocate a {mb} MB hash table; keeping the current one")]
pub struct AllocError {
    pub mb: usize,
}

impl Tt {
    /// A table of at most `mb` megabytes (a power of two of slots, at least 1024 slots).
    pub fn new(mb: usize) -> Result<Tt, AllocError> {
        let wanted = (mb.saturating_mul(1 << 20) / SLOT_BYTES).max(1024);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(count)
            .map_err(|_| AllocError { mb })?;
        slots.resize_with(count, || [AtomicU64::new(0), AtomicU64::new(0)]);
        Ok(Tt {
            slots,
            mask: count - 1,
        })
    }

    pub fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }

    /// How full the table is, in permille, from its first 1,000 slots (what UCI's `hashfull`
    /// reports; sampling keeps it cheap enough for every iteration).
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|slot| slot[1].load(Ordering::Relaxed) != 0)
            .count();
        (used * 1000 / sample) as u32
    }

    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let slot = &self.slots[hash as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        let check = slot[0].load(Ordering::Relaxed);
        if data == 0 || check ^ data != hash {
            return None;
        }
        unpack(data)
    }

    /// Stores a result, replacing the slot's entry unless that one is for another position and
    /// was searched clearly deeper (deep results are expensive to redo).
    pub fn store(&self, hash: u64, entry: Entry) {
        let slot = &self.slots[hash as usize & self.mask];
        let old_data = slot[1].load(Ordering::Relaxed);
        let old_hash = slot[0].load(Ordering::Relaxed) ^ old_data;
        if old_data != 0
            && old_hash != hash
            && let Some(old) = unpack(old_data)
            && old.depth > entry.depth + 2
            && entry.bound != Bound::Exact
        {
            return;
        }
        // Keep the old best move when the new result has none for the same position.
        let mut entry = entry;
        if entry.mv.is_none() && old_hash == hash {
            entry.mv = unpack(old_data).and_then(|old| old.mv);
        }
        let data = pack(entry);
        slot[0].store(hash ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

// Layout of `data`: bits 0..7 from + 1 (0 = no move), 7..14 to, 14..30 score + 32768,
// 30..38 depth + 128, 38..40 bound + 1 (so a valid entry is never 0).
fn pack(entry: Entry) -> u64 {
    let (from, to) = entry.mv.map_or((0, 0), |mv| {
        (mv.from.index() as u64 + 1, mv.to.index() as u64)
    });
    let score = (entry.score.clamp(-32768, 32767) + 32768) as u64;
    let depth = (entry.depth.clamp(-128, 127) + 128) as u64;
    let bound = match entry.bound {
        Bound::Upper => 1,
        Bound::Lower => 2,
        Bound::Exact => 3,
    };
    from | to << 7 | score << 14 | depth << 30 | bound << 38
}

fn unpack(data: u64) -> Option<Entry> {
    let from = (data & 0x7f) as usize;
    let to = ((data >> 7) & 0x7f) as usize;
    let mv = if from == 0 {
        None
    } else {
        Some(Move::new(
            Square::from_index(from - 1)?,
            Square::from_index(to)?,
        ))
    };
    let bound = match (data >> 38) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(Entry {
        mv,
        score: ((data >> 14) & 0xffff) as i32 - 32768,
        depth: ((data >> 30) & 0xff) as i32 - 128,
        bound,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).unwrap()
    }

    #[test]
    fn stores_and_finds_an_entry_exactly() {
        let tt = Tt::new(1).unwrap();
        let entry = Entry {
            mv: Some(mv("i9h9")),
            score: -29_990,
            depth: 17,
            bound: Bound::Lower,
        };
        tt.store(0xdead_beef_1234, entry);
        assert_eq!(tt.probe(0xdead_beef_1234), Some(entry));
        assert_eq!(tt.probe(0xdead_beef_1235), None);
        tt.clear();
        assert_eq!(tt.probe(0xdead_beef_1234), None);
    }

    #[test]
    fn keeps_the_move_when_a_new_result_has_none() {
        let tt = Tt::new(1).unwrap();
        let hash = 42 << 20;
        let first = Entry {
            mv: Some(mv("a0a1")),
            score: 3,
            depth: 2,
            bound: Bound::Exact,
        };
        tt.store(hash, first);
        tt.store(
            hash,
            Entry {
                mv: None,
                score: -7,
                depth: 3,
                bound: Bound::Upper,
            },
        );
        let got = tt.probe(hash).unwrap();
        assert_eq!((got.mv, got.score, got.bound), (first.mv, -7, Bound::Upper));
    }

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let tt = Tt::new(1).unwrap();
        assert_eq!(tt.slots.len(), (1 << 20) / SLOT_BYTES);
        let tiny = Tt::new(0).unwrap();
        assert_eq!(tiny.slots.len(), 1024);
    }
}
