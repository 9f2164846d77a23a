//! The model of an AGI GUI: `SETRULE`, `SETOPTION`, `ISREADY` bursts, `POSITION` with random
//! stones, `GO` with a time, `SEARCH` points, `INFINITE` or `PONDER` ended by `STOP`, and
//! `DOMOVE` of the engine's own best move (captured from its reply) or of an opponent's move on
//! an empty point. Random points are used only while every stone on the board is known.

use proptest::prelude::*;
use proptest::strategy::Union;

use super::gomocup::stones;
use super::model::Model;
use super::script::{Reply, Script};
use super::{FuzzObserver, FuzzOptions, FuzzResult, Fuzzed, drive};
use crate::protocol::{Protocol, ReqId, agi};
use crate::rules::gomoku::{BoardSize, Point, agi::format_point};
use crate::session::EngineCommand;

const SIZE: u8 = 15;

const AGIOK: Reply = Reply::must("AGIOK", &[ReqId::new("agi-r33"), ReqId::new("agi-r38")]);
const READYOK: Reply = Reply::must("READYOK", &[ReqId::new("agi-r52")]);
const RESULT: Reply = Reply::must("BESTMOVE of GO", &[ReqId::new("agi-r61")]);
const AFTER_STOP: Reply = Reply::must("BESTMOVE after STOP", &[ReqId::new("agi-r79")]);
const BYE: Reply = Reply::must("BYE", &[ReqId::new("agi-r86")]);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Go {
    Time(u16),
    /// `GO SEARCH <points> TIME <ms>`: the result must be one of the points.
    Search {
        points: Vec<Point>,
        ms: u16,
    },
    /// `GO INFINITE`, a wait, `STOP`.
    Infinite {
        after: u16,
    },
    /// `GO PONDER`, a wait, `STOP` (a `BESTMOVE` may follow), `ISREADY`.
    Ponder {
        after: u16,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    SetRule {
        forbidden: bool,
    },
    SetOption {
        ownbook: bool,
        ponder: bool,
    },
    IsReady(u8),
    Position(Vec<Point>),
    Go(Go),
    /// `DOMOVE` of the engine's last best move.
    PlayBest,
    /// `DOMOVE` of a move on an empty point.
    Play(Point),
    /// Out of contract (robustness mode): an unknown command, or a point off the board.
    Garbage(bool),
}

#[derive(Debug, Clone, Default)]
pub struct State {
    /// The stones on the board, when every one of them is known.
    known: Option<Vec<Point>>,
    /// Best moves captured so far; the last can be played.
    bests: usize,
    best_playable: bool,
}

pub struct AgiModel {
    robustness: bool,
}

/// The text fixes the options, so there is no handshake to probe.
impl Fuzzed for agi::Agi {
    fn fuzz(
        engine: &EngineCommand,
        options: &FuzzOptions,
        observer: &mut dyn FuzzObserver,
    ) -> Result<FuzzResult, String> {
        drive(AgiModel::new(options.robustness), engine, options, observer)
    }
}

impl AgiModel {
    pub fn new(robustness: bool) -> Self {
        AgiModel { robustness }
    }
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

    fn protocol(&self) -> Protocol {
        Protocol::Agi
    }

    fn initial(&self) -> State {
        State {
            known: Some(Vec::new()),
            ..State::default()
        }
    }

    fn actions(&self, state: &State) -> BoxedStrategy<Action> {
        let mut actions = vec![
            (
                1,
                any::<bool>()
                    .prop_map(|forbidden| Action::SetRule { forbidden })
                    .boxed(),
            ),
            (
                1,
                (any::<bool>(), any::<bool>())
                    .prop_map(|(ownbook, ponder)| Action::SetOption { ownbook, ponder })
                    .boxed(),
            ),
            (2, (1u8..=3).prop_map(Action::IsReady).boxed()),
            (3, stones(SIZE, 10).prop_map(Action::Position).boxed()),
            (
                2,
                (0u16..=300)
                    .prop_map(|after| Action::Go(Go::Infinite { after }))
                    .boxed(),
            ),
            (
                2,
                (0u16..=300)
                    .prop_map(|after| Action::Go(Go::Ponder { after }))
                    .boxed(),
            ),
            (
                4,
                (100u16..=1500)
                    .prop_map(|ms| Action::Go(Go::Time(ms)))
                    .boxed(),
            ),
        ];
        if let Some(known) = &state.known {
            let empty = empty_points(known);
            let search = (
                prop::sample::subsequence(empty.clone(), 1..=3),
                100u16..=1500,
            )
                .prop_map(|(points, ms)| Action::Go(Go::Search { points, ms }));
            actions.push((2, search.boxed()));
            actions.push((
                2,
                prop::sample::select(empty).prop_map(Action::Play).boxed(),
            ));
        }
        if state.best_playable {
            actions.push((3, Just(Action::PlayBest).boxed()));
        }
        if self.robustness {
            actions.push((2, any::<bool>().prop_map(Action::Garbage).boxed()));
        }
        Union::new_weighted(actions).boxed()
    }

    fn allowed(&self, state: &State, action: &Action) -> bool {
        let empty = |p: &Point| state.known.as_ref().is_some_and(|k| !k.contains(p));
        match action {
            Action::Go(Go::Search { points, .. }) => points.iter().all(empty),
            Action::Play(p) => empty(p),
            Action::PlayBest => state.best_playable,
            Action::Garbage(_) => self.robustness,
            _ => true,
        }
    }

    fn apply(&self, mut state: State, action: &Action) -> State {
        match action {
            Action::Position(points) => {
                state.known = Some(points.clone());
                state.best_playable = false;
            }
            Action::Go(Go::Time(_) | Go::Search { .. } | Go::Infinite { .. }) => {
                state.bests += 1;
                state.best_playable = true;
            }
            // After a ponder's STOP the best move may not come: nothing to play.
            Action::Go(Go::Ponder { .. }) => state.best_playable = false,
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

    fn opening(&self, out: &mut Script) {
        out.send("AGI");
        out.expect("AGIOK", 5000, AGIOK);
    }

    fn render(&self, state: &State, action: &Action, out: &mut Script) {
        let best = |out: &mut Script, within, reply| {
            out.expect(
                &format!("BESTMOVE {{b{}}} ...", state.bests + 1),
                within,
                reply,
            );
        };
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
            Action::IsReady(n) => {
                for _ in 0..*n {
                    out.send("ISREADY");
                }
                for _ in 0..*n {
                    out.expect("READYOK", 5000, READYOK);
                }
            }
            Action::Position(points) => {
                let moves: String = points.iter().map(|&p| hex(p)).collect();
                out.send(if moves.is_empty() {
                    "POSITION".to_owned()
                } else {
                    format!("POSITION MOVES {moves}")
                });
            }
            Action::Go(Go::Time(ms)) => {
                out.send(format!("GO TIME {ms}"));
                best(out, u64::from(*ms) + 5000, RESULT);
            }
            Action::Go(Go::Search { points, ms }) => {
                let list: String = points.iter().map(|&p| hex(p)).collect();
                out.send(format!("GO SEARCH {list} TIME {ms}"));
                best(out, u64::from(*ms) + 5000, RESULT);
            }
            Action::Go(Go::Infinite { after }) => {
                out.send("GO INFINITE");
                out.wait(u64::from(*after));
                out.send("STOP");
                best(out, 5000, AFTER_STOP);
            }
            Action::Go(Go::Ponder { after }) => {
                out.send("GO PONDER");
                out.wait(u64::from(*after));
                out.send("STOP");
                out.send("ISREADY");
                out.maybe("BESTMOVE ...");
                out.expect("READYOK", 5000, READYOK);
            }
            Action::PlayBest => out.send(format!("DOMOVE {{b{}}}", state.bests)),
            Action::Play(p) => out.send(format!("DOMOVE {}", hex(*p))),
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

    fn closing(&self, out: &mut Script) {
        out.send("QUIT");
        out.expect("BYE", 3000, BYE);
        out.exit_within(3000);
    }
}
