//! Match play refereed by Arbiter's oracles (`arbiter match`): engines play each other, every
//! move is judged by the rules oracle, and the built-in protocol checks run over each engine's
//! whole transcript, so a match is also a conformance run.
//!
//! A game (`play_game`) is refereed by `referee`'s one loop over the game (xiangqi and chess
//! there, gomoku and renju in `gomoku`), each engine seated in its own protocol (UCCI, UCI,
//! Gomocup, AGI), on time controls Arbiter keeps and measures on the wire. Above the games, `schedule` lists a tournament's
//! games (round robin or gauntlet, rounds, pairs with colours swapped, openings in turn, a
//! partition's share), `tournament` plays them some at a time, `tally` and `score` count them
//! (per encounter, with game pairs, and per engine), and `sprt` may stop the match early.
//! `openings` reads opening books, `pgn` and `psq` write the games. A match spread over
//! several workers (`--partition`, `--results-dir`) meets in `results_dir`, where `peers` lets
//! one SPRT judge all their games, `merge` makes one match of their results, and `status` says
//! how the workers are doing.

pub mod adjudication;
pub(crate) mod clock;
pub mod endings;
mod fault;
mod gomoku;
pub mod merge;
pub mod openings;
pub mod options;
pub mod peers;
pub mod pgn;
pub mod psq;
mod referee;
pub mod results_dir;
pub mod schedule;
pub mod score;
pub mod sprt;
pub mod status;
pub mod tally;
pub mod termination;
mod tournament;

use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use clock::{TimeControl, TimeControlError};
pub use fault::{CannotPlay, Fault, IllegalMove, Illegality, Refusal};
pub use referee::play_game;
pub use score::Score;
pub use termination::Termination;
pub use tournament::{
    MatchEvent, MatchReport, OnDecision, PlayedGame, Restart, SprtReport, TournamentOptions,
    play_tournament, play_tournament_with_peers,
};

use crate::check::{Grade, Outcome};
use crate::protocol::{GameKind, Protocol};
use crate::report::excerpt;
use crate::rules::gomoku::Rule;
use crate::session::{At, Transcript};
use crate::session::{Cancel, EngineCommand};

/// How long an engine may take to answer the handshake and its first `isready` (Gomocup
/// `START`, AGI `AGI` and `ISREADY`) before it counts as stalled, before the time scale:
/// generous, as engines load networks, tables and books at start.
const START_BOUND: Duration = Duration::from_secs(10);

/// One engine of the match.
#[derive(Debug, Clone)]
pub struct Player {
    /// What the reports, the PGN and the standings call the engine. Results are kept by name,
    /// so the engines of one match need names of their own.
    pub name: String,
    /// The program to start, with its arguments; every game starts its own process.
    pub command: EngineCommand,
    /// The protocol this engine speaks (engines of one game may speak different ones: UCCI
    /// and UCI for xiangqi, Gomocup and AGI for gomoku).
    pub protocol: Protocol,
    /// Engine options (`option.NAME=VALUE`), sent in the protocol's own way before the game.
    pub options: Vec<(String, String)>,
    /// This engine's own time control, where it differs from the match's (time odds, for
    /// handicap matches); none: the match's.
    pub control: Option<TimeControl>,
    /// This engine's own node and depth limits, in place of the match's (node odds); none:
    /// the match's.
    pub limits: Option<SearchLimits>,
}

impl Player {
    /// The time control this engine plays under.
    pub(crate) fn control(&self, settings: &MatchSettings) -> TimeControl {
        self.control.unwrap_or(settings.control)
    }

    /// The search limits sent to this engine.
    pub(crate) fn limits(&self, settings: &MatchSettings) -> SearchLimits {
        self.limits.unwrap_or(settings.limits)
    }
}

/// The game played, with its rules where there is a choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchGame {
    /// Chinese chess, with its repetition rulings and the 60-move rule (see `endings`).
    Xiangqi,
    /// Chess under FIDE's rules, as cutechess-cli applies them.
    Chess,
    /// Gomoku or renju on a square board of `size`, under `rule` (Gomocup's rule bits).
    Gomoku {
        /// Points on each side of the board (15 when `--game` names the game).
        size: u8,
        /// What wins: five or more in a row (freestyle), exactly five, or renju's rules.
        rule: Rule,
    },
}

impl MatchGame {
    /// The game's name: `renju` for gomoku under the renju rule, as `--game` names it.
    pub const fn name(self) -> &'static str {
        match self {
            MatchGame::Xiangqi => "xiangqi",
            MatchGame::Chess => "chess",
            MatchGame::Gomoku { rule, .. } if rule.renju => "renju",
            MatchGame::Gomoku { .. } => "gomoku",
        }
    }

    /// The game `--game` names, on the default 15×15 board and, for gomoku, the freestyle
    /// rule; the board and the gomoku rule are the caller's to change.
    pub fn named(name: &str) -> Option<MatchGame> {
        let gomoku = |rule| MatchGame::Gomoku { size: 15, rule };
        [
            MatchGame::Xiangqi,
            MatchGame::Chess,
            gomoku(Rule::FREESTYLE),
            gomoku(Rule::RENJU),
        ]
        .into_iter()
        .find(|game| game.name() == name)
    }

    /// The game the protocol's text was written for.
    pub fn of_protocol(protocol: Protocol) -> MatchGame {
        match protocol.default_game() {
            GameKind::Xiangqi => MatchGame::Xiangqi,
            GameKind::Chess => MatchGame::Chess,
            GameKind::Gomoku => MatchGame::Gomoku {
                size: 15,
                rule: Rule::FREESTYLE,
            },
        }
    }

    /// The game as the protocol checks know it.
    pub const fn kind(self) -> GameKind {
        match self {
            MatchGame::Xiangqi => GameKind::Xiangqi,
            MatchGame::Chess => GameKind::Chess,
            MatchGame::Gomoku { .. } => GameKind::Gomoku,
        }
    }
}

impl std::fmt::Display for MatchGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchGame::Gomoku { size, rule } => {
                write!(f, "{} {size}x{size}, {rule}", self.name())
            }
            _ => f.write_str(self.name()),
        }
    }
}

/// Read back from a match's record: the game by its name, with the rule and board gomoku's
/// records carry.
impl<'de> Deserialize<'de> for MatchGame {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<MatchGame, D::Error> {
        #[derive(Deserialize)]
        struct Named {
            game: String,
            #[serde(default)]
            rule: Option<String>,
            #[serde(default)]
            board: Option<u8>,
        }
        let named = Named::deserialize(deserializer)?;
        let unknown = || serde::de::Error::custom(format!("no game {}", named.game));
        match MatchGame::named(&named.game).ok_or_else(unknown)? {
            MatchGame::Gomoku { size, rule } => {
                let rule = match &named.rule {
                    None => rule,
                    Some(words) => [Rule::FREESTYLE, Rule::EXACT_FIVE, Rule::RENJU]
                        .into_iter()
                        .find(|r| r.to_string() == *words)
                        .ok_or_else(|| serde::de::Error::custom(format!("no rule {words}")))?,
                };
                Ok(MatchGame::Gomoku {
                    size: named.board.unwrap_or(size),
                    rule,
                })
            }
            other => Ok(other),
        }
    }
}

/// In a match's record: `"game"` (xiangqi, chess, gomoku, renju) and, for gomoku and renju,
/// the `"rule"` (freestyle, exact five, renju) and the `"board"`'s side, so a record says
/// which game its moves were played in.
impl Serialize for MatchGame {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("game", self.name())?;
        if let MatchGame::Gomoku { size, rule } = self {
            map.serialize_entry("rule", &rule.to_string())?;
            map.serialize_entry("board", size)?;
        }
        map.end()
    }
}

/// Limits sent with every search besides the time control (cutechess-cli's `nodes=`,
/// `depth=`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Nodes an engine may search for a move (`go nodes`); UCCI engines get it instead of
    /// their time unless `depth` is set. Gomocup and AGI engines are never sent it.
    pub nodes: Option<u64>,
    /// Plies an engine may search for a move (`go depth`); UCCI engines get it instead of
    /// their time, before `nodes`. Gomocup and AGI engines are never sent it.
    pub depth: Option<u32>,
}

/// Ending a game early from the engines' own scores (cutechess-cli's `-draw` and `-resign`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Draw once both engines' scores have stayed within `score` centipawns of zero for
    /// `moves` moves each, from move `from_move` on.
    pub draw: Option<DrawAdjudication>,
    /// A loss for the side whose own score and its opponent's agree it is at least `score`
    /// centipawns behind, for `moves` moves each.
    pub resign: Option<ResignAdjudication>,
}

/// When the engines' scores draw a game (cutechess-cli's `-draw movenumber=N movecount=M
/// score=S`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawAdjudication {
    /// Full moves, the opening's included, the game must have reached before it can be
    /// drawn so (`movenumber`).
    pub from_move: u32,
    /// Moves each side must make in a row with its score within the bound (`movecount`):
    /// twice as many plies.
    pub moves: u32,
    /// The bound in centipawns: a score counts towards the draw when it is at most this far
    /// from zero either way (`score`).
    pub score: i32,
}

/// When the engines' scores lose a game for one side (cutechess-cli's `-resign movecount=M
/// score=S`, both engines having to agree).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResignAdjudication {
    /// The side's own moves in a row with its score at least the bound behind, and its
    /// opponent's moves as many with a score at least the bound ahead (`movecount`).
    pub moves: u32,
    /// The bound in centipawns (`score`); a mate score counts as larger than any material
    /// one.
    pub score: i32,
}

/// How the games are played.
#[derive(Debug, Clone, Copy)]
pub struct MatchSettings {
    /// The game every engine of the match plays, with gomoku's board and rule.
    pub game: MatchGame,
    /// How long the engines may think: a time per move, or a clock Arbiter keeps.
    pub control: TimeControl,
    /// Node and depth limits sent to every engine whose own `Player::limits` is none.
    pub limits: SearchLimits,
    /// How far past its time a move may come before it loses on time.
    pub margin: Duration,
    /// Plies, the opening's included, after which a game is adjudicated a draw.
    pub max_plies: usize,
    /// Ending games early on the engines' scores; the default ends none so.
    pub adjudication: Adjudication,
    /// UCCI and UCI engines ponder on the opponent's time (cutechess-cli's `-pondering`):
    /// `go ponder` after each move, `ponderhit` or `stop` when the opponent has moved.
    pub pondering: bool,
    /// Multiplies the handshake and `readyok` bounds, as for runs.
    pub time_scale: f64,
    /// Xiangqi: how a repetition is ruled.
    pub repetition: endings::RepetitionRule,
    /// Xiangqi: whether UCCI engines are sent `banmoves` as the league's simulator sends them.
    pub banmoves: endings::BanMoves,
}

/// Where a game starts: a position (FEN; none for the standard start or an empty gomoku
/// board) and moves played from it before the engines take over, in the game's notation
/// (ICCS for xiangqi, UCI for chess, Gomocup `x,y` points for gomoku).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Opening {
    /// The starting position in FEN (xiangqi, chess); none: the standard start. Gomoku
    /// openings are stones in `moves` and ignore it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Moves played from the position before the engines take over: they count towards the
    /// game's plies, but the game record's `moves` leave them out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
}

/// The draw that ends a game of `plies` plies (the opening's included) once it reaches
/// `max_plies`. cutechess-cli's `-maxmoves` counts the plies on the
/// board since the start position, book moves included (its `GameAdjudicator` compares the
/// board's `plyCount()` with twice the moves), and names the ending "maximal game length".
pub(crate) fn by_game_length(plies: usize, max_plies: usize) -> Option<(GameResult, Termination)> {
    (plies >= max_plies).then_some((GameResult::Draw, Termination::MaxLength))
}

/// One game to play: its number in the match, who moves first, and from where.
#[derive(Debug, Clone, Copy)]
pub struct Pairing<'a> {
    /// The game's number in the match (the schedule counts from 1), which its record keeps.
    pub number: usize,
    /// The engine playing the first colour (red, white; black in gomoku): the result is said
    /// from its side.
    pub first: &'a Player,
    /// The engine playing the second colour (black; white in gomoku).
    pub second: &'a Player,
    /// Where the game starts; `Opening::default()` for the standard start.
    pub opening: &'a Opening,
    /// Raised when the match is decided and its games in progress are to be aborted: the
    /// engines' sessions stop waiting, and the game ends aborted, counting for nobody.
    pub cancel: &'a Cancel,
}

/// How a game ended, for the first-moving side's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// The engine of the first colour won (`1-0`).
    #[serde(rename = "1-0")]
    FirstWins,
    /// The engine of the second colour won (`0-1`).
    #[serde(rename = "0-1")]
    SecondWins,
    /// Neither won (`1/2-1/2`). An aborted game is recorded so too, yet counts for nobody.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// The result as PGN writes it, and as a match's JSON does too: `1-0`, `0-1` or
    /// `1/2-1/2`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1-0",
            GameResult::SecondWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// One game, as played and judged. Read back (another worker's games, a partition's results)
/// it needs `GameRecord::in_game`: its colours' names alone do not tell chess from gomoku.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number in the whole match, from 1; a partition's games keep the numbers
    /// the whole match gives them, so the parts' results merge.
    pub number: usize,
    /// The engine playing the first colour (red, white; black in gomoku): `result` is said
    /// for `first`, as PGN says it for red or white. The first colour need not make the first
    /// move: from a FEN with black to move, or a gomoku opening of an odd number of stones,
    /// the second colour does. `colours` names both engines by colour.
    pub first: String,
    /// The engine playing the second colour (black; white in gomoku).
    pub second: String,
    /// The same two engines under their colours' names, written into the record beside
    /// `first` and `second` (`"red"`, `"white"`, `"black"`), so a reader sees who had which
    /// colour without knowing which colour is the first.
    #[serde(flatten)]
    pub colours: Colours,
    /// Where the game started; its moves are not in `moves`.
    #[serde(default, skip_serializing_if = "is_default")]
    pub opening: Opening,
    /// The legal moves the engines played after the opening, in the notation of the game
    /// and protocol; a move that ended the game by being illegal is in `termination` instead.
    pub moves: Vec<String>,
    /// Who won, from `first`'s side.
    pub result: GameResult,
    /// Why it ended, as tagged data with its words beside it for readers, in cutechess-cli's
    /// form (`Black makes an illegal move: h2e9`); results of the older schema, which held
    /// the words alone, still read (see `termination::recorded`).
    #[serde(with = "termination::recorded")]
    pub termination: Termination,
    /// Each move's time from the `go` Arbiter sent to the reply it read, in milliseconds.
    pub move_times_ms: Vec<f64>,
    /// Each move's last search report (depth, score, pv) as its engine gave it, move by move
    /// beside `moves`; none for a move whose engine reported nothing. Empty, and left out of
    /// the JSON, when no move has one: Gomocup and AGI engines report no search, and records
    /// written before it was kept have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub move_info: Vec<Option<SearchInfo>>,
    /// For a loss on time: how far past its time (and margin) the engine was when it lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overrun_ms: Option<f64>,
    /// The protocol checks' findings (not passes) over each engine's transcript.
    pub findings: Vec<Finding>,
    /// Options the user set that an engine did not declare (sent all the same).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undeclared_options: Vec<options::UndeclaredOption>,
    /// The game was not played (an illegal opening, said in `termination`) or not played out
    /// (aborted once the match was decided): it does not count in the score.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
}

impl GameRecord {
    /// The record of a game that ended so, before its moves, times and findings are filled in.
    pub(crate) fn ended(
        pairing: &Pairing<'_>,
        game: GameKind,
        (result, termination): (GameResult, Termination),
    ) -> GameRecord {
        GameRecord {
            number: pairing.number,
            first: pairing.first.name.clone(),
            second: pairing.second.name.clone(),
            colours: Colours::new(game, &pairing.first.name, &pairing.second.name),
            opening: pairing.opening.clone(),
            moves: Vec::new(),
            result,
            termination,
            move_times_ms: Vec::new(),
            move_info: Vec::new(),
            overrun_ms: None,
            findings: Vec::new(),
            undeclared_options: Vec::new(),
            aborted: false,
        }
    }

    /// The record read back, with its colours named as `game` names them.
    pub(crate) fn in_game(mut self, game: GameKind) -> GameRecord {
        self.colours = Colours::new(game, &self.first, &self.second);
        self
    }

    /// Whether the game ended by an engine's own fault (see [`Termination::is_fault`]) or an
    /// engine failed a protocol check in it.
    pub fn is_faulty(&self) -> bool {
        self.findings.iter().any(|f| f.outcome.grade == Grade::Fail) || self.termination.is_fault()
    }
}

/// Who played which colour, under the game's own names for its colours: the record says
/// `"red"` and `"black"` for xiangqi, `"white"` and `"black"` for chess, `"black"` and
/// `"white"` for gomoku and renju, whoever moved first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Colours {
    /// Xiangqi: red is the first colour.
    Xiangqi {
        /// The engine playing red.
        red: String,
        /// The engine playing black.
        black: String,
    },
    /// Chess: white is the first colour.
    Chess {
        /// The engine playing white.
        white: String,
        /// The engine playing black.
        black: String,
    },
    /// Gomoku and renju: black is the first colour, and places the first stone on an empty
    /// board.
    Gomoku {
        /// The engine playing black.
        black: String,
        /// The engine playing white.
        white: String,
    },
}

/// Read back from a record, the names say xiangqi (`red`) or not; chess and gomoku both say
/// `white` and `black`, and which one moved first is the record's `first`, which a field of
/// its own cannot see: read as chess, then named by `GameRecord::in_game`.
impl<'de> Deserialize<'de> for Colours {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Colours, D::Error> {
        #[derive(Deserialize)]
        struct Names {
            red: Option<String>,
            white: Option<String>,
            black: Option<String>,
        }
        let names = Names::deserialize(deserializer)?;
        match names {
            Names {
                red: Some(red),
                black: Some(black),
                ..
            } => Ok(Colours::Xiangqi { red, black }),
            Names {
                white: Some(white),
                black: Some(black),
                ..
            } => Ok(Colours::Chess { white, black }),
            _ => Err(serde::de::Error::custom(
                "a game names its colours: red and black, or white and black",
            )),
        }
    }
}

impl Colours {
    /// The colours of a game whose first colour `first` plays.
    pub fn new(game: GameKind, first: &str, second: &str) -> Colours {
        let (first, second) = (first.to_owned(), second.to_owned());
        match game {
            GameKind::Xiangqi => Colours::Xiangqi {
                red: first,
                black: second,
            },
            GameKind::Chess => Colours::Chess {
                white: first,
                black: second,
            },
            GameKind::Gomoku => Colours::Gomoku {
                black: first,
                white: second,
            },
        }
    }
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// An engine's last search report before its move, as its protocol gave it (UCCI and UCI
/// `info` lines): what a GUI shows beside the move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchInfo {
    /// The depth searched, in plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The score from the mover's side, as the engine wrote it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<SearchScore>,
    /// The principal variation as the engine wrote it, in its own protocol's notation (a UCI
    /// xiangqi engine numbers ranks from 1, where the record's ICCS numbers them from 0).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub pv: String,
}

/// A search report's score: centipawns, or a mate in so many moves. UCCI's `score N` is in
/// centipawns (the text has no mate score; engines write mates as large numbers); UCI has
/// both (`score cp N`, `score mate N`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SearchScore {
    /// `cp N`: hundredths of a pawn, from the mover's side.
    Cp(i32),
    /// `mate N`: mate in N moves; negative when the mover is mated.
    Mate(i32),
}

/// A protocol finding of one engine in one game, with the transcript around it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Finding {
    /// The engine whose transcript the check judged, by its name in the match.
    pub engine: String,
    /// What the check found: its id, grade (a warning or a failure, never a pass),
    /// requirements and sentence, written into the finding beside `engine`.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The lines around the finding, as the human report shows them (`>` sent, `<` received).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excerpt: Vec<String>,
    /// Where in the game the finding's line came, counted in the record's `moves` (from 1):
    /// the move whose search it came in, or the engine's last move before it when it came
    /// between its searches; 0 before the engine's first search (its handshake); one past the
    /// last move when it came after the engine's last move (its ending: `quit`, an illegal
    /// or late move, a crash). None for a finding that points at no line, or a game the
    /// engine made no move in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
}

impl Finding {
    /// The findings (not the passes) of an engine's judged transcript, each with its excerpt.
    pub(crate) fn all_of(
        engine: &str,
        transcript: &Transcript,
        outcomes: Vec<Outcome>,
    ) -> Vec<Finding> {
        Finding::each(engine, outcomes, |at| excerpt::render(transcript, at))
    }

    /// The findings (not the passes) among `outcomes`, each with the excerpt `around` gives
    /// of the line it points at.
    pub(crate) fn each(
        engine: &str,
        outcomes: Vec<Outcome>,
        mut around: impl FnMut(At) -> Vec<String>,
    ) -> Vec<Finding> {
        outcomes
            .into_iter()
            .filter(|o| o.grade != Grade::Pass)
            .map(|outcome| Finding {
                engine: engine.to_owned(),
                excerpt: outcome.at.map(&mut around).unwrap_or_default(),
                outcome,
                // The referee places it in the game once the game is over.
                ply: None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_names_its_engines_by_their_colours() {
        for (game, names) in [
            (GameKind::Xiangqi, ["red", "black"]),
            (GameKind::Chess, ["white", "black"]),
            (GameKind::Gomoku, ["black", "white"]),
        ] {
            let json = serde_json::to_value(Colours::new(game, "a", "b")).unwrap();
            assert_eq!(json, serde_json::json!({ names[0]: "a", names[1]: "b" }));
        }
    }

    #[test]
    fn a_match_records_its_game_with_the_rule_and_board() {
        let json = |game: MatchGame| serde_json::to_value(game).unwrap();
        assert_eq!(
            json(MatchGame::Gomoku {
                size: 15,
                rule: Rule::RENJU
            }),
            serde_json::json!({ "game": "renju", "rule": "renju", "board": 15 })
        );
        assert_eq!(
            json(MatchGame::Gomoku {
                size: 20,
                rule: Rule::EXACT_FIVE
            }),
            serde_json::json!({ "game": "gomoku", "rule": "exact five", "board": 20 })
        );
        assert_eq!(
            json(MatchGame::Xiangqi),
            serde_json::json!({ "game": "xiangqi" })
        );
    }

    #[test]
    fn the_game_length_is_reached_at_twice_the_moves() {
        assert_eq!(by_game_length(11, 12), None);
        assert_eq!(
            by_game_length(12, 12),
            Some((GameResult::Draw, Termination::MaxLength))
        );
    }
}
