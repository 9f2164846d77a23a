//! What a shell and `man` need of the command line, generated from its one definition so
//! they never lag behind it: completion scripts (`arbiter completions SHELL`) and manual
//! pages (`arbiter man`).

use std::path::Path;

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, CliError};

/// The completion script of `shell`, to be sourced or installed where the shell looks.
pub(super) fn completions(shell: Shell) -> String {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "arbiter", &mut script);
    String::from_utf8_lossy(&script).into_owned()
}

/// The manual page of `arbiter` as roff; with `dir`, one page per subcommand written there
/// (`arbiter.1`, `arbiter-run.1`, …) and their names listed.
pub(super) fn man(dir: Option<&Path>) -> Result<String, CliError> {
    match dir {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(Cli::command()).render(&mut page)?;
            Ok(String::from_utf8_lossy(&page).into_owned())
        }
        Some(dir) => {
            std::fs::create_dir_all(dir)?;
            clap_mangen::generate_to(Cli::command(), dir)?;
            let mut written: Vec<String> = std::fs::read_dir(dir)?
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| name.starts_with("arbiter") && name.ends_with(".1"))
                .collect();
            written.sort();
            Ok(written.iter().map(|name| format!("{name}\n")).collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shell_gets_a_script_that_knows_the_subcommands() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish, Shell::PowerShell] {
            let script = completions(shell);
            for word in ["certify", "stand-in", "protocol", "profile"] {
                assert!(script.contains(word), "{shell}: no {word}");
            }
        }
    }

    #[test]
    fn the_manual_names_the_program_and_its_subcommands() {
        let page = man(None).unwrap();
        assert!(
            page.starts_with(".ie") || page.contains(".TH arbiter"),
            "{page}"
        );
        assert!(page.contains("certify"));
        let dir = tempfile::tempdir().unwrap();
        let listed = man(Some(dir.path())).unwrap();
        assert!(listed.lines().any(|l| l == "arbiter-certify.1"), "{listed}");
        assert!(dir.path().join("arbiter-match.1").is_file());
    }
}
