//! What Arbiter's session adds to a round trip, beside a bare pipe to the same engine in the
//! same run, and how accurately it stamps a reply.
//!
//! `cargo bench --bench overhead` builds the release binaries, then:
//! 1. starts the reference xiangqi engine twice, once in a session judged by the built-in UCCI
//!    checks (as `arbiter run` drives it) and once behind a minimal driver that writes to its
//!    stdin and reads its stdout directly, and times `isready` → `readyok` round trips on both,
//!    alternating one and one (`ARBITER_OVERHEAD_SAMPLES`, default 5000 each); it prints the
//!    median and 99th percentile of each and their differences, and the latency the session
//!    stamps on each reply (what reports show);
//! 2. drives `cli/examples/exact_delay`, which answers `isready` a set time after reading it and
//!    then says how long it really took, and prints how far the stamped latency is from the set
//!    time and from the fixture's own measure (the goal: within 1 ms).

mod common;

use common::{RawDriver, percentile};

use std::path::Path;
use std::time::{Duration, Instant};

use arbiter::check::{Context, Judge};
use arbiter::protocol::Protocol;
use arbiter::session::{EngineCommand, Next, Session, SessionOptions};

const DEADLINE: Duration = Duration::from_secs(5);

fn main() {
    let release = common::release_build();
    let samples: usize = std::env::var("ARBITER_OVERHEAD_SAMPLES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5000);
    round_trips(&release.join("arbiter-xiangqi"), samples);
    stamp_accuracy(&release.join("examples/exact_delay"));
}

fn round_trips(engine: &Path, samples: usize) {
    let mut session = judged_session(engine, &[]);
    let mut raw = RawDriver::start(engine, &[]);
    session_round_trip(&mut session, "ucci", "ucciok");
    raw.round_trip("ucci", "ucciok");

    let (mut bare, mut through, mut stamped) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..samples {
        let (wall, stamp) = session_round_trip(&mut session, "isready", "readyok");
        through.push(wall);
        stamped.push(stamp);
        bare.push(raw.round_trip("isready", "readyok"));
    }
    session_round_trip_quit(session);
    raw.quit();

    println!(
        "isready -> readyok, reference xiangqi engine, {samples} round trips each, alternating"
    );
    println!("{:<44} {:>10} {:>10}", "", "median µs", "p99 µs");
    let rows = [
        ("bare pipe, wall", &bare),
        ("through Arbiter's session, wall", &through),
        ("session's stamped latency (in reports)", &stamped),
    ];
    for (label, values) in rows {
        println!(
            "{label:<44} {:>10.1} {:>10.1}",
            percentile(values, 0.5),
            percentile(values, 0.99)
        );
    }
    println!(
        "{:<44} {:>10.1} {:>10.1}",
        "added by the session (wall - bare)",
        percentile(&through, 0.5) - percentile(&bare, 0.5),
        percentile(&through, 0.99) - percentile(&bare, 0.99)
    );
}

fn stamp_accuracy(fixture: &Path) {
    println!(
        "\nstamped latency against an exact reply delay (cli/examples/exact_delay), 200 each:"
    );
    println!("the error against the set delay, and against the delay the fixture itself measured");
    println!(
        "{:<8} {:>14} {:>10} {:>10} {:>18} {:>10} {:>10}",
        "delay", "set: median µs", "p99", "max", "measured: median", "p99", "max"
    );
    for delay_us in [1_000u64, 10_000, 50_000] {
        let mut session = judged_session(fixture, &[delay_us.to_string()]);
        session_round_trip(&mut session, "ucci", "ucciok");
        let (mut against_set, mut against_measured) = (Vec::new(), Vec::new());
        for _ in 0..200 {
            let stamped = session_round_trip(&mut session, "isready", "readyok").1;
            against_set.push(stamped - delay_us as f64);
            against_measured.push(stamped - fixture_delay(&mut session));
        }
        session_round_trip_quit(session);
        println!(
            "{:<8} {:>14.1} {:>10.1} {:>10.1} {:>18.1} {:>10.1} {:>10.1}",
            format!("{} ms", delay_us / 1000),
            percentile(&against_set, 0.5),
            percentile(&against_set, 0.99),
            percentile(&against_set, 1.0),
            percentile(&against_measured, 0.5),
            percentile(&against_measured, 0.99),
            percentile(&against_measured, 1.0)
        );
    }
}

/// The fixture's own account of its last reply: `info string delay_us N`.
fn fixture_delay(session: &mut Session<Judge>) -> f64 {
    loop {
        match session.next_line(Instant::now() + DEADLINE) {
            Next::Line(line) => {
                if let Some(us) = line.text.strip_prefix("info string delay_us ") {
                    return us.trim().parse().expect("a number of microseconds");
                }
            }
            other => panic!("no delay report from the fixture: {other:?}"),
        }
    }
}

fn judged_session(engine: &Path, args: &[String]) -> Session<Judge> {
    let judge = Judge::new(Context {
        protocol: Protocol::Ucci,
        game: Protocol::Ucci.default_game(),
        time_scale: 1.0,
    });
    let command = EngineCommand {
        program: engine.to_path_buf(),
        args: args.to_vec(),
        ..EngineCommand::default()
    };
    Session::spawn(&command, SessionOptions::default(), judge).expect("the engine starts")
}

/// One command and its reply through the session: the wall time the caller saw, and the
/// latency the session stamped (from just before the write to the reading of the reply), µs.
fn session_round_trip(session: &mut Session<Judge>, command: &str, reply: &str) -> (f64, f64) {
    let began = Instant::now();
    let sent = session.send(command).expect("the engine reads");
    loop {
        match session.next_line(Instant::now() + DEADLINE) {
            Next::Line(line) if line.text == reply => {
                let wall = began.elapsed().as_secs_f64() * 1e6;
                return (wall, (line.at.us - sent.us) as f64);
            }
            Next::Line(_) => {}
            other => panic!("no `{reply}` to `{command}`: {other:?}"),
        }
    }
}

fn session_round_trip_quit(mut session: Session<Judge>) {
    session_round_trip(&mut session, "quit", "bye");
    let _ = session.finish();
}
