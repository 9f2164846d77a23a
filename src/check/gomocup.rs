//! Gomocup: one move per move request, an answer to every command that owes one, silence
//! after INFO and END, and every move judged on the harness's board (on the board, empty,
//! not forbidden for black under renju).

use super::ending::{Ending, not_judged};
use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::stream::after;
use super::{Context, Grade, Reader, lines, spelling};
use crate::protocol::Codec;
use crate::protocol::gomocup::{
    Command, Gomocup, InfoKey, Message, Unread, keyword_in_canonical_case, parse_message, unread,
};
use crate::protocol::spelling::respell;
use crate::protocol::{ParseError, Protocol, ReqId};
use crate::reqs;
use crate::rules::gomoku::{Board, BoardSize, IllegalMove, Point, Rule, Stone};
use crate::session::{At, Direction, Entry, Transcript};
use std::collections::VecDeque;

/// What the last command asked of the brain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Awaiting {
    Nothing,
    /// A move (BEGIN, TURN, DONE, PLAY).
    Move {
        at: At,
        /// The row that makes the command owe it (TURN gomocup-r42, BEGIN r44, DONE r57;
        /// PLAY's reply is a should, r115): what a brain that dies first breaks.
        rows: &'static [ReqId],
    },
    /// A one-line answer to the command sent at `at`: `OK` or `ERROR` (START, RECTSTART,
    /// RESTART, TAKEBACK), the ABOUT line, or `UNKNOWN` for a command the brain does not know.
    Answer {
        at: At,
        command: Asked,
    },
}

/// The commands that owe a one-line answer, for the message and the rows a silence breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    Start,
    RectStart,
    Restart,
    TakeBack,
    About,
    Unknown,
}

impl Asked {
    fn describe(self) -> (&'static str, &'static [crate::protocol::ReqId]) {
        match self {
            Asked::Start => ("START (OK or ERROR)", reqs!["gomocup-r39", "gomocup-r40"]),
            Asked::RectStart => ("RECTSTART (OK or ERROR)", reqs!["gomocup-r107"]),
            Asked::Restart => ("RESTART (OK)", reqs!["gomocup-r110"]),
            Asked::TakeBack => ("TAKEBACK (OK)", reqs!["gomocup-r113"]),
            Asked::About => ("ABOUT (its line)", reqs!["gomocup-r98"]),
            Asked::Unknown => ("an unknown command (UNKNOWN)", reqs!["gomocup-r19"]),
        }
    }

    /// The row a brain that dies before answering breaks: START's one-line reply (r40), not
    /// r39's ERROR for a size it does not support.
    fn owed_rows(self) -> &'static [ReqId] {
        match self {
            Asked::Start => reqs!["gomocup-r40"],
            _ => self.describe().1,
        }
    }
}

/// A command the brain has not yet written a line for, in the order sent: what pairs the
/// brain's lines with the commands they answer when the two kinds of command (one needing no
/// reply) could each take the same line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unanswered {
    /// INFO, which needs no reply (gomocup-r92): a line only a brain that answers INFO writes.
    Info(SentInfo),
    /// Any other command but a BOARD line and END: one that gets a move or an answer.
    Request,
}

/// An INFO the manager sent: when, and whether it sets a key the text defines (§3.5), a
/// setting a brain may refuse with `ERROR` (gomocup-r123).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct SentInfo {
    at: At,
    sets_defined_key: bool,
}

impl SentInfo {
    fn of(key: &InfoKey, at: At) -> SentInfo {
        SentInfo {
            at,
            sets_defined_key: !matches!(key, InfoKey::Other(_)),
        }
    }
}

/// What a line of the brain's may answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answers {
    /// A move (or SUGGEST): only a move request's.
    Move,
    /// `OK`, `ERROR`, `UNKNOWN`, an ABOUT line, or a line that does not read: any command's,
    /// an INFO's too when the brain answers INFO.
    Any,
}

/// What a line was paired with.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Paired {
    Nothing,
    Info(SentInfo),
    Request,
    /// The line came where INFOs and then a command owing an answer were unanswered: it
    /// answers the command for a brain that does not answer INFO, and the first INFO for one
    /// that does (the INFOs, in order). Taken as the command's, until a later line shows the
    /// brain an answer behind.
    Either(Vec<SentInfo>),
}

/// A line taken as a command's answer that may have been an INFO's (see [`Paired::Either`]),
/// and the INFOs left that the brain may yet be shown to have answered.
#[derive(Debug, Clone)]
struct Provisional {
    text: String,
    at: At,
    infos: Vec<SentInfo>,
}

/// How soon the brain should be gone after END: the manager kills it after about 1 s.
const END_EXIT_MS: f64 = 1000.0;

const P: Protocol = Protocol::Gomocup;

struct State {
    time_scale: f64,
    board: Option<Board>,
    /// The size `START` set: a `BOARD` names every stone, so it gives back a board the
    /// harness had stopped following.
    size: Option<BoardSize>,
    rule: Rule,
    engine: Option<Stone>,
    block: Option<Vec<(Point, u8)>>,
    awaiting: Awaiting,
    /// Requests the manager sent while a reply was still owed: the text's manager waits
    /// (gomocup-r11), so a brain may answer each such request or only the last, and a reply
    /// to one of them is not "unasked for".
    overlapped: usize,
    info_at: Option<SentInfo>,
    end_at: Option<u64>,
    moves_judged: usize,
    illegal_move: bool,
    /// MESSAGE lines seen, and whether one was not plain English text.
    messages: usize,
    foreign_message: bool,
    reported_case: bool,
    reported_after_end: bool,
    /// The commands sent since the brain's last line that answered one, oldest first: a line
    /// after END that answers one of them (a single-threaded brain reads END only once it has
    /// answered, A8) is no output after END.
    unanswered: VecDeque<Unanswered>,
    /// A line taken as a command's answer that may have been an earlier INFO's: a later
    /// answer that nothing else is owed (one answer too many, after END or not) shows it was.
    provisional: Option<Provisional>,
    /// The brain has been seen answering an INFO: a line after END that only an INFO sent
    /// before it left unanswered can be paired with is that INFO's late reply (a manager that
    /// froze the brain between its INFOs and END, as GomocupJudgeLocal does).
    answers_info: bool,
    /// The brain's last line was a `MESSAGE` or `DEBUG` (or the rest of one): a line after it
    /// that reads as no reply is its rest ([`Unread::RestOfMessage`]).
    after_message: bool,
    /// Whether the brain has answered anything at all.
    answered: bool,
    last_seq: Option<u64>,
    /// The board as it stood when `RESTART` came, for the game after it: a brain that
    /// answered `OK` has a fresh empty board (gomocup-r110), so a `TURN` on a point only the
    /// old board held is a move like any other.
    before_restart: Option<Board>,
    /// The point of the last `TURN`, while its move is owed.
    turn_point: Option<Point>,
    /// One-line answers still owed when the manager sent another request, oldest first. A
    /// brain reads and answers its commands in order, and such an answer costs no thinking:
    /// once the brain moves for a later request, an answer still owed here never came (a
    /// brain that never says `UNKNOWN` to an unknown command, gomocup-r19).
    answers_passed_over: VecDeque<(At, Asked)>,
    /// The stone a `TAKEBACK` took off the board, while its answer is owed: a brain that
    /// refuses (`UNKNOWN`, gomocup-r19, as an optional command allows, gomocup-r103; or
    /// `ERROR`) keeps it, and the board is the brain's again only with it put back.
    taken_back: Option<(Point, Stone)>,
}

impl super::EngineChecks for crate::protocol::gomocup::Gomocup {
    fn reader(ctx: &Context) -> Box<dyn Reader> {
        Box::new(State {
            time_scale: ctx.time_scale,
            board: None,
            size: None,
            rule: Rule::FREESTYLE,
            engine: None,
            block: None,
            awaiting: Awaiting::Nothing,
            overlapped: 0,
            info_at: None,
            end_at: None,
            moves_judged: 0,
            illegal_move: false,
            messages: 0,
            foreign_message: false,
            reported_case: false,
            after_message: false,
            unanswered: VecDeque::new(),
            provisional: None,
            answers_info: false,
            reported_after_end: false,
            answered: false,
            last_seq: None,
            before_restart: None,
            turn_point: None,
            answers_passed_over: VecDeque::new(),
            taken_back: None,
        })
    }
}

impl Reader for State {
    fn entry(&mut self, e: &Entry, out: &mut Findings) {
        self.last_seq = Some(e.at.seq);
        match e.direction {
            Direction::Stderr | Direction::Omitted => {}
            // The manager's commands as the brain reads them (`TURN 7, 7` too).
            Direction::Sent => match <Gomocup as Codec>::parse_command(&e.text) {
                Ok(command) => sent(self, command, e.at),
                // A command the codec does not know (an unknown-command probe) ends any INFO
                // run, and asks for a reply: UNKNOWN (gomocup-r19).
                Err(_) => {
                    self.info_at = None;
                    self.unanswered.push_back(Unanswered::Request);
                    if self.awaiting == Awaiting::Nothing {
                        self.awaiting = Awaiting::Answer {
                            at: e.at,
                            command: Asked::Unknown,
                        };
                    }
                }
            },
            Direction::Received => self.received_line(e, out),
        }
    }

    fn unresponsive(&self) -> bool {
        !self.answered && self.awaiting != Awaiting::Nothing
    }

    /// A move, or a one-line answer: a brain that dies with START's `OK` owed (PPay, of an
    /// INFO it read first) broke START's row as much as one that dies thinking broke TURN's.
    fn reply_owed(&self) -> Option<&'static [ReqId]> {
        match self.awaiting {
            Awaiting::Move { rows, .. } => Some(rows),
            Awaiting::Answer { command, .. } => Some(command.owed_rows()),
            Awaiting::Nothing => None,
        }
    }

    /// The empty point nearest the centre where the manager's stone is legal and does not end
    /// the game: a move a conforming manager could send, on a board the harness followed.
    /// None once the board is lost track of, or the game is over.
    fn free_point(&self) -> Option<String> {
        let board = self.board.as_ref()?;
        if board.find_win(self.rule).is_some() {
            return None;
        }
        // Before the brain's first move a TURN makes the brain white, so the manager black.
        let manager = self.engine.map_or(Stone::Black, Stone::opponent);
        let size = board.size();
        let (cx, cy) = (i32::from(size.width()) / 2, i32::from(size.height()) / 2);
        let distance = |p: &Point| {
            let (dx, dy) = ((i32::from(p.x) - cx).abs(), (i32::from(p.y) - cy).abs());
            (dx.max(dy), dx + dy, p.y, p.x)
        };
        let mut candidates: Vec<Point> = board.empty_points().collect();
        candidates.sort_by_key(distance);
        candidates.into_iter().find_map(|p| {
            board.is_legal_move(p, manager, self.rule).ok()?;
            let mut after = board.clone();
            after.place(p, manager).ok()?;
            after.find_win(self.rule).is_none().then(|| p.to_string())
        })
    }

    fn finish(self: Box<Self>, end: &Transcript, out: &mut Findings) {
        let s = *self;
        // A reply still owed is not judged when a wait of the harness's or the manager's
        // choosing ended the session (see `Ending`); the brain's own end is its crash's finding.
        if Ending::of(end, s.end_at) == Ending::ByGui {
            let owed = match s.awaiting {
                // END ends the game the brain was thinking about.
                Awaiting::Move { at, .. } if s.end_at.is_none() => Some((
                    CheckId::MoveReply,
                    "no move for the last move request".to_owned(),
                    at,
                )),
                Awaiting::Answer { at, command } => Some((
                    CheckId::CommandAnswered,
                    format!("no answer to {}", command.describe().0),
                    at,
                )),
                _ => None,
            };
            if let Some((check, what, at)) = owed {
                let ended_us = Ending::ended_us(end, s.end_at);
                out.push(not_judged(P, check, &what, at, ended_us));
            }
        }
        if s.moves_judged > 0 && !s.illegal_move {
            out.push(
                outcome(
                    P,
                    CheckId::MoveLegal,
                    Grade::Pass,
                    format!(
                        "{} moves, each on the board, on an empty point",
                        s.moves_judged
                    ),
                )
                .citing(reqs!["gomocup-r42", "gomocup-r44", "gomocup-r57"]),
            );
        }
        if s.messages > 0 && !s.foreign_message {
            out.push(outcome(
                P,
                CheckId::MessageEnglish,
                Grade::Pass,
                format!("{} MESSAGE lines, all plain ASCII", s.messages),
            ));
        }
        // A session a signal cut short (a manager that killed the brain from outside) says
        // nothing of how the brain would have ended.
        if let Some(end_at) = s.end_at.filter(|_| !end.cut_short) {
            end_exit(&s, end, end_at, out);
        }
    }
}

impl State {
    fn received_line(&mut self, e: &Entry, out: &mut Findings) {
        let at = e.at;
        if e.text.trim().is_empty() || e.dropped_bytes > 0 {
            // The manager ignores empty lines (gomocup-r09); a line the harness cut is
            // judged by its length alone.
            return;
        }
        // The brain's lines are judged by what they hold, not by the keyword they open with.
        let parsed = parse_message(&e.text).map_err(|unread| unread.error);
        // A line that does not read as the text spells it, read as the manager reads it: a
        // point with blanks or signs (`10, 10`, `+7,7`), whose spelling the text leaves open
        // (A6), an `UNKNOWN:` with its colon glued on.
        let respelt = parsed
            .as_ref()
            .err()
            .and_then(|_| respell(P, &e.text))
            .and_then(|respelling| {
                let message = parse_message(&respelling.line).ok()?;
                Some((respelling, message))
            });
        // What the line answers is what it says as read: `UNKNOWN: …` answers an INFO as much
        // as `UNKNOWN …` does.
        let read = match &respelt {
            Some((_, message)) => Ok(message.clone()),
            None => parsed.clone(),
        };
        let paired = self.pair(&read);
        let resolved = self.resolve(&read, &e.text, at, out);
        if let Paired::Either(infos) = &paired {
            self.provisional = Some(Provisional {
                text: e.text.clone(),
                at,
                infos: infos.clone(),
            });
        }
        let owed_reply = resolved || self.owed_reply(paired, &read, e, out);
        self.written_after_end(owed_reply, e, out);
        // The rest of a MESSAGE broken off by a line break is that one fault, not a line of
        // its own to judge.
        let after_message = std::mem::take(&mut self.after_message);
        if parsed.is_err()
            && respelt.is_none()
            && unread(&e.text, after_message) == Unread::RestOfMessage
        {
            self.after_message = true;
            return self.rest_of_message(e, out);
        }
        self.keyword_case(e, out);
        // The answer the provisional line was taken for, one line late: already judged.
        if resolved
            && matches!(
                read,
                Ok(Message::Ok | Message::Error(_) | Message::Unknown(_))
            )
        {
            self.answered();
            return;
        }
        match parsed {
            Ok(message) => {
                self.after_message = matches!(message, Message::Message(_) | Message::Debug(_));
                received(self, message, &e.text, at, out)
            }
            Err(error @ ParseError::BadAbout { .. }) => {
                self.answered();
                // Older brains answer ABOUT in free text, which managers accept (gomocup-r102).
                out.push(
                    outcome(
                        P,
                        CheckId::AboutFormat,
                        Grade::Warn,
                        format!("`{}`: {error}", e.text),
                    )
                    .at(at),
                );
            }
            // Read as meant, each departure from the text's spelling a warning.
            Err(error) => match respelt {
                Some((respelling, message)) => {
                    out.extend(spelling::departures(P, &e.text, &respelling, at));
                    received(self, message, &respelling.line, at, out);
                }
                None => out.push(lines::unreadable(P, &e.text, &error, at)),
            },
        }
    }

    /// Whether the line is a reply owed to a command sent before `END`: a single-threaded
    /// brain reads END only once it has answered (A8), so such a reply, and the messages
    /// before it, were written before it read END.
    fn owed_reply(
        &mut self,
        paired: Paired,
        read: &Result<Message, ParseError>,
        e: &Entry,
        out: &mut Findings,
    ) -> bool {
        match paired {
            Paired::Request | Paired::Either(_) => true,
            Paired::Info(info)
                if self.end_at.is_some_and(|end| info.at.us <= end)
                    && (self.answers_info || matches!(read, Ok(Message::Unknown(_)))) =>
            {
                // The late reply of an INFO sent before END (a manager that froze the brain
                // between its INFOs and END, which it read in order after them): that fault,
                // judged as such (gomocup-r92), not output after END as well. It is an INFO's
                // reply when the brain has been seen answering INFO, or when it is UNKNOWN,
                // which no brain answers END with (END is mandatory, gomocup-r18); another
                // line from another brain is as much output after END.
                self.info_reply(&e.text, info, e.at, "", out);
                true
            }
            Paired::Info(_) => false,
            Paired::Nothing => {
                matches!(read, Ok(Message::Message(_) | Message::Debug(_)))
                    && self.unanswered.contains(&Unanswered::Request)
            }
        }
    }

    /// A line after `END` that answers nothing sent before it warns, once.
    fn written_after_end(&mut self, owed_reply: bool, e: &Entry, out: &mut Findings) {
        if self.end_at.is_none() || self.reported_after_end || owed_reply {
            return;
        }
        self.reported_after_end = true;
        out.push(
            outcome(
                P,
                CheckId::EndNoOutput,
                Grade::Warn,
                format!("`{}` written after END", e.text),
            )
            .at(e.at),
        );
    }

    /// A line that reads as no reply right after a `MESSAGE` or `DEBUG`: the rest of it,
    /// broken off by a line break (gomocup-r128).
    fn rest_of_message(&mut self, e: &Entry, out: &mut Findings) {
        out.push(
            outcome(
                P,
                CheckId::MessageOneLine,
                Grade::Fail,
                format!(
                    "`{}` reads as no reply, right after a `MESSAGE` or `DEBUG` line: the \
                     rest of it, broken off by a line break",
                    e.text
                ),
            )
            .at(e.at),
        );
    }

    /// The text writes every keyword in upper case: another case warns, once.
    fn keyword_case(&mut self, e: &Entry, out: &mut Findings) {
        if self.reported_case || keyword_in_canonical_case(&e.text) {
            return;
        }
        self.reported_case = true;
        out.push(
            outcome(
                P,
                CheckId::LineKeywordCase,
                Grade::Warn,
                format!("`{}`: the text writes every keyword in upper case", e.text),
            )
            .at(e.at),
        );
    }

    /// Pairs a line of the brain's with the oldest command it may answer, and resolves a
    /// provisional pairing a surplus answer shows wrong. MESSAGE and DEBUG answer nothing.
    fn pair(&mut self, parsed: &Result<Message, ParseError>) -> Paired {
        let answers = match parsed {
            Ok(Message::Message(_) | Message::Debug(_)) => return Paired::Nothing,
            Ok(Message::Move(_) | Message::Suggest(_)) => Answers::Move,
            _ => Answers::Any,
        };
        let request = self
            .unanswered
            .iter()
            .position(|u| *u == Unanswered::Request);
        let first_info = match self.unanswered.front() {
            Some(Unanswered::Info(info)) => Some(*info),
            _ => None,
        };
        match (answers, request, first_info) {
            // A move answers a move request: the INFOs before it were read without a reply.
            // It also shows the brain was not an answer behind: one that was would have
            // written the answer owed before the move request where the move came.
            (Answers::Move, Some(i), _) => {
                self.unanswered.drain(..=i);
                self.provisional = None;
                Paired::Request
            }
            (Answers::Any, Some(0), _) => {
                self.unanswered.pop_front();
                Paired::Request
            }
            // INFOs, then a command owing a one-line answer, and one answer-like line, taken
            // for that answer: whose it is only a later line can tell. (Before a move request
            // such a line is taken for no answer: the move is still awaited.)
            (Answers::Any, Some(i), Some(_))
                if !self.answers_info && matches!(self.awaiting, Awaiting::Answer { .. }) =>
            {
                let infos = self
                    .unanswered
                    .drain(..=i)
                    .filter_map(|u| match u {
                        Unanswered::Info(info) => Some(info),
                        Unanswered::Request => None,
                    })
                    .collect();
                Paired::Either(infos)
            }
            (_, _, Some(info)) => {
                self.unanswered.pop_front();
                Paired::Info(info)
            }
            (_, _, None) => Paired::Nothing,
        }
    }

    /// A surplus answer (one no command is left to take) after a provisional pairing shows the
    /// brain one answer behind: the provisional line was the INFO's reply, and this one the
    /// answer it was taken for. Only an ABOUT line is a surplus while a move is owed: a brain
    /// may answer a move request with ERROR or UNKNOWN (gomocup-r90).
    fn resolve(
        &mut self,
        parsed: &Result<Message, ParseError>,
        text: &str,
        at: At,
        out: &mut Findings,
    ) -> bool {
        let about = matches!(
            parsed,
            Ok(Message::About(_)) | Err(ParseError::BadAbout { .. })
        );
        let answer = about
            || matches!(
                parsed,
                Ok(Message::Ok | Message::Error(_) | Message::Unknown(_))
            );
        let nothing_owed = self.awaiting == Awaiting::Nothing && self.overlapped == 0;
        let about_unasked = about
            && !matches!(
                self.awaiting,
                Awaiting::Answer {
                    command: Asked::About,
                    ..
                }
            );
        if !answer || !(nothing_owed || about_unasked) {
            return false;
        }
        let Some(mut earlier) = self.provisional.take() else {
            return false;
        };
        let info = earlier.infos.remove(0);
        // This line takes the answer's place, and may itself be shown an INFO's by the next
        // surplus, while INFOs before that command are left.
        if !earlier.infos.is_empty() {
            self.provisional = Some(Provisional {
                text: text.to_owned(),
                at,
                infos: earlier.infos,
            });
        }
        self.info_reply(
            &earlier.text,
            info,
            earlier.at,
            ": the brain's next answer came with none left to give, so this one answered the \
             INFO before the command it was taken for",
            out,
        );
        true
    }

    /// A line that is an INFO's reply, which has none (gomocup-r92); `why` says how the line
    /// was told to be one when it came after another command.
    fn info_reply(&mut self, text: &str, info: SentInfo, at: At, why: &str, out: &mut Findings) {
        self.answers_info = true;
        out.push(info_reply_outcome(text, why, info, at));
    }

    /// The brain gave the one-line answer a command was waiting for.
    fn answered(&mut self) {
        self.answered = true;
        if matches!(self.awaiting, Awaiting::Answer { .. }) {
            self.awaiting = Awaiting::Nothing;
        }
    }
}

/// Settles the answers owed from before the manager's later requests by the brain's next line
/// that is no message: an answer takes the oldest (answers come in order); a move shows that
/// none of them came before it, and so none will: one finding names them all.
fn passed_over(s: &mut State, message: &Message, text: &str, at: At, out: &mut Findings) {
    match message {
        Message::Message(_) | Message::Debug(_) => {}
        Message::Move(_) if !s.answers_passed_over.is_empty() => {
            let owed: Vec<_> = s.answers_passed_over.drain(..).collect();
            let (first_at, _) = owed[0];
            let what: Vec<&str> = owed.iter().map(|(_, asked)| asked.describe().0).collect();
            let mut rows: Vec<ReqId> = Vec::new();
            for (_, asked) in &owed {
                for row in asked.owed_rows() {
                    if !rows.contains(row) {
                        rows.push(*row);
                    }
                }
            }
            out.push(
                outcome(
                    P,
                    CheckId::CommandAnswered,
                    Grade::Fail,
                    format!(
                        "no answer to {}: the brain moved (`{text}`) for a later request \
                         without it, and a brain answers its commands in order",
                        what.join(", ")
                    ),
                )
                .citing(&rows)
                .at(first_at)
                .latency(at.us.saturating_sub(first_at.us)),
            );
        }
        _ => {
            s.answers_passed_over.pop_front();
        }
    }
}

/// A reply at `at` to `info`, which has none (gomocup-r92), timed from it. An `ERROR` to an
/// INFO that sets a key the text defines warns: the text's own example of an `ERROR` is "a memory limit
/// that is too small" (gomocup-r123), a limit only `INFO max_memory` sets, so its two
/// sentences leave open whether a brain may refuse a setting so (Rapfi and PentaZen do). An
/// `ERROR` to a key the text does not have refuses no setting of the text's, and fails.
fn info_reply_outcome(text: &str, why: &str, info: SentInfo, at: At) -> crate::check::Outcome {
    let error = |line: &str| matches!(parse_message(line), Ok(Message::Error(_)));
    let refused =
        info.sets_defined_key && (error(text) || respell(P, text).is_some_and(|r| error(&r.line)));
    let (grade, reading) = if refused {
        (
            Grade::Warn,
            "; an ERROR may report a setting the brain cannot take (gomocup-r123's \
             example, a memory limit too small), which leaves this open",
        )
    } else {
        (Grade::Fail, "")
    };
    outcome(
        P,
        CheckId::InfoNoReply,
        grade,
        format!("`{text}` in reply to INFO, which has no reply{why}{reading}"),
    )
    .at(at)
    .latency(at.us.saturating_sub(info.at.us))
}

fn sent(s: &mut State, command: Command, at: At) {
    if !matches!(command, Command::Info { .. }) {
        s.info_at = None;
    }
    owe(s, &command, at);
    follow(s, command, at);
}

/// What the brain owes for a command, in the order it reads them: an answer or a move for a
/// request, a possible reply for an `INFO`. A request sent over one still owed is counted,
/// and an answer it passes over is kept to be named if a later move comes first.
fn owe(s: &mut State, command: &Command, at: At) {
    // The brain reads its input in order, a new game's START too: what it owes from before
    // still comes first.
    match command {
        Command::Info { key, .. } => s
            .unanswered
            .push_back(Unanswered::Info(SentInfo::of(key, at))),
        Command::Board | Command::BoardEntry { .. } | Command::End => {}
        _ => s.unanswered.push_back(Unanswered::Request),
    }
    let request = !matches!(
        command,
        Command::Info { .. } | Command::Board | Command::BoardEntry { .. } | Command::End
    );
    if request {
        match (command, s.awaiting) {
            // A new game starts the brain afresh: nothing from before is owed.
            (Command::Start(_) | Command::RectStart(..), _) => {
                s.overlapped = 0;
                s.answers_passed_over.clear();
            }
            (_, Awaiting::Nothing) => {}
            (_, Awaiting::Answer { at, command }) => {
                s.overlapped += 1;
                s.answers_passed_over.push_back((at, command));
            }
            _ => s.overlapped += 1,
        }
    }
}

/// The game the command sets up or plays on, as the brain's board sees it, and what reply
/// the command now awaits.
fn follow(s: &mut State, command: Command, at: At) {
    match command {
        Command::Start(n) => {
            s.size = BoardSize::square(n).ok();
            s.board = s.size.map(Board::new);
            s.engine = None;
            s.awaiting = Awaiting::Answer {
                at,
                command: Asked::Start,
            };
        }
        Command::RectStart(w, h) => {
            s.size = BoardSize::rect(w, h).ok();
            s.board = s.size.map(Board::new);
            s.engine = None;
            s.awaiting = Awaiting::Answer {
                at,
                command: Asked::RectStart,
            };
        }
        Command::Restart => {
            s.before_restart = s.board.take();
            s.board = s.size.map(Board::new);
            s.engine = None;
            s.awaiting = Awaiting::Answer {
                at,
                command: Asked::Restart,
            };
        }
        Command::Begin => {
            s.turn_point = None;
            s.engine = Some(Stone::Black);
            s.awaiting = Awaiting::Move {
                at,
                rows: reqs!["gomocup-r44"],
            };
        }
        Command::Turn(p) => {
            s.turn_point = Some(p);
            let engine = *s.engine.get_or_insert(Stone::White);
            if let Some(b) = &mut s.board
                && b.place(p, engine.opponent()).is_err()
            {
                s.board = None; // a robustness scenario sent a bad move: stop judging
            }
            s.awaiting = Awaiting::Move {
                at,
                rows: reqs!["gomocup-r42"],
            };
        }
        Command::Board => {
            s.turn_point = None;
            s.block = Some(Vec::new());
        }
        Command::BoardEntry { point, field } => {
            if let Some(block) = &mut s.block {
                block.push((point, field));
            }
        }
        Command::Done => {
            board_from_block(s);
            s.awaiting = Awaiting::Move {
                at,
                rows: reqs!["gomocup-r57"],
            };
        }
        Command::Info { key, value } => {
            s.info_at = Some(SentInfo::of(&key, at));
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
        Command::End => s.end_at = Some(at.us),
        Command::About => {
            s.awaiting = Awaiting::Answer {
                at,
                command: Asked::About,
            }
        }
        Command::TakeBack(p) => {
            // Off the board as the brain's `OK` takes it (gomocup-r113); put back on a refusal.
            s.taken_back = s
                .board
                .as_mut()
                .and_then(|b| b.remove(p).ok().map(|stone| (p, stone)));
            s.awaiting = Awaiting::Answer {
                at,
                command: Asked::TakeBack,
            };
        }
        Command::Play(_) => s.awaiting = Awaiting::Move { at, rows: &[] },
    }
}

/// The board a `BOARD` block sets up when `DONE` closes it: the brain's stones and the
/// opponent's, the brain's colour told by the count (black moves first, so as many own
/// stones as the opponent's make it black).
fn board_from_block(s: &mut State) {
    let entries = s.block.take().unwrap_or_default();
    let own = entries.iter().filter(|(_, f)| *f == 1).count();
    let theirs = entries.iter().filter(|(_, f)| *f == 2).count();
    let engine = if own == theirs {
        Stone::Black
    } else {
        Stone::White
    };
    s.engine = Some(engine);
    s.board = s.size.map(Board::new);
    if let Some(b) = &mut s.board {
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
}

fn received(s: &mut State, message: Message, text: &str, at: At, out: &mut Findings) {
    let chatter = matches!(message, Message::Message(_) | Message::Debug(_));
    passed_over(s, &message, text, at, out);
    let is_message = matches!(message, Message::Message(_));
    // A reply owed to an earlier command may arrive after an INFO sent meanwhile (a limit
    // changed while the brain thinks, gomocup-r16): it answers that command, not the INFO.
    let owed = matches!(
        (&message, s.awaiting),
        (Message::Move(_), Awaiting::Move { .. })
            | (
                Message::Ok | Message::Error(_) | Message::Unknown(_) | Message::About(_),
                Awaiting::Answer { .. }
            )
    ) || (s.overlapped > 0 && !chatter);
    if let (Some(info), false, false) = (s.info_at, chatter, owed) {
        s.answers_info = true;
        out.push(info_reply_outcome(text, "", info, at));
        return;
    }
    match message {
        Message::Move(p) => move_received(s, p, text, at, out),
        Message::Ok | Message::Error(_) => answer_received(s, &message, text, at, out),
        Message::Message(body) | Message::Debug(body) => {
            if is_message {
                english_only(s, &body, text, at, out);
            }
            // Any reply may be preceded by messages (gomocup-r134); only an idle brain's are out of place.
            if s.awaiting == Awaiting::Nothing && s.overlapped == 0 {
                out.push(
                    outcome(
                        P,
                        CheckId::MessageBeforeMove,
                        Grade::Warn,
                        format!("`{text}` outside a move request: MESSAGE and DEBUG belong before the move"),
                    )
                    .at(at),
                );
            }
        }
        Message::Unknown(_) | Message::About(_) => {
            if matches!(message, Message::Unknown(_)) {
                refused_takeback(s);
            }
            s.answered()
        }
        Message::Suggest(_) => {}
    }
}

/// A move: owed to a move request (or to one sent over an owed one), else unasked; judged on
/// the brain's board and played there.
fn move_received(s: &mut State, p: Point, text: &str, at: At, out: &mut Findings) {
    let asked = match s.awaiting {
        Awaiting::Move { at: asked, .. } => asked,
        // The answer to a request the manager sent over an owed one: judged on the board
        // like any move, timed from itself (which request it answers is the brain's choice).
        _ if s.overlapped > 0 => {
            s.overlapped -= 1;
            at
        }
        _ => {
            out.push(
                outcome(
                    P,
                    CheckId::MoveReply,
                    Grade::Fail,
                    format!("move `{text}` that nothing asked for"),
                )
                .at(at),
            );
            return;
        }
    };
    s.answered = true;
    s.awaiting = Awaiting::Nothing;
    // The move came where it was owed: the brain was not an answer behind.
    s.provisional = None;
    let (Some(board), Some(stone)) = (&mut s.board, s.engine) else {
        return;
    };
    s.moves_judged += 1;
    match board.is_legal_move(p, stone, s.rule) {
        Ok(()) => {
            let _ = board.place(p, stone);
        }
        // A point forbidden for black under renju is still a point the brain may put a stone
        // on: the text defines no renju rules (A7) and lets a brain ignore INFO (gomocup-r59),
        // so it loses the game under renju's rules, which the referee applies, and breaks no
        // row of the protocol's. A warning, citing the flag.
        Err(e @ IllegalMove::Forbidden { .. }) => {
            let _ = board.place(p, stone);
            out.push(
                outcome(
                    P,
                    CheckId::MoveLegal,
                    Grade::Warn,
                    format!(
                        "move {p} for {stone:?}: {e}; a game lost under renju's rules, \
                         which the text names (rule 4) but does not give, not a break of \
                         the protocol"
                    ),
                )
                .citing(crate::reqs!["gomocup-r73"])
                .at(at)
                .latency(at.us.saturating_sub(asked.us)),
            )
        }
        Err(e) => {
            s.illegal_move = true;
            out.push(
                outcome(
                    P,
                    CheckId::MoveLegal,
                    Grade::Fail,
                    format!("move {p} for {stone:?} is illegal: {e}"),
                )
                .citing(reqs!["gomocup-r42", "gomocup-r44", "gomocup-r57"])
                .at(at)
                .latency(at.us.saturating_sub(asked.us)),
            )
        }
    }
}

/// `OK` or `ERROR`: the answer to the command that awaits one (a refused `TAKEBACK` puts
/// the stone back), the reply to a request sent over an owed one, or unsolicited (warns). An
/// `ERROR` to a `TURN` means the brain kept the board from before.
fn answer_received(s: &mut State, message: &Message, text: &str, at: At, out: &mut Findings) {
    if let (Message::Error(_), Awaiting::Move { .. }, Some(p)) = (message, s.awaiting, s.turn_point)
    {
        kept_old_board(s, p, text, at, out);
    }
    if matches!(s.awaiting, Awaiting::Answer { .. }) {
        match message {
            Message::Error(_) => refused_takeback(s),
            _ => s.taken_back = None,
        }
        s.answered();
    } else if s.overlapped > 0 {
        s.overlapped -= 1;
    } else if !matches!(s.awaiting, Awaiting::Move { .. }) || matches!(message, Message::Ok) {
        out.push(
            outcome(
                P,
                CheckId::ReplyUnsolicited,
                Grade::Warn,
                format!("`{text}` that no command asked for"),
            )
            .at(at),
        );
    }
}

/// A `TAKEBACK` answered `UNKNOWN` or `ERROR`: the brain kept its stone, so the board gets
/// it back, and its next move or a manager's `{free}` point is judged on the brain's board.
fn refused_takeback(s: &mut State) {
    let asked_takeback = matches!(
        s.awaiting,
        Awaiting::Answer {
            command: Asked::TakeBack,
            ..
        }
    );
    if let (true, Some((p, stone)), Some(board)) = (asked_takeback, s.taken_back, &mut s.board) {
        let _ = board.place(p, stone);
    }
    s.taken_back = None;
}

/// A `TURN` refused with `ERROR` on a point empty in this game but taken in the one before
/// `RESTART`: the brain answered `OK` to `RESTART` and kept the old board, which gomocup-r110
/// forbids (it "frees the previous board … creates a new empty board"). Seen where a manager
/// keeps brains between games (`arbiter match --restart off`, Piskvork's tournaments).
fn kept_old_board(s: &State, p: Point, text: &str, at: At, out: &mut Findings) {
    let Some(old) = s.before_restart.as_ref().and_then(|b| b.get(p)) else {
        return;
    };
    out.push(
        outcome(
            P,
            CheckId::RestartFreshBoard,
            Grade::Fail,
            format!(
                "`{text}` to TURN {p}, a point empty in this game but held by {old:?} in the \
                 game before RESTART: the brain answered OK and kept the old board"
            ),
        )
        .at(at),
    );
}

/// "It is recommended to send only English messages" (gomocup-r130): the manager shows them
/// in whatever code page it runs in. Non-ASCII text is the sign the catalogue names.
fn english_only(s: &mut State, body: &str, text: &str, at: At, out: &mut Findings) {
    s.messages += 1;
    if body.is_ascii() || s.foreign_message {
        return;
    }
    s.foreign_message = true;
    out.push(
        outcome(
            P,
            CheckId::MessageEnglish,
            Grade::Warn,
            format!("`{text}`: the text recommends English messages, and this one is not ASCII"),
        )
        .at(at),
    );
}

fn end_exit(s: &State, transcript: &Transcript, end: u64, out: &mut Findings) {
    let Some(exit) = &transcript.exit else {
        return;
    };
    let latency = exit.at_us.saturating_sub(end);
    let bound = (END_EXIT_MS * 1000.0 * s.time_scale) as u64;
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
        outcome(P, CheckId::EndExit, grade, message)
            .at(after(s.last_seq, exit.at_us))
            .latency(latency),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckRef, id_under};
    use crate::protocol::Protocol;

    fn findings(lines: &[&str]) -> Vec<crate::check::Outcome> {
        crate::check::findings_in(Protocol::Gomocup, lines)
    }

    /// The point `{free}` names after these lines, as the judge of a session has them.
    fn free_after(lines: &[&str]) -> Option<String> {
        let mut judge = crate::check::Judge::new(Context {
            protocol: Protocol::Gomocup,
            game: Protocol::Gomocup.default_game(),
            time_scale: 1.0,
        });
        let timed: Vec<(u64, &str)> = (0..).zip(lines.iter().copied()).collect();
        for entry in crate::check::timed_entries(&timed) {
            judge.judge(&entry);
        }
        judge.free_point()
    }

    /// A brain that answered `OK` to `RESTART` and kept the old board refuses a `TURN` on a
    /// point only the old game held (gomocup-r110); the same refusal of a point no game held,
    /// or with no `RESTART` between, is not this finding.
    #[test]
    fn a_turn_refused_on_a_point_of_the_game_before_restart_is_the_old_board_kept() {
        let game = |between: &[&'static str], turn: &'static str| {
            let mut lines = vec![
                "> START 15",
                "< OK",
                "> BEGIN",
                "< 7,7",
                "> TURN 7,8",
                "< 6,6",
            ];
            lines.extend_from_slice(between);
            lines.extend([turn, "< ERROR occupied"]);
            findings(&lines)
                .into_iter()
                .filter(|o| {
                    o.check
                        == crate::check::CheckRef::builtin(
                            Protocol::Gomocup,
                            crate::check::CheckId::RestartFreshBoard,
                        )
                })
                .map(|o| (o.grade, o.requirements))
                .collect::<Vec<_>>()
        };
        let restarted = ["> RESTART", "< OK", "> BEGIN", "< 3,3"];
        assert_eq!(
            game(&restarted, "> TURN 7,7"),
            [(Grade::Fail, reqs!["gomocup-r110"].to_vec())]
        );
        assert_eq!(game(&restarted, "> TURN 9,9"), []);
        assert_eq!(game(&[], "> TURN 7,7"), []);
    }

    /// `{free}` is the empty point nearest the centre the manager may play: past the brain's
    /// stones and the manager's, never one that would end the game, and none on a board the
    /// harness stopped following until a `BOARD` names every stone again.
    #[test]
    fn the_free_point_is_empty_legal_and_leaves_the_game_going() {
        assert_eq!(
            free_after(&["> START 20", "< OK"]).as_deref(),
            Some("10,10")
        );
        let taken = ["> START 20", "< OK", "> TURN 10,10", "< 9,9"];
        assert_eq!(free_after(&taken).as_deref(), Some("10,9"));
        // The manager has four in a column (10,6 to 10,9) the brain did not block: the centre
        // would make five, so the next point nearest it is named.
        let four = [
            "> START 20",
            "< OK",
            "> BOARD",
            "> 0,0,1",
            "> 10,6,2",
            "> 0,2,1",
            "> 10,7,2",
            "> 0,4,1",
            "> 10,8,2",
            "> 0,6,1",
            "> 10,9,2",
            "> DONE",
            "< 19,19",
        ];
        assert_eq!(free_after(&four).as_deref(), Some("9,10"));
        let lost = [
            "> START 20",
            "< OK",
            "> TURN 25,25",
            "< ERROR off the board",
        ];
        assert_eq!(free_after(&lost), None);
        let back = [&lost[..], &["> BOARD", "> 10,10,2", "> DONE", "< 9,9"]].concat();
        assert_eq!(free_after(&back).as_deref(), Some("10,9"));
    }

    /// The `MoveLegal` grades of these lines.
    fn move_grades(lines: &[&str]) -> Vec<Grade> {
        findings(lines)
            .into_iter()
            .filter(|o| {
                o.check
                    == crate::check::CheckRef::builtin(
                        Protocol::Gomocup,
                        crate::check::CheckId::MoveLegal,
                    )
            })
            .map(|o| o.grade)
            .collect()
    }

    /// A `TAKEBACK` the brain accepts takes its stone off the board (gomocup-r113): the brain,
    /// to move again, may put its next stone on the same point, here asked with `BEGIN` on the
    /// board the take-back emptied.
    #[test]
    fn an_accepted_takeback_frees_the_point() {
        let lines = [
            "> START 20",
            "< OK",
            "> BEGIN",
            "< 10,10",
            "> TAKEBACK 10,10",
            "< OK",
            "> BEGIN",
            "< 10,10",
        ];
        assert_eq!(move_grades(&lines), []);
    }

    /// A `TAKEBACK` the brain refuses (`UNKNOWN`: it does not implement the optional command,
    /// gomocup-r103; or `ERROR`) leaves its stone where it was: a move on that point is on an
    /// occupied one, and `{free}` does not name it.
    #[test]
    fn a_refused_takeback_leaves_the_stone() {
        for refusal in ["< UNKNOWN TAKEBACK", "< ERROR cannot take back"] {
            let refused = [
                "> START 20",
                "< OK",
                "> BEGIN",
                "< 10,10",
                "> TAKEBACK 10,10",
                refusal,
            ];
            assert_eq!(free_after(&refused).as_deref(), Some("10,9"), "{refusal}");
            let again = [&refused[..], &["> TURN 10,9", "< 10,10"]].concat();
            assert_eq!(move_grades(&again), [Grade::Fail], "{refusal}");
        }
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
        assert_eq!(found[0].check, CheckRef::builtin(P, CheckId::InfoNoReply));
        assert_eq!(found[0].grade, Grade::Fail);
    }

    /// The survey's PentaZen never says `UNKNOWN` (its chain of commands has no last `else`):
    /// the harness waits, then goes on with `BEGIN`, and the brain moves. Answers come in the
    /// order of the commands, so the move shows the `UNKNOWN` owed before it never came
    /// (gomocup-r19), where a silence alone is not judged. An answer that comes late, before
    /// the move, is no finding.
    #[test]
    fn an_answer_passed_over_by_a_later_move_never_came() {
        let silent = findings(&[
            "> START 20",
            "< OK",
            "> FROBNICATE 1,2",
            "> XYZZY",
            "> BEGIN",
            "< 10,10",
        ]);
        let answered: Vec<_> = silent
            .iter()
            .filter(|o| {
                o.check == CheckRef::builtin(P, CheckId::CommandAnswered) && o.grade == Grade::Fail
            })
            .collect();
        assert_eq!(answered.len(), 1, "{silent:#?}");
        assert_eq!(answered[0].requirements, reqs!["gomocup-r19"]);
        assert!(
            answered[0].message.contains("10,10"),
            "{}",
            answered[0].message
        );
        let late = findings(&[
            "> START 20",
            "< OK",
            "> FROBNICATE 1,2",
            "> BEGIN",
            "< UNKNOWN FROBNICATE",
            "< 10,10",
        ]);
        assert!(late.iter().all(|o| o.grade != Grade::Fail), "{late:#?}");
    }

    /// The survey's Rapfi and PentaZen refuse a setting they cannot take with `ERROR` (a memory
    /// limit of 1 byte, a rule the board size does not have): the text's own example of an
    /// `ERROR` is such a limit (gomocup-r123), so that warns, in either spelling; any other
    /// reply to an INFO, and an `ERROR` to a key the text does not have (Rapfi's `ERROR
    /// Unknown command: 7,7`, its value read as a command), still fails gomocup-r92.
    #[test]
    fn an_error_refusing_an_info_setting_warns_and_other_replies_fail() {
        for refusal in ["< ERROR memory limit too small", "< ERROR: too small"] {
            let found = findings(&["> START 20", "< OK", "> INFO max_memory 1", refusal]);
            let reply: Vec<_> = found
                .iter()
                .filter(|o| o.check == CheckRef::builtin(P, CheckId::InfoNoReply))
                .collect();
            assert_eq!(reply.len(), 1, "{found:#?}");
            assert_eq!(reply[0].grade, Grade::Warn, "{refusal}");
            assert!(
                reply[0].message.contains("gomocup-r123"),
                "{}",
                reply[0].message
            );
        }
        for other in ["< UNKNOWN foo_bar", "< ERROR Unknown command: 7,7"] {
            let found = findings(&["> START 20", "< OK", "> INFO foo_bar 7,7", other]);
            assert_eq!(found.len(), 1, "{found:#?}");
            assert_eq!(found[0].grade, Grade::Fail, "{other}");
        }
    }

    /// A manager that sends TURN before the brain answered BEGIN breaks gomocup-r11 (its
    /// check warns); the brain may answer both requests in order, or only one, and is not
    /// faulted for either.
    #[test]
    fn a_request_sent_over_an_owed_one_may_be_answered_once_or_twice() {
        let start = ["> START 20", "< OK", "> BEGIN", "> TURN 0,0"];
        let both = [&start[..], &["< 10,10", "< MESSAGE thinking", "< 11,11"]].concat();
        assert!(findings(&both).is_empty(), "{:#?}", findings(&both));
        let once = [&start[..], &["< 10,10"]].concat();
        assert!(findings(&once).is_empty(), "{:#?}", findings(&once));
        // Still, a third move is one nothing asked for.
        let three = [&both[..], &["< 12,12"]].concat();
        let found = findings(&three);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].check, CheckRef::builtin(P, CheckId::MoveReply));
    }

    /// A MESSAGE broken by a raw CR (a line end for the manager, gomocup-r08) leaves its rest
    /// on a line of its own: that rest is judged under gomocup-r128, once, and not as a move
    /// or an unknown line, whatever it starts with; the brain's move after it is judged as
    /// usual. The same line with no MESSAGE before it is an unreadable move.
    #[test]
    fn the_rest_of_a_broken_message_is_judged_as_such() {
        let brief = |lines: &[&str]| {
            findings(lines)
                .into_iter()
                .filter(|o| o.grade != Grade::Pass)
                .map(|o| (id_under(P, &o.check), o.grade, o.requirements))
                .collect::<Vec<_>>()
        };
        for rest in ["-35 at depth 3", "about depth 3", "5 more"] {
            let broken = brief(&[
                "> START 15",
                "< OK",
                "> BEGIN",
                "< MESSAGE eval",
                &format!("< {rest}"),
                "< 7,7",
            ]);
            assert_eq!(
                broken,
                [(
                    CheckId::MessageOneLine,
                    Grade::Fail,
                    crate::reqs!["gomocup-r128"].to_vec()
                )],
                "{rest}"
            );
        }
        let bare = brief(&["> START 15", "< OK", "> BEGIN", "< -35 at depth 3", "< 7,7"]);
        assert!(
            bare.iter()
                .all(|(check, _, _)| *check != CheckId::MessageOneLine),
            "{bare:#?}"
        );
    }

    /// A point forbidden for black under renju is a game lost under rules the text names but
    /// does not give (A7), and a brain may ignore INFO (gomocup-r59): a warning citing the
    /// renju flag, not a failure of the move rows. An occupied point still fails.
    #[test]
    fn a_renju_forbidden_point_warns_and_an_occupied_one_fails() {
        let overline = [
            "> START 20",
            "< OK",
            "> INFO rule 4",
            "> BOARD",
            "> 7,10,1",
            "> 3,3,2",
            "> 8,10,1",
            "> 16,3,2",
            "> 9,10,1",
            "> 3,16,2",
            "> 11,10,1",
            "> 16,16,2",
            "> 12,10,1",
            "> 10,4,2",
            "> DONE",
            "< 10,10",
        ];
        let found: Vec<_> = findings(&overline)
            .into_iter()
            .filter(|o| o.grade != Grade::Pass)
            .map(|o| (id_under(P, &o.check), o.grade, o.requirements))
            .collect();
        assert_eq!(
            found,
            [(
                CheckId::MoveLegal,
                Grade::Warn,
                crate::reqs!["gomocup-r73"].to_vec()
            )]
        );
        let occupied = findings(&["> START 20", "< OK", "> TURN 7,7", "< 7,7"]);
        assert!(
            occupied.iter().any(|o| o.check
                == crate::check::CheckRef::builtin(
                    Protocol::Gomocup,
                    crate::check::CheckId::MoveLegal
                )
                && o.grade == Grade::Fail),
            "{occupied:#?}"
        );
    }

    /// A single-threaded brain reads END only after it has answered (A8): the move it owed
    /// when END came, with its messages, is no output after END; anything beyond it is.
    #[test]
    fn the_move_owed_when_end_came_is_no_output_after_end() {
        let after_end = |replies: &[&'static str]| {
            let mut lines = vec!["> START 20", "< OK", "> BEGIN", "> END"];
            lines.extend_from_slice(replies);
            findings(&lines)
                .into_iter()
                .filter(|o| {
                    o.check
                        == crate::check::CheckRef::builtin(
                            Protocol::Gomocup,
                            crate::check::CheckId::EndNoOutput,
                        )
                })
                .count()
        };
        assert_eq!(after_end(&["< MESSAGE thinking", "< 10,10"]), 0);
        assert_eq!(after_end(&["< 10,10", "< MESSAGE done"]), 1);
    }

    /// The failures a session ended by the brain's own exit at 95 ms gives.
    fn crash_after(lines: &[(u64, &str)]) -> Vec<(CheckId, Vec<ReqId>)> {
        let transcript = Transcript {
            entries: crate::check::timed_entries(lines),
            exit: Some(crate::session::ExitRecord {
                at_us: 95_000,
                code: Some(0),
                signal: None,
                killed_by_harness: false,
            }),
            ..Transcript::default()
        };
        let ctx = Context {
            protocol: P,
            game: P.default_game(),
            time_scale: 1.0,
        };
        crate::check::judge(ctx, &transcript)
            .into_iter()
            .filter(|o| o.grade == Grade::Fail)
            .map(|o| (id_under(P, &o.check), o.requirements))
            .collect()
    }

    /// The non-pass findings of these lines, as (check, grade).
    fn brief(lines: &[&str]) -> Vec<(CheckId, Grade)> {
        findings(lines)
            .into_iter()
            .filter(|o| o.grade != Grade::Pass)
            .map(|o| (id_under(P, &o.check), o.grade))
            .collect()
    }

    /// AIA gomoku 2019 answers every command it does not know, INFO included, with
    /// `UNKNOWN: The commands doesn't exist.`: read as `UNKNOWN` (its glued colon a warning,
    /// gomocup-r119), so its answer to an INFO is one (gomocup-r92) and its answer to an
    /// unknown command is the answer owed (no miss).
    #[test]
    fn an_unknown_with_a_colon_glued_on_is_an_unknown() {
        let aia = "UNKNOWN: The commands doesn't exist.";
        let lines = [
            "> START 20",
            "< OK",
            "> INFO timeout_turn 1000",
            &format!("< {aia}"),
            "> RECTSTART 20,15",
            &format!("< {aia}"),
            "> END",
        ];
        assert_eq!(
            brief(&lines),
            [
                (CheckId::AnswerSpelling, Grade::Warn),
                (CheckId::InfoNoReply, Grade::Fail),
                (CheckId::AnswerSpelling, Grade::Warn),
            ]
        );
        let spelling = findings(&lines)
            .into_iter()
            .find(|o| o.check == crate::check::CheckRef::builtin(P, CheckId::AnswerSpelling))
            .expect("the spelling's warning");
        assert_eq!(spelling.requirements, reqs!["gomocup-r119"]);
    }

    /// GomokuBot answers every INFO with `UNKNOWN`: after `INFO` and `ABOUT` its first line
    /// could be either's answer, and is the INFO's only once its ABOUT line comes with nothing
    /// left to answer (here after END). That is its one fault (gomocup-r92), not output after
    /// END; a brain that answers ABOUT with UNKNOWN and then nothing more has no fault.
    #[test]
    fn a_reply_to_info_does_not_take_the_next_command_s_answer() {
        let about = r#"name="Bot", version="1.0""#;
        let behind = [
            "> START 20",
            "< OK",
            "> INFO timeout_turn 1000",
            "> ABOUT",
            "< UNKNOWN command",
            "> ABOUT",
            &format!("< {about}"),
            "> END",
            &format!("< {about}"),
        ];
        assert_eq!(brief(&behind), [(CheckId::InfoNoReply, Grade::Fail)]);
        let unknown_about = [
            "> START 20",
            "< OK",
            "> INFO timeout_turn 1000",
            "> ABOUT",
            "< UNKNOWN ABOUT is not supported",
            "> END",
        ];
        assert_eq!(brief(&unknown_about), []);
        // One answer too many before END shows the same, and is no unsolicited reply.
        let ok_behind = [
            "> START 20",
            "< OK",
            "> INFO rule 0",
            "> RESTART",
            "< OK",
            "< OK",
        ];
        assert_eq!(brief(&ok_behind), [(CheckId::InfoNoReply, Grade::Fail)]);
    }

    /// A manager that freezes the brain between its INFOs and END (GomocupJudgeLocal) gets
    /// the INFOs' replies after END: from a brain seen answering INFO, or as UNKNOWN, they are
    /// that fault (gomocup-r92), not output after END; another line from another brain is.
    #[test]
    fn a_late_reply_to_an_info_sent_before_end_is_judged_as_one() {
        let frozen = [
            "> START 20",
            "< OK",
            "> INFO timeout_turn 1000",
            "< UNKNOWN command",
            "> BEGIN",
            "< 10,10",
            "> INFO time_left 1000",
            "> INFO max_memory 0",
            "> END",
            "< UNKNOWN command",
            "< UNKNOWN command",
        ];
        let found = brief(&frozen);
        assert!(
            found
                .iter()
                .all(|(check, _)| *check == CheckId::InfoNoReply),
            "{found:#?}"
        );
        // Frozen before it could answer any INFO: its UNKNOWNs answer the INFOs it read
        // before END, not END, which every brain knows.
        let frozen_first = [
            "> START 20",
            "< OK",
            "> INFO timeout_turn 1000",
            "> INFO max_memory 0",
            "> END",
            "< UNKNOWN command",
            "< UNKNOWN command",
        ];
        assert_eq!(
            brief(&frozen_first),
            [
                (CheckId::InfoNoReply, Grade::Fail),
                (CheckId::InfoNoReply, Grade::Fail)
            ]
        );
        // START's OK came after INFOs, and could have been an INFO's; the moves that followed
        // show the brain was not an answer behind, so an OK after END is output after END.
        let after_a_game = [
            "> INFO timeout_turn 1000",
            "> START 20",
            "< OK",
            "> BEGIN",
            "< 10,10",
            "> END",
            "< OK",
        ];
        let found = brief(&after_a_game);
        assert!(
            found.contains(&(CheckId::EndNoOutput, Grade::Warn))
                && !found
                    .iter()
                    .any(|(check, _)| *check == CheckId::InfoNoReply),
            "{found:#?}"
        );
        // ERRORs while a move is owed (a brain refusing BOARD's lines, then moving) are taken
        // for no answer, so they leave nothing to be shown an INFO's by a later ERROR.
        let refused_lines = [
            "> START 20",
            "< OK",
            "> INFO timeout_turn 1000",
            "> INFO rule 2",
            "> BOARD",
            "> 10,10,1",
            "> 11,11,2",
            "> DONE",
            "< ERROR Board validation failed",
            "< ERROR Board validation failed",
            "< 10,12",
            "< ERROR board validation failed after AI move",
        ];
        assert!(
            !brief(&refused_lines)
                .iter()
                .any(|(check, _)| *check == CheckId::InfoNoReply),
            "{:#?}",
            brief(&refused_lines)
        );
        let farewell = [
            "> START 20",
            "< OK",
            "> BEGIN",
            "< 10,10",
            "> INFO time_left 1000",
            "> END",
            "< OK",
        ];
        let found = brief(&farewell);
        assert!(
            found.contains(&(CheckId::EndNoOutput, Grade::Warn))
                && !found
                    .iter()
                    .any(|(check, _)| *check == CheckId::InfoNoReply),
            "{found:#?}"
        );
    }

    /// A brain that exits with a move owed breaks the row of the command that asked for it:
    /// DONE's (gomocup-r57) after a BOARD, not TURN's or BEGIN's.
    #[test]
    fn a_brain_gone_with_a_move_owed_breaks_that_command_s_row() {
        let board = [
            (0, "> START 20"),
            (1, "< OK"),
            (2, "> BOARD"),
            (3, "> 7,7,1"),
            (4, "> DONE"),
        ];
        assert_eq!(
            crash_after(&board),
            [(
                CheckId::ProcessUnexpectedExit,
                crate::reqs!["gomocup-r02", "gomocup-r57"].to_vec()
            )]
        );
    }

    /// A brain that dies of an INFO it read before START (PPay) never answers START: its
    /// death breaks START's row (r40), as one owing a move breaks the move's; one that dies
    /// with nothing owed breaks the process rule alone.
    #[test]
    fn a_brain_gone_with_an_answer_owed_breaks_that_command_s_row() {
        let early_info = [(0, "> INFO timeout_turn 1000"), (1, "> START 20")];
        assert_eq!(
            crash_after(&early_info),
            [(
                CheckId::ProcessUnexpectedExit,
                crate::reqs!["gomocup-r02", "gomocup-r40"].to_vec()
            )]
        );
        let idle = [
            (0, "> START 20"),
            (1, "< OK"),
            (2, "> INFO timeout_turn 1000"),
        ];
        assert_eq!(
            crash_after(&idle),
            [(
                CheckId::ProcessUnexpectedExit,
                crate::reqs!["gomocup-r02"].to_vec()
            )]
        );
    }
}
