//! Certifying an engine: a profile's scenarios chosen, checked against the game they are
//! played in, run, and graded. `arbiter certify` and the library API both certify through
//! here, so the same profile means the same run from the command line and from `cargo test`.

use super::{Certification, Profile, ScenarioRef};
use crate::check::registry::Side;
use crate::partition::Partition;
use crate::protocol::GameKind;
use crate::report::EngineInfo;
use crate::runner::Played;
use crate::scenario::{Scenario, ScenarioError, SelectError, builtin_named, fits};

/// Why a profile cannot be run against an engine.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// The profile has `side: gui`: it judges a GUI's session, which an engine run cannot give.
    #[error(
        "profile `{profile}` grades a GUI: run the GUI against `arbiter stand-in --protocol {protocol} --profile {profile}` (or `arbiter spy --profile {profile}` in front of an engine)"
    )]
    GradesAGui {
        /// The profile's name.
        profile: String,
        /// The profile's protocol in the words `--protocol` takes (`ucci`).
        protocol: String,
    },
    /// A game was asked for (`--game`, [`Engine::game`](crate::Engine::game)) that is not the
    /// one the profile's scenarios are played in.
    #[error("--game {asked}: profile {profile} is for {own}")]
    OtherGame {
        /// The game asked for.
        asked: GameKind,
        /// The profile's name.
        profile: String,
        /// The game the profile is for (its `game:`, or its protocol's own).
        own: GameKind,
    },
    /// The profile names a built-in scenario (`ucci/handshake`) that Arbiter does not have.
    #[error("no built-in scenario {0}")]
    NoScenario(String),
    /// A scenario the profile names could not be read or parsed.
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    /// A scenario the profile names is for another protocol or game than the profile's.
    #[error(transparent)]
    Select(#[from] SelectError),
}

/// The scenarios `profile` runs, in `game` if given (it must be the profile's own), and the
/// share of them `partition` names.
pub fn scenarios(
    profile: &Profile,
    game: Option<GameKind>,
    partition: Option<Partition>,
) -> Result<(GameKind, Vec<Scenario>), CertifyError> {
    if profile.side == Side::Gui {
        return Err(CertifyError::GradesAGui {
            profile: profile.name.clone(),
            protocol: profile.protocol.to_string(),
        });
    }
    let game = match game {
        Some(asked) if asked != profile.game => {
            return Err(CertifyError::OtherGame {
                asked,
                profile: profile.name.clone(),
                own: profile.game,
            });
        }
        _ => profile.game,
    };
    let mut scenarios = Vec::new();
    for reference in &profile.scenarios {
        let scenario = match reference {
            ScenarioRef::Builtin(name) => {
                builtin_named(name).ok_or_else(|| CertifyError::NoScenario(name.clone()))??
            }
            ScenarioRef::File(path) => Scenario::load(path)?,
        };
        fits(&scenario, profile.protocol, game)?;
        scenarios.push(scenario);
    }
    if let Some(partition) = partition {
        scenarios = partition.select(scenarios);
    }
    Ok((game, scenarios))
}

impl Certification {
    /// The certification of `profile` from a run of its scenarios (`runner::run_all` over
    /// what [`scenarios`] chose).
    pub fn of_run(
        profile: &Profile,
        engine: EngineInfo,
        partition: Option<Partition>,
        played: Played,
    ) -> Certification {
        let mut certification = Certification::new(profile, engine, partition, played.runs);
        certification.parallelism = played.parallelism;
        certification
    }
}
