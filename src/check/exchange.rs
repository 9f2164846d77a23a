//! One protocol's reading of its transcript for the shared exchange rules: an [`Exchange`]
//! (its codec, and what each line means for the game it tracks) paired with the [`Flow`]
//! that judges the events, as one [`Reader`] of UCCI, UCI or AGI.

use super::findings::Findings;
use super::flow::{Flow, Got, Sent};
use super::{Outcome, Reader};
use crate::protocol::{Codec, ParseError};
use crate::session::{At, Direction, Entry, Transcript};

/// One protocol's reading of its transcript: its codec, and what each line means for the
/// exchange rules and the game state.
pub(super) trait Exchange: Send + Sized {
    /// The protocol's codec.
    type Codec: Codec;
    /// A command the harness sent; tracks the game state.
    fn sent(&mut self, command: <Self::Codec as Codec>::Command) -> Option<Sent>;
    /// A reply the engine sent (`text` as written); judges its moves into `out`.
    fn received(
        &mut self,
        message: <Self::Codec as Codec>::Message,
        text: &str,
        at: At,
        out: &mut Findings,
    ) -> Got;
    /// A reply the codec could not read.
    fn unreadable(&self, line: &str, error: &ParseError, at: At) -> Outcome;
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

/// A protocol's [`Exchange`] with the shared [`Flow`]: a [`Reader`] of UCCI, UCI or AGI.
pub(super) struct ExchangeReader<X> {
    pub exchange: X,
    pub flow: Flow,
}

impl<X: Exchange> Reader for ExchangeReader<X> {
    fn entry(&mut self, e: &Entry, out: &mut Findings) {
        self.flow.seen(e.at);
        match e.direction {
            Direction::Stderr | Direction::Omitted => {}
            Direction::Sent => {
                let what = match X::Codec::parse_command(&e.text) {
                    Ok(command) => {
                        let what = self.exchange.sent(command);
                        self.flow.command(what);
                        what
                    }
                    Err(_) => isready_after_unknown_words(&e.text),
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
                        Ok(message) => self.exchange.received(message, &e.text, e.at, out),
                        Err(error) => {
                            out.push(self.exchange.unreadable(&e.text, &error, e.at));
                            self.exchange.unreadable_event(&e.text)
                        }
                    }
                };
                self.flow.got(e.at, what, out);
            }
        }
    }

    fn unresponsive(&self) -> bool {
        self.flow.handshake_unanswered()
    }

    fn finish(self: Box<Self>, end: &Transcript, out: &mut Findings) {
        let ExchangeReader { exchange, flow } = *self;
        exchange.finish(out);
        flow.finish(end, out);
    }
}

/// A probe line like `xyzzy isready`: unknown words, then `isready` as the last word.
fn isready_after_unknown_words(line: &str) -> Option<Sent> {
    let words: Vec<&str> = line.split_whitespace().collect();
    (words.len() > 1 && words.last()?.eq_ignore_ascii_case("isready"))
        .then_some(Sent::IsReadyAfterUnknownWords)
}

/// Whether a reply is a `bestmove` line, however malformed the rest: in UCCI and UCI such a
/// line still ends its search, so its `go` is not also reported as unanswered.
pub(super) fn is_bestmove(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("bestmove"))
}
