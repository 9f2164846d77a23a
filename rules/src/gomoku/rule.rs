//! The Gomocup `INFO rule` bitmask and what each flag means for winning.

use std::fmt;

use super::{RuleError, Stone};

/// The rule variant, as the flags of Gomocup's `INFO rule` bitmask.
///
/// | bit | flag | meaning |
/// | --- | --- | --- |
/// | 1 | [`exact_five`](Rule::exact_five) | only exactly five in a row wins, for both colours |
/// | 2 | [`continuous`](Rule::continuous) | play goes on after a five (the harness records it) |
/// | 4 | [`renju`](Rule::renju) | black wins only with exactly five and has forbidden points; white wins with five or more |
///
/// No bits is freestyle: five or more in a row wins for both colours.
///
/// The flags compose: with `exact_five` and `renju` both set (value 5) white too needs exactly
/// five, since each flag only ever removes winning lines. `continuous` changes nothing in this
/// module; it is carried so the harness can tell a game that should stop from one that goes on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Bit 1: six or more in a row does not win, for either colour.
    pub exact_five: bool,
    /// Bit 2: the game continues after a five.
    pub continuous: bool,
    /// Bit 4: renju (black: exactly five, forbidden overline, double-four, double-three).
    pub renju: bool,
}

impl Rule {
    /// Bit value of [`Rule::exact_five`].
    pub const EXACT_FIVE_BIT: u32 = 1;
    /// Bit value of [`Rule::continuous`].
    pub const CONTINUOUS_BIT: u32 = 2;
    /// Bit value of [`Rule::renju`].
    pub const RENJU_BIT: u32 = 4;
    const KNOWN_BITS: u32 = Rule::EXACT_FIVE_BIT | Rule::CONTINUOUS_BIT | Rule::RENJU_BIT;

    /// Freestyle gomoku (`INFO rule 0`): five or more wins.
    pub const FREESTYLE: Rule = Rule {
        exact_five: false,
        continuous: false,
        renju: false,
    };
    /// Standard gomoku (`INFO rule 1`): exactly five wins.
    pub const EXACT_FIVE: Rule = Rule {
        exact_five: true,
        continuous: false,
        renju: false,
    };
    /// Renju (`INFO rule 4`).
    pub const RENJU: Rule = Rule {
        exact_five: false,
        continuous: false,
        renju: true,
    };

    /// Reads an `INFO rule` value.
    ///
    /// Bits other than 1, 2 and 4 are an error listing them. Some managers send 8 for caro or
    /// other variants this module does not implement; guessing would judge moves wrongly, so
    /// the harness gets the error and decides what to do.
    pub fn from_bitmask(value: u32) -> Result<Rule, RuleError> {
        let unknown = value & !Rule::KNOWN_BITS;
        if unknown != 0 {
            return Err(RuleError { value, unknown });
        }
        Ok(Rule {
            exact_five: value & Rule::EXACT_FIVE_BIT != 0,
            continuous: value & Rule::CONTINUOUS_BIT != 0,
            renju: value & Rule::RENJU_BIT != 0,
        })
    }

    /// The `INFO rule` value for these flags.
    pub fn bitmask(self) -> u32 {
        let bit = |on: bool, b: u32| if on { b } else { 0 };
        bit(self.exact_five, Rule::EXACT_FIVE_BIT)
            | bit(self.continuous, Rule::CONTINUOUS_BIT)
            | bit(self.renju, Rule::RENJU_BIT)
    }

    /// Whether `stone` wins with an unbroken line of `len` stones.
    ///
    /// Five always wins. Six or more wins only where nothing demands exactly five: not under
    /// `exact_five`, and not for black under renju.
    pub fn wins_with(self, stone: Stone, len: usize) -> bool {
        match len {
            0..5 => false,
            5 => true,
            _ => !self.needs_exact_five(stone),
        }
    }

    /// Whether `stone` needs exactly five (an overline does not win for it).
    pub fn needs_exact_five(self, stone: Stone) -> bool {
        self.exact_five || (self.renju && stone == Stone::Black)
    }

    /// Whether `stone` has forbidden points under this rule (black under renju).
    pub fn has_forbidden_points(self, stone: Stone) -> bool {
        self.renju && stone == Stone::Black
    }
}

impl fmt::Display for Rule {
    /// A short name: `freestyle`, `exact five`, `renju`, with `+ exact five` and
    /// `+ continuous` appended for the combinations.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.renju, self.exact_five) {
            (true, true) => f.write_str("renju + exact five")?,
            (true, false) => f.write_str("renju")?,
            (false, true) => f.write_str("exact five")?,
            (false, false) => f.write_str("freestyle")?,
        }
        if self.continuous {
            f.write_str(" + continuous")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_bitmasks_round_trip() {
        for value in 0..8 {
            let rule = Rule::from_bitmask(value).unwrap();
            assert_eq!(rule.bitmask(), value);
        }
        assert_eq!(Rule::from_bitmask(0), Ok(Rule::FREESTYLE));
        assert_eq!(Rule::from_bitmask(1), Ok(Rule::EXACT_FIVE));
        assert_eq!(Rule::from_bitmask(4), Ok(Rule::RENJU));
        let r = Rule::from_bitmask(6).unwrap();
        assert!(r.renju && r.continuous && !r.exact_five);
    }

    #[test]
    fn unknown_bits_are_rejected_and_listed() {
        assert_eq!(
            Rule::from_bitmask(8),
            Err(RuleError {
                value: 8,
                unknown: 8
            })
        );
        let e = Rule::from_bitmask(9 | 32).unwrap_err();
        assert_eq!(e.unknown, 8 | 32);
        assert!(
            e.to_string()
                .starts_with("rule 41 has unknown bit(s) 8, 32:"),
            "{e}"
        );
        assert_eq!(Rule::from_bitmask(u32::MAX).unwrap_err().unknown, !7);
    }

    #[test]
    fn freestyle_overline_wins_for_both() {
        for s in Stone::ALL {
            assert!(!Rule::FREESTYLE.wins_with(s, 4));
            assert!(Rule::FREESTYLE.wins_with(s, 5));
            assert!(Rule::FREESTYLE.wins_with(s, 6));
            assert!(Rule::FREESTYLE.wins_with(s, 9));
        }
    }

    #[test]
    fn exact_five_overline_wins_for_neither() {
        for s in Stone::ALL {
            assert!(Rule::EXACT_FIVE.wins_with(s, 5));
            assert!(!Rule::EXACT_FIVE.wins_with(s, 6));
        }
    }

    #[test]
    fn renju_overline_wins_for_white_only() {
        assert!(Rule::RENJU.wins_with(Stone::Black, 5));
        assert!(!Rule::RENJU.wins_with(Stone::Black, 6));
        assert!(Rule::RENJU.wins_with(Stone::White, 5));
        assert!(Rule::RENJU.wins_with(Stone::White, 6));
        assert!(Rule::RENJU.has_forbidden_points(Stone::Black));
        assert!(!Rule::RENJU.has_forbidden_points(Stone::White));
        assert!(!Rule::EXACT_FIVE.has_forbidden_points(Stone::Black));
        // Value 5: each flag only removes wins, so white needs exactly five too.
        let both = Rule::from_bitmask(5).unwrap();
        assert!(!both.wins_with(Stone::White, 6));
    }

    #[test]
    fn display_names() {
        assert_eq!(Rule::FREESTYLE.to_string(), "freestyle");
        assert_eq!(Rule::EXACT_FIVE.to_string(), "exact five");
        assert_eq!(
            Rule::from_bitmask(6).unwrap().to_string(),
            "renju + continuous"
        );
        assert_eq!(
            Rule::from_bitmask(7).unwrap().to_string(),
            "renju + exact five + continuous"
        );
    }
}
