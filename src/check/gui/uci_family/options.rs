//! Whether a value the GUI sets is one the option's declaration allows, and the forms the
//! UCI text gives its reserved string options.

use crate::check::Grade;
use crate::protocol::family::{OptionDecl, OptionType};
use crate::protocol::{Protocol, ReqId};
use crate::reqs;

/// What a `setoption` value breaks: the rows, the grade, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ValueFault {
    pub rows: &'static [ReqId],
    pub grade: Grade,
    pub why: String,
}

fn fails(rows: &'static [ReqId], why: String) -> Option<ValueFault> {
    Some(ValueFault {
        rows,
        grade: Grade::Fail,
        why,
    })
}

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
            rows: reqs!["uci-r182", "uci-r183"],
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
        assert_eq!(negative.rows[0].to_string(), "uci-r179");
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

    #[test]
    fn reserved_strings_keep_their_forms() {
        let opponent = declared("option name UCI_Opponent type string default");
        let ok = "GM 2800 human Gary Kasparov";
        assert_eq!(judge_value(Protocol::Uci, &opponent, Some(ok)), None);
        let ok = "none none computer Shredder";
        assert_eq!(judge_value(Protocol::Uci, &opponent, Some(ok)), None);
        let bad = judge_value(Protocol::Uci, &opponent, Some("Kasparov")).unwrap();
        assert_eq!(bad.rows[0].to_string(), "uci-r171");
        let empty = judge_value(Protocol::Uci, &opponent, None).unwrap();
        assert_eq!(
            (empty.rows[1].to_string(), empty.grade),
            ("uci-r183".to_owned(), Grade::Warn)
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
                .rows[0]
                .to_string(),
            "ucci-r25"
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
