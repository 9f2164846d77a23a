//! How a report names the engine it ran: the command line as the harness was given it.

use serde::Serialize;

use crate::session::EngineCommand;

/// How reports name the engine under test.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct EngineInfo {
    /// The engine's program as the harness was given it: a path, or a name looked up in `PATH`.
    pub program: String,
    /// The arguments it was started with, in order.
    pub args: Vec<String>,
}

impl EngineInfo {
    /// What the report says of `engine`.
    pub fn of(engine: &EngineCommand) -> EngineInfo {
        EngineInfo {
            program: engine.program.display().to_string(),
            args: engine.args.clone(),
        }
    }

    /// The command line, as one line (no trailing space when there are no arguments).
    pub fn command_line(&self) -> String {
        std::iter::once(self.program.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}
