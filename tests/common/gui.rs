//! Helpers for the GUI-side tests: the `arbiter` binary, a fresh folder, and the spy's JSON
//! report read once its worker has written it.
#![allow(dead_code)] // each test binary uses some of them

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

pub fn arbiter_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_arbiter"))
}

pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-gui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The spy's run report, read into the model, once its worker has written it.
pub fn run_report_at(path: &Path) -> arbiter::report::Report {
    serde_json::from_value(report_at(path)).expect("a run report of this arbiter")
}

/// The spy's report, once its worker has written it (the GUI may be gone before).
pub fn report_at(path: &Path) -> Value {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && let Ok(report) = serde_json::from_str(&text)
        {
            return report;
        }
        assert!(Instant::now() < deadline, "no report at {}", path.display());
        std::thread::sleep(Duration::from_millis(20));
    }
}

pub fn outcomes(report: &Value) -> Vec<Value> {
    report["runs"][0]["outcomes"].as_array().unwrap().clone()
}

/// `(check, grade, first row)` of the findings of one side.
pub fn findings(report: &Value, side: &str) -> Vec<(String, String, String)> {
    outcomes(report)
        .iter()
        .filter(|o| o["side"] == side && o["grade"] != "pass")
        .map(|o| {
            (
                o["check"].as_str().unwrap().to_owned(),
                o["grade"].as_str().unwrap().to_owned(),
                o["requirements"][0].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}
