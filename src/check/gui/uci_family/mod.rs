//! UCCI and UCI, the GUI's side: the handshake first and waited for, a position before every
//! search, nothing that needs an idle engine while a search runs, `stop`/`ponderhit` only
//! during one, every position legal, and options set as the engine declared them.

use std::marker::PhantomData;

use super::GuiReader;
use super::clock::Clocks;
use super::handshake::HandshakeOrder;
use super::said::{Dialect, Heard, Opens, Said, Ucci, Uci};
use super::tally::Tally;
use crate::check::Context;
use crate::check::findings::Findings;
use crate::check::id::CheckId;
use crate::check::legality::set_up;
use crate::check::outcome::Grade;
use crate::protocol::family::OptionDecl;
use crate::protocol::uci::INVENTED_RESERVED_OPTION;
use crate::protocol::{GameKind, Protocol, ReqId};
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::{Position as XiangqiPosition, UciPosition};
use crate::rules::{BySide, Game, Misspelling};
use crate::session::{At, Direction, Entry, LineEnding, Transcript};
use line::Line;
use options::judge_value;
use ponder::PonderWatch;

/// How long after a search's result a `stop` or `ponderhit` counts as having crossed it on
/// the wire (the GUI wrote it before it could read the result), before the time scale.
const CROSSING_MS: f64 = 100.0;

/// The search the GUI started and the engine has not yet answered.
#[derive(Debug, Clone, Copy)]
struct Search {
    /// Started with `go ponder` and not yet turned into a normal search by `ponderhit`.
    pondering: bool,
    /// `stop` was sent: the search still runs until its result (ucci-r95).
    stopped: bool,
}

struct GuiSide<D, G> {
    protocol: Protocol,
    time_scale: f64,
    handshake: HandshakeOrder,
    search: Option<Search>,
    /// When the last search's result came, in µs, and whether that search was still
    /// pondering then (only a `ponderhit` for a ponder search can cross its result).
    last_result_us: Option<u64>,
    last_result_pondering: bool,
    position_set: bool,
    /// The position the GUI set up, when the oracle accepts it.
    current: Option<G>,
    /// The positions along it, ply by ply.
    line: Option<Line>,
    /// The GUI's ponder searches, to read from the next position whether a hit was true.
    ponder: PonderWatch,
    /// Whether the last position had a move list (a ponder search needs its last move).
    position_has_moves: bool,
    offered: Vec<OptionDecl>,
    /// The value the GUI last gave `UCI_AnalyseMode`.
    analyse_mode: Option<bool>,
    /// The GUI set `UCI_Chess960` true: its positions' castling is Chess960's, which the
    /// text does not define (uci.ru.txt knows no Chess960; remark 33 leaves it out), so a
    /// position with castling rights is not judged.
    chess960: bool,
    /// An `isready` was answered since the start (UCI: before the first search).
    ready_confirmed: bool,
    /// The engine said `copyprotection error`.
    copy_protection_error: Option<At>,
    /// UCCI: `setoption usemillisec true` was sent, so times are milliseconds, not seconds.
    millisec: bool,
    clocks: Clocks,
    /// Each side's position at its last timed `go`, to find it again in a later line.
    go_keys: BySide<Option<String>>,
    /// The move number of the last position, to tell a game going on from a new one.
    last_fullmove: Option<u32>,
    /// `ucinewgame` sent and no `isready` since (uci-r48).
    newgame_unconfirmed: Option<At>,
    /// The engine said `registration error` and no `register` came since.
    registration_owed: Option<At>,
    /// The checks that met something to judge, and those that found a fault.
    tally: Tally,
    /// The GUI's last fragment without a line end (UCI: a command must end with LF).
    last_ending: Option<(At, LineEnding, String)>,
    _dialect: PhantomData<(D, G)>,
}

impl super::GuiChecks for crate::protocol::ucci::Ucci {
    fn reader(ctx: &Context) -> Box<dyn GuiReader> {
        Box::new(GuiSide::<Ucci, XiangqiPosition>::new(ctx))
    }
}

/// UCI is spoken for xiangqi too.
impl super::GuiChecks for crate::protocol::uci::Uci {
    fn reader(ctx: &Context) -> Box<dyn GuiReader> {
        match ctx.game {
            GameKind::Xiangqi => Box::new(GuiSide::<Uci, UciPosition>::new(ctx)),
            _ => Box::new(GuiSide::<Uci, ChessPosition>::new(ctx)),
        }
    }
}

impl<D: Dialect, G: Game + Send> GuiSide<D, G> {
    fn new(ctx: &Context) -> Self {
        GuiSide {
            protocol: ctx.protocol,
            time_scale: ctx.time_scale,
            handshake: if ctx.protocol == Protocol::Ucci {
                HandshakeOrder::new("ucci", Grade::Fail)
            } else {
                // UCI recommends `uci` first (uci-r15) rather than requiring it.
                HandshakeOrder::new("uci", Grade::Warn)
            },
            search: None,
            last_result_us: None,
            last_result_pondering: false,
            position_set: false,
            current: None,
            line: None,
            ponder: PonderWatch::default(),
            position_has_moves: false,
            offered: Vec::new(),
            analyse_mode: None,
            chess960: false,
            ready_confirmed: false,
            copy_protection_error: None,
            millisec: false,
            clocks: Clocks::default(),
            go_keys: BySide::default(),
            last_fullmove: None,
            newgame_unconfirmed: None,
            registration_owed: None,
            tally: Tally::new(ctx.protocol),
            last_ending: None,
            _dialect: PhantomData,
        }
    }

    fn is_ucci(&self) -> bool {
        self.protocol == Protocol::Ucci
    }

    fn judged(&mut self, check: CheckId) {
        self.tally.judged(check);
    }

    fn heard(&mut self, entry: &Entry) {
        match D::heard(&entry.text) {
            Heard::HandshakeOk => self.handshake.answered(),
            Heard::Option(declaration) => {
                // An unknown reserved name offered: whether the GUI leaves it alone is judged.
                if declaration
                    .name
                    .eq_ignore_ascii_case(INVENTED_RESERVED_OPTION)
                {
                    self.judged(CheckId::GuiSetoptionReserved);
                }
                self.offered
                    .retain(|o| !o.name.eq_ignore_ascii_case(&declaration.name));
                self.offered.push(declaration);
            }
            Heard::SearchResult { best } => {
                self.clocks.result(entry.at.us);
                self.ponder.result(best.as_deref());
                self.last_result_pondering = self.search.is_some_and(|s| s.pondering);
                self.search = None;
                self.last_result_us = Some(entry.at.us);
            }
            Heard::RegistrationError => self.registration_owed = Some(entry.at),
            Heard::CopyProtectionError => self.copy_protection_error = Some(entry.at),
            Heard::ReadyOk => self.ready_confirmed = true,
            Heard::Other => {}
        }
    }

    fn said(&mut self, entry: &Entry, out: &mut Findings) {
        self.handshake.line_sent();
        self.line_end(entry, out);
        let Some(said) = self.read(entry, out) else {
            return;
        };
        // `quit` may come at any time; UCI's `debug` too (uci-r28).
        let may_come_early = said == Said::Quit || (said == Said::Debug && !self.is_ucci());
        self.handshake.said(
            said == Said::Handshake,
            may_come_early,
            entry,
            &mut self.tally,
            out,
        );
        self.idle_only(&said, entry, out);
        self.thinking_only(&said, entry, out);
        self.command(said, entry, out);
    }

    /// What a line says, judged against the grammar (each spelling the text leaves open a
    /// warning of its row): `None` when it is no line of text or does not read, which is its
    /// one finding.
    fn read(&mut self, entry: &Entry, out: &mut Findings) -> Option<Said> {
        let at = entry.at;
        if let Some(why) = not_text(entry) {
            let row = if self.is_ucci() {
                crate::reqs!["ucci-r03"]
            } else {
                crate::reqs!["uci-r01"]
            };
            let message = format!("`{}` is not a line of text: {why}", entry.text);
            self.tally.fault(
                CheckId::GuiCommandGrammar,
                Grade::Fail,
                row,
                message,
                at,
                out,
            );
            return None;
        }
        match D::read(&entry.text) {
            Ok(read) => {
                for (fault, fails) in read.grammar {
                    let grade = if fails { Grade::Fail } else { Grade::Warn };
                    let message = format!("`{}`: {}", entry.text, fault.message);
                    self.tally.fault(
                        CheckId::GuiCommandGrammar,
                        grade,
                        &[fault.requirement],
                        message,
                        at,
                        out,
                    );
                }
                self.judged(CheckId::GuiCommandGrammar);
                Some(read.said)
            }
            Err(bad) => {
                let grade = if bad.known_command {
                    Grade::Fail
                } else {
                    Grade::Warn
                };
                let message = format!("`{}` does not read as a command: {}", entry.text, bad.error);
                self.tally.fault(
                    CheckId::GuiCommandGrammar,
                    grade,
                    &[bad.requirement],
                    message,
                    at,
                    out,
                );
                match bad.opens {
                    Opens::Search => self.unread_go(&entry.text),
                    // A position that does not read was still sent: the engine has one, which
                    // the checks cannot set up, so a search after it is no search without one.
                    Opens::Position => {
                        self.position_set = true;
                        self.current = None;
                    }
                    Opens::PonderHit | Opens::Nothing => {}
                }
                None
            }
        }
    }

    /// What a command that reads does to the session the GUI is leading: games, positions,
    /// searches, options.
    fn command(&mut self, said: Said, entry: &Entry, out: &mut Findings) {
        let at = entry.at;
        match said {
            Said::Handshake => {
                self.clocks.new_game();
                self.ponder.new_game();
            }
            Said::IsReady => self.newgame_unconfirmed = None,
            Said::BanMoves => self.banmoves(entry, out),
            Said::NewGame => {
                self.clocks.new_game();
                self.ponder.new_game();
                self.newgame_unconfirmed = Some(at);
            }
            Said::Register => self.registration_owed = None,
            Said::SetOption { name, value } => self.set_option(&name, value.as_deref(), at, out),
            Said::Position { fen, moves } => self.position(fen.as_deref(), &moves, entry, out),
            Said::Go {
                ponder,
                infinite,
                searchmoves,
                clock,
                form,
            } => {
                let playing = clock.is_some();
                self.charged(clock, ponder, entry, out);
                self.go_form(&form, ponder, entry, out);
                self.searchmoves(&searchmoves, entry, out);
                self.analyse_mode_fits(infinite && !ponder, playing, entry, out);
                self.ponder_hit_as_miss(ponder, entry, out);
                self.ponder.go(ponder, self.line.as_ref());
                self.go(ponder, entry, out);
            }
            Said::PonderHit => {
                self.clocks.ponderhit(at.us);
                self.ponder.ponderhit(at);
                if let Some(search) = &mut self.search {
                    search.pondering = false;
                }
            }
            Said::Stop => {
                self.ponder.stop();
                if let Some(search) = &mut self.search {
                    search.stopped = true;
                }
            }
            Said::Debug | Said::Probe | Said::Quit => {}
        }
    }

    /// A `go` that does not read still starts a search the engine may answer: the GUI's
    /// `stop` or `ponderhit` after it is not out of place.
    fn unread_go(&mut self, line: &str) {
        self.search = Some(Search {
            pondering: line.split_whitespace().skip(1).any(|w| w == "ponder"),
            stopped: false,
        });
    }

    /// UCI: a command ends with LF (uci-r06); UCCI: every command is one line (ucci-r05).
    /// Only a relayed GUI's lines carry their line end.
    fn line_end(&mut self, entry: &Entry, out: &mut Findings) {
        let uci = self.protocol == Protocol::Uci;
        let grade = if uci { Grade::Fail } else { Grade::Warn };
        let wrong = |ending| match ending {
            LineEnding::Lf | LineEnding::CrLf => None,
            LineEnding::Cr => uci.then_some((grade, "ends with a bare CR, not LF")),
            LineEnding::Eof => Some((
                grade,
                "ends with no line end (the GUI closed the pipe after it)",
            )),
        };
        if self.tally.line_end(entry, wrong, out) {
            self.last_ending = entry
                .ending
                .map(|ending| (entry.at, ending, entry.text.clone()));
        }
    }

    /// Commands that need an idle engine, while a search runs (after `stop`, until its
    /// result).
    fn idle_only(&mut self, said: &Said, entry: &Entry, out: &mut Findings) {
        let name = match said {
            Said::Position { .. } => "position",
            Said::Go { .. } => "go",
            Said::SetOption { .. } => "setoption",
            Said::BanMoves => "banmoves",
            Said::NewGame => "ucinewgame",
            Said::Quit if self.is_ucci() => "quit",
            _ => return,
        };
        self.judged(CheckId::GuiSearchIdleOnly);
        let Some(search) = self.search else {
            return;
        };
        let (grade, rows): (Grade, &[ReqId]) = match (self.protocol, said) {
            (Protocol::Ucci, Said::Quit) => (Grade::Fail, crate::reqs!["ucci-r116"]),
            (Protocol::Ucci, _) if search.stopped => (
                Grade::Fail,
                crate::reqs!["ucci-r95", "ucci-r94", "ucci-r129"],
            ),
            (Protocol::Ucci, _) => (Grade::Fail, crate::reqs!["ucci-r47"]),
            (_, Said::SetOption { .. }) => (Grade::Fail, crate::reqs!["uci-r39"]),
            (_, Said::NewGame) => (Grade::Warn, crate::reqs!["uci-r45"]),
            (_, Said::Position { .. }) => (Grade::Warn, crate::reqs!["uci-r49"]),
            _ => (Grade::Warn, crate::reqs!["uci-r53"]),
        };
        let state = if search.stopped {
            "after `stop` but before the search's result"
        } else {
            "while the engine was searching"
        };
        let message = format!(
            "`{name}` sent {state}: `{}`; it is for an idle engine",
            entry.text
        );
        self.tally.fault(
            CheckId::GuiSearchIdleOnly,
            grade,
            rows,
            message,
            entry.at,
            out,
        );
    }

    /// `stop` (UCCI) and `ponderhit` only during a search (`ponderhit`: a ponder search); one
    /// that crossed the result on the wire is forgiven, but a `ponderhit` only when the search
    /// that ended was pondering: after an ordinary search it has nothing to cross.
    fn thinking_only(&mut self, said: &Said, entry: &Entry, out: &mut Findings) {
        let (name, rows): (&str, &[ReqId]) = match said {
            Said::PonderHit if self.is_ucci() => ("ponderhit", crate::reqs!["ucci-r89"]),
            Said::PonderHit => ("ponderhit", crate::reqs!["uci-r77"]),
            Said::Stop if self.is_ucci() => ("stop", crate::reqs!["ucci-r93"]),
            _ => return,
        };
        self.judged(CheckId::GuiSearchThinkingOnly);
        let fits = match self.search {
            Some(search) => name != "ponderhit" || search.pondering,
            None => false,
        };
        let could_cross = name != "ponderhit" || self.last_result_pondering;
        let crossed = self.search.is_none()
            && could_cross
            && self.last_result_us.is_some_and(|r| {
                (entry.at.us - r.min(entry.at.us)) as f64 <= CROSSING_MS * 1000.0 * self.time_scale
            });
        if fits || crossed {
            return;
        }
        let state = match self.search {
            Some(_) => "during a search that is not pondering",
            None if name == "ponderhit" && self.last_result_us.is_some() && !could_cross => {
                "after an ordinary search had ended: no `go ponder` was waiting for it"
            }
            None => "while no search runs",
        };
        let message = format!("`{}` sent {state}", entry.text);
        self.tally.fault(
            CheckId::GuiSearchThinkingOnly,
            Grade::Fail,
            rows,
            message,
            entry.at,
            out,
        );
    }

    fn position(&mut self, fen: Option<&str>, moves: &[String], entry: &Entry, out: &mut Findings) {
        self.position_set = true;
        self.position_has_moves = !moves.is_empty();
        self.judged(CheckId::GuiPositionLegal);
        let previous = self.current.take();
        let previous_line = self.line.take();
        if self.chess960 && fen.is_some_and(has_castling_rights) {
            // Chess960's castling (rights on any rook, the king taking its rook) reads
            // otherwise than standard chess's: the position is not known, and not judged.
            return;
        }
        self.current = set_up::<G, _>(fen, moves);
        self.line = self
            .current
            .is_some()
            .then(|| Line::of::<G>(fen, moves))
            .flatten();
        self.ponder_hit_true(entry, out);
        // A position earlier in a game than the last one starts another game for the clocks
        // (UCCI has no `ucinewgame`, and its positions restart at each capture).
        let fullmove = self
            .current
            .as_ref()
            .and_then(|p| fullmove_number(&p.fen()));
        if fullmove.is_none() || fullmove < self.last_fullmove {
            self.clocks.new_game();
        }
        self.last_fullmove = fullmove;
        if self.current.is_some() {
            if self.is_ucci() {
                self.red_moves_first(fen, entry, out);
                self.last_capture(fen, moves, entry, out);
                self.set_up_too_late(fen, previous, previous_line, entry, out);
            }
            return;
        }
        let (why, rows) = match fen.map(G::from_fen) {
            Some(Err(e)) => (
                format!("the FEN does not set up a {} position: {e}", G::NAME),
                fen_rows(self.protocol),
            ),
            _ => first_illegal::<G>(self.protocol, fen, moves),
        };
        let message = format!("`{}`: {why}", entry.text);
        self.tally.fault(
            CheckId::GuiPositionLegal,
            Grade::Fail,
            rows,
            message,
            entry.at,
            out,
        );
    }

    fn set_option(&mut self, name: &str, value: Option<&str>, at: At, out: &mut Findings) {
        let on = value.is_some_and(|v| v.trim().eq_ignore_ascii_case("true"));
        if name.eq_ignore_ascii_case("UCI_AnalyseMode") {
            self.analyse_mode = value.map(|_| on);
        }
        if name.eq_ignore_ascii_case("UCI_Chess960") {
            self.chess960 = on;
        }
        if self.is_ucci() && name.eq_ignore_ascii_case("usemillisec") {
            self.millisec = on;
        }
        if !self.handshake.is_answered() {
            return;
        }
        self.judged(CheckId::GuiSetoptionOffered);
        let Some(declaration) = self
            .offered
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .cloned()
        else {
            let message = format!("`setoption` names `{name}`, an option the engine did not offer");
            self.tally.fault(
                CheckId::GuiSetoptionOffered,
                Grade::Warn,
                &[],
                message,
                at,
                out,
            );
            return;
        };
        if declaration
            .name
            .eq_ignore_ascii_case(INVENTED_RESERVED_OPTION)
        {
            let message = format!(
                "`setoption` of `{}`, a name under the reserved `UCI_` prefix that the text does not define and no GUI can know (Arbiter made it up): a GUI ignores an unknown `UCI_` option",
                declaration.name
            );
            self.tally.fault(
                CheckId::GuiSetoptionReserved,
                Grade::Fail,
                &[],
                message,
                at,
                out,
            );
        }
        self.judged(CheckId::GuiSetoptionValue);
        if let Some(fault) = judge_value(self.protocol, &declaration, value) {
            let message = format!("`setoption` of `{}`: {}", declaration.name, fault.why);
            self.tally.fault(
                CheckId::GuiSetoptionValue,
                fault.grade,
                &fault.rows,
                message,
                at,
                out,
            );
        }
    }
}

/// The full-move number, the last field of a FEN.
fn fullmove_number(fen: &str) -> Option<u32> {
    fen.split_whitespace().nth(5)?.parse().ok()
}

/// Why a line the GUI sent is not text: control characters (other than tab), or bytes that
/// are not UTF-8.
fn not_text(entry: &Entry) -> Option<&'static str> {
    if entry.text.chars().any(|c| c.is_control() && c != '\t') {
        Some("it holds control characters")
    } else if entry.non_utf8 {
        Some("it is not UTF-8")
    } else {
        None
    }
}

/// Why a move list does not play out from its start: the first move the oracle refuses, and
/// the rows it breaks when it is a move spelt as another notation spells it (all the check's
/// rows otherwise).
fn first_illegal<G: Game>(
    protocol: Protocol,
    fen: Option<&str>,
    moves: &[String],
) -> (String, &'static [ReqId]) {
    let mut position = match fen {
        None => G::start_position(),
        Some(fen) => match G::from_fen(fen) {
            Ok(p) => p,
            Err(e) => return (format!("the FEN does not read: {e}"), fen_rows(protocol)),
        },
    };
    for (ply, mv) in moves.iter().enumerate() {
        if let Err(e) = position.play_text(mv) {
            let refusal = refused(protocol, &position, mv, &e.to_string());
            let how = if refusal.misspelt {
                "is not written as the notation writes it"
            } else {
                "is not legal there"
            };
            let message = format!("move {} `{mv}` {how}: {}", ply + 1, refusal.why);
            return (message, refusal.rows);
        }
    }
    ("the position does not set up".to_owned(), &[])
}

/// The rows a FEN that does not set up a position breaks: the FEN's own form in UCCI (ucci-r06,
/// r07, r08), the `position` command's in UCI, whose text gives FEN no rows of its own
/// (uci-r49); not the rows of the moves' spelling or of `searchmoves`.
fn fen_rows(protocol: Protocol) -> &'static [ReqId] {
    if protocol == Protocol::Ucci {
        crate::reqs!["ucci-r06", "ucci-r07", "ucci-r08"]
    } else {
        crate::reqs!["uci-r49"]
    }
}

/// A FEN's castling field names a right (Chess960's Shredder-FEN `GBgb`, X-FEN's `KQkq`): not
/// `-`, and not missing.
fn has_castling_rights(fen: &str) -> bool {
    fen.split_whitespace()
        .nth(2)
        .is_some_and(|field| field != "-")
}

/// Why the oracle refused a move the GUI sent.
pub(super) struct Refusal {
    pub why: String,
    /// The rows of a misspelling; empty for a move that is merely illegal.
    pub rows: &'static [ReqId],
    /// The move is a legal one written as another notation writes it.
    pub misspelt: bool,
}

/// Why the oracle refused a move the GUI sent, with the rows of a misspelling: castling as
/// the king taking its rook (uci-r19), xiangqi ranks numbered as the other notation numbers
/// them, UCI's null move where a move of the game belongs.
pub(super) fn refused<G: Game>(protocol: Protocol, position: &G, mv: &str, error: &str) -> Refusal {
    let ucci = protocol == Protocol::Ucci;
    let (why, rows, misspelt) = match position.misspelling(mv) {
        // The oracle's refusal names the king's move: "e1h1 is castling written as the king
        // taking its rook; castling is written as the king's move e1g1".
        Some(Misspelling::CastlingAsKingTakesRook { .. }) => {
            (format!("{error} (uci-r19)"), crate::reqs!["uci-r19"], true)
        }
        // Not certainly a misspelling: the move as written is illegal, and only looks like
        // the legal one one rank off.
        // The text's worked reading (ucci-r19) counts `b0c2` from rank 0: a GUI numbering
        // ranks from 1 breaks it as well as the origin (ucci-r18).
        Some(m @ Misspelling::RanksNumberedFrom { .. }) if ucci => (
            format!("{error}; {m} (ucci-r18, ucci-r19)"),
            crate::reqs!["ucci-r18", "ucci-r19"],
            false,
        ),
        Some(m @ Misspelling::RanksNumberedFrom { .. }) => (
            format!("{error}; {m} (uci-r18)"),
            crate::reqs!["uci-r18"],
            false,
        ),
        None if mv == "0000" && !ucci => (
            "`0000` is the null move an engine writes when it has no move (uci-r21); a GUI's moves are moves of the game, from-square then to-square (uci-r18)"
                .to_owned(),
            crate::reqs!["uci-r18"],
            true,
        ),
        None => (error.to_owned(), &[][..], false),
    };
    Refusal {
        why,
        rows,
        misspelt,
    }
}

impl<D: Dialect, G: Game + Send> GuiReader for GuiSide<D, G> {
    fn entry(&mut self, entry: &Entry, out: &mut Findings) {
        match entry.direction {
            Direction::Sent => self.said(entry, out),
            Direction::Received => self.heard(entry),
            Direction::Stderr | Direction::Omitted => {}
        }
    }

    fn finish(self: Box<Self>, _end: &Transcript, out: &mut Findings) {
        let mut this = *self;
        if let Some(at) = this.registration_owed.take() {
            let message =
                "the engine said `registration error` and the GUI never sent `register`".to_owned();
            this.tally.fault(
                CheckId::GuiRegisterAnswer,
                Grade::Fail,
                &[],
                message,
                at,
                out,
            );
        }
        this.tally.finish(out);
    }
}

mod charged;
mod line;
mod options;
mod ponder;
mod search;

#[cfg(test)]
mod tests;
