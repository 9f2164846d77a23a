//! What one line of a scenario file is, told by how it begins: the parser dispatches on it.

/// One line of a scenario file, classified.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Line<'a> {
    /// Empty, or a `#` comment.
    Blank,
    /// `if NAME is VALUE`: opens a block of steps; the condition as written.
    If(&'a str),
    /// `end if`: closes the innermost block.
    EndIf,
    /// `>| te|xt`: one command written in two writes, cut at its `|`.
    SendCut(&'a str),
    /// `> text`; `joined` for `>> text`, written in the same write as the command before it.
    Send { text: &'a str, joined: bool },
    /// `< pattern (modifiers)`: a reply expected.
    Expect(&'a str),
    /// `key: value`, a header: only before the first step.
    Header { key: &'a str, value: &'a str },
    /// Anything else: a directive (`wait`, `silent`, `no … for`, `exit within`) with its
    /// modifiers, or a line that reads as nothing (the directive's reader says so).
    Directive(&'a str),
}

impl<'a> Line<'a> {
    /// Classifies a line; `before_steps`: no step has come yet, so `key: value` is a header.
    pub(super) fn classify(raw: &'a str, before_steps: bool) -> Line<'a> {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            return Line::Blank;
        }
        if let Some(condition) = line.strip_prefix("if ") {
            return Line::If(condition);
        }
        if line == "end if" {
            return Line::EndIf;
        }
        // Before `>`: `>|` is a command of its own kind.
        if let Some(text) = line.strip_prefix(">|") {
            return Line::SendCut(text.trim());
        }
        if let Some(rest) = line.strip_prefix('>') {
            return match rest.strip_prefix('>') {
                Some(text) => Line::Send { text, joined: true },
                None => Line::Send {
                    text: rest,
                    joined: false,
                },
            };
        }
        if let Some(body) = line.strip_prefix('<') {
            return Line::Expect(body);
        }
        if before_steps && let Some((key, value)) = header(line) {
            return Line::Header {
                key,
                value: value.trim(),
            };
        }
        Line::Directive(line)
    }
}

/// `key: value` with a key of lower-case letters and dashes.
fn header(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .then_some((key, value))
}

#[cfg(test)]
mod tests {
    use super::Line;

    #[test]
    fn each_kind_of_line_is_told_by_how_it_begins() {
        let cases = [
            ("   ", true, Line::Blank),
            ("# > not a command", false, Line::Blank),
            ("if restart is OK", false, Line::If("restart is OK")),
            ("end if", false, Line::EndIf),
            (">| g|o depth 1", false, Line::SendCut("g|o depth 1")),
            (
                "> go depth 1",
                false,
                Line::Send {
                    text: " go depth 1",
                    joined: false,
                },
            ),
            (
                ">> go",
                false,
                Line::Send {
                    text: " go",
                    joined: true,
                },
            ),
            ("< bestmove ...", false, Line::Expect(" bestmove ...")),
            (
                "protocol: uci",
                true,
                Line::Header {
                    key: "protocol",
                    value: "uci",
                },
            ),
            // After the first step a `key: value` line is no header.
            ("protocol: uci", false, Line::Directive("protocol: uci")),
            ("wait 100 ms", true, Line::Directive("wait 100 ms")),
        ];
        for (raw, before_steps, expected) in cases {
            assert_eq!(Line::classify(raw, before_steps), expected, "{raw:?}");
        }
    }
}
