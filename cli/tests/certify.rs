//! `arbiter certify` end to end with the fixture engine: verdicts per requirement, exit
//! statuses, partitions.

use crate::common;

use arbiter::certify::{Certification, RequirementVerdict, Verdict};
use arbiter::protocol::ReqId;
use common::{arbiter, fixture_engine, json_report};

/// `arbiter certify --format json` of `profile` against the fixture engine playing `fault`.
pub(crate) fn certify(
    profile: &str,
    protocol: &str,
    fault: &str,
    extra: &[&str],
) -> (i32, Certification) {
    json_report(
        arbiter()
            .args([
                "certify",
                "--profile",
                profile,
                "--format",
                "json",
                "--engine",
            ])
            .arg(fixture_engine())
            .args(["--engine-arg", protocol, "--engine-arg", fault])
            .args(extra),
    )
}

fn verdict_of(report: &Certification, section: &str, id: &str) -> Verdict {
    let rows = match section {
        "required" => &report.required,
        "recommended" => &report.recommended,
        _ => &report.also_exercised,
    };
    rows.iter()
        .find(|v| v.requirement.id == ReqId::new(id))
        .map(|v| v.verdict)
        .unwrap_or_else(|| panic!("{id} not in {section}"))
}

#[test]
fn a_conforming_engine_is_certified_for_the_league() {
    let (code, report) = certify("ucci-league", "ucci", "none", &[]);
    assert_eq!(code, 0, "{report:#?}");
    // The fixture never accepts a draw, so the league's draw recommendation warns.
    assert_eq!(report.verdict, Verdict::PassWithWarnings);
    assert_eq!(
        verdict_of(&report, "recommended", "ucci-r138"),
        Verdict::PassWithWarnings
    );
    for id in [
        "ucci-r130",
        "ucci-r131",
        "ucci-r132",
        "ucci-r133",
        "ucci-r134",
        "ucci-r135",
        "ucci-r136",
    ] {
        assert_eq!(verdict_of(&report, "required", id), Verdict::Pass, "{id}");
    }
    assert_eq!(
        verdict_of(&report, "recommended", "ucci-r139"),
        Verdict::Pass
    );
}

#[test]
fn a_missing_bye_fails_the_league_requirement_on_quit() {
    let (code, report) = certify("ucci-league", "ucci", "no-bye", &[]);
    assert_eq!(code, 1);
    assert_eq!(report.verdict, Verdict::Fail);
    assert_eq!(verdict_of(&report, "required", "ucci-r134"), Verdict::Fail);
    assert_eq!(verdict_of(&report, "required", "ucci-r130"), Verdict::Pass);
}

#[test]
fn partitions_share_the_scenarios_without_overlap() {
    let names = |report: &Certification| -> Vec<String> {
        report
            .runs
            .iter()
            .map(|r| r.scenario.name.clone())
            .collect()
    };
    let (_, first) = certify("gomocup", "gomocup", "none", &["--partition", "1/2"]);
    let (_, second) = certify("gomocup", "gomocup", "none", &["--partition", "2/2"]);
    let (_, whole) = certify("gomocup", "gomocup", "none", &[]);
    let mut both = [names(&first), names(&second)].concat();
    both.sort();
    let mut all = names(&whole);
    all.sort();
    assert_eq!(both, all);
    assert_eq!(
        first.partition.map(|p| p.to_string()).as_deref(),
        Some("1/2")
    );
}

#[test]
fn usage_errors_exit_2_with_a_reason() {
    arbiter()
        .args(["certify", "--profile", "nope", "--engine", "x"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "the built-in profiles are: agi, agi-gui, gomocup, gomocup-manager, ucci-full, ucci-gui, ucci-league, uci, uci-gui, uci-xiangqi",
        ));
    arbiter()
        .args([
            "certify",
            "--profile",
            "uci",
            "--engine",
            "x",
            "--partition",
            "3/2",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("not K/N"));
}

#[test]
fn a_league_certifies_against_its_own_profile_file_with_its_own_scenarios() {
    let dir = crate::common::scratch_root().join("league");
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    std::fs::write(
        dir.join("scenarios/ready.scenario"),
        "protocol: ucci\ntitle: the league's own readiness check\nspec: league rules\n\
         cites: ucci-r49\n> ucci\n< ucciok (within 2000 ms)\n> isready\n\
         < readyok (within 500 ms, ucci-r49)\n> quit\n< bye (within 2000 ms)\n",
    )
    .unwrap();
    let profile = dir.join("my-league.profile");
    std::fs::write(
        &profile,
        "# Our league: the quit exchange and readiness, nothing else.\nprofile: my-league\n\
         protocol: ucci\ntitle: my league\nspec: our rules\nrequired: ucci-r49 ucci-r134\n\
         scenarios: ucci/quit scenarios/ready.scenario\n",
    )
    .unwrap();
    let profile_arg = profile.display().to_string();
    let (code, report) = certify(&profile_arg, "ucci", "none", &[]);
    assert_eq!(code, 0, "{report:#?}");
    assert_eq!(report.profile, "my-league");
    assert_eq!(verdict_of(&report, "required", "ucci-r49"), Verdict::Pass);
    let runs: Vec<&str> = report
        .runs
        .iter()
        .map(|r| r.scenario.name.as_str())
        .collect();
    assert_eq!(runs, ["ucci/quit", "scenarios/ready"]);
    // The same league with an engine that never says bye: its required ucci-r134 fails.
    let (code, report) = certify(&profile_arg, "ucci", "no-bye", &[]);
    assert_eq!(code, 1);
    assert_eq!(verdict_of(&report, "required", "ucci-r134"), Verdict::Fail);

    // A mistake in the file is named with its line, before any engine runs.
    std::fs::write(
        &profile,
        "protocol: ucci\nrequired: ucci-r49\nscenarios: ucci/quit ucci/qiut\n",
    )
    .unwrap();
    arbiter()
        .args([
            "certify",
            "--profile",
            &profile_arg,
            "--engine",
            "/nonexistent",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(format!(
            "{profile_arg}:3: `ucci/qiut` is not a built-in scenario; did you mean `ucci/quit`?"
        )));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_built_in_profiles_are_listed() {
    let out = common::stdout_of(&["profiles"]);
    for name in [
        "ucci-league",
        "ucci-full",
        "uci",
        "uci-xiangqi",
        "gomocup",
        "agi",
    ] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{name} in {out}");
    }
}

/// The league's reference entrant, ElephantEye 3.31 (the UCCI texts' own engine), through
/// the fixture engine that reproduces its ways: certified for the league. It answers `go
/// infinite` at once from its book: what the texts' author's own engine does, the text is
/// read as allowing or leaving open, so ucci-r64 warns there (outside the verdict) and fails
/// nothing.
#[test]
fn the_league_reference_entrants_ways_are_certified_and_its_book_move_to_go_infinite_warns() {
    let (code, report) = certify("ucci-league", "ucci", "elephanteye", &[]);
    assert_certified_as_elephanteye(code, &report);
}

fn assert_certified_as_elephanteye(code: i32, report: &Certification) {
    assert_eq!(code, 0, "{report:#?}");
    // Certified with one warning: its `id version` line (ucci-r22) is a boot reply of the
    // handshake the league's first row stands for.
    assert_eq!(report.verdict, Verdict::PassWithWarnings, "{report:#?}");
    let warned: Vec<(ReqId, Option<ReqId>)> = report
        .required
        .iter()
        .filter(|v| v.verdict != Verdict::Pass)
        .map(|v| (v.requirement.id, v.via))
        .collect();
    assert_eq!(
        warned,
        [(ReqId::new("ucci-r130"), Some(ReqId::new("ucci-r22")))],
        "{report:#?}"
    );
    let failed: Vec<&RequirementVerdict> = report
        .also_exercised
        .iter()
        .filter(|v| v.verdict == Verdict::Fail)
        .collect();
    assert_eq!(failed.len(), 0, "{failed:#?}");
    let r64 = report
        .also_exercised
        .iter()
        .find(|v| v.requirement.id == ReqId::new("ucci-r64"))
        .expect("ucci-r64 is exercised");
    assert_eq!(r64.verdict, Verdict::PassWithWarnings, "{r64:#?}");
    let blocked = report
        .runs
        .iter()
        .filter(|run| !run.blocked.is_empty())
        .count();
    assert_eq!(blocked, 0, "nothing was kept from running");
}

/// The real ElephantEye, where a local build is named (`ARBITER_ELEPHANTEYE=path/to/ELEEYE.EXE`,
/// built from xqbase/eleeye with its BOOK.DAT beside it). CI cannot build it; the fixture
/// above reproduces what this showed.
#[test]
fn elephanteye_itself_is_certified_where_a_build_is_named() {
    let Some(engine) = std::env::var_os("ARBITER_ELEPHANTEYE").map(std::path::PathBuf::from) else {
        eprintln!("skipped: set ARBITER_ELEPHANTEYE to a build of ElephantEye 3.31");
        return;
    };
    let dir = engine.parent().expect("the engine's folder").to_owned();
    let (code, report): (i32, Certification) = json_report(
        arbiter()
            .args([
                "certify",
                "--profile",
                "ucci-league",
                "--format",
                "json",
                "--engine",
            ])
            .arg(&engine)
            .arg("--engine-dir")
            .arg(&dir),
    );
    assert_certified_as_elephanteye(code, &report);
}

/// Whether an `info` line comes between `stop` and the result is a race: an engine stopped
/// between two iterations (Fairy-Stockfish, where `stop` lands after one depth's report and
/// before the next depth starts) sends none. The rows for the `info` fields that `ucci/info`
/// exercises rest on the lines of the search too, so they are judged the same either way. The
/// script is an engine that never reports after `stop`: the race lost every time.
#[test]
fn info_rows_are_judged_when_no_info_follows_stop() {
    const SEARCHES_THEN_STOPS_SILENTLY: &str = r#"
        while read -r line; do
          case "$line" in
            ucci) echo "id name silent-after-stop"; echo ucciok ;;
            "go infinite")
              echo "info depth 1 score 10 pv h2e2"
              echo "info currmove h2e2"
              echo "info message opening"
              sleep 1
              echo "info depth 2 time 1000 nodes 900 pv h2e2" ;;
            stop) echo "bestmove h2e2" ;;
            quit) echo bye; exit 0 ;;
          esac
        done"#;
    let report = arbiter::Engine::new("sh")
        .arg("-c")
        .arg(SEARCHES_THEN_STOPS_SILENTLY)
        .protocol(arbiter::Protocol::Ucci)
        .run(&["ucci/info"])
        .expect("the scenario loads");
    let rows = arbiter::certify::catalogue(arbiter::Protocol::Ucci);
    for id in ["ucci-r86", "ucci-r87"] {
        let row = rows
            .iter()
            .find(|r| r.id == ReqId::new(id))
            .expect("a catalogue row")
            .clone();
        let verdict = arbiter::certify::judge(row, &report.runs);
        assert_eq!(verdict.verdict, Verdict::Pass, "{id}: {verdict:#?}");
    }
}

/// An engine that reads one line per wake-up (`select()` then `fgets()`), certified with a
/// profile of the `uci` profile's scenarios, whose `uci/one-write` shows it: one cause, one
/// finding. `input.held` fails uci-r05, and every reply it kept from coming, in whichever
/// scenario the writes happened to bring two commands together, is blocked by it, naming the
/// first scenario that showed it; no missing reply is failed or left unjudged on its own. The
/// scenarios are those whose searches the fault leaves unanswered for the shortest waits: the
/// whole profile spends 68 s waiting out the 10 s searches of five more, which show the same.
#[test]
fn held_input_blocks_the_replies_it_kept_across_a_profile() {
    let _cpu = common::processor::share(2);
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("held.profile");
    std::fs::write(
        &profile,
        "profile: held\nprotocol: uci\ntitle: UCI, the held-input certification test's share\n\
         spec: uci.ru.txt\nrequired: all-must\nrecommended: all-should\n\
         scenarios: uci/handshake uci/unknown-commands uci/castling uci/multipv uci/one-write \
         uci/cut-write uci/quit\n",
    )
    .unwrap();
    let (code, report) = certify(
        profile.to_str().unwrap(),
        "uci",
        "one-line-per-wakeup",
        &["--jobs", "2"],
    );
    assert_eq!(code, 1);
    assert_eq!(report.verdict, Verdict::Fail);
    let held = common::check_ref("uci.input.held");
    let r05 = report
        .required
        .iter()
        .find(|v| v.requirement.id == ReqId::new("uci-r05"))
        .expect("a required row");
    assert_eq!(r05.verdict, Verdict::Fail, "{r05:?}");
    assert!(
        r05.finding
            .as_deref()
            .is_some_and(|f| f.contains("uci.input.held")),
        "{r05:?}"
    );
    let shown_in = report
        .runs
        .iter()
        .find(|run| run.outcomes.iter().any(|o| o.check == held))
        .map(|run| run.scenario.name.clone())
        .expect("uci/one-write at least shows it");
    let mut blocked_elsewhere = 0;
    for run in &report.runs {
        let own = run.outcomes.iter().any(|o| o.check == held);
        for o in &run.outcomes {
            assert!(
                !o.missing_reply && !o.not_judged,
                "{}: a missing reply judged on its own: {o:?}",
                run.scenario.name
            );
        }
        for b in &run.blocked {
            assert_eq!(b.by.check, held, "{}: {b:?}", run.scenario.name);
            if !own {
                blocked_elsewhere += 1;
                assert_eq!(b.by.scenario.as_ref(), Some(&shown_in), "{b:?}");
                assert!(
                    b.reason().ends_with(&format!("in {shown_in}")),
                    "{}",
                    b.reason()
                );
            }
        }
    }
    assert!(
        blocked_elsewhere > 0,
        "the fault lost no reply outside the scenarios that showed it"
    );
}
