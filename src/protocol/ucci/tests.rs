//! The UCCI codec's tests: worked examples of the text, precise errors, round trips.

use super::*;
use crate::protocol::family::OptionType;
use crate::rules::xiangqi::Square;
use proptest::prelude::*;

fn m(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

fn ms(s: &str) -> Vec<Move> {
    s.split_whitespace().map(m).collect()
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn worked_example_commands() {
    assert_eq!(parse_command("ucci"), Ok(Command::Ucci));
    assert_eq!(
        parse_command("setoption usemillisec true"),
        Ok(Command::SetOption {
            name: "usemillisec".into(),
            value: Some("true".into())
        })
    );
    assert_eq!(
        parse_command("setoption loadbook"),
        Ok(Command::SetOption {
            name: "loadbook".into(),
            value: None
        })
    );
    assert_eq!(
        parse_command(&format!("position fen {START}")),
        Ok(Command::Position {
            start: PositionStart::Fen(START.into()),
            moves: vec![]
        })
    );
    assert_eq!(
        parse_command(&format!("position fen {START} moves h2e2 h7e7")),
        Ok(Command::Position {
            start: PositionStart::Fen(START.into()),
            moves: ms("h2e2 h7e7")
        })
    );
    assert_eq!(
        parse_command("go time 300000 increment 0"),
        Ok(Command::Go {
            ponder: false,
            draw: false,
            limit: GoLimit::Time {
                time: 300000,
                movestogo: None,
                increment: Some(0),
                opptime: None,
                oppmovestogo: None,
                oppincrement: None
            }
        })
    );
    let Ok(Command::Go { ponder: true, .. }) = parse_command("go ponder time 295000 increment 0")
    else {
        panic!("go ponder");
    };
    assert_eq!(
        parse_command("ponderhit"),
        Ok(Command::PonderHit { draw: false })
    );
    assert_eq!(
        parse_command("ponderhit draw"),
        Ok(Command::PonderHit { draw: true })
    );
    assert_eq!(
        parse_command("go depth infinite"),
        Ok(Command::Go {
            ponder: false,
            draw: false,
            limit: GoLimit::DepthInfinite
        })
    );
    assert_eq!(
        parse_command("go draw infinite").map(|c| c.to_string()),
        Ok("go draw infinite".into())
    );
    assert_eq!(
        parse_command("banmoves h2e2 b0c2"),
        Ok(Command::BanMoves(ms("h2e2 b0c2")))
    );
    assert_eq!(
        parse_command("probe startpos moves h2e2"),
        Ok(Command::Probe {
            start: PositionStart::Startpos,
            moves: ms("h2e2")
        })
    );
    assert_eq!(parse_command("quit\r"), Ok(Command::Quit));
}

/// ElephantEye 3.31, the texts' own engine, announces its version on an `id` line of its own.
#[test]
fn an_id_key_the_texts_do_not_list_is_read_with_its_text() {
    let line = "id version 3.31";
    let message = parse_message(line);
    assert_eq!(
        message,
        Ok(Message::IdOther {
            key: "version".into(),
            value: "3.31".into()
        })
    );
    assert_eq!(message.unwrap().to_string(), line);
    assert!(matches!(
        parse_message("id version"),
        Err(LineError {
            keyword: Some(MessageKeyword::Id),
            error: ParseError::Missing { .. }
        })
    ));
}

#[test]
fn worked_example_messages() {
    assert_eq!(
        parse_message("id name ElephantEye 1.6 Beta"),
        Ok(Message::Id {
            field: IdField::Name,
            value: "ElephantEye 1.6 Beta".into()
        })
    );
    assert_eq!(
        parse_message("option usemillisec type check default false"),
        Ok(Message::Option(OptionDecl {
            name: "usemillisec".into(),
            kind: OptionType::Check,
            min: None,
            max: None,
            vars: vec![],
            default: Some("false".into())
        }))
    );
    assert_eq!(parse_message("ucciok"), Ok(Message::UcciOk));
    assert_eq!(
        parse_message("info depth 6 score 4 pv b0c2 h9g7 c3c4 h7i7 c4c5 i7i3"),
        Ok(Message::Info(Info {
            depth: Some(6),
            score: Some(4),
            pv: ms("b0c2 h9g7 c3c4 h7i7 c4c5 i7i3"),
            ..Info::default()
        }))
    );
    assert_eq!(
        parse_message("info nodes 5000000 time 5000"),
        Ok(Message::Info(Info {
            nodes: Some(5000000),
            time: Some(5000),
            ..Info::default()
        }))
    );
    assert_eq!(
        parse_message("bestmove b0c2 ponder h9g7"),
        Ok(Message::BestMove {
            mv: m("b0c2"),
            ponder: Some(m("h9g7")),
            verdict: None
        })
    );
    assert_eq!(
        parse_message("bestmove c3c4 resign"),
        Ok(Message::BestMove {
            mv: m("c3c4"),
            ponder: None,
            verdict: Some(Verdict::Resign)
        })
    );
    assert_eq!(parse_message("nobestmove"), Ok(Message::NoBestMove));
    assert_eq!(
        parse_message("pophash bestmove h2e2 lowerbound 30 depth 5"),
        Ok(Message::PopHash {
            bestmove: Some(m("h2e2")),
            lowerbound: Some((30, 5)),
            upperbound: None
        })
    );
    assert_eq!(
        parse_message("pophash"),
        Ok(Message::PopHash {
            bestmove: None,
            lowerbound: None,
            upperbound: None
        })
    );
    assert_eq!(
        parse_message("info currmove h2e2 foo 1 2 message 你好  world"),
        Ok(Message::Info(Info {
            currmove: Some(m("h2e2")),
            message: Some("你好  world".into()),
            unknown: vec!["foo".into(), "1".into(), "2".into()],
            ..Info::default()
        }))
    );
    assert_eq!(parse_message("bye"), Ok(Message::Bye));
}

/// The first unreadable field of an `info` line, as a report shows it.
fn fault(line: &str) -> String {
    match parse_message(line) {
        Ok(Message::Info(info)) => info.faults[0].to_string(),
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn a_field_that_does_not_read_hides_nothing_after_it() {
    // Fairy-Stockfish in UCCI mode writes UCI's `score cp`: the pv after it still counts.
    let Ok(Message::Info(info)) = parse_message("info depth 3 score cp 266 pv h2e2 h9g7 nodes 9")
    else {
        panic!()
    };
    assert_eq!(info.depth, Some(3));
    assert_eq!(info.pv, ms("h2e2 h9g7"));
    assert_eq!(info.nodes, Some(9));
    assert_eq!(info.faults.len(), 1);
    assert_eq!(info.faults[0].text, "score cp 266");
    assert_eq!(info.faults[0].requirement.to_string(), "ucci-r82");
    // Written back, the line reads the same.
    assert_eq!(
        parse_message(&info.to_string()),
        Ok(Message::Info(info.clone()))
    );
}

#[test]
fn precise_errors() {
    let e = |l: &str| parse_message(l).unwrap_err().to_string();
    assert_eq!(
        e("bestmove e2e9x"),
        "`bestmove` is followed by `e2e9x`, which is not an ICCS move: ICCS move \"e2e9x\" must be 4 characters (file a-i, rank 0-9, twice), not 5"
    );
    assert_eq!(e("bestmove"), "`bestmove` must be followed by an ICCS move");
    assert_eq!(
        e("bestmove b0c2 draw resign"),
        "unexpected `resign` at byte 19: `bestmove <m>` is followed only by `ponder <m>` and one of `draw`, `resign` (ucci-r97)"
    );
    assert_eq!(
        e("BESTMOVE b0c2"),
        "`BESTMOVE` must be written `bestmove`: keywords of this protocol are case-sensitive"
    );
    assert_eq!(
        fault("info depth x"),
        "`depth x`: `depth` is followed by `x`, which is not a decimal integer from 0 to 4294967295"
    );
    assert_eq!(
        fault("info depth 1 depth 2"),
        "`depth 2`: `depth` appears twice in one line"
    );
    assert!(e("hello").starts_with("`hello` is not a known keyword: expected a UCCI reply"));
    assert_eq!(
        parse_command("go movestogo 3").unwrap_err().to_string(),
        "unexpected `movestogo` at byte 3: it belongs to the time mode and must follow `time <t>`"
    );
    assert_eq!(
        parse_command("go").unwrap_err().to_string(),
        "`go` must be followed by a thinking mode (`depth <d>`, `infinite`, `nodes <n>` or `time <t>`)"
    );
    assert_eq!(
        parse_command("  "),
        Err(LineError::unkeyed(ParseError::Empty))
    );
}

fn arb_move() -> impl Strategy<Value = Move> {
    (0u8..9, 0u8..10, 0u8..9, 0u8..10)
        .prop_filter("distinct", |(a, b, c, d)| (a, b) != (c, d))
        .prop_map(|(a, b, c, d)| Move::new(Square::new(a, b).unwrap(), Square::new(c, d).unwrap()))
}

fn moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(arb_move(), 0..5)
}

fn word() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9_]{0,8}"
}

fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9;:/._\u{4e00}-\u{4e20}]([a-zA-Z0-9 ;:/._\u{4e00}-\u{4e20}]{0,20}[a-zA-Z0-9;:/._\u{4e00}-\u{4e20}])?"
}

fn start() -> impl Strategy<Value = PositionStart> {
    prop_oneof![
        Just(PositionStart::Startpos),
        Just(PositionStart::Fen(START.into())),
        "[1-9a-zA-Z/]{1,20}( [a-z0-9-]{1,3}){0,5}".prop_map(PositionStart::Fen),
    ]
}

fn limit() -> impl Strategy<Value = GoLimit> {
    let opt32 = || proptest::option::of(any::<u32>());
    let opt64 = || proptest::option::of(any::<u64>());
    prop_oneof![
        any::<u32>().prop_map(GoLimit::Depth),
        Just(GoLimit::DepthInfinite),
        any::<u64>().prop_map(GoLimit::Nodes),
        Just(GoLimit::Infinite),
        (any::<u64>(), opt32(), opt64(), opt64(), opt32(), opt64()).prop_map(
            |(time, movestogo, increment, opptime, oppmovestogo, oppincrement)| GoLimit::Time {
                time,
                movestogo,
                increment,
                opptime,
                oppmovestogo,
                oppincrement
            }
        ),
    ]
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        Just(Command::Ucci),
        Just(Command::IsReady),
        (word(), proptest::option::of(text()))
            .prop_map(|(name, value)| Command::SetOption { name, value }),
        (start(), moves()).prop_map(|(start, moves)| Command::Position { start, moves }),
        (start(), moves()).prop_map(|(start, moves)| Command::Probe { start, moves }),
        moves().prop_map(Command::BanMoves),
        (any::<bool>(), any::<bool>(), limit()).prop_map(|(ponder, draw, limit)| Command::Go {
            ponder,
            draw,
            limit
        }),
        any::<bool>().prop_map(|draw| Command::PonderHit { draw }),
        Just(Command::Stop),
        Just(Command::Quit),
    ]
}

fn unknown() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec("[j-z]{5,8}|[0-9]{1,4}", 0..3).prop_map(|mut v| {
        if !v.is_empty() {
            v[0] = format!("zz{}", v[0]);
        }
        v
    })
}

fn info() -> impl Strategy<Value = Info> {
    (
        proptest::option::of(any::<u32>()),
        proptest::option::of(any::<i32>()),
        moves(),
        proptest::option::of(any::<u64>()),
        proptest::option::of(any::<u64>()),
        proptest::option::of(arb_move()),
        proptest::option::of(prop_oneof![Just(String::new()), text()]),
        unknown(),
    )
        .prop_map(
            |(depth, score, pv, time, nodes, currmove, message, unknown)| Info {
                depth,
                score,
                pv,
                time,
                nodes,
                currmove,
                message,
                unknown,
                faults: Vec::new(),
            },
        )
}

fn message() -> impl Strategy<Value = Message> {
    let kind = prop_oneof![
        Just(OptionType::Check),
        Just(OptionType::Spin),
        Just(OptionType::Combo),
        Just(OptionType::Button),
        Just(OptionType::String),
        Just(OptionType::Label),
        "x[a-z]{1,5}".prop_map(OptionType::Other),
    ];
    let option = (
        word(),
        kind,
        proptest::option::of(any::<i64>()),
        proptest::option::of(any::<i64>()),
        prop::collection::vec(word(), 0..3),
        proptest::option::of(prop_oneof![Just(String::new()), word()]),
    )
        .prop_map(|(name, kind, min, max, vars, default)| OptionDecl {
            name,
            kind,
            min,
            max,
            vars,
            default,
        });
    let verdict = proptest::option::of(prop_oneof![Just(Verdict::Draw), Just(Verdict::Resign)]);
    let bound = || proptest::option::of((any::<i32>(), any::<u32>()));
    prop_oneof![
        (prop::sample::select(IdField::ALL.to_vec()), text())
            .prop_map(|(field, value)| Message::Id { field, value }),
        option.prop_map(Message::Option),
        Just(Message::UcciOk),
        Just(Message::ReadyOk),
        info().prop_map(Message::Info),
        (arb_move(), proptest::option::of(arb_move()), verdict).prop_map(
            |(mv, ponder, verdict)| Message::BestMove {
                mv,
                ponder,
                verdict
            }
        ),
        Just(Message::NoBestMove),
        (proptest::option::of(arb_move()), bound(), bound()).prop_map(
            |(bestmove, lowerbound, upperbound)| Message::PopHash {
                bestmove,
                lowerbound,
                upperbound
            }
        ),
        Just(Message::Bye),
    ]
}

const INFO_KEYS_FOR_TESTS: [&str; 7] = [
    "depth", "score", "pv", "time", "nodes", "currmove", "message",
];

proptest! {
    /// Good fields after a bad one read as if the bad one were not there.
    #[test]
    fn one_bad_field_is_one_fault(i in info(), bad in prop::sample::select(vec![
        "score cp 266", "depth x", "time -5", "currmove z9z9", "nodes", "pv h2e2 h2z9",
    ])) {
        let rest = i.to_string();
        let rest = rest.strip_prefix("info").unwrap();
        let starts_with_key = rest.split_whitespace().next()
            .is_none_or(|w| INFO_KEYS_FOR_TESTS.contains(&w));
        prop_assume!(starts_with_key);
        let key = bad.split_whitespace().next().unwrap();
        // A second field of the same key would be a fault of its own.
        prop_assume!(!rest.split_whitespace().any(|w| w == key));
        let Ok(Message::Info(read)) = parse_message(&format!("info {bad}{rest}")) else {
            panic!("an info line reads");
        };
        prop_assert_eq!(read.faults.len(), 1);
        prop_assert_eq!(&read.faults[0].text, bad);
        prop_assert_eq!(Info { faults: Vec::new(), ..read }, i);
    }

    #[test]
    fn commands_round_trip(c in command()) {
        prop_assert_eq!(parse_command(&c.to_string()), Ok(c));
    }

    #[test]
    fn messages_round_trip(msg in message()) {
        prop_assert_eq!(parse_message(&msg.to_string()), Ok(msg));
    }

    #[test]
    fn never_panics(s in any::<String>(), b in any::<Vec<u8>>()) {
        let _ = parse_command(&s);
        let _ = parse_message(&s);
        let lossy = String::from_utf8_lossy(&b);
        let _ = parse_command(&lossy);
        let _ = parse_message(&lossy);
    }

    #[test]
    fn never_panics_on_protocol_like_text(s in "(info|bestmove|go|position|option|pophash|ponder|depth|pv|time|fen|moves|draw|type|min|var|[a-j][0-9][a-j][0-9]|-?[0-9]{1,12}| |\t){0,12}") {
        let _ = parse_command(&s);
        let _ = parse_message(&s);
    }
}

proptest! {
    /// What the codec writes is the text's own spelling: nothing of it is respelt, so a check
    /// never warns about a line written as the text writes it.
    #[test]
    fn the_texts_own_spelling_is_never_respelt(c in command(), m in message()) {
        use crate::protocol::{Protocol, spelling::respell};
        prop_assert_eq!(respell(Protocol::Ucci, &c.to_string()), None);
        prop_assert_eq!(respell(Protocol::Ucci, &m.to_string()), None);
    }
}

#[test]
fn an_unreadable_line_carries_the_keyword_it_opened_with() {
    assert_eq!(
        parse_command("go").unwrap_err().keyword,
        Some(CommandKeyword::Go)
    );
    assert_eq!(
        parse_message("bestmove (none)").unwrap_err().keyword,
        Some(MessageKeyword::BestMove)
    );
    // A keyword in the wrong case reads as none: UCCI's keywords are lower case.
    assert_eq!(parse_command("GO depth 5").unwrap_err().keyword, None);
    assert_eq!(parse_command("xyzzy").unwrap_err().keyword, None);
}
