//! End-to-end Gomocup protocol tests against the real binary.

mod common;

use std::time::{Duration, Instant};

use assert_cmd::Command;
use common::{Engine, SLOW, point};
use predicates::prelude::*;

const QUICK: Duration = Duration::from_secs(3);

fn started(size: u32) -> Engine {
    let mut e = Engine::spawn();
    e.send("INFO timeout_turn 300");
    e.send(&format!("START {size}"));
    assert_eq!(e.reply(QUICK), "OK");
    e
}

fn on_board((x, y): (u32, u32), w: u32, h: u32) -> bool {
    x < w && y < h
}

#[test]
fn start_accepts_5_to_32_and_rejects_the_rest() {
    let mut e = Engine::spawn();
    for n in [5, 15, 19, 20, 32] {
        e.send(&format!("START {n}"));
        assert_eq!(e.reply(QUICK), "OK", "START {n}");
    }
    for bad in [
        "START 40",
        "START 4",
        "START 0",
        "START abc",
        "START",
        "START -15",
        "RECTSTART 40,10",
        "RECTSTART 20",
    ] {
        e.send(bad);
        let r = e.reply(QUICK);
        assert!(r.starts_with("ERROR "), "{bad} -> {r}");
    }
}

#[test]
fn begin_turn_and_board_get_legal_moves() {
    let mut e = started(15);
    e.send("BEGIN");
    let first = point(&e.reply(QUICK));
    assert_eq!(first, (7, 7));
    e.send("TURN 8,8");
    let second = point(&e.reply(QUICK));
    assert!(on_board(second, 15, 15) && second != first && second != (8, 8));

    e.send("RESTART");
    assert_eq!(e.reply(QUICK), "OK");
    e.send("BOARD");
    for l in ["10,10,1", "10,11,2", "11,11,1", "9,10,2"] {
        e.send(l);
    }
    e.silent(Duration::from_millis(150), |_| false);
    e.send("DONE");
    let m = point(&e.reply(QUICK));
    assert!(on_board(m, 15, 15));
    assert!(
        ![(10, 10), (10, 11), (11, 11), (9, 10)].contains(&m),
        "{m:?}"
    );
}

#[test]
fn board_takes_the_five_and_blocks_the_four() {
    let mut e = started(20);
    // Own four on row 3 (open at both ends): take the five.
    e.send("BOARD");
    for l in [
        "3,3,1", "4,3,1", "5,3,1", "6,3,1", "3,10,2", "4,10,2", "5,10,2", "6,10,2", "15,15,2",
    ] {
        e.send(l);
    }
    e.send("DONE");
    let m = point(&e.reply(QUICK));
    assert!(m == (2, 3) || m == (7, 3), "{m:?}");
    // Opponent four, no four of ours: block its only completion.
    e.send("RESTART");
    assert_eq!(e.reply(QUICK), "OK");
    e.send("BOARD");
    for l in [
        "0,5,2", "1,5,2", "2,5,2", "3,5,2", "10,10,1", "12,12,1", "14,10,1",
    ] {
        e.send(l);
    }
    e.send("DONE");
    assert_eq!(point(&e.reply(QUICK)), (4, 5));
}

#[test]
fn info_gets_no_reply_and_about_is_one_line() {
    let mut e = Engine::spawn();
    for l in [
        "INFO timeout_match 300000",
        "INFO timeout_turn 1000",
        "INFO max_memory 83886080",
        "INFO time_left 2147483647",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO evaluate 7,7",
        "INFO folder /tmp",
        "INFO time_left -500",
        "INFO rule 8",
        "INFO foo_bar 1",
        "INFO",
    ] {
        e.send(l);
    }
    e.silent(Duration::from_millis(200), |_| false);
    e.send("ABOUT");
    let about = e.reply(QUICK);
    let re = predicates::str::is_match(
        r#"^name="[^"]+", version="[^"]+", author="[^"]+", country="[^"]+"$"#,
    )
    .unwrap();
    assert!(re.eval(&about), "{about}");
    e.silent(Duration::from_millis(100), |_| false);
}

#[test]
fn rectstart_boards_are_width_by_height() {
    let mut e = Engine::spawn();
    e.send("INFO timeout_turn 200");
    e.send("RECTSTART 20,7");
    assert_eq!(e.reply(QUICK), "OK");
    e.send("TURN 19,6");
    let m = point(&e.reply(QUICK));
    assert!(on_board(m, 20, 7), "{m:?}");
    e.send("TURN 6,19");
    assert!(e.reply(QUICK).starts_with("ERROR"));
    e.send("TURN 0,0");
    let m = point(&e.reply(QUICK));
    assert!(on_board(m, 20, 7), "{m:?}");
}

#[test]
fn restart_clears_the_board() {
    let mut e = started(15);
    e.send("BEGIN");
    assert_eq!(point(&e.reply(QUICK)), (7, 7));
    e.send("RESTART");
    assert_eq!(e.reply(QUICK), "OK");
    // 7,7 is free again, for both sides.
    e.send("TURN 7,7");
    let m = point(&e.reply(QUICK));
    assert_ne!(m, (7, 7));
}

#[test]
fn takeback_removes_exactly_the_named_stone() {
    let mut e = started(15);
    e.send("TURN 7,7");
    let (x, y) = point(&e.reply(QUICK));
    e.send(&format!("TAKEBACK {x},{y}"));
    assert_eq!(e.reply(QUICK), "OK");
    e.send("TAKEBACK 7,7");
    assert_eq!(e.reply(QUICK), "OK");
    e.send("TAKEBACK 7,7");
    assert!(
        e.reply(QUICK).starts_with("ERROR"),
        "the point is empty now"
    );
    // Both points are usable again.
    e.send(&format!("TURN {x},{y}"));
    let m = point(&e.reply(QUICK));
    assert_ne!(m, (x, y));
}

#[test]
fn play_places_our_stone_where_the_manager_says() {
    let mut e = started(15);
    e.send("PLAY 3,4");
    assert_eq!(e.reply(QUICK), "3,4");
    e.send("TURN 3,4");
    assert!(e.reply(QUICK).starts_with("ERROR"), "3,4 holds our stone");
    e.send("TURN 5,5");
    let m = point(&e.reply(QUICK));
    assert!(m != (3, 4) && m != (5, 5));
}

#[test]
fn end_while_thinking_exits_at_once_without_output() {
    let mut e = Engine::spawn();
    e.send("INFO timeout_turn 30000");
    e.send("START 20");
    assert_eq!(e.reply(QUICK), "OK");
    e.send("BOARD");
    for l in ["9,9,1", "10,10,2", "9,10,1", "10,9,2", "8,11,1", "11,8,2"] {
        e.send(l);
    }
    e.send("DONE");
    // Not a wait for the search to start: the engine handles its lines in order, so `END`
    // finds the search `DONE` began running whenever it comes, and a Gomocup brain says
    // nothing while it thinks. The pause is part of the test: `END` must cut a search that
    // is well under way, not one that has barely begun.
    std::thread::sleep(Duration::from_millis(300));
    e.send("END");
    let (status, took) = e.exit_within(Duration::from_secs(2));
    assert!(common::success(&status), "{status:?}");
    assert!(took < Duration::from_secs(1), "took {took:?}");
    assert_eq!(e.rest(), Vec::<String>::new());
}

#[test]
fn end_inside_a_board_block_prints_nothing() {
    Command::new(env!("CARGO_BIN_EXE_pbrain-arbiter"))
        .write_stdin("START 15\r\nBOARD\r\n7,7,1\r\nEND\r\nDONE\r\n")
        .timeout(SLOW)
        .assert()
        .success()
        .stdout("OK\n");
}

#[test]
fn end_when_idle_prints_nothing() {
    Command::new(env!("CARGO_BIN_EXE_pbrain-arbiter"))
        .write_stdin("START 15\r\nEND\r\nABOUT\r\n")
        .timeout(SLOW)
        .assert()
        .success()
        .stdout("OK\n");
}

#[test]
fn unknown_commands_and_hostile_lines() {
    let mut e = Engine::spawn();
    e.send("XYZZY 1");
    assert!(e.reply(QUICK).starts_with("UNKNOWN"));
    let mut long = vec![b'Q'; 300_000];
    long.extend_from_slice(b"\r\n");
    e.send_raw(&long);
    assert!(e.reply(QUICK).starts_with("UNKNOWN"));
    e.send_raw(b"\xff\xfe\x00garbage\r\n");
    assert!(e.reply(QUICK).starts_with("UNKNOWN"));
    e.send("ABOUT");
    assert!(e.reply(QUICK).starts_with("name="));
}

#[test]
fn cr_lf_and_crlf_line_endings() {
    Command::new(env!("CARGO_BIN_EXE_pbrain-arbiter"))
        .write_stdin("INFO timeout_turn 100\rSTART 15\r\r\n\nRESTART\nABOUT\r\n\r\nXYZZY\r")
        .timeout(SLOW)
        .assert()
        .success()
        .stdout(
            predicate::str::starts_with("OK\nOK\nname=\"pbrain-arbiter\"")
                .and(predicate::str::contains("\nUNKNOWN")),
        );
}

#[test]
fn bad_input_is_an_error_and_changes_nothing() {
    let mut e = Engine::spawn();
    e.send("TURN 7,7");
    assert!(e.reply(QUICK).starts_with("ERROR"), "TURN before START");
    e.send("BEGIN");
    assert!(e.reply(QUICK).starts_with("ERROR"), "BEGIN before START");
    e.send("INFO timeout_turn 200");
    e.send("START 15");
    assert_eq!(e.reply(QUICK), "OK");
    e.send("TURN 7,7");
    let mine = point(&e.reply(QUICK));
    for bad in [
        "TURN 15,0",
        "TURN 0,15",
        "TURN 7,7",
        "TURN 7",
        "TURN a,b",
        "TURN -1,3",
        "TURN 99999999999,1",
        "TAKEBACK 0,0",
        "TAKEBACK x",
    ] {
        e.send(bad);
        let r = e.reply(QUICK);
        assert!(r.starts_with("ERROR "), "{bad} -> {r}");
    }
    // A BOARD block with one bad line is rejected whole: the old position stays.
    e.send("BOARD");
    for l in ["1,1,1", "2,2,2", "2,2,1"] {
        e.send(l);
    }
    e.send("DONE");
    assert!(e.reply(QUICK).starts_with("ERROR"));
    e.send("BOARD");
    e.send("1,1,7");
    e.send("DONE");
    assert!(e.reply(QUICK).starts_with("ERROR"));
    e.send("BOARD");
    e.send("1,1,1");
    e.send("ABOUT");
    assert!(e.reply(QUICK).starts_with("ERROR"), "BOARD interrupted");
    assert!(
        e.reply(QUICK).starts_with("name="),
        "the interrupting command still runs"
    );
    // The old stones are still there and the rejected ones are not.
    e.send("TURN 7,7");
    assert!(e.reply(QUICK).starts_with("ERROR"), "7,7 still occupied");
    e.send(&format!("TAKEBACK {},{}", mine.0, mine.1));
    assert_eq!(e.reply(QUICK), "OK");
    e.send("TAKEBACK 1,1");
    assert!(e.reply(QUICK).starts_with("ERROR"), "1,1 never got a stone");
}

#[test]
fn timeout_turn_is_respected() {
    for (turn, limit) in [(0u64, 300u64), (500, 500), (1000, 1000)] {
        let mut e = Engine::spawn();
        e.send(&format!("INFO timeout_turn {turn}"));
        e.send("START 15");
        assert_eq!(e.reply(QUICK), "OK");
        e.send("BOARD");
        for l in ["7,7,1", "8,8,2", "7,8,1", "8,7,2", "6,9,1", "9,6,2"] {
            e.send(l);
        }
        let start = Instant::now();
        e.send("DONE");
        let m = point(&e.reply(SLOW));
        let took = start.elapsed();
        assert!(on_board(m, 15, 15));
        assert!(
            took < Duration::from_millis(limit),
            "timeout_turn {turn}: took {took:?}"
        );
    }
}

#[test]
fn continuous_game_field_3_points_are_never_played() {
    let mut e = Engine::spawn();
    e.send("INFO rule 2");
    e.send("INFO timeout_turn 200");
    e.send("START 7");
    assert_eq!(e.reply(QUICK), "OK");
    e.send("BOARD");
    let mut blocked = Vec::new();
    for x in 0..7 {
        for y in 0..7 {
            if (x, y) != (3, 3) && (x, y) != (0, 6) {
                blocked.push((x, y));
                e.send(&format!("{x},{y},3"));
            }
        }
    }
    e.send("3,3,2");
    e.send("DONE");
    assert_eq!(point(&e.reply(QUICK)), (0, 6));
}
