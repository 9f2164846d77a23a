//! Every `arbiter …` command the README and the guide quote in a code block must still be one
//! the command line takes: a renamed option or subcommand would otherwise leave the pages
//! teaching a command that fails. Only parsing is checked; what the command would do depends on
//! engines and files the reader has.

use std::fs;
use std::path::{Path, PathBuf};

use clap::Parser;

use super::Cli;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The README and every page of `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![Path::new(ROOT).join("README.md")];
    for entry in fs::read_dir(Path::new(ROOT).join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    pages.sort();
    pages
}

/// The `arbiter` command lines of a page's shell code blocks (no language, or a shell's),
/// each with its line number; a line ending in `\` goes on, and a `#` comment after the
/// command is not part of it.
fn quoted_commands(text: &str) -> Vec<(usize, String)> {
    let mut commands = Vec::new();
    let mut in_fence = false;
    let mut shell = false;
    let mut open: Option<(usize, String)> = None;
    for (number, line) in text.lines().enumerate() {
        if let Some(language) = line.trim_start().strip_prefix("```") {
            in_fence = !in_fence;
            shell = in_fence && matches!(language.trim(), "" | "sh" | "bash" | "shell" | "console");
            continue;
        }
        if !shell {
            continue;
        }
        let line = line.trim();
        let (start, mut command) = match open.take() {
            Some((start, so_far)) => (start, so_far + " " + line),
            None if is_arbiter_command(line) => (number + 1, line.to_owned()),
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

#[test]
fn every_command_the_pages_quote_parses() {
    let mut refused = Vec::new();
    let mut seen = 0;
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        let name = page.strip_prefix(ROOT).unwrap().display().to_string();
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
