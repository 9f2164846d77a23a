//! The AGI codec's tests: worked examples of the text, precise errors, round trips.

use super::*;
use proptest::prelude::*;

fn pt(s: &str) -> Point {
    parse_point(s, SIZE).unwrap()
}

fn pts(s: &str) -> Vec<Point> {
    parse_moves(s, SIZE).unwrap()
}

#[test]
fn worked_example() {
    assert_eq!(parse_command("AGI"), Ok(Command::Agi));
    assert_eq!(
        parse_message("ID NAME Amoyman 1.0"),
        Ok(Message::Id {
            field: IdField::Name,
            value: "Amoyman 1.0".into(),
            author: None
        })
    );
    assert_eq!(
        parse_message("ID AUTHOR Amoyman KUA"),
        Ok(Message::Id {
            field: IdField::Author,
            value: "Amoyman KUA".into(),
            author: None
        })
    );
    assert_eq!(
        parse_message("ID NAME Amoyman 1.0 AUTHOR Amoyman KUA"),
        Ok(Message::Id {
            field: IdField::Name,
            value: "Amoyman 1.0".into(),
            author: Some("Amoyman KUA".into())
        })
    );
    assert_eq!(
        parse_message("OPTION OWNBOOK TRUE PONDER TRUE"),
        Ok(Message::Option {
            ownbook: Some(true),
            ponder: Some(true)
        })
    );
    assert_eq!(parse_message("AGIOK"), Ok(Message::AgiOk));
    assert_eq!(
        parse_command("SETOPTION OWNBOOK ON"),
        Ok(Command::SetOption {
            ownbook: Some(true),
            ponder: None
        })
    );
    assert_eq!(
        parse_command("SETOPTION PONDER OFF"),
        Ok(Command::SetOption {
            ownbook: None,
            ponder: Some(false)
        })
    );
    assert_eq!(
        parse_command("SETRULE FORBIDDEN"),
        Ok(Command::SetRule {
            forbidden: Some(true),
            swap: None,
            fifth: None
        })
    );
    assert_eq!(parse_command("ISREADY"), Ok(Command::IsReady));
    assert_eq!(parse_message("READYOK"), Ok(Message::ReadyOk));
    assert_eq!(
        parse_command("POSITION MOVES 78685A69"),
        Ok(Command::Position {
            statu: vec![],
            moves: pts("78685A69")
        })
    );
    let go = Command::Go {
        search: pts("67596A6B"),
        ponder: false,
        time: Some(GoTime::Infinite),
    };
    assert_eq!(parse_command("GO SEARCH 67596A6B INFINITE"), Ok(go.clone()));
    assert_eq!(parse_command("GO SEARCH 67596A6BINFINITE"), Ok(go));
    assert_eq!(
        parse_message("INFO SEARCH 67596A6B"),
        Ok(Message::Info(Info {
            search: pts("67596A6B"),
            ..Info::default()
        }))
    );
    assert_eq!(
        parse_message("INFO DEPTH 1 SCORE 3 PV 6789"),
        Ok(Message::Info(Info {
            depth: Some(1),
            score: Some(3),
            pv: pts("6789"),
            ..Info::default()
        }))
    );
    assert_eq!(
        parse_message("INFO NPS 786000"),
        Ok(Message::Info(Info {
            nps: Some(786000),
            ..Info::default()
        }))
    );
    assert_eq!(parse_command("STOP"), Ok(Command::Stop));
    assert_eq!(
        parse_message("BESTMOVE 67 PONDER 89"),
        Ok(Message::BestMove {
            mv: BestMoveKind::Move(pt("67")),
            ponder: Some(pt("89"))
        })
    );
    assert_eq!(parse_command("DOMOVE 67"), Ok(Command::DoMove(pt("67"))));
    assert_eq!(
        parse_command("GO INFINITE"),
        Ok(Command::Go {
            search: vec![],
            ponder: false,
            time: Some(GoTime::Infinite)
        })
    );
    assert_eq!(
        parse_message("BESTMOVE 89 PONDER 79"),
        Ok(Message::BestMove {
            mv: BestMoveKind::Move(pt("89")),
            ponder: Some(pt("79"))
        })
    );
    assert_eq!(parse_command("QUIT"), Ok(Command::Quit));
    assert_eq!(parse_message("BYE"), Ok(Message::Bye));
}

#[test]
fn case_insensitive_and_variants() {
    assert_eq!(parse_command("agi"), Ok(Command::Agi));
    assert_eq!(parse_message("readyok"), Ok(Message::ReadyOk));
    assert_eq!(
        parse_message("bestmove change"),
        Ok(Message::BestMove {
            mv: BestMoveKind::Change,
            ponder: None
        })
    );
    assert_eq!(
        parse_command("go time infinite"),
        Ok(Command::Go {
            search: vec![],
            ponder: false,
            time: Some(GoTime::Infinite)
        })
    );
    assert_eq!(
        parse_command("GO PONDER TIME 5000"),
        Ok(Command::Go {
            search: vec![],
            ponder: true,
            time: Some(GoTime::Millis(5000))
        })
    );
    assert_eq!(
        parse_command("SETRULE UNFORBIDDEN THIRDCHANGE FIVEMULITY").map(|c| c.to_string()),
        Ok("SETRULE UNFORBIDDEN THIRDCHANGE FIVEMULITY".into())
    );
    assert_eq!(
        parse_command("position statu 78695a moves 5b"),
        Ok(Command::Position {
            statu: pts("78695A"),
            moves: pts("5B")
        })
    );
}

#[test]
fn precise_errors() {
    let e = |l: &str| parse_message(l).unwrap_err().to_string();
    assert_eq!(
        e("OPTION OWNBOOK ON"),
        "`OWNBOOK` is followed by `ON`, but it takes `TRUE` or `FALSE`"
    );
    assert_eq!(
        e("BESTMOVE F1"),
        "`F1` (after `BESTMOVE`) is not a valid point: row digit F at offset 0 is off the 15x15 board (rows 0..E)"
    );
    let Ok(Message::Info(info)) = parse_message("INFO PV 678 SCORE 3.5 DEPTH 4") else {
        panic!()
    };
    assert_eq!(info.depth, Some(4));
    assert_eq!(
        info.faults[0].to_string(),
        "`PV 678`: `678` (the point list after `PV`) is not a valid point: AGI move list has an odd number of digits: the point starting at offset 2 is incomplete"
    );
    assert_eq!(info.faults[1].text, "SCORE 3.5");
    assert_eq!(info.faults[1].requirement.to_string(), "agi-r73");
    assert_eq!(e("ID NAME"), "`ID NAME` must be followed by a text");
    assert_eq!(
        parse_command("SETRULE TIVETWINE").unwrap_err().to_string(),
        "unexpected `TIVETWINE` at byte 8: `SETRULE` takes FORBIDDEN|UNFORBIDDEN, FIRSTCHANGE|THIRDCHANGE, FIVETWINE|FIVEMULITY"
    );
    assert_eq!(
        parse_command("GO TIME 5 INFINITE").unwrap_err().to_string(),
        "`TIME/INFINITE` appears twice in one line"
    );
}

fn point() -> impl Strategy<Value = Point> {
    (0u8..15, 0u8..15).prop_map(|(x, y)| Point::new(x, y))
}

fn points() -> impl Strategy<Value = Vec<Point>> {
    prop::collection::vec(point(), 0..5)
}

/// Free text already in lower case, without the word `author`.
fn text() -> impl Strategy<Value = String> {
    "[a-z0-9.]{1,6}( [a-z0-9.]{1,6}){0,3}"
        .prop_filter("no AUTHOR", |s| !s.split(' ').any(|w| w == "author"))
}

fn command() -> impl Strategy<Value = Command> {
    let b = || proptest::option::of(any::<bool>());
    let time = proptest::option::of(prop_oneof![
        any::<u64>().prop_map(GoTime::Millis),
        Just(GoTime::Infinite)
    ]);
    prop_oneof![
        Just(Command::Agi),
        (
            b(),
            proptest::option::of(prop_oneof![
                Just(Swap::FirstChange),
                Just(Swap::ThirdChange)
            ]),
            proptest::option::of(prop_oneof![Just(Fifth::FiveTwine), Just(Fifth::FiveMulity)]),
        )
            .prop_map(|(forbidden, swap, fifth)| Command::SetRule {
                forbidden,
                swap,
                fifth
            }),
        (b(), b()).prop_map(|(ownbook, ponder)| Command::SetOption { ownbook, ponder }),
        Just(Command::IsReady),
        (points(), points()).prop_map(|(statu, moves)| Command::Position { statu, moves }),
        (points(), any::<bool>(), time).prop_map(|(search, ponder, time)| Command::Go {
            search,
            ponder,
            time
        }),
        Just(Command::Stop),
        point().prop_map(Command::DoMove),
        Just(Command::Quit),
    ]
}

fn message() -> impl Strategy<Value = Message> {
    let b = || proptest::option::of(any::<bool>());
    let unknown = prop::collection::vec("zz[j-z]{2,6}|[0-9]{1,4}", 0..3).prop_map(|mut v| {
        if !v.is_empty() {
            v[0] = format!("zz{}", v[0]);
        }
        v
    });
    let info = (
        proptest::option::of(any::<u32>()),
        points(),
        proptest::option::of(any::<i64>()),
        proptest::option::of(any::<u64>()),
        (points(), points(), points()),
        unknown,
    )
        .prop_map(
            |(depth, pv, score, nps, (search, win, lose), unknown)| Info {
                depth,
                pv,
                score,
                nps,
                search,
                win,
                lose,
                unknown,
                faults: Vec::new(),
            },
        );
    let mv = prop_oneof![
        point().prop_map(BestMoveKind::Move),
        Just(BestMoveKind::Change)
    ];
    prop_oneof![
        (text(), proptest::option::of(text())).prop_map(|(value, author)| Message::Id {
            field: IdField::Name,
            value,
            author
        }),
        text().prop_map(|value| Message::Id {
            field: IdField::Author,
            value,
            author: None
        }),
        (b(), b()).prop_map(|(ownbook, ponder)| Message::Option { ownbook, ponder }),
        Just(Message::AgiOk),
        Just(Message::ReadyOk),
        info.prop_map(Message::Info),
        (mv, proptest::option::of(point()))
            .prop_map(|(mv, ponder)| Message::BestMove { mv, ponder }),
        Just(Message::Bye),
    ]
}

proptest! {
    #[test]
    fn commands_round_trip(c in command()) {
        let line = c.to_string();
        prop_assert_eq!(&line, &line.to_uppercase());
        prop_assert_eq!(parse_command(&line.to_lowercase()), Ok(c.clone()));
        prop_assert_eq!(parse_command(&line), Ok(c));
    }

    #[test]
    fn messages_round_trip(msg in message()) {
        let line = msg.to_string();
        prop_assert_eq!(parse_message(&line.to_lowercase()), Ok(msg.clone()));
        prop_assert_eq!(parse_message(&line), Ok(msg));
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
    fn never_panics_on_protocol_like_text(s in "(GO|SEARCH|INFINITE|TIME|INFO|PV|ID|NAME|AUTHOR|BESTMOVE|POSITION|MOVES|[0-9A-Fa-f]{1,9}|é|ı| |\t){0,12}") {
        let _ = parse_command(&s);
        let _ = parse_message(&s);
    }
}

#[test]
fn an_unreadable_line_carries_the_keyword_it_opened_with() {
    // AGI reads keywords in any case (agi-r31).
    assert_eq!(
        parse_command("go time").unwrap_err().keyword,
        Some(CommandKeyword::Go)
    );
    assert_eq!(
        parse_message("BESTMOVE").unwrap_err().keyword,
        Some(MessageKeyword::BestMove)
    );
    assert_eq!(parse_command("HELLO").unwrap_err().keyword, None);
}
