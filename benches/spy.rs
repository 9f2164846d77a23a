//! What `arbiter spy` adds to a GUI's round trip, beside a direct pipe to the same engine in
//! the same run.
//!
//! `cargo bench --bench spy` builds the release binaries, starts the reference xiangqi
//! engine twice, once directly and once behind `arbiter spy --protocol ucci` (relaying and
//! judging both sides, as a GUI would run it), and times `isready` → `readyok` round trips
//! on both from the GUI's side of the pipe, alternating one and one
//! (`ARBITER_SPY_SAMPLES`, default 5000 each). It prints the median and 99th percentile of
//! each and their differences (the goal: under 0.1 ms per round trip).

mod common;

use common::{RawDriver, percentile};

fn main() {
    let release = common::release_build();
    let samples: usize = std::env::var("ARBITER_SPY_SAMPLES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5000);
    let engine = release.join("arbiter-xiangqi");
    let report =
        std::env::temp_dir().join(format!("arbiter-spy-bench-{}.json", std::process::id()));
    let arbiter = release.join("arbiter");
    let mut direct = RawDriver::start(&engine, &[]);
    let mut spied = RawDriver::start(
        &arbiter,
        &[
            "spy",
            "--protocol",
            "ucci",
            "--report",
            &report.display().to_string(),
            "--",
            &engine.display().to_string(),
        ],
    );
    direct.round_trip("ucci", "ucciok");
    spied.round_trip("ucci", "ucciok");
    let (mut bare, mut through) = (Vec::new(), Vec::new());
    for _ in 0..samples {
        through.push(spied.round_trip("isready", "readyok"));
        bare.push(direct.round_trip("isready", "readyok"));
    }
    direct.quit();
    spied.quit();
    let _ = std::fs::remove_file(&report);

    println!(
        "isready -> readyok from the GUI's side, reference xiangqi engine, {samples} round trips each, alternating"
    );
    println!("{:<40} {:>10} {:>10}", "", "median µs", "p99 µs");
    for (label, values) in [("direct pipe", &bare), ("through arbiter spy", &through)] {
        println!(
            "{label:<40} {:>10.1} {:>10.1}",
            percentile(values, 0.5),
            percentile(values, 0.99)
        );
    }
    println!(
        "{:<40} {:>10.1} {:>10.1}",
        "added by the spy (spy - direct)",
        percentile(&through, 0.5) - percentile(&bare, 0.5),
        percentile(&through, 0.99) - percentile(&bare, 0.99)
    );
    println!(
        "{:<40} {:>10.2}",
        "ratio of medians (spy / direct)",
        percentile(&through, 0.5) / percentile(&bare, 0.5)
    );
}
