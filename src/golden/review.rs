//! Pending transcripts and their review. A run from an engine project's own tests keeps each
//! changed exchange beside its golden file (`….transcript.new`) instead of only failing, so the
//! change can be looked at and accepted without rerunning anything: `arbiter snapshots review`
//! shows each with its diff, `accept` and `reject` settle all of them, as `cargo insta` does
//! for snapshots.

use std::io;
use std::path::{Path, PathBuf};

use super::store::{self, PENDING_SUFFIX};
use super::unified_diff;

/// Why pending transcripts could not be listed or settled.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The folder given is not a folder.
    #[error("{} is not a folder of golden transcripts", .0.display())]
    NotAFolder(PathBuf),
    #[error("{}: {source}", path.display())]
    /// A file or the folder could not be read, written or removed.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

fn at(path: &Path) -> impl FnOnce(io::Error) -> ReviewError + '_ {
    move |source| ReviewError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A run's new transcript waiting beside the golden file it would replace (which may not
/// exist yet: a scenario recorded for the first time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// The golden transcript (which may not exist yet).
    pub golden: PathBuf,
    /// The new transcript waiting beside it.
    pub new: PathBuf,
}

/// Every pending transcript under `dir`, in path order.
pub fn pending_in(dir: &Path) -> Result<Vec<Pending>, ReviewError> {
    if !dir.is_dir() {
        return Err(ReviewError::NotAFolder(dir.to_path_buf()));
    }
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).map_err(at(&folder))? {
            let path = entry.map_err(at(&folder))?.path();
            if path.is_dir() {
                folders.push(path);
            } else if let Some(golden) = path
                .to_str()
                .and_then(|p| p.strip_suffix(PENDING_SUFFIX))
                .filter(|g| g.ends_with(".transcript"))
            {
                found.push(Pending {
                    golden: PathBuf::from(golden),
                    new: path,
                });
            }
        }
    }
    found.sort_by(|a, b| a.golden.cmp(&b.golden));
    Ok(found)
}

impl Pending {
    /// The change it would make, as a unified diff under a one-line summary.
    pub fn diff(&self) -> Result<String, ReviewError> {
        let golden = store::read(&self.golden).map_err(at(&self.golden))?;
        let new = store::read(&self.new)
            .map_err(at(&self.new))?
            .unwrap_or_default();
        let Some(golden) = golden else {
            let added: String = new.lines.iter().map(|l| format!("+{l}\n")).collect();
            return Ok(format!(
                "new golden transcript ({} lines)\n{added}",
                new.lines.len()
            ));
        };
        let diff = unified_diff(&golden.lines, &new.lines);
        Ok(format!("{}\n{}", diff.summary(), diff.text))
    }

    /// The new transcript becomes the golden one.
    pub fn accept(&self) -> Result<(), ReviewError> {
        std::fs::rename(&self.new, &self.golden).map_err(at(&self.new))
    }

    /// The new transcript is dropped; the golden one stays.
    pub fn reject(&self) -> Result<(), ReviewError> {
        store::remove_if_present(&self.new).map_err(at(&self.new))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::golden::Rules;

    fn lines(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| (*t).to_owned()).collect()
    }

    #[test]
    fn pending_transcripts_are_found_shown_accepted_and_rejected() {
        let dir = tempfile::tempdir().unwrap();
        let rules = Rules::default();
        let changed = store::path_for(dir.path(), "uci/a");
        store::write(&changed, "uci/a", &rules, &lines(&["> uci", "< uciok"])).unwrap();
        let changed_new = store::pending_path(&changed);
        store::write(
            &changed_new,
            "uci/a",
            &rules,
            &lines(&["> uci", "< id name B"]),
        )
        .unwrap();
        let first = store::path_for(dir.path(), "mine/b");
        store::write(
            &store::pending_path(&first),
            "mine/b",
            &rules,
            &lines(&["> uci"]),
        )
        .unwrap();
        // A golden file with nothing pending is not listed.
        let settled = store::path_for(dir.path(), "uci/c");
        store::write(&settled, "uci/c", &rules, &lines(&["> uci"])).unwrap();

        let pending = pending_in(dir.path()).unwrap();
        let goldens: Vec<&Path> = pending.iter().map(|p| p.golden.as_path()).collect();
        assert_eq!(goldens, [first.as_path(), changed.as_path()]);

        let diff = pending[1].diff().unwrap();
        assert!(diff.starts_with("1 line removed, 1 line added\n"), "{diff}");
        assert!(diff.contains("-< uciok\n+< id name B"), "{diff}");
        assert!(
            pending[0]
                .diff()
                .unwrap()
                .starts_with("new golden transcript (1 lines)")
        );

        pending[1].accept().unwrap();
        assert_eq!(
            store::read(&changed).unwrap().unwrap().lines,
            lines(&["> uci", "< id name B"])
        );
        pending[0].reject().unwrap();
        assert!(!first.exists());
        assert!(pending_in(dir.path()).unwrap().is_empty());
    }

    #[test]
    fn a_missing_folder_is_an_error_naming_it() {
        let error = pending_in(Path::new("/no/such/golden")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "/no/such/golden is not a folder of golden transcripts"
        );
    }
}
