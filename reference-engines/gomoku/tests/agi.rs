//! End-to-end AGI protocol tests against the real binary.

mod common;

use std::time::Duration;

use common::Engine;
use predicates::Predicate;

const QUICK: Duration = Duration::from_secs(3);

fn agi() -> Engine {
    let mut e = Engine::spawn_agi();
    e.send("AGI");
    let id = e.line(QUICK, "ID");
    assert!(id.starts_with("ID NAME pbrain-arbiter "), "{id}");
    let option = e.line(QUICK, "OPTION");
    assert!(
        predicates::str::is_match("^OPTION OWNBOOK (TRUE|FALSE) PONDER (TRUE|FALSE)$")
            .unwrap()
            .eval(&option),
        "{option}"
    );
    assert_eq!(e.line(QUICK, "AGIOK"), "AGIOK");
    e
}

/// The point of a `BESTMOVE xx [PONDER yy]` line, checked for form.
fn bestmove(line: &str) -> String {
    let parts: Vec<&str> = line.split(' ').collect();
    assert_eq!(parts[0], "BESTMOVE", "{line}");
    let hex = predicates::str::is_match("^[0-9A-E][1-9A-F]$").unwrap();
    assert!(hex.eval(parts[1]), "{line}");
    match parts.len() {
        2 => {}
        4 => {
            assert_eq!(parts[2], "PONDER", "{line}");
            assert!(hex.eval(parts[3]) && parts[3] != parts[1], "{line}");
        }
        _ => panic!("{line}"),
    }
    parts[1].to_owned()
}

#[test]
fn handshake_and_isready() {
    let mut e = agi();
    e.send("SETOPTION OWNBOOK ON");
    e.send("SETOPTION PONDER OFF");
    e.send("SETRULE FORBIDDEN");
    e.send("ISREADY");
    assert_eq!(e.line(QUICK, "READYOK"), "READYOK");
}

#[test]
fn position_go_bestmove_and_domove() {
    let mut e = agi();
    e.send("POSITION MOVES 78");
    e.send("GO TIME 20000");
    let m = bestmove(&e.agi_reply(QUICK));
    assert_ne!(m, "78");
    e.send(&format!("DOMOVE {m}"));
    e.send("GO TIME 20000");
    let m2 = bestmove(&e.agi_reply(QUICK));
    assert!(m2 != "78" && m2 != m, "{m2}");
}

#[test]
fn the_worked_example() {
    let mut e = agi();
    e.send("SETOPTION OWNBOOK ON");
    e.send("SETOPTION PONDER OFF");
    e.send("SETRULE FORBIDDEN");
    e.send("ISREADY");
    assert_eq!(e.line(QUICK, "READYOK"), "READYOK");
    e.send("POSITION MOVES 78685A69");
    e.send("GO SEARCH 67596A6B INFINITE");
    e.agi_thinking(QUICK);
    e.send("ISREADY");
    // READYOK comes while thinking, and no BESTMOVE before STOP.
    assert_eq!(e.agi_reply(QUICK), "READYOK");
    e.send("STOP");
    let m = bestmove(&e.agi_reply(QUICK));
    assert!(["67", "59", "6A", "6B"].contains(&m.as_str()), "{m}");
    e.send(&format!("DOMOVE {m}"));
    e.send("GO INFINITE");
    e.agi_thinking(QUICK);
    e.send("STOP");
    let w = bestmove(&e.agi_reply(QUICK));
    assert!(
        !["78", "68", "5A", "69", m.as_str()].contains(&w.as_str()),
        "{w}"
    );
    e.send("QUIT");
    assert_eq!(e.agi_reply(QUICK), "BYE");
    let (status, _) = e.exit_within(QUICK);
    assert!(common::success(&status), "{status:?}");
}

#[test]
fn info_lines_while_thinking_are_well_formed() {
    let mut e = agi();
    e.send("POSITION MOVES 787988");
    e.send("GO TIME 30000");
    let mut saw_info = false;
    loop {
        let l = e.line(QUICK, "INFO or BESTMOVE");
        if l.starts_with("BESTMOVE") {
            bestmove(&l);
            break;
        }
        let ok = predicates::str::is_match(
            r"^INFO (DEPTH \d+ SCORE -?\d+ PV ([0-9A-E][1-9A-F])+|NPS \d+)$",
        )
        .unwrap();
        assert!(ok.eval(&l), "{l}");
        saw_info = true;
    }
    assert!(saw_info);
}

#[test]
fn stop_while_idle_and_ponder_give_no_bestmove() {
    let mut e = agi();
    e.send("STOP");
    e.send("POSITION MOVES 78");
    e.send("GO PONDER");
    e.agi_thinking(QUICK);
    e.send("STOP");
    e.send("ISREADY");
    // Only INFO lines may precede READYOK: a ponder ends without BESTMOVE.
    assert_eq!(e.agi_reply(QUICK), "READYOK");
    e.silent(Duration::from_millis(200), |l| l.starts_with("INFO"));
}

#[test]
fn lower_case_keywords_and_search_restriction() {
    let mut e = agi();
    e.send("setrule unforbidden");
    e.send("position statu 7879 moves 88");
    e.send("go search 01EF time 10000");
    let m = bestmove(&e.agi_reply(QUICK));
    assert!(m == "01" || m == "EF", "{m}");
    e.send("isready");
    assert_eq!(e.line(QUICK, "READYOK"), "READYOK");
    e.send("quit");
    assert_eq!(e.line(QUICK, "BYE"), "BYE");
}

#[test]
fn black_never_takes_a_forbidden_point_by_default() {
    // Black 75 76 77 (a row) and 48 58 68 (a column) meet at 78, a double-four for black;
    // white's six stones are scattered on the top rows. Black to move.
    const POSITION: &str = "POSITION MOVES 750176037705482158236825";
    let mut e = agi();
    e.send(POSITION);
    e.send("GO SEARCH 78EF TIME 5000");
    assert_eq!(
        bestmove(&e.agi_reply(QUICK)),
        "EF",
        "78 is forbidden under the default rule"
    );
    // Without forbidden moves 78 makes two open fours and is the obvious choice.
    e.send("SETRULE UNFORBIDDEN");
    e.send(POSITION);
    e.send("GO SEARCH 78EF TIME 5000");
    assert_eq!(bestmove(&e.agi_reply(QUICK)), "78");
}

#[test]
fn quit_while_thinking_says_bye_and_exits() {
    let mut e = agi();
    e.send("POSITION MOVES 7879");
    e.send("GO INFINITE");
    e.agi_thinking(QUICK);
    e.send("QUIT");
    assert_eq!(e.agi_reply(QUICK), "BYE");
    let (status, took) = e.exit_within(QUICK);
    assert!(common::success(&status), "{status:?}");
    assert!(took < Duration::from_secs(1));
}

/// `BYE` is the engine's last line (agi-r86), also when `QUIT` comes as a search begins: the
/// search's own `INFO` lines come before it, and the process never ends in the middle of one
/// (arbiter fuzz once saw `INFO` after `BYE`, the last one cut off by the exit).
#[test]
fn bye_is_the_last_line_when_quit_interrupts_a_search() {
    for _ in 0..20 {
        let mut e = agi();
        e.send("POSITION MOVES 7879");
        e.send("GO INFINITE");
        e.send("QUIT");
        assert_eq!(e.agi_reply(QUICK), "BYE");
        let (status, _) = e.exit_within(QUICK);
        assert!(common::success(&status), "{status:?}");
        assert_eq!(e.rest(), Vec::<String>::new());
    }
}

/// A `STOP` belongs to the search the engine reads last: one that comes while the search it
/// stopped is still winding down, behind a held `POSITION` and `GO PONDER`, stops that new
/// ponder search, so the `GO` after it is answered (arbiter fuzz found the engine silent here).
#[test]
fn a_stop_behind_held_commands_stops_the_search_they_start() {
    let mut e = agi();
    e.send("POSITION MOVES 77");
    e.send_raw(
        b"GO PONDER\nSTOP\nISREADY\nPOSITION MOVES 7778\nGO PONDER\nSTOP\nISREADY\nGO TIME 300\n",
    );
    let mut readyok = 0;
    let m = loop {
        let line = e.agi_reply(QUICK);
        if line == "READYOK" {
            readyok += 1;
            continue;
        }
        break bestmove(&line);
    };
    assert_eq!(readyok, 2);
    assert!(m != "77" && m != "78", "{m}");
}
