//! The league page's games: the compact list of every game, each engine's protocol findings
//! across the games (each linked to the move it came at), and the games as the page's script
//! reads them to replay one on a board.
//!
//! A link to a move is the page's address with the game and the ply to show
//! (`#game=12&ply=34`: the position after the 34th move of the record's `moves`, 0 for the
//! position the engines took over); the script reads it on load and on every change, and
//! writes it as the game and ply shown change, so a reload keeps them.

use serde::Serialize;

use arbiter::check::Grade;
use arbiter::matchplay::termination::Colour;
use arbiter::matchplay::{
    Finding, GameRecord, MatchGame, MatchReport, SearchInfo, SearchScore, Termination,
};

/// A row of the list of games.
#[derive(Debug, Serialize)]
pub(super) struct GameRow {
    number: usize,
    first: String,
    second: String,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for a game not played out.
    result: &'static str,
    termination: String,
    moves: usize,
    fails: usize,
    warns: usize,
    /// The engine whose fault ended the game.
    fault: Option<String>,
    pair: Option<usize>,
}

/// Every game, in number order.
pub(super) fn rows(report: &MatchReport) -> Vec<GameRow> {
    report
        .games
        .iter()
        .map(|game| {
            let record = &game.record;
            let graded = |grade| {
                record
                    .findings
                    .iter()
                    .filter(|f| f.outcome.grade == grade)
                    .count()
            };
            GameRow {
                number: record.number,
                first: record.first.clone(),
                second: record.second.clone(),
                result: if record.aborted {
                    "*"
                } else {
                    record.result.as_str()
                },
                termination: record.termination.to_string(),
                moves: record.moves.len(),
                fails: graded(Grade::Fail),
                warns: graded(Grade::Warn),
                fault: at_fault(report.game, record).map(str::to_owned),
                pair: game.pair,
            }
        })
        .collect()
}

/// The engine whose fault ended the game (an illegal or banned move, time, a crash, a stall,
/// a move refused; see `Termination::is_fault`): the one playing the colour the termination
/// names.
fn at_fault(game: MatchGame, record: &GameRecord) -> Option<&str> {
    let Termination::Fault { side, .. } = &record.termination else {
        return None;
    };
    if !record.termination.is_fault() {
        return None;
    }
    Some(if *side == first_colour(game) {
        &record.first
    } else {
        &record.second
    })
}

/// The colour of the first side: red, white, or black in gomoku.
fn first_colour(game: MatchGame) -> Colour {
    match game {
        MatchGame::Xiangqi => Colour::Red,
        MatchGame::Chess => Colour::White,
        MatchGame::Gomoku { .. } => Colour::Black,
    }
}

/// One engine's protocol findings across the games, a check at a time.
#[derive(Debug, Serialize)]
pub(super) struct EngineFindings {
    name: String,
    fails: usize,
    warns: usize,
    checks: Vec<CheckFindings>,
}

/// One check's findings of one engine.
#[derive(Debug, Serialize)]
struct CheckFindings {
    check: String,
    grade: &'static str,
    requirements: String,
    /// The first finding's sentence (the others' say the same of other lines).
    message: String,
    count: usize,
    /// Where each one came, in game order.
    places: Vec<Place>,
}

/// A link to the move a finding came at.
#[derive(Debug, Serialize)]
struct Place {
    /// The address's fragment: `game=12&ply=34`.
    href: String,
    /// `12:34`, `12:start`, `12:end`, or `12` for a finding placed at no move.
    label: String,
}

/// Each engine's findings (engines in the match's order; failures before warnings, then the
/// most frequent first).
pub(super) fn findings_by_engine(report: &MatchReport) -> Vec<EngineFindings> {
    report
        .players
        .iter()
        .map(|name| {
            let mut checks: Vec<CheckFindings> = Vec::new();
            for game in &report.games {
                let record = &game.record;
                for finding in record.findings.iter().filter(|f| &f.engine == name) {
                    let check = finding.outcome.check.to_string();
                    let grade = grade_class(finding.outcome.grade);
                    let place = place(record, finding);
                    match checks
                        .iter_mut()
                        .find(|c| c.check == check && c.grade == grade)
                    {
                        Some(found) => {
                            found.count += 1;
                            found.places.push(place);
                        }
                        None => checks.push(CheckFindings {
                            check,
                            grade,
                            requirements: arbiter::render::join_ids(&finding.outcome.requirements),
                            message: finding.outcome.message.clone(),
                            count: 1,
                            places: vec![place],
                        }),
                    }
                }
            }
            checks.sort_by(|a, b| {
                (b.grade == "fail")
                    .cmp(&(a.grade == "fail"))
                    .then(b.count.cmp(&a.count))
            });
            let graded = |grade| {
                checks
                    .iter()
                    .filter(|c| c.grade == grade)
                    .map(|c| c.count)
                    .sum()
            };
            EngineFindings {
                name: name.clone(),
                fails: graded("fail"),
                warns: graded("warn"),
                checks,
            }
        })
        .collect()
}

/// The link to where `finding` came in its game: its move (the position after it), the
/// position the engines took over for one before the engine's first search, the final one
/// for one after its last move.
fn place(record: &GameRecord, finding: &Finding) -> Place {
    let number = record.number;
    let last = record.moves.len();
    match finding.ply {
        None => Place {
            href: format!("game={number}"),
            label: number.to_string(),
        },
        Some(0) => Place {
            href: format!("game={number}&ply=0"),
            label: format!("{number}:start"),
        },
        Some(ply) if ply > last => Place {
            href: format!("game={number}&ply={last}"),
            label: format!("{number}:end"),
        },
        Some(ply) => Place {
            href: format!("game={number}&ply={ply}"),
            label: format!("{number}:{ply}"),
        },
    }
}

fn grade_class(grade: Grade) -> &'static str {
    match grade {
        Grade::Fail => "fail",
        Grade::Warn => "warn",
        Grade::Pass => "pass",
    }
}

/// The games as the page's script reads them: enough to replay each on its board and to show
/// each move's time, report and findings.
#[derive(Debug, Serialize)]
pub(super) struct Data<'a> {
    /// `xiangqi`, `chess` or `gomoku` (renju too): which board to draw.
    board: &'static str,
    /// Gomoku's points on a side.
    size: Option<u8>,
    /// The two colours' names, the first colour's first.
    colours: [&'static str; 2],
    /// Milliseconds before the page reloads itself; none for a page that stays.
    reload_ms: Option<u64>,
    games: Vec<GameData<'a>>,
}

/// One game for the script.
#[derive(Debug, Serialize)]
struct GameData<'a> {
    number: usize,
    first: &'a str,
    second: &'a str,
    /// The start position (FEN) of xiangqi and chess; none for the standard one.
    fen: Option<&'a str>,
    /// The opening's moves, played before the engines took over.
    opening: &'a [String],
    moves: &'a [String],
    /// Each move's time on the wire, whole milliseconds.
    times: Vec<u64>,
    /// Each move's search report, `[depth, score, pv]`; empty when no move has one.
    info: Vec<Option<(Option<u32>, String, &'a str)>>,
    result: &'static str,
    termination: String,
    fault: Option<&'a str>,
    findings: Vec<FindingData<'a>>,
}

/// A finding for the script: shown at its move, with the lines around it.
#[derive(Debug, Serialize)]
struct FindingData<'a> {
    engine: &'a str,
    grade: &'static str,
    check: String,
    message: &'a str,
    requirements: String,
    /// See `Finding::ply`.
    ply: Option<usize>,
    excerpt: &'a [String],
}

pub(super) fn data(report: &MatchReport, reload_ms: Option<u64>) -> Data<'_> {
    let (board, size, colours) = match report.game {
        MatchGame::Xiangqi => ("xiangqi", None, ["red", "black"]),
        MatchGame::Chess => ("chess", None, ["white", "black"]),
        MatchGame::Gomoku { size, .. } => ("gomoku", Some(size), ["black", "white"]),
    };
    let games = report
        .games
        .iter()
        .map(|game| {
            let record = &game.record;
            GameData {
                number: record.number,
                first: &record.first,
                second: &record.second,
                fen: record.opening.fen.as_deref(),
                opening: &record.opening.moves,
                moves: &record.moves,
                times: record
                    .move_times_ms
                    .iter()
                    .map(|ms| ms.max(0.0).round() as u64)
                    .collect(),
                info: record
                    .move_info
                    .iter()
                    .map(|info| info.as_ref().map(report_of))
                    .collect(),
                result: if record.aborted {
                    "*"
                } else {
                    record.result.as_str()
                },
                termination: record.termination.to_string(),
                fault: at_fault(report.game, record),
                findings: record
                    .findings
                    .iter()
                    .map(|f| FindingData {
                        engine: &f.engine,
                        grade: grade_class(f.outcome.grade),
                        check: f.outcome.check.to_string(),
                        message: &f.outcome.message,
                        requirements: arbiter::render::join_ids(&f.outcome.requirements),
                        ply: f.ply,
                        excerpt: &f.excerpt,
                    })
                    .collect(),
            }
        })
        .collect();
    Data {
        board,
        size,
        colours,
        reload_ms,
        games,
    }
}

/// A search report as the move list shows it: the depth, the score in pawns (`+0.34`) or as a
/// mate (`#3`, `#-2`), the pv.
fn report_of(info: &SearchInfo) -> (Option<u32>, String, &str) {
    let score = match info.score {
        Some(SearchScore::Cp(cp)) => format!("{:+.2}", f64::from(cp) / 100.0),
        Some(SearchScore::Mate(n)) => format!("#{n}"),
        None => String::new(),
    };
    (info.depth, score, &info.pv)
}
