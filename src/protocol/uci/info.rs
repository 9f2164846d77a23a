//! UCI `info` lines with every field of the text (uci-r101..uci-r137), read tolerantly: keys in
//! any order; `pv`, `refutation` and `currline` take move-shaped tokens up to the next key or
//! non-move token (remark 26); an integer right after `currline` is the cpu number; `score`
//! takes `cp <x>` or `mate <y>` and optionally `lowerbound`/`upperbound`, in any order (remark
//! 24); `string` takes the rest of the line verbatim; tokens of unknown keys are kept in
//! [`Info::unknown`]; a field that does not read is an [`InfoFault`], and the fields after it
//! are still read.

use crate::req;
use std::fmt;

use super::{Move, move_list, uci_move};
use crate::protocol::family::info::{read_fields, write_faults};
use crate::protocol::family::{InfoFault, write_moves};
use crate::protocol::tokens::{Tokens, flag_once, number, require, set_once};
use crate::protocol::{ParseError, ReqId};

pub(crate) const INFO_KEYS: [&str; 17] = [
    "depth",
    "seldepth",
    "time",
    "nodes",
    "pv",
    "multipv",
    "score",
    "currmove",
    "currmovenumber",
    "hashfull",
    "nps",
    "tbhits",
    "sbhits",
    "cpuload",
    "string",
    "refutation",
    "currline",
];

/// `score` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ScoreValue {
    /// `cp <x>`.
    Cp(i32),
    /// `mate <y>` (moves, not plies; negative = the engine is mated).
    Mate(i32),
}

/// `lowerbound` / `upperbound`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Bound {
    Lower,
    Upper,
}

/// `score {cp <x> | mate <y>} [lowerbound | upperbound]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Score {
    pub value: ScoreValue,
    pub bound: Option<Bound>,
}

/// `currline [<cpunr>] <moves>…`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub(crate) struct CurrLine {
    pub cpunr: Option<u32>,
    pub moves: Vec<Move>,
}

/// An `info` line with every field of the text. Empty `pv`/`refutation` = not sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Info {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub time: Option<u64>,
    pub nodes: Option<u64>,
    pub pv: Vec<Move>,
    pub multipv: Option<u32>,
    pub score: Option<Score>,
    pub currmove: Option<Move>,
    pub currmovenumber: Option<u32>,
    pub hashfull: Option<u32>,
    pub nps: Option<u64>,
    pub tbhits: Option<u64>,
    pub sbhits: Option<u64>,
    pub cpuload: Option<u32>,
    /// `string <str>`: the rest of the line, verbatim.
    pub string: Option<String>,
    pub refutation: Vec<Move>,
    pub currline: Option<CurrLine>,
    /// Tokens of keys the text does not list: the key and its values up to the next known key.
    pub unknown: Vec<String>,
    /// Fields that did not read.
    pub faults: Vec<InfoFault>,
}

impl Info {
    /// The keys of the fields this line gave that read (`string` aside: free text has no
    /// grammar to pass).
    pub(crate) fn keys_read(&self) -> impl Iterator<Item = &'static str> {
        let present = [
            ("depth", self.depth.is_some()),
            ("seldepth", self.seldepth.is_some()),
            ("time", self.time.is_some()),
            ("nodes", self.nodes.is_some()),
            ("pv", !self.pv.is_empty()),
            ("multipv", self.multipv.is_some()),
            ("score", self.score.is_some()),
            ("currmove", self.currmove.is_some()),
            ("currmovenumber", self.currmovenumber.is_some()),
            ("hashfull", self.hashfull.is_some()),
            ("nps", self.nps.is_some()),
            ("tbhits", self.tbhits.is_some()),
            ("sbhits", self.sbhits.is_some()),
            ("cpuload", self.cpuload.is_some()),
            ("refutation", !self.refutation.is_empty()),
            ("currline", self.currline.is_some()),
        ];
        present
            .into_iter()
            .filter_map(|(key, read)| read.then_some(key))
    }
}

/// The row that gives a field's grammar.
pub(crate) fn requirement(key: &str) -> ReqId {
    match key {
        "depth" => req!("uci-r104"),
        "seldepth" => req!("uci-r105"),
        "time" => req!("uci-r107"),
        "nodes" => req!("uci-r109"),
        "pv" => req!("uci-r111"),
        "multipv" => req!("uci-r112"),
        "score" => req!("uci-r115"),
        "currmove" => req!("uci-r121"),
        "currmovenumber" => req!("uci-r122"),
        "hashfull" => req!("uci-r123"),
        "nps" => req!("uci-r125"),
        "tbhits" => req!("uci-r127"),
        "sbhits" => req!("uci-r128"),
        "cpuload" => req!("uci-r129"),
        "refutation" => req!("uci-r131"),
        "currline" => req!("uci-r134"),
        _ => req!("uci-r80"),
    }
}

fn parse_score(t: &mut Tokens<'_>) -> Result<Score, ParseError> {
    let (mut value, mut bound) = (None, None);
    while let Some(k) = t.peek() {
        match k.text {
            "cp" | "mate" => {
                t.next();
                let n = number(k.text, require(t, "a number", k.text)?.text)?;
                let v = if k.text == "cp" {
                    ScoreValue::Cp(n)
                } else {
                    ScoreValue::Mate(n)
                };
                set_once(&mut value, "score cp/mate", v)?;
            }
            "lowerbound" | "upperbound" => {
                t.next();
                let b = if k.text == "lowerbound" {
                    Bound::Lower
                } else {
                    Bound::Upper
                };
                set_once(&mut bound, "lowerbound/upperbound", b)?;
            }
            _ => break,
        }
    }
    let value = value.ok_or_else(|| ParseError::Missing {
        what: "`cp <x>` or `mate <y>`",
        after: "score".to_owned(),
    })?;
    Ok(Score { value, bound })
}

impl Info {
    /// Reads the fields after `info`; never fails (what does not read is in `faults`).
    pub(super) fn parse(t: &mut Tokens<'_>) -> Info {
        let mut i = Info::default();
        let (mut seen_pv, mut seen_refutation) = (false, false);
        let faults = read_fields(
            t,
            &INFO_KEYS,
            requirement,
            |a, b| a == b,
            |tok, t| {
                let k = tok.text;
                match k {
                    "depth" | "seldepth" | "multipv" | "currmovenumber" | "hashfull"
                    | "cpuload" => {
                        let v = number(k, require(t, "a number", k)?.text)?;
                        let slot = match k {
                            "depth" => &mut i.depth,
                            "seldepth" => &mut i.seldepth,
                            "multipv" => &mut i.multipv,
                            "currmovenumber" => &mut i.currmovenumber,
                            "hashfull" => &mut i.hashfull,
                            _ => &mut i.cpuload,
                        };
                        set_once(slot, k, v)
                    }
                    "time" | "nodes" | "nps" | "tbhits" | "sbhits" => {
                        let v = number(k, require(t, "a number", k)?.text)?;
                        let slot = match k {
                            "time" => &mut i.time,
                            "nodes" => &mut i.nodes,
                            "nps" => &mut i.nps,
                            "tbhits" => &mut i.tbhits,
                            _ => &mut i.sbhits,
                        };
                        set_once(slot, k, v)
                    }
                    "score" => {
                        let s = parse_score(t)?;
                        set_once(&mut i.score, k, s)
                    }
                    "currmove" => {
                        let m = uci_move(k, require(t, "a UCI move", k)?)?;
                        set_once(&mut i.currmove, k, m)
                    }
                    "pv" => {
                        flag_once(&mut seen_pv, k)?;
                        i.pv = move_list(t, k, &INFO_KEYS)?;
                        Ok(())
                    }
                    "refutation" => {
                        flag_once(&mut seen_refutation, k)?;
                        i.refutation = move_list(t, k, &INFO_KEYS)?;
                        Ok(())
                    }
                    "currline" => {
                        let cpunr = match t.peek() {
                            // `0000` is the null move, not cpu number 0 (cpu numbers start at 1).
                            Some(n)
                                if n.text != "0000"
                                    && n.text.bytes().all(|b| b.is_ascii_digit()) =>
                            {
                                t.next();
                                Some(number("currline", n.text)?)
                            }
                            _ => None,
                        };
                        let moves = move_list(t, k, &INFO_KEYS)?;
                        set_once(&mut i.currline, k, CurrLine { cpunr, moves })
                    }
                    "string" => {
                        i.string = Some(t.rest().to_owned());
                        Ok(())
                    }
                    other => {
                        i.unknown.push(other.to_owned());
                        while let Some(u) = t.peek().filter(|u| !INFO_KEYS.contains(&u.text)) {
                            t.next();
                            i.unknown.push(u.text.to_owned());
                        }
                        Ok(())
                    }
                }
            },
        );
        i.faults = faults;
        i
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            ScoreValue::Cp(x) => write!(f, "score cp {x}")?,
            ScoreValue::Mate(y) => write!(f, "score mate {y}")?,
        }
        match self.bound {
            Some(Bound::Lower) => f.write_str(" lowerbound"),
            Some(Bound::Upper) => f.write_str(" upperbound"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("info")?;
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", self.multipv.map(u64::from)),
        ];
        for (k, v) in numbers {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        if let Some(s) = &self.score {
            write!(f, " {s}")?;
        }
        let numbers = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("hashfull", self.hashfull.map(u64::from)),
            ("tbhits", self.tbhits),
            ("sbhits", self.sbhits),
            ("cpuload", self.cpuload.map(u64::from)),
            ("time", self.time),
            ("currmovenumber", self.currmovenumber.map(u64::from)),
        ];
        for (k, v) in numbers {
            if let Some(v) = v {
                write!(f, " {k} {v}")?;
            }
        }
        if let Some(m) = self.currmove {
            write!(f, " currmove {m}")?;
        }
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            write_moves(f, &self.pv)?;
        }
        if !self.refutation.is_empty() {
            f.write_str(" refutation")?;
            write_moves(f, &self.refutation)?;
        }
        if let Some(c) = &self.currline {
            f.write_str(" currline")?;
            if let Some(n) = c.cpunr {
                write!(f, " {n}")?;
            }
            write_moves(f, &c.moves)?;
        }
        for u in &self.unknown {
            write!(f, " {u}")?;
        }
        write_faults(f, &self.faults)?;
        match self.string.as_deref() {
            Some("") => f.write_str(" string"),
            Some(s) => write!(f, " string {s}"),
            None => Ok(()),
        }
    }
}
