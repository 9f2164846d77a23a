//! Properties over random legal positions: every answer is one legal move (or `nobestmove` when
//! there is none), every pv is a legal line, timed searches answer in time, and `stop` at any
//! moment gives exactly one legal answer. One engine process serves all cases of a property.

mod common;

use std::cell::RefCell;
use std::time::{Duration, Instant};

use arbiter_rules::xiangqi::Position;
use common::{Engine, assert_bestmove_legal, assert_pvs_legal};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// How late this process's own timers fire while a search runs: a thread sleeping a
/// millisecond at a time records its worst overshoot until it is asked.
struct Lateness {
    worst_us: std::sync::Arc<std::sync::atomic::AtomicU64>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Lateness {
    fn watch() -> Lateness {
        use std::sync::atomic::Ordering;
        let worst_us = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let thread = std::thread::spawn({
            let (worst_us, stop) = (worst_us.clone(), stop.clone());
            move || {
                while !stop.load(Ordering::Relaxed) {
                    let asked = Duration::from_millis(1);
                    let start = Instant::now();
                    std::thread::sleep(asked);
                    let over = start.elapsed().saturating_sub(asked).as_micros() as u64;
                    worst_us.fetch_max(over, Ordering::Relaxed);
                }
            }
        });
        Lateness {
            worst_us,
            stop,
            thread: Some(thread),
        }
    }

    /// The worst overshoot seen so far; the watch ends.
    fn worst(mut self) -> Duration {
        use std::sync::atomic::Ordering;
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        Duration::from_micros(self.worst_us.load(Ordering::Relaxed))
    }
}

impl Drop for Lateness {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A game of random legal moves from the start: each choice picks among the legal moves.
fn random_game(choices: &[u16]) -> (Position, Vec<String>) {
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    for &choice in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal.as_slice()[choice as usize % legal.len()];
        moves.push(mv.to_string());
        pos.play(mv);
    }
    (pos, moves)
}

/// Sends the position, in the `startpos … moves` form or as a bare FEN.
fn set_position(engine: &mut Engine, pos: &Position, moves: &[String], as_fen: bool) {
    if as_fen {
        engine.send(&format!("position fen {}", pos.fen()));
    } else {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
    }
}

/// Reads the search's answer and checks it against the rules.
fn check_answer(engine: &mut Engine, pos: &Position) -> Result<(), TestCaseError> {
    let (infos, answer) = engine
        .until_answer()
        .ok_or_else(|| TestCaseError::fail(format!("no answer: {:#?}", engine.transcript)))?;
    assert_pvs_legal(pos, &infos);
    if pos.legal_moves().is_empty() {
        prop_assert_eq!(answer, "nobestmove");
    } else {
        assert_bestmove_legal(pos, &answer);
    }
    Ok(())
}

#[test]
fn fixed_depth_answers_are_legal_from_random_positions() {
    let engine = RefCell::new(Engine::ucci());
    let mut runner = TestRunner::new(Config::with_cases(40));
    let strategy = (
        prop::collection::vec(any::<u16>(), 0..80),
        1u32..=3,
        any::<bool>(),
    );
    runner
        .run(&strategy, |(choices, depth, as_fen)| {
            let (pos, moves) = random_game(&choices);
            let mut engine = engine.borrow_mut();
            set_position(&mut engine, &pos, &moves, as_fen);
            engine.send(&format!("go depth {depth}"));
            check_answer(&mut engine, &pos)
        })
        .unwrap();
}

#[test]
fn short_timed_answers_are_legal_and_in_time() {
    let engine = RefCell::new(Engine::ucci());
    let mut runner = TestRunner::new(Config::with_cases(16));
    let strategy = (prop::collection::vec(any::<u16>(), 0..80), 60u64..250);
    runner
        .run(&strategy, |(choices, millis)| {
            let (pos, moves) = random_game(&choices);
            let mut engine = engine.borrow_mut();
            set_position(&mut engine, &pos, &moves, false);
            let lateness = Lateness::watch();
            let sent = Instant::now();
            engine.send(&format!("go time {millis} movestogo 1"));
            check_answer(&mut engine, &pos)?;
            let used = sent.elapsed();
            // The engine keeps a margin for its own reply; a machine too busy to run it on
            // time (this test's own timer shows how busy) is not the engine's fault.
            let late = lateness.worst();
            prop_assert!(
                used < Duration::from_millis(millis) + late,
                "{used:?} for {millis} ms (the test's own timer late by up to {late:?})"
            );
            Ok(())
        })
        .unwrap();
}

#[test]
fn stop_at_any_moment_gives_exactly_one_legal_answer() {
    let engine = RefCell::new(Engine::ucci());
    let mut runner = TestRunner::new(Config::with_cases(20));
    let strategy = (
        prop::collection::vec(any::<u16>(), 0..80),
        0u64..40,
        any::<bool>(),
    );
    runner
        .run(&strategy, |(choices, wait, ponder)| {
            let (pos, moves) = random_game(&choices);
            let mut engine = engine.borrow_mut();
            set_position(&mut engine, &pos, &moves, true);
            engine.send(if ponder {
                "go ponder time 60000 increment 0"
            } else {
                "go infinite"
            });
            std::thread::sleep(Duration::from_millis(wait));
            engine.send("stop");
            check_answer(&mut engine, &pos)?;
            engine.send("isready");
            let (between, _) = engine.until("readyok");
            prop_assert!(
                between
                    .iter()
                    .all(|l| !l.starts_with("bestmove") && l != "nobestmove"),
                "a second answer: {:?}",
                between
            );
            Ok(())
        })
        .unwrap();
}
