//! The state × command matrix: for each protocol, the states its text defines, the commands a
//! GUI may send in each (with the rows that say so), and how often the cases sent each command
//! in each state. Generation reads the counts so far to favour pairs not yet exercised; the
//! report shows the matrix, so a run says what it tried and what it never reached.

use std::collections::BTreeMap;
use std::fmt;

use proptest::prelude::*;
use proptest::strategy::Union;
use serde::{Deserialize, Serialize};

use crate::protocol::ReqId;

/// A state a protocol's text defines (the GUI's view of it: a bounded search the engine has
/// already finished is still `searching` until its result is read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct StateName(pub &'static str);

/// A command a GUI sends, or a transition that sends nothing (a wait, reading a result).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct CommandName(pub &'static str);

impl fmt::Display for StateName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Display for CommandName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// One (state, command) pair of a case.
pub(crate) type Pair = (StateName, CommandName);

/// A pair the text lets a GUI take, with the rows (or the catalogue's state model) it rests on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct AllowedPair {
    pub state: StateName,
    pub command: CommandName,
    pub cites: &'static [ReqId],
}

/// A protocol's table: its states and commands in reading order, the pairs its text allows,
/// and the answers it lets an engine give to the commands it may accept or refuse.
#[derive(Debug)]
pub(crate) struct Table {
    pub states: &'static [StateName],
    pub commands: &'static [CommandName],
    pub allowed: &'static [AllowedPair],
    /// Each command an engine may accept or refuse, with the answers the text lets it give (the
    /// first the acceptance): every allowed pair of the command has a (state, command, answer)
    /// triple for each.
    pub answers: &'static [(CommandName, &'static [&'static str])],
}

impl AllowedPair {
    pub(crate) const fn new(
        state: StateName,
        command: CommandName,
        cites: &'static [ReqId],
    ) -> Self {
        AllowedPair {
            state,
            command,
            cites,
        }
    }
}

impl Table {
    #[cfg(test)]
    pub(crate) fn allows(&self, state: StateName, command: CommandName) -> bool {
        self.allowed
            .iter()
            .any(|p| p.state == state && p.command == command)
    }
}

/// How often each pair was exercised, and each answer the engine gave there.
#[derive(Debug, Clone, Default)]
pub(crate) struct Counts {
    pairs: BTreeMap<Pair, u32>,
    answers: BTreeMap<(Pair, String), u32>,
}

impl Counts {
    pub(crate) fn add(&mut self, pair: Pair) {
        *self.pairs.entry(pair).or_default() += 1;
    }

    /// The engine answered `answer` to the pair's command.
    pub(crate) fn add_answer(&mut self, pair: Pair, answer: &str) {
        *self.answers.entry((pair, answer.to_owned())).or_default() += 1;
    }

    pub(crate) fn get(&self, pair: Pair) -> u32 {
        self.pairs.get(&pair).copied().unwrap_or(0)
    }

    fn answered(&self, pair: Pair, answer: &str) -> u32 {
        self.answers
            .get(&(pair, answer.to_owned()))
            .copied()
            .unwrap_or(0)
    }

    /// How much more likely an action is drawn when its pair has not been generated yet: enough
    /// that a rare state's rare command comes within a few hundred cases, little enough that
    /// common sequences stay common.
    pub(crate) fn weight(&self, pair: Pair, base: u32) -> u32 {
        if self.get(pair) == 0 { base * 8 } else { base }
    }

    /// One of `candidates` (each a command, its base weight and the strategy of its actions),
    /// drawn in `state` with the commands whose pair is not drawn yet weighted up.
    pub(crate) fn favouring_undrawn<A: std::fmt::Debug + 'static>(
        &self,
        state: StateName,
        candidates: Vec<(CommandName, u32, BoxedStrategy<A>)>,
    ) -> BoxedStrategy<A> {
        let weighted: Vec<(u32, BoxedStrategy<A>)> = candidates
            .into_iter()
            .map(|(command, base, strategy)| (self.weight((state, command), base), strategy))
            .collect();
        Union::new_weighted(weighted).boxed()
    }

    /// The matrix as the report gives it.
    pub(crate) fn matrix(&self, table: &Table) -> Matrix {
        let mut cells = Vec::new();
        for &state in table.states {
            for &command in table.commands {
                let allowed = table
                    .allowed
                    .iter()
                    .find(|p| p.state == state && p.command == command);
                let count = self.get((state, command));
                if allowed.is_none() && count == 0 {
                    continue;
                }
                // The answers the text lets the engine give, then any other it gave.
                let mut answers: Vec<Answered> = table
                    .answers
                    .iter()
                    .filter(|(c, _)| *c == command && allowed.is_some())
                    .flat_map(|(_, answers)| answers.iter())
                    .map(|&answer| Answered {
                        answer: answer.to_owned(),
                        count: self.answered((state, command), answer),
                    })
                    .collect();
                for ((pair, answer), &count) in &self.answers {
                    if *pair == (state, command) && !answers.iter().any(|a| a.answer == *answer) {
                        answers.push(Answered {
                            answer: answer.clone(),
                            count,
                        });
                    }
                }
                cells.push(Cell {
                    state: state.0.to_owned(),
                    command: command.0.to_owned(),
                    allowed: allowed.is_some(),
                    cites: allowed.map(|p| p.cites.to_vec()).unwrap_or_default(),
                    count,
                    answers,
                });
            }
        }
        Matrix {
            states: table.states.iter().map(|s| s.0.to_owned()).collect(),
            commands: table.commands.iter().map(|c| c.0.to_owned()).collect(),
            cells,
        }
    }
}

/// The matrix in the report: every allowed pair, and any other pair a case exercised (which only
/// `--robustness` does).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Matrix {
    /// The states of the GUI model, as the rows.
    pub states: Vec<String>,
    /// The commands of the GUI model, as the columns.
    pub commands: Vec<String>,
    /// Every allowed pair, and any other pair a case sent.
    pub cells: Vec<Cell>,
}

/// One (state, command) pair of the matrix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// The model's state.
    pub state: String,
    /// The command sent in it.
    pub command: String,
    /// The text lets a GUI send the command in the state.
    pub allowed: bool,
    /// The requirement rows that allow the command in the state.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cites: Vec<ReqId>,
    /// How many times the cases sent it there (shrinking runs and replays aside).
    pub count: u32,
    /// For a command the engine may accept or refuse: how often each answer the text lets it
    /// give came there (each (state, command, answer) triple), and any other answer that came.
    /// Absent from reports written before answers were counted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<Answered>,
}

/// One answer to a command in a state, and how often the engine gave it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answered {
    /// The answer, as the model names it.
    pub answer: String,
    /// How many times the engine gave it there.
    pub count: u32,
}

impl Matrix {
    /// The cell of `command` in `state`, if the matrix has it.
    pub fn cell(&self, state: &str, command: &str) -> Option<&Cell> {
        self.cells
            .iter()
            .find(|c| c.state == state && c.command == command)
    }

    /// The allowed pairs no case reached.
    pub fn unreached(&self) -> impl Iterator<Item = &Cell> {
        self.cells.iter().filter(|c| c.allowed && c.count == 0)
    }

    /// The (state, command, answer) triples of allowed pairs that no case reached: answers the
    /// engine never gave there.
    pub fn unanswered(&self) -> impl Iterator<Item = (&Cell, &Answered)> {
        self.cells
            .iter()
            .filter(|c| c.allowed)
            .flat_map(|c| c.answers.iter().map(move |a| (c, a)))
            .filter(|(_, a)| a.count == 0)
    }

    /// How many pairs the text allows.
    pub fn allowed(&self) -> usize {
        self.cells.iter().filter(|c| c.allowed).count()
    }

    /// How many allowed pairs a case reached.
    pub fn reached(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| c.allowed && c.count > 0)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::req;

    const IDLE: StateName = StateName("idle");
    const BUSY: StateName = StateName("searching");
    const GO: CommandName = CommandName("go");
    const STOP: CommandName = CommandName("stop");
    const JUNK: CommandName = CommandName("garbage");
    const TABLE: Table = Table {
        states: &[IDLE, BUSY],
        commands: &[GO, STOP, JUNK],
        allowed: &[
            AllowedPair {
                state: IDLE,
                command: GO,
                cites: &[req!("uci-r13")],
            },
            AllowedPair {
                state: BUSY,
                command: STOP,
                cites: &[],
            },
        ],
        answers: &[(GO, &["OK", "UNKNOWN"])],
    };

    #[test]
    fn the_matrix_lists_allowed_pairs_and_what_else_was_sent() {
        let mut counts = Counts::default();
        counts.add((IDLE, GO));
        counts.add((IDLE, GO));
        counts.add((BUSY, JUNK));
        let matrix = counts.matrix(&TABLE);
        assert_eq!(matrix.cells.len(), 3);
        assert_eq!(matrix.cell("idle", "go").unwrap().count, 2);
        assert_eq!(matrix.cell("idle", "go").unwrap().cites, [req!("uci-r13")]);
        assert!(!matrix.cell("searching", "garbage").unwrap().allowed);
        assert!(matrix.cell("idle", "stop").is_none());
        let unreached: Vec<_> = matrix.unreached().map(|c| c.command.as_str()).collect();
        assert_eq!(unreached, ["stop"]);
        assert!(matrix.cell("searching", "stop").unwrap().answers.is_empty());
        // Nothing answered yet: both answers of the pair's command are unreached triples.
        let unanswered: Vec<_> = matrix
            .unanswered()
            .map(|(_, a)| a.answer.as_str())
            .collect();
        assert_eq!(unanswered, ["OK", "UNKNOWN"]);
        counts.add_answer((IDLE, GO), "UNKNOWN");
        counts.add_answer((IDLE, GO), "ERROR");
        let matrix = counts.matrix(&TABLE);
        let answers = &matrix.cell("idle", "go").unwrap().answers;
        let got: Vec<_> = answers
            .iter()
            .map(|a| (a.answer.as_str(), a.count))
            .collect();
        assert_eq!(got, [("OK", 0), ("UNKNOWN", 1), ("ERROR", 1)]);
        let unanswered: Vec<_> = matrix
            .unanswered()
            .map(|(_, a)| a.answer.as_str())
            .collect();
        assert_eq!(unanswered, ["OK"]);
        assert_eq!((matrix.reached(), matrix.allowed()), (1, 2));
    }

    #[test]
    fn an_unexercised_pair_weighs_more() {
        let mut counts = Counts::default();
        assert_eq!(counts.weight((IDLE, GO), 3), 24);
        counts.add((IDLE, GO));
        assert_eq!(counts.weight((IDLE, GO), 3), 3);
        assert!(TABLE.allows(BUSY, STOP) && !TABLE.allows(IDLE, STOP));
    }
}
