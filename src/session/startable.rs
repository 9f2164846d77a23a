//! Whether an engine command can be started at all, said before anything runs: a missing,
//! unreadable or not executable program is the user's mistake to fix, not a finding about an
//! engine, and every scenario failing on it would bury the one sentence that says so.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::EngineCommand;

/// Why an engine command cannot be started.
#[derive(Debug, Error)]
pub enum NotStartable {
    /// The working directory the engine is to start in does not exist.
    #[error("its working directory {} is no directory", .0.display())]
    NoWorkingDir(PathBuf),
    /// A bare program name not found on `PATH` (nor in the current folder).
    #[error("no such file, and not found on PATH")]
    NotOnPath,
    /// A path naming nothing.
    #[error("no such file")]
    NoSuchFile,
    /// A path naming a directory.
    #[error("is a directory, not a program")]
    Directory,
    /// A file without an execute permission.
    #[error("is not executable (chmod +x it)")]
    NotExecutable,
    /// The file could not be looked at.
    #[error("{0}")]
    Unreadable(#[source] std::io::Error),
}

impl EngineCommand {
    /// One clear error, before any scenario runs, for an engine that cannot be started: a
    /// program name is looked up on PATH as the operating system would, and a relative path
    /// is read from the engine's working directory when it has one.
    pub fn startable(&self) -> Result<(), NotStartable> {
        if let Some(dir) = &self.working_dir
            && !dir.is_dir()
        {
            return Err(NotStartable::NoWorkingDir(dir.clone()));
        }
        let path = if self.program.components().count() > 1 {
            match &self.working_dir {
                Some(dir) if self.program.is_relative() => dir.join(&self.program),
                _ => self.program.clone(),
            }
        } else {
            on_path(&self.program).ok_or(NotStartable::NotOnPath)?
        };
        let metadata = std::fs::metadata(&path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => NotStartable::NoSuchFile,
            _ => NotStartable::Unreadable(e),
        })?;
        if metadata.is_dir() {
            return Err(NotStartable::Directory);
        }
        if metadata.permissions().mode() & 0o111 == 0 {
            return Err(NotStartable::NotExecutable);
        }
        Ok(())
    }
}

/// The file a bare program name stands for on PATH, or the name itself when it names a file
/// in the current folder.
fn on_path(name: &Path) -> Option<PathBuf> {
    if name.is_file() {
        return Some(name.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(program: &str) -> EngineCommand {
        EngineCommand {
            program: program.into(),
            ..EngineCommand::default()
        }
    }

    #[test]
    fn each_reason_an_engine_cannot_start_is_told_apart() {
        assert!(command("sh").startable().is_ok());
        assert!(command("/bin/sh").startable().is_ok());
        assert!(matches!(
            command("no-such-engine-anywhere").startable(),
            Err(NotStartable::NotOnPath)
        ));
        assert!(matches!(
            command("/no/such/engine").startable(),
            Err(NotStartable::NoSuchFile)
        ));
        assert!(matches!(
            command("/tmp").startable(),
            Err(NotStartable::Directory)
        ));
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("engine.txt");
        std::fs::write(&plain, "not a program").unwrap();
        assert!(matches!(
            command(plain.to_str().unwrap()).startable(),
            Err(NotStartable::NotExecutable)
        ));
        let elsewhere = EngineCommand {
            working_dir: Some(dir.path().join("gone")),
            ..command("/bin/sh")
        };
        assert!(matches!(
            elsewhere.startable(),
            Err(NotStartable::NoWorkingDir(_))
        ));
    }
}
