//! The stand-in's Gomocup and AGI: a brain that answers every command the texts give an
//! answer, and plays the empty point nearest the centre that the rule allows its colour.
//! Each protocol's engine is a type of its own ([`gomocup::Brain`], [`agi::AgiEngine`]) that
//! keeps the game and answers one command at a time.

mod agi;
mod gomocup;

use std::io::Write;
use std::sync::mpsc::Receiver;

use super::{Choices, Freedoms, Out, Ponder, Reports, StandInError, StandsIn};
use crate::protocol::GameKind;
use crate::rules::gomoku::{Board, Point, Rule, Stone};

/// Whether the engine reads on after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continue,
    /// The GUI ended the session (Gomocup `END`, AGI `QUIT`).
    End,
}

/// AGI's reports are shorter than UCI's (`INFO DEPTH n SCORE 0 PV 77`, about 25 bytes):
/// 5,000 of them, some 125 KB, are well past a pipe's 64 KiB, so a GUI that does not read
/// during the search leaves the engine's output waiting (agi-r08).
const AGI_FLOOD: usize = 5000;

impl StandsIn for crate::protocol::gomocup::Gomocup {
    /// Gomocup has no search report and no ponder move, but `DEBUG` and `MESSAGE` lines
    /// before a move (gomocup-r134).
    const FREEDOMS: Freedoms = Freedoms {
        reports: None,
        ponder: None,
        verdicts: false,
        messages: true,
    };

    fn run<W: Write>(
        _: GameKind,
        choices: Choices,
        lines: Receiver<String>,
        out: Out<W>,
    ) -> Result<(), StandInError> {
        let mut brain = gomocup::Brain::new(choices, out);
        while let Ok(line) = lines.recv() {
            if brain.answer(&line)? == Flow::End {
                break;
            }
        }
        Ok(())
    }

    /// Gomocup has no handshake: the slow one delays START's answer.
    fn answers_opening(line: &str) -> bool {
        line == "OK" || line.starts_with("ERROR")
    }
}

impl StandsIn for crate::protocol::agi::Agi {
    /// AGI has search reports (none by default) and ponder moves (agi-r84; none by
    /// default); agi-r09 lists every line an engine may write, and no draw, resignation or
    /// message is among them.
    const FREEDOMS: Freedoms = Freedoms {
        reports: Some(Reports {
            usual: 0,
            flood: AGI_FLOOD,
        }),
        ponder: Some(Ponder::Nothing),
        verdicts: false,
        messages: false,
    };

    fn run<W: Write>(
        _: GameKind,
        choices: Choices,
        lines: Receiver<String>,
        out: Out<W>,
    ) -> Result<(), StandInError> {
        let mut engine = agi::AgiEngine::new(choices, out);
        while let Some(line) = engine.next_line(&lines)? {
            if engine.answer(&line)? == Flow::End {
                break;
            }
        }
        Ok(())
    }
}

/// The colour to move on a board: black when it holds an even number of stones.
fn to_move(board: &Board) -> Stone {
    if board.stones().is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    }
}

/// The empty point nearest the centre that `stone` may play under `rule`.
fn choose(board: &Board, rule: Rule) -> Option<Point> {
    let size = board.size();
    let (cx, cy) = (i32::from(size.width()) / 2, i32::from(size.height()) / 2);
    let stone = to_move(board);
    size.points()
        .filter(|p| board.is_legal_move(*p, stone, rule).is_ok())
        .min_by_key(|p| {
            let (dx, dy) = (i32::from(p.x) - cx, i32::from(p.y) - cy);
            (dx.abs().max(dy.abs()), dx.abs() + dy.abs(), p.y, p.x)
        })
}
