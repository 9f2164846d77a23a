//! The requirement catalogue: every normative statement of the four texts, with its id and
//! level, embedded from `scenarios/requirements/*.tsv` (taken from the project's catalogue).

use serde::Serialize;

use crate::protocol::Protocol;

/// How strongly a text states a requirement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Must,
    Should,
    May,
}

/// One row of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Requirement {
    pub id: String,
    /// `engine`, `gui`/`manager`, or `both`.
    pub who: String,
    pub level: Level,
    pub statement: String,
}

impl Requirement {
    /// Binds the engine (alone or together with the GUI), so an engine can be graded on it.
    pub fn binds_engine(&self) -> bool {
        matches!(self.who.as_str(), "engine" | "brain" | "both")
    }
}

fn text(protocol: Protocol) -> &'static str {
    match protocol {
        Protocol::Ucci => include_str!("../../scenarios/requirements/ucci.tsv"),
        Protocol::Uci => include_str!("../../scenarios/requirements/uci.tsv"),
        Protocol::Gomocup => include_str!("../../scenarios/requirements/gomocup.tsv"),
        Protocol::Agi => include_str!("../../scenarios/requirements/agi.tsv"),
    }
}

/// The catalogue of one protocol, in id order.
pub fn catalogue(protocol: Protocol) -> Vec<Requirement> {
    text(protocol)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|line| {
            let mut cells = line.splitn(4, '\t');
            let id = cells.next()?.to_owned();
            let who = cells.next()?.to_owned();
            let level = match cells.next()? {
                "must" => Level::Must,
                "should" => Level::Should,
                _ => Level::May,
            };
            let statement = cells.next()?.to_owned();
            Some(Requirement {
                id,
                who,
                level,
                statement,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_is_complete_and_well_formed() {
        for (protocol, rows) in [
            (Protocol::Ucci, 140),
            (Protocol::Uci, 202),
            (Protocol::Gomocup, 138),
            (Protocol::Agi, 98),
        ] {
            let all = catalogue(protocol);
            assert_eq!(all.len(), rows, "{protocol}");
            assert!(
                all.iter()
                    .all(|r| r.id.starts_with(&format!("{protocol}-r")) && !r.statement.is_empty())
            );
        }
    }

    #[test]
    fn every_requirement_cited_by_a_builtin_scenario_exists() {
        let scenarios = crate::scenario::builtin().unwrap();
        for s in scenarios {
            let known: Vec<String> = catalogue(s.protocol).into_iter().map(|r| r.id).collect();
            for id in s.all_cites() {
                assert!(known.contains(id), "{} cites unknown {id}", s.name);
            }
        }
    }
}
