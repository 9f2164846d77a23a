//! The recipes of `docs/ci.md` work as written: each is read from the page, its structure
//! checked (the workflow's steps, the uploads that run always, the GitLab job's artifacts and
//! JUnit report, the pre-commit hook's command), and its shell steps run here as the CI would
//! run them — with this build's `arbiter` on the PATH, `PROFILE` the league's quick profile and
//! `ENGINE` the reference xiangqi engine (the job passes, with both reports) or a faulty engine
//! (the job fails, and both reports are still written).
//!
//! Left out, each checked to be what it says: installing the Rust toolchain and Arbiter (they
//! need the network; this build's `arbiter` stands for the installed one) and building the C++
//! engine with CMake (there is no C++ project here; `ENGINE` names an engine already built).

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::yaml;
use serde_json::Value;

/// The profile the recipes are run with here: the computer-xiangqi league's, which the
/// reference engine passes in about a second.
const PROFILE: &str = "ucci-league";

/// The one YAML block of a section of the page, read.
fn recipe(heading: &str) -> Value {
    let blocks = common::code_blocks_under(common::repo().join("docs/ci.md"), heading);
    let [(language, text)] = &blocks[..] else {
        panic!("the {heading} recipe is one block: {blocks:?}");
    };
    assert_eq!(language, "yaml", "{heading}");
    yaml::parse(text)
}

/// What an engine should make of a recipe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    Certified,
    NotCertified,
}

/// The engines the recipes are run with: the reference xiangqi engine, which the league
/// certifies, and the fixture engine crashing in its first search, which it does not.
fn engines() -> [(Expect, PathBuf); 2] {
    [
        (
            Expect::Certified,
            common::reference_engine("arbiter-xiangqi"),
        ),
        (Expect::NotCertified, faulty_engine()),
    ]
}

/// The fixture engine speaking UCCI and crashing mid-search, as one executable: the recipes
/// give `ENGINE` no arguments.
fn faulty_engine() -> PathBuf {
    // Made once for the tests running at once.
    static ENGINE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ENGINE
        .get_or_init(|| {
            let path = common::scratch_file("ci-recipes", "crashing-engine");
            let script = format!(
                "#!/bin/sh\nexec '{}' ucci crash-mid-search \"$@\"\n",
                common::fixture_engine().display()
            );
            std::fs::write(&path, script).unwrap();
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            path
        })
        .clone()
}

/// A fresh directory standing for the project's checkout, and the PATH leading to this
/// build's `arbiter`.
struct Site {
    dir: PathBuf,
    path: String,
}

impl Site {
    fn new(name: &str) -> Site {
        let dir = common::scratch_file("ci-recipes", name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let arbiter = common::warm(PathBuf::from(env!("CARGO_BIN_EXE_arbiter")));
        let path = format!(
            "{}:{}",
            arbiter.parent().unwrap().display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Site { dir, path }
    }

    fn command(&self, program: &str, env: &BTreeMap<String, String>) -> Command {
        let mut command = Command::new(program);
        command
            .current_dir(&self.dir)
            .envs(env)
            .env("PATH", &self.path)
            // The test harness runs tests two at a time on a machine of two cores; the
            // timing bounds are judged against engines that have a core each.
            .env("ARBITER_JOBS", "1");
        command
    }

    /// Runs a step's shell as the CI does, stopping at the first command that fails.
    fn shell(&self, script: &str, env: &BTreeMap<String, String>) -> (i32, String) {
        let output = self
            .command("sh", env)
            .args(["-e", "-c", script])
            .output()
            .unwrap();
        described(output)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

fn described(output: Output) -> (i32, String) {
    (
        output.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ),
    )
}

/// A recipe's variables (`env:`, `variables:`), checked to name the engine and the profile,
/// with those two set as this run asks.
fn variables(declared: &Value, engine: &Path) -> BTreeMap<String, String> {
    let mut env: BTreeMap<String, String> = declared
        .as_object()
        .expect("the recipe's variables")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned()))
        .collect();
    for name in ["ENGINE", "PROFILE"] {
        assert!(env.contains_key(name), "the recipe sets {name}: {env:?}");
    }
    env.insert("ENGINE".into(), engine.display().to_string());
    env.insert("PROFILE".into(), PROFILE.into());
    env
}

/// A JUnit report read as XML: its test cases and failures; it must be well formed, with
/// `testsuites` at its root.
fn junit_cases_and_failures(path: &Path) -> (usize, usize) {
    use quick_xml::events::Event;
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = quick_xml::Reader::from_str(&text);
    let mut open: Vec<Vec<u8>> = Vec::new();
    let mut root = None;
    let (mut cases, mut failures) = (0, 0);
    loop {
        let (name, opens) = match reader.read_event() {
            Ok(Event::Start(e)) => (e.name().as_ref().to_vec(), true),
            Ok(Event::Empty(e)) => (e.name().as_ref().to_vec(), false),
            Ok(Event::End(e)) => {
                assert_eq!(open.pop().as_deref(), Some(e.name().as_ref()), "{text}");
                continue;
            }
            Ok(Event::Eof) => break,
            Ok(_) => continue,
            Err(e) => panic!("{}: not XML: {e}\n{text}", path.display()),
        };
        root.get_or_insert_with(|| name.clone());
        cases += usize::from(name == b"testcase");
        failures += usize::from(name == b"failure");
        if opens {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "unclosed elements in {text}");
    assert_eq!(root.as_deref(), Some(&b"testsuites"[..]), "{text}");
    (cases, failures)
}

/// The reports a run of a recipe left: the JUnit XML with its test cases (failures exactly
/// when the engine is not certified) and the HTML page.
fn assert_reports(site: &Site, junit: &str, html: &str, expect: Expect, log: &str) {
    let (cases, failures) = junit_cases_and_failures(&site.file(junit));
    assert!(cases > 0, "no test case in {junit}");
    assert_eq!(failures > 0, expect == Expect::NotCertified, "{log}");
    let page =
        std::fs::read_to_string(site.file(html)).unwrap_or_else(|e| panic!("{html}: {e}\n{log}"));
    assert!(page.contains("<html"), "{}", &page[..page.len().min(300)]);
}

/// A step of the workflow that this test does not run, with what it must be and why.
fn left_out(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "Install the Rust toolchain" => Some(("rustup ", "needs the network")),
        "Install Arbiter" => Some((
            "cargo install --locked --git ",
            "needs the network; this build's arbiter is on the PATH",
        )),
        "Build the engine" => Some(("cmake ", "there is no C++ project here")),
        _ => None,
    }
}

/// Whether a step runs, by its `if:` as GitHub Actions reads it (the forms the recipe uses:
/// `always()`, `success()`, `failure()` and a step's outcome compared, joined by `&&`; no
/// `if:` is `success()`), given whether an earlier step failed and each step's outcome.
fn step_runs(condition: Option<&str>, failed: bool, outcomes: &BTreeMap<String, String>) -> bool {
    let Some(condition) = condition else {
        return !failed;
    };
    condition.split(" && ").all(|term| match term.trim() {
        "always()" => true,
        "success()" => !failed,
        "failure()" => failed,
        comparison => {
            let (left, equal, right) = if let Some((l, r)) = comparison.split_once(" != ") {
                (l, false, r)
            } else if let Some((l, r)) = comparison.split_once(" == ") {
                (l, true, r)
            } else {
                panic!("a condition this test does not read: {comparison}");
            };
            let id = left
                .strip_prefix("steps.")
                .and_then(|l| l.strip_suffix(".outcome"))
                .unwrap_or_else(|| panic!("a condition this test does not read: {comparison}"));
            let outcome = outcomes.get(id).map_or("skipped", String::as_str);
            (outcome == right.trim_matches('\'')) == equal
        }
    })
}

#[test]
fn the_github_actions_workflow_certifies_uploads_both_reports_always_and_fails_on_a_failure() {
    let workflow = recipe("GitHub Actions");
    let job = &workflow["jobs"]["certify"];
    let steps = job["steps"].as_array().expect("the job's steps");
    let names: Vec<&str> = steps.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Check out",
            "Install the Rust toolchain",
            "Install Arbiter",
            "Build the engine",
            "Certify",
            "Render the HTML report",
            "Upload the reports"
        ]
    );
    let step_named = |name: &str| steps[names.iter().position(|n| *n == name).unwrap()].clone();
    assert!(
        step_named("Check out")["uses"]
            .as_str()
            .unwrap()
            .starts_with("actions/checkout@")
    );
    let upload = step_named("Upload the reports");
    assert!(
        upload["uses"]
            .as_str()
            .unwrap()
            .starts_with("actions/upload-artifact@")
    );
    assert_eq!(
        upload["if"], "always()",
        "the reports of a failure are uploaded"
    );
    let uploaded: Vec<String> = upload["with"]["path"]
        .as_str()
        .expect("the uploaded paths")
        .lines()
        .map(str::to_owned)
        .collect();
    let junit = uploaded
        .iter()
        .find(|p| p.ends_with(".xml"))
        .expect("the JUnit report");
    let html = uploaded
        .iter()
        .find(|p| p.ends_with(".html"))
        .expect("the HTML report");
    let certify = step_named("Certify");
    assert!(
        certify["run"]
            .as_str()
            .unwrap()
            .contains(&format!("--format junit --out {junit}")),
        "{certify}"
    );

    for (expect, engine) in engines() {
        let site = Site::new(&format!("github-{expect:?}"));
        let env = variables(&job["env"], &engine);
        let mut failed = false;
        let mut outcomes = BTreeMap::new();
        let mut log = String::new();
        for step in steps {
            let name = step["name"].as_str().unwrap();
            let id = step["id"].as_str().unwrap_or(name).to_owned();
            if !step_runs(step["if"].as_str(), failed, &outcomes) {
                outcomes.insert(id, "skipped".into());
                continue;
            }
            let outcome = match (step["run"].as_str(), left_out(name)) {
                // A step of the runner's (checkout, upload): the site is the checkout, and
                // what the upload takes is checked below.
                (None, _) => "success",
                (Some(script), Some((command, why))) => {
                    assert!(script.starts_with(command), "{name}: {script}");
                    eprintln!("left out: {name} ({why})");
                    "success"
                }
                (Some(script), None) => {
                    let (status, output) = site.shell(script, &env);
                    log += &format!("{name}: exit status {status}\n{output}\n");
                    failed |= status != 0;
                    if status == 0 { "success" } else { "failure" }
                }
            };
            outcomes.insert(id, outcome.into());
        }
        assert_eq!(outcomes["Upload the reports"], "success", "{log}");
        for path in &uploaded {
            assert!(
                site.file(path).exists(),
                "nothing to upload at {path}\n{log}"
            );
        }
        match expect {
            Expect::Certified => assert!(!failed, "{log}"),
            Expect::NotCertified => {
                assert_eq!(outcomes["certify"], "failure", "{log}");
                assert!(log.contains("Certify: exit status 1\n"), "{log}");
                assert_eq!(outcomes["Render the HTML report"], "success", "{log}");
            }
        }
        assert_reports(&site, junit, html, expect, &log);
    }
}

#[test]
fn the_gitlab_job_certifies_keeps_its_artifacts_always_and_fails_on_a_failure() {
    let doc = recipe("GitLab CI");
    let job = &doc["arbiter"];
    let lines = |key: &str| -> Vec<String> {
        job[key]
            .as_array()
            .unwrap_or_else(|| panic!("the job's {key}"))
            .iter()
            .map(|l| l.as_str().unwrap().to_owned())
            .collect()
    };
    // Installing needs the network.
    for line in lines("before_script") {
        assert!(
            line.starts_with("apt-get ") || line.starts_with("cargo install --locked --git "),
            "{line}"
        );
    }
    // There is no C++ project here to build.
    let (build, script): (Vec<String>, Vec<String>) = lines("script")
        .into_iter()
        .partition(|l| l.starts_with("cmake "));
    assert!(!build.is_empty(), "the job builds the engine");
    assert!(
        script.iter().any(|l| l.contains("arbiter certify ")),
        "{script:?}"
    );
    let after_script = lines("after_script");
    let artifacts = &job["artifacts"];
    assert_eq!(
        artifacts["when"], "always",
        "a failed job keeps its reports"
    );
    let paths: Vec<&str> = artifacts["paths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    let junit = artifacts["reports"]["junit"]
        .as_str()
        .expect("reports: junit:");
    assert!(paths.contains(&junit), "{paths:?}");
    let html = *paths
        .iter()
        .find(|p| p.ends_with(".html"))
        .expect("the HTML report");

    for (expect, engine) in engines() {
        let site = Site::new(&format!("gitlab-{expect:?}"));
        let env = variables(&job["variables"], &engine);
        // The runner runs the script's lines in one shell, ending the job at the first that
        // fails; then the after_script in another, whatever the script's end.
        let (status, output) = site.shell(&script.join("\n"), &env);
        let mut log = format!("script: exit status {status}\n{output}\n");
        let (after, output) = site.shell(&after_script.join("\n"), &env);
        log += &format!("after_script: exit status {after}\n{output}\n");
        match expect {
            Expect::Certified => assert_eq!(status, 0, "{log}"),
            Expect::NotCertified => assert_eq!(status, 1, "{log}"),
        }
        assert_eq!(after, 0, "{log}");
        for path in &paths {
            assert!(site.file(path).exists(), "no artifact {path}\n{log}");
        }
        assert_reports(&site, junit, html, expect, &log);
    }
}

#[test]
fn the_pre_commit_hook_runs_a_few_scenarios_and_stops_a_commit_on_a_failure() {
    let config = recipe("pre-commit");
    let repo = &config["repos"][0];
    assert_eq!(repo["repo"], "local");
    let hooks = repo["hooks"].as_array().expect("the hooks");
    let hook = |id: &str| {
        hooks
            .iter()
            .find(|h| h["id"] == id)
            .unwrap_or_else(|| panic!("no hook {id}"))
    };
    // There is no C++ project here to build.
    let build = hook("build-engine");
    assert!(
        build["entry"]
            .as_str()
            .unwrap()
            .starts_with("cmake --build ")
    );
    let arbiter = hook("arbiter");
    for hook in [build, arbiter] {
        assert_eq!(hook["language"], "system");
        assert_eq!(
            hook["pass_filenames"], false,
            "the hook takes no file names"
        );
    }
    let entry = arbiter["entry"].as_str().unwrap();
    assert!(entry.starts_with("arbiter run "), "{entry}");
    assert!(
        !entry.contains(['\'', '"', '$']),
        "no quoting or variables: {entry}"
    );
    // The engine the hook names is the one the CI recipes build.
    let engine_path = recipe("GitHub Actions")["jobs"]["certify"]["env"]["ENGINE"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        entry.contains(&format!(" --engine {engine_path} ")),
        "{entry}"
    );
    // The reference engine speaks UCCI (its UCI is xiangqi's, which these chess scenarios are
    // not for); the scenarios the hook names have the same names there.
    let words: Vec<String> = entry
        .replace(" --protocol uci ", " --protocol ucci ")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    assert!(words.iter().any(|w| w == "ucci"), "{entry}");

    for (expect, engine) in engines() {
        let site = Site::new(&format!("pre-commit-{expect:?}"));
        let built = site.file(&engine_path);
        std::fs::create_dir_all(built.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(&engine, &built).unwrap();
        // pre-commit runs the entry's words itself, without a shell, and no file names after.
        let (status, log) = described(
            site.command(&words[0], &BTreeMap::new())
                .args(&words[1..])
                .output()
                .unwrap(),
        );
        match expect {
            Expect::Certified => assert_eq!(status, 0, "{log}"),
            Expect::NotCertified => {
                assert_eq!(status, 1, "{log}");
                assert!(log.contains("FAIL ucci/search"), "{log}");
            }
        }
    }
}
