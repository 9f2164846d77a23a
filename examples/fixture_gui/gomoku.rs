//! Gomocup and AGI sessions: a conforming manager's, and one per fault.

use crate::script::{Script, Step, send};
use crate::steps;

/// Gomocup: START, INFO, BEGIN, TURN, a BOARD, RESTART, END.
pub fn gomocup(fault: &str) -> Option<Script> {
    let body = match fault {
        "none" => vec![
            send("START 15"),
            Step::Expect("OK"),
            send("INFO timeout_turn 1000"),
            send("INFO timeout_match 100000"),
            send("INFO rule 0"),
            send("BEGIN"),
            Step::ExpectPoint,
            send("TURN 0,0"),
            Step::ExpectPoint,
            send("RESTART"),
            Step::Expect("OK"),
            send("BOARD"),
            send("7,7,1"),
            send("8,8,2"),
            send("DONE"),
            Step::ExpectPoint,
            send("END"),
            Step::Close,
        ],
        // A TURN before the brain answered the last move request.
        "turn-before-answer" => vec![
            send("START 15"),
            Step::Expect("OK"),
            send("BEGIN"),
            send("TURN 0,0"),
            Step::ExpectPoint,
            Step::ExpectPoint,
            send("END"),
            Step::Close,
        ],
        // A move request before START.
        "turn-before-start" => vec![send("TURN 7,7"), Step::Pause(200), send("END"), Step::Close],
        // A TURN on a point off the board.
        "turn-off-board" => vec![
            send("START 15"),
            Step::Expect("OK"),
            send("TURN 15,3"),
            Step::Pause(200),
            send("END"),
            Step::Close,
        ],
        _ => return None,
    };
    steps(body)
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
            send("GO TIME 3000"),
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
