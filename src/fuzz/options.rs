//! Which of the options an engine offered the fuzzer may set, and to what. Values stay inside
//! what the engine declared. Left alone are options that would change the game (a chess
//! variant, Chess960 castling) or the protocol spoken, change the unit of the clock fields the
//! model sends (UCCI's `usemillisec`, Stockfish's `nodestime`, which reads them as node
//! counts), point at files, or take the machine's memory and cores: a GUI that sets them
//! changes what a conforming reply is.

use crate::protocol::family::{OptionDecl, OptionType};

use super::model::pick;

/// Names never set, whatever their type.
const LEFT_ALONE: [&str; 9] = [
    "uci_chess960",
    "uci_variant",
    // Fairy-Stockfish's: it switches the protocol spoken (ucci, uci, usi, xboard).
    "protocol",
    "usemillisec",
    "nodestime",
    "batch",
    "debug",
    "threads",
    "bookfiles",
];

/// Above this a spin value is not taken from its range's top (hash sizes, overheads in ms).
const SPIN_SPAN: i64 = 64;

/// An option the fuzzer may set.
#[derive(Debug, Clone)]
pub(super) struct Settable {
    decl: OptionDecl,
}

impl Settable {
    /// Its name and a value picked by `seed` (`None` for a button).
    pub(super) fn value(&self, seed: u64) -> (String, Option<String>) {
        let d = &self.decl;
        let value = match d.kind {
            OptionType::Button => None,
            OptionType::Check => Some(["true", "false"][pick(seed, 0, 2)].to_owned()),
            OptionType::Combo => Some(d.vars[pick(seed, 0, d.vars.len())].clone()),
            _ => {
                let min = d.min.unwrap_or(0);
                let max = d.max.unwrap_or(min).min(min.saturating_add(SPIN_SPAN));
                let span = (max - min).max(0) as usize + 1;
                Some((min + pick(seed, 0, span) as i64).to_string())
            }
        };
        (d.name.clone(), value)
    }
}

/// The offered options the fuzzer may set.
pub(super) fn settable(options: &[OptionDecl]) -> Vec<Settable> {
    options
        .iter()
        .filter(|d| !LEFT_ALONE.contains(&d.name.to_ascii_lowercase().as_str()))
        .filter(|d| {
            let lower = d.name.to_ascii_lowercase();
            !lower.contains("file") && !lower.contains("path") && !lower.contains("hash")
                || d.kind == OptionType::Button
        })
        .filter(|d| match d.kind {
            OptionType::Check | OptionType::Button => true,
            OptionType::Combo => !d.vars.is_empty(),
            OptionType::Spin => d.min.is_some() && d.max.is_some() && d.min <= d.max,
            _ => false,
        })
        .map(|d| Settable { decl: d.clone() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::uci::{Message, parse_message};

    fn decl(line: &str) -> OptionDecl {
        match parse_message(line) {
            Ok(Message::Option(d)) => d,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn values_stay_within_the_declaration_and_risky_options_are_left_alone() {
        let offered = [
            decl("option name Hash type spin default 16 min 1 max 33554432"),
            decl("option name Clear Hash type button"),
            decl("option name Threads type spin default 1 min 1 max 1024"),
            decl("option name UCI_Chess960 type check default false"),
            decl("option name EvalFile type string default nn.nnue"),
            decl("option name MultiPV type spin default 1 min 1 max 500"),
            decl("option name Style type combo default Normal var Solid var Normal var Risky"),
            decl("option name UCI_ShowWDL type check default false"),
        ];
        let names: Vec<String> = settable(&offered).iter().map(|s| s.value(0).0).collect();
        assert_eq!(names, ["Clear Hash", "MultiPV", "Style", "UCI_ShowWDL"]);
        for seed in 0..200 {
            for s in settable(&offered) {
                match s.value(seed) {
                    (name, Some(v)) if name == "MultiPV" => {
                        let v: i64 = v.parse().unwrap();
                        assert!((1..=65).contains(&v), "{v}");
                    }
                    (name, Some(v)) if name == "Style" => {
                        assert!(["Solid", "Normal", "Risky"].contains(&v.as_str()));
                    }
                    (name, v) if name == "Clear Hash" => assert_eq!(v, None),
                    (_, Some(v)) => assert!(v == "true" || v == "false"),
                    other => panic!("{other:?}"),
                }
            }
        }
    }
}
