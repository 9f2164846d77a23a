//! Gomoku and renju as the referee plays them. Each engine speaks its own protocol (Gomocup
//! or AGI, so a Gomocup brain can play an AGI engine); Arbiter keeps the board, judges each
//! point with the gomoku oracle and ends the game by the rules (five in a row, a full board).
//!
//! Colours: black moves first, and the pairing's first player is black, so
//! [`GameResult::FirstWins`] is a black win. With an opening of an odd number of stones white
//! is to move when the engines take over, and the second player moves first.

mod agi_seat;
mod gomocup_seat;

use std::time::Duration;

use super::referee::{RefereedGame, Seat, Seated};
use super::termination::{Colour, RuleEnding, Termination, Unplayed};
use super::{GameResult, Illegality, MatchGame, MatchSettings, Opening, Player};
use crate::protocol::with_codec;
use crate::rules::Side;
use crate::rules::gomoku::{
    Board, BoardSize, GomokuError, IllegalMove, ParsePointError, Point, Rule, Stone,
};
use crate::session::Cancel;

/// How long an engine may take to exit after `END` or `QUIT` before its session is ended for
/// it: Gomocup's manager kills a brain after about a second (gomocup-r94).
const EXIT_BOUND: Duration = Duration::from_secs(1);

/// A game of gomoku or renju: the board, the stones in the order they were played, how many
/// of them the opening's, and the rule.
pub(crate) struct Gomoku {
    board: Board,
    stones: Vec<Point>,
    opening: usize,
    rule: Rule,
}

/// The colour that moves when `stones` stones are on the board: black first, alternating.
fn to_move(stones: usize) -> Stone {
    if stones.is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    }
}

/// The stone a side plays: the first player is black.
const fn stone(side: Side) -> Stone {
    match side {
        Side::First => Stone::Black,
        Side::Second => Stone::White,
    }
}

const fn side(stone: Stone) -> Side {
    match stone {
        Stone::Black => Side::First,
        Stone::White => Side::Second,
    }
}

impl Gomoku {
    pub(super) fn size(&self) -> BoardSize {
        self.board.size()
    }

    pub(super) fn rule(&self) -> Rule {
        self.rule
    }

    /// The stones on the board, in the order they were played.
    pub(super) fn stones(&self) -> &[Point] {
        &self.stones
    }

    /// How many of the stones the opening placed.
    pub(super) fn opening(&self) -> usize {
        self.opening
    }
}

impl RefereedGame for Gomoku {
    type Move = Point;

    fn open(settings: &MatchSettings, opening: &Opening) -> Result<Gomoku, Unplayed> {
        let MatchGame::Gomoku { size, rule } = settings.game else {
            return Err(Unplayed::Setup {
                why: format!("{} is not played on a gomoku board", settings.game),
            });
        };
        let (board, stones) =
            setup(size, rule, &opening.moves).map_err(|error| Unplayed::Setup {
                why: error.to_string(),
            })?;
        Ok(Gomoku {
            board,
            stones,
            opening: opening.moves.len(),
            rule,
        })
    }

    fn seat(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> Box<dyn Seat<Gomoku>> {
        with_codec!(player.protocol, C => <C as Seated>::gomoku_seat(player, settings, cancel))
    }

    fn colour(side: Side) -> Colour {
        Colour::from(stone(side))
    }

    fn side_to_move(&self) -> Side {
        side(to_move(self.stones.len()))
    }

    fn play(&mut self, point: &Point) -> Result<(), Illegality> {
        let stone = to_move(self.stones.len());
        let point = judge(&self.board, *point, stone, self.rule)?;
        // `judge` found the point on the board and empty.
        let _ = self.board.place(point, stone);
        self.stones.push(point);
        Ok(())
    }

    fn plies(&self) -> usize {
        self.stones.len()
    }

    fn by_the_rules(&self) -> Option<(GameResult, Termination)> {
        decided(&self.board, self.stones.last().copied(), self.rule)
    }
}

/// Why a gomoku game cannot be set up: its board, or a stone of its opening.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The board's size is not one gomoku is played on.
    #[error("no game can be played: {0}")]
    Board(#[source] GomokuError),
    /// A stone of the opening is not a point.
    #[error("the opening cannot be played: {text}: {source}")]
    Unreadable {
        /// The stone as written.
        text: String,
        /// Why it is no point.
        #[source]
        source: ParsePointError,
    },
    /// A stone of the opening is off the board, on a taken point, or forbidden.
    #[error("the opening cannot be played: {0}")]
    Illegal(#[source] IllegalMove),
}

/// The board with the opening's stones, played alternately from black and judged like moves
/// (a forbidden point is refused under renju too), and the stones in order; or why the
/// game cannot start. Opening books are checked with it too, so a book the match accepts is
/// one the referee plays.
pub(super) fn setup(
    size: u8,
    rule: Rule,
    opening: &[String],
) -> Result<(Board, Vec<Point>), SetupError> {
    let size = BoardSize::square(u32::from(size)).map_err(SetupError::Board)?;
    let mut board = Board::new(size);
    let mut stones = Vec::with_capacity(opening.len());
    for text in opening {
        let stone = to_move(stones.len());
        let point = text
            .parse::<Point>()
            .map_err(|source| SetupError::Unreadable {
                text: text.clone(),
                source,
            })?;
        board
            .play(point, stone, rule)
            .map_err(SetupError::Illegal)?;
        stones.push(point);
    }
    Ok((board, stones))
}

/// Judges a point of the side playing `stone`: the point if it may play there, else why not
/// (off the board, taken, or the renju prohibition it breaks).
fn judge(board: &Board, point: Point, stone: Stone, rule: Rule) -> Result<Point, Illegality> {
    board
        .is_legal_move(point, stone, rule)
        .map(|()| point)
        .map_err(|error| Illegality::from(&error))
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
        let ending = RuleEnding::FiveInARow {
            winner: Colour::from(stone),
        };
        return Some((result, Termination::Rules(ending)));
    }
    board
        .is_full()
        .then_some((GameResult::Draw, Termination::Rules(RuleEnding::FullBoard)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchplay::Fault;
    use crate::matchplay::referee::{Played, forfeit, judged};

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
            judge(&b, p(7, 7), white, Rule::FREESTYLE),
            Err(Illegality::Occupied)
        );
        assert_eq!(
            judge(&b, p(15, 3), white, Rule::FREESTYLE),
            Err(Illegality::OffBoard)
        );
        let mut game = Gomoku {
            board: b.clone(),
            stones: vec![p(7, 7)],
            opening: 1,
            rule: Rule::FREESTYLE,
        };
        assert_eq!(
            judged(&mut game, Played::Unreadable("F1".into())),
            Err(Fault::illegal("F1", Illegality::Unreadable))
        );
        let taken = Played::Move {
            mv: p(7, 7),
            written: "7,7".into(),
            banned: false,
        };
        assert_eq!(
            judged(&mut game, taken),
            Err(Fault::illegal("7,7", Illegality::Occupied))
        );
        assert_eq!(judge(&b, p(8, 8), white, Rule::FREESTYLE), Ok(p(8, 8)));
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
            judge(&b, p(8, 7), Stone::Black, Rule::RENJU),
            Err(Illegality::DoubleThree)
        );
        let (result, termination) =
            forfeit::<Gomoku>(Side::First, Fault::illegal("8,7", Illegality::DoubleThree));
        assert_eq!(result, GameResult::SecondWins);
        assert_eq!(
            termination.to_string(),
            "Black makes an illegal move: 8,7 (double-three)"
        );
        // The same point is fine for white, and for black in freestyle.
        assert!(judge(&b, p(8, 7), Stone::White, Rule::RENJU).is_ok());
        assert!(judge(&b, p(8, 7), Stone::Black, Rule::FREESTYLE).is_ok());
    }

    fn black_five() -> Termination {
        Termination::Rules(RuleEnding::FiveInARow {
            winner: Colour::Black,
        })
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
            judge(&b, p(6, 7), Stone::Black, Rule::RENJU),
            Err(Illegality::Overline)
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
        assert!(matches!(err, SetupError::Illegal(_)), "{err}");
        assert!(
            err.to_string().starts_with("the opening cannot be played"),
            "{err}"
        );
        let err = setup(15, Rule::FREESTYLE, &["x".into()]).unwrap_err();
        assert!(
            matches!(err, SetupError::Unreadable { ref text, .. } if text == "x"),
            "{err}"
        );
        let err = setup(40, Rule::FREESTYLE, &[]).unwrap_err();
        assert!(matches!(err, SetupError::Board(_)), "{err}");
    }
}
