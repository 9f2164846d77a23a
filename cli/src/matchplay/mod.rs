//! `arbiter match`: engines play each other, refereed by the rules oracles and judged by the
//! protocol checks; output in cutechess-cli's or fastchess's words (`--output-format`), so
//! scripts that read those tools read this.

mod choices;
mod engines;
mod league_page;
mod merge;
mod progress;
mod status;

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Subcommand};

use super::CliError;
use super::engine::parse_scale;
use crate::exit_status::ExitStatus;
use crate::render::league::Moment;
use crate::render::{Format, RenderIn};
use arbiter::matchplay::endings::{BanMoves, RepetitionRule};
use arbiter::matchplay::openings::BookSpec;
use arbiter::matchplay::pgn::{self, XiangqiNotation};
use arbiter::matchplay::results_dir::ResultsDir;
use arbiter::matchplay::schedule::Plan;
use arbiter::matchplay::sprt::Sprt;
use arbiter::matchplay::{
    MatchEvent, MatchGame, MatchReport, MatchSettings, OnDecision, Opening, Player, Restart,
    TournamentOptions, play_tournament_with_peers,
};
use arbiter::partition::{Partition, PartitionSpec};
use arbiter::protocol::Protocol;
use arbiter::render::matchplay::{
    MatchPrinter, MatchShape, RATING_INTERVAL, Setup, findings_summary,
};
use arbiter::render::{Detail, Document};
use arbiter::rules::gomoku::Rule;
use arbiter::session::interrupt;
use choices::{NotationChoice, OutputFormatChoice, TournamentChoice};
use progress::MatchProgress;

/// A game name a match cannot be played in.
#[derive(Debug, thiserror::Error)]
#[error("no game {0}")]
struct NoGame(String);

/// The games a match can be played in, read straight into the game with its rules.
fn match_game() -> impl TypedValueParser<Value = MatchGame> {
    PossibleValuesParser::new([
        PossibleValue::new("xiangqi"),
        PossibleValue::new("chess"),
        PossibleValue::new("gomoku")
            .help("Gomoku: five or more in a row wins (`--rule exact5` for exactly five)"),
        PossibleValue::new("renju")
            .help("Renju: black wins with exactly five and may not play a forbidden point"),
    ])
    .try_map(|name| MatchGame::named(&name).ok_or(NoGame(name)))
}

/// Gomoku's rule choice when the game is `gomoku`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum GomokuRule {
    /// Five or more in a row wins (Gomocup `INFO rule 0`).
    Freestyle,
    /// Exactly five wins (`INFO rule 1`).
    Exact5,
}

/// How a xiangqi repetition is ruled (`--adjudicate-repetition`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum RepetitionChoice {
    /// The Asian Xiangqi Federation's rules, at the third occurrence: perpetual check loses,
    /// then perpetual chase (of an unprotected piece, or of a rook by a horse or cannon);
    /// anything else draws.
    #[value(alias = "rules")]
    Asian,
    /// The league simulator's ruling, at the fourth occurrence, with its simplified chase.
    League,
    /// Every repetition a draw at its third occurrence.
    Draw,
}

/// What becomes of the games in progress once the SPRT has decided (`--on-sprt-decision`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum DecisionChoice {
    /// Play the games in progress out; their results count (the match ends a game's length
    /// after the decision, at most).
    Finish,
    /// Stop their engines and abort them at once: they are reported, as aborted, and count
    /// nowhere (not in the score, the pairs, the SPRT or the PGN).
    Abort,
}

/// Whether each game starts its engines afresh (`--restart`, fastchess's words).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum RestartChoice {
    /// Every game starts its engines afresh, each session judged on its own.
    On,
    /// Keep each engine for its worker's next game, readied the protocol's way (UCI
    /// `ucinewgame` and `isready`, UCCI `setoption newgame` where offered and `isready`,
    /// Gomocup `RESTART`, AGI `ISREADY`); one at fault in a game, or that exits, hangs or
    /// declines between games, is started afresh.
    Off,
}

/// Whether UCCI engines get `banmoves` in xiangqi (`--banmoves`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum BanMovesChoice {
    /// As the league's simulator: the moves that would repeat a position a third time by
    /// perpetual check or chase, before each `go`.
    League,
    Off,
}

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(super) struct MatchArgs {
    #[command(subcommand)]
    command: Option<MatchCommand>,
    /// Protocol the engines speak, unless an engine says otherwise with `proto=` (default:
    /// the game's own: UCCI for xiangqi, UCI for chess, Gomocup for gomoku and renju).
    #[arg(long)]
    protocol: Option<Protocol>,
    /// The game (default: the protocol's own).
    #[arg(long, value_name = "GAME", value_parser = match_game())]
    game: Option<MatchGame>,
    /// Gomoku and renju: the board's size.
    #[arg(long, value_name = "N", default_value_t = 15)]
    board: u8,
    /// Gomoku: freestyle (five or more wins) or exact5.
    #[arg(long, value_name = "RULE", default_value = "freestyle")]
    rule: GomokuRule,
    /// An engine: `cmd=PATH [name=NAME] [proto=PROTOCOL] [arg=ARG]… [option.NAME=VALUE]…`,
    /// `cmd=` first; two or more.
    #[arg(long = "engine", num_args = 1.., value_name = "KEY=VALUE", required = true)]
    engines: Vec<String>,
    /// Settings for every engine: `st=SECONDS` (time per move, default 0.1) or
    /// `tc=[MOVES/]SECONDS[+INCREMENT]` (a clock Arbiter keeps, measured on the wire),
    /// `nodes=N`, `depth=N`, and any engine setting (`option.Hash=64`, `proto=`, `arg=`).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    each: Vec<String>,
    /// Who meets whom: every engine every other, or the first engine each of the others.
    #[arg(long, value_name = "KIND", default_value = "round-robin")]
    tournament: TournamentChoice,
    /// Games per encounter in each round; colours alternate.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Rounds: every encounter is played this many times over.
    #[arg(long, default_value_t = 1)]
    rounds: usize,
    /// Play each opening twice, colours swapped (game pairs: the pentanomial SPRT).
    #[arg(long)]
    repeat: bool,
    /// Openings: `file=F [format=epd|fen|pgn|points] [order=sequential|random] [start=N]
    /// [plies=N]`.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    openings: Vec<String>,
    /// Seed for `order=random`, so a match can be replayed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at once, each with its own engines.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// `on`: every game starts its engines afresh (the default: each session judged on its
    /// own); `off`: engines are kept between a worker's games, as fastchess's default, saving
    /// their start-up, with each game's findings reported with it.
    #[arg(long, value_name = "on|off", default_value = "on")]
    restart: RestartChoice,
    /// Stop as soon as the test decides: `elo0=E elo1=E [alpha=0.05] [beta=0.05]
    /// [model=normalized|logistic]` (two engines). The exact generalised SPRT, over game
    /// pairs with `--repeat`; the Elo model defaults to normalized, as in fastchess.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    sprt: Vec<String>,
    /// Once the SPRT has decided (over this worker's games, or over all the workers' of a
    /// `--results-dir`), no game starts; the games in progress are played out (`finish`) or
    /// aborted at once, counting nowhere (`abort`).
    #[arg(long, value_name = "WHAT", default_value = "finish", requires = "sprt")]
    on_sprt_decision: DecisionChoice,
    /// Print the match's lines as cutechess-cli does or as fastchess does (its `Results of`
    /// blocks with `Ptnml(0-2)`, which fishtest's worker reads).
    #[arg(long, value_name = "TOOL", default_value = "cutechess")]
    output_format: OutputFormatChoice,
    /// fastchess's output: print a `Results of` block every N game pairs (every N games
    /// without `--repeat`), as fastchess's `-ratinginterval` does; 0 prints it only at the
    /// end. Default 10. fishtest's worker, updating its server every SPRT batch, needs 1.
    #[arg(long, value_name = "N")]
    rating_interval: Option<usize>,
    /// Adjudicate a draw: `movenumber=N movecount=M score=CP`.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    draw: Vec<String>,
    /// Adjudicate a loss: `movecount=M score=CP`.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    resign: Vec<String>,
    /// UCCI and UCI engines ponder on the opponent's time: `go ponder` after each move, then
    /// `ponderhit` or `stop`.
    #[arg(long)]
    pondering: bool,
    /// Xiangqi: how a repetition is ruled: `asian` (the AXF's rules, default), `league` (the
    /// league simulator's) or `draw` (every repetition a draw).
    #[arg(long, value_name = "RULE", default_value = "asian")]
    adjudicate_repetition: RepetitionChoice,
    /// Xiangqi: send UCCI engines `banmoves` as the league's simulator does (`league`,
    /// default), or never (`off`). UCI engines never get it.
    #[arg(long, value_name = "MODE", default_value = "league")]
    banmoves: BanMovesChoice,
    /// Full moves after which a game is adjudicated a draw ("maximal game length"), counted
    /// from the start position with the opening's moves, as cutechess-cli's `-maxmoves`.
    #[arg(long, default_value_t = 150)]
    max_moves: usize,
    /// How late past its time a move may come before it loses on time, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    margin: u64,
    /// Multiply the handshake and readyok bounds, for slow machines (0.01 to 1000).
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    time_scale: f64,
    /// Play only the K-th of N shares of the game pairs (`K/N`), to spread a match over CI
    /// jobs; `arbiter match merge` sums their results. `auto` reads the share from a Slurm job
    /// array (`SLURM_ARRAY_TASK_ID`, `_MIN`, `_COUNT`); `auto/N` from a Kubernetes indexed
    /// Job of N completions (`JOB_COMPLETION_INDEX`).
    #[arg(long, value_name = "K/N|auto|auto/N")]
    partition: Option<PartitionSpec>,
    /// Meet the match's other workers here (a directory they share): this worker writes its
    /// games to `DIR/part-K-of-N.json` as each finishes, and with `--sprt` reads theirs between
    /// its own, stopping once the SPRT over all of them has decided. `arbiter match merge DIR`
    /// and `arbiter match status DIR` read it.
    #[arg(long, value_name = "DIR")]
    results_dir: Option<PathBuf>,
    /// Write the report here, in `--format` (default json).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The report's form: `human`, the lines printed as the match goes; `json`, every game
    /// (moves, times, termination, protocol findings) and the scores; `junit`, a suite per
    /// encounter, a case per game, failed where an engine was at fault.
    #[arg(long, default_value = "json", value_parser = Format::parser(Format::MATCH))]
    format: Format,
    /// Write the games as PGN here (chess and xiangqi).
    #[arg(long, value_name = "FILE")]
    pgnout: Option<PathBuf>,
    /// Xiangqi: the PGN's notation. `chinese` (炮二平五) and `iccs` (H2-E2) write xqbase PGN,
    /// as XQStudio and the computer-xiangqi league do (`[Game "Chinese Chess"]`, `[Red …]`);
    /// `uci` writes UCI coordinates (h3e3) with `[Variant "xiangqi"]`, as variant GUIs read.
    /// Default: chinese, the notation xiangqi players read and the xqbase standard's default.
    #[arg(long, value_name = "NOTATION")]
    pgn_notation: Option<NotationChoice>,
    /// Gomoku and renju: write each game as a Piskvork `.psq` record in this directory
    /// (`game-N.psq`, made if missing).
    #[arg(long, value_name = "DIR")]
    psqout: Option<PathBuf>,
    /// Write the league page here: standings, crosstable, the SPRT's LLR over the games, and
    /// every game replayable on a board with its moves' times, search reports and protocol
    /// findings; one self-contained HTML file, rewritten every few seconds while the match is
    /// played (the page reloads itself until the match ends).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum MatchCommand {
    /// Sum the JSON results of a match's partitions, or the workers' files of a results
    /// directory, into one match: score, Elo, pairs, SPRT, and its games as JSON, JUnit or PGN.
    ///
    /// Every part must be there: a part missing, or short of games its SPRT did not excuse (a
    /// worker interrupted or still playing), is an error naming it, unless `--partial`; a share
    /// given by two files is warned about, a file given twice is an error.
    ///
    /// Exit status: 0 the merged match is clean; 1 an engine lost a merged game by its own
    /// fault or failed a protocol check in one (as the match itself exits), or `--partial`
    /// merged a match with parts missing; 2 usage error, parts missing without `--partial`, a
    /// file given twice, parts of other matches.
    Merge(merge::MergeArgs),
    /// How the workers of a results directory are doing: the score and SPRT over all their
    /// games so far, each worker's games and state, and any that stopped reporting.
    ///
    /// Exit status: 0 every worker reporting or finished, 1 a worker fell silent, 2 usage
    /// error.
    Status(status::StatusArgs),
}

pub(super) fn run(args: &MatchArgs) -> Result<(String, ExitStatus), CliError> {
    match &args.command {
        Some(MatchCommand::Merge(merge)) => return merge::run(merge),
        Some(MatchCommand::Status(status)) => return status::run(status),
        None => {}
    }
    let setup = MatchSetup::from_args(args)?;
    let (report, closing) = setup.play(args)?;
    write_records(args, setup.settings.game, &report, &closing)?;
    Ok((closing, exit_status(&report)))
}

/// A match as the command line asks for it, checked before any engine starts: the game, the
/// players, the book, the rules of play and the tournament's shape.
struct MatchSetup {
    partition: Option<Partition>,
    players: Vec<Player>,
    openings: Vec<Opening>,
    /// The book as the report names it: its words, the seed and how many openings it held.
    book: Option<String>,
    settings: MatchSettings,
    options: TournamentOptions,
}

impl MatchSetup {
    fn from_args(args: &MatchArgs) -> Result<MatchSetup, CliError> {
        let partition = super::share::resolve(args.partition)?;
        let (game, protocol) = game_and_protocol(args)?;
        refuse_records_of_another_game(args, game)?;
        if let Some(path) = &args.html {
            league_page::check_writable(path)?;
        }
        let each = engines::each(&args.each)?;
        let players = players(args, &each, protocol, game)?;
        refuse_flags_that_change_nothing(args)?;
        let sprt = sprt(args, players.len())?;
        let openings = if args.openings.is_empty() {
            Vec::new()
        } else {
            BookSpec::parse(&args.openings)
                .and_then(|book| book.load(game, args.seed))
                .map_err(CliError::from)?
        };
        let book = (!openings.is_empty()).then(|| {
            format!(
                "{} seed={} ({} openings)",
                args.openings.join(" "),
                args.seed,
                openings.len()
            )
        });
        Ok(MatchSetup {
            partition,
            players,
            openings,
            book,
            settings: settings(args, game, &each)?,
            options: options(args, partition, sprt),
        })
    }

    fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }

    /// Plays the match, printing it as it goes (and rewriting the league page), and returns
    /// its report with the closing lines; an error when the results directory failed.
    fn play(&self, args: &MatchArgs) -> Result<(MatchReport, String), CliError> {
        let mut printer = self.printer(args);
        let mut results_dir = self.results_dir(args)?;
        let progress = if super::console::quiet() {
            MatchProgress::silent()
        } else {
            MatchProgress::for_stderr(self.options.plan.jobs(self.players.len()).len())
        };
        let peers = results_dir
            .as_mut()
            .map(|dir| dir as &mut dyn arbiter::matchplay::peers::Peers);
        let live = self.live_page(args);
        let mut report = play_tournament_with_peers(
            &self.players,
            &self.openings,
            &self.settings,
            &self.options,
            peers,
            |event| {
                if let Some(live) = &live {
                    live.observe(&event);
                }
                progress.print(&printer.event(&event));
                match event {
                    MatchEvent::Finished { encounter, .. } => progress.finished(encounter),
                    MatchEvent::PeerFileSkipped(skipped) => progress.warn(skipped),
                    MatchEvent::Started { .. } => {}
                }
            },
        );
        progress.done();
        report.openings = self.book.clone();
        // The last rewrite is done before the final page replaces it.
        if let Some(error) = live.and_then(league_page::LivePage::finish) {
            eprintln!("warning: {error}");
        }
        if let Some(error) = results_dir.as_mut().and_then(ResultsDir::take_error) {
            // The page says the match is over, not playing: its games stay readable.
            if let Some(path) = &args.html {
                let _ = league_page::write(path, &report, &over());
            }
            return Err(error.into());
        }
        eprint!("{}", findings_summary(&report.games));
        let closing = printer.closing(&report);
        Ok((report, closing))
    }

    /// The lines of cutechess-cli or fastchess the match prints as it is played.
    fn printer(&self, args: &MatchArgs) -> MatchPrinter {
        // fastchess's first line names the book's file.
        let book_file = args.openings.iter().find_map(|w| w.strip_prefix("file="));
        MatchPrinter::new(
            args.output_format.into(),
            MatchShape {
                players: self.names(),
                pairs: self.options.plan.plays_pairs(),
                gauntlet: args.tournament == TournamentChoice::Gauntlet,
                sprt: self.options.sprt,
                setup: Setup::of(&self.players, &self.settings, book_file),
                rating_interval: args.rating_interval.unwrap_or(RATING_INTERVAL),
            },
        )
    }

    /// This worker's file among the others' (`--results-dir`), joined.
    fn results_dir(&self, args: &MatchArgs) -> Result<Option<ResultsDir>, CliError> {
        let Some(dir) = &args.results_dir else {
            return Ok(None);
        };
        let share = self
            .partition
            .unwrap_or(Partition::new(1, 1).expect("1/1 is a share"));
        let joined = ResultsDir::join(dir, share, &self.names(), self.options.plan)
            .map_err(CliError::from)?;
        Ok(Some(joined.with_openings(self.book.clone())))
    }

    /// The league page (`--html`), rewritten while the match is played.
    fn live_page(&self, args: &MatchArgs) -> Option<league_page::LivePage> {
        let path = args.html.clone()?;
        let shape = MatchReport {
            game: self.settings.game,
            players: self.names(),
            plan: self.options.plan,
            control: self.settings.control.to_string(),
            openings: self.book.clone(),
            games: Vec::new(),
            encounters: Vec::new(),
            standings: Vec::new(),
            sprt: None,
        };
        Some(league_page::LivePage::start(path, shape, self.options.sprt))
    }
}

/// How the match ends: interrupted by a signal, failed when an engine lost a game by its own
/// fault or failed a protocol check in one, passed otherwise.
fn exit_status(report: &MatchReport) -> ExitStatus {
    if let Some(signal) = interrupt::raised() {
        return ExitStatus::Interrupted(signal);
    }
    if report.games.iter().any(|g| g.record.is_faulty()) {
        ExitStatus::Failed
    } else {
        ExitStatus::Passed
    }
}

/// A record format asked for a game it is not written for.
fn refuse_records_of_another_game(args: &MatchArgs, game: MatchGame) -> Result<(), CliError> {
    if args.pgnout.is_some() && matches!(game, MatchGame::Gomoku { .. }) {
        return Err(CliError::Usage(
            "--pgnout: PGN is written for chess and xiangqi; gomoku has --psqout".into(),
        ));
    }
    if args.pgn_notation.is_some() && game != MatchGame::Xiangqi {
        return Err(CliError::Usage(
            "--pgn-notation: chess PGN is in SAN; the notations are xiangqi's".into(),
        ));
    }
    if args.psqout.is_some() && !matches!(game, MatchGame::Gomoku { .. }) {
        return Err(CliError::Usage(
            "--psqout: .psq records are written for gomoku and renju".into(),
        ));
    }
    Ok(())
}

/// The engines, each with what `--each` gives them all; two at least, named apart.
fn players(
    args: &MatchArgs,
    each: &engines::Each,
    protocol: Protocol,
    game: MatchGame,
) -> Result<Vec<Player>, CliError> {
    let players = engines::engine_groups(&args.engines)?
        .into_iter()
        .map(|group| {
            let words: Vec<String> = each.engine_words.iter().cloned().chain(group).collect();
            engines::player(&words, each, protocol, game.kind())
        })
        .collect::<Result<Vec<_>, _>>()?;
    if players.len() < 2 {
        return Err(CliError::Usage(format!(
            "give two engines or more, each with --engine cmd=PATH …; got {}",
            players.len()
        )));
    }
    engines::check_names(&players)?;
    Ok(players)
}

/// Flags whose value would change nothing are refused rather than ignored.
fn refuse_flags_that_change_nothing(args: &MatchArgs) -> Result<(), CliError> {
    // cutechess-cli's lines have no block to space out.
    if args.rating_interval.is_some() && args.output_format != OutputFormatChoice::Fastchess {
        return Err(CliError::Usage(
            "--rating-interval spaces fastchess's blocks: give --output-format fastchess".into(),
        ));
    }
    for (flag, value) in [
        ("--games", args.games),
        ("--rounds", args.rounds),
        ("--concurrency", args.concurrency),
    ] {
        if value == 0 {
            return Err(CliError::Usage(format!("{flag}: at least one")));
        }
    }
    Ok(())
}

/// The SPRT asked for, between exactly two engines.
fn sprt(args: &MatchArgs, players: usize) -> Result<Option<Sprt>, CliError> {
    if args.sprt.is_empty() {
        Ok(None)
    } else if players != 2 {
        Err(CliError::Usage(
            "--sprt compares two engines; this match has more".into(),
        ))
    } else {
        Ok(Some(Sprt::parse(&args.sprt).map_err(CliError::from)?))
    }
}

/// How each game is played and ended.
fn settings(
    args: &MatchArgs,
    game: MatchGame,
    each: &engines::Each,
) -> Result<MatchSettings, CliError> {
    Ok(MatchSettings {
        game,
        control: each.control,
        limits: each.limits,
        margin: Duration::from_millis(args.margin),
        max_plies: args.max_moves * 2,
        adjudication: engines::adjudication(&args.draw, &args.resign)?,
        pondering: args.pondering,
        time_scale: args.time_scale,
        repetition: match args.adjudicate_repetition {
            RepetitionChoice::Asian => RepetitionRule::Asian,
            RepetitionChoice::League => RepetitionRule::League,
            RepetitionChoice::Draw => RepetitionRule::Draw,
        },
        banmoves: match args.banmoves {
            BanMovesChoice::League => BanMoves::League,
            BanMovesChoice::Off => BanMoves::Off,
        },
    })
}

/// Which games are played, how many at once, and when the match stops.
fn options(
    args: &MatchArgs,
    partition: Option<Partition>,
    sprt: Option<Sprt>,
) -> TournamentOptions {
    TournamentOptions {
        plan: Plan {
            tournament: args.tournament.into(),
            games: args.games,
            rounds: args.rounds,
            repeat: args.repeat,
            partition: partition.map(|p| (p.k(), p.n())),
        },
        concurrency: args.concurrency,
        sprt,
        on_decision: match args.on_sprt_decision {
            DecisionChoice::Finish => OnDecision::Finish,
            DecisionChoice::Abort => OnDecision::Abort,
        },
        restart: match args.restart {
            RestartChoice::On => Restart::On,
            RestartChoice::Off => Restart::Off,
        },
    }
}

/// The report in its format, and the PGN.
fn write_records(
    args: &MatchArgs,
    game: MatchGame,
    report: &MatchReport,
    closing: &str,
) -> Result<(), CliError> {
    let write = |path: &PathBuf, flag: &str, text: String| {
        arbiter::report::file::write_atomically(path, text.as_bytes()).map_err(|source| {
            CliError::Write {
                context: format!("{flag} {}", path.display()),
                source,
            }
        })
    };
    if let Some(path) = &args.out {
        let text = Document::Match { report, closing }.render(args.format, Detail::default())?;
        write(path, "--out", text)?;
    }
    if let Some(path) = &args.pgnout {
        write(
            path,
            "--pgnout",
            pgn_text(report, args.pgn_notation.map(Into::into)),
        )?;
    }
    if let (Some(dir), MatchGame::Gomoku { size, .. }) = (&args.psqout, game) {
        let bad = |source: std::io::Error| CliError::Write {
            context: format!("--psqout {}", dir.display()),
            source,
        };
        std::fs::create_dir_all(dir).map_err(bad)?;
        for game in &report.games {
            let path = dir.join(format!("game-{}.psq", game.record.number));
            let psq = arbiter::matchplay::psq::game(&game.record, size);
            arbiter::report::file::write_atomically(&path, psq.as_bytes()).map_err(bad)?;
        }
    }
    if let Some(path) = &args.html {
        league_page::write(path, report, &over())?;
    }
    Ok(())
}

/// Where a match ended: every game played, or stopped by a signal (Ctrl-C, SIGTERM), whose
/// games so far are written like a finished match's.
fn over() -> Moment<'static> {
    Moment::Over {
        interrupted: interrupt::raised().is_some(),
    }
}

/// The match's games as PGN (chess and xiangqi), dated today; games not played are left out.
fn pgn_text(report: &MatchReport, notation: Option<XiangqiNotation>) -> String {
    let date: String = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
        .to_string()
        .chars()
        .take(10)
        .map(|c| if c == '-' { '.' } else { c })
        .collect();
    let event = format!("arbiter match: {}", report.players.join(", "));
    report
        .games
        .iter()
        .filter(|g| !g.record.aborted)
        .map(|g| match report.game {
            MatchGame::Xiangqi => {
                pgn::xiangqi_game(&g.record, &event, &date, notation.unwrap_or_default())
            }
            _ => pgn::chess_game(&g.record, &event, &date),
        })
        .collect()
}

/// The game with its rules, and the protocol engines speak unless they say otherwise: each
/// given, or one from the other.
fn game_and_protocol(args: &MatchArgs) -> Result<(MatchGame, Protocol), CliError> {
    let game = match (args.game, args.protocol) {
        (Some(game), _) => game,
        (None, Some(protocol)) => MatchGame::of_protocol(protocol),
        (None, None) => {
            return Err(CliError::Usage(
                "give --game (xiangqi, chess, gomoku, renju) or --protocol".into(),
            ));
        }
    };
    let protocol = args
        .protocol
        .unwrap_or_else(|| Protocol::of_game(game.kind()));
    protocol
        .check_game(game.kind())
        .map_err(|e| CliError::Usage(format!("--game: {e}")))?;
    let game = match game {
        MatchGame::Gomoku { rule, .. } => {
            if !(5..=32).contains(&args.board) {
                return Err(CliError::Usage(format!(
                    "--board {}: a side of 5 to 32 points",
                    args.board
                )));
            }
            let rule = match (rule.renju, args.rule) {
                (true, _) => Rule::RENJU,
                (false, GomokuRule::Freestyle) => Rule::FREESTYLE,
                (false, GomokuRule::Exact5) => Rule::EXACT_FIVE,
            };
            MatchGame::Gomoku {
                size: args.board,
                rule,
            }
        }
        other => other,
    };
    Ok((game, protocol))
}
