//! This engine project's own gate, as an engine author would write it: Arbiter's library
//! certifies the engine the project builds, inside `cargo test`, against the computer-xiangqi
//! league's profile and the UCI dialect's scenarios, and fails the test with the report.

use arbiter::{Engine, Protocol};

fn engine() -> Engine {
    Engine::new(env!("CARGO_BIN_EXE_arbiter-xiangqi"))
}

#[test]
fn the_engine_is_certified_for_the_league() {
    let certification = engine()
        .protocol(Protocol::Ucci)
        .certify("ucci-league")
        .expect("the league's profile runs");
    certification.assert_pass();
    assert_eq!(certification.profile, "ucci-league");
}

#[test]
fn the_engine_passes_uci_scenarios_for_xiangqi() {
    engine()
        .protocol(Protocol::Uci)
        .game(arbiter::GameKind::Xiangqi)
        .run(&[
            "uci/xiangqi/handshake",
            "uci/xiangqi/search",
            "uci/xiangqi/quit",
        ])
        .expect("the scenarios load")
        .assert_pass();
}
