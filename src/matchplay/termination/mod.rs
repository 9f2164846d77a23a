//! How a game ended, kept as a value until it is printed: the referees, the endings and
//! adjudication build a [`Termination`], the report and the PGN write its words (cutechess-cli's,
//! such as `Black makes an illegal move: h2e9`), and the JUnit report and the exit code ask
//! `Termination::is_fault` rather than searching those words. A game record stores it as tagged
//! data, its words beside it for readers (the `recorded` module); the words are never read
//! back, but for results files of the older schema, which kept nothing else.

pub(crate) mod recorded;

use std::fmt;

use serde::{Deserialize, Serialize};

use super::fault::{Fault, IllegalMove};
use crate::protocol::GameKind;
use crate::rules::Side;
use crate::rules::gomoku::Stone;

/// A side under its game's name for it, as the termination says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Perpetual {
    /// Every move of the repetition gave check.
    Check,
    /// Every move of the repetition attacked the same piece, as the repetition rule in force
    /// defines a chase; ruled after perpetual check.
    Chase,
}

/// The natural move limits: plies without progress that draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveRule {
    /// Xiangqi: 120 plies without a capture.
    #[serde(rename = "sixty_moves")]
    Sixty,
    /// Chess: 100 plies without a capture or a pawn move.
    #[serde(rename = "fifty_moves")]
    Fifty,
}

/// An end the rules decide, from the position or the game's history. Stored flat in the
/// termination, by its `ending`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ending", rename_all = "snake_case")]
pub enum RuleEnding {
    /// The winner mates.
    Mate {
        /// The side that mates.
        winner: Colour,
    },
    /// The side to move has no move and loses (xiangqi).
    WinsByStalemate {
        /// The side that stalemated the other.
        winner: Colour,
    },
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
    Repetition {
        /// How many times the position stood.
        times: usize,
    },
    /// Too many plies without progress: a draw under the game's move rule.
    MoveRule {
        /// The rule that drew it.
        rule: MoveRule,
    },
    /// The winner made five (or more, where the rule lets it) in a row (gomoku, renju).
    FiveInARow {
        /// The side that made the line.
        winner: Colour,
    },
    /// Every point taken and no line made (gomoku, renju).
    FullBoard,
}

/// Why a game was not played, or not played out: a setup error or the match's decision, not
/// a player's doing; it does not count. Stored flat in the termination, by its `unplayed`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "unplayed", rename_all = "snake_case")]
pub enum Unplayed {
    /// Xiangqi or chess: the opening does not replay, with the rules' reason.
    IllegalOpening {
        /// The rules' reason, as they say it.
        why: String,
    },
    /// Gomoku: the board or the opening cannot be set up, with the reason.
    Setup {
        /// Why, as a sentence.
        why: String,
    },
    /// The match was decided (its SPRT) while the game was played, and the user chose to
    /// abort the games in progress (`--on-sprt-decision abort`).
    MatchDecided,
}

/// How a game ended, tagged by its `kind`: the rule ending or the reason not played sits
/// beside it, by its own tag (`ending`, `unplayed`), the fault of a side under `fault`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Termination {
    /// The rules ended the game, from the position or its history.
    Rules(RuleEnding),
    /// `side` lost by its engine's doing (or ended the game early: a resignation).
    Fault {
        /// The colour whose engine lost.
        side: Colour,
        /// What its engine did: an illegal move, a loss on time, a crash, a resignation, …
        #[serde(flatten)]
        fault: Fault,
    },
    /// A draw offered (UCCI `bestmove … draw`) and accepted.
    Agreement,
    /// The engines' scores decided it: the winner, or a draw.
    Adjudication {
        /// The colour both engines' scores agreed was winning; none for a draw.
        #[serde(default, skip_serializing_if = "Option::is_none")]
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
    pub fn is_fault(&self) -> bool {
        match self {
            Termination::Fault { fault, .. } => match fault {
                Fault::Illegal(_)
                | Fault::Banned { .. }
                | Fault::Time
                | Fault::Disconnect
                | Fault::Stall
                | Fault::Refuses { .. } => true,
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
            RuleEnding::Mate { winner } => write!(f, "{winner} mates"),
            RuleEnding::WinsByStalemate { winner } => write!(f, "{winner} wins by stalemate"),
            RuleEnding::Stalemate => f.write_str("Draw by stalemate"),
            RuleEnding::InsufficientMaterial => f.write_str("Draw by insufficient mating material"),
            RuleEnding::Perpetual { loser, how } => {
                let how = match how {
                    Perpetual::Check => "check",
                    Perpetual::Chase => "chase",
                };
                write!(f, "{loser} loses by perpetual {how}")
            }
            RuleEnding::Repetition { times } => write!(f, "Draw by {times}-fold repetition"),
            RuleEnding::MoveRule {
                rule: MoveRule::Sixty,
            } => f.write_str("Draw by sixty moves rule"),
            RuleEnding::MoveRule {
                rule: MoveRule::Fifty,
            } => f.write_str("Draw by fifty moves rule"),
            RuleEnding::FiveInARow { winner } => write!(f, "{winner} makes five in a row"),
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
                Fault::Banned { written } => {
                    write!(f, "{side} makes a banned move: {written} (ucci-r60)")
                }
                Fault::Time => write!(f, "{side} loses on time"),
                Fault::Disconnect => write!(f, "{side} disconnects"),
                Fault::Stall => write!(f, "{side}'s connection stalls"),
                Fault::Resign => write!(f, "{side} resigns"),
                Fault::CannotPlay(why) => write!(f, "{side} {why}"),
                Fault::Refuses { line, .. } => write!(f, "{side} refuses to move: {line}"),
            },
            Termination::Agreement => f.write_str("Draw by agreement"),
            Termination::Adjudication { winner: None } => f.write_str("Draw by adjudication"),
            Termination::Adjudication {
                winner: Some(winner),
            } => write!(f, "{winner} wins by adjudication"),
            Termination::MaxLength => f.write_str("Draw by adjudication: maximal game length"),
            Termination::Aborted(Unplayed::IllegalOpening { why }) => {
                write!(f, "Illegal opening: {why}")
            }
            Termination::Aborted(Unplayed::Setup { why }) => write!(f, "Draw: {why}"),
            Termination::Aborted(Unplayed::MatchDecided) => {
                f.write_str("Aborted: the match was decided")
            }
        }
    }
}

/// The move as the words name it: as written, with the renju prohibition it breaks.
impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written)?;
        match self.why.prohibition() {
            Some(prohibition) => write!(f, " ({prohibition})"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchplay::fault::{CannotPlay, Illegality, Refusal};
    use crate::protocol::Protocol;

    fn fault(side: Colour, fault: Fault) -> Termination {
        Termination::Fault { side, fault }
    }

    /// Every ending, its words and whether it is an engine's fault.
    pub(super) fn every_ending() -> Vec<(Termination, &'static str, bool)> {
        use Colour::{Black, Red, White};
        let rules = |ending| Termination::Rules(ending);
        let illegal = |side, written: &str, why| fault(side, Fault::illegal(written, why));
        vec![
            (rules(RuleEnding::Mate { winner: Red }), "Red mates", false),
            (
                rules(RuleEnding::WinsByStalemate { winner: Black }),
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
                rules(RuleEnding::Repetition { times: 3 }),
                "Draw by 3-fold repetition",
                false,
            ),
            (
                rules(RuleEnding::Repetition { times: 4 }),
                "Draw by 4-fold repetition",
                false,
            ),
            (
                rules(RuleEnding::MoveRule {
                    rule: MoveRule::Sixty,
                }),
                "Draw by sixty moves rule",
                false,
            ),
            (
                rules(RuleEnding::MoveRule {
                    rule: MoveRule::Fifty,
                }),
                "Draw by fifty moves rule",
                false,
            ),
            (
                rules(RuleEnding::FiveInARow { winner: White }),
                "White makes five in a row",
                false,
            ),
            (rules(RuleEnding::FullBoard), "Draw by full board", false),
            (
                illegal(Red, "h2e9", Illegality::NotAMove),
                "Red makes an illegal move: h2e9",
                true,
            ),
            (
                illegal(Black, "(none)", Illegality::Unreadable),
                "Black makes an illegal move: (none)",
                true,
            ),
            (
                illegal(Black, "nobestmove", Illegality::NoMove),
                "Black makes an illegal move: nobestmove",
                true,
            ),
            (
                illegal(Black, "8,7", Illegality::DoubleThree),
                "Black makes an illegal move: 8,7 (double-three)",
                true,
            ),
            (
                illegal(White, "7,7", Illegality::Occupied),
                "White makes an illegal move: 7,7",
                true,
            ),
            (
                fault(
                    Red,
                    Fault::Banned {
                        written: "a8a9".into(),
                    },
                ),
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
                    Fault::CannotPlay(CannotPlay::BoardDeclined { size: 19 }),
                ),
                "Black cannot play on a 19x19 board",
                false,
            ),
            (
                fault(White, Fault::CannotPlay(CannotPlay::AgiBoard { size: 20 })),
                "White cannot play on a 20x20 board (AGI speaks 15x15 only)",
                false,
            ),
            (
                fault(
                    Black,
                    Fault::CannotPlay(CannotPlay::Game {
                        game: GameKind::Gomoku,
                        protocol: Protocol::Ucci,
                    }),
                ),
                "Black cannot play gomoku: it speaks ucci",
                false,
            ),
            (
                fault(
                    Black,
                    Fault::Refuses {
                        answer: Refusal::Error,
                        line: "ERROR busy".into(),
                    },
                ),
                "Black refuses to move: ERROR busy",
                true,
            ),
            (
                fault(
                    White,
                    Fault::Refuses {
                        answer: Refusal::Unknown,
                        line: "UNKNOWN what".into(),
                    },
                ),
                "White refuses to move: UNKNOWN what",
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
                Termination::Aborted(Unplayed::IllegalOpening {
                    why: "opening move 2 `h2e2`: illegal".into(),
                }),
                "Illegal opening: opening move 2 `h2e2`: illegal",
                false,
            ),
            (
                Termination::Aborted(Unplayed::Setup {
                    why: "the opening cannot be played: 7,7 is taken".into(),
                }),
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
    fn only_a_broken_rule_or_protocol_is_a_fault() {
        for (termination, words, fault) in every_ending() {
            assert_eq!(termination.is_fault(), fault, "{words}");
        }
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
