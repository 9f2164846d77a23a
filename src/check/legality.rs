//! Legality of the moves a UCCI or UCI engine sends, judged by the rules oracles through
//! the [`Game`] trait: the best move in the searched position, the ponder move after it,
//! every principal variation move in sequence, every `currmove`, and never a banned or
//! excluded move.

use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::{Grade, Outcome};
use crate::protocol::Protocol;
use crate::rules::Game;
use crate::session::At;

/// The grades one protocol gives move legality (its requirements are in the registry).
pub(super) struct MoveRules {
    pub protocol: Protocol,
    /// The check for a best move that is banned (UCCI `banmoves`) or outside `searchmoves`
    /// (UCI), and how such a move is named in a message.
    pub restricted: CheckId,
    pub restricted_name: &'static str,
    pub ponder: Grade,
    /// A principal variation's first move is the move the engine would play now; the rest
    /// come from the hash table and may be cut or stale, so a text may grade them apart (uci
    /// remark 32).
    pub pv_first: Grade,
    pub pv_deeper: Grade,
    /// `info currmove`: the move being searched, in the searched position.
    pub currmove: Grade,
}

impl MoveRules {
    fn outcome(&self, id: CheckId, grade: Grade, message: String) -> Outcome {
        outcome(self.protocol, id, grade, message)
    }
}

/// The position a search was asked about, with the moves it may not play.
pub(super) struct Searched<G> {
    pub position: G,
    /// Moves that must not be played (banned); empty for none.
    pub banned: Vec<String>,
    /// If not empty, the only moves allowed (`searchmoves`).
    pub allowed: Vec<String>,
}

/// Moves as the text the oracle reads.
pub(super) fn texts<M: std::fmt::Display>(moves: &[M]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// The position a `position` command sets up: the start position or a FEN, then the moves.
/// `None` if the oracle rejects the FEN or a move (the checks then judge no moves).
pub(super) fn set_up<G: Game, M: std::fmt::Display>(fen: Option<&str>, moves: &[M]) -> Option<G> {
    let mut position = match fen {
        None => G::start_position(),
        Some(fen) => G::from_fen(fen).ok()?,
    };
    for mv in moves {
        position.play_text(&mv.to_string()).ok()?;
    }
    Some(position)
}

fn after<G: Game + Clone>(position: &G, mv: &str) -> Result<G, String> {
    let mut next = position.clone();
    next.play_text(mv).map(|_| next).map_err(|e| e.to_string())
}

/// Judges `bestmove M [ponder P]`; returns the outcomes.
pub(super) fn bestmove<G: Game + Clone>(
    rules: &MoveRules,
    searched: &Searched<G>,
    mv: &str,
    ponder: Option<&str>,
    at: At,
) -> Vec<Outcome> {
    let mut out = Vec::new();
    let fen = searched.position.fen();
    let next = match after(&searched.position, mv) {
        Ok(next) => {
            out.push(
                rules
                    .outcome(
                        CheckId::BestmoveLegal,
                        Grade::Pass,
                        format!("`{mv}` is legal"),
                    )
                    .at(at),
            );
            next
        }
        Err(why) => {
            out.push(
                rules
                    .outcome(
                        CheckId::BestmoveLegal,
                        Grade::Fail,
                        format!("best move `{mv}` is illegal in `{fen}`: {why}"),
                    )
                    .at(at),
            );
            return out;
        }
    };
    let restricted = searched.banned.iter().any(|b| b == mv)
        || (!searched.allowed.is_empty() && !searched.allowed.iter().any(|a| a == mv));
    if !searched.banned.is_empty() || !searched.allowed.is_empty() {
        out.push(
            rules
                .outcome(
                    rules.restricted,
                    if restricted { Grade::Fail } else { Grade::Pass },
                    if restricted {
                        format!(
                            "best move `{mv}` is one the harness excluded ({})",
                            rules.restricted_name
                        )
                    } else {
                        format!("`{mv}` respects the excluded moves")
                    },
                )
                .at(at),
        );
    }
    if let Some(ponder) = ponder
        && let Err(why) = after(&next, ponder)
    {
        out.push(
            rules
                .outcome(
                    CheckId::PonderMoveLegal,
                    rules.ponder,
                    format!("ponder move `{ponder}` is illegal after `{mv}`: {why}"),
                )
                .at(at),
        );
    }
    out
}

/// Judges an `info … pv` line: each move legal after the ones before it, and the first one
/// among the allowed moves (`searchmoves`).
pub(super) fn pv<G: Game + Clone>(
    rules: &MoveRules,
    searched: &Searched<G>,
    moves: &[String],
    at: At,
) -> Option<Outcome> {
    let mut current = searched.position.clone();
    for (i, mv) in moves.iter().enumerate() {
        match after(&current, mv) {
            Ok(next) => current = next,
            Err(why) => {
                let grade = if i == 0 {
                    rules.pv_first
                } else {
                    rules.pv_deeper
                };
                return Some(
                    rules
                        .outcome(
                            CheckId::PvLegal,
                            grade,
                            format!(
                                "pv move {} `{mv}` is illegal in `{}`: {why}",
                                i + 1,
                                current.fen()
                            ),
                        )
                        .at(at),
                );
            }
        }
    }
    let first = moves.first()?;
    excluded(rules, searched, first, "the pv's first move", at)
}

/// Judges `info currmove M`: the move being searched is legal in the searched position and
/// among the allowed moves.
pub(super) fn currmove<G: Game + Clone>(
    rules: &MoveRules,
    searched: &Searched<G>,
    mv: &str,
    at: At,
) -> Option<Outcome> {
    if let Err(why) = after(&searched.position, mv) {
        return Some(
            rules
                .outcome(
                    CheckId::CurrmoveLegal,
                    rules.currmove,
                    format!(
                        "currmove `{mv}` is illegal in `{}`: {why}",
                        searched.position.fen()
                    ),
                )
                .at(at),
        );
    }
    excluded(rules, searched, mv, "currmove", at)
}

/// A move the engine reports searching although `searchmoves` left it out (uci-r56 names
/// every `currmove` and the first move of every pv). Banned moves are not judged here: the
/// UCCI text binds only the best move to `banmoves` (ucci-r60).
fn excluded<G>(
    rules: &MoveRules,
    searched: &Searched<G>,
    mv: &str,
    what: &str,
    at: At,
) -> Option<Outcome> {
    if searched.allowed.is_empty() || searched.allowed.iter().any(|a| a == mv) {
        return None;
    }
    Some(
        rules
            .outcome(
                CheckId::InfoInSearchmoves,
                Grade::Fail,
                format!(
                    "{what} `{mv}` is not among the moves the search was restricted to ({})",
                    searched.allowed.join(" ")
                ),
            )
            .at(at),
    )
}

/// Judges the moves of the `info` lines of every search: pv and currmove. Each kind keeps
/// only its first finding, so an engine repeating one bad line does not bury the report,
/// and ends with a pass when every line was good.
#[derive(Default)]
pub(super) struct InfoMoves {
    pv: Tally,
    currmove: Tally,
}

#[derive(Default)]
struct Tally {
    lines: usize,
    found: bool,
}

impl Tally {
    fn add(&mut self, finding: impl FnOnce() -> Option<Outcome>, out: &mut Findings) {
        self.lines += 1;
        if !self.found
            && let Some(o) = finding()
        {
            self.found = true;
            out.push(o);
        }
    }

    fn finish(&self, rules: &MoveRules, check: CheckId, what: &str, out: &mut Findings) {
        if self.lines > 0 && !self.found {
            out.push(rules.outcome(
                check,
                Grade::Pass,
                format!("{} {what}, every move legal", self.lines),
            ));
        }
    }
}

impl InfoMoves {
    /// Judges one `info` line's pv (empty for none) and currmove.
    pub fn judge<G: Game + Clone>(
        &mut self,
        rules: &MoveRules,
        searched: &Searched<G>,
        pv_moves: &[String],
        current: Option<&str>,
        at: At,
        out: &mut Findings,
    ) {
        if !pv_moves.is_empty() {
            self.pv.add(|| pv(rules, searched, pv_moves, at), out);
        }
        if let Some(mv) = current {
            self.currmove.add(|| currmove(rules, searched, mv, at), out);
        }
    }

    pub fn finish(self, rules: &MoveRules, out: &mut Findings) {
        self.pv.finish(rules, CheckId::PvLegal, "pv lines", out);
        self.currmove
            .finish(rules, CheckId::CurrmoveLegal, "currmove reports", out);
    }
}
