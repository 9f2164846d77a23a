//! One scenario as the HTML report shows it: its findings with their requirement sentences, the
//! latency of each timed reply against its bound, and every line on a time axis.

use std::collections::HashMap;

use serde::Serialize;

use arbiter::certify::Requirement;
use arbiter::check::{Grade, Outcome};
use arbiter::protocol::ReqId;
use arbiter::render::cited::{RequirementRef, requirement_ref};
use arbiter::report::ScenarioRun;
use arbiter::session::{Direction, Entry};

/// Runs of search reports longer than this are folded, their first and last lines left out.
const FOLD_AFTER: usize = 6;
/// The time axis draws at most this many ticks a scenario (a flood is sampled).
const MAX_TICKS: usize = 2000;
/// Width of the time axis in SVG units.
const AXIS: f64 = 1000.0;

#[derive(Serialize)]
pub(super) struct ScenarioView {
    pub anchor: String,
    pub name: String,
    pub title: String,
    pub spec: String,
    /// `pass`, `warn`, `fail` or `not-run`.
    pub grade: &'static str,
    pub duration_ms: String,
    pub not_run: Option<String>,
    pub aborted: Option<String>,
    /// Steps not judged, each with its rows and the finding that blocked it.
    pub blocked: Vec<String>,
    /// What the GUI did after each stress of the stand-in.
    pub notes: Vec<String>,
    pub harness_error: Option<String>,
    pub findings: Vec<FindingView>,
    pub bars: Vec<BarView>,
    pub ticks: Vec<TickView>,
    pub span_ms: String,
    pub blocks: Vec<Block>,
}

#[derive(Serialize)]
pub(super) struct FindingView {
    /// `s{scenario}-f{n}`, for the requirement matrix to link to.
    pub anchor: String,
    pub check: String,
    pub grade: &'static str,
    pub message: String,
    pub requirements: Vec<RequirementRef>,
    /// The anchor of the line it points at.
    pub line: Option<String>,
    pub detail: Vec<DetailLine>,
}

#[derive(Serialize)]
pub(super) struct DetailLine {
    pub text: String,
    /// `added`, `removed` or `context`, for a diff.
    pub class: &'static str,
}

/// A measured latency drawn against its bound.
#[derive(Serialize)]
pub(super) struct BarView {
    pub check: String,
    pub grade: &'static str,
    /// `bounded` when drawn against its bound.
    pub scale: &'static str,
    pub latency_ms: String,
    pub bound_ms: Option<String>,
    /// Widths in percent of the bar's scale (the larger of latency and bound, and a margin).
    pub latency_pct: String,
    pub bound_pct: Option<String>,
}

#[derive(Serialize)]
pub(super) struct TickView {
    pub x: String,
    /// Sent lines above the middle, received and stderr below, findings across.
    pub y: u8,
    pub height: u8,
    /// `sent`, `received`, `stderr` or `finding-fail` / `finding-warn`.
    pub class: String,
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(super) enum Block {
    Line(LineView),
    Folded { count: usize, lines: Vec<LineView> },
}

#[derive(Serialize)]
pub(super) struct LineView {
    pub anchor: String,
    pub t_ms: String,
    /// `>` sent, `<` received, `!` stderr, `…` omitted.
    pub mark: &'static str,
    pub class: &'static str,
    pub text: String,
    /// The worst grade of a finding that points at this line.
    pub finding: Option<&'static str>,
}

/// Builds the view of one run; `index` makes anchors unique in the page.
pub(super) fn view(
    index: usize,
    run: &ScenarioRun,
    statements: &HashMap<ReqId, Requirement>,
) -> ScenarioView {
    let anchor = format!("s{index}");
    let grade = if run.end.not_run().is_some() {
        "not-run"
    } else {
        run.grade().as_str()
    };
    let mut pointed: HashMap<u64, Grade> = HashMap::new();
    for o in run.outcomes.iter().filter(|o| o.grade != Grade::Pass) {
        if let Some(at) = o.at {
            let worst = pointed.entry(at.seq).or_insert(o.grade);
            *worst = (*worst).max(o.grade);
        }
    }
    let line_anchor = |seq: u64| format!("{anchor}-l{seq}");
    let findings = run
        .outcomes
        .iter()
        .filter(|o| o.grade != Grade::Pass)
        .enumerate()
        .map(|(n, o)| FindingView {
            anchor: finding_anchor(index, n),
            ..finding(o, statements, o.at.map(|at| line_anchor(at.seq)))
        })
        .collect();
    let largest_latency = run
        .outcomes
        .iter()
        .filter_map(|o| o.latency_us)
        .max()
        .unwrap_or(0);
    let entries = &run.transcript.entries;
    let span_us = entries
        .iter()
        .map(|e| e.at.us)
        .chain(run.transcript.exit.as_ref().map(|e| e.at_us))
        .max()
        .unwrap_or(0)
        .max(1);
    ScenarioView {
        name: run.scenario.name.clone(),
        title: run.scenario.title.clone(),
        spec: run.scenario.spec.clone(),
        grade,
        duration_ms: format!("{:.1}", run.duration_us as f64 / 1000.0),
        not_run: run.end.not_run().map(str::to_owned),
        aborted: run.end.aborted().map(str::to_owned),
        blocked: run
            .blocked
            .iter()
            .map(arbiter::render::human::blocked_line)
            .collect(),
        notes: run.notes.clone(),
        harness_error: run.end.harness_error().map(str::to_owned),
        findings,
        bars: run
            .outcomes
            .iter()
            .filter_map(|o| bar(o, largest_latency))
            .collect(),
        ticks: ticks(entries, span_us, &pointed),
        span_ms: format!("{:.1}", span_us as f64 / 1000.0),
        blocks: blocks(entries, &pointed, &line_anchor, run),
        anchor,
    }
}

fn finding(
    o: &Outcome,
    statements: &HashMap<ReqId, Requirement>,
    line: Option<String>,
) -> FindingView {
    FindingView {
        anchor: String::new(),
        check: o.check.to_string(),
        grade: o.grade.as_str(),
        message: o.message.clone(),
        requirements: o
            .requirements
            .iter()
            .map(|id| requirement_ref(id, statements))
            .collect(),
        line,
        detail: o
            .detail
            .iter()
            .flat_map(|d| d.lines())
            .map(|text| DetailLine {
                class: match text.chars().next() {
                    Some('+') => "added",
                    Some('-') => "removed",
                    _ => "context",
                },
                text: text.to_owned(),
            })
            .collect(),
    }
}

/// The anchor of a scenario's `n`-th finding (its `n`-th outcome that did not pass).
pub(super) fn finding_anchor(scenario: usize, n: usize) -> String {
    format!("s{scenario}-f{n}")
}

/// A latency as a bar: against its bound where it has one (the bound drawn as a mark), else
/// against the largest latency of the scenario, so unbounded bars compare with each other.
fn bar(o: &Outcome, largest: u64) -> Option<BarView> {
    let latency = o.latency_us?;
    let scale = (o.bound_us.unwrap_or(largest).max(latency) as f64 * 1.1).max(1.0);
    let pct = |us: u64| format!("{:.2}", us as f64 / scale * 100.0);
    Some(BarView {
        check: o.check.to_string(),
        grade: o.grade.as_str(),
        scale: if o.bound_us.is_some() {
            "bounded"
        } else {
            "unbounded"
        },
        latency_ms: format!("{:.1}", latency as f64 / 1000.0),
        bound_ms: o.bound_us.map(|b| format!("{:.0}", b as f64 / 1000.0)),
        latency_pct: pct(latency),
        bound_pct: o.bound_us.map(pct),
    })
}

fn ticks(entries: &[Entry], span_us: u64, pointed: &HashMap<u64, Grade>) -> Vec<TickView> {
    let step = entries.len().div_ceil(MAX_TICKS).max(1);
    let x = |us: u64| format!("{:.1}", us as f64 / span_us as f64 * AXIS);
    let mut ticks: Vec<TickView> = entries
        .iter()
        .enumerate()
        .filter(|(i, e)| i % step == 0 || e.direction == Direction::Sent)
        .filter_map(|(_, e)| {
            let class = match e.direction {
                Direction::Sent => "sent",
                Direction::Received => "received",
                Direction::Stderr => "stderr",
                Direction::Omitted => return None,
            };
            let y = if e.direction == Direction::Sent {
                2
            } else {
                22
            };
            Some(TickView {
                x: x(e.at.us),
                y,
                height: 16,
                class: class.to_owned(),
            })
        })
        .collect();
    // Findings last, so they are drawn on top.
    ticks.extend(entries.iter().filter_map(|e| {
        pointed.get(&e.at.seq).map(|g| TickView {
            x: x(e.at.us),
            y: 0,
            height: 40,
            class: format!("finding-{}", g.as_str()),
        })
    }));
    ticks
}

fn blocks(
    entries: &[Entry],
    pointed: &HashMap<u64, Grade>,
    anchor: &dyn Fn(u64) -> String,
    run: &ScenarioRun,
) -> Vec<Block> {
    let facts = run.scenario.protocol.facts();
    let foldable =
        |e: &Entry| e.direction == Direction::Received && facts.is_search_report(&e.text);
    let line = |e: &Entry| LineView {
        anchor: anchor(e.at.seq),
        t_ms: format!("{:.3}", e.at.us as f64 / 1000.0),
        mark: match e.direction {
            Direction::Sent => ">",
            Direction::Received => "<",
            Direction::Stderr => "!",
            Direction::Omitted => "…",
        },
        class: match e.direction {
            Direction::Sent => "sent",
            Direction::Received => "received",
            Direction::Stderr => "stderr",
            Direction::Omitted => "omitted",
        },
        text: e.text.clone(),
        finding: pointed.get(&e.at.seq).map(|g| g.as_str()),
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < entries.len() {
        let run_len = entries[i..]
            .iter()
            .take_while(|e| foldable(e) && !pointed.contains_key(&e.at.seq))
            .count();
        if run_len > FOLD_AFTER {
            // Keep the first and last two in sight; fold the middle.
            for e in &entries[i..i + 2] {
                out.push(Block::Line(line(e)));
            }
            let middle = &entries[i + 2..i + run_len - 2];
            out.push(Block::Folded {
                count: middle.len(),
                lines: middle.iter().map(line).collect(),
            });
            for e in &entries[i + run_len - 2..i + run_len] {
                out.push(Block::Line(line(e)));
            }
            i += run_len;
        } else {
            out.push(Block::Line(line(&entries[i])));
            i += 1;
        }
    }
    out
}
