//! The conventions every subcommand keeps on the terminal: `--color auto|always|never` (with
//! the environment's say in `auto`: `NO_COLOR`, `CLICOLOR`, `CLICOLOR_FORCE`) and `--quiet`.
//!
//! Both are decided once, from the command line and the environment, before the subcommand
//! runs, and kept for the process ([`init`]). They are read where a subcommand speaks: the
//! human report asks [`stdout_paint`], progress bars and notes ask [`quiet`] or go through
//! [`note`]. One process-wide setting, as a logger's level is, because the places that speak
//! on stderr sit deep in several subcommands (a run's progress bar, a merge's missing parts);
//! threading it through each of them would add a parameter to every step in between.

use std::ffi::OsString;
use std::fmt::Display;
use std::sync::OnceLock;

use clap::{Args, ColorChoice};

use arbiter::render::Paint;

/// The flags, on every subcommand (`global`): `arbiter run … --quiet` as well as
/// `arbiter --quiet run …`.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct ConsoleArgs {
    /// Colour the verdicts of the human report on stdout (fail red, warn yellow, pass green),
    /// this help and the error messages. `auto`: only on a terminal, and not when `NO_COLOR`
    /// is set (`CLICOLOR_FORCE` forces it). Files written with `--out` and the machine formats
    /// are never coloured.
    #[arg(
        long,
        global = true,
        value_name = "WHEN",
        default_value_t = ColorChoice::Auto
    )]
    pub color: ColorChoice,
    /// No progress bar and no notes on stderr (a summary beside `--out`, scenarios not run,
    /// missing parts). Errors and warnings still print; the report on stdout or in files is
    /// the same, and so is the exit status.
    #[arg(long, global = true)]
    pub quiet: bool,
}

/// What the environment says about colour, read once; each field is one of the conventions
/// (<https://no-color.org>, <https://bixense.com/clicolors/>) as `anstyle-query` reads it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct ColourEnvironment {
    /// `NO_COLOR` is set and not empty: no colour unless the command line asks for it.
    pub no_color: bool,
    /// `CLICOLOR_FORCE` is set and not empty: colour even where the output is not a terminal.
    pub clicolor_force: bool,
    /// `CLICOLOR`: `Some(false)` when it is `0` (no colour), `Some(true)` when set otherwise.
    pub clicolor: Option<bool>,
    /// `TERM` is set and not `dumb`.
    pub term_supports_color: bool,
}

impl ColourEnvironment {
    pub(crate) fn of_this_process() -> ColourEnvironment {
        ColourEnvironment {
            no_color: anstyle_query::no_color(),
            clicolor_force: anstyle_query::clicolor_force(),
            clicolor: anstyle_query::clicolor(),
            term_supports_color: anstyle_query::term_supports_color(),
        }
    }
}

/// Whether a stream is coloured: the flag when it says `always` or `never`; in `auto`,
/// `NO_COLOR` wins over `CLICOLOR_FORCE`, which wins over `CLICOLOR=0`, and otherwise only a
/// terminal that can show colour (a `TERM` that is not `dumb`, or `CLICOLOR` set) gets it. The
/// order is anstream's, so the report and clap's own help agree.
pub(crate) fn colours(flag: ColorChoice, env: &ColourEnvironment, is_terminal: bool) -> bool {
    match flag {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            if env.no_color {
                false
            } else if env.clicolor_force {
                true
            } else if env.clicolor == Some(false) {
                false
            } else {
                is_terminal && (env.term_supports_color || env.clicolor == Some(true))
            }
        }
    }
}

/// The settings of this process.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Console {
    /// `--quiet`.
    pub quiet: bool,
    /// Whether what goes to stdout is coloured.
    pub stdout_paint: Paint,
}

impl Console {
    /// The settings the flags ask for, in this environment, with stdout as it is.
    pub(crate) fn of(args: &ConsoleArgs) -> Console {
        use std::io::IsTerminal;
        let coloured = colours(
            args.color,
            &ColourEnvironment::of_this_process(),
            std::io::stdout().is_terminal(),
        );
        Console {
            quiet: args.quiet,
            stdout_paint: if coloured { Paint::Ansi } else { Paint::Plain },
        }
    }
}

static CONSOLE: OnceLock<Console> = OnceLock::new();

/// Keeps the settings for the rest of the process; the first call wins.
pub(crate) fn init(console: Console) {
    let _ = CONSOLE.set(console);
}

/// The settings kept, or the defaults (not quiet, no colour) where none were: the library's
/// own tests call the subcommands without going through [`crate::main`].
pub(crate) fn current() -> Console {
    CONSOLE.get().copied().unwrap_or_default()
}

/// `--quiet` was given: no progress bar, no notes.
pub(crate) fn quiet() -> bool {
    current().quiet
}

/// How the human report on stdout is painted.
pub(crate) fn stdout_paint() -> Paint {
    current().stdout_paint
}

/// An informational line on stderr (`note: …`, a summary), left out under `--quiet`. Errors
/// and warnings are not notes: they print whatever the flags say.
pub(crate) fn note(line: impl Display) {
    if !quiet() {
        eprintln!("{line}");
    }
}

/// The `--color` of the command line, read before clap parses it so that clap's own help and
/// errors follow it too (they are printed while parsing, before the parsed flag exists). The
/// last one wins, as clap takes the last; nothing after `--` counts (those are an engine's
/// arguments). A value clap would refuse is left for clap to refuse.
pub(crate) fn color_in_args(args: &[OsString]) -> Option<ColorChoice> {
    use clap::ValueEnum as _;
    let mut found = None;
    let mut words = args.iter().skip(1).map(|a| a.to_str());
    while let Some(word) = words.next() {
        let value = match word {
            Some("--") => break,
            Some("--color") => words.next().flatten(),
            Some(word) => word.strip_prefix("--color="),
            None => None,
        };
        if let Some(choice) = value.and_then(|v| ColorChoice::from_str(v, false).ok()) {
            found = Some(choice);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env() -> ColourEnvironment {
        ColourEnvironment {
            term_supports_color: true,
            ..ColourEnvironment::default()
        }
    }

    #[test]
    fn auto_colours_a_terminal_only() {
        assert!(colours(ColorChoice::Auto, &env(), true));
        assert!(!colours(ColorChoice::Auto, &env(), false));
        let dumb = ColourEnvironment {
            term_supports_color: false,
            ..env()
        };
        assert!(!colours(ColorChoice::Auto, &dumb, true));
        let said_so = ColourEnvironment {
            clicolor: Some(true),
            ..dumb
        };
        assert!(colours(ColorChoice::Auto, &said_so, true));
        assert!(!colours(ColorChoice::Auto, &said_so, false));
    }

    #[test]
    fn no_color_turns_auto_off_even_on_a_terminal_and_even_when_forced() {
        let no_color = ColourEnvironment {
            no_color: true,
            ..env()
        };
        assert!(!colours(ColorChoice::Auto, &no_color, true));
        let both = ColourEnvironment {
            clicolor_force: true,
            ..no_color
        };
        assert!(!colours(ColorChoice::Auto, &both, true));
        let clicolor_off = ColourEnvironment {
            clicolor: Some(false),
            ..env()
        };
        assert!(!colours(ColorChoice::Auto, &clicolor_off, true));
    }

    #[test]
    fn clicolor_force_colours_a_pipe_in_auto() {
        let forced = ColourEnvironment {
            clicolor_force: true,
            clicolor: Some(false),
            ..env()
        };
        assert!(colours(ColorChoice::Auto, &forced, false));
    }

    #[test]
    fn the_flag_overrides_the_environment() {
        let no_color = ColourEnvironment {
            no_color: true,
            ..env()
        };
        assert!(colours(ColorChoice::Always, &no_color, false));
        let forced = ColourEnvironment {
            clicolor_force: true,
            ..env()
        };
        assert!(!colours(ColorChoice::Never, &forced, true));
    }

    fn args(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_color_flag_is_found_before_parsing_wherever_it_stands() {
        let find = |words: &[&str]| color_in_args(&args(words));
        assert_eq!(find(&["arbiter", "run", "--help"]), None);
        assert_eq!(
            find(&["arbiter", "--color", "never", "run"]),
            Some(ColorChoice::Never)
        );
        assert_eq!(
            find(&["arbiter", "run", "--color=always", "--help"]),
            Some(ColorChoice::Always)
        );
        assert_eq!(
            find(&["arbiter", "run", "--color=always", "--color", "never"]),
            Some(ColorChoice::Never),
            "the last wins"
        );
        assert_eq!(
            find(&[
                "arbiter",
                "spy",
                "--protocol",
                "uci",
                "--",
                "engine",
                "--color=always"
            ]),
            None,
            "an engine's own arguments are not arbiter's"
        );
        assert_eq!(find(&["arbiter", "run", "--color", "purple"]), None);
    }
}
