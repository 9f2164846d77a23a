//! The engine options every subcommand that starts an engine shares, so `run`, `record` and
//! `certify` accept the same spelling and build the same command.

use std::path::PathBuf;

use clap::Args;

use crate::session::EngineCommand;

#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
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
    pub fn command(&self) -> EngineCommand {
        EngineCommand {
            program: self.engine.clone(),
            args: self.engine_args.clone(),
            working_dir: self.engine_dir.clone(),
            env: self.engine_env.clone(),
        }
    }

    /// How reports name the engine.
    pub fn info(&self) -> crate::report::EngineInfo {
        crate::report::EngineInfo {
            program: self.engine.display().to_string(),
            args: self.engine_args.clone(),
        }
    }
}

fn parse_env(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .filter(|(k, _)| !k.is_empty())
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .ok_or_else(|| format!("`{text}` is not KEY=VALUE"))
}

/// A `--time-scale` value: a finite positive factor.
pub fn parse_scale(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(f) if f.is_finite() && f > 0.0 => Ok(f),
        _ => Err(format!("`{text}` is not a positive number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_pairs_need_a_key_and_scales_must_be_positive() {
        assert_eq!(parse_env("A=b=c"), Ok(("A".into(), "b=c".into())));
        assert!(parse_env("=x").is_err());
        assert!(parse_env("novalue").is_err());
        assert_eq!(parse_scale("2.5"), Ok(2.5));
        for bad in ["0", "-1", "inf", "NaN", "x"] {
            assert!(parse_scale(bad).is_err(), "{bad}");
        }
    }
}
