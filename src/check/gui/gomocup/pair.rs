//! Both seats of one Gomocup match, from the two brains' spy transcripts joined (`arbiter
//! report join`): every move one brain returns reaches the other as its next move request
//! (gomocup-r45), and a game opens the same way for both — `BEGIN` to one and `TURN` to the
//! other, or, with automatic openings, `BOARD` to both (gomocup-r46). One brain's transcript
//! shows neither: only the other seat knows what was played there.
//!
//! The transcripts are paired game by game (a game starts at `START`, `RECTSTART` or
//! `RESTART`), and within a game move by move, in order, so no clock is needed: the brain that
//! moves first is the one told `BEGIN` (with openings: the one whose `BOARD` holds fewer
//! stones), and the other's k-th move request carries the first's k-th move, the first's
//! (k+1)-th the other's k-th. A request carries a move when it is `TURN` of that point, or a
//! `BOARD` block holding it as the opponent's stone (the second seat's opening, which already
//! holds the first seat's reply). A game with `TAKEBACK` is not paired: undone moves leave no
//! order to follow.

use crate::check::findings::outcome;
use crate::check::id::CheckId;
use crate::check::outcome::{Grade, Outcome};
use crate::protocol::gomocup::{self, Command, Message};
use crate::protocol::{Codec, Protocol};
use crate::rules::gomoku::Point;
use crate::session::{Direction, Transcript};

/// What a brain was asked to move on.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Request {
    Begin,
    Turn(Point),
    /// A `BOARD` block's stones, with their fields (1 own, 2 the opponent's, 3 a wall).
    Board(Vec<(Point, u8)>),
}

impl Request {
    /// Whether the request tells the brain of the opponent's move `m`.
    fn carries(&self, m: Point) -> bool {
        match self {
            Request::Begin => false,
            Request::Turn(p) => *p == m,
            Request::Board(stones) => stones.contains(&(m, 2)),
        }
    }

    fn shown(&self) -> String {
        match self {
            Request::Begin => "`BEGIN`".to_owned(),
            Request::Turn(p) => format!("`TURN {p}`"),
            Request::Board(stones) => format!("a `BOARD` of {} stones", stones.len()),
        }
    }
}

/// One game as one brain saw it.
#[derive(Debug, Default)]
struct Game {
    requests: Vec<Request>,
    moves: Vec<Point>,
    took_back: bool,
}

/// The games of one brain's transcript, in order.
fn games(transcript: &Transcript) -> Vec<Game> {
    let mut games: Vec<Game> = Vec::new();
    let mut block: Option<Vec<(Point, u8)>> = None;
    for entry in &transcript.entries {
        match entry.direction {
            Direction::Sent => {
                let Ok(command) = <gomocup::Gomocup as Codec>::parse_command(&entry.text) else {
                    continue;
                };
                match command {
                    Command::Start(_) | Command::RectStart(..) | Command::Restart => {
                        games.push(Game::default());
                    }
                    Command::Board => block = Some(Vec::new()),
                    Command::BoardEntry { point, field } => {
                        if let Some(stones) = &mut block {
                            stones.push((point, field));
                        }
                    }
                    _ => {}
                }
                let Some(game) = games.last_mut() else {
                    continue;
                };
                match command {
                    Command::Begin => game.requests.push(Request::Begin),
                    Command::Turn(p) => game.requests.push(Request::Turn(p)),
                    Command::Done => game
                        .requests
                        .push(Request::Board(block.take().unwrap_or_default())),
                    Command::TakeBack(_) => game.took_back = true,
                    _ => {}
                }
            }
            Direction::Received => {
                if let (Ok(Message::Move(p)), Some(game)) =
                    (gomocup::parse_message(&entry.text), games.last_mut())
                {
                    game.moves.push(p);
                }
            }
            Direction::Stderr | Direction::Omitted => {}
        }
    }
    games
}

/// Which seat moves first in a game both opened, if the openings tell.
fn first_mover(a: &Request, b: &Request) -> Option<Seat> {
    match (a, b) {
        (Request::Begin, Request::Begin) => None,
        (Request::Begin, _) => Some(Seat::A),
        (_, Request::Begin) => Some(Seat::B),
        (Request::Board(x), Request::Board(y)) if x.len() != y.len() => {
            Some(if x.len() < y.len() { Seat::A } else { Seat::B })
        }
        (Request::Board(_), Request::Turn(_)) => Some(Seat::A),
        (Request::Turn(_), Request::Board(_)) => Some(Seat::B),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seat {
    A,
    B,
}

impl Seat {
    fn name(self) -> &'static str {
        match self {
            Seat::A => "brain A",
            Seat::B => "brain B",
        }
    }
}

fn fault(grade: Grade, rows: &'static [crate::protocol::ReqId], message: String) -> Outcome {
    outcome(Protocol::Gomocup, CheckId::GuiMatchRelayed, grade, message).citing(rows)
}

/// Judges the two seats of one match: brain A's transcript and brain B's.
pub fn judge_match(a: &Transcript, b: &Transcript) -> Vec<Outcome> {
    let (games_a, games_b) = (games(a), games(b));
    let mut out = Vec::new();
    let mut paired_moves = 0;
    for (index, (ga, gb)) in games_a.iter().zip(&games_b).enumerate() {
        let number = index + 1;
        if ga.took_back || gb.took_back {
            continue;
        }
        let (Some(fa), Some(fb)) = (ga.requests.first(), gb.requests.first()) else {
            continue;
        };
        // An opening by BOARD for one seat and BEGIN for the other (gomocup-r46).
        let opened = |x: &Request| matches!(x, Request::Board(s) if !s.is_empty());
        if let Some((board_seat, begin_seat, stones)) = match (fa, fb) {
            (Request::Board(s), Request::Begin) if opened(fa) => Some((Seat::A, Seat::B, s.len())),
            (Request::Begin, Request::Board(s)) if opened(fb) => Some((Seat::B, Seat::A, s.len())),
            _ => None,
        } {
            out.push(fault(
                Grade::Fail,
                crate::reqs!["gomocup-r46"],
                format!(
                    "game {number}: {} was given an opening by `BOARD` ({stones} stones) while {} was told `BEGIN`: with automatic openings both brains get `BOARD`, without them neither starts from one",
                    board_seat.name(),
                    begin_seat.name()
                ),
            ));
            continue;
        }
        let Some(first) = first_mover(fa, fb) else {
            if (fa, fb) == (&Request::Begin, &Request::Begin) {
                out.push(fault(
                    Grade::Fail,
                    crate::reqs!["gomocup-r45"],
                    format!(
                        "game {number}: both brains were told `BEGIN`: the second learns the first's move by `TURN`"
                    ),
                ));
            }
            continue;
        };
        let (x, y) = match first {
            Seat::A => ((Seat::A, ga), (Seat::B, gb)),
            Seat::B => ((Seat::B, gb), (Seat::A, ga)),
        };
        // The second seat's k-th request carries the first's k-th move; the first seat's
        // (k+1)-th request, the second's k-th.
        let pairs =
            x.1.moves
                .iter()
                .zip(&y.1.requests)
                .map(|(m, r)| (x.0, m, y.0, r))
                .chain(
                    y.1.moves
                        .iter()
                        .zip(x.1.requests.iter().skip(1))
                        .map(|(m, r)| (y.0, m, x.0, r)),
                );
        let mut broken = None;
        for (mover, m, told, request) in pairs {
            if !request.carries(*m) {
                broken = Some((mover, *m, told, request.clone()));
                break;
            }
            paired_moves += 1;
        }
        if let Some((mover, m, told, request)) = broken {
            out.push(fault(
                Grade::Fail,
                crate::reqs!["gomocup-r45"],
                format!(
                    "game {number}: {} played {m}, and {}'s next move request was {} instead: every move one brain returns reaches the other as its next `TURN`",
                    mover.name(),
                    told.name(),
                    request.shown()
                ),
            ));
        }
    }
    if out.is_empty() {
        out.push(outcome(
            Protocol::Gomocup,
            CheckId::GuiMatchRelayed,
            Grade::Pass,
            format!(
                "{} games paired ({} in brain A's transcript, {} in brain B's); every one of {paired_moves} moves reached the other brain",
                games_a.len().min(games_b.len()),
                games_a.len(),
                games_b.len()
            ),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::timed_entries;
    use crate::protocol::ReqId;
    use crate::req;

    fn transcript(lines: &[&str]) -> Transcript {
        let timed: Vec<(u64, &str)> = (0..).zip(lines.iter().copied()).collect();
        Transcript {
            entries: timed_entries(&timed),
            ..Transcript::default()
        }
    }

    /// Each outcome's grade and first cited row.
    fn judged(a: &[&str], b: &[&str]) -> Vec<(Grade, Option<ReqId>)> {
        judge_match(&transcript(a), &transcript(b))
            .into_iter()
            .map(|o| (o.grade, o.requirements.first().copied()))
            .collect()
    }

    const A: &[&str] = &[
        "> START 15",
        "< OK",
        "> BEGIN",
        "< 7,7",
        "> TURN 8,8",
        "< 6,6",
        "> END",
    ];

    #[test]
    fn each_move_reaches_the_other_brain_as_its_next_turn() {
        let b = [
            "> START 15",
            "< OK",
            "> TURN 7,7",
            "< 8,8",
            "> TURN 6,6",
            "< 9,9",
            "> END",
        ];
        assert_eq!(judged(A, &b), [(Grade::Pass, Some(req!("gomocup-r45")))]);
        // B told 7,6 where A played 7,7.
        let mut wrong = b;
        wrong[2] = "> TURN 7,6";
        assert_eq!(
            judged(A, &wrong),
            [(Grade::Fail, Some(req!("gomocup-r45")))]
        );
        // A's second request not B's move.
        let mut a = A.to_vec();
        a[4] = "> TURN 9,9";
        assert_eq!(judged(&a, &b), [(Grade::Fail, Some(req!("gomocup-r45")))]);
        // Both told BEGIN.
        let mut both = b;
        both[2] = "> BEGIN";
        assert_eq!(judged(A, &both), [(Grade::Fail, Some(req!("gomocup-r45")))]);
    }

    #[test]
    fn an_automatic_opening_is_a_board_for_both_brains() {
        let a = [
            "> START 15",
            "> BOARD",
            "> 7,7,2",
            "> DONE",
            "< 8,8",
            "> TURN 6,6",
            "< 9,9",
        ];
        let b = [
            "> START 15",
            "> BOARD",
            "> 7,7,1",
            "> 8,8,2",
            "> DONE",
            "< 6,6",
            "> TURN 9,9",
        ];
        assert_eq!(judged(&a, &b), [(Grade::Pass, Some(req!("gomocup-r45")))]);
        let begin = ["> START 15", "> BEGIN", "< 7,7", "> TURN 8,8"];
        assert_eq!(
            judged(&a, &begin),
            [(Grade::Fail, Some(req!("gomocup-r46")))]
        );
        // A TAKEBACK leaves the game unpaired.
        let mut undone = b.to_vec();
        undone.push("> TAKEBACK 9,9");
        let mut wrong = undone.clone();
        wrong[6] = "> TURN 1,1";
        assert_eq!(
            judged(&a, &wrong),
            [(Grade::Pass, Some(req!("gomocup-r45")))]
        );
    }
}
