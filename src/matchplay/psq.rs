//! Gomoku games as Piskvork's `.psq` records, the format of Gomocup's game archives, which
//! Piskvork and most gomoku tools open.
//!
//! As Piskvork's `savePsq` writes it for a tournament or command-line game:
//!
//! ```text
//! Piskvorky 15x15, 11:11, 0
//! 8,8,0
//! 9,9,153
//! …
//! black-engine
//! white-engine
//! -1
//! ```
//!
//! The header gives the board, the two players' levels (`11` for a computer at Piskvork's
//! top level, as tournament records have it) and which of the two named players moved first
//! (`0`: the first name, black). Each move is `x,y,milliseconds` with 1-based coordinates
//! (column, row), the opening's stones first with no time. The names follow, then Piskvork's
//! end code: `15` for a loss on time (Piskvork's timeout code), `-1` ("unavailable", as
//! Piskvork writes when it does not know the code) for every other end, since the
//! termination text in the JSON report says more than Piskvork's codes would.

use std::fmt::Write as _;

use super::{Fault, GameRecord, Termination};
use crate::rules::gomoku::Point;

/// Piskvork's end code for a timeout.
const TIMEOUT_CODE: i32 = 15;
/// Piskvork's end code when the code is not known.
const UNAVAILABLE_CODE: i32 = -1;

/// One game as a `.psq` file's text, on a `size`x`size` board. The record's opening and moves
/// are Gomocup `x,y` points, as the gomoku referee writes them; any other text (a record of
/// another game) has no line here.
pub fn game(record: &GameRecord, size: u8) -> String {
    let mut text = format!("Piskvorky {size}x{size}, 11:11, 0\n");
    let opening = record.opening.moves.iter().map(|m| (m, 0.0));
    let played = record.moves.iter().zip(
        record
            .move_times_ms
            .iter()
            .copied()
            .chain(std::iter::repeat(0.0)),
    );
    for (mv, ms) in opening.chain(played) {
        if let Ok(p) = mv.parse::<Point>() {
            let _ = writeln!(
                text,
                "{},{},{}",
                u32::from(p.x) + 1,
                u32::from(p.y) + 1,
                ms.round() as u64
            );
        }
    }
    for name in [&record.first, &record.second] {
        // A name is one line of the file.
        let _ = writeln!(text, "{}", name.replace(['\r', '\n'], " "));
    }
    let on_time = matches!(
        record.termination,
        Termination::Fault {
            fault: Fault::Time,
            ..
        }
    );
    let code = if on_time {
        TIMEOUT_CODE
    } else {
        UNAVAILABLE_CODE
    };
    let _ = writeln!(text, "{code}");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchplay::termination::{Colour, RuleEnding};
    use crate::matchplay::{Colours, GameResult, Opening};
    use crate::protocol::GameKind;

    fn record(termination: Termination) -> GameRecord {
        GameRecord {
            number: 1,
            first: "pbrain-a".into(),
            second: "pbrain-b".into(),
            colours: Colours::new(GameKind::Gomoku, "pbrain-a", "pbrain-b"),
            opening: Opening {
                fen: None,
                moves: vec!["7,7".into()],
            },
            moves: vec!["8,7".into(), "0,14".into()],
            result: GameResult::SecondWins,
            termination,
            move_times_ms: vec![12.4, 1500.6],
            move_info: Vec::new(),
            overrun_ms: None,
            findings: Vec::new(),
            undeclared_options: Vec::new(),
            aborted: false,
        }
    }

    #[test]
    fn a_game_is_written_as_piskvork_writes_it() {
        assert_eq!(
            game(
                &record(Termination::Rules(RuleEnding::FiveInARow {
                    winner: Colour::White,
                })),
                15
            ),
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,8,12\n1,15,1501\npbrain-a\npbrain-b\n-1\n"
        );
        let timeout = game(
            &record(Termination::Fault {
                side: Colour::Black,
                fault: Fault::Time,
            }),
            20,
        );
        assert!(
            timeout.starts_with("Piskvorky 20x20, 11:11, 0\n"),
            "{timeout}"
        );
        assert!(timeout.ends_with("\npbrain-b\n15\n"), "{timeout}");
    }
}
