//! A command cut across two writes: a pipe may deliver one write of the GUI's in two reads, and
//! nothing says where a read ends. Every text makes a command one line, ended by its line end,
//! so an engine must gather what it reads up to the line end. One that `read()`s its input and
//! takes what each read brings for whole lines reads `g` and `o depth 1`, two unknown words,
//! and never searches; whether a session fails then depends on how the GUI's writes split.
//!
//! Only a scenario writes a command in two writes (`>|`), and the transcript marks it. What
//! this judges is a difference the cut alone explains: a search command written in two writes
//! got no search output at all, while in the same session a search written whole was answered
//! and the engine answered what came after the cut one (`readyok`, or `UNKNOWN` to the second
//! piece). The figures only tell a slow search from a lost one: the cut search's silence must
//! be long for a search (a second) and several times what the whole one took.

use super::ending::Ending;
use super::findings::{Findings, outcome};
use super::id::CheckId;
use super::{Context, Grade};
use crate::session::{At, Entry, Transcript};

/// The shortest silence after the cut search that counts as lost.
const SILENCE_MS: f64 = 1000.0;
/// How many times the whole search's answer the cut search's silence must last.
const TIMES_THE_WHOLE: u64 = 4;

/// The search command written in two writes, while no output of its has come.
#[derive(Debug, Clone)]
struct CutSearch {
    sent: At,
    text: String,
    /// The first piece's length.
    cut: usize,
    /// The first line since that was no search output: the engine was answering.
    answered_instead: Option<String>,
}

pub(super) struct CutLine {
    ctx: Context,
    /// A search written whole whose first output has not come.
    whole: Option<At>,
    /// The longest a whole search took to its first output, in µs.
    whole_answered_us: Option<u64>,
    cut: Option<CutSearch>,
    /// When the last entry was judged.
    last_us: u64,
}

impl CutLine {
    pub(super) fn new(ctx: Context) -> CutLine {
        CutLine {
            ctx,
            whole: None,
            whole_answered_us: None,
            cut: None,
            last_us: 0,
        }
    }

    /// A line the harness wrote.
    pub(super) fn sent(&mut self, e: &Entry) {
        self.last_us = e.at.us;
        let facts = self.ctx.protocol.facts();
        if facts.starts_search(&e.text) {
            self.whole = None;
            self.cut = e.cut.map(|cut| CutSearch {
                sent: e.at,
                text: e.text.clone(),
                cut,
                answered_instead: None,
            });
            if e.cut.is_none() {
                self.whole = Some(e.at);
            }
        } else if facts.interrupts_search(&e.text) && !facts.is_quit(&e.text) {
            // What a `stop` gets depends on the search it stops: no difference to judge. The
            // session's end leaves the cut search as it stood.
            self.whole = None;
            self.cut = None;
        }
    }

    /// A line the engine wrote on stdout.
    pub(super) fn received(&mut self, e: &Entry) {
        self.last_us = e.at.us;
        let facts = self.ctx.protocol.facts();
        let text = e.text.trim();
        if facts.is_search_report(text) || facts.is_search_result(text) {
            if let Some(sent) = self.whole.take() {
                let took = e.at.us.saturating_sub(sent.us);
                self.whole_answered_us = Some(self.whole_answered_us.unwrap_or(0).max(took));
            }
            self.cut = None;
        } else if let Some(cut) = &mut self.cut
            && cut.answered_instead.is_none()
            && !text.is_empty()
        {
            cut.answered_instead = Some(text.to_owned());
        }
    }

    /// The finding, once the session has ended: a cut search never answered while the engine
    /// answered everything else.
    pub(super) fn finish(self, end: &Transcript, out: &mut Findings) {
        let Some(cut) = self.cut else { return };
        let (Some(whole_us), Some(instead)) = (self.whole_answered_us, cut.answered_instead) else {
            return;
        };
        // An engine that went by itself has its end for a finding.
        if Ending::engine_went_by_itself(end) {
            return;
        }
        // Nothing is judged past the harness's own ending of the session.
        let watched_to = end
            .ended_early_at_us
            .unwrap_or(self.last_us)
            .max(self.last_us);
        let silence_us = watched_to.saturating_sub(cut.sent.us);
        let needed_us = (SILENCE_MS * 1000.0 * self.ctx.time_scale) as u64;
        let needed_us = needed_us.max(whole_us.saturating_mul(TIMES_THE_WHOLE));
        if silence_us < needed_us {
            return;
        }
        let cut_at = (0..=cut.cut.min(cut.text.len()))
            .rev()
            .find(|&i| cut.text.is_char_boundary(i))
            .unwrap_or(0);
        let (first, rest) = cut.text.split_at(cut_at);
        out.push(
            outcome(
                self.ctx.protocol,
                CheckId::InputCutLine,
                Grade::Fail,
                format!(
                    "`{}` came in two writes (`{first}`, then `{rest}` with its line end) and \
                     nothing of its search came in {:.1} ms (no report, no result), while a search \
                     written in one write was answered within {:.1} ms and the engine answered \
                     `{instead}` after it: it took what one read brought for a command, where a \
                     command is one line, up to its line end",
                    cut.text,
                    silence_us as f64 / 1000.0,
                    whole_us as f64 / 1000.0,
                ),
            )
            .at(cut.sent),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::check::{CheckId, CheckRef, Outcome, findings_of};
    use crate::protocol::Protocol;
    use crate::session::{At, Entry};

    /// `> ` lines sent, `>| ` lines sent cut after their first byte, others received; each at
    /// its time in ms.
    fn entries(lines: &[(u64, &str)]) -> Vec<Entry> {
        (0..)
            .zip(lines)
            .map(|(seq, (ms, line))| {
                let at = At { seq, us: ms * 1000 };
                if let Some(text) = line.strip_prefix(">| ") {
                    Entry {
                        cut: Some(1),
                        ..Entry::sent(at, text)
                    }
                } else if let Some(text) = line.strip_prefix("> ") {
                    Entry::sent(at, text)
                } else {
                    Entry::received(at, line.trim_start_matches("< "))
                }
            })
            .collect()
    }

    fn cut_findings(protocol: Protocol, lines: &[(u64, &str)]) -> Vec<Outcome> {
        findings_of(protocol, entries(lines))
            .into_iter()
            .filter(|o| o.check == CheckRef::builtin(protocol, CheckId::InputCutLine))
            .collect()
    }

    const HANDSHAKE: [(u64, &str); 4] = [
        (0, "> uci"),
        (5, "< uciok"),
        (10, "> isready"),
        (11, "< readyok"),
    ];

    /// A search cut in two never answered while a whole one was and `isready` still was: the
    /// finding, at the cut command. Answered, or with no whole search to compare, or too soon
    /// to tell: none.
    #[test]
    fn a_cut_search_lost_where_a_whole_one_was_answered_is_the_finding() {
        let lost = [
            (20, "> position startpos"),
            (20, "> go depth 1"),
            (40, "< bestmove e2e4"),
            (50, "> position startpos"),
            (250, ">| go depth 1"),
            (1750, "> isready"),
            (1751, "< readyok"),
            (6750, "> quit"),
        ];
        let all: Vec<(u64, &str)> = HANDSHAKE.iter().copied().chain(lost).collect();
        let found = cut_findings(Protocol::Uci, &all);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].message.contains("`g`, then `o depth 1`"),
            "{}",
            found[0].message
        );
        assert_eq!(found[0].at.map(|a| a.us), Some(250_000));

        // Answered: a sound engine.
        let mut answered = all.clone();
        answered.insert(9, (260, "< bestmove e2e4"));
        assert!(cut_findings(Protocol::Uci, &answered).is_empty());
        // No whole search to tell a lost command from a search that never ends.
        let no_control: Vec<(u64, &str)> = all
            .iter()
            .copied()
            .filter(|(_, l)| *l != "> go depth 1" && !l.starts_with("< bestmove"))
            .collect();
        assert!(cut_findings(Protocol::Uci, &no_control).is_empty());
        // The session ended a second after the cut: too soon to call the search lost.
        let soon: Vec<(u64, &str)> = all.iter().copied().filter(|(ms, _)| *ms < 1500).collect();
        assert!(cut_findings(Protocol::Uci, &soon).is_empty());
    }

    /// Gomocup: the second piece answered `UNKNOWN`, and the brain's move never came.
    #[test]
    fn a_brain_answering_the_second_piece_instead_of_moving_is_the_finding() {
        let lines = [
            (0, "> START 20"),
            (3, "< OK"),
            (5, "> TURN 10,10"),
            (30, "< 11,11"),
            (40, ">| TURN 9,9"),
            (41, "< UNKNOWN URN 9,9"),
            (3000, "> END"),
        ];
        let found = cut_findings(Protocol::Gomocup, &lines);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].message.contains("UNKNOWN URN 9,9"));
        let mut moved = lines.to_vec();
        moved.insert(6, (60, "< 9,10"));
        assert!(cut_findings(Protocol::Gomocup, &moved).is_empty());
    }
}
