//! The model of an AGI GUI, one command per transition over the catalogue's states (idle,
//! thinking, infinite, pondering, stopped with the result owed): `SETRULE`, `SETOPTION`,
//! `ISREADY` in any state, `POSITION` with random stones, `GO` with a time or `SEARCH` points,
//! `GO INFINITE`, `GO PONDER`, `STOP`, waits, reading the result, and `DOMOVE` of the engine's
//! own best move (captured from its reply) or of an opponent's move on an empty point. Random
//! points are used only while every stone on the board is known.

use crate::req;
use proptest::prelude::*;

use super::coverage::{self, Name};
use super::gomocup::stones;
use super::model::{Model, ModelCounts, ModelPair};
use super::script::{Reply, Script};
use super::{FuzzError, FuzzObserver, FuzzOptions, FuzzResult, Fuzzed, drive};
use crate::protocol::{Protocol, ReqId, agi};
use crate::rules::gomoku::{BoardSize, Point, agi::format_point};
use crate::session::EngineCommand;

const SIZE: u8 = 15;

const AGIOK: Reply = Reply::must("AGIOK", &[req!("agi-r33"), req!("agi-r38")]);
const READYOK: Reply = Reply::must("READYOK", &[req!("agi-r52")]);
const RESULT: Reply = Reply::must("BESTMOVE of GO", &[req!("agi-r61")]);
const AFTER_STOP: Reply = Reply::must("BESTMOVE after STOP", &[req!("agi-r79")]);
const BYE: Reply = Reply::must("BYE", &[req!("agi-r86")]);

/// A foreground search's limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Go {
    Time(u16),
    /// `GO SEARCH <points> TIME <ms>`: the result must be one of the points.
    Search {
        points: Vec<Point>,
        ms: u16,
    },
}

/// One transition: a single command, a wait, or reading the search's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Action {
    SetRule {
        forbidden: bool,
    },
    SetOption {
        ownbook: bool,
        ponder: bool,
    },
    /// `ISREADY`, then `READYOK`, also while the engine thinks (agi-r05).
    IsReady,
    Position(Vec<Point>),
    Go(Go),
    /// `GO INFINITE`.
    Infinite,
    /// `GO PONDER`: background thinking, whose `BESTMOVE` the GUI must not wait for (agi-r66).
    Ponder,
    /// `STOP`: a foreground search answers at once; a ponder is stopped and synced with
    /// `ISREADY` (a `BESTMOVE` may come before `READYOK`).
    Stop,
    Wait(u16),
    /// The foreground search's `BESTMOVE`.
    AwaitResult,
    /// `DOMOVE` of the engine's last best move.
    PlayBest,
    /// `DOMOVE` of a move on an empty point.
    Play(Point),
    /// `QUIT`, which closes every case.
    Quit,
    /// Out of contract (robustness mode): an unknown command, or a point off the board.
    Garbage(bool),
}

/// The states of the catalogue's state model (agi.md, remark 22), as the GUI sees them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Phase {
    #[default]
    Idle,
    /// `GO TIME`/`GO SEARCH`: it may end by itself.
    Thinking,
    /// `GO INFINITE`: until `STOP` (or every point resolved, agi-r68).
    Infinite,
    Pondering,
    /// `STOP` sent to a foreground search: its `BESTMOVE` is owed.
    Stopping,
}

#[derive(Debug, Clone, Default)]
pub(super) struct State {
    phase: Phase,
    /// As in the UCCI/UCI model: an expectation was read while a result may already wait, so
    /// only waits and the result may follow.
    synced: bool,
    /// The running search's bound, for how long its result may take.
    within_ms: u64,
    /// The stones on the board, when every one of them is known.
    known: Option<Vec<Point>>,
    /// Best moves captured so far; the last can be played.
    bests: usize,
    best_playable: bool,
}

/// The catalogue's states (agi.md remark 22): the handshake's, then [`Phase`]'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum AgiState {
    Boot,
    Idle,
    Thinking,
    Infinite,
    Pondering,
    Stopping,
}

impl Name for AgiState {
    const ALL: &'static [Self] = &[
        AgiState::Boot,
        AgiState::Idle,
        AgiState::Thinking,
        AgiState::Infinite,
        AgiState::Pondering,
        AgiState::Stopping,
    ];

    fn as_str(self) -> &'static str {
        match self {
            AgiState::Boot => "boot",
            AgiState::Idle => "idle",
            AgiState::Thinking => "thinking",
            AgiState::Infinite => "infinite",
            AgiState::Pondering => "pondering",
            AgiState::Stopping => "stopping",
        }
    }
}

/// The GUI's commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Command {
    Agi,
    SetRule,
    SetOption,
    IsReady,
    Position,
    DoMove,
    Go,
    GoInfinite,
    GoPonder,
    Stop,
    Wait,
    ReadResult,
    Quit,
    OutOfContract,
}

impl Name for Command {
    const ALL: &'static [Self] = &[
        Command::Agi,
        Command::SetRule,
        Command::SetOption,
        Command::IsReady,
        Command::Position,
        Command::DoMove,
        Command::Go,
        Command::GoInfinite,
        Command::GoPonder,
        Command::Stop,
        Command::Wait,
        Command::ReadResult,
        Command::Quit,
        Command::OutOfContract,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Command::Agi => "AGI",
            Command::SetRule => "SETRULE",
            Command::SetOption => "SETOPTION",
            Command::IsReady => "ISREADY",
            Command::Position => "POSITION",
            Command::DoMove => "DOMOVE",
            Command::Go => "GO",
            Command::GoInfinite => "GO INFINITE",
            Command::GoPonder => "GO PONDER",
            Command::Stop => "STOP",
            Command::Wait => "wait",
            Command::ReadResult => "read result",
            Command::Quit => "QUIT",
            Command::OutOfContract => "out of contract",
        }
    }
}

impl coverage::CommandName for Command {
    const OUT_OF_CONTRACT: Self = Command::OutOfContract;
}

/// The catalogue's derived state model (agi.md remark 22): set-up commands while idle; while
/// thinking `ISREADY` and `STOP`, the engine taking commands at any time (agi-r05, agi-r06).
/// Set-up commands and `GO` during a search have no defined effect (remark 20): not drawn.
fn cites(state: AgiState, command: Command) -> Option<&'static [ReqId]> {
    use AgiState as S;
    use Command as C;
    Some(match (state, command) {
        (S::Boot, C::Agi) => &[req!("agi-r04")],
        (S::Boot, _) => return None,
        (_, C::Wait) => &[],
        (S::Idle, C::SetRule) => &[req!("agi-r40")],
        (S::Idle, C::SetOption) => &[req!("agi-r47")],
        (S::Idle, C::IsReady) => &[req!("agi-r53")],
        (_, C::IsReady) => &[req!("agi-r05")],
        (S::Idle, C::Position | C::Go) => &[req!("agi-r10")],
        (S::Idle, C::DoMove) => &[req!("agi-r17")],
        (S::Idle, C::GoInfinite) => &[req!("agi-r68")],
        (S::Idle, C::GoPonder) => &[req!("agi-r64")],
        (S::Idle, C::Quit) => &[req!("agi-r98")],
        (S::Thinking, C::Stop) => &[req!("agi-r06")],
        (S::Infinite, C::Stop) => &[req!("agi-r97")],
        (S::Pondering, C::Stop) => &[req!("agi-r66")],
        (S::Thinking, C::ReadResult) => &[req!("agi-r61")],
        (S::Stopping, C::ReadResult) => &[req!("agi-r79")],
        _ => return None,
    })
}

pub(super) struct AgiModel {
    robustness: bool,
    /// The engine's handshake declared background thinking (`OPTION … PONDER TRUE`,
    /// agi-r37): only then is `GO PONDER` sent (agi-r63, what a GUI makes of the declaration).
    ponders: bool,
}

/// The text fixes the options the engine may declare; its handshake says which features it
/// has, and `GO PONDER` follows that answer.
impl Fuzzed for agi::Agi {
    fn fuzz(
        engine: &EngineCommand,
        options: &FuzzOptions,
        observer: &mut dyn FuzzObserver,
    ) -> Result<FuzzResult, FuzzError> {
        let lines = super::probe::handshake(Protocol::Agi, engine, &options.run)?;
        let model = AgiModel::new(options.robustness, declares_pondering(&lines));
        drive(model, engine, options, observer)
    }
}

impl AgiModel {
    pub(super) fn new(robustness: bool, ponders: bool) -> Self {
        AgiModel {
            robustness,
            ponders,
        }
    }
}

/// Whether an `OPTION` line of the handshake says `PONDER TRUE` (the last one, should there be
/// several). An engine that declares nothing has not said it thinks in the background.
fn declares_pondering(handshake: &[String]) -> bool {
    handshake
        .iter()
        .filter_map(|line| match agi::parse_message(line) {
            Ok(agi::Message::Option { ponder, .. }) => ponder,
            _ => None,
        })
        .next_back()
        .unwrap_or(false)
}

fn hex(p: Point) -> String {
    format_point(p, BoardSize::STANDARD).expect("points are on the 15x15 board")
}

fn empty_points(known: &[Point]) -> Vec<Point> {
    (0..SIZE)
        .flat_map(|x| (0..SIZE).map(move |y| Point::new(x, y)))
        .filter(|p| !known.contains(p))
        .collect()
}

impl Model for AgiModel {
    type State = State;
    type Action = Action;
    type StateName = AgiState;
    type CommandName = Command;

    fn protocol(&self) -> Protocol {
        Protocol::Agi
    }

    fn state_name(&self, state: &State) -> AgiState {
        phase_name(state.phase)
    }

    fn command_name(&self, action: &Action) -> Command {
        match action {
            Action::SetRule { .. } => Command::SetRule,
            Action::SetOption { .. } => Command::SetOption,
            Action::IsReady => Command::IsReady,
            Action::Position(_) => Command::Position,
            Action::Go(_) => Command::Go,
            Action::Infinite => Command::GoInfinite,
            Action::Ponder => Command::GoPonder,
            Action::Stop => Command::Stop,
            Action::Wait(_) => Command::Wait,
            Action::AwaitResult => Command::ReadResult,
            Action::PlayBest | Action::Play(_) => Command::DoMove,
            Action::Quit => Command::Quit,
            Action::Garbage(_) => Command::OutOfContract,
        }
    }

    // The text answers no set-up command with an acceptance or a refusal.
    fn cites(&self, state: AgiState, command: Command) -> Option<&'static [ReqId]> {
        cites(state, command)
    }

    fn robustness(&self) -> bool {
        self.robustness
    }

    fn initial(&self) -> State {
        State {
            known: Some(Vec::new()),
            ..State::default()
        }
    }

    fn actions(&self, state: &State, generated: &ModelCounts<Self>) -> BoxedStrategy<Action> {
        let wait = (
            Command::Wait,
            2,
            (1u16..=100).prop_map(Action::Wait).boxed(),
        );
        let read = (Command::ReadResult, 5, Just(Action::AwaitResult).boxed());
        let isready = (Command::IsReady, 2, Just(Action::IsReady).boxed());
        let stop = (Command::Stop, 3, Just(Action::Stop).boxed());
        let actions = match state.phase {
            _ if state.synced => vec![wait, read],
            Phase::Thinking => vec![wait, isready, stop, read],
            Phase::Infinite | Phase::Pondering => vec![wait, isready, stop],
            Phase::Stopping => vec![wait, isready, read],
            Phase::Idle => self.idle_actions(state, wait, isready),
        };
        generated.favouring_undrawn(phase_name(state.phase), actions)
    }

    /// The pair says in which states a command may come ([`cites`]); this, what it needs
    /// besides: empty points where it names them, a best move to play, background thinking
    /// only for an engine that declared it, no command over a result that may already wait
    /// unread, and out-of-contract input only while idle.
    fn fits(&self, state: &State, action: &Action) -> bool {
        let empty = |p: &Point| state.known.as_ref().is_some_and(|k| !k.contains(p));
        let may_send = !state.synced;
        match action {
            Action::Go(Go::Search { points, .. }) => points.iter().all(empty),
            Action::Play(p) => empty(p),
            Action::PlayBest => state.best_playable,
            Action::Garbage(_) => state.phase == Phase::Idle,
            Action::Ponder => self.ponders,
            Action::IsReady | Action::Stop => may_send,
            Action::SetRule { .. }
            | Action::SetOption { .. }
            | Action::Position(_)
            | Action::Go(Go::Time(_))
            | Action::Infinite
            | Action::Quit
            | Action::AwaitResult
            | Action::Wait(_) => true,
        }
    }

    fn apply(&self, mut state: State, action: &Action) -> State {
        match action {
            Action::Position(points) => {
                state.known = Some(points.clone());
                state.best_playable = false;
            }
            Action::Go(Go::Time(ms) | Go::Search { ms, .. }) => {
                state.phase = Phase::Thinking;
                state.within_ms = u64::from(*ms) + 5000;
                state.synced = false;
            }
            Action::Infinite => (state.phase, state.synced) = (Phase::Infinite, false),
            Action::Ponder => (state.phase, state.synced) = (Phase::Pondering, false),
            Action::Stop if state.phase == Phase::Pondering => {
                // The stop's sync read whatever the ponder gave: nothing to play.
                state.phase = Phase::Idle;
                state.best_playable = false;
            }
            Action::Stop => (state.phase, state.within_ms) = (Phase::Stopping, 5000),
            Action::AwaitResult => {
                state.phase = Phase::Idle;
                state.synced = false;
                state.bests += 1;
                state.best_playable = true;
            }
            Action::IsReady if matches!(state.phase, Phase::Thinking | Phase::Stopping) => {
                state.synced = true;
            }
            Action::PlayBest => {
                state.known = None;
                state.best_playable = false;
            }
            Action::Play(p) => {
                if let Some(k) = state.known.as_mut() {
                    k.push(*p);
                }
                state.best_playable = false;
            }
            _ => {}
        }
        state
    }

    fn opening(&self, out: &mut Script) -> ModelPair<Self> {
        out.send("AGI");
        out.expect("AGIOK", 5000, AGIOK);
        (AgiState::Boot, Command::Agi)
    }

    fn render(&self, state: &State, action: &Action, out: &mut Script) {
        match action {
            Action::SetRule { forbidden } => out.send(if *forbidden {
                "SETRULE FORBIDDEN"
            } else {
                "SETRULE UNFORBIDDEN"
            }),
            Action::SetOption { ownbook, ponder } => {
                let on = |b: bool| if b { "ON" } else { "OFF" };
                out.send(format!(
                    "SETOPTION OWNBOOK {} PONDER {}",
                    on(*ownbook),
                    on(*ponder)
                ));
            }
            Action::IsReady => {
                out.send("ISREADY");
                out.expect("READYOK", 5000, READYOK);
            }
            Action::Position(points) => {
                let moves: String = points.iter().map(|&p| hex(p)).collect();
                out.send(if moves.is_empty() {
                    "POSITION".to_owned()
                } else {
                    format!("POSITION MOVES {moves}")
                });
            }
            Action::Go(Go::Time(ms)) => out.send(format!("GO TIME {ms}")),
            Action::Go(Go::Search { points, ms }) => {
                let list: String = points.iter().map(|&p| hex(p)).collect();
                out.send(format!("GO SEARCH {list} TIME {ms}"));
            }
            Action::Infinite => out.send("GO INFINITE"),
            Action::Ponder => out.send("GO PONDER"),
            Action::Stop if state.phase == Phase::Pondering => {
                out.send("STOP");
                out.send("ISREADY");
                out.maybe("BESTMOVE ...");
                out.expect("READYOK", 5000, READYOK);
            }
            Action::Stop => out.send("STOP"),
            Action::Wait(ms) => out.wait(u64::from(*ms)),
            Action::AwaitResult => {
                let reply = if state.phase == Phase::Stopping {
                    AFTER_STOP
                } else {
                    RESULT
                };
                out.apart();
                out.expect(
                    &format!("BESTMOVE {{b{}}} ...", state.bests + 1),
                    state.within_ms,
                    reply,
                );
            }
            Action::PlayBest => out.send(format!("DOMOVE {{b{}}}", state.bests)),
            Action::Play(p) => out.send(format!("DOMOVE {}", hex(*p))),
            Action::Quit => {
                out.send("QUIT");
                out.expect("BYE", 3000, BYE);
            }
            Action::Garbage(unknown) => {
                out.send(if *unknown {
                    "FROBNICATE 3"
                } else {
                    "DOMOVE ZZ"
                });
                out.send("ISREADY");
                out.expect("READYOK", 5000, READYOK);
            }
        }
    }

    fn closing(&self, state: &State) -> Vec<Action> {
        match state.phase {
            Phase::Idle => vec![Action::Quit],
            Phase::Thinking | Phase::Stopping => vec![Action::AwaitResult, Action::Quit],
            Phase::Infinite => vec![Action::Stop, Action::AwaitResult, Action::Quit],
            Phase::Pondering => vec![Action::Stop, Action::Quit],
        }
    }

    fn exit(&self, out: &mut Script) {
        out.exit_within(3000);
    }
}

fn phase_name(phase: Phase) -> AgiState {
    match phase {
        Phase::Idle => AgiState::Idle,
        Phase::Thinking => AgiState::Thinking,
        Phase::Infinite => AgiState::Infinite,
        Phase::Pondering => AgiState::Pondering,
        Phase::Stopping => AgiState::Stopping,
    }
}

/// A command, its base weight, and the strategy of its actions.
type Weighted = (Command, u32, BoxedStrategy<Action>);

impl AgiModel {
    fn idle_actions(&self, state: &State, wait: Weighted, isready: Weighted) -> Vec<Weighted> {
        let mut actions = vec![
            wait,
            isready,
            (
                Command::SetRule,
                1,
                any::<bool>()
                    .prop_map(|forbidden| Action::SetRule { forbidden })
                    .boxed(),
            ),
            (
                Command::SetOption,
                1,
                (any::<bool>(), any::<bool>())
                    .prop_map(|(ownbook, ponder)| Action::SetOption { ownbook, ponder })
                    .boxed(),
            ),
            (
                Command::Position,
                3,
                stones(SIZE, 10).prop_map(Action::Position).boxed(),
            ),
            (Command::GoInfinite, 2, Just(Action::Infinite).boxed()),
        ];
        // Where it stands among the others: the same seed draws the same cases as before the
        // model read the declaration, for an engine that declares background thinking.
        if self.ponders {
            actions.push((Command::GoPonder, 2, Just(Action::Ponder).boxed()));
        }
        actions.push((
            Command::Go,
            4,
            (20u16..=300)
                .prop_map(|ms| Action::Go(Go::Time(ms)))
                .boxed(),
        ));
        if let Some(known) = &state.known {
            let empty = empty_points(known);
            let search = (prop::sample::subsequence(empty.clone(), 1..=3), 20u16..=300)
                .prop_map(|(points, ms)| Action::Go(Go::Search { points, ms }));
            actions.push((Command::Go, 2, search.boxed()));
            let play = prop::sample::select(empty).prop_map(Action::Play);
            actions.push((Command::DoMove, 2, play.boxed()));
        }
        if state.best_playable {
            actions.push((Command::DoMove, 3, Just(Action::PlayBest).boxed()));
        }

        if self.robustness {
            let garbage = any::<bool>().prop_map(Action::Garbage).boxed();
            actions.push((Command::OutOfContract, 2, garbage));
        }
        actions
    }
}

#[cfg(test)]
mod tests {
    use super::declares_pondering;

    #[test]
    fn the_handshake_s_option_line_says_whether_the_engine_ponders() {
        let lines = |ls: &[&str]| ls.iter().map(|l| (*l).to_owned()).collect::<Vec<_>>();
        assert!(declares_pondering(&lines(&[
            "ID NAME x",
            "OPTION OWNBOOK FALSE PONDER TRUE",
            "AGIOK"
        ])));
        // Keywords in any case (agi-r31).
        assert!(declares_pondering(&lines(&[
            "option ownbook true ponder true"
        ])));
        assert!(!declares_pondering(&lines(&[
            "OPTION OWNBOOK TRUE PONDER FALSE",
            "AGIOK"
        ])));
        // Nothing declared: nothing to follow.
        assert!(!declares_pondering(&lines(&["ID NAME x", "AGIOK"])));
        assert!(!declares_pondering(&lines(&["OPTION OWNBOOK TRUE"])));
    }
}
