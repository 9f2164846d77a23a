//! `arbiter spy` and `arbiter stand-in`: a GUI runs this as its engine; the process it
//! starts becomes the real engine (or Arbiter's stand-in), a worker relays and judges both
//! sides, and nothing but the engine's own bytes ever reaches the GUI's stdout or stderr.

use std::fs::File;
use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use super::engine::parse_scale;
use crate::exit_status::ExitStatus;
use crate::render::{Format, RenderIn};
use arbiter::certify::Certification;
use arbiter::certify::profile::{self, Profile};
use arbiter::check::Context;
use arbiter::check::registry::Side;
use arbiter::protocol::{GameKind, Protocol};
use arbiter::render::{Detail, Document};
use arbiter::report::EngineInfo;
use arbiter::report::file::write_atomically;
use arbiter::session::{EngineCommand, interrupt};
use arbiter::spy::launch::{LaunchError, Worker, launch};
use arbiter::spy::reaction::reactions;
use arbiter::spy::{Spied, TranscriptLog, spy};
use arbiter::standin::{Behaviour, Choices};

/// What `spy` and `stand-in` share: the protocol, where the report goes, the live log.
#[derive(Args, Debug)]
pub(super) struct SessionArgs {
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
    #[arg(long, default_value = "json", value_parser = Format::parser(Format::REPORTS))]
    format: Format,
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
}

#[derive(Args, Debug)]
pub(super) struct SpyArgs {
    #[command(flatten)]
    session: SessionArgs,
    /// The engine and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "ENGINE")]
    engine: Vec<String>,
}

#[derive(Args, Debug)]
pub(super) struct StandInArgs {
    #[command(flatten)]
    session: SessionArgs,
    /// A behaviour that stays within the text but stresses a GUI; repeat for several:
    /// slow-handshake, late-readyok, info-flood, no-ponder-move, resign (UCCI), crlf,
    /// unknown-reserved-option (UCI), message-before-move, only-size-20,
    /// empty-line-before-move, long-message, free-text-about, overrun-turn, suggest (Gomocup),
    /// late-background-bestmove (AGI).
    #[arg(long = "behaviour", value_name = "NAME")]
    behaviours: Vec<Behaviour>,
    /// A file of behaviours, one name a line (`#` comments), added to any `--behaviour`.
    #[arg(long = "behaviours", value_name = "FILE")]
    behaviour_file: Option<PathBuf>,
    /// Draw the choices the text leaves free at random from SEED: reply delays, the number of
    /// search reports, ponder moves, UCCI draw offers and resignations, Gomocup DEBUG/MESSAGE
    /// lines. The same SEED makes the same choices for the same GUI input, and the report
    /// names the command that replays them. A `--behaviour` still fixes the choice it names.
    #[arg(long, value_name = "SEED")]
    fuzz: Option<u64>,
}

/// `arbiter stand-in-engine`: the stand-in engine itself, on this process's stdin and stdout.
#[derive(Args, Debug)]
pub(super) struct StandInEngineArgs {
    #[arg(long)]
    protocol: Protocol,
    #[arg(long, value_name = "GAME")]
    game: Option<GameKind>,
    #[arg(long = "behaviour", value_name = "NAME")]
    behaviours: Vec<Behaviour>,
    #[arg(long, value_name = "SEED")]
    fuzz: Option<u64>,
}

pub(super) fn spy_command(args: &SpyArgs) -> Result<(String, ExitStatus), CliError> {
    let engine = EngineCommand {
        program: PathBuf::from(&args.engine[0]),
        args: args.engine[1..].to_vec(),
        ..EngineCommand::default()
    };
    run_session(&args.session, &engine, &StandIn::default())
}

/// What the stand-in was asked to do, for the report: the behaviours whose effect it notes, and
/// the seed with the command that replays the session's choices.
#[derive(Default)]
struct StandIn {
    behaviours: Vec<Behaviour>,
    replay: Option<(u64, String)>,
}

impl StandIn {
    /// The report's note naming the seed and how to replay it.
    fn replay_note(&self) -> Option<String> {
        self.replay.as_ref().map(|(seed, command)| {
            format!("stand-in --fuzz {seed}: replay the engine's choices with `{command}`")
        })
    }
}

/// The stand-in is the spy with Arbiter's own engine as the engine: one session, one judge.
pub(super) fn stand_in(args: &StandInArgs) -> Result<(String, ExitStatus), CliError> {
    let s = &args.session;
    let mut behaviours = args.behaviours.clone();
    if let Some(path) = &args.behaviour_file {
        let text = std::fs::read_to_string(path).map_err(|source| CliError::Input {
            context: format!("cannot read {}", path.display()),
            source,
        })?;
        let listed = arbiter::standin::read_behaviour_list(&text)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
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
    if let Some(seed) = args.fuzz {
        engine_args.extend(["--fuzz".to_owned(), seed.to_string()]);
    }
    // The replay is the stand-in's own command line: the GUI's input does the rest.
    let replay = args.fuzz.map(|seed| {
        let command = std::iter::once("arbiter stand-in".to_owned())
            .chain(engine_args[1..].iter().cloned())
            .collect::<Vec<_>>()
            .join(" ");
        (seed, command)
    });
    let engine = EngineCommand {
        program: std::env::current_exe()?,
        args: engine_args,
        ..EngineCommand::default()
    };
    let stand_in = StandIn { behaviours, replay };
    run_session(s, &engine, &stand_in)
}

pub(super) fn stand_in_engine(args: &StandInEngineArgs) -> Result<(String, ExitStatus), CliError> {
    let game = args.game.unwrap_or(args.protocol.default_game());
    arbiter::standin::run(
        args.protocol,
        game,
        Choices::new(args.protocol, &args.behaviours, args.fuzz),
        std::io::stdin(),
        std::io::stdout().lock(),
    )
    .map_err(CliError::from)?;
    Ok((String::new(), ExitStatus::Passed))
}

/// Runs the session. Everything that can be refused is checked first and said on stderr
/// (exit status 2, as any usage error), while the process is still the GUI's `arbiter`: the
/// arguments, the profile, the game, the log file, the report's folder, and finally the
/// engine itself (a program that cannot be run). From then on this process is the engine
/// (see [`arbiter::spy::launch`]), and the worker split off from it relays, judges and writes
/// the report; it says nothing on the GUI's stdout or stderr.
fn run_session(
    args: &SessionArgs,
    engine: &EngineCommand,
    stand_in: &StandIn,
) -> Result<(String, ExitStatus), CliError> {
    let profile = gui_profile(args)?;
    let game = args
        .protocol
        .check_game(args.game.unwrap_or(args.protocol.default_game()))
        .map_err(|e| CliError::Usage(format!("--game: {e}")))?;
    let log = match &args.log {
        Some(path) => Some(File::create(path).map_err(|source| CliError::Input {
            context: format!("--log {}", path.display()),
            source,
        })?),
        None => None,
    };
    report_folder_exists(args)?;
    let worker = match launch(engine) {
        Ok(worker) => worker,
        // In the worker, when the engine did not start: the process the GUI started has
        // said why on the GUI's stderr, and there is no session to report.
        Err(LaunchError::EngineDidNotStart) => return Ok((String::new(), ExitStatus::Passed)),
        Err(e) => return Err(e.into()),
    };
    // Only the worker handles signals: the engine keeps the dispositions the GUI gave.
    let _ = interrupt::install();
    let ctx = Context {
        protocol: args.protocol,
        game,
        time_scale: args.time_scale,
    };
    let mut log = log.map(|file| TranscriptLog::new(Box::new(file)));
    if let (Some(log), Some(note)) = (&mut log, stand_in.replay_note()) {
        log.note(0, &format!("arbiter: {note}"));
    }
    work(args, engine, worker, ctx, log, profile.as_ref(), stand_in)
}

/// `--report`'s folder, or `--report-dir`, must be there before the engine starts: the
/// worker could only say so in the log.
fn report_folder_exists(args: &SessionArgs) -> Result<(), CliError> {
    let folder = match (&args.report, &args.report_dir) {
        (Some(report), _) => report
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map(Path::to_path_buf),
        (None, dir) => dir.clone(),
    };
    match folder {
        Some(folder) if !folder.is_dir() => Err(CliError::Usage(format!(
            "the report's folder {} does not exist",
            folder.display()
        ))),
        _ => Ok(()),
    }
}

/// The GUI-side profile asked for, checked against the protocol.
fn gui_profile(args: &SessionArgs) -> Result<Option<Profile>, CliError> {
    let Some(name) = &args.profile else {
        return Ok(None);
    };
    let profile = profile::load(name).map_err(CliError::from)?;
    if profile.side != Side::Gui {
        return Err(CliError::Usage(format!(
            "profile `{}` grades engines: run it with `arbiter certify`",
            profile.name
        )));
    }
    if profile.protocol != args.protocol {
        return Err(CliError::Usage(format!(
            "profile `{}` is for {}, not {}",
            profile.name, profile.protocol, args.protocol
        )));
    }
    Ok(Some(profile))
}

/// The worker: relays, judges, writes the report, and says where in the log (if any).
fn work(
    args: &SessionArgs,
    engine: &EngineCommand,
    worker: Worker,
    ctx: Context,
    log: Option<TranscriptLog>,
    profile: Option<&Profile>,
    stand_in: &StandIn,
) -> Result<(String, ExitStatus), CliError> {
    let report_path = report_path(args, engine, worker.engine.pid);
    let mut spied =
        spy(worker.engine, EngineInfo::of(engine), ctx, worker.gui, log).map_err(CliError::from)?;
    for run in &mut spied.report.runs {
        run.notes = stand_in.replay_note().into_iter().collect();
        run.notes.extend(reactions(
            args.protocol,
            &stand_in.behaviours,
            &run.transcript,
        ));
    }
    let (text, summary) = match profile {
        Some(profile) => certify_gui(profile, &spied, args.format)?,
        None => (
            Document::Run(&spied.report).render(args.format, Detail::Findings)?,
            arbiter::render::human::summary_line(&spied.report),
        ),
    };
    let written = write_report(&report_path, &text);
    let end_us = spied.report.runs.first().map_or(0, |run| run.duration_us);
    if let Some(log) = &mut spied.log {
        match &written {
            Ok(()) => log.note(
                end_us,
                &format!("arbiter: {summary} (report: {})", report_path.display()),
            ),
            Err(e) => log.note(end_us, &format!("arbiter: {summary} ({e})")),
        }
        if let Some(kb) = peak_rss_kb() {
            log.note(
                end_us,
                &format!(
                    "the spy's worker: peak resident memory {kb} kB, outside the GUI's process tree"
                ),
            );
        }
    }
    spied.release_gui();
    written.map(|()| (String::new(), ExitStatus::Passed))
}

/// Writes the report whole or not at all, so a GUI or script that reads it never sees half.
fn write_report(path: &Path, text: &str) -> Result<(), CliError> {
    write_atomically(path, text.as_bytes()).map_err(|source| CliError::Write {
        context: format!("report {}", path.display()),
        source,
    })
}

/// This process's peak resident memory (`VmHWM` of `/proc/self/status`), in kB.
fn peak_rss_kb() -> Option<u64> {
    std::fs::read_to_string("/proc/self/status")
        .ok()?
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// The GUI's verdict per requirement of the profile, from its side's outcomes.
fn certify_gui(
    profile: &Profile,
    spied: &Spied,
    format: Format,
) -> Result<(String, String), CliError> {
    let mut runs = spied.report.runs.clone();
    for run in &mut runs {
        run.outcomes.retain(|o| o.side == Side::Gui);
    }
    let certification = Certification::new(profile, spied.report.engine.clone(), None, runs);
    Ok((
        Document::Certification(&certification).render(format, Detail::Findings)?,
        certification.verdict_line(),
    ))
}

/// `--report`, else `ENGINE-spy-TIME-PID.EXT` in the report folder, PID the engine's (the
/// process the GUI started).
fn report_path(args: &SessionArgs, engine: &EngineCommand, engine_pid: u32) -> PathBuf {
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
    let name = format!("{stem}-spy-{time}-{engine_pid}.{}", args.format.extension());
    args.report_dir
        .as_deref()
        .unwrap_or(Path::new("."))
        .join(name)
}
