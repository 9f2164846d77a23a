//! A scenario's headers (`protocol:`, `title:`, …): each read once, before the first step.

use thiserror::Error;

use super::values::{DurationError, NotARequirementId, parse_cites, parse_duration};
use crate::protocol::{GameKind, LineEnd, Protocol, ReqId, UnknownGame};
use crate::scenario::DEFAULT_TIMEOUT_MS;

/// Why a header cannot be used.
#[derive(Debug, Error)]
pub enum HeaderError {
    /// A header given again; its key and the line it came first on.
    #[error("`{0}:` is given twice (first on line {1})")]
    Twice(String, usize),
    /// `protocol:` naming none.
    #[error("unknown protocol `{value}`: use {known}", value = .0, known = Protocol::names_listed())]
    UnknownProtocol(String),
    /// `game:` naming none.
    #[error(transparent)]
    Game(#[from] UnknownGame),
    /// `cites:` with a word that is no requirement id.
    #[error(transparent)]
    Cites(#[from] NotARequirementId),
    /// `timeout:` that does not read.
    #[error(transparent)]
    Timeout(#[from] DurationError),
    /// `line-ending:` naming none.
    #[error("line-ending `{0}`: use lf, crlf or cr")]
    LineEnding(String),
    /// A key that is no header.
    #[error("unknown header `{0}:`")]
    Unknown(String),
}

/// The headers read so far.
#[derive(Debug)]
pub(super) struct Headers {
    pub protocol: Option<Protocol>,
    pub title: Option<String>,
    pub spec: Option<String>,
    pub cites: Vec<ReqId>,
    pub timeout_ms: u64,
    pub line_end: Option<LineEnd>,
    /// The game, with the line that names it (checked against the protocol once it is known).
    pub game: Option<(GameKind, usize)>,
    /// Each header seen, with its line.
    seen: Vec<(String, usize)>,
}

impl Default for Headers {
    fn default() -> Headers {
        Headers {
            protocol: None,
            title: None,
            spec: None,
            cites: Vec::new(),
            timeout_ms: DEFAULT_TIMEOUT_MS,
            line_end: None,
            game: None,
            seen: Vec::new(),
        }
    }
}

impl Headers {
    /// Reads header `key` with its `value`, on line `n`.
    pub(super) fn read(&mut self, n: usize, key: &str, value: &str) -> Result<(), HeaderError> {
        if let Some((_, first)) = self.seen.iter().find(|(k, _)| k == key) {
            return Err(HeaderError::Twice(key.to_owned(), *first));
        }
        self.seen.push((key.to_owned(), n));
        match key {
            "protocol" => {
                self.protocol = Some(
                    value
                        .parse::<Protocol>()
                        .map_err(|_| HeaderError::UnknownProtocol(value.to_owned()))?,
                )
            }
            "title" => self.title = Some(value.to_owned()),
            "game" => {
                let kind = value.parse::<GameKind>()?;
                self.game = Some((kind, n));
            }
            "spec" => self.spec = Some(value.to_owned()),
            "cites" => self.cites = parse_cites(value)?,
            "timeout" => self.timeout_ms = parse_duration(value)?,
            "line-ending" => {
                self.line_end = Some(
                    LineEnd::from_name(value)
                        .ok_or_else(|| HeaderError::LineEnding(value.to_owned()))?,
                )
            }
            _ => return Err(HeaderError::Unknown(key.to_owned())),
        }
        Ok(())
    }
}
