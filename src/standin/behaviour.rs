//! What the stand-in may do that stays within the text but stresses a GUI.

use std::fmt;
use std::str::FromStr;

/// One behaviour, chosen by name on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    /// The handshake reply (Gomocup: START's `OK`) comes 1.5 s late (the harness's bound for
    /// an engine is 2 s; the texts set none).
    SlowHandshake,
    /// `readyok` comes 700 ms late (within the 1 s an engine is given).
    LateReadyok,
    /// 2,000 search reports before each result (AGI: 5,000 `INFO` lines, past a pipe's
    /// 64 KiB, which a GUI that reads during searches takes as they come, agi-r08).
    InfoFlood,
    /// `bestmove` without a ponder move.
    NoPonderMove,
    /// UCCI: `bestmove … resign` (ucci-r105), and `draw` when a draw is offered (ucci-r104).
    Resign,
    /// Lines end with CR LF.
    Crlf,
    /// Gomocup: `DEBUG` and `MESSAGE` before each move (gomocup-r134).
    MessageBeforeMove,
    /// Gomocup: `ERROR` to every board size but 20, the one a brain must support (gomocup-r37,
    /// gomocup-r39).
    OnlySize20,
    /// Gomocup: an empty line before each move, which the manager ignores (gomocup-r09).
    EmptyLineBeforeMove,
    /// Gomocup: a `MESSAGE` of 1 MiB before the first move, which the manager may truncate but
    /// must not crash on (gomocup-r10).
    LongMessage,
    /// Gomocup: `ABOUT` answered in free text, as older brains do (gomocup-r102).
    FreeTextAbout,
    /// Gomocup: the first move comes past twice the turn time and 1.5 s more, which loses the
    /// game (gomocup-r60); the manager rules it, or its next TURN shows it did not.
    OverrunTurn,
    /// Gomocup: `SUGGEST` instead of each move, then the point `PLAY` gives (gomocup-r135,
    /// gomocup-r138).
    Suggest,
    /// UCI: an option under the reserved `UCI_` prefix that Arbiter made up
    /// (`UCI_ArbiterInvented`), which
    /// the GUI must ignore (uci-r144).
    UnknownReservedOption,
    /// AGI: background thinking (`GO PONDER`) answers `STOP` with nothing at once; its
    /// `BESTMOVE` comes late, just before the engine's next answer (`READYOK`, or right after
    /// the next `GO`), which the text allows (agi-r65) and a GUI must not take for that
    /// `GO`'s answer (agi-r66). A GUI that waits for it instead waits for ever.
    LateBackgroundBestmove,
}

impl Behaviour {
    pub(crate) const ALL: [Behaviour; 15] = [
        Behaviour::SlowHandshake,
        Behaviour::LateReadyok,
        Behaviour::InfoFlood,
        Behaviour::NoPonderMove,
        Behaviour::Resign,
        Behaviour::Crlf,
        Behaviour::MessageBeforeMove,
        Behaviour::OnlySize20,
        Behaviour::EmptyLineBeforeMove,
        Behaviour::LongMessage,
        Behaviour::FreeTextAbout,
        Behaviour::OverrunTurn,
        Behaviour::Suggest,
        Behaviour::UnknownReservedOption,
        Behaviour::LateBackgroundBestmove,
    ];

    pub(crate) const fn name(self) -> &'static str {
        match self {
            Behaviour::SlowHandshake => "slow-handshake",
            Behaviour::LateReadyok => "late-readyok",
            Behaviour::InfoFlood => "info-flood",
            Behaviour::NoPonderMove => "no-ponder-move",
            Behaviour::Resign => "resign",
            Behaviour::Crlf => "crlf",
            Behaviour::MessageBeforeMove => "message-before-move",
            Behaviour::OnlySize20 => "only-size-20",
            Behaviour::EmptyLineBeforeMove => "empty-line-before-move",
            Behaviour::LongMessage => "long-message",
            Behaviour::FreeTextAbout => "free-text-about",
            Behaviour::OverrunTurn => "overrun-turn",
            Behaviour::Suggest => "suggest",
            Behaviour::UnknownReservedOption => "unknown-reserved-option",
            Behaviour::LateBackgroundBestmove => "late-background-bestmove",
        }
    }
}

impl fmt::Display for Behaviour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no behaviour's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown behaviour `{name}`; known: {}", known_names())]
pub struct UnknownBehaviour {
    name: String,
}

/// Every behaviour's name, for the error that lists them.
fn known_names() -> String {
    let names: Vec<&str> = Behaviour::ALL.iter().map(|b| b.name()).collect();
    names.join(", ")
}

impl FromStr for Behaviour {
    type Err = UnknownBehaviour;

    fn from_str(text: &str) -> Result<Behaviour, UnknownBehaviour> {
        Behaviour::ALL
            .into_iter()
            .find(|b| b.name() == text)
            .ok_or_else(|| UnknownBehaviour { name: text.into() })
    }
}

/// A behaviour file's line that names no behaviour.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {source}")]
pub struct BehaviourListError {
    /// The line, counted from 1.
    line: usize,
    #[source]
    source: UnknownBehaviour,
}

/// Reads a behaviour file: one name a line, `#` starts a comment, blank lines are skipped. For
/// a GUI whose engine settings take a fixed command line, the file changes what the stand-in
/// does without touching the GUI.
pub fn read_behaviour_list(text: &str) -> Result<Vec<Behaviour>, BehaviourListError> {
    let mut behaviours = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let name = line.split('#').next().unwrap_or_default().trim();
        if name.is_empty() {
            continue;
        }
        let behaviour = name.parse().map_err(|source| BehaviourListError {
            line: number + 1,
            source,
        })?;
        if !behaviours.contains(&behaviour) {
            behaviours.push(behaviour);
        }
    }
    Ok(behaviours)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_behaviour_file_names_one_a_line_with_comments() {
        let text = "# stress the GUI's clock\nslow-handshake\n\n  late-readyok  # 700 ms\nslow-handshake\n";
        assert_eq!(
            read_behaviour_list(text),
            Ok(vec![Behaviour::SlowHandshake, Behaviour::LateReadyok])
        );
        let err = read_behaviour_list("crlf\nslow-handshakes\n").unwrap_err();
        assert_eq!(
            err,
            BehaviourListError {
                line: 2,
                source: UnknownBehaviour {
                    name: "slow-handshakes".into()
                }
            }
        );
        assert!(
            err.to_string()
                .starts_with("line 2: unknown behaviour `slow-handshakes`; known: slow-handshake,"),
            "{err}"
        );
        assert_eq!(read_behaviour_list("# nothing\n"), Ok(vec![]));
    }
}
