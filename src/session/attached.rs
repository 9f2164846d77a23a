//! An engine that another process started: the one a GUI started for `arbiter spy`, which
//! became the engine itself (see `crate::spy::launch`). The session relays its pipes as
//! usual, but it is not the engine's parent: it never kills or reaps it (its GUI does, as it
//! would without the spy), and it learns of its end through a pidfd.
//!
//! Only a parent (or a tracer) is told a process's exit status. The session reads it here
//! instead, from whichever of these is there first:
//! - while the engine is a zombie (ended, not yet reaped by its GUI): the exit code field of
//!   `/proc/PID/stat`, in `waitpid` form;
//! - once its GUI has reaped it: the pidfd's exit information (`PIDFD_GET_INFO`, Linux 6.15);
//! - failing both (an older kernel and a GUI that reaped at once): the same field sampled
//!   when the engine's output pipes reached their end, which an exiting process only closes
//!   after its exit code is set.
//!
//! When none of them is there, the exit is recorded without a status.

use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::journal::{Event, Journal};

/// The engine's process and the harness's ends of its pipes.
#[derive(Debug)]
pub struct AttachedEngine {
    pub pid: u32,
    /// A pidfd for the engine (None on a kernel without `pidfd_open`, before Linux 5.3: its
    /// end is then found by looking at `/proc` every few milliseconds).
    pub pidfd: Option<OwnedFd>,
    /// The write end of its stdin, the read ends of its stdout and stderr.
    pub stdin: OwnedFd,
    pub stdout: OwnedFd,
    pub stderr: OwnedFd,
}

/// How often the end of an engine without a pidfd is looked for.
const LOOK: Duration = Duration::from_millis(20);
/// How long the watcher waits on a pidfd at most before it looks whether the session is
/// still there.
const WATCH_SLICE: Duration = Duration::from_secs(1);
/// How long after the end the status is looked for in the places that may lag (the pidfd's
/// information appears only once the GUI has reaped the engine).
const STATUS_WAIT: Duration = Duration::from_millis(200);

/// The exit status seen while the engine was on its way out (see the module's comment).
#[derive(Debug)]
pub(super) struct ExitProbe {
    pid: u32,
    sampled: Mutex<Option<i32>>,
    /// The watcher has put the engine's exit in the journal.
    journaled: AtomicBool,
}

impl ExitProbe {
    pub(super) fn new(pid: u32) -> ExitProbe {
        ExitProbe {
            pid,
            sampled: Mutex::new(None),
            journaled: AtomicBool::new(false),
        }
    }

    /// Called when the GUI closes the engine's input: if the engine had already ended by
    /// then, waits (bounded) for the watcher to journal its exit, so that the journal keeps
    /// the order things happened in. A GUI that waits for its engine to exit and then closes
    /// the pipe (the engine is its child, so it sees the exit first) would otherwise race the
    /// watcher's poll, and a close after the exit could be recorded before it.
    pub(super) fn order_exit_before_close(&self) {
        let ended = ProcStat::read(self.pid).is_none_or(|stat| stat.ended());
        if !ended {
            return;
        }
        let deadline = Instant::now() + STATUS_WAIT + LOOK;
        while !self.journaled.load(Ordering::Acquire) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Looks at the engine now (called when one of its pipes reached its end): if it is
    /// exiting, its exit code is already set, and is kept.
    pub(super) fn sample(&self) {
        if let Some(status) = ProcStat::read(self.pid).and_then(|s| s.exit_status()) {
            *self.sampled.lock().unwrap_or_else(|e| e.into_inner()) = Some(status);
        }
    }

    fn sampled(&self) -> Option<i32> {
        *self.sampled.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Starts the thread that waits for the engine to end and puts its exit in the journal.
pub(super) fn watch_exit(
    pid: u32,
    pidfd: Option<OwnedFd>,
    probe: Arc<ExitProbe>,
    journal: Arc<Journal>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("arbiter-attached-watcher".into())
        .spawn(move || {
            let ended = match &pidfd {
                Some(fd) => wait_pidfd(fd, pid, &journal),
                None => wait_proc(pid, &journal),
            };
            if !ended {
                return;
            }
            let status = exit_status(pid, pidfd.as_ref(), &probe);
            let (code, signal) = status.map_or((None, None), decode);
            journal.append(|at| Event::Exited { at, code, signal });
            probe.journaled.store(true, Ordering::Release);
        })
        .map(|_| ())
}

/// Waits until the pidfd is readable (the whole process has ended); false if the session
/// went away first.
fn wait_pidfd(fd: &OwnedFd, pid: u32, journal: &Journal) -> bool {
    loop {
        if journal.is_abandoned() {
            return false;
        }
        let mut poll = libc::pollfd {
            fd: fd.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd for the duration of the call.
        let n = unsafe { libc::poll(&mut poll, 1, WATCH_SLICE.as_millis() as libc::c_int) };
        if n > 0 {
            return true;
        }
        if n < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            // A pidfd that cannot be polled (a kernel between 5.3 and its poll support):
            // look at /proc instead.
            return wait_proc(pid, journal);
        }
    }
}

/// Waits until `/proc/PID` shows the process ended (a zombie, or gone).
fn wait_proc(pid: u32, journal: &Journal) -> bool {
    loop {
        if journal.is_abandoned() {
            return false;
        }
        match ProcStat::read(pid) {
            Some(stat) if !stat.ended() => std::thread::sleep(LOOK),
            _ => return true,
        }
    }
}

/// The engine's exit status in `waitpid` form, from the first place that has it.
fn exit_status(pid: u32, pidfd: Option<&OwnedFd>, probe: &ExitProbe) -> Option<i32> {
    let deadline = Instant::now() + STATUS_WAIT;
    loop {
        match ProcStat::read(pid) {
            Some(stat) if stat.ended() => return stat.exit_status(),
            // Still there and not ended: the pid was taken by another process (no pidfd).
            Some(_) if pidfd.is_none() => return probe.sampled(),
            _ => {}
        }
        if let Some(status) = pidfd.and_then(pidfd_exit_status) {
            return Some(status);
        }
        if Instant::now() >= deadline {
            return probe.sampled();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// `struct pidfd_info` of `<linux/pidfd.h>`, as of its first version (64 bytes).
#[repr(C)]
#[derive(Default)]
struct PidfdInfo {
    mask: u64,
    cgroupid: u64,
    pid: u32,
    tgid: u32,
    ppid: u32,
    ruid: u32,
    rgid: u32,
    euid: u32,
    egid: u32,
    suid: u32,
    sgid: u32,
    fsuid: u32,
    fsgid: u32,
    exit_code: i32,
}

const PIDFD_INFO_EXIT: u64 = 1 << 3;
/// `_IOWR(PIDFS_IOCTL_MAGIC, 11, struct pidfd_info)`: read/write, the struct's size, 0xFF, 11.
const PIDFD_GET_INFO: libc::c_ulong =
    (3 << 30) | ((std::mem::size_of::<PidfdInfo>() as libc::c_ulong) << 16) | (0xFF << 8) | 11;

/// The exit status the kernel keeps with a pidfd once the process has been reaped (Linux
/// 6.15 and later; None before, or while the process is not reaped yet).
fn pidfd_exit_status(fd: &OwnedFd) -> Option<i32> {
    let mut info = PidfdInfo {
        mask: PIDFD_INFO_EXIT,
        ..PidfdInfo::default()
    };
    // SAFETY: the ioctl writes at most size_of::<PidfdInfo>() bytes (encoded in the request)
    // into `info`, which lives for the call; an older kernel refuses the request instead.
    let rc = unsafe { libc::ioctl(fd.as_raw_fd(), PIDFD_GET_INFO, &mut info as *mut PidfdInfo) };
    (rc == 0 && info.mask & PIDFD_INFO_EXIT != 0).then_some(info.exit_code)
}

/// A `waitpid` status as (exit code, terminating signal).
fn decode(status: i32) -> (Option<i32>, Option<i32>) {
    if libc::WIFEXITED(status) {
        (Some(libc::WEXITSTATUS(status)), None)
    } else if libc::WIFSIGNALED(status) {
        (None, Some(libc::WTERMSIG(status)))
    } else {
        (None, None)
    }
}

/// The fields of `/proc/PID/stat` that tell whether a process has ended and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ProcStat {
    state: char,
    flags: u64,
    exit_code: i32,
}

/// `PF_EXITING` of the kernel's task flags: the process has begun to exit.
const PF_EXITING: u64 = 0x4;

impl ProcStat {
    fn read(pid: u32) -> Option<ProcStat> {
        ProcStat::parse(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
    }

    /// The name field may hold spaces and parentheses: fields are counted from the last `)`.
    /// After it come the state (field 3), …, the flags (field 9), …, the exit code (field 52).
    fn parse(stat: &str) -> Option<ProcStat> {
        let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
        Some(ProcStat {
            state: fields.first()?.chars().next()?,
            flags: fields.get(9 - 3)?.parse().ok()?,
            exit_code: fields.get(52 - 3)?.parse().ok()?,
        })
    }

    /// A zombie, or past it.
    fn ended(&self) -> bool {
        matches!(self.state, 'Z' | 'X' | 'x')
    }

    /// The exit status, once the process has ended or is exiting (before, the field is 0).
    fn exit_status(&self) -> Option<i32> {
        (self.ended() || self.flags & PF_EXITING != 0).then_some(self.exit_code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_flags_and_exit_code_are_read_after_the_name() {
        let zombie = "27630 (a (b) c) Z 27629 27620 15347 0 -1 4227148 19 0 0 0 0 0 0 0 20 0 1 0 136691 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 1 0 0 17 0 0 0 0 0 0 0 0 0 0 0 0 0 768\n";
        let stat = ProcStat::parse(zombie).unwrap();
        assert_eq!(
            stat,
            ProcStat {
                state: 'Z',
                flags: 4227148,
                exit_code: 768
            }
        );
        assert_eq!(stat.exit_status().map(decode), Some((Some(3), None)));
        let running = zombie
            .replace(") Z ", ") S ")
            .replace(" 4227148 ", " 4194560 ");
        assert_eq!(ProcStat::parse(&running).unwrap().exit_status(), None);
        assert_eq!(ProcStat::parse("27630 (short) Z 1 2"), None);
    }

    #[test]
    fn statuses_are_decoded_as_waitpid_gives_them() {
        assert_eq!(decode(3 << 8), (Some(3), None));
        assert_eq!(decode(libc::SIGTERM), (None, Some(libc::SIGTERM)));
        // Killed by SIGSEGV with a core dump.
        assert_eq!(decode(0x80 | libc::SIGSEGV), (None, Some(libc::SIGSEGV)));
    }

    /// A child of this test, ended but not reaped, is a zombie: its status is read from
    /// /proc; once reaped, from its pidfd where the kernel keeps it (Linux 6.15).
    #[test]
    fn an_ended_process_status_is_read_before_and_after_it_is_reaped() {
        let mut child = std::process::Command::new("sh")
            .args(["-c", "exit 7"])
            .spawn()
            .unwrap();
        let pid = child.id();
        // SAFETY: pidfd_open(2) takes a pid and flags; it returns a new descriptor or -1.
        let raw = unsafe { libc::syscall(libc::SYS_pidfd_open, pid as libc::pid_t, 0) };
        assert!(raw >= 0, "pidfd_open: {}", std::io::Error::last_os_error());
        // SAFETY: a descriptor pidfd_open just returned, owned by nothing else.
        let pidfd: OwnedFd = unsafe { std::os::fd::FromRawFd::from_raw_fd(raw as i32) };
        let journal = Journal::new(Instant::now());
        assert!(wait_pidfd(&pidfd, pid, &journal));
        let probe = ExitProbe::new(pid);
        assert_eq!(
            exit_status(pid, Some(&pidfd), &probe).map(decode),
            Some((Some(7), None))
        );
        child.wait().unwrap();
        match pidfd_exit_status(&pidfd) {
            Some(status) => assert_eq!(decode(status), (Some(7), None)),
            None => assert!(
                !kernel_at_least(6, 15),
                "Linux 6.15 keeps the exit status with the pidfd"
            ),
        }
    }

    fn kernel_at_least(major: u32, minor: u32) -> bool {
        let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
        let mut parts = release.split(|c: char| !c.is_ascii_digit());
        let found: (u32, u32) = (
            parts.next().and_then(|p| p.parse().ok()).unwrap_or(0),
            parts.next().and_then(|p| p.parse().ok()).unwrap_or(0),
        );
        found >= (major, minor)
    }
}
