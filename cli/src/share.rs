//! A worker's share of the work and where it leaves its results, for `run` and `certify`
//! (`match` has its own, over game pairs): `--partition K/N|auto|auto/N` picks the share,
//! from the scheduler's environment with `auto`, and `--results-dir DIR` leaves the share's
//! JSON report in `DIR/part-K-of-N.json`, where `arbiter report render DIR` finds every share.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use arbiter::matchplay::results_dir::file_name;
use arbiter::partition::{Partition, PartitionSpec};
use arbiter::report::file::write_atomically;

#[derive(Args, Debug, Clone)]
pub(super) struct ShareArgs {
    /// Run only share K of N of the scenarios (e.g. 2/4, one per CI job); `auto` reads the
    /// share from a Slurm job array (`SLURM_ARRAY_TASK_ID`, `_MIN`, `_COUNT`), `auto/N` from a
    /// Kubernetes indexed Job of N completions (`JOB_COMPLETION_INDEX`).
    #[arg(long, value_name = "K/N|auto|auto/N")]
    pub partition: Option<PartitionSpec>,
    /// Also leave this share's JSON report in `DIR/part-K-of-N.json` (made if missing, written
    /// whole or not at all), where `arbiter report render DIR` combines every share's.
    #[arg(long, value_name = "DIR")]
    pub results_dir: Option<PathBuf>,
}

impl ShareArgs {
    /// The share this run plays, the scheduler's environment read for `auto`.
    pub(super) fn partition(&self) -> Result<Option<Partition>, CliError> {
        resolve(self.partition)
    }

    /// Leaves the share's JSON report in the results directory, when there is one.
    pub(super) fn leave(&self, partition: Option<Partition>, json: &str) -> Result<(), CliError> {
        let Some(dir) = &self.results_dir else {
            return Ok(());
        };
        let share = partition.unwrap_or(Partition::new(1, 1).expect("1/1 is a share"));
        let path = dir.join(file_name(share));
        std::fs::create_dir_all(dir)
            .and_then(|()| write_atomically(&path, json.as_bytes()))
            .map_err(|source| CliError::Write {
                context: format!("--results-dir {}", path.display()),
                source,
            })
    }
}

/// The share `--partition` names, the scheduler's environment read for `auto`: a missing or
/// inconsistent environment is a usage error naming the variable.
pub(super) fn resolve(spec: Option<PartitionSpec>) -> Result<Option<Partition>, CliError> {
    spec.map(|spec| spec.resolve(|name| std::env::var(name).ok()))
        .transpose()
        .map_err(CliError::from)
}
