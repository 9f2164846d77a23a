//! One gomoku or renju game between two engines, refereed. Each engine speaks its own protocol
//! (Gomocup or AGI, so a Gomocup brain can play an AGI engine); Arbiter keeps the board,
//! asks the side to move for its move, times the reply on the wire, judges the point with the
//! gomoku oracle and ends the game by the rules (five in a row, a full board), by an engine's
//! fault, or by the maximal game length. Each engine's session is judged by the protocol checks all game
//! long, as in the chess and xiangqi referee.
//!
//! Colours: black moves first, and the pairing's first player is black, so
//! [`GameResult::FirstWins`] is a black win. With an opening of an odd number of stones white
//! is to move when the engines take over, and the second player moves first.

mod agi_seat;
mod gomocup_seat;

use std::time::{Duration, Instant};

use super::clock::Clock;
use super::fault::Fault;
use super::termination::{Colour, RuleEnding, Termination, Unplayed};
use super::{
    Finding, GameRecord, GameResult, MatchSettings, Pairing, Player, START_BOUND, TimeControl,
};
use crate::check::{Context, Judge};
use crate::protocol::{GameKind, Protocol};
use crate::rules::gomoku::{Board, BoardSize, IllegalMove, Point, Rule, Stone};
use crate::session::{Session, SessionOptions};

/// How long an engine may take to exit after `END` or `QUIT` before its session is ended for
/// it: Gomocup's manager kills a brain after about a second (gomocup-r94).
const EXIT_BOUND: Duration = Duration::from_secs(1);

/// An engine in the game: its session, judged, its colour and its clock.
struct Seat {
    name: String,
    protocol: Protocol,
    options: Vec<(String, String)>,
    session: Option<Session<Judge>>,
    stone: Stone,
    /// The engine's own time control (time odds are its own), and the clock kept for it.
    control: TimeControl,
    clock: Clock,
    /// Gomocup: how many of the game's stones the brain has been told of (`None` before its
    /// first move request), so the next request is `TURN` with the one stone it lacks.
    told: Option<usize>,
    /// Whether Arbiter has begun the protocol with the engine: one never spoken to (its
    /// opponent forfeited first, or it cannot play this board) is not sent `END` or `QUIT`,
    /// which would be its first command, only the end of its input.
    spoken: bool,
}

/// What the seats need to know of the game.
struct Table<'a> {
    size: BoardSize,
    rule: Rule,
    settings: &'a MatchSettings,
}

/// What an engine answered a move request with.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Reply {
    Point(Point),
    /// A move that names no point of the protocol's notation, as written.
    Unreadable(String),
}

/// The colour that moves when `stones` stones are on the board: black first, alternating.
fn to_move(stones: usize) -> Stone {
    if stones.is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    }
}

const fn index(stone: Stone) -> usize {
    match stone {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

/// Plays one game of gomoku or renju on a `size`x`size` board under `rule`, the pairing's
/// first player black.
pub(super) fn play_game(
    pairing: &Pairing<'_>,
    settings: &MatchSettings,
    size: u8,
    rule: Rule,
) -> GameRecord {
    let Pairing {
        first,
        second,
        opening,
        ..
    } = *pairing;
    let mut seats = [(first, Stone::Black), (second, Stone::White)]
        .map(|(player, stone)| Seat::spawn(player, stone, settings));
    let mut moves: Vec<String> = Vec::new();
    let mut move_times_ms = Vec::new();
    let mut overrun_ms = None;
    let (mut board, mut stones) = match setup(size, rule, &opening.moves) {
        Ok(set) => set,
        // An opening that cannot be played is no game: it does not count in the score.
        Err(why) => {
            let unplayed = Termination::Aborted(Unplayed::Setup(why));
            return GameRecord {
                findings: seats.into_iter().flat_map(Seat::finish).collect(),
                aborted: true,
                ..GameRecord::ended(pairing, GameKind::Gomoku, (GameResult::Draw, unplayed))
            };
        }
    };
    let mut ended = decided(&board, stones.last().copied(), rule);
    let table = Table {
        size: board.size(),
        rule,
        settings,
    };
    for seat in &mut seats {
        if ended.is_some() {
            break;
        }
        if let Err(fault) = seat.start(&table) {
            ended = Some(forfeit(seat.stone, fault));
        }
    }
    let end = loop {
        if let Some(end) = ended.take() {
            break end;
        }
        let stone = to_move(stones.len());
        let seat = &mut seats[index(stone)];
        let allowance = seat.clock.allowance(seat.control, settings.margin);
        let asked = Instant::now();
        match seat.ask_move(&table, &stones, opening.moves.len(), allowance) {
            Err(fault) => {
                if fault == Fault::Time {
                    let late = asked.elapsed().as_secs_f64() * 1000.0;
                    let due = (allowance - settings.margin).as_secs_f64() * 1000.0;
                    overrun_ms = Some(late - due);
                }
                ended = Some(forfeit(stone, fault));
            }
            Ok(reply) => {
                let took_ms = asked.elapsed().as_secs_f64() * 1000.0;
                seat.clock.charge(seat.control, took_ms);
                move_times_ms.push(took_ms);
                match judge(&board, &reply, stone, rule) {
                    Err(why) => ended = Some(forfeit(stone, Fault::Illegal(why))),
                    Ok(point) => {
                        // `judge` found the point on the board and empty.
                        let _ = board.place(point, stone);
                        stones.push(point);
                        seat.told = Some(stones.len());
                        moves.push(point.to_string());
                        ended = decided(&board, Some(point), rule)
                            .or_else(|| super::by_game_length(stones.len(), settings.max_plies));
                    }
                }
            }
        }
    };
    let findings = seats.into_iter().flat_map(Seat::finish).collect();
    GameRecord {
        moves,
        move_times_ms,
        overrun_ms,
        findings,
        ..GameRecord::ended(pairing, GameKind::Gomoku, end)
    }
}

/// The board with the opening's stones, played alternately from black and judged like moves
/// (a forbidden point is refused under renju too), and the stones in order; or why the
/// game cannot start. Opening books are checked with it too, so a book the match accepts is
/// one the referee plays.
pub(super) fn setup(
    size: u8,
    rule: Rule,
    opening: &[String],
) -> Result<(Board, Vec<Point>), String> {
    let size =
        BoardSize::square(u32::from(size)).map_err(|e| format!("no game can be played: {e}"))?;
    let mut board = Board::new(size);
    let mut stones = Vec::with_capacity(opening.len());
    for text in opening {
        let stone = to_move(stones.len());
        let point = text
            .parse::<Point>()
            .map_err(|e| format!("the opening cannot be played: {text}: {e}"))?;
        board
            .play(point, stone, rule)
            .map_err(|e| format!("the opening cannot be played: {e}"))?;
        stones.push(point);
    }
    Ok((board, stones))
}

/// Judges a reply of the side playing `stone`: the point it names if it may play there, else
/// the move as the termination shows it, with the renju prohibition it breaks.
fn judge(board: &Board, reply: &Reply, stone: Stone, rule: Rule) -> Result<Point, String> {
    let point = match reply {
        Reply::Point(point) => *point,
        Reply::Unreadable(text) => return Err(text.clone()),
    };
    match board.is_legal_move(point, stone, rule) {
        Ok(()) => Ok(point),
        Err(IllegalMove::Forbidden { reason, .. }) => Err(format!("{point} ({reason})")),
        Err(IllegalMove::Board(_)) => Err(point.to_string()),
    }
}

/// The game's end when the board decides it after a stone on `last`: a winning line through
/// it (five or more, or exactly five where the rule says so), else a full board.
fn decided(board: &Board, last: Option<Point>, rule: Rule) -> Option<(GameResult, Termination)> {
    let last = last?;
    let stone = board.get(last)?;
    if board.winning_line(last, stone, rule).is_some() {
        let result = match stone {
            Stone::Black => GameResult::FirstWins,
            Stone::White => GameResult::SecondWins,
        };
        let ending = RuleEnding::FiveInARow(Colour::from(stone));
        return Some((result, Termination::Rules(ending)));
    }
    board
        .is_full()
        .then_some((GameResult::Draw, Termination::Rules(RuleEnding::FullBoard)))
}

/// The result when the side playing `stone` is at fault.
fn forfeit(stone: Stone, fault: Fault) -> (GameResult, Termination) {
    let result = match stone {
        Stone::Black => GameResult::SecondWins,
        Stone::White => GameResult::FirstWins,
    };
    let side = Colour::from(stone);
    (result, Termination::Fault { side, fault })
}

impl Seat {
    fn spawn(player: &Player, stone: Stone, settings: &MatchSettings) -> Seat {
        let options = SessionOptions {
            // Gomocup managers end lines with CR LF (gomocup-r01); AGI uses plain LF.
            line_end: player.protocol.facts().gui_line_end,
            ..SessionOptions::default()
        };
        let judge = Judge::new(Context {
            protocol: player.protocol,
            game: GameKind::Gomoku,
            time_scale: settings.time_scale,
        });
        Seat {
            name: player.name.clone(),
            protocol: player.protocol,
            options: player.options.clone(),
            session: Session::spawn(&player.command, options, judge).ok(),
            stone,
            control: player.control(settings),
            clock: Clock::new(player.control(settings)),
            told: None,
            spoken: false,
        }
    }

    fn session(&mut self) -> Result<&mut Session<Judge>, Fault> {
        self.session.as_mut().ok_or(Fault::Disconnect)
    }

    /// The handshake and the game's settings, in the engine's protocol.
    fn start(&mut self, table: &Table<'_>) -> Result<(), Fault> {
        let bound = START_BOUND.mul_f64(table.settings.time_scale);
        match self.protocol {
            Protocol::Gomocup => gomocup_seat::start(self, table, bound),
            Protocol::Agi => agi_seat::start(self, table, bound),
            other => Err(Fault::CannotPlay(format!(
                "cannot play gomoku: it speaks {other}"
            ))),
        }
    }

    /// The engine's move with `stones` on the board (the first `opening` of them the
    /// opening's), within `allowance`.
    fn ask_move(
        &mut self,
        table: &Table<'_>,
        stones: &[Point],
        opening: usize,
        allowance: Duration,
    ) -> Result<Reply, Fault> {
        let deadline = Instant::now() + allowance;
        let reply = match self.protocol {
            Protocol::Gomocup => gomocup_seat::ask_move(self, stones, opening, deadline),
            _ => agi_seat::ask_move(self, table, stones, deadline),
        };
        // No move within the allowance is a loss on time, not a stalled connection.
        reply.map_err(Fault::on_the_clock)
    }

    /// Ends the session the protocol's way (`END`, `QUIT`), keeps the pipes open until the
    /// engine exits or its second is up (gomocup-r96), then returns the protocol checks'
    /// findings over the whole transcript.
    fn finish(self) -> Vec<Finding> {
        let Some(mut session) = self.session else {
            return Vec::new();
        };
        let farewell = match self.protocol {
            Protocol::Gomocup => "END",
            Protocol::Agi => "QUIT",
            Protocol::Ucci | Protocol::Uci => "quit",
        };
        if self.spoken && session.send(farewell).is_ok() {
            session.wait_exit(Instant::now() + EXIT_BOUND);
        }
        let (transcript, judge) = session.finish();
        let outcomes = judge.finish(&transcript);
        Finding::all_of(&self.name, &transcript, outcomes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: u8, y: u8) -> Point {
        Point::new(x, y)
    }

    fn board(rule: Rule, stones: &[(u8, u8)]) -> Board {
        let texts: Vec<String> = stones.iter().map(|&(x, y)| p(x, y).to_string()).collect();
        setup(15, rule, &texts).unwrap().0
    }

    #[test]
    fn an_occupied_or_off_board_point_is_illegal_and_named() {
        let b = board(Rule::FREESTYLE, &[(7, 7)]);
        let white = Stone::White;
        assert_eq!(
            judge(&b, &Reply::Point(p(7, 7)), white, Rule::FREESTYLE),
            Err("7,7".to_owned())
        );
        assert_eq!(
            judge(&b, &Reply::Point(p(15, 3)), white, Rule::FREESTYLE),
            Err("15,3".to_owned())
        );
        assert_eq!(
            judge(&b, &Reply::Unreadable("F1".into()), white, Rule::FREESTYLE),
            Err("F1".to_owned())
        );
        assert_eq!(
            judge(&b, &Reply::Point(p(8, 8)), white, Rule::FREESTYLE),
            Ok(p(8, 8))
        );
    }

    /// Black at 6,7 7,7 (a row) and 8,6 8,5 (a column): 8,7 makes two open threes at once.
    /// White's stones stand on the far edge, out of the way.
    const DOUBLE_THREE: [(u8, u8); 8] = [
        (6, 7),
        (0, 0),
        (7, 7),
        (0, 2),
        (8, 6),
        (0, 4),
        (8, 5),
        (0, 6),
    ];

    #[test]
    fn under_renju_a_forbidden_point_is_illegal_for_black_only_and_says_why() {
        let b = board(Rule::RENJU, &DOUBLE_THREE);
        assert_eq!(
            judge(&b, &Reply::Point(p(8, 7)), Stone::Black, Rule::RENJU),
            Err("8,7 (double-three)".to_owned())
        );
        let (result, termination) =
            forfeit(Stone::Black, Fault::Illegal("8,7 (double-three)".into()));
        assert_eq!(result, GameResult::SecondWins);
        assert_eq!(
            termination.to_string(),
            "Black makes an illegal move: 8,7 (double-three)"
        );
        // The same point is fine for white, and for black in freestyle.
        assert!(judge(&b, &Reply::Point(p(8, 7)), Stone::White, Rule::RENJU).is_ok());
        assert!(judge(&b, &Reply::Point(p(8, 7)), Stone::Black, Rule::FREESTYLE).is_ok());
    }

    fn black_five() -> Termination {
        Termination::Rules(RuleEnding::FiveInARow(Colour::Black))
    }

    #[test]
    fn five_wins_six_only_where_the_rule_allows_it() {
        // Black 3..=5 and 7..=8 on row 7 (white far away): 6,7 joins six.
        let stones = [
            (3, 7),
            (0, 0),
            (4, 7),
            (0, 2),
            (5, 7),
            (0, 4),
            (7, 7),
            (0, 6),
            (8, 7),
            (0, 8),
        ];
        let six = |rule: Rule| {
            let mut b = board(rule, &stones);
            b.place(p(6, 7), Stone::Black).unwrap();
            decided(&b, Some(p(6, 7)), rule)
        };
        assert_eq!(
            six(Rule::FREESTYLE),
            Some((GameResult::FirstWins, black_five()))
        );
        assert_eq!(six(Rule::EXACT_FIVE), None);
        // Under renju black's six is not a win (and is forbidden as an overline)…
        let b = board(Rule::RENJU, &stones);
        assert_eq!(
            judge(&b, &Reply::Point(p(6, 7)), Stone::Black, Rule::RENJU),
            Err("6,7 (overline)".to_owned())
        );
        // …while an exact five wins.
        let mut b = board(Rule::RENJU, &stones[..8]);
        b.place(p(6, 7), Stone::Black).unwrap();
        assert_eq!(
            decided(&b, Some(p(6, 7)), Rule::RENJU),
            Some((GameResult::FirstWins, black_five()))
        );
    }

    #[test]
    fn a_full_board_without_five_is_a_draw() {
        // Columns of two alternate colours, shifted every other row pair: no five anywhere.
        let size = BoardSize::square(5).unwrap();
        let mut b = Board::new(size);
        for point in size.points() {
            let stone = if (point.x + point.y / 2).is_multiple_of(2) {
                Stone::Black
            } else {
                Stone::White
            };
            b.place(point, stone).unwrap();
        }
        let last = p(4, 4);
        assert_eq!(
            decided(&b, Some(last), Rule::FREESTYLE),
            Some((GameResult::Draw, Termination::Rules(RuleEnding::FullBoard)))
        );
    }

    #[test]
    fn a_bad_opening_is_no_game() {
        let err = setup(15, Rule::FREESTYLE, &["7,7".into(), "7,7".into()]).unwrap_err();
        assert!(err.starts_with("the opening cannot be played"), "{err}");
        assert!(setup(15, Rule::FREESTYLE, &["x".into()]).is_err());
        assert!(setup(40, Rule::FREESTYLE, &[]).is_err());
    }
}
