//! Gomocup, the manager's side: START before the game, the brain's answer waited for, every
//! stone on the board and on an empty point, the BOARD block in its form and order, INFO in
//! its forms with the limits before the first move and `time_left` before each one, TAKEBACK
//! of the last move, PLAY only after SUGGEST, CR LF line ends, and the pipes left open
//! until the brain has ended after END.

use super::GuiReader;
use super::tally::Tally;
use crate::check::Context;
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::protocol::Keyword;
use crate::protocol::gomocup::{Command, CommandKeyword, Message, parse_command, parse_message};
use crate::protocol::spelling::{Respelling, respell};
use crate::protocol::{Protocol, ReqId};
use crate::reqs;
use crate::rules::gomoku::{Board, BoardSize, Point, Rule, Stone};
use crate::session::{At, Direction, Entry, LineEnding, Transcript};

const P: Protocol = Protocol::Gomocup;

/// What the manager is waiting for from the brain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Owed {
    Nothing,
    /// The answer to START, RECTSTART, RESTART or TAKEBACK.
    Answer(&'static str),
    /// A move, to BEGIN, TURN, DONE or PLAY.
    Move {
        /// PLAY's point: the brain's stone goes there whatever it replies (gomocup-r117).
        forced: Option<Point>,
        /// The brain answered ERROR or UNKNOWN: a manager may take that as its answer.
        declined: bool,
    },
}

impl Owed {
    /// A move requested by BEGIN, TURN or DONE.
    const MOVE: Owed = Owed::Move {
        forced: None,
        declined: false,
    };
}

struct Manager {
    tally: Tally,
    board: Option<Board>,
    rule: Rule,
    /// The stones in the order played, to judge TAKEBACK.
    moves: Vec<Point>,
    /// How many of the first `moves` came from a BOARD block whose lines may come in any
    /// order (gomocup-r54): any of them may be the last move once the later ones are gone.
    unordered: usize,
    /// START or RECTSTART was sent: the brain has a board, even one too large to model.
    started: bool,
    /// RESTART came since the last START or RECTSTART: the board keeps that size
    /// (gomocup-r109), so a stone off it breaks that row too.
    restarted: bool,
    /// The colour of the next stone (black moves first).
    next: Stone,
    owed: Owed,
    /// Inside a BOARD block: the fields of its lines so far.
    block: Option<Vec<u8>>,
    /// A move has been asked of the brain in this game.
    asked: bool,
    /// `timeout_match` above zero: the game is timed, and `time_left` comes before each move.
    timed: bool,
    time_left_sent: bool,
    /// The brain's pending `SUGGEST`.
    suggested: Option<Point>,
    /// The brain answered `UNKNOWN` to `RESTART`: the manager ends it and starts it again.
    restart_refused: bool,
    /// Commands the manager sent that the text does not have (another manager's extensions),
    /// not yet answered: the brain's `UNKNOWN` answers them first, in order (gomocup-r118),
    /// and is no answer to a `RESTART` sent after them.
    unknown_unanswered: usize,
    /// `timeout_match` is 0: a game with no time limit.
    untimed: bool,
    /// The turn time `INFO timeout_turn` set, in milliseconds (0: as fast as possible).
    timeout_turn_ms: Option<u64>,
    /// The match time `INFO timeout_match` set, in milliseconds (0: no limit).
    timeout_match_ms: Option<u64>,
    /// When the move the brain owes was asked for (BEGIN, TURN, DONE).
    move_asked_at: Option<At>,
    end_at: Option<At>,
    last_seq: u64,
    /// The `rule` has no bit the text leaves undefined: its wins are the text's.
    rule_defined: bool,
    /// The game ended (a five, a brain over its time): no move request until the next game.
    ended: Option<game_end::Ended>,
    /// The brain's last move only looks like an end (an overline under rule 1): the game goes
    /// on.
    looks_ended: Option<game_end::LooksEnded>,
    /// The brain wrote an empty line while its move was owed.
    empty_line_heard: bool,
    /// When the last START, RECTSTART or RESTART was sent, and its word.
    start_sent_at: Option<At>,
    start_word: &'static str,
    /// How long the brain took to answer it.
    start_answer_ms: Option<u64>,
    /// `INFO game_type` 2 or 3: a tournament, whose time limits stay as set (gomocup-r63).
    tournament: bool,
    /// A move has been asked of the brain in this session.
    any_asked: bool,
    /// The brain's turns and `time_left`, for gomocup-r82.
    match_clock: match_clock::MatchClock,
    /// The brain's last line, when it is one a manager must cope with (an over-long line, a
    /// free-text ABOUT answer) and the manager has sent nothing since.
    hard_line: Option<HardLine>,
    /// ABOUT was sent and not yet answered.
    about_asked: bool,
}

/// A brain's line the text makes the manager cope with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HardLine {
    /// Longer than a reader need keep (gomocup-r10).
    OverLong(usize),
    /// An ABOUT answer in free text, as older brains write it (gomocup-r102).
    FreeTextAbout,
}

/// A line this long is past what a manager need keep; the text lets it truncate the line, not
/// crash (gomocup-r10).
const OVER_LONG_BYTES: usize = 64 * 1024;

impl super::GuiChecks for crate::protocol::gomocup::Gomocup {
    fn reader(_: &Context) -> Box<dyn GuiReader> {
        Box::new(Manager {
            tally: Tally::new(P),
            board: None,
            rule: Rule::FREESTYLE,
            moves: Vec::new(),
            unordered: 0,
            started: false,
            restarted: false,
            next: Stone::Black,
            owed: Owed::Nothing,
            block: None,
            asked: false,
            timed: false,
            time_left_sent: false,
            suggested: None,
            restart_refused: false,
            unknown_unanswered: 0,
            untimed: false,
            timeout_turn_ms: None,
            timeout_match_ms: None,
            move_asked_at: None,
            end_at: None,
            last_seq: 0,
            rule_defined: true,
            ended: None,
            looks_ended: None,
            empty_line_heard: false,
            start_sent_at: None,
            start_word: "START",
            start_answer_ms: None,
            tournament: false,
            any_asked: false,
            match_clock: match_clock::MatchClock::default(),
            hard_line: None,
            about_asked: false,
        })
    }
}

impl Manager {
    fn new_game(&mut self, board: Option<Board>) {
        self.board = board;
        self.moves.clear();
        self.unordered = 0;
        self.next = Stone::Black;
        self.asked = false;
        self.ended = None;
        self.looks_ended = None;
        self.match_clock.new_game();
    }

    fn heard(&mut self, entry: &Entry) {
        // Kept until the manager's next command: the lines after it came with it.
        if entry.dropped_bytes > 0 || entry.text.len() >= OVER_LONG_BYTES {
            self.hard_line = Some(HardLine::OverLong(entry.text.len() + entry.dropped_bytes));
        }
        if entry.text.trim().is_empty() {
            self.empty_line_heard |= matches!(self.owed, Owed::Move { .. });
            return;
        }
        let parsed = parse_message(&entry.text);
        if std::mem::take(&mut self.about_asked) {
            match &parsed {
                Ok(Message::About(_)) => {}
                // Still to come after the brain's remarks.
                Ok(Message::Message(_) | Message::Debug(_)) => self.about_asked = true,
                _ => self.hard_line = self.hard_line.or(Some(HardLine::FreeTextAbout)),
            }
        }
        let Ok(message) = parsed else {
            return;
        };
        match message {
            Message::Unknown(_) if self.unknown_unanswered > 0 => {
                self.unknown_unanswered -= 1;
                return;
            }
            // Any other answer comes after those the brain left unanswered: none is owed now.
            Message::Ok | Message::Error(_) | Message::Suggest(_) | Message::Move(_) => {
                self.unknown_unanswered = 0;
            }
            _ => {}
        }
        match message {
            Message::Unknown(_) if self.owed == Owed::Answer("RESTART") => {
                self.owed = Owed::Nothing;
                self.restart_refused = true;
            }
            Message::Ok | Message::Error(_) | Message::Unknown(_) => match &mut self.owed {
                Owed::Answer(what) => {
                    if matches!(*what, "START" | "RECTSTART" | "RESTART")
                        && let Some(sent) = self.start_sent_at
                    {
                        self.start_answer_ms = Some(entry.at.us.saturating_sub(sent.us) / 1000);
                    }
                    self.owed = Owed::Nothing
                }
                // An OK is no answer to a move request; ERROR or UNKNOWN may be (gomocup-r90).
                Owed::Move { declined, .. } if !matches!(message, Message::Ok) => *declined = true,
                _ => {}
            },
            Message::Suggest(point) => {
                self.suggested = Some(point);
                self.owed = Owed::Nothing;
            }
            Message::Move(point) => {
                if let Owed::Move { forced, .. } = self.owed {
                    self.owed = Owed::Nothing;
                    let point = forced.unwrap_or(point);
                    self.brain_moved(entry.at);
                    self.match_clock.moved(entry.at.us);
                    self.place(point, true);
                }
            }
            _ => {}
        }
    }

    /// Undoes the last move, or any stone of an unordered BOARD block once every later move
    /// is undone; false when `point` is neither.
    fn take_back(&mut self, point: Point) -> bool {
        let index = if self.moves.last() == Some(&point) {
            self.moves.len() - 1
        } else if self.moves.len() <= self.unordered
            && let Some(i) = self.moves.iter().position(|p| *p == point)
        {
            i
        } else {
            return false;
        };
        self.moves.remove(index);
        self.unordered = self.unordered.min(self.moves.len());
        if let Some(board) = &mut self.board {
            let _ = board.remove(point);
        }
        self.next = self.next.opponent();
        self.five_after_takeback();
        true
    }

    /// A stone of the game, the colour whose turn it is; `by_brain` when it is the brain's move.
    fn place(&mut self, point: Point, by_brain: bool) {
        let stone = self.next;
        if let Some(board) = &mut self.board
            && board.place(point, stone).is_ok()
        {
            self.moves.push(point);
            self.next = stone.opponent();
            self.stone_placed(point, stone, by_brain);
        }
    }

    fn said(&mut self, entry: &Entry, out: &mut Findings) {
        self.line_end(entry, out);
        let Some(command) = self.read(entry, out) else {
            return;
        };
        if self.block.is_some() {
            self.board_block(command, entry, out);
            return;
        }
        self.hard_line = None;
        self.empty_line_taken(&command, entry, out);
        self.wait_for_brain(&command, entry, out);
        self.answers_followed(&command, entry, out);
        self.game_end(&command, entry, out);
        self.command(command, entry, out);
    }

    /// The command a line is, judged against the grammar: `None` when it does not read, which
    /// is its one finding. A point or number with blanks or a sign (`TURN 7, 7`, `START +15`)
    /// is read as meant with a warning: the text leaves their spelling open (A6).
    fn read(&mut self, entry: &Entry, out: &mut Findings) -> Option<Command> {
        let at = entry.at;
        let command = match parse_command(&entry.text) {
            Ok(command) => command,
            Err(_) if let Some((command, respelling)) = respelt(&entry.text) => {
                self.tally
                    .respelt(&entry.text, &respelling, "a brain", at, out);
                command
            }
            Err(error) => {
                let (grade, rows) = match error.keyword {
                    Some(keyword) => (Grade::Fail, grammar_row(&entry.text, keyword)),
                    None => {
                        self.unknown_unanswered += 1;
                        (Grade::Warn, reqs!["gomocup-r118"])
                    }
                };
                let message = format!("`{}` does not read as a command: {error}", entry.text);
                self.tally
                    .fault(CheckId::GuiCommandGrammar, grade, rows, message, at, out);
                return None;
            }
        };
        self.tally.judged(CheckId::GuiCommandGrammar);
        Some(command)
    }

    /// What a command outside a `BOARD` block does to the game the manager is playing, and
    /// what it leaves the brain owing.
    fn command(&mut self, command: Command, entry: &Entry, out: &mut Findings) {
        let at = entry.at;
        match command {
            Command::Start(n) => {
                self.game_opened("START", at);
                self.started = true;
                self.restarted = false;
                self.new_game(BoardSize::square(n).ok().map(Board::new));
                self.owed = Owed::Answer("START");
            }
            Command::RectStart(w, h) => {
                self.game_opened("RECTSTART", at);
                self.rect_start_square(w, h, entry, out);
                self.started = true;
                self.restarted = false;
                self.new_game(BoardSize::rect(w, h).ok().map(Board::new));
                self.owed = Owed::Answer("RECTSTART");
            }
            Command::Restart => {
                self.game_opened("RESTART", at);
                self.restarted = true;
                let size = self.board.as_ref().map(Board::size);
                self.new_game(size.map(Board::new));
                self.owed = Owed::Answer("RESTART");
            }
            Command::Begin => {
                self.move_asked(MoveRequest::Begin, entry, out);
                self.begin_on_empty_board(entry, out);
                self.owed = Owed::MOVE;
            }
            Command::Turn(point) => {
                self.move_asked(MoveRequest::Turn, entry, out);
                self.stone(point, "TURN", entry, out);
                self.owed = Owed::MOVE;
            }
            Command::Board => self.board_opened(entry, out),
            Command::BoardEntry { .. } | Command::Done => {
                let message = format!("`{}` outside a `BOARD` block", entry.text);
                self.tally.fault(
                    CheckId::GuiBoardForm,
                    Grade::Fail,
                    reqs!["gomocup-r50"],
                    message,
                    at,
                    out,
                );
            }
            Command::Info { key, value } => self.info(&key, &value, entry, out),
            Command::End => self.end_at = Some(at),
            Command::About => self.about_asked = true,
            // With no board modelled (a size Arbiter does not model) no move was kept.
            Command::TakeBack(_) if self.board.is_none() => self.owed = Owed::Answer("TAKEBACK"),
            Command::TakeBack(point) => self.take_back_sent(point, entry, out),
            // The brain plays the point it is given, whatever it replies (gomocup-r117): its
            // stone goes down when the reply comes.
            Command::Play(point) => {
                // A suggested move's turn is split in two: not measured.
                self.match_clock.new_game();
                self.owed = Owed::Move {
                    forced: Some(point),
                    declined: false,
                }
            }
        }
    }

    /// `START`, `RECTSTART` or `RESTART` sent: the brain's answer is timed from here.
    fn game_opened(&mut self, word: &'static str, at: At) {
        self.start_sent_at = Some(at);
        self.start_answer_ms = None;
        self.start_word = word;
    }

    /// A square board is started with `START` (gomocup-r106).
    fn rect_start_square(&mut self, w: u32, h: u32, entry: &Entry, out: &mut Findings) {
        self.tally.judged(CheckId::GuiStartFirst);
        if w != h {
            return;
        }
        let message = format!(
            "`{}` for a square board; a square board is started with `START {w}`",
            entry.text
        );
        self.tally.fault(
            CheckId::GuiStartFirst,
            Grade::Fail,
            reqs!["gomocup-r106"],
            message,
            entry.at,
            out,
        );
    }

    /// `BEGIN` or `TURN`: a move asked for, timed from here.
    fn move_asked(&mut self, request: MoveRequest, entry: &Entry, out: &mut Findings) {
        self.move_asked_at = Some(entry.at);
        self.match_clock.asked(entry.at.us);
        self.move_request(request, entry, out);
    }

    /// `BOARD` opens a block only when no game is in progress (gomocup-r49); one sent over a
    /// game starts it afresh, as a brain reading the block does.
    fn board_opened(&mut self, entry: &Entry, out: &mut Findings) {
        self.tally.judged(CheckId::GuiBoardForm);
        if !self.moves.is_empty() {
            let message =
                "`BOARD` while a game is in progress; the manager sends `RESTART` first".to_owned();
            self.tally.fault(
                CheckId::GuiBoardForm,
                Grade::Fail,
                reqs!["gomocup-r49"],
                message,
                entry.at,
                out,
            );
            let size = self.board.as_ref().map(Board::size);
            self.new_game(size.map(Board::new));
        }
        self.move_request(MoveRequest::Board, entry, out);
        self.block = Some(Vec::new());
    }

    /// `TAKEBACK` names the last move (gomocup-r112); the brain owes its answer.
    fn take_back_sent(&mut self, point: Point, entry: &Entry, out: &mut Findings) {
        self.tally.judged(CheckId::GuiTakebackLast);
        if !self.take_back(point) {
            let message = format!(
                "`{}` does not name the last move ({})",
                entry.text,
                self.moves
                    .last()
                    .map_or("none".to_owned(), |p| p.to_string())
            );
            self.tally.fault(
                CheckId::GuiTakebackLast,
                Grade::Fail,
                reqs!["gomocup-r112"],
                message,
                entry.at,
                out,
            );
        }
        self.owed = Owed::Answer("TAKEBACK");
        // Time given back with a move taken back is the manager's to rule.
        self.match_clock.new_game();
    }

    /// Lines end with CR LF (gomocup-r07); only a relayed manager's lines carry their end.
    fn line_end(&mut self, entry: &Entry, out: &mut Findings) {
        let wrong = |ending| {
            let how = match ending {
                LineEnding::CrLf => return None,
                LineEnding::Lf => "ends with LF alone; the manager ends every line with CR LF",
                LineEnding::Cr => "ends with CR alone; the manager ends every line with CR LF",
                LineEnding::Eof => "ends with no line end; the manager ends every line with CR LF",
            };
            Some((Grade::Fail, how))
        };
        self.tally.line_end(entry, wrong, out);
    }

    /// START before the first move request, and the brain's answer waited for.
    fn wait_for_brain(&mut self, command: &Command, entry: &Entry, out: &mut Findings) {
        let needs_brain = matches!(
            command,
            Command::Start(_)
                | Command::RectStart(..)
                | Command::Restart
                | Command::Begin
                | Command::Turn(_)
                | Command::Board
                | Command::TakeBack(_)
                | Command::Play(_)
                | Command::About
        );
        if !needs_brain {
            return;
        }
        self.tally.judged(CheckId::GuiReplyWait);
        let owed = match self.owed {
            Owed::Nothing | Owed::Move { declined: true, .. } => {
                self.owed = Owed::Nothing;
                return;
            }
            Owed::Answer(what) => format!("its answer to {what}"),
            Owed::Move { .. } => "its move".to_owned(),
        };
        let message = format!(
            "`{}` sent before the brain gave {owed}; a single-threaded brain does not read while it thinks",
            entry.text
        );
        self.tally.fault(
            CheckId::GuiReplyWait,
            Grade::Warn,
            &[],
            message,
            entry.at,
            out,
        );
        self.owed = Owed::Nothing;
    }

    /// The brain's answers followed: PLAY only after SUGGEST, and SUGGEST answered by PLAY or
    /// END; END after UNKNOWN to RESTART.
    fn answers_followed(&mut self, command: &Command, entry: &Entry, out: &mut Findings) {
        let suggested = self.suggested.take();
        let refused = std::mem::take(&mut self.restart_refused);
        let (rows, message): (&[ReqId], String) = match command {
            Command::Play(_) if suggested.is_none() => (
                reqs!["gomocup-r114"],
                format!(
                    "`{}` with no `SUGGEST` from the brain before it",
                    entry.text
                ),
            ),
            // In the text's tournaments the manager plays the brain's suggestion
            // (gomocup-r138); `game_type` says tournament but not whose, so a warning.
            Command::Play(point) if self.tournament && suggested.is_some_and(|s| s != *point) => {
                let message = format!(
                    "`{}` in a tournament (`game_type` 2 or 3) overrides the brain's `SUGGEST {}`; \
                     Gomocup tournaments play the suggested point",
                    entry.text,
                    suggested.map(|s| s.to_string()).unwrap_or_default()
                );
                self.tally.fault(
                    CheckId::GuiAnswerFollowed,
                    Grade::Warn,
                    reqs!["gomocup-r138"],
                    message,
                    entry.at,
                    out,
                );
                return;
            }
            Command::Play(_) | Command::End if suggested.is_some() => {
                self.tally.judged(CheckId::GuiAnswerFollowed);
                return;
            }
            Command::End if refused => {
                self.tally.judged(CheckId::GuiAnswerFollowed);
                return;
            }
            _ if suggested.is_some() => (
                reqs!["gomocup-r137"],
                format!(
                    "`{}` after the brain's `SUGGEST`, which the manager answers with `PLAY` or `END`",
                    entry.text
                ),
            ),
            _ if refused => (
                reqs!["gomocup-r111"],
                format!(
                    "`{}` after the brain answered `UNKNOWN` to `RESTART`; the manager sends `END` and runs the brain again",
                    entry.text
                ),
            ),
            _ => return,
        };
        self.tally.fault(
            CheckId::GuiAnswerFollowed,
            Grade::Fail,
            rows,
            message,
            entry.at,
            out,
        );
    }

    /// BEGIN, TURN or BOARD: the board is set up, and a timed game's `time_left` came first.
    fn move_request(&mut self, request: MoveRequest, entry: &Entry, out: &mut Findings) {
        self.tally.judged(CheckId::GuiStartFirst);
        if !self.started {
            let message = format!("`{}` before `START`: the brain has no board", entry.text);
            // BEGIN is sent "at the start of a game" (gomocup-r43), which START sets up; the
            // other move requests need the board START gives the brain (gomocup-r35, r36).
            let rows = match request {
                MoveRequest::Begin => reqs!["gomocup-r43"],
                MoveRequest::Turn | MoveRequest::Board => reqs!["gomocup-r35", "gomocup-r36"],
            };
            self.tally.fault(
                CheckId::GuiStartFirst,
                Grade::Fail,
                rows,
                message,
                entry.at,
                out,
            );
        }
        if self.timed {
            self.tally.judged(CheckId::GuiInfoBeforeMove);
            if !self.time_left_sent {
                let message = format!(
                    "`{}` in a timed game with no `INFO time_left` before it",
                    entry.text
                );
                self.tally.fault(
                    CheckId::GuiInfoBeforeMove,
                    Grade::Fail,
                    reqs!["gomocup-r77", "gomocup-r80"],
                    message,
                    entry.at,
                    out,
                );
            }
        }
        self.time_left_sent = false;
        self.asked = true;
        self.any_asked = true;
    }

    /// BEGIN opens a game: the brain moves first, on an empty board (gomocup-r43, r44).
    fn begin_on_empty_board(&mut self, entry: &Entry, out: &mut Findings) {
        if !self.started || self.moves.is_empty() {
            return;
        }
        let message = format!(
            "`{}` with {} stones on the board; BEGIN asks for the first move of a game, on an empty board",
            entry.text,
            self.moves.len()
        );
        self.tally.fault(
            CheckId::GuiStartFirst,
            Grade::Fail,
            reqs!["gomocup-r43"],
            message,
            entry.at,
            out,
        );
    }

    /// A stone the manager names (TURN, a BOARD line): on the board and on an empty point.
    fn stone(&mut self, point: Point, what: &str, entry: &Entry, out: &mut Findings) -> bool {
        let Some(board) = &self.board else {
            return false;
        };
        self.tally.judged(CheckId::GuiStoneLegal);
        let why = if !board.size().contains(point) {
            Some("off the board")
        } else if board.get(point).is_some() {
            Some("on a point a stone already holds")
        } else {
            None
        };
        if let Some(why) = why {
            let off_after_restart = self.restarted && !board.size().contains(point);
            let (rows, why) = if off_after_restart {
                (
                    reqs!["gomocup-r109", "gomocup-r41"],
                    format!("{why}, whose size RESTART kept"),
                )
            } else {
                (reqs!["gomocup-r41"], why.to_owned())
            };
            let message = format!("`{}`: {what} puts a stone {why}", entry.text);
            self.tally.fault(
                CheckId::GuiStoneLegal,
                Grade::Fail,
                rows,
                message,
                entry.at,
                out,
            );
            return false;
        }
        self.place(point, false);
        true
    }
}

/// How long after END a manager may kill a brain that has not ended (gomocup-r94: "e.g. 1
/// second").
const KILL_GRACE_MS: f64 = 1000.0;

/// A command in a spelling the text leaves open, read as the text writes it.
fn respelt(line: &str) -> Option<(Command, Respelling)> {
    let respelling = respell(P, line)?;
    let command = parse_command(&respelling.line).ok()?;
    Some((command, respelling))
}

/// The row of a malformed command's grammar, by the keyword it opens with.
fn grammar_row(line: &str, keyword: CommandKeyword) -> &'static [ReqId] {
    use CommandKeyword as K;
    // A second command word on the line (`BEGIN TURN 7,7`): two commands run together, where
    // each line carries one (gomocup-r06).
    let second_command = line
        .split_whitespace()
        .skip(1)
        .any(|w| CommandKeyword::read(w).is_some());
    if second_command {
        return reqs!["gomocup-r06"];
    }
    match keyword {
        K::Start => reqs!["gomocup-r36"],
        K::Info => reqs!["gomocup-r58"],
        K::RectStart => reqs!["gomocup-r105"],
        K::Restart
        | K::Begin
        | K::Turn
        | K::Board
        | K::Done
        | K::End
        | K::About
        | K::TakeBack
        | K::Play => reqs!["gomocup-r41"],
    }
}

impl GuiReader for Manager {
    fn entry(&mut self, entry: &Entry, out: &mut Findings) {
        self.last_seq = entry.at.seq;
        match entry.direction {
            Direction::Sent => self.said(entry, out),
            Direction::Received => self.heard(entry),
            Direction::Stderr | Direction::Omitted => {}
        }
    }

    /// After END the manager leaves the pipes open until the brain has ended (gomocup-r96).
    /// A close a second or more after END is the kill the text allows a brain that takes too
    /// long (gomocup-r94): through the spy the two look alike, so only an earlier one counts.
    fn finish(mut self: Box<Self>, end: &Transcript, out: &mut Findings) {
        if self.end_at.is_none() && self.started {
            if end.cut_short {
                self.cut_without_end(end, out);
            } else {
                self.ended_without_end(end, out);
            }
        }
        if let (Some(end_at), Some(closed_us)) = (self.end_at, end.stdin_closed_at_us) {
            self.tally.judged(CheckId::GuiEndPipes);
            let brain_ended_first = end.exit.as_ref().is_some_and(|e| e.at_us <= closed_us);
            let after_ms = closed_us.saturating_sub(end_at.us) as f64 / 1000.0;
            if !brain_ended_first && after_ms < KILL_GRACE_MS {
                let message = format!(
                    "the manager closed the brain's input {after_ms:.1} ms after `END`, before the brain had ended"
                );
                let at = At {
                    seq: self.last_seq + 1,
                    us: closed_us,
                };
                self.tally.fault(
                    CheckId::GuiEndPipes,
                    Grade::Fail,
                    reqs!["gomocup-r96"],
                    message,
                    at,
                    out,
                );
            }
        }
        self.tally.finish(out);
    }
}

impl Manager {
    /// A session a signal from outside ended without `END`: through the spy, the manager's
    /// doing (GomocupJudgeLocal ends a game it forfeits without `END`, leaves the brains
    /// running, and they go only when it exits). The text ends a brain with `END` and kills it
    /// only when it does not end (gomocup-r94), or when its turn time ran out with no reply
    /// (gomocup-r12, which gives no figure for how soon): a warning either way, saying how
    /// long a brain whose time ran out was left running.
    fn cut_without_end(&mut self, end: &Transcript, out: &mut Findings) {
        let Some(gone_us) = end.gone_at_us() else {
            return;
        };
        self.tally.judged(CheckId::GuiEndPipes);
        let at = At {
            seq: self.last_seq + 1,
            us: gone_us,
        };
        let how = end
            .exit
            .as_ref()
            .and_then(|e| e.signal)
            .map_or("from outside".to_owned(), |signal| {
                format!("from outside (signal {signal})")
            });
        let overdue = match (self.owed, self.move_asked_at, self.timeout_turn_ms) {
            (Owed::Move { .. }, Some(asked), Some(turn_ms)) if turn_ms > 0 => {
                let waited_ms = gone_us.saturating_sub(asked.us) / 1000;
                (waited_ms > turn_ms + KILL_GRACE_MS as u64).then_some((waited_ms, turn_ms))
            }
            _ => None,
        };
        let (rows, message) = match overdue {
            Some((waited_ms, turn_ms)) => (
                reqs!["gomocup-r12"],
                format!(
                    "the brain's move was still owed {waited_ms} ms after it was asked for, past \
                     its {turn_ms} ms turn, when the manager ended it {how} without `END`: the \
                     text has the manager terminate a brain whose turn time ran out"
                ),
            ),
            None => (
                reqs!["gomocup-r94"],
                format!(
                    "the manager ended the brain {how} without `END`: the text ends a brain with \
                     `END` and kills it only when it does not end"
                ),
            ),
        };
        self.tally
            .fault(CheckId::GuiEndPipes, Grade::Warn, rows, message, at, out);
    }

    /// A session the manager ended without `END`: by closing the brain's input while the
    /// brain ran, which gomocup-r96 forbids whatever came before, or by killing the brain,
    /// where gomocup-r94 has the manager wait for the brain to end itself after `END` and
    /// kill it only when that takes too long (a warning: a brain over its time may be killed
    /// at once, which the text does not address).
    fn ended_without_end(&mut self, end: &Transcript, out: &mut Findings) {
        let gone_us = end.exit.as_ref().map(|e| e.at_us);
        let at = |us| At {
            seq: self.last_seq + 1,
            us,
        };
        match end.stdin_closed_at_us {
            Some(closed_us) => {
                self.tally.judged(CheckId::GuiEndPipes);
                if gone_us.is_none_or(|gone| gone > closed_us) {
                    // Right after a line the manager must cope with: it likely crashed on it.
                    let (rows, after) = match self.hard_line {
                        Some(HardLine::OverLong(bytes)) => (
                            reqs!["gomocup-r10", "gomocup-r96"],
                            format!(
                                " right after the brain's line of {bytes} bytes, which a manager \
                                 may truncate but must not crash on"
                            ),
                        ),
                        Some(HardLine::FreeTextAbout) => (
                            reqs!["gomocup-r102", "gomocup-r96"],
                            " right after the brain's free-text `ABOUT` answer, which a manager \
                             copes with as older brains write it"
                                .to_owned(),
                        ),
                        None => (reqs!["gomocup-r96"], String::new()),
                    };
                    let message = format!(
                        "the manager closed the brain's input without `END`, while the brain \
                         ran{after}"
                    );
                    self.tally.fault(
                        CheckId::GuiEndPipes,
                        Grade::Fail,
                        rows,
                        message,
                        at(closed_us),
                        out,
                    );
                }
            }
            None if end.exit.as_ref().is_some_and(|e| e.killed_by_harness) => {
                self.tally.judged(CheckId::GuiEndPipes);
                let message = "the manager killed the brain without `END`: the text ends a \
                               brain with `END` and kills it only when it does not end"
                    .to_owned();
                self.tally.fault(
                    CheckId::GuiEndPipes,
                    Grade::Warn,
                    reqs!["gomocup-r94"],
                    message,
                    at(gone_us.unwrap_or_default()),
                    out,
                );
            }
            None => {}
        }
    }
}

mod board;
mod game_end;
mod info;
mod match_clock;
pub(crate) mod pair;

/// The commands that ask the brain for a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MoveRequest {
    Begin,
    Turn,
    Board,
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod edge_tests;

#[cfg(test)]
mod end_tests;
