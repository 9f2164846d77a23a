//! What a GUI did after each stress the stand-in put on it: the first line each behaviour
//! shaped, and the GUI's next move on the wire — it went on (its next command and how soon),
//! it did not wait (it wrote before the answer came), or it gave up (it closed the pipe, or the
//! session ended otherwise). Observations for the report's notes; they judge nothing.

use crate::protocol::{Protocol, with_codec};
use crate::session::{Direction, Entry, Transcript};
use crate::standin::{Behaviour, StandsIn};

/// One note per behaviour that showed in the transcript.
pub fn reactions(
    protocol: Protocol,
    behaviours: &[Behaviour],
    transcript: &Transcript,
) -> Vec<String> {
    behaviours
        .iter()
        .filter_map(|b| {
            let index = (0..transcript.entries.len()).find(|&i| {
                transcript.entries[i].direction == Direction::Received
                    && shaped(protocol, *b, transcript, i)
            })?;
            Some(format!(
                "{b}: after `{}`, {}",
                transcript.entries[index].text,
                next_move(transcript, index)
            ))
        })
        .collect()
}

/// Whether the engine's line at `index` is one the behaviour shaped.
fn shaped(protocol: Protocol, behaviour: Behaviour, transcript: &Transcript, index: usize) -> bool {
    let entry = &transcript.entries[index];
    let text = entry.text.as_str();
    match behaviour {
        Behaviour::SlowHandshake => {
            with_codec!(protocol, C => <C as StandsIn>::answers_opening(text))
        }
        Behaviour::LateReadyok => text.eq_ignore_ascii_case("readyok"),
        Behaviour::InfoFlood | Behaviour::NoPonderMove => {
            text.starts_with("bestmove") || text.starts_with("BESTMOVE")
        }
        Behaviour::Resign => text.ends_with(" resign") || text.ends_with(" draw"),
        Behaviour::Crlf => true,
        Behaviour::MessageBeforeMove => text.starts_with("MESSAGE"),
        Behaviour::OnlySize20 => text.starts_with("ERROR"),
        Behaviour::EmptyLineBeforeMove => text.is_empty(),
        Behaviour::LongMessage => text.starts_with("MESSAGE") && entry.dropped_bytes > 0,
        Behaviour::FreeTextAbout => text.starts_with("Arbiter stand-in"),
        Behaviour::OverrunTurn => text
            .split_once(',')
            .is_some_and(|(x, y)| [x, y].iter().all(|n| n.parse::<u8>().is_ok())),
        Behaviour::Suggest => text.starts_with("SUGGEST"),
        Behaviour::UnknownReservedOption => {
            text.contains(crate::protocol::uci::INVENTED_RESERVED_OPTION)
        }
        // The late result: the first BESTMOVE after a `GO PONDER`.
        Behaviour::LateBackgroundBestmove => {
            text.starts_with("BESTMOVE") && answers_background(&transcript.entries[..index])
        }
    }
}

/// Whether the last `GO` or `BESTMOVE` among `before` is a `GO PONDER`, possibly followed
/// by a foreground `GO` that no `BESTMOVE` answered yet.
fn answers_background(before: &[Entry]) -> bool {
    let is_go = |e: &Entry| e.direction == Direction::Sent && e.text.starts_with("GO");
    let last_result = before
        .iter()
        .rposition(|e| e.direction == Direction::Received && e.text.starts_with("BESTMOVE"));
    before[last_result.map_or(0, |i| i + 1)..]
        .iter()
        .any(|e| is_go(e) && e.text.split_whitespace().any(|w| w == "PONDER"))
}

/// What the GUI did after the entry at `index`.
fn next_move(transcript: &Transcript, index: usize) -> String {
    let shaped = &transcript.entries[index];
    // The command the line answered: the last one the GUI sent before it.
    let asked = transcript.entries[..index]
        .iter()
        .rposition(|e| e.direction == Direction::Sent);
    let waited_ms = asked
        .map(|a| (shaped.at.us - transcript.entries[a].at.us.min(shaped.at.us)) as f64 / 1000.0);
    let next = transcript.entries[index + 1..]
        .iter()
        .find(|e| e.direction == Direction::Sent);
    let waited = waited_ms.map_or(String::new(), |ms| {
        format!(
            " (it came {ms:.0} ms after the GUI's `{}`)",
            transcript.entries[asked.unwrap_or(0)].text
        )
    });
    match next {
        Some(next) => format!(
            "the GUI went on with `{}` {:.1} ms later{waited}",
            next.text,
            (next.at.us - shaped.at.us) as f64 / 1000.0
        ),
        None => match (transcript.stdin_closed_at_us, &transcript.exit) {
            (Some(closed), _) => format!(
                "the GUI sent nothing more and closed the pipe {:.1} ms later{waited}",
                (closed.saturating_sub(shaped.at.us)) as f64 / 1000.0
            ),
            (None, Some(exit)) if exit.killed_by_harness => {
                format!(
                    "the GUI sent nothing more; the session was ended by a signal or timed out{waited}"
                )
            }
            _ => format!("the GUI sent nothing more{waited}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::At;

    #[test]
    fn the_gui_s_next_command_and_its_delay_are_noted() {
        let entries = vec![
            Entry::sent(At { seq: 0, us: 0 }, "uci"),
            Entry::received(
                At {
                    seq: 1,
                    us: 1_500_000,
                },
                "uciok",
            ),
            Entry::sent(
                At {
                    seq: 2,
                    us: 1_502_500,
                },
                "isready",
            ),
            Entry::received(
                At {
                    seq: 3,
                    us: 2_202_500,
                },
                "readyok",
            ),
        ];
        let transcript = Transcript {
            entries,
            stdin_closed_at_us: Some(2_300_000),
            ..Transcript::default()
        };
        let notes = reactions(
            Protocol::Uci,
            &[Behaviour::SlowHandshake, Behaviour::LateReadyok],
            &transcript,
        );
        assert_eq!(
            notes,
            [
                "slow-handshake: after `uciok`, the GUI went on with `isready` 2.5 ms later (it came 1500 ms after the GUI's `uci`)",
                "late-readyok: after `readyok`, the GUI sent nothing more and closed the pipe 97.5 ms later (it came 700 ms after the GUI's `isready`)",
            ]
        );
    }
}
