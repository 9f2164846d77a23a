//! What a match prints, in cutechess-cli's words so scripts that read its output read this
//! (`Started game`, `Finished game`, `Score of`, `Elo difference`, `SPRT`), fastchess's
//! `Ptnml(0-2)` for game pairs, a standings table for more than two engines, JUnit XML for CI,
//! and a progress bar on a terminal.

use std::fmt::Write as _;

use indicatif::{ProgressBar, ProgressStyle};
use quick_junit::{NonSuccessKind, Report as JUnitReport, TestCase, TestCaseStatus, TestSuite};

use crate::check::Grade;
use crate::matchplay::sprt::SprtState;
use crate::matchplay::tally::{Encounter, Standing};
use crate::matchplay::{GameRecord, MatchEvent, PlayedGame, Score};
use crate::report::join_ids;

/// The words of a termination that say an engine broke the rules or the protocol, or would
/// not move (a brain that answers a move request with `ERROR`). A board size an engine
/// declines is not among them: the text lets it decline.
const FAULTS: [&str; 5] = [
    "illegal move",
    "loses on time",
    "disconnects",
    "stalls",
    "refuses to move",
];

/// Whether a game ended by an engine's own fault or one failed a protocol check.
pub fn game_is_faulty(game: &GameRecord) -> bool {
    game.findings.iter().any(|f| f.outcome.grade == Grade::Fail)
        || FAULTS.iter().any(|w| game.termination.contains(w))
}

pub fn event_line(event: &MatchEvent<'_>) -> String {
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
        } => {
            let mut line = finished_line(&game.record);
            if let Some(e) = encounter {
                line.push_str(&score_line(e));
            }
            if let Some(state) = sprt.filter(|s| s.decision.is_some()) {
                let _ = writeln!(line, "{}", state.line());
            }
            line
        }
    }
}

/// `Finished game N (A vs B): 1-0 {…}`; a game that was not played (its opening could not
/// be) shows `*`, as PGN writes an unfinished game.
pub fn finished_line(record: &GameRecord) -> String {
    format!(
        "Finished game {} ({} vs {}): {} {{{}}}\n",
        record.number,
        record.first,
        record.second,
        if record.aborted {
            "*"
        } else {
            record.result.as_str()
        },
        record.termination
    )
}

/// `Score of A vs B: W - L - D  [0.523] N`.
pub fn score_line(e: &Encounter) -> String {
    let s = &e.score;
    format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}\n",
        e.players[0],
        e.players[1],
        s.wins,
        s.losses,
        s.draws,
        s.fraction(),
        s.games()
    )
}

/// The match's last lines: per encounter of two engines the Elo difference with its error
/// bar, LOS and draw ratio, the pairs and the SPRT; for more engines the standings.
pub fn closing_lines(
    encounters: &[Encounter],
    standings: &[Standing],
    sprt: Option<&SprtState>,
) -> String {
    let mut out = String::new();
    if standings.len() > 2 {
        out.push_str(&standings_table(standings));
    } else {
        for e in encounters {
            out.push_str(&elo_line(&e.score));
            if e.pentanomial.pairs() > 0 {
                let c = e.pentanomial.counts;
                let _ = writeln!(
                    out,
                    "Ptnml(0-2): {}, {}, {}, {}, {}",
                    c[0], c[1], c[2], c[3], c[4]
                );
            }
        }
        if let Some(state) = sprt {
            let _ = writeln!(out, "{}", state.line());
        }
    }
    out.push_str("Finished match\n");
    out
}

/// cutechess-cli writes an all-or-nothing score's Elo as `inf +/- nan`.
fn number(x: f64) -> String {
    if x.is_nan() {
        "nan".to_owned()
    } else {
        format!("{:.1}", x + 0.0)
    }
}

fn elo_line(score: &Score) -> String {
    let (elo, margin) = score.elo();
    format!(
        "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {:.1} %\n",
        number(elo),
        number(margin),
        score.los() * 100.0,
        score.draw_ratio() * 100.0
    )
}

/// cutechess-cli's rank table.
fn standings_table(standings: &[Standing]) -> String {
    let width = standings
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!(
        "Rank {:<width$} {:>7} {:>7} {:>7} {:>7} {:>7}\n",
        "Name", "Elo", "+/-", "Games", "Score", "Draw"
    );
    for (rank, s) in standings.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:>4} {:<width$} {:>7} {:>7} {:>7} {:>6.1}% {:>6.1}%",
            rank + 1,
            s.name,
            number(s.elo),
            number(s.elo_margin),
            s.score.games(),
            s.score.fraction() * 100.0,
            s.score.draw_ratio() * 100.0
        );
    }
    out
}

/// The protocol findings of the whole match, for stderr: per engine and check, how often, the
/// rows it cites and its first message; each failure also with the transcript around its
/// first occurrence. (Every occurrence, with its excerpt, is in the JSON results.)
pub fn findings_summary(games: &[PlayedGame]) -> String {
    let mut seen: Vec<(String, String, Grade, usize, &crate::matchplay::Finding)> = Vec::new();
    for finding in games.iter().flat_map(|g| &g.record.findings) {
        let check = finding.outcome.check.to_string();
        match seen
            .iter_mut()
            .find(|(engine, c, ..)| *engine == finding.engine && *c == check)
        {
            Some(entry) => entry.3 += 1,
            None => seen.push((
                finding.engine.clone(),
                check,
                finding.outcome.grade,
                1,
                finding,
            )),
        }
    }
    if seen.is_empty() {
        return String::new();
    }
    // Failures first, then warnings; each group in the order they first came.
    seen.sort_by_key(|(.., grade, _, _)| std::cmp::Reverse(*grade));
    let mut out = String::from("Protocol findings (each with its transcript in the --out JSON):\n");
    for (engine, check, grade, count, first) in seen {
        let _ = writeln!(
            out,
            "  {engine}: {} {check} x{count} ({}): {}",
            grade.as_str(),
            join_ids(&first.outcome.requirements),
            first.outcome.message
        );
        if grade == Grade::Fail {
            for line in &first.excerpt {
                let _ = writeln!(out, "      {line}");
            }
        }
    }
    out
}

/// JUnit XML: a suite per encounter, a case per game, failed when an engine lost by its own
/// fault or failed a protocol check, with the termination and the findings as the message.
pub fn junit(title: &str, games: &[PlayedGame]) -> String {
    let mut junit = JUnitReport::new(title);
    let mut suites: Vec<(String, TestSuite)> = Vec::new();
    for game in games.iter().map(|g| &g.record) {
        let mut pair = [game.first.clone(), game.second.clone()];
        pair.sort();
        let name = format!("{} vs {}", pair[0], pair[1]);
        let index = match suites.iter().position(|(n, _)| *n == name) {
            Some(i) => i,
            None => {
                suites.push((name.clone(), TestSuite::new(name.clone())));
                suites.len() - 1
            }
        };
        let case_name = format!(
            "game {} ({} vs {}): {} {{{}}}",
            game.number,
            game.first,
            game.second,
            game.result.as_str(),
            game.termination
        );
        let status = if game_is_faulty(game) {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
            status.set_message(game.termination.clone());
            let findings: Vec<String> = game
                .findings
                .iter()
                .filter(|f| f.outcome.grade == Grade::Fail)
                .map(|f| {
                    format!(
                        "{}: {} {}\n{}",
                        f.engine,
                        f.outcome.check,
                        f.outcome.message,
                        f.excerpt.join("\n")
                    )
                })
                .collect();
            status.set_description(findings.join("\n"));
            status
        } else {
            TestCaseStatus::success()
        };
        let mut case = TestCase::new(case_name, status);
        case.set_classname(name);
        let millis: f64 = game.move_times_ms.iter().sum();
        case.set_time(std::time::Duration::from_secs_f64(millis / 1000.0));
        suites[index].1.add_test_case(case);
    }
    for (_, suite) in suites {
        junit.add_test_suite(suite);
    }
    // quick-junit writes to a String; only a formatting bug could make that fail.
    junit.to_string().expect("JUnit XML serialises")
}

/// A bar on stderr when it is a terminal: games finished of those this run plays.
pub struct MatchProgress {
    bar: Option<ProgressBar>,
}

impl MatchProgress {
    pub fn for_stderr(games: usize) -> MatchProgress {
        use std::io::IsTerminal;
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(games as u64);
            if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}") {
                bar.set_style(style);
            }
            bar
        });
        MatchProgress { bar }
    }

    /// Prints lines to stdout without tearing the bar.
    pub fn print(&self, text: &str) {
        use std::io::Write as _;
        let write = || {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
        };
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    pub fn finished(&self, score: Option<&Encounter>) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
            if let Some(e) = score {
                bar.set_message(format!(
                    "{} vs {}: {} - {} - {}",
                    e.players[0], e.players[1], e.score.wins, e.score.losses, e.score.draws
                ));
            }
        }
    }

    pub fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
