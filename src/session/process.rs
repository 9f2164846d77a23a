//! Spawning an engine in its own process group, and making sure it is gone afterwards.
//!
//! The engine leads a new process group, so killing the group also kills any helper
//! processes it started (a wrapper script, a search worker): no grandchild outlives a run.

use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Duration;

use wait_timeout::ChildExt;

use super::EngineCommand;
use super::error::SessionError;

pub(super) fn spawn(engine: &EngineCommand) -> Result<Child, SessionError> {
    let mut command = Command::new(&engine.program);
    command
        .args(&engine.args)
        .envs(engine.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    if let Some(dir) = &engine.working_dir {
        command.current_dir(dir);
    }
    command.spawn().map_err(|source| SessionError::Spawn {
        program: engine.program.display().to_string(),
        source,
    })
}

/// Waits up to `timeout` for the child to exit.
pub(super) fn wait_for(child: &mut Child, timeout: Duration) -> Option<ExitStatus> {
    match child.try_wait() {
        Ok(Some(status)) => return Some(status),
        Ok(None) => {}
        Err(_) => return None,
    }
    child.wait_timeout(timeout).ok().flatten()
}

/// Kills the child's whole process group with SIGKILL.
pub(super) fn kill_group(child: &Child) {
    let Ok(pgid) = libc::pid_t::try_from(child.id()) else {
        return;
    };
    // SAFETY: kill(2) with a negative pid signals the process group we created at spawn;
    // it has no memory-safety preconditions. ESRCH (group already gone) is fine.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

/// Exit code and signal of a finished child.
pub(super) fn describe(status: ExitStatus) -> (Option<i32>, Option<i32>) {
    (status.code(), status.signal())
}
