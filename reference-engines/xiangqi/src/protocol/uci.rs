//! The UCI dialect: the same engine behind chess-style commands, for GUIs and tools that speak UCI
//! to xiangqi engines. Red is UCI's white (`w`, `wtime`); moves are written as Fairy-Stockfish
//! and Pikafish write them, files a-i and ranks 1-10 from red's side (ICCS `h2e2` is `h3e3`).

use std::time::Duration;

use arbiter_rules::xiangqi::{Move, UciText, parse_uci_move};

use super::command::{
    Command, CommandError, GoArgumentError, GoParams, TimeSpec, count, duration, position_spec,
    quote,
};
use crate::options::{Options, Randomness};
use crate::search::{Iteration, MATE, MATE_BOUND};
use crate::time::Clock;

/// Parses one UCI line (times are always milliseconds).
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let mut tokens = line.split_ascii_whitespace();
    let Some(word) = tokens.next() else {
        return Ok(None);
    };
    let command = match word.to_ascii_lowercase().as_str() {
        "uci" => Command::Uci,
        "ucci" => Command::Ucci,
        "isready" => Command::IsReady,
        "setoption" => setoption(tokens)?,
        "ucinewgame" => Command::NewGame,
        "position" => Command::Position(position_spec("position", tokens)?),
        "go" => Command::Go(go(tokens)),
        "ponderhit" => Command::PonderHit { draw: false },
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        // Valid UCI commands this engine has no use for.
        "debug" | "register" => Command::Ignored,
        _ => return Err(CommandError::Unknown(quote(word))),
    };
    Ok(Some(command))
}

/// `setoption name <id, possibly several words> [value <x, possibly several words>]`.
fn setoption<'a>(tokens: impl Iterator<Item = &'a str>) -> Result<Command, CommandError> {
    let mut name = Vec::new();
    let mut value: Option<Vec<&str>> = None;
    for token in tokens {
        match &mut value {
            Some(words) => words.push(token),
            None if token.eq_ignore_ascii_case("value") => value = Some(Vec::new()),
            None if token.eq_ignore_ascii_case("name") && name.is_empty() => {}
            None => name.push(token),
        }
    }
    if name.is_empty() {
        return Err(CommandError::NoOptionName);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value: value.map(|words| words.join(" ")),
    })
}

fn go<'a>(tokens: impl Iterator<Item = &'a str>) -> GoParams {
    let mut tokens = tokens.peekable();
    let ms = Duration::from_millis(1);
    let mut go = GoParams::default();
    let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) =
        (None, None, Duration::ZERO, Duration::ZERO, None);
    while let Some(token) = tokens.next() {
        let key = token.to_ascii_lowercase();
        let result = match key.as_str() {
            "ponder" => {
                go.ponder = true;
                Ok(())
            }
            "infinite" => {
                go.infinite = true;
                Ok(())
            }
            "depth" => {
                count(&key, tokens.next()).map(|d| go.depth = Some(d.min(u32::MAX as u64) as u32))
            }
            "nodes" => count(&key, tokens.next()).map(|n| go.nodes = Some(n)),
            "movetime" => duration(&key, tokens.next(), ms).map(|t| go.movetime = Some(t)),
            "wtime" => duration(&key, tokens.next(), ms).map(|t| wtime = Some(t)),
            "btime" => duration(&key, tokens.next(), ms).map(|t| btime = Some(t)),
            "winc" => duration(&key, tokens.next(), ms).map(|t| winc = t),
            "binc" => duration(&key, tokens.next(), ms).map(|t| binc = t),
            "movestogo" => count(&key, tokens.next())
                .map(|n| movestogo = Some(n.clamp(1, u32::MAX as u64) as u32)),
            "mate" => count(&key, tokens.next()).map(|n| {
                // A mate in n moves is at most 2n - 1 plies deep.
                go.depth = Some((n.saturating_mul(2).min(u32::MAX as u64) as u32).max(1));
            }),
            "searchmoves" => {
                // The moves run to the next word that is not a move (a `go` keyword).
                while let Some(mv) = tokens.next_if(|t| parse_uci_move(t).is_ok()) {
                    go.searchmoves.push(mv.to_owned());
                }
                Ok(())
            }
            _ => Err(GoArgumentError::Unknown(token.to_owned())),
        };
        if let Err(problem) = result {
            go.problems.push(problem);
        }
    }
    let clock = |remaining: Option<Duration>, increment| {
        remaining.map(|remaining| Clock {
            remaining,
            increment,
            movestogo,
        })
    };
    if wtime.is_some() || btime.is_some() {
        go.time = TimeSpec::ByColor {
            red: clock(wtime, winc),
            black: clock(btime, binc),
        };
    }
    go
}

pub fn handshake() -> Vec<String> {
    vec![
        format!("id name arbiter-xiangqi {}", env!("CARGO_PKG_VERSION")),
        "id author Arbiter contributors".into(),
        format!(
            "option name Hash type spin default {} min 1 max {}",
            Options::DEFAULT_HASH_MB,
            Options::MAX_HASH_MB
        ),
        "option name Ponder type check default false".into(),
        format!(
            "option name Randomness type combo default none {}",
            Randomness::NAMES
                .iter()
                .map(|n| format!("var {n}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        "option name Clear Hash type button".into(),
        "uciok".into(),
    ]
}

fn score(score: i32) -> String {
    if score.abs() >= MATE_BOUND {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if score > 0 { moves } else { -moves })
    } else {
        format!("cp {score}")
    }
}

pub fn iteration(it: &Iteration) -> Vec<String> {
    let pv: Vec<String> = it.pv.iter().map(|&mv| UciText(mv).to_string()).collect();
    let mut line = format!(
        "info depth {} score {} nodes {} nps {} hashfull {} time {}",
        it.depth,
        score(it.score),
        it.nodes,
        nps(it.nodes, it.elapsed),
        it.hashfull,
        it.elapsed.as_millis()
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    vec![line]
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (nodes as u128 * 1_000_000 / micros) as u64
}

pub fn summary(nodes: u64, elapsed: Duration) -> String {
    format!(
        "info nodes {} nps {} time {}",
        nodes,
        nps(nodes, elapsed),
        elapsed.as_millis()
    )
}

pub fn bestmove(best: Move, ponder: Option<Move>) -> String {
    match ponder {
        Some(p) => format!("bestmove {} ponder {}", UciText(best), UciText(p)),
        None => format!("bestmove {}", UciText(best)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }))
        );
        assert_eq!(
            parse("setoption name Hash value 32"),
            Ok(Some(Command::SetOption {
                name: "Hash".into(),
                value: Some("32".into())
            }))
        );
        assert_eq!(parse("setoption"), Err(CommandError::NoOptionName));
    }

    #[test]
    fn go_reads_both_clocks_by_colour() {
        let Ok(Some(Command::Go(go))) = parse("go wtime 60000 btime 30000 winc 1000 movestogo 20")
        else {
            panic!("go not parsed");
        };
        let TimeSpec::ByColor { red, black } = go.time else {
            panic!("{:?}", go.time);
        };
        assert_eq!(red.unwrap().remaining, Duration::from_secs(60));
        assert_eq!(red.unwrap().increment, Duration::from_secs(1));
        assert_eq!(black.unwrap().remaining, Duration::from_secs(30));
        assert_eq!(black.unwrap().movestogo, Some(20));
    }

    #[test]
    fn scores_show_mates_in_moves() {
        assert_eq!(score(35), "cp 35");
        assert_eq!(score(MATE - 1), "mate 1");
        assert_eq!(score(MATE - 3), "mate 2");
        assert_eq!(score(-(MATE - 2)), "mate -1");
    }
}
