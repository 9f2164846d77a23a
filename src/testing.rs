//! Arbiter inside an engine project's own `cargo test`: certify the engine against a profile,
//! or run scenarios against it, and fail the test with the human report — findings and the
//! transcript around them — when it does not conform.
//!
//! ```no_run
//! use arbiter::{Engine, Protocol};
//!
//! // Certify the engine the project builds against the UCI profile's rows.
//! let certification = Engine::new("target/release/my-engine")
//!     .protocol(Protocol::Uci)
//!     .certify("uci")
//!     .expect("the profile runs");
//! certification.assert_pass();
//!
//! // Or run a few built-in scenarios and the project's own.
//! Engine::new("target/release/my-engine")
//!     .protocol(Protocol::Uci)
//!     .option("Hash", "16")
//!     .run(&["uci/stop", "tests/arbiter/"])
//!     .expect("the scenarios load")
//!     .assert_pass();
//! ```
//!
//! The runs are the command line's: the same scenarios, checks, deadlines and verdicts as
//! `arbiter certify` and `arbiter run`, engines killed and reaped whatever they do. A test
//! passes on warnings, as the exit status 0 does.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use crate::certify::{self, Certification, CertifyError, ProfileError, profile};
#[cfg(feature = "fuzz")]
use crate::fuzz::report::FuzzReport;
#[cfg(feature = "fuzz")]
use crate::fuzz::{self, FuzzObserver, FuzzOptions};
use crate::golden::{self, OnChange, Snapshots};
use crate::protocol::{GameKind, Protocol, WrongGame};
use crate::render::{Detail, Document, Human, Paint, Render, human};
use crate::report::Report;
use crate::report::{Conclusion, EngineInfo};
use crate::runner::{Concurrency, EngineOption, Quiet, RunOptions, run_all};
use crate::scenario::select;

/// Why scenarios could not be loaded or chosen: an [`Error`]'s causes, and what is wrong
/// with a scenario file, by kind.
pub use crate::scenario::{
    CutError, DirectiveError, DurationError, HeaderError, ModifierError, NotARequirementId,
    PatternError, ScenarioError, ScenarioErrorKind, SelectError, StepError,
};
use crate::session::{EngineCommand, NotStartable};

/// Why a check could not be run at all (a finding about the engine is never an error: it is
/// in the report).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The engine cannot be started at all (no such file, not on PATH, a directory, not
    /// executable): said once, before anything runs, instead of a report of scenarios that
    /// could not start it.
    #[error("engine {}: {why}", program.display())]
    NotStartable {
        /// The program as it was given to [`Engine::new`].
        program: PathBuf,
        /// Why it cannot be started.
        #[source]
        why: NotStartable,
    },
    /// [`Engine::run`] or [`Engine::fuzz`] was called without [`Engine::protocol`]:
    /// scenarios are chosen, generated and read by protocol.
    #[error("say which protocol the engine speaks: Engine::protocol")]
    NoProtocol,
    /// [`Engine::protocol`] names another protocol than the profile passed to
    /// [`Engine::certify`].
    #[error(
        "profile `{profile}` is for {profile_protocol}, but the engine was set to speak {engine}"
    )]
    OtherProtocol {
        /// The profile's name.
        profile: String,
        /// The protocol the profile's rows are for.
        profile_protocol: Protocol,
        /// The protocol [`Engine::protocol`] was given.
        engine: Protocol,
    },
    /// The profile could not be found, read or parsed.
    #[error(transparent)]
    Profile(#[from] ProfileError),
    /// The profile cannot be run against an engine: it grades a GUI, is for another game than
    /// [`Engine::game`], or names a scenario that is missing, will not load, or does not fit.
    #[error(transparent)]
    Certify(#[from] CertifyError),
    /// A scenario given to [`Engine::run`] is unknown, will not load, or is for another
    /// protocol or game.
    #[error(transparent)]
    Scenarios(#[from] SelectError),
    /// [`Engine::game`] names a game the protocol is not spoken for here (UCCI for chess).
    #[error(transparent)]
    Game(#[from] WrongGame),
    /// `ARBITER_UPDATE_SNAPSHOTS` holds a value other than `new`, `always`, `no`, `auto` or
    /// empty, so [`Engine::snapshots`] cannot tell what to do with a changed transcript.
    #[error(
        "ARBITER_UPDATE_SNAPSHOTS is `{0}`: say `new` (keep changes for review), `always` \
         (accept them) or `no` (only fail)"
    )]
    UpdateSetting(String),
    /// The fuzzer itself failed (its model drew no case, or wrote a scenario it cannot read
    /// back): a fault of Arbiter's, never a finding about the engine.
    #[cfg(feature = "fuzz")]
    #[error("the fuzzer failed: {0}")]
    Fuzz(#[source] crate::fuzz::FuzzError),
    /// A failure's minimal scenario could not be written where [`Engine::repro_dir`] says.
    #[cfg(feature = "fuzz")]
    #[error("cannot write {path}: {source}")]
    Repro {
        /// The folder or file that could not be written.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// The seed [`Engine::fuzz`] uses unless [`Engine::seed`] says otherwise.
#[cfg(feature = "fuzz")]
const FIXED_SEED: u64 = 1;

/// An engine binary to check, and how to run it.
#[derive(Debug, Clone)]
pub struct Engine {
    command: EngineCommand,
    protocol: Option<Protocol>,
    game: Option<GameKind>,
    options: Vec<EngineOption>,
    time_scale: f64,
    jobs: Option<NonZeroUsize>,
    snapshots: Option<PathBuf>,
    #[cfg(feature = "fuzz")]
    seed: u64,
    #[cfg(feature = "fuzz")]
    repro: PathBuf,
}

impl Engine {
    /// The engine at `program`, started directly (no shell); a bare name is looked up on
    /// `PATH`.
    pub fn new(program: impl Into<PathBuf>) -> Engine {
        Engine {
            command: EngineCommand {
                program: program.into(),
                args: Vec::new(),
                working_dir: None,
                env: Vec::new(),
            },
            protocol: None,
            game: None,
            options: Vec::new(),
            time_scale: 1.0,
            jobs: None,
            snapshots: None,
            #[cfg(feature = "fuzz")]
            seed: FIXED_SEED,
            #[cfg(feature = "fuzz")]
            repro: PathBuf::from(fuzz::DEFAULT_REPRO_DIR),
        }
    }

    /// An argument for the engine's command line; call again for more.
    pub fn arg(mut self, arg: impl Into<String>) -> Engine {
        self.command.args.push(arg.into());
        self
    }

    /// The protocol the engine speaks. Needed for [`run`](Engine::run); a profile names its
    /// own, which must agree when this is given.
    pub fn protocol(mut self, protocol: Protocol) -> Engine {
        self.protocol = Some(protocol);
        self
    }

    /// The game it plays, where the protocol is spoken for more than one (UCI: chess, the
    /// default, or xiangqi).
    pub fn game(mut self, game: GameKind) -> Engine {
        self.game = Some(game);
        self
    }

    /// An engine option set in the protocol's own words once the handshake is done
    /// (`setoption name Hash value 16`); an empty value is a button.
    pub fn option(mut self, name: impl Into<String>, value: impl Into<String>) -> Engine {
        let value = value.into();
        self.options.push(EngineOption {
            name: name.into(),
            value: (!value.is_empty()).then_some(value),
        });
        self
    }

    /// Multiplies every upper timing bound, for slow CI machines (a `not before` stays).
    pub fn time_scale(mut self, scale: f64) -> Engine {
        self.time_scale = scale;
        self
    }

    /// Runs at most `jobs` scenarios at once (default: as `arbiter run` chooses for this
    /// machine).
    pub fn jobs(mut self, jobs: NonZeroUsize) -> Engine {
        self.jobs = Some(jobs);
        self
    }

    /// Golden transcripts for [`run`](Engine::run): each scenario's exchange must match
    /// `DIR/<scenario name>.transcript`, as with `arbiter run --snapshots DIR`. Where it
    /// differs or is missing, the test fails with the diff and the new transcript waits beside
    /// the golden one (`….transcript.new`) for `arbiter snapshots review DIR` to accept or
    /// reject, as `cargo insta review` does. `ARBITER_UPDATE_SNAPSHOTS` changes that: `no`
    /// only fails (the default when `CI` is set), `always` accepts every change at once.
    pub fn snapshots(mut self, dir: impl Into<PathBuf>) -> Engine {
        self.snapshots = Some(dir.into());
        self
    }

    /// The seed of [`Engine::fuzz`]: the same seed generates the same cases. A fixed one by
    /// default, so a test sees the same cases every run; vary it to explore others.
    #[cfg(feature = "fuzz")]
    pub fn seed(mut self, seed: u64) -> Engine {
        self.seed = seed;
        self
    }

    /// Where [`Engine::fuzz`] writes each failure's minimal scenario, one file per distinct
    /// failure, to replay with `.run(&[file])` or `arbiter run`. Default: `arbiter-repro` in
    /// the current folder (a test's is its package's), made only when something fails.
    #[cfg(feature = "fuzz")]
    pub fn repro_dir(mut self, dir: impl Into<PathBuf>) -> Engine {
        self.repro = dir.into();
        self
    }

    /// Certifies the engine against a built-in profile (`uci`, `ucci-league`, …) or a profile
    /// file, as `arbiter certify --profile` does.
    pub fn certify(&self, profile: &str) -> Result<Certification, Error> {
        let profile = profile::load(profile)?;
        self.startable()?;
        if let Some(engine) = self.protocol.filter(|p| *p != profile.protocol) {
            return Err(Error::OtherProtocol {
                profile: profile.name,
                profile_protocol: profile.protocol,
                engine,
            });
        }
        let (game, scenarios) = certify::scenarios(&profile, self.game, None)?;
        let options = self.options(game);
        let played = run_all(&scenarios, &self.command, &options, &mut Quiet);
        Ok(Certification::of_run(
            &profile,
            EngineInfo::of(&self.command),
            None,
            played,
        ))
    }

    /// Runs scenarios against the engine, as `arbiter run` does: scenario files, folders of
    /// them and built-in names; every built-in scenario of the protocol when `scenarios` is
    /// empty.
    pub fn run(&self, scenarios: &[&str]) -> Result<Report, Error> {
        let (protocol, game) = self.protocol_and_game()?;
        self.startable()?;
        let names: Vec<PathBuf> = scenarios.iter().map(PathBuf::from).collect();
        let scenarios = select(&names, protocol, game)?;
        let snapshots = self.golden()?;
        let options = self.options(game);
        let mut played = run_all(&scenarios, &self.command, &options, &mut Quiet);
        if let Some(snapshots) = &snapshots {
            golden::judge_all(&mut played.runs, snapshots);
        }
        Ok(played.into_report(protocol, EngineInfo::of(&self.command), options.time_scale))
    }

    /// Fuzzes the engine as `arbiter fuzz --cases N` does: `cases` command sequences a GUI
    /// may send, generated from the protocol's states, each failure shrunk to a minimal
    /// scenario written under [`Engine::repro_dir`] and replayed to tell a deterministic
    /// failure from a flaky one (feature `fuzz`, on by default).
    #[cfg(feature = "fuzz")]
    pub fn fuzz(&self, cases: u32) -> Result<FuzzReport, Error> {
        let (protocol, game) = self.protocol_and_game()?;
        self.startable()?;
        let options = FuzzOptions {
            seed: self.seed,
            cases,
            time: None,
            max_time: None,
            max_steps: fuzz::DEFAULT_MAX_STEPS,
            max_shrink_runs: fuzz::DEFAULT_MAX_SHRINK_RUNS,
            replays: fuzz::DEFAULT_REPLAYS,
            robustness: false,
            game,
            run: self.options(game),
            repro: self.repro.clone(),
        };
        let result =
            fuzz::fuzz(protocol, &self.command, &options, &mut Unobserved).map_err(Error::Fuzz)?;
        result.write_repros().map_err(|e| Error::Repro {
            path: e.path,
            source: e.source,
        })?;
        Ok(FuzzReport::new(
            result,
            self.seed,
            false,
            EngineInfo::of(&self.command),
            protocol,
            self.time_scale,
        ))
    }

    /// An engine that cannot be started is the caller's mistake, named with its path.
    fn startable(&self) -> Result<(), Error> {
        self.command.startable().map_err(|why| Error::NotStartable {
            program: self.command.program.clone(),
            why,
        })
    }

    /// The protocol the engine was said to speak, and the game it plays (the protocol's own
    /// unless [`Engine::game`] names another it is spoken for).
    fn protocol_and_game(&self) -> Result<(Protocol, GameKind), Error> {
        let protocol = self.protocol.ok_or(Error::NoProtocol)?;
        let game = protocol.check_game(self.game.unwrap_or(protocol.default_game()))?;
        Ok((protocol, game))
    }

    /// How the run judges its golden transcripts, if it does: each file's own rules, and
    /// changes kept, accepted or only failed as the environment says.
    fn golden(&self) -> Result<Option<Snapshots>, Error> {
        let Some(dir) = &self.snapshots else {
            return Ok(None);
        };
        let setting = std::env::var("ARBITER_UPDATE_SNAPSHOTS").ok();
        Ok(Some(Snapshots {
            dir: dir.clone(),
            on_change: on_change(setting, std::env::var_os("CI").is_some())?,
            rules: None,
        }))
    }

    fn options(&self, game: GameKind) -> RunOptions {
        let threads = EngineOption::search_threads(&self.options);
        RunOptions {
            time_scale: self.time_scale,
            engine_options: self.options.clone(),
            game: Some(game),
            concurrency: Concurrency::for_this_machine(threads, self.jobs),
            ..RunOptions::default()
        }
    }
}

/// What a changed golden transcript does, from `ARBITER_UPDATE_SNAPSHOTS` (insta's words for
/// `INSTA_UPDATE`) and whether this is CI, where nobody reviews and nothing is written.
fn on_change(setting: Option<String>, ci: bool) -> Result<OnChange, Error> {
    match setting.as_deref() {
        None | Some("" | "auto") if ci => Ok(OnChange::Fail),
        None | Some("" | "auto" | "new") => Ok(OnChange::Pending),
        Some("always") => Ok(OnChange::Overwrite),
        Some("no") => Ok(OnChange::Fail),
        Some(other) => Err(Error::UpdateSetting(other.to_owned())),
    }
}

/// The same three calls on each kind of result, so a test reads any of them alike: the text a
/// person reads, whether it passed as exit status 0 says, and a panic carrying that text.
macro_rules! gate {
    ($result:ty, $what:literal, $document:expr, $headline:expr) => {
        impl $result {
            #[doc = concat!("The ", $what, " as the command line prints it for a person: each finding with the transcript around it.")]
            pub fn human(&self) -> String {
                human_text(&$document(self), Detail::Findings)
            }

            /// Whether nothing failed (warnings allowed), as exit status 0 says.
            pub fn passed(&self) -> bool {
                self.conclusion() == Conclusion::Passed
            }

            #[doc = concat!("Panics unless it passed, with what failed first: the ", $what, " as `--failures-only` prints it, each failure with its sentence and the transcript around it, and the counts last.")]
            #[track_caller]
            pub fn assert_pass(&self) {
                if !self.passed() {
                    let failures = human_text(&$document(self), Detail::FailuresOnly);
                    panic!("{}\n{failures}", $headline(self));
                }
            }
        }
    };
}

gate!(
    Certification,
    "certification (every row)",
    Document::Certification,
    Certification::verdict_line
);
gate!(Report, "report", Document::Run, human::summary_line);
#[cfg(feature = "fuzz")]
gate!(
    FuzzReport,
    "fuzz report (each failure names its minimal scenario's file)",
    Document::Fuzz,
    FuzzReport::summary_line
);

/// Silence while fuzzing: a test shows the report, not a progress bar.
#[cfg(feature = "fuzz")]
struct Unobserved;
#[cfg(feature = "fuzz")]
impl FuzzObserver for Unobserved {}

/// A document as a person reads it, with `detail`: each finding with the transcript around it.
fn human_text(document: &Document<'_>, detail: Detail) -> String {
    let human = Human {
        detail,
        paint: Paint::Plain,
    };
    human
        .render(document)
        .unwrap_or_else(|unsupported| unsupported.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_wait_for_review_outside_ci_and_only_fail_in_it() {
        assert_eq!(on_change(None, false).unwrap(), OnChange::Pending);
        assert_eq!(on_change(None, true).unwrap(), OnChange::Fail);
        assert_eq!(
            on_change(Some("new".into()), true).unwrap(),
            OnChange::Pending
        );
        assert_eq!(
            on_change(Some("always".into()), true).unwrap(),
            OnChange::Overwrite
        );
        assert_eq!(on_change(Some("no".into()), false).unwrap(), OnChange::Fail);
        let error = on_change(Some("yes".into()), false).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("ARBITER_UPDATE_SNAPSHOTS is `yes`"),
            "{error}"
        );
    }
}
