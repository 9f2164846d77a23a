//! The scenarios shipped inside the binary (from `scenarios/`, embedded by `build.rs`).

use super::{Scenario, ScenarioError, parse};
use crate::protocol::Protocol;

include!(concat!(env!("OUT_DIR"), "/builtin_scenarios.rs"));

/// Every built-in scenario, parsed.
pub fn builtin() -> Result<Vec<Scenario>, ScenarioError> {
    FILES
        .iter()
        .map(|(name, text)| parse(name, &format!("(built-in) scenarios/{name}.scenario"), text))
        .collect()
}

/// The built-in scenarios of one protocol.
pub fn builtin_for(protocol: Protocol) -> Result<Vec<Scenario>, ScenarioError> {
    Ok(builtin()?
        .into_iter()
        .filter(|s| s.protocol == protocol)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_scenario_parses_and_sits_in_its_protocol_folder() {
        let all = builtin().unwrap_or_else(|e| panic!("{e}"));
        assert!(!all.is_empty());
        for s in all {
            let folder = s.name.split('/').next().unwrap();
            assert_eq!(
                folder,
                s.protocol.to_string(),
                "{} is in the wrong folder",
                s.name
            );
            assert!(!s.spec.is_empty());
        }
    }
}
