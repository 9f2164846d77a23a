//! UCI: the exchange rules, and legality of every move against shakmaty.

use super::flow::{self, Exchange, Got, Rules, Sent};
use super::legality::{self, MoveRules, PvTally, Searched, set_up, texts};
use super::{Context, Grade, Outcome, lines};
use crate::protocol::ParseError;
use crate::protocol::uci::{Command, Message, PositionStart, parse_command, parse_message};
use crate::rules::Game;
use crate::rules::chess::ChessPosition;
use shakmaty::uci::UciMove;

const RULES: Rules = Rules {
    prefix: "uci",
    handshake_ok: "uciok",
    handshake_reqs: &["uci-r16", "uci-r23", "uci-r84"],
    readyok_reqs: &["uci-r31", "uci-r32"],
    // "even while thinking … immediately, without stopping its analysis" (uci-r32).
    readyok_while_thinking: Grade::Fail,
    result_reqs: &["uci-r89", "uci-r90"],
    ponder: Some((&["uci-r61"], Grade::Fail)),
    // "search until the stop command" (uci-r73), also when a mate is seen.
    infinite: (&["uci-r73"], Grade::Fail),
    stop_reqs: &["uci-r74", "uci-r75"],
    bye: None,
    exit_reqs: &["uci-r79"],
};

const MOVES: MoveRules = MoveRules {
    prefix: "uci",
    bestmove: &["uci-r86"],
    restricted: &["uci-r56"],
    restricted_name: "in-searchmoves",
    ponder: (&["uci-r87"], Grade::Warn),
    pv: (&["uci-r86"], Grade::Warn),
};

const LINE_REQS: &[&str] = &["uci-r80"];

fn build(start: &PositionStart, moves: &[UciMove]) -> Option<ChessPosition> {
    let fen = match start {
        PositionStart::Startpos => None,
        PositionStart::Fen(fen) => Some(fen.as_str()),
    };
    set_up(fen, moves)
}

/// The harness's view of the game, rebuilt from the commands it sent.
#[derive(Default)]
struct Uci {
    current: Option<ChessPosition>,
    searched: Option<Searched<ChessPosition>>,
    pv: PvTally,
}

impl Exchange for Uci {
    type Command = Command;
    type Message = Message;

    fn parse_command(line: &str) -> Result<Command, ParseError> {
        parse_command(line)
    }

    fn parse_message(line: &str) -> Result<Message, ParseError> {
        parse_message(line)
    }

    fn sent(&mut self, command: Command) -> Option<Sent> {
        match command {
            Command::Uci => Some(Sent::Handshake),
            Command::IsReady => Some(Sent::IsReady),
            Command::Position { start, moves } => {
                self.current = build(&start, &moves);
                None
            }
            Command::Go(go) => {
                self.searched = self.current.clone().map(|position| Searched {
                    position,
                    banned: Vec::new(),
                    allowed: texts(&go.searchmoves),
                });
                Some(Sent::Go {
                    ponder: go.ponder,
                    infinite: go.infinite,
                })
            }
            Command::PonderHit => Some(Sent::PonderHit),
            Command::Stop => Some(Sent::Stop),
            Command::Quit => Some(Sent::Quit),
            _ => None,
        }
    }

    fn received(&mut self, message: Message, at_us: u64, out: &mut Vec<Outcome>) -> Got {
        match message {
            Message::Id { .. } | Message::Option(_) => Got::BootLine,
            Message::UciOk => Got::HandshakeOk,
            Message::ReadyOk => Got::ReadyOk,
            Message::BestMove { mv, ponder } => {
                if let Some(s) = &self.searched {
                    out.extend(bestmove(s, &mv, ponder.as_ref(), at_us));
                }
                Got::SearchResult
            }
            Message::Info(info) => {
                if let (Some(s), false) = (&self.searched, info.pv.is_empty()) {
                    self.pv
                        .judge(&MOVES, &s.position, &texts(&info.pv), at_us, out);
                }
                Got::Other
            }
            Message::CopyProtection(_) | Message::Registration(_) => Got::Other,
        }
    }

    fn unreadable(&self, line: &str, error: &ParseError, at_us: u64) -> Outcome {
        let mut o = lines::unreadable("uci", LINE_REQS, line, error, at_us);
        if flow::is_bestmove(line) {
            // `bestmove (none)`, a bare `bestmove`, or an upper-case promotion letter: GUIs
            // read them, and the text's notes grade them as warnings (uci remarks 3 and 33).
            o.grade = o.grade.min(Grade::Warn);
            o.requirements = vec!["uci-r21".into(), "uci-r86".into()];
        }
        o
    }

    fn unreadable_event(&self, line: &str) -> Got {
        if flow::is_bestmove(line) {
            Got::SearchResult
        } else {
            Got::Other
        }
    }
}

pub(super) fn judge(ctx: &Context, out: &mut Vec<Outcome>) {
    let mut uci = Uci::default();
    let events = flow::read(&mut uci, ctx, out);
    uci.pv.finish(&MOVES, out);
    flow::judge(&RULES, &events, ctx, out);
}

/// `0000` is the null move (uci-r21): the only answer when there is no legal move.
fn bestmove(
    s: &Searched<ChessPosition>,
    mv: &UciMove,
    ponder: Option<&UciMove>,
    at_us: u64,
) -> Vec<Outcome> {
    if *mv == UciMove::Null {
        let legal = s.position.legal_moves().len();
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
        return vec![
            Outcome::new(
                "uci.bestmove.legal",
                &["uci-r21", "uci-r86"],
                grade,
                message,
            )
            .at(at_us),
        ];
    }
    legality::bestmove(
        &MOVES,
        s,
        &mv.to_string(),
        ponder.map(ToString::to_string).as_deref(),
        at_us,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Protocol;

    fn findings(lines: &[&str]) -> Vec<Outcome> {
        crate::check::findings_in(Protocol::Uci, lines)
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
        assert_eq!(found[0].requirements, ["uci-r21", "uci-r86"]);
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
        assert_eq!(early[0].check, "uci.infinite.no-result-before-stop");
    }
}
