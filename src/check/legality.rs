//! Legality of the moves a UCCI or UCI engine sends, judged by the rules oracles through
//! the [`Game`] trait: the best move in the searched position, the ponder move after it,
//! every principal variation move in sequence, and never a banned or excluded move.

use super::{Grade, Outcome};
use crate::rules::Game;

/// Requirement ids and grades one protocol attaches to move legality.
pub(super) struct MoveRules {
    pub prefix: &'static str,
    pub bestmove: &'static [&'static str],
    /// Banned (UCCI `banmoves`) or outside `searchmoves` (UCI).
    pub restricted: &'static [&'static str],
    pub restricted_name: &'static str,
    pub ponder: (&'static [&'static str], Grade),
    pub pv: (&'static [&'static str], Grade),
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
    at_us: u64,
) -> Vec<Outcome> {
    let p = rules.prefix;
    let mut out = Vec::new();
    let fen = searched.position.fen();
    let next = match after(&searched.position, mv) {
        Ok(next) => {
            out.push(
                Outcome::new(
                    format!("{p}.bestmove.legal"),
                    rules.bestmove,
                    Grade::Pass,
                    format!("`{mv}` is legal"),
                )
                .at(at_us),
            );
            next
        }
        Err(why) => {
            out.push(
                Outcome::new(
                    format!("{p}.bestmove.legal"),
                    rules.bestmove,
                    Grade::Fail,
                    format!("best move `{mv}` is illegal in `{fen}`: {why}"),
                )
                .at(at_us),
            );
            return out;
        }
    };
    let restricted = searched.banned.iter().any(|b| b == mv)
        || (!searched.allowed.is_empty() && !searched.allowed.iter().any(|a| a == mv));
    if !searched.banned.is_empty() || !searched.allowed.is_empty() {
        out.push(
            Outcome::new(
                format!("{p}.bestmove.{}", rules.restricted_name),
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
            .at(at_us),
        );
    }
    if let Some(ponder) = ponder {
        let (reqs, grade) = rules.ponder;
        if let Err(why) = after(&next, ponder) {
            out.push(
                Outcome::new(
                    format!("{p}.ponder-move.legal"),
                    reqs,
                    grade,
                    format!("ponder move `{ponder}` is illegal after `{mv}`: {why}"),
                )
                .at(at_us),
            );
        }
    }
    out
}

/// Judges an `info … pv` line: each move legal after the ones before it.
pub(super) fn pv<G: Game + Clone>(
    rules: &MoveRules,
    position: &G,
    moves: &[String],
    at_us: u64,
) -> Option<Outcome> {
    let mut current = position.clone();
    for (i, mv) in moves.iter().enumerate() {
        match after(&current, mv) {
            Ok(next) => current = next,
            Err(why) => {
                let (reqs, grade) = rules.pv;
                return Some(
                    Outcome::new(
                        format!("{}.pv.legal", rules.prefix),
                        reqs,
                        grade,
                        format!(
                            "pv move {} `{mv}` is illegal in `{}`: {why}",
                            i + 1,
                            current.fen()
                        ),
                    )
                    .at(at_us),
                );
            }
        }
    }
    None
}

/// Counts the pv lines judged and keeps only the first finding, so an engine repeating one bad
/// line does not bury the report; ends with a pass when every pv was legal.
#[derive(Default)]
pub(super) struct PvTally {
    lines: usize,
    found: bool,
}

impl PvTally {
    pub fn judge<G: Game + Clone>(
        &mut self,
        rules: &MoveRules,
        position: &G,
        moves: &[String],
        at_us: u64,
        out: &mut Vec<Outcome>,
    ) {
        self.lines += 1;
        if !self.found
            && let Some(o) = pv(rules, position, moves, at_us)
        {
            self.found = true;
            out.push(o);
        }
    }

    pub fn finish(self, rules: &MoveRules, out: &mut Vec<Outcome>) {
        if self.lines > 0 && !self.found {
            out.push(Outcome::new(
                format!("{}.pv.legal", rules.prefix),
                rules.pv.0,
                Grade::Pass,
                format!("{} pv lines, every move legal", self.lines),
            ));
        }
    }
}
