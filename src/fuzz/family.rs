//! The model of a UCCI or UCI GUI, one command per transition over the states the texts define
//! (idle, a bounded search, an infinite one, pondering, stopped with the result owed): positions
//! reached by legal play from the start and from the test data's FENs, every kind of `go` the
//! text gives (depth, nodes, movetime, clocks with increments, infinite, ponder, `searchmoves`,
//! UCCI `banmoves` and draw offers), `stop`, `ponderhit`, `isready` and UCI `debug` in any
//! state, `setoption` with values from what the engine offered, waits, and reading the result
//! where the text makes a GUI wait for it.

use crate::req;
use std::marker::PhantomData;
use std::sync::Arc;

use proptest::prelude::*;
use proptest::strategy::Union;

use super::coverage::{self, Name};
use super::model::{EngineOffer, Model, ModelCounts, ModelPair, pick};
use super::options::settable;
use super::script::{Reply, Script};
use super::{FuzzError, FuzzObserver, FuzzOptions, FuzzResult, Fuzzed, drive, fens, probe};
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
    ) -> Result<FuzzResult, FuzzError> {
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
    ) -> Result<FuzzResult, FuzzError> {
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
pub(super) enum Limit {
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

/// One transition: a single command, a wait, or reading the search's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Action {
    /// `isready`, then `readyok` (the text makes a GUI wait for it).
    IsReady,
    /// UCI `debug on|off`, which may come at any time (uci-r28).
    Debug(bool),
    /// UCI `ucinewgame`.
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
    /// UCCI `probe` of a position (a debugging command an engine need not implement, for the
    /// idle and thinking states, ucci-r112); a `pophash` may come.
    Probe {
        fen: Option<String>,
        moves: Vec<String>,
    },
    /// A bounded search (UCCI may offer a draw with it).
    Go {
        limit: Limit,
        searchmoves: Vec<String>,
        draw: bool,
    },
    /// `go infinite`.
    Infinite,
    /// `go ponder` on a clock.
    Ponder {
        limit: Limit,
    },
    /// `ponderhit` (UCCI may offer a draw with it).
    PonderHit {
        draw: bool,
    },
    Stop,
    /// Time passes; replies wait for the next expectation.
    Wait(u16),
    /// The search's result, which the text makes a GUI wait for.
    AwaitResult,
    /// `quit`, which closes every case.
    Quit,
    /// Out of contract (robustness mode only), then `isready`: the engine must still answer.
    Garbage(Garbage),
}

/// Input the text does not let a GUI send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Garbage {
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

/// The state the texts define, as the GUI sees it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Phase {
    #[default]
    Idle,
    /// A bounded search, which may have ended already (its result not read yet).
    Searching,
    /// `go infinite`: no result before `stop` (UCI; UCCI lets a mate end it, a warning).
    Infinite,
    /// `go ponder`: no result before `ponderhit` or `stop`.
    Pondering,
    /// `stop` was sent; the result is owed.
    Stopping,
}

/// What the result being waited for answers, for the row its miss cites.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Owed {
    #[default]
    Go,
    Stop,
    PonderHit,
}

/// What the GUI has set up, and where the engine is.
#[derive(Debug, Clone, Default)]
pub(super) struct State {
    pub phase: Phase,
    pub owed: Owed,
    /// An expectation was read since the search began while its result may already have come:
    /// a command sent now would leave that result behind the runner's reply window, so only
    /// waits and reading the result may follow.
    pub synced: bool,
    /// A `position` was sent since the handshake or the last `ucinewgame`.
    pub set_up: bool,
    pub legal: Vec<String>,
    /// Every move a `banmoves` named since the last `position`. The text does not say whether
    /// a second `banmoves` replaces the first or adds to it (A14: Fairy-Stockfish adds), so
    /// the model keeps the union: a move outside it is playable under either reading, and
    /// the model never leaves an engine with every move banned, where the text gives no reply.
    pub banned: Vec<String>,
    pub first_to_move: bool,
}

impl State {
    fn thinking(&self) -> bool {
        self.phase != Phase::Idle
    }

    /// The search's result may already be waiting, unread.
    fn result_may_wait(&self) -> bool {
        matches!(self.phase, Phase::Searching | Phase::Stopping)
    }
}

/// The states the texts define, as the GUI sees them (the handshake's, then [`Phase`]'s).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum SearchState {
    Boot,
    Idle,
    Searching,
    Infinite,
    Pondering,
    Stopping,
}

impl Name for SearchState {
    const ALL: &'static [Self] = &[
        SearchState::Boot,
        SearchState::Idle,
        SearchState::Searching,
        SearchState::Infinite,
        SearchState::Pondering,
        SearchState::Stopping,
    ];

    fn as_str(self) -> &'static str {
        match self {
            SearchState::Boot => "boot",
            SearchState::Idle => "idle",
            SearchState::Searching => "searching",
            SearchState::Infinite => "infinite",
            SearchState::Pondering => "pondering",
            SearchState::Stopping => "stopping",
        }
    }
}

/// The commands of both dialects, in the reports' order; each dialect's table has its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Command {
    Uci,
    Ucci,
    Debug,
    IsReady,
    SetOption,
    UciNewGame,
    Position,
    BanMoves,
    Probe,
    Go,
    GoInfinite,
    GoPonder,
    PonderHit,
    Stop,
    Wait,
    ReadResult,
    Quit,
    OutOfContract,
}

impl Name for Command {
    const ALL: &'static [Self] = &[
        Command::Uci,
        Command::Ucci,
        Command::Debug,
        Command::IsReady,
        Command::SetOption,
        Command::UciNewGame,
        Command::Position,
        Command::BanMoves,
        Command::Probe,
        Command::Go,
        Command::GoInfinite,
        Command::GoPonder,
        Command::PonderHit,
        Command::Stop,
        Command::Wait,
        Command::ReadResult,
        Command::Quit,
        Command::OutOfContract,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Command::Uci => "uci",
            Command::Ucci => "ucci",
            Command::Debug => "debug",
            Command::IsReady => "isready",
            Command::SetOption => "setoption",
            Command::UciNewGame => "ucinewgame",
            Command::Position => "position",
            Command::BanMoves => "banmoves",
            Command::Probe => "probe",
            Command::Go => "go",
            Command::GoInfinite => "go infinite",
            Command::GoPonder => "go ponder",
            Command::PonderHit => "ponderhit",
            Command::Stop => "stop",
            Command::Wait => "wait",
            Command::ReadResult => "read result",
            Command::Quit => "quit",
            Command::OutOfContract => "out of contract",
        }
    }
}

impl coverage::CommandName for Command {
    const OUT_OF_CONTRACT: Self = Command::OutOfContract;
}

/// UCI: `isready` and `debug` at any time (uci-r05, uci-r28); `setoption` only while idle
/// (uci-r39); `position` before `go` (uci-r13); `ponderhit` only while pondering (uci-r77);
/// `stop` while searching (uci-r73). The text gives `ucinewgame` and `quit` no state beyond
/// "before the next search": the model sends them idle. Waiting is allowed everywhere after
/// the handshake.
fn uci_cites(state: SearchState, command: Command) -> Option<&'static [ReqId]> {
    use Command as C;
    use SearchState as S;
    Some(match (state, command) {
        (S::Boot, C::Uci) => &[req!("uci-r15")],
        (S::Boot, _) => return None,
        (_, C::Wait) => &[],
        (_, C::Debug) => &[req!("uci-r28")],
        (S::Idle, C::IsReady) => &[req!("uci-r29")],
        (_, C::IsReady) => &[req!("uci-r05")],
        (S::Idle, C::SetOption) => &[req!("uci-r39")],
        (S::Idle, C::UciNewGame) => &[req!("uci-r45")],
        (S::Idle, C::Position | C::Go | C::GoInfinite) => &[req!("uci-r13")],
        (S::Idle, C::GoPonder) => &[req!("uci-r153")],
        (S::Idle, C::Quit) => &[],
        (S::Searching | S::Pondering, C::Stop) => &[req!("uci-r74")],
        (S::Infinite, C::Stop) => &[req!("uci-r73")],
        (S::Searching, C::ReadResult) => &[req!("uci-r90")],
        (S::Stopping, C::ReadResult) => &[req!("uci-r74")],
        (S::Pondering, C::PonderHit) => &[req!("uci-r77")],
        _ => return None,
    })
}

/// UCCI: `probe` in the idle and thinking states (ucci-r112), `ponderhit` while pondering
/// (ucci-r89), `stop` while thinking (ucci-r93), `quit` idle (ucci-r116). The texts give
/// `isready`, `setoption`, `position`, `banmoves` and `go` no state (A18): the model sends the
/// last four idle, and `isready` anywhere, its mid-search `readyok` graded a warning.
fn ucci_cites(state: SearchState, command: Command) -> Option<&'static [ReqId]> {
    use Command as C;
    use SearchState as S;
    Some(match (state, command) {
        (S::Boot, C::Ucci) => &[req!("ucci-r20")],
        (S::Boot, _) => return None,
        (_, C::Wait) => &[],
        (_, C::IsReady) => &[req!("ucci-r48")],
        (_, C::Probe) => &[req!("ucci-r112")],
        (S::Idle, C::SetOption | C::Position | C::BanMoves | C::Go | C::GoInfinite) => {
            &[req!("ucci-r47")]
        }
        (S::Idle, C::GoPonder) => &[req!("ucci-r125")],
        (S::Idle, C::Quit) => &[req!("ucci-r116")],
        (S::Searching | S::Infinite, C::Stop) => &[req!("ucci-r93")],
        (S::Pondering, C::Stop) => &[req!("ucci-r93"), req!("ucci-r94")],
        (S::Searching, C::ReadResult) => &[req!("ucci-r99")],
        (S::Stopping, C::ReadResult) => &[req!("ucci-r95")],
        (S::Pondering, C::PonderHit) => &[req!("ucci-r89")],
        _ => return None,
    })
}

/// The UCCI or UCI model over the game `P` (chess, or xiangqi in ICCS or UCI notation).
pub(super) struct FamilyModel<P> {
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
    /// `readyok` asked for while the engine thinks.
    readyok_thinking: Reply,
    result: Reply,
    after_stop: Reply,
    after_ponder: Reply,
    /// UCI has no `bye`.
    bye: Option<Reply>,
}

const UCI: Replies = Replies {
    handshake: Reply::must("uciok", &[req!("uci-r191")]),
    readyok: Reply::must("readyok", &[req!("uci-r31")]),
    readyok_thinking: Reply::must(
        "readyok while thinking",
        &[req!("uci-r05"), req!("uci-r31")],
    ),
    result: Reply::must("bestmove of go", &[req!("uci-r90")]),
    after_stop: Reply::must("bestmove after stop", &[req!("uci-r74"), req!("uci-r90")]),
    after_ponder: Reply::must("bestmove of go ponder", &[req!("uci-r90")]),
    bye: None,
};

const UCCI: Replies = Replies {
    handshake: Reply::must("ucciok", &[req!("ucci-r45")]),
    readyok: Reply::must("readyok", &[req!("ucci-r49")]),
    // The texts give `isready` no state (A18): silence while thinking is a warning.
    readyok_thinking: Reply::should("readyok while thinking", &[req!("ucci-r49")]),
    result: Reply::must("result of go", &[req!("ucci-r99")]),
    after_stop: Reply::must("result after stop", &[req!("ucci-r95")]),
    after_ponder: Reply::must("result of go ponder", &[req!("ucci-r91"), req!("ucci-r99")]),
    // The built-in check judges `bye` (ucci-r117); the library's scenarios grade the step too.
    bye: Some(Reply::should("bye", &[req!("ucci-r117")])),
};

/// The position `fen` (the start without one) and `moves` from it reach, `None` where the
/// rules refuse the FEN or a move.
fn reached<P: Game>(fen: Option<&str>, moves: &[String]) -> Option<P> {
    let mut position = match fen {
        Some(fen) => P::from_fen(fen).ok()?,
        None => P::start_position(),
    };
    for mv in moves {
        position.play_text(mv).ok()?;
    }
    Some(position)
}

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

    pub(super) fn new(
        protocol: Protocol,
        fens: &str,
        offer: EngineOffer,
        robustness: bool,
    ) -> Self {
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

    /// A search's limit. Short ones: every search a case asks for is paid on each case and on each
    /// shrinking run, and the protocol's paths are the same for a short search as a long one.
    fn limit(&self, clock_only: bool) -> BoxedStrategy<Limit> {
        let clock = (
            200u32..=3000,
            200u32..=3000,
            0u16..=200,
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
            (3, (1u8..=3).prop_map(Limit::Depth).boxed()),
            (2, (500u32..=10_000).prop_map(Limit::Nodes).boxed()),
            (2, clock.boxed()),
        ];
        if self.uci() {
            limits.push((2, (10u16..=150).prop_map(Limit::MoveTime).boxed()));
            limits.push((
                1,
                (1u8..=3, 10u16..=150)
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

    /// `length` moves at most of random legal play from `fen` (none from a FEN the rules
    /// refuse, which `apply` then does not follow either).
    fn walk(&self, fen: Option<&str>, length: usize, seed: u64) -> Vec<String> {
        let Some(mut position) = reached::<P>(fen, &[]) else {
            return Vec::new();
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

impl<P: Game + Clone + 'static> FamilyModel<P> {
    fn shared(&self) -> Arc<FamilyModel<P>> {
        Arc::new(FamilyModel::<P> {
            protocol: self.protocol,
            robustness: self.robustness,
            fens: self.fens.clone(),
            offer: self.offer.clone(),
            game: PhantomData,
        })
    }

    /// A position of the test data (or the start) and a random legal walk from it.
    fn positions(&self) -> BoxedStrategy<(Option<String>, Vec<String>)> {
        let fens = self.fens.clone();
        let walk = self.shared();
        (0..=fens.len(), 0usize..=14, any::<u64>())
            .prop_map(move |(f, len, seed)| {
                let fen = f.checked_sub(1).map(|i| fens[i].clone());
                let moves = walk.walk(fen.as_deref(), len, seed);
                (fen, moves)
            })
            .boxed()
    }

    /// What an idle engine may be sent.
    fn idle_actions(&self, state: &State) -> Vec<(Command, u32, BoxedStrategy<Action>)> {
        let uci = self.uci();
        let mut actions = vec![
            (Command::IsReady, 2, Just(Action::IsReady).boxed()),
            (
                Command::Wait,
                1,
                (1u16..=100).prop_map(Action::Wait).boxed(),
            ),
            (
                Command::Position,
                4,
                self.positions()
                    .prop_map(|(fen, moves)| Action::Position { fen, moves })
                    .boxed(),
            ),
        ];
        if uci {
            actions.push((
                Command::Debug,
                1,
                any::<bool>().prop_map(Action::Debug).boxed(),
            ));
            actions.push((Command::UciNewGame, 1, Just(Action::NewGame).boxed()));
        } else {
            let probe = self
                .positions()
                .prop_map(|(fen, moves)| Action::Probe { fen, moves });
            actions.push((Command::Probe, 1, probe.boxed()));
        }
        let settable = settable(&self.offer.options);
        if !settable.is_empty() {
            let set = (0..settable.len(), any::<u64>()).prop_map(move |(i, seed)| {
                let (name, value) = settable[i].value(seed);
                Action::SetOption { name, value }
            });
            actions.push((Command::SetOption, 2, set.boxed()));
        }
        if self.robustness {
            let garbage = prop::sample::select(Garbage::ALL.to_vec()).prop_map(Action::Garbage);
            actions.push((Command::OutOfContract, 3, garbage.boxed()));
        }
        let playable: Vec<String> = state
            .legal
            .iter()
            .filter(|m| !state.banned.contains(m))
            .cloned()
            .collect();
        if state.set_up && !playable.is_empty() {
            let searchmoves = if uci {
                prop::option::weighted(
                    0.2,
                    prop::sample::subsequence(playable.clone(), 1..=playable.len().min(3)),
                )
                .prop_map(Option::unwrap_or_default)
                .boxed()
            } else {
                Just(Vec::new()).boxed()
            };
            // UCCI lets the GUI offer a draw with `go draw` (ucci-r104); UCI has no offer.
            let draw = if uci {
                Just(false).boxed()
            } else {
                prop::bool::weighted(0.15).boxed()
            };
            let go =
                (self.limit(false), searchmoves, draw).prop_map(|(limit, searchmoves, draw)| {
                    Action::Go {
                        limit,
                        searchmoves,
                        draw,
                    }
                });
            actions.push((Command::Go, 5, go.boxed()));
            actions.push((Command::GoInfinite, 2, Just(Action::Infinite).boxed()));
            let ponder = self.limit(true).prop_map(|limit| Action::Ponder { limit });
            actions.push((Command::GoPonder, 3, ponder.boxed()));
            if !uci && playable.len() > 1 {
                // Drawn from the moves still playable, leaving one at least (A14).
                let ban =
                    prop::sample::subsequence(playable.clone(), 1..=2.min(playable.len() - 1))
                        .prop_map(Action::Ban);
                actions.push((Command::BanMoves, 1, ban.boxed()));
            }
        }
        actions
    }

    /// What a thinking engine may be sent, and reading its result where one is owed.
    fn thinking_actions(&self, state: &State) -> Vec<(Command, u32, BoxedStrategy<Action>)> {
        let wait = (
            Command::Wait,
            2,
            (1u16..=100).prop_map(Action::Wait).boxed(),
        );
        let read = (Command::ReadResult, 5, Just(Action::AwaitResult).boxed());
        if state.synced {
            return vec![wait, read];
        }
        let mut actions = vec![wait, (Command::IsReady, 2, Just(Action::IsReady).boxed())];
        if self.uci() {
            actions.push((
                Command::Debug,
                1,
                any::<bool>().prop_map(Action::Debug).boxed(),
            ));
        } else {
            let probe = self
                .positions()
                .prop_map(|(fen, moves)| Action::Probe { fen, moves });
            actions.push((Command::Probe, 1, probe.boxed()));
        }
        match state.phase {
            Phase::Searching => {
                actions.push((Command::Stop, 3, Just(Action::Stop).boxed()));
                actions.push(read);
            }
            Phase::Infinite => actions.push((Command::Stop, 4, Just(Action::Stop).boxed())),
            Phase::Pondering => {
                actions.push((Command::Stop, 2, Just(Action::Stop).boxed()));
                let draw = if self.uci() {
                    Just(false).boxed()
                } else {
                    prop::bool::weighted(0.15).boxed()
                };
                let hit = draw.prop_map(|draw| Action::PonderHit { draw });
                actions.push((Command::PonderHit, 3, hit.boxed()));
            }
            Phase::Stopping => actions.push(read),
            Phase::Idle => {}
        }
        actions
    }

    fn phase_name(phase: Phase) -> SearchState {
        match phase {
            Phase::Idle => SearchState::Idle,
            Phase::Searching => SearchState::Searching,
            Phase::Infinite => SearchState::Infinite,
            Phase::Pondering => SearchState::Pondering,
            Phase::Stopping => SearchState::Stopping,
        }
    }
}

impl<P: Game + Clone + 'static> Model for FamilyModel<P> {
    type State = State;
    type Action = Action;
    type StateName = SearchState;
    type CommandName = Command;

    fn protocol(&self) -> Protocol {
        self.protocol
    }

    fn state_name(&self, state: &State) -> SearchState {
        Self::phase_name(state.phase)
    }

    fn command_name(&self, action: &Action) -> Command {
        match action {
            Action::IsReady => Command::IsReady,
            Action::Debug(_) => Command::Debug,
            Action::NewGame => Command::UciNewGame,
            Action::SetOption { .. } => Command::SetOption,
            Action::Position { .. } => Command::Position,
            Action::Ban(_) => Command::BanMoves,
            Action::Probe { .. } => Command::Probe,
            Action::Go { .. } => Command::Go,
            Action::Infinite => Command::GoInfinite,
            Action::Ponder { .. } => Command::GoPonder,
            Action::PonderHit { .. } => Command::PonderHit,
            Action::Stop => Command::Stop,
            Action::Wait(_) => Command::Wait,
            Action::AwaitResult => Command::ReadResult,
            Action::Quit => Command::Quit,
            Action::Garbage(_) => Command::OutOfContract,
        }
    }

    // No command is answered with an acceptance or a refusal: the options the engine offers
    // are read from its handshake before the cases are drawn (`probe`), and `setoption` is
    // drawn only for those.
    fn cites(&self, state: SearchState, command: Command) -> Option<&'static [ReqId]> {
        if self.uci() {
            uci_cites(state, command)
        } else {
            ucci_cites(state, command)
        }
    }

    fn robustness(&self) -> bool {
        self.robustness
    }

    fn initial(&self) -> State {
        State::default()
    }

    fn actions(&self, state: &State, generated: &ModelCounts<Self>) -> BoxedStrategy<Action> {
        let phase = Self::phase_name(state.phase);
        let actions = if state.thinking() {
            self.thinking_actions(state)
        } else {
            self.idle_actions(state)
        };
        generated.favouring_undrawn(phase, actions)
    }

    /// The pair says in which states a command may come (the table, [`uci_cites`] and
    /// [`ucci_cites`]); this, what it needs besides: a position set up with a move left to
    /// play, moves legal there, no command over a result that may already wait unread, and
    /// out-of-contract input only while idle.
    fn fits(&self, state: &State, action: &Action) -> bool {
        let legal = |moves: &[String]| moves.iter().all(|m| state.legal.contains(m));
        let playable = state.legal.iter().any(|m| !state.banned.contains(m));
        let may_send = !state.synced;
        match action {
            Action::Go { searchmoves, .. } => state.set_up && playable && legal(searchmoves),
            Action::Infinite | Action::Ponder { .. } => state.set_up && playable,
            Action::Ban(moves) => {
                let still_playable = state
                    .legal
                    .iter()
                    .any(|m| !state.banned.contains(m) && !moves.contains(m));
                legal(moves) && still_playable
            }
            Action::Garbage(_) => state.phase == Phase::Idle,
            Action::Probe { .. } | Action::Debug(_) | Action::IsReady | Action::Stop => may_send,
            Action::NewGame
            | Action::SetOption { .. }
            | Action::Position { .. }
            | Action::Quit
            | Action::PonderHit { .. }
            | Action::AwaitResult
            | Action::Wait(_) => true,
        }
    }

    fn apply(&self, mut state: State, action: &Action) -> State {
        match action {
            Action::Position { fen, moves } => {
                state.banned.clear();
                match reached::<P>(fen.as_deref(), moves) {
                    Some(position) => {
                        state.set_up = true;
                        state.legal = position.legal_move_texts();
                        state.first_to_move = position.side_to_move() == Side::First;
                    }
                    // The test data's FENs are checked when the model is made and the walks
                    // are the rules oracle's own moves, so the engine's position is the
                    // model's; were one refused, the model would not know the position, and
                    // no search may follow it.
                    None => {
                        state.set_up = false;
                        state.legal.clear();
                    }
                }
            }
            Action::Ban(moves) => {
                for m in moves {
                    if !state.banned.contains(m) {
                        state.banned.push(m.clone());
                    }
                }
            }
            // An engine may reset its game on `ucinewgame`, and what it makes of a bad
            // `position` is its own business: a search needs a new position.
            Action::NewGame | Action::Garbage(_) => state.set_up = false,
            Action::Go { .. } => {
                (state.phase, state.owed, state.synced) = (Phase::Searching, Owed::Go, false);
            }
            Action::Infinite => (state.phase, state.synced) = (Phase::Infinite, false),
            Action::Ponder { .. } => (state.phase, state.synced) = (Phase::Pondering, false),
            Action::PonderHit { .. } => {
                (state.phase, state.owed, state.synced) =
                    (Phase::Searching, Owed::PonderHit, false);
            }
            Action::Stop => (state.phase, state.owed) = (Phase::Stopping, Owed::Stop),
            Action::AwaitResult => (state.phase, state.synced) = (Phase::Idle, false),
            Action::IsReady if state.result_may_wait() => state.synced = true,
            _ => {}
        }
        state
    }

    fn opening(&self, out: &mut Script) -> ModelPair<Self> {
        let (command, name, handshake) = if self.uci() {
            ("uci", Command::Uci, UCI.handshake)
        } else {
            ("ucci", Command::Ucci, UCCI.handshake)
        };
        out.send(command);
        out.expect(handshake.label, 5000, handshake);
        (SearchState::Boot, name)
    }

    fn render(&self, state: &State, action: &Action, out: &mut Script) {
        let replies = self.replies();
        match action {
            Action::IsReady => {
                out.send("isready");
                let reply = if state.thinking() {
                    replies.readyok_thinking
                } else {
                    replies.readyok
                };
                out.expect("readyok", 5000, reply);
            }
            Action::Debug(on) => out.send(if *on { "debug on" } else { "debug off" }),
            Action::NewGame => out.send("ucinewgame"),
            Action::SetOption { name, value } => {
                out.send(match (self.uci(), value) {
                    (true, Some(v)) => format!("setoption name {name} value {v}"),
                    (true, None) => format!("setoption name {name}"),
                    (false, Some(v)) => format!("setoption {name} {v}"),
                    (false, None) => format!("setoption {name}"),
                });
            }
            Action::Position { fen, moves } => {
                out.send(format!("position {}", position_text(fen.as_deref(), moves)));
            }
            // An engine without `probe` may stay silent; the built-in checks judge a `pophash`
            // that comes.
            Action::Probe { fen, moves } => {
                out.send(format!("probe {}", position_text(fen.as_deref(), moves)));
            }
            Action::Ban(moves) => out.send(format!("banmoves {}", moves.join(" "))),
            Action::Go {
                limit,
                searchmoves,
                draw,
            } => {
                let mut go = "go ".to_owned();
                if *draw {
                    go.push_str("draw ");
                }
                go.push_str(&self.go_text(limit, state));
                if !searchmoves.is_empty() {
                    go.push_str(&format!(" searchmoves {}", searchmoves.join(" ")));
                }
                out.send(go);
            }
            Action::Infinite => out.send("go infinite"),
            Action::Ponder { limit } => {
                out.send(format!("go ponder {}", self.go_text(limit, state)))
            }
            Action::PonderHit { draw } => {
                out.send(if *draw { "ponderhit draw" } else { "ponderhit" });
            }
            Action::Stop => out.send("stop"),
            Action::Wait(ms) => out.wait(u64::from(*ms)),
            Action::AwaitResult => {
                let (reply, within) = match state.owed {
                    Owed::Go => (replies.result, 15_000),
                    Owed::PonderHit => (replies.after_ponder, 15_000),
                    Owed::Stop => (replies.after_stop, 5000),
                };
                out.apart();
                out.expect(self.result_pattern(), within, reply);
            }
            Action::Quit => {
                out.send("quit");
                if let Some(bye) = replies.bye {
                    out.expect("bye", 3000, bye);
                }
            }
            Action::Garbage(garbage) => {
                out.send(garbage.text());
                out.send("isready");
                out.expect("readyok", 5000, replies.readyok);
            }
        }
    }

    fn closing(&self, state: &State) -> Vec<Action> {
        match state.phase {
            Phase::Idle => vec![Action::Quit],
            Phase::Searching | Phase::Stopping => vec![Action::AwaitResult, Action::Quit],
            Phase::Infinite | Phase::Pondering => {
                vec![Action::Stop, Action::AwaitResult, Action::Quit]
            }
        }
    }

    fn exit(&self, out: &mut Script) {
        out.exit_within(3000);
    }
}
