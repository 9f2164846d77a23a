//! Parsing AGI command lines. Keywords are case-insensitive (agi-r31); points are the
//! library's hex pairs, row digit first (agi-r20..r22).

use arbiter_rules::gomoku::{BoardSize, Point, agi};

use crate::error::AgiCommandError;

#[derive(Debug, Clone, PartialEq)]
pub enum AgiCommand {
    Agi,
    /// `Some(true)` for FORBIDDEN, `Some(false)` for UNFORBIDDEN, `None` if not given.
    SetRule {
        forbidden: Option<bool>,
    },
    SetOption,
    IsReady,
    Position {
        statu: Vec<Point>,
        moves: Vec<Point>,
    },
    Go(Go),
    Stop,
    DoMove(Point),
    Quit,
}

/// `GO [SEARCH moves] [PONDER] [TIME ms|INFINITE]`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Go {
    pub search: Option<Vec<Point>>,
    pub ponder: bool,
    pub time: Option<u64>,
    pub infinite: bool,
}

pub fn parse(line: &str, size: BoardSize) -> Result<AgiCommand, AgiCommandError> {
    let mut tokens = line.split_whitespace();
    let word = tokens.next().unwrap_or("").to_ascii_uppercase();
    let rest: Vec<&str> = tokens.collect();
    Ok(match word.as_str() {
        "AGI" => AgiCommand::Agi,
        "SETRULE" => {
            let mut forbidden = None;
            for t in rest {
                match t.to_ascii_uppercase().as_str() {
                    "FORBIDDEN" => forbidden = Some(true),
                    "UNFORBIDDEN" => forbidden = Some(false),
                    // Swap and fifth-move procedures are undefined in the text (agi.md
                    // remark 11); they are accepted and we simply never ask to swap.
                    "FIRSTCHANGE" | "THIRDCHANGE" | "FIVETWINE" | "FIVEMULITY" => {}
                    _ => return Err(unexpected("SETRULE", t)),
                }
            }
            AgiCommand::SetRule { forbidden }
        }
        "SETOPTION" => {
            // OWNBOOK and PONDER switch features whose effect is invisible here: we have
            // no book and ponder only on GO PONDER. Checked for form, then accepted.
            for pair in rest.chunks(2) {
                let key = pair[0].to_ascii_uppercase();
                let value = pair.get(1).map(|v| v.to_ascii_uppercase());
                let ok = matches!(key.as_str(), "OWNBOOK" | "PONDER")
                    && matches!(value.as_deref(), Some("ON" | "OFF"));
                if !ok {
                    return Err(unexpected("SETOPTION", &pair.join(" ")));
                }
            }
            AgiCommand::SetOption
        }
        "ISREADY" => AgiCommand::IsReady,
        "POSITION" => {
            let (mut statu, mut moves) = (Vec::new(), Vec::new());
            let mut i = 0;
            while i < rest.len() {
                let key = rest[i].to_ascii_uppercase();
                // A part's value is the next token unless that is the other keyword
                // (an empty list).
                let value = rest
                    .get(i + 1)
                    .filter(|v| !matches!(v.to_ascii_uppercase().as_str(), "STATU" | "MOVES"));
                let points = match value {
                    Some(v) => points("POSITION", v, size)?,
                    None => Vec::new(),
                };
                match key.as_str() {
                    "STATU" => statu = points,
                    "MOVES" => moves = points,
                    _ => return Err(unexpected("POSITION", rest[i])),
                }
                i += if value.is_some() { 2 } else { 1 };
            }
            AgiCommand::Position { statu, moves }
        }
        "GO" => {
            let mut go = Go::default();
            let mut it = rest.iter();
            while let Some(t) = it.next() {
                match t.to_ascii_uppercase().as_str() {
                    "SEARCH" => {
                        let list = it.next().ok_or(AgiCommandError::Missing {
                            command: "GO",
                            what: "a move list after SEARCH",
                        })?;
                        go.search = Some(points("GO", list, size)?);
                    }
                    "PONDER" => go.ponder = true,
                    "INFINITE" => go.infinite = true,
                    "TIME" => {
                        let v = it.next().ok_or(AgiCommandError::Missing {
                            command: "GO",
                            what: "milliseconds or INFINITE after TIME",
                        })?;
                        if v.eq_ignore_ascii_case("INFINITE") {
                            go.infinite = true;
                        } else {
                            go.time = Some(v.parse().map_err(|_| unexpected("GO", v))?);
                        }
                    }
                    _ => return Err(unexpected("GO", t)),
                }
            }
            AgiCommand::Go(go)
        }
        "STOP" => AgiCommand::Stop,
        "DOMOVE" => {
            let m = rest.first().ok_or(AgiCommandError::Missing {
                command: "DOMOVE",
                what: "a move",
            })?;
            AgiCommand::DoMove(agi::parse_point(m, size).map_err(|source| {
                AgiCommandError::Points {
                    command: "DOMOVE",
                    source,
                }
            })?)
        }
        "QUIT" => AgiCommand::Quit,
        _ => return Err(AgiCommandError::Unknown(word)),
    })
}

fn points(
    command: &'static str,
    text: &str,
    size: BoardSize,
) -> Result<Vec<Point>, AgiCommandError> {
    agi::parse_moves(text, size).map_err(|source| AgiCommandError::Points { command, source })
}

fn unexpected(command: &'static str, token: &str) -> AgiCommandError {
    AgiCommandError::Unexpected {
        command,
        token: token.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const S: BoardSize = BoardSize::STANDARD;

    fn p(x: u8, y: u8) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn the_worked_example_parses() {
        assert_eq!(parse("agi", S), Ok(AgiCommand::Agi));
        assert_eq!(parse("SETOPTION OWNBOOK ON", S), Ok(AgiCommand::SetOption));
        assert_eq!(parse("SETOPTION PONDER OFF", S), Ok(AgiCommand::SetOption));
        assert_eq!(
            parse("SETRULE FORBIDDEN", S),
            Ok(AgiCommand::SetRule {
                forbidden: Some(true)
            })
        );
        assert_eq!(
            parse("setrule unforbidden firstchange fivetwine", S),
            Ok(AgiCommand::SetRule {
                forbidden: Some(false)
            })
        );
        assert_eq!(
            parse("POSITION MOVES 78685A69", S),
            Ok(AgiCommand::Position {
                statu: vec![],
                moves: vec![p(7, 7), p(7, 6), p(9, 5), p(8, 6)]
            })
        );
        assert_eq!(
            parse("GO SEARCH 67596A6B INFINITE", S),
            Ok(AgiCommand::Go(Go {
                search: Some(vec![p(6, 6), p(8, 5), p(9, 6), p(10, 6)]),
                infinite: true,
                ..Go::default()
            }))
        );
        assert_eq!(parse("DOMOVE 67", S), Ok(AgiCommand::DoMove(p(6, 6))));
        assert_eq!(parse("Quit", S), Ok(AgiCommand::Quit));
    }

    #[test]
    fn position_and_go_forms() {
        assert_eq!(
            parse("POSITION", S),
            Ok(AgiCommand::Position {
                statu: vec![],
                moves: vec![]
            })
        );
        assert_eq!(
            parse("position statu 78 moves 69", S),
            Ok(AgiCommand::Position {
                statu: vec![p(7, 7)],
                moves: vec![p(8, 6)]
            })
        );
        assert_eq!(
            parse("GO TIME 30000", S),
            Ok(AgiCommand::Go(Go {
                time: Some(30000),
                ..Go::default()
            }))
        );
        assert_eq!(
            parse("GO PONDER", S),
            Ok(AgiCommand::Go(Go {
                ponder: true,
                ..Go::default()
            }))
        );
        assert_eq!(
            parse("GO TIME INFINITE", S),
            Ok(AgiCommand::Go(Go {
                infinite: true,
                ..Go::default()
            }))
        );
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(parse("POSITION MOVES 7G", S).is_err());
        assert!(parse("POSITION MOVES 787", S).is_err());
        assert!(parse("GO TIME soon", S).is_err());
        assert!(parse("GO SEARCH", S).is_err());
        assert!(parse("DOMOVE", S).is_err());
        assert!(parse("SETRULE SOMETIMES", S).is_err());
        assert!(parse("SETOPTION OWNBOOK MAYBE", S).is_err());
        assert_eq!(
            parse("HELLO", S).unwrap_err().to_string(),
            "unknown command \"HELLO\""
        );
    }

    proptest! {
        #[test]
        fn parsing_never_panics(s in "\\PC{0,40}") {
            let _ = parse(&s, S);
        }
    }
}
