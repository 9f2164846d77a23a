//! Arbiter's integration tests, built as one test binary.
//!
//! Why one binary and not one per file: `cargo test` runs test binaries one after another, and
//! most of these tests wait on engines (a deadline that must pass, a fixture that never answers)
//! far more than they compute. In one binary they share libtest's thread pool, so a test that
//! waits out a timeout overlaps with the others instead of holding up the whole run; and the
//! library is linked into one executable instead of thirty-odd. Tests that load the processor
//! enough to stretch a conforming engine's replies take a share of it first (`common::cpu`).
//!
//! Each file below is one area, as it was when each was its own binary: `cargo test --test
//! integration fuzz::` runs one of them.

mod common;

mod architecture;
mod blocked;
mod certify;
mod ci_recipes;
mod cli_conventions;
mod cli_forbidden;
mod cli_rules;
mod concurrency;
mod fuzz;
mod golden;
mod gui_adapters;
mod gui_clients;
mod gui_side;
mod html_report;
mod league;
mod league_page;
mod match_output;
mod matchplay;
mod matchplay_games;
mod matchplay_gomoku;
mod matchplay_on_decision;
mod matchplay_records;
mod matchplay_restart;
mod matchplay_tournament;
mod matchplay_workers;
mod matchplay_xiangqi_rules;
mod package;
mod peers;
mod real_programs;
mod reference_engines;
mod reliability;
mod report_snapshots;
mod runner_faults;
mod scale_out_recipes;
mod sequence_faults;
mod slurm;
mod spy_signals;
mod testing_api;
mod verdicts;
