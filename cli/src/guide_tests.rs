//! The README and the guide behind it (`docs/`) must still lead somewhere and still teach
//! commands that work: every relative link reaches a file and heading that exist, every page is
//! linked from the README, and every `arbiter …` command quoted in a shell block is one the
//! command line takes (a renamed option or subcommand would otherwise leave a page teaching a
//! command that fails). Only parsing is checked; what a command would do depends on engines and
//! files the reader has.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use clap::Parser;

use super::Cli;

/// The repository's root, where the README and the guide are: the program is `cli/`, one down.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ sits in the repository")
}

/// The README and every page of `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    for entry in fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    pages.sort();
    pages
}

/// Where a line of a page stands: in prose, or in a code block (a shell's when it names no
/// language or a shell).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Prose,
    Code { shell: bool },
}

/// A page's lines with their number (from 1) and place; the fences themselves are left out.
fn placed_lines(text: &str) -> Vec<(usize, &str, Place)> {
    let mut place = Place::Prose;
    let mut placed = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(language) = line.trim_start().strip_prefix("```") {
            place = match place {
                Place::Prose => Place::Code {
                    shell: matches!(language.trim(), "" | "sh" | "bash" | "shell" | "console"),
                },
                Place::Code { .. } => Place::Prose,
            };
            continue;
        }
        placed.push((index + 1, line, place));
    }
    placed
}

/// The `arbiter` command lines of a page's shell blocks, each with its line number; a line
/// ending in `\` goes on, and a `#` comment after the command is not part of it.
fn quoted_commands(text: &str) -> Vec<(usize, String)> {
    let mut commands = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (number, line, place) in placed_lines(text) {
        if place != (Place::Code { shell: true }) {
            continue;
        }
        let line = line.trim();
        let (start, mut command) = match open.take() {
            Some((start, so_far)) => (start, so_far + " " + line),
            None if is_arbiter_command(line) => (number, line.to_owned()),
            None => continue,
        };
        if let Some(rest) = command.strip_suffix('\\') {
            open = Some((start, rest.trim_end().to_owned()));
            continue;
        }
        if let Some(at) = command.find(" # ") {
            command.truncate(at);
        }
        commands.push((start, command.trim_end().to_owned()));
    }
    commands
}

fn is_arbiter_command(line: &str) -> bool {
    let program = line.split_whitespace().next().unwrap_or_default();
    program == "arbiter" || program.ends_with("/arbiter")
}

/// Words as a POSIX shell splits them, for the quoting the pages use (single and double
/// quotes, no expansions).
fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The targets of a page's Markdown links and images in prose, code spans left out.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for (_, line, place) in placed_lines(text) {
        if place != Place::Prose {
            continue;
        }
        // Code spans may hold `[x](y)` as text; links are outside them.
        let outside: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = outside.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_owned());
            rest = &after[end..];
        }
    }
    targets
}

/// The anchors of a page's headings, as GitHub makes them: lower case, punctuation dropped,
/// spaces to hyphens.
fn anchors(text: &str) -> BTreeSet<String> {
    placed_lines(text)
        .into_iter()
        .filter(|(_, line, place)| *place == Place::Prose && line.starts_with('#'))
        .map(|(_, line, _)| {
            line.trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
                .map(|c| if c == ' ' { '-' } else { c })
                .collect()
        })
        .collect()
}

#[test]
fn every_command_the_pages_quote_parses() {
    let mut refused = Vec::new();
    let mut seen = 0;
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        let name = page.strip_prefix(root()).unwrap().display().to_string();
        for (line, command) in quoted_commands(&text) {
            seen += 1;
            if let Err(error) = Cli::try_parse_from(shell_words(&command)) {
                let first = error
                    .to_string()
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_owned();
                refused.push(format!("{name}:{line}: {command}\n    {first}"));
            }
        }
    }
    assert!(
        seen >= 20,
        "only {seen} commands found: is the reader still right?"
    );
    assert!(refused.is_empty(), "{}", refused.join("\n"));
}

#[test]
fn commands_are_read_across_continued_lines_and_without_comments() {
    let page = "text\n```\narbiter run --protocol uci \\\n  --engine ./e   # a comment\nls\n```\narbiter outside\n```toml\narbiter = { path = \"..\" }\n```\n";
    assert_eq!(
        quoted_commands(page),
        [(3, "arbiter run --protocol uci --engine ./e".to_owned())]
    );
    assert_eq!(
        shell_words(r#"arbiter forbidden --black "7,7 8,8" --point '9,9'"#),
        [
            "arbiter",
            "forbidden",
            "--black",
            "7,7 8,8",
            "--point",
            "9,9"
        ]
    );
}

#[test]
fn every_relative_link_leads_to_a_file_and_heading_that_exist() {
    let mut dead = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            let linked = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            let name = page.strip_prefix(root()).unwrap().display().to_string();
            if !linked.exists() {
                dead.push(format!("{name}: {target} (no such file)"));
                continue;
            }
            if let Some(anchor) = anchor {
                let linked_text = fs::read_to_string(&linked).unwrap_or_default();
                if !anchors(&linked_text).contains(anchor) {
                    dead.push(format!("{name}: {target} (no such heading)"));
                }
            }
        }
    }
    assert!(dead.is_empty(), "dead links:\n{}", dead.join("\n"));
}

#[test]
fn every_guide_page_is_reachable_from_the_readme() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let linked: BTreeSet<String> = link_targets(&readme)
        .into_iter()
        .map(|t| t.split('#').next().unwrap_or_default().to_owned())
        .collect();
    for page in pages().iter().filter(|p| !p.ends_with("README.md")) {
        let name = format!("docs/{}", page.file_name().unwrap().to_string_lossy());
        assert!(linked.contains(&name), "the README does not link {name}");
    }
}

#[test]
fn the_link_reader_sees_links_and_skips_code() {
    let text = "See [a](docs/a.md#x) and ![img](i.png).\n`[not](this)`\n```\n[nor](that)\n```\n";
    assert_eq!(link_targets(text), ["docs/a.md#x", "i.png"]);
    assert!(anchors("## Running scenarios at once\n").contains("running-scenarios-at-once"));
    assert!(
        anchors("### `arbiter report render FILE.json`\n")
            .contains("arbiter-report-render-filejson")
    );
}
