//! What a match costs the manager, beside fastchess (and cutechess-cli when it is there) in the
//! same run: Stockfish against itself, the same openings and node limit, engines kept between
//! games as fastchess keeps them by default (`arbiter match --restart off`).
//!
//! `cargo bench --bench match_cost` needs Debian's `stockfish` and a `fastchess` binary
//! (`ARBITER_FASTCHESS`, else `PATH`; `ARBITER_CUTECHESS` likewise for cutechess-cli). It
//! writes an EPD book of 50 positions six random plies from the start (seeded, so every run
//! plays the same openings), then runs each manager `ARBITER_COST_RUNS` times (default 3),
//! the tools in turn, for `ARBITER_COST_PAIRS` game pairs (default 20) at 20,000 nodes a move.
//! For each it prints the median wall time, the manager's own processor time (its threads
//! only, read from `/proc/PID/stat` until it exits) and the whole tree's (engines included,
//! from `wait4`), and each figure as a ratio to fastchess's; and the score each tool counted,
//! which must agree, as the games are the same.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use shakmaty::{Chess, EnPassantMode, Position, fen::Epd};

/// Nodes each engine searches per move: a fixed-node match plays the same games every run.
const NODES: &str = "20000";

/// What one run of a manager cost.
struct Cost {
    wall: f64,
    manager: f64,
    tree: f64,
    /// The score the manager reported: wins, losses and draws of the first engine.
    score: String,
}

fn main() {
    let release = common::release_build();
    let Some(stockfish) = common::on_path("stockfish") else {
        println!("match_cost: no stockfish (apt-get install stockfish); nothing measured");
        return;
    };
    let peer = |var: &str, name: &str| {
        std::env::var_os(var)
            .map(PathBuf::from)
            .or_else(|| common::on_path(name))
    };
    let Some(fastchess) = peer("ARBITER_FASTCHESS", "fastchess") else {
        println!("match_cost: no fastchess (set ARBITER_FASTCHESS); nothing measured");
        return;
    };
    let cutechess = peer("ARBITER_CUTECHESS", "cutechess-cli");
    let number = |var: &str, default: usize| {
        std::env::var(var)
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(default)
    };
    let runs = number("ARBITER_COST_RUNS", 3);
    let pairs = number("ARBITER_COST_PAIRS", 20);
    let dir = std::env::temp_dir().join(format!("arbiter-match-cost-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let book = dir.join("book.epd");
    write_book(&book, 50);

    let sf = stockfish.display().to_string();
    let book_arg = book.display().to_string();
    let out = dir.join("arbiter.json");
    let arbiter = {
        let mut args: Vec<String> = ["match", "--game", "chess"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for name in ["a", "b"] {
            args.extend([
                "--engine".into(),
                format!("cmd={sf}"),
                format!("name={name}"),
            ]);
        }
        args.extend([
            "--each".to_owned(),
            format!("nodes={NODES}"),
            "st=10".to_owned(),
            "--openings".to_owned(),
            format!("file={book_arg}"),
            "format=epd".to_owned(),
            "order=sequential".to_owned(),
            "--repeat".to_owned(),
            "--games".to_owned(),
            "2".to_owned(),
            "--rounds".to_owned(),
            pairs.to_string(),
            "--restart".to_owned(),
            "off".to_owned(),
            "--output-format".to_owned(),
            "fastchess".to_owned(),
            "--out".to_owned(),
            out.display().to_string(),
        ]);
        (release.join("arbiter"), args)
    };
    // A time per move, as Arbiter's `st=10`: on a clock Stockfish may stop short of its nodes,
    // and the games would differ.
    let fast = (
        fastchess,
        peer_args(&sf, &["st=10", "proto=uci"], &book_arg, pairs),
    );
    let cute = cutechess.map(|program| {
        (
            program,
            peer_args(&sf, &["proto=uci", "tc=inf"], &book_arg, pairs),
        )
    });

    let mut tools: Vec<(&str, &(PathBuf, Vec<String>))> =
        vec![("arbiter --restart off", &arbiter), ("fastchess", &fast)];
    if let Some(cute) = &cute {
        tools.push(("cutechess-cli", cute));
    }
    let mut costs: Vec<Vec<Cost>> = tools.iter().map(|_| Vec::new()).collect();
    for _ in 0..runs {
        for (i, (_, (program, args))) in tools.iter().enumerate() {
            costs[i].push(measure(program, args, &out));
        }
    }
    let median = |values: Vec<f64>| common::percentile(&values, 0.5);
    let summary: Vec<(f64, f64, f64)> = costs
        .iter()
        .map(|runs| {
            (
                median(runs.iter().map(|c| c.wall).collect()),
                median(runs.iter().map(|c| c.manager).collect()),
                median(runs.iter().map(|c| c.tree).collect()),
            )
        })
        .collect();
    let peer = summary[1];
    println!(
        "Stockfish against itself, {} games ({pairs} pairs, 50 EPD openings), {NODES} nodes a move, engines kept between games; median of {runs} runs each, the tools in turn",
        pairs * 2
    );
    println!(
        "{:<24} {:>9} {:>13} {:>11} {:>11} {:>13} {:>11}  score (W-L-D of the first engine)",
        "manager", "wall s", "manager CPU s", "tree CPU s", "wall/fc", "manager/fc", "tree/fc"
    );
    for (i, (name, _)) in tools.iter().enumerate() {
        let (wall, manager, tree) = summary[i];
        println!(
            "{name:<24} {wall:>9.2} {manager:>13.3} {tree:>11.2} {:>11.2} {:>13.2} {:>11.2}  {}",
            wall / peer.0,
            manager / peer.1,
            tree / peer.2,
            costs[i].last().map(|c| c.score.as_str()).unwrap_or("")
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The words of the same match for cutechess-cli and fastchess, which share that command line:
/// Stockfish twice, `each` beside the node limit, the book in order, `pairs` game pairs, one
/// game at a time.
fn peer_args(stockfish: &str, each: &[&str], book: &str, pairs: usize) -> Vec<String> {
    let mut args = Vec::new();
    for name in ["a", "b"] {
        args.extend([
            "-engine".to_owned(),
            format!("cmd={stockfish}"),
            format!("name={name}"),
        ]);
    }
    args.push("-each".to_owned());
    args.extend(each.iter().map(|w| (*w).to_owned()));
    args.push(format!("nodes={NODES}"));
    args.extend(
        [
            "-openings",
            &format!("file={book}"),
            "format=epd",
            "order=sequential",
            "-repeat",
            "-games",
            "2",
            "-rounds",
            &pairs.to_string(),
            "-concurrency",
            "1",
        ]
        .map(str::to_owned),
    );
    args
}

/// Writes `count` distinct EPD positions, each six plies of a seeded random game from the start.
fn write_book(path: &Path, count: usize) {
    let mut rng = fastrand::Rng::with_seed(7);
    let mut seen = Vec::new();
    while seen.len() < count {
        let mut position = Chess::default();
        for _ in 0..6 {
            let moves = position.legal_moves();
            let mv = moves[rng.usize(..moves.len())];
            position.play_unchecked(mv);
        }
        let epd = Epd::from_position(&position, EnPassantMode::Legal).to_string();
        if !seen.contains(&epd) && !position.is_game_over() {
            seen.push(epd);
        }
    }
    std::fs::write(path, seen.join("\n") + "\n").expect("the book is written");
}

/// Runs a manager to its end: its wall time, its own processor time (sampled from
/// `/proc/PID/stat` every 10 ms until it is a zombie, so the last sample is its total), and the
/// whole tree's (reaped with `wait4`, which sums the children it reaped).
// The child is reaped with wait4(2) rather than `Child::wait`, which gives no resource usage.
#[allow(clippy::zombie_processes)]
fn measure(program: &Path, args: &[String], arbiter_out: &Path) -> Cost {
    let started = Instant::now();
    // In the scratch folder: fastchess writes its `config.json` where it runs.
    let child = Command::new(program)
        .args(args)
        .current_dir(arbiter_out.parent().expect("the scratch folder"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the manager starts");
    let pid = child.id();
    let stdout = child.stdout.expect("piped");
    let reader = std::thread::spawn(move || {
        use std::io::Read;
        let mut text = String::new();
        let _ = { stdout }.read_to_string(&mut text);
        text
    });
    // SAFETY: sysconf has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    let mut manager = 0.0;
    while let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // Fields after the command name, which may hold spaces: state is the first, utime and
        // stime the 12th and 13th.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map(|(_, rest)| rest.split_whitespace().collect())
            .unwrap_or_default();
        if let (Some(u), Some(s)) = (fields.get(11), fields.get(12)) {
            let own = u.parse::<f64>().unwrap_or(0.0) + s.parse::<f64>().unwrap_or(0.0);
            manager = own / ticks;
        }
        if fields.first() == Some(&"Z") {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid out-parameter; wait4 reaps our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe {
        libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage);
    }
    let wall = started.elapsed().as_secs_f64();
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let tree = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    let printed = reader.join().unwrap_or_default();
    let score = if program.ends_with("arbiter") {
        arbiter_score(arbiter_out)
    } else {
        printed_score(&printed)
    };
    Cost {
        wall,
        manager,
        tree,
        score,
    }
}

/// The first engine's wins, losses and draws from Arbiter's JSON results.
fn arbiter_score(out: &Path) -> String {
    let text = std::fs::read_to_string(out).unwrap_or_default();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    let (mut w, mut l, mut d) = (0, 0, 0);
    for game in json["games"].as_array().into_iter().flatten() {
        let first_is_a = game["first"] == "a";
        match (game["result"].as_str(), first_is_a) {
            (Some("1-0"), true) | (Some("0-1"), false) => w += 1,
            (Some("0-1"), true) | (Some("1-0"), false) => l += 1,
            (Some(_), _) => d += 1,
            (None, _) => {}
        }
    }
    format!("{w}-{l}-{d}")
}

/// The first engine's wins, losses and draws from the last `Score of a vs b: W - L - D` line
/// cutechess-cli prints, or fastchess's `Games: N, Wins: W, Losses: L, Draws: D`.
fn printed_score(printed: &str) -> String {
    for line in printed.lines().rev() {
        if let Some(rest) = line.split_once("Score of a vs b: ").map(|(_, r)| r) {
            let figures: Vec<&str> = rest.split_whitespace().collect();
            if figures.len() >= 5 {
                return format!("{}-{}-{}", figures[0], figures[2], figures[4]);
            }
        }
        if let Some(rest) = line.trim().strip_prefix("Games: ") {
            let field = |name: &str| {
                rest.split(", ")
                    .find_map(|f| f.strip_prefix(name))
                    .unwrap_or("?")
                    .trim()
                    .to_owned()
            };
            return format!(
                "{}-{}-{}",
                field("Wins: "),
                field("Losses: "),
                field("Draws: ")
            );
        }
    }
    "?".to_owned()
}
