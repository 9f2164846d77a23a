//! `arbiter match`: engines play each other, refereed by the rules oracles and judged by the
//! protocol checks; output in cutechess-cli's words, so scripts that read it read this.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::CliError;
use super::engine::parse_scale;
use crate::check::Grade;
use crate::matchplay::{
    Adjudication, MatchEvent, MatchGame, MatchReport, MatchSettings, Player, Score, SearchLimits,
    TimeControl, play_match,
};
use crate::protocol::{GameKind, Protocol};
use crate::rules::gomoku::Rule;
use crate::session::EngineCommand;

/// The games a match can be played in.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum GameName {
    Xiangqi,
    Chess,
    /// Gomoku: five or more in a row wins (`--rule exact5` for exactly five).
    Gomoku,
    /// Renju: black wins with exactly five and may not play a forbidden point.
    Renju,
}

impl GameName {
    const fn kind(self) -> GameKind {
        match self {
            GameName::Xiangqi => GameKind::Xiangqi,
            GameName::Chess => GameKind::Chess,
            GameName::Gomoku | GameName::Renju => GameKind::Gomoku,
        }
    }
}

/// Gomoku's rule choice when the game is `gomoku`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum GomokuRule {
    /// Five or more in a row wins (Gomocup `INFO rule 0`).
    Freestyle,
    /// Exactly five wins (`INFO rule 1`).
    Exact5,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Protocol the engines speak, unless an engine says otherwise with `proto=` (default:
    /// the game's own: UCCI for xiangqi, UCI for chess, Gomocup for gomoku and renju).
    #[arg(long)]
    protocol: Option<Protocol>,
    /// The game (default: the protocol's own).
    #[arg(long, value_name = "GAME")]
    game: Option<GameName>,
    /// Gomoku and renju: the board's size.
    #[arg(long, value_name = "N", default_value_t = 15)]
    board: u8,
    /// Gomoku: freestyle (five or more wins) or exact5.
    #[arg(long, value_name = "RULE", default_value = "freestyle")]
    rule: GomokuRule,
    /// An engine: `cmd=PATH [name=NAME] [proto=PROTOCOL] [arg=ARG]… [option.NAME=VALUE]…`,
    /// `cmd=` first.
    #[arg(long = "engine", num_args = 1.., value_name = "KEY=VALUE", required = true)]
    engines: Vec<String>,
    /// Settings for every engine: `st=SECONDS` (time per move, default 0.1) or
    /// `tc=[MOVES/]SECONDS[+INCREMENT]` (a clock Arbiter keeps, measured on the wire).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    each: Vec<String>,
    /// Games to play; colours alternate.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Full moves after which a game is adjudicated a draw.
    #[arg(long, default_value_t = 150)]
    max_moves: usize,
    /// How late past `st` a move may come before it loses on time, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    margin: u64,
    /// Multiply the handshake and readyok bounds, for slow machines (0.01 to 1000).
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    time_scale: f64,
    /// Write every game (moves, times, termination, protocol findings) and the score here.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write the games as PGN here (chess).
    #[arg(long, value_name = "FILE")]
    pgnout: Option<PathBuf>,
    /// Gomoku and renju: write each game as a Piskvork `.psq` record in this directory
    /// (`game-N.psq`, made if missing).
    #[arg(long, value_name = "DIR")]
    psqout: Option<PathBuf>,
}

/// The engines' settings, one group per `cmd=` (each `--engine` starts with it).
fn engine_groups(words: &[String]) -> Result<Vec<Vec<String>>, CliError> {
    let mut groups: Vec<Vec<String>> = Vec::new();
    for word in words {
        match groups.last_mut() {
            Some(group) if !word.starts_with("cmd=") => group.push(word.clone()),
            None if !word.starts_with("cmd=") => {
                return Err(CliError::BadInput(format!(
                    "--engine: `{word}` comes before cmd=PATH, which starts each engine"
                )));
            }
            _ => groups.push(vec![word.clone()]),
        }
    }
    Ok(groups)
}

/// `cmd=PATH name=NAME proto=P arg=A… option.N=V…` as a player.
fn player(words: &[String], default: Protocol, game: GameKind) -> Result<Player, CliError> {
    let mut program = None;
    let mut name = None;
    let mut protocol = default;
    let mut args = Vec::new();
    let mut options = Vec::new();
    for word in words {
        match word.split_once('=') {
            Some(("cmd", v)) => program = Some(PathBuf::from(v)),
            Some(("name", v)) => name = Some(v.to_owned()),
            Some(("arg", v)) => args.push(v.to_owned()),
            Some(("proto", v)) => {
                protocol = v
                    .parse()
                    .map_err(|e| CliError::BadInput(format!("--engine proto={v}: {e}")))?;
                protocol
                    .check_game(game)
                    .map_err(|e| CliError::BadInput(format!("--engine proto={v}: {e}")))?;
            }
            Some((key, v)) if key.starts_with("option.") && key.len() > "option.".len() => {
                options.push((key["option.".len()..].to_owned(), v.to_owned()));
            }
            _ => {
                return Err(CliError::BadInput(format!(
                    "--engine: `{word}` is not cmd=PATH, name=NAME, proto=PROTOCOL, arg=ARG or option.NAME=VALUE"
                )));
            }
        }
    }
    let program = program.ok_or_else(|| CliError::BadInput("--engine needs cmd=PATH".into()))?;
    let name = name.unwrap_or_else(|| {
        program
            .file_name()
            .map_or_else(|| "engine".to_owned(), |n| n.to_string_lossy().into_owned())
    });
    Ok(Player {
        name,
        command: EngineCommand {
            program,
            args,
            ..EngineCommand::default()
        },
        protocol,
        options,
    })
}

/// `st=SECONDS` or `tc=[MOVES/]SECONDS[+INCREMENT]`, the last one given (default st=0.1).
fn time_control(each: &[String]) -> Result<TimeControl, CliError> {
    let mut control = TimeControl::PerMove(Duration::from_millis(100));
    for word in each {
        control = match word.split_once('=') {
            Some(("st", v)) => {
                let seconds: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0 && s.is_finite())
                    .ok_or_else(|| {
                        CliError::BadInput(format!(
                            "--each st={v}: not a positive number of seconds"
                        ))
                    })?;
                TimeControl::PerMove(Duration::from_secs_f64(seconds))
            }
            Some(("tc", v)) => v
                .parse()
                .map_err(|e| CliError::BadInput(format!("--each tc: {e}")))?,
            _ => {
                return Err(CliError::BadInput(format!(
                    "--each: `{word}` is not st=SECONDS or tc=[MOVES/]SECONDS[+INCREMENT]"
                )));
            }
        };
    }
    Ok(control)
}

pub fn run(args: &MatchArgs) -> Result<(String, u8), CliError> {
    let (game, protocol) = game_and_protocol(args)?;
    let groups = engine_groups(&args.engines)?;
    let [a, b] = groups.as_slice() else {
        return Err(CliError::BadInput(format!(
            "give two engines, each with --engine cmd=PATH …; got {}",
            groups.len()
        )));
    };
    let players = [
        player(a, protocol, game.kind())?,
        player(b, protocol, game.kind())?,
    ];
    if args.games == 0 {
        return Err(CliError::BadInput("--games: at least one".into()));
    }
    let settings = MatchSettings {
        game,
        control: time_control(&args.each)?,
        limits: SearchLimits::default(),
        margin: Duration::from_millis(args.margin),
        max_plies: args.max_moves * 2,
        adjudication: Adjudication::default(),
        time_scale: args.time_scale,
    };
    if args.pgnout.is_some() && game != MatchGame::Chess {
        return Err(CliError::BadInput(
            "--pgnout: PGN is written for chess so far".into(),
        ));
    }
    if args.psqout.is_some() && !matches!(game, MatchGame::Gomoku { .. }) {
        return Err(CliError::BadInput(
            "--psqout: .psq records are written for gomoku and renju".into(),
        ));
    }
    let report = play_match(&players, &settings, args.games, |event| {
        let line = event_line(&event);
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(line.as_bytes());
        let _ = out.flush();
    });
    if let Some(path) = &args.out {
        let mut text = serde_json::to_string_pretty(&report).expect("plain data serialises");
        text.push('\n');
        std::fs::write(path, text)
            .map_err(|e| CliError::BadInput(format!("--out {}: {e}", path.display())))?;
    }
    if let Some(path) = &args.pgnout {
        let date: String = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
            .to_string()
            .chars()
            .take(10)
            .map(|c| if c == '-' { '.' } else { c })
            .collect();
        let event = format!("{} vs {}", players[0].name, players[1].name);
        let text: String = report
            .games
            .iter()
            .map(|g| crate::matchplay::pgn::chess_game(g, &event, &date))
            .collect();
        std::fs::write(path, text)
            .map_err(|e| CliError::BadInput(format!("--pgnout {}: {e}", path.display())))?;
    }
    if let (Some(dir), MatchGame::Gomoku { size, .. }) = (&args.psqout, game) {
        let bad =
            |e: std::io::Error| CliError::BadInput(format!("--psqout {}: {e}", dir.display()));
        std::fs::create_dir_all(dir).map_err(bad)?;
        for record in &report.games {
            let path = dir.join(format!("game-{}.psq", record.number));
            std::fs::write(&path, crate::matchplay::psq::game(record, size)).map_err(bad)?;
        }
    }
    let status = u8::from(faulty(&report));
    Ok((closing_lines(&report.score), status))
}

/// The game with its rules, and the protocol engines speak unless they say otherwise: each
/// given, or one from the other.
fn game_and_protocol(args: &MatchArgs) -> Result<(MatchGame, Protocol), CliError> {
    let name = match (args.game, args.protocol) {
        (Some(name), _) => name,
        (None, Some(Protocol::Ucci)) => GameName::Xiangqi,
        (None, Some(Protocol::Uci)) => GameName::Chess,
        (None, Some(Protocol::Gomocup | Protocol::Agi)) => GameName::Gomoku,
        (None, None) => {
            return Err(CliError::BadInput(
                "give --game (xiangqi, chess, gomoku, renju) or --protocol".into(),
            ));
        }
    };
    let protocol = args.protocol.unwrap_or(match name {
        GameName::Xiangqi => Protocol::Ucci,
        GameName::Chess => Protocol::Uci,
        GameName::Gomoku | GameName::Renju => Protocol::Gomocup,
    });
    protocol
        .check_game(name.kind())
        .map_err(|e| CliError::BadInput(format!("--game: {e}")))?;
    let game = match name {
        GameName::Xiangqi => MatchGame::Xiangqi,
        GameName::Chess => MatchGame::Chess,
        GameName::Gomoku | GameName::Renju => {
            if !(5..=32).contains(&args.board) {
                return Err(CliError::BadInput(format!(
                    "--board {}: a side of 5 to 32 points",
                    args.board
                )));
            }
            let rule = match (name, args.rule) {
                (GameName::Renju, _) => Rule::RENJU,
                (_, GomokuRule::Freestyle) => Rule::FREESTYLE,
                (_, GomokuRule::Exact5) => Rule::EXACT_FIVE,
            };
            MatchGame::Gomoku {
                size: args.board,
                rule,
            }
        }
    };
    Ok((game, protocol))
}

/// A match is also a conformance run: an engine that lost by its own fault or failed a
/// protocol check makes the exit status 1.
fn faulty(report: &MatchReport) -> bool {
    report.games.iter().any(|g| {
        g.findings.iter().any(|f| f.outcome.grade == Grade::Fail)
            || ["illegal move", "loses on time", "disconnects", "stalls"]
                .iter()
                .any(|w| g.termination.contains(w))
    })
}

fn event_line(event: &MatchEvent<'_>) -> String {
    match event {
        MatchEvent::Started {
            number,
            of,
            first,
            second,
        } => {
            format!("Started game {number} of {of} ({first} vs {second})\n")
        }
        MatchEvent::Finished {
            record,
            score,
            players,
        } => {
            let mut line = format!(
                "Finished game {} ({} vs {}): {} {{{}}}\n",
                record.number,
                record.first,
                record.second,
                record.result.as_str(),
                record.termination
            );
            let _ = writeln!(
                line,
                "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
                players[0].name,
                players[1].name,
                score.wins,
                score.losses,
                score.draws,
                score.fraction(),
                score.games()
            );
            line
        }
    }
}

/// The match's last lines: the Elo difference with its error bar, LOS and draw ratio.
fn closing_lines(score: &Score) -> String {
    let (elo, margin) = score.elo();
    // cutechess-cli writes an all-or-nothing score as `inf +/- nan`.
    let number = |x: f64| {
        if x.is_nan() {
            "nan".to_owned()
        } else {
            format!("{:.1}", x + 0.0)
        }
    };
    format!(
        "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {:.1} %\nFinished match\n",
        number(elo),
        number(margin),
        score.los() * 100.0,
        score.draw_ratio() * 100.0
    )
}
