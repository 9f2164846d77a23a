//! Protocol keywords as types: each codec names the words a line may open with as an enum, one
//! for the GUI's commands and one for the engine's messages, so that code which judges a line
//! by its keyword matches on the enum. A keyword added to a codec is then a compile error in
//! every match that must decide what it means, where a match on the word's text would let it
//! fall silently into `_`.
//!
//! Commands and messages are two enums, not one: a line the GUI sent never opens with
//! `bestmove`, and a match on what a command means should not have to say so.

use std::fmt;

/// The words a line of one protocol, in one direction, may open with.
pub(crate) trait Keyword: Copy + Eq + fmt::Debug + Send + Sync + 'static {
    /// Every keyword, in the order the codec lists them.
    const ALL: &'static [Self];
    /// Whether the codec reads the keywords in any letter case (AGI says so, agi-r31; the
    /// Gomocup codec reads any case so that a check can grade it, gomocup A6).
    const ANY_CASE: bool;

    /// The keyword as the protocol's text writes it.
    fn text(self) -> &'static str;

    /// `word` as a keyword, read as the codec reads keywords; `None` for any other word
    /// (including, in a case-sensitive protocol, a keyword in the wrong case).
    fn read(word: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| {
            if Self::ANY_CASE {
                k.text().eq_ignore_ascii_case(word)
            } else {
                k.text() == word
            }
        })
    }

    /// Every keyword's text, for the error that names the one a line meant.
    fn texts() -> impl Iterator<Item = &'static str> {
        Self::ALL.iter().map(|k| k.text())
    }
}

/// Declares a keyword enum and its [`Keyword`] implementation from `Variant = "text"` pairs,
/// so that the variants and their spellings are stated once (each variant's doc is its text).
macro_rules! keywords {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident (any_case: $any_case:expr) {
            $($variant:ident = $text:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name {
            $(#[doc = concat!("`", $text, "`")] $variant,)+
        }

        // Inherent as well as the trait's, so that they are `const` and reach code outside
        // the crate (the trait is the crate's own).
        impl $name {
            /// Every keyword, in the order the codec lists them.
            $vis const ALL: &'static [Self] = &[$(Self::$variant,)+];

            /// The keyword as the protocol's text writes it.
            $vis const fn text(self) -> &'static str {
                match self {
                    $(Self::$variant => $text,)+
                }
            }
        }

        impl crate::protocol::keyword::Keyword for $name {
            const ALL: &'static [Self] = $name::ALL;
            const ANY_CASE: bool = $any_case;

            fn text(self) -> &'static str {
                $name::text(self)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(crate::protocol::keyword::Keyword::text(*self))
            }
        }
    };
}
pub(crate) use keywords;

#[cfg(test)]
mod tests {
    use super::Keyword;

    keywords! {
        enum Sensitive (any_case: false) {
            Go = "go",
            Stop = "stop",
        }
    }

    keywords! {
        enum Insensitive (any_case: true) {
            Go = "GO",
        }
    }

    #[test]
    fn a_keyword_reads_as_its_protocol_reads_keywords() {
        assert_eq!(Sensitive::read("go"), Some(Sensitive::Go));
        assert_eq!(Sensitive::read("GO"), None);
        assert_eq!(Sensitive::read("gone"), None);
        assert_eq!(Insensitive::read("go"), Some(Insensitive::Go));
        assert_eq!(Sensitive::Stop.to_string(), "stop");
        assert_eq!(Sensitive::texts().collect::<Vec<_>>(), ["go", "stop"]);
    }
}
