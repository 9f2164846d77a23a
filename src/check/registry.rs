//! The registry of built-in checks: for each check, what it judges, which side of the wire it
//! binds, and per protocol the requirement rows it rests on and the grades it gives when the
//! rule is broken.
//!
//! This is the one place those facts live. The checks take their requirement ids from here,
//! `arbiter coverage` counts the rows cited here, `arbiter checks` and the README's check table
//! are rendered from here (a test keeps the README in step), and every finding a check raises is
//! compared with its entry in debug builds, so code and registry cannot drift apart.

use std::fmt::Write as _;

use super::id::CheckId;
use super::outcome::Grade;
use crate::protocol::{Protocol, ReqId};
use crate::reqs;

/// Which side of the wire a check judges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The engine (brain).
    Engine,
    /// The GUI or manager.
    Gui,
}

/// A check's rule under one protocol.
#[derive(Debug, Clone, Copy)]
pub struct ProtocolRule {
    pub protocol: Protocol,
    /// Every requirement a finding of this check may cite under this protocol.
    pub reqs: &'static [ReqId],
    /// The grades a broken rule gets, the usual one first.
    pub grades: &'static [Grade],
}

/// One built-in check.
#[derive(Debug, Clone, Copy)]
pub struct CheckSpec {
    pub id: CheckId,
    pub side: Side,
    /// What it judges, in one line (and when it gives the lesser grade).
    pub what: &'static str,
    pub rules: &'static [ProtocolRule],
}

impl CheckSpec {
    /// Its rule under a protocol, if it applies there.
    pub fn rule(&self, protocol: Protocol) -> Option<&ProtocolRule> {
        self.rules.iter().find(|r| r.protocol == protocol)
    }
}

const FAIL: &[Grade] = &[Grade::Fail];
const WARN: &[Grade] = &[Grade::Warn];
const FAIL_WARN: &[Grade] = &[Grade::Fail, Grade::Warn];

const fn on(protocol: Protocol, reqs: &'static [ReqId], grades: &'static [Grade]) -> ProtocolRule {
    ProtocolRule {
        protocol,
        reqs,
        grades,
    }
}

use Protocol::{Agi, Gomocup, Ucci, Uci};

/// "Replies are lines of text, one per line": the rows every stream check cites.
const UCCI_TEXT: &[ReqId] = reqs!["ucci-r03", "ucci-r05"];
const UCI_TEXT: &[ReqId] = reqs!["uci-r01"];
const GOMOCUP_TEXT: &[ReqId] = reqs!["gomocup-r01"];
const AGI_TEXT: &[ReqId] = reqs!["agi-r03", "agi-r09"];

/// Every built-in check.
pub static CHECKS: &[CheckSpec] = &[
    CheckSpec {
        id: CheckId::OutputText,
        side: Side::Engine,
        what: "every line is text, not binary data",
        rules: &[
            on(Ucci, UCCI_TEXT, FAIL),
            on(Uci, UCI_TEXT, FAIL),
            on(Gomocup, GOMOCUP_TEXT, FAIL),
            on(Agi, AGI_TEXT, FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::OutputUtf8,
        side: Side::Engine,
        what: "every line is UTF-8 (the texts name no encoding, and engines write GBK)",
        rules: &[
            on(Ucci, UCCI_TEXT, WARN),
            on(Uci, UCI_TEXT, WARN),
            on(Gomocup, GOMOCUP_TEXT, WARN),
            on(Agi, AGI_TEXT, WARN),
        ],
    },
    CheckSpec {
        id: CheckId::OutputLineLength,
        side: Side::Engine,
        what: "no line longer than the 64 KiB the harness keeps (the texts set no limit)",
        rules: &[
            on(Ucci, UCCI_TEXT, WARN),
            on(Uci, UCI_TEXT, WARN),
            on(Gomocup, reqs!["gomocup-r01", "gomocup-r10"], WARN),
            on(Agi, AGI_TEXT, WARN),
        ],
    },
    CheckSpec {
        id: CheckId::OutputLineEnd,
        side: Side::Engine,
        what: "every line ends with a line end (UCI, AGI: LF), also the last one",
        rules: &[
            on(Ucci, reqs!["ucci-r05"], WARN),
            on(Uci, reqs!["uci-r07"], FAIL),
            on(Gomocup, reqs!["gomocup-r06"], WARN),
            on(Agi, reqs!["agi-r03"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::OutputFlood,
        side: Side::Engine,
        what: "output within 16 MiB and a million lines a session (the texts set no limit; past it the transcript keeps head and tail, and every line is still judged)",
        rules: &[
            on(Ucci, UCCI_TEXT, WARN),
            on(Uci, UCI_TEXT, WARN),
            on(Gomocup, GOMOCUP_TEXT, WARN),
            on(Agi, AGI_TEXT, WARN),
        ],
    },
    CheckSpec {
        id: CheckId::ProcessUnexpectedExit,
        side: Side::Engine,
        what: "the engine does not exit or crash before it is asked to quit",
        rules: &[
            on(Ucci, reqs!["ucci-r04"], FAIL),
            on(Uci, reqs!["uci-r01"], FAIL),
            on(Gomocup, reqs!["gomocup-r01"], FAIL),
            on(Agi, reqs!["agi-r85"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::LineUnknown,
        side: Side::Engine,
        what: "every line starts with a message of the protocol (a banner or diagnostic warns)",
        rules: &[
            on(Ucci, reqs!["ucci-r05"], WARN),
            on(Uci, reqs!["uci-r80"], WARN),
            on(Gomocup, reqs!["gomocup-r06"], WARN),
            on(Agi, reqs!["agi-r09"], WARN),
        ],
    },
    CheckSpec {
        id: CheckId::LineMalformed,
        side: Side::Engine,
        what: "every known message is well formed (UCI `bestmove (none)`, a bare `bestmove` or an upper-case promotion warn)",
        rules: &[
            on(Ucci, reqs!["ucci-r05"], FAIL),
            on(Uci, reqs!["uci-r80", "uci-r21", "uci-r86"], FAIL_WARN),
            on(Gomocup, reqs!["gomocup-r06"], FAIL),
            on(Agi, reqs!["agi-r09"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::InfoField,
        side: Side::Engine,
        what: "every field of a search report reads; the others on its line are still judged (UCCI: GUIs skip what they cannot read; UCI: two score bounds, and AGI: a non-integer SCORE, warn)",
        rules: &[
            on(
                Ucci,
                reqs!["ucci-r79", "ucci-r80", "ucci-r82", "ucci-r86", "ucci-r87"],
                WARN,
            ),
            on(
                Uci,
                reqs![
                    "uci-r80", "uci-r104", "uci-r105", "uci-r107", "uci-r109", "uci-r111",
                    "uci-r112", "uci-r115", "uci-r121", "uci-r122", "uci-r123", "uci-r125",
                    "uci-r127", "uci-r128", "uci-r129", "uci-r131", "uci-r134"
                ],
                FAIL_WARN,
            ),
            on(
                Agi,
                reqs![
                    "agi-r09", "agi-r70", "agi-r71", "agi-r72", "agi-r73", "agi-r74"
                ],
                FAIL_WARN,
            ),
        ],
    },
    CheckSpec {
        id: CheckId::HandshakeOk,
        side: Side::Engine,
        what: "`ucciok`/`uciok`/`AGIOK` answers the handshake command, once",
        rules: &[
            on(Ucci, reqs!["ucci-r45", "ucci-r135"], FAIL),
            on(Uci, reqs!["uci-r16", "uci-r23", "uci-r84"], FAIL),
            on(Agi, reqs!["agi-r33", "agi-r38"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::HandshakeEndsWithOk,
        side: Side::Engine,
        what: "no `id` or `option` line after the handshake reply",
        rules: &[
            on(Ucci, reqs!["ucci-r45", "ucci-r135"], FAIL),
            on(Uci, reqs!["uci-r16", "uci-r23", "uci-r84"], FAIL),
            on(Agi, reqs!["agi-r33", "agi-r38"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::HandshakeIdFirst,
        side: Side::Engine,
        what: "`id` lines before `option` lines",
        rules: &[on(Ucci, reqs!["ucci-r46"], WARN)],
    },
    CheckSpec {
        id: CheckId::IsreadyReadyok,
        side: Side::Engine,
        what: "`readyok` for every `isready`, within 1 s (later warns; missing mid-search warns under UCCI, whose text gives `isready` no state)",
        rules: &[
            on(Ucci, reqs!["ucci-r49"], FAIL_WARN),
            on(Uci, reqs!["uci-r31", "uci-r32"], FAIL_WARN),
            on(Agi, reqs!["agi-r52", "agi-r55"], FAIL_WARN),
        ],
    },
    CheckSpec {
        id: CheckId::IsreadyOneReadyok,
        side: Side::Engine,
        what: "no `readyok` without an `isready` waiting for it",
        rules: &[
            on(Ucci, reqs!["ucci-r49"], FAIL),
            on(Uci, reqs!["uci-r31", "uci-r32"], FAIL),
            on(Agi, reqs!["agi-r52", "agi-r55"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::GoOneResult,
        side: Side::Engine,
        what: "exactly one `bestmove`/`nobestmove` per `go`, none unsolicited",
        rules: &[
            on(Ucci, reqs!["ucci-r99"], FAIL),
            on(Uci, reqs!["uci-r89", "uci-r90"], FAIL),
            on(Agi, reqs!["agi-r81"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::PonderNoResultBeforePonderhit,
        side: Side::Engine,
        what: "no result while pondering until `ponderhit` or `stop`",
        rules: &[
            on(Ucci, reqs!["ucci-r74", "ucci-r91"], FAIL),
            on(Uci, reqs!["uci-r61"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::InfiniteNoResultBeforeStop,
        side: Side::Engine,
        what: "an infinite search ends only on `stop` (UCCI and AGI may stop at a proven result)",
        rules: &[
            on(Ucci, reqs!["ucci-r64", "ucci-r65"], WARN),
            on(Uci, reqs!["uci-r73"], FAIL),
            on(Agi, reqs!["agi-r68", "agi-r69"], WARN),
        ],
    },
    CheckSpec {
        id: CheckId::StopResult,
        side: Side::Engine,
        what: "a result after `stop`, within 1 s (later warns; none by the time `quit` comes after that fails)",
        rules: &[
            on(Ucci, reqs!["ucci-r95", "ucci-r96"], FAIL_WARN),
            on(Uci, reqs!["uci-r74", "uci-r75"], FAIL_WARN),
            on(Agi, reqs!["agi-r79"], FAIL_WARN),
        ],
    },
    CheckSpec {
        id: CheckId::QuitBye,
        side: Side::Engine,
        what: "`quit` is answered by `bye`, and `bye` comes only after `quit`",
        rules: &[
            on(Ucci, reqs!["ucci-r117", "ucci-r134"], FAIL),
            on(Agi, reqs!["agi-r85", "agi-r86"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::QuitNothingAfterBye,
        side: Side::Engine,
        what: "nothing after `bye`, the last line",
        rules: &[
            on(Ucci, reqs!["ucci-r117", "ucci-r134"], WARN),
            on(Agi, reqs!["agi-r85", "agi-r86"], WARN),
        ],
    },
    CheckSpec {
        id: CheckId::QuitExit,
        side: Side::Engine,
        what: "the process exits after `quit` (killed by the harness fails; a non-zero status warns)",
        rules: &[
            on(Ucci, reqs!["ucci-r118"], FAIL_WARN),
            on(Uci, reqs!["uci-r79"], FAIL_WARN),
            on(Agi, reqs!["agi-r86"], FAIL_WARN),
        ],
    },
    CheckSpec {
        id: CheckId::BestmoveLegal,
        side: Side::Engine,
        what: "the best move is legal in the position the harness set up (UCI `0000` only without a legal move; AGI never a forbidden point for black, `CHANGE` only under a swap rule)",
        rules: &[
            on(Ucci, reqs!["ucci-r100"], FAIL),
            on(Uci, reqs!["uci-r21", "uci-r86"], FAIL),
            on(Agi, reqs!["agi-r41", "agi-r44", "agi-r82", "agi-r83"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::BestmoveNotBanned,
        side: Side::Engine,
        what: "the best move is not one `banmoves` forbade",
        rules: &[on(Ucci, reqs!["ucci-r60"], FAIL)],
    },
    CheckSpec {
        id: CheckId::BestmoveInSearchmoves,
        side: Side::Engine,
        what: "the best move is one of `searchmoves`",
        rules: &[on(Uci, reqs!["uci-r56"], FAIL)],
    },
    CheckSpec {
        id: CheckId::BestmoveInSearch,
        side: Side::Engine,
        what: "the best move is one of `GO SEARCH`'s points",
        rules: &[on(Agi, reqs!["agi-r62"], FAIL)],
    },
    CheckSpec {
        id: CheckId::BestmoveFollowsPv,
        side: Side::Engine,
        what: "the best move is the first move of the search's last pv, the ponder move its second (the text says \"usually\")",
        rules: &[on(Ucci, reqs!["ucci-r101"], WARN)],
    },
    CheckSpec {
        id: CheckId::PonderMoveLegal,
        side: Side::Engine,
        what: "the ponder move is legal after the best move",
        rules: &[
            on(Ucci, reqs!["ucci-r102"], WARN),
            on(Uci, reqs!["uci-r87"], FAIL),
            on(Agi, reqs!["agi-r84"], WARN),
        ],
    },
    CheckSpec {
        id: CheckId::PvLegal,
        side: Side::Engine,
        what: "every pv move legal in sequence (UCI: moves after the first come from the hash table and warn; AGI: `PV` points empty)",
        rules: &[
            on(Ucci, reqs!["ucci-r83"], WARN),
            on(Uci, reqs!["uci-r111"], FAIL_WARN),
            on(Agi, reqs!["agi-r72"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::CurrmoveLegal,
        side: Side::Engine,
        what: "every `currmove` is legal in the searched position",
        rules: &[
            on(Ucci, reqs!["ucci-r86"], WARN),
            on(Uci, reqs!["uci-r121"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::InfoInSearchmoves,
        side: Side::Engine,
        what: "every `currmove` and each pv's first move within `searchmoves`",
        rules: &[on(Uci, reqs!["uci-r56"], FAIL)],
    },
    CheckSpec {
        id: CheckId::InfoMultipv,
        side: Side::Engine,
        what: "`multipv` lines numbered from 1 (0 fails); in order, and no more lines than the `MultiPV` set (warn)",
        rules: &[on(Uci, reqs!["uci-r113", "uci-r114"], FAIL_WARN)],
    },
    CheckSpec {
        id: CheckId::InfoPoints,
        side: Side::Engine,
        what: "`INFO SEARCH`, `WIN` and `LOSE` name empty points, `SEARCH` only among the `GO SEARCH` points",
        rules: &[on(Agi, reqs!["agi-r75", "agi-r76", "agi-r77"], FAIL)],
    },
    CheckSpec {
        id: CheckId::InfoGrammar,
        side: Side::Engine,
        what: "what an `info` line must hold together: time and score with a pv, depth with seldepth, a pv with multipv; currmovenumber from 1, hashfull at most 1000; refutation and currline only when switched on (cpuload over 1000 and misplaced score bounds warn)",
        rules: &[on(
            Uci,
            reqs![
                "uci-r103", "uci-r106", "uci-r108", "uci-r112", "uci-r115", "uci-r119", "uci-r120",
                "uci-r122", "uci-r123", "uci-r129", "uci-r133", "uci-r137"
            ],
            FAIL_WARN,
        )],
    },
    CheckSpec {
        id: CheckId::NobestmoveDeadPosition,
        side: Side::Engine,
        what: "`nobestmove` only without a playable move or for `go depth 0`",
        rules: &[on(Ucci, reqs!["ucci-r110", "ucci-r111"], WARN)],
    },
    CheckSpec {
        id: CheckId::OptionDefaultInRange,
        side: Side::Engine,
        what: "each offered `spin` default within `min`..`max` (and `min` ≤ `max`), each `combo` default one of its `var`s",
        rules: &[
            on(Ucci, reqs!["ucci-r24"], WARN),
            on(Uci, reqs!["uci-r179", "uci-r180", "uci-r186"], FAIL),
        ],
    },
    CheckSpec {
        id: CheckId::OptionReservedName,
        side: Side::Engine,
        what: "no `UCI_` option name that the text (or its later revision) does not define",
        rules: &[on(Uci, reqs!["uci-r143"], WARN)],
    },
    CheckSpec {
        id: CheckId::OptionPaired,
        side: Side::Engine,
        what: "`UCI_LimitStrength` and `UCI_Elo` offered together",
        rules: &[on(Uci, reqs!["uci-r163", "uci-r167"], FAIL)],
    },
    CheckSpec {
        id: CheckId::OptionGrammar,
        side: Side::Engine,
        what: "each option line well formed for its type: one of the five types, the fields each takes, a default, min and max for spin, var for combo, nothing for button; standard options with the text's types and defaults",
        rules: &[on(
            Uci,
            reqs![
                "uci-r37", "uci-r140", "uci-r141", "uci-r142", "uci-r145", "uci-r149", "uci-r151",
                "uci-r152", "uci-r157", "uci-r159", "uci-r160", "uci-r161", "uci-r162", "uci-r164",
                "uci-r168", "uci-r172", "uci-r173", "uci-r177", "uci-r178", "uci-r179", "uci-r180",
                "uci-r181", "uci-r184", "uci-r185", "uci-r186", "uci-r187"
            ],
            FAIL,
        )],
    },
    CheckSpec {
        id: CheckId::MoveLegal,
        side: Side::Engine,
        what: "each move on the board, on an empty point, not forbidden for black under renju (`INFO rule 4`)",
        rules: &[on(
            Gomocup,
            reqs!["gomocup-r42", "gomocup-r44", "gomocup-r57"],
            FAIL,
        )],
    },
    CheckSpec {
        id: CheckId::MoveReply,
        side: Side::Engine,
        what: "exactly one move per `BEGIN`/`TURN`/`DONE`/`PLAY`",
        rules: &[on(
            Gomocup,
            reqs!["gomocup-r42", "gomocup-r44", "gomocup-r57"],
            FAIL,
        )],
    },
    CheckSpec {
        id: CheckId::CommandAnswered,
        side: Side::Engine,
        what: "`START`, `RECTSTART`, `RESTART`, `TAKEBACK` get `OK` or `ERROR`, `ABOUT` its line, an unknown command `UNKNOWN`; silence fails",
        rules: &[on(
            Gomocup,
            reqs![
                "gomocup-r19",
                "gomocup-r39",
                "gomocup-r40",
                "gomocup-r98",
                "gomocup-r107",
                "gomocup-r110",
                "gomocup-r113"
            ],
            FAIL,
        )],
    },
    CheckSpec {
        id: CheckId::InfoNoReply,
        side: Side::Engine,
        what: "nothing but `MESSAGE`/`DEBUG` in reply to `INFO`",
        rules: &[on(Gomocup, reqs!["gomocup-r92"], FAIL)],
    },
    CheckSpec {
        id: CheckId::ReplyUnsolicited,
        side: Side::Engine,
        what: "no `OK` that no command asked for",
        rules: &[on(Gomocup, reqs!["gomocup-r40"], WARN)],
    },
    CheckSpec {
        id: CheckId::MessageBeforeMove,
        side: Side::Engine,
        what: "`MESSAGE`/`DEBUG` only while a command is being answered",
        rules: &[on(Gomocup, reqs!["gomocup-r06"], WARN)],
    },
    CheckSpec {
        id: CheckId::MessageEnglish,
        side: Side::Engine,
        what: "`MESSAGE` text in plain ASCII (the text recommends English)",
        rules: &[on(Gomocup, reqs!["gomocup-r130"], WARN)],
    },
    CheckSpec {
        id: CheckId::LineKeywordCase,
        side: Side::Engine,
        what: "keywords in upper case, as the text writes them",
        rules: &[on(Gomocup, reqs!["gomocup-r06"], WARN)],
    },
    CheckSpec {
        id: CheckId::AboutFormat,
        side: Side::Engine,
        what: "the `ABOUT` line as `key=\"value\"` pairs (free text, which managers accept, warns)",
        rules: &[on(Gomocup, reqs!["gomocup-r98", "gomocup-r102"], WARN)],
    },
    CheckSpec {
        id: CheckId::EndNoOutput,
        side: Side::Engine,
        what: "nothing written after `END`",
        rules: &[on(Gomocup, reqs!["gomocup-r95"], WARN)],
    },
    CheckSpec {
        id: CheckId::EndExit,
        side: Side::Engine,
        what: "the brain exits within 1 s of `END` (the text says \"should\")",
        rules: &[on(Gomocup, reqs!["gomocup-r93", "gomocup-r94"], WARN)],
    },
];

/// The registry entry of a check.
pub fn spec(id: CheckId) -> &'static CheckSpec {
    CHECKS
        .iter()
        .find(|c| c.id == id)
        .expect("every CheckId has a registry entry (tested)")
}

/// The requirement ids a check cites under a protocol (empty where it does not apply).
pub fn reqs(protocol: Protocol, id: CheckId) -> &'static [ReqId] {
    spec(id).rule(protocol).map_or(&[], |r| r.reqs)
}

/// Every requirement id the built-in checks cite under a protocol.
pub fn cited(protocol: Protocol) -> Vec<ReqId> {
    let mut ids: Vec<ReqId> = CHECKS
        .iter()
        .filter_map(|c| c.rule(protocol))
        .flat_map(|r| r.reqs.iter().copied())
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// The check table in Markdown, as the README shows it.
pub fn markdown_table() -> String {
    let mut out = String::from("| check | protocols | what | when broken |\n|---|---|---|---|\n");
    for check in CHECKS {
        let protocols: Vec<&str> = check.rules.iter().map(|r| r.protocol.name()).collect();
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} |",
            check.id.name(),
            protocols.join(", "),
            check.what.replace('|', "\\|"),
            grades_text(check)
        );
    }
    out
}

/// "fail", or "fail (UCI) / warn (UCCI, AGI)" when the protocols differ.
fn grades_text(check: &CheckSpec) -> String {
    let word = |grades: &[Grade]| {
        grades
            .iter()
            .map(|g| g.as_str())
            .collect::<Vec<_>>()
            .join(" / ")
    };
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for rule in check.rules {
        let w = word(rule.grades);
        match groups.iter_mut().find(|(g, _)| *g == w) {
            Some((_, names)) => names.push(rule.protocol.name()),
            None => groups.push((w, vec![rule.protocol.name()])),
        }
    }
    if groups.len() == 1 {
        return groups.remove(0).0;
    }
    groups
        .into_iter()
        .map(|(w, names)| format!("{w} ({})", names.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::certify::catalogue;

    #[test]
    fn every_check_has_one_entry_and_every_entry_a_rule() {
        for &id in CheckId::ALL {
            assert_eq!(CHECKS.iter().filter(|c| c.id == id).count(), 1, "{id:?}");
        }
        for check in CHECKS {
            assert!(!check.rules.is_empty(), "{:?}", check.id);
            for rule in check.rules {
                assert!(!rule.reqs.is_empty() && !rule.grades.is_empty());
                assert!(rule.reqs.iter().all(|r| r.protocol() == rule.protocol));
            }
        }
    }

    #[test]
    fn every_cited_requirement_is_a_catalogue_row() {
        for protocol in Protocol::ALL {
            let rows = catalogue(protocol);
            for id in cited(protocol) {
                assert!(
                    rows.iter().any(|r| r.id == id),
                    "{id} is cited by a check but is not in the {protocol} catalogue"
                );
            }
        }
    }

    #[test]
    fn the_readme_shows_the_registry() {
        let readme = include_str!("../../README.md");
        let table = markdown_table();
        assert!(
            readme.contains(&table),
            "the README's check table differs from the registry; paste the output of \
             `arbiter checks --format markdown` between its check-table markers:\n{table}"
        );
    }
}
