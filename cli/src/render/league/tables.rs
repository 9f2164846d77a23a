//! The league page's tables: standings (score, Elo with its error bar, LOS), the crosstable,
//! the game pairs' pentanomial counts, and the SPRT with its LLR over the games as a plot. The
//! figures are the match's own (`matchplay::tally`, `score`, `sprt`); only their writing is
//! the page's.

use serde::Serialize;

use arbiter::matchplay::score::CutechessElo;
use arbiter::matchplay::sprt::Decision;
use arbiter::matchplay::tally::{Encounter, Tally};
use arbiter::matchplay::{MatchReport, PlayedGame, Score};

/// One engine's row of the standings.
#[derive(Debug, Serialize)]
pub(super) struct StandingRow {
    rank: usize,
    name: String,
    games: u32,
    wins: u32,
    losses: u32,
    draws: u32,
    /// Points, draws counting half, of the games: `5.5/8`.
    points: String,
    /// The share of the points: `68.8 %`.
    share: String,
    /// The Elo difference against the field with half its 95% interval: `+131.1 ± 250.4`.
    elo: String,
    /// The likelihood of superiority: `93.1 %`.
    los: String,
}

/// The standings, best first, as the match ranks them.
pub(super) fn standings(report: &MatchReport) -> Vec<StandingRow> {
    report
        .standings
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let elo = CutechessElo::of(&s.score);
            StandingRow {
                rank: i + 1,
                name: s.name.clone(),
                games: s.score.games(),
                wins: s.score.wins,
                losses: s.score.losses,
                draws: s.score.draws,
                points: points(&s.score),
                share: percent(s.score.fraction() * 100.0),
                elo: format!("{} ± {}", signed(s.elo, 1), unsigned(s.elo_margin, 1)),
                los: percent(elo.los),
            }
        })
        .collect()
}

/// The crosstable: a row per engine, in the standings' order, with its score against each
/// other engine (none on the diagonal and against an engine it did not meet).
#[derive(Debug, Serialize)]
pub(super) struct Crosstable {
    names: Vec<String>,
    rows: Vec<CrossRow>,
}

#[derive(Debug, Serialize)]
struct CrossRow {
    name: String,
    cells: Vec<Option<CrossCell>>,
}

#[derive(Debug, Serialize)]
struct CrossCell {
    /// `3.5/6`.
    points: String,
    /// `+3 −2 =1`.
    title: String,
    /// `ahead`, `behind` or `even`, for its colour.
    class: &'static str,
}

pub(super) fn crosstable(report: &MatchReport) -> Crosstable {
    let names: Vec<String> = report.standings.iter().map(|s| s.name.clone()).collect();
    let rows = names
        .iter()
        .map(|row| CrossRow {
            name: row.clone(),
            cells: names
                .iter()
                .map(|column| {
                    let score = (row != column)
                        .then(|| between(&report.encounters, row, column))
                        .flatten()?;
                    let class = match (2 * score.wins + score.draws).cmp(&score.games()) {
                        std::cmp::Ordering::Greater => "ahead",
                        std::cmp::Ordering::Less => "behind",
                        std::cmp::Ordering::Equal => "even",
                    };
                    Some(CrossCell {
                        points: points(&score),
                        title: format!("+{} −{} ={}", score.wins, score.losses, score.draws),
                        class,
                    })
                })
                .collect(),
        })
        .collect();
    Crosstable { names, rows }
}

/// `a`'s score against `b`, from their encounter: turned round where `b` is listed first;
/// none before they have played.
fn between(encounters: &[Encounter], a: &str, b: &str) -> Option<Score> {
    encounters.iter().find_map(|e| {
        let s = e.score;
        if e.players == [a, b] {
            Some(s)
        } else if e.players == [b, a] {
            Some(Score {
                wins: s.losses,
                losses: s.wins,
                draws: s.draws,
            })
        } else {
            None
        }
        .filter(|s| s.games() > 0)
    })
}

/// An encounter's completed game pairs by the first engine's points in each.
#[derive(Debug, Serialize)]
pub(super) struct PairRow {
    players: [String; 2],
    /// Pairs worth 0, ½, 1, 1½ and 2 points to the first engine.
    counts: [u32; 5],
    pairs: u32,
    /// Of the one-point pairs, those of a win and a loss (the rest are two draws).
    win_loss: u32,
}

/// The pentanomial counts of each encounter; none when the match does not play pairs.
pub(super) fn pairs(report: &MatchReport) -> Vec<PairRow> {
    if !report.plan.plays_pairs() {
        return Vec::new();
    }
    report
        .encounters
        .iter()
        .map(|e| PairRow {
            players: e.players.clone(),
            counts: e.pentanomial.counts,
            pairs: e.pentanomial.pairs(),
            win_loss: e.pentanomial.win_loss,
        })
        .collect()
}

/// The SPRT as the page shows it: the test, where it stands, and its LLR over the games.
#[derive(Debug, Serialize)]
pub(super) struct SprtView {
    /// `H0: elo 0, H1: elo 5 (normalized), α 0.05, β 0.05`.
    test: String,
    llr: String,
    lower: String,
    upper: String,
    /// `H1 accepted`, `H0 accepted` or `going on`.
    decision: &'static str,
    /// `game pairs` or `games`.
    units: &'static str,
    plot: Plot,
}

/// The LLR after each game counted, as an SVG polyline between its two bounds.
#[derive(Debug, Serialize)]
struct Plot {
    width: f64,
    height: f64,
    /// The polyline's points, `x,y x,y …`, in the plot's own units.
    points: String,
    /// Heights of the lines at the lower bound, zero and the upper bound.
    lower_y: f64,
    zero_y: f64,
    upper_y: f64,
    /// Where the plot's area starts on the left (after the labels) and ends on the right.
    left: f64,
    right: f64,
    /// The last point, marked.
    last: Option<(f64, f64)>,
    /// Games counted, for the axis's end label.
    games: usize,
    /// The figures at the top and the bottom of the axis.
    top_label: String,
    bottom_label: String,
}

const PLOT_WIDTH: f64 = 640.0;
const PLOT_HEIGHT: f64 = 220.0;
const PLOT_LEFT: f64 = 44.0;
const PLOT_RIGHT: f64 = 12.0;
const PLOT_MARGIN: f64 = 14.0;

/// The SPRT's view; none when the match has no SPRT.
pub(super) fn sprt(report: &MatchReport) -> Option<SprtView> {
    let sprt = report.sprt?;
    let (test, state) = (sprt.settings, sprt.state);
    let model = match test.model {
        arbiter::matchplay::sprt::EloModel::Normalized => "normalized",
        arbiter::matchplay::sprt::EloModel::Logistic => "logistic",
    };
    let history = llr_history(report);
    Some(SprtView {
        test: format!(
            "H0: Elo {}, H1: Elo {} ({model} Elo), α {}, β {}",
            test.elo0, test.elo1, test.alpha, test.beta
        ),
        llr: signed(state.llr, 2),
        lower: signed(state.lbound, 2),
        upper: signed(state.ubound, 2),
        decision: match state.decision {
            Some(Decision::H1) => "H1 accepted",
            Some(Decision::H0) => "H0 accepted",
            None => "going on",
        },
        units: if state.pentanomial {
            "game pairs"
        } else {
            "games"
        },
        plot: plot(&history, state.lbound, state.ubound),
    })
}

/// The LLR after each game counted, in the order of the games' numbers (the order a merged
/// match has; a match played some games at once finishes them in another, which changes the
/// path, never its end), from the match's own test and tally. Over pairs it moves only when
/// a pair is complete. Empty without an SPRT, or with other than two engines.
pub(crate) fn llr_history(report: &MatchReport) -> Vec<f64> {
    let Some(sprt) = report.sprt else {
        return Vec::new();
    };
    if report.players.len() != 2 {
        return Vec::new();
    }
    let pairs = sprt.state.pentanomial;
    let mut tally = Tally::new(&report.players);
    report
        .games
        .iter()
        .filter_map(PlayedGame::outcome)
        .filter_map(|outcome| {
            let encounter = tally.add(outcome)?;
            let state = sprt
                .settings
                .state(&encounter.score, pairs.then_some(&encounter.pentanomial));
            Some(state.llr)
        })
        .collect()
}

/// The plot of `history` between `lower` and `upper`: the axis spans both bounds and every
/// value, a little beyond.
fn plot(history: &[f64], lower: f64, upper: f64) -> Plot {
    // Before both engines' first result the LLR may be undefined: nothing to draw there.
    let finite = |x: &f64| x.is_finite();
    let top = history.iter().copied().filter(finite).fold(upper, f64::max);
    let bottom = history.iter().copied().filter(finite).fold(lower, f64::min);
    let span = (top - bottom).max(f64::EPSILON);
    let inner = PLOT_HEIGHT - 2.0 * PLOT_MARGIN;
    let y = |v: f64| PLOT_MARGIN + (top - v) / span * inner;
    let width = PLOT_WIDTH - PLOT_LEFT - PLOT_RIGHT;
    let x = |i: usize| PLOT_LEFT + width * (i as f64) / (history.len().max(1) as f64);
    let drawn: Vec<(f64, f64)> = history
        .iter()
        .enumerate()
        .filter(|(_, v)| v.is_finite())
        .map(|(i, &v)| (x(i + 1), y(v)))
        .collect();
    let points = std::iter::once((x(0), y(0.0)))
        .chain(drawn.iter().copied())
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ");
    Plot {
        width: PLOT_WIDTH,
        height: PLOT_HEIGHT,
        points,
        lower_y: tenths(y(lower)),
        zero_y: tenths(y(0.0)),
        upper_y: tenths(y(upper)),
        left: PLOT_LEFT,
        right: PLOT_WIDTH - PLOT_RIGHT,
        last: drawn.last().map(|&(x, y)| (tenths(x), tenths(y))),
        games: history.len(),
        top_label: signed(top, 1),
        bottom_label: signed(bottom, 1),
    }
}

/// A coordinate to a tenth of the plot's unit: finer does not show.
fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// `5.5/8`, `1.0/2`: with its decimal always, so that one point of two never reads as a half.
fn points(score: &Score) -> String {
    format!("{:.1}/{}", score.points(), score.games())
}

/// A share in percent, one decimal; a dash where it is undefined (no game yet).
fn percent(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1} %")
    } else {
        "—".to_owned()
    }
}

/// A figure with its sign: `+29.0`, `−4.1`, `+∞` after a sweep, a dash where undefined; a
/// figure that rounds to zero is `+0.0`, whichever side it came from.
fn signed(x: f64, decimals: usize) -> String {
    let text = format!("{x:+.decimals$}");
    if x.is_finite() && text[1..].chars().all(|c| c == '0' || c == '.') {
        return format!("+{}", &text[1..]);
    }
    if x.is_nan() {
        "—".to_owned()
    } else if x.is_infinite() {
        if x > 0.0 { "+∞" } else { "−∞" }.to_owned()
    } else {
        format!("{x:+.decimals$}").replace('-', "−")
    }
}

/// A figure without a sign (an error margin): `109.2`, `∞`, a dash where undefined.
fn unsigned(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        "—".to_owned()
    } else if x.is_infinite() {
        "∞".to_owned()
    } else {
        format!("{x:.decimals$}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_written_with_their_signs_and_dashes_where_undefined() {
        assert_eq!(signed(29.04, 1), "+29.0");
        assert_eq!(signed(-4.14, 1), "−4.1");
        assert_eq!(signed(f64::INFINITY, 1), "+∞");
        assert_eq!(signed(f64::NAN, 1), "—");
        assert_eq!(signed(-0.01, 1), "+0.0");
        assert_eq!(unsigned(109.21, 1), "109.2");
        assert_eq!(percent(f64::NAN), "—");
        let score = Score {
            wins: 5,
            losses: 2,
            draws: 1,
        };
        assert_eq!(points(&score), "5.5/8");
    }

    #[test]
    fn the_plot_spans_both_bounds_and_every_value() {
        let plot = plot(&[0.5, -1.0, 4.0], -2.94, 2.94);
        // The top is the highest value, 4.0; the bottom the lower bound.
        assert!((plot.upper_y - PLOT_MARGIN) > 0.0 && plot.lower_y <= PLOT_HEIGHT - PLOT_MARGIN);
        assert_eq!(plot.top_label, "+4.0");
        assert_eq!(plot.bottom_label, "−2.9");
        // The path starts at zero before any game, and ends at the last game on the right.
        assert_eq!(plot.points.split(' ').count(), 4);
        assert_eq!(plot.last.map(|(x, _)| x), Some(PLOT_WIDTH - PLOT_RIGHT));
    }
}
