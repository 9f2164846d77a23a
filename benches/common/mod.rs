//! What the benchmarks share: they time whole `arbiter` processes, so they build the release
//! binaries first.

use std::path::PathBuf;
use std::process::{Command, Stdio};
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
