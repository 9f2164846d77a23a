//! `arbiter spy`: a GUI runs this as its engine; the real engine runs behind it, and both
//! sides are judged. Nothing but the engine's own output ever reaches the GUI's stdout.

use std::path::{Path, PathBuf};

use std::os::unix::process::{CommandExt, ExitStatusExt};

use clap::Args;

use super::CliError;
use super::engine::parse_scale;
use super::output::FormatArg;
use crate::check::Context;
use crate::protocol::{GameKind, Protocol};
use crate::report::{Detail, Format};
use crate::session::{EngineCommand, interrupt};
use crate::spy::{TranscriptLog, spy, stdio_relay};

#[derive(Args, Debug)]
pub struct SpyArgs {
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
    /// Multiply every timing bound, for slow machines (0.01 to 1000).
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    time_scale: f64,
    /// Internal: this process is the one that relays and judges (see [`run`]).
    #[arg(long, hide = true)]
    worker: bool,
    /// The engine and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "ENGINE")]
    engine: Vec<String>,
}

impl SpyArgs {
    fn command(&self) -> EngineCommand {
        EngineCommand {
            program: PathBuf::from(&self.engine[0]),
            args: self.engine[1..].to_vec(),
            ..EngineCommand::default()
        }
    }

    /// Where the report goes: `--report`, else `ENGINE-spy-TIME-PID.EXT` in the report folder.
    fn report_path(&self) -> PathBuf {
        if let Some(path) = &self.report {
            return path.clone();
        }
        let stem = Path::new(&self.engine[0])
            .file_stem()
            .map_or_else(|| "engine".to_owned(), |s| s.to_string_lossy().into_owned());
        let time: String = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
            .to_string()
            .chars()
            .filter(|c| !matches!(c, '-' | ':'))
            .collect();
        let extension = match self.format {
            FormatArg::Human => "txt",
            FormatArg::Json => "json",
            FormatArg::Junit => "xml",
            FormatArg::Html => "html",
        };
        let name = format!("{stem}-spy-{time}-{}.{extension}", std::process::id());
        self.report_dir
            .as_deref()
            .unwrap_or(Path::new("."))
            .join(name)
    }
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
pub fn run(args: &SpyArgs) -> Result<(String, u8), CliError> {
    if args.worker {
        return work(args);
    }
    let program = std::env::current_exe()?;
    let mut arguments: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let spy_at = arguments.iter().position(|a| a == "spy").unwrap_or(0);
    arguments.insert(spy_at + 1, "--worker".into());
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

/// The worker: relays, judges, writes the report.
fn work(args: &SpyArgs) -> Result<(String, u8), CliError> {
    let game = args
        .protocol
        .check_game(args.game.unwrap_or(args.protocol.default_game()))
        .map_err(|e| CliError::BadInput(format!("--game: {e}")))?;
    let report_path = args.report_path();
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
    let spied = spy(&args.command(), ctx, std::io::stdin(), stdio_relay(), log)
        .map_err(|e| CliError::BadInput(e.to_string()))?;
    let format: Format = args.format.into();
    let text = spied.report.render(format, Detail::Findings);
    std::fs::write(&report_path, text).map_err(|e| {
        CliError::BadInput(format!(
            "report {}: cannot write: {e}",
            report_path.display()
        ))
    })?;
    // stderr is the engine's too, but a GUI logs it at most: one line says where to look.
    eprintln!(
        "arbiter spy: {} (report: {})",
        spied.report.summary_line(),
        report_path.display()
    );
    Ok((String::new(), spied.exit_status()))
}
