//! The league page (`arbiter match --html FILE`, and `match merge` and `match status` with
//! `--html`): one self-contained page of a match — its standings (score, Elo with its error
//! bar, LOS), crosstable, game pairs and the SPRT's LLR over the games — and every game
//! replayable on a board drawn by the page's script, each move with its time and its engine's
//! last search report, and each protocol finding marked at the move it came in.
//!
//! Like the HTML report (`render/html/`), the page is a minijinja template with its style and
//! script inlined, and it requests nothing: its Content-Security-Policy allows no source, so
//! it works from `file://`, a CI artefact or a shared results folder alike. The tables are
//! rendered here; the games go into the page as JSON ([`games::data`]) and the script draws
//! the board of the one game shown (xiangqi, chess, gomoku and renju as inline SVG), so a page
//! of a thousand games stays light to load.
//!
//! While the match is played, the command line rewrites the page whole (`cli/matchplay/
//! league_page.rs`); the page of a match in play reloads itself every [`RELOAD`], keeping the
//! game and move shown (they are in the address: `#game=12&ply=34`), and the final page does
//! not.

mod games;
mod tables;

use std::time::Duration;

use minijinja::{Environment, Value, context};
use serde::Serialize;

use arbiter::matchplay::MatchReport;
use arbiter::matchplay::schedule::Tournament;

const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("style.css");
const SCRIPT: &str = include_str!("script.js");

/// How often the page of a match in play reloads itself: a little longer than the command
/// line's shortest time between two rewrites, so most reloads bring something new.
pub(crate) const RELOAD: Duration = Duration::from_secs(3);

/// Where the match stood when the page was written.
pub(crate) enum Moment<'a> {
    /// Being played: the page reloads itself, and names the games in progress.
    Playing {
        /// The games started and not finished yet.
        in_progress: &'a [InProgress],
    },
    /// Over, or stopped by a signal (`interrupted`): the page stays as it is.
    Over {
        /// Ended by Ctrl-C or SIGTERM before every game was played.
        interrupted: bool,
    },
    /// `arbiter match merge`: the games of its parts.
    Merged,
    /// `arbiter match status`: the workers' games so far, `playing` of them still playing.
    Snapshot {
        /// Workers still playing.
        playing: usize,
    },
}

/// A game being played, as the page of a match in play names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct InProgress {
    /// Its number in the whole match.
    pub number: usize,
    /// The engine of the first colour, and the other.
    pub first: String,
    pub second: String,
}

/// The page's head: which match, and where it stands.
#[derive(Serialize)]
struct Head {
    title: String,
    game: String,
    control: String,
    openings: Option<String>,
    plan: String,
    /// Games counted (not aborted) of the games the plan has.
    played: usize,
    planned: usize,
    aborted: usize,
    state: String,
    in_progress: Vec<InProgress>,
    /// Milliseconds before the page reloads itself; none for a page that does not.
    reload_ms: Option<u64>,
    /// The same in seconds, for the reload without the script.
    reload_seconds: u64,
    version: &'static str,
    rendered: String,
}

/// The league page of `report`, as it stands at `moment`.
pub(crate) fn page(report: &MatchReport, moment: &Moment<'_>) -> String {
    let head = head(report, moment);
    let data = games::data(report, head.reload_ms);
    render(context! {
        head,
        standings => tables::standings(report),
        crosstable => tables::crosstable(report),
        pairs => tables::pairs(report),
        sprt => tables::sprt(report),
        games => games::rows(report),
        engines => games::findings_by_engine(report),
        data => Value::from_safe_string(script_json(&data)),
        style => Value::from_safe_string(STYLE.to_owned()),
        script => Value::from_safe_string(SCRIPT.to_owned()),
    })
}

fn head(report: &MatchReport, moment: &Moment<'_>) -> Head {
    let played = report.games.iter().filter(|g| !g.record.aborted).count();
    let planned = report.plan.total(report.players.len());
    let (state, in_progress, reload) = match moment {
        Moment::Playing { in_progress } => (
            format!(
                "playing: {played} of {planned} games finished; this page reloads every {} s",
                RELOAD.as_secs()
            ),
            in_progress.to_vec(),
            Some(RELOAD.as_millis() as u64),
        ),
        Moment::Over { interrupted: false } => ("finished".to_owned(), Vec::new(), None),
        Moment::Over { interrupted: true } => (
            "interrupted: the games finished before the signal".to_owned(),
            Vec::new(),
            None,
        ),
        Moment::Merged => ("merged from its parts".to_owned(), Vec::new(), None),
        Moment::Snapshot { playing } => (
            format!("the workers' games so far ({playing} workers still playing)"),
            Vec::new(),
            None,
        ),
    };
    let tournament = match report.plan.tournament {
        Tournament::RoundRobin => "round robin",
        Tournament::Gauntlet => "gauntlet",
    };
    let plan = report.plan;
    let mut plan_text = format!(
        "{tournament}, {} games per encounter, {} round{}",
        plan.games,
        plan.rounds,
        if plan.rounds == 1 { "" } else { "s" }
    );
    if plan.plays_pairs() {
        plan_text.push_str(", game pairs (each opening with colours swapped)");
    }
    if let Some((k, n)) = plan.partition {
        plan_text.push_str(&format!(", share {k}/{n}"));
    }
    Head {
        title: format!("arbiter match: {}", report.players.join(" vs ")),
        game: report.game.to_string(),
        control: report.control.clone(),
        openings: report.openings.clone(),
        plan: plan_text,
        played,
        planned,
        aborted: report.games.len() - played,
        state,
        in_progress,
        reload_ms: reload,
        reload_seconds: RELOAD.as_secs(),
        version: env!("CARGO_PKG_VERSION"),
        rendered: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
    }
}

/// JSON to put inside a `<script>` element: the element's text ends at the first `</`, and
/// an HTML parser reads `<!--` there too, so every `<` (and, for good measure, `>` and `&`)
/// is written as its JSON escape, which `JSON.parse` reads back as the character.
fn script_json(value: &impl Serialize) -> String {
    let json = serde_json::to_string(value).expect("the page's data is plain JSON");
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

fn render(ctx: Value) -> String {
    let mut env = Environment::new();
    // Named `.html`, so every value is HTML-escaped but the style, the script and the data,
    // which are passed as safe strings (our own text, and JSON escaped for a script element).
    env.add_template("league.html", PAGE)
        .and_then(|()| env.get_template("league.html")?.render(ctx))
        .unwrap_or_else(|e| panic!("the league page's template is part of the program: {e:#}"))
}

#[cfg(test)]
mod tests;
