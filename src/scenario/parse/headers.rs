//! A scenario's headers (`protocol:`, `title:`, …): each read once, before the first step.

use super::values::{parse_cites, parse_duration};
use crate::protocol::{GameKind, LineEnd, Protocol, ReqId};

/// The default for expectations without `within`: generous, since it only bounds a hang (the
/// timeout is always the harness's bound, never one the text gives).
const DEFAULT_TIMEOUT_MS: u64 = 10_000;

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
    pub(super) fn read(&mut self, n: usize, key: &str, value: &str) -> Result<(), String> {
        if let Some((_, first)) = self.seen.iter().find(|(k, _)| k == key) {
            return Err(format!("`{key}:` is given twice (first on line {first})"));
        }
        self.seen.push((key.to_owned(), n));
        match key {
            "protocol" => {
                self.protocol = Some(value.parse::<Protocol>().map_err(|_| {
                    format!(
                        "unknown protocol `{value}`: use {}",
                        Protocol::names_listed()
                    )
                })?)
            }
            "title" => self.title = Some(value.to_owned()),
            "game" => {
                let kind = value.parse::<GameKind>().map_err(|e| e.to_string())?;
                self.game = Some((kind, n));
            }
            "spec" => self.spec = Some(value.to_owned()),
            "cites" => self.cites = parse_cites(value)?,
            "timeout" => self.timeout_ms = parse_duration(value)?,
            "line-ending" => {
                self.line_end = Some(
                    LineEnd::from_name(value)
                        .ok_or_else(|| format!("line-ending `{value}`: use lf, crlf or cr"))?,
                )
            }
            _ => return Err(format!("unknown header `{key}:`")),
        }
        Ok(())
    }
}
