//! `arbiter perft` and `arbiter legal`: the rules oracles on the command line.

use std::fmt::Write as _;

use clap::builder::{PossibleValuesParser, TypedValueParser};

use super::CliError;
use arbiter::protocol::GameKind;
use arbiter::rules::chess::ChessPosition;
use arbiter::rules::perft::divide;
use arbiter::rules::{Game, xiangqi};

fn position<G: Game>(fen: Option<&str>) -> Result<G, CliError> {
    match fen {
        None => Ok(G::start_position()),
        Some(fen) => G::from_fen(fen).map_err(|err| CliError::Fen(err.to_string())),
    }
}

fn perft_text<G: Game>(fen: Option<&str>, depth: u32) -> Result<String, CliError> {
    let result = divide(&position::<G>(fen)?, depth);
    let mut out = String::new();
    for entry in &result.entries {
        let _ = writeln!(out, "{}: {}", entry.mv, entry.nodes);
    }
    let _ = writeln!(out, "nodes {}", result.nodes);
    Ok(out)
}

fn legal_text<G: Game>(fen: Option<&str>) -> Result<String, CliError> {
    Ok(position::<G>(fen)?.legal_move_texts().join(" ") + "\n")
}

/// The games with a move tree (`xiangqi`, `chess`), as `perft` and `legal` take them.
pub(super) fn move_tree_game() -> impl TypedValueParser<Value = GameKind> {
    PossibleValuesParser::new([GameKind::Xiangqi.name(), GameKind::Chess.name()])
        .try_map(|name| name.parse::<GameKind>())
}

/// Gomoku is judged point by point (`arbiter forbidden`), not by a move tree.
fn no_move_tree(game: GameKind) -> CliError {
    CliError::Usage(format!(
        "{game} has no move tree here: give xiangqi or chess"
    ))
}

pub(super) fn perft(game: GameKind, fen: Option<&str>, depth: u32) -> Result<String, CliError> {
    match game {
        GameKind::Xiangqi => perft_text::<xiangqi::Position>(fen, depth),
        GameKind::Chess => perft_text::<ChessPosition>(fen, depth),
        GameKind::Gomoku => Err(no_move_tree(game)),
    }
}

pub(super) fn legal(game: GameKind, fen: Option<&str>) -> Result<String, CliError> {
    match game {
        GameKind::Xiangqi => legal_text::<xiangqi::Position>(fen),
        GameKind::Chess => legal_text::<ChessPosition>(fen),
        GameKind::Gomoku => Err(no_move_tree(game)),
    }
}
