//! The `arbiter` program: parses arguments, runs one subcommand through the `arbiter` library,
//! and maps its outcome to an exit status ([`ExitStatus`]: 0 success, 2 bad input or usage).
//! Subcommands print results to stdout and errors to stderr, in forms users' scripts rely on.
//! The formats only the program writes (JUnit, HTML, the league page) are in `render/`, its
//! progress bars in `progress.rs` and `matchplay/progress.rs`.

mod certify;
mod console;
mod coverage;
mod engine;
mod error;
mod exit_status;
mod forbidden;
mod fuzz;
mod lists;
mod manual;
mod matchplay;
mod output;
mod progress;
mod record;
mod render;
mod report;
mod rules;
mod run;
mod share;
mod snapshots;
mod spy;

#[cfg(test)]
mod guide_tests;

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::exit_status::ExitStatus;
use arbiter::protocol::GameKind;
pub(crate) use error::CliError;

/// The allocator of the `arbiter` program (the library leaves the choice to its users): see
/// `Cargo.toml` on why.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(
    name = "arbiter",
    version,
    about = "Conformance harness for board-game engine protocols"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    console: console::ConsoleArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal move tree, split by root move.
    ///
    /// Prints one `move: count` line per legal move (sorted by move) and `nodes N` last.
    Perft {
        #[arg(value_parser = rules::move_tree_game())]
        game: GameKind,
        /// Position in FEN (UCCI FEN for xiangqi); the start position when left out.
        #[arg(long)]
        fen: Option<String>,
        /// Depth in plies.
        #[arg(long)]
        depth: u32,
    },
    /// Print the legal moves of a position, sorted ascending, space-separated, on one line.
    Legal {
        #[arg(value_parser = rules::move_tree_game())]
        game: GameKind,
        /// Position in FEN (UCCI FEN for xiangqi); the start position when left out.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Say whether a point is forbidden for black under renju: `allowed` or `forbidden <reason>`.
    Forbidden(forbidden::ForbiddenArgs),
    /// Run scenarios against an engine binary and judge every reply.
    ///
    /// Exit status: 0 every check passed (warnings allowed), 1 a check failed, 2 usage error
    /// or the harness itself failed.
    Run(run::RunArgs),
    /// Run a certification profile against an engine and grade each requirement.
    ///
    /// Exit status: 0 certified (warnings allowed), 1 a required requirement failed, 2 usage
    /// error or the harness itself failed.
    Certify(certify::CertifyArgs),
    /// Record an engine's golden transcripts: its exchange in each scenario, normalised.
    ///
    /// `arbiter run --snapshots DIR` later fails with a diff when the engine's exchange
    /// changes. Exit status: 0 recorded, 2 usage error or a scenario could not run.
    Record(record::RecordArgs),
    /// Generate sequences a conforming GUI could send, judge them with the built-in checks,
    /// and shrink each failure to a scenario that reproduces it.
    ///
    /// Exit status: 0 nothing failed, 1 a failure was found (and written to --repro), 2 usage
    /// error or the harness itself failed.
    Fuzz(fuzz::FuzzArgs),
    /// Show which catalogue rows the built-in scenarios and checks exercise, and why the
    /// others are not.
    Coverage(coverage::CoverageArgs),
    /// List the built-in checks: id, grade when broken, requirements, what each judges.
    Checks(lists::ChecksArgs),
    /// List the built-in certification profiles.
    Profiles,
    /// List the built-in scenarios with their titles and the requirements they cite.
    Scenarios(lists::ScenariosArgs),
    /// Sit between a GUI and its engine: relay every line both ways unchanged, and judge
    /// what each side sends.
    ///
    /// Configure the GUI to run `arbiter spy --protocol P -- ENGINE [ARGS…]` as its engine.
    /// When the session ends the report is written (by default beside, named after the engine
    /// and the time); the exit status is the engine's.
    Spy(spy::SpyArgs),
    /// Arbiter plays the engine, for checking a GUI where no engine should be needed: a
    /// conforming engine of its own (UCCI, UCI, Gomocup, AGI) behind the spy, judged the same
    /// way.
    ///
    /// Configure the GUI to run `arbiter stand-in --protocol P` as its engine; `--behaviour`
    /// makes it stress the GUI within the text, `--fuzz SEED` draws its free choices at random
    /// and replayably, `--profile uci-gui` grades the GUI per requirement.
    StandIn(spy::StandInArgs),
    /// Internal: the stand-in engine itself, on stdin and stdout.
    #[command(hide = true)]
    StandInEngine(spy::StandInEngineArgs),
    /// Play engines against each other, refereed by the rules oracles, with the protocol
    /// checks judging every engine all game long; output in cutechess-cli's words.
    ///
    /// Exit status: 0 the match was played cleanly, 1 an engine lost by its own fault or
    /// failed a protocol check, 2 usage error.
    Match(matchplay::MatchArgs),
    /// Work with saved JSON reports.
    #[command(subcommand)]
    Report(report::ReportCommand),
    /// Review, accept or reject the pending golden transcripts a run from an engine
    /// project's tests left beside the golden ones (`….transcript.new`).
    #[command(subcommand)]
    Snapshots(snapshots::SnapshotsCommand),
    /// Print the completion script of a shell: `arbiter completions bash >
    /// ~/.local/share/bash-completion/completions/arbiter`.
    Completions {
        /// bash, zsh, fish, powershell or elvish.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff: `arbiter man | man -l -`), or write one page per
    /// subcommand into a folder.
    Man {
        /// Write `arbiter.1`, `arbiter-run.1`, … here instead.
        #[arg(long, value_name = "DIR")]
        dir: Option<std::path::PathBuf>,
    },
}

/// Runs the command line and returns the process exit status.
fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // clap prints help and usage errors while it parses, so it is told `--color` first.
    let color = console::color_in_args(&args).unwrap_or(clap::ColorChoice::Auto);
    let matches = Cli::command().color(color).get_matches_from(args);
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    console::init(console::Console::of(&cli.console));
    if matches!(
        cli.command,
        Command::Run(_)
            | Command::Certify(_)
            | Command::Record(_)
            | Command::Fuzz(_)
            | Command::Match(_)
    ) {
        // A run stops cleanly on SIGINT, SIGTERM or SIGHUP: engines killed and reaped, the
        // report written, the exit status 128 + the signal. Everything an engine leaves
        // behind is adopted, so it can be killed too. Not for `spy` and `stand-in`: the
        // process the GUI started becomes the engine, which must keep the signal dispositions
        // the GUI gave it and must not inherit the subreaper setting (`exec` keeps both); its
        // worker installs the handlers itself.
        if let Err(e) = arbiter::session::interrupt::install() {
            eprintln!("warning: cannot handle signals: {e}");
        }
        arbiter::session::adopt_orphans();
    }
    let result = match cli.command {
        Command::Perft { game, fen, depth } => {
            rules::perft(game, fen.as_deref(), depth).map(|t| (t, ExitStatus::Passed))
        }
        Command::Legal { game, fen } => {
            rules::legal(game, fen.as_deref()).map(|t| (t, ExitStatus::Passed))
        }
        Command::Forbidden(args) => forbidden::run(&args).map(|t| (t, ExitStatus::Passed)),
        Command::Run(args) => run::run(&args),
        Command::Certify(args) => certify::run(&args),
        Command::Fuzz(args) => fuzz::run(&args),
        Command::Record(args) => record::run(&args),
        Command::Spy(args) => spy::spy_command(&args),
        Command::Match(args) => matchplay::run(&args),
        Command::StandIn(args) => spy::stand_in(&args),
        Command::StandInEngine(args) => spy::stand_in_engine(&args),
        Command::Coverage(args) => coverage::run(&args).map(|t| (t, ExitStatus::Passed)),
        Command::Checks(args) => lists::checks(&args).map(|t| (t, ExitStatus::Passed)),
        Command::Profiles => lists::profiles().map(|t| (t, ExitStatus::Passed)),
        Command::Scenarios(args) => lists::scenarios(&args).map(|t| (t, ExitStatus::Passed)),
        Command::Report(command) => report::run(&command),
        Command::Snapshots(command) => snapshots::run(&command),
        Command::Completions { shell } => Ok((manual::completions(shell), ExitStatus::Passed)),
        Command::Man { dir } => manual::man(dir.as_deref()).map(|t| (t, ExitStatus::Passed)),
    };
    let written = result.and_then(|(text, status)| {
        std::io::stdout().lock().write_all(text.as_bytes())?;
        Ok(status)
    });
    match written {
        Ok(status) => status.into(),
        Err(err) => {
            eprintln!("error: {err}");
            err.exit_status().into()
        }
    }
}
