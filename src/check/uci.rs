//! UCI: the exchange rules, and legality of every move against shakmaty.

use super::exchange::{self, Exchange, ExchangeReader, is_bestmove};
use super::family::FamilyGame;
use super::findings::{Findings, outcome};
use super::flow::{Flow, Go, Got, Mode, Rules, Sent};
use super::held::HeldInput;
use super::id::CheckId;
use super::info_grammar::InfoGrammar;
use super::legality::{self, MoveRules, Searched};
use super::multipv::{MultiPv, SearchLines};
use super::offer::{OfferRules, Reserved};
use super::{Context, Grade, Outcome, Reader, lines, spelling};
use crate::protocol::GameKind;
use crate::protocol::family::InfoFault;
use crate::protocol::uci::{Command, Message, Move, parse_message};
use crate::protocol::uci::{CommandKeyword, MessageKeyword};
use crate::protocol::{self, LineError, ParseError, Protocol};
use crate::req;
use crate::reqs;
use crate::rules::Game;
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::UciPosition;
use crate::session::At;

static RULES: Rules = Rules {
    // "even while thinking … immediately, without stopping its analysis" (uci-r32).
    readyok_owed_while_thinking: true,
    ponder_owes_result: true,
    // "search until the stop command" (uci-r73), also when a mate is seen.
    infinite_early: Grade::Fail,
    // The text forbids it: bestmove only after ponderhit or stop (uci-r61).
    ponder_early: Grade::Fail,
    bye: false,
    handshake_first: false,
};

const MOVES: MoveRules = MoveRules {
    protocol: Protocol::Uci,
    restricted: CheckId::BestmoveInSearchmoves,
    restricted_name: "outside searchmoves",
    // The text never says "legal"; the catalogue reads it into "in this position" and "the
    // most likely next move", and fails an illegal ponder move, currmove or first pv move.
    // Deeper pv moves come from the hash table, which may be stale: a warning (remark 32).
    ponder: Grade::Fail,
    pv_first: Grade::Fail,
    pv_deeper: Grade::Warn,
    currmove: Grade::Fail,
    // "Castling is written as the king's move" (uci-r19); squares as the text writes them
    // (uci-r18), which a UCI xiangqi engine numbers 1-10.
    castling: crate::reqs!["uci-r19"],
    ranks: crate::reqs!["uci-r18"],
};

const OFFER: OfferRules = OfferRules {
    protocol: Protocol::Uci,
    range: Grade::Fail,
    id_first: false,
    // "This prefix by itself marks a name as reserved" implies, without saying so, that
    // engines should not invent such names: a warning (uci-r143, remark 29). The text's later
    // revision defines `UCI_Chess960`, which GUIs and engines have used since.
    reserved: Some(Reserved {
        prefix: "UCI_",
        known: &[
            "UCI_ShowCurrLine",
            "UCI_ShowRefutations",
            "UCI_LimitStrength",
            "UCI_Elo",
            "UCI_AnalyseMode",
            "UCI_Opponent",
            "UCI_EngineAbout",
            "UCI_ShredderbasesPath",
            "UCI_SetPositionValue",
            "UCI_Chess960",
        ],
    }),
    paired: &[["UCI_LimitStrength", "UCI_Elo"]],
    grammar: true,
};

/// The harness's view of the game, rebuilt from the commands it sent: chess, or xiangqi
/// positions with UCI-shaped moves.
struct Uci<P> {
    game: FamilyGame<P>,
    multipv: MultiPv,
    grammar: InfoGrammar,
}

impl<P> Uci<P> {
    fn new() -> Self {
        Uci {
            game: FamilyGame::default(),
            multipv: MultiPv::default(),
            grammar: InfoGrammar::default(),
        }
    }
}

/// One search: the position it was sent with, and the numbering of its `multipv` lines.
struct UciSearch<P> {
    /// `None` when the position is one the oracle rejects, or unknown.
    searched: Option<Searched<P>>,
    multipv: SearchLines,
}

impl<P: Game + Clone + Send + 'static> Exchange for Uci<P> {
    type Codec = protocol::uci::Uci;
    type Search = UciSearch<P>;

    fn sent(&mut self, command: Command) -> Option<Sent<UciSearch<P>>> {
        match command {
            Command::Uci => self.game.handshake_sent(),
            Command::IsReady => Some(Sent::IsReady),
            Command::Position { start, moves } => {
                self.game.position_sent(&start, &moves);
                None
            }
            Command::SetOption { name, value } => {
                self.multipv.option_set(&name, value.as_deref());
                self.grammar.option_set(&name, value.as_deref());
                Some(Sent::Setup)
            }
            Command::UciNewGame => Some(Sent::Setup),
            Command::Go(go) => Some(Sent::Go(Go {
                mode: Some(Mode {
                    ponder: go.ponder,
                    infinite: go.infinite,
                }),
                judged: UciSearch {
                    searched: self.game.searched(Vec::new(), &go.searchmoves),
                    multipv: SearchLines::default(),
                },
            })),
            Command::PonderHit => Some(Sent::PonderHit),
            Command::Stop => Some(Sent::Stop),
            Command::Quit => Some(Sent::Quit),
            _ => None,
        }
    }

    fn unreadable_command(
        &mut self,
        keyword: Option<CommandKeyword>,
        line: &str,
    ) -> Option<Sent<UciSearch<P>>> {
        use CommandKeyword as K;
        match keyword {
            // Its `searchmoves`, if any, are unknown: no move is judged as excluded.
            Some(K::Go) => exchange::unread_go(UciSearch {
                searched: self.game.searched::<String>(Vec::new(), &[]),
                multipv: SearchLines::default(),
            }),
            Some(K::Position) => {
                self.game.position_unknown();
                None
            }
            // An unread `setoption` leaves the option's value as it was: `MultiPV` and the
            // `info` grammar are judged by the last value that did read. The others set up
            // nothing a reply is judged against: such a line, like one that opens with no
            // keyword, counts only as words before an `isready`.
            Some(
                K::Uci
                | K::Debug
                | K::IsReady
                | K::SetOption
                | K::Register
                | K::UciNewGame
                | K::Stop
                | K::PonderHit
                | K::Quit,
            )
            | None => exchange::isready_after_unknown_words(line),
        }
    }

    fn received(
        &mut self,
        message: Message,
        text: &str,
        at: At,
        search: Option<&mut UciSearch<P>>,
        out: &mut Findings,
    ) -> Got {
        match message {
            Message::Id { .. } => Got::BootLine,
            Message::Option(o) => self.game.option(o, at),
            Message::UciOk => self.game.handshake_ok(&OFFER, out),
            Message::ReadyOk => Got::ReadyOk,
            Message::BestMove { mv, ponder } => {
                if let Some(s) = search.and_then(|s| s.searched.as_ref()) {
                    out.extend(bestmove(s, &mv, ponder.as_ref(), at));
                }
                Got::SearchResult
            }
            Message::Info(info) => {
                let info = spelling::respelt_info(
                    Protocol::Uci,
                    info,
                    text,
                    at,
                    out,
                    |i: &crate::protocol::uci::Info| i.faults.len(),
                    |line| match parse_message(line) {
                        Ok(Message::Info(info)) => Some(info),
                        _ => None,
                    },
                );
                lines::info_faults(Protocol::Uci, &info.faults, fault_grade, at, out);
                self.grammar.line(&info, text, at, out);
                if let Some(search) = search {
                    if let Some(k) = info.multipv {
                        self.multipv.line(&mut search.multipv, k, at, out);
                    }
                    self.game.info_moves(
                        &MOVES,
                        search.searched.as_ref(),
                        &info.pv,
                        info.currmove.as_ref(),
                        at,
                        out,
                    );
                }
                Got::Other
            }
            Message::CopyProtection(_) | Message::Registration(_) => Got::Other,
        }
    }

    fn unreadable(
        &self,
        line: &str,
        error: &LineError<MessageKeyword>,
        search: Option<&UciSearch<P>>,
        at: At,
    ) -> Outcome {
        let searched = search.and_then(|s| s.searched.as_ref());
        // Moves in upper case (`bestmove E2E4`, `e7e8Q`): GUIs read them, and the text states
        // no letter case (uci-r18, remark 33). The move read is still judged.
        let respelt = spelling::respelt_reply(
            Protocol::Uci,
            line,
            at,
            |l| parse_message(l).ok(),
            |message| match (message, searched) {
                (Message::BestMove { mv, ponder }, Some(s)) => bestmove(s, mv, ponder.as_ref(), at),
                _ => Vec::new(),
            },
        );
        if let Some(o) = respelt {
            return o;
        }
        // A move-shaped token that is no UCI move: `a0a1` from a UCI xiangqi engine (ranks
        // run 1-10), `e2e9`, `e2e4x`.
        if let Some(o) = spelling::not_a_move(
            Protocol::Uci,
            line,
            &error.error,
            searched.map(|s| &s.position),
            (req!("uci-r18"), None),
            at,
        ) {
            return o;
        }
        let mut o = lines::unreadable(Protocol::Uci, line, &error.error, at);
        if is_bestmove(line) {
            // `bestmove (none)`, a bare `bestmove`: GUIs read them, and the text's notes grade
            // them as warnings (uci remark 3).
            o.grade = o.grade.min(Grade::Warn);
            o = o.citing(reqs!["uci-r21", "uci-r86"]);
        }
        o
    }

    fn finish(self, out: &mut Findings) {
        self.game.finish(&MOVES, out);
        self.multipv.finish(out);
        self.grammar.finish(out);
    }
}

impl super::EngineChecks for crate::protocol::uci::Uci {
    fn reader(ctx: &Context) -> Box<dyn Reader> {
        match ctx.game {
            GameKind::Xiangqi => Box::new(ExchangeReader {
                held: HeldInput::new(*ctx),
                exchange: Uci::<UciPosition>::new(),
                flow: Flow::new(&RULES, ctx),
            }),
            _ => Box::new(ExchangeReader {
                held: HeldInput::new(*ctx),
                exchange: Uci::<ChessPosition>::new(),
                flow: Flow::new(&RULES, ctx),
            }),
        }
    }
}

/// An `info` field that does not read fails (the text gives each field's form), except two
/// score bounds on one line, which remark 24 grades as a warning.
fn fault_grade(fault: &InfoFault) -> Grade {
    let both_bounds = fault.key == "score"
        && matches!(&fault.error, ParseError::Duplicate { key } if key.contains("bound"));
    if both_bounds {
        Grade::Warn
    } else {
        Grade::Fail
    }
}

/// `0000` is the null move (uci-r21): the only answer when there is no legal move. A square
/// moved to itself (`a1a1`, Rybka's way) is what the text reports most engines write instead:
/// without a legal move, a warning (remark 3).
fn bestmove<P: Game + Clone>(
    s: &Searched<P>,
    mv: &Move,
    ponder: Option<&Move>,
    at: At,
) -> Vec<Outcome> {
    let legal = s.position.legal_moves().len();
    if legal == 0 && *mv != Move::Null {
        // With no legal move there is no move a token could mean: it is a placeholder. The
        // text asks for `0000` but records that most engines do otherwise: «Хотя большинство
        // движков этого не делают. Рыбка, например, выдаёт a1a1» (uci-r21, remark 3). What
        // the text itself names as common practice is a warning, not a failure.
        return vec![
            outcome(
                Protocol::Uci,
                CheckId::BestmoveLegal,
                Grade::Warn,
                format!("`{mv}` in a position without a legal move; the null move is `0000`"),
            )
            .citing(reqs!["uci-r21"])
            .at(at),
        ];
    }
    if *mv == Move::Null {
        let (grade, message) = if legal == 0 {
            (
                Grade::Pass,
                "`0000` in a position without a legal move".to_owned(),
            )
        } else {
            (
                Grade::Fail,
                format!("null move `0000` although {legal} legal moves exist"),
            )
        };
        return vec![outcome(Protocol::Uci, CheckId::BestmoveLegal, grade, message).at(at)];
    }
    legality::bestmove(
        &MOVES,
        s,
        &mv.to_string(),
        ponder.map(ToString::to_string).as_deref(),
        at,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckRef, id_under};
    use crate::protocol::Protocol;

    fn findings(lines: &[&str]) -> Vec<Outcome> {
        crate::check::findings_in(Protocol::Uci, lines)
    }

    #[test]
    fn xiangqi_moves_are_judged_by_the_xiangqi_oracle_in_uci_notation() {
        let xiangqi = |replies: &[&str]| {
            let mut lines = vec!["> position startpos moves h3e3", "> go depth 3"];
            lines.extend_from_slice(replies);
            crate::check::findings_in_game(Protocol::Uci, GameKind::Xiangqi, &lines)
        };
        let good = xiangqi(&[
            "< info depth 2 score cp 5 time 1 pv h10g8 h1g3",
            "< bestmove a10a9 ponder a1a2",
        ]);
        assert!(good.is_empty(), "{good:#?}");
        // ICCS `h9g7` is a point off by one rank in UCI notation: no piece stands there.
        let iccs = xiangqi(&["< bestmove h9g7"]);
        assert_eq!(
            (iccs[0].check.clone(), iccs[0].grade),
            (
                CheckRef::builtin(Protocol::Uci, CheckId::BestmoveLegal),
                Grade::Fail
            )
        );
        // The same exchange judged as chess: ten ranks are off its board.
        let chess = findings(&["> position startpos", "> go depth 3", "< bestmove a10a9"]);
        assert_eq!(
            chess[0].check,
            CheckRef::builtin(Protocol::Uci, CheckId::BestmoveLegal)
        );
    }

    /// Issue 26 survey, H3: Toga II and Ethereal answer `a1a1` when mated or stalemated, as
    /// the text says Rybka does; with a legal move to play, `a1a1` still fails.
    #[test]
    fn a_placeholder_move_warns_only_where_no_move_is_legal() {
        let mated = findings(&[
            "> position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1",
            "> go depth 1",
            "< bestmove a1a1",
        ]);
        assert_eq!(mated.len(), 1, "{mated:#?}");
        assert_eq!(
            mated[0].check,
            CheckRef::builtin(Protocol::Uci, CheckId::BestmoveLegal)
        );
        assert_eq!(mated[0].grade, Grade::Warn);
        assert_eq!(mated[0].requirements, reqs!["uci-r21"]);
        let playable = findings(&["> position startpos", "> go depth 1", "< bestmove a1a1"]);
        assert_eq!(
            playable[0].check,
            CheckRef::builtin(Protocol::Uci, CheckId::BestmoveLegal)
        );
        assert_eq!(playable[0].grade, Grade::Fail);
    }

    #[test]
    fn bestmove_none_warns_and_still_ends_its_search() {
        let found = findings(&[
            "> position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1",
            "> go depth 1",
            "< bestmove (none)",
        ]);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].grade, Grade::Warn);
        assert_eq!(found[0].requirements, reqs!["uci-r21", "uci-r86"]);
    }

    #[test]
    fn isready_after_an_unknown_word_may_be_answered_or_dropped() {
        let answered = findings(&["> uci", "< uciok", "> xyzzy isready", "< readyok"]);
        assert!(answered.is_empty(), "{answered:#?}");
        let dropped = findings(&["> uci", "< uciok", "> xyzzy isready"]);
        assert!(dropped.is_empty(), "{dropped:#?}");
    }

    #[test]
    fn a_result_after_quit_in_infinite_mode_is_accepted() {
        let found = findings(&[
            "> position startpos",
            "> go infinite",
            "> quit",
            "< bestmove e2e4",
        ]);
        assert!(found.is_empty(), "{found:#?}");
        let early = findings(&["> position startpos", "> go infinite", "< bestmove e2e4"]);
        assert_eq!(
            early[0].check,
            CheckRef::builtin(Protocol::Uci, CheckId::InfiniteNoResultBeforeStop)
        );
    }

    #[test]
    fn info_moves_are_judged_against_the_searched_position() {
        let search = |replies: &[&str]| {
            let mut lines = vec!["> position startpos", "> go depth 3 searchmoves e2e4 d2d4"];
            lines.extend_from_slice(replies);
            findings(&lines)
        };
        let good = search(&[
            "< info currmove e2e4 currmovenumber 1",
            "< info depth 3 score cp 10 time 5 pv d2d4 d7d5 c2c4",
            "< bestmove d2d4 ponder d7d5",
        ]);
        assert!(good.is_empty(), "{good:#?}");
        let found = search(&["< info currmove g1f3", "< bestmove e2e4"]);
        assert_eq!(
            found[0].check,
            CheckRef::builtin(Protocol::Uci, CheckId::InfoInSearchmoves)
        );
        assert_eq!(found[0].requirements, reqs!["uci-r56"]);
        let found = search(&["< info currmove e2e5", "< bestmove e2e4"]);
        assert_eq!(
            (found[0].check.clone(), found[0].grade),
            (
                CheckRef::builtin(Protocol::Uci, CheckId::CurrmoveLegal),
                Grade::Fail
            )
        );
        let first = search(&[
            "< info depth 1 score cp 1 time 1 pv e2e5",
            "< bestmove e2e4",
        ]);
        assert_eq!(
            (first[0].check.clone(), first[0].grade),
            (
                CheckRef::builtin(Protocol::Uci, CheckId::PvLegal),
                Grade::Fail
            )
        );
        let deeper = search(&[
            "< info depth 2 score cp 1 time 1 pv e2e4 e2e4",
            "< bestmove e2e4",
        ]);
        assert_eq!(
            (deeper[0].check.clone(), deeper[0].grade),
            (
                CheckRef::builtin(Protocol::Uci, CheckId::PvLegal),
                Grade::Warn
            )
        );
        let ponder = search(&["< bestmove e2e4 ponder e2e4"]);
        assert_eq!(
            (ponder[0].check.clone(), ponder[0].grade),
            (
                CheckRef::builtin(Protocol::Uci, CheckId::PonderMoveLegal),
                Grade::Fail
            )
        );
    }

    #[test]
    fn the_offer_pairs_strength_options_and_reserves_the_prefix() {
        let found = findings(&[
            "> uci",
            "< option name UCI_Elo type spin default 1500 min 1000 max 2800",
            "< option name UCI_Chess960 type check default false",
            "< option name UCI_ShowWDL type check default false",
            "< option name Hash type spin default 0 min 1 max 128",
            "< uciok",
        ]);
        let checks: Vec<_> = found
            .iter()
            .map(|o| (id_under(Protocol::Uci, &o.check), o.grade))
            .collect();
        // UCI_Chess960 is defined by the text's later revision: only UCI_ShowWDL is unknown.
        assert_eq!(
            checks,
            [
                (CheckId::OptionDefaultInRange, Grade::Fail),
                (CheckId::OptionReservedName, Grade::Warn),
                (CheckId::OptionPaired, Grade::Fail),
            ]
        );
        assert!(found[1].message.contains("UCI_ShowWDL"));
        assert_eq!(found[2].requirements, reqs!["uci-r163", "uci-r167"]);
    }

    /// A ponder miss as PolyGlot writes it, in one go: `stop`, the real position and a new
    /// `go` while the ponder search is open. Stockfish answers the ponder search, then the new
    /// one; each result and `info` line is judged in its own search's position. (`e5d4` is
    /// black's only after 1…e5, `e4d5` white's only after 1…d5.)
    const PONDER_MISS: [&str; 6] = [
        "> position startpos moves e2e4 e7e5",
        "> go ponder wtime 60000 btime 60000",
        "< info depth 1 score cp 30 time 1 pv g1f3 b8c6",
        "> stop",
        "> position startpos moves e2e4 d7d5",
        "> go wtime 60000 btime 60000",
    ];

    fn pipelined(replies: &[&str]) -> Vec<(CheckId, Grade)> {
        let mut lines = PONDER_MISS.to_vec();
        lines.extend_from_slice(replies);
        findings(&lines)
            .iter()
            .map(|o| (id_under(Protocol::Uci, &o.check), o.grade))
            .collect()
    }

    #[test]
    fn a_pipelined_ponder_miss_is_two_searches_each_in_its_position() {
        let both = pipelined(&[
            "< info depth 1 score cp 20 time 1 pv d2d4 e5d4",
            "< info currmove d2d4 currmovenumber 1",
            "< bestmove d2d4 ponder e5d4",
            "< info depth 1 score cp 40 time 1 pv e4d5 d8d5",
            "< info currmove e4d5 currmovenumber 1",
            "< bestmove e4d5 ponder d8d5",
        ]);
        assert_eq!(both, [], "both searches answered in their positions");
        let fail = |check: CheckId| vec![(check, Grade::Fail)];
        // The first result answers the ponder search, where d5 is empty.
        assert_eq!(
            pipelined(&["< bestmove e4d5", "< bestmove e4d5"]),
            fail(CheckId::BestmoveLegal)
        );
        assert_eq!(
            pipelined(&["< bestmove d2d4 ponder d8d5", "< bestmove e4d5"]),
            fail(CheckId::PonderMoveLegal)
        );
        assert_eq!(
            pipelined(&[
                "< info depth 1 score cp 1 time 1 pv e4d5",
                "< bestmove d2d4",
                "< bestmove e4d5"
            ]),
            fail(CheckId::PvLegal)
        );
        assert_eq!(
            pipelined(&["< bestmove d2d4", "< bestmove e4d5", "< bestmove e4d5"]),
            fail(CheckId::GoOneResult)
        );
        // The second result is still owed when the transcript ends: said, not judged.
        assert_eq!(
            pipelined(&["< bestmove d2d4"]),
            [(CheckId::GoOneResult, Grade::Warn)]
        );
    }

    /// PolyGlot ends a game while a search after a ponder miss runs: `stop` and `quit` after
    /// it. Both searches are answered in order, the second after `quit` (uci remark 17).
    #[test]
    fn a_session_ended_in_a_pipelined_ponder_miss_is_judged_in_order() {
        let mut lines = PONDER_MISS.to_vec();
        lines.extend_from_slice(&[
            "> stop",
            "> quit",
            "< bestmove d2d4 ponder e5d4",
            "< bestmove e4d5",
        ]);
        assert!(findings(&lines).is_empty(), "{:#?}", findings(&lines));
    }

    /// `multipv` lines are numbered per search: the ponder search's second line is not the
    /// new search's first.
    #[test]
    fn multipv_numbering_follows_the_search_the_engine_answers() {
        let mut lines = vec!["> setoption name MultiPV value 2"];
        lines.extend_from_slice(&PONDER_MISS[..2]);
        lines.push("< info depth 1 multipv 1 score cp 30 time 1 pv g1f3 b8c6");
        lines.extend_from_slice(&PONDER_MISS[3..]);
        lines.extend_from_slice(&[
            "< info depth 1 multipv 2 score cp 20 time 1 pv d2d4 e5d4",
            "< bestmove g1f3",
            "< info depth 1 multipv 1 score cp 20 time 1 pv e4d5",
            "< info depth 1 multipv 2 score cp 10 time 1 pv g1f3",
            "< bestmove e4d5",
        ]);
        assert!(findings(&lines).is_empty(), "{:#?}", findings(&lines));
    }

    /// A GUI that goes away while its engine ponders closes the engine's input; Stockfish
    /// takes that for `quit` and writes its result. That answers the end of input; a result
    /// while the input is still open is the fault.
    #[test]
    fn a_ponder_result_after_the_input_closed_answers_that() {
        let judged = |stdin_closed_at_us| {
            let transcript = crate::session::Transcript {
                entries: crate::check::timed_entries(&[
                    (0, "> position startpos moves e2e4 e7e5"),
                    (1, "> go ponder wtime 1000 btime 1000"),
                    (90, "< bestmove g1f3"),
                ]),
                stdin_closed_at_us,
                ..Default::default()
            };
            let ctx = crate::check::Context {
                protocol: Protocol::Uci,
                game: GameKind::Chess,
                time_scale: 1.0,
            };
            crate::check::judge(ctx, &transcript)
                .into_iter()
                .filter(|o| o.grade != Grade::Pass)
                .map(|o| o.check)
                .collect::<Vec<_>>()
        };
        assert_eq!(judged(Some(50_000)), Vec::<CheckRef>::new());
        assert_eq!(
            judged(None),
            [CheckRef::builtin(
                Protocol::Uci,
                CheckId::PonderNoResultBeforePonderhit
            )]
        );
    }

    /// Stockfish answers `isready` 1-2.4 s after `setoption name Hash` and `ucinewgame` on a
    /// loaded host: the text lets a new game and an option take time, and asks for `readyok`
    /// as soon as the engine is ready (uci-r31), so that is no finding. An `isready` with
    /// nothing before it still warns past the harness's 1 s.
    #[test]
    fn readyok_after_a_new_game_or_an_option_may_take_its_time() {
        let slow = |setup: &[&'static str]| {
            let mut lines = vec![(0, "> uci"), (1, "< uciok")];
            lines.extend(setup.iter().map(|line| (2, *line)));
            lines.extend([(3, "> isready"), (2400, "< readyok")]);
            crate::check::findings_timed(Protocol::Uci, &lines)
                .into_iter()
                .map(|o| (id_under(Protocol::Uci, &o.check), o.grade))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            slow(&["> setoption name Hash value 1024", "> ucinewgame"]),
            []
        );
        assert_eq!(slow(&["> ucinewgame"]), []);
        assert_eq!(slow(&[]), [(CheckId::IsreadyReadyok, Grade::Warn)]);
    }
}
