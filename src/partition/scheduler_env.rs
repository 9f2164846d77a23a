//! `--partition auto`: the share a worker plays, read from the environment its scheduler gives
//! it, so a Slurm job array or a Kubernetes indexed Job runs one command line in every task and
//! each task takes its own share. A CI matrix has no such variables; it spells the share out
//! (`--partition ${{ matrix.part }}/4`).
//!
//! - Slurm job arrays set `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN` and
//!   `SLURM_ARRAY_TASK_COUNT` (and `SLURM_ARRAY_TASK_STEP` for `--array=0-6:2`): the share is
//!   the task's place in the array, `(ID − MIN) / STEP + 1` of `COUNT`.
//! - Kubernetes indexed Jobs set `JOB_COMPLETION_INDEX` (from 0) and nothing that says how many
//!   indexes there are, so the count is written once beside it: `--partition auto/4`. The count
//!   goes on the command line rather than in a variable of our own because the manifest holds
//!   both (`completions: 4` and the command), where a reader sees them side by side, and a
//!   mismatch with Slurm's own count is then caught too.
//!
//! The environment is passed in as a lookup, so the rules are tested without touching the
//! process's own variables.

use std::fmt;
use std::str::FromStr;

use super::Partition;

/// What `--partition` was given: a share spelled out, or `auto` to read it from the scheduler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartitionSpec {
    /// `K/N`.
    Given(Partition),
    /// `auto`, or `auto/N` with the count the environment does not give (Kubernetes).
    Auto {
        /// The count of workers, where the environment does not give it.
        count: Option<usize>,
    },
}

/// A `--partition` that reads neither as `K/N` nor as `auto` or `auto/N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not K/N with 1 ≤ K ≤ N, nor auto, nor auto/N with N ≥ 1")]
pub struct BadPartitionSpec(pub String);

/// Why `--partition auto` found no share in the environment.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SchedulerEnvError {
    #[error(
        "--partition auto: no scheduler found: expected SLURM_ARRAY_TASK_ID (a Slurm job array) or JOB_COMPLETION_INDEX (a Kubernetes indexed Job, with --partition auto/N); in a CI matrix give --partition K/N"
    )]
    /// Neither scheduler's variable is set.
    NoScheduler,
    #[error(
        "--partition auto: both SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX are set; give --partition K/N"
    )]
    /// Both schedulers' variables are set.
    Both,
    #[error("--partition auto: expected {variable} to be set (it is set for {scheduler})")]
    /// A variable the scheduler sets beside the one found is missing.
    Missing {
        /// The variable.
        variable: &'static str,
        /// The scheduler whose other variable is set.
        scheduler: &'static str,
    },
    #[error("--partition auto: {variable}={value} is not a whole number")]
    /// A variable that is not a whole number.
    NotANumber {
        /// The variable.
        variable: &'static str,
        /// Its value.
        value: String,
    },
    #[error(
        "--partition auto: JOB_COMPLETION_INDEX is set but Kubernetes does not say how many indexes there are: give the count as --partition auto/N (N = the Job's completions)"
    )]
    /// Kubernetes gives the index but not the count.
    KubernetesCount,
    #[error("--partition auto: {detail}")]
    /// The variables do not make a share.
    Inconsistent {
        /// How.
        detail: String,
    },
}

impl FromStr for PartitionSpec {
    type Err = BadPartitionSpec;

    fn from_str(text: &str) -> Result<PartitionSpec, BadPartitionSpec> {
        let bad = || BadPartitionSpec(text.to_owned());
        match text.trim() {
            "auto" => Ok(PartitionSpec::Auto { count: None }),
            other => match other.strip_prefix("auto/") {
                Some(count) => match count.trim().parse::<usize>() {
                    Ok(n) if n >= 1 => Ok(PartitionSpec::Auto { count: Some(n) }),
                    _ => Err(bad()),
                },
                None => other
                    .parse::<Partition>()
                    .map(PartitionSpec::Given)
                    .map_err(|_| bad()),
            },
        }
    }
}

impl fmt::Display for PartitionSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartitionSpec::Given(p) => p.fmt(f),
            PartitionSpec::Auto { count: None } => f.write_str("auto"),
            PartitionSpec::Auto { count: Some(n) } => write!(f, "auto/{n}"),
        }
    }
}

impl PartitionSpec {
    /// The share this worker plays: the one given, or the one its scheduler's variables name
    /// (`env` looks a variable up: `|name| std::env::var(name).ok()` for the real one).
    pub fn resolve(
        self,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Partition, SchedulerEnvError> {
        let count = match self {
            PartitionSpec::Given(partition) => return Ok(partition),
            PartitionSpec::Auto { count } => count,
        };
        match (env(SLURM_ID), env(KUBERNETES_INDEX)) {
            (Some(_), Some(_)) => Err(SchedulerEnvError::Both),
            (Some(id), None) => slurm(&id, count, &env),
            (None, Some(index)) => kubernetes(&index, count),
            (None, None) => Err(SchedulerEnvError::NoScheduler),
        }
    }
}

const SLURM_ID: &str = "SLURM_ARRAY_TASK_ID";
const SLURM_MIN: &str = "SLURM_ARRAY_TASK_MIN";
const SLURM_COUNT: &str = "SLURM_ARRAY_TASK_COUNT";
const SLURM_STEP: &str = "SLURM_ARRAY_TASK_STEP";
const KUBERNETES_INDEX: &str = "JOB_COMPLETION_INDEX";
const SLURM: &str = "Slurm job arrays";

fn number(variable: &'static str, value: &str) -> Result<usize, SchedulerEnvError> {
    value
        .trim()
        .parse()
        .map_err(|_| SchedulerEnvError::NotANumber {
            variable,
            value: value.to_owned(),
        })
}

fn slurm(
    id: &str,
    count: Option<usize>,
    env: &impl Fn(&str) -> Option<String>,
) -> Result<Partition, SchedulerEnvError> {
    let required = |variable: &'static str| {
        env(variable)
            .ok_or(SchedulerEnvError::Missing {
                variable,
                scheduler: SLURM,
            })
            .and_then(|value| number(variable, &value))
    };
    let id = number(SLURM_ID, id)?;
    let min = required(SLURM_MIN)?;
    let tasks = required(SLURM_COUNT)?;
    // Slurm sets the step only for stepped ranges (`--array=0-6:2`).
    let step = match env(SLURM_STEP) {
        Some(value) => number(SLURM_STEP, &value)?.max(1),
        None => 1,
    };
    let inconsistent = |detail: String| SchedulerEnvError::Inconsistent { detail };
    if let Some(n) = count.filter(|&n| n != tasks) {
        return Err(inconsistent(format!(
            "auto/{n} says {n} workers but {SLURM_COUNT}={tasks}"
        )));
    }
    let offset = id
        .checked_sub(min)
        .ok_or_else(|| inconsistent(format!("{SLURM_ID}={id} is below {SLURM_MIN}={min}")))?;
    if offset % step != 0 {
        return Err(inconsistent(format!(
            "{SLURM_ID}={id} is not {SLURM_MIN}={min} plus a multiple of {SLURM_STEP}={step} (an array of listed indexes, such as --array=1,5,7, has no place for each task: use --array=0-N)"
        )));
    }
    Partition::new(offset / step + 1, tasks).ok_or_else(|| {
        inconsistent(format!(
            "{SLURM_ID}={id} is task {} of an array of {SLURM_COUNT}={tasks}",
            offset / step + 1
        ))
    })
}

fn kubernetes(index: &str, count: Option<usize>) -> Result<Partition, SchedulerEnvError> {
    let index = number(KUBERNETES_INDEX, index)?;
    let count = count.ok_or(SchedulerEnvError::KubernetesCount)?;
    Partition::new(index + 1, count).ok_or_else(|| SchedulerEnvError::Inconsistent {
        detail: format!(
            "{KUBERNETES_INDEX}={index} is past the last index of auto/{count} (indexes run from 0 to {})",
            count - 1
        ),
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn resolve(spec: &str, vars: &[(&str, &str)]) -> Result<String, SchedulerEnvError> {
        let env: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let spec: PartitionSpec = spec.parse().unwrap();
        spec.resolve(|name| env.get(name).cloned())
            .map(|p| p.to_string())
    }

    fn slurm_task(id: &str, min: &str, count: &str) -> Vec<(&'static str, String)> {
        vec![
            (SLURM_ID, id.to_owned()),
            (SLURM_MIN, min.to_owned()),
            (SLURM_COUNT, count.to_owned()),
        ]
    }

    fn borrowed<'a>(vars: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
        vars.iter().map(|(k, v)| (*k, v.as_str())).collect()
    }

    #[test]
    fn the_spec_reads_k_of_n_auto_and_auto_with_a_count() {
        assert_eq!(
            "2/4".parse(),
            Ok(PartitionSpec::Given(Partition::new(2, 4).unwrap()))
        );
        assert_eq!("auto".parse(), Ok(PartitionSpec::Auto { count: None }));
        assert_eq!("auto/4".parse(), Ok(PartitionSpec::Auto { count: Some(4) }));
        for bad in ["auto/0", "auto/x", "0/4", "5/4", "", "automatic"] {
            assert!(bad.parse::<PartitionSpec>().is_err(), "{bad}");
        }
        for text in ["2/4", "auto", "auto/3"] {
            assert_eq!(text.parse::<PartitionSpec>().unwrap().to_string(), text);
        }
        // A share spelled out needs no environment at all.
        assert_eq!(resolve("3/4", &[]).unwrap(), "3/4");
    }

    #[test]
    fn a_slurm_array_task_is_its_place_in_the_array() {
        // sbatch --array=0-3: tasks 0..3 are shares 1..4.
        for id in 0..4 {
            let vars = slurm_task(&id.to_string(), "0", "4");
            assert_eq!(
                resolve("auto", &borrowed(&vars)).unwrap(),
                format!("{}/4", id + 1)
            );
        }
        // sbatch --array=5-8: the index counts from the array's first task.
        let vars = slurm_task("7", "5", "4");
        assert_eq!(resolve("auto", &borrowed(&vars)).unwrap(), "3/4");
        // sbatch --array=0-6:2: tasks 0, 2, 4, 6.
        let mut vars = slurm_task("4", "0", "4");
        vars.push((SLURM_STEP, "2".into()));
        assert_eq!(resolve("auto", &borrowed(&vars)).unwrap(), "3/4");
        // auto/N agrees with Slurm's count.
        let vars = slurm_task("1", "0", "4");
        assert_eq!(resolve("auto/4", &borrowed(&vars)).unwrap(), "2/4");
    }

    #[test]
    fn a_kubernetes_index_needs_the_count_given_once() {
        assert_eq!(
            resolve("auto/4", &[(KUBERNETES_INDEX, "0")]).unwrap(),
            "1/4"
        );
        assert_eq!(
            resolve("auto/4", &[(KUBERNETES_INDEX, "3")]).unwrap(),
            "4/4"
        );
        assert_eq!(
            resolve("auto", &[(KUBERNETES_INDEX, "0")]),
            Err(SchedulerEnvError::KubernetesCount)
        );
        let past = resolve("auto/4", &[(KUBERNETES_INDEX, "4")]).unwrap_err();
        assert!(
            past.to_string().contains("JOB_COMPLETION_INDEX=4"),
            "{past}"
        );
    }

    #[test]
    fn a_missing_or_inconsistent_environment_names_the_variable() {
        let says = |spec: &str, vars: &[(&str, &str)], words: &[&str]| {
            let error = resolve(spec, vars).unwrap_err().to_string();
            for word in words {
                assert!(error.contains(word), "{vars:?}: {error}");
            }
        };
        says(
            "auto",
            &[],
            &["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"],
        );
        says("auto", &[(SLURM_ID, "1")], &["SLURM_ARRAY_TASK_MIN"]);
        says(
            "auto",
            &[(SLURM_ID, "1"), (SLURM_MIN, "0")],
            &["SLURM_ARRAY_TASK_COUNT"],
        );
        says(
            "auto",
            &[(SLURM_ID, "one"), (SLURM_MIN, "0"), (SLURM_COUNT, "4")],
            &["SLURM_ARRAY_TASK_ID=one"],
        );
        let too_far = slurm_task("4", "0", "4");
        says("auto", &borrowed(&too_far), &["SLURM_ARRAY_TASK_COUNT=4"]);
        let below = slurm_task("1", "2", "4");
        says("auto", &borrowed(&below), &["below SLURM_ARRAY_TASK_MIN"]);
        let counted = slurm_task("1", "0", "4");
        says(
            "auto/3",
            &borrowed(&counted),
            &["auto/3", "SLURM_ARRAY_TASK_COUNT=4"],
        );
        let mut stepped = slurm_task("3", "0", "4");
        stepped.push((SLURM_STEP, "2".into()));
        says("auto", &borrowed(&stepped), &["SLURM_ARRAY_TASK_STEP=2"]);
        says(
            "auto/4",
            &[(SLURM_ID, "1"), (KUBERNETES_INDEX, "1")],
            &["both"],
        );
        says(
            "auto/4",
            &[(KUBERNETES_INDEX, "-1")],
            &["JOB_COMPLETION_INDEX=-1"],
        );
    }
}
