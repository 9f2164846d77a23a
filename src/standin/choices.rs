//! What the stand-in chooses where the text leaves an engine free: how long it takes to answer,
//! how many search reports come before a result, whether it names a move to ponder on, whether
//! it offers a draw or resigns (UCCI), and what it says before a move (Gomocup). Each choice
//! is the stand-in's usual one, fixed by a named [`Behaviour`], or, with `--fuzz SEED`, drawn
//! at random within the text and the bounds the harness itself gives engines, so a GUI author
//! can stress a GUI and replay the session that broke it.
//!
//! Replaying needs the same choices for the same GUI input whatever the timing. So nothing is
//! drawn from one shared sequence, whose order would follow which of a timer and the GUI's next
//! line came first: every choice is drawn from its own generator, seeded from the seed, the
//! kind of moment (a handshake, a `readyok`, a search) and how many of that kind came before.
//! A search draws all of its choices when it starts, whether it then ends by its clock, by
//! `stop` or by another command.

use std::time::Duration;

use super::{Behaviour, StandsIn};
use crate::protocol::{Protocol, with_codec};

/// The latest handshake reply: the harness gives an engine 2 s (the texts set no figure), and
/// a slow handshake is 1.5 s.
pub(super) const HANDSHAKE_MOST: Duration = Duration::from_millis(1500);
/// The latest `readyok`: the texts say "at once", the harness and common GUIs wait 1 s.
pub(super) const READYOK_MOST: Duration = Duration::from_millis(700);
/// The latest result after `stop` (the texts: "immediately"; the harness warns after 1 s).
pub(super) const STOP_MOST: Duration = Duration::from_millis(500);
/// The longest search with no clock to share (a depth, a node count, no limit named): the
/// text sets none, and a GUI that asked for a shallow search waits for it.
pub(super) const UNTIMED_MOST: Duration = Duration::from_millis(250);
/// The most search reports a drawn search writes before its result.
pub(super) const REPORTS_MOST: usize = 300;
/// The most `DEBUG`/`MESSAGE` lines a drawn Gomocup move has before it.
pub(super) const MESSAGES_MOST: usize = 4;

/// The stand-in's choices for one session: what its protocol leaves free, the behaviours
/// named, and the seed of `--fuzz`, if any. A behaviour fixes the choice it names; the seed
/// draws the others.
#[derive(Debug, Clone)]
pub struct Choices {
    freedoms: Freedoms,
    behaviours: Vec<Behaviour>,
    fuzz: Option<Streams>,
}

/// What a protocol's text leaves its engine free to write around a move, and what the
/// stand-in writes there by default: each protocol's [`StandsIn`](super::StandsIn) says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Freedoms {
    /// Search reports before a result; none in a protocol without them (Gomocup).
    pub reports: Option<Reports>,
    /// The move to ponder on that a result names by default; none in a protocol whose
    /// results name none (Gomocup).
    pub ponder: Option<Ponder>,
    /// A draw offer or a resignation beside a move (UCCI's `bestmove … draw|resign`).
    pub verdicts: bool,
    /// `DEBUG` and `MESSAGE` lines before a move (Gomocup's).
    pub messages: bool,
}

/// How many search reports come before a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reports {
    /// By default.
    pub usual: usize,
    /// Under the `info-flood` behaviour.
    pub flood: usize,
}

/// The kinds of moment a choice is drawn at, each counted on its own.
#[derive(Debug, Clone, Copy)]
enum Stream {
    Handshake = 0,
    Readyok = 1,
    Search = 2,
}

/// The seed and how many choices of each kind were drawn.
#[derive(Debug, Clone)]
struct Streams {
    seed: u64,
    drawn: [u64; 3],
}

impl Streams {
    /// The generator of the next moment of this kind.
    fn next(&mut self, stream: Stream) -> fastrand::Rng {
        let index = &mut self.drawn[stream as usize];
        let rng = fastrand::Rng::with_seed(mix(mix(self.seed ^ stream as u64) ^ *index));
        *index += 1;
        rng
    }
}

/// SplitMix64's finaliser: nearby inputs (seed 1 and 2, the 3rd and 4th search) give
/// unrelated seeds.
fn mix(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A delay up to `most`: none, a short one, or any, a third of the time each, so that a
/// session has both the prompt answers a GUI sees every day and the ones near the bound.
fn delay(rng: &mut fastrand::Rng, most: Duration) -> Duration {
    let most_ms = most.as_millis() as u64;
    let ms = match rng.u8(0..3) {
        0 => 0,
        1 => rng.u64(0..=most_ms.min(20)),
        _ => rng.u64(0..=most_ms),
    };
    Duration::from_millis(ms)
}

/// How long a search may take: what the stand-in takes by default, and the most it may take
/// within the limit the GUI gave.
#[derive(Debug, Clone, Copy)]
pub struct Think {
    /// What it takes by default.
    pub usual: Duration,
    /// The most it may take.
    pub most: Duration,
}

impl Think {
    /// A search with no clock to share: `usual`, and at most `UNTIMED_MOST`.
    pub(crate) fn untimed(usual: Duration) -> Think {
        Think {
            usual,
            most: UNTIMED_MOST.max(usual),
        }
    }

    /// A search given its share of a clock: it may take all of it, never more.
    pub(crate) fn within(share: Duration) -> Think {
        Think {
            usual: share,
            most: share,
        }
    }
}

/// The engine's answer to the game beside its move (UCCI: ucci-r104, ucci-r105).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// It offers or claims a draw.
    Draw,
    /// It resigns.
    Resign,
}

/// Which move to name for pondering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ponder {
    /// The first legal reply (the stand-in's usual choice in UCCI and UCI).
    First,
    Nothing,
    /// The legal reply at this draw, modulo their number.
    Drawn(u64),
}

/// What a UCCI result says beside its move, drawn before the GUI offers a draw or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Offer {
    /// Nothing beside the move.
    Usual,
    /// `resign` (a draw when the GUI offered one): the `resign` behaviour.
    Resign,
    /// Drawn: (accepts a draw the GUI offers, offers one itself, resigns).
    Drawn {
        accept: bool,
        offer: bool,
        resign: bool,
    },
}

/// The choices of one search, drawn when it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchChoices {
    think: Duration,
    stop_delay: Duration,
    reports: usize,
    ponder: Ponder,
    offer: Offer,
    messages: Vec<String>,
}

impl Choices {
    /// The stand-in's choices in `protocol`: `behaviours` fix theirs, `fuzz` draws the rest
    /// from its seed, and without either each is the usual one.
    pub fn new(protocol: Protocol, behaviours: &[Behaviour], fuzz: Option<u64>) -> Choices {
        Choices {
            freedoms: with_codec!(protocol, C => <C as StandsIn>::FREEDOMS),
            behaviours: behaviours.to_vec(),
            fuzz: fuzz.map(|seed| Streams {
                seed,
                drawn: [0; 3],
            }),
        }
    }

    /// Whether the behaviour was chosen.
    pub(crate) fn has(&self, behaviour: Behaviour) -> bool {
        self.behaviours.contains(&behaviour)
    }

    /// Whether lines end with CR LF.
    pub(crate) fn crlf(&self) -> bool {
        self.has(Behaviour::Crlf)
    }

    /// Whether a Gomocup `START size` is refused (gomocup-r37: 20 never is).
    pub(crate) fn refuses_size(&self, size: u32) -> bool {
        self.has(Behaviour::OnlySize20) && size != 20
    }

    /// How long to wait before the handshake's reply (Gomocup: START's).
    pub(crate) fn handshake_delay(&mut self) -> Duration {
        let slow = self.has(Behaviour::SlowHandshake);
        match &mut self.fuzz {
            _ if slow => HANDSHAKE_MOST,
            Some(streams) => delay(&mut streams.next(Stream::Handshake), HANDSHAKE_MOST),
            None => Duration::ZERO,
        }
    }

    /// How long to wait before `readyok`.
    pub(crate) fn readyok_delay(&mut self) -> Duration {
        let late = self.has(Behaviour::LateReadyok);
        match &mut self.fuzz {
            _ if late => READYOK_MOST,
            Some(streams) => delay(&mut streams.next(Stream::Readyok), READYOK_MOST),
            None => Duration::ZERO,
        }
    }

    /// The choices of the next search, one that may think as `think` says.
    pub(crate) fn search(&mut self, think: Think) -> SearchChoices {
        let freedoms = self.freedoms;
        let mut usual = match &mut self.fuzz {
            Some(streams) => drawn(&mut streams.next(Stream::Search), think).within(freedoms),
            None => SearchChoices::usual(freedoms, think),
        };
        // The behaviours fix what they name, drawn or not, where the protocol has it.
        if let Some(reports) = freedoms.reports.filter(|_| self.has(Behaviour::InfoFlood)) {
            usual.reports = reports.flood;
        }
        if self.has(Behaviour::NoPonderMove) {
            usual.ponder = Ponder::Nothing;
        }
        if self.has(Behaviour::Resign) && freedoms.verdicts {
            usual.offer = Offer::Resign;
        }
        if self.has(Behaviour::MessageBeforeMove) && freedoms.messages {
            usual.messages = vec![
                "DEBUG looking near the centre".to_owned(),
                "MESSAGE Arbiter stand-in is thinking".to_owned(),
            ];
        }
        usual
    }
}

/// A search's choices drawn from its generator, always in the same order, whatever the
/// protocol: what it has not is dropped afterwards ([`SearchChoices::within`]).
fn drawn(rng: &mut fastrand::Rng, think: Think) -> SearchChoices {
    let think = delay(rng, think.most);
    let stop_delay = delay(rng, STOP_MOST);
    let reports = match rng.u8(0..4) {
        0 => 0,
        1 => rng.usize(1..=5),
        _ => rng.usize(0..=REPORTS_MOST),
    };
    let ponder = match rng.u8(0..3) {
        0 => Ponder::Nothing,
        _ => Ponder::Drawn(rng.u64(..)),
    };
    let offer = Offer::Drawn {
        accept: rng.u8(0..3) == 0,
        offer: rng.u8(0..10) == 0,
        resign: rng.u8(0..10) == 0,
    };
    let messages: Vec<String> = (0..rng.usize(0..=MESSAGES_MOST))
        .map(|i| {
            if rng.bool() {
                format!("DEBUG stand-in search note {}", i + 1)
            } else {
                format!("MESSAGE Arbiter stand-in is thinking ({})", i + 1)
            }
        })
        .collect();
    SearchChoices {
        think,
        stop_delay,
        reports,
        ponder,
        offer,
        messages,
    }
}

impl SearchChoices {
    /// The stand-in's usual search in a protocol that leaves it `freedoms`: thinking as
    /// `think` says, answering `stop` at once, with its protocol's usual reports and ponder
    /// move, nothing else beside the move.
    fn usual(freedoms: Freedoms, think: Think) -> SearchChoices {
        SearchChoices {
            think: think.usual,
            stop_delay: Duration::ZERO,
            reports: freedoms.reports.map_or(0, |r| r.usual),
            ponder: freedoms.ponder.unwrap_or(Ponder::Nothing),
            offer: Offer::Usual,
            messages: Vec::new(),
        }
    }

    /// The choices kept to what the protocol has: a ponder move in UCCI, UCI and AGI
    /// (agi-r84), a draw or a resignation only in UCCI (ucci-r104, ucci-r105; UCI, Gomocup
    /// and AGI have neither), `DEBUG`/`MESSAGE` before a move only in Gomocup (gomocup-r134;
    /// agi-r09 lists every line an AGI engine may write, and AGI's only free-form one is
    /// INFO, which the reports are).
    fn within(self, freedoms: Freedoms) -> SearchChoices {
        SearchChoices {
            reports: if freedoms.reports.is_some() {
                self.reports
            } else {
                0
            },
            ponder: if freedoms.ponder.is_some() {
                self.ponder
            } else {
                Ponder::Nothing
            },
            offer: if freedoms.verdicts {
                self.offer
            } else {
                Offer::Usual
            },
            messages: if freedoms.messages {
                self.messages
            } else {
                Vec::new()
            },
            ..self
        }
    }

    /// How long the search thinks once its clock runs.
    pub(crate) fn think(&self) -> Duration {
        self.think
    }

    /// How long after `stop` the result comes.
    pub(crate) fn stop_delay(&self) -> Duration {
        self.stop_delay
    }

    /// How many search reports come before the result.
    pub(crate) fn reports(&self) -> usize {
        self.reports
    }

    /// The move to ponder on, one of the legal `replies` to the best move, or none.
    pub(crate) fn ponder_move<'a, T>(&self, replies: &'a [T]) -> Option<&'a T> {
        match self.ponder {
            Ponder::First => replies.first(),
            Ponder::Nothing => None,
            Ponder::Drawn(draw) if !replies.is_empty() => {
                replies.get((draw % replies.len() as u64) as usize)
            }
            Ponder::Drawn(_) => None,
        }
    }

    /// What comes beside the move (UCCI), given whether the GUI offered a draw.
    pub(crate) fn verdict(&self, draw_offered: bool) -> Option<Verdict> {
        match self.offer {
            Offer::Usual => None,
            Offer::Resign if draw_offered => Some(Verdict::Draw),
            Offer::Resign => Some(Verdict::Resign),
            Offer::Drawn { accept, .. } if draw_offered && accept => Some(Verdict::Draw),
            Offer::Drawn { offer: true, .. } => Some(Verdict::Draw),
            Offer::Drawn { resign: true, .. } => Some(Verdict::Resign),
            Offer::Drawn { .. } => None,
        }
    }

    /// The `DEBUG`/`MESSAGE` lines before a Gomocup move.
    pub(crate) fn messages(&self) -> &[String] {
        &self.messages
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session's worth of choices: handshakes, `readyok`s and searches interleaved as a GUI
    /// might ask for them.
    fn session(protocol: Protocol, seed: u64) -> Vec<String> {
        let mut choices = Choices::new(protocol, &[], Some(seed));
        let think = Think::within(Duration::from_millis(400));
        let mut seen = vec![format!("{:?}", choices.handshake_delay())];
        for _ in 0..20 {
            seen.push(format!("{:?}", choices.readyok_delay()));
            seen.push(format!("{:?}", choices.search(think)));
        }
        seen
    }

    #[test]
    fn the_same_seed_draws_the_same_choices_and_another_seed_others() {
        for protocol in Protocol::ALL {
            assert_eq!(session(protocol, 42), session(protocol, 42), "{protocol}");
            assert_ne!(session(protocol, 42), session(protocol, 43), "{protocol}");
            assert_ne!(session(protocol, 0), session(protocol, 1), "{protocol}");
        }
    }

    /// Each kind of moment counts on its own: the third search's choices do not depend on how
    /// many `readyok`s came before it, so a timer that fired before or after the GUI's
    /// `isready` changes nothing.
    #[test]
    fn a_search_s_choices_do_not_depend_on_the_other_kinds_of_moment() {
        let think = Think::untimed(Duration::from_millis(5));
        let mut quiet = Choices::new(Protocol::Uci, &[], Some(7));
        let mut busy = Choices::new(Protocol::Uci, &[], Some(7));
        for _ in 0..2 {
            quiet.search(think);
            busy.search(think);
            for _ in 0..5 {
                busy.readyok_delay();
            }
        }
        busy.handshake_delay();
        assert_eq!(quiet.search(think), busy.search(think));
    }

    #[test]
    fn every_drawn_choice_is_within_its_bound() {
        let share = Duration::from_millis(120);
        let mut reports_seen = (usize::MAX, 0);
        let mut verdicts = [0; 2];
        let mut ponder_none = 0;
        for seed in 0..300 {
            let mut choices = Choices::new(Protocol::Ucci, &[], Some(seed));
            assert!(choices.handshake_delay() <= HANDSHAKE_MOST);
            assert!(choices.readyok_delay() <= READYOK_MOST);
            let timed = choices.search(Think::within(share));
            assert!(timed.think() <= share, "{timed:?}");
            let untimed = choices.search(Think::untimed(Duration::from_millis(5)));
            for search in [&timed, &untimed] {
                assert!(search.think() <= UNTIMED_MOST, "{search:?}");
                assert!(search.stop_delay() <= STOP_MOST, "{search:?}");
                assert!(search.reports() <= REPORTS_MOST, "{search:?}");
                assert!(
                    search.messages().is_empty(),
                    "UCCI has no MESSAGE: {search:?}"
                );
                reports_seen = (
                    reports_seen.0.min(search.reports()),
                    reports_seen.1.max(search.reports()),
                );
                match search.verdict(false) {
                    Some(Verdict::Draw) => verdicts[0] += 1,
                    Some(Verdict::Resign) => verdicts[1] += 1,
                    None => {}
                }
                ponder_none += usize::from(search.ponder_move(&[1, 2, 3]).is_none());
            }
            let mut gomocup = Choices::new(Protocol::Gomocup, &[], Some(seed));
            let move_choices = gomocup.search(Think::untimed(Duration::ZERO));
            assert!(move_choices.messages().len() <= MESSAGES_MOST);
            assert_eq!(move_choices.ponder_move(&[1, 2, 3]), None);
            assert_eq!(
                move_choices.verdict(true),
                None,
                "Gomocup has no draw offer"
            );
            let mut uci = Choices::new(Protocol::Uci, &[], Some(seed));
            assert_eq!(
                uci.search(Think::untimed(Duration::ZERO)).verdict(true),
                None,
                "UCI has no draw offer"
            );
        }
        // The draws span their range: quiet searches, floods, offers, resignations, both
        // with and without a ponder move.
        assert_eq!(reports_seen.0, 0);
        assert!(reports_seen.1 > REPORTS_MOST / 2, "{reports_seen:?}");
        assert!(verdicts[0] > 0 && verdicts[1] > 0, "{verdicts:?}");
        assert!(ponder_none > 0 && ponder_none < 600, "{ponder_none}");
    }

    #[test]
    fn behaviours_fix_their_choice_and_the_seed_draws_the_rest() {
        let think = Think::within(Duration::from_millis(300));
        let mut plain = Choices::new(Protocol::Ucci, &[], None);
        assert_eq!(plain.handshake_delay(), Duration::ZERO);
        let usual = plain.search(think);
        assert_eq!(usual.think(), Duration::from_millis(300));
        assert_eq!((usual.reports(), usual.stop_delay()), (1, Duration::ZERO));
        assert_eq!(usual.ponder_move(&["a", "b"]), Some(&"a"));
        assert_eq!(usual.verdict(true), None);

        let named = [
            Behaviour::SlowHandshake,
            Behaviour::InfoFlood,
            Behaviour::NoPonderMove,
            Behaviour::Resign,
        ];
        for seed in 0..50 {
            let mut both = Choices::new(Protocol::Ucci, &named, Some(seed));
            assert_eq!(both.handshake_delay(), HANDSHAKE_MOST);
            let search = both.search(think);
            let flood = <crate::protocol::ucci::Ucci as StandsIn>::FREEDOMS
                .reports
                .map(|r| r.flood);
            assert_eq!(Some(search.reports()), flood);
            assert_eq!(search.ponder_move(&["a", "b"]), None);
            assert_eq!(search.verdict(false), Some(Verdict::Resign));
            assert_eq!(search.verdict(true), Some(Verdict::Draw));
            // What no behaviour names is still drawn: the same as with the seed alone.
            let alone = Choices::new(Protocol::Ucci, &[], Some(seed)).search(think);
            assert_eq!(
                (search.think(), search.stop_delay()),
                (alone.think(), alone.stop_delay())
            );
        }
    }
}
