//! The UCI dialect end to end.

mod common;

use std::time::{Duration, Instant};

use arbiter_rules::Game;
use arbiter_rules::xiangqi::{Position, UciPosition};
use common::{Engine, assert_bestmove_legal, assert_pvs_legal, play_all};

#[test]
fn uci_handshake_go_stop_and_quit() {
    let mut engine = Engine::spawn();
    engine.send("uci");
    let (boot, _) = engine.until("uciok");
    assert!(boot.iter().any(|l| l.starts_with("id name ")));
    assert!(boot.iter().any(|l| l.starts_with("id author ")));
    assert!(
        boot.iter()
            .any(|l| l.starts_with("option name Hash type spin default "))
    );
    engine.send("setoption name Hash value 8");
    engine.send("setoption name Clear Hash");
    engine.send("isready");
    let (between, _) = engine.until("readyok");
    assert!(between.is_empty(), "options accepted silently: {between:?}");
    engine.send("ucinewgame");
    // UCI xiangqi moves number the ranks from 1: the central cannon opening (ICCS h2e2).
    engine.send("position startpos moves h3e3");
    let sent = Instant::now();
    engine.send("go wtime 1000 btime 1000 winc 0 binc 0");
    let (infos, best) = engine.until("bestmove");
    assert!(sent.elapsed() < Duration::from_millis(1000));
    let pos = play_all(&UciPosition::start_position(), &["h3e3"]);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &infos);
    assert!(
        infos
            .iter()
            .any(|l| l.contains(" score cp ") || l.contains(" score mate "))
    );

    engine.send("go movetime 300");
    let best = engine.expect("bestmove");
    assert_bestmove_legal(&pos, &best);

    engine.send("go infinite");
    engine.expect("info");
    engine.assert_silent("bestmove", Duration::from_millis(300));
    engine.send("stop");
    assert_bestmove_legal(&pos, &engine.expect("bestmove"));

    engine.send("frobnicate");
    assert!(engine.expect("info string").contains("unknown command"));
    engine.send("quit");
    assert_eq!(engine.wait_exit(Duration::from_secs(2)), Some(true));
    assert!(
        !engine.transcript.iter().any(|l| l == "bye"),
        "UCI quit has no reply"
    );
}

#[test]
fn uci_ponder_waits_for_ponderhit_and_mate_scores_show_as_mate() {
    let mut engine = Engine::spawn();
    engine.send("uci");
    engine.expect("uciok");
    let fen = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    engine.send("go ponder wtime 5000 btime 5000");
    let (infos, _) = engine.until("info");
    engine.assert_silent("bestmove", Duration::from_millis(500));
    engine.send("ponderhit");
    let (more, best) = engine.until("bestmove");
    assert!(
        infos
            .iter()
            .chain(&more)
            .any(|l| l.contains(" score mate 1 ")),
        "{infos:?} {more:?}"
    );
    assert_bestmove_legal(&UciPosition(Position::from_fen(fen).unwrap()), &best);
    // A dead position gets UCI's null move.
    engine.send("position fen R2k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1");
    engine.send("go depth 2");
    assert_eq!(engine.expect("bestmove"), "bestmove 0000");
}
