//! Helpers for the GUI-side tests: the `arbiter` binary, a fresh folder, and the spy's JSON
//! report read once its worker has written it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arbiter::check::Outcome;
use arbiter::check::registry::Side;
use arbiter::report::Report;
use serde::de::DeserializeOwned;
use serde_json::Value;

pub fn arbiter_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_arbiter"))
}

pub fn temp_dir(name: &str) -> PathBuf {
    let dir = crate::common::scratch_root().join(format!("gui-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The spy's report (a run's, or with `--profile` a certification's), read into the model
/// once its worker has written it whole (the GUI may be gone before).
pub fn report_at<T: DeserializeOwned>(path: &Path) -> T {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && let Ok(whole) = serde_json::from_str::<Value>(&text)
        {
            return serde_json::from_value(whole)
                .unwrap_or_else(|e| panic!("{}: not this report: {e}", path.display()));
        }
        assert!(Instant::now() < deadline, "no report at {}", path.display());
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The outcomes of the spied session (the report's one run).
pub fn outcomes(report: &Report) -> &[Outcome] {
    &report.runs[0].outcomes
}

/// The side a report names `gui` or `engine`.
pub fn side(name: &str) -> Side {
    match name {
        "gui" => Side::Gui,
        "engine" => Side::Engine,
        other => panic!("no side {other}"),
    }
}

/// `(check, grade, first row)` of the findings of one side.
pub fn findings(report: &Report, side_name: &str) -> Vec<(String, String, String)> {
    outcomes(report)
        .iter()
        .filter(|o| o.side == side(side_name) && o.grade != arbiter::check::Grade::Pass)
        .map(|o| {
            (
                o.check.to_string(),
                o.grade.as_str().to_owned(),
                o.requirements
                    .first()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
            )
        })
        .collect()
}
