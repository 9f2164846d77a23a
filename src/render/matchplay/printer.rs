//! What a match prints as it is played: its lines in the words of cutechess-cli or of
//! fastchess (`--output-format`), so the scripts and services that read those tools read this
//! (OpenBench reads cutechess-cli's `Finished game` lines, fishtest's worker fastchess's
//! `Games:` and `Ptnml(0-2):`). The printer keeps what the lines depend on between games:
//! which pairs are complete, when the last fastchess block was printed, and what the engines'
//! options held in the last game (fastchess's block names their threads and hash).

use std::collections::HashSet;

use super::fastchess::Setup;
use super::{cutechess, fastchess, finished_line};
use crate::matchplay::options::EngineOptions;
use crate::matchplay::schedule::Tournament;
use crate::matchplay::sprt::{Sprt, SprtState};
use crate::matchplay::tally::{Encounter, GameOutcome};
use crate::matchplay::{MatchEvent, MatchReport};

/// Whose lines the match prints.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum OutputFormat {
    /// cutechess-cli's: `Score of` after each game, `Elo difference`, `SPRT: llr` at the end.
    #[default]
    Cutechess,
    /// fastchess's: a `Results of` block every `--rating-interval` pairs (or games; ten by
    /// default) and at the end, with `Elo`/`nElo`, `Games: …`, `Ptnml(0-2): […]` and `LLR`.
    Fastchess,
}

/// What the match is, for its lines.
#[derive(Debug, Clone)]
pub struct MatchShape {
    /// The players' names, in the match's order.
    pub players: Vec<String>,
    /// The match plays game pairs (`--repeat`).
    pub pairs: bool,
    /// The first engine plays each of the others.
    pub gauntlet: bool,
    /// The SPRT the match runs, if any.
    pub sprt: Option<Sprt>,
    /// What fastchess's block says of the games' set-up.
    pub setup: Setup,
    /// fastchess's block comes every this many pairs (games without pairs); 0: only at the
    /// end.
    pub rating_interval: usize,
}

/// Prints a match's lines in one tool's words as its games finish, and its closing lines.
pub struct MatchPrinter {
    format: OutputFormat,
    shape: MatchShape,
    /// Pairs of which one game has finished.
    waiting: HashSet<usize>,
    /// Games that counted so far, and how many had when the last block was printed.
    counted: usize,
    block_at: Option<usize>,
}

impl MatchPrinter {
    /// A printer of `format`'s lines for a match of `shape`.
    pub fn new(format: OutputFormat, shape: MatchShape) -> MatchPrinter {
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
    pub fn event(&mut self, event: &MatchEvent<'_>) -> String {
        match event {
            MatchEvent::Started {
                number,
                of,
                first,
                second,
            } => format!("Started game {number} of {of} ({first} vs {second})\n"),
            // Scripts read these lines as cutechess-cli's or fastchess's: a warning goes to
            // stderr ([`MatchProgress::warn`](super::progress::MatchProgress::warn)).
            MatchEvent::PeerFileSkipped(_) => String::new(),
            MatchEvent::Finished {
                game,
                encounter,
                sprt,
                tally,
                options,
            } => {
                let mut out = finished_line(&game.record);
                if game.outcome().is_none() {
                    return out;
                }
                self.hold(options);
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
                        let interval = self.shape.rating_interval;
                        let due = if self.shape.pairs {
                            pair_done
                                && game
                                    .pair
                                    .is_some_and(|p| fastchess::block_due(interval, p + 1))
                        } else {
                            fastchess::block_due(interval, self.counted)
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

    /// The engines' options as they held them in the game just counted: fastchess names the
    /// threads and hash of the engines of that game. Only a two-engine match has the block
    /// that names them; an engine whose options were never set keeps what was known.
    fn hold(&mut self, options: &[EngineOptions]) {
        let [first, second] = self.shape.players.as_slice() else {
            return;
        };
        let of = |name: &String| options.iter().find(|o| o.engine == *name);
        if let (Some(a), Some(b)) = (of(first), of(second)) {
            self.shape.setup.held(a, b);
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
    pub fn closing(&mut self, report: &MatchReport) -> String {
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
pub fn merged_summary(report: &MatchReport, format: OutputFormat) -> (String, String) {
    let mut printer = MatchPrinter::new(
        format,
        MatchShape {
            players: report.players.clone(),
            pairs: report.plan.plays_pairs(),
            gauntlet: report.plan.tournament == Tournament::Gauntlet,
            sprt: report.sprt.as_ref().map(|s| s.settings),
            setup: Setup::default(),
            // No game is printed one by one: only the closing lines.
            rating_interval: 0,
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
    use crate::matchplay::tally::Tally;
    use crate::matchplay::termination::Termination;
    use crate::matchplay::{Colours, GameRecord, GameResult, Opening, PlayedGame};
    use crate::protocol::GameKind;

    /// Game `number` of a match between "new" and "base", "new" winning every game; in pairs
    /// (two consecutive games) when `pairs`.
    fn won(number: usize, pairs: bool) -> PlayedGame {
        let (first, second, result) = if number % 2 == 1 {
            ("new", "base", GameResult::FirstWins)
        } else {
            ("base", "new", GameResult::SecondWins)
        };
        PlayedGame {
            record: GameRecord {
                number,
                first: first.into(),
                second: second.into(),
                colours: Colours::new(GameKind::Chess, first, second),
                opening: Opening::default(),
                moves: Vec::new(),
                result,
                termination: Termination::Adjudication { winner: None },
                move_times_ms: Vec::new(),
                move_info: Vec::new(),
                overrun_ms: None,
                findings: Vec::new(),
                undeclared_options: Vec::new(),
                aborted: false,
            },
            pair: pairs.then_some((number - 1) / 2),
        }
    }

    fn fastchess(pairs: bool, rating_interval: usize) -> MatchPrinter {
        MatchPrinter::new(
            OutputFormat::Fastchess,
            MatchShape {
                players: vec!["new".into(), "base".into()],
                pairs,
                gauntlet: false,
                sprt: None,
                setup: Setup::default(),
                rating_interval,
            },
        )
    }

    /// Plays `order`'s games through `printer` (each engine's options as `options` holds
    /// them); returns the games counted when each block was printed, then everything printed.
    fn blocks(
        printer: &mut MatchPrinter,
        order: &[usize],
        pairs: bool,
        options: &[EngineOptions],
    ) -> (Vec<u64>, String) {
        let mut tally = Tally::new(&["new".to_owned(), "base".to_owned()]);
        let mut text = String::new();
        let mut counted = Vec::new();
        for &number in order {
            let game = won(number, pairs);
            let encounter = tally.add(game.outcome().unwrap()).cloned();
            let printed = printer.event(&MatchEvent::Finished {
                game: &game,
                encounter: encounter.as_ref(),
                sprt: None,
                tally: &tally,
                options,
            });
            for line in printed.lines() {
                if let Some(rest) = line.strip_prefix("Games: ") {
                    counted.push(rest.split(',').next().unwrap().parse().unwrap());
                }
            }
            text.push_str(&printed);
        }
        (counted, text)
    }

    #[test]
    fn fastchess_blocks_come_every_rating_interval_pairs_as_each_pair_completes() {
        // Interval 1: a block for each pair completed, two games more each time, whatever
        // order the games end in (with games played at once, pair 2 may complete first).
        let order = [1, 3, 4, 2, 5, 6];
        let (counted, _) = blocks(&mut fastchess(true, 1), &order, true, &[]);
        assert_eq!(counted, [2, 4, 6]);
        // Interval 2: after pairs number 2, 4, …, by their numbers, as fastchess counts them.
        let (counted, _) = blocks(&mut fastchess(true, 2), &[1, 2, 3, 4, 5, 6], true, &[]);
        assert_eq!(counted, [4]);
        // The default, ten: none within three pairs; 0: none at all between games.
        let (counted, _) = blocks(&mut fastchess(true, 10), &order, true, &[]);
        assert!(counted.is_empty(), "{counted:?}");
        let (counted, _) = blocks(&mut fastchess(true, 0), &order, true, &[]);
        assert!(counted.is_empty(), "{counted:?}");
    }

    #[test]
    fn without_pairs_the_interval_counts_games() {
        let (counted, _) = blocks(&mut fastchess(false, 2), &[1, 2, 3, 4, 5], false, &[]);
        assert_eq!(counted, [2, 4]);
        let (counted, _) = blocks(&mut fastchess(false, 0), &[1, 2, 3], false, &[]);
        assert!(counted.is_empty(), "{counted:?}");
    }

    #[test]
    fn the_block_names_the_threads_and_hash_the_engines_held() {
        let declared = |engine: &str, hash: &str| {
            EngineOptions::declared(engine, [("Threads", Some("1")), ("Hash", Some(hash))], &[])
        };
        let options = [declared("new", "16"), declared("base", "16")];
        let (_, text) = blocks(&mut fastchess(true, 1), &[1, 2], true, &options);
        assert!(
            text.contains("Results of new vs base (, 1t, 16MB):"),
            "{text}"
        );
        // Engines that differ are both named, the first engine's first.
        let options = [declared("base", "64"), declared("new", "16")];
        let (_, text) = blocks(&mut fastchess(true, 1), &[1, 2], true, &options);
        assert!(text.contains("(, 1t, 16MB - 64MB):"), "{text}");
        // An engine that declares no Threads option: NULL, as fastchess prints it.
        let none = EngineOptions::declared("base", [("Hash", Some("16"))], &[]);
        let options = [declared("new", "16"), none];
        let (_, text) = blocks(&mut fastchess(true, 1), &[1, 2], true, &options);
        assert!(text.contains("(, 1t - NULL, 16MB):"), "{text}");
    }

    fn printer() -> MatchPrinter {
        MatchPrinter::new(
            OutputFormat::Cutechess,
            MatchShape {
                players: vec!["a".into(), "b".into()],
                pairs: false,
                gauntlet: false,
                sprt: None,
                setup: Setup::default(),
                rating_interval: fastchess::RATING_INTERVAL,
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
