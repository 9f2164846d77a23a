//! A progress bar on stderr for long runs, shown only on a terminal and not under `--quiet`:
//! how many scenarios ran, how many passed, warned and failed so far, and which one is running.

use indicatif::{ProgressBar, ProgressStyle};

use arbiter::check::Grade;
use arbiter::report::ScenarioRun;
use arbiter::runner::Observer;
use arbiter::scenario::Scenario;

pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    passed: usize,
    warned: usize,
    failed: usize,
}

/// A bar of `len` steps drawn with `template` if stderr is a terminal, otherwise none (CI logs
/// stay clean). Every progress bar of Arbiter's starts here.
pub(crate) fn terminal_bar(len: usize, template: &str) -> Option<ProgressBar> {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(len as u64);
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar
    })
}

impl Progress {
    /// A bar if stderr is a terminal, otherwise silence.
    pub(crate) fn for_stderr(total: usize) -> Progress {
        let bar = terminal_bar(total, "{bar:30} {pos}/{len} {prefix} {msg}");
        Progress {
            bar,
            passed: 0,
            warned: 0,
            failed: 0,
        }
    }

    /// No bar anywhere (`--quiet`).
    pub(crate) fn silent() -> Progress {
        Progress {
            bar: None,
            passed: 0,
            warned: 0,
            failed: 0,
        }
    }

    fn counts(&self) -> String {
        format!(
            "pass {} warn {} fail {}",
            self.passed, self.warned, self.failed
        )
    }
}

impl Observer for Progress {
    fn started(&mut self, scenario: &Scenario, _index: usize, _total: usize) {
        if let Some(bar) = &self.bar {
            bar.set_message(scenario.name.clone());
        }
    }

    fn finished(&mut self, run: &ScenarioRun) {
        if run.end.not_run().is_none() {
            match run.grade() {
                Grade::Pass => self.passed += 1,
                Grade::Warn => self.warned += 1,
                Grade::Fail => self.failed += 1,
            }
        }
        if let Some(bar) = &self.bar {
            if run.grade() == Grade::Fail {
                bar.println(format!("FAIL {}", run.scenario.name));
            }
            bar.set_prefix(self.counts());
            bar.inc(1);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
