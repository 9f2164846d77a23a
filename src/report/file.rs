//! Writing a report file so that nobody ever reads half of one: not a CI step that uploads
//! whatever `--out` names after a failed render, not `match status` reading a worker's results
//! while the worker rewrites them. The contents go to a temporary file beside the target,
//! flushed to disk, and are renamed over it; a failure leaves the target as it was. The file is
//! created with the usual permissions, which the user's umask decides (`0666 & !umask`), so
//! another user of a shared results folder can read it as they could any file there.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `contents` to `path` in one step: before the rename the old file (or none) is there,
/// after it the new one whole.
pub fn write_atomically(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    // `--out /dev/stdout`, a named pipe: no file to replace, so it is written in place. A
    // symbolic link keeps pointing where it did: the file it names is replaced.
    if path.metadata().is_ok_and(|m| !m.is_file()) {
        return std::fs::write(path, contents);
    }
    let target;
    let path = if path.is_symlink() {
        // The link's own target, which need not exist yet (one level: a chain is rare).
        let named = std::fs::read_link(path)?;
        target = path.parent().unwrap_or(Path::new(".")).join(named);
        target.as_path()
    } else {
        path
    };
    let temp = temporary_beside(path);
    let written = std::fs::File::create(&temp).and_then(|mut file| {
        file.write_all(contents)?;
        file.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&temp, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&temp);
            Err(e)
        }
    }
}

/// Whether a file could be written at `path`, asked before a long run so that it fails at
/// once: an existing file is opened for appending (nothing truncated), a new one is tried as
/// the temporary name beside it and removed, so a run that fails later leaves no empty file.
pub fn check_writable(path: &Path) -> std::io::Result<()> {
    if path.exists() {
        return std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop);
    }
    let temp = temporary_beside(path);
    std::fs::File::create(&temp)?;
    std::fs::remove_file(&temp)
}

/// `.NAME.PID-N.tmp` in the target's folder (a rename does not cross file systems): unique
/// per process and per write, hidden from `ls` and from the results folder's `*.json`.
fn temporary_beside(path: &Path) -> PathBuf {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.{}-{n}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.json");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    /// A shared results folder: the file gets the umask's permissions, not a private 0600.
    #[test]
    fn the_file_is_as_readable_as_the_umask_allows() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("worker.json");
        write_atomically(&path, b"{}").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        // SAFETY: umask only swaps the process's file-creation mask; set back at once.
        let umask = unsafe {
            let old = libc::umask(0o022);
            libc::umask(old);
            old
        };
        assert_eq!(mode, 0o666 & !umask, "{mode:o}");
    }

    #[test]
    fn a_device_is_written_in_place_and_a_link_keeps_its_target() {
        write_atomically(Path::new("/dev/null"), b"gone").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomically(&link, b"through").unwrap();
        assert!(link.is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"through");
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_empty_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing-folder").join("report.html");
        assert!(write_atomically(&path, b"x").is_err());
        assert!(check_writable(&path).is_err());
        let fresh = dir.path().join("new.html");
        check_writable(&fresh).unwrap();
        assert!(!fresh.exists(), "checking wrote an empty file");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
