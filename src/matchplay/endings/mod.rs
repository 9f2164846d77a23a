//! Endings by the rules that the position alone does not show: repetition and the move-count
//! rules, judged over the game's history (its opening included).
//!
//! * Chess (FIDE, as cutechess-cli applies it): the same position for the third time — the
//!   same pieces, side to move, castling rights and en-passant capture — is "Draw by 3-fold
//!   repetition"; 100 plies without a capture or a pawn move is "Draw by fifty moves rule".
//! * Xiangqi: a repetition is ruled by [`RepetitionRule`]: by default the Asian Xiangqi
//!   Federation's rules (`asian`: perpetual check loses, then perpetual chase, else a draw,
//!   at the third occurrence), or the computer-xiangqi league's simulator as it runs
//!   (`league`, at the fourth), or every repetition a draw. The natural move limit is the
//!   one computer-xiangqi engines play by: 120 plies (60 moves) without a capture is a draw
//!   ("Draw by sixty moves rule"), as Pikafish's `rule60` counter (`position.cpp`:
//!   `st->rule60 >= 120` is a draw when the side to move still has a legal move; mate and
//!   stalemate come first).
//!
//! The league's simulator also tells each engine, with UCCI's `banmoves`, the moves it may not
//! play; `History::league_banmoves` lists them as it does.

mod asian;
mod league;

use super::termination::{Colour, MoveRule, Perpetual, RuleEnding, Termination};
use super::{GameResult, MatchGame};
use crate::protocol::GameKind;
use crate::rules::xiangqi::{Move, Position};
use crate::rules::{Game, Side};

/// Plies without a capture (xiangqi) or without a capture or pawn move (chess) that draw.
const XIANGQI_MOVE_RULE: u32 = 120;
const CHESS_MOVE_RULE: u32 = 100;

/// How a xiangqi repetition is ruled (`arbiter match --adjudicate-repetition`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RepetitionRule {
    /// The Asian Xiangqi Federation's rules: at the third occurrence of a position, a side
    /// that checked with every move loses, else one that chased one piece with every move,
    /// else the game is drawn (see `asian`).
    #[default]
    Asian,
    /// The league simulator's own ruling (its rules' §5.2): at the fourth occurrence, with its
    /// simplified chase (see `league`).
    League,
    /// Every repetition is a draw at its third occurrence, whoever forced it.
    Draw,
}

/// Whether the referee sends UCCI engines `banmoves` in xiangqi (`arbiter match --banmoves`);
/// UCI has no such command, so UCI engines never get it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum BanMoves {
    /// As the league's simulator: before every `go`, the moves `History::league_banmoves`
    /// lists, when there are any.
    #[default]
    League,
    /// UCCI engines are never sent `banmoves`, and no move is refused as banned.
    Off,
}

/// A repetition's ruling: the side that must vary and lost, or none (a draw).
type Ruling = Option<(Side, Perpetual)>;

/// One position of the game as the endings need it.
#[derive(Debug, Clone)]
struct Entry {
    /// What makes positions the same: the FEN's board, side to move, castling and en passant
    /// fields (its counters left out).
    key: String,
    /// The whole FEN, from which a xiangqi ruling rebuilds the position.
    fen: String,
    /// The move that led here, in the referee's notation (none for the game's start).
    mv: Option<String>,
    /// The FEN's halfmove clock.
    halfmoves: u32,
}

/// Every position of a game so far, the start first.
#[derive(Debug, Clone)]
pub(crate) struct History {
    game: MatchGame,
    rule: RepetitionRule,
    entries: Vec<Entry>,
}

impl History {
    /// An empty history, for a game's positions from its start, ruling repetitions by `rule`
    /// (xiangqi; chess has FIDE's one rule).
    pub(crate) fn new(game: MatchGame, rule: RepetitionRule) -> History {
        History {
            game,
            rule,
            entries: Vec::new(),
        }
    }

    /// Records the game's next position (its start first, with no move) and the move that
    /// led to it.
    pub(crate) fn push<G: Game>(&mut self, position: &G, mv: Option<&str>) {
        let fen = position.fen();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        self.entries.push(Entry {
            key: key_of(&fen),
            halfmoves: fields.get(4).and_then(|h| h.parse().ok()).unwrap_or(0),
            mv: mv.map(str::to_owned),
            fen,
        });
    }

    /// The game's end by repetition or the move rule, if the last position recorded brings
    /// one.
    pub(crate) fn ending(&self) -> Option<(GameResult, Termination)> {
        let last = self.entries.last()?;
        let draw = |ending| Some((GameResult::Draw, Termination::Rules(ending)));
        let same = self.occurrences(&last.key);
        let xiangqi = self.game == MatchGame::Xiangqi;
        let needed = if xiangqi && self.rule == RepetitionRule::League {
            4
        } else {
            3
        };
        if same.len() >= needed {
            let ruling = match (xiangqi, self.rule) {
                (true, RepetitionRule::Asian) => self
                    .window(same[same.len() - 3])
                    .and_then(|w| asian::ruling(&w)),
                (true, RepetitionRule::League) => self
                    .window(same[same.len() - 4])
                    .and_then(|w| league::ruling(&w)),
                _ => None,
            };
            let (result, ending) = match ruling {
                Some((loser, how)) => {
                    let result = match loser {
                        Side::First => GameResult::SecondWins,
                        Side::Second => GameResult::FirstWins,
                    };
                    let loser = Colour::of(GameKind::Xiangqi, loser);
                    (result, RuleEnding::Perpetual { loser, how })
                }
                None => (GameResult::Draw, RuleEnding::Repetition { times: needed }),
            };
            return Some((result, Termination::Rules(ending)));
        }
        match self.game {
            MatchGame::Xiangqi if last.halfmoves >= XIANGQI_MOVE_RULE => {
                draw(RuleEnding::MoveRule {
                    rule: MoveRule::Sixty,
                })
            }
            MatchGame::Chess if last.halfmoves >= CHESS_MOVE_RULE => draw(RuleEnding::MoveRule {
                rule: MoveRule::Fifty,
            }),
            _ => None,
        }
    }

    /// The moves the league simulator bans before the next `go` (xiangqi; none otherwise):
    /// each legal move after which the position stands for the third time with the mover
    /// checking, or chasing one piece, with every move since its first occurrence while the
    /// other side did less (see `league::banned`).
    pub(crate) fn league_banmoves(&self) -> Vec<String> {
        if self.game != MatchGame::Xiangqi {
            return Vec::new();
        }
        let Some(last) = self.entries.last() else {
            return Vec::new();
        };
        let Ok(position) = Position::from_fen(&last.fen) else {
            return Vec::new();
        };
        position
            .legal_moves()
            .as_slice()
            .iter()
            .filter(|mv| {
                let mut after = position.clone();
                after.play(**mv);
                if after.halfmove_clock() == 0 {
                    return false;
                }
                let key = key_of(&after.fen());
                let earlier = self.occurrences(&key);
                // The simulator's `RepStatus(2)`: two earlier occurrences, the window from
                // the later of them.
                earlier.len() >= 2
                    && self
                        .window(earlier[earlier.len() - 2])
                        .is_some_and(|mut window| {
                            window.push(Ply {
                                before: position.clone(),
                                mv: **mv,
                                after,
                            });
                            league::ruling(&window)
                                .is_some_and(|(loser, _)| loser == position.side_to_move())
                        })
            })
            .map(Move::to_string)
            .collect()
    }

    /// The indices of the entries whose position is `key`'s, in order.
    fn occurrences(&self, key: &str) -> Vec<usize> {
        (0..self.entries.len())
            .filter(|&i| self.entries[i].key == key)
            .collect()
    }

    /// The xiangqi plies from entry `from` on: `None` when a position or move does not read
    /// back (which a game the referee played never makes).
    fn window(&self, from: usize) -> Option<Vec<Ply>> {
        self.entries[from..]
            .windows(2)
            .map(|pair| {
                Some(Ply {
                    before: Position::from_fen(&pair[0].fen).ok()?,
                    mv: Move::parse_iccs(pair[1].mv.as_deref()?).ok()?,
                    after: Position::from_fen(&pair[1].fen).ok()?,
                })
            })
            .collect()
    }
}

/// The ruling when each side did `red` and `black` with every move: the side that did more
/// (a check is more than a chase, a chase more than nothing) loses; equals draw.
fn decide(red: Option<Perpetual>, black: Option<Perpetual>) -> Ruling {
    let weight = |p: Option<Perpetual>| match p {
        None => 0,
        Some(Perpetual::Chase) => 1,
        Some(Perpetual::Check) => 2,
    };
    match weight(red).cmp(&weight(black)) {
        std::cmp::Ordering::Greater => red.map(|how| (Side::First, how)),
        std::cmp::Ordering::Less => black.map(|how| (Side::Second, how)),
        std::cmp::Ordering::Equal => None,
    }
}

/// One xiangqi move of a repetition, with the positions around it.
#[derive(Debug, Clone)]
struct Ply {
    before: Position,
    mv: Move,
    after: Position,
}

impl Ply {
    /// The side that played the move.
    fn mover(&self) -> Side {
        self.before.side_to_move()
    }
}

/// A position's repetition key: the FEN without its counters.
fn key_of(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests;
