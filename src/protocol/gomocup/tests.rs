//! The Gomocup codec's tests: worked examples of the text, precise errors, round trips.

use super::*;
use proptest::prelude::*;

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

#[test]
fn example_commands() {
    assert_eq!(parse_command("START 20\r"), Ok(Command::Start(20)));
    assert_eq!(parse_command("TURN 10,10"), Ok(Command::Turn(p(10, 10))));
    assert_eq!(parse_command("BEGIN"), Ok(Command::Begin));
    let board = ["BOARD", "10,10,1", "10,11,2", "11,11,1", "9,10,2", "DONE"];
    let parsed: Vec<_> = board.iter().map(|l| parse_command(l).unwrap()).collect();
    assert_eq!(
        parsed,
        [
            Command::Board,
            Command::BoardEntry {
                point: p(10, 10),
                field: 1
            },
            Command::BoardEntry {
                point: p(10, 11),
                field: 2
            },
            Command::BoardEntry {
                point: p(11, 11),
                field: 1
            },
            Command::BoardEntry {
                point: p(9, 10),
                field: 2
            },
            Command::Done,
        ]
    );
    assert_eq!(
        parse_command("INFO timeout_match 300000"),
        Ok(Command::Info {
            key: InfoKey::TimeoutMatch,
            value: "300000".into()
        })
    );
    assert_eq!(
        parse_command("INFO max_memory 83886080"),
        Ok(Command::Info {
            key: InfoKey::MaxMemory,
            value: "83886080".into()
        })
    );
    assert_eq!(
        parse_command("INFO folder C:\\My Brains\\x"),
        Ok(Command::Info {
            key: InfoKey::Folder,
            value: "C:\\My Brains\\x".into()
        })
    );
    assert_eq!(parse_command("END"), Ok(Command::End));
    assert_eq!(parse_command("ABOUT"), Ok(Command::About));
    assert_eq!(
        parse_command("RECTSTART 30,20"),
        Ok(Command::RectStart(30, 20))
    );
    assert_eq!(parse_command("RESTART"), Ok(Command::Restart));
    assert_eq!(
        parse_command("TAKEBACK 9,10"),
        Ok(Command::TakeBack(p(9, 10)))
    );
    assert_eq!(parse_command("PLAY 12,10"), Ok(Command::Play(p(12, 10))));
    assert_eq!(parse_command("turn 1,2"), Ok(Command::Turn(p(1, 2))));
}

#[test]
fn example_messages() {
    assert_eq!(parse_message("OK"), Ok(Message::Ok));
    assert_eq!(
        parse_message("ERROR unsupported size"),
        Ok(Message::Error("unsupported size".into()))
    );
    assert_eq!(parse_message("11,10"), Ok(Message::Move(p(11, 10))));
    assert_eq!(parse_message("9,9\r"), Ok(Message::Move(p(9, 9))));
    assert_eq!(
        parse_message("name=\"SomeBrain\", version=\"1.0\", author=\"Nymand\", country=\"USA\""),
        Ok(Message::About(vec![
            ("name".into(), "SomeBrain".into()),
            ("version".into(), "1.0".into()),
            ("author".into(), "Nymand".into()),
            ("country".into(), "USA".into()),
        ]))
    );
    assert_eq!(
        parse_message("DEBUG The most promising move now is [10,14] alfa=10025 beta=8641"),
        Ok(Message::Debug(
            "The most promising move now is [10,14] alfa=10025 beta=8641".into()
        ))
    );
    assert_eq!(
        parse_message("MESSAGE I will be the winner"),
        Ok(Message::Message("I will be the winner".into()))
    );
    assert_eq!(parse_message("10,16"), Ok(Message::Move(p(10, 16))));
    assert_eq!(
        parse_message("SUGGEST 10,10"),
        Ok(Message::Suggest(p(10, 10)))
    );
    assert_eq!(
        parse_message("UNKNOWN"),
        Ok(Message::Unknown(String::new()))
    );
    assert_eq!(parse_message("ok"), Ok(Message::Ok));
    assert!(!keyword_in_canonical_case("ok"));
    assert!(keyword_in_canonical_case("OK"));
    assert!(keyword_in_canonical_case("10,10"));
}

#[test]
fn precise_errors() {
    let e = |l: &str| parse_message(l).unwrap_err().to_string();
    assert_eq!(
        e("10, 10"),
        "`10, 10` (a move reply) is not a valid point: y coordinate \" 10\" is not a number"
    );
    assert_eq!(
        e("name=\"SomeBrain\" version=\"1.0\""),
        "`name=\"SomeBrain\" version=\"1.0\"` is not a key=\"value\" list: expected `,` between pairs (at byte 17)"
    );
    assert_eq!(
        e("name=SomeBrain"),
        "`name=SomeBrain` is not a key=\"value\" list: expected `\"` right after `=`: values must be quoted (at byte 5)"
    );
    assert_eq!(
        e("name=\"SomeBrain"),
        "`name=\"SomeBrain` is not a key=\"value\" list: the value's closing `\"` is missing (at byte 6)"
    );
    assert_eq!(
        e("name=\"a\","),
        "`name=\"a\",` is not a key=\"value\" list: a comma ends the list: expected another key=\"value\" (at byte 9)"
    );
    assert!(e("SomeBrain by Nymand").starts_with("`SomeBrain` is not a known keyword"));
    assert_eq!(
        parse_command("TURN").unwrap_err().to_string(),
        "`TURN` must be followed by a point x,y"
    );
    assert_eq!(
        parse_command("SWAP2BOARD").unwrap_err(),
        LineError::unkeyed(ParseError::UnknownKeyword {
            keyword: "SWAP2BOARD".into(),
            expected: COMMAND_LIST
        })
    );
    assert_eq!(
        parse_command("10,10,x").unwrap_err().to_string(),
        "`the board line's field` is followed by `x`, which is not a decimal integer from 0 to 255"
    );
}

fn point() -> impl Strategy<Value = Point> {
    (any::<u8>(), any::<u8>()).prop_map(|(x, y)| Point::new(x, y))
}

fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9;:/._=,\"\\[\\]\u{4e00}-\u{4e20}]([a-zA-Z0-9 ;:/._=,\"\u{4e00}-\u{4e20}]{0,20}[a-zA-Z0-9;:/._\u{4e00}-\u{4e20}])?"
}

fn command() -> impl Strategy<Value = Command> {
    let key = prop_oneof![
        prop::sample::select(InfoKey::KNOWN.to_vec()),
        "x[a-z_]{1,8}".prop_map(InfoKey::Other),
    ];
    prop_oneof![
        any::<u32>().prop_map(Command::Start),
        (any::<u32>(), any::<u32>()).prop_map(|(w, h)| Command::RectStart(w, h)),
        Just(Command::Restart),
        Just(Command::Begin),
        point().prop_map(Command::Turn),
        Just(Command::Board),
        (point(), any::<u8>()).prop_map(|(point, field)| Command::BoardEntry { point, field }),
        Just(Command::Done),
        (key, prop_oneof![Just(String::new()), text()])
            .prop_map(|(key, value)| Command::Info { key, value }),
        Just(Command::End),
        Just(Command::About),
        point().prop_map(Command::TakeBack),
        point().prop_map(Command::Play),
    ]
}

fn message() -> impl Strategy<Value = Message> {
    let free = || prop_oneof![Just(String::new()), text()];
    let pairs = prop::collection::vec(("[a-zA-Z][a-zA-Z0-9_]{0,7}", "[^\"\r\n]{0,12}"), 1..5);
    prop_oneof![
        Just(Message::Ok),
        free().prop_map(Message::Error),
        free().prop_map(Message::Unknown),
        free().prop_map(Message::Message),
        free().prop_map(Message::Debug),
        point().prop_map(Message::Suggest),
        point().prop_map(Message::Move),
        pairs.prop_map(Message::About),
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
        let _ = parse_about(&s);
        let lossy = String::from_utf8_lossy(&b);
        let _ = parse_command(&lossy);
        let _ = parse_message(&lossy);
        let _ = parse_about(&lossy);
    }

    #[test]
    fn never_panics_on_protocol_like_text(s in "(TURN|BOARD|INFO|START|RECTSTART|ERROR|SUGGEST|[0-9]{1,4}|,|=|\"|[a-z]{1,4}| |\t|é){0,12}") {
        let _ = parse_command(&s);
        let _ = parse_message(&s);
    }
}

#[test]
fn an_unreadable_line_carries_the_keyword_it_opened_with() {
    assert_eq!(
        parse_command("turn 7").unwrap_err().keyword,
        Some(CommandKeyword::Turn)
    );
    // A board line and a move have no keyword.
    assert_eq!(parse_command("10,10").unwrap_err().keyword, None);
    assert_eq!(parse_message("7,x").unwrap_err().keyword, None);
}
