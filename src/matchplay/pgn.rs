//! Games as PGN. Chess moves are standard algebraic notation, so any PGN reader takes them.
//! Xiangqi games carry `[Variant "xiangqi"]` and their moves in the coordinates UCI xiangqi
//! engines and variant GUIs use (Fairy-Stockfish, cutechess with it): files a–i, ranks 1–10
//! from red's side, the move as from-point and to-point (`h3e3`). A game from an opening FEN
//! has `[SetUp "1"]` and `[FEN …]`; the opening's moves are the movetext's first moves, so the
//! PGN replays the whole game. Only moves the oracle accepted are in a record, so the movetext
//! never holds an illegal move.

use std::fmt::Write as _;

use shakmaty::san::SanPlus;

use super::GameRecord;
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::{Position, UciText};
use crate::rules::{Game, Side};

/// One chess game's PGN: the seven-tag roster, the setup, the termination, then the moves
/// in SAN.
pub fn chess_game(record: &GameRecord, event: &str, date: &str) -> String {
    game::<ChessPosition>(record, event, date, None, |position, mv| {
        SanPlus::from_move(position.inner().clone(), mv).to_string()
    })
}

/// One xiangqi game's PGN: as for chess, with `[Variant "xiangqi"]` and the moves in UCI
/// xiangqi coordinates.
pub fn xiangqi_game(record: &GameRecord, event: &str, date: &str) -> String {
    game::<Position>(record, event, date, Some("xiangqi"), |_, mv| {
        UciText(mv).to_string()
    })
}

fn game<G: Game>(
    record: &GameRecord,
    event: &str,
    date: &str,
    variant: Option<&str>,
    notation: impl Fn(&G, G::Move) -> String,
) -> String {
    let fen = record.opening.fen.as_deref();
    let mut position = fen
        .and_then(|f| G::from_fen(f).ok())
        .unwrap_or_else(G::start_position);
    let moves: Vec<&String> = record.opening.moves.iter().chain(&record.moves).collect();
    let round = record.number.to_string();
    let plies = moves.len().to_string();
    let mut tags = vec![
        ("Event", event),
        ("Site", "arbiter match"),
        ("Date", date),
        ("Round", &round),
        ("White", &record.first),
        ("Black", &record.second),
        ("Result", record.result.as_str()),
    ];
    if let Some(variant) = variant {
        tags.push(("Variant", variant));
    }
    if let Some(fen) = fen {
        tags.push(("SetUp", "1"));
        tags.push(("FEN", fen));
    }
    tags.push(("Termination", &record.termination));
    tags.push(("PlyCount", &plies));
    let mut out = String::new();
    for (tag, value) in tags {
        let _ = writeln!(
            out,
            "[{tag} \"{}\"]",
            value.replace('\\', "\\\\").replace('"', "\\\"")
        );
    }
    out.push('\n');
    // Move numbers go on from the FEN's: its full move, and black first if black is to move.
    let mut number: u64 = position
        .fen()
        .split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut words = Vec::new();
    for (ply, text) in moves.into_iter().enumerate() {
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
    use crate::matchplay::{GameResult, Opening};

    fn record(opening: Opening, moves: &[&str], result: GameResult, why: &str) -> GameRecord {
        GameRecord {
            number: 1,
            first: "a".into(),
            second: "b \"quoted\"".into(),
            opening,
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            result,
            termination: why.into(),
            move_times_ms: vec![],
            overrun_ms: None,
            findings: vec![],
            undeclared_options: vec![],
            aborted: false,
        }
    }

    #[test]
    fn a_game_is_written_in_san_with_its_tags() {
        let record = record(
            Opening::default(),
            &["f2f3", "e7e5", "g2g4", "d8h4"],
            GameResult::SecondWins,
            "Black mates",
        );
        let pgn = chess_game(&record, "test", "2026.11.25");
        assert!(pgn.contains("[Black \"b \\\"quoted\\\"\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
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
        let record = record(opening, &["a1a7", "d7c6"], GameResult::Draw, "Draw");
        let pgn = chess_game(&record, "test", "2026.11.25");
        assert!(
            pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 40\"]"),
            "{pgn}"
        );
        assert!(pgn.contains("[PlyCount \"3\"]"), "{pgn}");
        assert!(pgn.ends_with("40... Kd7 41. Ra7+ Kc6 1/2-1/2\n\n"), "{pgn}");
    }

    #[test]
    fn xiangqi_is_written_with_its_variant_in_uci_coordinates() {
        let opening = Opening {
            fen: None,
            moves: vec!["h2e2".into()],
        };
        let record = record(opening, &["h9g7", "h0g2", "a9a8"], GameResult::Draw, "Draw");
        let pgn = xiangqi_game(&record, "test", "2026.11.25");
        assert!(pgn.contains("[Variant \"xiangqi\"]"), "{pgn}");
        assert!(!pgn.contains("[SetUp"), "{pgn}");
        assert!(
            pgn.ends_with("1. h3e3 h10g8 2. h1g3 a10a9 1/2-1/2\n\n"),
            "{pgn}"
        );
        let from_fen = GameRecord {
            opening: Opening {
                fen: Some("4k4/R8/9/9/9/9/9/9/9/5K3 w - - 0 1".into()),
                moves: vec![],
            },
            moves: vec!["a8a9".into()],
            ..record
        };
        let pgn = xiangqi_game(&from_fen, "test", "2026.11.25");
        assert!(
            pgn.contains("[FEN \"4k4/R8/9/9/9/9/9/9/9/5K3 w - - 0 1\"]"),
            "{pgn}"
        );
        assert!(pgn.ends_with("1. a9a10 1/2-1/2\n\n"), "{pgn}");
    }
}
