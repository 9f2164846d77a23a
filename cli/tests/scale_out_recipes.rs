//! The recipes of `docs/scale-out.md` work as written: each is read from the page, its
//! structure checked (the Slurm array, the Kubernetes indexed Job and its volume, the GitHub
//! Actions matrix and the job that merges it), and its shell run locally — the `arbiter` on
//! PATH being this build, the engines the reference xiangqi engine, the budget small — as the
//! scheduler would run it, each share with the environment its scheduler gives it. The merged
//! results must be those of one run.

use crate::common;

use common::yaml;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use arbiter::certify::Certification;
use arbiter::matchplay::MatchReport;
use serde_json::Value;

/// The code blocks under a heading of the page, with their language.
fn blocks_under(heading: &str) -> Vec<(String, String)> {
    common::code_blocks_under(common::repo().join("docs/scale-out.md"), heading)
}

#[test]
fn the_yaml_reader_reads_what_the_recipes_use() {
    let doc = yaml::parse(
        "a: 1\nb:\n  - x: \"y\"  \n    z: [1, 2]\n  - |\n    line one \\\n      two\n    line three\nc: plain text # comment\n",
    );
    assert_eq!(
        doc,
        serde_json::json!({
            "a": 1,
            "b": [{"x": "y", "z": [1, 2]}, "line one \\\n  two\nline three\n"],
            "c": "plain text"
        })
    );
}

/// Where a recipe runs: a directory with the engines and book the recipes name, and PATH
/// leading to this build's `arbiter`.
struct Site {
    dir: PathBuf,
    path: String,
}

impl Site {
    fn new(name: &str) -> Site {
        let dir = common::scratch_file("recipes", name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("engines")).unwrap();
        std::fs::create_dir_all(dir.join("openings")).unwrap();
        std::fs::create_dir_all(dir.join("target/release")).unwrap();
        let engine = common::reference_engine("arbiter-xiangqi");
        for link in ["engines/new", "engines/old", "target/release/my-engine"] {
            std::os::unix::fs::symlink(&engine, dir.join(link)).unwrap();
        }
        std::fs::copy(
            common::repo().join("openings/xiangqi.txt"),
            dir.join("openings/xiangqi.txt"),
        )
        .unwrap();
        let arbiter = Path::new(env!("CARGO_BIN_EXE_arbiter"));
        common::warm(arbiter.to_path_buf());
        let path = format!(
            "{}:{}",
            arbiter.parent().unwrap().display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Site { dir, path }
    }

    /// The recipe's shell with a budget fit for a test: a fixed shallow depth in place of the
    /// recipes' clock, a few games in place of two hundred.
    fn small(script: &str) -> String {
        script
            .replace("tc=60+1", "st=5 depth=2")
            .replace("--games 200", "--games 8")
    }

    /// Runs a shell script here with `env`, in the background.
    fn spawn(&self, script: &str, env: &[(&str, String)]) -> std::process::Child {
        let mut sh = Command::new("sh");
        sh.arg("-c")
            .arg(script)
            .current_dir(&self.dir)
            .env("PATH", &self.path)
            .env("ARBITER_JOBS", "1")
            // The test may itself run under a scheduler: only the variables given here count.
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("JOB_COMPLETION_INDEX")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (key, value) in env {
            sh.env(key, value);
        }
        sh.spawn().unwrap()
    }

    /// Runs a shell script here and returns its exit status and output.
    fn run(&self, script: &str, env: &[(&str, String)]) -> (i32, String) {
        finish(self.spawn(script, env))
    }
}

fn finish(child: std::process::Child) -> (i32, String) {
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// The `arbiter match` command of a script, without its share and results directory: the
/// match one process would play.
fn single_run(script: &str, results_dir: &str, out: &Path) -> String {
    let command: String = script
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("arbiter match"))
        .collect::<Vec<_>>()
        .join("\n");
    let command = command.split(" || ").next().unwrap();
    let words: Vec<&str> = command.split_whitespace().filter(|w| *w != "\\").collect();
    let mut kept = Vec::new();
    let mut skip = false;
    for word in words {
        if skip {
            skip = false;
            continue;
        }
        if word == "--partition" || word == "--results-dir" {
            skip = true;
            continue;
        }
        kept.push(word);
    }
    assert!(command.contains(results_dir), "{command}");
    format!("{} --out {}", kept.join(" "), out.display())
}

/// Checks the merged results of a recipe's workers against the match played in one run.
fn assert_merged_is_single(site: &Site, script: &str, results: &str, merged: &Path) {
    let single = site.dir.join("single.json");
    let (status, output) = site.run(&single_run(script, results, &single), &[]);
    assert!(status <= 1, "{output}");
    let (merged, single): (MatchReport, MatchReport) =
        (common::read_report(merged), common::read_report(&single));
    common::assert_same_match(&merged, &single);
}

#[test]
fn the_slurm_batch_script_runs_an_array_whose_merge_is_the_single_run() {
    let blocks = blocks_under("Slurm batch script");
    let [(_, script), (_, submit)] = &blocks[..] else {
        panic!("the Slurm recipe is a batch script and how to submit it: {blocks:?}");
    };
    assert!(script.starts_with("#!/bin/sh\n"), "{script}");
    let array = script
        .lines()
        .find_map(|l| l.strip_prefix("#SBATCH --array="))
        .expect("an #SBATCH --array line");
    let (first, last) = array.split_once('-').expect("--array=FIRST-LAST");
    let (first, last): (usize, usize) = (first.parse().unwrap(), last.parse().unwrap());
    assert!(script.contains("--partition auto "), "{script}");
    assert!(
        submit.contains("sbatch --parsable match.sbatch"),
        "{submit}"
    );
    let site = Site::new("slurm");
    let script = Site::small(script);
    // Every task of the array at once, as Slurm starts them, each with its variables.
    let count = last - first + 1;
    let tasks: Vec<_> = (first..=last)
        .map(|id| {
            site.spawn(
                &script,
                &[
                    ("SLURM_ARRAY_JOB_ID", "7".into()),
                    ("SLURM_ARRAY_TASK_ID", id.to_string()),
                    ("SLURM_ARRAY_TASK_MIN", first.to_string()),
                    ("SLURM_ARRAY_TASK_MAX", last.to_string()),
                    ("SLURM_ARRAY_TASK_COUNT", count.to_string()),
                ],
            )
        })
        .collect();
    for task in tasks {
        let (status, output) = finish(task);
        assert!(status <= 1, "{output}");
    }
    for k in 1..=count {
        let part = site
            .dir
            .join(format!("results/match/part-{k}-of-{count}.json"));
        assert!(part.exists(), "no {}", part.display());
    }
    // The submit block's arbiter lines, run as written (the sbatch line is Slurm's).
    let arbiter_lines: String = submit
        .lines()
        .filter(|l| l.starts_with("arbiter "))
        .collect::<Vec<_>>()
        .join("\n");
    let (status, output) = site.run(&arbiter_lines, &[]);
    assert_eq!(status, 0, "{output}");
    assert!(output.contains("part 4/4"), "{output}");
    assert_merged_is_single(
        &site,
        &script,
        "results/match",
        &site.dir.join("match.json"),
    );
    assert!(site.dir.join("match.pgn").exists());
}

#[test]
fn the_kubernetes_indexed_job_shares_its_volume_and_merges_as_the_single_run() {
    let blocks = blocks_under("Kubernetes indexed Job");
    let (language, manifest) = &blocks[0];
    assert_eq!(language, "yaml");
    let job = yaml::parse(manifest);
    assert_eq!(job["apiVersion"], "batch/v1");
    assert_eq!(job["kind"], "Job");
    let spec = &job["spec"];
    assert_eq!(spec["completionMode"], "Indexed");
    let completions = spec["completions"].as_u64().expect("completions: N");
    let pod = &spec["template"]["spec"];
    let container = &pod["containers"][0];
    assert_eq!(container["command"], serde_json::json!(["sh", "-c"]));
    let script = container["args"][0].as_str().expect("the worker's shell");
    assert!(
        script.contains(&format!("--partition auto/{completions} ")),
        "the count beside the Job's completions: {script}"
    );
    // The results directory is on the volume every pod mounts.
    let mount = &container["volumeMounts"][0];
    let mount_path = mount["mountPath"].as_str().unwrap();
    let volume = pod["volumes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == mount["name"])
        .expect("the mounted volume is declared");
    assert!(volume["persistentVolumeClaim"]["claimName"].is_string());
    let results = format!("{mount_path}/match");
    assert!(
        script.contains(&format!("--results-dir {results}")),
        "{script}"
    );
    // Each index at once, as the Job starts them, the volume a local directory.
    let site = Site::new("kubernetes");
    let local = site.dir.join("volume");
    let workdir = container["workingDir"].as_str().unwrap();
    assert!(workdir.starts_with('/'));
    let script = Site::small(script).replace(mount_path, local.to_str().unwrap());
    let pods: Vec<_> = (0..completions)
        .map(|index| site.spawn(&script, &[("JOB_COMPLETION_INDEX", index.to_string())]))
        .collect();
    for pod in pods {
        let (status, output) = finish(pod);
        assert_eq!(status, 0, "the shell lets findings pass: {output}");
    }
    let merged = site.dir.join("merged.json");
    let (status, output) = site.run(
        &format!(
            "arbiter match merge {}/match --out {}",
            local.display(),
            merged.display()
        ),
        &[],
    );
    assert_eq!(status, 0, "{output}");
    let results = format!("{}/match", local.display());
    assert_merged_is_single(&site, &script, &results, &merged);
}

#[test]
fn the_github_actions_matrix_certifies_in_parts_and_merges_one_junit_and_one_html() {
    let blocks = blocks_under("GitHub Actions matrix");
    let (language, workflow) = &blocks[0];
    assert_eq!(language, "yaml");
    let workflow = yaml::parse(workflow);
    let certify = &workflow["jobs"]["certify"];
    let parts: Vec<u64> = certify["strategy"]["matrix"]["part"]
        .as_array()
        .expect("a matrix of parts")
        .iter()
        .map(|p| p.as_u64().unwrap())
        .collect();
    let n = parts.len() as u64;
    assert_eq!(parts, (1..=n).collect::<Vec<_>>());
    let runs = |job: &Value| -> Vec<String> {
        job["steps"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|s| s["run"].as_str().map(str::to_owned))
            .filter(|r| r.contains("arbiter ") && !r.contains("cargo install"))
            .collect()
    };
    let certify_runs = runs(certify);
    assert_eq!(certify_runs.len(), 1, "{certify_runs:?}");
    assert!(
        certify_runs[0].contains(&format!("--partition ${{{{ matrix.part }}}}/{n}")),
        "{}",
        certify_runs[0]
    );
    let upload = certify["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("actions/upload-artifact"))
        })
        .expect("each part uploads its reports");
    assert_eq!(upload["if"], "always()");
    let report = &workflow["jobs"]["report"];
    assert_eq!(report["needs"], "certify");
    assert_eq!(report["if"], "always()");
    let download = report["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("actions/download-artifact"))
        })
        .expect("the report job downloads the parts");
    assert_eq!(download["with"]["merge-multiple"], true);
    let report_runs = runs(report);
    assert_eq!(report_runs.len(), 1, "{report_runs:?}");
    // Every part, then the merge, as the workflow runs them.
    let site = Site::new("github");
    let mut statuses = BTreeMap::new();
    for part in &parts {
        let script = certify_runs[0].replace("${{ matrix.part }}", &part.to_string());
        let (status, output) = site.run(&script, &[]);
        assert!(status <= 1, "{output}");
        statuses.insert(part, status);
    }
    let (status, output) = site.run(&report_runs[0], &[]);
    assert_eq!(status, 0, "{output}");
    let junit = std::fs::read_to_string(site.dir.join("certification.xml")).unwrap();
    let html = std::fs::read_to_string(site.dir.join("certification.html")).unwrap();
    assert!(junit.contains("<testsuites"), "{junit}");
    assert!(html.contains("<html"), "{}", &html[..200.min(html.len())]);
    // The merged certification is the one a single run writes: the same rows and verdicts.
    let whole = site.dir.join("whole.json");
    let (status, output) = site.run(
        &format!(
            "arbiter certify --profile ucci-league --engine target/release/my-engine --format json --out {}",
            whole.display()
        ),
        &[],
    );
    assert!(status <= 1, "{output}");
    let combined = site.dir.join("combined.json");
    let (status, output) = site.run(
        &format!(
            "arbiter report render parts --format json --out {}",
            combined.display()
        ),
        &[],
    );
    assert_eq!(status, 0, "{output}");
    let (whole, combined): (Certification, Certification) =
        (common::read_report(&whole), common::read_report(&combined));
    let rows = |c: &Certification| {
        [&c.required, &c.recommended, &c.also_exercised]
            .into_iter()
            .flatten()
            .map(|v| (v.requirement.id, v.verdict))
            .collect::<Vec<_>>()
    };
    assert_eq!(rows(&combined), rows(&whole));
    assert_eq!(combined.verdict, whole.verdict);
    let scenario_names = |c: &Certification| -> Vec<String> {
        c.runs.iter().map(|r| r.scenario.name.clone()).collect()
    };
    assert_eq!(scenario_names(&combined), scenario_names(&whole));
    // And its JUnit has the whole run's cases and failures.
    let whole_xml = site.dir.join("whole.xml");
    let (status, output) = site.run(
        &format!(
            "arbiter report render whole.json --format junit --out {}",
            whole_xml.display()
        ),
        &[],
    );
    assert_eq!(status, 0, "{output}");
    let whole_junit = std::fs::read_to_string(&whole_xml).unwrap();
    for tag in ["<testcase", "<failure"] {
        assert_eq!(
            junit.matches(tag).count(),
            whole_junit.matches(tag).count(),
            "{tag}"
        );
    }
    assert!(junit.matches("<testcase").count() > 0, "{junit}");
}
