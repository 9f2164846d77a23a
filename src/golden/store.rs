//! Golden files on disk: `DIR/<scenario name>.transcript`, a short `#` header (which scenario,
//! how to read the lines, the rules used) and then the golden lines.

use std::io;
use std::path::{Path, PathBuf};

use super::normalise::Rules;

const RULE_PREFIX: &str = "# rules: ";

/// A golden file as read back.
#[derive(Debug, Clone, Default)]
pub(crate) struct Stored {
    pub lines: Vec<String>,
    pub rules: Rules,
}

/// Where the golden transcript of `scenario` lives. Scenario names look like `ucci/search`;
/// a component that could climb out of `dir` is replaced, so a file is never written outside.
pub(crate) fn path_for(dir: &Path, scenario: &str) -> PathBuf {
    let mut path = dir.to_path_buf();
    let parts: Vec<&str> = scenario.split('/').collect();
    for (i, part) in parts.iter().enumerate() {
        let safe = if part.is_empty() || *part == "." || *part == ".." || part.contains('\\') {
            "_"
        } else {
            part
        };
        if i + 1 == parts.len() {
            path.push(format!("{safe}.transcript"));
        } else {
            path.push(safe);
        }
    }
    path
}

/// The suffix of a pending transcript: a run's new exchange kept beside its golden file until
/// it is accepted or rejected.
pub(crate) const PENDING_SUFFIX: &str = ".new";

/// Where a run keeps the new transcript of the golden file at `golden` for review.
pub(crate) fn pending_path(golden: &Path) -> PathBuf {
    let mut name = golden.as_os_str().to_owned();
    name.push(PENDING_SUFFIX);
    PathBuf::from(name)
}

/// Removes a file, which may well not be there.
pub(crate) fn remove_if_present(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Reads a golden file; `Ok(None)` when there is none yet.
pub(crate) fn read(path: &Path) -> io::Result<Option<Stored>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut stored = Stored::default();
    for line in text.lines() {
        if let Some(rule) = line.strip_prefix(RULE_PREFIX) {
            stored
                .rules
                .add_described(rule)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        } else if !line.starts_with('#') {
            stored.lines.push(line.to_owned());
        }
    }
    Ok(Some(stored))
}

/// Writes a golden file, creating its folder.
pub(crate) fn write(
    path: &Path,
    scenario: &str,
    rules: &Rules,
    lines: &[String],
) -> io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let mut text = format!(
        "# Golden transcript of scenario {scenario}, written by `arbiter record`.\n\
         # `>` sent to the engine, `<` received from it, `=` how it ended; timings are left out.\n"
    );
    for rule in rules.describe() {
        text.push_str(RULE_PREFIX);
        text.push_str(&rule);
        text.push('\n');
    }
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    std::fs::write(path, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenario_names_map_inside_the_folder() {
        let dir = Path::new("golden");
        assert_eq!(
            path_for(dir, "ucci/search"),
            Path::new("golden/ucci/search.transcript")
        );
        assert_eq!(
            path_for(dir, "../../etc/passwd"),
            Path::new("golden/_/_/etc/passwd.transcript")
        );
    }

    #[test]
    fn a_written_file_reads_back_with_its_rules() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        let path = path_for(dir, "uci/x");
        let mut rules = Rules::default();
        rules.add_described("drop-info").unwrap();
        let lines = vec!["> uci".to_owned(), "< # not a comment".to_owned()];
        write(&path, "uci/x", &rules, &lines).unwrap();
        let back = read(&path).unwrap().unwrap();
        assert_eq!(back.lines, lines);
        assert!(back.rules.drop_info);
        assert!(read(&dir.join("missing.transcript")).unwrap().is_none());
    }

    #[test]
    fn a_pending_transcript_sits_beside_its_golden_file() {
        assert_eq!(
            pending_path(Path::new("golden/ucci/search.transcript")),
            Path::new("golden/ucci/search.transcript.new")
        );
    }
}
