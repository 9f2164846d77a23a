//! Before generating, one handshake with the engine: the options it offers are what the
//! model's `setoption` may set. An engine that cannot be started stops the fuzzing here.

use super::model::EngineOffer;
use crate::protocol::family::OptionDecl;
use crate::protocol::{Exchange, Protocol};
use crate::runner::{RunEnd, RunOptions, run_scenario};
use crate::scenario;
use crate::session::{Direction, EngineCommand};

/// The options the engine declares in its handshake, each read from its line by `declared`.
pub(super) fn offer(
    protocol: Protocol,
    engine: &EngineCommand,
    options: &RunOptions,
    declared: fn(&str) -> Option<OptionDecl>,
) -> Result<EngineOffer, String> {
    let facts = protocol.facts();
    let Some(Exchange {
        command,
        reply: Some(reply),
    }) = facts.handshake
    else {
        return Ok(EngineOffer::default());
    };
    let quit = facts.quit.command;
    let handshake = format!("> {command}\n< {reply} (within 5000 ms)\n> {quit}\n");
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
        .filter_map(|e| declared(&e.text))
        .collect();
    Ok(EngineOffer { options })
}
