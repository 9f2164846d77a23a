//! `arbiter spy` and `arbiter stand-in`: a GUI runs this as its engine; the real engine (or
//! Arbiter's stand-in) runs behind it, and both sides are judged. Nothing but the engine's
//! own output ever reaches the GUI's stdout.

use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use super::engine::parse_scale;
use super::output::FormatArg;
use crate::certify::Certification;
use crate::certify::profile::{self, Profile};
use crate::check::Context;
use crate::check::registry::Side;
use crate::protocol::{GameKind, Protocol};
use crate::report::{Detail, Format};
use crate::session::{EngineCommand, interrupt};
use crate::spy::reaction::reactions;
use crate::spy::{Spied, TranscriptLog, spy, stdio_relay};
use crate::standin::Behaviour;

/// What `spy` and `stand-in` share: the protocol, where the report goes, the live log.
#[derive(Args, Debug)]
pub struct SessionArgs {
    /// Protocol the GUI and the engine speak.
    #[arg(long)]
    protocol: Protocol,
    /// The game, where the protocol is spoken for several (UCI: chess, or xiangqi).
    #[arg(long, value_name = "GAME")]
    game: Option<GameKind>,
    /// Write the report here. By default it goes in the folder of `--report-dir`, named after
    /// the engine and the time, so a GUI that starts the engine many times leaves one report
    /// for each session.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// The folder for reports named by default (the current folder if left out).
    #[arg(
        long,
        value_name = "DIR",
        env = "ARBITER_SPY_DIR",
        conflicts_with = "report"
    )]
    report_dir: Option<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value = "json")]
    format: FormatArg,
    /// Stream the timestamped transcript to this file while the session runs (`tail -f`).
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Grade the GUI against a GUI-side certification profile (`uci-gui`, `ucci-gui`, or a
    /// file): the report is then the per-requirement verdict table.
    #[arg(long, value_name = "NAME|FILE")]
    profile: Option<String>,
    /// Multiply every timing bound, for slow machines (0.01 to 1000).
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    time_scale: f64,
    /// Internal: this process is the one that relays and judges (see [`run_session`]).
    #[arg(long, hide = true)]
    worker: bool,
}

#[derive(Args, Debug)]
pub struct SpyArgs {
    #[command(flatten)]
    session: SessionArgs,
    /// The engine and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "ENGINE")]
    engine: Vec<String>,
}

#[derive(Args, Debug)]
pub struct StandInArgs {
    #[command(flatten)]
    session: SessionArgs,
    /// A behaviour that stays within the text but stresses a GUI; repeat for several:
    /// slow-handshake, late-readyok, info-flood, no-ponder-move, resign (UCCI), crlf,
    /// message-before-move (Gomocup), only-size-20 (Gomocup).
    #[arg(long = "behaviour", value_name = "NAME")]
    behaviours: Vec<Behaviour>,
    /// A file of behaviours, one name a line (`#` comments), added to any `--behaviour`.
    #[arg(long = "behaviours", value_name = "FILE")]
    behaviour_file: Option<PathBuf>,
}

/// `arbiter stand-in-engine`: the stand-in engine itself, on this process's stdin and stdout.
#[derive(Args, Debug)]
pub struct StandInEngineArgs {
    #[arg(long)]
    protocol: Protocol,
    #[arg(long, value_name = "GAME")]
    game: Option<GameKind>,
    #[arg(long = "behaviour", value_name = "NAME")]
    behaviours: Vec<Behaviour>,
}

pub fn spy_command(args: &SpyArgs) -> Result<(String, u8), CliError> {
    let engine = EngineCommand {
        program: PathBuf::from(&args.engine[0]),
        args: args.engine[1..].to_vec(),
        ..EngineCommand::default()
    };
    run_session(&args.session, "spy", &engine, &[])
}

/// The stand-in is the spy in front of Arbiter's own engine: one session, one judge.
pub fn stand_in(args: &StandInArgs) -> Result<(String, u8), CliError> {
    let s = &args.session;
    let mut behaviours = args.behaviours.clone();
    if let Some(path) = &args.behaviour_file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::BadInput(format!("cannot read {}: {e}", path.display())))?;
        let listed = crate::standin::read_behaviour_list(&text)
            .map_err(|e| CliError::BadInput(format!("{}: {e}", path.display())))?;
        behaviours.extend(listed.into_iter().filter(|b| !args.behaviours.contains(b)));
    }
    let mut engine_args = vec![
        "stand-in-engine".to_owned(),
        "--protocol".to_owned(),
        s.protocol.name().to_owned(),
    ];
    if let Some(game) = s.game {
        engine_args.extend(["--game".to_owned(), game.to_string()]);
    }
    for behaviour in &behaviours {
        engine_args.extend(["--behaviour".to_owned(), behaviour.to_string()]);
    }
    let engine = EngineCommand {
        program: std::env::current_exe()?,
        args: engine_args,
        ..EngineCommand::default()
    };
    run_session(s, "stand-in", &engine, &behaviours)
}

pub fn stand_in_engine(args: &StandInEngineArgs) -> Result<(String, u8), CliError> {
    let game = args.game.unwrap_or(args.protocol.default_game());
    crate::standin::run(
        args.protocol,
        game,
        &args.behaviours,
        std::io::stdin(),
        std::io::stdout().lock(),
    )
    .map_err(|e| CliError::BadInput(e.to_string()))?;
    Ok((String::new(), 0))
}

/// Runs the session; the report is written before the exit status (the engine's) is
/// returned. Nothing is left for stdout: it belongs to the engine.
///
/// GUIs end engines hard: python-chess closes the pipes and sends SIGKILL at once, and
/// tournament managers kill the engine's process group. So the process the GUI started
/// only starts a worker, in a process group of its own, that inherits the pipes, and waits
/// for it: the worker sees the GUI's end of input, lets the engine exit, and writes the
/// report even when the process the GUI knows was killed. Signals the GUI sends are passed
/// on to the worker, and the worker's exit status (the engine's) is returned.
fn run_session(
    args: &SessionArgs,
    subcommand: &str,
    engine: &EngineCommand,
    behaviours: &[Behaviour],
) -> Result<(String, u8), CliError> {
    // Bad arguments are said at once, by the process the GUI started.
    let profile = gui_profile(args)?;
    if args.worker {
        return work(args, engine, profile.as_ref(), behaviours);
    }
    let program = std::env::current_exe()?;
    let mut arguments: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let at = arguments.iter().position(|a| a == subcommand).unwrap_or(0);
    arguments.insert(at + 1, "--worker".into());
    let mut worker = std::process::Command::new(program)
        .args(arguments)
        .process_group(0)
        .spawn()?;
    let mut forwarded = None;
    loop {
        if let Some(status) = worker.try_wait()? {
            let code = status
                .code()
                .map(|c| (c & 0xff) as u8)
                .or_else(|| status.signal().map(interrupt::exit_status))
                .unwrap_or(1);
            return Ok((String::new(), code));
        }
        if let Some(signal) = interrupt::raised()
            && forwarded != Some(signal)
        {
            // SAFETY: kill(2) on our own child's pid, with a signal number we received.
            unsafe {
                libc::kill(worker.id() as libc::pid_t, signal);
            }
            forwarded = Some(signal);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The GUI-side profile asked for, checked against the protocol.
fn gui_profile(args: &SessionArgs) -> Result<Option<Profile>, CliError> {
    let Some(name) = &args.profile else {
        return Ok(None);
    };
    let profile = profile::load(name).map_err(|e| CliError::BadInput(e.to_string()))?;
    if profile.side != Side::Gui {
        return Err(CliError::BadInput(format!(
            "profile `{}` grades engines: run it with `arbiter certify`",
            profile.name
        )));
    }
    if profile.protocol != args.protocol {
        return Err(CliError::BadInput(format!(
            "profile `{}` is for {}, not {}",
            profile.name, profile.protocol, args.protocol
        )));
    }
    Ok(Some(profile))
}

/// The worker: relays, judges, writes the report.
fn work(
    args: &SessionArgs,
    engine: &EngineCommand,
    profile: Option<&Profile>,
    behaviours: &[Behaviour],
) -> Result<(String, u8), CliError> {
    let game = args
        .protocol
        .check_game(args.game.unwrap_or(args.protocol.default_game()))
        .map_err(|e| CliError::BadInput(format!("--game: {e}")))?;
    let report_path = report_path(args, engine);
    let log = match &args.log {
        Some(path) => Some(TranscriptLog::new(Box::new(
            std::fs::File::create(path)
                .map_err(|e| CliError::BadInput(format!("--log {}: {e}", path.display())))?,
        ))),
        None => None,
    };
    let ctx = Context {
        protocol: args.protocol,
        game,
        time_scale: args.time_scale,
    };
    let mut spied = spy(engine, ctx, std::io::stdin(), stdio_relay(), log)
        .map_err(|e| CliError::BadInput(e.to_string()))?;
    for run in &mut spied.report.runs {
        run.notes = reactions(args.protocol, behaviours, &run.transcript);
    }
    let format: Format = args.format.into();
    let (text, summary) = match profile {
        Some(profile) => certify_gui(profile, &spied, format),
        None => (
            spied.report.render(format, Detail::Findings),
            spied.report.summary_line(),
        ),
    };
    std::fs::write(&report_path, text).map_err(|e| {
        CliError::BadInput(format!(
            "report {}: cannot write: {e}",
            report_path.display()
        ))
    })?;
    // stderr is the engine's too, but a GUI logs it at most: one line says where to look.
    eprintln!("arbiter: {summary} (report: {})", report_path.display());
    Ok((String::new(), spied.exit_status()))
}

/// The GUI's verdict per requirement of the profile, from its side's outcomes.
fn certify_gui(profile: &Profile, spied: &Spied, format: Format) -> (String, String) {
    let mut runs = spied.report.runs.clone();
    for run in &mut runs {
        run.outcomes.retain(|o| o.side == Side::Gui);
    }
    let certification = Certification::new(profile, spied.report.engine.clone(), None, runs);
    (
        certification.render(format, Detail::Findings),
        certification.verdict_line(),
    )
}

/// `--report`, else `ENGINE-spy-TIME-PID.EXT` in the report folder.
fn report_path(args: &SessionArgs, engine: &EngineCommand) -> PathBuf {
    if let Some(path) = &args.report {
        return path.clone();
    }
    let stem = if engine.args.first().is_some_and(|a| a == "stand-in-engine") {
        "stand-in".to_owned()
    } else {
        engine
            .program
            .file_stem()
            .map_or_else(|| "engine".to_owned(), |s| s.to_string_lossy().into_owned())
    };
    let time: String = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
        .to_string()
        .chars()
        .filter(|c| !matches!(c, '-' | ':'))
        .collect();
    let extension = match args.format {
        FormatArg::Human => "txt",
        FormatArg::Json => "json",
        FormatArg::Junit => "xml",
        FormatArg::Html => "html",
    };
    let name = format!("{stem}-spy-{time}-{}.{extension}", std::process::id());
    args.report_dir
        .as_deref()
        .unwrap_or(Path::new("."))
        .join(name)
}
