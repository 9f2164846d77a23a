//! How a game ended, kept as a value until it is printed: the referees, the endings and
//! adjudication build a [`Termination`], the report and the PGN write its words (cutechess-cli's,
//! such as `Black makes an illegal move: h2e9`), and the JUnit report and the exit code ask
//! `Termination::is_fault` rather than searching those words.

use std::fmt;

use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::fault::Fault;
use crate::protocol::GameKind;
use crate::rules::Side;
use crate::rules::gomoku::Stone;

/// A side under its game's name for it, as the termination says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    /// Xiangqi's first colour.
    Red,
    /// The second colour of xiangqi and chess, and gomoku's first.
    Black,
    /// Chess's first colour, and gomoku's second.
    White,
}

impl Colour {
    /// The colour `side` plays in a xiangqi or chess game: red or white first, black second.
    pub(crate) fn of(game: GameKind, side: Side) -> Colour {
        match (game, side) {
            (GameKind::Xiangqi, Side::First) => Colour::Red,
            (_, Side::First) => Colour::White,
            (_, Side::Second) => Colour::Black,
        }
    }

    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Black => "Black",
            Colour::White => "White",
        }
    }
}

impl From<Stone> for Colour {
    fn from(stone: Stone) -> Colour {
        match stone {
            Stone::Black => Colour::Black,
            Stone::White => Colour::White,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a side that repeated the position did with every move, and lost for (xiangqi).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Perpetual {
    /// Every move of the repetition gave check.
    Check,
    /// Every move of the repetition attacked the same piece, as the repetition rule in force
    /// defines a chase; ruled after perpetual check.
    Chase,
}

/// The natural move limits: plies without progress that draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveRule {
    /// Xiangqi: 120 plies without a capture.
    Sixty,
    /// Chess: 100 plies without a capture or a pawn move.
    Fifty,
}

/// An end the rules decide, from the position or the game's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleEnding {
    /// The winner mates.
    Mate(Colour),
    /// The side to move has no move and loses (xiangqi).
    WinsByStalemate(Colour),
    /// The side to move has no move and the game is drawn (chess).
    Stalemate,
    /// Neither side has the material left to mate, and the game is drawn (chess).
    InsufficientMaterial,
    /// The side that must vary a repetition did not (xiangqi).
    Perpetual {
        /// The side that kept repeating, and lost.
        loser: Colour,
        /// What it did with every move of the repetition.
        how: Perpetual,
    },
    /// The position stood this many times and nobody is to blame.
    Repetition(usize),
    /// Too many plies without progress: a draw under the game's move rule.
    MoveRule(MoveRule),
    /// The winner made five (or more, where the rule lets it) in a row (gomoku, renju).
    FiveInARow(Colour),
    /// Every point taken and no line made (gomoku, renju).
    FullBoard,
}

/// Why a game was not played, or not played out: a setup error or the match's decision, not
/// a player's doing; it does not count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unplayed {
    /// Xiangqi or chess: the opening does not replay, with the rules' reason.
    IllegalOpening(String),
    /// Gomoku: the board or the opening cannot be set up, with the reason.
    Setup(String),
    /// The match was decided (its SPRT) while the game was played, and the user chose to
    /// abort the games in progress (`--on-sprt-decision abort`).
    MatchDecided,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Termination {
    /// The rules ended the game, from the position or its history.
    Rules(RuleEnding),
    /// `side` lost by its engine's doing (or ended the game early: a resignation).
    Fault {
        /// The colour whose engine lost.
        side: Colour,
        /// What its engine did: an illegal move, a loss on time, a crash, a resignation, …
        fault: Fault,
    },
    /// A draw offered (UCCI `bestmove … draw`) and accepted.
    Agreement,
    /// The engines' scores decided it: the winner, or a draw.
    Adjudication {
        /// The colour both engines' scores agreed was winning; none for a draw.
        winner: Option<Colour>,
    },
    /// The game reached the maximal length the match allows: a draw.
    MaxLength,
    /// The game was not played, or not played out: its record is marked `aborted` and it
    /// counts for nobody.
    Aborted(Unplayed),
}

impl Termination {
    /// Whether an engine broke the rules or the protocol, or would not move: an illegal or
    /// banned move, a loss on time, a crash, a stall, or a move request refused. A resignation
    /// and a board size an engine declines are not faults: the texts allow both.
    pub(crate) fn is_fault(&self) -> bool {
        match self {
            Termination::Fault { fault, .. } => match fault {
                Fault::Illegal(_)
                | Fault::Banned(_)
                | Fault::Time
                | Fault::Disconnect
                | Fault::Stall
                | Fault::Refuses(_) => true,
                Fault::Resign | Fault::CannotPlay(_) => false,
            },
            Termination::Rules(_)
            | Termination::Agreement
            | Termination::Adjudication { .. }
            | Termination::MaxLength
            | Termination::Aborted(_) => false,
        }
    }
}

impl fmt::Display for RuleEnding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleEnding::Mate(winner) => write!(f, "{winner} mates"),
            RuleEnding::WinsByStalemate(winner) => write!(f, "{winner} wins by stalemate"),
            RuleEnding::Stalemate => f.write_str("Draw by stalemate"),
            RuleEnding::InsufficientMaterial => f.write_str("Draw by insufficient mating material"),
            RuleEnding::Perpetual { loser, how } => {
                let how = match how {
                    Perpetual::Check => "check",
                    Perpetual::Chase => "chase",
                };
                write!(f, "{loser} loses by perpetual {how}")
            }
            RuleEnding::Repetition(times) => write!(f, "Draw by {times}-fold repetition"),
            RuleEnding::MoveRule(MoveRule::Sixty) => f.write_str("Draw by sixty moves rule"),
            RuleEnding::MoveRule(MoveRule::Fifty) => f.write_str("Draw by fifty moves rule"),
            RuleEnding::FiveInARow(winner) => write!(f, "{winner} makes five in a row"),
            RuleEnding::FullBoard => f.write_str("Draw by full board"),
        }
    }
}

impl fmt::Display for Termination {
    /// cutechess-cli's words, where it has them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Rules(ending) => ending.fmt(f),
            Termination::Fault { side, fault } => match fault {
                Fault::Illegal(mv) => write!(f, "{side} makes an illegal move: {mv}"),
                Fault::Banned(mv) => write!(f, "{side} makes a banned move: {mv} (ucci-r60)"),
                Fault::Time => write!(f, "{side} loses on time"),
                Fault::Disconnect => write!(f, "{side} disconnects"),
                Fault::Stall => write!(f, "{side}'s connection stalls"),
                Fault::Resign => write!(f, "{side} resigns"),
                Fault::CannotPlay(why) => write!(f, "{side} {why}"),
                Fault::Refuses(line) => write!(f, "{side} refuses to move: {line}"),
            },
            Termination::Agreement => f.write_str("Draw by agreement"),
            Termination::Adjudication { winner: None } => f.write_str("Draw by adjudication"),
            Termination::Adjudication {
                winner: Some(winner),
            } => write!(f, "{winner} wins by adjudication"),
            Termination::MaxLength => f.write_str("Draw by adjudication: maximal game length"),
            Termination::Aborted(Unplayed::IllegalOpening(why)) => {
                write!(f, "Illegal opening: {why}")
            }
            Termination::Aborted(Unplayed::Setup(why)) => write!(f, "Draw: {why}"),
            Termination::Aborted(Unplayed::MatchDecided) => f.write_str(MATCH_DECIDED),
        }
    }
}

/// The words of a game aborted once the match was decided.
const MATCH_DECIDED: &str = "Aborted: the match was decided";

/// The report says the words, as it always has: its readers need not know the enum.
impl Serialize for Termination {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The words read back into the ending (results written by another worker, or a partition's
/// results merged): the inverse of `Display`. Words that name a side but no ending this type
/// says are an engine's own reason it cannot play, as `Fault::CannotPlay` says them.
impl FromStr for Termination {
    type Err = UnknownTermination;

    fn from_str(words: &str) -> Result<Termination, UnknownTermination> {
        let fixed = [
            (
                "Draw by stalemate",
                Termination::Rules(RuleEnding::Stalemate),
            ),
            (
                "Draw by insufficient mating material",
                Termination::Rules(RuleEnding::InsufficientMaterial),
            ),
            (
                "Draw by sixty moves rule",
                Termination::Rules(RuleEnding::MoveRule(MoveRule::Sixty)),
            ),
            (
                "Draw by fifty moves rule",
                Termination::Rules(RuleEnding::MoveRule(MoveRule::Fifty)),
            ),
            (
                "Draw by full board",
                Termination::Rules(RuleEnding::FullBoard),
            ),
            ("Draw by agreement", Termination::Agreement),
            (MATCH_DECIDED, Termination::Aborted(Unplayed::MatchDecided)),
            (
                "Draw by adjudication",
                Termination::Adjudication { winner: None },
            ),
            (
                "Draw by adjudication: maximal game length",
                Termination::MaxLength,
            ),
        ];
        if let Some((_, ending)) = fixed.into_iter().find(|(w, _)| *w == words) {
            return Ok(ending);
        }
        if let Some(times) = words
            .strip_prefix("Draw by ")
            .and_then(|rest| rest.strip_suffix("-fold repetition"))
            .and_then(|n| n.parse().ok())
        {
            return Ok(Termination::Rules(RuleEnding::Repetition(times)));
        }
        if let Some(why) = words.strip_prefix("Illegal opening: ") {
            return Ok(Termination::Aborted(Unplayed::IllegalOpening(why.into())));
        }
        if let Some(why) = words.strip_prefix("Draw: ") {
            return Ok(Termination::Aborted(Unplayed::Setup(why.into())));
        }
        let unknown = || UnknownTermination(words.to_owned());
        let (side, rest) = [Colour::Red, Colour::Black, Colour::White]
            .into_iter()
            .find_map(|c| Some((c, words.strip_prefix(c.as_str())?)))
            .ok_or_else(unknown)?;
        if rest == "'s connection stalls" {
            return Ok(Termination::Fault {
                side,
                fault: Fault::Stall,
            });
        }
        let rest = rest.strip_prefix(' ').ok_or_else(unknown)?;
        let rules = |ending| Ok(Termination::Rules(ending));
        let fault = |fault| Ok(Termination::Fault { side, fault });
        match rest {
            "mates" => return rules(RuleEnding::Mate(side)),
            "wins by stalemate" => return rules(RuleEnding::WinsByStalemate(side)),
            "loses by perpetual check" => {
                return rules(RuleEnding::Perpetual {
                    loser: side,
                    how: Perpetual::Check,
                });
            }
            "loses by perpetual chase" => {
                return rules(RuleEnding::Perpetual {
                    loser: side,
                    how: Perpetual::Chase,
                });
            }
            "makes five in a row" => return rules(RuleEnding::FiveInARow(side)),
            "loses on time" => return fault(Fault::Time),
            "disconnects" => return fault(Fault::Disconnect),
            "resigns" => return fault(Fault::Resign),
            "wins by adjudication" => {
                return Ok(Termination::Adjudication { winner: Some(side) });
            }
            _ => {}
        }
        if let Some(mv) = rest.strip_prefix("makes an illegal move: ") {
            return fault(Fault::Illegal(mv.into()));
        }
        if let Some(mv) = rest
            .strip_prefix("makes a banned move: ")
            .and_then(|r| r.strip_suffix(" (ucci-r60)"))
        {
            return fault(Fault::Banned(mv.into()));
        }
        if let Some(line) = rest.strip_prefix("refuses to move: ") {
            return fault(Fault::Refuses(line.into()));
        }
        fault(Fault::CannotPlay(rest.into()))
    }
}

/// Words that say no ending a game can have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not how a game ends")]
pub struct UnknownTermination(pub String);

impl<'de> Deserialize<'de> for Termination {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Termination, D::Error> {
        let words = String::deserialize(deserializer)?;
        words.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault(side: Colour, fault: Fault) -> Termination {
        Termination::Fault { side, fault }
    }

    /// Every ending, its words and whether it is an engine's fault.
    fn every_ending() -> Vec<(Termination, &'static str, bool)> {
        use Colour::{Black, Red, White};
        let rules = |ending| Termination::Rules(ending);
        vec![
            (rules(RuleEnding::Mate(Red)), "Red mates", false),
            (
                rules(RuleEnding::WinsByStalemate(Black)),
                "Black wins by stalemate",
                false,
            ),
            (rules(RuleEnding::Stalemate), "Draw by stalemate", false),
            (
                rules(RuleEnding::InsufficientMaterial),
                "Draw by insufficient mating material",
                false,
            ),
            (
                rules(RuleEnding::Perpetual {
                    loser: Red,
                    how: Perpetual::Check,
                }),
                "Red loses by perpetual check",
                false,
            ),
            (
                rules(RuleEnding::Perpetual {
                    loser: Black,
                    how: Perpetual::Chase,
                }),
                "Black loses by perpetual chase",
                false,
            ),
            (
                rules(RuleEnding::Repetition(3)),
                "Draw by 3-fold repetition",
                false,
            ),
            (
                rules(RuleEnding::Repetition(4)),
                "Draw by 4-fold repetition",
                false,
            ),
            (
                rules(RuleEnding::MoveRule(MoveRule::Sixty)),
                "Draw by sixty moves rule",
                false,
            ),
            (
                rules(RuleEnding::MoveRule(MoveRule::Fifty)),
                "Draw by fifty moves rule",
                false,
            ),
            (
                rules(RuleEnding::FiveInARow(White)),
                "White makes five in a row",
                false,
            ),
            (rules(RuleEnding::FullBoard), "Draw by full board", false),
            (
                fault(Red, Fault::Illegal("h2e9".into())),
                "Red makes an illegal move: h2e9",
                true,
            ),
            (
                fault(Red, Fault::Banned("a8a9".into())),
                "Red makes a banned move: a8a9 (ucci-r60)",
                true,
            ),
            (fault(Black, Fault::Time), "Black loses on time", true),
            (fault(White, Fault::Disconnect), "White disconnects", true),
            (
                fault(White, Fault::Stall),
                "White's connection stalls",
                true,
            ),
            (fault(Red, Fault::Resign), "Red resigns", false),
            (
                fault(
                    Black,
                    Fault::CannotPlay("cannot play on a 19x19 board".into()),
                ),
                "Black cannot play on a 19x19 board",
                false,
            ),
            (
                fault(Black, Fault::Refuses("ERROR busy".into())),
                "Black refuses to move: ERROR busy",
                true,
            ),
            (Termination::Agreement, "Draw by agreement", false),
            (
                Termination::Adjudication { winner: None },
                "Draw by adjudication",
                false,
            ),
            (
                Termination::Adjudication {
                    winner: Some(White),
                },
                "White wins by adjudication",
                false,
            ),
            (
                Termination::MaxLength,
                "Draw by adjudication: maximal game length",
                false,
            ),
            (
                Termination::Aborted(Unplayed::IllegalOpening(
                    "opening move 2 `h2e2`: illegal".into(),
                )),
                "Illegal opening: opening move 2 `h2e2`: illegal",
                false,
            ),
            (
                Termination::Aborted(Unplayed::Setup(
                    "the opening cannot be played: 7,7 is taken".into(),
                )),
                "Draw: the opening cannot be played: 7,7 is taken",
                false,
            ),
            (
                Termination::Aborted(Unplayed::MatchDecided),
                "Aborted: the match was decided",
                false,
            ),
        ]
    }

    #[test]
    fn every_ending_is_said_in_cutechess_clis_words() {
        for (termination, words, _) in every_ending() {
            assert_eq!(termination.to_string(), words, "{termination:?}");
        }
    }

    #[test]
    fn every_ending_reads_back_from_its_words() {
        for (termination, words, _) in every_ending() {
            assert_eq!(words.parse::<Termination>(), Ok(termination), "{words}");
        }
        assert!("nobody knows".parse::<Termination>().is_err());
        assert!("Redmates".parse::<Termination>().is_err());
    }

    #[test]
    fn only_a_broken_rule_or_protocol_is_a_fault() {
        for (termination, words, fault) in every_ending() {
            assert_eq!(termination.is_fault(), fault, "{words}");
        }
    }

    #[test]
    fn the_report_holds_the_words() {
        let termination = fault(Colour::Red, Fault::Banned("a8a9".into()));
        assert_eq!(
            serde_json::to_value(&termination).unwrap(),
            serde_json::json!("Red makes a banned move: a8a9 (ucci-r60)")
        );
    }

    #[test]
    fn the_side_names_come_from_the_game() {
        assert_eq!(Colour::of(GameKind::Xiangqi, Side::First), Colour::Red);
        assert_eq!(Colour::of(GameKind::Xiangqi, Side::Second), Colour::Black);
        assert_eq!(Colour::of(GameKind::Chess, Side::First), Colour::White);
        assert_eq!(Colour::of(GameKind::Chess, Side::Second), Colour::Black);
        assert_eq!(Colour::from(Stone::Black), Colour::Black);
        assert_eq!(Colour::from(Stone::White), Colour::White);
    }
}
