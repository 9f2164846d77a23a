//! AGI `INFO` lines, read tolerantly: keys DEPTH, PV, SCORE, NPS, SEARCH, WIN, LOSE in any
//! case and any order, several per line (agi-r94), each taking one token; tokens of unknown keys
//! go to [`Info::unknown`] (remark 18); a field that does not read (a SCORE of `3.5`, whose
//! scale the text leaves open, agi-r73) is an [`InfoFault`], and the fields after it are still
//! read.

use crate::req;
use std::fmt;

use super::{is, list_value, write_list};
use crate::protocol::ReqId;
use crate::protocol::family::InfoFault;
use crate::protocol::family::info::{read_fields, write_faults};
use crate::protocol::tokens::{Tokens, flag_once, number, require, set_once};
use crate::rules::gomoku::Point;

pub(crate) const INFO_KEYS: [&str; 7] = ["DEPTH", "PV", "SCORE", "NPS", "SEARCH", "WIN", "LOSE"];
const LISTS: [&str; 4] = ["PV", "SEARCH", "WIN", "LOSE"];

/// An `INFO` line. Empty lists = not sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Info {
    pub depth: Option<u32>,
    pub pv: Vec<Point>,
    pub score: Option<i64>,
    pub nps: Option<u64>,
    pub search: Vec<Point>,
    pub win: Vec<Point>,
    pub lose: Vec<Point>,
    /// Tokens of unknown keys: the key and its values up to the next known key.
    pub unknown: Vec<String>,
    /// Fields that did not read.
    pub faults: Vec<InfoFault>,
}

/// The row that gives a field's grammar.
pub(crate) fn requirement(key: &str) -> ReqId {
    match key.to_ascii_uppercase().as_str() {
        "DEPTH" => req!("agi-r71"),
        "PV" => req!("agi-r72"),
        "SCORE" => req!("agi-r73"),
        "NPS" => req!("agi-r74"),
        "SEARCH" => req!("agi-r75"),
        "WIN" => req!("agi-r76"),
        "LOSE" => req!("agi-r77"),
        _ => req!("agi-r70"),
    }
}

impl Info {
    /// Reads the fields after `INFO`; never fails (what does not read is in `faults`).
    pub(super) fn parse(t: &mut Tokens<'_>) -> Info {
        let mut i = Info::default();
        let mut seen = [false; 4];
        let faults = read_fields(t, &INFO_KEYS, requirement, is, |k, t| {
            let key = k.text.to_ascii_uppercase();
            match key.as_str() {
                "DEPTH" => set_once(
                    &mut i.depth,
                    "DEPTH",
                    number("DEPTH", require(t, "a number", "DEPTH")?.text)?,
                ),
                "SCORE" => set_once(
                    &mut i.score,
                    "SCORE",
                    number("SCORE", require(t, "a number", "SCORE")?.text)?,
                ),
                "NPS" => set_once(
                    &mut i.nps,
                    "NPS",
                    number("NPS", require(t, "a number", "NPS")?.text)?,
                ),
                "PV" | "SEARCH" | "WIN" | "LOSE" => {
                    let n = LISTS.iter().position(|x| *x == key).unwrap_or(0);
                    flag_once(&mut seen[n], &key)?;
                    let list = list_value(t, &key, &INFO_KEYS)?;
                    *[&mut i.pv, &mut i.search, &mut i.win, &mut i.lose][n] = list;
                    Ok(())
                }
                _ => {
                    i.unknown.push(k.text.to_owned());
                    while let Some(u) = t
                        .peek()
                        .filter(|u| !INFO_KEYS.iter().any(|x| is(u.text, x)))
                    {
                        t.next();
                        i.unknown.push(u.text.to_owned());
                    }
                    Ok(())
                }
            }
        });
        i.faults = faults;
        i
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("INFO")?;
        if let Some(d) = self.depth {
            write!(f, " DEPTH {d}")?;
        }
        if let Some(s) = self.score {
            write!(f, " SCORE {s}")?;
        }
        if let Some(n) = self.nps {
            write!(f, " NPS {n}")?;
        }
        write_list(f, "PV", &self.pv)?;
        write_list(f, "SEARCH", &self.search)?;
        write_list(f, "WIN", &self.win)?;
        write_list(f, "LOSE", &self.lose)?;
        self.unknown.iter().try_for_each(|u| write!(f, " {u}"))?;
        write_faults(f, &self.faults)
    }
}
