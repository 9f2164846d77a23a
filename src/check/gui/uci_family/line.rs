//! The line a `position` command sets up: the position at each ply from its start, so that
//! two positions of one game can be laid side by side (which move was really played at a
//! ply, whether a move captured).

use crate::rules::Game;

/// The positions along one `position` command's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Line {
    /// The position before each move and after the last, each as its board and side to move
    /// (the FEN's first two fields: the counters a GUI may drop or reset are left out).
    pub keys: Vec<String>,
    /// The moves, as the GUI wrote them, in lower case.
    pub moves: Vec<String>,
    /// Whether each move captured (the board holds fewer pieces after it).
    pub captures: Vec<bool>,
}

impl Line {
    /// The line of `fen` (the start position when `None`) and `moves`; `None` when the
    /// oracle refuses the FEN or a move.
    pub(super) fn of<G: Game>(fen: Option<&str>, moves: &[String]) -> Option<Line> {
        let mut position = match fen {
            None => G::start_position(),
            Some(fen) => G::from_fen(fen).ok()?,
        };
        let mut keys = vec![key(&position.fen())];
        let mut captures = Vec::with_capacity(moves.len());
        for mv in moves {
            let pieces = piece_count(&position.fen());
            position.play_text(mv).ok()?;
            let fen = position.fen();
            captures.push(piece_count(&fen) < pieces);
            keys.push(key(&fen));
        }
        Some(Line {
            keys,
            moves: moves.iter().map(|m| m.to_ascii_lowercase()).collect(),
            captures,
        })
    }

    /// The one ply at which the line stands in the position `key`; `None` when it never does
    /// or does more than once (a repetition leaves the ply open).
    pub(super) fn only_ply_of(&self, key: &str) -> Option<usize> {
        let mut plies = self.keys.iter().enumerate().filter(|(_, k)| *k == key);
        let (ply, _) = plies.next()?;
        plies.next().is_none().then_some(ply)
    }
}

/// A position's board and side to move, from its FEN.
pub(super) fn key(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

/// The pieces on the board field of a FEN.
pub(super) fn piece_count(fen: &str) -> usize {
    fen.split_whitespace()
        .next()
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_alphabetic)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::ChessPosition;

    #[test]
    fn a_line_keeps_each_ply_and_its_captures() {
        let moves: Vec<String> = ["e2e4", "d7d5", "e4d5"].map(String::from).to_vec();
        let line = Line::of::<ChessPosition>(None, &moves).unwrap();
        assert_eq!(line.keys.len(), 4);
        assert_eq!(line.captures, vec![false, false, true]);
        assert_eq!(line.moves[2], "e4d5");
        assert_eq!(line.only_ply_of(&line.keys[1]), Some(1));
        assert_eq!(line.only_ply_of("8/8/8/8/8/8/8/8 w"), None);
        let back: Vec<String> = ["g1f3", "g8f6", "f3g1", "f6g8"].map(String::from).to_vec();
        let repeated = Line::of::<ChessPosition>(None, &back).unwrap();
        assert_eq!(repeated.only_ply_of(&repeated.keys[0]), None);
        assert!(Line::of::<ChessPosition>(None, &["e2e5".to_owned()]).is_none());
    }
}
