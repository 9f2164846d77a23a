//! The `elephanteye` fixture: ElephantEye 3.31's answers to a search, as measured against
//! the real engine (xqbase/eleeye, built from its public source), so that CI, which cannot
//! build it, keeps them judged. Only the choice of book move differs: ElephantEye draws one at
//! random by weight; the fixture plays the heaviest, so its transcripts repeat.

use arbiter_rules::Game;

use crate::output::Out;

/// The start position's book, heaviest first: the moves ElephantEye's book lists there
/// (their weights are the fixture's).
const START_BOOK: [(&str, u32); 5] = [
    ("h2e2", 761),
    ("b2e2", 172),
    ("h0g2", 97),
    ("c3c4", 37),
    ("b0c2", 1),
];

/// The book's answer to each of them.
const START_REPLY: &str = "h9g7";

const START_BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

/// The extra `id` line ElephantEye sends after its name.
pub const ID_VERSION: &str = "id version 3.31";

/// Answers a `go` as ElephantEye does before it searches: `nobestmove` in a dead position,
/// its book moves in a book position. False when a search is needed.
pub fn answer<G: Game>(position: &G, out: &Out) -> bool {
    let fen = position.fen();
    let board = fen.split_whitespace().next().unwrap_or_default();
    if position.legal_move_texts().is_empty() || !board.contains(crossing_piece) {
        out.line("nobestmove");
        return true;
    }
    let red_to_move = fen.split_whitespace().nth(1) == Some("w");
    if board != START_BOARD || !red_to_move {
        return false;
    }
    // Book moves are listed and played before the ban list is read.
    for (mv, weight) in START_BOOK {
        out.line(&format!("info depth 0 score {weight} pv {mv}"));
    }
    out.line(&format!(
        "bestmove {} ponder {START_REPLY}",
        START_BOOK[0].0
    ));
    true
}

/// Whether it accepts a draw offered with its move: ElephantEye does when its side has too
/// little material for null-move pruning (its `NullSafe()` margin) and its score is low; the
/// fixture reads the first as having no rook, horse or cannon, and takes the score as low.
pub fn accepts_draw<G: Game>(position: &G) -> bool {
    let fen = position.fen();
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap_or_default();
    let red = fields.next() != Some("b");
    !board.chars().any(|c| {
        c.is_ascii_uppercase() == red && matches!(c.to_ascii_lowercase(), 'r' | 'n' | 'h' | 'c')
    })
}

/// A rook, horse (`N` or `H`), cannon or pawn of either side, in FEN letters.
fn crossing_piece(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'r' | 'n' | 'h' | 'c' | 'p')
}
