//! Zobrist keys, so positions can be hashed incrementally (repetition detection, transposition tables).

use super::square::SQUARES;

/// Keys per (colour × 7 + kind index, square), and one for "black to move".
pub struct Keys {
    pub pieces: [[u64; SQUARES]; 14],
    pub black_to_move: u64,
}

/// SplitMix64: a fixed seed gives the same keys in every build, so hashes are reproducible.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build() -> Keys {
    let mut keys = Keys {
        pieces: [[0; SQUARES]; 14],
        black_to_move: 0,
    };
    let mut state = 0x5852_4249_5445_5221; // any fixed seed
    let mut piece = 0;
    while piece < 14 {
        let mut sq = 0;
        while sq < SQUARES {
            let (next, key) = splitmix(state);
            state = next;
            keys.pieces[piece][sq] = key;
            sq += 1;
        }
        piece += 1;
    }
    keys.black_to_move = splitmix(state).1;
    keys
}

pub static KEYS: Keys = build();
