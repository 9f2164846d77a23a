//! An AGI engine's side of the game, as the text's worked example plays it: `AGI` → `AGIOK`,
//! `SETRULE`, the options as `SETOPTION`, `ISREADY` → `READYOK`; then for each move the whole
//! game as `POSITION MOVES …` and `GO TIME ms`, answered `BESTMOVE`.
//!
//! AGI's points cover a 15x15 board only (agi-r21): an AGI engine cannot play another size.
//! Its rule is `FORBIDDEN` (renju) or `UNFORBIDDEN` (five or more wins); AGI has no way to say
//! "exactly five", so under that rule the engine is told `UNFORBIDDEN` and the referee still
//! judges by exactly five. `GO TIME` is the thinking time left (agi-r67): the time per move,
//! or the clock Arbiter keeps, which an increment or a new period refills (AGI has no word for
//! either).

use std::time::{Duration, Instant};

use super::{Reply, Seat, Table};
use crate::matchplay::TimeControl;
use crate::matchplay::fault::{Fault, read_line, send};
use crate::matchplay::options::setoption_line;
use crate::protocol::Protocol;
use crate::protocol::agi::{BestMoveKind, Command, GoTime, Message, parse_message};
use crate::rules::gomoku::{BoardSize, Point, agi};

pub(super) fn start(seat: &mut Seat, table: &Table<'_>, bound: Duration) -> Result<(), Fault> {
    if table.size != BoardSize::STANDARD {
        let n = table.size.width();
        return Err(Fault::CannotPlay(format!(
            "cannot play on a {n}x{n} board (AGI speaks 15x15 only)"
        )));
    }
    let options = seat.options.clone();
    seat.spoken = true;
    let session = seat.session()?;
    send(session, &Command::Agi.to_string())?;
    let deadline = Instant::now() + bound;
    while !matches!(
        parse_message(&read_line(session, deadline)?),
        Ok(Message::AgiOk)
    ) {}
    let rule = Command::SetRule {
        forbidden: Some(table.rule.renju),
        swap: None,
        fifth: None,
    };
    send(session, &rule.to_string())?;
    for (name, value) in &options {
        // AGI names OWNBOOK and PONDER (ON|OFF); other names are passed as given, for the
        // engine to take or ignore.
        send(session, &setoption_line(Protocol::Agi, name, value))?;
    }
    send(session, &Command::IsReady.to_string())?;
    let deadline = Instant::now() + bound;
    while !matches!(
        parse_message(&read_line(session, deadline)?),
        Ok(Message::ReadyOk)
    ) {}
    Ok(())
}

/// The whole game as `POSITION MOVES`, the time as `GO TIME`, and the `BESTMOVE`, read past
/// `INFO` and other lines.
pub(super) fn ask_move(
    seat: &mut Seat,
    table: &Table<'_>,
    stones: &[Point],
    deadline: Instant,
) -> Result<Reply, Fault> {
    let time_ms = match seat.control {
        TimeControl::PerMove(d) => d.as_millis() as u64,
        TimeControl::Clock { .. } => seat.clock.remaining_ms.max(1.0).round() as u64,
    };
    let session = seat.session()?;
    let position = Command::Position {
        statu: Vec::new(),
        moves: stones.to_vec(),
    };
    send(session, &position.to_string())?;
    let go = Command::Go {
        search: Vec::new(),
        ponder: false,
        time: Some(GoTime::Millis(time_ms)),
    };
    send(session, &go.to_string())?;
    loop {
        let line = read_line(session, deadline)?;
        match parse_message(&line) {
            Ok(Message::BestMove {
                mv: BestMoveKind::Move(point),
                ..
            }) => return Ok(Reply::Point(point)),
            // No swap was offered: CHANGE is no move.
            Ok(Message::BestMove {
                mv: BestMoveKind::Change,
                ..
            }) => return Ok(Reply::Unreadable("CHANGE".to_owned())),
            Ok(_) => {}
            Err(_) => {
                let mut words = line.split_whitespace();
                if words
                    .next()
                    .is_some_and(|w| w.eq_ignore_ascii_case("BESTMOVE"))
                {
                    // A point AGI cannot read (`F1`, row F is off the board): named as
                    // written, or as x,y where the library reads it.
                    let mv = words.next().unwrap_or("");
                    return Ok(match agi::parse_point(mv, table.size) {
                        Ok(point) => Reply::Point(point),
                        Err(_) => Reply::Unreadable(mv.to_owned()),
                    });
                }
            }
        }
    }
}
