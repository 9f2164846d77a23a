//! `arbiter match --restart off`: a worker keeps each engine for its next game, readied the
//! protocol's way, in all four protocols; an engine at fault in a game, or that declines a new
//! game in its process, is started afresh; a Gomocup brain that answers `RESTART` and keeps
//! its old board is found (gomocup-r110). Each engine is started through a shell that counts
//! its starts in a file, so the test sees how many processes each engine took.

use crate::common;

use std::path::{Path, PathBuf};

use arbiter::check::{CheckId, CheckRef, Grade};
use arbiter::matchplay::{Fault, MatchReport, Termination};
use arbiter::protocol::Protocol;

use common::{fixture_engine, reference_engine};

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = common::scratch_root().join(format!("restart-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `--engine` words of `program ARGS…` named `name`, started through a shell that adds a
/// line to `DIR/NAME.starts` each time.
fn counted(dir: &Path, name: &str, program: &Path, args: &[&str], extra: &[&str]) -> Vec<String> {
    let log = dir.join(format!("{name}.starts"));
    let script = format!("echo started >> '{}'; exec \"$0\" \"$@\"", log.display());
    let mut words = vec![
        "cmd=/bin/sh".to_owned(),
        "arg=-c".to_owned(),
        format!("arg={script}"),
        format!("arg={}", program.display()),
        format!("name={name}"),
    ];
    words.extend(args.iter().map(|a| format!("arg={a}")));
    words.extend(extra.iter().map(|w| (*w).to_owned()));
    words
}

/// How many times the engine `name` was started.
fn starts(dir: &Path, name: &str) -> usize {
    std::fs::read_to_string(dir.join(format!("{name}.starts")))
        .map(|s| s.lines().count())
        .unwrap_or(0)
}

/// Whether a game ended by an engine's fault (a resignation is the engine's choice).
fn by_fault(termination: &Termination) -> bool {
    matches!(termination, Termination::Fault { fault, .. } if *fault != Fault::Resign)
}

/// Plays `games` games of `game` between two engines with `--restart off`.
fn play_kept(
    dir: &Path,
    game: &str,
    engines: [&[String]; 2],
    games: &str,
) -> (i32, String, MatchReport) {
    let (status, stdout, report) = common::play_match_report(
        &dir.join("out.json"),
        &["--game", game, "--each", "st=0.02", "--games", games],
        &engines,
        &["--restart", "off"],
    );
    let report = report.unwrap_or_else(|| panic!("no results: {stdout}"));
    (status, stdout, report)
}

/// Each protocol's engines play four games in one process each, readied between games the
/// protocol's way, and every game is played out cleanly: the same engines restarted for every
/// game take four processes each.
#[test]
fn engines_are_kept_between_games_in_every_protocol() {
    let xiangqi = reference_engine("arbiter-xiangqi");
    let gomoku = reference_engine("pbrain-arbiter");
    let fixture = fixture_engine();
    let cases: [(&str, &Path, &[&str], &str); 4] = [
        ("xiangqi", &xiangqi, &[], "proto=ucci"),
        ("chess", &fixture, &["uci", "none"], "proto=uci"),
        ("gomoku", &gomoku, &[], "proto=gomocup"),
        ("gomoku", &gomoku, &[], "proto=agi"),
    ];
    for (game, program, args, proto) in cases {
        let dir = scratch(&format!("kept-{game}-{proto}"));
        let a = counted(&dir, "a", program, args, &[proto]);
        let b = counted(&dir, "b", program, args, &[proto]);
        let (status, stdout, report) = play_kept(&dir, game, [&a, &b], "4");
        assert_eq!(status, 0, "{game} {proto}: {stdout}");
        assert_eq!(report.games.len(), 4);
        for played in &report.games {
            assert!(
                !by_fault(&played.record.termination),
                "{game} {proto}: game {} ended {:?}",
                played.record.number,
                played.record.termination
            );
            assert_eq!(common::failed_findings(&played.record).len(), 0);
        }
        assert_eq!(
            (starts(&dir, "a"), starts(&dir, "b")),
            (1, 1),
            "{game} {proto}: each engine started once for four games"
        );
    }
}

/// An engine that loses each game by an illegal move is started afresh for the next, while its
/// clean opponent stays in its one process; a brain that answers `RESTART` with `UNKNOWN`
/// (which the text allows, gomocup-r103) is started afresh as gomocup-r111 has the manager do,
/// with no finding against it.
#[test]
fn an_engine_at_fault_or_declining_a_new_game_is_started_afresh() {
    let dir = scratch("at-fault");
    let fixture = fixture_engine();
    let xiangqi = reference_engine("arbiter-xiangqi");
    let faulty = counted(&dir, "faulty", &fixture, &["ucci", "illegal-bestmove"], &[]);
    let clean = counted(&dir, "clean", &xiangqi, &[], &[]);
    let (_, stdout, report) = play_kept(&dir, "xiangqi", [&faulty, &clean], "3");
    let illegal = report
        .games
        .iter()
        .filter(|g| {
            matches!(
                g.record.termination,
                Termination::Fault {
                    fault: Fault::Illegal(_),
                    ..
                }
            )
        })
        .count();
    assert_eq!(illegal, 3, "{stdout}");
    assert_eq!((starts(&dir, "faulty"), starts(&dir, "clean")), (3, 1));

    let dir = scratch("declines");
    let gomoku = reference_engine("pbrain-arbiter");
    let declines = counted(
        &dir,
        "declines",
        &fixture,
        &["gomocup", "declines-restart"],
        &[],
    );
    let clean = counted(&dir, "clean", &gomoku, &[], &[]);
    let (_, stdout, report) = play_kept(&dir, "gomoku", [&declines, &clean], "3");
    assert_eq!((starts(&dir, "declines"), starts(&dir, "clean")), (3, 1));
    for played in &report.games {
        assert!(!by_fault(&played.record.termination), "{stdout}");
        assert_eq!(common::failed_findings(&played.record).len(), 0);
    }
}

/// A brain that answers `RESTART` with `OK` but keeps its old board refuses its opponent's
/// first stone on a point the game before held: it loses that game by the refusal, the
/// protocol check names the cause (gomocup-r110), and it is started afresh.
#[test]
fn a_brain_that_keeps_its_old_board_after_restart_is_found() {
    let dir = scratch("keeps-board");
    let fixture = fixture_engine();
    let gomoku = reference_engine("pbrain-arbiter");
    let stale = counted(
        &dir,
        "stale",
        &fixture,
        &["gomocup", "restart-keeps-board"],
        &[],
    );
    let clean = counted(&dir, "clean", &gomoku, &[], &[]);
    let (status, stdout, report) = play_kept(&dir, "gomoku", [&stale, &clean], "2");
    assert_eq!(status, 1, "{stdout}");
    let second = &report.games[1].record;
    assert!(
        matches!(
            second.termination,
            Termination::Fault {
                fault: Fault::Refuses { .. },
                ..
            }
        ),
        "{:?}",
        second.termination
    );
    let found: Vec<_> = second
        .findings
        .iter()
        .filter(|f| {
            f.outcome.check == CheckRef::builtin(Protocol::Gomocup, CheckId::RestartFreshBoard)
        })
        .collect();
    assert_eq!(found.len(), 1, "{:#?}", second.findings);
    assert_eq!(found[0].outcome.grade, Grade::Fail);
    assert_eq!(found[0].engine, "stale");
    assert!(
        found[0].excerpt.iter().any(|l| l.contains("> TURN")),
        "the excerpt shows the refused TURN: {:?}",
        found[0].excerpt
    );
    assert_eq!(starts(&dir, "stale"), 1);
}

/// What a kept engine does as it is ended after its last game (here: it ignores `quit` and is
/// killed) is reported with that game, not lost with the session: the first game, played
/// while it was kept, has no such finding.
#[test]
fn a_kept_engine_s_end_is_reported_with_its_last_game() {
    let dir = scratch("end");
    let fixture = fixture_engine();
    let hangs = counted(&dir, "hangs", &fixture, &["uci", "hang-on-quit"], &[]);
    let clean = counted(&dir, "clean", &fixture, &["uci", "none"], &[]);
    let (_, stdout, report) = play_kept(&dir, "chess", [&hangs, &clean], "2");
    let quit_exit = CheckRef::builtin(Protocol::Uci, CheckId::QuitExit);
    let quit_findings = |number: usize| -> Vec<String> {
        report.games[number - 1]
            .record
            .findings
            .iter()
            .filter(|f| f.engine == "hangs" && f.outcome.check == quit_exit)
            .map(|f| f.outcome.message.clone())
            .collect()
    };
    assert_eq!(quit_findings(1), Vec::<String>::new(), "{stdout}");
    assert_eq!(
        quit_findings(2).len(),
        1,
        "{:#?}",
        report.games[1].record.findings
    );
    let last = &report.games[1].record;
    let ended = last
        .findings
        .iter()
        .find(|f| f.engine == "hangs" && f.outcome.check == quit_exit)
        .expect("found above");
    assert_eq!(
        ended.ply,
        Some(last.moves.len() + 1),
        "placed after the game's last move, where the league page shows an engine's ending"
    );
    assert_eq!(starts(&dir, "hangs"), 1);
}
