//! The engine's stdout read on the session's own thread, for sessions that ask for it (a
//! match's engines).
//!
//! A reader thread wakes for each write of the engine and then wakes the session for it: two
//! wake-ups a line, which is most of what a match costs the manager beside the engines (an
//! engine writes an `info` line every few milliseconds). Read by the session itself, while it
//! waits for the next event, a line costs one. The price is that a line is read, and stamped,
//! only when the session looks: while it judges, the engine's lines wait in the pipe, and an
//! engine that writes more than the pipe holds meanwhile waits for it, as it waits for any GUI
//! that reads on its own thread. So the conformance runs, which time replies to the
//! millisecond, keep their reader threads; a session reading its own pipe reads what is there
//! before each command it puts in the order, so a line written before a command still comes
//! before it.

use std::fs::File;
use std::io::{ErrorKind, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::Arc;
use std::time::Duration;

use super::journal::{Journal, Room, Stream};
use super::reader::{Budget, Drain};

/// At most this much is read before a command without waiting: an engine flooding its pipe
/// cannot hold a command back for long.
const READS_BEFORE_A_COMMAND: usize = 16;

/// Wakes a taker waiting on the engine's pipe when another thread appends (the engine's
/// stderr, its exit): an event counter it polls beside the pipe.
#[derive(Clone)]
pub(super) struct Wake(Arc<OwnedFd>);

impl Wake {
    fn new() -> std::io::Result<Wake> {
        // SAFETY: eventfd has no memory arguments; a non-negative result is a new descriptor
        // that nothing else owns.
        let fd = unsafe { libc::eventfd(0, libc::EFD_NONBLOCK | libc::EFD_CLOEXEC) };
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: `fd` was just opened and is owned here alone.
        Ok(Wake(Arc::new(unsafe { OwnedFd::from_raw_fd(fd) })))
    }

    /// Makes the waiting taker's poll return (the count stays raised until it is read).
    pub(super) fn raise(&self) {
        let one: u64 = 1;
        // SAFETY: writes 8 bytes from a live u64 to a descriptor this value owns. A full
        // counter (EAGAIN) already wakes the taker, so the result needs no look.
        unsafe {
            libc::write(
                self.0.as_raw_fd(),
                (&one as *const u64).cast::<libc::c_void>(),
                std::mem::size_of::<u64>(),
            );
        }
    }

    /// Lowers the count the appends raised.
    fn clear(&self) {
        let mut count: u64 = 0;
        // SAFETY: reads at most 8 bytes into a live u64; the descriptor is non-blocking.
        unsafe {
            libc::read(
                self.0.as_raw_fd(),
                (&mut count as *mut u64).cast::<libc::c_void>(),
                std::mem::size_of::<u64>(),
            );
        }
    }

    fn fd(&self) -> RawFd {
        self.0.as_raw_fd()
    }
}

/// The engine's stdout, non-blocking, and what its bytes become.
pub(super) struct OwnReader {
    pipe: File,
    /// `None` once the pipe has ended (its close is in the journal).
    drain: Option<Drain>,
    buf: Vec<u8>,
    wake: Wake,
}

impl OwnReader {
    /// Reads `pipe` (the engine's stdout) on the session's thread from now on.
    pub(super) fn new(pipe: File, budget: Budget) -> std::io::Result<OwnReader> {
        let fd = pipe.as_raw_fd();
        // SAFETY: fcntl on a descriptor `pipe` owns, with integer arguments only.
        let set = unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) >= 0
        };
        if !set {
            return Err(std::io::Error::last_os_error());
        }
        Ok(OwnReader {
            pipe,
            drain: Some(Drain::new(Stream::Stdout, budget)),
            buf: vec![0u8; 64 * 1024],
            wake: Wake::new()?,
        })
    }

    pub(super) fn wake(&self) -> Wake {
        self.wake.clone()
    }

    /// Whether the pipe has not ended yet.
    pub(super) fn is_open(&self) -> bool {
        self.drain.is_some()
    }

    /// Reads what the pipe holds now, a bounded number of reads, without waiting.
    pub(super) fn read_ready(&mut self, journal: &Journal) {
        for _ in 0..READS_BEFORE_A_COMMAND {
            if !self.read_once(journal) {
                break;
            }
        }
    }

    /// Waits at most `wait` for the pipe to have something (or to end) or for another thread's
    /// append, then reads once.
    pub(super) fn wait_and_read(&mut self, journal: &Journal, wait: Duration) {
        let Some(_) = self.drain else {
            return;
        };
        let mut fds = [
            libc::pollfd {
                fd: self.pipe.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: self.wake.fd(),
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        let ms = wait.as_millis().clamp(1, i32::MAX as u128) as libc::c_int;
        // SAFETY: `fds` is a live array of two pollfd, and its length is given.
        let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
        if ready <= 0 {
            // A timeout, or a signal (EINTR): the caller looks at the queue, the deadline and
            // the interrupt flag, and comes back.
            return;
        }
        if fds[1].revents != 0 {
            self.wake.clear();
        }
        if fds[0].revents != 0 {
            self.read_once(journal);
        }
    }

    /// One read: its lines into the journal, or the pipe's end. Returns whether a read may
    /// bring more at once.
    fn read_once(&mut self, journal: &Journal) -> bool {
        let Some(drain) = self.drain.as_mut() else {
            return false;
        };
        loop {
            match self.pipe.read(&mut self.buf) {
                Ok(n) if n > 0 => {
                    drain.chunk(journal, &self.buf[..n], Room::Take);
                    return true;
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == ErrorKind::WouldBlock => return false,
                // The pipe's end, or a pipe that failed under it, taken as its end as a reader
                // thread does.
                Ok(_) | Err(_) => {
                    if let Some(drain) = self.drain.take() {
                        drain.finish(journal, Room::Take);
                    }
                    return false;
                }
            }
        }
    }
}
