//! Reading scenario files. Every error names the file and line.

use std::path::Path;

use thiserror::Error;

use super::pattern::Pattern;
use super::{BoundSource, Condition, Expectation, Level, Repeat, Scenario, Step, StepKind};
use crate::protocol::{GameKind, LineEnd, Protocol, ReqId};

/// A scenario file that cannot be used, with where and why.
#[derive(Debug, Error)]
#[error("{}: {message}", place(origin, *line))]
pub struct ScenarioError {
    /// The file at fault as errors name it: its path, or `(built-in) scenarios/NAME.scenario`
    /// for a scenario shipped in the binary.
    pub origin: String,
    /// 1-based line number; 0 when the whole file is at fault.
    pub line: usize,
    /// What is wrong there, in one sentence.
    pub message: String,
}

/// `file:line`, or just `file` when the whole file is at fault.
fn place(origin: &str, line: usize) -> String {
    match line {
        0 => origin.to_owned(),
        n => format!("{origin}:{n}"),
    }
}

impl ScenarioError {
    pub(super) fn io(path: &Path, e: std::io::Error) -> ScenarioError {
        ScenarioError {
            origin: path.display().to_string(),
            line: 0,
            message: format!("cannot read: {e}"),
        }
    }
}

/// The default for expectations without `within`: generous, since it only bounds a hang (the
/// timeout is always the harness's bound, never one the text gives).
const DEFAULT_TIMEOUT_MS: u64 = 10_000;

/// Parses a scenario. `name` is its short name, `origin` how errors refer to the file.
pub(crate) fn parse(name: &str, origin: &str, text: &str) -> Result<Scenario, ScenarioError> {
    let err = |line: usize, message: String| ScenarioError {
        origin: origin.to_owned(),
        line,
        message,
    };
    let mut protocol = None;
    let mut title = None;
    let mut spec = None;
    let mut cites = Vec::new();
    let mut timeout_ms = DEFAULT_TIMEOUT_MS;
    let mut line_end = None;
    let mut game: Option<(GameKind, usize)> = None;
    let mut steps: Vec<Step> = Vec::new();
    let mut seen_headers: Vec<(&str, usize)> = Vec::new();
    // Names an expectation captured so far: a command may use only these.
    let mut captured: Vec<String> = Vec::new();
    // The `if` blocks open at this line, outermost first, each with the line that opened it.
    let mut blocks: Vec<(Condition, usize)> = Vec::new();

    for (index, raw) in text.lines().enumerate() {
        let n = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let when = || blocks.iter().map(|(c, _)| c.clone()).collect::<Vec<_>>();
        // A step is grouped with the one before it (`>>`, a run of `<` lines) only inside the
        // same block.
        let same_block = |steps: &[Step]| steps.last().is_some_and(|s| s.when == when());
        if let Some(condition) = line.strip_prefix("if ") {
            let condition = Condition::parse(condition).ok_or_else(|| {
                err(
                    n,
                    format!(
                        "`{line}`: write `if NAME is VALUE` (or `is A|B`, `is not VALUE`), NAME \
                         an earlier capture, and close the block with `end if`"
                    ),
                )
            })?;
            if !captured.contains(&condition.name) {
                return Err(err(n, no_capture(&condition.name)));
            }
            blocks.push((condition, n));
            continue;
        }
        if line == "end if" {
            if blocks.pop().is_none() {
                return Err(err(n, "`end if` closes no `if` block".to_owned()));
            }
            continue;
        }
        if let Some(text) = line.strip_prefix(">|") {
            let kind = cut_command(text.trim()).map_err(|e| err(n, e))?;
            if let StepKind::SendCut { command, .. } = &kind
                && let Some(name) = uncaptured(command, &captured, protocol)
            {
                return Err(err(
                    n,
                    format!(
                        "`{{{name}}}` is used before any expectation captures it (write `{{{name}}}` in a `<` line above)"
                    ),
                ));
            }
            steps.push(Step {
                line: n,
                label: short(&format!(">| {}", text.trim())),
                kind,
                cites: Vec::new(),
                level: Level::Must,
                bound: None,
                when: when(),
            });
            continue;
        }
        if let Some(rest) = line.strip_prefix('>') {
            // `>>`: another command in the same write as the `>` line just before it.
            let (joined, text) = match rest.strip_prefix('>') {
                Some(text) => (true, text),
                None => (false, rest),
            };
            let joins_a_send = matches!(
                steps.last(),
                Some(Step {
                    kind: StepKind::Send(_),
                    ..
                })
            ) && same_block(&steps);
            if joined && !joins_a_send {
                return Err(err(
                    n,
                    "`>>` writes a command together with the `>` line right before it; there is none"
                        .to_owned(),
                ));
            }
            if let Some(name) = uncaptured(text, &captured, protocol) {
                return Err(err(
                    n,
                    format!(
                        "`{{{name}}}` is used before any expectation captures it (write `{{{name}}}` in a `<` line above)"
                    ),
                ));
            }
            let command = text.trim().to_owned();
            match steps.last_mut() {
                Some(Step {
                    kind: StepKind::Send(commands),
                    ..
                }) if joined => commands.push(command),
                _ => steps.push(Step {
                    line: n,
                    label: short(&format!("> {command}")),
                    kind: StepKind::Send(vec![command]),
                    cites: Vec::new(),
                    level: Level::Must,
                    bound: None,
                    when: when(),
                }),
            }
            continue;
        }
        if let Some(body) = line.strip_prefix('<') {
            let (body, m) = split_modifiers(body).map_err(|e| err(n, e))?;
            if let Some(source) = m.bound
                && m.within_ms.is_none()
            {
                return Err(err(
                    n,
                    format!(
                        "`{}` says where a bound comes from, and this line has none: add \
                         `within N ms` (a `not before` follows the command's own figure and \
                         takes no source)",
                        source_word(source)
                    ),
                ));
            }
            // Only a line that needs something pays for numbering the labels above it.
            let labels = if m.needs.is_empty() {
                Vec::new()
            } else {
                labels_so_far(&steps)
            };
            if let Some(needed) = m.needs.iter().find(|needed| !labels.contains(needed)) {
                return Err(err(
                    n,
                    format!(
                        "`needs {needed}` names no step above: use an earlier step's label (its \
                         `as NAME`, or what it expects)"
                    ),
                ));
            }
            if let Some(condition) = &m.only_if
                && !captured.contains(&condition.name)
            {
                return Err(err(n, no_capture(&condition.name)));
            }
            let pattern = Pattern::parse(body).map_err(|e| err(n, e))?;
            captured.extend(pattern.capture_names());
            let expectation = Expectation {
                line: n,
                label: m.label.clone().unwrap_or_else(|| short(body.trim())),
                text: body.trim().to_owned(),
                pattern,
                repeat: m.repeat.unwrap_or(Repeat::Once),
                within_ms: m.within_ms,
                not_before_ms: m.not_before_ms,
                bound: m.bound,
                cites: m.cites,
                level: m.level,
                needs: m.needs,
                only_if: m.only_if,
            };
            let grouped = same_block(&steps);
            match steps.last_mut() {
                Some(Step {
                    kind: StepKind::Expect(group),
                    ..
                }) if grouped => group.push(expectation),
                _ => steps.push(Step {
                    line: n,
                    label: String::new(),
                    kind: StepKind::Expect(vec![expectation]),
                    cites: Vec::new(),
                    level: Level::Must,
                    bound: None,
                    when: when(),
                }),
            }
            continue;
        }
        if steps.is_empty()
            && let Some((key, value)) = header(line)
        {
            let value = value.trim();
            if let Some(first) = seen_headers.iter().find(|(k, _)| *k == key) {
                return Err(err(
                    n,
                    format!("`{key}:` is given twice (first on line {})", first.1),
                ));
            }
            seen_headers.push((key, n));
            match key {
                "protocol" => {
                    protocol = Some(value.parse::<Protocol>().map_err(|_| {
                        err(
                            n,
                            format!(
                                "unknown protocol `{value}`: use {}",
                                Protocol::names_listed()
                            ),
                        )
                    })?)
                }
                "title" => title = Some(value.to_owned()),
                "game" => {
                    let kind = value
                        .parse::<GameKind>()
                        .map_err(|e| err(n, e.to_string()))?;
                    game = Some((kind, n));
                }
                "spec" => spec = Some(value.to_owned()),
                "cites" => cites = parse_cites(value).map_err(|e| err(n, e))?,
                "timeout" => timeout_ms = parse_duration(value).map_err(|e| err(n, e))?,
                "line-ending" => {
                    line_end = Some(LineEnd::from_name(value).ok_or_else(|| {
                        err(n, format!("line-ending `{value}`: use lf, crlf or cr"))
                    })?)
                }
                _ => return Err(err(n, format!("unknown header `{key}:`"))),
            }
            continue;
        }
        let (body, m) = split_modifiers(line).map_err(|e| err(n, e))?;
        if m.repeat.is_some()
            || m.within_ms.is_some()
            || m.not_before_ms.is_some()
            || !m.needs.is_empty()
        {
            return Err(err(
                n,
                "only `<` lines take repeat, timing or `needs` modifiers".into(),
            ));
        }
        let kind = directive(body.trim()).map_err(|e| err(n, e))?;
        if let (StepKind::Wait { .. }, Some(source)) = (&kind, m.bound) {
            return Err(err(
                n,
                format!(
                    "`{}` says where a bound comes from, and `wait` is none: it goes with \
                     `within`, `silent`, `no … for` and `exit within`",
                    source_word(source)
                ),
            ));
        }
        let label = m.label.unwrap_or_else(|| short(&directive_label(&kind)));
        steps.push(Step {
            line: n,
            label,
            kind,
            cites: m.cites,
            level: m.level,
            bound: m.bound,
            when: when(),
        });
    }
    if let Some((condition, line)) = blocks.last() {
        return Err(err(
            *line,
            format!("`if {condition}` is never closed: end its block with `end if`"),
        ));
    }

    let missing = |what: &str| {
        err(
            0,
            format!("missing `{what}:` header (the headers come before the first step)"),
        )
    };
    let protocol = protocol.ok_or_else(|| missing("protocol"))?;
    if let Some((kind, line)) = game {
        protocol
            .check_game(kind)
            .map_err(|e| err(line, e.to_string()))?;
    }
    let title = title.ok_or_else(|| missing("title"))?;
    let spec = spec.ok_or_else(|| missing("spec"))?;
    if steps.is_empty() {
        return Err(err(0, "no steps".into()));
    }
    check_text_rows(protocol, &steps).map_err(|(line, message)| err(line, message))?;
    number_repeated_labels(&mut steps);
    Ok(Scenario {
        name: name.to_owned(),
        protocol,
        title,
        spec,
        cites,
        timeout_ms,
        line_end,
        game: game.map(|(kind, _)| kind),
        steps,
    })
}

/// The error for a condition on a capture no line above makes.
fn no_capture(name: &str) -> String {
    format!(
        "`if {name} is …` names no capture above: capture it first (`{{{name}}}` or a regular \
         expression's `(?P<{name}>…)`)"
    )
}

/// The first `{name}` in a command that no expectation has captured yet and the harness does
/// not supply (`{free}` in Gomocup).
fn uncaptured(text: &str, captured: &[String], protocol: Option<Protocol>) -> Option<String> {
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after.find('}')?;
        let name = &after[..close];
        let supplied = protocol.is_some_and(|p| super::Supplied::named(name, p).is_some());
        if super::pattern::is_capture_name(name) && !supplied && !captured.iter().any(|c| c == name)
        {
            return Some(name.to_owned());
        }
        rest = &after[close + 1..];
    }
    None
}

/// `harness` or `text: ID`, as a line writes it.
fn source_word(source: BoundSource) -> String {
    match source {
        BoundSource::Harness => "harness".into(),
        BoundSource::Text(id) => format!("text: {id}"),
    }
}

/// Every `text: ID` names a row of the scenario's own protocol that its catalogue holds
/// (`scenarios/requirements/<protocol>.tsv`): a bound the text gives is given by a row of that
/// text. Checked once the steps are read, with the line at fault.
fn check_text_rows(protocol: Protocol, steps: &[Step]) -> Result<(), (usize, String)> {
    let sources = steps.iter().flat_map(|step| match &step.kind {
        StepKind::Expect(group) => group.iter().map(|e| (e.line, e.bound)).collect(),
        _ => vec![(step.line, step.bound)],
    });
    for (line, source) in sources {
        let Some(BoundSource::Text(id)) = source else {
            continue;
        };
        if id.protocol() != protocol {
            return Err((
                line,
                format!(
                    "`text: {id}` names a row of another protocol: this scenario is {protocol}"
                ),
            ));
        }
        if !in_catalogue(protocol, id) {
            return Err((
                line,
                format!("`text: {id}` names no row of the {protocol} catalogue"),
            ));
        }
    }
    Ok(())
}

/// Whether the protocol's catalogue holds the row.
fn in_catalogue(protocol: Protocol, id: ReqId) -> bool {
    protocol
        .descriptor()
        .catalogue
        .lines()
        .filter_map(|line| line.split('\t').next())
        .any(|first| ReqId::parse(first) == Some(id))
}

/// `>| go de|pth 1`: one command and the one `|` where its write is cut. Captures may follow
/// the cut (`>| TU|RN {free}`), not come before it: a substitution there would move the cut.
fn cut_command(text: &str) -> Result<StepKind, String> {
    let mut parts = text.split('|');
    let (Some(first), Some(rest), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!(
            "`>| {text}` cuts a command in two writes at one `|`: write one `|` (as `>| go de|pth 1`)"
        ));
    };
    if first.is_empty() || rest.is_empty() {
        return Err(format!(
            "`>| {text}`: each of the two writes needs part of the command"
        ));
    }
    if first.contains('{') {
        return Err(format!(
            "`>| {text}`: a command cut in two takes captures only after its `|`"
        ));
    }
    Ok(StepKind::SendCut {
        command: format!("{first}{rest}"),
        cut: first.len(),
    })
}

/// The default label of a directive: what it does, without its figures (so retuning a bound
/// keeps the name).
fn directive_label(kind: &StepKind) -> String {
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
fn short(text: &str) -> String {
    const MAX: usize = 60;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The labels of the steps parsed so far as reports show them, repeats numbered (`no bestmove
/// ... #2`), expectations each: what a `needs` may name, and at run time is matched against.
fn labels_so_far(steps: &[Step]) -> Vec<String> {
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
fn number_repeated_labels(steps: &mut [Step]) {
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

fn header(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .then_some((key, value))
}

fn directive(body: &str) -> Result<StepKind, String> {
    let words: Vec<&str> = body.split_whitespace().collect();
    match words.as_slice() {
        ["wait", rest @ ..] => Ok(StepKind::Wait {
            ms: parse_duration(&rest.join(" "))?,
        }),
        ["silent", rest @ ..] => Ok(StepKind::Silent {
            ms: parse_duration(&rest.join(" "))?,
        }),
        ["exit", "within", n, unit, rest @ ..] => {
            let within_ms = parse_duration(&format!("{n} {unit}"))?;
            let code = match rest {
                [] => None,
                ["with", "code", c] => Some(
                    c.parse()
                        .map_err(|_| format!("exit code `{c}` is not a number"))?,
                ),
                _ => return Err("expected `exit within N ms [with code C]`".into()),
            };
            Ok(StepKind::Exit { within_ms, code })
        }
        ["no", .., "for", n, unit] => {
            let text = words[1..words.len() - 3].join(" ");
            Ok(StepKind::Absent {
                pattern: Pattern::parse(&text)?,
                text,
                ms: parse_duration(&format!("{n} {unit}"))?,
            })
        }
        _ => Err(format!(
            "cannot read `{body}`: a step is `> command`, `< reply`, `wait N ms`, `silent N ms`, \
             `no PATTERN for N ms` or `exit within N ms [with code C]`, and a block of steps \
             `if NAME is VALUE` … `end if`"
        )),
    }
}

/// `250 ms`, `2 s` or `250ms`.
fn parse_duration(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if text.starts_with('-') {
        return Err(format!(
            "duration `{text}` is negative: a bound is 0 ms or more"
        ));
    }
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let factor = match unit.trim() {
        "ms" => 1,
        "s" => 1000,
        _ => return Err(format!("duration `{text}` needs a unit: ms or s")),
    };
    number
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(factor))
        .ok_or_else(|| format!("duration `{text}` is not a whole number of ms or s"))
}

fn is_requirement_id(word: &str) -> bool {
    ReqId::parse(word).is_some()
}

fn parse_cites(value: &str) -> Result<Vec<ReqId>, String> {
    value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<ReqId>()
                .map_err(|_| format!("`{w}` is not a requirement id like `ucci-r17`"))
        })
        .collect()
}

/// The words a modifier list starts with.
const MODIFIER_WORDS: [&str; 12] = [
    "optional", "any", "one", "within", "not", "should", "must", "as", "needs", "if", "harness",
    "text",
];

/// Whether a trailing parenthesis is meant as modifiers: it starts with a modifier word or a
/// requirement id, or with a near miss of a modifier word (`withn`), or one of its items is a
/// modifier or a duration. Anything else (`id name Foo (beta)`) is part of the pattern.
fn looks_like_modifiers(inner: &str, first: &str) -> bool {
    let near = |word: &str| {
        MODIFIER_WORDS
            .iter()
            .any(|m| strsim::damerau_levenshtein(word, m) <= 2 && word.len() >= 4)
    };
    is_requirement_id(first)
        || MODIFIER_WORDS.contains(&first)
        || first.starts_with("text:")
        || near(first)
        || inner.split(',').map(str::trim).any(|item| {
            is_requirement_id(item)
                || ["optional", "any number", "one or more", "should", "must"].contains(&item)
                || item.ends_with(" ms")
        })
}

#[derive(Debug, Default)]
struct Modifiers {
    repeat: Option<Repeat>,
    within_ms: Option<u64>,
    not_before_ms: Option<u64>,
    cites: Vec<ReqId>,
    level: Level,
    /// `as NAME`: the step's stable name in reports.
    label: Option<String>,
    /// `needs NAME`, once per step named: the earlier steps this one is owed only after.
    needs: Vec<String>,
    /// `if NAME is VALUE`: owed only where the capture NAME holds VALUE.
    only_if: Option<Condition>,
    /// `harness` or `text: ID`: where the line's bound comes from.
    bound: Option<BoundSource>,
}

/// Splits `pattern (modifier, modifier)` into the pattern and its modifiers. A trailing
/// parenthesis that does not start with a modifier word is part of the pattern (engine
/// names such as `id name Foo (beta)`).
fn split_modifiers(line: &str) -> Result<(&str, Modifiers), String> {
    let line = line.trim_end();
    let Some(open) = line.rfind(" (").filter(|_| line.ends_with(')')) else {
        return Ok((line, Modifiers::default()));
    };
    let inner = &line[open + 2..line.len() - 1];
    let first = inner.split([',', ' ']).next().unwrap_or("");
    if !looks_like_modifiers(inner, first) {
        return Ok((line, Modifiers::default()));
    }
    let mut m = Modifiers::default();
    for item in inner.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let set_repeat = |m: &mut Modifiers, r| {
            if m.repeat.replace(r).is_some() {
                Err(format!("more than one repeat modifier in `({inner})`"))
            } else {
                Ok(())
            }
        };
        let set_bound = |m: &mut Modifiers, source| {
            if m.bound.replace(source).is_some() {
                Err(format!(
                    "more than one bound source in `({inner})`: a bound is the harness's or one \
                     row's of the text"
                ))
            } else {
                Ok(())
            }
        };
        match item {
            "harness" => set_bound(&mut m, BoundSource::Harness)?,
            "optional" => set_repeat(&mut m, Repeat::Optional)?,
            "any number" => set_repeat(&mut m, Repeat::AnyNumber)?,
            "one or more" => set_repeat(&mut m, Repeat::OneOrMore)?,
            "should" => m.level = Level::Should,
            "must" => m.level = Level::Must,
            _ => {
                if let Some(row) = item.strip_prefix("text:") {
                    let id = row.trim().parse::<ReqId>().map_err(|_| {
                        format!(
                            "`{item}`: `text:` names the catalogue row that gives the bound, \
                             such as `text: ucci-r69`"
                        )
                    })?;
                    set_bound(&mut m, BoundSource::Text(id))?;
                } else if let Some(d) = item.strip_prefix("within ") {
                    m.within_ms = Some(parse_duration(d)?);
                } else if let Some(d) = item.strip_prefix("not before ") {
                    m.not_before_ms = Some(parse_duration(d)?);
                } else if let Some(name) = item.strip_prefix("as ") {
                    m.label = Some(name.trim().to_owned());
                } else if let Some(name) = item.strip_prefix("needs ") {
                    m.needs.push(name.trim().to_owned());
                } else if let Some(condition) = item.strip_prefix("if ") {
                    let condition = Condition::parse(condition).ok_or_else(|| {
                        format!("`{item}`: write `if NAME is VALUE`, NAME an earlier capture")
                    })?;
                    if m.only_if.replace(condition).is_some() {
                        return Err(format!("more than one `if` in `({inner})`"));
                    }
                } else {
                    m.cites.extend(parse_cites(item).map_err(|_| {
                        let first = item.split_whitespace().next().unwrap_or(item);
                        let hint = crate::scenario::suggest(first, &MODIFIER_WORDS);
                        format!(
                            "unknown modifier `{item}`{hint} (use optional, any number, one or more, \
                             within N ms, not before N ms, harness, text: ID, should, as NAME, \
                             needs NAME, if NAME is VALUE, or requirement ids)"
                        )
                    })?);
                }
            }
        }
    }
    Ok((&line[..open], m))
}

#[cfg(test)]
mod tests;
