//! UCCI end to end: the binary driven over stdin/stdout, every wait bounded. The worked ponder
//! example of the UCCI text is here too, so that its two long searches overlap the other tests.

mod common;

use std::time::{Duration, Instant};

use arbiter_rules::xiangqi::{Position, START_FEN};
use assert_cmd::Command;
use common::{Engine, assert_bestmove_legal, assert_pvs_legal, bestmove_parts, play_all};
use predicates::prelude::*;

const MS: fn(u64) -> Duration = Duration::from_millis;

#[test]
fn handshake_lists_ids_and_options_then_ucciok_and_quit_says_bye() {
    let mut engine = Engine::spawn();
    engine.send("ucci");
    let (before, _) = engine.until("ucciok");
    assert!(
        before[0].starts_with("id name arbiter-xiangqi"),
        "{before:?}"
    );
    for option in [
        "option usemillisec type check default false",
        "option hashsize type spin min 0 max 1024 default 16",
        "option newgame type button",
        "option usebook type check default true",
        "option useegtb type check default true",
    ] {
        assert!(
            before.iter().any(|l| l == option),
            "{option} missing: {before:?}"
        );
    }
    // id lines come before option lines.
    let last_id = before.iter().rposition(|l| l.starts_with("id ")).unwrap();
    let first_option = before
        .iter()
        .position(|l| l.starts_with("option "))
        .unwrap();
    assert!(last_id < first_option);
    engine.send("isready");
    engine.expect("readyok");
    engine.send("quit");
    engine.expect("bye");
    assert_eq!(
        engine.wait_exit(MS(2000)),
        Some(true),
        "exits at once after bye"
    );
}

#[test]
fn isready_is_answered_while_thinking_and_stop_ends_the_search() {
    let mut engine = Engine::ucci();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.expect("info");
    let sent = Instant::now();
    engine.send("isready");
    let (before, _) = engine.until("readyok");
    assert!(sent.elapsed() < MS(500));
    assert!(!before.iter().any(|l| l.starts_with("bestmove")));
    engine.assert_silent("bestmove", MS(300));
    engine.send("stop");
    let (infos, best) = engine.until("bestmove");
    assert_bestmove_legal(&Position::startpos(), &best);
    assert_pvs_legal(&Position::startpos(), &infos);
    engine.send("isready");
    let (between, _) = engine.until("readyok");
    assert!(
        between.iter().all(|l| !l.starts_with("bestmove")),
        "one reply: {between:?}"
    );
}

#[test]
fn a_finished_ponder_search_waits_for_ponderhit() {
    let mut engine = Engine::ucci();
    // A mate in one: the search is over at once, but the answer must wait for ponderhit.
    let fen = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    engine.send("go ponder time 10000 increment 0");
    engine.assert_silent("bestmove", MS(600));
    engine.send("ponderhit");
    let (_, best) = engine
        .until_within("bestmove", MS(2000))
        .expect("bestmove after ponderhit");
    let pos = Position::from_fen(fen).unwrap();
    assert_bestmove_legal(&pos, &best);
    let after = play_all(&pos, &[&bestmove_parts(&best).0]);
    assert!(after.legal_moves().is_empty(), "plays the mate: {best}");
}

#[test]
fn the_clock_starts_at_ponderhit() {
    let mut engine = Engine::ucci();
    engine.send("position startpos moves h2e2 h7e7");
    // One second for one move: pondering far longer must not use it up.
    engine.send("go ponder time 1000 movestogo 1");
    engine.assert_silent("bestmove", MS(1500));
    let hit = Instant::now();
    engine.send("ponderhit");
    let (_, best) = engine.until("bestmove");
    assert!(
        hit.elapsed() < MS(1000),
        "answered {:?} after ponderhit",
        hit.elapsed()
    );
    assert!(hit.elapsed() > MS(100), "used its time after ponderhit");
    assert_bestmove_legal(&play_all(&Position::startpos(), &["h2e2", "h7e7"]), &best);
}

#[test]
fn ponder_miss_stop_gives_exactly_one_bestmove() {
    let mut engine = Engine::ucci();
    engine.send("position startpos moves b0c2 b9c7");
    engine.send("go ponder time 60000 increment 0");
    engine.assert_silent("bestmove", MS(300));
    engine.send("stop");
    let (_, best) = engine.until("bestmove");
    assert_bestmove_legal(&play_all(&Position::startpos(), &["b0c2", "b9c7"]), &best);
    engine.send("isready");
    let (between, _) = engine.until("readyok");
    assert!(between.iter().all(|l| !l.starts_with("bestmove")));
}

#[test]
fn banned_moves_are_never_played() {
    let mut engine = Engine::ucci();
    let start = Position::startpos();
    let all: Vec<String> = start
        .legal_moves()
        .as_slice()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let banned: Vec<&str> = all
        .iter()
        .map(String::as_str)
        .filter(|m| *m != "h0i2")
        .collect();
    engine.send("position startpos");
    engine.send(&format!("banmoves {}", banned.join(" ")));
    engine.send("go depth 4");
    let (infos, best) = engine.until("bestmove");
    assert_eq!(bestmove_parts(&best).0, "h0i2", "the only move not banned");
    assert_pvs_legal(&start, &infos);
    // Banning everything leaves nothing to play.
    engine.send("position startpos");
    engine.send(&format!("banmoves {}", all.join(" ")));
    engine.send("go depth 2");
    engine.expect("nobestmove");
    // A new position lifts the bans.
    engine.send("position startpos");
    engine.send("go depth 1");
    assert_bestmove_legal(&start, &engine.expect("bestmove"));
}

#[test]
fn depth_zero_and_dead_positions_give_nobestmove() {
    let mut engine = Engine::ucci();
    engine.send("position startpos");
    engine.send("go depth 0");
    let (before, _) = engine.until("nobestmove");
    assert!(before.iter().all(|l| !l.starts_with("bestmove")));
    // Black is checkmated.
    engine.send("position fen R2k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1");
    engine.send("go time 1000 increment 0");
    engine.expect("nobestmove");
    // Black has no legal move without being in check: also dead in xiangqi.
    engine.send("position fen 3k5/1R7/9/9/9/9/9/9/9/R3K4 b - - 0 1");
    engine.send("go depth 3");
    engine.expect("nobestmove");
}

#[test]
fn probe_answers_pophash_from_the_hash_table() {
    let mut engine = Engine::ucci();
    engine.send("probe startpos");
    assert_eq!(engine.expect("pophash"), "pophash", "empty table");
    engine.send("position startpos");
    engine.send("go depth 5");
    let best = bestmove_parts(&engine.expect("bestmove")).0;
    engine.send(&format!("probe fen {START_FEN}"));
    let reply = engine.expect("pophash");
    assert!(
        reply.starts_with(&format!("pophash bestmove {best} lowerbound ")),
        "{reply}"
    );
    assert!(reply.contains(" depth "), "{reply}");
    // While thinking too.
    engine.send("go infinite");
    engine.expect("info");
    engine.send("probe startpos moves h2e2");
    engine.expect("pophash");
    engine.send("stop");
    engine.expect("bestmove");
}

#[test]
fn timed_searches_answer_in_time() {
    let mut engine = Engine::ucci();
    for (go, limit) in [
        ("go time 400 movestogo 1", 400),
        ("go time 1000 increment 0", 1000),
        ("go time 150 increment 100", 150),
        (
            "go draw time 300 movestogo 3 opptime 300 oppmovestogo 3",
            300,
        ),
    ] {
        engine.send("position startpos moves h2e2 h7e7 h0g2");
        let sent = Instant::now();
        engine.send(go);
        let (infos, best) = engine.until("bestmove");
        assert!(sent.elapsed() < MS(limit), "{go}: {:?}", sent.elapsed());
        let pos = play_all(&Position::startpos(), &["h2e2", "h7e7", "h0g2"]);
        assert_bestmove_legal(&pos, &best);
        assert_pvs_legal(&pos, &infos);
        assert!(
            infos
                .iter()
                .any(|l| l.starts_with("info time ") && l.contains(" nodes "))
        );
    }
}

#[test]
fn times_are_seconds_without_usemillisec() {
    let mut engine = Engine::spawn();
    engine.send("ucci");
    engine.expect("ucciok");
    engine.send("position startpos");
    let sent = Instant::now();
    // 1 second for one move: far more than 1 ms, far less than the test's patience.
    engine.send("go time 1 movestogo 1");
    engine.expect("bestmove");
    assert!(sent.elapsed() > MS(300), "took seconds as milliseconds");
    assert!(sent.elapsed() < MS(1000));
}

#[test]
fn draws_and_resignation_follow_the_documented_rules() {
    let mut engine = Engine::ucci();
    // Black, a lone king against two rooks, accepts a draw offer.
    engine.send("position fen 3k5/9/9/9/9/9/9/9/9/RR2K4 b - - 0 1");
    engine.send("go draw depth 3");
    assert!(engine.expect("bestmove").ends_with(" draw"));
    // Red, two rooks up, declines one.
    engine.send("position fen 3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1");
    engine.send("go draw depth 3");
    let line = engine.expect("bestmove");
    assert!(
        !line.ends_with(" draw") && !line.ends_with(" resign"),
        "{line}"
    );
    // Bare kings: neither side can win, so an offered draw is accepted at level score.
    engine.send("position fen 3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1");
    engine.send("go draw depth 3");
    assert!(engine.expect("bestmove").ends_with(" draw"));
    // Black is mated next move whatever it does: it resigns (with a legal move).
    let fen = "3k5/1R7/9/8p/9/9/9/9/9/R3K4 b - - 0 1";
    engine.send(&format!("position fen {fen}"));
    engine.send("go depth 4");
    let line = engine.expect("bestmove");
    assert!(line.ends_with(" resign"), "{line}");
    assert_bestmove_legal(&Position::from_fen(fen).unwrap(), &line);
}

#[test]
fn bad_input_is_reported_and_the_engine_keeps_answering() {
    let mut engine = Engine::ucci();
    engine.send("position startpos moves h2e2");
    // A malformed FEN keeps the previous position.
    engine.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p w");
    assert!(engine.expect("info message").contains("FEN"));
    engine.send("go depth 2");
    assert_bestmove_legal(
        &play_all(&Position::startpos(), &["h2e2"]),
        &engine.expect("bestmove"),
    );
    // An illegal move keeps the position after the last legal one (black to move after h2e2).
    engine.send("position startpos moves h2e2 a0a1 h7e7");
    assert!(engine.expect("info message").contains("move 2"));
    engine.send("go depth 2");
    assert_bestmove_legal(
        &play_all(&Position::startpos(), &["h2e2"]),
        &engine.expect("bestmove"),
    );
    // Unknown commands, garbage bytes, CR-only line ends, tabs, a huge line.
    engine.send("xyzzy");
    assert!(engine.expect("info message").contains("unknown command"));
    engine.send_bytes(b"\xff\xfe\x00garbage\rposition\t startpos   moves  h2e2\r\n");
    engine.expect("info message");
    engine.send_bytes(&vec![b'a'; 1_100_000]);
    engine.send("");
    assert!(engine.expect("info message").contains("bytes"));
    engine.send("go depth 1 banana");
    assert!(engine.expect("info message").contains("banana"));
    assert_bestmove_legal(
        &play_all(&Position::startpos(), &["h2e2"]),
        &engine.expect("bestmove"),
    );
    engine.send("setoption hashsize lots");
    engine.expect("info message");
    engine.send("isready");
    engine.expect("readyok");
}

#[test]
fn end_of_input_finishes_a_bounded_search_then_exits() {
    Command::cargo_bin("arbiter-xiangqi")
        .unwrap()
        .write_stdin("ucci\nposition startpos\ngo depth 3\n")
        .timeout(Duration::from_secs(20))
        .assert()
        .success()
        .stdout(
            predicate::str::contains("ucciok")
                .and(predicate::str::is_match("(?m)^bestmove [a-i][0-9][a-i][0-9]").unwrap()),
        );
}

#[test]
fn quit_while_thinking_answers_then_says_bye() {
    let mut engine = Engine::ucci();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.expect("info");
    engine.send("quit");
    let (before, _) = engine.until("bye");
    assert_eq!(
        before.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    assert_eq!(engine.wait_exit(MS(2000)), Some(true));
}

/// The worked ponder example of the UCCI text (ucci-commands-ponder-example.zh.txt, section 6),
/// replayed command for command; the engine's replies must have the example's shapes and be legal.

#[test]
fn worked_ponder_example() {
    let mut engine = Engine::spawn();
    // ucci → id name …, option usemillisec …, option usebook …, ucciok
    engine.send("ucci");
    let (boot, _) = engine.until("ucciok");
    assert!(boot[0].starts_with("id name "));
    assert!(
        boot.iter()
            .any(|l| l.starts_with("option usemillisec type check default "))
    );
    assert!(
        boot.iter()
            .any(|l| l.starts_with("option usebook type check default "))
    );
    engine.send("setoption usemillisec true");
    engine.send("setoption usebook false");
    engine.send(&format!("position fen {START_FEN}"));
    // Five minutes for the whole game.
    let sent = Instant::now();
    engine.send("go time 300000 increment 0");
    let (infos, best) = engine.until("bestmove");
    let used = sent.elapsed();
    assert!(
        used < Duration::from_secs(30),
        "a sensible share of 5 minutes: {used:?}"
    );
    let start = Position::startpos();
    assert!(
        infos
            .iter()
            .any(|l| l.starts_with("info depth ") && l.contains(" score ") && l.contains(" pv "))
    );
    assert!(
        infos
            .iter()
            .any(|l| l.starts_with("info time ") && l.contains(" nodes "))
    );
    assert_pvs_legal(&start, &infos);
    assert_bestmove_legal(&start, &best);
    let (first, guess) = bestmove_parts(&best);
    let guess = guess.expect("bestmove … ponder …, as in the example");

    // The GUI sets up the guessed position and lets the engine ponder with 295 s left.
    let remaining = 300_000u128.saturating_sub(used.as_millis());
    engine.send(&format!("position fen {START_FEN} moves {first} {guess}"));
    engine.send(&format!("go ponder time {remaining} increment 0"));
    let pondered = play_all(&start, &[&first, &guess]);
    let (_, info) = engine.until("info");
    assert_pvs_legal(&pondered, &[info]);
    engine.assert_silent("bestmove", Duration::from_millis(1500));

    // The user plays the guessed move: ponderhit, then the engine finishes on its clock.
    engine.send("ponderhit");
    let (infos, best) = engine.until("bestmove");
    assert!(
        infos
            .iter()
            .any(|l| l.starts_with("info time ") && l.contains(" nodes "))
    );
    assert_pvs_legal(&pondered, &infos);
    assert_bestmove_legal(&pondered, &best);
    engine.send("quit");
    engine.expect("bye");
}
