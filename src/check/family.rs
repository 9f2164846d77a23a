//! What the UCCI and UCI checks keep alike of an exchange: the position the harness set up,
//! the position each search was sent with, the moves its reports name, and the options the
//! handshake offered. Each protocol's reader owns one and adds what only its text has (banned
//! moves, `multipv`, …).

use std::fmt::Display;

use super::findings::Findings;
use super::flow::{Got, Sent};
use super::legality::{InfoMoves, MoveRules, Searched, set_up, shared_beginning, texts};
use super::offer::{Offer, OfferRules, Offered};
use crate::protocol::family::{OptionDecl, PositionStart};
use crate::rules::Game;
use crate::session::At;

pub(super) struct FamilyGame<P> {
    /// The position the harness set up; `None` after a position the oracle rejects (a
    /// robustness scenario may send one on purpose): moves are then not judged.
    current: Option<P>,
    /// What `current` was set up from: the FEN (none: the start) and the moves as sent. A GUI
    /// sends the whole game with every move, so the next `position` is this one and a move or
    /// two more, and only those are played (a game of n plies would otherwise cost n²/2).
    set_up_from: Option<(Option<String>, Vec<String>)>,
    /// Searches sent so far: each search's number.
    searches: u64,
    info_moves: InfoMoves<P>,
    offer: Offer,
}

impl<P> Default for FamilyGame<P> {
    fn default() -> Self {
        FamilyGame {
            current: None,
            set_up_from: None,
            searches: 0,
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
        let grows = |(from, played): &(Option<String>, Vec<String>)| {
            from.as_deref() == fen
                && played.len() <= moves.len()
                && shared_beginning(played.iter().map(String::as_str), moves) == played.len()
        };
        let known = self.set_up_from.take().filter(grows);
        let grown =
            known
                .zip(self.current.take())
                .and_then(|((from, mut played), mut position)| {
                    for mv in &moves[played.len()..] {
                        let text = mv.to_string();
                        position.play_text(&text).ok()?;
                        played.push(text);
                    }
                    Some((position, (from, played)))
                });
        match grown {
            Some((position, from)) => {
                self.current = Some(position);
                self.set_up_from = Some(from);
            }
            None => {
                self.current = set_up(fen, moves);
                self.set_up_from = self
                    .current
                    .is_some()
                    .then(|| (fen.map(str::to_owned), texts(moves)));
            }
        }
    }

    /// A `position` that does not read: what it set up is unknown, so the moves of the
    /// searches after it are not judged (rather than judged against the position before).
    pub(super) fn position_unknown(&mut self) {
        self.current = None;
        self.set_up_from = None;
    }

    /// `go` sent: the current position, searched with the moves it may not play or the only
    /// ones it may; `None` if the oracle rejected the position or it is unknown.
    pub(super) fn searched<M: Display>(
        &mut self,
        banned: Vec<String>,
        allowed: &[M],
    ) -> Option<Searched<P>> {
        self.searches += 1;
        let search = self.searches;
        self.current.clone().map(|position| Searched {
            search,
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
    pub(super) fn info_moves<V: Display, M: Display>(
        &mut self,
        rules: &MoveRules,
        searched: Option<&Searched<P>>,
        pv: &[V],
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::ChessPosition;
    use proptest::prelude::*;

    /// The position `FamilyGame` holds after `position` commands of `games` in turn (each a
    /// start and moves), as FEN; none where it holds none.
    fn held(sent: &[(Option<&str>, Vec<String>)]) -> Vec<Option<String>> {
        let mut game = FamilyGame::<ChessPosition>::default();
        sent.iter()
            .map(|(fen, moves)| {
                let start = match fen {
                    None => PositionStart::Startpos,
                    Some(fen) => PositionStart::Fen((*fen).to_owned()),
                };
                game.position_sent(&start, moves);
                game.current.as_ref().map(Game::fen)
            })
            .collect()
    }

    /// What a `position` sets up from scratch.
    fn fresh(fen: Option<&str>, moves: &[String]) -> Option<String> {
        set_up::<ChessPosition, _>(fen, moves).map(|p| p.fen())
    }

    proptest! {
        /// Growing the position from the last one, as a GUI's next `position` allows, sets up
        /// what the command sets up from scratch: for a game sent move by move, with its moves
        /// taken back, branched off, or an illegal one among them.
        #[test]
        fn a_grown_position_is_the_position_set_up_afresh(
            picks in prop::collection::vec(0usize..40, 1..24),
            cuts in prop::collection::vec(0usize..24, 0..4),
        ) {
            let mut line: Vec<String> = Vec::new();
            let mut position = ChessPosition::start_position();
            let mut sent = Vec::new();
            for (i, pick) in picks.iter().enumerate() {
                let legal = position.legal_move_texts();
                let Some(mv) = legal.get(pick % legal.len().max(1)).cloned() else { break };
                position.play_text(&mv).unwrap();
                line.push(mv);
                sent.push((None, line.clone()));
                if cuts.contains(&i) {
                    sent.push((None, line[..i / 2].to_vec()));
                    let mut wrong = line.clone();
                    wrong.push("a1a8".to_owned());
                    sent.push((None, wrong));
                }
            }
            let expected: Vec<_> = sent.iter().map(|(fen, moves)| fresh(*fen, moves)).collect();
            prop_assert_eq!(held(&sent), expected);
        }
    }
}
