//! Match play refereed by Arbiter's oracles (`arbiter match`): engines play each other, every
//! move is judged by the rules oracle, and the built-in protocol checks run over each engine's
//! whole transcript, so a match is also a conformance run.
//!
//! This first step plays UCCI (xiangqi) and UCI (chess, or xiangqi) engines, two at a time,
//! a fixed time per move (`st`) or on clocks Arbiter keeps (`tc`), colours alternating game
//! by game. A game ends by the rules
//! (checkmate; stalemate, which loses in xiangqi), by an illegal move, a move past the time
//! limit, an engine that crashes or stops answering, or the move limit (a draw by
//! adjudication).

pub mod clock;
pub mod pgn;
mod referee;
pub mod score;

use std::time::Duration;

use serde::Serialize;

pub use clock::TimeControl;
pub use referee::play_game;
pub use score::Score;

use crate::check::Outcome;
use crate::protocol::{GameKind, Protocol};
use crate::session::EngineCommand;

/// One engine of the match.
#[derive(Debug, Clone)]
pub struct Player {
    pub name: String,
    pub command: EngineCommand,
}

/// How the games are played.
#[derive(Debug, Clone, Copy)]
pub struct MatchSettings {
    pub protocol: Protocol,
    pub game: GameKind,
    /// How long the engines may think: a time per move, or a clock Arbiter keeps.
    pub control: TimeControl,
    /// How far past its time a move may come before it loses on time.
    pub margin: Duration,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
    pub games: usize,
    /// Multiplies the handshake and `readyok` bounds, as for runs.
    pub time_scale: f64,
}

/// How a game ended, for the first-moving side's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
}

/// A protocol finding of one engine in one game.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub engine: String,
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// A whole match: its games and the score of the first engine against the second.
#[derive(Debug, Clone, Serialize)]
pub struct MatchReport {
    pub protocol: Protocol,
    pub players: [String; 2],
    pub games: Vec<GameRecord>,
    pub score: Score,
}

/// Plays the match, telling `observe` of each game as it starts and ends.
pub fn play_match(
    players: &[Player; 2],
    settings: &MatchSettings,
    mut observe: impl FnMut(MatchEvent<'_>),
) -> MatchReport {
    let mut games = Vec::new();
    let mut score = Score::default();
    for number in 1..=settings.games {
        // Colours alternate: the first engine moves first in odd games.
        let (first, second) = if number % 2 == 1 {
            (&players[0], &players[1])
        } else {
            (&players[1], &players[0])
        };
        observe(MatchEvent::Started {
            number,
            of: settings.games,
            first: &first.name,
            second: &second.name,
        });
        let record = play_game(number, first, second, settings);
        score.add(&record, &players[0].name);
        observe(MatchEvent::Finished {
            record: &record,
            score: &score,
            players,
        });
        games.push(record);
    }
    MatchReport {
        protocol: settings.protocol,
        players: [players[0].name.clone(), players[1].name.clone()],
        games,
        score,
    }
}

/// What a match tells its observer.
pub enum MatchEvent<'a> {
    Started {
        number: usize,
        of: usize,
        first: &'a str,
        second: &'a str,
    },
    Finished {
        record: &'a GameRecord,
        score: &'a Score,
        players: &'a [Player; 2],
    },
}
