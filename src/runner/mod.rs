//! Running scenarios: one fresh engine process per scenario, judged by the built-in checks as
//! its lines arrive. The runner fills in the report model (`crate::report`: a `ScenarioRun` per
//! scenario) and reports progress as events; it renders nothing.

mod lateness;
mod schedule;
mod steps;
mod unread;

use std::time::{Duration, Instant};

use crate::check::{self, Judge};
use crate::protocol::{GameKind, LineEnd};
use crate::report::{RunEnd, ScenarioInfo, ScenarioRun};
use crate::scenario::Scenario;
use crate::session::{EngineCommand, Session, SessionOptions, interrupt};
pub use schedule::{Concurrency, Played, run_all};
pub(crate) use unread::explain_across;

/// Settings of a run.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Multiplies every timing bound, for slow machines.
    pub time_scale: f64,
    /// How long an engine may take to exit once its stdin is closed, before it is killed.
    pub grace: Duration,
    /// Line end to send when the scenario does not choose one; default: the protocol's.
    pub line_end: Option<LineEnd>,
    /// Stop running scenarios once one shows the engine never answers its opening command.
    pub fail_fast: bool,
    /// Engine options, set once the handshake is done.
    pub engine_options: Vec<EngineOption>,
    /// The game whose oracle judges the moves; `None`: the protocol's own.
    pub game: Option<GameKind>,
    /// How many scenarios run at once (one by default).
    pub concurrency: Concurrency,
    /// A reply missing at its bound is waited for a while longer, to report how late it is.
    /// The fuzzer's case and shrinking runs turn it off: late and missing grade alike there, and
    /// only the minimal case's replays are reported.
    pub measure_late: bool,
}

/// An engine option to set before the scenario's exchange: `Hash=64`, `UCI_Variant=xiangqi`,
/// or a name alone (a UCI button).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineOption {
    /// The option's name.
    pub name: String,
    /// Its value; none for a button.
    pub value: Option<String>,
}

impl EngineOption {
    /// The threads one search of the engine uses: its last `Threads` option when set, else
    /// one (a search holds that many cores while scenarios run at once).
    pub fn search_threads(options: &[EngineOption]) -> std::num::NonZeroUsize {
        options
            .iter()
            .rev()
            .find(|o| o.name.eq_ignore_ascii_case("threads"))
            .and_then(|o| o.value.as_deref()?.trim().parse().ok())
            .unwrap_or(std::num::NonZeroUsize::MIN)
    }
}

/// An `--option` that is not `NAME=VALUE` or `NAME`: no name, or a line break in it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not NAME=VALUE")]
pub struct BadEngineOption(String);

impl std::str::FromStr for EngineOption {
    type Err = BadEngineOption;

    /// `NAME=VALUE` (the name may hold spaces, the value anything) or `NAME`.
    fn from_str(text: &str) -> Result<EngineOption, BadEngineOption> {
        let (name, value) = match text.split_once('=') {
            Some((name, value)) => (name, Some(value.to_owned())),
            None => (text, None),
        };
        let name = name.trim();
        if name.is_empty() || name.contains(['\n', '\r']) {
            return Err(BadEngineOption(text.to_owned()));
        }
        Ok(EngineOption {
            name: name.to_owned(),
            value,
        })
    }
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            time_scale: 1.0,
            grace: Duration::from_millis(1000),
            line_end: None,
            fail_fast: true,
            engine_options: Vec::new(),
            game: None,
            concurrency: Concurrency::SERIAL,
            measure_late: true,
        }
    }
}

/// Receives progress events; reporters and progress bars implement it.
pub trait Observer {
    /// The `index`-th of `total` scenarios has started.
    fn started(&mut self, _scenario: &Scenario, _index: usize, _total: usize) {}
    /// A scenario has run.
    fn finished(&mut self, _run: &ScenarioRun) {}
}

/// An observer that ignores everything.
pub(crate) struct Quiet;
impl Observer for Quiet {}

/// Runs one scenario in a fresh engine process.
pub(crate) fn run_scenario(
    scenario: &Scenario,
    engine: &EngineCommand,
    options: &RunOptions,
) -> ScenarioRun {
    let started = Instant::now();
    lateness::start();
    let session_options = SessionOptions {
        line_end: scenario
            .line_end
            .or(options.line_end)
            .unwrap_or(scenario.protocol.facts().gui_line_end),
        grace: options.grace.mul_f64(options.time_scale.max(1.0)),
        write_timeout: SessionOptions::default()
            .write_timeout
            .mul_f64(options.time_scale.max(1.0)),
        ..SessionOptions::default()
    };
    let judge = Judge::new(check::Context {
        protocol: scenario.protocol,
        game: options
            .game
            .or(scenario.game)
            .unwrap_or(scenario.protocol.default_game()),
        time_scale: options.time_scale,
    });
    let mut session = match Session::spawn(engine, session_options, judge) {
        Ok(session) => session,
        Err(e) => return ScenarioRun::harness_failed(scenario, e.to_string()),
    };
    let (mut steps, aborted) = {
        let mut executor = steps::Executor::new(
            &mut session,
            scenario,
            options.time_scale,
            options.measure_late,
            &options.engine_options,
        );
        let aborted = executor.run().err().map(|abort| abort.reason);
        (executor.into_results(), aborted)
    };
    // A session the scenario did not end itself (it stopped early, or it never quits) ends the
    // protocol's way before its input closes: an engine left mid-exchange with its input
    // closed under it may loop on its last command or answer what nobody asked, and none of
    // what it does after the harness's own ending is judged.
    if !steps.quit_sent && interrupt::raised().is_none() {
        session.end_by_protocol(scenario.protocol.facts().quit.command);
    }
    let (transcript, judge) = session.finish();
    // An engine that never answered its opening command, or that stopped itself, will not
    // answer the next scenario either. One that spoke and then died on a command of this
    // scenario's (a brain that crashes on INFO before START) is that finding, and may well
    // answer the others: they still run.
    let spoke_then_died = crate::check::ending::Ending::engine_went_by_itself(&transcript)
        && transcript
            .entries
            .iter()
            .any(|e| e.direction == crate::session::Direction::Received);
    let unresponsive = (judge.unresponsive() && !spoke_then_died) || transcript.stopped.is_some();
    let checks = judge.finish(&transcript);
    let steps_captures = std::mem::take(&mut steps.captures);
    let (mut outcomes, mut blocked) = steps.settle(&checks);
    outcomes.extend(checks);
    // Input the engine was shown here not to read explains this scenario's missing replies.
    unread::explain_within(&mut outcomes, &mut blocked);
    ScenarioRun {
        scenario: ScenarioInfo::of(scenario),
        outcomes,
        blocked,
        // Cut short by a signal: its outcomes and transcript are kept, but it counts as not
        // run, neither passed nor failed.
        end: RunEnd::of_run(
            aborted,
            unresponsive,
            interrupt::raised()
                .map(|signal| format!("interrupted by signal {signal} while it ran")),
        ),
        duration_us: started.elapsed().as_micros() as u64,
        notes: Vec::new(),
        transcript,
        captures: steps_captures,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--option` takes a name, with or without a value; no name, or a line break in it, is
    /// refused with the option as written.
    #[test]
    fn an_engine_option_is_a_name_and_maybe_a_value() {
        let read = |text: &str| text.parse::<EngineOption>();
        assert_eq!(
            read("Hash=64"),
            Ok(EngineOption {
                name: "Hash".into(),
                value: Some("64".into())
            })
        );
        assert_eq!(
            read("Clear Hash"),
            Ok(EngineOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(read("=5"), Err(BadEngineOption("=5".into())));
        assert_eq!(read("a\nb=1"), Err(BadEngineOption("a\nb=1".into())));
        assert_eq!(
            read(" = ").unwrap_err().to_string(),
            "` = ` is not NAME=VALUE"
        );
    }
}
