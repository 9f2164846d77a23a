//! AGI: the exchange rules, and every point the engine names judged on the 15x15 board.

use super::exchange::{self, Exchange, ExchangeReader};
use super::findings::{Findings, outcome};
use super::flow::{Flow, Go, Got, Mode, Rules, Sent};
use super::held::HeldInput;
use super::id::CheckId;
use super::{Context, Grade, Outcome, Reader, lines, spelling};
use crate::protocol::agi::{
    BestMoveKind, Command, CommandKeyword, GoTime, Info, Message, MessageKeyword, parse_message,
};
use crate::protocol::family::InfoFault;
use crate::protocol::{self, LineError, Protocol};
use crate::reqs;
use crate::rules::gomoku::{Board, BoardSize, IllegalMove, Point, Rule, Stone};
use crate::session::At;

static RULES: Rules = Rules {
    // READYOK "even while thinking" (agi-r55).
    readyok_owed_while_thinking: true,
    // Background thinking needs no BESTMOVE, also when stopped (agi-r65).
    ponder_owes_result: false,
    // INFINITE may end by itself once every search point is resolved (agi-r69).
    infinite_early: Grade::Warn,
    // AGI's background thinking owes no result: never judged (`ponder_owes_result`).
    ponder_early: Grade::Fail,
    bye: true,
    handshake_first: true,
};

/// The harness's view of the engine's board.
#[derive(Clone)]
struct Game {
    board: Board,
    /// `SETRULE FORBIDDEN` is the default (agi-r42).
    forbidden: bool,
    swap: bool,
}

impl Game {
    fn to_move(&self) -> Stone {
        if self.board.stones().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        }
    }

    fn rule(&self) -> Rule {
        if self.forbidden {
            Rule::RENJU
        } else {
            Rule::FREESTYLE
        }
    }

    /// Places stones alternately; false if one could not be placed (the position is then unknown).
    fn play_all(&mut self, points: &[Point]) -> bool {
        points.iter().all(|&p| {
            let stone = self.to_move();
            self.board.place(p, stone).is_ok()
        })
    }
}

/// The harness's view of the board, rebuilt from the commands it sent.
struct Agi {
    game: Game,
    /// False once a command placed a stone the board refused, or did not read: moves are
    /// then not judged.
    known: bool,
    /// A `GO PONDER` got no BESTMOVE since: background thinking owes none (agi-r65), so its
    /// INFO may go on after the GUI's sync and the next `GO`.
    background_unanswered: bool,
    /// A `GO` came while background thinking had not answered: until the next BESTMOVE, an
    /// INFO line may be the background search's or the new one's (remark 16 lets INFO come
    /// between searches), so its points are judged on neither board.
    info_unsettled: bool,
    pv_found: bool,
    /// INFO lines whose SEARCH, WIN and LOSE points were judged, and whether one was wrong.
    point_lines: usize,
    bad_points: bool,
}

/// One search: the board it was sent with (`None` when unknown) and its `GO SEARCH` list
/// (empty for none).
struct AgiSearch {
    game: Option<Game>,
    search: Vec<Point>,
}

impl Agi {
    /// A `GO` went out (`ponder` when it asked for background thinking).
    fn go_sent(&mut self, ponder: bool) {
        self.info_unsettled |= self.background_unanswered;
        self.background_unanswered |= ponder;
    }

    fn search(&self, search: Vec<Point>) -> AgiSearch {
        AgiSearch {
            game: self.known.then(|| self.game.clone()),
            search,
        }
    }

    /// SEARCH, WIN and LOSE name empty points of the board (agi-r75..r77), SEARCH within the
    /// `GO SEARCH` list when there is one (agi-r75). The first fault is reported.
    fn info_points(
        &mut self,
        game: &Game,
        search: &[Point],
        info: &Info,
        at: At,
        out: &mut Findings,
    ) {
        let lists = [
            ("SEARCH", &info.search, reqs!["agi-r75"]),
            ("WIN", &info.win, reqs!["agi-r76"]),
            ("LOSE", &info.lose, reqs!["agi-r77"]),
        ];
        if lists.iter().all(|(_, points, _)| points.is_empty()) {
            return;
        }
        self.point_lines += 1;
        if self.bad_points {
            return;
        }
        for (key, points, rows) in lists {
            let taken = points.iter().find(|p| game.board.get(**p).is_some());
            let outside = (key == "SEARCH" && !search.is_empty())
                .then(|| points.iter().find(|p| !search.contains(p)))
                .flatten();
            let why = match (taken, outside) {
                (Some(p), _) => format!("{key} names {p}, which holds a stone"),
                (None, Some(p)) => {
                    format!("{key} names {p}, which is not among the GO SEARCH points")
                }
                (None, None) => continue,
            };
            self.bad_points = true;
            out.push(
                outcome(Protocol::Agi, CheckId::InfoPoints, Grade::Fail, why)
                    .citing(rows)
                    .at(at),
            );
            return;
        }
    }
}

impl Exchange for Agi {
    type Codec = protocol::agi::Agi;
    type Search = AgiSearch;

    fn sent(&mut self, command: Command) -> Option<Sent<AgiSearch>> {
        let game = &mut self.game;
        match command {
            Command::Agi => Some(Sent::Handshake),
            Command::IsReady => Some(Sent::IsReady),
            Command::SetRule {
                forbidden, swap, ..
            } => {
                game.forbidden = forbidden.unwrap_or(game.forbidden);
                game.swap = game.swap || swap.is_some();
                Some(Sent::Setup)
            }
            Command::SetOption { .. } => Some(Sent::Setup),
            Command::Position { statu, moves } => {
                game.board.clear();
                self.known = game.play_all(&statu) && game.play_all(&moves);
                None
            }
            Command::DoMove(p) => {
                self.known = self.known && game.play_all(&[p]);
                None
            }
            Command::Go {
                search,
                ponder,
                time,
            } => {
                self.go_sent(ponder);
                Some(Sent::Go(Go {
                    mode: Some(Mode {
                        ponder,
                        infinite: time == Some(GoTime::Infinite),
                    }),
                    judged: self.search(search),
                }))
            }
            Command::Stop => Some(Sent::Stop),
            Command::Quit => Some(Sent::Quit),
        }
    }

    fn unreadable_command(
        &mut self,
        keyword: Option<CommandKeyword>,
        line: &str,
    ) -> Option<Sent<AgiSearch>> {
        use CommandKeyword as K;
        match keyword {
            // Its SEARCH list, if any, is unknown: no point is judged as outside it.
            Some(K::Go) => {
                self.go_sent(false);
                exchange::unread_go(self.search(Vec::new()))
            }
            // What stones it placed is unknown.
            Some(K::Position | K::DoMove) => {
                self.known = false;
                None
            }
            // An unread `SETRULE` leaves the rule as it was; the others set up nothing a reply
            // is judged against: such a line, like one that opens with no keyword, counts only
            // as words before an `ISREADY`.
            Some(K::Agi | K::SetRule | K::SetOption | K::IsReady | K::Stop | K::Quit) | None => {
                exchange::isready_after_unknown_words(line)
            }
        }
    }

    fn received(
        &mut self,
        message: Message,
        text: &str,
        at: At,
        search: Option<&mut AgiSearch>,
        out: &mut Findings,
    ) -> Got {
        let searched = search.and_then(|s| Some((s.game.as_ref()?, &s.search[..])));
        match message {
            Message::Id { .. } | Message::Option { .. } => Got::BootLine,
            Message::AgiOk => Got::HandshakeOk,
            Message::ReadyOk => Got::ReadyOk,
            Message::Bye => Got::Bye,
            Message::BestMove { mv, ponder } => {
                if let Some((game, search)) = searched {
                    out.extend(bestmove(game, search, mv, ponder, at));
                }
                self.background_unanswered = false;
                self.info_unsettled = false;
                Got::SearchResult
            }
            Message::Info(info) => {
                let info = spelling::respelt_info(
                    Protocol::Agi,
                    info,
                    text,
                    at,
                    out,
                    |i: &Info| i.faults.len(),
                    |line| match parse_message(line) {
                        Ok(Message::Info(info)) => Some(info),
                        _ => None,
                    },
                );
                // The text leaves the scale of SCORE open and its example is an integer; a GUI
                // shows another number as it is (agi-r73): a warning, not a broken line.
                let grade = |f: &InfoFault| {
                    if f.key.eq_ignore_ascii_case("SCORE") {
                        Grade::Warn
                    } else {
                        Grade::Fail
                    }
                };
                lines::info_faults(Protocol::Agi, &info.faults, grade, at, out);
                if let Some((game, search)) = searched.filter(|_| !self.info_unsettled) {
                    if !self.pv_found
                        && !info.pv.is_empty()
                        && let Some(o) = pv(game, &info.pv, at)
                    {
                        self.pv_found = true;
                        out.push(o);
                    }
                    self.info_points(game, search, &info, at, out);
                }
                Got::Other
            }
        }
    }

    fn unreadable(
        &self,
        line: &str,
        error: &LineError<MessageKeyword>,
        _search: Option<&AgiSearch>,
        at: At,
    ) -> Outcome {
        lines::unreadable(Protocol::Agi, line, &error.error, at)
    }

    fn finish(self, out: &mut Findings) {
        if self.point_lines > 0 && !self.bad_points {
            out.push(outcome(
                Protocol::Agi,
                CheckId::InfoPoints,
                Grade::Pass,
                format!(
                    "{} INFO lines with SEARCH, WIN or LOSE, every point empty",
                    self.point_lines
                ),
            ));
        }
    }
}

impl super::EngineChecks for crate::protocol::agi::Agi {
    fn reader(ctx: &Context) -> Box<dyn Reader> {
        Box::new(ExchangeReader {
            held: HeldInput::new(*ctx),
            exchange: Agi {
                game: Game {
                    board: Board::new(BoardSize::STANDARD),
                    forbidden: true,
                    swap: false,
                },
                known: true,
                background_unanswered: false,
                info_unsettled: false,
                pv_found: false,
                point_lines: 0,
                bad_points: false,
            },
            flow: Flow::new(&RULES, ctx),
        })
    }
}

fn describe(error: &IllegalMove) -> String {
    error.to_string()
}

fn bestmove(
    game: &Game,
    search: &[Point],
    mv: BestMoveKind,
    ponder: Option<Point>,
    at: At,
) -> Vec<Outcome> {
    let point = match mv {
        BestMoveKind::Change => {
            let (grade, message) = if game.swap {
                (
                    Grade::Pass,
                    "`BESTMOVE CHANGE` under a swap rule".to_owned(),
                )
            } else {
                (
                    Grade::Fail,
                    "`BESTMOVE CHANGE` although no swap rule was set".to_owned(),
                )
            };
            return vec![
                outcome(Protocol::Agi, CheckId::BestmoveLegal, grade, message)
                    .citing(reqs!["agi-r44", "agi-r83"])
                    .at(at),
            ];
        }
        BestMoveKind::Move(point) => point,
    };
    let mut out = Vec::new();
    let stone = game.to_move();
    let legal = game.board.is_legal_move(point, stone, game.rule());
    out.push(
        match &legal {
            Ok(()) => outcome(
                Protocol::Agi,
                CheckId::BestmoveLegal,
                Grade::Pass,
                format!("{stone:?} {point} is legal"),
            )
            .citing(reqs!["agi-r82"]),
            Err(e) => outcome(
                Protocol::Agi,
                CheckId::BestmoveLegal,
                Grade::Fail,
                format!(
                    "best move {point} for {stone:?} is illegal: {}",
                    describe(e)
                ),
            )
            .citing(reqs!["agi-r41", "agi-r82"]),
        }
        .at(at),
    );
    if !search.is_empty() {
        let inside = search.contains(&point);
        out.push(
            outcome(
                Protocol::Agi,
                CheckId::BestmoveInSearch,
                if inside { Grade::Pass } else { Grade::Fail },
                if inside {
                    format!("{point} is one of the SEARCH moves")
                } else {
                    format!("best move {point} is not among the SEARCH moves")
                },
            )
            .at(at),
        );
    }
    if let (Ok(()), Some(ponder)) = (legal, ponder) {
        let mut next = game.board.clone();
        let _ = next.place(point, stone);
        if let Err(e) = next.is_legal_move(ponder, stone.opponent(), game.rule()) {
            out.push(
                outcome(
                    Protocol::Agi,
                    CheckId::PonderMoveLegal,
                    Grade::Warn,
                    format!(
                        "ponder move {ponder} is illegal after {point}: {}",
                        describe(&e)
                    ),
                )
                .at(at),
            );
        }
    }
    out
}

fn pv(game: &Game, moves: &[Point], at: At) -> Option<Outcome> {
    let mut board = game.board.clone();
    let mut stone = game.to_move();
    for (i, &p) in moves.iter().enumerate() {
        if let Err(e) = board.place(p, stone) {
            return Some(
                outcome(
                    Protocol::Agi,
                    CheckId::PvLegal,
                    Grade::Fail,
                    format!("PV point {} ({p}) cannot be played: {e}", i + 1),
                )
                .at(at),
            );
        }
        stone = stone.opponent();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckRef, id_under};
    use crate::req;

    fn findings(lines: &[&str]) -> Vec<Outcome> {
        crate::check::findings_in(Protocol::Agi, lines)
    }

    #[test]
    fn only_a_score_out_of_shape_is_forgiven() {
        let search = |info: &str| {
            findings(&["> POSITION", "> GO", info, "< BESTMOVE 78"])
                .into_iter()
                .map(|o| (o.grade, o.requirements[0]))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            search("< INFO DEPTH 6 SCORE 3.5 NPS 1000"),
            [(Grade::Warn, req!("agi-r73"))]
        );
        assert_eq!(
            search("< INFO DEPTH six SCORE 3.5"),
            [
                (Grade::Fail, req!("agi-r71")),
                (Grade::Warn, req!("agi-r73"))
            ]
        );
        assert!(search("< INFO SCORE 3 PV 78").is_empty());
    }

    /// agi-r04 makes `AGI` the GUI's first command. After a GUI's `ISREADY` before it, an
    /// engine that took the session for another protocol owes neither `READYOK` nor `AGIOK`:
    /// a warning, not a failure. With `AGI` first, `AGIOK` and `READYOK` are owed; a session
    /// that ends without them ended on a wait no text sets, so they are said, not judged.
    #[test]
    fn a_handshake_after_other_commands_is_not_owed() {
        let grades = |lines: &[&str]| {
            findings(lines)
                .into_iter()
                .map(|o| (id_under(Protocol::Agi, &o.check), o.grade))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            grades(&["> ISREADY", "> AGI"]),
            [(CheckId::HandshakeOk, Grade::Warn)]
        );
        let owed = findings(&["> AGI", "> ISREADY"]);
        assert_eq!(
            owed.iter()
                .map(|o| (id_under(Protocol::Agi, &o.check), o.grade))
                .collect::<Vec<_>>(),
            [
                (CheckId::HandshakeOk, Grade::Warn),
                (CheckId::IsreadyReadyok, Grade::Warn)
            ]
        );
        assert!(
            owed.iter()
                .all(|o| o.requirements.is_empty() && o.message.contains("not judged")),
            "{owed:#?}"
        );
    }

    /// Background thinking owes no BESTMOVE, also when stopped (agi-r65). A GUI that stops it
    /// and starts the real search at once cannot tell whether the first BESTMOVE after is the
    /// ponder's or the new search's: one or two both pass, and the one that could be either is
    /// not judged on the board. (`78` holds a stone once white played it.)
    #[test]
    fn background_thinking_stopped_and_followed_at_once_may_answer_or_not() {
        let checks = |replies: &[&str]| {
            let mut lines = vec![
                "> POSITION MOVES 77",
                "> GO PONDER",
                "> STOP",
                "> DOMOVE 78",
                "> GO",
            ];
            lines.extend_from_slice(replies);
            findings(&lines)
                .into_iter()
                .map(|o| (id_under(Protocol::Agi, &o.check), o.grade))
                .collect::<Vec<_>>()
        };
        assert_eq!(checks(&["< BESTMOVE 79"]), []);
        assert_eq!(checks(&["< BESTMOVE 78", "< BESTMOVE 79"]), []);
        assert_eq!(
            checks(&["< BESTMOVE 79", "< BESTMOVE 78"]),
            [(CheckId::BestmoveLegal, Grade::Fail)]
        );
        // None at all is owed to the search, and not judged where the session just ended.
        assert_eq!(checks(&[]), [(CheckId::GoOneResult, Grade::Warn)]);
    }

    /// After `STOP` the GUI syncs with `ISREADY` (agi-r66): once `READYOK` came, background
    /// thinking is over, and the next BESTMOVE is the new search's, judged on its board.
    #[test]
    fn background_thinking_ends_at_the_sync_after_stop() {
        let found = findings(&[
            "> POSITION MOVES 77",
            "> GO PONDER",
            "> STOP",
            "> ISREADY",
            "< READYOK",
            "> DOMOVE 78",
            "> GO",
            "< BESTMOVE 78",
        ]);
        let checks: Vec<_> = found.iter().map(|o| o.check.clone()).collect();
        assert_eq!(
            checks,
            [CheckRef::builtin(Protocol::Agi, CheckId::BestmoveLegal)],
            "{found:#?}"
        );
    }

    /// Background thinking may still report after the GUI's sync (`STOP`, `ISREADY`,
    /// `READYOK`) and a new `GO`: an INFO line then may be either search's, and is judged on
    /// neither board (here `97` is the old search's pv, taken on the new board). After the next
    /// BESTMOVE, INFO lines are the searches' own again.
    #[test]
    fn info_after_background_thinking_is_not_taken_for_the_next_search() {
        let found = findings(&[
            "> POSITION MOVES 7901A70C1121773141",
            "> GO PONDER",
            "> STOP",
            "> ISREADY",
            "< READYOK",
            "> POSITION MOVES 97",
            "> GO TIME 1000",
            "< INFO DEPTH 1 SCORE 10 PV 97",
            "< BESTMOVE 88",
            "> GO TIME 1000",
            "< INFO DEPTH 1 SCORE 10 PV 97",
            "< BESTMOVE 86",
        ]);
        let checks: Vec<_> = found.iter().map(|o| o.check.clone()).collect();
        assert_eq!(
            checks,
            [CheckRef::builtin(Protocol::Agi, CheckId::PvLegal)],
            "{found:#?}"
        );
        assert_eq!(found[0].at.map(|at| at.seq), Some(10));
    }
}
