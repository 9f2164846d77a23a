//! The engines of a match and what `--each` gives them all, from cutechess-cli-style
//! `KEY=VALUE` words: `cmd=`, `name=`, `proto=`, `arg=`, `option.NAME=`, and the search's
//! `st=`, `tc=`, `nodes=`, `depth=`.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use super::super::CliError;
use arbiter::matchplay::adjudication::AdjudicationError;
use arbiter::matchplay::{
    Adjudication, DrawAdjudication, Player, ResignAdjudication, SearchLimits, TimeControl,
};
use arbiter::protocol::{GameKind, Protocol};
use arbiter::session::EngineCommand;

/// The engines' settings, one group per `cmd=` (each `--engine` starts with it).
pub(super) fn engine_groups(words: &[String]) -> Result<Vec<Vec<String>>, CliError> {
    let mut groups: Vec<Vec<String>> = Vec::new();
    for word in words {
        match groups.last_mut() {
            Some(group) if !word.starts_with("cmd=") => group.push(word.clone()),
            None if !word.starts_with("cmd=") => {
                return Err(CliError::Usage(format!(
                    "--engine: `{word}` comes before cmd=PATH, which starts each engine"
                )));
            }
            _ => groups.push(vec![word.clone()]),
        }
    }
    Ok(groups)
}

/// What `--each` sets: the search's limits, and engine settings for every engine.
#[derive(Debug, Clone)]
pub(super) struct Each {
    pub control: TimeControl,
    pub limits: SearchLimits,
    /// Engine words (`proto=`, `arg=`, `option.…=`) applied to every engine before its own.
    pub engine_words: Vec<String>,
}

/// `--each` words; the time control defaults to st=0.1.
pub(super) fn each(words: &[String]) -> Result<Each, CliError> {
    let mut each = Each {
        control: TimeControl::PerMove(Duration::from_millis(100)),
        limits: SearchLimits::default(),
        engine_words: Vec::new(),
    };
    for word in words {
        if search_word(word, &mut each.control, &mut each.limits, "--each")? {
            continue;
        }
        match word.split_once('=') {
            Some(("proto" | "arg", _)) => each.engine_words.push(word.clone()),
            Some((key, _)) if key.starts_with("option.") => each.engine_words.push(word.clone()),
            _ => {
                return Err(CliError::Usage(format!(
                    "--each {word}: not st=SECONDS, tc=[MOVES/]SECONDS[+INCREMENT], nodes=N, depth=N, proto=P, arg=A or option.NAME=VALUE"
                )));
            }
        }
    }
    Ok(each)
}

/// Reads a search setting (`st=`, `tc=`, `nodes=`, `depth=`) into `control` and `limits`;
/// false when the word is something else.
fn search_word(
    word: &str,
    control: &mut TimeControl,
    limits: &mut SearchLimits,
    flag: &str,
) -> Result<bool, CliError> {
    let bad = |why: &str| CliError::Usage(format!("{flag} {word}: {why}"));
    match word.split_once('=') {
        Some(("st", v)) => {
            let seconds: f64 = v
                .parse()
                .ok()
                .filter(|s: &f64| *s > 0.0 && s.is_finite())
                .ok_or_else(|| bad("not a positive number of seconds"))?;
            *control = TimeControl::PerMove(Duration::from_secs_f64(seconds));
        }
        Some(("tc", v)) => *control = v.parse::<TimeControl>().map_err(|e| bad(&e.to_string()))?,
        Some(("nodes", v)) => {
            let nodes = v.parse().ok().filter(|n| *n > 0);
            limits.nodes = Some(nodes.ok_or_else(|| bad("not a positive number of nodes"))?);
        }
        Some(("depth", v)) => {
            let depth = v.parse().ok().filter(|n| *n > 0);
            limits.depth = Some(depth.ok_or_else(|| bad("not a positive depth"))?);
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `cmd=PATH name=NAME proto=P arg=A… option.N=V…` as a player.
/// The engine's own `st=`, `tc=`, `nodes=` and `depth=` replace what `--each` gave all.
pub(super) fn player(
    words: &[String],
    each: &Each,
    default: Protocol,
    game: GameKind,
) -> Result<Player, CliError> {
    let mut program = None;
    let mut name = None;
    let mut protocol = default;
    let mut args = Vec::new();
    let mut options: Vec<(String, String)> = Vec::new();
    let mut control = each.control;
    let mut limits = each.limits;
    for word in words {
        if search_word(word, &mut control, &mut limits, "--engine")? {
            continue;
        }
        match word.split_once('=') {
            Some(("cmd", v)) => program = Some(PathBuf::from(v)),
            Some(("name", v)) => name = Some(v.to_owned()),
            Some(("arg", v)) => args.push(v.to_owned()),
            Some(("proto", v)) => {
                protocol = v
                    .parse()
                    .map_err(|e| CliError::Usage(format!("--engine proto={v}: {e}")))?;
                protocol
                    .check_game(game)
                    .map_err(|e| CliError::Usage(format!("--engine proto={v}: {e}")))?;
            }
            Some((key, v)) if key.starts_with("option.") && key.len() > "option.".len() => {
                let option = key["option.".len()..].to_owned();
                // The engine's own setting replaces one `--each` gave every engine.
                options.retain(|(n, _)| *n != option);
                options.push((option, v.to_owned()));
            }
            _ => {
                return Err(CliError::Usage(format!(
                    "--engine: `{word}` is not cmd=PATH, name=NAME, proto=PROTOCOL, arg=ARG, option.NAME=VALUE, st=, tc=, nodes= or depth="
                )));
            }
        }
    }
    let program = program.ok_or_else(|| CliError::Usage("--engine needs cmd=PATH".into()))?;
    let name = name.unwrap_or_else(|| {
        program
            .file_name()
            .map_or_else(|| "engine".to_owned(), |n| n.to_string_lossy().into_owned())
    });
    Ok(Player {
        name,
        command: EngineCommand {
            program,
            args,
            ..EngineCommand::default()
        },
        protocol,
        options,
        control: (control != each.control).then_some(control),
        limits: (limits != each.limits).then_some(limits),
    })
}

/// Engines need names of their own: results are kept by name.
pub(super) fn check_names(players: &[Player]) -> Result<(), CliError> {
    for (i, p) in players.iter().enumerate() {
        if players[..i].iter().any(|q| q.name == p.name) {
            return Err(CliError::Usage(format!(
                "two engines are named `{}`: give each its own name=NAME",
                p.name
            )));
        }
    }
    Ok(())
}

/// `--draw movenumber=N movecount=M score=S` and `--resign movecount=M score=S`, as
/// cutechess-cli reads them.
pub(super) fn adjudication(draw: &[String], resign: &[String]) -> Result<Adjudication, CliError> {
    fn read<T: FromStr<Err = AdjudicationError>>(
        flag: &str,
        words: &[String],
    ) -> Result<Option<T>, CliError> {
        if words.is_empty() {
            return Ok(None);
        }
        words
            .join(" ")
            .parse()
            .map(Some)
            .map_err(|e| CliError::Usage(format!("--{flag}: {e}")))
    }
    Ok(Adjudication {
        draw: read::<DrawAdjudication>("draw", draw)?,
        resign: read::<ResignAdjudication>("resign", resign)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn each_sets_limits_and_settings_for_every_engine() {
        let e = each(&words(&[
            "tc=40/60+0.6",
            "nodes=1000",
            "depth=5",
            "option.Hash=16",
        ]))
        .unwrap();
        assert_eq!(e.limits.nodes, Some(1000));
        assert_eq!(e.limits.depth, Some(5));
        assert_eq!(e.engine_words, ["option.Hash=16"]);
        assert!(each(&words(&["nodes=0"])).is_err());
        assert!(each(&words(&["cmd=x"])).is_err());
        let mut group = e.engine_words.clone();
        group.extend(words(&["cmd=/bin/e", "option.Hash=32", "option.Threads=1"]));
        let p = player(&group, &e, Protocol::Uci, GameKind::Chess).unwrap();
        assert_eq!((p.control, p.limits), (None, None));
        let odds = words(&["cmd=x", "nodes=50", "st=2"]);
        let odds = player(&odds, &e, Protocol::Uci, GameKind::Chess).unwrap();
        assert_eq!(
            odds.control,
            Some(TimeControl::PerMove(Duration::from_secs(2)))
        );
        assert_eq!(odds.limits.and_then(|l| l.nodes), Some(50));
        assert_eq!(p.name, "e");
        assert_eq!(
            p.options,
            [("Hash".into(), "32".into()), ("Threads".into(), "1".into())]
        );
        assert!(
            player(
                &words(&["cmd=x", "proto=gomocup"]),
                &e,
                Protocol::Uci,
                GameKind::Chess
            )
            .is_err()
        );
    }

    #[test]
    fn adjudication_reads_cutechess_words() {
        let a = adjudication(
            &words(&["movenumber=40", "movecount=8", "score=10"]),
            &words(&["movecount=3", "score=600"]),
        )
        .unwrap();
        assert_eq!(
            a.draw,
            Some(DrawAdjudication {
                from_move: 40,
                moves: 8,
                score: 10
            })
        );
        assert_eq!(
            a.resign,
            Some(ResignAdjudication {
                moves: 3,
                score: 600
            })
        );
        assert!(adjudication(&words(&["movecount=3"]), &[]).is_err());
        assert!(adjudication(&[], &words(&["movecount=x", "score=1"])).is_err());
    }
}
