//! Legality of the moves a UCCI or UCI engine sends, judged by the rules oracles through
//! the [`Game`] trait: the best move in the searched position, the ponder move after it,
//! every principal variation move in sequence, every `currmove`, and never a banned or
//! excluded move.

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
    pub pv: PvRules,
    /// `info currmove`: the move being searched, in the searched position.
    pub currmove: (&'static [&'static str], Grade),
}

/// How a principal variation is graded: its first move is the move the engine would play
/// now, the rest come from the hash table and may be cut or stale, so a text may grade
/// them apart (uci remark 32).
pub(super) struct PvRules {
    pub reqs: &'static [&'static str],
    pub first: Grade,
    pub deeper: Grade,
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

/// Judges an `info … pv` line: each move legal after the ones before it, and the first one
/// among the allowed moves (`searchmoves`).
pub(super) fn pv<G: Game + Clone>(
    rules: &MoveRules,
    searched: &Searched<G>,
    moves: &[String],
    at_us: u64,
) -> Option<Outcome> {
    let mut current = searched.position.clone();
    for (i, mv) in moves.iter().enumerate() {
        match after(&current, mv) {
            Ok(next) => current = next,
            Err(why) => {
                let grade = if i == 0 {
                    rules.pv.first
                } else {
                    rules.pv.deeper
                };
                return Some(
                    Outcome::new(
                        format!("{}.pv.legal", rules.prefix),
                        rules.pv.reqs,
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
    let first = moves.first()?;
    excluded(rules, searched, first, "the pv's first move", at_us)
}

/// Judges `info currmove M`: the move being searched is legal in the searched position and
/// among the allowed moves.
pub(super) fn currmove<G: Game + Clone>(
    rules: &MoveRules,
    searched: &Searched<G>,
    mv: &str,
    at_us: u64,
) -> Option<Outcome> {
    if let Err(why) = after(&searched.position, mv) {
        let (reqs, grade) = rules.currmove;
        return Some(
            Outcome::new(
                format!("{}.currmove.legal", rules.prefix),
                reqs,
                grade,
                format!(
                    "currmove `{mv}` is illegal in `{}`: {why}",
                    searched.position.fen()
                ),
            )
            .at(at_us),
        );
    }
    excluded(rules, searched, mv, "currmove", at_us)
}

/// A move the engine reports searching although `searchmoves` left it out (uci-r56 names
/// every `currmove` and the first move of every pv). Banned moves are not judged here: the
/// UCCI text binds only the best move to `banmoves` (ucci-r60).
fn excluded<G>(
    rules: &MoveRules,
    searched: &Searched<G>,
    mv: &str,
    what: &str,
    at_us: u64,
) -> Option<Outcome> {
    if searched.allowed.is_empty() || searched.allowed.iter().any(|a| a == mv) {
        return None;
    }
    Some(
        Outcome::new(
            format!("{}.info.{}", rules.prefix, rules.restricted_name),
            rules.restricted,
            Grade::Fail,
            format!(
                "{what} `{mv}` is not among the moves the search was restricted to ({})",
                searched.allowed.join(" ")
            ),
        )
        .at(at_us),
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
    fn add(&mut self, finding: impl FnOnce() -> Option<Outcome>, out: &mut Vec<Outcome>) {
        self.lines += 1;
        if !self.found
            && let Some(o) = finding()
        {
            self.found = true;
            out.push(o);
        }
    }

    fn finish(&self, check: String, reqs: &[&str], what: &str, out: &mut Vec<Outcome>) {
        if self.lines > 0 && !self.found {
            out.push(Outcome::new(
                check,
                reqs,
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
        at_us: u64,
        out: &mut Vec<Outcome>,
    ) {
        if !pv_moves.is_empty() {
            self.pv.add(|| pv(rules, searched, pv_moves, at_us), out);
        }
        if let Some(mv) = current {
            self.currmove
                .add(|| currmove(rules, searched, mv, at_us), out);
        }
    }

    pub fn finish(self, rules: &MoveRules, out: &mut Vec<Outcome>) {
        let p = rules.prefix;
        self.pv
            .finish(format!("{p}.pv.legal"), rules.pv.reqs, "pv lines", out);
        self.currmove.finish(
            format!("{p}.currmove.legal"),
            rules.currmove.0,
            "currmove reports",
            out,
        );
    }
}
