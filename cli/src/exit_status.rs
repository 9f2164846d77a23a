//! The exit status of a command, as scripts and CI read it: the statuses the README documents,
//! and the one place they become numbers. The library concludes a run ([`Conclusion`]); a
//! usage error is the command line's own.

use arbiter::report::Conclusion;
use arbiter::session::interrupt;

/// How a command ended, for its exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ExitStatus {
    /// 0: no check failed (warnings allowed); certified; the match was clean; done.
    Passed,
    /// 1: a check failed or a step could not be judged; not certified; a fuzz failure was
    /// found; an engine lost a match by its own fault.
    Failed,
    /// 2: bad input or a usage error, said before anything ran.
    Usage,
    /// 2: the harness itself could not do its part (an engine that cannot start, a scenario
    /// that could not run, a file that could not be written).
    HarnessFailed,
    /// 128 + N: signal N stopped the command; what ran is still reported.
    Interrupted(i32),
}

impl From<Conclusion> for ExitStatus {
    fn from(conclusion: Conclusion) -> ExitStatus {
        match conclusion {
            Conclusion::Passed => ExitStatus::Passed,
            Conclusion::Failed => ExitStatus::Failed,
            Conclusion::HarnessFailed => ExitStatus::HarnessFailed,
            Conclusion::Interrupted(signal) => ExitStatus::Interrupted(signal),
        }
    }
}

impl ExitStatus {
    /// 0, 1, 2, or 128 + the signal number as shells report a signal.
    pub(crate) fn code(self) -> u8 {
        match self {
            ExitStatus::Passed => 0,
            ExitStatus::Failed => 1,
            ExitStatus::Usage | ExitStatus::HarnessFailed => 2,
            ExitStatus::Interrupted(signal) => interrupt::exit_status(signal),
        }
    }
}

impl From<ExitStatus> for std::process::ExitCode {
    fn from(status: ExitStatus) -> std::process::ExitCode {
        std::process::ExitCode::from(status.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every status a command can end with, as the README's table gives them.
    const DOCUMENTED: [(ExitStatus, &str); 5] = [
        (
            ExitStatus::Passed,
            "no check failed (warnings allowed); certified; fuzzing found nothing; the match was clean",
        ),
        (
            ExitStatus::Failed,
            "a check failed or a step could not be judged; not certified (a required row failed or was blocked); fuzzing found a failure; an engine lost a game by its own fault",
        ),
        (
            ExitStatus::Usage,
            "a usage error or bad input, said on stderr before anything ran",
        ),
        (
            ExitStatus::HarnessFailed,
            "the harness could not do its part: an engine that cannot start, a scenario that could not run, a report that could not be written",
        ),
        (
            ExitStatus::Interrupted(2),
            "signal N stopped the command (130 for Ctrl-C, 143 for SIGTERM); what ran is still reported",
        ),
    ];

    /// The exit statuses as a Markdown table, the one the README shows.
    fn markdown_table() -> String {
        let mut table = String::from("| status | meaning |\n|---|---|\n");
        for (status, meaning) in DOCUMENTED {
            let code = match status {
                ExitStatus::Interrupted(_) => "128 + N".to_owned(),
                other => other.code().to_string(),
            };
            table.push_str(&format!("| {code} | {meaning} |\n"));
        }
        table
    }

    /// The numbers the README documents for each status.
    #[test]
    fn each_status_is_its_documented_number() {
        assert_eq!(ExitStatus::Passed.code(), 0);
        assert_eq!(ExitStatus::Failed.code(), 1);
        assert_eq!(ExitStatus::Usage.code(), 2);
        assert_eq!(ExitStatus::HarnessFailed.code(), 2);
        assert_eq!(ExitStatus::Interrupted(2).code(), 130);
        assert_eq!(ExitStatus::Interrupted(15).code(), 143);
    }

    #[test]
    fn the_readme_shows_every_exit_status() {
        let readme = include_str!("../../README.md");
        let table = markdown_table();
        assert!(
            readme.contains(&table),
            "the README's exit-status table differs from the code; it should read:\n{table}"
        );
    }
}
