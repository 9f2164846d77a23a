//! Starting a spied session: the process the GUI started becomes the engine.
//!
//! Whatever a GUI does to the process it started must happen to the engine as if there were
//! no spy: a Gomocup manager suspends its brain (SIGSTOP) while the opponent thinks and
//! resumes it (SIGCONT) for its turn; GUIs terminate, interrupt and kill their engines; they
//! read the exit status; managers measure memory and CPU time over the process tree. A spy
//! that sat in front of the engine would have to mirror each of these, and SIGSTOP cannot be
//! caught: the front's stop could only be seen from another process by watching its state in
//! `/proc` (late by the polling interval, and costing wake-ups all game long) or by tracing
//! it (refused under Yama's stricter settings and in many containers, and visible: a traced
//! process stops as `t`, not `T`). So the roles are swapped instead. The process the GUI
//! started splits off the worker that relays and judges, then replaces itself with the
//! engine (`exec`), its stdin, stdout and stderr turned into pipes to the worker. The GUI
//! holds the engine's own pid: every signal (stop, continue, terminate, interrupt, kill,
//! SIGTSTP, SIGHUP and any other), the exit status, and what a manager measures of it are
//! the engine's, with nothing to mirror and no delay.
//!
//! The worker leaves the GUI's process tree (a double fork, and a session of its own): a
//! manager that kills the tree or the process group does not stop it writing its report,
//! and one that sums memory over the tree counts the engine alone. Its life is bound to the
//! engine's: it ends once the engine has ended and the engine's pipes have closed.
//!
//! The worker is forked and goes on running this program without `exec`, which is sound only
//! while the process has one thread: that is checked first.

use std::fs::File;
use std::io::{PipeReader, PipeWriter, Read, Write};
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};

use crate::session::{AttachedEngine, EngineCommand, SessionError};

use super::GuiEnds;

/// What the worker has: the engine's process and pipes, and the GUI's ends.
#[derive(Debug)]
pub struct Worker {
    /// The engine the process the GUI started became.
    pub engine: AttachedEngine,
    /// The GUI's ends of its standard streams.
    pub gui: GuiEnds,
}

/// Why the spy could not start.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// In the process the GUI started: the engine could not be started.
    #[error(transparent)]
    Engine(#[from] SessionError),
    /// In the process the GUI started: the worker could not be split off.
    #[error("cannot start the spy's worker: {what}: {source}")]
    Split {
        /// What could not be done.
        what: &'static str,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The process runs more than one thread, and forking it would copy only one.
    #[error("cannot start the spy's worker: the process runs {0} threads, and only one may fork")]
    Threads(usize),
    /// In the worker: the engine did not start; the process the GUI started said why.
    #[error("the engine did not start")]
    EngineDidNotStart,
}

fn split_error(what: &'static str) -> impl FnOnce(std::io::Error) -> LaunchError {
    move |source| LaunchError::Split { what, source }
}

/// The engine's three pipes and the pipe that tells the worker whether `exec` succeeded,
/// each end close-on-exec until it is placed.
struct Pipes {
    stdin: (PipeReader, PipeWriter),
    stdout: (PipeReader, PipeWriter),
    stderr: (PipeReader, PipeWriter),
    started: (PipeReader, PipeWriter),
}

/// Splits off the worker and makes this process the engine. Returns in the worker only (or
/// with the error that kept the engine from starting, in the process the GUI started): on
/// success the process the GUI started is the engine from then on.
pub fn launch(engine: &EngineCommand) -> Result<Worker, LaunchError> {
    if engine.program.is_dir() {
        return Err(SessionError::NotAProgram {
            program: engine.program.display().to_string(),
            why: "it is a directory",
        }
        .into());
    }
    let threads = thread_count();
    if threads != 1 {
        return Err(LaunchError::Threads(threads));
    }
    let pipes = Pipes {
        stdin: std::io::pipe().map_err(split_error("pipe"))?,
        stdout: std::io::pipe().map_err(split_error("pipe"))?,
        stderr: std::io::pipe().map_err(split_error("pipe"))?,
        started: std::io::pipe().map_err(split_error("pipe"))?,
    };
    let gui = GuiEnds {
        input: dup(std::io::stdin().as_fd())?,
        output: dup(std::io::stdout().as_fd())?,
        errors: dup(std::io::stderr().as_fd())?,
    };
    let pid = std::process::id();
    let pidfd = pidfd_of_self();
    match fork()? {
        Forked::Child => worker(pid, pidfd, pipes, gui),
        Forked::Parent(intermediate) => {
            if !wait_for(intermediate) {
                return Err(split_error("fork")(std::io::Error::other(
                    "the worker could not be forked",
                )));
            }
            Err(become_engine(engine, pipes, &gui))
        }
    }
}

/// In the child of the process the GUI started: leave its session and process group, and
/// fork the worker, which is then nobody's child in the GUI's tree.
fn worker(
    engine_pid: u32,
    pidfd: Option<OwnedFd>,
    pipes: Pipes,
    gui: GuiEnds,
) -> Result<Worker, LaunchError> {
    // SAFETY: setsid(2) takes no arguments; in a child that leads no group it cannot fail.
    unsafe { libc::setsid() };
    let intermediate_exit = match fork() {
        Ok(Forked::Child) => None,
        Ok(Forked::Parent(_)) => Some(0),
        Err(_) => Some(1),
    };
    if let Some(code) = intermediate_exit {
        // SAFETY: _exit(2) ends this intermediate process at once, running nothing of the
        // parent's state (no destructors, no buffered output); its status tells the parent
        // whether the worker was forked.
        unsafe { libc::_exit(code) };
    }
    let Pipes {
        stdin: (engine_reads, engine_input),
        stdout: (engine_output, engine_writes),
        stderr: (engine_errors, engine_writes_errors),
        started: (mut started, front_says),
    } = pipes;
    // The engine's ends, and the front's, must be closed here, or the worker would never see
    // their end.
    drop((
        engine_reads,
        engine_writes,
        engine_writes_errors,
        front_says,
    ));
    // Nothing of the worker's own (a panic's message, a warning) may reach the GUI: its
    // standard streams are /dev/null, and the GUI's ends are used by the relay alone.
    quiet_standard_streams();
    // The write end closes when the process the GUI started runs the engine (it is
    // close-on-exec) or dies; it carries an error number if `exec` failed.
    let mut said = Vec::new();
    let _ = started.read_to_end(&mut said);
    if !said.is_empty() {
        return Err(LaunchError::EngineDidNotStart);
    }
    Ok(Worker {
        engine: AttachedEngine {
            pid: engine_pid,
            pidfd,
            stdin: engine_input.into(),
            stdout: engine_output.into(),
            stderr: engine_errors.into(),
        },
        gui,
    })
}

/// In the process the GUI started: `exec` the engine on the pipes. Returns only if that
/// failed, with this process's standard streams given back to the GUI's ends so the error
/// can be said there, and the worker told.
fn become_engine(engine: &EngineCommand, pipes: Pipes, gui: &GuiEnds) -> LaunchError {
    let Pipes {
        stdin: (engine_input, worker_writes),
        stdout: (worker_reads, engine_output),
        stderr: (worker_reads_errors, engine_errors),
        started: (worker_hears, mut started),
    } = pipes;
    drop((
        worker_writes,
        worker_reads,
        worker_reads_errors,
        worker_hears,
    ));
    let mut command = Command::new(&engine.program);
    command
        .args(&engine.args)
        .envs(engine.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::from(engine_input))
        .stdout(Stdio::from(engine_output))
        .stderr(Stdio::from(engine_errors));
    if let Some(dir) = &engine.working_dir {
        command.current_dir(dir);
    }
    // The standard library clears the signal mask before `exec`; the engine gets the one the
    // GUI gave this process. (Dispositions are untouched: this process installs no handler,
    // so what the GUI ignored stays ignored; SIGPIPE is back at its default, as the standard
    // library leaves it for every program it starts.)
    let mask = signal_mask();
    // SAFETY: the closure runs in this process between the standard library's own set-up and
    // execve(2), and only calls pthread_sigmask(3), which is async-signal-safe, with a mask
    // read from this same process.
    unsafe {
        command.pre_exec(move || {
            libc::pthread_sigmask(libc::SIG_SETMASK, &mask, std::ptr::null_mut());
            Ok(())
        });
    }
    let error = command.exec();
    for (fd, target) in [
        (&gui.input, libc::STDIN_FILENO),
        (&gui.output, libc::STDOUT_FILENO),
        (&gui.errors, libc::STDERR_FILENO),
    ] {
        // SAFETY: dup2(2) between two descriptors this process holds.
        unsafe { libc::dup2(fd.as_raw_fd(), target) };
    }
    let code = error.raw_os_error().unwrap_or(libc::ENOEXEC);
    let _ = started.write_all(&code.to_le_bytes());
    SessionError::Spawn {
        program: engine.program.display().to_string(),
        source: error,
    }
    .into()
}

enum Forked {
    Child,
    Parent(libc::pid_t),
}

fn fork() -> Result<Forked, LaunchError> {
    // SAFETY: the process has one thread (checked in `launch`), so the child is a whole copy
    // of it with no lock held by a thread that does not exist there.
    match unsafe { libc::fork() } {
        -1 => Err(split_error("fork")(std::io::Error::last_os_error())),
        0 => Ok(Forked::Child),
        pid => Ok(Forked::Parent(pid)),
    }
}

/// Reaps the intermediate process (it exits as soon as it has forked the worker), so the
/// engine has no child of the spy's; whether it forked the worker.
fn wait_for(pid: libc::pid_t) -> bool {
    let mut status = 0;
    loop {
        // SAFETY: waitpid(2) on our own child, writing its status into `status`.
        let rc = unsafe { libc::waitpid(pid, &mut status, 0) };
        if rc >= 0 {
            return libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return false;
        }
    }
}

/// A close-on-exec copy of one of this process's standard streams.
fn dup(fd: std::os::fd::BorrowedFd<'_>) -> Result<OwnedFd, LaunchError> {
    fd.try_clone_to_owned().map_err(split_error("dup"))
}

/// A pidfd for this process, which stays its pid through `exec`: the worker learns of the
/// engine's end through it. None on a kernel without `pidfd_open` (before Linux 5.3).
fn pidfd_of_self() -> Option<OwnedFd> {
    // SAFETY: pidfd_open(2) takes a pid and flags and returns a new close-on-exec descriptor,
    // or -1.
    let raw = unsafe { libc::syscall(libc::SYS_pidfd_open, libc::getpid(), 0) };
    // SAFETY: a descriptor the kernel just returned, owned by nothing else.
    (raw >= 0).then(|| unsafe { OwnedFd::from_raw_fd(raw as libc::c_int) })
}

/// Points the worker's stdin, stdout and stderr at /dev/null.
fn quiet_standard_streams() {
    let Ok(null) = File::options().read(true).write(true).open("/dev/null") else {
        return;
    };
    for target in [libc::STDIN_FILENO, libc::STDOUT_FILENO, libc::STDERR_FILENO] {
        // SAFETY: dup2(2) from a descriptor this process holds onto a standard one.
        unsafe { libc::dup2(null.as_raw_fd(), target) };
    }
}

/// This thread's signal mask.
fn signal_mask() -> libc::sigset_t {
    // SAFETY: a zeroed sigset_t is a valid value; pthread_sigmask with a null new mask only
    // writes the current one into it.
    unsafe {
        let mut mask: libc::sigset_t = std::mem::zeroed();
        libc::pthread_sigmask(libc::SIG_BLOCK, std::ptr::null(), &mut mask);
        mask
    }
}

/// How many threads this process runs (field 20 of `/proc/self/stat`); 0 if it cannot say.
fn thread_count() -> usize {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|stat| {
            let after_name = &stat[stat.rfind(')')? + 1..];
            after_name.split_whitespace().nth(20 - 3)?.parse().ok()
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thread_count_is_read_from_proc() {
        // The test harness runs tests on threads of their own: more than one here.
        assert!(thread_count() >= 1);
        // Other tests' threads start and end meanwhile, so one thread more is looked for in
        // a window where nothing else changed the count.
        let seen = (0..100).any(|_| {
            let here = thread_count();
            let (tx, rx) = std::sync::mpsc::channel::<()>();
            let extra = std::thread::spawn(move || rx.recv());
            let with_ours = thread_count();
            drop(tx);
            let _ = extra.join();
            with_ours == here + 1
        });
        assert!(
            seen,
            "a thread started here never showed in /proc/self/stat"
        );
    }
}
