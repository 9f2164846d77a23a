//! Games as PGN. Chess moves are standard algebraic notation, so any PGN reader takes them.
//! Xiangqi games are written in one of three notations (`--pgn-notation`, `xiangqi`): the
//! xqbase PGN that XQStudio and the computer-xiangqi league write, in Chinese notation or in
//! ICCS, or the UCI coordinates of variant GUIs. A game from an opening FEN has its `[FEN …]`
//! tag; the opening's moves are the movetext's first moves, so the PGN replays the whole game.
//! Only moves the oracle accepted are in a record, so the movetext never holds an illegal move.

mod xiangqi;

use std::fmt::Write as _;

use shakmaty::san::SanPlus;

use super::GameRecord;
use crate::rules::Game;
use crate::rules::Side;
use crate::rules::chess::ChessPosition;
pub use xiangqi::{XiangqiNotation, xiangqi_game};

/// One chess game's PGN: the seven-tag roster, the setup, the termination, then the moves
/// in SAN.
pub fn chess_game(record: &GameRecord, event: &str, date: &str) -> String {
    let start = start::<ChessPosition>(record);
    let mut tags = roster(record, event, date, ("White", "Black"));
    if let Some(fen) = &record.opening.fen {
        tags.push(("SetUp", "1".to_owned()));
        tags.push(("FEN", fen.clone()));
    }
    tags.extend(closing_tags(record));
    let words = movetext(start, record, |position, mv| {
        SanPlus::from_move(position.inner().clone(), mv).to_string()
    });
    export(&tags, words)
}

/// The position the game's opening starts from.
fn start<G: Game>(record: &GameRecord) -> G {
    record
        .opening
        .fen
        .as_deref()
        .and_then(|f| G::from_fen(f).ok())
        .unwrap_or_else(G::start_position)
}

/// Event, site, date, round, the players under the tag names of the first colour and the
/// second (`White`/`Black`, or `Red`/`Black` in xqbase PGN), and the result.
fn roster(
    record: &GameRecord,
    event: &str,
    date: &str,
    colours: (&'static str, &'static str),
) -> Vec<(&'static str, String)> {
    vec![
        ("Event", event.to_owned()),
        ("Site", "arbiter match".to_owned()),
        ("Date", date.to_owned()),
        ("Round", record.number.to_string()),
        (colours.0, record.first.clone()),
        (colours.1, record.second.clone()),
        ("Result", record.result.as_str().to_owned()),
    ]
}

/// Why the game ended and how many plies it has, the opening's included.
fn closing_tags(record: &GameRecord) -> [(&'static str, String); 2] {
    let plies = record.opening.moves.len() + record.moves.len();
    [
        ("Termination", record.termination.to_string()),
        ("PlyCount", plies.to_string()),
    ]
}

/// The movetext's words: move numbers, the moves in `notation`, the result. Numbers go on from
/// the FEN's full move, with `N...` before a first move of the second colour.
fn movetext<G: Game>(
    mut position: G,
    record: &GameRecord,
    notation: impl Fn(&G, G::Move) -> String,
) -> Vec<String> {
    let mut number: u64 = position
        .fen()
        .split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut words = Vec::new();
    let moves = record.opening.moves.iter().chain(&record.moves);
    for (ply, text) in moves.enumerate() {
        let Ok(mv) = position.parse_move(text) else {
            break;
        };
        match position.side_to_move() {
            Side::First => words.push(format!("{number}.")),
            Side::Second if ply == 0 => words.push(format!("{number}...")),
            Side::Second => {}
        }
        words.push(notation(&position, mv));
        if position.side_to_move() == Side::Second {
            number += 1;
        }
        position.play(mv);
    }
    words.push(record.result.as_str().to_owned());
    words
}

/// The tags, a blank line, the movetext in lines of at most 80 characters (export format's
/// limit), and the blank line that ends a game. Tag values are escaped as PGN asks.
fn export(tags: &[(&str, String)], words: Vec<String>) -> String {
    let mut out = String::new();
    for (tag, value) in tags {
        let _ = writeln!(
            out,
            "[{tag} \"{}\"]",
            value.replace('\\', "\\\\").replace('"', "\\\"")
        );
    }
    out.push('\n');
    let mut line = String::new();
    let mut width = 0;
    for word in words {
        let len = word.chars().count();
        if width > 0 && width + 1 + len > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
            width = 0;
        }
        if width > 0 {
            line.push(' ');
            width += 1;
        }
        line.push_str(&word);
        width += len;
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::matchplay::termination::{Colour, RuleEnding, Termination};
    use crate::matchplay::{Colours, GameResult, Opening};
    use crate::protocol::GameKind;

    pub(crate) fn record(
        game: GameKind,
        opening: Opening,
        moves: &[&str],
        result: GameResult,
        termination: Termination,
    ) -> GameRecord {
        GameRecord {
            number: 1,
            first: "a".into(),
            second: "b \"quoted\"".into(),
            colours: Colours::new(game, "a", "b \"quoted\""),
            opening,
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            result,
            termination,
            move_times_ms: vec![],
            move_info: Vec::new(),
            overrun_ms: None,
            findings: vec![],
            undeclared_options: vec![],
            aborted: false,
        }
    }

    #[test]
    fn a_game_is_written_in_san_with_its_tags() {
        let record = record(
            GameKind::Chess,
            Opening::default(),
            &["f2f3", "e7e5", "g2g4", "d8h4"],
            GameResult::SecondWins,
            Termination::Rules(RuleEnding::Mate {
                winner: Colour::Black,
            }),
        );
        let pgn = chess_game(&record, "test", "2026.11.25");
        assert!(pgn.starts_with("[Event \"test\"]\n"), "{pgn}");
        assert!(
            pgn.contains("[White \"a\"]\n[Black \"b \\\"quoted\\\"\"]"),
            "{pgn}"
        );
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
        assert!(pgn.contains("[Termination \"Black mates\"]"), "{pgn}");
        assert!(!pgn.contains("[FEN"), "{pgn}");
        assert!(pgn.ends_with("1. f3 e5 2. g4 Qh4# 0-1\n\n"), "{pgn}");
    }

    #[test]
    fn a_game_from_a_fen_has_its_setup_and_numbers_from_it() {
        let fen = "4k3/8/8/8/8/8/8/R3K3 b - - 0 40";
        let opening = Opening {
            fen: Some(fen.into()),
            moves: vec!["e8d7".into()],
        };
        let record = record(
            GameKind::Chess,
            opening,
            &["a1a7", "d7c6"],
            GameResult::Draw,
            Termination::MaxLength,
        );
        let pgn = chess_game(&record, "test", "2026.11.25");
        assert!(
            pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 40\"]"),
            "{pgn}"
        );
        // White's engine is still the first player's, though black moved first.
        assert!(pgn.contains("[White \"a\"]"), "{pgn}");
        assert!(pgn.contains("[PlyCount \"3\"]"), "{pgn}");
        assert!(pgn.ends_with("40... Kd7 41. Ra7+ Kc6 1/2-1/2\n\n"), "{pgn}");
    }

    #[test]
    fn movetext_lines_hold_at_most_80_characters() {
        let words: Vec<String> = (0..60).map(|i| format!("{i}. 炮二平五")).collect();
        let text = export(&[], words);
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        assert!(text.lines().any(|l| l.chars().count() > 70), "{text}");
    }
}
