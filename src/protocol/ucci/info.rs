//! UCCI `info` lines (ucci-r79..ucci-r87), read tolerantly: keyword–value pairs in any order
//! (A8); `pv` takes ICCS moves up to the next key; `message` takes the rest of the line; tokens
//! of keys the texts do not list are kept in [`Info::unknown`] (ucci-r79); a field that does not
//! read (UCI's `score cp 20`, say) is an [`InfoFault`] and the fields after it are still read.

use crate::req;
use std::fmt;

use super::iccs;
use crate::protocol::ReqId;
use crate::protocol::family::info::{read_fields, write_faults};
use crate::protocol::family::{InfoFault, looks_like_move, write_moves};
use crate::protocol::tokens::{Tokens, flag_once, number, require, set_once};
use crate::rules::xiangqi::Move;

pub(crate) const INFO_KEYS: [&str; 7] = [
    "depth", "score", "pv", "time", "nodes", "currmove", "message",
];

/// An `info` line. Empty `pv` = no `pv`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Info {
    pub depth: Option<u32>,
    pub score: Option<i32>,
    pub pv: Vec<Move>,
    pub time: Option<u64>,
    pub nodes: Option<u64>,
    pub currmove: Option<Move>,
    /// `message <text>`: the rest of the line.
    pub message: Option<String>,
    /// Tokens of keys the texts do not list: the key and its values up to the next known key.
    pub unknown: Vec<String>,
    /// Fields that did not read.
    pub faults: Vec<InfoFault>,
}

/// The row that gives a field's grammar.
pub(crate) fn requirement(key: &str) -> ReqId {
    match key {
        "time" | "nodes" => req!("ucci-r80"),
        "currmove" => req!("ucci-r86"),
        "message" => req!("ucci-r87"),
        // depth, score and pv: `info depth <d> [score <s> pv <moves>]`.
        _ => req!("ucci-r82"),
    }
}

impl Info {
    /// Reads the fields after `info`; never fails (what does not read is in `faults`).
    pub(super) fn parse(t: &mut Tokens<'_>) -> Info {
        let mut info = Info::default();
        let mut seen_pv = false;
        let faults = read_fields(
            t,
            &INFO_KEYS,
            requirement,
            |a, b| a == b,
            |tok, t| {
                let key = tok.text;
                match key {
                    "depth" => set_once(
                        &mut info.depth,
                        key,
                        number(key, require(t, "a number", key)?.text)?,
                    ),
                    "score" => set_once(
                        &mut info.score,
                        key,
                        number(key, require(t, "a number", key)?.text)?,
                    ),
                    "time" => set_once(
                        &mut info.time,
                        key,
                        number(key, require(t, "a number", key)?.text)?,
                    ),
                    "nodes" => set_once(
                        &mut info.nodes,
                        key,
                        number(key, require(t, "a number", key)?.text)?,
                    ),
                    "currmove" => {
                        let m = iccs(key, require(t, "an ICCS move", key)?)?;
                        set_once(&mut info.currmove, key, m)
                    }
                    "pv" => {
                        flag_once(&mut seen_pv, key)?;
                        let mut pv = Vec::new();
                        while let Some(m) = t
                            .peek()
                            .filter(|m| !INFO_KEYS.contains(&m.text) && looks_like_move(m.text))
                        {
                            t.next();
                            pv.push(iccs(key, m)?);
                        }
                        info.pv = pv;
                        Ok(())
                    }
                    "message" => {
                        info.message = Some(t.rest().to_owned());
                        Ok(())
                    }
                    other => {
                        info.unknown.push(other.to_owned());
                        while let Some(u) = t.peek().filter(|u| !INFO_KEYS.contains(&u.text)) {
                            t.next();
                            info.unknown.push(u.text.to_owned());
                        }
                        Ok(())
                    }
                }
            },
        );
        info.faults = faults;
        info
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        if let Some(d) = self.depth {
            write!(f, " depth {d}")?;
        }
        if let Some(s) = self.score {
            write!(f, " score {s}")?;
        }
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            write_moves(f, &self.pv)?;
        }
        if let Some(t) = self.time {
            write!(f, " time {t}")?;
        }
        if let Some(n) = self.nodes {
            write!(f, " nodes {n}")?;
        }
        if let Some(m) = self.currmove {
            write!(f, " currmove {m}")?;
        }
        for u in &self.unknown {
            write!(f, " {u}")?;
        }
        write_faults(f, &self.faults)?;
        match self.message.as_deref() {
            Some("") => f.write_str(" message"),
            Some(m) => write!(f, " message {m}"),
            None => Ok(()),
        }
    }
}
