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

/// The names of the built-in scenarios (`ucci/handshake`), sorted.
pub fn builtin_names() -> Vec<&'static str> {
    FILES.iter().map(|(name, _)| *name).collect()
}

/// A built-in scenario by name.
pub fn builtin_named(name: &str) -> Option<Result<Scenario, ScenarioError>> {
    let (name, text) = FILES.iter().find(|(n, _)| *n == name)?;
    Some(parse(
        name,
        &format!("(built-in) scenarios/{name}.scenario"),
        text,
    ))
}

/// `; did you mean `ucci/quit`?` when a known name is close to `word`, else nothing.
pub fn suggest(word: &str, known: &[&str]) -> String {
    let nearest = known
        .iter()
        .map(|k| (strsim::damerau_levenshtein(word, k), *k))
        .filter(|(distance, k)| *distance <= 2.max(k.len() / 4))
        .min();
    match nearest {
        Some((_, k)) => format!("; did you mean `{k}`?"),
        None => String::new(),
    }
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
    use crate::req;

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

    #[test]
    fn near_names_are_suggested() {
        let known = builtin_names();
        assert_eq!(suggest("ucci/qiut", &known), "; did you mean `ucci/quit`?");
        assert_eq!(suggest("chess/everything", &known), "");
        assert!(builtin_named("uci/stop").is_none());
        assert!(builtin_named("ucci/stop").unwrap().is_ok());
    }

    /// Issue 40: a time bound fails a row only where the protocol text gives it, so every bound
    /// of every built-in scenario says where it comes from: `text: ID` (the row that gives it)
    /// or `harness` (the harness's own patience, which only warns or leaves a step not
    /// judged). The `timeout:` header bounds a hang and is always the harness's.
    #[test]
    fn every_bound_of_a_builtin_scenario_says_where_it_comes_from() {
        use crate::scenario::StepKind;
        let mut bounds = 0;
        let mut unsaid = Vec::new();
        for name in builtin_names() {
            let s = builtin_named(name)
                .unwrap()
                .unwrap_or_else(|e| panic!("{e}"));
            for step in &s.steps {
                let sources = match &step.kind {
                    StepKind::Expect(group) => group
                        .iter()
                        .filter(|e| e.within_ms.is_some())
                        .map(|e| (e.line, e.bound))
                        .collect(),
                    StepKind::Silent { .. } | StepKind::Absent { .. } | StepKind::Exit { .. } => {
                        vec![(step.line, step.bound)]
                    }
                    StepKind::Send(_) | StepKind::SendCut { .. } | StepKind::Wait { .. } => {
                        Vec::new()
                    }
                };
                for (line, bound) in sources {
                    bounds += 1;
                    if bound.is_none() {
                        unsaid.push(format!("scenarios/{name}.scenario:{line}"));
                    }
                }
            }
        }
        assert!(
            unsaid.is_empty(),
            "bounds without `harness` or `text: ID`:\n{}",
            unsaid.join("\n")
        );
        assert!(bounds > 400, "{bounds} bounds");
    }

    /// Issue 26 survey, H12 and H14: where the text gives no figure ("exit immediately") or a
    /// translation is stricter than the original ("must regularly" send nodes/nps/hashfull),
    /// a scenario step is `should`: a miss warns. Glaurung exits 1.04 s after `quit`; Sjaak II
    /// sends no `nps`.
    #[test]
    fn steps_without_a_figure_in_the_text_are_should() {
        use crate::protocol::Protocol;
        use crate::scenario::{Level, StepKind};
        let regularly = [req!("uci-r110"), req!("uci-r124"), req!("uci-r126")];
        let mut exits = 0;
        for protocol in Protocol::ALL {
            for s in builtin_for(protocol).unwrap_or_else(|e| panic!("{e}")) {
                for step in &s.steps {
                    match &step.kind {
                        StepKind::Exit { .. } => {
                            exits += 1;
                            assert_eq!(step.level, Level::Should, "{}", step.label);
                        }
                        StepKind::Expect(lines) => {
                            for e in lines {
                                if e.cites.iter().any(|r| regularly.contains(r)) {
                                    assert_eq!(e.level, Level::Should, "{}", e.label);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        assert!(exits > 30, "{exits} exit steps");
    }
}
