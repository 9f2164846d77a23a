//! The model of a UCCI or UCI GUI: positions reached by legal play from the start and from the
//! test data's FENs, every kind of `go` the text gives (depth, nodes, movetime, clocks with
//! increments, infinite, ponder then `ponderhit` or `stop`, `searchmoves`, UCCI `banmoves`),
//! `stop` after a random delay, `isready` bursts, `ucinewgame`, and `setoption` with values
//! from what the engine offered. Commands the text sends only to an idle engine wait for the
//! search's result first.

use std::marker::PhantomData;
use std::sync::Arc;

use proptest::prelude::*;
use proptest::strategy::Union;

use super::model::{EngineOffer, Model, pick};
use super::options::settable;
use super::script::{Reply, Script};
use super::{FuzzObserver, FuzzOptions, FuzzResult, Fuzzed, drive, fens, probe};
use crate::protocol::{Codec, GameKind, Protocol, ReqId, ucci, uci};
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::{Position, UciPosition};
use crate::rules::{Game, Side};
use crate::session::EngineCommand;

impl Fuzzed for ucci::Ucci {
    fn fuzz(
        engine: &EngineCommand,
        options: &FuzzOptions,
        observer: &mut dyn FuzzObserver,
    ) -> Result<FuzzResult, String> {
        let offer = probe::offer(Self::PROTOCOL, engine, &options.run, ucci::declared_option)?;
        let model = FamilyModel::<Position>::new(
            Self::PROTOCOL,
            fens(GameKind::Xiangqi),
            offer,
            options.robustness,
        );
        drive(model, engine, options, observer)
    }
}

/// UCI is spoken for xiangqi too.
impl Fuzzed for uci::Uci {
    fn fuzz(
        engine: &EngineCommand,
        options: &FuzzOptions,
        observer: &mut dyn FuzzObserver,
    ) -> Result<FuzzResult, String> {
        let offer = probe::offer(Self::PROTOCOL, engine, &options.run, uci::declared_option)?;
        let (protocol, robust) = (Self::PROTOCOL, options.robustness);
        match options.game {
            GameKind::Xiangqi => {
                let fens = fens(GameKind::Xiangqi);
                let model = FamilyModel::<UciPosition>::new(protocol, fens, offer, robust);
                drive(model, engine, options, observer)
            }
            _ => {
                let fens = fens(GameKind::Chess);
                let model = FamilyModel::<ChessPosition>::new(protocol, fens, offer, robust);
                drive(model, engine, options, observer)
            }
        }
    }
}

/// A search's limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Limit {
    Depth(u8),
    Nodes(u32),
    /// UCI only.
    MoveTime(u16),
    /// UCI only: `mate N` bounded by `movetime`, as GUIs send it (a mate search alone may
    /// never end where there is no mate).
    Mate {
        moves: u8,
        ms: u16,
    },
    /// The clocks in ms (UCCI sends seconds), the increment, and moves to the time control.
    Clock {
        own: u32,
        opp: u32,
        inc: u16,
        movestogo: Option<u8>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// `isready` one to three times in a row, then as many `readyok`.
    IsReady(u8),
    /// UCI `ucinewgame`, then `isready`.
    NewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// `position`: a FEN of the test data (or the start) and a random legal walk from it.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    /// UCCI `banmoves`.
    Ban(Vec<String>),
    /// UCCI `probe` of a position (a debugging command an engine need not implement), then
    /// `isready`: a `pophash` may come, `readyok` must.
    Probe {
        fen: Option<String>,
        moves: Vec<String>,
    },
    /// A bounded search, perhaps cut short by `stop` after some milliseconds.
    Search {
        limit: Limit,
        searchmoves: Vec<String>,
        stop_after: Option<u16>,
    },
    /// `go infinite`, a wait, perhaps `isready`, then `stop`.
    Infinite {
        after: u16,
        isready: bool,
    },
    /// `go ponder` on a clock, a wait, then `ponderhit` (or `stop`, a ponder miss).
    Ponder {
        limit: Limit,
        after: u16,
        hit: bool,
    },
    /// Out of contract (robustness mode only), then `isready`: the engine must still answer.
    Garbage(Garbage),
}

/// Input the text does not let a GUI send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Garbage {
    UnknownCommand,
    MalformedFen,
    IllegalMove,
    NotAscii,
}

impl Garbage {
    const ALL: [Garbage; 4] = [
        Garbage::UnknownCommand,
        Garbage::MalformedFen,
        Garbage::IllegalMove,
        Garbage::NotAscii,
    ];

    fn text(self) -> &'static str {
        match self {
            Garbage::UnknownCommand => "frobnicate the engine",
            Garbage::MalformedFen => "position fen rnbqk/ppp w - - 0 1 moves",
            // No game has a piece that moves from one corner of the board to the other.
            Garbage::IllegalMove => "position startpos moves a1i9",
            Garbage::NotAscii => "position \u{e9}\u{20ac} startpos \u{7f}",
        }
    }
}

/// What the GUI has set up.
#[derive(Debug, Clone, Default)]
pub struct State {
    /// A `position` was sent since the handshake or the last `ucinewgame`.
    pub set_up: bool,
    pub legal: Vec<String>,
    pub banned: Vec<String>,
    pub first_to_move: bool,
}

/// The UCCI or UCI model over the game `P` (chess, or xiangqi in ICCS or UCI notation).
pub struct FamilyModel<P> {
    protocol: Protocol,
    robustness: bool,
    fens: Arc<Vec<String>>,
    offer: Arc<EngineOffer>,
    game: PhantomData<fn() -> P>,
}

/// The replies a case of one dialect waits for, with the rows that require them.
struct Replies {
    handshake: Reply,
    readyok: Reply,
    result: Reply,
    after_stop: Reply,
    after_ponder: Reply,
    /// UCI has no `bye`.
    bye: Option<Reply>,
}

const UCI: Replies = Replies {
    handshake: Reply::must("uciok", &[ReqId::new("uci-r191")]),
    readyok: Reply::must("readyok", &[ReqId::new("uci-r31")]),
    result: Reply::must("bestmove of go", &[ReqId::new("uci-r90")]),
    after_stop: Reply::must(
        "bestmove after stop",
        &[ReqId::new("uci-r74"), ReqId::new("uci-r90")],
    ),
    after_ponder: Reply::must("bestmove of go ponder", &[ReqId::new("uci-r90")]),
    bye: None,
};

const UCCI: Replies = Replies {
    handshake: Reply::must("ucciok", &[ReqId::new("ucci-r45")]),
    readyok: Reply::must("readyok", &[ReqId::new("ucci-r49")]),
    result: Reply::must("result of go", &[ReqId::new("ucci-r99")]),
    after_stop: Reply::must("result after stop", &[ReqId::new("ucci-r95")]),
    after_ponder: Reply::must(
        "result of go ponder",
        &[ReqId::new("ucci-r91"), ReqId::new("ucci-r99")],
    ),
    // The built-in check judges `bye` (ucci-r117); the library's scenarios grade the step too.
    bye: Some(Reply::should("bye", &[ReqId::new("ucci-r117")])),
};

/// A position as `position` and `probe` write it: `startpos` or `fen F`, then its moves.
fn position_text(fen: Option<&str>, moves: &[String]) -> String {
    let mut text = match fen {
        Some(fen) => format!("fen {fen}"),
        None => "startpos".to_owned(),
    };
    if !moves.is_empty() {
        text.push_str(" moves ");
        text.push_str(&moves.join(" "));
    }
    text
}

impl<P: Game + Clone> FamilyModel<P> {
    fn replies(&self) -> &'static Replies {
        if self.uci() { &UCI } else { &UCCI }
    }

    pub fn new(protocol: Protocol, fens: &str, offer: EngineOffer, robustness: bool) -> Self {
        let fens = fens
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter(|fen| P::from_fen(fen).is_ok_and(|p| !p.legal_move_texts().is_empty()))
            .map(str::to_owned)
            .collect();
        FamilyModel {
            protocol,
            robustness,
            fens: Arc::new(fens),
            offer: Arc::new(offer),
            game: PhantomData,
        }
    }

    fn uci(&self) -> bool {
        self.protocol == Protocol::Uci
    }

    fn result_pattern(&self) -> &'static str {
        if self.uci() {
            "bestmove ..."
        } else {
            "bestmove|nobestmove ..."
        }
    }

    fn limit(&self, clock_only: bool) -> BoxedStrategy<Limit> {
        let clock = (
            200u32..=6000,
            200u32..=6000,
            0u16..=300,
            prop::option::of(1u8..=30),
        )
            .prop_map(|(own, opp, inc, movestogo)| Limit::Clock {
                own,
                opp,
                inc,
                movestogo,
            });
        if clock_only {
            return clock.boxed();
        }
        let mut limits = vec![
            (3, (1u8..=4).prop_map(Limit::Depth).boxed()),
            (2, (500u32..=20_000).prop_map(Limit::Nodes).boxed()),
            (2, clock.boxed()),
        ];
        if self.uci() {
            limits.push((2, (20u16..=300).prop_map(Limit::MoveTime).boxed()));
            limits.push((
                1,
                (1u8..=3, 20u16..=300)
                    .prop_map(|(moves, ms)| Limit::Mate { moves, ms })
                    .boxed(),
            ));
        }
        Union::new_weighted(limits).boxed()
    }

    fn go_text(&self, limit: &Limit, state: &State) -> String {
        let uci = self.uci();
        match limit {
            Limit::Depth(d) => format!("depth {d}"),
            Limit::Nodes(n) => format!("nodes {n}"),
            Limit::MoveTime(ms) => format!("movetime {ms}"),
            Limit::Mate { moves, ms } => format!("mate {moves} movetime {ms}"),
            Limit::Clock {
                own,
                opp,
                inc,
                movestogo,
            } if uci => {
                let (w, b) = if state.first_to_move {
                    (own, opp)
                } else {
                    (opp, own)
                };
                let mut text = format!("wtime {w} btime {b} winc {inc} binc {inc}");
                if let Some(n) = movestogo {
                    text.push_str(&format!(" movestogo {n}"));
                }
                text
            }
            // UCCI counts its clock in seconds unless `usemillisec` is on (which the model never
            // sets): whole seconds, at least one. The clock is kept to 1-2 s and the increment
            // to 0-1 s, since an engine may spend most of a short clock on one move and every
            // second is paid on each case and each shrinking run.
            Limit::Clock {
                own,
                opp,
                inc,
                movestogo,
            } => {
                let seconds = |ms: u32| (ms / 3000).max(1);
                let mut text = format!("time {}", seconds(*own));
                match movestogo {
                    Some(n) => text.push_str(&format!(" movestogo {n}")),
                    None => text.push_str(&format!(" increment {}", inc / 200)),
                }
                text.push_str(&format!(" opptime {}", seconds(*opp)));
                text
            }
        }
    }

    fn walk(&self, fen: Option<&str>, length: usize, seed: u64) -> Vec<String> {
        let mut position = match fen.map(P::from_fen) {
            Some(Ok(p)) => p,
            _ => P::start_position(),
        };
        let mut moves = Vec::new();
        for i in 0..length {
            let legal = position.legal_move_texts();
            if legal.is_empty() {
                break;
            }
            let mv = legal[pick(seed, i, legal.len())].clone();
            if position.play_text(&mv).is_err() {
                break;
            }
            moves.push(mv);
        }
        moves
    }
}

impl<P: Game + Clone + 'static> Model for FamilyModel<P> {
    type State = State;
    type Action = Action;

    fn protocol(&self) -> Protocol {
        self.protocol
    }

    fn initial(&self) -> State {
        State::default()
    }

    fn actions(&self, state: &State) -> BoxedStrategy<Action> {
        let model = FamilyModel::<P> {
            protocol: self.protocol,
            robustness: self.robustness,
            fens: self.fens.clone(),
            offer: self.offer.clone(),
            game: PhantomData,
        };
        let fens = self.fens.clone();
        let model = Arc::new(model);
        let walk = model.clone();
        let position =
            (0..=fens.len(), 0usize..=14, any::<u64>()).prop_map(move |(f, len, seed)| {
                let fen = f.checked_sub(1).map(|i| fens[i].clone());
                let moves = walk.walk(fen.as_deref(), len, seed);
                (fen, moves)
            });
        let mut actions = vec![
            (2, (1u8..=3).prop_map(Action::IsReady).boxed()),
            (
                4,
                position
                    .clone()
                    .prop_map(|(fen, moves)| Action::Position { fen, moves })
                    .boxed(),
            ),
        ];
        if !self.uci() {
            let probe = position.prop_map(|(fen, moves)| Action::Probe { fen, moves });
            actions.push((1, probe.boxed()));
        }
        let settable = settable(&self.offer.options);
        if !settable.is_empty() {
            let names = settable.clone();
            let set = (0..names.len(), any::<u64>()).prop_map(move |(i, seed)| {
                let (name, value) = names[i].value(seed);
                Action::SetOption { name, value }
            });
            actions.push((2, set.boxed()));
        }
        if self.uci() {
            actions.push((1, Just(Action::NewGame).boxed()));
        }
        if self.robustness {
            let garbage = prop::sample::select(Garbage::ALL.to_vec()).prop_map(Action::Garbage);
            actions.push((3, garbage.boxed()));
        }
        let playable: Vec<String> = state
            .legal
            .iter()
            .filter(|m| !state.banned.contains(m))
            .cloned()
            .collect();
        if state.set_up && !playable.is_empty() {
            let searchmoves = if self.uci() {
                prop::option::weighted(
                    0.2,
                    prop::sample::subsequence(playable.clone(), 1..=playable.len().min(3)),
                )
                .prop_map(Option::unwrap_or_default)
                .boxed()
            } else {
                Just(Vec::new()).boxed()
            };
            let search = (
                self.limit(false),
                searchmoves,
                prop::option::weighted(0.3, 0u16..=250),
            )
                .prop_map(|(limit, searchmoves, stop_after)| Action::Search {
                    limit,
                    searchmoves,
                    stop_after,
                });
            actions.push((5, search.boxed()));
            let infinite = (0u16..=300, any::<bool>())
                .prop_map(|(after, isready)| Action::Infinite { after, isready });
            actions.push((2, infinite.boxed()));
            let ponder = (self.limit(true), 0u16..=300, any::<bool>())
                .prop_map(|(limit, after, hit)| Action::Ponder { limit, after, hit });
            actions.push((2, ponder.boxed()));
            if !self.uci() && state.legal.len() > 1 {
                let ban = prop::sample::subsequence(
                    state.legal.clone(),
                    1..=2.min(state.legal.len() - 1),
                )
                .prop_map(Action::Ban);
                actions.push((1, ban.boxed()));
            }
        }
        Union::new_weighted(actions).boxed()
    }

    fn allowed(&self, state: &State, action: &Action) -> bool {
        let legal = |moves: &[String]| moves.iter().all(|m| state.legal.contains(m));
        let playable = state.legal.iter().any(|m| !state.banned.contains(m));
        match action {
            Action::Search { searchmoves, .. } => state.set_up && playable && legal(searchmoves),
            Action::Infinite { .. } | Action::Ponder { .. } => state.set_up && playable,
            Action::Ban(moves) => legal(moves) && moves.len() < state.legal.len(),
            Action::NewGame => self.uci(),
            Action::Garbage(_) => self.robustness,
            Action::Probe { .. } => !self.uci(),
            Action::IsReady(_) | Action::SetOption { .. } | Action::Position { .. } => true,
        }
    }

    fn apply(&self, mut state: State, action: &Action) -> State {
        match action {
            Action::Position { fen, moves } => {
                let mut position = match fen.as_deref().map(P::from_fen) {
                    Some(Ok(p)) => p,
                    _ => P::start_position(),
                };
                for mv in moves {
                    let _ = position.play_text(mv);
                }
                state.set_up = true;
                state.legal = position.legal_move_texts();
                state.banned.clear();
                state.first_to_move = position.side_to_move() == Side::First;
            }
            Action::Ban(moves) => state.banned = moves.clone(),
            // An engine may reset its game on `ucinewgame`, and what it makes of a bad
            // `position` is its own business: a search needs a new position.
            Action::NewGame | Action::Garbage(_) => state.set_up = false,
            _ => {}
        }
        state
    }

    fn opening(&self, out: &mut Script) {
        let (command, handshake) = if self.uci() {
            ("uci", UCI.handshake)
        } else {
            ("ucci", UCCI.handshake)
        };
        out.send(command);
        out.expect(handshake.label, 5000, handshake);
    }

    fn render(&self, state: &State, action: &Action, out: &mut Script) {
        let result = self.result_pattern();
        let replies = self.replies();
        match action {
            Action::IsReady(n) => {
                for _ in 0..*n {
                    out.send("isready");
                }
                for _ in 0..*n {
                    out.expect("readyok", 5000, replies.readyok);
                }
            }
            Action::NewGame => {
                out.send("ucinewgame");
                out.send("isready");
                out.expect("readyok", 10_000, replies.readyok);
            }
            Action::SetOption { name, value } => {
                out.send(match (self.uci(), value) {
                    (true, Some(v)) => format!("setoption name {name} value {v}"),
                    (true, None) => format!("setoption name {name}"),
                    (false, Some(v)) => format!("setoption {name} {v}"),
                    (false, None) => format!("setoption {name}"),
                });
                out.send("isready");
                out.expect("readyok", 10_000, replies.readyok);
            }
            Action::Position { fen, moves } => {
                out.send(format!("position {}", position_text(fen.as_deref(), moves)));
            }
            Action::Probe { fen, moves } => {
                out.send(format!("probe {}", position_text(fen.as_deref(), moves)));
                out.send("isready");
                // An engine without `probe` may stay silent (the built-in checks judge a
                // `pophash` that comes); `readyok` shows it is still there.
                out.maybe("pophash ...");
                out.expect("readyok", 5000, replies.readyok);
            }
            Action::Ban(moves) => out.send(format!("banmoves {}", moves.join(" "))),
            Action::Search {
                limit,
                searchmoves,
                stop_after,
            } => {
                let mut go = format!("go {}", self.go_text(limit, state));
                if !searchmoves.is_empty() {
                    go.push_str(&format!(" searchmoves {}", searchmoves.join(" ")));
                }
                out.send(go);
                let mut reply = replies.result;
                if let Some(ms) = stop_after {
                    out.wait(u64::from(*ms));
                    out.send("stop");
                    reply = replies.after_stop;
                }
                out.expect(result, 15_000, reply);
            }
            Action::Infinite { after, isready } => {
                out.send("go infinite");
                out.wait(u64::from(*after));
                if *isready {
                    out.send("isready");
                    out.expect("readyok", 5000, replies.readyok);
                }
                out.send("stop");
                out.expect(result, 5000, replies.after_stop);
            }
            Action::Ponder { limit, after, hit } => {
                out.send(format!("go ponder {}", self.go_text(limit, state)));
                out.wait(u64::from(*after));
                out.send(if *hit { "ponderhit" } else { "stop" });
                let reply = if *hit {
                    replies.after_ponder
                } else {
                    replies.after_stop
                };
                out.expect(result, 15_000, reply);
            }
            Action::Garbage(garbage) => {
                out.send(garbage.text());
                out.send("isready");
                out.expect("readyok", 5000, replies.readyok);
            }
        }
    }

    fn closing(&self, out: &mut Script) {
        out.send("quit");
        if let Some(bye) = self.replies().bye {
            out.expect("bye", 3000, bye);
        }
        out.exit_within(3000);
    }
}
