//! Whether a value the GUI sets is one the option's declaration allows, and the forms the
//! UCI text gives its reserved string options.

use crate::check::Grade;
use crate::protocol::family::{OptionDecl, OptionType};
use crate::protocol::{Protocol, ReqId};
use crate::reqs;

/// What a `setoption` value breaks: the rows, the grade, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ValueFault {
    pub rows: Vec<ReqId>,
    pub grade: Grade,
    pub why: String,
}

fn fails(rows: &'static [ReqId], why: String) -> Option<ValueFault> {
    Some(ValueFault {
        rows: rows.to_vec(),
        grade: Grade::Fail,
        why,
    })
}

/// The options the UCI text names with their type (uci-r145..r168): a value the GUI sets
/// for one of them, declared with that type, breaks the option's own row besides its type's.
/// The string-typed ones (`NalimovPath`, `UCI_ShredderbasesPath`) are left out: what their
/// value means, a path, cannot be judged on the wire.
const NAMED: &[(&str, OptionType, ReqId)] = &[
    ("Hash", OptionType::Spin, crate::req!("uci-r145")),
    ("NalimovCache", OptionType::Spin, crate::req!("uci-r151")),
    ("Ponder", OptionType::Check, crate::req!("uci-r152")),
    ("OwnBook", OptionType::Check, crate::req!("uci-r157")),
    ("MultiPV", OptionType::Spin, crate::req!("uci-r159")),
    (
        "UCI_ShowCurrLine",
        OptionType::Check,
        crate::req!("uci-r160"),
    ),
    (
        "UCI_ShowRefutations",
        OptionType::Check,
        crate::req!("uci-r161"),
    ),
    (
        "UCI_LimitStrength",
        OptionType::Check,
        crate::req!("uci-r162"),
    ),
    ("UCI_Elo", OptionType::Spin, crate::req!("uci-r164")),
    (
        "UCI_AnalyseMode",
        OptionType::Check,
        crate::req!("uci-r168"),
    ),
];

/// What a `setoption` value breaks, if anything. UCCI's text names only the `check` type
/// (ucci-r25); its engines' other types are judged under UCI alone.
pub(super) fn judge_value(
    protocol: Protocol,
    declaration: &OptionDecl,
    value: Option<&str>,
) -> Option<ValueFault> {
    let value = value.map(str::trim);
    if protocol == Protocol::Ucci {
        return match (&declaration.kind, value) {
            (OptionType::Check, Some("true" | "false")) => None,
            (OptionType::Check, other) => fails(
                reqs!["ucci-r25"],
                format!("{}; a check option takes `true` or `false`", shown(other)),
            ),
            _ => None,
        };
    }
    let mut fault = uci_value(declaration, value)?;
    // The value is judged against the declared type, one of the text's five (uci-r177).
    fault.rows.push(crate::req!("uci-r177"));
    if let Some((_, _, row)) = NAMED.iter().find(|(name, kind, _)| {
        declaration.name.eq_ignore_ascii_case(name) && declaration.kind == *kind
    }) {
        fault.rows.push(*row);
    }
    Some(fault)
}

/// What a UCI `setoption` value breaks against its option's declared type.
fn uci_value(declaration: &OptionDecl, value: Option<&str>) -> Option<ValueFault> {
    match (&declaration.kind, value) {
        (OptionType::Check, Some("true" | "false")) => None,
        (OptionType::Check, other) => fails(
            reqs!["uci-r178"],
            format!("{}; a check option takes `true` or `false`", shown(other)),
        ),
        (OptionType::Spin, other) => spin(declaration, other),
        (OptionType::Combo, Some(v))
            if declaration
                .vars
                .iter()
                .any(|var| var.eq_ignore_ascii_case(v)) =>
        {
            None
        }
        (OptionType::Combo, other) => fails(
            reqs!["uci-r180", "uci-r187"],
            format!(
                "{}; a combo option takes one of its vars ({})",
                shown(other),
                declaration.vars.join(", ")
            ),
        ),
        (OptionType::Button, Some(v)) if !v.is_empty() => fails(
            reqs!["uci-r181"],
            format!("value `{v}`; a button takes no value"),
        ),
        (OptionType::String, Some(v)) if !v.is_empty() => reserved_string(&declaration.name, v),
        // The text writes an empty string as `<empty>`; a bare `setoption name X` for a
        // string option may mean the same, so it warns.
        (OptionType::String, _) => Some(ValueFault {
            rows: reqs!["uci-r182", "uci-r183"].to_vec(),
            grade: Grade::Warn,
            why: "no value; a string option's empty value is written `<empty>`".to_owned(),
        }),
        _ => None,
    }
}

fn shown(value: Option<&str>) -> String {
    value.map_or_else(|| "no value".to_owned(), |v| format!("value `{v}`"))
}

/// A spin takes an integer within its declared limits: a negative `Hash` is the classic.
fn spin(declaration: &OptionDecl, value: Option<&str>) -> Option<ValueFault> {
    let rows = reqs!["uci-r179", "uci-r185", "uci-r186"];
    let limits = format!(
        "from {} to {}",
        declaration.min.map_or("?".to_owned(), |m| m.to_string()),
        declaration.max.map_or("?".to_owned(), |m| m.to_string())
    );
    let Some(number) = value.and_then(|v| v.parse::<i64>().ok()) else {
        return fails(
            rows,
            format!("{}; a spin option takes an integer {limits}", shown(value)),
        );
    };
    let below = declaration.min.is_some_and(|min| number < min);
    let above = declaration.max.is_some_and(|max| number > max);
    if below || above {
        return fails(
            rows,
            format!("value {number} is outside its limits, {limits}"),
        );
    }
    None
}

/// `UCI_Opponent` is `[GM|IM|FM|WGM|WIM|none] [<elo>|none] [computer|human] <name>`
/// (uci-r171); `UCI_SetPositionValue` is `<value> + <fen>`, `clear + <fen>` or `clearall`
/// (uci-r175).
fn reserved_string(name: &str, value: &str) -> Option<ValueFault> {
    if name.eq_ignore_ascii_case("UCI_Opponent") {
        let words: Vec<&str> = value.split_whitespace().collect();
        let title = ["GM", "IM", "FM", "WGM", "WIM", "none"];
        let fits = words.len() >= 4
            && title.contains(&words[0])
            && (words[1] == "none" || words[1].parse::<u32>().is_ok())
            && matches!(words[2], "computer" | "human");
        if !fits {
            return fails(
                reqs!["uci-r171"],
                format!(
                    "`{value}` is not `[GM|IM|FM|WGM|WIM|none] [<elo>|none] [computer|human] <name>`"
                ),
            );
        }
        return None;
    }
    if name.eq_ignore_ascii_case("UCI_SetPositionValue") {
        let words: Vec<&str> = value.split_whitespace().collect();
        let fits = match words.as_slice() {
            ["clearall"] => true,
            [first, "+", _fen, ..] => *first == "clear" || first.parse::<i64>().is_ok(),
            _ => false,
        };
        if !fits {
            return fails(
                reqs!["uci-r175"],
                format!("`{value}` is not `<value> + <fen>`, `clear + <fen>` or `clearall`"),
            );
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::req;

    fn declared(line: &str) -> OptionDecl {
        match crate::protocol::uci::parse_message(line) {
            Ok(crate::protocol::uci::Message::Option(d)) => d,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn values_are_judged_against_their_declaration() {
        let hash = declared("option name Hash type spin default 16 min 1 max 33554432");
        assert_eq!(judge_value(Protocol::Uci, &hash, Some("64")), None);
        let negative = judge_value(Protocol::Uci, &hash, Some("-1")).unwrap();
        assert_eq!(negative.rows[0], req!("uci-r179"));
        assert_eq!(negative.grade, Grade::Fail);
        assert!(
            negative.why.contains("outside its limits"),
            "{}",
            negative.why
        );
        assert!(judge_value(Protocol::Uci, &hash, Some("lots")).is_some());
        let ponder = declared("option name Ponder type check default false");
        assert_eq!(judge_value(Protocol::Uci, &ponder, Some("true")), None);
        assert!(judge_value(Protocol::Uci, &ponder, Some("yes")).is_some());
        let style = declared("option name Style type combo default Normal var Solid var Normal");
        assert_eq!(judge_value(Protocol::Uci, &style, Some("solid")), None);
        assert!(judge_value(Protocol::Uci, &style, Some("Wild")).is_some());
        let clear = declared("option name Clear Hash type button");
        assert_eq!(judge_value(Protocol::Uci, &clear, None), None);
    }

    /// A value outside the type of an option the text names breaks that option's row as
    /// well as its type's and uci-r177's; the same name declared with another type is judged
    /// against the engine's declaration only.
    #[test]
    fn a_named_option_set_outside_its_type_breaks_its_own_row() {
        let cases = [
            (
                "option name Hash type spin default 16 min 1 max 1024",
                "0",
                req!("uci-r145"),
            ),
            (
                "option name NalimovCache type spin default 1 min 1 max 32",
                "x",
                req!("uci-r151"),
            ),
            (
                "option name Ponder type check default false",
                "yes",
                req!("uci-r152"),
            ),
            (
                "option name OwnBook type check default true",
                "1",
                req!("uci-r157"),
            ),
            (
                "option name MultiPV type spin default 1 min 1 max 500",
                "0",
                req!("uci-r159"),
            ),
            (
                "option name UCI_ShowCurrLine type check default false",
                "on",
                req!("uci-r160"),
            ),
            (
                "option name UCI_ShowRefutations type check default false",
                "on",
                req!("uci-r161"),
            ),
            (
                "option name UCI_LimitStrength type check default false",
                "no",
                req!("uci-r162"),
            ),
            (
                "option name UCI_Elo type spin default 1500 min 1350 max 2850",
                "3000",
                req!("uci-r164"),
            ),
            (
                "option name UCI_AnalyseMode type check default false",
                "analyse",
                req!("uci-r168"),
            ),
        ];
        for (line, value, row) in cases {
            let fault = judge_value(Protocol::Uci, &declared(line), Some(value))
                .unwrap_or_else(|| panic!("{line}: {value} passed"));
            let rows = &fault.rows;
            assert_eq!(fault.grade, Grade::Fail, "{line}");
            assert!(rows.contains(&row), "{line}: {rows:?}");
            assert!(rows.contains(&req!("uci-r177")), "{line}: {rows:?}");
        }
        let odd_hash = declared("option name Hash type string default 16");
        let fault = judge_value(Protocol::Uci, &odd_hash, None).unwrap();
        assert!(!fault.rows.contains(&req!("uci-r145")));
        let style = declared("option name Style type combo default Normal var Solid var Normal");
        let fault = judge_value(Protocol::Uci, &style, Some("Wild")).unwrap();
        assert_eq!(fault.rows.len(), 3, "{:?}", fault.rows);
    }

    #[test]
    fn reserved_strings_keep_their_forms() {
        let opponent = declared("option name UCI_Opponent type string default");
        let ok = "GM 2800 human Gary Kasparov";
        assert_eq!(judge_value(Protocol::Uci, &opponent, Some(ok)), None);
        let ok = "none none computer Shredder";
        assert_eq!(judge_value(Protocol::Uci, &opponent, Some(ok)), None);
        let bad = judge_value(Protocol::Uci, &opponent, Some("Kasparov")).unwrap();
        assert_eq!(bad.rows[0], req!("uci-r171"));
        let empty = judge_value(Protocol::Uci, &opponent, None).unwrap();
        assert_eq!(
            (empty.rows[1], empty.grade),
            (req!("uci-r183"), Grade::Warn)
        );
        let value = declared("option name UCI_SetPositionValue type string default");
        assert_eq!(judge_value(Protocol::Uci, &value, Some("clearall")), None);
        let fen = "+ rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            judge_value(Protocol::Uci, &value, Some(&format!("35 {fen}"))),
            None
        );
        assert!(judge_value(Protocol::Uci, &value, Some("35")).is_some());
    }

    #[test]
    fn ucci_judges_only_the_check_type_its_text_names() {
        let usebook = OptionDecl {
            name: "usebook".into(),
            kind: OptionType::Check,
            min: None,
            max: None,
            vars: vec![],
            default: Some("true".into()),
        };
        assert_eq!(judge_value(Protocol::Ucci, &usebook, Some("false")), None);
        assert_eq!(
            judge_value(Protocol::Ucci, &usebook, Some("off"))
                .unwrap()
                .rows[0],
            req!("ucci-r25")
        );
        let hash = OptionDecl {
            kind: OptionType::Spin,
            min: Some(0),
            max: Some(1024),
            ..usebook
        };
        assert_eq!(judge_value(Protocol::Ucci, &hash, Some("-5")), None);
    }
}
