//! Legality of the moves a UCCI or UCI engine sends, judged by the rules oracles through
//! the [`Game`] trait: the best move in the searched position, the ponder move after it,
//! every principal variation move in sequence, every `currmove`, and never a banned or
//! excluded move. A move the oracle refuses only for its spelling (UCI castling written as
//! the king taking its rook) is a finding of the notation, and is then judged as the move it
//! stands for; a refusal that reads as a legal move under the other way of numbering xiangqi's
//! ranks says so.

use std::fmt::Write;

use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::{Grade, Outcome};
use crate::protocol::{Protocol, ReqId};
use crate::rules::{Game, Misspelling};
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
    /// The rows of the notation a misspelt move breaks: castling written as the king taking
    /// its rook, and ranks numbered as the other xiangqi notation numbers them.
    pub castling: &'static [ReqId],
    pub ranks: &'static [ReqId],
}

impl MoveRules {
    fn outcome(&self, id: CheckId, grade: Grade, message: String) -> Outcome {
        outcome(self.protocol, id, grade, message)
    }

    fn misspelling_rows(&self, misspelling: &Misspelling) -> &'static [ReqId] {
        match misspelling {
            Misspelling::CastlingAsKingTakesRook { .. } => self.castling,
            Misspelling::RanksNumberedFrom { .. } => self.ranks,
        }
    }

    /// A move written in another notation's spelling (`what` names it: "best move").
    fn notation(&self, what: &str, mv: &str, misspelling: &Misspelling, at: At) -> Outcome {
        let rows = self.misspelling_rows(misspelling);
        self.outcome(
            CheckId::MoveNotation,
            Grade::Fail,
            format!(
                "{what} `{mv}` is not written as the notation writes it: {misspelling} ({})",
                cited(rows)
            ),
        )
        .citing(rows)
        .at(at)
    }
}

/// `uci-r18, uci-r19`.
fn cited(rows: &[ReqId]) -> String {
    rows.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The position a search was asked about, with the moves it may not play.
pub(super) struct Searched<G> {
    /// The search's number in the session, which tells its `info` lines from another's.
    pub search: u64,
    pub position: G,
    /// Moves that must not be played (banned); empty for none.
    pub banned: Vec<String>,
    /// If not empty, the only moves allowed (`searchmoves`).
    pub allowed: Vec<String>,
}

/// How many moves `moves` begins with that are spelt as `known` begins: compared through one
/// buffer, so no text is made for the moves already known (a GUI's `position` and an engine's
/// pv repeat the moves before them line after line).
pub(super) fn shared_beginning<'a, M: std::fmt::Display>(
    known: impl IntoIterator<Item = &'a str>,
    moves: &[M],
) -> usize {
    let mut spelt = String::new();
    known
        .into_iter()
        .zip(moves)
        .take_while(|(known, mv)| {
            spelt.clear();
            let _ = write!(spelt, "{mv}");
            *known == spelt
        })
        .count()
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

/// A move played: the position after it, the move as the notation writes it, and the
/// misspelling when it was written as another notation spells it.
struct Played<G> {
    next: G,
    meant: String,
    misspelt: Option<Misspelling>,
}

/// Why a move was not played: the rules' refusal, and the legal move meant when the move looks
/// written as another notation writes it.
#[derive(Debug, thiserror::Error)]
enum Refused<E: std::error::Error + 'static> {
    /// The rules refuse it.
    #[error(transparent)]
    Illegal(E),
    /// The rules refuse it, and its ranks look numbered as the other xiangqi notation numbers
    /// them: the misspelling names the legal move meant, `rows` the notation's rows it breaks.
    #[error("{refusal}; {misspelling} ({rows})")]
    Misnumbered {
        #[source]
        refusal: E,
        misspelling: Misspelling,
        rows: String,
    },
}

/// Plays `mv` in `position`. A castling written as the king taking its rook is played as the
/// castling it stands for (its spelling is judged apart); a refusal says why, and names the
/// legal move meant when the ranks look numbered as the other xiangqi notation numbers them.
fn play<G: Game + Clone>(
    rules: &MoveRules,
    position: &G,
    mv: &str,
) -> Result<Played<G>, Refused<G::MoveError>> {
    let mut next = position.clone();
    let refusal = match next.play_text(mv) {
        Ok(_) => {
            return Ok(Played {
                next,
                meant: mv.to_owned(),
                misspelt: None,
            });
        }
        Err(e) => e,
    };
    match position.misspelling(mv) {
        Some(Misspelling::CastlingAsKingTakesRook { king_move }) => {
            let mut next = position.clone();
            next.play_text(&king_move).map_err(Refused::Illegal)?;
            Ok(Played {
                next,
                meant: king_move.clone(),
                misspelt: Some(Misspelling::CastlingAsKingTakesRook { king_move }),
            })
        }
        Some(misspelling @ Misspelling::RanksNumberedFrom { .. }) => {
            let rows = cited(rules.misspelling_rows(&misspelling));
            Err(Refused::Misnumbered {
                refusal,
                misspelling,
                rows,
            })
        }
        None => Err(Refused::Illegal(refusal)),
    }
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
    let played = match play(rules, &searched.position, mv) {
        Ok(played) => played,
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
    let meant = played.meant.as_str();
    out.push(
        rules
            .outcome(
                CheckId::BestmoveLegal,
                Grade::Pass,
                format!("`{meant}` is legal"),
            )
            .at(at),
    );
    if let Some(m) = &played.misspelt {
        out.push(rules.notation("best move", mv, m, at));
    }
    let restricted = searched.banned.iter().any(|b| b == meant)
        || (!searched.allowed.is_empty() && !searched.allowed.iter().any(|a| a == meant));
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
    if let Some(ponder) = ponder {
        match play(rules, &played.next, ponder) {
            Ok(Played {
                misspelt: Some(m), ..
            }) => out.push(rules.notation("ponder move", ponder, &m, at)),
            Ok(_) => {}
            Err(why) => out.push(
                rules
                    .outcome(
                        CheckId::PonderMoveLegal,
                        rules.ponder,
                        format!("ponder move `{ponder}` is illegal after `{mv}`: {why}"),
                    )
                    .at(at),
            ),
        }
    }
    out
}

/// What one `info` line's moves broke: their legality (or the `searchmoves` limit), and the
/// notation of a move written as another notation spells it.
#[derive(Default)]
struct Judged {
    legality: Option<Outcome>,
    notation: Option<Outcome>,
}

/// The last pv line of a search found legal and spelt as the notation spells it: each move
/// as written, with the position after it. An engine deepening its search reports pv after
/// pv that begin alike, so only the moves after the common beginning are played again.
struct KnownLine<G> {
    search: u64,
    moves: Vec<(String, G)>,
}

/// Judges an `info … pv` line: each move legal after the ones before it, and the first one
/// among the allowed moves (`searchmoves`). Moves `known` holds for this search are not
/// played again; a line found legal and well spelt becomes the known one.
fn pv<G: Game + Clone, M: std::fmt::Display>(
    rules: &MoveRules,
    searched: &Searched<G>,
    moves: &[M],
    known: &mut Option<KnownLine<G>>,
    at: At,
) -> Judged {
    let mut judged = Judged::default();
    let mut line = match known.take() {
        Some(line) if line.search == searched.search => line.moves,
        _ => Vec::new(),
    };
    let common = shared_beginning(line.iter().map(|(known, _)| known.as_str()), moves);
    line.truncate(common);
    let mut current = line
        .last()
        .map_or_else(|| searched.position.clone(), |(_, after)| after.clone());
    // A known move is spelt as the notation spells it: as written, it is the move meant.
    let mut first = line.first().map(|(mv, _)| mv.clone());
    let mut well_spelt = true;
    for (i, mv) in moves.iter().enumerate().skip(common) {
        let mv = mv.to_string();
        let mv = mv.as_str();
        match play(rules, &current, mv) {
            Ok(played) => {
                if let Some(m) = &played.misspelt {
                    well_spelt = false;
                    judged.notation.get_or_insert_with(|| {
                        rules.notation(&format!("pv move {}", i + 1), mv, m, at)
                    });
                }
                first.get_or_insert(played.meant);
                current = played.next;
                if well_spelt {
                    line.push((mv.to_owned(), current.clone()));
                }
            }
            Err(why) => {
                let grade = if i == 0 {
                    rules.pv_first
                } else {
                    rules.pv_deeper
                };
                judged.legality = Some(
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
                return judged;
            }
        }
    }
    if well_spelt {
        *known = Some(KnownLine {
            search: searched.search,
            moves: line,
        });
    }
    if let Some(first) = first {
        judged.legality = excluded(rules, searched, &first, "the pv's first move", at);
    }
    judged
}

/// Judges `info currmove M`: the move being searched is legal in the searched position and
/// among the allowed moves.
fn currmove<G: Game + Clone>(
    rules: &MoveRules,
    searched: &Searched<G>,
    mv: &str,
    at: At,
) -> Judged {
    match play(rules, &searched.position, mv) {
        Ok(played) => Judged {
            legality: excluded(rules, searched, &played.meant, "currmove", at),
            notation: played
                .misspelt
                .map(|m| rules.notation("currmove", mv, &m, at)),
        },
        Err(why) => Judged {
            legality: Some(
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
            ),
            notation: None,
        },
    }
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
pub(super) struct InfoMoves<G> {
    /// The last pv found legal, of the search it came in.
    known: Option<KnownLine<G>>,
    pv: Tally,
    currmove: Tally,
    /// The first move of an `info` line written in another notation's spelling.
    notation: bool,
}

#[derive(Default)]
struct Tally {
    lines: usize,
    found: bool,
}

impl Tally {
    fn add(&mut self, finding: Option<Outcome>, out: &mut Findings) {
        self.lines += 1;
        if !self.found
            && let Some(o) = finding
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

impl<G> Default for InfoMoves<G> {
    fn default() -> Self {
        InfoMoves {
            known: None,
            pv: Tally::default(),
            currmove: Tally::default(),
            notation: false,
        }
    }
}

impl<G: Game + Clone> InfoMoves<G> {
    /// Judges one `info` line's pv (empty for none) and currmove.
    pub(super) fn judge<M: std::fmt::Display>(
        &mut self,
        rules: &MoveRules,
        searched: &Searched<G>,
        pv_moves: &[M],
        current: Option<&str>,
        at: At,
        out: &mut Findings,
    ) {
        if !pv_moves.is_empty() && !self.pv.found {
            let judged = pv(rules, searched, pv_moves, &mut self.known, at);
            self.pv.add(judged.legality, out);
            self.notation(judged.notation, out);
        } else if !pv_moves.is_empty() {
            self.pv.lines += 1;
        }
        if let Some(mv) = current
            && !self.currmove.found
        {
            let judged = currmove(rules, searched, mv, at);
            self.currmove.add(judged.legality, out);
            self.notation(judged.notation, out);
        } else if current.is_some() {
            self.currmove.lines += 1;
        }
    }

    fn notation(&mut self, finding: Option<Outcome>, out: &mut Findings) {
        if !self.notation
            && let Some(o) = finding
        {
            self.notation = true;
            out.push(o);
        }
    }

    pub(super) fn finish(self, rules: &MoveRules, out: &mut Findings) {
        self.pv.finish(rules, CheckId::PvLegal, "pv lines", out);
        self.currmove
            .finish(rules, CheckId::CurrmoveLegal, "currmove reports", out);
    }
}

#[cfg(test)]
mod tests {
    use super::{MoveRules, Refused, play};
    use crate::check::{Grade, findings_in};
    use crate::protocol::Protocol;
    use crate::rules::{Game, Misspelling, xiangqi};

    /// The UCCI reader's own rules.
    const UCCI: MoveRules = crate::check::ucci::MOVES;

    /// A move the rules refuse is refused with the rules' reason; one whose ranks are numbered
    /// from 1, as UCI xiangqi engines write them, names the legal move meant and the row.
    #[test]
    fn a_refused_move_says_why_and_what_was_meant() {
        let start = xiangqi::Position::start_position();
        assert!(play(&UCCI, &start, "h2e2").is_ok());
        assert!(matches!(
            play(&UCCI, &start, "a0a5"),
            Err(Refused::Illegal(_))
        ));
        match play(&UCCI, &start, "h3e3") {
            Err(Refused::Misnumbered {
                misspelling: Misspelling::RanksNumberedFrom { meant, .. },
                rows,
                ..
            }) => {
                assert_eq!(meant, "h2e2");
                assert_eq!(rows, "ucci-r18");
            }
            Err(other) => panic!("{other}"),
            Ok(_) => panic!("h3e3 played"),
        }
    }

    /// The pv findings of a UCI exchange.
    fn pv_findings(lines: &[&str]) -> Vec<(Grade, String)> {
        findings_in(Protocol::Uci, lines)
            .into_iter()
            .filter(|o| {
                o.check
                    == crate::check::CheckRef::builtin(
                        Protocol::Uci,
                        crate::check::CheckId::PvLegal,
                    )
            })
            .map(|o| (o.grade, o.message))
            .collect()
    }

    /// A pv that begins as the search's last legal one is judged from where they part: a
    /// deeper pv's illegal move is found, and a later search's pv, though it begins alike, is
    /// judged in that search's own position.
    #[test]
    fn a_pv_is_judged_past_the_beginning_it_shares_with_the_last_one() {
        let deeper_illegal = pv_findings(&[
            "> position startpos",
            "> go depth 3",
            "< info depth 1 pv e2e4 e7e5",
            "< info depth 2 pv e2e4 e7e5 g1f3",
            "< info depth 3 pv e2e4 e7e5 g1f3 e8e6",
            "< bestmove e2e4",
        ]);
        assert_eq!(deeper_illegal.len(), 1, "{deeper_illegal:?}");
        assert_eq!(deeper_illegal[0].0, Grade::Warn);
        assert!(deeper_illegal[0].1.contains("pv move 4 `e8e6`"));

        let other_search = pv_findings(&[
            "> position startpos",
            "> go depth 2",
            "< info depth 2 pv e2e4 e7e5",
            "< bestmove e2e4",
            "> position startpos moves e2e4",
            "> go depth 2",
            "< info depth 2 pv e2e4 e7e5",
            "< bestmove e7e5",
        ]);
        assert_eq!(other_search.len(), 1, "{other_search:?}");
        assert!(other_search[0].1.contains("pv move 1 `e2e4`"));
    }
}
