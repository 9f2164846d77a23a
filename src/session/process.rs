//! The engine process and everything it starts: spawned in its own process group, watched for
//! its exit, and at the end killed with all its descendants and reaped.
//!
//! Three things make sure no process outlives a run:
//! - the engine leads a new process group, so killing the group kills helpers that stay in it;
//! - the `arbiter` command is a child subreaper ([`adopt_orphans`]), so a descendant that leaves
//!   the group (`setsid`) and whose parent dies is re-parented to it, not to init, and is found;
//! - before the engine is killed its descendant tree is read from `/proc` (by parent pid, which
//!   `setsid` does not change), and every one of them is killed too.
//!
//! The exit is seen by a watcher thread as it happens (`waitid` with `WNOWAIT`, which leaves
//! the engine a zombie), so the pid and process group stay reserved until the session has
//! killed the group and reaps the engine itself: a kill never reaches a recycled pid.

use std::collections::HashMap;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Once};

use super::EngineCommand;
use super::error::SessionError;
use super::journal::{Event, Journal};

/// Engines running now, by pid: their orphans must not be mistaken for another session's.
static LIVE_ENGINES: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn live_engines() -> std::sync::MutexGuard<'static, Vec<u32>> {
    LIVE_ENGINES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether this process adopts orphaned descendants of its engines (see [`adopt_orphans`]).
static ADOPTING: AtomicBool = AtomicBool::new(false);

/// Makes this process a child subreaper (Linux), so descendants an engine leaves behind are
/// re-parented here and `sweep_orphans` can kill and reap them. For a program whose only
/// children are engines (the `arbiter` command): a library user with children of its own
/// leaves it off, and then only the engine's group and its live descendant tree are killed.
pub fn adopt_orphans() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl(PR_SET_CHILD_SUBREAPER, 1) takes no pointers; failure (a kernel without
        // it) only means orphans go to init, where they are still killed by pid below.
        let rc = unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
        ADOPTING.store(rc == 0, Ordering::Relaxed);
    });
}

pub(super) fn spawn(engine: &EngineCommand) -> Result<Child, SessionError> {
    if engine.program.is_dir() {
        return Err(SessionError::NotAProgram {
            program: engine.program.display().to_string(),
            why: "it is a directory",
        });
    }
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
    let mut live = live_engines();
    let child = command.spawn().map_err(|source| SessionError::Spawn {
        program: engine.program.display().to_string(),
        source,
    })?;
    live.push(child.id());
    Ok(child)
}

/// Starts the thread that waits for the engine to end and puts its exit in the journal, and
/// each time it is stopped by a signal. It does not reap: the engine stays a zombie until
/// [`reap`].
pub(super) fn watch_exit(pid: u32, journal: Arc<Journal>) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("arbiter-exit-watcher".into())
        .spawn(move || {
            loop {
                match wait_for_change(pid, libc::WEXITED | libc::WSTOPPED | libc::WNOWAIT) {
                    Some(Change::Stopped(signal)) => {
                        // Consume this stop, so the next wait blocks until the next change.
                        let _ = wait_for_change(pid, libc::WSTOPPED);
                        journal.append(|at| Event::Stopped { at, signal });
                    }
                    Some(Change::Exited { code, signal }) => {
                        journal.append(|at| Event::Exited { at, code, signal });
                        return;
                    }
                    // ECHILD: already reaped elsewhere; nothing more can be learnt.
                    None => {
                        journal.append(|at| Event::Exited {
                            at,
                            code: None,
                            signal: None,
                        });
                        return;
                    }
                }
            }
        })
        .map(|_| ())
}

/// A change in the engine's state, as `waitid` reports it.
enum Change {
    Stopped(i32),
    Exited {
        code: Option<i32>,
        signal: Option<i32>,
    },
}

fn wait_for_change(pid: u32, options: libc::c_int) -> Option<Change> {
    loop {
        // SAFETY: a zeroed siginfo_t is a valid out-parameter for waitid.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waitid writes only into `info`.
        let rc = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, options) };
        if rc == 0 {
            // SAFETY: after a successful waitid for these events the status field is set.
            let status = unsafe { info.si_status() };
            return Some(match info.si_code {
                libc::CLD_EXITED => Change::Exited {
                    code: Some(status),
                    signal: None,
                },
                libc::CLD_STOPPED | libc::CLD_TRAPPED => Change::Stopped(status),
                _ => Change::Exited {
                    code: None,
                    signal: Some(status),
                },
            });
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return None;
        }
    }
}

/// Reaps the engine (after its exit was seen) and forgets it.
pub(super) fn reap(child: &mut Child) {
    let _ = child.wait();
    live_engines().retain(|&pid| pid != child.id());
}

/// Sends SIGKILL to the engine's process group and to every descendant (found by parent
/// pid, so also those that left the group); returns how many descendants there were.
pub(super) fn kill_tree(pid: u32) -> usize {
    let descendants = descendants_of(pid);
    kill_group(pid);
    for &d in &descendants {
        kill(d);
    }
    descendants.len()
}

/// Kills and reaps the processes that were re-parented to this process (orphans of engines
/// that have ended), when it adopts orphans and no other engine is still running (which might
/// own them). Returns how many.
pub(super) fn sweep_orphans() -> usize {
    let live = live_engines();
    if !ADOPTING.load(Ordering::Relaxed) || !live.is_empty() {
        return 0;
    }
    let me = std::process::id();
    let orphans: Vec<u32> = process_table()
        .into_iter()
        .filter(|(_, ppid)| *ppid == me)
        .map(|(pid, _)| pid)
        .collect();
    for &pid in &orphans {
        // Its own descendants first, while they can still be found through it.
        for d in descendants_of(pid) {
            kill(d);
        }
        kill(pid);
    }
    for &pid in &orphans {
        // SAFETY: waitpid on a child of ours, with a null status pointer.
        unsafe {
            libc::waitpid(pid as libc::pid_t, std::ptr::null_mut(), 0);
        }
    }
    // Grandchildren killed above are re-parented to us as they die: reap what is left.
    reap_exited_orphans(me);
    orphans.len()
}

/// Reaps zombie children that are not engines (killed descendants re-parented to Arbiter).
fn reap_exited_orphans(me: u32) {
    for _ in 0..50 {
        let pending: Vec<u32> = process_table()
            .into_iter()
            .filter(|(_, ppid)| *ppid == me)
            .map(|(pid, _)| pid)
            .collect();
        if pending.is_empty() {
            return;
        }
        for pid in pending {
            // SAFETY: as above; WNOHANG never blocks.
            unsafe {
                libc::waitpid(pid as libc::pid_t, std::ptr::null_mut(), libc::WNOHANG);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

fn kill_group(pgid: u32) {
    if let Ok(pgid) = libc::pid_t::try_from(pgid) {
        // SAFETY: kill(2) has no memory-safety preconditions; ESRCH (gone) is fine.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

fn kill(pid: u32) {
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        // SAFETY: as above.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
}

/// Every process below `root` in the process tree.
fn descendants_of(root: u32) -> Vec<u32> {
    let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
    for (pid, ppid) in process_table() {
        children.entry(ppid).or_default().push(pid);
    }
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(pid) = stack.pop() {
        for &child in children.get(&pid).map(Vec::as_slice).unwrap_or_default() {
            if !found.contains(&child) {
                found.push(child);
                stack.push(child);
            }
        }
    }
    found
}

/// (pid, parent pid) of every process, from `/proc/<pid>/stat`. Reading the one field by
/// hand keeps a `/proc` crate out of the dependency tree; the name field may hold spaces and
/// parentheses, so the fields are counted from the last `)`.
fn process_table() -> Vec<(u32, u32)> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            Some((pid, parent_in_stat(&stat)?))
        })
        .collect()
}

fn parent_in_stat(stat: &str) -> Option<u32> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    // State, then the parent pid.
    after_name.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parent_is_read_after_the_name_whatever_the_name_holds() {
        assert_eq!(parent_in_stat("42 (a) b) S 7 42 42 0"), Some(7));
        assert_eq!(parent_in_stat("42 (sh) R 1 42"), Some(1));
        assert_eq!(parent_in_stat("garbage"), None);
    }

    #[test]
    fn this_process_is_below_its_parent() {
        let me = std::process::id();
        let parent = std::os::unix::process::parent_id();
        assert!(descendants_of(parent).contains(&me));
    }
}
