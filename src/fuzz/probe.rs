//! Before generating, one handshake with the engine: the options it offers are what the
//! model's `setoption` may set (UCI, UCCI), the features it declares what the model may ask
//! of it (AGI background thinking). An engine that cannot be started stops the fuzzing here.

use super::model::EngineOffer;
use super::{FuzzError, HarnessBug};
use crate::protocol::family::OptionDecl;
use crate::protocol::{Exchange, Protocol};
use crate::report::RunEnd;
use crate::runner::{RunOptions, run_scenario};
use crate::scenario::{BuildError, Modifiers, Scenario, ScenarioBuilder};
use crate::session::{Direction, EngineCommand};

/// The options the engine declares in its handshake, each read from its line by `declared`.
pub(super) fn offer(
    protocol: Protocol,
    engine: &EngineCommand,
    options: &RunOptions,
    declared: fn(&str) -> Option<OptionDecl>,
) -> Result<EngineOffer, FuzzError> {
    let options = handshake(protocol, engine, options)?
        .iter()
        .filter_map(|line| declared(line))
        .collect();
    Ok(EngineOffer { options })
}

/// The lines the engine wrote in answer to the protocol's opening command (none for a
/// protocol without one).
pub(super) fn handshake(
    protocol: Protocol,
    engine: &EngineCommand,
    options: &RunOptions,
) -> Result<Vec<String>, FuzzError> {
    let facts = protocol.facts();
    let Some(Exchange {
        command,
        reply: Some(reply),
    }) = facts.handshake
    else {
        return Ok(Vec::new());
    };
    let quit = facts.quit.command;
    let built = probe(protocol, command, reply, quit);
    let scenario = built.map_err(|source| HarnessBug::Scenario {
        source,
        // Printed for the error only: the file whose lines the error names.
        text: format!(
            "protocol: {protocol}\ntitle: handshake probe\nspec: fuzz\n\
             > {command}\n< {reply} (within 5000 ms)\n> {quit}\n"
        ),
    })?;
    let run = run_scenario(&scenario, engine, options);
    if let RunEnd::HarnessError { error } = run.end {
        return Err(FuzzError::Engine { reason: error });
    }
    Ok(run
        .transcript
        .entries
        .iter()
        .filter(|e| e.direction == Direction::Received)
        .map(|e| e.text.clone())
        .collect())
}

/// The probe: the opening command, its reply within five seconds, and the quit, at the lines
/// a file of three headers would give them.
fn probe(
    protocol: Protocol,
    command: &str,
    reply: &str,
    quit: &str,
) -> Result<Scenario, BuildError> {
    let mut probe = ScenarioBuilder::new("fuzz/probe", protocol, "handshake probe", "fuzz");
    probe.send(4, command)?;
    let within = Modifiers {
        within_ms: Some(5000),
        ..Modifiers::default()
    };
    probe.expect(5, reply, within)?;
    probe.send(6, quit)?;
    probe.finish()
}
