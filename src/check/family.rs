//! What the UCCI and UCI checks keep alike of an exchange: the position the harness set up,
//! the position each search was sent with, the moves its reports name, and the options the
//! handshake offered. Each protocol's reader owns one and adds what only its text has (banned
//! moves, `multipv`, …).

use std::fmt::Display;

use super::findings::Findings;
use super::flow::{Got, Sent};
use super::legality::{InfoMoves, MoveRules, Searched, set_up, texts};
use super::offer::{Offer, OfferRules, Offered};
use crate::protocol::family::{OptionDecl, PositionStart};
use crate::rules::Game;
use crate::session::At;

pub(super) struct FamilyGame<P> {
    /// The position the harness set up; `None` after a position the oracle rejects (a
    /// robustness scenario may send one on purpose): moves are then not judged.
    current: Option<P>,
    info_moves: InfoMoves,
    offer: Offer,
}

impl<P> Default for FamilyGame<P> {
    fn default() -> Self {
        FamilyGame {
            current: None,
            info_moves: InfoMoves::default(),
            offer: Offer::default(),
        }
    }
}

impl<P: Game + Clone> FamilyGame<P> {
    /// `ucci`/`uci` sent: a new handshake, a new offer of options.
    pub(super) fn handshake_sent<S>(&mut self) -> Option<Sent<S>> {
        self.offer.restart();
        Some(Sent::Handshake)
    }

    /// `position` sent: the start position or a FEN, then the moves.
    pub(super) fn position_sent<M: Display>(&mut self, start: &PositionStart, moves: &[M]) {
        let fen = match start {
            PositionStart::Startpos => None,
            PositionStart::Fen(fen) => Some(fen.as_str()),
        };
        self.current = set_up(fen, moves);
    }

    /// A `position` that does not read: what it set up is unknown, so the moves of the
    /// searches after it are not judged (rather than judged against the position before).
    pub(super) fn position_unknown(&mut self) {
        self.current = None;
    }

    /// `go` sent: the current position, searched with the moves it may not play or the only
    /// ones it may; `None` if the oracle rejected the position or it is unknown.
    pub(super) fn searched<M: Display>(
        &self,
        banned: Vec<String>,
        allowed: &[M],
    ) -> Option<Searched<P>> {
        self.current.clone().map(|position| Searched {
            position,
            banned,
            allowed: texts(allowed),
        })
    }

    /// An `option` line of the handshake.
    pub(super) fn option(&mut self, declaration: OptionDecl, at: At) -> Got {
        self.offer.option(Offered::new(declaration, at));
        Got::BootLine
    }

    /// An `id` line of the handshake.
    pub(super) fn id(&mut self, at: At) -> Got {
        self.offer.id(at);
        Got::BootLine
    }

    /// `ucciok`/`uciok`: the offer is complete, and judged.
    pub(super) fn handshake_ok(&mut self, rules: &OfferRules, out: &mut Findings) -> Got {
        self.offer.judge(rules, out);
        Got::HandshakeOk
    }

    /// The moves of an `info` line: its pv and its `currmove`, against the position of the
    /// search it reports on.
    pub(super) fn info_moves<M: Display>(
        &mut self,
        rules: &MoveRules,
        searched: Option<&Searched<P>>,
        pv: &[String],
        currmove: Option<&M>,
        at: At,
        out: &mut Findings,
    ) {
        if let Some(s) = searched {
            let current = currmove.map(ToString::to_string);
            self.info_moves
                .judge(rules, s, pv, current.as_deref(), at, out);
        }
    }

    /// The end of the transcript: the moves' checks that count passes report them.
    pub(super) fn finish(self, rules: &MoveRules, out: &mut Findings) {
        self.info_moves.finish(rules, out);
    }
}
