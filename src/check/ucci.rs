//! UCCI: the exchange rules, and legality of every move against the xiangqi oracle.

use super::exchange::{Exchange, ExchangeReader};
use super::family::FamilyGame;
use super::findings::{Findings, outcome};
use super::flow::{Flow, Got, Rules, Sent};
use super::id::CheckId;
use super::legality::{self, MoveRules, Searched, texts};
use super::offer::OfferRules;
use super::{Context, Grade, Outcome, Reader, lines, spelling};
use crate::protocol::spelling::respell;
use crate::protocol::ucci::{Command, GoLimit, Info, Message, parse_message};
use crate::protocol::{self, ParseError, Protocol, ReqId};
use crate::rules::Game;
use crate::rules::xiangqi::{Move, Position};
use crate::session::At;

static RULES: Rules = Rules {
    // The texts give `isready` no state (A18): an engine that stays silent mid-search is
    // not shown to break a rule, so a missing reply there is a warning.
    readyok_while_thinking: Grade::Warn,
    ponder_owes_result: true,
    // UCCI lets an infinite search end by itself once it finds a mate (ucci-r65).
    infinite_early: Grade::Warn,
    bye: true,
    handshake_first: true,
};

const MOVES: MoveRules = MoveRules {
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
    depth_zero: bool,
    /// The pv of the search's last `info … pv` line, to compare with its `bestmove`.
    last_pv: Vec<String>,
}

impl Exchange for Ucci {
    type Codec = protocol::ucci::Ucci;

    fn sent(&mut self, command: Command) -> Option<Sent> {
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
            Command::Go { ponder, limit, .. } => {
                self.depth_zero = limit == GoLimit::Depth(0);
                self.last_pv.clear();
                self.game.search_started::<Move>(self.banned.clone(), &[]);
                Some(Sent::Go {
                    ponder,
                    infinite: matches!(limit, GoLimit::Infinite | GoLimit::DepthInfinite),
                })
            }
            Command::PonderHit { .. } => Some(Sent::PonderHit),
            Command::Stop => Some(Sent::Stop),
            Command::Quit => Some(Sent::Quit),
            Command::SetOption { .. } | Command::Probe { .. } => None,
        }
    }

    fn received(&mut self, message: Message, text: &str, at: At, out: &mut Findings) -> Got {
        match message {
            Message::Id { .. } => self.game.id(at),
            Message::Option(o) => self.game.option(o, at),
            Message::UcciOk => self.game.handshake_ok(&OFFER, out),
            Message::ReadyOk => Got::ReadyOk,
            Message::Bye => Got::Bye,
            Message::BestMove { mv, ponder, .. } => {
                let (mv, ponder) = (mv.to_string(), ponder.map(|p| p.to_string()));
                if let Some(s) = self.game.searched() {
                    out.extend(legality::bestmove(&MOVES, s, &mv, ponder.as_deref(), at));
                }
                out.extend(follows_pv(&self.last_pv, &mv, ponder.as_deref(), at));
                Got::SearchResult
            }
            Message::NoBestMove => {
                if let Some(s) = self.game.searched() {
                    out.push(nobestmove(s, self.depth_zero, at));
                }
                Got::SearchResult
            }
            Message::Info(info) => {
                let info = respelt_info(info, text, at, out);
                // `info` is what engines "usually" send (ucci-r79) and GUIs skip what they
                // cannot read (A8): an unreadable field is a warning.
                lines::info_faults(Protocol::Ucci, &info.faults, |_| Grade::Warn, at, out);
                let pv = texts(&info.pv);
                self.game
                    .info_moves(&MOVES, &pv, info.currmove.as_ref(), at, out);
                if !pv.is_empty() {
                    self.last_pv = pv;
                }
                Got::Other
            }
            Message::PopHash { .. } => Got::Other,
        }
    }

    fn unreadable(&self, line: &str, error: &ParseError, at: At) -> Outcome {
        // Moves in upper case (`bestmove H2E2`): every example writes ICCS in lower case but
        // the text does not say so, and a GUI reads them (A13). The move read is still judged.
        if let Some(respelling) = respell(Protocol::Ucci, line)
            && let Ok(message) = parse_message(&respelling.line)
        {
            let warning = spelling::departures(Protocol::Ucci, line, &respelling, at)
                .into_iter()
                .next();
            let judged = match (&message, self.game.searched()) {
                (Message::BestMove { mv, ponder, .. }, Some(s)) => legality::bestmove(
                    &MOVES,
                    s,
                    &mv.to_string(),
                    ponder.map(|p| p.to_string()).as_deref(),
                    at,
                ),
                _ => Vec::new(),
            };
            if let Some(failed) = judged.into_iter().find(|o| o.grade == Grade::Fail) {
                return failed;
            }
            if let Some(warning) = warning {
                return warning;
            }
        }
        // A move token that is no ICCS move: `a10a9` (ranks numbered 1-10, as UCI xiangqi
        // engines do), `0000` (UCCI has no null move; a search without one ends with
        // `nobestmove`).
        if let Some(o) = spelling::not_a_move(
            Protocol::Ucci,
            line,
            error,
            self.game.searched().map(|s| &s.position),
            ReqId::new("ucci-r17"),
            at,
        ) {
            return o;
        }
        // A malformed `bestmove` (e.g. UCI's `bestmove (none)`) is one finding, on its line,
        // and still ends its search (`unreadable_event`).
        lines::unreadable(Protocol::Ucci, line, error, at)
    }

    fn finish(self, out: &mut Findings) {
        self.game.finish(&MOVES, out);
    }
}

pub(super) fn reader(ctx: &Context) -> Box<dyn Reader> {
    Box::new(ExchangeReader {
        exchange: Ucci::default(),
        flow: Flow::new(&RULES, ctx),
    })
}

/// An `info` line with fields that did not read, read again in the text's spelling when
/// that is all they lacked (`pv H2E2`, `score +4`): its warnings, and the line as meant.
fn respelt_info(info: Info, text: &str, at: At, out: &mut Findings) -> Info {
    if info.faults.is_empty() {
        return info;
    }
    let Some(respelling) = respell(Protocol::Ucci, text) else {
        return info;
    };
    match parse_message(&respelling.line) {
        Ok(Message::Info(respelt)) if respelt.faults.len() < info.faults.len() => {
            out.extend(spelling::departures(Protocol::Ucci, text, &respelling, at));
            respelt
        }
        _ => info,
    }
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

/// `nobestmove` is the answer when there is no move to give (ucci-r110, ucci-r111), or to
/// `go depth 0` (ucci-r66). With legal moves left it is suspicious but not forbidden.
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
    } else {
        (
            Grade::Warn,
            format!(
                "`nobestmove` although {playable} moves are playable (fine only for `go depth 0`)"
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
    use crate::protocol::Protocol;

    fn findings(lines: &[&str]) -> Vec<Outcome> {
        crate::check::findings_in(Protocol::Ucci, lines)
    }

    fn search(replies: &[&str]) -> Vec<Outcome> {
        let mut lines = vec!["> position startpos", "> go depth 3"];
        lines.extend_from_slice(replies);
        findings(&lines)
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
        assert_eq!(off[0].check, "ucci.bestmove.follows-pv");
        assert_eq!(off[0].grade, Grade::Warn);
        let ponder = search(&["< info depth 2 pv h2e2 h9g7", "< bestmove h2e2 ponder b9c7"]);
        assert_eq!(ponder[0].requirements[0].to_string(), "ucci-r101");
        assert!(ponder[0].message.contains("second move"));
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
            (found[0].check.to_string().as_str(), found[0].grade),
            ("ucci.currmove.legal", Grade::Warn)
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
            .map(|o| (o.check.to_string(), o.grade))
            .collect();
        assert_eq!(
            checks,
            [
                ("ucci.option.default-in-range".to_owned(), Grade::Warn),
                ("ucci.option.default-in-range".to_owned(), Grade::Warn),
                ("ucci.handshake.id-first".to_owned(), Grade::Warn),
            ]
        );
    }

    /// Entries at given times (ms), for timing rules.
    fn timed(lines: &[(u64, &str)]) -> Vec<Outcome> {
        crate::check::findings_timed(Protocol::Ucci, lines)
    }

    #[test]
    fn an_engine_that_ignores_stop_fails_even_when_quit_comes_later() {
        let ignored = timed(&[
            (0, "> position startpos"),
            (1, "> go infinite"),
            (300, "> stop"),
            (1800, "> quit"),
            (1801, "< bye"),
        ]);
        assert_eq!(ignored.len(), 1, "{ignored:#?}");
        assert_eq!(ignored[0].check, "ucci.stop.result");
        assert_eq!(ignored[0].grade, Grade::Fail);
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
            (late[0].check.to_string().as_str(), late[0].grade),
            ("ucci.stop.result", Grade::Warn)
        );
    }
}
