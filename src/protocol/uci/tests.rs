//! The UCI codec's tests: worked examples of the text, precise errors, round trips.

use super::info::{Bound, CurrLine, Score, ScoreValue};
use super::*;
use crate::protocol::family::OptionType;
use proptest::prelude::*;

fn m(s: &str) -> Move {
    s.parse().unwrap()
}

fn ms(s: &str) -> Vec<Move> {
    s.split_whitespace().map(m).collect()
}

#[test]
fn worked_example_commands() {
    assert_eq!(parse_command("uci"), Ok(Command::Uci));
    assert_eq!(
        parse_command("setoption name Hash value 32"),
        Ok(Command::SetOption {
            name: "Hash".into(),
            value: Some("32".into())
        })
    );
    assert_eq!(
        parse_command("setoption name NalimovPath value d:\\tb;c\\tb"),
        Ok(Command::SetOption {
            name: "NalimovPath".into(),
            value: Some("d:\\tb;c\\tb".into())
        })
    );
    assert_eq!(
        parse_command("setoption name UCI_Opponent value GM 2800 human Gary Kasparov"),
        Ok(Command::SetOption {
            name: "UCI_Opponent".into(),
            value: Some("GM 2800 human Gary Kasparov".into())
        })
    );
    assert_eq!(
        parse_command("setoption name Clear Hash"),
        Ok(Command::SetOption {
            name: "Clear Hash".into(),
            value: None
        })
    );
    assert_eq!(
        parse_command("register name DimaBest code 123456789"),
        Ok(Command::Register(Register::Now {
            name: Some("DimaBest".into()),
            code: Some("123456789".into())
        }))
    );
    assert_eq!(parse_command("ucinewgame"), Ok(Command::UciNewGame));
    assert_eq!(
        parse_command("position startpos moves e2e4 e7e5"),
        Ok(Command::Position {
            start: PositionStart::Startpos,
            moves: ms("e2e4 e7e5")
        })
    );
    assert_eq!(
        parse_command("go infinite"),
        Ok(Command::Go(Go {
            infinite: true,
            ..Go::default()
        }))
    );
    assert_eq!(
        parse_command("go  searchmoves e2e4 d2d4\tponder wtime -20 btime 100 movestogo 5"),
        Ok(Command::Go(Go {
            searchmoves: ms("e2e4 d2d4"),
            ponder: true,
            wtime: Some(-20),
            btime: Some(100),
            movestogo: Some(5),
            ..Go::default()
        }))
    );
    assert_eq!(parse_command("debug on"), Ok(Command::Debug(true)));
    assert_eq!(parse_command("stop"), Ok(Command::Stop));
}

#[test]
fn worked_example_messages() {
    assert_eq!(
        parse_message("id name Shredder"),
        Ok(Message::Id {
            field: IdField::Name,
            value: "Shredder".into()
        })
    );
    assert_eq!(
        parse_message("option name Hash type spin default 1 min 1 max 128"),
        Ok(Message::Option(OptionDecl {
            name: "Hash".into(),
            kind: OptionType::Spin,
            default: Some("1".into()),
            min: Some(1),
            max: Some(128),
            vars: vec![]
        }))
    );
    for empty in ["<empty>", "< empty>", "< empty >", ""] {
        let Ok(Message::Option(o)) = parse_message(&format!(
            "option name NalimovPath type string default {empty}"
        )) else {
            panic!("{empty}");
        };
        assert_eq!(o.default, Some(String::new()));
    }
    assert_eq!(
        parse_message("option name Style type combo default Normal var Solid var Normal var Risky"),
        Ok(Message::Option(OptionDecl {
            name: "Style".into(),
            kind: OptionType::Combo,
            default: Some("Normal".into()),
            min: None,
            max: None,
            vars: vec!["Solid".into(), "Normal".into(), "Risky".into()]
        }))
    );
    let Ok(Message::Option(o)) = parse_message("option name Clear Hash type button") else {
        panic!()
    };
    assert_eq!(
        (o.name.as_str(), o.kind),
        ("Clear Hash", OptionType::Button)
    );
    assert_eq!(
        parse_message("info depth 2 score cp 214 time 1242 nodes 2124 nps 34928 pv e2e4 e7e5 g1f3"),
        Ok(Message::Info(Info {
            depth: Some(2),
            score: Some(Score {
                value: ScoreValue::Cp(214),
                bound: None
            }),
            time: Some(1242),
            nodes: Some(2124),
            nps: Some(34928),
            pv: ms("e2e4 e7e5 g1f3"),
            ..Info::default()
        }))
    );
    assert_eq!(
        parse_message("info score cp 20 lowerbound depth 3 nodes 423 time 15 pv f1c4 g8f6 b1c3"),
        Ok(Message::Info(Info {
            depth: Some(3),
            score: Some(Score {
                value: ScoreValue::Cp(20),
                bound: Some(Bound::Lower)
            }),
            time: Some(15),
            nodes: Some(423),
            pv: ms("f1c4 g8f6 b1c3"),
            ..Info::default()
        }))
    );
    assert_eq!(
        parse_message("info depth 1 seldepth 0"),
        Ok(Message::Info(Info {
            depth: Some(1),
            seldepth: Some(0),
            ..Info::default()
        }))
    );
    assert_eq!(
        parse_message("info refutation d1h5 g6h5 currline 1 e2e4 e7e5 string hello  world"),
        Ok(Message::Info(Info {
            refutation: ms("d1h5 g6h5"),
            currline: Some(CurrLine {
                cpunr: Some(1),
                moves: ms("e2e4 e7e5")
            }),
            string: Some("hello  world".into()),
            ..Info::default()
        }))
    );
    // Found by the round-trip property: `0000` after `currline` is a null move.
    assert_eq!(
        parse_message("info currline 0000"),
        Ok(Message::Info(Info {
            currline: Some(CurrLine {
                cpunr: None,
                moves: vec![Move::Null]
            }),
            ..Info::default()
        }))
    );
    assert_eq!(
        parse_message("bestmove g1f3 ponder d8f6"),
        Ok(Message::BestMove {
            mv: m("g1f3"),
            ponder: Some(m("d8f6"))
        })
    );
    assert_eq!(
        parse_message("bestmove 0000"),
        Ok(Message::BestMove {
            mv: Move::Null,
            ponder: None
        })
    );
    assert_eq!(
        parse_message("bestmove e7e8q"),
        Ok(Message::BestMove {
            mv: m("e7e8q"),
            ponder: None
        })
    );
    assert_eq!(
        parse_message("registration checking"),
        Ok(Message::Registration(Status::Checking))
    );
    assert_eq!(
        parse_message("copyprotection error"),
        Ok(Message::CopyProtection(Status::Error))
    );
    assert_eq!(parse_message("uciok\r"), Ok(Message::UciOk));
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
    let Ok(Message::Info(info)) =
        parse_message("info depth 5 score 31 pv e2e4 e7e5 nodes 10 currmove e2e4")
    else {
        panic!()
    };
    assert_eq!((info.depth, info.nodes), (Some(5), Some(10)));
    assert_eq!(info.pv.len(), 2);
    assert!(info.currmove.is_some());
    assert_eq!(info.faults.len(), 1);
    assert_eq!(info.faults[0].requirement.to_string(), "uci-r115");
}

#[test]
fn precise_errors() {
    let e = |l: &str| parse_message(l).unwrap_err().to_string();
    assert!(e("bestmove e2e9x").starts_with(
        "`bestmove` is followed by `e2e9x`, which is not a UCI move: expected from-square"
    ));
    assert_eq!(e("bestmove"), "`bestmove` must be followed by a UCI move");
    assert_eq!(
        fault("info score 20"),
        "`score 20`: `score` must be followed by `cp <x>` or `mate <y>`"
    );
    assert_eq!(
        fault("info pv e2e4 e7e11"),
        "`pv e2e4 e7e11`: `pv` is followed by `e7e11`, which is not a UCI move: expected from-square and to-square (chess: files a-h, ranks 1-8, e2e4; xiangqi: files a-i, ranks 1-10, h3e3, a10a9) and an optional promotion letter n, b, r or q (e7e8q), or 0000 for the null move"
    );
    assert_eq!(
        e("option name Hash"),
        "`option name Hash` must be followed by `type <type>`"
    );
    assert_eq!(
        e("Uciok"),
        "`Uciok` must be written `uciok`: keywords of this protocol are case-sensitive"
    );
    assert_eq!(
        parse_command("debug yes").unwrap_err().to_string(),
        "`debug` is followed by `yes`, but it takes `on` or `off`"
    );
}

fn arb_square() -> impl Strategy<Value = Square> {
    (0u8..9, 1u8..=10).prop_map(|(file, rank)| Square { file, rank })
}

fn arb_move() -> impl Strategy<Value = Move> {
    let promo = proptest::option::of(prop::sample::select(vec!['n', 'b', 'r', 'q']));
    prop_oneof![
        9 => (arb_square(), arb_square(), promo).prop_map(|(from, to, promotion)| Move::Normal { from, to, promotion }),
        1 => Just(Move::Null),
    ]
}

fn moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(arb_move(), 0..4)
}

fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9;:/._\u{4e00}-\u{4e20}]([a-zA-Z0-9 ;:/._\u{4e00}-\u{4e20}]{0,20}[a-zA-Z0-9;:/._\u{4e00}-\u{4e20}])?"
}

/// Names and values that contain no keyword of the line they sit in.
fn phrase() -> impl Strategy<Value = String> {
    "[A-Z][a-zA-Z_]{0,6}( [A-Z0-9][a-zA-Z0-9_]{0,5}){0,2}"
}

fn opt<T: std::fmt::Debug + Clone>(
    s: impl Strategy<Value = T>,
) -> impl Strategy<Value = Option<T>> {
    proptest::option::of(s)
}

fn go() -> impl Strategy<Value = Go> {
    (
        moves(),
        any::<bool>(),
        (
            opt(any::<i64>()),
            opt(any::<i64>()),
            opt(any::<i64>()),
            opt(any::<i64>()),
        ),
        (
            opt(any::<u32>()),
            opt(any::<u32>()),
            opt(any::<u64>()),
            opt(any::<u32>()),
            opt(any::<u64>()),
        ),
        any::<bool>(),
    )
        .prop_map(
            |(
                searchmoves,
                ponder,
                (wtime, btime, winc, binc),
                (movestogo, depth, nodes, mate, movetime),
                infinite,
            )| Go {
                searchmoves,
                ponder,
                wtime,
                btime,
                winc,
                binc,
                movestogo,
                depth,
                nodes,
                mate,
                movetime,
                infinite,
            },
        )
}

fn command() -> impl Strategy<Value = Command> {
    let start = prop_oneof![
        Just(PositionStart::Startpos),
        "[1-8a-zA-Z/]{1,20}( [a-z0-9-]{1,3}){0,5}".prop_map(PositionStart::Fen),
    ];
    prop_oneof![
        Just(Command::Uci),
        any::<bool>().prop_map(Command::Debug),
        Just(Command::IsReady),
        (phrase(), opt(prop_oneof![Just(String::new()), phrase()]))
            .prop_map(|(name, value)| Command::SetOption { name, value }),
        Just(Command::Register(Register::Later)),
        (opt(phrase()), opt(phrase()))
            .prop_filter("one of them", |(n, c)| n.is_some() || c.is_some())
            .prop_map(|(name, code)| Command::Register(Register::Now { name, code })),
        Just(Command::UciNewGame),
        (start, moves()).prop_map(|(start, moves)| Command::Position { start, moves }),
        go().prop_map(Command::Go),
        Just(Command::Stop),
        Just(Command::PonderHit),
        Just(Command::Quit),
    ]
}

fn info() -> impl Strategy<Value = Info> {
    let score = (
        prop_oneof![
            any::<i32>().prop_map(ScoreValue::Cp),
            any::<i32>().prop_map(ScoreValue::Mate)
        ],
        opt(prop_oneof![Just(Bound::Lower), Just(Bound::Upper)]),
    )
        .prop_map(|(value, bound)| Score { value, bound });
    let unknown = prop::collection::vec("[j-z]{5,8}|[0-9]{1,4}", 0..3).prop_map(|mut v| {
        if !v.is_empty() {
            v[0] = format!("zz{}", v[0]);
        }
        v
    });
    (
        (
            opt(any::<u32>()),
            opt(any::<u32>()),
            opt(any::<u64>()),
            opt(any::<u64>()),
            moves(),
            opt(any::<u32>()),
        ),
        (
            opt(score),
            opt(arb_move()),
            opt(any::<u32>()),
            opt(any::<u32>()),
            opt(any::<u64>()),
        ),
        (
            opt(any::<u64>()),
            opt(any::<u64>()),
            opt(any::<u32>()),
            opt(prop_oneof![Just(String::new()), text()]),
        ),
        (
            moves(),
            opt((opt(any::<u32>()), moves()).prop_map(|(cpunr, moves)| CurrLine { cpunr, moves })),
            unknown,
        ),
    )
        .prop_map(
            |(
                (depth, seldepth, time, nodes, pv, multipv),
                (score, currmove, currmovenumber, hashfull, nps),
                (tbhits, sbhits, cpuload, string),
                (refutation, currline, unknown),
            )| Info {
                depth,
                seldepth,
                time,
                nodes,
                pv,
                multipv,
                score,
                currmove,
                currmovenumber,
                hashfull,
                nps,
                tbhits,
                sbhits,
                cpuload,
                string,
                refutation,
                currline,
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
        "x[a-z]{1,5}".prop_map(OptionType::Other),
    ];
    let option = (
        phrase(),
        kind,
        opt(prop_oneof![Just(String::new()), phrase()]),
        opt(any::<i64>()),
        opt(any::<i64>()),
        prop::collection::vec(phrase(), 0..3),
    )
        .prop_map(|(name, kind, default, min, max, vars)| OptionDecl {
            name,
            kind,
            default,
            min,
            max,
            vars,
        });
    let status = prop_oneof![
        Just(Status::Checking),
        Just(Status::Ok),
        Just(Status::Error)
    ];
    prop_oneof![
        (
            prop_oneof![Just(IdField::Name), Just(IdField::Author)],
            text()
        )
            .prop_map(|(field, value)| Message::Id { field, value }),
        Just(Message::UciOk),
        Just(Message::ReadyOk),
        (arb_move(), opt(arb_move())).prop_map(|(mv, ponder)| Message::BestMove { mv, ponder }),
        status.clone().prop_map(Message::CopyProtection),
        status.prop_map(Message::Registration),
        info().prop_map(Message::Info),
        option.prop_map(Message::Option),
    ]
}

proptest! {
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
    fn never_panics_on_protocol_like_text(s in "(info|bestmove|go|position|option|name|value|score|cp|mate|lowerbound|pv|currline|string|type|default|var|[a-h][1-8][a-h][1-8]q?|0000|-?[0-9]{1,12}| |\t){0,12}") {
        let _ = parse_command(&s);
        let _ = parse_message(&s);
    }
}

/// The longest move shape the reader takes (a promotion letter after a tenth-rank square) is
/// read in a `pv` as a move, not left over as an unknown token.
#[test]
fn the_longest_move_shape_is_a_pv_move() {
    match parse_message("info pv a10a10n") {
        Ok(Message::Info(info)) => {
            assert_eq!(info.pv.len(), 1, "{info:?}");
            assert!(info.unknown.is_empty(), "{info:?}");
        }
        other => panic!("{other:?}"),
    }
}

proptest! {
    /// What the codec writes is the text's own spelling: nothing of it is respelt, so a check
    /// never warns about a line written as the text writes it.
    #[test]
    fn the_texts_own_spelling_is_never_respelt(c in command(), m in message()) {
        use crate::protocol::{Protocol, spelling::respell};
        prop_assert_eq!(respell(Protocol::Uci, &c.to_string()), None);
        prop_assert_eq!(respell(Protocol::Uci, &m.to_string()), None);
    }
}

#[test]
fn an_unreadable_line_carries_the_keyword_it_opened_with() {
    assert_eq!(
        parse_command("go wtime").unwrap_err().keyword,
        Some(CommandKeyword::Go)
    );
    assert_eq!(
        parse_message("registration maybe").unwrap_err().keyword,
        Some(MessageKeyword::Registration)
    );
    assert_eq!(
        parse_command("Position startpos").unwrap_err().keyword,
        None
    );
}
