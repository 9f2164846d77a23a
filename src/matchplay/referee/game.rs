//! What the referee loop needs of a game (xiangqi, chess, gomoku), and what it reads of an
//! engine's answer, whatever protocol carried it.

use std::fmt;

use super::searches::SearchSpan;
use super::seat::Seat;
use crate::matchplay::termination::{Colour, Termination, Unplayed};
use crate::matchplay::{GameResult, Illegality, MatchSettings, Opening, Player, SearchInfo};
use crate::rules::Side;
use crate::session::Cancel;

/// A game as the referee plays it: the position and whatever the rules remember of the moves
/// that led to it, judged by the rules oracle.
pub(crate) trait RefereedGame: Sized {
    /// A move in the referee's notation (ICCS for xiangqi, UCI for chess, a point for gomoku),
    /// as the record writes it.
    type Move: Clone + PartialEq + fmt::Display;

    /// The game after the opening the referee plays, or why it cannot be played (a setup
    /// error, not a player's: the game does not count).
    fn open(settings: &MatchSettings, opening: &Opening) -> Result<Self, Unplayed>;

    /// The seat of `player` in this game, in the player's protocol, its session ended by
    /// `cancel`.
    fn seat(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> Box<dyn Seat<Self>>;

    /// The colour a side plays, for the termination's words.
    fn colour(side: Side) -> Colour;

    fn side_to_move(&self) -> Side;

    /// Plays the move of the side to move if the rules allow it; else why they do not.
    fn play(&mut self, mv: &Self::Move) -> Result<(), Illegality>;

    /// Plies on the board since the game's start, the opening's included.
    fn plies(&self) -> usize;

    /// The end the position itself decides (mate, stalemate, material; five in a row, a full
    /// board).
    fn by_the_rules(&self) -> Option<(GameResult, Termination)>;

    /// The end the game's history decides after a move (repetition, the move-count rules).
    fn by_history(&self) -> Option<(GameResult, Termination)> {
        None
    }
}

/// An engine's answer to a move request.
pub(crate) struct Reply<M> {
    pub mv: Played<M>,
    /// UCCI's `draw` after the move: an offer, or the acceptance of one.
    pub draw: bool,
    /// The score of its last `info` line, for adjudication.
    pub score: Option<i32>,
    /// The move it would ponder on (`bestmove M ponder P`), when it reads as one.
    pub ponder: Option<M>,
    /// Its last search report before the move (depth, score, pv), for the record.
    pub info: Option<SearchInfo>,
    /// When the search ran on the engine's transcript clock, so its findings can be placed
    /// at this move; none from a seat that did not stamp it.
    pub searched: Option<SearchSpan>,
}

impl<M> Reply<M> {
    /// A move and nothing else (the Gomocup and AGI answers).
    pub(crate) fn bare(mv: Played<M>) -> Reply<M> {
        Reply {
            mv,
            draw: false,
            score: None,
            ponder: None,
            info: None,
            searched: None,
        }
    }

    /// The reply of a search asked for at `asked_us` and answered at `answered_us`, on the
    /// engine's session clock (`Session::now_us`).
    pub(crate) fn searched_between(self, asked_us: u64, answered_us: u64) -> Reply<M> {
        Reply {
            searched: Some(SearchSpan {
                asked_us,
                answered_us,
            }),
            ..self
        }
    }
}

/// The move an engine answered with.
pub(crate) enum Played<M> {
    /// A move of the notation, and the move as the engine wrote it; `banned` when the seat had
    /// forbidden it in this position (UCCI's `banmoves`).
    Move {
        mv: M,
        written: String,
        banned: bool,
    },
    /// A move that names no move of the protocol's notation, as written.
    Unreadable(String),
}

/// The result of a win for `side`.
pub(crate) const fn win(side: Side) -> GameResult {
    match side {
        Side::First => GameResult::FirstWins,
        Side::Second => GameResult::SecondWins,
    }
}
