//! `--format html`: one self-contained page per run, certification or merge, that shows the
//! failing check with its requirement sentence, requests nothing from the network, and works
//! in a real browser (headless Chromium: no console error, the verdict filter hides passing
//! rows, a screenshot is kept under `target/html-report/`).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{arbiter, fixture_engine, reference_engine};

/// Where the pages and screenshots go (kept after the run, for a look or a CI artefact).
fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target/tmp has a parent")
        .join("html-report");
    std::fs::create_dir_all(&dir).expect("the report folder can be made");
    dir
}

/// Runs `arbiter ARGS… --out FILE`; returns the page.
fn render(args: &[&str], engine: &Path, file: &str) -> (PathBuf, String) {
    let path = out_dir().join(file);
    arbiter()
        .args(args)
        .arg("--engine")
        .arg(engine)
        .args(["--format", "html", "--out"])
        .arg(&path)
        .output()
        .expect("arbiter runs");
    let page = std::fs::read_to_string(&path).expect("the page is written");
    (path, page)
}

/// The page's text with the entities the template writes turned back into characters.
fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&#x2f;", "/")
        .replace("&amp;", "&")
}

/// A requirement's sentence, from the catalogue the reports cite.
fn statement(id: &str) -> String {
    let protocol = id.split('-').next().unwrap();
    let tsv = std::fs::read_to_string(
        common::repo().join(format!("scenarios/requirements/{protocol}.tsv")),
    )
    .unwrap();
    tsv.lines()
        .find(|l| l.split('\t').next() == Some(id))
        .and_then(|l| l.splitn(5, '\t').nth(4))
        .unwrap_or_else(|| panic!("{id} is in the catalogue"))
        .to_owned()
}

/// A faulty engine's page: its failing check and the requirement it breaks.
fn fault_page(file: &str) -> (PathBuf, String) {
    render(
        &[
            "run",
            "--protocol",
            "ucci",
            "--engine-arg",
            "ucci",
            "--engine-arg",
            "illegal-bestmove",
            "ucci/search",
        ],
        &fixture_engine(),
        file,
    )
}

#[test]
fn a_failing_run_shows_the_check_its_requirement_sentence_and_the_line() {
    let (_, page) = fault_page("fault.html");
    let text = unescape(&page);
    assert!(
        text.contains("ucci.bestmove.legal"),
        "the failing check is named"
    );
    assert!(
        text.contains(&statement("ucci-r100")),
        "its requirement sentence is quoted"
    );
    assert!(
        page.contains("class=\"line received flagged fail\""),
        "the line it points at is marked"
    );
    assert!(
        page.contains("href=\"#s0-f0\"") && page.contains("id=\"s0-f0\""),
        "the requirement matrix links to the finding"
    );
    assert!(
        page.contains("<svg class=\"axis\""),
        "lines are drawn on a time axis"
    );
    assert!(
        page.contains("class=\"bound\""),
        "latencies are drawn against their bounds"
    );
}

/// A fuzzing run's page shows which commands each state was sent, and which pairs the text
/// allows that no case reached.
#[test]
fn a_fuzzing_page_shows_the_state_by_command_matrix() {
    let repro = out_dir().join("fuzz-repro");
    let (path, page) = render(
        &[
            "fuzz",
            "--protocol",
            "agi",
            "--seed",
            "1",
            "--cases",
            "3",
            "--repro",
            repro.to_str().unwrap(),
        ],
        &reference_engine("pbrain-arbiter"),
        "fuzz.html",
    );
    let text = unescape(&page);
    assert!(
        text.contains("<h2>States and commands</h2>"),
        "{}",
        path.display()
    );
    for state in [
        "boot",
        "idle",
        "thinking",
        "infinite",
        "pondering",
        "stopping",
    ] {
        assert!(
            text.contains(&format!("<tr><th>{state}</th>")),
            "{state}: {}",
            path.display()
        );
    }
    // Three cases reach some pairs and not others; each cell says which, and why it is allowed.
    assert!(text.contains(r#"class="reached" title="boot × AGI: allowed agi-r04""#));
    assert!(text.contains(r#"class="unreached""#), "{}", path.display());
}

#[test]
fn a_page_is_self_contained() {
    let (_, page) = fault_page("fault-self-contained.html");
    assert!(page.contains("Content-Security-Policy\" content=\"default-src 'none'"));
    for attribute in [
        "src=\"http",
        "href=\"http",
        "src=\"//",
        "href=\"//",
        "url(http",
        "@import",
    ] {
        assert!(
            !page.contains(attribute),
            "the page requests nothing: found {attribute}"
        );
    }
}

#[test]
fn a_certification_has_a_requirement_matrix_and_merges_with_others() {
    let (_, page) = render(
        &["certify", "--profile", "ucci-league"],
        &reference_engine("arbiter-xiangqi"),
        "league.html",
    );
    assert!(
        page.contains("id=\"req-ucci-r130\""),
        "a row per required requirement"
    );
    assert!(unescape(&page).contains(&statement("ucci-r130")));
    assert!(page.contains("data-level=\"must\""));

    // The same engine run and certified, side by side, as JSON reports merged into one matrix.
    let dir = out_dir();
    let json = |args: &[&str], file: &str| {
        let path = dir.join(file);
        arbiter()
            .args(args)
            .arg("--engine")
            .arg(reference_engine("arbiter-xiangqi"))
            .args(["--format", "json", "--out"])
            .arg(&path)
            .output()
            .expect("arbiter runs");
        path
    };
    let certified = json(&["certify", "--profile", "ucci-league"], "league.json");
    let ran = json(
        &["run", "--protocol", "ucci", "handshake", "quit"],
        "run.json",
    );
    let merged = dir.join("merged.html");
    arbiter()
        .args(["report", "merge"])
        .arg(&certified)
        .arg(&ran)
        .args(["--format", "html", "--out"])
        .arg(&merged)
        .assert()
        .success();
    let page = std::fs::read_to_string(&merged).unwrap();
    assert!(page.contains("arbiter report merge: 2 reports"));
    assert!(page.contains("id=\"req-ucci-r130\""));
    let text = arbiter()
        .args(["report", "merge"])
        .arg(&certified)
        .arg(&ran)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("[1]") && text.contains("[2]"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("ucci-r130")), "{text}");
}

#[test]
fn the_html_structure_is_pinned() {
    let (_, page) = render(
        &["run", "--protocol", "ucci", "handshake"],
        &reference_engine("arbiter-xiangqi"),
        "handshake.html",
    );
    insta::assert_snapshot!(structure(&page));
}

/// The page without what changes run to run: the contents of `volatile` elements, positions
/// on the time axis, bar widths, the engine's path, and the inline style and script (pinned
/// by their own files).
fn structure(page: &str) -> String {
    let rules = [
        (r#"(class="[^"]*volatile[^"]*">)[^<]*"#, "${1}[volatile]"),
        (r#"x="[0-9.]+""#, "x=\"[x]\""),
        (r#"(width|left): [0-9.]+%"#, "${1}: [pct]%"),
        (r"(<dt>engine</dt><dd><code>)[^<]*", "${1}[engine]"),
        // A line's place in the order counts the engine's exit and the end of its output,
        // which race with its last lines: the anchors' numbers are not structure.
        (r##"((?:id="|href="#)s\d+-l)\d+""##, "${1}[n]\""),
        (r"(?s)<style>.*?</style>", "<style>[style.css]</style>"),
        (r"(?s)<script>.*?</script>", "<script>[script.js]</script>"),
    ];
    let mut text = page.to_owned();
    for (pattern, replacement) in rules {
        text = regex::Regex::new(pattern)
            .unwrap()
            .replace_all(&text, replacement)
            .into_owned();
    }
    text
}

/// Headless Chromium, when installed; `.ci/run` installs Debian's. The league page's tests
/// (`league_page.rs`) use it too.
pub(crate) fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| common::peer(name))
}

#[test]
fn the_page_works_in_a_real_browser() {
    let _cpu = common::processor::share(2);
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is missing: .ci/run installs it (apt-get install chromium)"
        );
        eprintln!("chromium not found: browser test skipped (apt-get install chromium)");
        return;
    };
    let (path, _) = fault_page("fault-browser.html");
    let (league, _) = render(
        &["certify", "--profile", "ucci-league"],
        &reference_engine("arbiter-xiangqi"),
        "league-browser.html",
    );
    let headless = |url: &str, extra: &[&str]| {
        Command::new(&browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--enable-logging=stderr",
                "--v=0",
                "--virtual-time-budget=3000",
            ])
            .args(extra)
            .arg(url)
            .output()
            .expect("chromium runs")
    };
    // Both pages load without a console message: a refused request would be one.
    let url = format!("file://{}#verdict=fail,warn", path.display());
    let mut html = String::new();
    for page in [url.clone(), format!("file://{}", league.display())] {
        let dom = headless(&page, &["--dump-dom"]);
        let log = String::from_utf8_lossy(&dom.stderr);
        let console: Vec<&str> = log
            .lines()
            .filter(|l| l.contains("CONSOLE") || l.contains("Refused to") || l.contains("Uncaught"))
            .collect();
        assert!(console.is_empty(), "{page}: console: {console:#?}");
        assert!(dom.stdout.len() > 1000, "{page}: the page rendered");
        if page == url {
            html = String::from_utf8_lossy(&dom.stdout).into_owned();
        }
    }
    assert!(
        html.contains("ucci.bestmove.legal"),
        "the failing check is in the page"
    );
    assert!(
        unescape(&html).contains(&statement("ucci-r100")),
        "its requirement sentence is in the page"
    );
    // The address asked for failures and warnings only: the script hid every passing row and
    // scenario, and left the failing one.
    let rows = regex::Regex::new(r#"<tr class="req-row (\w+)"[^>]*>"#).unwrap();
    let mut seen = 0;
    for row in rows.captures_iter(&html) {
        seen += 1;
        let hidden = row[0].contains("hidden");
        assert_eq!(hidden, &row[1] == "pass", "{}", &row[0]);
    }
    assert!(seen > 1, "the matrix has rows");
    assert!(
        regex::Regex::new(r#"<article class="scenario fail"[^>]*>"#)
            .unwrap()
            .find(&html)
            .is_some_and(|m| !m.as_str().contains("hidden")),
        "the failing scenario stays in sight"
    );

    let screenshot = out_dir().join("fault.png");
    let _ = std::fs::remove_file(&screenshot);
    let shot = format!("--screenshot={}", screenshot.display());
    headless(&url, &[&shot, "--window-size=1280,1600"]);
    let size = std::fs::metadata(&screenshot).map(|m| m.len()).unwrap_or(0);
    assert!(size > 10_000, "a screenshot was taken ({size} bytes)");
}
