//! Arbiter's stand-in engine: a conforming engine of its own in each of the four protocols, for checking a GUI
//! where no engine should be needed (`arbiter stand-in` runs it behind the spy, so the GUI is
//! judged exactly as `arbiter spy` judges it).
//!
//! It answers every command the text gives an answer, plays legal moves chosen by the rules
//! oracles (a seeded pick, or the free point nearest the centre: a sparring partner for
//! GUIs, not for engines), writes a search report before each UCCI/UCI result, ponders, and
//! stops when told. Behaviours ([`Behaviour`]) stay within the text but stress a GUI: a slow
//! handshake, a late `readyok`, a flood of reports, no ponder move, a resignation, messages
//! before a move, an unsupported board size. With a seed (`--fuzz SEED`) the choices the text
//! leaves free are drawn at random instead, reproducibly ([`Choices`]); behaviours and drawn
//! choices reach the engines by the same path.

mod behaviour;
mod choices;
mod family;
mod gomoku;

use std::io::{BufRead, Read, Write};
use std::sync::mpsc;

pub use behaviour::{Behaviour, read_behaviour_list};
pub use choices::{Choices, SearchChoices, Think, Verdict};
pub(crate) use choices::{Freedoms, Ponder, Reports};

use crate::protocol::{Codec, GameKind, Protocol, with_codec};

/// Why the stand-in stopped early.
#[derive(Debug, thiserror::Error)]
pub enum StandInError {
    /// A write to the GUI failed.
    #[error("cannot write to the GUI: {0}")]
    Io(#[from] std::io::Error),
}

/// Runs the engine until `quit` or the end of its input, making `choices` (built for
/// `protocol`).
pub fn run(
    protocol: Protocol,
    game: GameKind,
    choices: Choices,
    input: impl Read + Send + 'static,
    output: impl Write,
) -> Result<(), StandInError> {
    let lines = read_lines(input);
    let out = Out::new(output, choices.crlf());
    with_codec!(protocol, C => <C as StandsIn>::run(game, choices, lines, out))
}

/// What the stand-in is in each protocol: implemented on its codec type in its own module
/// (`family.rs` for UCCI and UCI, `gomoku.rs` for Gomocup and AGI) and reached through
/// `with_codec!`.
pub(crate) trait StandsIn: Codec {
    /// What the protocol's text leaves the engine free to write around a move, and what the
    /// stand-in writes there by default.
    const FREEDOMS: Freedoms;

    /// Plays the engine until `quit` or the end of its input.
    fn run<W: Write>(
        game: GameKind,
        choices: Choices,
        lines: mpsc::Receiver<String>,
        out: Out<W>,
    ) -> Result<(), StandInError>;

    /// Whether `line` is the stand-in's answer to the GUI's opening, the line a slow
    /// handshake delays: the handshake's reply (Gomocup, which has none, overrides this).
    fn answers_opening(line: &str) -> bool {
        Self::PROTOCOL
            .facts()
            .handshake
            .and_then(|h| h.reply)
            .is_some_and(|reply| reply == line)
    }
}

/// The engine's stdout, one flushed line at a time.
pub(crate) struct Out<W: Write> {
    out: W,
    ending: &'static str,
}

impl<W: Write> Out<W> {
    pub(crate) fn new(out: W, crlf: bool) -> Out<W> {
        Out {
            out,
            ending: if crlf { "\r\n" } else { "\n" },
        }
    }

    pub(crate) fn line(&mut self, text: &str) -> std::io::Result<()> {
        write!(self.out, "{text}{}", self.ending)?;
        self.out.flush()
    }
}

/// The GUI's lines, read on a thread so the engine can think and listen at once.
fn read_lines(input: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = std::io::BufReader::new(input);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf);
                    if send
                        .send(line.trim_end_matches(['\r', '\n']).to_owned())
                        .is_err()
                    {
                        break;
                    }
                }
            }
        }
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::rules::gomoku::{Board, BoardSize, Stone};

    /// The stand-in's whole output for `input`, with the behaviours.
    fn session(protocol: Protocol, behaviours: &[Behaviour], input: &str) -> Vec<String> {
        fuzzed_session(protocol, behaviours, None, input)
    }

    /// The stand-in's whole output for `input`, with the behaviours and the seed.
    fn fuzzed_session(
        protocol: Protocol,
        behaviours: &[Behaviour],
        seed: Option<u64>,
        input: &str,
    ) -> Vec<String> {
        let mut output = Vec::new();
        let game = protocol.default_game();
        run(
            protocol,
            game,
            Choices::new(protocol, behaviours, seed),
            std::io::Cursor::new(input.to_owned()),
            &mut output,
        )
        .unwrap();
        String::from_utf8(output)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    /// The words of the first line starting with `prefix`.
    fn words_of<'a>(out: &'a [String], prefix: &str) -> Vec<&'a str> {
        out.iter()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix}: {out:?}"))
            .split_whitespace()
            .collect()
    }

    /// Whether `reply` is legal after `best` from the position `moves` lead to.
    fn legal_reply<G: Game>(moves: &[&str], best: &str, reply: &str) -> bool {
        let mut position = G::start_position();
        for mv in moves.iter().chain([&best]) {
            position.play_text(mv).unwrap();
        }
        position.legal_move_texts().iter().any(|m| m == reply)
    }

    /// Under `--fuzz` a result names a ponder move or not as drawn, and the one it names is a
    /// legal reply to the best move, in UCI and UCCI; an AGI one is an empty point that no
    /// rule forbids the opponent.
    #[test]
    fn fuzzed_ponder_moves_are_legal_replies() {
        let mut named = [0; 3];
        for seed in 0..40 {
            // Clocks of a few milliseconds keep each drawn search short; the next position ends
            // the search with its result at once (`quit` would end it without one).
            let out = fuzzed_session(
                Protocol::Uci,
                &[],
                Some(seed),
                "position startpos moves e2e4\ngo movetime 2\nposition startpos\n",
            );
            let words = words_of(&out, "bestmove");
            if let [_, best, "ponder", reply] = words[..] {
                named[0] += 1;
                assert!(
                    legal_reply::<crate::rules::chess::ChessPosition>(&["e2e4"], best, reply),
                    "seed {seed}: {words:?}"
                );
            } else {
                assert_eq!(words.len(), 2, "seed {seed}: {words:?}");
            }

            let out = fuzzed_session(
                Protocol::Ucci,
                &[],
                Some(seed),
                "setoption usemillisec true\nposition startpos moves h2e2\ngo time 80\nposition startpos\n",
            );
            let words = words_of(&out, "bestmove");
            if let [_, best, "ponder", reply, ..] = words[..] {
                named[1] += 1;
                assert!(
                    legal_reply::<crate::rules::xiangqi::Position>(&["h2e2"], best, reply),
                    "seed {seed}: {words:?}"
                );
            }

            let out = fuzzed_session(
                Protocol::Agi,
                &[],
                Some(seed),
                "POSITION MOVES 7877\nGO TIME 80\nPOSITION MOVES 78\n",
            );
            let words = words_of(&out, "BESTMOVE");
            if let [_, best, "PONDER", reply] = words[..] {
                named[2] += 1;
                let size = BoardSize::square(15).unwrap();
                let point = |t| crate::rules::gomoku::agi::parse_point(t, size).unwrap();
                let mut board = Board::new(size);
                for (p, stone) in [
                    ("78", Stone::Black),
                    ("77", Stone::White),
                    (best, Stone::Black),
                ] {
                    board.place(point(p), stone).unwrap();
                }
                assert!(
                    board
                        .is_legal_move(
                            point(reply),
                            Stone::White,
                            crate::rules::gomoku::Rule::RENJU
                        )
                        .is_ok(),
                    "seed {seed}: {words:?}"
                );
            }
        }
        // Both kinds of result came, in each protocol.
        assert!(named.iter().all(|&n| n > 0 && n < 40), "{named:?}");
    }

    /// The same seed makes the same engine output for the same input, the clock's readings
    /// apart; another seed makes other choices.
    #[test]
    fn a_fuzzed_session_repeats_with_its_seed() {
        let time = regex_lite::Regex::new(r" time \d+").unwrap();
        let input = "setoption usemillisec true\nposition startpos\ngo time 80\n\
                     position startpos moves h2e2 h7e7\ngo draw time 80\n\
                     position startpos moves h2e2 h7e7 h0g2\ngo ponder time 80\nponderhit\n\
                     position startpos moves h2e2 h7e7 h0g2 b9c7\ngo infinite\nstop\nquit\n";
        let output = |seed| {
            fuzzed_session(Protocol::Ucci, &[], Some(seed), input)
                .iter()
                .map(|line| time.replace(line, " time T").into_owned())
                .collect::<Vec<_>>()
        };
        let first = output(5);
        assert_eq!(
            first.iter().filter(|l| l.starts_with("bestmove")).count(),
            4,
            "{first:?}"
        );
        assert_eq!(first, output(5));
        assert_ne!(first, output(6));
        let gomocup = |seed| {
            fuzzed_session(
                Protocol::Gomocup,
                &[],
                Some(seed),
                "START 15\nINFO timeout_turn 20\nBEGIN\nTURN 0,0\nTURN 1,1\nEND\n",
            )
        };
        let first = gomocup(3);
        assert_eq!(first, gomocup(3));
        assert!(
            (3..=9).any(|seed| gomocup(seed) != first),
            "the seed draws DEBUG and MESSAGE lines: {first:?}"
        );
    }

    #[test]
    fn gomocup_moves_near_the_centre_and_refuses_sizes_when_told() {
        let out = session(
            Protocol::Gomocup,
            &[],
            "START 15\r\nBEGIN\r\nTURN 0,0\r\nABOUT\r\nYXSHOW\r\nEND\r\n",
        );
        // The free point nearest the centre: the same ring, then the nearer side, then top-left.
        assert_eq!(out[..3], ["OK", "7,7", "7,6"]);
        assert!(out[3].starts_with("name=\"Arbiter stand-in\""), "{out:?}");
        assert_eq!(out[4], "UNKNOWN YXSHOW");
        let out = session(
            Protocol::Gomocup,
            &[Behaviour::OnlySize20],
            "START 15\nSTART 20\nEND\n",
        );
        assert!(out[0].starts_with("ERROR"), "{out:?}");
        assert_eq!(out[1], "OK");
        let out = session(
            Protocol::Gomocup,
            &[Behaviour::MessageBeforeMove],
            "START 20\nBEGIN\nEND\n",
        );
        assert_eq!(
            out,
            [
                "OK",
                "DEBUG looking near the centre",
                "MESSAGE Arbiter stand-in is thinking",
                "10,10"
            ]
        );
    }

    /// The behaviours that provoke a manager's rulings: an empty line before each move, a
    /// 1 MiB MESSAGE before the first, ABOUT in free text, SUGGEST then the point PLAY gives,
    /// the first move past the turn time.
    #[test]
    fn gomocup_behaviours_stress_the_manager_within_the_text() {
        let out = session(
            Protocol::Gomocup,
            &[Behaviour::EmptyLineBeforeMove, Behaviour::LongMessage],
            "START 20\nBEGIN\nTURN 0,0\nEND\n",
        );
        assert_eq!(
            out.len(),
            6,
            "{:?}",
            out.iter().map(String::len).collect::<Vec<_>>()
        );
        assert_eq!(out[0], "OK");
        assert!(out[1].starts_with("MESSAGE ") && out[1].len() > 1 << 20);
        assert_eq!(out[2..], ["", "10,10", "", "10,9"]);
        let out = session(
            Protocol::Gomocup,
            &[Behaviour::FreeTextAbout, Behaviour::Suggest],
            "START 20\nABOUT\nBEGIN\nPLAY 3,3\nTURN 10,10\nEND\n",
        );
        assert_eq!(
            out,
            [
                "OK",
                "Arbiter stand-in 1, a test brain by the Arbiter developers",
                "SUGGEST 10,10",
                "3,3",
                "SUGGEST 10,9"
            ]
        );
        let started = std::time::Instant::now();
        let out = session(
            Protocol::Gomocup,
            &[Behaviour::OverrunTurn],
            "START 20\nINFO timeout_turn 100\nBEGIN\nTURN 0,0\nEND\n",
        );
        assert_eq!(out, ["OK", "10,10", "10,9"]);
        assert!(started.elapsed() >= std::time::Duration::from_millis(1700));
    }

    #[test]
    fn gomocup_board_and_renju_are_respected() {
        // Under renju, black may not play a double three: the centre-most point that makes one
        // is passed over.
        let board =
            "START 15\nINFO rule 4\nBOARD\n7,7,1\n6,6,2\n8,7,1\n5,5,2\n7,8,1\n4,4,2\nDONE\nEND\n";
        let out = session(Protocol::Gomocup, &[], board);
        assert_eq!(out[0], "OK");
        let point: crate::rules::gomoku::Point = out[1].parse().unwrap();
        let mut b = Board::new(BoardSize::square(15).unwrap());
        for (p, s) in [
            ("7,7", Stone::Black),
            ("6,6", Stone::White),
            ("8,7", Stone::Black),
            ("5,5", Stone::White),
            ("7,8", Stone::Black),
            ("4,4", Stone::White),
        ] {
            b.place(p.parse().unwrap(), s).unwrap();
        }
        assert!(
            b.is_legal_move(point, Stone::Black, crate::rules::gomoku::Rule::RENJU)
                .is_ok(),
            "{point}"
        );
    }

    #[test]
    fn agi_answers_and_moves() {
        let out = session(
            Protocol::Agi,
            &[],
            "AGI\nISREADY\nPOSITION MOVES 78\nGO TIME 1000\nDOMOVE 77\nGO SEARCH 66 INFINITE\nSTOP\nQUIT\n",
        );
        assert_eq!(
            out,
            [
                "ID NAME Arbiter stand-in",
                "ID AUTHOR the Arbiter developers",
                "AGIOK",
                "READYOK",
                "BESTMOVE 68",
                "BESTMOVE 66",
                "BYE"
            ]
        );
    }

    /// `late-background-bestmove`: nothing at STOP of background thinking, its result just
    /// before READYOK when the GUI syncs, and right after the next GO (then the GO's own)
    /// when it does not; without the behaviour background thinking never answers.
    #[test]
    fn agi_background_thinking_answers_late_when_told() {
        let late = [Behaviour::LateBackgroundBestmove];
        // A DOMOVE after the GO ends its search with its result, as the stand-in ends any.
        let synced = "AGI\nPOSITION MOVES 78\nGO PONDER\nSTOP\nISREADY\nGO\nDOMOVE 11\nQUIT\n";
        let out = session(Protocol::Agi, &late, synced);
        assert_eq!(out[3..], ["BESTMOVE 68", "READYOK", "BESTMOVE 68", "BYE"]);
        let unsynced = "AGI\nPOSITION MOVES 78\nGO PONDER\nSTOP\nDOMOVE 11\nGO\nDOMOVE 12\nQUIT\n";
        let started = std::time::Instant::now();
        let out = session(Protocol::Agi, &late, unsynced);
        assert_eq!(out[3..], ["BESTMOVE 68", "BESTMOVE 68", "BYE"]);
        let out = session(Protocol::Agi, &[], unsynced);
        assert_eq!(out[3..], ["BESTMOVE 68", "BYE"]);
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        // The UCI stand-in offers the invented reserved option only when told.
        let handshake = |behaviours: &[Behaviour]| {
            session(Protocol::Uci, behaviours, "uci\nquit\n")
                .iter()
                .any(|l| l.contains(crate::protocol::uci::INVENTED_RESERVED_OPTION))
        };
        assert!(handshake(&[Behaviour::UnknownReservedOption]));
        assert!(!handshake(&[]));
    }

    #[test]
    fn uci_plays_legal_moves_and_ponders_until_told() {
        let out = session(
            Protocol::Uci,
            &[Behaviour::NoPonderMove],
            "uci\nisready\nposition startpos moves e2e4\ngo ponder\nponderhit\ngo depth 1\nstop\nquit\n",
        );
        assert_eq!(
            out.iter().filter(|l| l.starts_with("bestmove")).count(),
            2,
            "{out:?}"
        );
        let best = out.iter().find(|l| l.starts_with("bestmove")).unwrap();
        let mv = best.split_whitespace().nth(1).unwrap();
        let mut position = crate::rules::chess::ChessPosition::start_position();
        position.play_text("e2e4").unwrap();
        assert!(position.parse_move(mv).is_ok(), "{best}");
        assert!(!best.contains("ponder"), "{best}");
    }
}
