//! The computer-xiangqi league's simulator as the GUI: a game played the way
//! `LEAGUE/uccileag.cpp` plays it (the fixture GUI's `uccileag` mode reproduces its commands,
//! for CI cannot build it), each engine behind `arbiter spy`. Neither side of either engine
//! may show a false finding: the league's reference entrant's ways (ElephantEye's, through
//! the fixture engine) and Arbiter's own engine both pass, and the one thing the simulator
//! does that the text only recommends against, setting options the engine never offered, warns.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use arbiter::report::Report;
use common::gui::{arbiter_binary, findings, temp_dir};
use common::{fixture_engine, fixture_gui, reference_engine};

/// The spy's reports in `dir`, once `count` of them are whole.
fn reports(dir: &Path, count: usize) -> Vec<Report> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        // A report still being written does not parse yet.
        let found: Vec<Report> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
            .filter_map(|text| serde_json::from_str(&text).ok())
            .collect();
        if found.len() >= count {
            return found;
        }
        assert!(
            Instant::now() < deadline,
            "{} reports in {}",
            found.len(),
            dir.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Plays the league's game between two processes of `engine`, each behind the spy; both
/// sessions' reports.
fn league_game(name: &str, engine: &[PathBuf], args: &[&str]) -> Vec<Report> {
    let dir = temp_dir(&format!("league-{name}"));
    let status = Command::new(fixture_gui())
        .args(["uccileag", "--"])
        .arg(arbiter_binary())
        .args([
            "spy",
            "--protocol",
            "ucci",
            "--format",
            "json",
            "--report-dir",
        ])
        .arg(&dir)
        .arg("--")
        .args(engine)
        .args(args)
        .status()
        .unwrap();
    assert!(
        status.success(),
        "the game did not run to its end: {status}"
    );
    reports(&dir, 2)
}

fn assert_league_clean(reports: &[Report], engine_warnings: &[&str]) {
    for report in reports {
        let engine: Vec<_> = findings(report, "engine");
        let expected: Vec<(String, String, String)> = engine_warnings
            .iter()
            .map(|check| {
                (
                    (*check).to_owned(),
                    "warn".to_owned(),
                    "ucci-r22".to_owned(),
                )
            })
            .collect();
        assert_eq!(engine, expected, "engine side");
        // The simulator sets `promotion`, `ponder` and `newgame` whether offered or not: the
        // text asks a GUI to set only what the engine offered (ucci-r51), a warning.
        for (check, grade, row) in findings(report, "gui") {
            assert_eq!(
                (check.as_str(), grade.as_str(), row.as_str()),
                ("ucci.gui.setoption.offered", "warn", "ucci-r51"),
                "GUI side"
            );
        }
    }
}

#[test]
fn the_reference_engine_plays_the_league_simulators_game_clean() {
    let _cpu = common::processor::share(2);
    let reports = league_game("reference", &[reference_engine("arbiter-xiangqi")], &[]);
    assert_league_clean(&reports, &[]);
}

#[test]
fn the_league_reference_entrants_ways_play_the_league_simulators_game_clean() {
    let _cpu = common::processor::share(2);
    let reports = league_game("elephanteye", &[fixture_engine()], &["ucci", "elephanteye"]);
    // `id version 3.31` is read past by the simulator: a warning citing the id grammar.
    assert_league_clean(&reports, &["ucci.id.field"]);
}
