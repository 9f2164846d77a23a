//! Xiangqi and chess as the referee plays them: the position judged by the rules oracle, the
//! history its repetition and move-count rules read, and the game as each protocol's
//! `position` tells it (UCCI from the last capture, UCI from the start).

use std::fmt;

use super::game::{RefereedGame, win};
use super::seat::{Seat, Unfit};
use super::ucci_seat::UcciSeat;
use super::uci_seat::UciSeat;
use crate::matchplay::endings::{BanMoves, History};
use crate::matchplay::openings::replay;
use crate::matchplay::termination::{Colour, RuleEnding, Termination, Unplayed};
use crate::matchplay::{GameResult, MatchSettings, Opening, Player};
use crate::protocol::family::PositionStart;
use crate::protocol::{GameKind, Protocol, uci};
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::{self, Position};
use crate::rules::{Game, GameStatus, Side};

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

impl<M: Clone> Lines<M> {
    pub fn new(fen: Option<String>) -> Lines<M> {
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
    pub fn push<G: Game>(&mut self, mv: M, after: &G) {
        self.full.moves.push(mv.clone());
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

/// How the oracle's move texts read as the referee's moves.
pub(crate) trait Notation: Sized {
    /// The move the oracle writes as `text` (the oracle's notation is the referee's).
    fn read(text: &str) -> Option<Self>;
}

impl Notation for xiangqi::Move {
    fn read(text: &str) -> Option<Self> {
        xiangqi::Move::parse_iccs(text).ok()
    }
}

impl Notation for uci::Move {
    fn read(text: &str) -> Option<Self> {
        text.parse().ok()
    }
}

impl<P: Game, M: Notation + Clone + PartialEq + fmt::Display> Board<P, M> {
    fn open_board(settings: &MatchSettings, opening: &Opening) -> Result<Self, Unplayed> {
        let mut history = History::new(settings.game, settings.repetition);
        let mut lines = Lines::new(opening.fen.clone());
        let mut last = None;
        let position = replay::<P>(opening, |mv, position| {
            history.push(position, mv);
            if let Some(mv) = mv.and_then(M::read) {
                lines.push(mv.clone(), position);
                last = Some(mv);
            }
        })
        .map_err(|err| Unplayed::IllegalOpening(err.to_string()))?;
        Ok(Board {
            position,
            history,
            lines,
            last,
            plies: opening.moves.len(),
            banmoves: settings.banmoves,
        })
    }

    fn play_move(&mut self, mv: &M, written: &str) -> Result<(), String> {
        let text = mv.to_string();
        if self.position.play_text(&text).is_err() {
            return Err(written.to_owned());
        }
        self.history.push(&self.position, Some(&text));
        self.lines.push(mv.clone(), &self.position);
        self.last = Some(mv.clone());
        self.plies += 1;
        Ok(())
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<&M> {
        self.last.as_ref()
    }

    /// The game after `mv` when the rules allow it and the game goes on there: where an
    /// engine ponders.
    pub fn after(&self, mv: &M) -> Option<Self> {
        let mut after = self.clone();
        after.play_move(mv, "").ok()?;
        (after.position.status() == GameStatus::Ongoing).then_some(after)
    }

    pub fn lines(&self) -> &Lines<M> {
        &self.lines
    }

    fn decided(&self, game: GameKind) -> Option<(GameResult, Termination)> {
        let colour = |side| Colour::of(game, side);
        let (result, ending) = match self.position.status() {
            GameStatus::Ongoing => return None,
            GameStatus::Checkmate { winner } => (win(winner), RuleEnding::Mate(colour(winner))),
            GameStatus::Stalemate {
                winner: Some(winner),
            } => (win(winner), RuleEnding::WinsByStalemate(colour(winner))),
            GameStatus::Stalemate { winner: None } => (GameResult::Draw, RuleEnding::Stalemate),
            GameStatus::Draw => (GameResult::Draw, RuleEnding::InsufficientMaterial),
        };
        Some((result, Termination::Rules(ending)))
    }
}

impl Xiangqi {
    /// The moves a UCCI engine is banned from playing next (`--banmoves league`), as the
    /// league's simulator lists them.
    pub fn banned(&self) -> Vec<xiangqi::Move> {
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

/// Implements [`RefereedGame`] for a board game of `$kind`, its moves `$move`, its seats
/// chosen by `$seat`.
macro_rules! board_game {
    ($game:ty, $move:ty, $kind:expr, $seat:expr) => {
        impl RefereedGame for $game {
            type Move = $move;

            fn open(settings: &MatchSettings, opening: &Opening) -> Result<Self, Unplayed> {
                Self::open_board(settings, opening)
            }

            fn seat(player: &Player, settings: &MatchSettings) -> Box<dyn Seat<Self>> {
                $seat(player, settings)
            }

            fn colour(side: Side) -> Colour {
                Colour::of($kind, side)
            }

            fn side_to_move(&self) -> Side {
                self.position.side_to_move()
            }

            fn play(&mut self, mv: &$move, written: &str) -> Result<(), String> {
                self.play_move(mv, written)
            }

            fn plies(&self) -> usize {
                self.plies
            }

            fn by_the_rules(&self) -> Option<(GameResult, Termination)> {
                self.decided($kind)
            }

            fn by_history(&self) -> Option<(GameResult, Termination)> {
                self.history.ending()
            }
        }
    };
}

board_game!(Xiangqi, xiangqi::Move, GameKind::Xiangqi, xiangqi_seat);
board_game!(Chess, uci::Move, GameKind::Chess, chess_seat);

/// A UCCI engine plays xiangqi in UCCI, a UCI one (Fairy-Stockfish, Pikafish) in UCI.
fn xiangqi_seat(player: &Player, settings: &MatchSettings) -> Box<dyn Seat<Xiangqi>> {
    match player.protocol {
        Protocol::Ucci => Box::new(UcciSeat::new(player, settings)),
        Protocol::Uci => Box::new(UciSeat::new(player, settings)),
        Protocol::Gomocup | Protocol::Agi => Box::new(Unfit::seat(player, settings)),
    }
}

fn chess_seat(player: &Player, settings: &MatchSettings) -> Box<dyn Seat<Chess>> {
    match player.protocol {
        Protocol::Uci => Box::new(UciSeat::new(player, settings)),
        Protocol::Ucci | Protocol::Gomocup | Protocol::Agi => {
            Box::new(Unfit::seat(player, settings))
        }
    }
}

/// What a UCI seat needs of a board game: the whole game as `position`, its moves in UCI's
/// notation both ways, and the variant a UCI engine is told.
pub(crate) trait UciGame: RefereedGame + Sized {
    /// The `UCI_Variant` an engine that declares it is told (cutechess-cli's way).
    const VARIANT: Option<&'static str>;

    fn to_uci(mv: &Self::Move) -> uci::Move;

    /// The referee's move a UCI move names, when it names one of this game's board.
    fn from_uci(mv: uci::Move) -> Option<Self::Move>;

    fn full_line(&self) -> &Line<Self::Move>;

    fn last_move(&self) -> Option<&Self::Move>;

    fn after(&self, mv: &Self::Move) -> Option<Self>;
}

impl UciGame for Xiangqi {
    const VARIANT: Option<&'static str> = Some("xiangqi");

    /// A UCI engine playing xiangqi numbers ranks 1–10 (ICCS `h2e2` is `h3e3`).
    fn to_uci(mv: &xiangqi::Move) -> uci::Move {
        let square = |s: xiangqi::Square| uci::Square {
            file: s.file(),
            rank: s.rank() + 1,
        };
        uci::Move::Normal {
            from: square(mv.from),
            to: square(mv.to),
            promotion: None,
        }
    }

    fn from_uci(mv: uci::Move) -> Option<xiangqi::Move> {
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

    fn full_line(&self) -> &Line<xiangqi::Move> {
        &self.lines.full
    }

    fn last_move(&self) -> Option<&xiangqi::Move> {
        Board::last_move(self)
    }

    fn after(&self, mv: &xiangqi::Move) -> Option<Self> {
        Board::after(self, mv)
    }
}

impl UciGame for Chess {
    const VARIANT: Option<&'static str> = None;

    fn to_uci(mv: &uci::Move) -> uci::Move {
        *mv
    }

    fn from_uci(mv: uci::Move) -> Option<uci::Move> {
        Some(mv)
    }

    fn full_line(&self) -> &Line<uci::Move> {
        &self.lines.full
    }

    fn last_move(&self) -> Option<&uci::Move> {
        Board::last_move(self)
    }

    fn after(&self, mv: &uci::Move) -> Option<Self> {
        Board::after(self, mv)
    }
}
