//! The GUI's searches: a position first (UCCI `banmoves` too), a `go` of one form, moves it
//! names legal, `UCI_AnalyseMode` as the search's purpose, `isready` before searching, and
//! positions that start at the last capture (UCCI).

use super::line::{Line, key, piece_count};
use super::{GuiSide, Search};
use crate::check::findings::Findings;
use crate::check::gui::said::{Dialect, FormFault};
use crate::check::id::CheckId;
use crate::check::outcome::Grade;
use crate::protocol::{Protocol, ReqId};
use crate::rules::Game;
use crate::session::Entry;

impl<D: Dialect, G: Game + Send> GuiSide<D, G> {
    pub(super) fn go(&mut self, ponder: bool, entry: &Entry, out: &mut Findings) {
        let rows = if self.is_ucci() {
            crate::reqs!["ucci-r61"]
        } else {
            crate::reqs!["uci-r13"]
        };
        self.position_first(rows, "the engine has no position to search", entry, out);
        if self.protocol == Protocol::Uci {
            self.uci_duties_before_search(entry, out);
        }
        self.search = Some(Search {
            pondering: ponder,
            stopped: false,
        });
    }

    /// UCI: `isready` answered before the first search and after `ucinewgame`; a `register`
    /// owed after `registration error`; no search after `copyprotection error`.
    fn uci_duties_before_search(&mut self, entry: &Entry, out: &mut Findings) {
        self.judged(CheckId::GuiIsreadyBeforeSearch);
        if let Some(at) = self.newgame_unconfirmed.take() {
            let message = "`ucinewgame` was followed by a search with no `isready` between; the GUI should wait for `readyok` after it".to_owned();
            let rows = crate::reqs!["uci-r48"];
            self.tally.fault(
                CheckId::GuiIsreadyBeforeSearch,
                Grade::Warn,
                rows,
                message,
                at,
                out,
            );
        } else if !self.ready_confirmed {
            let message = format!(
                "`{}` is the first search and no `isready` was answered before it; the GUI sends `isready` to wait until the engine has finished initialising",
                entry.text
            );
            let rows = crate::reqs!["uci-r196"];
            self.tally.fault(
                CheckId::GuiIsreadyBeforeSearch,
                Grade::Warn,
                rows,
                message,
                entry.at,
                out,
            );
        }
        self.ready_confirmed = true;
        self.judged(CheckId::GuiRegisterAnswer);
        if let Some(at) = self.registration_owed.take() {
            let message = "the engine said `registration error` and the GUI started a search without a `register`".to_owned();
            self.tally.fault(
                CheckId::GuiRegisterAnswer,
                Grade::Fail,
                &[],
                message,
                at,
                out,
            );
        }
        if self.copy_protection_error.is_some() {
            self.judged(CheckId::GuiCopyprotectionRespected);
            let message = format!(
                "`{}`: the engine said `copyprotection error`, and the GUI should not use it",
                entry.text
            );
            self.tally.fault(
                CheckId::GuiCopyprotectionRespected,
                Grade::Warn,
                &[],
                message,
                entry.at,
                out,
            );
        }
    }

    pub(super) fn go_form(
        &mut self,
        form: &[FormFault],
        ponder: bool,
        entry: &Entry,
        out: &mut Findings,
    ) {
        self.judged(CheckId::GuiGoForm);
        let grade = if self.is_ucci() {
            Grade::Fail
        } else {
            Grade::Warn
        };
        for fault in form {
            let message = format!("`{}`: {}", entry.text, fault.message);
            self.tally.fault(
                CheckId::GuiGoForm,
                grade,
                &[fault.requirement],
                message,
                entry.at,
                out,
            );
        }
        if ponder && self.position_set && !self.position_has_moves && !self.is_ucci() {
            let message = format!(
                "`{}` after a position with no moves: the last move of the position is the one pondered on",
                entry.text
            );
            let rows = crate::reqs!["uci-r57"];
            self.tally.fault(
                CheckId::GuiGoForm,
                Grade::Warn,
                rows,
                message,
                entry.at,
                out,
            );
        }
    }

    /// UCI `searchmoves` name legal moves of the position searched (uci-r56), written as
    /// the notation writes them.
    pub(super) fn searchmoves(&mut self, moves: &[String], entry: &Entry, out: &mut Findings) {
        let Some(position) = &self.current else {
            return;
        };
        let refusals: Vec<(String, &'static [ReqId])> = moves
            .iter()
            .filter_map(|m| {
                let error = position.parse_move(m).err()?;
                let refusal = super::refused(self.protocol, position, m, &error.to_string());
                Some((format!("`{m}` ({})", refusal.why), refusal.rows))
            })
            .collect();
        if refusals.is_empty() {
            return;
        }
        let message = format!(
            "`{}`: `searchmoves` names {} that {} not legal in the position",
            entry.text,
            refusals
                .iter()
                .map(|(m, _)| m.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            if refusals.len() == 1 { "is" } else { "are" }
        );
        // A misspelt move cites its notation's row; an illegal one the row of searchmoves.
        let rows = match refusals.as_slice() {
            [(_, rows)] if !rows.is_empty() => rows,
            _ => crate::reqs!["uci-r56"],
        };
        self.tally.fault(
            CheckId::GuiPositionLegal,
            Grade::Fail,
            rows,
            message,
            entry.at,
            out,
        );
    }

    /// `UCI_AnalyseMode`, when the engine offers it, says whether the engine analyses or
    /// plays. Which one the GUI means is inferred from its `go` (an infinite search analyses,
    /// one on a game clock plays; a depth or node limit may be either), so this warns.
    pub(super) fn analyse_mode_fits(
        &mut self,
        analysing: bool,
        playing: bool,
        entry: &Entry,
        out: &mut Findings,
    ) {
        let offered = self
            .offered
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case("UCI_AnalyseMode"));
        if self.protocol != Protocol::Uci || !offered {
            return;
        }
        self.judged(CheckId::GuiAnalyseMode);
        let (what, rows) = match (analysing, playing, self.analyse_mode) {
            (true, _, mode) if mode != Some(true) => (
                "an infinite analysis without `UCI_AnalyseMode` set to true",
                crate::reqs!["uci-r198"],
            ),
            (_, true, Some(true)) => (
                "a search on a game clock (play) while `UCI_AnalyseMode` is true",
                crate::reqs!["uci-r169"],
            ),
            _ => return,
        };
        let message = format!("`{}`: {what}", entry.text);
        self.tally.fault(
            CheckId::GuiAnalyseMode,
            Grade::Warn,
            rows,
            message,
            entry.at,
            out,
        );
    }

    /// UCCI `banmoves` names moves of the position just set up (ucci-r59).
    pub(super) fn banmoves(&mut self, entry: &Entry, out: &mut Findings) {
        self.position_first(
            crate::reqs!["ucci-r59"],
            "banned moves belong to the position set last",
            entry,
            out,
        );
    }

    /// A command that acts on the position set last comes after a `position`.
    fn position_first(
        &mut self,
        rows: &'static [ReqId],
        why: &str,
        entry: &Entry,
        out: &mut Findings,
    ) {
        self.judged(CheckId::GuiSearchPositionFirst);
        if !self.position_set {
            let message = format!("`{}` sent before any `position`: {why}", entry.text);
            self.tally.fault(
                CheckId::GuiSearchPositionFirst,
                Grade::Fail,
                rows,
                message,
                entry.at,
                out,
            );
        }
    }

    /// UCCI: while nothing has been captured since, the text's cases keep the FEN and let
    /// the moves grow (cases 2 and 3, ucci-r12, r13); a FEN set one or two plies past the
    /// last position by moves that captured nothing starts later than the last capture, so
    /// the engine loses the moves it needs for repetitions. A warning, as the split itself is
    /// optional (ucci-r09). A FEN the last position's line passes is an earlier base, not a
    /// later one.
    pub(super) fn set_up_too_late(
        &mut self,
        fen: Option<&str>,
        previous: Option<G>,
        previous_line: Option<Line>,
        entry: &Entry,
        out: &mut Findings,
    ) {
        let (Some(fen), Some(previous), Some(previous_line)) = (fen, previous, previous_line)
        else {
            return;
        };
        let base = key(fen);
        if previous_line.keys.contains(&base) {
            return;
        }
        let Some(moves) = quiet_path_to(&previous, &base) else {
            return;
        };
        let message = format!(
            "`{}`: the FEN is the last position played on by {} that captured nothing; the position should keep the FEN of the last capture (or the start) and list the moves since, as the text's cases do",
            entry.text,
            moves
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(" and ")
        );
        let rows = crate::reqs!["ucci-r12", "ucci-r13"];
        self.tally.fault(
            CheckId::GuiPositionLastCapture,
            Grade::Warn,
            rows,
            message,
            entry.at,
            out,
        );
    }

    /// UCCI: a game from the start has red to move: the text's Case 1 sets up the start with
    /// `w`, nothing played, and the engine moves for red (ucci-r11). The start placement
    /// with black to move at move 1 is a game begun by black, which no game reaches. A
    /// warning: a FEN is also a set-up position, and a GUI may mean one for analysis; a later
    /// move number is a position play can come back to (a rook's three moves out and home),
    /// and is not judged.
    pub(super) fn red_moves_first(&mut self, fen: Option<&str>, entry: &Entry, out: &mut Findings) {
        self.judged(CheckId::GuiPositionRedFirst);
        let Some(fen) = fen else {
            return;
        };
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let start_placement = crate::rules::xiangqi::START_FEN.split_whitespace().next();
        let first_move = fields.get(5).is_none_or(|n| *n == "1");
        if fields.first().copied() != start_placement || fields.get(1) != Some(&"b") || !first_move
        {
            return;
        }
        let message = format!(
            "`{}`: the start position with black to move at move 1; a game from the start has red to move (the text's Case 1: `w`, nothing played, the engine moving for red)",
            entry.text
        );
        self.tally.fault(
            CheckId::GuiPositionRedFirst,
            Grade::Warn,
            crate::reqs!["ucci-r11"],
            message,
            entry.at,
            out,
        );
    }

    /// UCCI: the text's cases send the position after the last capture, with the moves since
    /// (ucci-r14, r15); ucci-r09 makes the split optional, so a capture inside the move list
    /// warns (engines that read repetitions from the list then miss nothing, but some engines
    /// only look back to the FEN).
    pub(super) fn last_capture(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
        entry: &Entry,
        out: &mut Findings,
    ) {
        self.judged(CheckId::GuiPositionLastCapture);
        let Some(mut position) = crate::check::legality::set_up::<G, String>(fen, &[]) else {
            return;
        };
        let mut pieces = piece_count(&position.fen());
        for (ply, mv) in moves.iter().enumerate() {
            if position.play_text(mv).is_err() {
                return;
            }
            let now = piece_count(&position.fen());
            if now < pieces {
                let message = format!(
                    "`{}`: move {} `{mv}` captures, so the position should start after it (the FEN of the last capture, then the moves since)",
                    entry.text,
                    ply + 1
                );
                self.tally.fault(
                    CheckId::GuiPositionLastCapture,
                    Grade::Warn,
                    crate::reqs!["ucci-r14", "ucci-r15"],
                    message,
                    entry.at,
                    out,
                );
                return;
            }
            pieces = now;
        }
    }
}

/// The one or two moves, none a capture, that lead from `from` to the position `target`
/// (its board and side to move), if any do.
fn quiet_path_to<G: Game>(from: &G, target: &str) -> Option<Vec<String>> {
    let pieces = piece_count(&from.fen());
    for first in from.legal_moves() {
        let mut once = from.clone();
        let first_text = from.move_text(first);
        once.play(first);
        let fen = once.fen();
        if piece_count(&fen) < pieces {
            continue;
        }
        if key(&fen) == target {
            return Some(vec![first_text]);
        }
        for second in once.legal_moves() {
            let mut twice = once.clone();
            let second_text = once.move_text(second);
            twice.play(second);
            let fen = twice.fen();
            if piece_count(&fen) == pieces && key(&fen) == target {
                return Some(vec![first_text, second_text]);
            }
        }
    }
    None
}
