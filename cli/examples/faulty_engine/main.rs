//! A deliberately faulty engine for Arbiter's own tests.
//!
//! `faulty_engine PROTOCOL [FAULT [MOVE…]]` speaks UCCI, UCI, Gomocup or AGI (PROTOCOL: `ucci`,
//! `uci`, `gomocup`, `agi`; `uci-xiangqi` is UCI playing xiangqi, as Fairy-Stockfish and
//! Pikafish do) just well enough to pass the built-in checks, and each FAULT breaks exactly
//! one rule, so the tests can show that each misbehaviour is caught by the right check. It plays
//! the first legal move in sorted order; it is a test fixture, not a player.

mod agi;
mod elephanteye;
mod fault;
mod gomocup;
mod input;
mod notation;
mod output;
mod search;
mod uci_plan;

use arbiter_rules::chess::ChessPosition;
use arbiter_rules::xiangqi::{Position, UciPosition};

use fault::Fault;
use output::Out;
use search::Dialect;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let protocol = args.get(1).map(String::as_str).unwrap_or("ucci");
    let fault_name = args.get(2).map(String::as_str).unwrap_or("none");
    let Some(fault) = Fault::parse(fault_name) else {
        let known: Vec<&str> = Fault::names().collect();
        eprintln!("unknown fault `{fault_name}`; known: {}", known.join(", "));
        std::process::exit(2);
    };
    // The moves of the `scripted` fault.
    let script = args.get(3..).unwrap_or_default();
    let out = Out::new(fault);
    match protocol {
        "ucci" => search::run::<Position>(Dialect::Ucci, &out),
        "uci" => search::run::<ChessPosition>(Dialect::Uci, &out),
        "uci-xiangqi" => search::run::<UciPosition>(Dialect::Uci, &out),
        "gomocup" => gomocup::run(&out, script),
        "agi" => agi::run(&out, script),
        other => {
            eprintln!("unknown protocol `{other}`");
            std::process::exit(2);
        }
    }
}
