//! What a match prints as it is played: its lines in the words of cutechess-cli or of
//! fastchess (`--output-format`), so the scripts and services that read those tools read this
//! (OpenBench reads cutechess-cli's `Finished game` lines, fishtest's worker fastchess's
//! `Games:` and `Ptnml(0-2):`). The printer keeps what the lines depend on between games:
//! which pairs are complete and when the last fastchess block was printed.

use std::collections::HashSet;

use super::fastchess::Setup;
use super::{cutechess, fastchess, finished_line};
use crate::matchplay::schedule::Tournament;
use crate::matchplay::sprt::{Sprt, SprtState};
use crate::matchplay::tally::{Encounter, GameOutcome};
use crate::matchplay::{MatchEvent, MatchReport};

/// Whose lines the match prints.
#[derive(clap::ValueEnum, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum OutputFormat {
    /// cutechess-cli's: `Score of` after each game, `Elo difference`, `SPRT: llr` at the end.
    #[default]
    Cutechess,
    /// fastchess's: a `Results of` block every ten pairs (or games) and at the end, with
    /// `Elo`/`nElo`, `Games: …`, `Ptnml(0-2): […]` and `LLR`.
    Fastchess,
}

/// What the match is, for its lines.
#[derive(Debug, Clone)]
pub(crate) struct MatchShape {
    pub players: Vec<String>,
    /// The match plays game pairs (`--repeat`).
    pub pairs: bool,
    pub gauntlet: bool,
    pub sprt: Option<Sprt>,
    pub setup: Setup,
}

/// Prints a match's lines in one tool's words as its games finish, and its closing lines.
pub(crate) struct MatchPrinter {
    format: OutputFormat,
    shape: MatchShape,
    /// Pairs of which one game has finished.
    waiting: HashSet<usize>,
    /// Games that counted so far, and how many had when the last block was printed.
    counted: usize,
    block_at: Option<usize>,
}

impl MatchPrinter {
    pub(crate) fn new(format: OutputFormat, shape: MatchShape) -> MatchPrinter {
        MatchPrinter {
            format,
            shape,
            waiting: HashSet::new(),
            counted: 0,
            block_at: None,
        }
    }

    /// The lines of a game that starts or ends: `Started game`, `Finished game`, then
    /// cutechess-cli's `Score of` (two engines) or fastchess's block when its interval comes.
    pub(crate) fn event(&mut self, event: &MatchEvent<'_>) -> String {
        match event {
            MatchEvent::Started {
                number,
                of,
                first,
                second,
            } => format!("Started game {number} of {of} ({first} vs {second})\n"),
            MatchEvent::Finished {
                game,
                encounter,
                sprt,
                tally,
            } => {
                let mut out = finished_line(&game.record);
                if game.outcome().is_none() {
                    return out;
                }
                self.counted += 1;
                let pair_done = game.pair.is_some_and(|p| !self.waiting.insert(p));
                if let Some(p) = game.pair.filter(|_| pair_done) {
                    self.waiting.remove(&p);
                }
                match self.format {
                    OutputFormat::Cutechess => {
                        if let (Some(e), 2) = (encounter, self.shape.players.len()) {
                            out.push_str(&cutechess::score_line(e));
                        }
                    }
                    OutputFormat::Fastchess => {
                        let due = if self.shape.pairs {
                            pair_done
                                && game.pair.is_some_and(|p| {
                                    (p + 1).is_multiple_of(fastchess::RATING_INTERVAL)
                                })
                        } else {
                            self.counted.is_multiple_of(fastchess::RATING_INTERVAL)
                        };
                        if due {
                            out.push_str(&self.block(&tally.encounters(), sprt.as_ref()));
                        }
                    }
                }
                out
            }
        }
    }

    fn block(&mut self, encounters: &[Encounter], sprt: Option<&SprtState>) -> String {
        self.block_at = Some(self.counted);
        let shape = &self.shape;
        fastchess::block(
            &shape.players,
            encounters,
            shape.pairs,
            &shape.setup,
            shape.sprt.as_ref().zip(sprt),
        )
    }

    /// The last lines of the match `report`, ending with `Finished match` (both tools' last
    /// line).
    pub(crate) fn closing(&mut self, report: &MatchReport) -> String {
        let outcomes: Vec<_> = report.games.iter().filter_map(|g| g.outcome()).collect();
        self.closing_lines(
            &report.encounters,
            &outcomes,
            report.sprt.as_ref().map(|s| &s.state),
            report.aborted_on_decision(),
        )
    }

    /// The closing lines of a match with these scores and games. A decided SPRT is printed
    /// once, here, and the games it aborted (`aborted`, games in progress when it decided,
    /// under `--on-sprt-decision abort`) are said before the last line: neither tool has the
    /// choice, so neither has words for it.
    fn closing_lines(
        &mut self,
        encounters: &[Encounter],
        games: &[GameOutcome],
        sprt: Option<&SprtState>,
        aborted: usize,
    ) -> String {
        let mut out = String::new();
        let players = self.shape.players.clone();
        match self.format {
            OutputFormat::Cutechess if players.len() == 2 => {
                out.push_str(&cutechess::head_to_head(&players, games, sprt));
            }
            OutputFormat::Cutechess => {
                out.push_str(&cutechess::rank_table(
                    &players,
                    encounters,
                    self.shape.gauntlet,
                ));
            }
            OutputFormat::Fastchess => {
                self.counted = self.counted.max(games.len());
                // The last game's interval may have printed this very block already.
                if self.block_at != Some(self.counted) {
                    out.push_str(&self.block(encounters, sprt));
                }
                if let Some(line) = self
                    .shape
                    .sprt
                    .as_ref()
                    .zip(sprt)
                    .and_then(|(test, state)| fastchess::decided_line(test, state))
                {
                    out.push_str(&line);
                }
            }
        }
        if aborted > 0 {
            out.push_str(&aborted_line(aborted));
        }
        out.push_str("Finished match\n");
        out
    }

    /// `Score of …` per encounter (cutechess-cli's form, two engines), for a summary that was
    /// not printed game by game.
    fn score_lines(&self, encounters: &[Encounter]) -> String {
        match (self.format, self.shape.players.len()) {
            (OutputFormat::Cutechess, 2) => encounters.iter().map(cutechess::score_line).collect(),
            _ => String::new(),
        }
    }
}

/// A match that was not printed game by game (`arbiter match merge`): its score lines, and
/// its closing lines as the match would have printed them. fastchess's setup is unknown
/// there, so its block leaves it empty.
pub(crate) fn merged_summary(report: &MatchReport, format: OutputFormat) -> (String, String) {
    let mut printer = MatchPrinter::new(
        format,
        MatchShape {
            players: report.players.clone(),
            pairs: report.plan.plays_pairs(),
            gauntlet: report.plan.tournament == Tournament::Gauntlet,
            sprt: report.sprt.as_ref().map(|s| s.settings),
            setup: Setup::default(),
        },
    );
    let scores = printer.score_lines(&report.encounters);
    let closing = printer.closing(report);
    (scores, closing)
}

/// `Aborted 2 games in progress once the SPRT decided; they do not count`.
fn aborted_line(aborted: usize) -> String {
    let (games, they) = match aborted {
        1 => ("game", "it does"),
        _ => ("games", "they do"),
    };
    format!("Aborted {aborted} {games} in progress once the SPRT decided; {they} not count\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printer() -> MatchPrinter {
        MatchPrinter::new(
            OutputFormat::Cutechess,
            MatchShape {
                players: vec!["a".into(), "b".into()],
                pairs: false,
                gauntlet: false,
                sprt: None,
                setup: Setup::default(),
            },
        )
    }

    #[test]
    fn games_aborted_on_the_decision_are_said_just_before_the_last_line() {
        let closing = printer().closing_lines(&[], &[], None, 2);
        assert!(
            closing.ends_with(
                "Aborted 2 games in progress once the SPRT decided; they do not count\n\
                 Finished match\n"
            ),
            "{closing}"
        );
        let one = printer().closing_lines(&[], &[], None, 1);
        assert!(one.contains("Aborted 1 game in progress once the SPRT decided; it does not"));
        let none = printer().closing_lines(&[], &[], None, 0);
        assert!(!none.contains("Aborted"), "{none}");
    }
}
