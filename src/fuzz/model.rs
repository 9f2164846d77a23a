//! A protocol's model for the fuzzer: what a conforming GUI or manager may send in each state,
//! one command (or one wait) per transition, and how each is written as scenario steps.
//! `proptest-state-machine` turns a model into a strategy of action sequences whose every step
//! meets its preconditions, also while a failing sequence is shrunk one command at a time.

use std::fmt::Debug;
use std::sync::{Arc, RwLock};

use proptest::prelude::*;
use proptest_state_machine::Sequential;

use super::coverage::{CommandName, Counts, Name, Pair, Table};
use super::script::Script;
use crate::protocol::{Protocol, ReqId};

/// What the fuzzer knows of the engine before it generates: the options its handshake offered,
/// whose values `setoption` may then take.
#[derive(Debug, Clone, Default)]
pub(crate) struct EngineOffer {
    pub options: Vec<crate::protocol::family::OptionDecl>,
}

/// The counts of a model's pairs.
pub(super) type ModelCounts<M> = Counts<<M as Model>::StateName, <M as Model>::CommandName>;
/// A model's (state, command) pair.
pub(super) type ModelPair<M> = Pair<<M as Model>::StateName, <M as Model>::CommandName>;

pub(super) trait Model: Send + Sync + 'static {
    type State: Clone + Debug + Send + Sync + 'static;
    type Action: Clone + Debug + Send + Sync + 'static;
    /// The states the text defines, as the report names them.
    type StateName: Name;
    /// The commands a GUI sends, and the transitions that send none (a wait, reading a result).
    type CommandName: CommandName;

    fn protocol(&self) -> Protocol;
    /// The state (as the text names it) `state` is in.
    fn state_name(&self, state: &Self::State) -> Self::StateName;
    /// The command `action` sends.
    fn command_name(&self, action: &Self::Action) -> Self::CommandName;
    /// The rows that let a GUI send `command` in `state`, `None` where the text does not: the
    /// one statement of the protocol's table ([`Model::table`]) and the first condition of
    /// every precondition ([`Model::allowed`]).
    fn cites(&self, state: Self::StateName, command: Self::CommandName)
    -> Option<&'static [ReqId]>;
    /// Each command the engine may accept or refuse, with the answers the text lets it give.
    fn answers(&self) -> &'static [(Self::CommandName, &'static [&'static str])] {
        &[]
    }
    /// Out-of-contract input is sent too (`--robustness`).
    fn robustness(&self) -> bool;
    /// What the pair leaves to the action: whether its arguments fit what the model knows in
    /// `state` (a move legal there, a stone to take back).
    fn fits(&self, state: &Self::State, action: &Self::Action) -> bool;
    /// The state after the handshake.
    fn initial(&self) -> Self::State;
    /// The actions a conforming GUI may take in `state`, those whose pair `generated` has not
    /// seen yet weighted up.
    fn actions(
        &self,
        state: &Self::State,
        generated: &ModelCounts<Self>,
    ) -> BoxedStrategy<Self::Action>;
    fn apply(&self, state: Self::State, action: &Self::Action) -> Self::State;
    /// The handshake that opens every case, and its pair.
    fn opening(&self, out: &mut Script) -> ModelPair<Self>;
    /// One action as scenario steps, with the replies the text makes the GUI wait for.
    fn render(&self, state: &Self::State, action: &Self::Action, out: &mut Script);
    /// The actions that end a case from `state`: whatever brings the engine back to where the
    /// text lets a GUI quit, then the quit itself.
    fn closing(&self, state: &Self::State) -> Vec<Self::Action>;
    /// After `closing`'s actions: the exit (and any farewell the text gives).
    fn exit(&self, out: &mut Script);

    /// The state `state` is in, and the command `action` sends there.
    fn pair(&self, state: &Self::State, action: &Self::Action) -> ModelPair<Self> {
        (self.state_name(state), self.command_name(action))
    }

    /// Whether `action` may still be taken in `state` (checked again while shrinking, when the
    /// actions before it change): its pair is one the text allows (or, in robustness mode, the
    /// out-of-contract one), and its arguments fit.
    fn allowed(&self, state: &Self::State, action: &Self::Action) -> bool {
        let (name, command) = (self.state_name(state), self.command_name(action));
        let permitted = self.cites(name, command).is_some()
            || (self.robustness() && command == Self::CommandName::OUT_OF_CONTRACT);
        permitted && self.fits(state, action)
    }

    /// The states the text defines, its commands, and which it lets a GUI send in which state:
    /// what [`Model::cites`] says.
    fn table(&self) -> Table<Self::StateName, Self::CommandName> {
        Table::derive(|state, command| self.cites(state, command), self.answers())
    }
}

/// Sequences of a model's actions from its initial state, as proptest-state-machine draws them.
pub(super) type Sequences<M> = Sequential<
    <M as Model>::State,
    <M as Model>::Action,
    BoxedStrategy<<M as Model>::State>,
    BoxedStrategy<<M as Model>::Action>,
>;

/// The strategy of action sequences of 1 to `max_steps` actions, drawn with the pair counts in
/// `generated` as they stand when a case is drawn.
pub(super) fn sequences<M: Model>(
    model: Arc<M>,
    max_steps: usize,
    generated: Arc<RwLock<ModelCounts<M>>>,
) -> Sequences<M> {
    let (init, allowed, actions, apply) = (model.clone(), model.clone(), model.clone(), model);
    Sequential::new(
        (1..=max_steps.max(1)).into(),
        move || Just(init.initial()).boxed(),
        move |state, action| allowed.allowed(state, action),
        move |state| {
            let counts = generated
                .read()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            actions.actions(state, &counts)
        },
        move |state, action| apply.apply(state, action),
    )
}

/// A case written as scenario steps, with the pairs it exercises in order.
pub(super) struct CaseScript<M: Model> {
    pub script: Script,
    pub pairs: Vec<CasePair<M>>,
}

/// One pair of a case: how many commands its action sends (to tell which pairs a run that
/// stopped early reached), the capture of the engine's answer when the command is one it may
/// accept or refuse, and the `if` blocks it is written in (it is played only where they hold).
pub(super) struct CasePair<M: Model> {
    pub pair: ModelPair<M>,
    pub commands: usize,
    pub answer: Option<String>,
    pub when: Vec<crate::scenario::Condition>,
    /// The blocks the action opened on its answer: what follows is played only where they hold.
    pub opens: Vec<crate::scenario::Condition>,
}

/// The case written as scenario steps: the opening, the actions, and the closing from where the
/// actions left the engine.
///
/// An action whose command the engine may accept or refuse captures its answer, and the model
/// may follow one of the two: the actions after it then go in an `if` block on that answer,
/// played only where the engine gave it. Every block closes before the closing's last action
/// (the protocol's own ending, which every state allows), so an engine that answered the other
/// way skips the rest of the case and is ended from where it stayed: the models branch only
/// where their closing is that last action alone.
pub(super) fn script<M: Model>(
    model: &M,
    initial: &M::State,
    actions: &[M::Action],
) -> CaseScript<M> {
    let mut out = Script::default();
    let opening = model.opening(&mut out);
    let mut pairs = vec![CasePair {
        pair: opening,
        commands: out.commands(),
        answer: out.take_answer(),
        when: Vec::new(),
        opens: out.when(),
    }];
    let mut state = initial.clone();
    let closing = |state: &M::State| model.closing(state);
    let mut play = |state: M::State, action: &M::Action, out: &mut Script| {
        let (pair, before, when) = (model.pair(&state, action), out.commands(), out.when());
        model.render(&state, action, out);
        let opens = out.when().split_off(when.len());
        pairs.push(CasePair {
            pair,
            commands: out.commands() - before,
            answer: out.take_answer(),
            when,
            opens,
        });
        model.apply(state, action)
    };
    for action in actions {
        state = play(state, action, &mut out);
    }
    let mut closing = closing(&state);
    let last = closing.pop();
    for action in closing {
        state = play(state, &action, &mut out);
    }
    out.close_ifs();
    if let Some(action) = last {
        play(state, &action, &mut out);
    }
    model.exit(&mut out);
    CaseScript { script: out, pairs }
}

/// A deterministic walk through a list: the `i`-th pick of `seed` among `n` choices.
pub(super) fn pick(seed: u64, i: usize, n: usize) -> usize {
    // SplitMix64: cheap, and every (seed, i) gives an unrelated value.
    let mut z = seed.wrapping_add((i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    ((z ^ (z >> 31)) % n.max(1) as u64) as usize
}
