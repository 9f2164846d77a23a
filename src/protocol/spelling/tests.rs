use proptest::prelude::*;

use super::*;

/// A change as the tests compare it: the token as written, how it departs, the row.
type Change = (String, Departure, String);

fn respelt(protocol: Protocol, line: &str) -> Option<(String, Vec<Change>)> {
    respell(protocol, line).map(|r| {
        let changes = r
            .changes
            .iter()
            .map(|c| (c.written.clone(), c.departure, c.requirement.to_string()))
            .collect();
        (r.line, changes)
    })
}

#[test]
fn uci_moves_in_upper_case_read_in_lower_case_citing_the_squares_or_the_promotion() {
    let (line, changes) = respelt(Protocol::Uci, "bestmove E2E4 ponder e7e8Q").unwrap();
    assert_eq!(line, "bestmove e2e4 ponder e7e8q");
    assert_eq!(
        changes,
        [
            (
                "E2E4".to_owned(),
                Departure::UpperCase,
                "uci-r18".to_owned()
            ),
            (
                "e7e8Q".to_owned(),
                Departure::UpperCase,
                "uci-r20".to_owned()
            ),
        ]
    );
    let (line, _) = respelt(Protocol::Uci, "position startpos moves E2E4 e7e5").unwrap();
    assert_eq!(line, "position startpos moves e2e4 e7e5");
    let (line, _) = respelt(Protocol::Uci, "go depth 3 searchmoves H3E3").unwrap();
    assert_eq!(line, "go depth 3 searchmoves h3e3");
}

#[test]
fn uci_numbers_with_a_plus_sign_cite_their_field() {
    let (line, changes) = respelt(Protocol::Uci, "info depth +3 score cp +20 pv e2e4").unwrap();
    assert_eq!(line, "info depth 3 score cp 20 pv e2e4");
    let rows: Vec<_> = changes.iter().map(|c| c.2.as_str()).collect();
    assert_eq!(rows, ["uci-r104", "uci-r115"]);
    let (line, changes) = respelt(Protocol::Uci, "go movetime +100").unwrap();
    assert_eq!(line, "go movetime 100");
    assert_eq!(changes[0].2, "uci-r54");
}

#[test]
fn what_the_texts_rule_out_or_leave_free_is_never_rewritten() {
    for line in [
        "bestmove e2e4 ponder e7e5",
        // Free text, and the FEN's fields (its castling rights look like letters).
        "info depth 1 string E2E4 is +5",
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1",
        "id name E2E4",
        "option name Hash type spin default +5 min 1 max 8",
        "setoption name Style value E2E4",
        // Not moves of the notation in any case: ICCS ranks in UCI, ten ranks in ICCS.
        "bestmove a0a1",
        "bestmove 0000",
        "go depth -3",
    ] {
        assert_eq!(respell(Protocol::Uci, line), None, "{line}");
    }
    for line in [
        "bestmove a10a9",
        "bestmove A10A9",
        "position startpos moves h2e2",
        "info depth 1 message H2E2 +5",
        "position fen RNBAKABNR/9/9/9/9/9/9/9/9/rnbakabnr w - - 0 1",
    ] {
        assert_eq!(respell(Protocol::Ucci, line), None, "{line}");
    }
    // AGI is case-insensitive throughout (agi-r31): lower-case hex is its own spelling.
    assert_eq!(respell(Protocol::Agi, "BESTMOVE 7a"), None);
    assert_eq!(respell(Protocol::Agi, "GO TIME -5"), None);
}

#[test]
fn agi_numbers_with_a_plus_sign_cite_their_field() {
    let (line, changes) = respelt(Protocol::Agi, "GO SEARCH 7877 TIME +3000").unwrap();
    assert_eq!(line, "GO SEARCH 7877 TIME 3000");
    assert_eq!(changes[0].2, "agi-r61");
    let (line, changes) = respelt(Protocol::Agi, "info depth +5 score +3 pv 78").unwrap();
    assert_eq!(line, "info depth 5 score 3 pv 78");
    let rows: Vec<_> = changes.iter().map(|c| c.2.as_str()).collect();
    assert_eq!(rows, ["agi-r71", "agi-r73"]);
}

#[test]
fn ucci_moves_in_upper_case_read_in_lower_case() {
    let (line, changes) = respelt(Protocol::Ucci, "position startpos moves H2E2 h7e7").unwrap();
    assert_eq!(line, "position startpos moves h2e2 h7e7");
    assert_eq!(
        changes,
        [(
            "H2E2".to_owned(),
            Departure::UpperCase,
            "ucci-r17".to_owned()
        )]
    );
    let (line, _) = respelt(Protocol::Ucci, "info depth 2 score +4 pv B0C2").unwrap();
    assert_eq!(line, "info depth 2 score 4 pv b0c2");
    assert_eq!(canonical_move(Protocol::Ucci, "H2E2"), "h2e2");
    assert_eq!(canonical_move(Protocol::Uci, "E7E8Q"), "e7e8q");
    assert_eq!(canonical_move(Protocol::Uci, "(none)"), "(none)");
}

#[test]
fn gomocup_points_with_blanks_or_signs_read_without_them() {
    let (line, changes) = respelt(Protocol::Gomocup, "7, 7").unwrap();
    assert_eq!(line, "7,7");
    assert_eq!(
        changes,
        [(
            "7, 7".to_owned(),
            Departure::Blanks,
            "gomocup-r42".to_owned()
        )]
    );
    let (line, changes) = respelt(Protocol::Gomocup, " +7 ,8 ").unwrap();
    assert_eq!(line, "7,8");
    let departures: Vec<_> = changes.iter().map(|c| c.1).collect();
    assert_eq!(departures, [Departure::Blanks, Departure::PlusSign]);
    for (written, canonical, row) in [
        ("TURN 7, 7", "TURN 7,7", "gomocup-r41"),
        ("SUGGEST 8 , 8", "SUGGEST 8,8", "gomocup-r135"),
        ("4, 4,1", "4,4,1", "gomocup-r50"),
        ("START +15", "START 15", "gomocup-r36"),
        ("RECTSTART 30, 20", "RECTSTART 30,20", "gomocup-r105"),
    ] {
        let (line, changes) = respelt(Protocol::Gomocup, written).unwrap();
        assert_eq!((line.as_str(), changes[0].2.as_str()), (canonical, row));
    }
    for line in [
        "7,7",
        "07,07",
        "-1,5",
        "7 7",
        "TURN 7,-1",
        "MESSAGE 7, 7",
        "name=\"x\", version=\"1\"",
        "INFO evaluate 7, 7",
    ] {
        assert_eq!(respell(Protocol::Gomocup, line), None, "{line}");
    }
}

proptest! {
    /// Any mix of letter case of a UCI move reads back as the move, citing the squares when a
    /// square's letter changed and the promotion row when only the piece did.
    #[test]
    fn uci_move_case_is_undone(
        from in (0u8..9, 1u8..=10),
        to in (0u8..9, 1u8..=10),
        promotion in proptest::option::of(prop::sample::select(vec!['n', 'b', 'r', 'q'])),
        mask in any::<u8>(),
    ) {
        let square = |(f, r): (u8, u8)| format!("{}{r}", char::from(b'a' + f));
        let canonical = format!("{}{}{}", square(from), square(to), promotion.map(String::from).unwrap_or_default());
        let written: String = canonical
            .chars()
            .enumerate()
            .map(|(i, c)| if mask >> (i % 8) & 1 == 1 { c.to_ascii_uppercase() } else { c })
            .collect();
        let line = format!("bestmove {written}");
        match respell(Protocol::Uci, &line) {
            None => prop_assert_eq!(&written, &canonical),
            Some(r) => {
                prop_assert_eq!(r.line, format!("bestmove {canonical}"));
                let squares_changed = written.chars().filter(char::is_ascii_alphabetic).take(2)
                    .any(|c| c.is_ascii_uppercase());
                let row = if squares_changed { "uci-r18" } else { "uci-r20" };
                prop_assert_eq!(r.changes[0].requirement.to_string(), row);
            }
        }
    }

    /// A Gomocup point with blanks around its numbers and comma and `+` signs reads as the
    /// point; a respelt line is in the text's spelling, so it is never respelt again.
    #[test]
    fn gomocup_point_blanks_and_signs_are_undone(
        x in 0u8..40, y in 0u8..40,
        blanks in prop::collection::vec(prop::sample::select(vec!["", " ", "  ", "\t"]), 4),
        signs in (any::<bool>(), any::<bool>()),
    ) {
        let sign = |s: bool| if s { "+" } else { "" };
        let written = format!(
            "{}{}{x}{},{}{}{y}{}",
            blanks[0], sign(signs.0), blanks[1], blanks[2], sign(signs.1), blanks[3]
        );
        let departed = blanks[1..3].iter().any(|b| !b.is_empty()) || signs.0 || signs.1;
        match respell(Protocol::Gomocup, &written) {
            None => prop_assert!(!departed, "{written:?}"),
            Some(r) => {
                prop_assert_eq!(&r.line, &format!("{x},{y}"));
                prop_assert_eq!(respell(Protocol::Gomocup, &r.line), None);
            }
        }
    }

    #[test]
    fn respelling_never_panics_and_is_settled_after_once(line in "\\PC{0,60}") {
        for protocol in Protocol::ALL {
            if let Some(r) = respell(protocol, &line) {
                prop_assert!(!r.changes.is_empty());
                prop_assert_eq!(respell(protocol, &r.line), None, "{}", r.line);
            }
        }
    }
}

/// AIA gomoku 2019's `UNKNOWN: The commands doesn't exist.`: the keyword with a colon glued
/// to it reads as `UNKNOWN` and its message (gomocup-r119), `ERROR:` likewise (gomocup-r123);
/// a keyword that only begins so, or the colon after a blank, is no such answer.
#[test]
fn gomocup_answers_with_a_colon_glued_to_the_keyword_read_as_the_keyword() {
    let (line, changes) =
        respelt(Protocol::Gomocup, "UNKNOWN: The commands doesn't exist.").unwrap();
    assert_eq!(line, "UNKNOWN The commands doesn't exist.");
    assert_eq!(
        changes,
        [(
            "UNKNOWN:".to_owned(),
            Departure::GluedColon,
            "gomocup-r119".to_owned()
        )]
    );
    let (line, changes) = respelt(Protocol::Gomocup, "ERROR:too small").unwrap();
    assert_eq!(
        (line.as_str(), changes[0].2.as_str()),
        ("ERROR too small", "gomocup-r123")
    );
    assert_eq!(respelt(Protocol::Gomocup, "UNKNOWN:").unwrap().0, "UNKNOWN");
    for unchanged in ["UNKNOWN : x", "UNKNOWNS: x", "MESSAGE: hi", "UNKNOWN x:y"] {
        assert_eq!(respelt(Protocol::Gomocup, unchanged), None, "{unchanged}");
    }
    assert_eq!(
        crate::protocol::gomocup::parse_message("UNKNOWN The commands doesn't exist.").ok(),
        Some(crate::protocol::gomocup::Message::Unknown(
            "The commands doesn't exist.".to_owned()
        ))
    );
}
