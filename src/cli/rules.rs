//! `arbiter perft` and `arbiter legal`: the rules oracles on the command line.

use std::fmt::Write as _;

use super::{CliError, GameName};
use crate::rules::chess::ChessPosition;
use crate::rules::perft::divide;
use crate::rules::{Game, xiangqi};

fn position<G: Game>(fen: Option<&str>) -> Result<G, CliError> {
    match fen {
        None => Ok(G::start_position()),
        Some(fen) => G::from_fen(fen).map_err(|err| CliError::BadInput(err.to_string())),
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

pub fn perft(game: GameName, fen: Option<&str>, depth: u32) -> Result<String, CliError> {
    match game {
        GameName::Xiangqi => perft_text::<xiangqi::Position>(fen, depth),
        GameName::Chess => perft_text::<ChessPosition>(fen, depth),
    }
}

pub fn legal(game: GameName, fen: Option<&str>) -> Result<String, CliError> {
    match game {
        GameName::Xiangqi => legal_text::<xiangqi::Position>(fen),
        GameName::Chess => legal_text::<ChessPosition>(fen),
    }
}
