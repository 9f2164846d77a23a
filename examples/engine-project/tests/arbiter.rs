//! The engine project's own gate: Arbiter plays the UCI scenarios against the engine this
//! package builds, and a test fails with the finding and the transcript around it when the
//! engine breaks the protocol, or when what it says changes from its golden transcripts.

use arbiter::{Engine, Protocol};

fn engine() -> Engine {
    Engine::new(env!("CARGO_BIN_EXE_tiny-uci")).protocol(Protocol::Uci)
}

#[test]
fn the_engine_speaks_uci() {
    engine()
        .run(&[
            "uci/handshake",
            "uci/search",
            "uci/positions",
            "uci/infinite",
            "uci/ponder",
            "uci/quit",
        ])
        .expect("the scenarios load")
        .assert_pass();
}

#[test]
fn the_engine_says_what_it_said_when_its_transcripts_were_accepted() {
    engine()
        .snapshots(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden"))
        .run(&["uci/search"])
        .expect("the scenario loads")
        .assert_pass();
}
