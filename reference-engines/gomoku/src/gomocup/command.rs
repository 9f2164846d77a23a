//! Parsing Gomocup command lines into [`Command`]s.
//!
//! Keywords are matched case-insensitively: the text writes them in upper case but never
//! says lower case is wrong, and being lenient here costs nothing.

use arbiter_rules::gomoku::{BoardSize, Point};

use crate::error::CommandError;

/// One line from the manager, outside a `BOARD` block.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Start(BoardSize),
    Restart,
    Begin,
    Turn(Point),
    Board,
    Info { key: String, value: String },
    End,
    About,
    Takeback(Point),
    Play(Point),
    Unknown(String),
}

/// A line inside a `BOARD` block: a stone, an unplayable point, or the end.
#[derive(Debug, Clone, PartialEq)]
pub enum BoardLine {
    Stone {
        point: Point,
        own: bool,
    },
    /// Field 3 (continuous game only): a winning-line stone or a forbidden point.
    Blocked(Point),
    Done,
}

pub fn parse(line: &str) -> Result<Command, CommandError> {
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let point = |command: &'static str| -> Result<Point, CommandError> {
        if rest.is_empty() {
            return Err(CommandError::MissingArgument {
                command,
                what: "a point x,y",
            });
        }
        rest.parse()
            .map_err(|source| CommandError::BadPoint { command, source })
    };
    Ok(match word.to_ascii_uppercase().as_str() {
        "START" => {
            let n = number("START", rest, "a board size")?;
            Command::Start(BoardSize::square(n).map_err(CommandError::Size)?)
        }
        "RECTSTART" => {
            let Some((w, h)) = rest.split_once(',') else {
                return Err(CommandError::MissingArgument {
                    command: "RECTSTART",
                    what: "width,height",
                });
            };
            let w = number("RECTSTART", w.trim(), "a width")?;
            let h = number("RECTSTART", h.trim(), "a height")?;
            Command::Start(BoardSize::rect(w, h).map_err(CommandError::Size)?)
        }
        "RESTART" => Command::Restart,
        "BEGIN" => Command::Begin,
        "TURN" => Command::Turn(point("TURN")?),
        "BOARD" => Command::Board,
        "INFO" => {
            // Even a malformed INFO gets no reply (gomocup-r92): the manager is not reading
            // and would take any line for the next command's answer. A missing key is an
            // empty one, which the session ignores.
            let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            Command::Info {
                key: key.to_ascii_lowercase(),
                value: value.trim().to_owned(),
            }
        }
        "END" => Command::End,
        "ABOUT" => Command::About,
        "TAKEBACK" => Command::Takeback(point("TAKEBACK")?),
        "PLAY" => Command::Play(point("PLAY")?),
        _ => Command::Unknown(word.to_owned()),
    })
}

fn number(command: &'static str, text: &str, what: &'static str) -> Result<u32, CommandError> {
    if text.is_empty() {
        return Err(CommandError::MissingArgument { command, what });
    }
    text.parse().map_err(|_| CommandError::NotANumber {
        command,
        text: text.to_owned(),
    })
}

/// Parses a line of a `BOARD` block.
pub fn parse_board_line(line: &str) -> Result<BoardLine, CommandError> {
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(BoardLine::Done);
    }
    let bad = || CommandError::BadBoardLine {
        text: line.to_owned(),
    };
    let (xy, field) = line.rsplit_once(',').ok_or_else(bad)?;
    let point: Point = xy.parse().map_err(|source| CommandError::BadPoint {
        command: "BOARD",
        source,
    })?;
    match field.trim() {
        "1" => Ok(BoardLine::Stone { point, own: true }),
        "2" => Ok(BoardLine::Stone { point, own: false }),
        "3" => Ok(BoardLine::Blocked(point)),
        _ => Err(CommandError::BadField {
            text: line.to_owned(),
        }),
    }
}

/// Whether a line inside a `BOARD` block is a command rather than data: data lines start
/// with a digit (or are malformed), commands with a letter.
pub fn looks_like_command(line: &str) -> bool {
    line.starts_with(|c: char| c.is_ascii_alphabetic()) && !line.eq_ignore_ascii_case("DONE")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn commands() {
        assert_eq!(
            parse("START 20"),
            Ok(Command::Start(BoardSize::square(20).unwrap()))
        );
        assert_eq!(parse("start 15"), Ok(Command::Start(BoardSize::STANDARD)));
        assert_eq!(
            parse("RECTSTART 30,20"),
            Ok(Command::Start(BoardSize::rect(30, 20).unwrap()))
        );
        assert_eq!(parse("TURN 10,11"), Ok(Command::Turn(Point::new(10, 11))));
        assert_eq!(
            parse("INFO timeout_turn 1000"),
            Ok(Command::Info {
                key: "timeout_turn".into(),
                value: "1000".into()
            })
        );
        assert_eq!(
            parse("INFO folder"),
            Ok(Command::Info {
                key: "folder".into(),
                value: "".into()
            })
        );
        assert_eq!(parse("XYZZY 1"), Ok(Command::Unknown("XYZZY".into())));
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(
            parse("START 40").unwrap_err().to_string(),
            "unsupported board: board size 40x40 is not supported: each side must be 5 to 32"
                .replace(
                    "board size 40x40 is not supported: each side must be 5 to 32",
                    &arbiter_rules::gomoku::GomokuError::InvalidSize {
                        width: 40,
                        height: 40
                    }
                    .to_string()
                )
        );
        assert_eq!(
            parse("START x").unwrap_err().to_string(),
            "START: \"x\" is not a whole number"
        );
        assert_eq!(
            parse("START").unwrap_err().to_string(),
            "START needs a board size"
        );
        assert_eq!(
            parse("TURN").unwrap_err().to_string(),
            "TURN needs a point x,y"
        );
        assert!(
            parse("TURN -1,3")
                .unwrap_err()
                .to_string()
                .starts_with("TURN: x coordinate -1 is negative")
        );
        assert!(parse("RECTSTART 30").is_err());
    }

    #[test]
    fn board_lines() {
        assert_eq!(
            parse_board_line("10,10,1"),
            Ok(BoardLine::Stone {
                point: Point::new(10, 10),
                own: true
            })
        );
        assert_eq!(
            parse_board_line("3,4,2"),
            Ok(BoardLine::Stone {
                point: Point::new(3, 4),
                own: false
            })
        );
        assert_eq!(
            parse_board_line("3,4,3"),
            Ok(BoardLine::Blocked(Point::new(3, 4)))
        );
        assert_eq!(parse_board_line("done"), Ok(BoardLine::Done));
        assert!(parse_board_line("3,4,4").is_err());
        assert!(parse_board_line("3,4").is_err());
        assert!(parse_board_line("garbage").is_err());
        assert!(looks_like_command("TURN 1,1"));
        assert!(!looks_like_command("1,1,1"));
        assert!(!looks_like_command("DONE"));
    }

    proptest! {
        #[test]
        fn parsing_never_panics(s in "\\PC{0,40}") {
            let _ = parse(&s);
            let _ = parse_board_line(&s);
        }
    }
}
