//! Gomocup and AGI sessions: a conforming manager's, and one per fault.

use crate::script::{Script, Step, send};
use crate::steps;

/// Gomocup: START, the limits, BEGIN, TURN, a TAKEBACK, RESTART and a BOARD, END; lines end
/// with CR LF, `time_left` comes before every move request of the timed game, less the
/// brain's time on turn (gomocup-r82), and after END the manager waits for the brain to exit.
pub fn gomocup(fault: &str) -> Option<Script> {
    let time_left = || Step::TimeLeft(90000);
    let start = vec![
        send("START 15"),
        Step::Expect("OK"),
        send("INFO timeout_turn 1000"),
        send("INFO timeout_match 100000"),
        send("INFO rule 0"),
    ];
    let end = vec![send("END"), Step::AwaitExit];
    let body = match fault {
        "none" => vec![
            time_left(),
            send("BEGIN"),
            Step::ExpectPoint,
            time_left(),
            send("TURN 0,0"),
            Step::ExpectPoint,
            send("ABOUT"),
            Step::Expect("name"),
            send("RESTART"),
            Step::Expect("OK"),
            time_left(),
            send("BOARD"),
            send("7,7,2"),
            send("8,8,1"),
            send("DONE"),
            Step::ExpectPoint,
        ],
        // The brain owes its move to BEGIN when TURN comes. The four lines go in one write, so
        // however fast the brain answers BEGIN, TURN is on the wire before that answer.
        "turn-before-answer" => vec![
            Step::Raw(
                "INFO time_left 90000\r\nBEGIN\r\nINFO time_left 90000\r\nTURN 0,0\r\n".to_owned(),
            ),
            Step::ExpectPoint,
            Step::ExpectPoint,
        ],
        // A move on a point off the board.
        "turn-off-board" => vec![time_left(), send("TURN 15,3"), Step::Pause(200)],
        // A BOARD while a game is in progress, with no RESTART.
        "board-during-game" => vec![
            time_left(),
            send("BEGIN"),
            Step::ExpectPoint,
            time_left(),
            send("BOARD"),
            send("3,3,2"),
            send("DONE"),
            Step::ExpectPoint,
        ],
        // A timed game's move request with no `time_left` before it.
        "no-time-left" => vec![send("BEGIN"), Step::ExpectPoint],
        // The brain's input closed right after END, before it had ended.
        "close-after-end" => {
            let mut s = start;
            s.extend([
                time_left(),
                send("BEGIN"),
                Step::ExpectPoint,
                send("END"),
                Step::Close,
            ]);
            return gomocup_script(s);
        }
        // Two commands on one line (gomocup-r06). The reference brain reads the first and
        // answers ABOUT, which the fixture waits for.
        "two-commands-one-line" => vec![send("ABOUT BEGIN"), Step::Expect("")],
        // Field 3 in a BOARD of a game that is not continuous (rule 0; gomocup-r52, r72). The
        // brain may refuse the block, so any answer is waited for.
        "field-3-not-continuous" => vec![
            time_left(),
            send("BOARD"),
            send("7,7,2"),
            send("8,8,3"),
            send("DONE"),
            Step::Expect(""),
        ],
        // After RESTART a stone off the 15×15 board START set, as if RESTART had changed the
        // size (gomocup-r109).
        "restart-off-board" => vec![
            time_left(),
            send("BEGIN"),
            Step::ExpectPoint,
            send("RESTART"),
            Step::Expect("OK"),
            time_left(),
            send("TURN 17,3"),
            Step::Expect(""),
        ],
        // A BOARD that holds the opponent's exact five, so the game is over, then another
        // TURN in it without RESTART (gomocup-r108).
        "turn-after-five" => vec![
            time_left(),
            send("BOARD"),
            send("1,1,2"),
            send("1,3,1"),
            send("2,1,2"),
            send("2,3,1"),
            send("3,1,2"),
            send("3,3,1"),
            send("4,1,2"),
            send("4,3,1"),
            send("5,1,2"),
            send("DONE"),
            Step::ExpectPoint,
            time_left(),
            send("TURN 12,12"),
            Step::ExpectPoint,
        ],
        // The opponent's two seconds of thinking charged to the brain's match time
        // (gomocup-r82).
        "time-left-counts-opponent" => vec![
            time_left(),
            send("BEGIN"),
            Step::ExpectPoint,
            Step::ChargedPause(2000),
            time_left(),
            send("TURN 0,0"),
            Step::ExpectPoint,
        ],
        // A tournament (game_type 2) whose turn time changes after the first move (gomocup-r63).
        "limit-changed-in-tournament" => {
            let mut s = start;
            s.extend([
                send("INFO game_type 2"),
                time_left(),
                send("BEGIN"),
                Step::ExpectPoint,
                send("INFO timeout_turn 2000"),
                time_left(),
                send("TURN 0,0"),
                Step::ExpectPoint,
            ]);
            s.extend(end);
            return gomocup_script(s);
        }
        // Against a stand-in that answers ABOUT in free text: the manager gives up on the
        // answer and closes the brain's input, as one that crashed on it would (gomocup-r102).
        "close-after-about" => {
            let mut s = start;
            s.extend([send("ABOUT"), Step::Expect(""), Step::Close]);
            return gomocup_script(s);
        }
        // Against a stand-in whose first move follows a 1 MiB MESSAGE: the manager closes the
        // brain's input on reading it, as one that crashed on it would (gomocup-r10).
        "close-after-long-line" => {
            let mut s = start;
            s.extend([
                time_left(),
                send("BEGIN"),
                Step::Expect("MESSAGE"),
                Step::Close,
            ]);
            return gomocup_script(s);
        }
        // Against a stand-in that writes an empty line before its move: the manager ends the
        // brain on reading it, as one that took the empty line for a bad move would
        // (gomocup-r09).
        "end-after-empty-line" => vec![time_left(), send("BEGIN"), Step::Expect("")],
        // Against a stand-in slow to answer START: the manager ends the brain before any move,
        // as one that counted START as turn time would (gomocup-r83).
        "end-after-start" => vec![],
        // In a tournament (game_type 2), PLAY of another point than the brain's SUGGEST
        // (gomocup-r138), against a stand-in that suggests.
        "play-over-suggest" => {
            let mut s = start;
            s.extend([
                send("INFO game_type 2"),
                time_left(),
                send("BEGIN"),
                Step::Expect("SUGGEST"),
                send("PLAY 0,0"),
                Step::ExpectPoint,
            ]);
            s.extend(end);
            return gomocup_script(s);
        }
        // A move request before START.
        "turn-before-start" => {
            return gomocup_script(vec![
                send("TURN 7,7"),
                Step::Pause(200),
                send("END"),
                Step::AwaitExit,
            ]);
        }
        // BEGIN before START: the brain is asked to open a game it has no board for.
        "begin-before-start" => {
            return gomocup_script(vec![
                send("BEGIN"),
                Step::Pause(200),
                send("END"),
                Step::AwaitExit,
            ]);
        }
        // The session ended by closing the brain's input, with no END: the brain is still
        // running when its pipe closes (gomocup-r96).
        // The game ended without END and the brain left running until the manager exits,
        // which hangs up on it (GomocupJudgeLocal after a forfeit): a warning (gomocup-r94).
        "hangup-without-end" => {
            let mut s = start;
            s.extend([time_left(), send("BEGIN"), Step::ExpectPoint, Step::Hangup]);
            return gomocup_script(s);
        }
        "close-without-end" => {
            let mut s = start;
            s.extend([time_left(), send("BEGIN"), Step::ExpectPoint, Step::Close]);
            return gomocup_script(s);
        }
        // Conforming: a command of another manager's (Yixin's `YXHASHCLEAR`, which the text
        // does not have, gomocup-r118: a warning) and RESTART written together. The brain's
        // `UNKNOWN` answers the first, its `OK` the RESTART, and the game goes on.
        "extension-before-restart" => vec![
            time_left(),
            send("BEGIN"),
            Step::ExpectPoint,
            Step::Raw("YXHASHCLEAR\r\nRESTART\r\n".to_owned()),
            Step::Expect("UNKNOWN"),
            Step::Expect("OK"),
            time_left(),
            send("BEGIN"),
            Step::ExpectPoint,
        ],
        // Lines that end with LF alone.
        "lf-line-ends" => {
            let mut s = start;
            s.extend([time_left(), send("BEGIN"), Step::ExpectPoint]);
            s.extend(end);
            return steps(s);
        }
        _ => return None,
    };
    let mut s = start;
    s.extend(body);
    s.extend(end);
    gomocup_script(s)
}

/// A Gomocup manager's script: every line ends with CR LF.
fn gomocup_script(steps: Vec<Step>) -> Option<Script> {
    Some(Script {
        steps,
        ending: "\r\n",
    })
}

/// AGI: the handshake, options, a position, a search, the engine's move played, QUIT.
pub fn agi(fault: &str) -> Option<Script> {
    let handshake = vec![
        send("AGI"),
        Step::Expect("AGIOK"),
        send("SETOPTION OWNBOOK OFF PONDER OFF"),
        send("ISREADY"),
        Step::Expect("READYOK"),
    ];
    let body = match fault {
        "none" => vec![
            send("POSITION MOVES 78"),
            send("GO TIME 3000"),
            Step::Expect("BESTMOVE"),
            send("POSITION MOVES 7877"),
            send("DOMOVE 66"),
            // The same engine's clock, charged (agi-r67: the remaining time): 3000 ms less
            // what it thought. A script cannot know the figure, so it charges 1500 ms, more
            // than the engine's search ever takes; stating 3000 again gave it back whatever it
            // thought past the check's tolerance, which a loaded machine made a failure.
            send("GO TIME 1500"),
            Step::Expect("BESTMOVE"),
            send("QUIT"),
            Step::Close,
        ],
        // A search before any POSITION.
        "go-without-position" => vec![
            send("GO TIME 1000"),
            Step::Expect("BESTMOVE"),
            send("QUIT"),
            Step::Close,
        ],
        // A timed game's GO with no remaining time.
        "go-without-time" => vec![
            send("POSITION MOVES 78"),
            send("GO TIME 3000"),
            Step::Expect("BESTMOVE"),
            send("POSITION MOVES 7877"),
            send("GO SEARCH 66"),
            Step::Expect("BESTMOVE"),
            send("QUIT"),
            Step::Close,
        ],
        // `AGI` is not the first command.
        "agi-not-first" => {
            // The reference engine takes its protocol from the first line, so no AGIOK comes.
            return steps(vec![
                send("ISREADY"),
                Step::Pause(100),
                send("AGI"),
                Step::Pause(200),
                Step::Close,
            ]);
        }
        // The engine's move (forced by SEARCH) comes back in the other colour: MOVES lists
        // it first, black, where the engine played white after black's 78 (agi-r27).
        "colour-flipped" => vec![
            send("POSITION MOVES 78"),
            send("GO SEARCH 79 TIME 3000"),
            Step::Expect("BESTMOVE"),
            send("POSITION MOVES 7978"),
            send("GO SEARCH 77 TIME 1500"),
            Step::Expect("BESTMOVE"),
            send("QUIT"),
            Step::Close,
        ],
        // The engine's move told back with row and column swapped (agi-r22).
        "domove-transposed" => vec![
            send("POSITION MOVES 78"),
            send("GO SEARCH 79 TIME 3000"),
            Step::Expect("BESTMOVE"),
            send("DOMOVE 97"),
            send("QUIT"),
            Step::Close,
        ],
        // Under SETRULE FORBIDDEN a black move on a double three (78 between black's 77 and
        // 79, 68 and 88; agi-r41).
        "forbidden-move" => vec![
            send("SETRULE FORBIDDEN"),
            send("POSITION MOVES 770168028803790578"),
            send("ISREADY"),
            Step::Expect("READYOK"),
            send("QUIT"),
            Step::Close,
        ],
        // A position sent before the engine's READYOK (agi-r91): both lines in one write, so
        // the position is on the wire before the answer however fast it comes.
        "position-before-readyok" => vec![
            Step::Raw("ISREADY\nPOSITION MOVES 78\n".to_owned()),
            Step::Expect("READYOK"),
            send("QUIT"),
            Step::Close,
        ],
        // The session ended by closing the engine's input, without QUIT (agi-r98).
        "close-without-quit" => vec![send("POSITION MOVES 78"), Step::Close],
        // A GUI that waits for an answer to SETOPTION, which has none, until it gives up and
        // closes the engine's input (agi-r50).
        "wait-after-setoption" => {
            return steps(vec![
                send("AGI"),
                Step::Expect("AGIOK"),
                send("SETOPTION PONDER OFF"),
                Step::Pause(2500),
                Step::Close,
            ]);
        }
        // Background thinking stopped, then synced with ISREADY before the next search, as
        // agi-r66 asks: whatever result background thinking gives late comes before READYOK
        // and is dropped. A conforming session that ponders.
        "ponder-synced" => vec![
            send("POSITION MOVES 78"),
            send("GO TIME 3000"),
            Step::Expect("BESTMOVE"),
            Step::SendBest("DOMOVE {best}".into()),
            send("GO PONDER"),
            Step::Pause(50),
            send("STOP"),
            send("ISREADY"),
            Step::Expect("READYOK"),
            send("DOMOVE 11"),
            send("GO TIME 1500"),
            Step::Expect("BESTMOVE"),
            Step::SendBest("DOMOVE {best}".into()),
            send("QUIT"),
            Step::Close,
        ],
        // agi-r66: background thinking stopped, and the next search started at once; the
        // first BESTMOVE after its GO is played as the engine's move, though background
        // thinking may give its result late, and this one did.
        "late-bestmove-taken" => vec![
            send("POSITION MOVES 78"),
            send("GO TIME 3000"),
            Step::Expect("BESTMOVE"),
            Step::SendBest("DOMOVE {best}".into()),
            send("GO PONDER"),
            Step::Pause(50),
            send("STOP"),
            send("DOMOVE 11"),
            send("GO TIME 1500"),
            Step::Expect("BESTMOVE"),
            Step::SendBest("DOMOVE {best}".into()),
            send("ISREADY"),
            Step::Expect("READYOK"),
            send("QUIT"),
            Step::Close,
        ],
        // agi-r66: a GUI that waits for background thinking's result after STOP, which is
        // not owed, until it gives up and closes the engine's input.
        "wait-after-ponder-stop" => vec![
            send("POSITION MOVES 78"),
            send("GO PONDER"),
            Step::Pause(50),
            send("STOP"),
            Step::Pause(2500),
            Step::Close,
        ],
        // agi-r08: the GUI reads nothing of the engine's output for 3 s of a search (it reads
        // one line when the search's output starts, then pauses).
        "no-read-during-search" => vec![
            send("POSITION MOVES 78"),
            send("GO TIME 3000"),
            Step::PauseReading(3000),
            Step::Expect("BESTMOVE"),
            send("QUIT"),
            Step::Close,
        ],
        // A DOMOVE on a point a stone already holds.
        "domove-on-stone" => vec![
            send("POSITION MOVES 78"),
            send("DOMOVE 78"),
            send("ISREADY"),
            Step::Expect("READYOK"),
            send("QUIT"),
            Step::Close,
        ],
        _ => return None,
    };
    let mut s = handshake;
    s.extend(body);
    steps(s)
}
