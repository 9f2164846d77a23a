//! What the benchmarks share: they time whole `arbiter` processes, so they build the release
//! binaries first.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// Builds the workspace's release binaries and examples, and returns `target/release`.
pub fn release_build() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let built = Command::new(cargo)
        .current_dir(&root)
        .args(["build", "--release", "--workspace", "--examples", "--bins"])
        .status()
        .expect("cargo runs");
    assert!(built.success(), "the release build failed");
    root.join("target/release")
}

/// A program by name on `PATH` or in `/usr/games` (where Debian installs engines).
#[allow(dead_code)] // not every benchmark runs a peer
pub fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// A finished `arbiter` process: its wall time, peak resident memory and the summary line it
/// printed on stderr (a report written with `--out` leaves one there).
#[allow(dead_code)] // not every benchmark times whole runs
pub struct Timed {
    pub wall: Duration,
    pub peak_mb: f64,
    pub summary: String,
}

/// Runs a command to its end with stdout discarded, and times it; the peak memory is the
/// kernel's accounting of the finished child, read as it is reaped (`wait4`).
#[allow(dead_code)]
// The child is reaped with wait4(2) rather than `Child::wait`, which gives no resource usage.
#[allow(clippy::zombie_processes)]
pub fn timed(command: &mut Command) -> Timed {
    let started = Instant::now();
    let child = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid out-parameter; wait4 reaps our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe {
        libc::wait4(pid, &mut status, 0, &mut usage);
    }
    let wall = started.elapsed();
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr {
        use std::io::Read;
        let _ = pipe.read_to_string(&mut stderr);
    }
    let summary = stderr
        .lines()
        .find(|l| l.contains("scenarios:") || l.contains("certified") || l.contains("verdict"))
        .unwrap_or("")
        .split(" (report")
        .next()
        .unwrap_or("")
        .to_owned();
    Timed {
        wall,
        peak_mb: usage.ru_maxrss as f64 / 1024.0,
        summary,
    }
}

/// The least a driver can do: write the command, read lines until the reply.
#[allow(dead_code)] // not every benchmark drives a program by hand
pub struct RawDriver {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    line: String,
}

#[allow(dead_code)]
impl RawDriver {
    pub fn start(program: &Path, args: &[&str]) -> RawDriver {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        RawDriver {
            child,
            stdin,
            stdout,
            line: String::new(),
        }
    }

    /// Microseconds from writing `command` to reading the line `reply`.
    pub fn round_trip(&mut self, command: &str, reply: &str) -> f64 {
        let began = Instant::now();
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .expect("the engine reads");
        loop {
            self.line.clear();
            let read = self
                .stdout
                .read_line(&mut self.line)
                .expect("the engine writes");
            assert!(read > 0, "the engine closed stdout before `{reply}`");
            if self.line.trim_end() == reply {
                return began.elapsed().as_secs_f64() * 1e6;
            }
        }
    }

    pub fn quit(mut self) {
        self.round_trip("quit", "bye");
        drop(self.stdin);
        let _ = self.child.wait();
    }
}

/// The value below which a share `q` of the samples fall (nearest rank).
#[allow(dead_code)] // not every benchmark reports quantiles
pub fn percentile(values: &[f64], q: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}
