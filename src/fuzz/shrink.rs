//! Shrinking a failing case to the shortest that still fails the same check: the case tree's
//! own shrinking (one candidate after another: each next candidate depends on the verdict on
//! the last), then a pass that removes an action with every later one it made possible, run
//! `--jobs` candidates at a time.
//!
//! A failure whose symptom is a missing reply would cost its bound on every failing candidate.
//! The run that found it shows how fast the engine answers the same request, or the rest; a
//! candidate is waited for no longer than that pace needs ([`Patience`]), and the smallest
//! case is then judged again at the text's own bound, so what is reported failed there.

use std::collections::HashMap;
use std::sync::atomic::Ordering;

use proptest::strategy::ValueTree;

use super::hunt::{Case, Stop, Tree, failure_keys, quick};
use super::model::{self, CaseScript, Model};
use super::script::{Built, Cap, Labels, Line, ReplyId, Script};
use super::{Failing, FailureKey};
use super::{FuzzError, FuzzObserver, FuzzOptions};
use crate::check::{CheckRef, Grade, Outcome};
use crate::report::ScenarioRun;
use crate::runner::{self, RunOptions, run_scenario};
use crate::session::EngineCommand;

/// A shorter case the last shrinking pass runs beside others: where it drops an action,
/// the actions left, the lines that tell it apart, and its script.
struct Candidate<A> {
    position: usize,
    actions: Vec<A>,
    key: Vec<Line>,
    script: Script,
}

/// What shrinking has so far: the smallest failing case, every case accepted in turn (the
/// one found first; each failed at the patience, the first at the text's bounds too), the run
/// that failed last, the engine runs spent, and the candidates run with whether they failed.
struct Progress<M: Model> {
    smallest: Case<M>,
    chain: Vec<Case<M>>,
    failing: ScenarioRun,
    runs: u32,
    tried: HashMap<Vec<Line>, bool>,
}

impl<M: Model> Progress<M> {
    fn new(found: Case<M>, run: ScenarioRun) -> Progress<M> {
        Progress {
            chain: vec![found.clone()],
            smallest: found,
            failing: run,
            runs: 0,
            tried: HashMap::new(),
        }
    }

    /// A smaller case that failed the same way.
    fn accept(&mut self, case: Case<M>, run: ScenarioRun) {
        self.smallest = case;
        self.chain.push(self.smallest.clone());
        self.failing = run;
    }

    fn shrunk(self) -> Shrunk<M> {
        Shrunk {
            initial: self.smallest.0,
            actions: self.smallest.1,
            failing: self.failing,
            runs: self.runs,
        }
    }
}

/// A failing case as small as shrinking made it, with a run of it that failed.
pub(super) struct Shrunk<M: Model> {
    pub initial: M::State,
    pub actions: Vec<M::Action>,
    /// The last run that failed the same way at the text's own bounds: the case found, or the
    /// smallest candidate.
    pub failing: ScenarioRun,
    /// Engine runs spent, counted as one candidate after another would spend them whatever
    /// `--jobs` says (candidates a parallel batch ran past the first failing one are not
    /// counted: they would not have run).
    pub runs: u32,
}

/// The least a shrinking run waits for a reply the failure showed missing, however fast the
/// engine answered the rest: a process's scheduling on a loaded machine stays well within it.
const PATIENCE_FLOOR_MS: u64 = 250;
/// How many times the engine's slowest answer in the failing run a shrinking run waits for the
/// missing reply.
const PATIENCE_FACTOR: u64 = 4;

/// How long shrinking runs wait for the replies a failure showed missing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Patience {
    caps: Vec<Cap>,
}

impl Patience {
    /// For a failure whose symptom is a missing reply (a step that failed with nothing
    /// matched: the engine was silent through the whole bound), each such step of the run is
    /// waited for, while shrinking, `PATIENCE_FACTOR` times the engine's slowest answer to the
    /// same step earlier in that run (else its slowest answer there), `PATIENCE_FLOOR_MS` at
    /// least, rounded up to a power of two milliseconds (so a
    /// run's jitter seldom changes it, and the same seed shrinks the same way), written in the
    /// scenario's unit (before `--time-scale`). A step's own bound, when lower, stays. Any other
    /// failure is shrunk at the text's bounds.
    pub(super) fn of(
        run: &ScenarioRun,
        labels: &Labels,
        key: &FailureKey,
        time_scale: f64,
    ) -> Patience {
        // The reply a step waited for, whichever of its repeats it was.
        let reply_of = |o: &Outcome| match &o.check {
            CheckRef::Step { label, .. } => match labels.get(label) {
                Some(Failing::Reply(reply)) => Some(reply),
                _ => None,
            },
            _ => None,
        };
        let missing: Vec<ReplyId> = run
            .outcomes
            .iter()
            .filter(|o| o.grade == Grade::Fail && o.latency_us.is_none() && o.at.is_none())
            .filter_map(reply_of)
            .collect();
        let key_missing = matches!(key.failing, Failing::Reply(reply) if missing.contains(&reply));
        if !key_missing {
            return Patience::default();
        }
        // The pace of the same reply where the run shows it (an `isready` answered earlier),
        // else of every reply it shows (a search's result, whose time the search sets, counts
        // only then).
        let slowest = |same: bool| {
            run.outcomes
                .iter()
                .filter(|o| !same || reply_of(o).is_some_and(|r| missing.contains(&r)))
                .filter_map(|o| o.latency_us)
                .max()
        };
        let slowest_us = slowest(true).or_else(|| slowest(false)).unwrap_or(0);
        let real_ms = (PATIENCE_FACTOR * slowest_us)
            .div_ceil(1000)
            .max(PATIENCE_FLOOR_MS)
            .next_power_of_two();
        let ms = (real_ms as f64 / time_scale.max(f64::MIN_POSITIVE)).ceil() as u64;
        let mut caps: Vec<Cap> = Vec::new();
        for reply in missing {
            if !caps.iter().any(|c| c.reply == reply) {
                caps.push(Cap { reply, ms });
            }
        }
        Patience { caps }
    }

    /// Whether shrinking waits less than the text's bounds anywhere.
    pub(super) fn caps_anything(&self) -> bool {
        !self.caps.is_empty()
    }
}

/// What shrinking needs beside the case: the engine, the options, the failure it keeps.
pub(super) struct Shrinker<'a, M: Model> {
    pub model: &'a M,
    pub key: &'a FailureKey,
    pub engine: &'a EngineCommand,
    pub options: &'a FuzzOptions,
    pub stop: &'a Stop,
    pub patience: Patience,
}

/// What became of a candidate.
enum Verdict {
    /// It failed the same way, with this run.
    Fails(Box<ScenarioRun>),
    /// It ran and did not fail the same way, or the end of the run cut it short.
    Passes,
    /// It was not run: it cannot fail the same way (it no longer waits for the step that
    /// failed), or it cannot be shorter than the smallest failing case so far while only
    /// its commands matter (a missing reply).
    Skipped,
}

impl<M: Model> Shrinker<'_, M> {
    fn script(&self, initial: &M::State, actions: &[M::Action]) -> CaseScript<M> {
        model::script(self.model, initial, actions)
    }

    /// The bounds a candidate's expectations are lowered to: the patience's, or none (the
    /// text's own bounds).
    fn caps(&self, patience: bool) -> &[Cap] {
        if patience { &self.patience.caps } else { &[] }
    }

    /// What tells candidates apart: the lines of their scenarios (a shrinking run caps them
    /// all alike). Two with the same lines are the same scenario, which runs once.
    fn key(case: &CaseScript<M>) -> Vec<Line> {
        case.script.lines().to_vec()
    }

    /// The candidate's scenario, built with the patience's caps or at the text's own bounds.
    fn build(&self, script: &Script, patience: bool) -> Result<Built, FuzzError> {
        Ok(script.build(self.model.protocol(), self.caps(patience))?)
    }

    /// Whether a candidate of `actions` actions is worth running beside the smallest failing
    /// case, of `smallest` (commands, actions).
    fn worth_running(
        &self,
        case: &CaseScript<M>,
        actions: usize,
        smallest: (usize, usize),
    ) -> bool {
        if let Failing::Reply(reply) = self.key.failing
            && !case.script.expects(reply)
        {
            return false;
        }
        // A reply that never comes does not care about the arguments: only a candidate with
        // fewer commands, or fewer actions (a wait), makes a shorter reproduction.
        !(self.patience.caps_anything()
            && case.script.commands() >= smallest.0
            && actions >= smallest.1)
    }

    /// Whether `run`, of a case whose steps `labels` names, failed the same way, and counts.
    fn judge(&self, run: ScenarioRun, labels: &Labels) -> Verdict {
        let same = failure_keys(&run, labels, self.options.robustness).contains(self.key)
            && run.end.not_run().is_none()
            && self.stop.now().is_none();
        if same {
            Verdict::Fails(Box::new(run))
        } else {
            Verdict::Passes
        }
    }

    fn run_options(&self) -> RunOptions {
        quick(&self.options.run)
    }

    /// Runs one candidate (waiting the shrinking patience), unless it is not worth running or
    /// its scenario ran already.
    fn try_one(
        &self,
        case: &CaseScript<M>,
        actions: usize,
        smallest: (usize, usize),
        tried: &mut HashMap<Vec<Line>, bool>,
    ) -> Result<Verdict, FuzzError> {
        if !self.worth_running(case, actions, smallest) {
            return Ok(Verdict::Skipped);
        }
        let key = Self::key(case);
        if let Some(false) = tried.get(&key) {
            return Ok(Verdict::Skipped);
        }
        let Built { scenario, labels } = self.build(&case.script, true)?;
        let run = run_scenario(&scenario, self.engine, &self.run_options());
        let verdict = self.judge(run, &labels);
        tried.insert(key, matches!(verdict, Verdict::Fails(_)));
        Ok(verdict)
    }

    /// Runs a case at the text's own bounds.
    fn at_full_bounds(
        &self,
        initial: &M::State,
        actions: &[M::Action],
    ) -> Result<Verdict, FuzzError> {
        let case = self.script(initial, actions);
        let Built { scenario, labels } = self.build(&case.script, false)?;
        let run = run_scenario(&scenario, self.engine, &self.run_options());
        Ok(self.judge(run, &labels))
    }

    /// Shrinks a failing case: each candidate (one command or wait fewer, or a smaller
    /// argument) is run on a fresh engine and kept only when it fails the same check. Returns
    /// the smallest failing case and the engine runs spent.
    pub(super) fn shrink(
        &self,
        mut tree: Tree<M>,
        found: ScenarioRun,
        seen: usize,
        observer: &mut dyn FuzzObserver,
    ) -> Result<Shrunk<M>, FuzzError> {
        let (initial, actions, counter) = tree.current();
        let mut progress = Progress::new((initial, actions), found.clone());
        // The actions after the one the failure was seen at were never reached: the tree drops
        // them first. Without a count it would keep them all as possible culprits.
        if let Some(counter) = counter {
            counter.store(seen, Ordering::SeqCst);
        }
        if self.options.max_shrink_runs == 0 {
            return Ok(progress.shrunk());
        }
        // For a missing reply, where only the commands matter, the least a case can send: the
        // opening and the closing around one command. Any other failure may still lose an
        // argument (a move list, a delay) at that length.
        let floor = if self.patience.caps_anything() {
            self.script(&progress.smallest.0, &[]).script.commands() + 1
        } else {
            0
        };
        self.tree_pass(&mut tree, &mut progress, floor, observer)?;
        self.removal_pass(&mut progress, floor, observer)?;
        if self.patience.caps_anything() && progress.chain.len() > 1 && self.stop.now().is_none() {
            let chain = std::mem::take(&mut progress.chain);
            let last = progress.failing.clone();
            let (case, run) =
                self.at_the_text_bounds(chain, found, last, &mut progress.runs, observer)?;
            progress.smallest = case;
            progress.failing = run;
        }
        Ok(progress.shrunk())
    }

    /// How many commands a case sends.
    fn commands(&self, case: &Case<M>) -> usize {
        self.script(&case.0, &case.1).script.commands()
    }

    /// A case's size as shrinking orders them: its commands, then its actions.
    fn size(&self, case: &Case<M>) -> (usize, usize) {
        (self.commands(case), case.1.len())
    }

    /// The tree's own shrinking, but for the runs the removal pass may need: one per action.
    /// Candidates not run cost nothing but the tree's own steps, which are bounded too.
    fn tree_pass(
        &self,
        tree: &mut Tree<M>,
        progress: &mut Progress<M>,
        floor: usize,
        observer: &mut dyn FuzzObserver,
    ) -> Result<(), FuzzError> {
        let options = self.options;
        let tree_runs = options
            .max_shrink_runs
            .saturating_sub((progress.smallest.1.len() as u32).min(options.max_shrink_runs / 4));
        let mut steps = 0u32;
        let max_steps = options.max_shrink_runs.saturating_mul(20);
        let mut more = tree.simplify();
        while more
            && progress.runs < tree_runs
            && steps < max_steps
            && self.commands(&progress.smallest) > floor
            && self.stop.now().is_none()
        {
            steps += 1;
            let (initial, actions, _) = tree.current();
            let case = self.script(&initial, &actions);
            let size = self.size(&progress.smallest);
            let verdict = self.try_one(&case, actions.len(), size, &mut progress.tried)?;
            if !matches!(verdict, Verdict::Skipped) {
                progress.runs += 1;
                observer.shrink(progress.runs);
            }
            more = if let Verdict::Fails(run) = verdict {
                progress.accept((initial, actions), *run);
                tree.simplify()
            } else {
                tree.complicate()
            };
        }
        Ok(())
    }

    /// The tree removes one action at a time, and keeps only what every action's
    /// precondition still allows: a search and the reading of its result can go only
    /// together, so neither goes. This pass removes an action with every later one it made
    /// possible, from the last (a single removal again too: the tree tried it beside actions
    /// this pass may have removed). It runs up to `--jobs` candidates at once, the next ones
    /// in its order, and keeps the first of them that fails, as one after another would.
    fn removal_pass(
        &self,
        progress: &mut Progress<M>,
        floor: usize,
        observer: &mut dyn FuzzObserver,
    ) -> Result<(), FuzzError> {
        let max_runs = self.options.max_shrink_runs;
        let mut at = progress.smallest.1.len();
        while at > 0
            && progress.runs < max_runs
            && self.commands(&progress.smallest) > floor
            && self.stop.now().is_none()
        {
            let (batch, next) = self.next_batch(progress, at);
            at = next;
            if batch.is_empty() {
                continue;
            }
            let (scenarios, labels): (Vec<_>, Vec<Labels>) = batch
                .iter()
                .map(|c| self.build(&c.script, true))
                .collect::<Result<Vec<Built>, _>>()?
                .into_iter()
                .map(|built| (built.scenario, built.labels))
                .unzip();
            let batch_options = RunOptions {
                fail_fast: false,
                ..self.run_options()
            };
            let played =
                runner::run_all(&scenarios, self.engine, &batch_options, &mut runner::Quiet);
            for ((candidate, run), labels) in batch.into_iter().zip(played.runs).zip(&labels) {
                progress.runs += 1;
                observer.shrink(progress.runs);
                let verdict = self.judge(run, labels);
                progress
                    .tried
                    .insert(candidate.key, matches!(verdict, Verdict::Fails(_)));
                if let Verdict::Fails(run) = verdict {
                    let case = (progress.smallest.0.clone(), candidate.actions);
                    progress.accept(case, *run);
                    // Go on from the one removed, as one after another would; the rest of the
                    // batch was tried against the longer case, and does not count.
                    at = candidate.position.min(progress.smallest.1.len());
                    break;
                }
            }
        }
        Ok(())
    }

    /// The next candidates of the removal pass, from the action before `at` down, up to
    /// `--jobs` of them worth running and not run before; and where the pass goes on from.
    fn next_batch(&self, progress: &Progress<M>, at: usize) -> (Vec<Candidate<M::Action>>, usize) {
        let jobs = self.options.run.concurrency.jobs.get();
        let max_runs = self.options.max_shrink_runs as usize;
        let (initial, actions) = &progress.smallest;
        let mut batch: Vec<Candidate<M::Action>> = Vec::new();
        let mut next = at;
        while next > 0 && batch.len() < jobs && progress.runs as usize + batch.len() < max_runs {
            next -= 1;
            let candidate = without_dependents(self.model, initial, actions, next);
            let case = self.script(initial, &candidate);
            if !self.worth_running(&case, candidate.len(), self.size(&progress.smallest)) {
                continue;
            }
            let key = Self::key(&case);
            let repeated = progress.tried.contains_key(&key) || batch.iter().any(|c| c.key == key);
            if !repeated {
                batch.push(Candidate {
                    position: next,
                    actions: candidate,
                    key,
                    script: case.script,
                });
            }
        }
        (batch, next)
    }

    /// The smallest case of the chain that fails at the text's own bounds: its last, when it
    /// does (the usual end: the engine that stayed silent for the patience stays silent for the
    /// bound); else found by halving the chain, whose first case (the one found) failed there.
    /// Cut short meanwhile, the chain's last, with `last` (its run at the patience), as any
    /// shrinking cut short gives its smallest case.
    fn at_the_text_bounds(
        &self,
        mut chain: Vec<Case<M>>,
        found: ScenarioRun,
        last: ScenarioRun,
        runs: &mut u32,
        observer: &mut dyn FuzzObserver,
    ) -> Result<(Case<M>, ScenarioRun), FuzzError> {
        let (mut good, mut bad) = (0usize, chain.len());
        let mut good_run = found;
        // The last first: it is the answer nearly always.
        let mut probe = chain.len() - 1;
        while bad - good > 1 && self.stop.now().is_none() {
            let (initial, actions) = &chain[probe];
            *runs += 1;
            observer.shrink(*runs);
            match self.at_full_bounds(initial, actions)? {
                Verdict::Fails(run) => {
                    good = probe;
                    good_run = *run;
                }
                Verdict::Passes | Verdict::Skipped => bad = probe,
            }
            probe = good + (bad - good) / 2;
        }
        // A verdict the end of the run cut short shows nothing either way.
        if self.stop.now().is_some() && good + 1 != chain.len() {
            let smallest = chain.pop().expect("the chain holds the case found");
            return Ok((smallest, last));
        }
        Ok((chain.swap_remove(good), good_run))
    }
}

/// `actions` without the one at `at` and without each later one whose precondition then fails.
pub(super) fn without_dependents<M: Model>(
    model: &M,
    initial: &M::State,
    actions: &[M::Action],
    at: usize,
) -> Vec<M::Action> {
    let mut state = initial.clone();
    let mut kept = Vec::with_capacity(actions.len());
    for (i, action) in actions.iter().enumerate() {
        if i != at && model.allowed(&state, action) {
            state = model.apply(state, action);
            kept.push(action.clone());
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::{Patience, without_dependents};
    use crate::check::{CheckRef, Grade, Outcome};
    use crate::fuzz::family::{Action, FamilyModel, Limit};
    use crate::fuzz::model::Model;
    use crate::fuzz::script::Labels;
    use crate::fuzz::script::{Cap, Reply, Script};
    use crate::fuzz::{Failing, FailureKey};
    use crate::protocol::Protocol;
    use crate::report::{RunEnd, ScenarioRun};
    use crate::rules::xiangqi::Position;

    /// A search goes with the reading of its result, which no other action allows; the rest
    /// stays as it was.
    #[test]
    fn removing_a_search_removes_the_reading_of_its_result() {
        let fens = include_str!("../../scenarios/fuzz/xiangqi.fens");
        let offer = crate::fuzz::model::EngineOffer::default();
        let model = FamilyModel::<Position>::new(Protocol::Ucci, fens, offer, false);
        let search = Action::Go {
            limit: Limit::Depth(1),
            searchmoves: Vec::new(),
            draw: false,
        };
        let start = Action::Position {
            fen: None,
            moves: Vec::new(),
        };
        let actions = vec![
            start.clone(),
            search.clone(),
            Action::AwaitResult,
            Action::IsReady,
            search,
            Action::AwaitResult,
        ];
        let initial = model.initial();
        let shorter = without_dependents(&model, &initial, &actions, 1);
        let expected = [
            start,
            Action::IsReady,
            actions[4].clone(),
            Action::AwaitResult,
        ];
        assert_eq!(format!("{shorter:?}"), format!("{expected:?}"));
        // Without the position, nothing after it may search.
        let none = without_dependents(&model, &initial, &actions, 0);
        assert_eq!(format!("{none:?}"), format!("{:?}", vec![Action::IsReady]));
    }

    fn step(label: &str, grade: Grade, latency_us: Option<u64>) -> Outcome {
        let check = CheckRef::Step {
            scenario: "fuzz/case".to_owned(),
            label: label.to_owned(),
        };
        let o = Outcome::new(check, &[], grade, "m");
        match latency_us {
            Some(us) => o.latency(us),
            None => o,
        }
    }

    fn run_of(outcomes: Vec<Outcome>) -> ScenarioRun {
        let scenario = crate::scenario::parse(
            "fuzz/case",
            "c",
            "protocol: uci\ntitle: t\nspec: s\n> uci\n",
        )
        .unwrap();
        ScenarioRun {
            outcomes,
            ..ScenarioRun::ended(&scenario, RunEnd::Completed)
        }
    }

    const UCIOK: Reply = Reply::must("uciok", &[]);
    const READYOK: Reply = Reply::must("readyok", &[]);
    const BESTMOVE: Reply = Reply::must("bestmove", &[]);

    fn key(reply: Reply) -> FailureKey {
        FailureKey {
            failing: Failing::Reply(reply.id()),
            requirements: Vec::new(),
        }
    }

    /// The labels the assembler gives the steps of these tests' runs.
    fn labels() -> Labels {
        Labels::from_pairs(&[
            ("uciok", UCIOK),
            ("readyok", READYOK),
            ("readyok #2", READYOK),
            ("bestmove", BESTMOVE),
        ])
    }

    /// A reply that never came is waited for, while shrinking, four times the engine's slowest
    /// answer in the same run (a quarter second at least), in powers of two and in the
    /// scenario's unit; a failure that is no silence is shrunk at the text's bounds.
    #[test]
    fn a_missing_reply_is_shrunk_with_the_patience_its_run_showed() {
        let silent = run_of(vec![
            step("uciok", Grade::Pass, Some(3_000)),
            step("readyok", Grade::Pass, Some(1_000)),
            step("readyok #2", Grade::Fail, None),
        ]);
        let patience = Patience::of(&silent, &labels(), &key(READYOK), 1.0);
        assert_eq!(
            patience.caps,
            vec![Cap {
                reply: READYOK.id(),
                ms: 256
            }]
        );
        // Scaled bounds: the cap is written before the scale, which the runner applies.
        assert_eq!(
            Patience::of(&silent, &labels(), &key(READYOK), 0.5).caps[0].ms,
            512
        );
        // A slow engine: 4 × 300 ms, rounded up to 2048 ms.
        let slow = run_of(vec![
            step("uciok", Grade::Pass, Some(300_000)),
            step("readyok", Grade::Fail, None),
        ]);
        assert_eq!(
            Patience::of(&slow, &labels(), &key(READYOK), 1.0).caps[0].ms,
            2048
        );
        // The pace of the same request, where the run shows it: a search's long result is the
        // search's time, not how fast the engine answers `isready`.
        let searched = run_of(vec![
            step("bestmove", Grade::Pass, Some(900_000)),
            step("readyok", Grade::Pass, Some(70_000)),
            step("readyok #2", Grade::Fail, None),
        ]);
        assert_eq!(
            Patience::of(&searched, &labels(), &key(READYOK), 1.0).caps[0].ms,
            512
        );
        // A wrong answer (a line matched and judged) is not a silence.
        let wrong = run_of(vec![step("bestmove", Grade::Fail, Some(2_000))]);
        assert!(!Patience::of(&wrong, &labels(), &key(BESTMOVE), 1.0).caps_anything());
        // Another step's silence is not this failure's symptom.
        assert!(!Patience::of(&silent, &labels(), &key(UCIOK), 1.0).caps_anything());
    }

    /// The cap lowers the bound of the steps it names, never raises one, and leaves the rest.
    #[test]
    fn a_capped_script_waits_less_only_where_it_is_capped() {
        let mut script = Script::default();
        script.send("uci");
        script.expect("uciok", 5000, UCIOK);
        script.send("isready");
        script.expect("readyok", 5000, READYOK);
        script.send("isready");
        script.expect("readyok", 100, READYOK);
        assert!(script.expects(READYOK.id()) && !script.expects(BESTMOVE.id()));
        let cap = Cap {
            reply: READYOK.id(),
            ms: 256,
        };
        let text = script.render_capped(crate::protocol::Protocol::Uci, "t", &[], &[cap]);
        let bounds: Vec<&str> = text.lines().filter(|l| l.starts_with('<')).collect();
        assert_eq!(
            bounds,
            [
                "< uciok (within 5000 ms, as uciok)",
                "< readyok (within 256 ms, as readyok)",
                "< readyok (within 100 ms, as readyok)",
            ]
        );
        assert!(
            script
                .render(crate::protocol::Protocol::Uci, "t", &[])
                .contains("< readyok (within 5000 ms, as readyok)")
        );
    }

    /// An AGI engine, as a shell script, that answers `ISREADY` half a second late after a
    /// third `SETOPTION`, and never once four came.
    fn slow_then_silent() -> crate::session::EngineCommand {
        let script = r#"n=0
while IFS= read -r line; do
  case "$line" in
    AGI) echo "ID NAME sh"; echo "OPTION OWNBOOK FALSE PONDER FALSE"; echo AGIOK ;;
    SETOPTION*) n=$((n+1)) ;;
    ISREADY) if [ "$n" -ge 4 ]; then :; elif [ "$n" -eq 3 ]; then sleep 0.5; echo READYOK; else echo READYOK; fi ;;
    QUIT) echo BYE; exit 0 ;;
  esac
done"#;
        crate::session::EngineCommand {
            program: "/bin/sh".into(),
            args: vec!["-c".to_owned(), script.to_owned()],
            working_dir: None,
            env: Vec::new(),
        }
    }

    /// A case that failed at the patience only (its reply came, late for the patience, within
    /// the bound) is not the reproduction: the chain goes back to the smallest case that fails
    /// at the text's own bound, and a case that does is kept.
    #[test]
    fn the_reproduction_fails_at_the_text_s_own_bound() {
        use crate::fuzz::agi::{Action, AgiModel};
        use std::time::Instant;
        let model = AgiModel::new(false, false);
        let setoption = Action::SetOption {
            ownbook: true,
            ponder: false,
        };
        let case = |n: usize| {
            let mut actions = vec![setoption.clone(); n];
            actions.push(Action::IsReady);
            (model.initial(), actions)
        };
        let options = crate::fuzz::FuzzOptions {
            seed: 1,
            cases: 1,
            time: None,
            max_time: None,
            max_steps: 24,
            max_shrink_runs: 10,
            replays: 1,
            robustness: false,
            game: crate::protocol::GameKind::Gomoku,
            // A bound of two seconds (5000 ms as the model writes it): the late answer comes
            // well within it, however loaded the machine.
            run: crate::runner::RunOptions {
                time_scale: 0.4,
                ..Default::default()
            },
            repro: std::env::temp_dir(),
        };
        let engine = slow_then_silent();
        let stop = crate::fuzz::hunt::Stop::new(Instant::now(), None);
        // The label the AGI model gives its `READYOK`.
        const AGI_READYOK: Reply = Reply::must("READYOK", &[]);
        let key = FailureKey {
            requirements: vec![crate::req!("agi-r52")],
            ..key(AGI_READYOK)
        };
        let shrinker = super::Shrinker {
            model: &model,
            key: &key,
            engine: &engine,
            options: &options,
            stop: &stop,
            patience: Patience {
                caps: vec![Cap {
                    reply: AGI_READYOK.id(),
                    ms: 1000,
                }],
            },
        };
        let found = run_of(Vec::new());
        let last = run_of(Vec::new());
        let mut runs = 0;
        struct Quiet;
        impl crate::fuzz::FuzzObserver for Quiet {}
        let mut observer = Quiet;
        // Five, four, then three SETOPTION: the last failed at the patience only.
        let chain = vec![case(5), case(4), case(3)];
        let ((_, actions), _) = shrinker
            .at_the_text_bounds(chain, found.clone(), last.clone(), &mut runs, &mut observer)
            .unwrap();
        assert_eq!(actions.len(), 5, "{actions:?}");
        assert!(runs >= 2, "{runs}");
        // The last case fails at the bound: it is kept, in one run.
        let mut runs = 0;
        let chain = vec![case(5), case(4)];
        let ((_, actions), run) = shrinker
            .at_the_text_bounds(chain, found, last, &mut runs, &mut observer)
            .unwrap();
        assert_eq!((actions.len(), runs), (5, 1), "{actions:?}");
        assert!(
            !run.outcomes.is_empty(),
            "the run at the bound is the evidence"
        );
    }
}
