//! Xiangqi and chess as the referee plays them: the position judged by the rules oracle, the
//! history its repetition and move-count rules read, and the game as each protocol's
//! `position` tells it (UCCI from the last capture, UCI from the start).

use std::fmt;

use super::game::{RefereedGame, win};
use super::seat::{Seat, Seated};
use crate::matchplay::Illegality;
use crate::matchplay::endings::{BanMoves, History};
use crate::matchplay::openings::replay;
use crate::matchplay::termination::{Colour, RuleEnding, Termination, Unplayed};
use crate::matchplay::{GameResult, MatchSettings, Opening, Player};
use crate::protocol::family::PositionStart;
use crate::protocol::{GameKind, uci, with_codec};
use crate::rules::chess::{self, ChessPosition};
use crate::rules::xiangqi::{self, Position};
use crate::rules::{Game, GameStatus, Side};
use crate::session::Cancel;

/// Xiangqi, its moves in ICCS.
pub(crate) type Xiangqi = Board<Position, xiangqi::Move>;
/// Chess, its moves in UCI's notation.
pub(crate) type Chess = Board<ChessPosition, uci::Move>;

/// A game of the oracle's position `P`, its moves `M` in the referee's notation.
#[derive(Debug, Clone)]
pub(crate) struct Board<P, M> {
    position: P,
    history: History,
    lines: Lines<M>,
    /// The last move played, the opening's included.
    last: Option<M>,
    plies: usize,
    banmoves: BanMoves,
}

/// A game as a start and the moves from it.
#[derive(Debug, Clone)]
pub(crate) struct Line<M> {
    pub start: PositionStart,
    pub moves: Vec<M>,
}

/// The game so far twice over: from its start, for UCI; and from the position after the last
/// capture with the moves since, as UCCI asks ("一部分是上一次吃子(或开局)后的局面,另一部分是
/// 上一次吃子后的招法列表": repetitions are judged within it, and it stays short).
#[derive(Debug, Clone)]
pub(crate) struct Lines<M> {
    pub full: Line<M>,
    pub since_capture: Line<M>,
}

impl<M: Copy> Lines<M> {
    pub(crate) fn new(fen: Option<String>) -> Lines<M> {
        let line = Line {
            start: fen.map_or(PositionStart::Startpos, PositionStart::Fen),
            moves: Vec::new(),
        };
        Lines {
            full: line.clone(),
            since_capture: line,
        }
    }

    /// Adds a move and the position it led to.
    pub(crate) fn push<G: Game>(&mut self, mv: M, after: &G) {
        self.full.moves.push(mv);
        // A halfmove clock back at zero marks the capture (in xiangqi only a capture resets
        // it; chess, whose pawn moves reset it too, is never played over UCCI).
        let fen = after.fen();
        if fen.split_whitespace().nth(4) == Some("0") {
            self.since_capture = Line {
                start: PositionStart::Fen(fen),
                moves: Vec::new(),
            };
        } else {
            self.since_capture.moves.push(mv);
        }
    }
}

/// A move of the referee's notation for a board game: read from the oracle's texts, and
/// written in UCI's notation both ways.
pub(crate) trait Notation: Copy + PartialEq + fmt::Display {
    /// The move the oracle writes as `text` (the oracle's notation is the referee's).
    fn read(text: &str) -> Option<Self>;

    fn to_uci(&self) -> uci::Move;

    /// The move a UCI move names, when it names one of this game's board.
    fn from_uci(mv: uci::Move) -> Option<Self>;
}

impl Notation for xiangqi::Move {
    fn read(text: &str) -> Option<Self> {
        xiangqi::Move::parse_iccs(text).ok()
    }

    /// A UCI engine playing xiangqi numbers ranks 1–10 (ICCS `h2e2` is `h3e3`).
    fn to_uci(&self) -> uci::Move {
        let square = |s: xiangqi::Square| uci::Square {
            file: s.file(),
            rank: s.rank() + 1,
        };
        uci::Move::Normal {
            from: square(self.from),
            to: square(self.to),
            promotion: None,
        }
    }

    fn from_uci(mv: uci::Move) -> Option<Self> {
        let uci::Move::Normal {
            from,
            to,
            promotion: None,
        } = mv
        else {
            return None;
        };
        let square = |s: uci::Square| xiangqi::Square::new(s.file, s.rank.checked_sub(1)?);
        Some(xiangqi::Move {
            from: square(from)?,
            to: square(to)?,
        })
    }
}

impl Notation for uci::Move {
    fn read(text: &str) -> Option<Self> {
        text.parse().ok()
    }

    fn to_uci(&self) -> uci::Move {
        *self
    }

    fn from_uci(mv: uci::Move) -> Option<Self> {
        Some(mv)
    }
}

/// A rules oracle the referee judges moves with: its refusal of a move, as the reason the
/// termination keeps.
pub(crate) trait Oracle: Game {
    fn illegality(error: &Self::MoveError) -> Illegality;
}

impl Oracle for Position {
    fn illegality(error: &xiangqi::MoveError) -> Illegality {
        Illegality::from(error)
    }
}

impl Oracle for ChessPosition {
    fn illegality(error: &chess::MoveError) -> Illegality {
        Illegality::from(error)
    }
}

/// What differs between the board games beyond their oracle and notation.
pub(crate) trait BoardKind: Sized {
    const KIND: GameKind;
    /// The `UCI_Variant` a UCI engine that declares the option is told (cutechess-cli's way).
    const UCI_VARIANT: Option<&'static str>;

    /// The seat of `player`, chosen by its protocol.
    fn seat(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> Box<dyn Seat<Self>>
    where
        Self: RefereedGame;
}

impl BoardKind for Xiangqi {
    const KIND: GameKind = GameKind::Xiangqi;
    const UCI_VARIANT: Option<&'static str> = Some("xiangqi");

    /// A UCCI engine plays xiangqi in UCCI, a UCI one (Fairy-Stockfish, Pikafish) in UCI.
    fn seat(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> Box<dyn Seat<Xiangqi>> {
        with_codec!(player.protocol, C => <C as Seated>::xiangqi_seat(player, settings, cancel))
    }
}

impl BoardKind for Chess {
    const KIND: GameKind = GameKind::Chess;
    const UCI_VARIANT: Option<&'static str> = None;

    fn seat(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> Box<dyn Seat<Chess>> {
        with_codec!(player.protocol, C => <C as Seated>::chess_seat(player, settings, cancel))
    }
}

impl<P: Oracle, M: Notation> Board<P, M> {
    fn open_board(settings: &MatchSettings, opening: &Opening) -> Result<Self, Unplayed> {
        let mut history = History::new(settings.game, settings.repetition);
        let mut lines = Lines::new(opening.fen.clone());
        let mut last = None;
        // A text the oracle played but the notation does not read: the engines could not be
        // told the opening.
        let mut unread = None;
        let position = replay::<P>(opening, |text, position| {
            history.push(position, text);
            let Some(text) = text else { return };
            match M::read(text) {
                Some(mv) => {
                    lines.push(mv, position);
                    last = Some(mv);
                }
                None => {
                    unread.get_or_insert_with(|| text.to_owned());
                }
            }
        })
        .map_err(|err| Unplayed::IllegalOpening {
            why: err.to_string(),
        })?;
        if let Some(text) = unread {
            return Err(Unplayed::IllegalOpening {
                why: format!("opening move `{text}` is not written in the game's notation"),
            });
        }
        Ok(Board {
            position,
            history,
            lines,
            last,
            plies: opening.moves.len(),
            banmoves: settings.banmoves,
        })
    }

    fn play_move(&mut self, mv: &M) -> Result<(), Illegality> {
        let text = mv.to_string();
        if let Err(error) = self.position.play_text(&text) {
            return Err(P::illegality(&error));
        }
        self.history.push(&self.position, Some(&text));
        self.lines.push(*mv, &self.position);
        self.last = Some(*mv);
        self.plies += 1;
        Ok(())
    }

    /// The last move played.
    pub(crate) fn last_move(&self) -> Option<&M> {
        self.last.as_ref()
    }

    /// The game after `mv` when the rules allow it and the game goes on there: where an
    /// engine ponders.
    pub(crate) fn after(&self, mv: &M) -> Option<Self> {
        let mut after = self.clone();
        after.play_move(mv).ok()?;
        (after.position.status() == GameStatus::Ongoing).then_some(after)
    }

    pub(crate) fn lines(&self) -> &Lines<M> {
        &self.lines
    }
}

impl Xiangqi {
    /// The moves a UCCI engine is banned from playing next (`--banmoves league`), as the
    /// league's simulator lists them.
    pub(crate) fn banned(&self) -> Vec<xiangqi::Move> {
        if self.banmoves != BanMoves::League {
            return Vec::new();
        }
        self.history
            .league_banmoves()
            .iter()
            .filter_map(|text| xiangqi::Move::read(text))
            .collect()
    }
}

impl<P: Oracle, M: Notation> RefereedGame for Board<P, M>
where
    Self: BoardKind,
{
    type Move = M;

    fn open(settings: &MatchSettings, opening: &Opening) -> Result<Self, Unplayed> {
        Self::open_board(settings, opening)
    }

    fn seat(player: &Player, settings: &MatchSettings, cancel: &Cancel) -> Box<dyn Seat<Self>> {
        <Self as BoardKind>::seat(player, settings, cancel)
    }

    fn colour(side: Side) -> Colour {
        Colour::of(Self::KIND, side)
    }

    fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    fn play(&mut self, mv: &M) -> Result<(), Illegality> {
        self.play_move(mv)
    }

    fn plies(&self) -> usize {
        self.plies
    }

    fn by_the_rules(&self) -> Option<(GameResult, Termination)> {
        let colour = |side| Colour::of(Self::KIND, side);
        let (result, ending) = match self.position.status() {
            GameStatus::Ongoing => return None,
            GameStatus::Checkmate { winner } => (
                win(winner),
                RuleEnding::Mate {
                    winner: colour(winner),
                },
            ),
            GameStatus::Stalemate {
                winner: Some(winner),
            } => (
                win(winner),
                RuleEnding::WinsByStalemate {
                    winner: colour(winner),
                },
            ),
            GameStatus::Stalemate { winner: None } => (GameResult::Draw, RuleEnding::Stalemate),
            GameStatus::Draw => (GameResult::Draw, RuleEnding::InsufficientMaterial),
        };
        Some((result, Termination::Rules(ending)))
    }

    fn by_history(&self) -> Option<(GameResult, Termination)> {
        self.history.ending()
    }
}
