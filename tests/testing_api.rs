//! The library API as an engine project's test uses it: a conforming engine passes, a broken
//! one fails with the finding and its transcript in the panic, and what cannot run at all is
//! an error, not a verdict.

use crate::common;

use arbiter::testing::Error;
use arbiter::{Engine, GameKind, Protocol};
use common::{fixture_engine, reference_engine};

#[test]
fn an_engine_that_plays_an_illegal_move_fails_with_the_finding_and_the_transcript() {
    let report = Engine::new(fixture_engine())
        .arg("uci")
        .arg("illegal-bestmove")
        .protocol(Protocol::Uci)
        .run(&["uci/search"])
        .expect("the scenario loads");
    assert!(!report.passed());
    let panic = std::panic::catch_unwind(|| report.assert_pass()).expect_err("it must fail");
    let message = panic
        .downcast_ref::<String>()
        .expect("the panic carries the report");
    assert!(message.contains("uci.bestmove.legal"), "{message}");
    assert!(message.contains("> go"), "no transcript in:\n{message}");
}

#[test]
fn a_conforming_engine_is_certified_through_the_api() {
    let _cpu = common::processor::share(2);
    let certification = Engine::new(reference_engine("pbrain-arbiter"))
        .protocol(Protocol::Gomocup)
        .certify("gomocup")
        .expect("the profile runs");
    certification.assert_pass();
    assert!(certification.passed());
}

#[test]
fn what_cannot_run_is_an_error_not_a_verdict() {
    let engine = Engine::new(reference_engine("arbiter-xiangqi"));
    assert!(matches!(engine.run(&["ucci/stop"]), Err(Error::NoProtocol)));
    let ucci = engine.clone().protocol(Protocol::Ucci);
    assert!(matches!(
        ucci.run(&["ucci/no-such-scenario"]),
        Err(Error::Scenarios(_))
    ));
    assert!(matches!(
        ucci.certify("uci"),
        Err(Error::OtherProtocol { .. })
    ));
    assert!(matches!(
        ucci.clone().game(GameKind::Chess).run(&[]),
        Err(Error::Game(_))
    ));
    assert!(matches!(
        ucci.certify("no-such-profile"),
        Err(Error::Profile(_))
    ));
}
