//! The labels steps are named by in reports, and what a `needs` may name: stable across edits
//! of comments and other steps, repeats numbered.

use crate::scenario::{Step, StepKind};

/// The default label of a directive: what it does, without its figures (so retuning a bound
/// keeps the name).
pub(super) fn directive_label(kind: &StepKind) -> String {
    match kind {
        StepKind::Wait { .. } => "wait".into(),
        StepKind::Silent { .. } => "silent".into(),
        StepKind::Absent { text, .. } => format!("no {text}"),
        StepKind::Exit { .. } => "exit".into(),
        StepKind::Send(commands) => format!("> {}", commands.join(" ⏎ ")),
        StepKind::SendCut { command, cut } => {
            format!(">| {}|{}", &command[..*cut], &command[*cut..])
        }
        StepKind::Expect(_) => String::new(),
    }
}

/// A label as reports show it: the text, cut at a length a report line can carry.
pub(super) fn short(text: &str) -> String {
    const MAX: usize = 60;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The labels of the steps assembled so far as reports show them, repeats numbered (`no bestmove
/// ... #2`), expectations each: what a `needs` may name, and at run time is matched against.
pub(super) fn labels_so_far(steps: &[Step]) -> Vec<String> {
    let mut numbering = LabelNumbering::default();
    let mut labels = Vec::new();
    for step in steps {
        match &step.kind {
            StepKind::Expect(group) => group.iter().for_each(|e| labels.push(e.label.clone())),
            _ => labels.push(step.label.clone()),
        }
    }
    labels.iter_mut().for_each(|label| numbering.number(label));
    labels
}

/// The second `readyok` of a scenario is `readyok #2`: every label names one step.
pub(super) fn number_repeated_labels(steps: &mut [Step]) {
    let mut numbering = LabelNumbering::default();
    for step in steps {
        match &mut step.kind {
            StepKind::Expect(group) => group
                .iter_mut()
                .for_each(|e| numbering.number(&mut e.label)),
            _ => numbering.number(&mut step.label),
        }
    }
}

/// How often each label has come so far, in the scenario's order.
#[derive(Default)]
struct LabelNumbering(std::collections::HashMap<String, usize>);

impl LabelNumbering {
    /// Numbers the label if it came before: its second coming is `label #2`.
    fn number(&mut self, label: &mut String) {
        let count = self.0.entry(label.clone()).or_default();
        *count += 1;
        if *count > 1 {
            *label = format!("{label} #{count}");
        }
    }
}
