//! A protocol's model for the fuzzer: what a conforming GUI or manager may send in each state,
//! and how each action is written as scenario steps. `proptest-state-machine` turns a model into
//! a strategy of action sequences whose every step meets its preconditions, also while a
//! failing sequence is shrunk.

use std::fmt::Debug;
use std::sync::Arc;

use proptest::prelude::*;
use proptest_state_machine::Sequential;

use super::script::Script;
use crate::protocol::Protocol;

/// What the fuzzer knows of the engine before it generates: the options its handshake offered,
/// whose values `setoption` may then take.
#[derive(Debug, Clone, Default)]
pub struct EngineOffer {
    pub options: Vec<crate::protocol::family::OptionDecl>,
}

pub trait Model: Send + Sync + 'static {
    type State: Clone + Debug + Send + Sync + 'static;
    type Action: Clone + Debug + Send + Sync + 'static;

    fn protocol(&self) -> Protocol;
    /// The state after the handshake.
    fn initial(&self) -> Self::State;
    /// The actions a conforming GUI may take in `state`.
    fn actions(&self, state: &Self::State) -> BoxedStrategy<Self::Action>;
    /// Whether `action` may still be taken in `state` (checked again while shrinking, when the
    /// actions before it change).
    fn allowed(&self, state: &Self::State, action: &Self::Action) -> bool;
    fn apply(&self, state: Self::State, action: &Self::Action) -> Self::State;
    /// The handshake that opens every case.
    fn opening(&self, out: &mut Script);
    /// One action as scenario steps, with the replies it waits for.
    fn render(&self, state: &Self::State, action: &Self::Action, out: &mut Script);
    /// How every case ends: `quit` and the exit.
    fn closing(&self, out: &mut Script);
}

/// Sequences of a model's actions from its initial state, as proptest-state-machine draws them.
pub type Sequences<M> = Sequential<
    <M as Model>::State,
    <M as Model>::Action,
    BoxedStrategy<<M as Model>::State>,
    BoxedStrategy<<M as Model>::Action>,
>;

/// The strategy of action sequences of 1 to `max_steps` actions.
pub fn sequences<M: Model>(model: Arc<M>, max_steps: usize) -> Sequences<M> {
    let (init, allowed, actions, apply) = (model.clone(), model.clone(), model.clone(), model);
    Sequential::new(
        (1..=max_steps.max(1)).into(),
        move || Just(init.initial()).boxed(),
        move |state, action| allowed.allowed(state, action),
        move |state| actions.actions(state),
        move |state, action| apply.apply(state, action),
    )
}

/// The case written as scenario steps.
pub fn script<M: Model>(model: &M, initial: &M::State, actions: &[M::Action]) -> Script {
    let mut out = Script::default();
    model.opening(&mut out);
    let mut state = initial.clone();
    for action in actions {
        model.render(&state, action, &mut out);
        state = model.apply(state, action);
    }
    model.closing(&mut out);
    out
}

/// A deterministic walk through a list: the `i`-th pick of `seed` among `n` choices.
pub fn pick(seed: u64, i: usize, n: usize) -> usize {
    // SplitMix64: cheap, and every (seed, i) gives an unrelated value.
    let mut z = seed.wrapping_add((i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    ((z ^ (z >> 31)) % n.max(1) as u64) as usize
}
