//! UCCI: reading commands and writing replies.

use std::time::Duration;

use arbiter_rules::xiangqi::Move;

use super::command::{
    Command, CommandError, GoArgumentError, GoParams, TimeSpec, count, duration, position_spec,
    quote,
};
use crate::decision::Verdict;
use crate::options::{Options, Randomness};
use crate::search::Iteration;
use crate::time::Clock;

/// Parses one UCCI line. `millis` is the `usemillisec` setting: times are milliseconds when it is
/// on and seconds otherwise. Keywords are matched without regard to case.
pub fn parse(line: &str, millis: bool) -> Result<Option<Command>, CommandError> {
    let mut tokens = line.split_ascii_whitespace();
    let Some(word) = tokens.next() else {
        return Ok(None);
    };
    let command = match word.to_ascii_lowercase().as_str() {
        "ucci" => Command::Ucci,
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "setoption" => {
            let name = tokens.next().ok_or(CommandError::NoOptionName)?.to_owned();
            let rest: Vec<&str> = tokens.collect();
            Command::SetOption {
                name,
                value: (!rest.is_empty()).then(|| rest.join(" ")),
            }
        }
        // The overview lists `newgame` as an option yet calls it an instruction; take both forms.
        "newgame" => Command::NewGame,
        "position" => Command::Position(position_spec("position", tokens)?),
        "banmoves" => Command::BanMoves(tokens.map(str::to_owned).collect()),
        "go" => Command::Go(go(tokens, millis)),
        "ponderhit" => Command::PonderHit {
            draw: tokens.any(|t| t.eq_ignore_ascii_case("draw")),
        },
        "stop" => Command::Stop,
        "probe" => Command::Probe(position_spec("probe", tokens)?),
        "quit" => Command::Quit,
        _ => return Err(CommandError::Unknown(quote(word))),
    };
    Ok(Some(command))
}

fn go<'a>(mut tokens: impl Iterator<Item = &'a str>, millis: bool) -> GoParams {
    let unit = if millis {
        Duration::from_millis(1)
    } else {
        Duration::from_secs(1)
    };
    let mut go = GoParams::default();
    let mut own: Option<Duration> = None;
    let mut increment = Duration::ZERO;
    let mut movestogo = None;
    while let Some(token) = tokens.next() {
        let key = token.to_ascii_lowercase();
        let result = match key.as_str() {
            "ponder" => {
                go.ponder = true;
                Ok(())
            }
            "draw" => {
                go.draw = true;
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
            "time" => duration(&key, tokens.next(), unit).map(|t| own = Some(t)),
            "increment" => duration(&key, tokens.next(), unit).map(|t| increment = t),
            "movestogo" => count(&key, tokens.next())
                .map(|n| movestogo = Some(n.clamp(1, u32::MAX as u64) as u32)),
            // The opponent's clock is read for validity but does not change this engine's plan.
            "opptime" | "oppincrement" => duration(&key, tokens.next(), unit).map(|_| ()),
            "oppmovestogo" => count(&key, tokens.next()).map(|_| ()),
            _ => Err(GoArgumentError::Unknown(token.to_owned())),
        };
        if let Err(problem) = result {
            go.problems.push(problem);
        }
    }
    if let Some(remaining) = own {
        go.time = TimeSpec::Own(Clock {
            remaining,
            increment,
            movestogo,
        });
    }
    go
}

pub fn handshake() -> Vec<String> {
    vec![
        format!("id name arbiter-xiangqi {}", env!("CARGO_PKG_VERSION")),
        "id copyright Arbiter contributors, GPL-3.0-or-later".into(),
        "id author Arbiter contributors".into(),
        "id user Arbiter conformance harness".into(),
        "option usemillisec type check default false".into(),
        "option ponder type check default false".into(),
        format!(
            "option hashsize type spin min 0 max {} default {}",
            Options::MAX_HASH_MB,
            Options::DEFAULT_HASH_MB
        ),
        format!(
            "option randomness type combo {} default none",
            Randomness::NAMES
                .iter()
                .map(|n| format!("var {n}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        // No opening book and no tablebases, so either value changes nothing; the defaults are
        // the overview's (「usebook true」, 「useegtb true」) and a GUI may switch them off.
        "option usebook type check default true".into(),
        "option useegtb type check default true".into(),
        "option newgame type button".into(),
        "ucciok".into(),
    ]
}

pub fn iteration(it: &Iteration) -> Vec<String> {
    let pv: Vec<String> = it.pv.iter().map(Move::to_string).collect();
    let mut lines = Vec::with_capacity(2);
    if pv.is_empty() {
        lines.push(format!("info depth {}", it.depth));
    } else {
        lines.push(format!(
            "info depth {} score {} pv {}",
            it.depth,
            it.score,
            pv.join(" ")
        ));
    }
    lines.push(summary(it.nodes, it.elapsed));
    lines
}

pub fn summary(nodes: u64, elapsed: Duration) -> String {
    format!("info time {} nodes {}", elapsed.as_millis(), nodes)
}

pub fn bestmove(best: Move, ponder: Option<Move>, verdict: Verdict) -> String {
    let mut line = format!("bestmove {best}");
    if let Some(p) = ponder {
        line.push_str(&format!(" ponder {p}"));
    }
    match verdict {
        Verdict::None => {}
        Verdict::Draw => line.push_str(" draw"),
        Verdict::Resign => line.push_str(" resign"),
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::{Base, PositionSpec};

    fn go_of(line: &str, millis: bool) -> GoParams {
        match parse(line, millis) {
            Ok(Some(Command::Go(go))) => go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn reads_the_commands_of_the_worked_example() {
        assert_eq!(parse("ucci", false), Ok(Some(Command::Ucci)));
        assert_eq!(
            parse("setoption usemillisec true", false),
            Ok(Some(Command::SetOption {
                name: "usemillisec".into(),
                value: Some("true".into())
            }))
        );
        assert_eq!(
            parse("setoption newgame", false),
            Ok(Some(Command::SetOption {
                name: "newgame".into(),
                value: None
            }))
        );
        let go = go_of("go ponder time 295000 increment 0", true);
        assert!(go.ponder && !go.draw);
        assert_eq!(
            go.time,
            TimeSpec::Own(Clock {
                remaining: Duration::from_secs(295),
                increment: Duration::ZERO,
                movestogo: None
            })
        );
        assert_eq!(
            parse("ponderhit draw", true),
            Ok(Some(Command::PonderHit { draw: true }))
        );
        assert_eq!(
            parse("probe startpos moves h2e2", true),
            Ok(Some(Command::Probe(PositionSpec {
                base: Base::Start,
                moves: vec!["h2e2".into()]
            })))
        );
    }

    #[test]
    fn times_are_seconds_unless_usemillisec() {
        let go = go_of(
            "go draw time 30 movestogo 5 opptime 20 oppmovestogo 5",
            false,
        );
        assert!(go.draw);
        assert_eq!(
            go.time,
            TimeSpec::Own(Clock {
                remaining: Duration::from_secs(30),
                increment: Duration::ZERO,
                movestogo: Some(5)
            })
        );
        assert!(go.problems.is_empty());
    }

    #[test]
    fn bad_go_arguments_are_reported_and_skipped() {
        let go = go_of("go   depth x  nodes 100 banana", false);
        assert_eq!(go.depth, None);
        assert_eq!(go.nodes, Some(100));
        assert_eq!(go.problems.len(), 2);
        assert!(go.problems[1].to_string().contains("\"banana\""));
    }

    #[test]
    fn blank_lines_are_nothing_and_unknown_words_are_errors() {
        assert_eq!(parse(" \t ", false), Ok(None));
        assert_eq!(
            parse("xyzzy 1 2", false),
            Err(CommandError::Unknown("\"xyzzy\"".into()))
        );
        assert_eq!(parse("STOP", false), Ok(Some(Command::Stop)));
    }

    #[test]
    fn bestmove_carries_ponder_and_verdict() {
        let m = |t| Move::parse_iccs(t).unwrap();
        assert_eq!(
            bestmove(m("b0c2"), Some(m("b9c7")), Verdict::None),
            "bestmove b0c2 ponder b9c7"
        );
        assert_eq!(
            bestmove(m("b0c2"), None, Verdict::Draw),
            "bestmove b0c2 draw"
        );
        assert_eq!(
            bestmove(m("b0c2"), None, Verdict::Resign),
            "bestmove b0c2 resign"
        );
    }
}
