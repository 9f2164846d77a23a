//! The engine options every subcommand that starts an engine shares, so `run`, `record` and
//! `certify` accept the same spelling, build the same command and refuse the same mistakes
//! before anything runs.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use arbiter::report::EngineInfo;
use arbiter::session::{EngineCommand, NotStartable};

#[derive(Args, Debug, Clone)]
pub(super) struct EngineArgs {
    /// Engine executable (run directly, no shell).
    #[arg(long)]
    pub engine: PathBuf,
    /// An argument for the engine; repeat for several.
    #[arg(long = "engine-arg", allow_hyphen_values = true)]
    pub engine_args: Vec<String>,
    /// Working directory of the engine.
    #[arg(long)]
    pub engine_dir: Option<PathBuf>,
    /// An environment variable for the engine, KEY=VALUE; repeat for several.
    #[arg(long = "engine-env", value_parser = parse_env)]
    pub engine_env: Vec<(String, String)>,
}

impl EngineArgs {
    pub(super) fn command(&self) -> EngineCommand {
        EngineCommand {
            program: self.engine.clone(),
            args: self.engine_args.clone(),
            working_dir: self.engine_dir.clone(),
            env: self.engine_env.clone(),
        }
    }

    /// How reports name the engine.
    pub(super) fn info(&self) -> EngineInfo {
        EngineInfo::of(&self.command())
    }

    /// One clear error, before any scenario runs, for an engine that cannot be started: a
    /// program name is looked up on PATH as the operating system would.
    pub(super) fn check_startable(&self) -> Result<(), CliError> {
        self.command().startable().map_err(|why| match why {
            NotStartable::NoWorkingDir(dir) => {
                CliError::Usage(format!("--engine-dir {}: no such directory", dir.display()))
            }
            why => CliError::Usage(format!("--engine {}: {why}", self.engine.display())),
        })
    }
}

/// An `--engine-env` value without a key and a `=`.
#[derive(Debug, PartialEq, thiserror::Error)]
#[error("`{0}` is not KEY=VALUE")]
struct NotKeyValue(String);

fn parse_env(text: &str) -> Result<(String, String), NotKeyValue> {
    text.split_once('=')
        .filter(|(k, _)| !k.is_empty())
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .ok_or_else(|| NotKeyValue(text.to_owned()))
}

/// The largest `--time-scale`: a bound of 1 s scaled by it is still under a day.
const MAX_SCALE: f64 = 1000.0;

/// A `--time-scale` value out of its range, or no number.
#[derive(Debug, PartialEq, thiserror::Error)]
#[error("`{0}` is not a factor from 0.01 to {MAX_SCALE}")]
pub(super) struct NotAScale(String);

/// A `--time-scale` value: a factor from 0.01 to 1000.
pub(super) fn parse_scale(text: &str) -> Result<f64, NotAScale> {
    match text.parse::<f64>() {
        Ok(f) if f.is_finite() && (0.01..=MAX_SCALE).contains(&f) => Ok(f),
        _ => Err(NotAScale(text.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_pairs_need_a_key_and_scales_must_be_sensible() {
        assert_eq!(parse_env("A=b=c"), Ok(("A".into(), "b=c".into())));
        assert!(parse_env("=x").is_err());
        assert!(parse_env("novalue").is_err());
        assert_eq!(parse_scale("2.5"), Ok(2.5));
        for bad in ["0", "-1", "inf", "NaN", "x", "1e20", "0.001"] {
            assert!(parse_scale(bad).is_err(), "{bad}");
        }
    }
}
