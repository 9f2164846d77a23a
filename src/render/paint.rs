//! Colour in the human form: the words a person scans a report for (a finding's grade, a
//! scenario's or a requirement's verdict, the closing summary) marked with ANSI colours when
//! the command line asks for them (`--color`, `NO_COLOR`: `cli::console` decides).
//!
//! The renderers take a [`Paint`] rather than writing escapes for a stream to strip, so they
//! stay pure: the same report and paint give the same text, and [`Paint::Plain`] gives exactly
//! what they gave before colour existed (the snapshots of the human report pin it).

use anstyle::{AnsiColor, Style};

use crate::check::Grade;

/// Whether the human form carries colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paint {
    /// No escapes: files, pipes, CI logs, `NO_COLOR`, `--color never`, the library API.
    #[default]
    Plain,
    /// ANSI escapes: a terminal, or `--color always`.
    Ansi,
}

impl Paint {
    /// `text` in the colour of `grade`: failures red and bold, warnings yellow, passes green.
    pub fn grade(self, grade: Grade, text: &str) -> String {
        match self {
            Paint::Plain => text.to_owned(),
            Paint::Ansi => {
                let style = style_of(grade);
                format!("{}{text}{}", style.render(), style.render_reset())
            }
        }
    }

    /// `text` painted as `grade`, or left plain without one (a row that was not judged).
    pub fn maybe(self, grade: Option<Grade>, text: &str) -> String {
        match grade {
            Some(grade) => self.grade(grade, text),
            None => text.to_owned(),
        }
    }

    /// `text` painted as `grade`, padded with spaces to `width` columns as `{:<width}` pads the
    /// plain text: the escapes take no column, so they must not count.
    pub fn padded(self, grade: Option<Grade>, text: &str, width: usize) -> String {
        let pad = width.saturating_sub(text.chars().count());
        format!("{}{}", self.maybe(grade, text), " ".repeat(pad))
    }
}

fn style_of(grade: Grade) -> Style {
    match grade {
        Grade::Pass => AnsiColor::Green.on_default(),
        Grade::Warn => AnsiColor::Yellow.on_default(),
        Grade::Fail => AnsiColor::Red.on_default().bold(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_paint_leaves_the_text_as_it_is() {
        for grade in [Grade::Pass, Grade::Warn, Grade::Fail] {
            assert_eq!(Paint::Plain.grade(grade, "FAIL"), "FAIL");
        }
        assert_eq!(
            Paint::Plain.padded(Some(Grade::Pass), "pass", 8),
            format!("{:<8}", "pass")
        );
    }

    #[test]
    fn each_grade_has_its_colour_and_the_colour_ends_with_the_word() {
        assert_eq!(
            Paint::Ansi.grade(Grade::Fail, "FAIL"),
            "\x1b[1m\x1b[31mFAIL\x1b[0m"
        );
        assert_eq!(
            Paint::Ansi.grade(Grade::Warn, "WARN"),
            "\x1b[33mWARN\x1b[0m"
        );
        assert_eq!(
            Paint::Ansi.grade(Grade::Pass, "pass"),
            "\x1b[32mpass\x1b[0m"
        );
        assert_eq!(Paint::Ansi.maybe(None, "not applicable"), "not applicable");
    }

    #[test]
    fn padding_counts_only_the_visible_text() {
        let painted = Paint::Ansi.padded(Some(Grade::Warn), "pass", 8);
        assert!(painted.ends_with("\x1b[0m    "), "{painted:?}");
        let long = Paint::Plain.padded(None, "pass with warnings", 4);
        assert_eq!(
            long, "pass with warnings",
            "never cut, as {{:<4}} never cuts"
        );
    }
}
