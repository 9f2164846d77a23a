//! Endings by the rules that the position alone does not show: repetition and the move-count
//! rules, judged over the game's history (its opening included).
//!
//! * Chess (FIDE, as cutechess-cli applies it): the same position for the third time — the
//!   same pieces, side to move, castling rights and en-passant capture — is "Draw by 3-fold
//!   repetition"; 100 plies without a capture or a pawn move is "Draw by fifty moves rule".
//! * Xiangqi, Asian rules simplified: when a position occurs for the third time, a side that
//!   gave check with every one of its moves since the position's first occurrence, while the
//!   other side did not, loses ("Red loses by perpetual check"); otherwise the game is drawn
//!   ("Draw by 3-fold repetition", also when both sides checked throughout). Chases (long
//!   attacks on an unprotected piece other than the king) are not judged: a documented limit,
//!   so a perpetual chase is a draw here. The natural move limit is the one computer-xiangqi
//!   engines play by: 120 plies (60 moves) without a capture is a draw ("Draw by sixty moves
//!   rule"), as Pikafish's `rule60` counter (`position.cpp`: `st->rule60 >= 120` is a draw
//!   when the side to move still has a legal move; mate and stalemate come first).

use super::{GameResult, MatchGame};
use crate::rules::{Game, Side};

/// Plies without a capture (xiangqi) or without a capture or pawn move (chess) that draw.
const XIANGQI_MOVE_RULE: u32 = 120;
const CHESS_MOVE_RULE: u32 = 100;

/// One position of the game as the endings need it.
#[derive(Debug, Clone)]
struct Entry {
    /// What makes positions the same: the FEN's board, side to move, castling and en passant
    /// fields (its counters left out).
    key: String,
    to_move: Side,
    /// The side to move is in check: the move that led here gave check.
    check: bool,
    /// The FEN's halfmove clock.
    halfmoves: u32,
}

/// Every position of a game so far, the start first.
#[derive(Debug, Clone)]
pub struct History {
    game: MatchGame,
    entries: Vec<Entry>,
}

impl History {
    /// An empty history, for a game's positions from its start.
    pub fn new(game: MatchGame) -> History {
        History {
            game,
            entries: Vec::new(),
        }
    }

    /// Records the game's next position (its start first).
    pub fn push<G: Game>(&mut self, position: &G) {
        let fen = position.fen();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        self.entries.push(Entry {
            key: fields.iter().take(4).copied().collect::<Vec<_>>().join(" "),
            to_move: position.side_to_move(),
            check: position.is_check(),
            halfmoves: fields.get(4).and_then(|h| h.parse().ok()).unwrap_or(0),
        });
    }

    /// The game's end by repetition or the move rule, in cutechess-cli's words, if the last
    /// position recorded brings one.
    pub fn ending(&self) -> Option<(GameResult, String)> {
        let last = self.entries.last()?;
        let draw = |why: &str| Some((GameResult::Draw, why.to_owned()));
        let same: Vec<usize> = (0..self.entries.len())
            .filter(|&i| self.entries[i].key == last.key)
            .collect();
        if same.len() >= 3 {
            if self.game == MatchGame::Xiangqi
                && let Some(loser) = self.perpetual_checker(same[0])
            {
                let result = match loser {
                    Side::First => GameResult::SecondWins,
                    Side::Second => GameResult::FirstWins,
                };
                let who = match loser {
                    Side::First => "Red",
                    Side::Second => "Black",
                };
                return Some((result, format!("{who} loses by perpetual check")));
            }
            return draw("Draw by 3-fold repetition");
        }
        match self.game {
            MatchGame::Xiangqi if last.halfmoves >= XIANGQI_MOVE_RULE => {
                draw("Draw by sixty moves rule")
            }
            MatchGame::Chess if last.halfmoves >= CHESS_MOVE_RULE => {
                draw("Draw by fifty moves rule")
            }
            _ => None,
        }
    }

    /// The side that gave check with each of its moves since position `from`, when the other
    /// did not: it is the one that must vary, so it loses.
    fn perpetual_checker(&self, from: usize) -> Option<Side> {
        let moves = &self.entries[from..];
        // Each pair is a position and the one after it: the mover is the first's side to move.
        let checked_throughout = |side: Side| {
            moves
                .windows(2)
                .filter(|pair| pair[0].to_move == side)
                .all(|pair| pair[1].check)
        };
        match (
            checked_throughout(Side::First),
            checked_throughout(Side::Second),
        ) {
            (true, false) => Some(Side::First),
            (false, true) => Some(Side::Second),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::ChessPosition;
    use crate::rules::xiangqi::Position;

    /// Plays `moves` from `fen`, returning each ply's ending (none expected before the last).
    fn endings<G: Game>(game: MatchGame, fen: &str, moves: &[&str]) -> Vec<Option<String>> {
        let mut position = G::from_fen(fen).unwrap();
        let mut history = History::new(game);
        history.push(&position);
        moves
            .iter()
            .map(|mv| {
                position.play_text(mv).unwrap();
                history.push(&position);
                history
                    .ending()
                    .map(|(result, why)| format!("{} {why}", result.as_str()))
            })
            .collect()
    }

    fn only_last(endings: &[Option<String>]) -> &str {
        let (last, earlier) = endings.split_last().unwrap();
        assert!(earlier.iter().all(Option::is_none), "{endings:?}");
        last.as_deref().unwrap_or("none")
    }

    #[test]
    fn a_chess_position_seen_three_times_is_a_draw() {
        let knights = [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ];
        let start = crate::rules::chess::START_FEN;
        assert_eq!(
            only_last(&endings::<ChessPosition>(MatchGame::Chess, start, &knights)),
            "1/2-1/2 Draw by 3-fold repetition"
        );
        // Twice is not enough.
        assert!(
            endings::<ChessPosition>(MatchGame::Chess, start, &knights[..7])
                .iter()
                .all(Option::is_none)
        );
    }

    #[test]
    fn castling_rights_make_a_chess_position_different() {
        // The rooks come home at plies 4 and 8, but the start had castling rights they lost:
        // without the rights in the key, ply 8 would be the start's third occurrence. The
        // first threefold is the rooks on b1 and b8 (plies 2, 6 and 10).
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let shuffle = [
            "a1b1", "a8b8", "b1a1", "b8a8", "a1b1", "a8b8", "b1a1", "b8a8", "a1b1", "a8b8",
        ];
        let found = endings::<ChessPosition>(MatchGame::Chess, fen, &shuffle);
        assert_eq!(only_last(&found), "1/2-1/2 Draw by 3-fold repetition");
    }

    #[test]
    fn the_hundredth_ply_without_capture_or_pawn_move_draws_chess() {
        let fen = "4k3/8/8/8/8/8/4P3/R3K3 w - - 98 80";
        assert_eq!(
            only_last(&endings::<ChessPosition>(
                MatchGame::Chess,
                fen,
                &["a1a2", "e8d8"]
            )),
            "1/2-1/2 Draw by fifty moves rule"
        );
        // A pawn move resets the count.
        assert!(
            endings::<ChessPosition>(MatchGame::Chess, fen, &["e2e3", "e8d8"])
                .iter()
                .all(Option::is_none)
        );
    }

    /// Red's rook checks the black king up and down the board; the king steps between e9 and
    /// e8, never checking: red gave perpetual check and loses.
    #[test]
    fn perpetual_check_loses_in_xiangqi() {
        let fen = "4k4/R8/9/9/9/9/9/9/9/5K3 w - - 0 1";
        let cycle = [
            "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9",
        ];
        assert_eq!(
            only_last(&endings::<Position>(MatchGame::Xiangqi, fen, &cycle)),
            "0-1 Red loses by perpetual check"
        );
    }

    #[test]
    fn a_xiangqi_repetition_without_perpetual_check_is_a_draw() {
        let shuffle = [
            "a0a1", "a9a8", "a1a0", "a8a9", "a0a1", "a9a8", "a1a0", "a8a9",
        ];
        assert_eq!(
            only_last(&endings::<Position>(
                MatchGame::Xiangqi,
                crate::rules::xiangqi::START_FEN,
                &shuffle
            )),
            "1/2-1/2 Draw by 3-fold repetition"
        );
    }

    #[test]
    fn sixty_moves_without_capture_draw_xiangqi_and_a_capture_resets_them() {
        let fen = "4k4/9/9/9/9/9/9/9/p8/R2K5 w - - 118 70";
        assert_eq!(
            only_last(&endings::<Position>(
                MatchGame::Xiangqi,
                fen,
                &["d0d1", "e9f9"]
            )),
            "1/2-1/2 Draw by sixty moves rule"
        );
        assert!(
            endings::<Position>(MatchGame::Xiangqi, fen, &["a0a1", "e9f9"])
                .iter()
                .all(Option::is_none)
        );
    }
}
