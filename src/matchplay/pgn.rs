//! Chess games as PGN, in standard algebraic notation, so any PGN reader takes them. Only
//! moves the oracle accepted are in a record, so the movetext never holds an illegal move.

use std::fmt::Write as _;

use shakmaty::san::SanPlus;

use super::GameRecord;
use crate::rules::Game;
use crate::rules::chess::ChessPosition;

/// One game's PGN: the seven-tag roster, the termination, then the moves in SAN.
pub fn chess_game(record: &GameRecord, event: &str, date: &str) -> String {
    let mut out = String::new();
    for (tag, value) in [
        ("Event", event),
        ("Site", "arbiter match"),
        ("Date", date),
        ("Round", &record.number.to_string()),
        ("White", &record.first),
        ("Black", &record.second),
        ("Result", record.result.as_str()),
        ("Termination", &record.termination),
        ("PlyCount", &record.moves.len().to_string()),
    ] {
        let _ = writeln!(
            out,
            "[{tag} \"{}\"]",
            value.replace('\\', "\\\\").replace('"', "\\\"")
        );
    }
    out.push('\n');
    let mut position = ChessPosition::start_position();
    let mut words = Vec::new();
    for (ply, text) in record.moves.iter().enumerate() {
        let Ok(mv) = position.parse_move(text) else {
            break;
        };
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        }
        words.push(SanPlus::from_move(position.inner().clone(), mv).to_string());
        position.play(mv);
    }
    words.push(record.result.as_str().to_owned());
    // Movetext lines of at most 80 characters, as export format asks.
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchplay::GameResult;

    #[test]
    fn a_game_is_written_in_san_with_its_tags() {
        let record = GameRecord {
            number: 1,
            first: "a".into(),
            second: "b \"quoted\"".into(),
            opening: Default::default(),
            moves: ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from).to_vec(),
            result: GameResult::SecondWins,
            termination: "Black mates".into(),
            move_times_ms: vec![],
            overrun_ms: None,
            findings: vec![],
        };
        let pgn = chess_game(&record, "test", "2026.11.25");
        assert!(pgn.contains("[Black \"b \\\"quoted\\\"\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
        assert!(pgn.ends_with("1. f3 e5 2. g4 Qh4# 0-1\n\n"), "{pgn}");
    }
}
