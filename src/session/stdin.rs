//! Writing to the engine's stdin with a deadline.
//!
//! A pipe holds 64 KiB; an engine that stops reading makes a blocking write wait forever. The
//! pipe is switched to non-blocking mode and each write waits (with `poll`) only until its
//! deadline, so a run can never hang on an engine that does not read.

use std::fs::File;
use std::io::{ErrorKind, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::time::{Duration, Instant};

use super::interrupt;

/// Why a line could not be written whole.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The engine closed its input or exited.
    #[error("the engine closed its input ({0})")]
    Closed(#[source] std::io::Error),
    /// The pipe stayed full until the deadline: the engine is not reading.
    #[error(
        "the engine did not read its input: {written} of {total} bytes written when the {bound_ms} ms bound ran out"
    )]
    Stalled {
        written: usize,
        total: usize,
        bound_ms: u128,
    },
    /// The run was interrupted by a signal while waiting.
    #[error("interrupted")]
    Interrupted,
}

pub(super) struct EngineInput {
    pipe: File,
}

impl EngineInput {
    /// The write end of the engine's stdin (of a child, or of an attached engine).
    pub(super) fn new(pipe: impl Into<OwnedFd>) -> EngineInput {
        let pipe = File::from(pipe.into());
        let fd = pipe.as_raw_fd();
        // SAFETY: fcntl on a descriptor we own; F_GETFL/F_SETFL take and return plain ints.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags >= 0 {
                libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
            }
        }
        EngineInput { pipe }
    }

    /// Writes all of `bytes`, waiting for room in the pipe until `deadline` at most.
    pub(super) fn write_all(&mut self, bytes: &[u8], deadline: Instant) -> Result<(), WriteError> {
        let started = Instant::now();
        let mut written = 0;
        while written < bytes.len() {
            match self.pipe.write(&bytes[written..]) {
                Ok(0) => {
                    return Err(WriteError::Closed(std::io::Error::from(
                        ErrorKind::WriteZero,
                    )));
                }
                Ok(n) => written += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    if interrupt::raised().is_some() {
                        return Err(WriteError::Interrupted);
                    }
                    let now = Instant::now();
                    if now >= deadline {
                        return Err(WriteError::Stalled {
                            written,
                            total: bytes.len(),
                            bound_ms: deadline.saturating_duration_since(started).as_millis(),
                        });
                    }
                    self.wait_writable((deadline - now).min(Duration::from_millis(50)));
                }
                Err(e) => return Err(WriteError::Closed(e)),
            }
        }
        Ok(())
    }

    fn wait_writable(&self, wait: Duration) {
        let mut fds = libc::pollfd {
            fd: self.pipe.as_raw_fd(),
            events: libc::POLLOUT,
            revents: 0,
        };
        // SAFETY: one valid pollfd for the duration of the call.
        unsafe {
            libc::poll(&mut fds, 1, wait.as_millis().min(i32::MAX as u128) as i32);
        }
    }
}
