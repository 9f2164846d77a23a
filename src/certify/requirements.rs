//! The requirement catalogue: every normative statement of the four texts, with its id and
//! level, embedded from `scenarios/requirements/*.tsv` (taken from the project's catalogue).

use serde::Serialize;

use crate::check::registry::Side;
use crate::protocol::{Protocol, ReqId};

/// How strongly a text states a requirement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The text requires it; a failing outcome fails the row.
    Must,
    /// The text recommends it (should); a failing outcome only warns on the row.
    Should,
    /// The text allows it (may); a failing outcome only warns on the row.
    May,
}

impl Level {
    /// The word the catalogue and every report write: `must`, `should`, `may`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Must => "must",
            Level::Should => "should",
            Level::May => "may",
        }
    }
}

/// How a harness can check a requirement, as the catalogue says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CheckKind {
    /// What a line looks like: its words and grammar.
    Format,
    /// What comes before what.
    Ordering,
    /// How soon a reply comes.
    Timing,
    /// Whether a move is legal.
    Legality,
    /// Position tracking: the harness's own board against the engine's moves.
    State,
    /// Outside what a harness driving the engine over stdio can observe.
    NotCheckable,
}

/// Whom a requirement binds: the engine (brain), the GUI (manager), or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Binds {
    /// The engine alone (`engine` or `brain` in the catalogue).
    Engine,
    /// The GUI alone (`gui` or `manager` in the catalogue).
    Gui,
    /// Engine and GUI alike.
    Both,
}

impl Binds {
    /// Reads the catalogue's word: `engine`/`brain`, `gui`/`manager`, `both`.
    fn from_word(word: &str) -> Option<Binds> {
        match word {
            "engine" | "brain" => Some(Binds::Engine),
            "gui" | "manager" => Some(Binds::Gui),
            "both" => Some(Binds::Both),
            _ => None,
        }
    }

    /// Whether it binds that side (alone or together with the other).
    pub fn binds(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Binds::Both, _) | (Binds::Engine, Side::Engine) | (Binds::Gui, Side::Gui)
        )
    }
}

/// One row of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Requirement {
    /// Its stable id, the protocol and a number: `ucci-r17`.
    pub id: ReqId,
    /// Which side the text holds to it.
    pub who: Binds,
    /// Whether the text requires, recommends or allows it.
    pub level: Level,
    /// What kind of observation can check it (`format`, `timing`, …, or `not-checkable`).
    pub check: CheckKind,
    /// What the text says, as the catalogue words it.
    pub statement: String,
}

impl Requirement {
    /// Binds the engine (alone or together with the GUI), so an engine can be graded on it.
    pub fn binds_engine(&self) -> bool {
        self.who.binds(Side::Engine)
    }

    /// Binds a side and can be observed over stdio: a row the library aims to exercise.
    pub fn checkable_on(&self, side: Side) -> bool {
        self.who.binds(side) && self.check != CheckKind::NotCheckable
    }

    /// Binds the engine and can be observed over stdio.
    pub fn checkable_on_engines(&self) -> bool {
        self.checkable_on(Side::Engine)
    }
}

/// The catalogue of one protocol, in id order.
pub fn catalogue(protocol: Protocol) -> Vec<Requirement> {
    protocol
        .descriptor()
        .catalogue
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|line| {
            let mut cells = line.splitn(5, '\t');
            let id = cells.next()?.parse().ok()?;
            let who = Binds::from_word(cells.next()?)?;
            let level = match cells.next()? {
                "must" => Level::Must,
                "should" => Level::Should,
                _ => Level::May,
            };
            let check = match cells.next()? {
                "format" => CheckKind::Format,
                "ordering" => CheckKind::Ordering,
                "timing" => CheckKind::Timing,
                "legality" => CheckKind::Legality,
                "state" => CheckKind::State,
                "not-checkable" => CheckKind::NotCheckable,
                _ => return None,
            };
            let statement = cells.next()?.to_owned();
            Some(Requirement {
                id,
                who,
                level,
                check,
                statement,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_written_as_the_json_writes_it() {
        for level in [Level::Must, Level::Should, Level::May] {
            assert_eq!(
                serde_json::to_value(level).unwrap(),
                serde_json::Value::from(level.as_str())
            );
        }
    }

    /// The checks sit below certification, so the agreement of their citations with the
    /// catalogue is tested here, where both are in view.
    #[test]
    fn every_requirement_a_check_cites_is_a_catalogue_row() {
        for protocol in Protocol::ALL {
            let rows = catalogue(protocol);
            for id in crate::check::registry::cited(protocol) {
                assert!(
                    rows.iter().any(|r| r.id == id),
                    "{id} is cited by a check but is not in the {protocol} catalogue"
                );
            }
        }
    }

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
                    .all(|r| r.id.protocol() == protocol && !r.statement.is_empty())
            );
        }
    }

    #[test]
    fn every_requirement_cited_by_a_builtin_scenario_exists() {
        let scenarios = crate::scenario::builtin().unwrap();
        for s in scenarios {
            let known: Vec<ReqId> = catalogue(s.protocol).into_iter().map(|r| r.id).collect();
            for id in s.all_cites() {
                assert!(known.contains(&id), "{} cites unknown {id}", s.name);
            }
        }
    }
}
