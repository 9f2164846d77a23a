//! Xiangqi games as PGN, in the notation `--pgn-notation` chooses.
//!
//! * `chinese` (the default) and `iccs` write xqbase PGN, the form of the xqbase standard
//!   (《中国象棋电脑应用规范(三)：PGN文件格式》) that XQStudio, ElephantEye's league simulator
//!   (`LEAGUE/uccileag.cpp` through `cchess/pgnfile.cpp`) and readers such as PyPI `cchess`
//!   use: `[Game "Chinese Chess"]` first, the players as `[Red …]` and `[Black …]`, the start
//!   as `[FEN …]`, and the moves in Chinese notation (`炮二平五 马８进７`, the standard's
//!   default format, the one the league simulator writes and players read) or, with
//!   `[Format "ICCS"]`, in ICCS coordinates (`H2-E2`). Files are UTF-8.
//! * `uci` writes the moves in the coordinates UCI xiangqi engines and variant GUIs use
//!   (Fairy-Stockfish, cutechess with it): files a–i, ranks 1–10 from red's side, `h3e3`, with
//!   `[Variant "xiangqi"]` and the seven-tag roster's `[White …]` for red.

use super::{GameRecord, closing_tags, export, movetext, roster, start};
use crate::rules::xiangqi::{IccsText, Position, UciText, to_chinese};

/// How xiangqi moves are written in PGN.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum XiangqiNotation {
    /// Chinese notation in xqbase PGN: `炮二平五 马８进７`.
    #[default]
    Chinese,
    /// ICCS coordinates in xqbase PGN (`[Format "ICCS"]`): `H2-E2 H9-G7`.
    Iccs,
    /// UCI xiangqi coordinates with `[Variant "xiangqi"]`: `h3e3 h10g8`.
    Uci,
}

/// One xiangqi game's PGN in `notation`.
pub fn xiangqi_game(
    record: &GameRecord,
    event: &str,
    date: &str,
    notation: XiangqiNotation,
) -> String {
    let start: Position = start(record);
    let (mut tags, words) = match notation {
        XiangqiNotation::Uci => {
            let mut tags = roster(record, event, date, ("White", "Black"));
            tags.push(("Variant", "xiangqi".to_owned()));
            if let Some(fen) = &record.opening.fen {
                tags.push(("SetUp", "1".to_owned()));
                tags.push(("FEN", fen.clone()));
            }
            let words = movetext(start, record, |_, mv| UciText(mv).to_string());
            (tags, words)
        }
        XiangqiNotation::Chinese | XiangqiNotation::Iccs => {
            let mut tags = vec![("Game", "Chinese Chess".to_owned())];
            tags.extend(roster(record, event, date, ("Red", "Black")));
            // The position as Arbiter writes it, in the FEN letters every reader knows (an
            // opening book may use `h` and `e` for the horse and the elephant).
            if record.opening.fen.is_some() {
                tags.push(("FEN", start.fen()));
            }
            let words = if notation == XiangqiNotation::Iccs {
                tags.push(("Format", "ICCS".to_owned()));
                movetext(start, record, |_, mv| IccsText(mv).to_string())
            } else {
                movetext(start, record, |position, mv| {
                    to_chinese(position, mv).unwrap_or_else(|| mv.to_string())
                })
            };
            (tags, words)
        }
    };
    tags.extend(closing_tags(record));
    export(&tags, words)
}

#[cfg(test)]
mod tests {
    use super::super::tests::record;
    use super::*;
    use crate::matchplay::{GameResult, Opening, Termination};
    use crate::protocol::GameKind;

    fn game(opening: Opening, moves: &[&str]) -> GameRecord {
        let ending = Termination::MaxLength;
        record(GameKind::Xiangqi, opening, moves, GameResult::Draw, ending)
    }

    fn opening(fen: Option<&str>, moves: &[&str]) -> Opening {
        Opening {
            fen: fen.map(str::to_owned),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        }
    }

    #[test]
    fn chinese_notation_is_xqbase_pgn_with_red_and_black() {
        let record = game(opening(None, &["h2e2"]), &["h9g7", "h0g2", "a9a8"]);
        let pgn = xiangqi_game(&record, "test", "2026.11.25", XiangqiNotation::Chinese);
        assert!(
            pgn.starts_with("[Game \"Chinese Chess\"]\n[Event \"test\"]\n"),
            "{pgn}"
        );
        assert!(
            pgn.contains("[Red \"a\"]\n[Black \"b \\\"quoted\\\"\"]\n[Result \"1/2-1/2\"]"),
            "{pgn}"
        );
        for absent in ["[White", "[Variant", "[FEN", "[Format"] {
            assert!(!pgn.contains(absent), "{absent}: {pgn}");
        }
        assert!(pgn.contains("[PlyCount \"4\"]"), "{pgn}");
        assert!(
            pgn.ends_with("\n\n1. 炮二平五 马８进７ 2. 马二进三 车１进１ 1/2-1/2\n\n"),
            "{pgn}"
        );
    }

    #[test]
    fn iccs_notation_says_its_format() {
        let record = game(opening(None, &["h2e2"]), &["h9g7", "h0g2", "a9a8"]);
        let pgn = xiangqi_game(&record, "test", "2026.11.25", XiangqiNotation::Iccs);
        assert!(pgn.contains("[Format \"ICCS\"]"), "{pgn}");
        assert!(
            pgn.ends_with("1. H2-E2 H9-G7 2. H0-G2 A9-A8 1/2-1/2\n\n"),
            "{pgn}"
        );
    }

    #[test]
    fn uci_notation_is_todays_variant_pgn() {
        let record = game(opening(None, &["h2e2"]), &["h9g7", "h0g2", "a9a8"]);
        let pgn = xiangqi_game(&record, "test", "2026.11.25", XiangqiNotation::Uci);
        assert!(pgn.starts_with("[Event \"test\"]\n"), "{pgn}");
        assert!(pgn.contains("[White \"a\"]"), "{pgn}");
        assert!(pgn.contains("[Variant \"xiangqi\"]"), "{pgn}");
        assert!(!pgn.contains("[SetUp"), "{pgn}");
        assert!(
            pgn.ends_with("1. h3e3 h10g8 2. h1g3 a10a9 1/2-1/2\n\n"),
            "{pgn}"
        );
        let from_fen = game(
            opening(Some("4k4/R8/9/9/9/9/9/9/9/5K3 w - - 0 1"), &[]),
            &["a8a9"],
        );
        let pgn = xiangqi_game(&from_fen, "test", "2026.11.25", XiangqiNotation::Uci);
        assert!(
            pgn.contains("[SetUp \"1\"]\n[FEN \"4k4/R8/9/9/9/9/9/9/9/5K3 w - - 0 1\"]"),
            "{pgn}"
        );
        assert!(pgn.ends_with("1. a9a10 1/2-1/2\n\n"), "{pgn}");
    }

    #[test]
    fn a_start_with_black_to_move_keeps_red_and_numbers_from_the_fen() {
        // Black to move at move 12, the FEN written with `h` and `e` as some books do.
        let fen = "4k4/9/9/9/9/9/9/9/4H4/3K2E2 b - - 0 12";
        let record = game(opening(Some(fen), &["e9e8"]), &["e1g2", "e8e9"]);
        let pgn = xiangqi_game(&record, "test", "2026.11.25", XiangqiNotation::Chinese);
        assert!(
            pgn.contains("[FEN \"4k4/9/9/9/9/9/9/9/4N4/3K2B2 b - - 0 12\"]"),
            "{pgn}"
        );
        assert!(pgn.contains("[Red \"a\"]"), "{pgn}");
        assert!(
            pgn.ends_with("12... 将５进１ 13. 马五进三 将５退１ 1/2-1/2\n\n"),
            "{pgn}"
        );
    }
}
