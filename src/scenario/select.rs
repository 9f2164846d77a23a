//! Choosing the scenarios of a run the way users name them: files, folders of `*.scenario`
//! files and built-in names, or every built-in scenario of the protocol when none is named.
//! The command line and the library API both choose through here, so a name means the same
//! thing in `arbiter run` and in an engine project's `cargo test`.

use std::path::{Path, PathBuf};

use super::{Scenario, ScenarioError, builtin_for, builtin_named, builtin_names, suggest};
use crate::protocol::{GameKind, Protocol};

/// Why the scenarios asked for cannot be run.
#[derive(Debug, thiserror::Error)]
pub enum SelectError {
    /// A scenario named, a file or a built-in one, cannot be read or parsed.
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    /// A folder named, or one below it, cannot be listed.
    #[error("cannot read {}: {error}", path.display())]
    Folder {
        /// The folder as it was named.
        path: PathBuf,
        /// Why the system refused to list it.
        error: std::io::Error,
    },
    /// A folder named holds no `*.scenario` file, in its subfolders either.
    #[error("{}: no *.scenario files in this folder", .0.display())]
    EmptyFolder(PathBuf),
    /// A name is no existing file or folder and no built-in scenario.
    #[error(
        "`{name}` is neither a scenario file nor a built-in scenario{suggestion} (`arbiter scenarios` lists them)"
    )]
    Unknown {
        /// The name as it was given.
        name: String,
        /// `; did you mean `ucci/quit`?` when a built-in name is close to it, else empty.
        suggestion: String,
    },
    /// A scenario is written in another protocol than the engine is run as.
    #[error("{name} is a {scenario} scenario, but the engine is run as {engine}")]
    OtherProtocol {
        /// The scenario's short name (`ucci/handshake`).
        name: String,
        /// The protocol its file is written in.
        scenario: Protocol,
        /// The protocol the engine is run as.
        engine: Protocol,
    },
    /// A scenario's positions are written for another game than the engine plays (`--game`).
    #[error("{name} is written for {written}, but the engine is run for {played} (--game)")]
    OtherGame {
        /// The scenario's short name (`uci/mate`).
        name: String,
        /// The game its `game:` header names.
        written: GameKind,
        /// The game the engine is run for.
        played: GameKind,
    },
}

/// The scenarios `names` name (files, folders recursively sorted by path, built-in names as
/// `ucci/stop` or `stop` within the protocol); all built-in ones of the protocol for `game`
/// when `names` is empty. Each must be of the protocol and may be played in `game`.
pub fn select(
    names: &[PathBuf],
    protocol: Protocol,
    game: GameKind,
) -> Result<Vec<Scenario>, SelectError> {
    if names.is_empty() {
        let mut all = builtin_for(protocol)?;
        all.retain(|s| s.game.is_none_or(|g| g == game));
        return Ok(all);
    }
    let mut scenarios = Vec::new();
    for name in names {
        if name.is_dir() {
            let mut files = Vec::new();
            collect(name, &mut files).map_err(|error| SelectError::Folder {
                path: name.clone(),
                error,
            })?;
            if files.is_empty() {
                return Err(SelectError::EmptyFolder(name.clone()));
            }
            for file in files {
                scenarios.push(Scenario::load(&file)?);
            }
        } else if name.is_file() {
            scenarios.push(Scenario::load(name)?);
        } else {
            scenarios.push(builtin(name, protocol)?);
        }
    }
    for scenario in &scenarios {
        fits(scenario, protocol, game)?;
    }
    Ok(scenarios)
}

/// A scenario run against an engine of another protocol or game is refused.
pub fn fits(scenario: &Scenario, protocol: Protocol, game: GameKind) -> Result<(), SelectError> {
    if scenario.protocol != protocol {
        return Err(SelectError::OtherProtocol {
            name: scenario.name.clone(),
            scenario: scenario.protocol,
            engine: protocol,
        });
    }
    match scenario.game {
        Some(written) if written != game => Err(SelectError::OtherGame {
            name: scenario.name.clone(),
            written,
            played: game,
        }),
        _ => Ok(()),
    }
}

/// A built-in scenario by its name (`ucci/stop`) or its name within the protocol (`stop`).
fn builtin(name: &Path, protocol: Protocol) -> Result<Scenario, SelectError> {
    let word = name.to_string_lossy();
    let full = if word.contains('/') {
        word.to_string()
    } else {
        format!("{protocol}/{word}")
    };
    match builtin_named(&full) {
        Some(scenario) => Ok(scenario?),
        None => Err(SelectError::Unknown {
            name: word.into_owned(),
            suggestion: suggest(&full, &builtin_names()),
        }),
    }
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "scenario") {
            files.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_within_the_protocol_and_whole_names_are_the_same_scenario() {
        let short = select(&["stop".into()], Protocol::Ucci, GameKind::Xiangqi).unwrap();
        let whole = select(&["ucci/stop".into()], Protocol::Ucci, GameKind::Xiangqi).unwrap();
        assert_eq!(short[0].name, whole[0].name);
    }

    #[test]
    fn an_unknown_name_suggests_the_nearest_and_another_protocol_is_refused() {
        let unknown = select(&["ucci/stpo".into()], Protocol::Ucci, GameKind::Xiangqi);
        assert!(
            unknown
                .unwrap_err()
                .to_string()
                .contains("did you mean `ucci/stop`")
        );
        let other = select(&["uci/search".into()], Protocol::Ucci, GameKind::Xiangqi);
        assert!(matches!(other, Err(SelectError::OtherProtocol { .. })));
    }

    #[test]
    fn no_name_is_every_built_in_scenario_of_the_protocol_for_the_game() {
        let chess = select(&[], Protocol::Uci, GameKind::Chess).unwrap();
        let xiangqi = select(&[], Protocol::Uci, GameKind::Xiangqi).unwrap();
        assert!(chess.iter().all(|s| s.game != Some(GameKind::Xiangqi)));
        assert!(xiangqi.iter().any(|s| s.game == Some(GameKind::Xiangqi)));
    }
}
