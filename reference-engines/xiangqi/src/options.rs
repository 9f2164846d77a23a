//! The engine's options: the values `setoption` sets and the engine reads, with their limits
//! and defaults. The protocol modules announce them in the handshake and the engine applies
//! them, so both depend on this module and it depends on neither.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::protocol::command::quote;
use crate::search::Noise;
use crate::search::tt::AllocError;

/// Why a `setoption` was ignored: told to the GUI as a message, the option left as it was.
#[derive(Debug, thiserror::Error)]
pub enum OptionError {
    #[error("option {} needs true or false, not {}", quote(.name), quote(.value))]
    NotAFlag { name: String, value: String },
    #[error("option {} needs a size in MB", quote(.name))]
    NoHashSize { name: String },
    #[error("hash size {mb} MB is above the {} MB maximum", Options::MAX_HASH_MB)]
    HashTooLarge { mb: usize },
    #[error("the hash size cannot change while thinking; ignored")]
    HashWhileThinking,
    #[error(transparent)]
    HashAllocation(#[from] AllocError),
    #[error("randomness is one of {}, not {}", Randomness::NAMES.join(", "), quote(.0))]
    NotARandomness(String),
    #[error("unknown option {}; ignored", quote(.0))]
    Unknown(String),
}

/// The `randomness` option: how much noise is added to evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Randomness {
    None,
    Tiny,
    Small,
    Medium,
    Large,
}

impl Randomness {
    pub const NAMES: [&'static str; 5] = ["none", "tiny", "small", "medium", "large"];

    pub fn parse(text: &str) -> Option<Randomness> {
        match text.to_ascii_lowercase().as_str() {
            "none" => Some(Randomness::None),
            "tiny" => Some(Randomness::Tiny),
            "small" => Some(Randomness::Small),
            "medium" => Some(Randomness::Medium),
            "large" => Some(Randomness::Large),
            _ => None,
        }
    }

    /// The noise of the engine's `search`th search: this setting's amplitude, and a seed that
    /// differs from search to search (the clock, mixed with the search's number).
    pub fn noise(self, search: u64) -> Noise {
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ search.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Noise {
            amplitude: self.amplitude(),
            seed,
        }
    }

    /// Largest evaluation change, in hundredths of a minor piece.
    fn amplitude(self) -> i32 {
        match self {
            Randomness::None => 0,
            Randomness::Tiny => 4,
            Randomness::Small => 10,
            Randomness::Medium => 20,
            Randomness::Large => 40,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub usemillisec: bool,
    pub ponder: bool,
    pub hash_mb: usize,
    pub randomness: Randomness,
}

impl Options {
    pub const DEFAULT_HASH_MB: usize = 16;
    pub const MAX_HASH_MB: usize = 1024;
}

impl Default for Options {
    fn default() -> Options {
        Options {
            usemillisec: false,
            ponder: false,
            hash_mb: Options::DEFAULT_HASH_MB,
            randomness: Randomness::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_announced_name_is_read_in_any_case() {
        for name in Randomness::NAMES {
            let setting = Randomness::parse(name).expect(name);
            assert_eq!(Randomness::parse(&name.to_ascii_uppercase()), Some(setting));
        }
        assert_eq!(Randomness::parse("huge"), None);
    }

    #[test]
    fn noise_grows_with_the_setting_and_is_off_by_default() {
        assert_eq!(Options::default().randomness.noise(1).amplitude, 0);
        let amplitudes: Vec<i32> = Randomness::NAMES
            .iter()
            .map(|n| Randomness::parse(n).unwrap().noise(1).amplitude)
            .collect();
        assert!(amplitudes.windows(2).all(|w| w[0] < w[1]), "{amplitudes:?}");
    }

    #[test]
    fn searches_get_different_seeds() {
        let seeds: Vec<u64> = (1..=3).map(|n| Randomness::Small.noise(n).seed).collect();
        assert!(seeds[0] != seeds[1] && seeds[1] != seeds[2], "{seeds:?}");
    }
}
