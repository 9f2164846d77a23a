//! One game between two engines, refereed: Arbiter keeps the position, asks the engine to move
//! for the side to move, times the reply on the wire, judges the move with the rules oracle,
//! and ends the game by the rules or by the engine's fault. Each engine's session is judged by
//! the built-in protocol checks all game long.
//!
//! The referee keeps the game in one notation (ICCS for xiangqi, UCI for chess) and speaks
//! each engine's own protocol: in xiangqi a UCCI engine may play a UCI one (Fairy-Stockfish,
//! Pikafish), each getting the moves in its notation. The game starts from the pairing's
//! opening, played by the referee; then, in order, a game ends by a fault (an illegal move,
//! time, a crash, a resignation, a move UCCI's `banmoves` forbade), a draw agreed (UCCI's
//! `draw`), the rules (mate, stalemate, material), repetition and the move-count rules
//! ([`super::endings`]), the engines' scores ([`super::adjudication`]), or the maximal game
//! length.

mod commands;
mod seat;

use std::time::{Duration, Instant};

use super::adjudication::{Adjudicator, Verdict};
use super::endings::{BanMoves, History};
use super::fault::Fault;
use super::openings::replay;
use super::termination::{Colour, RuleEnding, Termination, Unplayed};
use super::{GameRecord, GameResult, MatchGame, MatchSettings, Pairing, START_BOUND};
use crate::protocol::{GameKind, Protocol};
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::Position;
use crate::rules::{Game, GameStatus, Side};
use commands::{Lines, banmoves_command, from_engine, go_command, position_command};
use seat::{PONDER_STOP_BOUND, Seat};

/// Plays one game, `pairing.first` moving first.
pub fn play_game(pairing: &Pairing<'_>, settings: &MatchSettings) -> GameRecord {
    match settings.game {
        MatchGame::Xiangqi => play::<Position>(pairing, settings),
        MatchGame::Chess => play::<ChessPosition>(pairing, settings),
        MatchGame::Gomoku { size, rule } => super::gomoku::play_game(pairing, settings, size, rule),
    }
}

fn index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

fn win(side: Side) -> GameResult {
    match side {
        Side::First => GameResult::FirstWins,
        Side::Second => GameResult::SecondWins,
    }
}

fn play<G: Game>(pairing: &Pairing<'_>, settings: &MatchSettings) -> GameRecord {
    let game = settings.game.kind();
    let mut history = History::new(settings.game, settings.repetition);
    let mut lines = Lines::new(pairing.opening.fen.clone());
    let opened = replay::<G>(pairing.opening, |mv, position| {
        history.push(position, mv);
        if let Some(mv) = mv {
            lines.push(mv, position);
        }
    });
    let mut position = match opened {
        Ok(position) => position,
        // A setup error, not a player's: no engine is started, and the game does not count.
        Err(err) => {
            let unplayed = Termination::Aborted(Unplayed::IllegalOpening(err.to_string()));
            return GameRecord {
                aborted: true,
                ..GameRecord::ended(pairing, game, (GameResult::Draw, unplayed))
            };
        }
    };
    let players = [pairing.first, pairing.second];
    let scale = |d: Duration| d.mul_f64(settings.time_scale);
    let mut seats = players.map(|p| Seat::spawn(p, settings));
    let mut ended: Option<(GameResult, Termination)> = None;
    let mut undeclared_options = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    let mut move_times_ms = Vec::new();
    let mut overrun_ms = None;
    for (i, seat) in seats.iter_mut().enumerate() {
        match seat.start(players[i], settings, scale(START_BOUND)) {
            Ok(undeclared) => undeclared_options.extend(undeclared),
            Err(fault) => {
                let side = if i == 0 { Side::First } else { Side::Second };
                ended = Some(forfeit(game, side, fault));
                break;
            }
        }
    }
    let mut adjudicator = Adjudicator::new(settings.adjudication);
    let opening_plies = pairing.opening.moves.len();
    // The side whose draw offer (UCCI `bestmove … draw`) awaits its opponent's answer.
    let mut offer: Option<Side> = None;
    let end = loop {
        if let Some(end) = ended.take() {
            break end;
        }
        let side = position.side_to_move();
        let i = index(side);
        let protocol = seats[i].protocol;
        // An offer is passed on with the opponent's next `go` (UCCI `go draw …`, or
        // `ponderhit draw` when it pondered on the move played), and lapses with its answer; a
        // UCI engine has no way to hear one.
        let offered = offer.take() == Some(side.opponent()) && protocol == Protocol::Ucci;
        let go = go_command(&seats, i, offered);
        let seat = &mut seats[i];
        let allowance = seat.clock.allowance(seat.control, settings.margin);
        // A ponder search on the move just played goes on as the engine's own search, from
        // `ponderhit` (its clock runs from there, as cutechess-cli counts it); one on another
        // move is stopped and set aside.
        let hit = seat.pondering.is_some() && seat.pondering.as_ref() == moves.last();
        if let Err(fault) = seat.stop_pondering_unless(hit, scale(PONDER_STOP_BOUND)) {
            ended = Some(forfeit(game, side, fault));
            continue;
        }
        // The moves the league's simulator would ban here; a pondering engine heard them
        // with the position it pondered on, which is this one.
        let banned = banned_moves(settings, protocol, &history);
        let asked = Instant::now();
        let reply = if hit {
            seat.ponderhit(offered, allowance)
        } else {
            seat.ask(
                &position_command(settings.game, protocol, &lines),
                banmoves_command(&banned).as_deref(),
                &go,
                allowance,
            )
        };
        let reply = match reply {
            Ok(reply) => reply,
            Err(fault) => {
                if matches!(fault, Fault::Time) {
                    let late = asked.elapsed().as_secs_f64() * 1000.0;
                    let due = (allowance - settings.margin).as_secs_f64() * 1000.0;
                    overrun_ms = Some(late - due);
                }
                ended = Some(forfeit(game, side, fault));
                continue;
            }
        };
        let took_ms = asked.elapsed().as_secs_f64() * 1000.0;
        seat.clock.charge(seat.control, took_ms);
        move_times_ms.push(took_ms);
        if offered && reply.draw {
            // The agreement ends the game: the accepting engine's move is not played.
            ended = Some((GameResult::Draw, Termination::Agreement));
            continue;
        }
        let mv = from_engine(settings.game, protocol, &reply.mv);
        if banned.contains(&mv) {
            ended = Some(forfeit(game, side, Fault::Banned(reply.mv)));
            continue;
        }
        if position.play_text(&mv).is_err() {
            ended = Some(forfeit(game, side, Fault::Illegal(reply.mv)));
            continue;
        }
        if reply.draw {
            offer = Some(side);
        }
        history.push(&position, Some(&mv));
        lines.push(&mv, &position);
        moves.push(mv);
        let plies = opening_plies + moves.len();
        ended = by_the_rules(game, &position)
            .or_else(|| history.ending())
            .or_else(|| {
                adjudicator
                    .record(side, reply.score, plies)
                    .map(|verdict| match verdict {
                        Verdict::Draw => {
                            (GameResult::Draw, Termination::Adjudication { winner: None })
                        }
                        Verdict::Wins(winner) => (
                            win(winner),
                            Termination::Adjudication {
                                winner: Some(Colour::of(game, winner)),
                            },
                        ),
                    })
            })
            .or_else(|| super::by_game_length(plies, settings.max_plies));
        if ended.is_none() && settings.pondering {
            let expected = reply
                .ponder
                .map(|p| from_engine(settings.game, protocol, &p));
            if let Some(expected) = expected {
                let go = go_command(&seats, i, false);
                if let Err(fault) = start_pondering(
                    &mut seats[i],
                    settings,
                    &position,
                    (&lines, &history),
                    expected,
                    &go,
                ) {
                    ended = Some(forfeit(game, side, fault));
                }
            }
        }
    };
    GameRecord {
        moves,
        move_times_ms,
        overrun_ms,
        undeclared_options,
        findings: seats.into_iter().flat_map(Seat::finish).collect(),
        ..GameRecord::ended(pairing, game, end)
    }
}

/// Sends the engine that just moved into a ponder search on the move it expects, when that
/// move is legal (an illegal ponder move is the protocol checks' to judge, not a reason to
/// ponder on nothing), with the `banmoves` of the position it ponders on.
fn start_pondering<G: Game>(
    seat: &mut Seat,
    settings: &MatchSettings,
    position: &G,
    (lines, history): (&Lines, &History),
    expected: String,
    go: &str,
) -> Result<(), Fault> {
    let mut after = position.clone();
    if after.play_text(&expected).is_err() || after.status() != GameStatus::Ongoing {
        return Ok(());
    }
    let mut pondered = lines.clone();
    pondered.push(&expected, &after);
    let mut future = history.clone();
    future.push(&after, Some(&expected));
    let banned = banned_moves(settings, seat.protocol, &future);
    let command = position_command(settings.game, seat.protocol, &pondered);
    seat.ponder(&command, banmoves_command(&banned).as_deref(), go, expected)
}

/// The moves a UCCI engine is banned from playing next (`--banmoves league`, xiangqi), as the
/// league's simulator lists them; none for UCI engines, which have no `banmoves`.
fn banned_moves(settings: &MatchSettings, protocol: Protocol, history: &History) -> Vec<String> {
    if settings.banmoves == BanMoves::League && protocol == Protocol::Ucci {
        history.league_banmoves()
    } else {
        Vec::new()
    }
}

/// The game's end when the position decides it.
fn by_the_rules<G: Game>(game: GameKind, position: &G) -> Option<(GameResult, Termination)> {
    let (result, ending) = match position.status() {
        GameStatus::Ongoing => return None,
        GameStatus::Checkmate { winner } => {
            (win(winner), RuleEnding::Mate(Colour::of(game, winner)))
        }
        GameStatus::Stalemate {
            winner: Some(winner),
        } => (
            win(winner),
            RuleEnding::WinsByStalemate(Colour::of(game, winner)),
        ),
        GameStatus::Stalemate { winner: None } => (GameResult::Draw, RuleEnding::Stalemate),
        GameStatus::Draw => (GameResult::Draw, RuleEnding::InsufficientMaterial),
    };
    Some((result, Termination::Rules(ending)))
}

/// The result when `side` is at fault.
fn forfeit(game: GameKind, side: Side, fault: Fault) -> (GameResult, Termination) {
    (
        win(side.opponent()),
        Termination::Fault {
            side: Colour::of(game, side),
            fault,
        },
    )
}
