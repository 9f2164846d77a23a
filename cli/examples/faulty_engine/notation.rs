//! The faults of how a move is written rather than which move it is: the engine settles on a
//! legal move, and only its text departs from the notation.

use arbiter_rules::Game;

use crate::fault::Fault;

/// A move of `position` as the fault writes it.
pub fn written<G: Game>(position: &G, mv: &str, fault: Fault) -> String {
    match fault {
        Fault::CastlesAsKingTakesRook => {
            king_takes_rook(position, mv).unwrap_or_else(|| mv.to_owned())
        }
        Fault::UpperCaseMoves => mv.to_ascii_uppercase(),
        _ => mv.to_owned(),
    }
}

/// `castles-as-king-takes-rook` castles whenever it can: the castling among the legal moves.
pub fn castling<G: Game>(position: &G, moves: &[String]) -> Option<String> {
    moves
        .iter()
        .find(|mv| king_takes_rook(position, mv).is_some())
        .cloned()
}

/// Chess castling (`e1g1`, `e8c8`: the king from its start to the g or c file) as the king
/// taking its rook (`e1h1`, `e8a8`); `None` for any other move.
fn king_takes_rook<G: Game>(position: &G, mv: &str) -> Option<String> {
    let &[b'e', rank, to, to_rank] = mv.as_bytes() else {
        return None;
    };
    let rook = match to {
        b'g' => 'h',
        b'c' => 'a',
        _ => return None,
    };
    if !matches!(rank, b'1' | b'8') || to_rank != rank {
        return None;
    }
    // FEN rows run from rank 8 down; the king stands on the e file of its row.
    let fen = position.fen();
    let row = fen
        .split(' ')
        .next()?
        .split('/')
        .nth(usize::from(b'8' - rank))?;
    let mut squares = Vec::new();
    for c in row.chars() {
        match c.to_digit(10) {
            Some(empty) => squares.extend(std::iter::repeat_n(' ', empty as usize)),
            None => squares.push(c),
        }
    }
    let king = if rank == b'1' { 'K' } else { 'k' };
    (squares.len() == 8 && squares[4] == king)
        .then(|| format!("e{}{rook}{}", rank as char, rank as char))
}
