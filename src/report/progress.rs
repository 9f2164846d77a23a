//! A progress bar on stderr for long runs, shown only on a terminal.

use indicatif::{ProgressBar, ProgressStyle};

use crate::check::Grade;
use crate::runner::{Observer, ScenarioRun};
use crate::scenario::Scenario;

pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar if stderr is a terminal, otherwise silence (CI logs stay clean).
    pub fn for_stderr(total: usize) -> Progress {
        use std::io::IsTerminal;
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total as u64);
            if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}") {
                bar.set_style(style);
            }
            bar
        });
        Progress { bar }
    }
}

impl Observer for Progress {
    fn started(&mut self, scenario: &Scenario, _index: usize, _total: usize) {
        if let Some(bar) = &self.bar {
            bar.set_message(scenario.name.clone());
        }
    }

    fn finished(&mut self, run: &ScenarioRun) {
        if let Some(bar) = &self.bar {
            if run.grade() == Grade::Fail {
                bar.println(format!("FAIL {}", run.scenario.name));
            }
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
