//! `--html FILE`: the league page of `arbiter match` (and `match merge`), opened in headless
//! Chromium as `html_report.rs` opens the HTML report. The board the page's script draws for
//! a game and a move asked in the address (`#game=G&ply=N`) is the rules oracle's position
//! after those moves, piece for piece (xiangqi and chess) or stone for stone (gomoku), read
//! off the SVG's data attributes; each protocol finding is marked on the move it came in; the
//! page requests nothing (its Content-Security-Policy allows no source, so a request would be
//! refused with a console message, and there is none); the final page does not reload itself.
//! How fast a page of a thousand games loads is measured by `benches/league_page.rs`.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter::matchplay::MatchReport;
use arbiter::rules::Game;
use arbiter::rules::chess::ChessPosition;
use arbiter::rules::gomoku::{Board, BoardSize, Point, Rule, Stone};
use arbiter::rules::xiangqi::Position;

use common::{arbiter, fixture_engine, reference_engine};

fn scratch(name: &str) -> PathBuf {
    common::scratch_file("league-page", name)
}

/// The page's DOM once its script has run, at `fragment`; none without Chromium (skipped as
/// the HTML report's browser test skips, and never on CI, which installs it). Fails on any
/// console message: a request the page's policy refused, or an error in its script.
fn dom(page: &Path, fragment: &str) -> Option<String> {
    let Some(browser) = crate::html_report::chromium() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is missing: .ci/run installs it (apt-get install chromium)"
        );
        eprintln!(
            "chromium not found: league page browser test skipped (apt-get install chromium)"
        );
        return None;
    };
    let url = format!("file://{}#{fragment}", page.display());
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=3000",
            "--dump-dom",
        ])
        .arg(&url)
        .output()
        .expect("chromium runs");
    let log = String::from_utf8_lossy(&out.stderr);
    let console: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("CONSOLE") || l.contains("Refused to") || l.contains("Uncaught"))
        .collect();
    assert!(console.is_empty(), "{url}: console: {console:#?}");
    let html = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        html.contains(&format!("data-ply=\"{}\"", fragment_ply(fragment))),
        "{url}: the board of the move asked is drawn"
    );
    Some(html)
}

fn fragment_ply(fragment: &str) -> &str {
    fragment.rsplit("ply=").next().unwrap_or_default()
}

/// The pieces the page drew: square → FEN letter, from `data-square` and `data-piece`.
fn drawn_pieces(dom: &str) -> BTreeMap<String, char> {
    let piece =
        regex::Regex::new(r#"data-square="([a-i][0-9]+)" data-piece="([A-Za-z])""#).unwrap();
    piece
        .captures_iter(dom)
        .map(|c| (c[1].to_owned(), c[2].chars().next().unwrap()))
        .collect()
}

/// The pieces of a FEN's board: square → letter, ranks numbered from `first_rank` at the
/// bottom (0 in xiangqi's ICCS, 1 in chess).
fn fen_pieces(fen: &str, first_rank: usize) -> BTreeMap<String, char> {
    let rows: Vec<&str> = fen.split_whitespace().next().unwrap().split('/').collect();
    let mut pieces = BTreeMap::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = first_rank + rows.len() - 1 - i;
        let mut file = 0;
        for c in row.chars() {
            match c.to_digit(10) {
                Some(gap) => file += gap as usize,
                None => {
                    pieces.insert(format!("{}{rank}", (b'a' + file as u8) as char), c);
                    file += 1;
                }
            }
        }
    }
    pieces
}

/// The oracle's position after `plies` of the game's moves, from its start and opening.
fn replayed<G: Game>(start: Option<&str>, opening: &[String], moves: &[String], plies: usize) -> G {
    let mut position = start.map_or_else(G::start_position, |fen| G::from_fen(fen).unwrap());
    for text in opening.iter().chain(&moves[..plies]) {
        let mv = position
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        position.play(mv);
    }
    position
}

#[test]
fn a_xiangqi_match_page_draws_the_oracles_board_and_marks_each_finding_at_its_move() {
    let _cpu = common::processor::share(2);
    let (results, page) = (scratch("xiangqi.json"), scratch("xiangqi.html"));
    let book = scratch("xiangqi-book.txt");
    std::fs::write(&book, "h2e2 h9g7\n").unwrap();
    // The fixture engine writes an illegal pv with every move (a finding each search) and
    // no `bye` after `quit` (a finding after its last move).
    let out = arbiter()
        .args(["match", "--game", "xiangqi", "--engine"])
        .arg(format!(
            "cmd={}",
            reference_engine("arbiter-xiangqi").display()
        ))
        .args(["name=reference", "depth=2", "--engine"])
        .arg(format!("cmd={}", fixture_engine().display()))
        .args(["arg=ucci", "arg=illegal-pv", "name=fixture"])
        .args(["--each", "st=1", "--games", "2", "--max-moves", "12"])
        .arg("--openings")
        .arg(format!("file={}", book.display()))
        .args(["format=moves", "--out"])
        .arg(&results)
        .arg("--html")
        .arg(&page)
        .output()
        .unwrap();
    let report: MatchReport = common::read_report(&results);
    assert_eq!(
        report.games.len(),
        2,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        !html.contains("http-equiv=\"refresh\"") && html.contains("\"reload_ms\":null"),
        "the final page does not reload itself"
    );
    for attribute in [
        "src=\"",
        "href=\"http",
        "href=\"//",
        "url(",
        "@import",
        "<link",
    ] {
        assert!(
            !html.contains(attribute),
            "the page requests nothing: {attribute}"
        );
    }
    let game = &report.games[1].record;
    // The reference engine reports its searches; each of its moves has its report.
    let reference_moves = game.move_info.iter().filter(|i| i.is_some()).count();
    assert!(reference_moves > 0, "{:?}", game.move_info);
    // A finding of the fixture's pv at a move of the fixture's.
    let pv_finding = game
        .findings
        .iter()
        .find(|f| {
            f.engine == "fixture" && f.ply.is_some_and(|p| (1..=game.moves.len()).contains(&p))
        })
        .unwrap_or_else(|| panic!("a finding at a move: {:#?}", game.findings));
    let marked = pv_finding.ply.unwrap();
    for ply in [marked, game.moves.len()] {
        let fragment = format!("game={}&ply={ply}", game.number);
        let Some(dom) = dom(&page, &fragment) else {
            return;
        };
        let oracle: Position = replayed(
            game.opening.fen.as_deref(),
            &game.opening.moves,
            &game.moves,
            ply,
        );
        assert_eq!(
            drawn_pieces(&dom),
            fen_pieces(&oracle.fen(), 0),
            "{fragment}"
        );
        // The move list marks the finding on its move's row.
        let row =
            regex::Regex::new(&format!(r#"(?s)<tr data-ply="{marked}"[^>]*>(.*?)</tr>"#)).unwrap();
        let cells = row
            .captures(&dom)
            .map(|c| c[1].to_owned())
            .unwrap_or_default();
        assert!(
            cells.contains("class=\"mark "),
            "{fragment}: move {marked}: {cells}"
        );
        // The move shown is lit, and its findings are listed beside the board.
        if ply == marked {
            assert!(dom.contains(&format!("<tr data-ply=\"{marked}\" class=\"current\">")));
            assert!(dom.contains("Findings at this move"), "{fragment}");
        }
    }
    // Each engine's findings link to their moves.
    assert!(html.contains(&format!("#game={}&amp;ply={marked}\"", game.number)));
}

#[test]
fn a_gomoku_match_page_draws_the_stones_the_oracle_placed() {
    let _cpu = common::processor::share(2);
    let (results, page) = (scratch("gomoku.json"), scratch("gomoku.html"));
    let out = arbiter()
        .args(["match", "--game", "gomoku", "--engine"])
        .arg(format!(
            "cmd={}",
            reference_engine("pbrain-arbiter").display()
        ))
        .args(["name=reference", "--engine"])
        .arg(format!("cmd={}", fixture_engine().display()))
        .args(["arg=gomocup", "name=fixture"])
        .args(["--each", "st=0.05", "--games", "1", "--out"])
        .arg(&results)
        .arg("--html")
        .arg(&page)
        .output()
        .unwrap();
    let report: MatchReport = common::read_report(&results);
    let game = &report.games[0].record;
    assert!(
        game.moves.len() > 4,
        "{:?}: {}",
        game.termination,
        String::from_utf8_lossy(&out.stderr)
    );
    let stone = regex::Regex::new(r#"data-point="(\d+,\d+)" data-stone="(\w+)""#).unwrap();
    for ply in [3, game.moves.len()] {
        let fragment = format!("game=1&ply={ply}");
        let Some(dom) = dom(&page, &fragment) else {
            return;
        };
        let mut board = Board::new(BoardSize::square(15).unwrap());
        for (i, point) in game
            .opening
            .moves
            .iter()
            .chain(&game.moves[..ply])
            .enumerate()
        {
            let stone = if i % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            let point: Point = point.parse().unwrap();
            board.play(point, stone, Rule::FREESTYLE).unwrap();
        }
        let mut oracle = BTreeMap::new();
        for y in 0..15 {
            for x in 0..15 {
                if let Some(stone) = board.get(Point::new(x, y)) {
                    let colour = if stone == Stone::Black {
                        "black"
                    } else {
                        "white"
                    };
                    oracle.insert(format!("{x},{y}"), colour.to_owned());
                }
            }
        }
        let drawn: BTreeMap<String, String> = stone
            .captures_iter(&dom)
            .map(|c| (c[1].to_owned(), c[2].to_owned()))
            .collect();
        assert_eq!(drawn, oracle, "{fragment}");
    }
}

/// A chess game with what replaying UCI moves must know beyond moving a piece — both
/// castlings, an en passant capture, promotions to a queen and a knight — written as a match's
/// results and merged (`match merge --html`), then drawn as shakmaty plays it.
#[test]
fn a_chess_game_with_castling_en_passant_and_promotion_is_drawn_as_the_oracle_plays_it() {
    // From a position with both sides' castling rights: white's double step lets black take
    // en passant; white castles long, black short; white's b-pawn promotes to a queen on b8
    // (taken at once) and black's g-pawn, later, to a knight on g1.
    let fen = "r3k2r/pP4p1/8/8/3p4/8/4P1p1/R3K2R w KQkq - 0 1";
    let moves = [
        "e2e4", "d4e3", "e1c1", "e8g8", "b7b8q", "a8b8", "d1d2", "g2g1n",
    ];
    let results = scratch("chess.json");
    let page = scratch("chess.html");
    let record = serde_json::json!({
        "game": "chess",
        "players": ["a", "b"],
        "plan": { "tournament": "round-robin", "games": 1, "rounds": 1, "repeat": false },
        "control": "st=0.1",
        "games": [{
            "number": 1, "first": "a", "second": "b", "white": "a", "black": "b",
            "opening": { "fen": fen },
            "moves": moves,
            "result": "1/2-1/2",
            "termination": { "kind": "max_length" },
            "move_times_ms": [5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0],
            "findings": []
        }],
        "encounters": [],
        "standings": []
    });
    std::fs::write(&results, record.to_string()).unwrap();
    arbiter()
        .args(["match", "merge"])
        .arg(&results)
        .arg("--html")
        .arg(&page)
        .assert()
        .success();
    let moves: Vec<String> = moves.iter().map(|m| (*m).to_owned()).collect();
    // After the en passant capture, after both castlings, and at the end.
    for ply in [2, 4, moves.len()] {
        let fragment = format!("game=1&ply={ply}");
        let Some(dom) = dom(&page, &fragment) else {
            return;
        };
        let oracle: ChessPosition = replayed(Some(fen), &[], &moves, ply);
        assert_eq!(
            drawn_pieces(&dom),
            fen_pieces(&oracle.fen(), 1),
            "{fragment}"
        );
    }
}

#[test]
fn a_page_that_cannot_be_written_is_refused_before_any_engine_starts() {
    let missing = scratch("no-such-folder").join("page.html");
    let out = arbiter()
        .args([
            "match",
            "--game",
            "chess",
            "--engine",
            "cmd=/nonexistent/engine",
        ])
        .args(["--engine", "cmd=/nonexistent/engine", "name=b", "--html"])
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--html") && stderr.contains("cannot write"),
        "{stderr}"
    );
}

/// While the match is played the page is there, reloading itself, with the games finished so
/// far; a signal stops the match, and the page it leaves is the final one, which says so and
/// does not reload.
#[test]
fn the_page_of_a_match_in_play_reloads_itself_until_a_signal_ends_the_match() {
    let _cpu = common::processor::share(2);
    let page = scratch("interrupted.html");
    let _ = std::fs::remove_file(&page);
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["match", "--game", "chess", "--each", "st=0.05"])
        .args(common::uci_fixture_player("a", "none"))
        .args(common::uci_fixture_player("b", "none"))
        .args(["--games", "200", "--max-moves", "3", "--html"])
        .arg(&page)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let playing = regex::Regex::new(r"playing: [1-9]\d* of 200 games finished").unwrap();
    loop {
        // The page is replaced whole: whatever is there reads.
        let html = std::fs::read_to_string(&page).unwrap_or_default();
        if playing.is_match(&html) {
            assert!(html.contains("<noscript><meta http-equiv=\"refresh\""));
            assert!(html.contains("\"reload_ms\":3000"));
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no page of the match in play"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    // SAFETY: kill(2) on our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
    }
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGTERM));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("interrupted: the games finished before the signal"));
    assert!(!html.contains("http-equiv=\"refresh\"") && html.contains("\"reload_ms\":null"));
}
