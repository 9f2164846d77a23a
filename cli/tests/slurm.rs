//! A match as a real Slurm job array: a one-node cluster on localhost (`tests/slurm/cluster.sh`,
//! Debian's `slurm-wlm` and `munge`), `sbatch --array=0-3 --wait` of a batch script whose tasks
//! run `arbiter match --partition auto --results-dir DIR`. Merged, the array's results are the
//! match one process plays; an SPRT with tight bounds stops every task early; and once the
//! cluster is stopped no daemon of it is left. Needs root (the daemons run as root, munged as
//! `munge`); without Slurm it skips, except under CI.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use arbiter::matchplay::MatchReport;
use arbiter::matchplay::peers::WorkerState;
use arbiter::matchplay::results_dir::WorkerFile;
use arbiter::matchplay::sprt::Decision;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The programs of a cluster, whose processes must all be gone once it is stopped.
const DAEMONS: [&str; 5] = [
    "munged",
    "slurmctld",
    "slurmscriptd",
    "slurmd",
    "slurmstepd",
];

/// Runs `command`, killing it if it has not ended within `limit`.
fn output_within(command: &mut Command, limit: Duration, what: &str) -> Output {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "{what} did not end within {limit:?}: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    child.wait_with_output().unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The live processes of the cluster's programs (zombies are dead: with no init system nobody
/// reaps the daemons' forked parents).
fn daemon_processes() -> BTreeSet<(u32, String)> {
    let mut found = BTreeSet::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state …`; comm may hold spaces, so split at the last parenthesis.
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let comm = &stat[open + 1..close];
        let state = stat[close + 1..].trim_start().chars().next();
        if DAEMONS.contains(&comm) && state != Some('Z') {
            found.insert((pid, comm.to_owned()));
        }
    }
    found
}

/// A running one-node cluster; stopped when dropped, a failed assertion included.
struct Cluster {
    dir: PathBuf,
    stopped: bool,
}

impl Cluster {
    fn script() -> PathBuf {
        Path::new(ROOT).join("tests/slurm/cluster.sh")
    }

    fn start(dir: PathBuf) -> Cluster {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // The guard exists before the daemons do, so a start that fails half-way is cleaned up.
        let cluster = Cluster {
            dir,
            stopped: false,
        };
        let out = output_within(
            Command::new(Self::script()).arg("start").arg(&cluster.dir),
            Duration::from_secs(120),
            "starting the cluster",
        );
        assert!(
            out.status.success(),
            "the cluster did not start: {}",
            text(&out)
        );
        cluster
    }

    fn conf(&self) -> PathBuf {
        self.dir.join("slurm.conf")
    }

    fn stop(&mut self) -> Output {
        self.stopped = true;
        output_within(
            Command::new(Self::script()).arg("stop").arg(&self.dir),
            Duration::from_secs(120),
            "stopping the cluster",
        )
    }

    /// Submits `script` as an array of four tasks and waits until all of them have ended.
    fn run_array(&self, name: &str, script: &str, limit: Duration) {
        let path = self.dir.join(format!("{name}.sbatch"));
        std::fs::write(&path, script).unwrap();
        let out = output_within(
            Command::new("sbatch")
                .env("SLURM_CONF", self.conf())
                .arg("--array=0-3")
                .arg("--wait")
                .arg(format!("--job-name={name}"))
                .arg(format!("--chdir={}", self.dir.display()))
                .arg(format!("--output={}/{name}-%a.log", self.dir.display()))
                .arg(&path),
            limit,
            &format!("the array {name}"),
        );
        let logs: String = (0..4)
            .map(|a| {
                std::fs::read_to_string(self.dir.join(format!("{name}-{a}.log")))
                    .unwrap_or_default()
            })
            .collect();
        assert!(
            out.status.success(),
            "the array {name} failed: {}\ntask logs:\n{logs}",
            text(&out)
        );
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if !self.stopped {
            let out = self.stop();
            if !out.status.success() {
                eprintln!("stopping the cluster: {}", text(&out));
            }
        }
    }
}

/// Slurm's client, or why the test cannot run here.
fn slurm_or_skip() -> bool {
    // `sbatch --version` fails without a configuration, so look for the program itself.
    let path = std::env::var_os("PATH").unwrap_or_default();
    let installed = ["sbatch", "munged", "slurmctld", "slurmd"]
        .iter()
        .all(|program| {
            std::env::split_paths(&path)
                .chain([PathBuf::from("/usr/sbin")])
                .any(|dir| dir.join(program).is_file())
        });
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let why = match (installed, root) {
        (true, true) => return true,
        (false, _) => "Slurm is not installed (apt-get install slurm-wlm munge)",
        (true, false) => "the one-node cluster runs its daemons as root",
    };
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must run the Slurm test: {why}"
    );
    eprintln!("skipped: {why}");
    false
}

/// `arbiter match` between the reference engine searching three plies (`strong`) and one
/// (`weak`), from the shipped book with colours swapped, each move at most 5 s: the same games on
/// every run.
fn match_command(games: usize, extra: &[&str]) -> Vec<String> {
    let engine = common::reference_engine("arbiter-xiangqi");
    let book = common::repo().join("openings/xiangqi.txt");
    let mut args: Vec<String> = vec![
        env!("CARGO_BIN_EXE_arbiter").into(),
        "match".into(),
        "--game".into(),
        "xiangqi".into(),
        "--repeat".into(),
        "--each".into(),
        "st=5".into(),
        "--max-moves".into(),
        "60".into(),
    ];
    for (name, depth) in [("strong", 3), ("weak", 1)] {
        args.push("--engine".into());
        args.push(format!("cmd={}", engine.display()));
        args.push(format!("name={name}"));
        args.push(format!("depth={depth}"));
    }
    args.extend(["--games".into(), games.to_string()]);
    args.extend(["--openings".into(), format!("file={}", book.display())]);
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// A batch script whose task plays its share of the match. Exit status 1 (an engine lost by its
/// own fault) is a finding, not a failed task.
fn batch_script(command: &[String], results: &Path) -> String {
    let quoted: Vec<String> = command.iter().map(|w| format!("'{w}'")).collect();
    format!(
        "#!/bin/sh\nexport ARBITER_JOBS=1\n{} --partition auto --results-dir '{}' || [ $? -eq 1 ]\n",
        quoted.join(" "),
        results.display()
    )
}

fn merge(results: &Path, out: &Path) -> MatchReport {
    let merged = output_within(
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["match", "merge"])
            .arg(results)
            .arg("--out")
            .arg(out),
        Duration::from_secs(60),
        "arbiter match merge",
    );
    assert_eq!(merged.status.code(), Some(0), "{}", text(&merged));
    common::read_report(out)
}

/// Share `k` of four's file in a results directory.
fn part(results: &Path, k: usize) -> WorkerFile {
    common::read_report(&results.join(format!("part-{k}-of-4.json")))
}

/// Which hypothesis the match's SPRT accepted, if it has one that did.
fn decision(results: &MatchReport) -> Option<Decision> {
    results.sprt.and_then(|sprt| sprt.state.decision)
}

#[test]
fn a_slurm_job_array_merges_into_the_single_run_and_one_sprt_stops_every_task() {
    let _cpu = common::processor::whole();
    if !slurm_or_skip() {
        return;
    }
    let before = daemon_processes();
    let scratch = common::scratch_file("slurm", "cluster");
    let mut cluster = Cluster::start(scratch.clone());

    // Sixteen games in four shares, merged: the match one process plays.
    let results = scratch.join("results-match");
    let command = match_command(16, &[]);
    cluster.run_array(
        "match",
        &batch_script(&command, &results),
        Duration::from_secs(600),
    );
    for k in 1..=4 {
        let part = part(&results, k);
        assert_eq!(part.worker.state, WorkerState::Done, "part {k}");
        assert_eq!(part.report.games.len(), 4, "part {k}");
    }
    let merged = merge(&results, &scratch.join("merged.json"));
    let single_out = scratch.join("single.json");
    let single = output_within(
        Command::new(&command[0])
            .args(&command[1..])
            .arg("--out")
            .arg(&single_out)
            .env("ARBITER_JOBS", "1"),
        Duration::from_secs(600),
        "the single run",
    );
    assert!(
        single.status.code().is_some_and(|c| c <= 1),
        "{}",
        text(&single)
    );
    let single: MatchReport = common::read_report(&single_out);
    common::assert_same_match(&merged, &single);
    assert_eq!(merged.games.len(), 16);

    // Two hundred games under an SPRT the strong engine passes quickly: every task stops early.
    let results = scratch.join("results-sprt");
    let command = match_command(200, &["--sprt", "elo0=0", "elo1=20"]);
    cluster.run_array(
        "sprt",
        &batch_script(&command, &results),
        Duration::from_secs(600),
    );
    let mut played = 0;
    for k in 1..=4 {
        let part = part(&results, k);
        assert_eq!(part.worker.state, WorkerState::StoppedBySprt, "part {k}");
        assert_eq!(decision(&part.report), Some(Decision::H1), "part {k}");
        played += part.report.games.len();
    }
    assert!(
        played < 100,
        "the SPRT stopped the match early: {played} games"
    );
    let merged = merge(&results, &scratch.join("merged-sprt.json"));
    assert_eq!(decision(&merged), Some(Decision::H1));
    assert_eq!(merged.games.len(), played);

    let stopped = cluster.stop();
    assert!(stopped.status.success(), "{}", text(&stopped));
    let left: Vec<_> = daemon_processes().difference(&before).cloned().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    let _ = std::fs::remove_dir_all(&scratch);
}
