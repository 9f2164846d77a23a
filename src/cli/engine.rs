//! The engine options every subcommand that starts an engine shares, so `run`, `record` and
//! `certify` accept the same spelling, build the same command and refuse the same mistakes
//! before anything runs.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::runner::EngineInfo;
use crate::session::EngineCommand;

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
        let shown = self.engine.display();
        if let Some(dir) = &self.engine_dir
            && !dir.is_dir()
        {
            return Err(CliError::BadInput(format!(
                "--engine-dir {}: no such directory",
                dir.display()
            )));
        }
        let path = if self.engine.components().count() > 1 {
            match &self.engine_dir {
                Some(dir) if self.engine.is_relative() => dir.join(&self.engine),
                _ => self.engine.clone(),
            }
        } else {
            match on_path(&self.engine) {
                Some(found) => found,
                None => {
                    return Err(CliError::BadInput(format!(
                        "--engine {shown}: no such file, and not found on PATH"
                    )));
                }
            }
        };
        let metadata = std::fs::metadata(&path).map_err(|e| {
            CliError::BadInput(match e.kind() {
                std::io::ErrorKind::NotFound => format!("--engine {shown}: no such file"),
                _ => format!("--engine {shown}: {e}"),
            })
        })?;
        if metadata.is_dir() {
            return Err(CliError::BadInput(format!(
                "--engine {shown}: is a directory, not a program"
            )));
        }
        if metadata.permissions().mode() & 0o111 == 0 {
            return Err(CliError::BadInput(format!(
                "--engine {shown}: is not executable (chmod +x it)"
            )));
        }
        Ok(())
    }
}

/// The file a bare program name stands for on PATH, or the name itself when it names a file
/// in the current folder.
fn on_path(name: &std::path::Path) -> Option<PathBuf> {
    if name.is_file() {
        return Some(name.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

fn parse_env(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .filter(|(k, _)| !k.is_empty())
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .ok_or_else(|| format!("`{text}` is not KEY=VALUE"))
}

/// The largest `--time-scale`: a bound of 1 s scaled by it is still under a day.
const MAX_SCALE: f64 = 1000.0;

/// A `--time-scale` value: a factor from 0.01 to 1000.
pub(super) fn parse_scale(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(f) if f.is_finite() && (0.01..=MAX_SCALE).contains(&f) => Ok(f),
        _ => Err(format!("`{text}` is not a factor from 0.01 to {MAX_SCALE}")),
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
