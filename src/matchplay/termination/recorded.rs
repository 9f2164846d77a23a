//! A game's ending as its record stores it (`GameRecord::termination`, through
//! `#[serde(with)]`): the tagged [`Termination`] with its words beside it, for readers that
//! only show them (`"words": "Red mates"`); the words are not read back.
//!
//! Results files of the older schema (written before the ending was tagged) stored the words
//! alone, and still merge: [`from_old_words`] finds the ending whose words they are. It holds no
//! grammar of its own: each ending it tries is printed by `Termination`'s `Display`, so it
//! cannot drift from the printer, and what the old words kept only as text (an illegal move's
//! reason) is marked as unrecorded.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Colour, MoveRule, Perpetual, RuleEnding, Termination, Unplayed};
use crate::matchplay::fault::{CannotPlay, Fault, IllegalMove, Illegality, Refusal};
use crate::protocol::gomocup::{Message, parse_message};
use crate::protocol::{GameKind, Protocol, spelling};
use crate::rules::gomoku::BoardSize;

/// Writes the ending as tagged data, its words beside it.
pub(crate) fn serialize<S: Serializer>(
    termination: &Termination,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Recorded<'a> {
        #[serde(flatten)]
        ending: &'a Termination,
        words: String,
    }
    Recorded {
        ending: termination,
        words: termination.to_string(),
    }
    .serialize(serializer)
}

/// Reads the tagged ending (its `words` ignored), or the words alone of the older schema.
pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Termination, D::Error> {
    deserializer.deserialize_any(Stored)
}

/// What a record's `termination` holds: an object of this schema, a string of the older one.
struct Stored;

impl<'de> Visitor<'de> for Stored {
    type Value = Termination;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game's ending: an object with its `kind`, or its words")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Termination, A::Error> {
        Termination::deserialize(de::value::MapAccessDeserializer::new(map))
    }

    fn visit_str<E: de::Error>(self, words: &str) -> Result<Termination, E> {
        from_old_words(words).map_err(E::custom)
    }
}

/// Words that say no ending a game can have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not how a game ends")]
pub(crate) struct UnknownEnding(pub String);

/// Stands for a move, a line or a reason while an ending is printed, to find where that text
/// sits in its words: no ending's words hold it.
const MARK: &str = "\u{0}";

/// The ending the older schema's `words` say: one of the endings that carry no text whose
/// words they are, else the first of the endings that carry some whose words, printed around
/// that text, frame them.
pub(crate) fn from_old_words(words: &str) -> Result<Termination, UnknownEnding> {
    if let Some(ending) = without_text().into_iter().find(|e| e.to_string() == words) {
        return Ok(ending);
    }
    for ending in with_text() {
        let printed = ending(MARK).to_string();
        let Some((before, after)) = printed.split_once(MARK) else {
            continue;
        };
        let text = words
            .strip_prefix(before)
            .and_then(|rest| rest.strip_suffix(after));
        if let Some(text) = text.filter(|t| !t.is_empty()) {
            return refusal_read(ending(text)).ok_or_else(|| UnknownEnding(words.to_owned()));
        }
    }
    Err(UnknownEnding(words.to_owned()))
}

/// Every ending that carries no text of an engine's or the rules', each side's.
fn without_text() -> Vec<Termination> {
    let colours = [Colour::Red, Colour::Black, Colour::White];
    let rules = Termination::Rules;
    let mut endings = vec![
        rules(RuleEnding::Stalemate),
        rules(RuleEnding::InsufficientMaterial),
        rules(RuleEnding::MoveRule {
            rule: MoveRule::Sixty,
        }),
        rules(RuleEnding::MoveRule {
            rule: MoveRule::Fifty,
        }),
        rules(RuleEnding::FullBoard),
        Termination::Agreement,
        Termination::Adjudication { winner: None },
        Termination::MaxLength,
        Termination::Aborted(Unplayed::MatchDecided),
    ];
    // The rules end a game at the third or fourth repetition; a few more cost nothing.
    endings.extend((2..=9).map(|times| rules(RuleEnding::Repetition { times })));
    for side in colours {
        endings.extend([
            rules(RuleEnding::Mate { winner: side }),
            rules(RuleEnding::WinsByStalemate { winner: side }),
            rules(RuleEnding::FiveInARow { winner: side }),
            Termination::Adjudication { winner: Some(side) },
        ]);
        for how in [Perpetual::Check, Perpetual::Chase] {
            endings.push(rules(RuleEnding::Perpetual { loser: side, how }));
        }
        let mut cannot_play: Vec<CannotPlay> = (BoardSize::MIN..=BoardSize::MAX)
            .flat_map(|size| {
                [
                    CannotPlay::BoardDeclined { size },
                    CannotPlay::AgiBoard { size },
                ]
            })
            .collect();
        for game in GameKind::ALL {
            for protocol in Protocol::ALL {
                cannot_play.push(CannotPlay::Game { game, protocol });
            }
        }
        let faults = [Fault::Time, Fault::Disconnect, Fault::Stall, Fault::Resign]
            .into_iter()
            .chain(cannot_play.into_iter().map(Fault::CannotPlay));
        endings.extend(faults.map(|fault| Termination::Fault { side, fault }));
    }
    endings
}

/// An ending that carries a text, made with that text.
type WithText = Box<dyn Fn(&str) -> Termination>;

/// Every ending that carries a text, each side's, the more particular first: a renju
/// prohibition after the point is the illegal move's reason, any other text its move.
fn with_text() -> Vec<WithText> {
    let mut endings: Vec<WithText> = Vec::new();
    for side in [Colour::Red, Colour::Black, Colour::White] {
        let fault = move |fault| Termination::Fault { side, fault };
        for why in [
            Illegality::Overline,
            Illegality::DoubleFour,
            Illegality::DoubleThree,
            Illegality::Unrecorded,
        ] {
            endings.push(Box::new(move |text| {
                fault(Fault::Illegal(IllegalMove::new(text, why)))
            }));
        }
        endings.push(Box::new(move |text| {
            fault(Fault::Banned {
                written: text.to_owned(),
            })
        }));
        // The answer is read from the line once it is found (`refusal_read`).
        endings.push(Box::new(move |text| {
            fault(Fault::Refuses {
                answer: Refusal::Error,
                line: text.to_owned(),
            })
        }));
    }
    endings.push(Box::new(|text| {
        Termination::Aborted(Unplayed::IllegalOpening {
            why: text.to_owned(),
        })
    }));
    endings.push(Box::new(|text| {
        Termination::Aborted(Unplayed::Setup {
            why: text.to_owned(),
        })
    }));
    endings
}

/// A refusal with its answer read from its line, as the Gomocup seat read it when the game
/// was played; none when the line is neither `ERROR` nor `UNKNOWN`. Any other ending as it is.
fn refusal_read(ending: Termination) -> Option<Termination> {
    let Termination::Fault {
        side,
        fault: Fault::Refuses { line, .. },
    } = ending
    else {
        return Some(ending);
    };
    let answer = match spelling::leniently(Protocol::Gomocup, &line, parse_message).ok()? {
        Message::Error(_) => Refusal::Error,
        Message::Unknown(_) => Refusal::Unknown,
        _ => return None,
    };
    Some(Termination::Fault {
        side,
        fault: Fault::Refuses { answer, line },
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::tests::every_ending;
    use super::*;

    /// A record's field, as `GameRecord` holds it.
    #[derive(Debug, Serialize, Deserialize)]
    struct Held {
        #[serde(with = "super")]
        termination: Termination,
    }

    fn written(termination: &Termination) -> serde_json::Value {
        let held = Held {
            termination: termination.clone(),
        };
        serde_json::to_value(held).expect("an ending serialises")["termination"].take()
    }

    fn read(termination: serde_json::Value) -> Result<Termination, serde_json::Error> {
        serde_json::from_value::<Held>(json!({ "termination": termination })).map(|h| h.termination)
    }

    #[test]
    fn every_ending_is_stored_tagged_with_its_words_and_reads_back() {
        for (termination, words, _) in every_ending() {
            let stored = written(&termination);
            assert!(stored["kind"].is_string(), "{stored}");
            assert_eq!(stored["words"], words, "{stored}");
            assert_eq!(read(stored.clone()).ok(), Some(termination), "{stored}");
        }
    }

    /// The form docs/report-format.md shows.
    #[test]
    fn the_stored_form_is_flat_data() {
        let mate = Termination::Rules(RuleEnding::Mate {
            winner: Colour::Red,
        });
        assert_eq!(
            written(&mate),
            json!({ "kind": "rules", "ending": "mate", "winner": "red", "words": "Red mates" })
        );
        let renju = Termination::Fault {
            side: Colour::Black,
            fault: Fault::Illegal(IllegalMove::new("8,7", Illegality::DoubleThree)),
        };
        assert_eq!(
            written(&renju),
            json!({
                "kind": "fault", "side": "black", "fault": "illegal_move",
                "written": "8,7", "why": "double_three",
                "words": "Black makes an illegal move: 8,7 (double-three)"
            })
        );
        let declined = Termination::Fault {
            side: Colour::White,
            fault: Fault::CannotPlay(CannotPlay::BoardDeclined { size: 19 }),
        };
        assert_eq!(
            written(&declined),
            json!({
                "kind": "fault", "side": "white", "fault": "cannot_play",
                "why": "board_declined", "size": 19,
                "words": "White cannot play on a 19x19 board"
            })
        );
        assert_eq!(
            written(&Termination::Adjudication { winner: None }),
            json!({ "kind": "adjudication", "words": "Draw by adjudication" })
        );
        assert_eq!(
            written(&Termination::Aborted(Unplayed::MatchDecided)),
            json!({
                "kind": "aborted", "unplayed": "match_decided",
                "words": "Aborted: the match was decided"
            })
        );
    }

    #[test]
    fn the_words_stored_are_not_read_back() {
        let stored = json!({ "kind": "agreement", "words": "Red mates" });
        assert_eq!(read(stored).ok(), Some(Termination::Agreement));
    }

    #[test]
    fn the_older_schemas_words_read_into_the_ending_they_say() {
        for (termination, words, _) in every_ending() {
            // The older words kept an illegal move's reason only where they printed it.
            let expected = match termination {
                Termination::Fault {
                    side,
                    fault: Fault::Illegal(mv),
                } if mv.why.prohibition().is_none() => Termination::Fault {
                    side,
                    fault: Fault::Illegal(IllegalMove::new(mv.written, Illegality::Unrecorded)),
                },
                other => other,
            };
            assert_eq!(read(json!(words)).ok(), Some(expected.clone()), "{words}");
            assert_eq!(expected.to_string(), words);
        }
    }

    #[test]
    fn words_of_no_ending_and_data_of_no_kind_are_errors() {
        for words in [
            "nobody knows",
            "Redmates",
            "Red mates!",
            "Red plays on",
            "Black refuses to move: OK",
            "Black makes an illegal move: ",
            "Draw by 0-fold repetition",
        ] {
            let error = read(json!(words)).expect_err(words);
            assert!(
                error.to_string().contains("is not how a game ends"),
                "{error}"
            );
        }
        assert!(read(json!({ "kind": "checkmate", "words": "Red mates" })).is_err());
        assert!(read(json!({ "kind": "rules", "ending": "mate" })).is_err());
        assert!(read(json!(3)).is_err());
    }
}
