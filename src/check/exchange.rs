//! One protocol's reading of its transcript for the shared exchange rules: an [`Exchange`]
//! (its codec, and what each line means for the game it tracks) paired with the [`Flow`]
//! that judges the events, as one [`Reader`] of UCCI, UCI or AGI.

use super::findings::Findings;
use super::flow::{Flow, Go, Got, Sent};
use super::held::HeldInput;
use super::{Outcome, Reader};
use crate::protocol::{Codec, LineError, ReqId};
use crate::session::{At, Direction, Entry, Transcript};

/// One protocol's reading of its transcript: its codec, and what each line means for the
/// exchange rules and the game state.
pub(super) trait Exchange: Send + Sized {
    /// The protocol's codec.
    type Codec: Codec;
    /// What one search keeps to judge the replies to it: the position searched, the moves it
    /// may play, what its `info` lines said so far.
    type Search: Send;
    /// A command the harness sent; tracks the game state.
    fn sent(&mut self, command: <Self::Codec as Codec>::Command) -> Option<Sent<Self::Search>>;
    /// A command the codec could not read, opening with `keyword` when that read: what it
    /// still means. A malformed `go` still opens a search (an engine may take it), and a
    /// malformed `position` leaves the position unknown, so the moves of a search after it
    /// are not judged against a stale one. Each protocol matches on every keyword, so that a
    /// keyword added to its codec must be judged here.
    fn unreadable_command(
        &mut self,
        keyword: Option<CommandKeyword<Self>>,
        line: &str,
    ) -> Option<Sent<Self::Search>>;
    /// A reply the engine sent (`text` as written), `search` the one it answers when that is
    /// settled; judges its moves into `out`.
    fn received(
        &mut self,
        message: <Self::Codec as Codec>::Message,
        text: &str,
        at: At,
        search: Option<&mut Self::Search>,
        out: &mut Findings,
    ) -> Got;
    /// A reply the codec could not read, judged with the search it would answer, if any.
    fn unreadable(
        &self,
        line: &str,
        error: &LineError<MessageKeyword<Self>>,
        search: Option<&Self::Search>,
        at: At,
    ) -> Outcome;
    /// What an unreadable reply still means for the exchange (a malformed `bestmove` still
    /// ends its search).
    fn unreadable_event(&self, line: &str) -> Got {
        if is_bestmove(line) {
            Got::SearchResult
        } else {
            Got::Other
        }
    }
    /// Judges what only the end of the session shows (after the exchange rules).
    fn finish(self, _out: &mut Findings) {}
}

/// The words a command of `X`'s protocol opens with.
pub(super) type CommandKeyword<X> = <<X as Exchange>::Codec as Codec>::CommandKeyword;
/// The words a reply of `X`'s protocol opens with.
pub(super) type MessageKeyword<X> = <<X as Exchange>::Codec as Codec>::MessageKeyword;

/// A protocol's [`Exchange`] with the shared [`Flow`]: a [`Reader`] of UCCI, UCI or AGI.
pub(super) struct ExchangeReader<X: Exchange> {
    pub exchange: X,
    pub flow: Flow<X::Search>,
    pub held: HeldInput,
}

impl<X: Exchange> Reader for ExchangeReader<X> {
    fn entry(&mut self, e: &Entry, out: &mut Findings) {
        self.flow.seen(e.at);
        match e.direction {
            Direction::Stderr | Direction::Omitted => {}
            Direction::Sent => {
                self.held.sent(e.at, &e.text);
                let what = match X::Codec::parse_command(&e.text) {
                    Ok(command) => {
                        let what = self.exchange.sent(command);
                        self.flow.command(what.as_ref());
                        what
                    }
                    Err(error) => self.exchange.unreadable_command(error.keyword, &e.text),
                };
                if let Some(what) = what {
                    self.flow.sent(e.at, what);
                }
            }
            Direction::Received => {
                // A line the harness cut is judged by its length alone: what is left of it
                // is not what the engine wrote.
                let what = if e.dropped_bytes > 0 {
                    self.exchange.unreadable_event(&e.text)
                } else {
                    match X::Codec::parse_message(&e.text) {
                        Ok(message) => {
                            let search = self.flow.answering();
                            self.exchange.received(message, &e.text, e.at, search, out)
                        }
                        Err(error) => {
                            let search = self.flow.answering().map(|s| &*s);
                            out.push(self.exchange.unreadable(&e.text, &error, search, e.at));
                            self.exchange.unreadable_event(&e.text)
                        }
                    }
                };
                let of_search = what == Got::SearchResult
                    || X::Codec::PROTOCOL.facts().is_search_report(&e.text);
                self.held.received(e.at, of_search, out);
                self.flow.got(e.at, what, out);
            }
        }
    }

    fn unresponsive(&self) -> bool {
        self.flow.handshake_unanswered()
    }

    fn reply_owed(&self) -> Option<&'static [ReqId]> {
        self.flow
            .result_owed()
            .then_some(X::Codec::PROTOCOL.facts().search_reply_rows)
    }

    fn finish(self: Box<Self>, end: &Transcript, out: &mut Findings) {
        let ExchangeReader { exchange, flow, .. } = *self;
        exchange.finish(out);
        flow.finish(end, out);
    }
}

/// A probe line like `xyzzy isready`: unknown words, then `isready` as the last word.
pub(super) fn isready_after_unknown_words<S>(line: &str) -> Option<Sent<S>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    (words.len() > 1 && words.last()?.eq_ignore_ascii_case("isready"))
        .then_some(Sent::IsReadyAfterUnknownWords)
}

/// A `go` that does not read: a search of unknown mode, judged with `judged`.
pub(super) fn unread_go<S>(judged: S) -> Option<Sent<S>> {
    Some(Sent::Go(Go { mode: None, judged }))
}

/// Whether a reply is a `bestmove` line, however malformed the rest: in UCCI and UCI such a
/// line still ends its search, so its `go` is not also reported as unanswered.
pub(super) fn is_bestmove(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("bestmove"))
}
