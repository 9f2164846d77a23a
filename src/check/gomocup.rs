//! Gomocup: one move per move request, acknowledgements, silence after INFO and END, and
//! every move judged on the harness's board (on the board, empty, not forbidden for black
//! under renju).

use super::{Context, Grade, Outcome, lines};
use crate::protocol::ParseError;
use crate::protocol::gomocup::{
    Command, InfoKey, Message, keyword_in_canonical_case, parse_command, parse_message,
};
use crate::rules::gomoku::{Board, BoardSize, Point, Rule, Stone};
use crate::session::Direction;

const MOVE_REQS: &[&str] = &["gomocup-r42", "gomocup-r44", "gomocup-r57"];
const LINE_REQS: &[&str] = &["gomocup-r06"];

/// What the last command asked of the brain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Awaiting {
    Nothing,
    /// A move (BEGIN, TURN, DONE, PLAY).
    Move {
        at_us: u64,
    },
    /// A one-line answer: `OK` or `ERROR` (START, RECTSTART, RESTART, TAKEBACK), the ABOUT
    /// line, or `UNKNOWN` for a command the brain does not know.
    Ack,
}

/// How soon the brain should be gone after END: the manager kills it after about 1 s.
const END_EXIT_MS: f64 = 1000.0;

struct State {
    board: Option<Board>,
    rule: Rule,
    engine: Option<Stone>,
    block: Option<Vec<(Point, u8)>>,
    awaiting: Awaiting,
    info_at: Option<u64>,
    end_at: Option<u64>,
    moves_judged: usize,
    /// MESSAGE lines seen, and whether one was not plain English text.
    messages: usize,
    foreign_message: bool,
}

pub(super) fn judge(ctx: &Context, out: &mut Vec<Outcome>) {
    let mut s = State {
        board: None,
        rule: Rule::FREESTYLE,
        engine: None,
        block: None,
        awaiting: Awaiting::Nothing,
        info_at: None,
        end_at: None,
        moves_judged: 0,
        messages: 0,
        foreign_message: false,
    };
    let mut reported_case = false;
    let mut reported_after_end = false;
    for e in &ctx.transcript.entries {
        let at_us = e.at_us;
        match e.direction {
            Direction::Stderr => {}
            Direction::Sent => {
                match parse_command(&e.text) {
                    Ok(command) => sent(&mut s, command, at_us),
                    // A command the codec does not know (an unknown-command probe) ends any
                    // INFO run, and asks for a reply: UNKNOWN (gomocup-r19).
                    Err(_) => {
                        s.info_at = None;
                        if s.awaiting == Awaiting::Nothing {
                            s.awaiting = Awaiting::Ack;
                        }
                    }
                }
            }
            Direction::Received => {
                if e.text.trim().is_empty() {
                    continue; // the manager ignores empty lines (gomocup-r09)
                }
                if s.end_at.is_some() && !reported_after_end {
                    reported_after_end = true;
                    out.push(
                        Outcome::new(
                            "gomocup.end.no-output",
                            &["gomocup-r95"],
                            Grade::Warn,
                            format!("`{}` written after END", e.text),
                        )
                        .at(at_us),
                    );
                }
                if !reported_case && !keyword_in_canonical_case(&e.text) {
                    reported_case = true;
                    out.push(
                        Outcome::new(
                            "gomocup.line.keyword-case",
                            LINE_REQS,
                            Grade::Warn,
                            format!("`{}`: the text writes every keyword in upper case", e.text),
                        )
                        .at(at_us),
                    );
                }
                match parse_message(&e.text) {
                    Ok(message) => received(&mut s, message, &e.text, at_us, out),
                    Err(error @ ParseError::BadAbout { .. }) => out.push(
                        // Older brains answer ABOUT in free text, which managers accept (gomocup-r102).
                        Outcome::new(
                            "gomocup.about.format",
                            &["gomocup-r98", "gomocup-r102"],
                            Grade::Warn,
                            format!("`{}`: {error}", e.text),
                        )
                        .at(at_us),
                    ),
                    Err(error) => out.push(lines::unreadable(
                        "gomocup", LINE_REQS, &e.text, &error, at_us,
                    )),
                }
            }
        }
    }
    if let Awaiting::Move { at_us } = s.awaiting
        && s.end_at.is_none()
    {
        out.push(
            Outcome::new(
                "gomocup.move.reply",
                MOVE_REQS,
                Grade::Fail,
                "no move for the last move request",
            )
            .at(at_us),
        );
    }
    if s.moves_judged > 0
        && !out
            .iter()
            .any(|o| o.check == "gomocup.move.legal" && o.grade != Grade::Pass)
    {
        out.push(Outcome::new(
            "gomocup.move.legal",
            MOVE_REQS,
            Grade::Pass,
            format!(
                "{} moves, each on the board, on an empty point, never forbidden",
                s.moves_judged
            ),
        ));
    }
    if s.messages > 0 && !s.foreign_message {
        out.push(Outcome::new(
            "gomocup.message.english",
            &["gomocup-r130"],
            Grade::Pass,
            format!("{} MESSAGE lines, all plain ASCII", s.messages),
        ));
    }
    if let Some(end) = s.end_at {
        end_exit(ctx, end, out);
    }
}

fn sent(s: &mut State, command: Command, at_us: u64) {
    if !matches!(command, Command::Info { .. }) {
        s.info_at = None;
    }
    match command {
        Command::Start(n) => {
            s.board = BoardSize::square(n).ok().map(Board::new);
            s.engine = None;
            s.awaiting = Awaiting::Ack;
        }
        Command::RectStart(w, h) => {
            s.board = BoardSize::rect(w, h).ok().map(Board::new);
            s.engine = None;
            s.awaiting = Awaiting::Ack;
        }
        Command::Restart => {
            if let Some(b) = &mut s.board {
                b.clear();
            }
            s.engine = None;
            s.awaiting = Awaiting::Ack;
        }
        Command::Begin => {
            s.engine = Some(Stone::Black);
            s.awaiting = Awaiting::Move { at_us };
        }
        Command::Turn(p) => {
            let engine = *s.engine.get_or_insert(Stone::White);
            if let Some(b) = &mut s.board
                && b.place(p, engine.opponent()).is_err()
            {
                s.board = None; // a robustness scenario sent a bad move: stop judging
            }
            s.awaiting = Awaiting::Move { at_us };
        }
        Command::Board => s.block = Some(Vec::new()),
        Command::BoardEntry { point, field } => {
            if let Some(block) = &mut s.block {
                block.push((point, field));
            }
        }
        Command::Done => {
            let entries = s.block.take().unwrap_or_default();
            let own = entries.iter().filter(|(_, f)| *f == 1).count();
            let theirs = entries.iter().filter(|(_, f)| *f == 2).count();
            // Black moves first: with as many own stones as the opponent's, the brain is black.
            let engine = if own == theirs {
                Stone::Black
            } else {
                Stone::White
            };
            s.engine = Some(engine);
            if let Some(b) = &mut s.board {
                b.clear();
                for (p, f) in entries {
                    let stone = match f {
                        1 => engine,
                        2 => engine.opponent(),
                        _ => continue, // field 3 marks a winning line or forbidden point
                    };
                    if b.place(p, stone).is_err() {
                        s.board = None;
                        break;
                    }
                }
            }
            s.awaiting = Awaiting::Move { at_us };
        }
        Command::Info { key, value } => {
            s.info_at = Some(at_us);
            if key == InfoKey::Rule
                && let Some(rule) = value
                    .trim()
                    .parse()
                    .ok()
                    .and_then(|v| Rule::from_bitmask(v).ok())
            {
                s.rule = rule;
            }
        }
        Command::End => s.end_at = Some(at_us),
        Command::About => s.awaiting = Awaiting::Ack,
        Command::TakeBack(p) => {
            if let Some(b) = &mut s.board {
                let _ = b.remove(p);
            }
            s.awaiting = Awaiting::Ack;
        }
        Command::Play(_) => s.awaiting = Awaiting::Move { at_us },
    }
}

fn received(s: &mut State, message: Message, text: &str, at_us: u64, out: &mut Vec<Outcome>) {
    let chatter = matches!(message, Message::Message(_) | Message::Debug(_));
    let is_message = matches!(message, Message::Message(_));
    // A reply owed to an earlier command may arrive after an INFO sent meanwhile (a limit
    // changed while the brain thinks, gomocup-r16): it answers that command, not the INFO.
    let owed = matches!(
        (&message, s.awaiting),
        (Message::Move(_), Awaiting::Move { .. })
            | (
                Message::Ok | Message::Error(_) | Message::Unknown(_) | Message::About(_),
                Awaiting::Ack
            )
    );
    if let (Some(info), false, false) = (s.info_at, chatter, owed) {
        out.push(
            Outcome::new(
                "gomocup.info.no-reply",
                &["gomocup-r92"],
                Grade::Fail,
                format!("`{text}` in reply to INFO, which has no reply"),
            )
            .at(at_us)
            .latency(at_us.saturating_sub(info)),
        );
        return;
    }
    match message {
        Message::Move(p) => {
            let Awaiting::Move { at_us: asked } = s.awaiting else {
                out.push(
                    Outcome::new(
                        "gomocup.move.reply",
                        MOVE_REQS,
                        Grade::Fail,
                        format!("move `{text}` that nothing asked for"),
                    )
                    .at(at_us),
                );
                return;
            };
            s.awaiting = Awaiting::Nothing;
            let (Some(board), Some(stone)) = (&mut s.board, s.engine) else {
                return;
            };
            s.moves_judged += 1;
            match board.is_legal_move(p, stone, s.rule) {
                Ok(()) => {
                    let _ = board.place(p, stone);
                }
                Err(e) => out.push(
                    Outcome::new(
                        "gomocup.move.legal",
                        MOVE_REQS,
                        Grade::Fail,
                        format!("move {p} for {stone:?} is illegal: {e}"),
                    )
                    .at(at_us)
                    .latency(at_us.saturating_sub(asked)),
                ),
            }
        }
        Message::Ok | Message::Error(_) => {
            if s.awaiting == Awaiting::Ack {
                s.awaiting = Awaiting::Nothing;
            } else if !matches!(s.awaiting, Awaiting::Move { .. }) || matches!(message, Message::Ok)
            {
                out.push(
                    Outcome::new(
                        "gomocup.reply.unsolicited",
                        &["gomocup-r40"],
                        Grade::Warn,
                        format!("`{text}` that no command asked for"),
                    )
                    .at(at_us),
                );
            }
        }
        Message::Message(body) | Message::Debug(body) => {
            if is_message {
                english_only(s, &body, text, at_us, out);
            }
            // Any reply may be preceded by messages (gomocup-r134); only an idle brain's are out of place.
            if s.awaiting == Awaiting::Nothing {
                out.push(
                    Outcome::new(
                        "gomocup.message.before-move",
                        &["gomocup-r06"],
                        Grade::Warn,
                        format!("`{text}` outside a move request: MESSAGE and DEBUG belong before the move"),
                    )
                    .at(at_us),
                );
            }
        }
        Message::Unknown(_) | Message::About(_) => {
            if s.awaiting == Awaiting::Ack {
                s.awaiting = Awaiting::Nothing;
            }
        }
        Message::Suggest(_) => {}
    }
}

/// "It is recommended to send only English messages" (gomocup-r130): the manager shows them
/// in whatever code page it runs in. Non-ASCII text is the sign the catalogue names.
fn english_only(s: &mut State, body: &str, text: &str, at_us: u64, out: &mut Vec<Outcome>) {
    s.messages += 1;
    if body.is_ascii() || s.foreign_message {
        return;
    }
    s.foreign_message = true;
    out.push(
        Outcome::new(
            "gomocup.message.english",
            &["gomocup-r130"],
            Grade::Warn,
            format!("`{text}`: the text recommends English messages, and this one is not ASCII"),
        )
        .at(at_us),
    );
}

fn end_exit(ctx: &Context, end: u64, out: &mut Vec<Outcome>) {
    let Some(exit) = &ctx.transcript.exit else {
        return;
    };
    let latency = exit.at_us.saturating_sub(end);
    let bound = (END_EXIT_MS * 1000.0 * ctx.time_scale) as u64;
    let (grade, message) = if exit.killed_by_harness {
        (
            Grade::Warn,
            "the brain did not exit after END; the harness killed it".to_owned(),
        )
    } else if latency > bound {
        (
            Grade::Warn,
            format!(
                "exited {:.1} ms after END; managers kill a brain after about 1 s",
                latency as f64 / 1000.0
            ),
        )
    } else {
        (
            Grade::Pass,
            format!("exited {:.1} ms after END", latency as f64 / 1000.0),
        )
    };
    out.push(
        Outcome::new(
            "gomocup.end.exit",
            &["gomocup-r93", "gomocup-r94"],
            grade,
            message,
        )
        .at(exit.at_us)
        .latency(latency),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Protocol;

    fn findings(lines: &[&str]) -> Vec<Outcome> {
        crate::check::findings_in(Protocol::Gomocup, lines)
    }

    #[test]
    fn a_move_owed_to_a_turn_is_no_reply_to_an_info_sent_while_thinking() {
        let found = findings(&[
            "> START 20",
            "< OK",
            "> TURN 10,10",
            "> INFO timeout_turn 500",
            "< 11,11",
        ]);
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn unknown_after_info_and_messages_before_ok_are_in_order() {
        let found = findings(&[
            "> INFO timeout_match 100000",
            "> XYZZY",
            "< UNKNOWN XYZZY",
            "> START 20",
            "< MESSAGE allocating the board",
            "< OK",
        ]);
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn a_line_after_info_with_nothing_owed_is_still_a_reply_to_it() {
        let found = findings(&["> START 20", "< OK", "> INFO rule 1", "< OK"]);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].check, "gomocup.info.no-reply");
        assert_eq!(found[0].grade, Grade::Fail);
    }
}
