//! Before generating, one handshake with the engine: the options it offers are what the
//! model's `setoption` may set. An engine that cannot be started stops the fuzzing here.

use super::model::EngineOffer;
use crate::protocol::{Protocol, ucci, uci};
use crate::runner::{RunEnd, RunOptions, run_scenario};
use crate::scenario;
use crate::session::{Direction, EngineCommand};

pub fn offer(
    protocol: Protocol,
    engine: &EngineCommand,
    options: &RunOptions,
) -> Result<EngineOffer, String> {
    let handshake = match protocol {
        Protocol::Uci => "> uci\n< uciok (within 5000 ms)\n> quit\n",
        Protocol::Ucci => "> ucci\n< ucciok (within 5000 ms)\n> quit\n",
        // Gomocup and AGI options are fixed by their texts.
        Protocol::Gomocup | Protocol::Agi => return Ok(EngineOffer::default()),
    };
    let text = format!("protocol: {protocol}\ntitle: handshake probe\nspec: fuzz\n{handshake}");
    let scenario = scenario::parse("fuzz/probe", "fuzz probe", &text)
        .map_err(|e| format!("the handshake probe is malformed: {e}"))?;
    let run = run_scenario(&scenario, engine, options);
    if let RunEnd::HarnessError { error } = run.end {
        return Err(error);
    }
    let options = run
        .transcript
        .entries
        .iter()
        .filter(|e| e.direction == Direction::Received)
        .filter_map(|e| match protocol {
            Protocol::Uci => match uci::parse_message(&e.text) {
                Ok(uci::Message::Option(decl)) => Some(decl),
                _ => None,
            },
            _ => match ucci::parse_message(&e.text) {
                Ok(ucci::Message::Option(decl)) => Some(decl),
                _ => None,
            },
        })
        .collect();
    Ok(EngineOffer { options })
}
