//! How fast the league page (`--html`) of a long match loads in a browser.
//!
//! `cargo bench --bench league_page` builds the release binaries, writes the results of a
//! synthetic xiangqi match of `ARBITER_LEAGUE_GAMES` games (default 1,000): each game a random
//! playout of legal moves (40 to 200 plies, seeded, so every run renders the same page), each
//! move with a time and a search report (depth, score, an 8-move pv of legal moves), a
//! warning after each game's last move and a failure at a move of every tenth game, as a real
//! match against an engine that never says `bye` has them. `arbiter match merge … --html`
//! renders the page, timed; headless Chromium then loads it `ARBITER_LEAGUE_LOADS` times
//! (default 5) with a game in the middle of the match shown at a move in its middle, and the
//! page's own measure is read from its DOM: from the start of its loading to the game drawn
//! and laid out (`data-drawn-ms`), and to its load event (`data-loaded-ms`). It prints the
//! medians beside those of a ten-game page, and the goal: under 2 s for 1,000 games.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use arbiter::rules::Game;
use arbiter::rules::xiangqi::Position;
use serde_json::{Value, json};

fn main() {
    let games: usize = env_or("ARBITER_LEAGUE_GAMES", 1000);
    let loads: usize = env_or("ARBITER_LEAGUE_LOADS", 5);
    let Some(browser) = ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| common::on_path(name))
    else {
        eprintln!("chromium not found: nothing to measure (apt-get install chromium)");
        return;
    };
    let release = common::release_build();
    let dir = std::env::temp_dir().join(format!("arbiter-league-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    println!(
        "league page load in {}, {loads} loads each",
        browser.display()
    );
    println!(
        "{:>6} {:>10} {:>10} {:>14} {:>14} {:>12}",
        "games", "page KB", "render ms", "drawn ms (p50)", "loaded ms (p50)", "wall ms (p50)"
    );
    for count in [10, games] {
        let results = dir.join(format!("match-{count}.json"));
        std::fs::write(&results, synthetic_match(count).to_string()).unwrap();
        let page = dir.join(format!("league-{count}.html"));
        let started = Instant::now();
        let merged = Command::new(release.join("arbiter"))
            .args(["match", "merge"])
            .arg(&results)
            .arg("--html")
            .arg(&page)
            .output()
            .expect("arbiter runs");
        let render_ms = started.elapsed().as_secs_f64() * 1000.0;
        assert!(
            page.exists(),
            "the page is written: {}",
            String::from_utf8_lossy(&merged.stderr)
        );
        let size_kb = std::fs::metadata(&page).unwrap().len() as f64 / 1024.0;
        let fragment = format!("game={}&ply=40", count / 2);
        let (mut drawn, mut loaded, mut wall) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..loads {
            let (d, l, w) = load(&browser, &page, &fragment);
            drawn.push(d);
            loaded.push(l);
            wall.push(w);
        }
        println!(
            "{count:>6} {size_kb:>10.0} {render_ms:>10.0} {:>14.0} {:>14.0} {:>12.0}",
            median(&mut drawn),
            median(&mut loaded),
            median(&mut wall)
        );
    }
    println!("goal: a 1,000-game page drawn in under 2000 ms");
    let _ = std::fs::remove_dir_all(&dir);
}

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// Loads the page once at `fragment`: the page's own measures (drawn, loaded) and the browser
/// process's wall time, in milliseconds.
fn load(browser: &Path, page: &Path, fragment: &str) -> (f64, f64, f64) {
    let started = Instant::now();
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--dump-dom",
        ])
        .arg(format!("file://{}#{fragment}", page.display()))
        .output()
        .expect("chromium runs");
    let wall = started.elapsed().as_secs_f64() * 1000.0;
    let dom = String::from_utf8_lossy(&out.stdout);
    let read = |attribute: &str| -> f64 {
        let pattern = format!("{attribute}=\"");
        let at = dom
            .find(&pattern)
            .unwrap_or_else(|| panic!("the page measured itself ({attribute})"));
        let rest = &dom[at + pattern.len()..];
        rest[..rest.find('"').unwrap()].parse().unwrap()
    };
    (read("data-drawn-ms"), read("data-loaded-ms"), wall)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The results of a match of `count` games between two engines, as `arbiter match --out`
/// writes them, with the game pairs and SPRT a long match has.
fn synthetic_match(count: usize) -> Value {
    let mut rng = fastrand::Rng::with_seed(42);
    let games: Vec<Value> = (1..=count).map(|n| synthetic_game(n, &mut rng)).collect();
    json!({
        "game": "xiangqi",
        "players": ["new", "base"],
        "plan": { "tournament": "round-robin", "games": count, "rounds": 1, "repeat": true },
        "control": "st=0.1",
        "games": games,
        "encounters": [],
        "standings": [],
        "sprt": {
            "settings": { "elo0": 0.0, "elo1": 5.0, "alpha": 0.05, "beta": 0.05 },
            "state": { "llr": 0.0, "lbound": -2.94, "ubound": 2.94, "pentanomial": true }
        }
    })
}

/// Game `number`: a random playout from the start, new playing red in odd games.
fn synthetic_game(number: usize, rng: &mut fastrand::Rng) -> Value {
    let (first, second) = if number % 2 == 1 {
        ("new", "base")
    } else {
        ("base", "new")
    };
    let mut position = Position::start_position();
    let (mut moves, mut times, mut info) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rng.usize(40..=200) {
        let legal = Game::legal_moves(&position);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.usize(..legal.len())];
        // The pv: the move and seven more random legal moves after it.
        let mut line = position.clone();
        let mut pv = Vec::new();
        let mut next = Some(mv);
        while let Some(m) = next.filter(|_| pv.len() < 8) {
            pv.push(line.move_text(m));
            line.play(m);
            let replies = Game::legal_moves(&line);
            next = (!replies.is_empty()).then(|| replies[rng.usize(..replies.len())]);
        }
        moves.push(position.move_text(mv));
        position.play(mv);
        times.push(rng.f64() * 200.0);
        info.push(json!({
            "depth": rng.u32(8..24),
            "score": { "cp": rng.i32(-300..300) },
            "pv": pv.join(" "),
        }));
    }
    let plies = moves.len();
    let mut findings = vec![json!({
        "engine": second, "check": "ucci.quit.bye", "side": "engine",
        "requirements": ["ucci-r117"], "grade": "warn",
        "message": "no `bye` after `quit`", "seq": 9000, "at_us": 9_000_000,
        "excerpt": ["> position startpos moves …", "> go time 100", "< bestmove h2e2", "> quit"],
        "ply": plies + 1,
    })];
    if number.is_multiple_of(10) {
        findings.push(json!({
            "engine": first, "check": "ucci.pv.legal", "side": "engine",
            "requirements": ["ucci-r83"], "grade": "fail",
            "message": "pv move 2 is illegal", "seq": 400, "at_us": 400_000,
            "excerpt": ["> go time 100", "< info depth 9 score 20 pv h2e2 h2e2"],
            "ply": 1 + rng.usize(..plies.max(1)),
        }));
    }
    let (result, termination) = [
        ("1-0", "Red mates"),
        ("0-1", "Black mates"),
        ("1/2-1/2", "Draw by adjudication: maximal game length"),
    ][rng.usize(..3)];
    json!({
        "number": number, "pair": (number - 1) / 2,
        "first": first, "second": second, "red": first, "black": second,
        "moves": moves, "result": result,
        "termination": termination,
        "move_times_ms": times, "move_info": info, "findings": findings,
    })
}
