//! Engines kept between games (`arbiter match --restart off`, fastchess's default): a match
//! worker plays its games one after another, and an engine that ended a game in good order
//! plays its next one in the same process, readied the protocol's way (UCI `ucinewgame` and
//! `isready`, UCCI `setoption newgame` where the engine offers it and `isready`, Gomocup
//! `RESTART`, AGI `ISREADY`). That saves each game the engines' start-up: a network, tables
//! and a book loaded again.
//!
//! An engine is started afresh instead when it was at fault in its last game (a crash, a
//! hang, a loss on time, an illegal move: whatever it lost by), when it exited between games,
//! when it failed to get ready for the next one, or when it declined a new game in the same
//! process (Gomocup `RESTART` answered `UNKNOWN`, which the text answers so: gomocup-r111).
//! Its session is judged as one, across its games, and each game reports the findings made
//! while it was played; what an engine did between games, or at its end, is reported with
//! the last game it played ([`Amendment`]).

use super::board::{Chess, Xiangqi};
use super::game::RefereedGame;
use super::seat::Seat;
use crate::matchplay::Finding;
use crate::matchplay::gomoku::Gomoku;
use crate::matchplay::options::UndeclaredOption;

/// An engine waiting for its next game.
pub(crate) struct Kept<G> {
    /// The player it is, by its name in the match.
    pub player: String,
    pub seat: Box<dyn Seat<G>>,
    /// The number of the last game it played, which its later findings are reported with.
    pub last_game: usize,
    /// The options it did not declare, reported with each of its games as when it started.
    pub undeclared: Vec<UndeclaredOption>,
}

/// Findings that belong to a game already reported: what an engine kept after that game did
/// before its next one, or as it was ended.
#[derive(Debug)]
pub(crate) struct Amendment {
    /// The game's number in the match.
    pub game: usize,
    pub findings: Vec<Finding>,
}

/// The engines one match worker keeps, each game's kind in its own pen (a match plays one
/// game, so only one pen is ever used).
#[derive(Default)]
pub(crate) struct Kennel {
    xiangqi: Vec<Kept<Xiangqi>>,
    chess: Vec<Kept<Chess>>,
    gomoku: Vec<Kept<Gomoku>>,
}

/// A game whose engines can be kept: its pen in the kennel.
pub(crate) trait Kennelled: RefereedGame + Sized {
    fn pen(kennel: &mut Kennel) -> &mut Vec<Kept<Self>>;
}

impl Kennelled for Xiangqi {
    fn pen(kennel: &mut Kennel) -> &mut Vec<Kept<Xiangqi>> {
        &mut kennel.xiangqi
    }
}

impl Kennelled for Chess {
    fn pen(kennel: &mut Kennel) -> &mut Vec<Kept<Chess>> {
        &mut kennel.chess
    }
}

impl Kennelled for Gomoku {
    fn pen(kennel: &mut Kennel) -> &mut Vec<Kept<Gomoku>> {
        &mut kennel.gomoku
    }
}

impl Kennel {
    /// The engine kept for `player`, if any.
    pub(crate) fn take<G: Kennelled>(&mut self, player: &str) -> Option<Kept<G>> {
        let pen = G::pen(self);
        let i = pen.iter().position(|k| k.player == player)?;
        Some(pen.swap_remove(i))
    }

    pub(crate) fn put<G: Kennelled>(&mut self, kept: Kept<G>) {
        G::pen(self).push(kept);
    }

    /// Ends the engines the next game does not need (a round robin of three or more plays a
    /// worker's engines in turn), so that a worker runs at most a game's two engines.
    pub(crate) fn release_all_but<G: Kennelled>(&mut self, players: &[&str]) -> Vec<Amendment> {
        let pen = G::pen(self);
        let (stay, go): (Vec<_>, Vec<_>) = std::mem::take(pen)
            .into_iter()
            .partition(|k| players.contains(&k.player.as_str()));
        *pen = stay;
        go.into_iter().map(Kept::release).collect()
    }

    /// Ends every engine kept: the worker has no game left.
    pub(crate) fn close(mut self) -> Vec<Amendment> {
        let xiangqi = std::mem::take(&mut self.xiangqi)
            .into_iter()
            .map(Kept::release);
        let chess = std::mem::take(&mut self.chess)
            .into_iter()
            .map(Kept::release);
        let gomoku = std::mem::take(&mut self.gomoku)
            .into_iter()
            .map(Kept::release);
        xiangqi.chain(chess).chain(gomoku).collect()
    }
}

impl<G: RefereedGame> Kept<G> {
    /// Ends the engine the protocol's way; its last findings go with its last game.
    pub(crate) fn release(self) -> Amendment {
        Amendment {
            game: self.last_game,
            findings: self.seat.finish(),
        }
    }
}
