//! Match play refereed by Arbiter's oracles (`arbiter match`): engines play each other, every
//! move is judged by the rules oracle, and the built-in protocol checks run over each engine's
//! whole transcript, so a match is also a conformance run.
//!
//! A game (`play_game`) is refereed by `referee` (UCCI and UCI: xiangqi and chess) or `gomoku`
//! (Gomocup and AGI: gomoku and renju), each engine in its own protocol, on time controls
//! Arbiter keeps and measures on the wire. Above the games, `schedule` lists a tournament's
//! games (round robin or gauntlet, rounds, pairs with colours swapped, openings in turn, a
//! partition's share), `tournament` plays them some at a time, `tally` and `score` count them
//! (per encounter, with game pairs, and per engine), and `sprt` may stop the match early.
//! `openings` reads opening books, `pgn` and `psq` write the games.

pub mod adjudication;
pub mod clock;
pub mod endings;
mod fault;
mod gomoku;
pub mod openings;
pub mod options;
pub mod pgn;
pub mod psq;
mod referee;
pub mod schedule;
pub mod score;
pub mod sprt;
pub mod tally;
mod tournament;

use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use clock::TimeControl;
pub use referee::play_game;
pub use score::Score;
pub use tournament::{
    MatchEvent, MatchReport, PlayedGame, SprtReport, TournamentOptions, play_tournament,
};

use crate::check::{Grade, Outcome};
use crate::protocol::{GameKind, Protocol};
use crate::report::excerpt;
use crate::rules::gomoku::Rule;
use crate::session::EngineCommand;
use crate::session::Transcript;

/// How long an engine may take to answer the handshake and its first `isready` (Gomocup
/// `START`, AGI `AGI` and `ISREADY`) before it counts as stalled, before the time scale:
/// generous, as engines load networks, tables and books at start.
const START_BOUND: Duration = Duration::from_secs(10);

/// One engine of the match.
#[derive(Debug, Clone)]
pub struct Player {
    pub name: String,
    pub command: EngineCommand,
    /// The protocol this engine speaks (engines of one game may speak different ones: UCCI
    /// and UCI for xiangqi, Gomocup and AGI for gomoku).
    pub protocol: Protocol,
    /// Engine options (`option.NAME=VALUE`), sent in the protocol's own way before the game.
    pub options: Vec<(String, String)>,
    /// This engine's own time control and limits, where they differ from the match's (time
    /// or node odds, for handicap matches).
    pub control: Option<TimeControl>,
    pub limits: Option<SearchLimits>,
}

impl Player {
    /// The time control this engine plays under.
    pub fn control(&self, settings: &MatchSettings) -> TimeControl {
        self.control.unwrap_or(settings.control)
    }

    /// The search limits sent to this engine.
    pub fn limits(&self, settings: &MatchSettings) -> SearchLimits {
        self.limits.unwrap_or(settings.limits)
    }
}

/// The game played, with its rules where there is a choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchGame {
    Xiangqi,
    Chess,
    /// Gomoku or renju on a square board of `size`, under `rule` (Gomocup's rule bits).
    Gomoku {
        size: u8,
        rule: Rule,
    },
}

impl MatchGame {
    /// The game as the protocol checks know it.
    pub const fn kind(self) -> GameKind {
        match self {
            MatchGame::Xiangqi => GameKind::Xiangqi,
            MatchGame::Chess => GameKind::Chess,
            MatchGame::Gomoku { .. } => GameKind::Gomoku,
        }
    }
}

/// Limits sent with every search besides the time control (cutechess-cli's `nodes=`,
/// `depth=`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchLimits {
    pub nodes: Option<u64>,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawAdjudication {
    pub from_move: u32,
    pub moves: u32,
    pub score: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResignAdjudication {
    pub moves: u32,
    pub score: i32,
}

/// How the games are played.
#[derive(Debug, Clone, Copy)]
pub struct MatchSettings {
    pub game: MatchGame,
    /// How long the engines may think: a time per move, or a clock Arbiter keeps.
    pub control: TimeControl,
    pub limits: SearchLimits,
    /// How far past its time a move may come before it loses on time.
    pub margin: Duration,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
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
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Opening {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
}

/// One game to play: its number in the match, who moves first, and from where.
#[derive(Debug, Clone, Copy)]
pub struct Pairing<'a> {
    pub number: usize,
    pub first: &'a Player,
    pub second: &'a Player,
    pub opening: &'a Opening,
}

/// How a game ended, for the first-moving side's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    FirstWins,
    #[serde(rename = "0-1")]
    SecondWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1-0",
            GameResult::SecondWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// One game, as played and judged.
#[derive(Debug, Clone, Serialize)]
pub struct GameRecord {
    pub number: usize,
    /// The engine that moved first (white, red) and the other.
    pub first: String,
    pub second: String,
    /// Where the game started; its moves are not in `moves`.
    #[serde(skip_serializing_if = "is_default")]
    pub opening: Opening,
    pub moves: Vec<String>,
    pub result: GameResult,
    /// Why it ended, in cutechess-cli's words (`Black makes an illegal move`).
    pub termination: String,
    /// Each move's time from the `go` Arbiter sent to the reply it read, in milliseconds.
    pub move_times_ms: Vec<f64>,
    /// For a loss on time: how far past its time (and margin) the engine was when it lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overrun_ms: Option<f64>,
    /// The protocol checks' findings (not passes) over each engine's transcript.
    pub findings: Vec<Finding>,
    /// Options the user set that an engine did not declare (sent all the same).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub undeclared_options: Vec<options::UndeclaredOption>,
    /// The game was not played (an illegal opening, said in `termination`): it does not count
    /// in the score.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// A protocol finding of one engine in one game, with the transcript around it.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub engine: String,
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The lines around the finding, as the human report shows them (`>` sent, `<` received).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub excerpt: Vec<String>,
}

impl Finding {
    /// The findings (not the passes) of an engine's judged transcript, each with its excerpt.
    pub fn all_of(engine: &str, transcript: &Transcript, outcomes: Vec<Outcome>) -> Vec<Finding> {
        outcomes
            .into_iter()
            .filter(|o| o.grade != Grade::Pass)
            .map(|outcome| Finding {
                engine: engine.to_owned(),
                excerpt: outcome
                    .at
                    .map(|at| excerpt::render(transcript, at))
                    .unwrap_or_default(),
                outcome,
            })
            .collect()
    }
}
