//! Commands as the engine understands them, whichever dialect they came in, and the shared
//! helpers for reading their arguments.

use std::time::Duration;

use crate::time::Clock;

/// Where a `position` (or `probe`) starts from.
#[derive(Clone, Debug, PartialEq)]
pub enum Base {
    Start,
    Fen(String),
}

/// `position`/`probe` arguments: a start and the move texts played from it (not yet checked).
#[derive(Clone, Debug, PartialEq)]
pub struct PositionSpec {
    pub base: Base,
    pub moves: Vec<String>,
}

/// How the clock is given.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum TimeSpec {
    #[default]
    None,
    /// UCCI: the clock of the side to move.
    Own(Clock),
    /// UCI: both clocks by colour (red is UCI's white).
    ByColor {
        red: Option<Clock>,
        black: Option<Clock>,
    },
}

/// Arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GoParams {
    pub ponder: bool,
    pub draw: bool,
    pub infinite: bool,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub time: TimeSpec,
    /// UCI `searchmoves`: when not empty, the only moves the search may play.
    pub searchmoves: Vec<String>,
    /// Arguments that were skipped, with why: `go` still runs, because a GUI waits for its answer.
    pub problems: Vec<GoArgumentError>,
}

impl GoParams {
    /// No limit at all: think until `stop`.
    pub fn is_unbounded(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.movetime.is_none()
                && self.time == TimeSpec::None)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Ucci,
    Uci,
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    NewGame,
    Position(PositionSpec),
    BanMoves(Vec<String>),
    Go(GoParams),
    PonderHit {
        draw: bool,
    },
    Stop,
    Probe(PositionSpec),
    Quit,
    /// A command that needs no action (UCI `debug`, `register`).
    Ignored,
}

/// Why a line was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error("unknown command {0}")]
    Unknown(String),
    #[error("{command} needs `fen <FEN>` or `startpos`")]
    NoBase { command: &'static str },
    #[error("{command}: expected `fen` or `startpos`, not {found}")]
    BadBase {
        command: &'static str,
        found: String,
    },
    #[error("{command}: unexpected {found} before `moves`")]
    Stray {
        command: &'static str,
        found: String,
    },
    #[error("setoption needs an option name")]
    NoOptionName,
}

/// Why an argument of `go` was skipped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoArgumentError {
    #[error("`{keyword}` needs a number")]
    NoCount { keyword: String },
    #[error("`{keyword}` needs a whole number, not {}", quote(.found))]
    NotACount { keyword: String, found: String },
    #[error("`{keyword}` needs a time")]
    NoTime { keyword: String },
    #[error("`{keyword}` needs a number, not {}", quote(.found))]
    NotATime { keyword: String, found: String },
    #[error("unknown `go` argument {} skipped", quote(.0))]
    Unknown(String),
}

/// Shows a piece of hostile input safely inside a reply: quoted, escaped, and cut short.
pub fn quote(text: &str) -> String {
    const MAX: usize = 40;
    let mut shown: String = text.chars().take(MAX).collect();
    if text.chars().nth(MAX).is_some() {
        shown.push('…');
    }
    format!("{shown:?}")
}

/// Reads a count (`depth`, `nodes`, `movestogo`); huge values saturate.
pub fn count(keyword: &str, token: Option<&str>) -> Result<u64, GoArgumentError> {
    let token = token.ok_or_else(|| GoArgumentError::NoCount {
        keyword: keyword.to_owned(),
    })?;
    if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) {
        Ok(token.parse().unwrap_or(u64::MAX))
    } else {
        Err(GoArgumentError::NotACount {
            keyword: keyword.to_owned(),
            found: token.to_owned(),
        })
    }
}

/// Reads a time given in `unit`s (seconds or milliseconds, decimals allowed). A negative time
/// (some GUIs send one when a clock has run out) counts as zero.
pub fn duration(
    keyword: &str,
    token: Option<&str>,
    unit: Duration,
) -> Result<Duration, GoArgumentError> {
    let token = token.ok_or_else(|| GoArgumentError::NoTime {
        keyword: keyword.to_owned(),
    })?;
    let value: f64 = token
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| GoArgumentError::NotATime {
            keyword: keyword.to_owned(),
            found: token.to_owned(),
        })?;
    // Capped at about 30 years so the arithmetic on deadlines never overflows.
    let seconds = (value.max(0.0) * unit.as_secs_f64()).min(1e9);
    Ok(Duration::from_secs_f64(seconds))
}

/// Splits `fen … [moves …]` / `startpos [moves …]` after a `position` or `probe` keyword.
pub fn position_spec<'a>(
    command: &'static str,
    mut tokens: impl Iterator<Item = &'a str>,
) -> Result<PositionSpec, CommandError> {
    let base_word = tokens.next().ok_or(CommandError::NoBase { command })?;
    let mut fen_fields = Vec::new();
    let base = if base_word.eq_ignore_ascii_case("startpos") {
        Base::Start
    } else if base_word.eq_ignore_ascii_case("fen") {
        Base::Fen(String::new())
    } else {
        return Err(CommandError::BadBase {
            command,
            found: quote(base_word),
        });
    };
    let mut moves = Vec::new();
    let mut in_moves = false;
    for token in tokens {
        if in_moves {
            moves.push(token.to_owned());
        } else if token.eq_ignore_ascii_case("moves") {
            in_moves = true;
        } else if base == Base::Start {
            return Err(CommandError::Stray {
                command,
                found: quote(token),
            });
        } else {
            fen_fields.push(token);
        }
    }
    let base = match base {
        Base::Fen(_) if fen_fields.is_empty() => return Err(CommandError::NoBase { command }),
        Base::Fen(_) => Base::Fen(fen_fields.join(" ")),
        start => start,
    };
    Ok(PositionSpec { base, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_spec_reads_both_forms() {
        let spec = position_spec("position", "startpos moves h2e2 h7e7".split(' ')).unwrap();
        assert_eq!(spec.base, Base::Start);
        assert_eq!(spec.moves, ["h2e2", "h7e7"]);
        let spec = position_spec(
            "position",
            "fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".split(' '),
        )
        .unwrap();
        assert_eq!(
            spec.base,
            Base::Fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into())
        );
        assert!(spec.moves.is_empty());
    }

    #[test]
    fn position_spec_says_what_is_missing() {
        let err = |s: &str| {
            position_spec("position", s.split_whitespace())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(err(""), "position needs `fen <FEN>` or `startpos`");
        assert_eq!(
            err("fen moves h2e2"),
            "position needs `fen <FEN>` or `startpos`"
        );
        assert!(err("banana").contains("expected `fen` or `startpos`"));
        assert!(err("startpos h2e2").contains("unexpected \"h2e2\""));
    }

    #[test]
    fn numbers_are_checked_and_saturate() {
        assert_eq!(count("depth", Some("7")), Ok(7));
        assert_eq!(
            count("depth", Some("99999999999999999999999")),
            Ok(u64::MAX)
        );
        assert!(count("depth", Some("-1")).is_err());
        assert!(count("depth", None).is_err());
        let ms = Duration::from_millis(1);
        assert_eq!(
            duration("time", Some("1500"), ms),
            Ok(Duration::from_millis(1500))
        );
        assert_eq!(
            duration("time", Some("2.5"), Duration::from_secs(1)),
            Ok(Duration::from_millis(2500))
        );
        assert_eq!(duration("time", Some("-30"), ms), Ok(Duration::ZERO));
        assert!(duration("time", Some("NaN"), ms).is_err());
        assert!(duration("time", Some("1e400"), ms).is_err());
        assert!(duration("time", Some("1e300"), ms).is_ok());
    }

    #[test]
    fn quote_escapes_and_shortens() {
        assert_eq!(quote("a\u{1b}b"), "\"a\\u{1b}b\"");
        assert_eq!(quote(&"x".repeat(100)).chars().count(), 43);
    }
}
