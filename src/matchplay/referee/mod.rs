//! One game between two engines, refereed: Arbiter keeps the position, asks the engine to move
//! for the side to move, times the reply on the wire, judges the move with the rules oracle,
//! and ends the game by the rules or by the engine's fault. Each engine's session is judged by
//! the built-in protocol checks all game long.

use std::time::{Duration, Instant};

use super::clock::Clock;
use super::{Finding, GameRecord, GameResult, MatchGame, MatchSettings, Pairing, TimeControl};
use crate::check::{Context, Grade, Judge};
use crate::protocol::{GameKind, Protocol};
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::{Position, UciPosition};
use crate::rules::{Game, GameStatus, Side};
use crate::session::{Next, Session, SessionOptions};

/// How long an engine may take to answer the handshake and `isready` before it counts as
/// stalled (before the time scale): generous, as engines load networks and books at start.
const START_BOUND: Duration = Duration::from_secs(10);

/// Plays one game, `pairing.first` moving first.
pub fn play_game(pairing: &Pairing<'_>, settings: &MatchSettings) -> GameRecord {
    match (pairing.first.protocol, settings.game) {
        (Protocol::Ucci, _) => play::<Position>(pairing, settings),
        (_, MatchGame::Xiangqi) => play::<UciPosition>(pairing, settings),
        _ => play::<ChessPosition>(pairing, settings),
    }
}

/// An engine in the game: its session, judged, what it offered, and its clock.
struct Seat {
    name: String,
    session: Option<Session<Judge>>,
    /// UCCI: the engine offered `usemillisec`, so times are sent in milliseconds.
    millisec: bool,
    clock: Clock,
}

/// Why a side lost or the game ended early.
enum Fault {
    Illegal(String),
    Time,
    Disconnect,
    Stall,
    Resign,
}

fn side_name(game: GameKind, side: Side) -> &'static str {
    match (game, side) {
        (GameKind::Xiangqi, Side::First) => "Red",
        (_, Side::First) => "White",
        (_, Side::Second) => "Black",
    }
}

fn play<G: Game>(pairing: &Pairing<'_>, settings: &MatchSettings) -> GameRecord {
    let Pairing {
        number,
        first,
        second,
        ..
    } = *pairing;
    let game = settings.game.kind();
    let scale = |d: Duration| d.mul_f64(settings.time_scale);
    let mut seats = [first, second].map(|p| Seat {
        name: p.name.clone(),
        session: Session::spawn(
            &p.command,
            SessionOptions::default(),
            Judge::new(Context {
                protocol: p.protocol,
                game,
                time_scale: settings.time_scale,
            }),
        )
        .ok(),
        millisec: false,
        clock: Clock::new(settings.control),
    });
    let mut position = G::start_position();
    let mut moves: Vec<String> = Vec::new();
    let mut move_times_ms = Vec::new();
    let mut overrun_ms = None;
    let mut ended: Option<(GameResult, String)> = None;
    for (i, seat) in seats.iter_mut().enumerate() {
        let side = if i == 0 { Side::First } else { Side::Second };
        let protocol = [first, second][i].protocol;
        if let Err(fault) = start(seat, protocol, scale(START_BOUND)) {
            ended = Some(forfeit(game, side, &fault));
            break;
        }
    }
    while ended.is_none() {
        let side = position.side_to_move();
        let go = go_command(
            &seats,
            side,
            [first, second][index(side)].protocol,
            settings,
        );
        let seat = &mut seats[index(side)];
        let allowance = seat.clock.allowance(settings.control, settings.margin);
        let asked = Instant::now();
        match ask_move(seat, &moves, &go, allowance) {
            Err(fault) => {
                if matches!(fault, Fault::Time) {
                    let late = asked.elapsed().as_secs_f64() * 1000.0;
                    let due = (allowance - settings.margin).as_secs_f64() * 1000.0;
                    overrun_ms = Some(late - due);
                }
                ended = Some(forfeit(game, side, &fault));
            }
            Ok(mv) => {
                let took_ms = asked.elapsed().as_secs_f64() * 1000.0;
                seat.clock.charge(settings.control, took_ms);
                move_times_ms.push(took_ms);
                if position.play_text(&mv).is_err() {
                    ended = Some(forfeit(game, side, &Fault::Illegal(mv)));
                    continue;
                }
                moves.push(mv);
                ended = by_the_rules(game, &position).or_else(|| {
                    (moves.len() >= settings.max_plies).then(|| {
                        (
                            GameResult::Draw,
                            "Draw by adjudication: move limit".to_owned(),
                        )
                    })
                });
            }
        }
    }
    let (result, termination) = ended.unwrap_or((GameResult::Draw, "Draw".to_owned()));
    let findings = seats
        .into_iter()
        .zip([first.protocol, second.protocol])
        .flat_map(|(seat, protocol)| finish(seat, protocol))
        .collect();
    GameRecord {
        number,
        first: first.name.clone(),
        second: second.name.clone(),
        opening: pairing.opening.clone(),
        moves,
        result,
        termination,
        move_times_ms,
        overrun_ms,
        findings,
    }
}

/// The handshake, millisecond mode where UCCI offers it, and the engine ready.
fn start(seat: &mut Seat, protocol: Protocol, bound: Duration) -> Result<(), Fault> {
    let Some(session) = seat.session.as_mut() else {
        return Err(Fault::Disconnect);
    };
    let (hello, ok) = match protocol {
        Protocol::Ucci => ("ucci", "ucciok"),
        _ => ("uci", "uciok"),
    };
    session.send(hello).map_err(|_| Fault::Disconnect)?;
    let lines = read_until(session, bound, |l| l == ok)?;
    if protocol == Protocol::Ucci && lines.iter().any(|l| l.starts_with("option usemillisec ")) {
        session
            .send("setoption usemillisec true")
            .map_err(|_| Fault::Disconnect)?;
        seat.millisec = true;
    }
    if protocol == Protocol::Uci {
        session.send("ucinewgame").map_err(|_| Fault::Disconnect)?;
    }
    session.send("isready").map_err(|_| Fault::Disconnect)?;
    read_until(session, bound, |l| l == "readyok").map(drop)
}

fn index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

/// The `go` for `side`: its time per move, or both clocks as Arbiter keeps them.
fn go_command(
    seats: &[Seat; 2],
    side: Side,
    protocol: Protocol,
    settings: &MatchSettings,
) -> String {
    let seat = &seats[index(side)];
    let ms = |clock: &Clock| clock.remaining_ms.max(1.0).round() as u64;
    match (settings.control, protocol) {
        (TimeControl::PerMove(d), Protocol::Ucci) => {
            ucci_time(seat, d.as_millis() as u64, " movestogo 1")
        }
        (TimeControl::PerMove(d), _) => format!("go movetime {}", d.as_millis()),
        (TimeControl::Clock { increment, .. }, Protocol::Ucci) => {
            // UCCI gives the engine its own clock: `movestogo` and `increment` are alternatives.
            let rest = match seat.clock.moves_to_go(settings.control) {
                Some(m) => format!(" movestogo {m}"),
                None => format!(" increment {}", scaled(seat, increment.as_millis() as u64)),
            };
            ucci_time(seat, ms(&seat.clock), &rest)
        }
        (TimeControl::Clock { increment, .. }, _) => {
            let inc = increment.as_millis();
            let mut go = format!(
                "go wtime {} btime {} winc {inc} binc {inc}",
                ms(&seats[0].clock),
                ms(&seats[1].clock)
            );
            if let Some(m) = seat.clock.moves_to_go(settings.control) {
                go.push_str(&format!(" movestogo {m}"));
            }
            go
        }
    }
}

/// A UCCI time in the engine's unit: milliseconds with `usemillisec`, else whole seconds.
fn scaled(seat: &Seat, ms: u64) -> u64 {
    if seat.millisec {
        ms
    } else {
        ms.div_ceil(1000).max(1)
    }
}

fn ucci_time(seat: &Seat, ms: u64, rest: &str) -> String {
    format!("go time {}{rest}", scaled(seat, ms))
}

/// The engine's move in the game so far, within `allowance`.
fn ask_move(
    seat: &mut Seat,
    moves: &[String],
    go: &str,
    allowance: Duration,
) -> Result<String, Fault> {
    let Some(session) = seat.session.as_mut() else {
        return Err(Fault::Disconnect);
    };
    let position = if moves.is_empty() {
        "position startpos".to_owned()
    } else {
        format!("position startpos moves {}", moves.join(" "))
    };
    session.send(&position).map_err(|_| Fault::Disconnect)?;
    session.send(go).map_err(|_| Fault::Disconnect)?;
    let lines = read_until(session, allowance, |l| {
        l.starts_with("bestmove") || l == "nobestmove"
    })
    .map_err(|f| match f {
        Fault::Stall => Fault::Time,
        other => other,
    })?;
    let reply = lines.last().cloned().unwrap_or_default();
    let mut words = reply.split_whitespace();
    match (words.next(), words.next()) {
        (Some("bestmove"), Some(mv)) if !reply.ends_with(" resign") => Ok(mv.to_owned()),
        _ => Err(Fault::Resign),
    }
}

/// Reads lines until one `done` accepts, within `bound`; the lines read, that one last.
fn read_until(
    session: &mut Session<Judge>,
    bound: Duration,
    done: impl Fn(&str) -> bool,
) -> Result<Vec<String>, Fault> {
    let deadline = Instant::now() + bound;
    let mut lines = Vec::new();
    loop {
        match session.next_line(deadline) {
            Next::Line(line) => {
                let text = line.text.trim().to_owned();
                let finished = done(&text);
                lines.push(text);
                if finished {
                    return Ok(lines);
                }
            }
            Next::Timeout => return Err(Fault::Stall),
            Next::Closed | Next::Interrupted => return Err(Fault::Disconnect),
        }
    }
}

/// The game's end when the position decides it.
fn by_the_rules<G: Game>(game: GameKind, position: &G) -> Option<(GameResult, String)> {
    let win = |side: Side, how: &str| {
        let result = match side {
            Side::First => GameResult::FirstWins,
            Side::Second => GameResult::SecondWins,
        };
        (result, format!("{} {how}", side_name(game, side)))
    };
    match position.status() {
        GameStatus::Ongoing => None,
        GameStatus::Checkmate { winner } => Some(win(winner, "mates")),
        GameStatus::Stalemate {
            winner: Some(winner),
        } => Some(win(winner, "wins by stalemate")),
        GameStatus::Stalemate { winner: None } => {
            Some((GameResult::Draw, "Draw by stalemate".to_owned()))
        }
        GameStatus::Draw => Some((
            GameResult::Draw,
            "Draw by insufficient mating material".to_owned(),
        )),
    }
}

/// The result when `side` is at fault, in cutechess-cli's words.
fn forfeit(game: GameKind, side: Side, fault: &Fault) -> (GameResult, String) {
    let result = match side {
        Side::First => GameResult::SecondWins,
        Side::Second => GameResult::FirstWins,
    };
    let who = side_name(game, side);
    let why = match fault {
        Fault::Illegal(mv) => format!("{who} makes an illegal move: {mv}"),
        Fault::Time => format!("{who} loses on time"),
        Fault::Disconnect => format!("{who} disconnects"),
        Fault::Stall => format!("{who}'s connection stalls"),
        Fault::Resign => format!("{who} resigns"),
    };
    (result, why)
}

/// Ends the engine's session (`quit`, its grace, a kill if need be) and returns the protocol
/// checks' findings over its whole transcript.
fn finish(seat: Seat, protocol: Protocol) -> Vec<Finding> {
    let Some(mut session) = seat.session else {
        return Vec::new();
    };
    let _ = session.send(match protocol {
        Protocol::Ucci | Protocol::Uci => "quit",
        Protocol::Gomocup => "END",
        Protocol::Agi => "QUIT",
    });
    let (transcript, judge) = session.finish();
    judge
        .finish(&transcript)
        .into_iter()
        .filter(|o| o.grade != Grade::Pass)
        .map(|outcome| Finding {
            engine: seat.name.clone(),
            outcome,
        })
        .collect()
}
