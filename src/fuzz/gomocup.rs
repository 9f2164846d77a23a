//! The model of a Gomocup manager: `START 20`, `INFO` keys, `BEGIN`, `TURN` on empty points,
//! `BOARD` … `DONE` with stones of both colours, `TAKEBACK` of the brain's last move, `ABOUT`.
//! The brain's own moves are not known when the case is generated: each is captured from its
//! reply. A `TURN` on a drawn point comes only while every stone on the board is one the model
//! placed itself (after `START` or before the brain's first move); once the brain has moved, a
//! `TURN {free}` names a point the harness finds empty on the board it follows. The answers
//! to the optional `TAKEBACK` and `RESTART` are captured, counted and followed: after
//! `RESTART` the case goes on with a new game in a block played only where the brain answered
//! `OK`; after `TAKEBACK` with the brain to move on the board without its stone, in a block
//! played only after `OK`, or with the game unchanged, in one played only after a refusal.

use crate::req;
use proptest::prelude::*;

use super::coverage::{self, Name};
use super::model::{Model, ModelCounts, ModelPair};
use super::script::{Reply, Script};
use super::{FuzzError, FuzzObserver, FuzzOptions, FuzzResult, Fuzzed, drive};
use crate::protocol::{Protocol, ReqId, gomocup};
use crate::rules::gomoku::{Board, BoardSize, Point, Rule, Stone};
use crate::session::EngineCommand;

const SIZE: u8 = 20;
/// Short turns keep a case quick (a brain spends most of its turn); `INFO` varies them later,
/// down to 0, "as fast as possible".
const OPENING_TURN_MS: u64 = 100;

const START_OK: Reply = Reply::must("OK to START", &[req!("gomocup-r40")]);
const BEGIN_MOVE: Reply = Reply::must("move after BEGIN", &[req!("gomocup-r44")]);
const TURN_MOVE: Reply = Reply::must("move after TURN", &[req!("gomocup-r42")]);
const BOARD_MOVE: Reply = Reply::must("move after BOARD", &[req!("gomocup-r57")]);
// TAKEBACK is optional (gomocup-r103): UNKNOWN is an answer too.
const TAKEBACK: Reply = Reply::must(
    "answer to TAKEBACK",
    &[req!("gomocup-r19"), req!("gomocup-r113")],
);
// RESTART is optional too (gomocup-r103).
const RESTART: Reply = Reply::must(
    "answer to RESTART",
    &[req!("gomocup-r110"), req!("gomocup-r119")],
);
const ABOUT: Reply = Reply::must("answer to ABOUT", &[req!("gomocup-r98")]);
const ALIVE: Reply = Reply::must(
    "alive after bad input",
    &[req!("gomocup-r19"), req!("gomocup-r120")],
);

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Action {
    /// `START 20`: a new game on an empty board.
    Start,
    /// `INFO key value` (no reply).
    Info {
        key: &'static str,
        value: u64,
    },
    /// `BEGIN`: the brain opens on the empty board.
    Begin,
    /// `TURN x,y`: the opponent's move, then the brain's.
    Turn(Point),
    /// `TURN {free}`, once the brain has moved: the harness names an empty point of the board
    /// it follows, where the manager's stone is legal and does not end the game.
    TurnFree,
    /// `BOARD`, the stones in move order (the brain's `1`, the opponent's `2`), `DONE`.
    Board(Vec<Point>),
    /// `TAKEBACK` of the brain's last move, and the answer the actions after it follow.
    TakeBack(Follow),
    /// `RESTART`: a new game on the same board, if the brain implements it (`OK`). The actions
    /// after it are those of the new game, played only where the brain answered `OK`: one that
    /// answered `UNKNOWN` is ended (gomocup-r111), and the case's `END` follows at once.
    Restart,
    About,
    /// Out of contract (robustness mode): an unknown command, or a move off the board.
    Garbage(Garbage),
    /// `END`, which closes every case.
    End,
}

/// Which answer to `TAKEBACK` the case goes on from: the actions after it are written in a
/// block played only where the brain gave that answer, and one that gave the other is ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Follow {
    /// `OK`: the stone is gone and the brain is to move (gomocup-r113).
    Accepted,
    /// `UNKNOWN` (an optional command it does not implement, gomocup-r103) or `ERROR`: the
    /// game is as it was, the brain's stone on the board.
    Refused,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Garbage {
    UnknownCommand,
    OffBoard,
}

#[derive(Debug, Clone, Default)]
pub(super) struct State {
    /// A game has stones on its board (the brain may be asked for a move, or to take one back).
    in_game: bool,
    /// The stones the manager placed (the brain's known ones too), when the board holds no
    /// stone it does not know.
    known: Option<Vec<Point>>,
    /// The brain's moves so far, each captured as `x{n}`/`y{n}`.
    replies: usize,
    /// The brain's last move can be taken back.
    takeback: bool,
    /// The brain accepted a `TAKEBACK` of its last move and has not moved since: it is to move
    /// (the text undoes "the last move", the brain's), so no `TURN` may come.
    to_move: bool,
    /// The stones on the harness's board while it is followed: a `BEGIN` may ask the brain to
    /// open again once a take-back emptied it.
    stones: usize,
    /// The harness's board is the brain's: since `START` or `BOARD`, only moves both sides
    /// know of (a `TAKEBACK` or `RESTART` the brain may not implement, or a move off the
    /// board, leave the two apart).
    followed: bool,
    /// The brain's stones on that board: with four at most, its next move cannot end the game,
    /// and a manager's `TURN` after it is one a conforming manager sends.
    brain_stones: usize,
    /// `INFO timeout_turn`, for how long a reply may take.
    timeout_turn_ms: Option<u64>,
}

/// The states of a Gomocup game, as the manager sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum GameState {
    /// Before `START`: the handshake's own state.
    BeforeStart,
    /// A board with no stone of the brain's: `BEGIN`, a `TURN` on a drawn point.
    NewGame,
    /// The brain has moved, and the manager is to move.
    InGame,
    /// The brain took its last move back (`OK` to `TAKEBACK`) and is to move.
    BrainToMove,
}

impl Name for GameState {
    const ALL: &'static [Self] = &[
        GameState::BeforeStart,
        GameState::NewGame,
        GameState::InGame,
        GameState::BrainToMove,
    ];

    fn as_str(self) -> &'static str {
        match self {
            GameState::BeforeStart => "before START",
            GameState::NewGame => "new game",
            GameState::InGame => "in game",
            GameState::BrainToMove => "brain to move",
        }
    }
}

/// The manager's commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Command {
    Start,
    Info,
    Begin,
    Turn,
    Board,
    TakeBack,
    Restart,
    About,
    End,
    OutOfContract,
}

impl Name for Command {
    const ALL: &'static [Self] = &[
        Command::Start,
        Command::Info,
        Command::Begin,
        Command::Turn,
        Command::Board,
        Command::TakeBack,
        Command::Restart,
        Command::About,
        Command::End,
        Command::OutOfContract,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Command::Start => "START",
            Command::Info => "INFO",
            Command::Begin => "BEGIN",
            Command::Turn => "TURN",
            Command::Board => "BOARD",
            Command::TakeBack => "TAKEBACK",
            Command::Restart => "RESTART",
            Command::About => "ABOUT",
            Command::End => "END",
            Command::OutOfContract => "out of contract",
        }
    }
}

impl coverage::CommandName for Command {
    const OUT_OF_CONTRACT: Self = Command::OutOfContract;
}

/// The text has no state table: a manager starts a game with `START`, opens it with `BEGIN`, a
/// `TURN` or a `BOARD`, and between the brain's moves may send `INFO`, `ABOUT`, `RESTART`,
/// `TAKEBACK` (after a move), a new `START` or `END`. Nothing is sent while the brain thinks
/// (A8: a tournament manager waits), so each move command is read with its reply. A `TURN`
/// after the brain has moved names `{free}`: the brain's stones are known only at run time.
/// After a `TAKEBACK` the brain accepted, the brain is to move: it is asked for its move again
/// with `BOARD`, which the text names for undoing (§3.4), or with `BEGIN` where the take-back
/// emptied the board; no `TURN`, and no second take-back (A17: whether several may follow one
/// another is not said).
fn cites(state: GameState, command: Command) -> Option<&'static [ReqId]> {
    use Command as C;
    use GameState as S;
    Some(match (state, command) {
        (S::BeforeStart, C::Start) => &[req!("gomocup-r40")],
        (S::BeforeStart, _) | (_, C::OutOfContract) => return None,
        (_, C::Info) => &[req!("gomocup-r61")],
        (_, C::Board) if state == S::BrainToMove => &[req!("gomocup-r57"), req!("gomocup-r113")],
        (_, C::Board) => &[req!("gomocup-r57")],
        (_, C::Restart) => &[req!("gomocup-r110")],
        (_, C::About) => &[req!("gomocup-r98")],
        (_, C::Start) => &[req!("gomocup-r40")],
        (_, C::End) => &[],
        (S::NewGame, C::Begin) => &[req!("gomocup-r44")],
        (S::BrainToMove, C::Begin) => &[req!("gomocup-r44"), req!("gomocup-r113")],
        (S::NewGame | S::InGame, C::Turn) => &[req!("gomocup-r42")],
        (S::InGame, C::TakeBack) => &[req!("gomocup-r113")],
        (_, C::Begin | C::Turn | C::TakeBack) => return None,
    })
}

/// Both optional commands (gomocup-r103): a brain that implements one answers `OK`
/// (gomocup-r110, gomocup-r113), one that does not `UNKNOWN` (gomocup-r19, gomocup-r119). An
/// `ERROR` (§5.2: implemented, but it failed) is read as a refusal, and counted where it comes.
const ANSWERS: &[(Command, &[&str])] = &[
    (Command::TakeBack, &["OK", "UNKNOWN"]),
    (Command::Restart, &["OK", "UNKNOWN"]),
];

/// The state the manager's game is in.
fn game_state(state: &State) -> GameState {
    match (state.in_game, state.to_move) {
        (false, _) => GameState::NewGame,
        (true, false) => GameState::InGame,
        (true, true) => GameState::BrainToMove,
    }
}

pub(super) struct GomocupModel {
    robustness: bool,
}

/// The text fixes the options, so there is no handshake to probe.
impl Fuzzed for gomocup::Gomocup {
    fn fuzz(
        engine: &EngineCommand,
        options: &FuzzOptions,
        observer: &mut dyn FuzzObserver,
    ) -> Result<FuzzResult, FuzzError> {
        drive(
            GomocupModel::new(options.robustness),
            engine,
            options,
            observer,
        )
    }
}

impl GomocupModel {
    pub(super) fn new(robustness: bool) -> Self {
        GomocupModel { robustness }
    }

    fn reply(&self, state: &State, out: &mut Script, reply: Reply) {
        let n = state.replies + 1;
        let within = state.timeout_turn_ms.unwrap_or(10_000) + 5000;
        out.expect(
            &format!(r"/(?P<x{n}>\d+)\s*,\s*(?P<y{n}>\d+)/"),
            within,
            reply,
        );
    }
}

/// `OK` or `UNKNOWN` with anything after it, the first word captured as `name`.
fn answer_pattern(name: &str) -> String {
    format!(r"/(?P<{name}>OK|UNKNOWN)(\s.*)?/")
}

/// `OK`, `UNKNOWN` or `ERROR` with anything after it, the first word captured as `name`: a
/// brain may also fail a command it implements (§5.2).
fn takeback_pattern(name: &str) -> String {
    format!(r"/(?P<{name}>OK|UNKNOWN|ERROR)(\s.*)?/")
}

/// Stones dropped in turn (black first) on any of `size`×`size` points, as a strategy that
/// shrinks stone by stone: a point already taken, or one that would make five in a row, is
/// left out.
pub(super) fn stones(size: u8, max: usize) -> impl Strategy<Value = Vec<Point>> {
    let point = (0..size, 0..size).prop_map(|(x, y)| Point::new(x, y));
    prop::collection::vec(point, 0..=max).prop_map(move |candidates| playable(size, &candidates))
}

/// The candidates that can be played in turn without a repeat or a row of five.
fn playable(size: u8, candidates: &[Point]) -> Vec<Point> {
    let board_size = BoardSize::square(u32::from(size)).expect("a valid size");
    let mut board = Board::new(board_size);
    let mut points = Vec::new();
    for &p in candidates {
        let stone = if points.len() % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        // Tried on a copy: a stone that repeats a point or makes five is not played.
        let mut after = board.clone();
        if after.place(p, stone).is_ok() && after.find_win(Rule::FREESTYLE).is_none() {
            board = after;
            points.push(p);
        }
    }
    points
}

impl Model for GomocupModel {
    type State = State;
    type Action = Action;
    type StateName = GameState;
    type CommandName = Command;

    fn protocol(&self) -> Protocol {
        Protocol::Gomocup
    }

    fn state_name(&self, state: &State) -> GameState {
        game_state(state)
    }

    fn command_name(&self, action: &Action) -> Command {
        match action {
            Action::Start => Command::Start,
            Action::Info { .. } => Command::Info,
            Action::Begin => Command::Begin,
            Action::Turn(_) | Action::TurnFree => Command::Turn,
            Action::Board(_) => Command::Board,
            Action::TakeBack(_) => Command::TakeBack,
            Action::Restart => Command::Restart,
            Action::About => Command::About,
            Action::End => Command::End,
            Action::Garbage(_) => Command::OutOfContract,
        }
    }

    fn cites(&self, state: GameState, command: Command) -> Option<&'static [ReqId]> {
        cites(state, command)
    }

    fn answers(&self) -> &'static [(Command, &'static [&'static str])] {
        ANSWERS
    }

    fn robustness(&self) -> bool {
        self.robustness
    }

    fn initial(&self) -> State {
        State {
            known: Some(Vec::new()),
            timeout_turn_ms: Some(OPENING_TURN_MS),
            followed: true,
            ..State::default()
        }
    }

    fn actions(&self, state: &State, generated: &ModelCounts<Self>) -> BoxedStrategy<Action> {
        let info = prop_oneof![
            (0u64..=150).prop_map(|v| Action::Info {
                key: "timeout_turn",
                value: v
            }),
            (10_000u64..=1_000_000).prop_map(|v| Action::Info {
                key: "timeout_match",
                value: v
            }),
            (1000u64..=1_000_000).prop_map(|v| Action::Info {
                key: "time_left",
                value: v
            }),
            Just(Action::Info {
                key: "max_memory",
                value: 83_886_080
            }),
            (0u64..=1).prop_map(|v| Action::Info {
                key: "game_type",
                value: v
            }),
            // Freestyle, exactly five, renju (the board's black stones then under its bans).
            prop::sample::select(vec![0u64, 1, 4]).prop_map(|v| Action::Info {
                key: "rule",
                value: v
            }),
        ];
        let board = stones(SIZE, 10).prop_map(Action::Board);
        let mut actions = vec![
            (Command::Start, 1, Just(Action::Start).boxed()),
            (Command::Info, 2, info.boxed()),
            (Command::Board, 3, board.boxed()),
            (Command::About, 1, Just(Action::About).boxed()),
            (Command::Restart, 1, Just(Action::Restart).boxed()),
        ];
        if let Some(known) = state.known.as_ref().filter(|_| !state.in_game) {
            actions.push((Command::Begin, 2, Just(Action::Begin).boxed()));
            let taken = known.clone();
            let turn = (0..SIZE, 0..SIZE)
                .prop_map(|(x, y)| Point::new(x, y))
                .prop_filter("an empty point", move |p| !taken.contains(p))
                .prop_map(Action::Turn);
            actions.push((Command::Turn, 4, turn.boxed()));
        }
        if self.allowed(state, &Action::TurnFree) {
            actions.push((Command::Turn, 4, Just(Action::TurnFree).boxed()));
        }
        if state.in_game && self.allowed(state, &Action::Begin) {
            actions.push((Command::Begin, 2, Just(Action::Begin).boxed()));
        }
        if state.takeback {
            // An engine gives one answer; the cases follow the acceptance more often, since
            // more commands follow it.
            let follow = prop_oneof![
                2 => Just(Follow::Accepted),
                1 => Just(Follow::Refused),
            ];
            actions.push((
                Command::TakeBack,
                1,
                follow.prop_map(Action::TakeBack).boxed(),
            ));
        }
        if self.robustness {
            let garbage = prop_oneof![Just(Garbage::UnknownCommand), Just(Garbage::OffBoard)];
            let garbage = garbage.prop_map(Action::Garbage).boxed();
            actions.push((Command::OutOfContract, 2, garbage));
        }
        generated.favouring_undrawn(game_state(state), actions)
    }

    fn fits(&self, state: &State, action: &Action) -> bool {
        match action {
            Action::Begin => {
                let opening = !state.in_game && state.known.as_ref().is_some_and(Vec::is_empty);
                // The take-back emptied the board: the brain opens again.
                let reopening = state.to_move && state.followed && state.stones == 0;
                opening || reopening
            }
            Action::Turn(p) => {
                !state.in_game && state.known.as_ref().is_some_and(|k| !k.contains(p))
            }
            Action::TurnFree => {
                state.in_game && !state.to_move && state.followed && state.brain_stones <= 3
            }
            Action::TakeBack(_) => state.takeback,
            _ => true,
        }
    }

    fn apply(&self, mut state: State, action: &Action) -> State {
        match action {
            Action::Start => {
                state.known = Some(Vec::new());
                state.takeback = false;
                state.to_move = false;
                state.in_game = false;
                state.followed = true;
                state.brain_stones = 0;
                state.stones = 0;
            }
            Action::Info {
                key: "timeout_turn",
                value,
            } => state.timeout_turn_ms = Some(*value),
            Action::Begin | Action::Turn(_) | Action::TurnFree | Action::Board(_) => {
                // The brain answered with a stone the model does not know.
                state.known = None;
                state.replies += 1;
                state.takeback = true;
                state.to_move = false;
                state.in_game = true;
                (state.brain_stones, state.stones) = match action {
                    // Its stones in the block (every other one, the last being the
                    // opponent's), and its answer.
                    Action::Board(points) => {
                        state.followed = true;
                        (points.len() / 2 + 1, points.len() + 1)
                    }
                    Action::Begin => (state.brain_stones + 1, state.stones + 1),
                    _ => (state.brain_stones + 1, state.stones + 2),
                };
            }
            // The actions after it are played only where the brain accepted: its stone is off
            // its board and the harness's (the judge removes it), and it is to move.
            Action::TakeBack(Follow::Accepted) => {
                state.takeback = false;
                state.to_move = true;
                state.brain_stones = state.brain_stones.saturating_sub(1);
                state.stones = state.stones.saturating_sub(1);
            }
            // Played only where the brain refused: its stone stays (the judge puts it back),
            // and the game goes on as it was. A manager switches to the mandatory commands
            // (gomocup-r122): no second `TAKEBACK`.
            Action::TakeBack(Follow::Refused) => state.takeback = false,
            // The actions after it are played only where the brain answered OK: a new game on
            // an empty board, which the harness follows too.
            Action::Restart => {
                state.known = Some(Vec::new());
                state.takeback = false;
                state.to_move = false;
                state.in_game = false;
                state.followed = true;
                state.brain_stones = 0;
                state.stones = 0;
            }
            // The harness stops following a board a move off it was sent to.
            Action::Garbage(Garbage::OffBoard) => state.followed = false,
            _ => {}
        }
        state
    }

    /// What a tournament manager sends first: the time limits, then `START`.
    /// Short turns keep a case quick; the model varies them later.
    fn opening(&self, out: &mut Script) -> ModelPair<Self> {
        out.send(format!("INFO timeout_turn {OPENING_TURN_MS}"));
        out.send("INFO timeout_match 1000000");
        out.send("INFO time_left 1000000");
        out.send("START 20");
        out.expect("OK", 5000, START_OK);
        (GameState::BeforeStart, Command::Start)
    }

    fn render(&self, state: &State, action: &Action, out: &mut Script) {
        match action {
            Action::Start => {
                out.send("START 20");
                out.expect("OK", 5000, START_OK);
            }
            Action::Info { key, value } => out.send(format!("INFO {key} {value}")),
            Action::Begin => {
                out.send("BEGIN");
                self.reply(state, out, BEGIN_MOVE);
            }
            Action::Turn(p) => {
                out.send(format!("TURN {p}"));
                self.reply(state, out, TURN_MOVE);
            }
            Action::TurnFree => {
                out.send("TURN {free}");
                self.reply(state, out, TURN_MOVE);
            }
            Action::Board(points) => {
                out.send("BOARD");
                // The last stone is the opponent's: the brain is to move.
                let n = points.len();
                for (i, p) in points.iter().enumerate() {
                    let field = if (n - i) % 2 == 1 { 2 } else { 1 };
                    out.send(format!("{p},{field}"));
                }
                out.send("DONE");
                self.reply(state, out, BOARD_MOVE);
            }
            Action::TakeBack(follow) => {
                let n = state.replies;
                out.send(format!("TAKEBACK {{x{n}}},{{y{n}}}"));
                let answer = out.answer();
                out.expect(&takeback_pattern(&answer), 5000, TAKEBACK);
                out.open_if(&answer, &["OK"], *follow == Follow::Refused);
            }
            Action::Restart => {
                out.send("RESTART");
                let answer = out.answer();
                out.expect(&answer_pattern(&answer), 5000, RESTART);
                out.open_if(&answer, &["OK"], false);
            }
            Action::About => {
                out.send("ABOUT");
                out.expect("!MESSAGE|DEBUG ...", 5000, ABOUT);
            }
            Action::Garbage(kind) => {
                out.send(match kind {
                    Garbage::UnknownCommand => "FROBNICATE 3".to_owned(),
                    Garbage::OffBoard => format!("TURN {},{}", SIZE + 5, SIZE + 5),
                });
                // It may answer ERROR or UNKNOWN, or ignore it; it must still be alive.
                out.send("ABOUT");
                out.expect("!MESSAGE|DEBUG|ERROR|UNKNOWN ...", 5000, ALIVE);
            }
            Action::End => out.send("END"),
        }
    }

    fn closing(&self, _state: &State) -> Vec<Action> {
        vec![Action::End]
    }

    fn exit(&self, out: &mut Script) {
        out.exit_within(3000);
    }
}
