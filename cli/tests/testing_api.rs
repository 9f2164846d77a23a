//! The library API as an engine project's test uses it: a conforming engine passes, a broken
//! one fails with the finding and its transcript in the panic, and what cannot run at all is
//! an error, not a verdict.

use crate::common;

use arbiter::check::{CheckId, CheckRef};
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
    // An engine binary that is not there is named, once, before anything runs.
    let missing = Engine::new("target/no-such-engine").protocol(Protocol::Uci);
    for result in [
        missing.run(&["uci/handshake"]).map(drop),
        missing.certify("uci").map(drop),
        missing.fuzz(1).map(drop),
    ] {
        match result {
            Err(e @ Error::NotStartable { .. }) => {
                assert_eq!(e.to_string(), "engine target/no-such-engine: no such file")
            }
            other => panic!("{other:?}"),
        }
    }
}

/// A certification that fails panics with what failed first and short: the failed rows with
/// their findings and transcripts, then the counts, not every one of the profile's passing
/// rows.
#[test]
fn a_failed_certification_panics_with_its_failures_first() {
    let certification = Engine::new(fixture_engine())
        .arg("uci")
        .arg("illegal-bestmove")
        .protocol(Protocol::Uci)
        .certify("uci")
        .expect("the profile runs");
    let panic = std::panic::catch_unwind(|| certification.assert_pass()).expect_err("it must fail");
    let message = panic
        .downcast_ref::<String>()
        .expect("the panic carries the failures");
    assert!(message.starts_with("Verdict: FAIL"), "{message}");
    assert!(message.contains("uci.bestmove.legal"), "{message}");
    assert!(message.contains("> go"), "no transcript in:\n{message}");
    let passing_rows = certification
        .required
        .iter()
        .filter(|row| row.verdict == arbiter::certify::Verdict::Pass)
        .filter(|row| message.contains(&format!(" {} ", row.requirement.id)))
        .count();
    assert_eq!(passing_rows, 0, "passing rows listed in:\n{message}");
    assert!(
        message.lines().count() < certification.human().lines().count(),
        "{message}"
    );
}

/// An engine project's golden test, run by the test below in a process of its own with the
/// environment it sets (`cargo test` gives this process `CI`, which it must not see).
#[test]
#[ignore = "run by golden_transcripts_through_the_api_wait_for_review, in a process of its own"]
fn golden_run_as_an_engine_projects_test() {
    let setting = |name: &str| std::env::var(name).expect("set by the test that runs this one");
    Engine::new(fixture_engine())
        .arg("ucci")
        .arg(setting("ARBITER_TEST_FAULT"))
        .protocol(Protocol::Ucci)
        .snapshots(setting("ARBITER_TEST_GOLDEN"))
        .run(&[&format!(
            "{}/scenarios/ucci/search.scenario",
            common::repo().display()
        )])
        .expect("the scenario loads")
        .assert_pass();
}

/// Golden transcripts through the API, as insta's snapshots are kept: a first run fails and
/// leaves the transcript pending; `arbiter snapshots accept` makes it golden and the same
/// engine then passes; a changed engine fails with the diff and leaves its exchange pending,
/// which `review` rejects on `r`; `ARBITER_UPDATE_SNAPSHOTS=always` accepts at once, and in
/// CI nothing is written.
#[test]
fn golden_transcripts_through_the_api_wait_for_review() {
    let dir = tempfile::tempdir().unwrap();
    let golden = dir.path().join("ucci/search.transcript");
    let pending = dir.path().join("ucci/search.transcript.new");
    let project_test = |fault: &str, env: &[(&str, &str)]| {
        let mut test = std::process::Command::new(std::env::current_exe().unwrap());
        test.args([
            "--exact",
            "testing_api::golden_run_as_an_engine_projects_test",
            "--ignored",
        ])
        .env_remove("CI")
        .env_remove("ARBITER_UPDATE_SNAPSHOTS")
        .env("ARBITER_TEST_FAULT", fault)
        .env("ARBITER_TEST_GOLDEN", dir.path());
        for (name, value) in env {
            test.env(name, value);
        }
        let output = test.output().unwrap();
        let text = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        (output.status.success(), text)
    };
    let snapshots = |verb: &str, answers: &str| {
        let output = common::arbiter()
            .args(["snapshots", verb])
            .arg(dir.path())
            .write_stdin(answers)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };

    let (passed, out) = project_test("none", &[]);
    assert!(!passed, "nothing to compare with yet:\n{out}");
    assert!(out.contains("no golden transcript at"), "{out}");
    assert!(out.contains("arbiter snapshots review"), "{out}");
    assert!(pending.exists() && !golden.exists());

    let accepted = snapshots("accept", "");
    assert!(
        accepted.contains("accepted 1 pending transcript"),
        "{accepted}"
    );
    assert!(golden.exists() && !pending.exists());
    assert!(
        project_test("none", &[]).0,
        "the accepted transcript matches"
    );

    // The engine changes what it sends: the test fails with the diff, and the change waits.
    let (passed, out) = project_test("illegal-ponder", &[]);
    assert!(!passed);
    assert!(out.contains("the exchange differs from"), "{out}");
    assert!(
        out.contains("-< bestmove a6a5 ponder a0a1"),
        "the diff is in the panic:\n{out}"
    );
    let review = snapshots("review", "x\nr\n");
    assert!(
        review.contains("2 lines removed, 2 lines added"),
        "{review}"
    );
    assert!(
        review.contains("accepted 0, rejected 1, skipped 0"),
        "{review}"
    );
    assert!(!pending.exists());
    assert!(project_test("none", &[]).0, "the golden transcript stayed");

    // In CI a change only fails; `always` accepts it at once, and what waited for review goes.
    assert!(!project_test("illegal-ponder", &[("CI", "true")]).0);
    assert!(!pending.exists(), "CI writes nothing");
    assert!(!project_test("illegal-ponder", &[]).0);
    assert!(pending.exists());
    let (passed, out) = project_test("illegal-ponder", &[("ARBITER_UPDATE_SNAPSHOTS", "always")]);
    assert!(passed, "{out}");
    assert!(
        !pending.exists(),
        "an accepted change leaves nothing pending"
    );
    assert!(
        project_test("illegal-ponder", &[]).0,
        "the change is golden now"
    );
    assert!(snapshots("review", "").contains("no pending transcripts"));
}

/// `Engine::fuzz` finds what `arbiter fuzz` finds with the same seed and count: the fixture's
/// fault that only a sequence shows, shrunk and written where `repro_dir` says, with a panic
/// that names it; the same engine without the fault passes.
#[test]
fn an_engine_is_fuzzed_through_the_api() {
    let repro = crate::common::scratch_root().join("api-fuzz");
    let _ = std::fs::remove_dir_all(&repro);
    let engine = |fault: &str| {
        Engine::new(fixture_engine())
            .arg("gomocup")
            .arg(fault)
            .protocol(Protocol::Gomocup)
            .seed(7)
            .repro_dir(&repro)
    };
    let report = engine("off-board-after-edge-board")
        .fuzz(5)
        .expect("the fuzzer runs");
    assert!(!report.passed());
    let found = report
        .failures
        .iter()
        .find(|f| {
            crate::common::check_ref(&f.check)
                == CheckRef::builtin(Protocol::Gomocup, CheckId::MoveLegal)
        })
        .unwrap_or_else(|| panic!("no gomocup.move.legal among {:#?}", report.failures));
    let scenario = std::fs::read_to_string(&found.file).expect("the minimal scenario is written");
    assert!(scenario.contains("protocol: gomocup"), "{scenario}");
    let panic = std::panic::catch_unwind(|| report.assert_pass()).expect_err("it must fail");
    let message = panic.downcast_ref::<String>().expect("a formatted message");
    assert!(message.contains(&found.file), "{message}");
    let _ = std::fs::remove_dir_all(&repro);

    let clean = engine("none").fuzz(5).expect("the fuzzer runs");
    clean.assert_pass();
    assert_eq!(clean.cases, 5);
    assert!(!repro.exists(), "nothing failed, so nothing is written");
}
