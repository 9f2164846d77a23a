//! A fixture GUI for Arbiter's own tests of the GUI side.
//!
//! `fixture_gui PROTOCOL [FAULT] -- ENGINE [ARGS…]` starts ENGINE (in the tests: `arbiter spy
//! … -- engine`) and plays a short scripted session with it the way a conforming GUI or
//! manager does; each FAULT breaks exactly one `must` row of the GUI side, so the tests can
//! show that each is caught by the right check. It waits for every reply a conforming GUI
//! waits for, with a deadline, and exits 0 when the script ran to its end (1 when the engine
//! did not answer in time, 2 on bad arguments). `fixture_gui uccileag -- ENGINE` plays a game
//! as the computer-xiangqi league's simulator does (`league.rs`); `fixture_gui gomocupmatch
//! [FAULT] -- BRAIN_A … --vs BRAIN_B …` plays a Gomocup match between two brains
//! (`gomocup_match.rs`).

mod engine_process;
mod family;
mod gomocup_match;
mod gomoku;
mod league;
mod script;

use script::{Script, Step};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(split) = args.iter().position(|a| a == "--") else {
        eprintln!("usage: fixture_gui PROTOCOL [FAULT] -- ENGINE [ARGS…]");
        std::process::exit(2);
    };
    let protocol = args.get(1).map(String::as_str).unwrap_or("");
    let fault = if split > 2 { args[2].as_str() } else { "none" };
    // The league simulator's game drives two engine processes of its own.
    if protocol == "uccileag" && split + 1 < args.len() {
        std::process::exit(league::play(&args[split + 1..]));
    }
    // A Gomocup match drives two brains: `--vs` parts their commands (each may hold a `--` of its own, as `arbiter spy` does).
    if protocol == "gomocupmatch" {
        let rest = &args[split + 1..];
        let Some(second) = rest.iter().position(|a| a == "--vs") else {
            eprintln!("usage: fixture_gui gomocupmatch [FAULT] -- BRAIN_A … --vs BRAIN_B …");
            std::process::exit(2);
        };
        std::process::exit(gomocup_match::play(
            fault,
            &rest[..second],
            &rest[second + 1..],
        ));
    }
    let script = match protocol {
        "uci" => family::uci(fault),
        "ucci" => family::ucci(fault),
        "gomocup" => gomoku::gomocup(fault),
        "agi" => gomoku::agi(fault),
        other => {
            eprintln!("unknown protocol `{other}`");
            std::process::exit(2);
        }
    };
    let Some(script) = script else {
        eprintln!("unknown fault `{fault}` for {protocol}");
        std::process::exit(2);
    };
    let engine = &args[split + 1..];
    if engine.is_empty() {
        eprintln!("no engine given after `--`");
        std::process::exit(2);
    }
    std::process::exit(script::play(&script, engine));
}

/// The steps of a script, each line ended with LF.
pub(crate) fn steps(steps: Vec<Step>) -> Option<Script> {
    Some(Script {
        steps,
        ending: "\n",
    })
}
