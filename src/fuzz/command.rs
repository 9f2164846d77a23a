//! The command lines a reproduction file gives: the `arbiter fuzz` that found it and the
//! `arbiter run` that replays it, with everything the run depends on (the engine and its
//! arguments, the game, the engine options, the time scale).

use super::FuzzOptions;
use crate::protocol::Protocol;
use crate::session::EngineCommand;

/// `arbiter fuzz …` as it was run, up to the seed.
pub(super) fn fuzz_line(
    protocol: Protocol,
    engine: &EngineCommand,
    options: &FuzzOptions,
) -> String {
    let mut words = vec!["arbiter".to_owned(), "fuzz".to_owned()];
    words.extend(shared(protocol, engine, options));
    if options.robustness {
        words.push("--robustness".to_owned());
    }
    words.extend(["--seed".to_owned(), options.seed.to_string()]);
    join(&words)
}

/// `arbiter run …` for the file at `path`.
pub(super) fn run_line(
    protocol: Protocol,
    engine: &EngineCommand,
    options: &FuzzOptions,
    path: &str,
) -> String {
    let mut words = vec!["arbiter".to_owned(), "run".to_owned()];
    words.extend(shared(protocol, engine, options));
    words.push(path.to_owned());
    join(&words)
}

fn shared(protocol: Protocol, engine: &EngineCommand, options: &FuzzOptions) -> Vec<String> {
    let mut words = vec!["--protocol".to_owned(), protocol.to_string()];
    if options.game != protocol.default_game() {
        words.extend(["--game".to_owned(), options.game.to_string()]);
    }
    words.extend(["--engine".to_owned(), engine.program.display().to_string()]);
    for arg in &engine.args {
        words.extend(["--engine-arg".to_owned(), arg.clone()]);
    }
    if let Some(dir) = &engine.working_dir {
        words.extend(["--engine-dir".to_owned(), dir.display().to_string()]);
    }
    for (key, value) in &engine.env {
        words.extend(["--engine-env".to_owned(), format!("{key}={value}")]);
    }
    for option in &options.run.engine_options {
        let text = match &option.value {
            Some(value) => format!("{}={value}", option.name),
            None => option.name.clone(),
        };
        words.extend(["--option".to_owned(), text]);
    }
    if options.run.time_scale != 1.0 {
        words.extend([
            "--time-scale".to_owned(),
            options.run.time_scale.to_string(),
        ]);
    }
    words
}

/// Words joined for a POSIX shell: quoted where a shell would split or expand them.
fn join(words: &[String]) -> String {
    words
        .iter()
        .map(|word| {
            let plain = !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
            if plain {
                word.clone()
            } else {
                format!("'{}'", word.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_a_shell_would_split_are_quoted() {
        let words = ["arbiter", "--option", "Skill Level=3", "it's", ""].map(String::from);
        assert_eq!(
            join(&words),
            r"arbiter --option 'Skill Level=3' 'it'\''s' ''"
        );
    }
}
