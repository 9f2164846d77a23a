//! What the referee writes to each engine: the game so far as a `position` command in the
//! engine's own protocol and notation, and the `go` with its time and search limits.

use super::super::clock::Clock;
use super::super::{MatchGame, TimeControl};
use super::seat::Seat;
use crate::protocol::Protocol;
use crate::protocol::spelling::canonical_move;
use crate::rules::Game;
use crate::rules::xiangqi::{Move, UciText, parse_uci_move};

/// A game as a start (a FEN, or the standard start) and the moves from it, in the referee's
/// notation (ICCS for xiangqi, UCI for chess).
#[derive(Debug, Clone, Default)]
pub(super) struct Line {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// The game so far twice over: from its start, for UCI; and from the position after the last
/// capture with the moves since, as UCCI asks ("一部分是上一次吃子(或开局)后的局面,另一部分是
/// 上一次吃子后的招法列表": repetitions are judged within it, and it stays short).
#[derive(Debug, Clone, Default)]
pub(super) struct Lines {
    pub full: Line,
    pub since_capture: Line,
}

impl Lines {
    pub fn new(fen: Option<String>) -> Lines {
        let line = Line {
            fen,
            moves: Vec::new(),
        };
        Lines {
            full: line.clone(),
            since_capture: line,
        }
    }

    /// Adds a move and the position it led to.
    pub fn push<G: Game>(&mut self, mv: &str, after: &G) {
        self.full.moves.push(mv.to_owned());
        // A halfmove clock back at zero marks the capture (in xiangqi only a capture resets
        // it; chess, whose pawn moves reset it too, is never played over UCCI).
        let fen = after.fen();
        if fen.split_whitespace().nth(4) == Some("0") {
            self.since_capture = Line {
                fen: Some(fen),
                moves: Vec::new(),
            };
        } else {
            self.since_capture.moves.push(mv.to_owned());
        }
    }
}

/// A move of the referee's notation in the engine's: a UCI engine playing xiangqi numbers
/// ranks 1–10 (ICCS `h2e2` is `h3e3`).
pub(super) fn to_engine(game: MatchGame, protocol: Protocol, mv: &str) -> String {
    match (game, protocol) {
        (MatchGame::Xiangqi, Protocol::Uci) => Move::parse_iccs(mv)
            .map(|m| UciText(m).to_string())
            .unwrap_or_else(|_| mv.to_owned()),
        _ => mv.to_owned(),
    }
}

/// An engine's move in the referee's notation; the text as it is when it does not read (the
/// oracle then refuses it and names it as written). A move in upper case is read as a GUI
/// reads it, since the texts leave letter case open (the protocol checks warn about it), and
/// is passed on to the opponent in lower case.
pub(super) fn from_engine(game: MatchGame, protocol: Protocol, mv: &str) -> String {
    let mv = canonical_move(protocol, mv);
    match (game, protocol) {
        (MatchGame::Xiangqi, Protocol::Uci) => {
            parse_uci_move(&mv).map(|m| m.to_string()).unwrap_or(mv)
        }
        _ => mv,
    }
}

/// The `position` command for an engine of `protocol`.
pub(super) fn position_command(game: MatchGame, protocol: Protocol, lines: &Lines) -> String {
    let line = match protocol {
        Protocol::Ucci => &lines.since_capture,
        _ => &lines.full,
    };
    let mut command = match &line.fen {
        None => "position startpos".to_owned(),
        Some(fen) => format!("position fen {fen}"),
    };
    if !line.moves.is_empty() {
        command.push_str(" moves");
        for mv in &line.moves {
            command.push(' ');
            command.push_str(&to_engine(game, protocol, mv));
        }
    }
    command
}

/// UCCI's `banmoves` line for the moves `banned` (in ICCS, as the referee and UCCI write
/// them), or none when no move is banned: the league's simulator sends none then.
pub(super) fn banmoves_command(banned: &[String]) -> Option<String> {
    (!banned.is_empty()).then(|| format!("banmoves {}", banned.join(" ")))
}

/// The `go` for the seat `mover` of `seats`: its time per move, or both clocks as Arbiter
/// keeps them, with the search limits; `draw` passes the opponent's draw offer on (UCCI).
///
/// UCI takes the limits beside the time (`go movetime 100 depth 8 nodes 5000`, as
/// cutechess-cli writes them). UCCI's `go` has one thinking mode — `depth`, `nodes` or
/// `time` — so a limit replaces the time there (depth before nodes when both are set); the
/// referee's clock still bounds the move either way.
pub(super) fn go_command(seats: &[Seat; 2], mover: usize, draw: bool) -> String {
    let seat = &seats[mover];
    let limits = seat.limits;
    if seat.protocol == Protocol::Ucci {
        let mode = match (limits.depth, limits.nodes) {
            (Some(depth), _) => format!("depth {depth}"),
            (None, Some(nodes)) => format!("nodes {nodes}"),
            (None, None) => ucci_time(seat, seat.control),
        };
        let draw = if draw { "draw " } else { "" };
        return format!("go {draw}{mode}");
    }
    let ms = |clock: &Clock| clock.remaining_ms.max(1.0).round() as u64;
    let mut go = match seat.control {
        TimeControl::PerMove(d) => format!("go movetime {}", d.as_millis()),
        TimeControl::Clock { increment, .. } => {
            let inc = increment.as_millis();
            let mut go = format!(
                "go wtime {} btime {} winc {inc} binc {inc}",
                ms(&seats[0].clock),
                ms(&seats[1].clock)
            );
            if let Some(m) = seat.clock.moves_to_go(seat.control) {
                go.push_str(&format!(" movestogo {m}"));
            }
            go
        }
    };
    if let Some(depth) = limits.depth {
        go.push_str(&format!(" depth {depth}"));
    }
    if let Some(nodes) = limits.nodes {
        go.push_str(&format!(" nodes {nodes}"));
    }
    go
}

/// UCCI's time mode: a time per move as the whole time for one move to go, or the engine's
/// own clock (UCCI gives no opponent's clock unless asked: `movestogo` and `increment` are
/// alternatives).
fn ucci_time(seat: &Seat, control: TimeControl) -> String {
    let remaining = seat.clock.remaining_ms.max(1.0).round() as u64;
    match control {
        TimeControl::PerMove(d) => {
            format!("time {} movestogo 1", scaled(seat, d.as_millis() as u64))
        }
        TimeControl::Clock { increment, .. } => {
            let rest = match seat.clock.moves_to_go(control) {
                Some(m) => format!("movestogo {m}"),
                None => format!("increment {}", scaled(seat, increment.as_millis() as u64)),
            };
            format!("time {} {rest}", scaled(seat, remaining))
        }
    }
}

/// A UCCI time in the engine's unit: milliseconds with `usemillisec`, else whole seconds.
fn scaled(seat: &Seat, ms: u64) -> u64 {
    if seat.millisec {
        ms
    } else {
        ms.div_ceil(1000).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::xiangqi::Position;

    #[test]
    fn ucci_gets_the_game_since_the_last_capture_and_uci_all_of_it() {
        let mut position = Position::startpos();
        let mut lines = Lines::new(None);
        // The cannon takes the knight on h9 at the third move.
        for mv in ["h2e2", "h9g7", "b2b9", "a9a8"] {
            position.play_text(mv).unwrap();
            lines.push(mv, &position);
        }
        let game = MatchGame::Xiangqi;
        assert_eq!(
            position_command(game, Protocol::Uci, &lines),
            "position startpos moves h3e3 h10g8 b3b10 a10a9"
        );
        let ucci = position_command(game, Protocol::Ucci, &lines);
        assert!(
            ucci.starts_with("position fen r") && ucci.ends_with(" b - - 0 2 moves a9a8"),
            "{ucci}"
        );
        assert_eq!(
            position_command(game, Protocol::Ucci, &Lines::new(None)),
            "position startpos"
        );
    }

    #[test]
    fn banmoves_lists_the_banned_moves_and_is_left_out_without_one() {
        assert_eq!(
            banmoves_command(&["a8a9".to_owned(), "h2e2".to_owned()]).as_deref(),
            Some("banmoves a8a9 h2e2")
        );
        assert_eq!(banmoves_command(&[]), None);
    }

    #[test]
    fn moves_convert_between_the_notations() {
        let game = MatchGame::Xiangqi;
        assert_eq!(to_engine(game, Protocol::Uci, "a9a8"), "a10a9");
        assert_eq!(from_engine(game, Protocol::Uci, "a10a9"), "a9a8");
        assert_eq!(from_engine(game, Protocol::Ucci, "h2e2"), "h2e2");
        // What does not read stays as written, for the illegal-move message.
        assert_eq!(from_engine(game, Protocol::Uci, "0000"), "0000");
        assert_eq!(from_engine(MatchGame::Chess, Protocol::Uci, "e2e4"), "e2e4");
        // Letter case is left open by the texts: read as a GUI reads it, passed on in lower
        // case (the protocol checks warn about it).
        assert_eq!(from_engine(MatchGame::Chess, Protocol::Uci, "E2E4"), "e2e4");
        assert_eq!(
            from_engine(MatchGame::Chess, Protocol::Uci, "e7e8Q"),
            "e7e8q"
        );
        assert_eq!(from_engine(game, Protocol::Ucci, "H2E2"), "h2e2");
        assert_eq!(from_engine(game, Protocol::Uci, "H3E3"), "h2e2");
        // Castling as the king taking its rook is no spelling left open: the oracle refuses
        // it as written.
        assert_eq!(from_engine(MatchGame::Chess, Protocol::Uci, "e1h1"), "e1h1");
    }
}
