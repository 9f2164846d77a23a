//! UCCI: the exchange rules, and legality of every move against the xiangqi oracle.

use super::exchange::{self, Exchange, ExchangeReader};
use super::family::FamilyGame;
use super::findings::{Findings, outcome};
use super::flow::{Flow, Go, Got, Mode, Rules, Sent};
use super::held::HeldInput;
use super::id::CheckId;
use super::legality::{self, MoveRules, Searched, texts};
use super::offer::OfferRules;
use super::{CheckRef, Context, Grade, Outcome, Reader, lines, spelling};
use crate::protocol::ucci::{
    self, Command, CommandKeyword, GoLimit, Info, Message, MessageKeyword, parse_message,
};
use crate::protocol::{self, LineError, Protocol};
use crate::req;
use crate::reqs;
use crate::rules::Game;
use crate::rules::xiangqi::{Move, Position};
use crate::session::At;

static RULES: Rules = Rules {
    // The texts give `isready` no state (A18): an engine that stays silent mid-search is
    // not shown to break a rule, so a missing reply there is a warning.
    readyok_owed_while_thinking: false,
    ponder_owes_result: true,
    // UCCI lets an infinite search end by itself once it finds a mate (ucci-r65).
    infinite_early: Grade::Warn,
    // The texts do not say whether a pondering engine may finish by itself before
    // `ponderhit` (a mate found, its depth done): A19 grades it a warning.
    ponder_early: Grade::Warn,
    bye: true,
    handshake_first: true,
};

pub(super) const MOVES: MoveRules = MoveRules {
    protocol: Protocol::Ucci,
    restricted: CheckId::BestmoveNotBanned,
    restricted_name: "banned",
    // "should": the ponder guess and the pv are the engine's thoughts; the texts never
    // say "legal" (ucci-r83, ucci-r102), and the catalogue grades `currmove` alike (ucci-r86).
    ponder: Grade::Warn,
    pv_first: Grade::Warn,
    pv_deeper: Grade::Warn,
    currmove: Grade::Warn,
    castling: &[],
    // Ranks 0-9 from red's side (ucci-r18).
    ranks: crate::reqs!["ucci-r18"],
};

const OFFER: OfferRules = OfferRules {
    protocol: Protocol::Ucci,
    // The catalogue grades a default outside its range or choices as a warning (ucci-r24):
    // the texts list the fields but state no rule between them.
    range: Grade::Warn,
    id_first: true,
    reserved: None,
    paired: &[],
    grammar: false,
};

/// The harness's view of the game, rebuilt from the commands it sent.
#[derive(Default)]
struct Ucci {
    game: FamilyGame<Position>,
    banned: Vec<String>,
}

/// One search: the position it was sent with, and what its replies said so far.
struct UcciSearch {
    /// `None` when the position is one the oracle rejects, or unknown.
    searched: Option<Searched<Position>>,
    depth_zero: bool,
    /// The pv of the search's last `info … pv` line, to compare with its `bestmove`.
    last_pv: Vec<String>,
}

impl Ucci {
    fn search(&mut self, depth_zero: bool) -> UcciSearch {
        UcciSearch {
            searched: self.game.searched::<Move>(self.banned.clone(), &[]),
            depth_zero,
            last_pv: Vec::new(),
        }
    }
}

impl Exchange for Ucci {
    type Codec = protocol::ucci::Ucci;
    type Search = UcciSearch;

    fn sent(&mut self, command: Command) -> Option<Sent<UcciSearch>> {
        match command {
            Command::Ucci => self.game.handshake_sent(),
            Command::IsReady => Some(Sent::IsReady),
            Command::Position { start, moves } => {
                self.game.position_sent(&start, &moves);
                self.banned.clear();
                None
            }
            Command::BanMoves(moves) => {
                self.banned = texts(&moves);
                None
            }
            Command::Go { ponder, limit, .. } => Some(Sent::Go(Go {
                mode: Some(Mode {
                    ponder,
                    infinite: matches!(limit, GoLimit::Infinite | GoLimit::DepthInfinite),
                }),
                judged: self.search(limit == GoLimit::Depth(0)),
            })),
            Command::PonderHit { .. } => Some(Sent::PonderHit),
            Command::Stop => Some(Sent::Stop),
            Command::Quit => Some(Sent::Quit),
            Command::SetOption { .. } => Some(Sent::Setup),
            Command::Probe { .. } => None,
        }
    }

    fn unreadable_command(
        &mut self,
        keyword: Option<CommandKeyword>,
        line: &str,
    ) -> Option<Sent<UcciSearch>> {
        use CommandKeyword as K;
        match keyword {
            Some(K::Go) => exchange::unread_go(self.search(false)),
            Some(K::Position) => {
                self.game.position_unknown();
                self.banned.clear();
                None
            }
            // Which moves were meant is unknown: none is judged as banned.
            Some(K::BanMoves) => {
                self.banned.clear();
                None
            }
            // The others set up nothing a reply is judged against: such a line, like one that
            // opens with no keyword, counts only as words before an `isready`.
            Some(
                K::Ucci | K::IsReady | K::SetOption | K::PonderHit | K::Stop | K::Probe | K::Quit,
            )
            | None => exchange::isready_after_unknown_words(line),
        }
    }

    fn received(
        &mut self,
        message: Message,
        text: &str,
        at: At,
        search: Option<&mut UcciSearch>,
        out: &mut Findings,
    ) -> Got {
        match message {
            Message::Id { .. } => self.game.id(at),
            Message::IdOther { key, .. } => {
                out.push(
                    outcome(
                        Protocol::Ucci,
                        CheckId::IdField,
                        Grade::Warn,
                        format!(
                            "`id {key}` is not one of the id fields the text lists (`name`, \
                             `copyright`, `author`, `user`); GUIs such as the league simulator \
                             read past it"
                        ),
                    )
                    .at(at),
                );
                self.game.id(at)
            }
            Message::Option(o) => self.game.option(o, at),
            Message::UcciOk => self.game.handshake_ok(&OFFER, out),
            Message::ReadyOk => Got::ReadyOk,
            Message::Bye => Got::Bye,
            Message::BestMove { mv, ponder, .. } => {
                let (mv, ponder) = (mv.to_string(), ponder.map(|p| p.to_string()));
                if let Some(search) = search {
                    if let Some(s) = &search.searched {
                        out.extend(legality::bestmove(&MOVES, s, &mv, ponder.as_deref(), at));
                    }
                    out.extend(follows_pv(&search.last_pv, &mv, ponder.as_deref(), at));
                }
                Got::SearchResult
            }
            Message::NoBestMove => {
                if let Some(search) = search
                    && let Some(s) = &search.searched
                {
                    out.push(nobestmove(s, search.depth_zero, at));
                }
                Got::SearchResult
            }
            Message::Info(info) => {
                let info = spelling::respelt_info(
                    Protocol::Ucci,
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
                // `info` is what engines "usually" send (ucci-r79) and GUIs skip what they
                // cannot read (A8): an unreadable field is a warning.
                lines::info_faults(Protocol::Ucci, &info.faults, |_| Grade::Warn, at, out);
                if let Some(search) = search {
                    let pv = texts(&info.pv);
                    self.game.info_moves(
                        &MOVES,
                        search.searched.as_ref(),
                        &pv,
                        info.currmove.as_ref(),
                        at,
                        out,
                    );
                    // A line at depth 0 reports no search: UCCI's author's engine lists its
                    // book moves so (`info depth 0 score <weight> pv <move>`), one line each,
                    // then plays any of them. Only a searched pv says what the best move
                    // usually is.
                    if !pv.is_empty() && info.depth != Some(0) {
                        search.last_pv = pv;
                    }
                }
                Got::Other
            }
            Message::PopHash { .. } => Got::Other,
        }
    }

    fn unreadable(
        &self,
        line: &str,
        error: &LineError<MessageKeyword>,
        search: Option<&UcciSearch>,
        at: At,
    ) -> Outcome {
        let searched = search.and_then(|s| s.searched.as_ref());
        // Moves in upper case (`bestmove H2E2`): every example writes ICCS in lower case but
        // the text does not say so, and a GUI reads them (A13). The move read is still judged.
        let respelt = spelling::respelt_reply(
            Protocol::Ucci,
            line,
            at,
            |l| parse_message(l).ok(),
            |message| match (message, searched) {
                (Message::BestMove { mv, ponder, .. }, Some(s)) => legality::bestmove(
                    &MOVES,
                    s,
                    &mv.to_string(),
                    ponder.map(|p| p.to_string()).as_deref(),
                    at,
                ),
                _ => Vec::new(),
            },
        );
        if let Some(o) = respelt {
            // A spelling warning breaks its own keyword's rows; a failed move stands as judged.
            return if o.grade == Grade::Fail {
                o
            } else {
                own_rows(o, error)
            };
        }
        // A move token that is no ICCS move: `a10a9` (ranks numbered 1-10, as UCI xiangqi
        // engines do), `0000` (UCCI has no null move; a search without one ends with
        // `nobestmove`).
        if let Some(o) = spelling::not_a_move(
            Protocol::Ucci,
            line,
            &error.error,
            searched.map(|s| &s.position),
            (req!("ucci-r17"), Some(NO_NULL_MOVE)),
            at,
        ) {
            return o;
        }
        // A malformed `bestmove` (e.g. UCI's `bestmove (none)`) is one finding, on its line,
        // and still ends its search (`unreadable_event`). It breaks the grammar row of its own
        // keyword (`bestmove (none)`: ucci-r97 and the ICCS row), not ucci-r05: the engine
        // did write one reply per line.
        own_rows(
            lines::unreadable(Protocol::Ucci, line, &error.error, at),
            error,
        )
    }

    fn finish(self, out: &mut Findings) {
        self.game.finish(&MOVES, out);
    }
}

/// `0000` is UCI's null move; UCCI's text has none.
const NO_NULL_MOVE: &str =
    "UCCI has no null move: a search with no move to give ends with `nobestmove`";

impl super::EngineChecks for crate::protocol::ucci::Ucci {
    fn reader(ctx: &Context) -> Box<dyn Reader> {
        Box::new(ExchangeReader {
            held: HeldInput::new(*ctx),
            exchange: Ucci::default(),
            flow: Flow::new(&RULES, ctx),
        })
    }
}

/// A malformed reply breaks the grammar row of its own keyword (`bestmove (none)`: ucci-r97
/// and the ICCS row), not ucci-r05: the engine did write one reply per line.
fn own_rows(o: Outcome, error: &LineError<MessageKeyword>) -> Outcome {
    if o.check != CheckRef::builtin(Protocol::Ucci, CheckId::LineMalformed) {
        return o;
    }
    o.citing(ucci::message_rows(error).unwrap_or(reqs!["ucci-r05"]))
}

/// "Usually the best move is the first move of the principal variation and the ponder move
/// the second" (ucci-r101): a `bestmove` that leaves the search's last pv is a warning.
fn follows_pv(last_pv: &[String], mv: &str, ponder: Option<&str>, at: At) -> Option<Outcome> {
    let first = last_pv.first()?;
    let (grade, message) = if first != mv {
        (
            Grade::Warn,
            format!(
                "best move `{mv}` is not the first move of the last pv `{}`",
                last_pv.join(" ")
            ),
        )
    } else if let (Some(ponder), Some(second)) = (ponder, last_pv.get(1))
        && ponder != second
    {
        (
            Grade::Warn,
            format!(
                "ponder move `{ponder}` is not the second move of the last pv `{}`",
                last_pv.join(" ")
            ),
        )
    } else {
        (Grade::Pass, format!("`{mv}` follows the last pv"))
    };
    Some(outcome(Protocol::Ucci, CheckId::BestmoveFollowsPv, grade, message).at(at))
}

/// Plies without a capture after which UCCI's author's engine holds the game drawn and
/// answers `nobestmove` (ElephantEye 3.31's `DRAW_MOVES`, checks not counted).
const AUTHOR_DRAW_PLIES: u32 = 100;

/// `nobestmove` is the answer when there is no move to give (ucci-r110, ucci-r111), or to
/// `go depth 0` (ucci-r66). The texts leave "dead position" (死局面) undefined; the texts'
/// author's own engine settles it (the catalogue's A17): no legal move, or no rook, horse,
/// cannon or pawn left on the board, so that neither side can ever mate. Anywhere else a
/// search owes a move.
fn nobestmove(searched: &Searched<Position>, depth_zero: bool, at: At) -> Outcome {
    let playable = searched
        .position
        .legal_move_texts()
        .into_iter()
        .filter(|m| !searched.banned.contains(m))
        .count();
    let (grade, message) = if depth_zero {
        (Grade::Pass, "`nobestmove` for `go depth 0`".to_owned())
    } else if playable == 0 {
        (
            Grade::Pass,
            "`nobestmove` in a position without a playable move".to_owned(),
        )
    } else if !searched.position.has_crossing_piece() {
        (
            Grade::Pass,
            "`nobestmove` with no rook, horse, cannon or pawn left: a dead position, as the texts' \
             author's engine reads it (A17)"
                .to_owned(),
        )
    } else if searched.position.halfmove_clock() >= AUTHOR_DRAW_PLIES {
        // ElephantEye also calls a game drawn by its own move count dead; the texts state no
        // such rule, so the engine's reading is ambiguous rather than wrong.
        (
            Grade::Warn,
            format!(
                "`nobestmove` after {} plies without a capture: drawn by a move count the texts \
                 do not state (UCCI's author's engine stops at {AUTHOR_DRAW_PLIES})",
                searched.position.halfmove_clock()
            ),
        )
    } else {
        (
            Grade::Fail,
            format!(
                "`nobestmove` although {playable} moves are playable and a rook, horse, cannon \
                 or pawn is on the board: not a dead position (fine only for `go depth 0`)"
            ),
        )
    };
    outcome(
        Protocol::Ucci,
        CheckId::NobestmoveDeadPosition,
        grade,
        message,
    )
    .at(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::id_under;
    use crate::protocol::Protocol;

    fn findings(lines: &[&str]) -> Vec<Outcome> {
        crate::check::findings_in(Protocol::Ucci, lines)
    }

    fn search(replies: &[&str]) -> Vec<Outcome> {
        let mut lines = vec!["> position startpos", "> go depth 3"];
        lines.extend_from_slice(replies);
        findings(&lines)
    }

    /// The catalogue's A17: `nobestmove` in a dead position as UCCI's author's engine reads
    /// it (no legal move, or no rook, horse, cannon or pawn), and nowhere else.
    #[test]
    fn nobestmove_is_for_dead_positions_as_the_texts_author_reads_them() {
        let answer = |fen: &str| {
            let position = format!("> position fen {fen}");
            findings(&[&position, "> go time 3000", "< nobestmove"])
        };
        for dead in [
            "3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1",
            "3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",
            "2bak4/4a4/4b4/9/9/9/9/4B4/4A4/2BAK4 w - - 0 1",
        ] {
            let found = answer(dead);
            assert!(found.is_empty(), "{dead}: {found:#?}");
        }
        for alive in [
            "P2k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1",
            "3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1",
        ] {
            let found = answer(alive);
            assert_eq!(found.len(), 1, "{alive}: {found:#?}");
            assert_eq!(
                found[0].check,
                CheckRef::builtin(Protocol::Ucci, CheckId::NobestmoveDeadPosition)
            );
            assert_eq!(found[0].grade, Grade::Fail);
        }
    }

    #[test]
    fn a_bestmove_off_the_last_pv_warns() {
        let on = search(&[
            "< info depth 1 pv b2e2",
            "< info depth 2 pv h2e2 h9g7",
            "< bestmove h2e2 ponder h9g7",
        ]);
        assert!(on.is_empty(), "{on:#?}");
        let off = search(&["< info depth 2 pv h2e2 h9g7", "< bestmove b2e2"]);
        assert_eq!(off.len(), 1, "{off:#?}");
        assert_eq!(
            off[0].check,
            CheckRef::builtin(Protocol::Ucci, CheckId::BestmoveFollowsPv)
        );
        assert_eq!(off[0].grade, Grade::Warn);
        let ponder = search(&["< info depth 2 pv h2e2 h9g7", "< bestmove h2e2 ponder b9c7"]);
        assert_eq!(ponder[0].requirements[0], req!("ucci-r101"));
        assert!(ponder[0].message.contains("second move"));
    }

    #[test]
    fn an_id_field_the_text_does_not_list_warns_citing_the_id_grammar() {
        let found = findings(&[
            "> ucci",
            "< id name ElephantEye",
            "< id version 3.31",
            "< ucciok",
        ]);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(
            found[0].check,
            CheckRef::builtin(Protocol::Ucci, CheckId::IdField)
        );
        assert_eq!(found[0].grade, Grade::Warn);
        assert_eq!(found[0].requirements[0], req!("ucci-r22"));
        // An `id` line with no text after its key is still malformed.
        let bare = findings(&["> ucci", "< id version", "< ucciok"]);
        assert_eq!(
            bare[0].check,
            CheckRef::builtin(Protocol::Ucci, CheckId::LineMalformed),
            "{bare:#?}"
        );
    }

    /// Issue 26 survey, H2: a reply that does not read breaks its keyword's grammar row, not
    /// ucci-r05 (the engine did write one reply per line).
    #[test]
    fn a_malformed_reply_cites_its_own_grammar_row() {
        let cited = |reply: &str| {
            let found = search(&[&format!("< {reply}")]);
            let malformed: Vec<_> = found
                .iter()
                .filter(|o| {
                    o.check
                        == crate::check::CheckRef::builtin(
                            Protocol::Ucci,
                            crate::check::CheckId::LineMalformed,
                        )
                })
                .collect();
            assert_eq!(malformed.len(), 1, "{reply}: {found:#?}");
            assert_eq!(malformed[0].grade, Grade::Fail);
            malformed[0].requirements.clone()
        };
        // Fairy-Stockfish in a dead position.
        assert_eq!(cited("bestmove (none)"), reqs!["ucci-r97", "ucci-r17"]);
        // Sjaak II's ranks 1-10 are a move of another notation: the move-notation check
        // names the ICCS row and the move meant.
        let sjaak = search(&["< bestmove b0c2 ponder b10c8"]);
        assert_eq!(sjaak.len(), 1, "{sjaak:#?}");
        assert_eq!(
            sjaak[0].check,
            CheckRef::builtin(Protocol::Ucci, CheckId::MoveNotation)
        );
        assert_eq!(sjaak[0].requirements[0], req!("ucci-r17"));
        assert_eq!(cited("bestmove b0c2 maybe"), reqs!["ucci-r97"]);
        assert_eq!(cited("nobestmove now"), reqs!["ucci-r110"]);
        assert_eq!(cited("pophash lowerbound x depth 3"), reqs!["ucci-r114"]);
    }

    #[test]
    fn book_moves_listed_at_depth_zero_are_not_a_pv_to_follow() {
        let found = search(&[
            "< info depth 0 score 761 pv h2e2",
            "< info depth 0 score 172 pv b2e2",
            "< info depth 0 score 1 pv h0g2",
            "< bestmove h2e2 ponder h9g7",
        ]);
        assert!(found.is_empty(), "{found:#?}");
        // A searched line after them still counts.
        let off = search(&[
            "< info depth 0 score 761 pv h2e2",
            "< info depth 3 score 20 pv b2e2 h9g7",
            "< bestmove h2e2",
        ]);
        assert_eq!(off.len(), 1, "{off:#?}");
        assert_eq!(
            off[0].check,
            CheckRef::builtin(Protocol::Ucci, CheckId::BestmoveFollowsPv)
        );
    }

    #[test]
    fn a_pv_from_an_earlier_search_is_not_compared() {
        let found = findings(&[
            "> position startpos",
            "> go depth 1",
            "< info depth 1 pv h2e2",
            "< bestmove h2e2",
            "> position startpos moves h2e2",
            "> go depth 1",
            "< bestmove h9g7",
        ]);
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn an_illegal_currmove_warns() {
        let found = search(&["< info currmove a0a5", "< bestmove h2e2"]);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(
            (found[0].check.clone(), found[0].grade),
            (
                CheckRef::builtin(Protocol::Ucci, CheckId::CurrmoveLegal),
                Grade::Warn
            )
        );
    }

    #[test]
    fn the_handshake_offer_is_judged_when_it_completes() {
        let found = findings(&[
            "> ucci",
            "< option hashsize type spin min 0 max 1024 default 2048",
            "< id name Late",
            "< option style type combo var solid var normal default risky",
            "< ucciok",
        ]);
        let checks: Vec<_> = found
            .iter()
            .map(|o| (id_under(Protocol::Ucci, &o.check), o.grade))
            .collect();
        assert_eq!(
            checks,
            [
                (CheckId::OptionDefaultInRange, Grade::Warn),
                (CheckId::OptionDefaultInRange, Grade::Warn),
                (CheckId::HandshakeIdFirst, Grade::Warn),
            ]
        );
    }

    /// Entries at given times (ms), for timing rules.
    fn timed(lines: &[(u64, &str)]) -> Vec<Outcome> {
        crate::check::findings_timed(Protocol::Ucci, lines)
    }

    #[test]
    /// An engine that ignores `stop` is not passed because the GUI gave up and quit: the
    /// missing result is said. It is not failed either, since the GUI's wait is no bound
    /// of the text's (ucci-r96 asks for the reply "as fast as possible").
    fn an_engine_that_ignores_stop_until_quit_is_said_not_judged() {
        let ignored = timed(&[
            (0, "> position startpos"),
            (1, "> go infinite"),
            (300, "> stop"),
            (1800, "> quit"),
            (1801, "< bye"),
        ]);
        assert_eq!(ignored.len(), 1, "{ignored:#?}");
        assert_eq!(
            ignored[0].check,
            CheckRef::builtin(Protocol::Ucci, CheckId::StopResult)
        );
        assert_eq!(ignored[0].grade, Grade::Warn);
        assert!(ignored[0].requirements.is_empty(), "{ignored:#?}");
        assert!(
            ignored[0].message.contains("1500.0 ms later"),
            "{ignored:#?}"
        );
        // A GUI that quits before the stop bound ran out leaves the search to `quit`.
        let quick = timed(&[
            (0, "> position startpos"),
            (1, "> go infinite"),
            (300, "> stop"),
            (500, "> quit"),
            (501, "< bye"),
        ]);
        assert!(quick.is_empty(), "{quick:#?}");
        let late = timed(&[
            (0, "> position startpos"),
            (1, "> go infinite"),
            (300, "> stop"),
            (1800, "< bestmove h2e2"),
        ]);
        assert_eq!(
            (late[0].check.clone(), late[0].grade),
            (
                CheckRef::builtin(Protocol::Ucci, CheckId::StopResult),
                Grade::Warn
            )
        );
    }

    /// A ponder miss written in one go, as a GUI that pipelines it sends it: `stop`, the real
    /// position and a new `go` while the ponder search is still open. The engine answers the
    /// ponder search first, then the new one; each result is judged in its own position.
    /// (Red's cannon takes the knight on h9 only where black did not move it: `h2h9` is legal
    /// after `b9c7`, not after `h9g7`, and `g7e8` only where a knight stands on g7.)
    const PONDER_MISS: [&str; 5] = [
        "> position startpos moves b2e2 h9g7",
        "> go ponder time 60000",
        "> stop",
        "> position startpos moves b2e2 b9c7",
        "> go time 60000",
    ];

    fn pipelined(replies: &[&str]) -> Vec<Outcome> {
        let mut lines = PONDER_MISS.to_vec();
        lines.extend_from_slice(replies);
        findings(&lines)
    }

    fn checks(found: &[Outcome]) -> Vec<(CheckId, Grade)> {
        found
            .iter()
            .map(|o| (id_under(Protocol::Ucci, &o.check), o.grade))
            .collect()
    }

    #[test]
    fn a_pipelined_ponder_miss_is_two_searches_each_in_its_position() {
        let both = pipelined(&[
            "< info depth 1 score 3 pv h0g2 g7e8",
            "< bestmove h0g2 ponder g7e8",
            "< info depth 1 score 90 pv h2h9",
            "< bestmove h2h9",
        ]);
        assert!(both.is_empty(), "{both:#?}");
        // The first result answers the ponder search: `h2h9` is illegal there.
        let own = pipelined(&["< bestmove h2h9", "< bestmove h2h9"]);
        assert_eq!(
            checks(&own),
            [(CheckId::BestmoveLegal, Grade::Fail)],
            "{own:#?}"
        );
        assert!(own[0].message.contains("h2h9"), "{own:#?}");
        let third = pipelined(&["< bestmove h0g2", "< bestmove h2h9", "< bestmove h2h9"]);
        assert_eq!(
            checks(&third),
            [(CheckId::GoOneResult, Grade::Fail)],
            "{third:#?}"
        );
        // Both searches were owed a result; the transcript ends before the second.
        let one = pipelined(&["< bestmove h0g2"]);
        assert_eq!(
            checks(&one),
            [(CheckId::GoOneResult, Grade::Warn)],
            "{one:#?}"
        );
    }

    /// uci2wb sends `go time … movetime 970`, which UCCI's `go` does not have. The engine's
    /// one `bestmove` to it is not unsolicited, and its move is still judged in the position;
    /// none is owed, since the engine may refuse the line.
    #[test]
    fn a_go_that_does_not_read_still_opens_a_search() {
        let go = |replies: &[&str]| {
            let mut lines = vec![
                "> position startpos",
                "> go time 1000 opptime 1000 movetime 970",
            ];
            lines.extend_from_slice(replies);
            findings(&lines)
        };
        let answered = go(&["< info depth 1 score 1 pv h2e2", "< bestmove h2e2"]);
        assert!(answered.is_empty(), "{answered:#?}");
        assert!(go(&[]).is_empty());
        let illegal = go(&["< bestmove h9g7"]);
        assert_eq!(checks(&illegal), [(CheckId::BestmoveLegal, Grade::Fail)]);
        let twice = go(&["< bestmove h2e2", "< bestmove h2e2"]);
        assert_eq!(checks(&twice), [(CheckId::GoOneResult, Grade::Fail)]);
    }

    /// A `position` that does not read leaves the position unknown: the search after it is
    /// not judged against the position before it.
    #[test]
    fn moves_after_a_position_that_does_not_read_are_not_judged() {
        let found = findings(&[
            "> position startpos",
            "> go depth 1",
            "< bestmove h2e2",
            "> position startpos moves h2e2 h9",
            "> go depth 1",
            "< info depth 1 score 0 pv h9g7",
            "< bestmove h9g7",
        ]);
        assert!(found.is_empty(), "{found:#?}");
        // A readable one is judged again.
        let found = findings(&[
            "> position startpos moves h2e2 h9",
            "> position startpos moves h2e2",
            "> go depth 1",
            "< bestmove h2e2",
        ]);
        assert_eq!(checks(&found), [(CheckId::BestmoveLegal, Grade::Fail)]);
    }

    /// A `go` while the last search runs unstopped (the GUI's fault, ucci-r47): the text does
    /// not say whether the engine answers the first, so one result or two both pass, and a
    /// result that could be either search's is not judged in either position.
    #[test]
    fn a_go_over_an_unstopped_search_may_get_one_result_or_two() {
        let over = |replies: &[&str]| {
            let mut lines = vec![
                "> position startpos",
                "> go infinite",
                "> position startpos moves h2e2",
                "> go depth 1",
            ];
            lines.extend_from_slice(replies);
            findings(&lines)
        };
        assert!(over(&["< bestmove h9g7"]).is_empty());
        assert!(over(&["< bestmove h2e2", "< bestmove h9g7"]).is_empty());
        // The second result can only be the second search's.
        assert_eq!(
            checks(&over(&["< bestmove h2e2", "< bestmove h2e2"])),
            [(CheckId::BestmoveLegal, Grade::Fail)]
        );
        assert_eq!(
            checks(&over(&[
                "< bestmove h2e2",
                "< bestmove h9g7",
                "< bestmove h9g7"
            ])),
            [(CheckId::GoOneResult, Grade::Fail)]
        );
        assert_eq!(checks(&over(&[])), [(CheckId::GoOneResult, Grade::Warn)]);
    }
}
