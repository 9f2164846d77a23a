//! The HTML report: one self-contained page (inline CSS, script and SVG, no request leaves the
//! page), rendered from the same report model as the other formats with a template.
//!
//! A run or a certification shows its verdict and counts, a requirement matrix (filterable by
//! verdict and level), and each scenario's findings, latency bars against their bounds and
//! every line on a time axis. `arbiter report merge` puts several reports' matrices side by
//! side, an engine per column.

mod scenario;

use std::collections::HashMap;

use minijinja::{Environment, context};
use serde::Serialize;

use arbiter::certify::{Certification, Requirement, RequirementVerdict, Verdict};
use arbiter::check::Grade;
use arbiter::fuzz::report::FuzzReport;
use arbiter::protocol::{Protocol, ReqId};
use arbiter::render::cited::{self, RequirementRef, statements_of};
use arbiter::render::merge::Matrix;
use arbiter::render::{Document, Render, Unsupported, human};
use arbiter::report::Report;
use arbiter::report::{Conclusion, EngineInfo, ScenarioRun};
use scenario::ScenarioView;

/// One self-contained HTML page.
pub(crate) struct Html;

impl Render for Html {
    fn render(&self, doc: &Document<'_>) -> Result<String, Unsupported> {
        match *doc {
            Document::Run(report) => Ok(render_run(report)),
            Document::Certification(c) => Ok(render_certification(c)),
            Document::Fuzz(f) => Ok(render_fuzz(f)),
            Document::Merge(matrix) => Ok(render_merge(matrix)),
            Document::Match { .. }
            | Document::MatchStatus { .. }
            | Document::Checks(_)
            | Document::Coverage(_) => Err(doc.unsupported(crate::render::Format::Html.name())),
        }
    }
}

const BASE: &str = include_str!("base.html");
const PAGE: &str = include_str!("page.html");
const MERGE: &str = include_str!("merge.html");
const STYLE: &str = include_str!("style.css");
const SCRIPT: &str = include_str!("script.js");

/// The page's head: what was run, on what, and how it went.
#[derive(Serialize)]
struct Summary {
    title: String,
    command: String,
    protocol: String,
    engine: String,
    engine_name: Option<String>,
    engine_author: Option<String>,
    version: &'static str,
    rendered: String,
    verdict: &'static str,
    verdict_label: String,
    counts: Vec<Count>,
    parallelism: Option<String>,
}

#[derive(Serialize)]
struct Count {
    label: &'static str,
    class: &'static str,
    n: usize,
}

/// One row of the requirement matrix.
#[derive(Serialize)]
struct RequirementRow {
    section: &'static str,
    requirement: RequirementRef,
    verdict: &'static str,
    verdict_label: &'static str,
    /// The findings behind a fail or a warning (`scenario: check: message`), with anchors.
    findings: Vec<(String, String)>,
    /// Scenarios with an outcome citing it, with their anchors.
    scenarios: Vec<(String, String)>,
}

/// A fuzzing run's page: the minimal failing cases' runs, and the state × command matrix.
pub(crate) fn render_fuzz(f: &FuzzReport) -> String {
    let mut summary_and_rows = run_parts(&f.report);
    summary_and_rows.0.title = format!("arbiter fuzz: {} engine", f.report.protocol);
    summary_and_rows.0.command = format!("arbiter fuzz --seed {}", f.seed);
    summary_and_rows.0.verdict_label = format!(
        "{} — {}",
        summary_and_rows.0.verdict_label,
        f.summary_line()
    );
    let (summary, rows) = summary_and_rows;
    let coverage = CoverageView::of(&f.coverage);
    page(
        summary,
        rows,
        f.report.protocol,
        &f.report.runs,
        Some(coverage),
    )
}

/// The state × command matrix as a table: a row per state, a column per command.
#[derive(Serialize)]
struct CoverageView {
    commands: Vec<String>,
    rows: Vec<(String, Vec<CoverageCell>)>,
    reached: usize,
    allowed: usize,
}

#[derive(Serialize)]
struct CoverageCell {
    text: String,
    /// `reached`, `unreached` (allowed, never sent), `outside` (sent, not allowed), or empty.
    class: &'static str,
    title: String,
}

impl CoverageView {
    fn of(matrix: &arbiter::fuzz::coverage::Matrix) -> CoverageView {
        let rows = matrix
            .states
            .iter()
            .map(|state| {
                let cells = matrix
                    .commands
                    .iter()
                    .map(|command| match matrix.cell(state, command) {
                        None => CoverageCell {
                            text: String::new(),
                            class: "",
                            title: format!("the text does not let a GUI send {command} here"),
                        },
                        Some(c) => {
                            let cites: Vec<String> =
                                c.cites.iter().map(ToString::to_string).collect();
                            let (class, why) = match (c.allowed, c.count) {
                                (true, 0) => ("unreached", "allowed, never reached"),
                                (true, _) => ("reached", "allowed"),
                                (false, _) => ("outside", "outside the text (--robustness)"),
                            };
                            CoverageCell {
                                text: c.count.to_string(),
                                class,
                                title: format!("{state} × {command}: {why} {}", cites.join(", ")),
                            }
                        }
                    })
                    .collect();
                (state.clone(), cells)
            })
            .collect();
        CoverageView {
            commands: matrix.commands.clone(),
            rows,
            reached: matrix.reached(),
            allowed: matrix.allowed(),
        }
    }
}

/// A run's page.
pub(crate) fn render_run(report: &Report) -> String {
    let (summary, rows) = run_parts(report);
    page(summary, rows, report.protocol, &report.runs, None)
}

fn run_parts(report: &Report) -> (Summary, Vec<RequirementRow>) {
    let verdict = match report.conclusion() {
        Conclusion::Passed if report.summary.checks_warned > 0 => Verdict::PassWithWarnings,
        Conclusion::Passed => Verdict::Pass,
        _ => Verdict::Fail,
    };
    let s = &report.summary;
    let summary = Summary {
        title: format!("arbiter run: {} engine", report.protocol),
        command: "arbiter run".into(),
        verdict_label: format!(
            "{} — {} of {} scenarios passed",
            verdict.label(),
            s.scenarios_passed,
            s.scenarios
        ),
        counts: vec![
            count("passed", "pass", s.scenarios_passed),
            count("passed with warnings", "warn", s.scenarios_warned),
            count("failed", "fail", s.scenarios_failed),
            count("not run", "na", s.scenarios_not_run),
        ],
        parallelism: human::ran_at_once(&report.parallelism),
        ..head(report.protocol, &report.engine, &report.runs, verdict)
    };
    let rows = arbiter::certify::exercised(report.protocol, &report.runs);
    let rows = matrix(&[("exercised", &rows)], &report.runs);
    (summary, rows)
}

/// A certification's page.
pub(crate) fn render_certification(c: &Certification) -> String {
    let all: Vec<&RequirementVerdict> = c.required.iter().chain(&c.recommended).collect();
    let n = |v: Verdict| all.iter().filter(|r| r.verdict == v).count();
    let summary = Summary {
        title: format!("arbiter certify: {}", c.profile),
        command: format!("arbiter certify --profile {}", c.profile),
        verdict_label: format!("{} — {}", c.verdict.label(), c.title),
        counts: vec![
            count("pass", "pass", n(Verdict::Pass)),
            count("pass with warnings", "warn", n(Verdict::PassWithWarnings)),
            count("fail", "fail", n(Verdict::Fail)),
            count("blocked", "blocked", n(Verdict::Blocked)),
            count("not applicable", "na", n(Verdict::NotApplicable)),
        ],
        parallelism: human::ran_at_once(&c.parallelism),
        ..head(c.protocol, &c.engine, &c.runs, c.verdict)
    };
    let rows = matrix(
        &[
            ("required", &c.required),
            ("recommended", &c.recommended),
            ("also exercised", &c.also_exercised),
        ],
        &c.runs,
    );
    page(summary, rows, c.protocol, &c.runs, None)
}

fn page(
    summary: Summary,
    rows: Vec<RequirementRow>,
    protocol: Protocol,
    runs: &[ScenarioRun],
    coverage: Option<CoverageView>,
) -> String {
    let statements = statements(protocol);
    let scenarios: Vec<ScenarioView> = runs
        .iter()
        .enumerate()
        .map(|(i, run)| scenario::view(i, run, &statements))
        .collect();
    render(PAGE, context! { summary, rows, scenarios, coverage })
}

/// Several reports side by side: one row per requirement any of them graded, an engine per
/// column.
pub(crate) fn render_merge(matrix: &Matrix) -> String {
    render(
        MERGE,
        context! {
            headers => &matrix.headers,
            rows => &matrix.rows,
            totals => &matrix.scenarios,
            version => env!("CARGO_PKG_VERSION"),
            rendered => rendered_at(),
        },
    )
}

fn render(template: &str, ctx: minijinja::Value) -> String {
    let mut env = Environment::new();
    // Named `.html`, so every value is HTML-escaped; the style and script are our own text.
    let added = env
        .add_template("page.html", template)
        .and_then(|()| env.add_template("base.html", BASE))
        .and_then(|()| env.add_template("style.css", STYLE))
        .and_then(|()| env.add_template("script.js", SCRIPT));
    added
        .and_then(|()| env.get_template("page.html")?.render(ctx))
        .unwrap_or_else(|e| panic!("the HTML templates are part of the program: {e:#}"))
}

fn head(
    protocol: Protocol,
    engine: &EngineInfo,
    runs: &[ScenarioRun],
    verdict: Verdict,
) -> Summary {
    let (engine_name, engine_author) = identity(runs);
    Summary {
        title: String::new(),
        command: String::new(),
        protocol: protocol.to_string(),
        engine: engine.command_line(),
        engine_name,
        engine_author,
        version: env!("CARGO_PKG_VERSION"),
        rendered: rendered_at(),
        verdict: cited::class(verdict),
        verdict_label: String::new(),
        counts: Vec::new(),
        parallelism: None,
    }
}

fn count(label: &'static str, class: &'static str, n: usize) -> Count {
    Count { label, class, n }
}

fn matrix(
    sections: &[(&'static str, &[RequirementVerdict])],
    runs: &[ScenarioRun],
) -> Vec<RequirementRow> {
    sections
        .iter()
        .flat_map(|(section, rows)| rows.iter().map(move |v| (*section, v)))
        .map(|(section, v)| {
            let scenarios = runs
                .iter()
                .enumerate()
                .filter(|(_, run)| {
                    run.outcomes
                        .iter()
                        .any(|o| o.requirements.contains(&v.requirement.id))
                })
                .map(|(i, run)| (run.scenario.name.clone(), format!("s{i}")))
                .collect();
            // Failures before warnings, each in the scenarios' order.
            let mut findings: Vec<(Grade, String, String)> = runs
                .iter()
                .enumerate()
                .flat_map(|(i, run)| {
                    run.outcomes
                        .iter()
                        .filter(|o| o.grade != Grade::Pass)
                        .enumerate()
                        .filter(|(_, o)| o.requirements.contains(&v.requirement.id))
                        .map(move |(n, o)| {
                            let label =
                                format!("{}: {}: {}", run.scenario.name, o.check, o.message);
                            (o.grade, label, scenario::finding_anchor(i, n))
                        })
                })
                .collect();
            findings.sort_by_key(|(grade, _, _)| std::cmp::Reverse(*grade));
            let mut findings: Vec<(String, String)> = findings
                .into_iter()
                .map(|(_, label, anchor)| (label, anchor))
                .collect();
            // A blocked row names the finding that blocked it, linked to its scenario.
            if v.verdict == Verdict::Blocked
                && let Some(finding) = &v.finding
            {
                let scenario = runs
                    .iter()
                    .position(|run| {
                        run.blocked
                            .iter()
                            .any(|b| b.requirements.contains(&v.requirement.id))
                    })
                    .map_or_else(String::new, |i| format!("s{i}"));
                findings.push((finding.clone(), scenario));
            }
            RequirementRow {
                section,
                requirement: RequirementRef::of(&v.requirement),
                verdict: cited::class(v.verdict),
                verdict_label: v.verdict.label(),
                findings,
                scenarios,
            }
        })
        .collect()
}

fn statements(protocol: Protocol) -> HashMap<ReqId, Requirement> {
    statements_of(protocol).collect()
}

/// The engine's name and author as it announced them (`id name …`, `id author …`), from the
/// first run that shows them.
fn identity(runs: &[ScenarioRun]) -> (Option<String>, Option<String>) {
    let field = |key: &str| {
        runs.iter()
            .flat_map(|run| run.transcript.entries.iter())
            .filter(|e| e.direction == arbiter::session::Direction::Received)
            .find_map(|e| {
                let words: Vec<&str> = e.text.split_whitespace().collect();
                (words.len() > 2
                    && words[0].eq_ignore_ascii_case("id")
                    && words[1].eq_ignore_ascii_case(key))
                .then(|| words[2..].join(" "))
            })
    };
    (field("name"), field("author"))
}

/// When the page was rendered, UTC, to the second.
fn rendered_at() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}
