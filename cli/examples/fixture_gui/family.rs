//! UCI and UCCI sessions: a conforming one, and one per fault, each breaking one `must` row
//! of the GUI side.

use crate::script::{Script, Step, send};
use crate::steps;

/// UCI: handshake, options, a new game, a search, a ponder hit, an infinite analysis, quit.
pub fn uci(fault: &str) -> Option<Script> {
    let mut s = vec![send("uci"), Step::Expect("uciok")];
    if fault != "none" {
        // The engine initialised, as a conforming GUI waits for before its first search.
        s.extend([send("isready"), Step::Expect("readyok")]);
    }
    let body = match fault {
        "none" => vec![
            send("setoption name Hash value 16"),
            send("isready"),
            Step::Expect("readyok"),
            send("ucinewgame"),
            send("isready"),
            Step::Expect("readyok"),
            send("position startpos moves e2e4"),
            send("go depth 2"),
            Step::Expect("bestmove"),
            send("position startpos moves e2e4 e7e5 g1f3"),
            send("go ponder wtime 1000 btime 1000"),
            send("ponderhit"),
            Step::Expect("bestmove"),
            send("position startpos moves d2d4"),
            Step::IfOffered(
                "UCI_AnalyseMode",
                "setoption name UCI_AnalyseMode value true".into(),
            ),
            send("go infinite"),
            Step::Pause(20),
            send("stop"),
            Step::Expect("bestmove"),
            send("quit"),
        ],
        // uci-r144: an unknown option with the reserved `UCI_` prefix is ignored; this GUI
        // sets every option the engine offers to its default, whatever its name.
        "sets-every-option" => vec![
            Step::SetEveryOffered,
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
        ],
        // uci-r39: setoption only while the engine waits for commands.
        "setoption-while-searching" => vec![
            send("position startpos"),
            send("go infinite"),
            send("setoption name Hash value 16"),
            send("stop"),
            Step::Expect("bestmove"),
            send("quit"),
        ],
        // uci-r77: ponderhit only in ponder mode.
        "ponderhit-without-ponder" => vec![
            send("position startpos"),
            send("go infinite"),
            send("ponderhit"),
            send("stop"),
            Step::Expect("bestmove"),
            send("quit"),
        ],
        // uci-r77: ponderhit only in ponder mode, also right after an ordinary search ended.
        "ponderhit-after-search" => vec![
            send("position startpos"),
            send("go movetime 50"),
            Step::Expect("bestmove"),
            send("ponderhit"),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
        ],
        // uci-r19: castling is written as the king's move (e1g1), not the king taking its rook.
        "castling-as-king-takes-rook" => vec![
            send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1"),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
        ],
        // uci-r62: the clock a `go` states is charged with the last search; uci2wb, in a game
        // of a fixed time per move, states the mover's per-move time beside `movetime` (and 0
        // the first time), a clock the text does not define there: a warning.
        "movetime-with-reset-clocks" => vec![
            send("position startpos"),
            send("go btime 0 wtime 0 movetime 100"),
            Step::Expect("bestmove"),
            send("position startpos moves e2e4 e7e5"),
            send("go btime 0 wtime 100 movetime 100"),
            Step::Expect("bestmove"),
            send("quit"),
        ],
        // uci-r13: a position before go.
        "go-without-position" => vec![send("go depth 1"), Step::Expect("bestmove"), send("quit")],
        // uci-r18: moves are legal from the position they follow.
        "illegal-move-in-position" => vec![
            send("position startpos moves e2e5"),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
        ],
        // uci-r179: a spin value within its limits.
        "negative-hash" => vec![
            send("setoption name Hash value -1"),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
        ],
        // uci-r72: `movetime` is a whole number of milliseconds, not seconds with a fraction.
        // Whether or not the engine searches on a `go` it cannot read, `stop` ends any
        // search it started and `isready` waits for it.
        "movetime-not-a-number" => vec![
            send("position startpos"),
            send("go movetime 0.5"),
            send("stop"),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
        ],
        // uci-r60, r76: `ponderhit` only when the opponent played the expected move. This
        // GUI says the guess (g1f3) came true, then sets up the game with another move
        // (b1c3) and the engine's answer after it.
        "false-ponderhit" => vec![
            send("position startpos moves e2e4 e7e5 g1f3"),
            send("go ponder wtime 10000 btime 10000"),
            send("ponderhit"),
            Step::Expect("bestmove"),
            Step::SendBest("position startpos moves e2e4 e7e5 b1c3 {best}".into()),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
        ],
        // uci-r68 (and r62, r64): in sudden death no time comes on top; this GUI gives its
        // engine twice what it had after its search.
        "clock-not-charged" => vec![
            send("position startpos"),
            send("go wtime 10000 btime 10000"),
            Step::Expect("bestmove"),
            send("position startpos moves e2e4 e7e5"),
            send("go wtime 20000 btime 10000"),
            Step::Expect("bestmove"),
            send("quit"),
        ],
        // uci-r66: `movestogo` counts the moves left to the time control; this GUI states
        // the same count after the engine has moved.
        "movestogo-not-counted" => vec![
            send("position startpos"),
            send("go wtime 60000 btime 60000 movestogo 10"),
            Step::Expect("bestmove"),
            send("position startpos moves e2e4 e7e5"),
            send("go wtime 59500 btime 60000 movestogo 10"),
            Step::Expect("bestmove"),
            send("quit"),
        ],
        // uci-r06: every command ends with LF.
        "no-line-end" => vec![
            send("isready"),
            Step::Expect("readyok"),
            Step::Raw("quit".into()),
            Step::Close,
        ],
        _ => return None,
    };
    s.extend(body);
    steps(s)
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// UCCI: the worked example of the text, shortened: handshake, options, a search, a ponder
/// hit, a ponder miss (stop, wait for the result, then the new position), quit.
pub fn ucci(fault: &str) -> Option<Script> {
    let position = |moves: &str| send(format!("position fen {START}{moves}"));
    // Times in milliseconds, as the worked example sets it up.
    let handshake = vec![
        send("ucci"),
        Step::Expect("ucciok"),
        send("setoption usemillisec true"),
    ];
    // The three clock faults charge a search of about 100 ms (the fixture engine's) as a GUI
    // that measured up to 800 ms would: the checks' slack covers that much.
    let timed = |first: &str, second: &str| {
        vec![
            position(""),
            send(first),
            Step::Expect("bestmove"),
            position(" moves h2e2 h7e7"),
            send(second),
            Step::Expect("bestmove"),
            send("quit"),
            Step::Expect("bye"),
        ]
    };
    let body = match fault {
        "none" => vec![
            send("isready"),
            Step::Expect("readyok"),
            position(""),
            send("go depth 2"),
            Step::Expect("bestmove"),
            position(" moves h2e2 h7e7"),
            send("go ponder time 1000"),
            send("ponderhit"),
            Step::Expect("bestmove"),
            position(" moves h2e2 h7e7 h0g2 b9c7"),
            send("go ponder time 1000"),
            send("stop"),
            Step::Expect("bestmove"),
            position(" moves h2e2 h7e7 h0g2 h9g7"),
            send("go depth 1"),
            Step::Expect("bestmove"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r20: `ucci` is the first command.
        "handshake-not-first" => {
            return steps(vec![
                send("isready"),
                Step::Pause(50),
                send("ucci"),
                Step::Expect("ucciok"),
                send("quit"),
                Step::Expect("bye"),
            ]);
        }
        // ucci-r95: after `stop`, wait for the result before the next position. The two lines
        // go in one write, so however fast the engine answers `stop`, the position is on the
        // wire before that answer (sent apart, a loaded machine could let the answer in first,
        // and the GUI would look as if it had waited).
        "position-after-stop" => vec![
            position(""),
            send("go infinite"),
            Step::Raw(format!("stop\nposition fen {START} moves h2e2\n")),
            Step::Expect("bestmove"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r116: `quit` only while the engine is idle.
        "quit-while-thinking" => vec![position(""), send("go infinite"), send("quit"), Step::Close],
        // ucci-r77: `ponder` and `draw` never together.
        // ucci-r76: the draw offer after the thinking mode, where an engine reading the text's
        // form `go draw <mode>` does not see it.
        "draw-after-mode" => vec![
            position(""),
            send("go time 1000 draw"),
            Step::Expect("bestmove"),
            send("quit"),
            Step::Expect("bye"),
        ],
        "ponder-with-draw" => vec![
            position(""),
            send("go ponder draw time 1000"),
            send("stop"),
            Step::Expect("bestmove"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r89: `ponderhit` only while the engine ponders, also right after an ordinary
        // search ended.
        "ponderhit-after-search" => vec![
            position(""),
            send("go depth 1"),
            Step::Expect("bestmove"),
            send("ponderhit"),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r92: a draw offered to the pondering engine is `ponderhit draw`; this GUI adds
        // a word, so an engine reading the text's form never sees the offer.
        "ponderhit-draw-misspelt" => vec![
            position(" moves h2e2"),
            send("go ponder time 1000"),
            send("ponderhit draw please"),
            send("stop"),
            Step::Expect("bestmove"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r11: a game from the start has red to move; this GUI begins it with black.
        "black-moves-first" => vec![
            send(format!(
                "position fen {} b - - 0 1",
                START.split(' ').next().unwrap_or(START)
            )),
            send("go depth 1"),
            Step::Expect("bestmove"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r93: `stop` only while the engine thinks.
        "stop-when-idle" => vec![
            send("isready"),
            Step::Expect("readyok"),
            send("stop"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r19 (and r18): `b0c2` is the horse's move from rank 0; a GUI numbering ranks
        // from 1 writes `b1c3`, which is no legal move.
        "ranks-numbered-from-one" => vec![
            position(" moves b1c3"),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r90: `ponderhit` only when the opponent played the ponder move. This GUI says
        // the guess (h7e7) came true, then sets up the game with another move (b9c7) and
        // the engine's answer after it.
        "false-ponderhit" => vec![
            position(" moves h2e2 h7e7"),
            send("go ponder time 1000"),
            send("ponderhit"),
            Step::Expect("bestmove"),
            Step::SendBest(format!("position fen {START} moves h2e2 b9c7 {{best}}")),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r127: the opponent played the guess, and this GUI stops the ponder search
        // and searches the same position anew instead of sending `ponderhit`.
        "ponder-hit-as-miss" => vec![
            position(" moves h2e2 h7e7"),
            send("go ponder time 1000"),
            send("stop"),
            Step::Expect("bestmove"),
            position(" moves h2e2 h7e7"),
            send("go depth 1"),
            Step::Expect("bestmove"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r27 (and r122): without `setoption usemillisec true` times are seconds; this
        // GUI writes milliseconds.
        "milliseconds-in-seconds-mode" => {
            let mut s = vec![send("ucci"), Step::Expect("ucciok")];
            s.extend(timed(
                "go time 60000 increment 0",
                "go time 59200 increment 0",
            ));
            return steps(s);
        }
        // ucci-r71: the increment is added after each move; this GUI leaves it out.
        "increment-not-added" => timed(
            "go time 60000 increment 5000",
            "go time 59200 increment 5000",
        ),
        // ucci-r70: `movestogo` counts the moves still to play in the period; this GUI
        // states the same count after the engine has moved.
        "movestogo-not-counted" => {
            timed("go time 60000 movestogo 10", "go time 59500 movestogo 10")
        }
        // ucci-r12, r13: with nothing captured, the FEN stays the start and the moves grow;
        // this GUI sends the position after two quiet moves as a FEN alone.
        "fen-past-quiet-moves" => vec![
            position(""),
            send("go depth 1"),
            Step::Expect("bestmove"),
            send(
                "position fen rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 2",
            ),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
            Step::Expect("bye"),
        ],
        // ucci-r06: the position is a legal one.
        "illegal-move-in-position" => vec![
            position(" moves h2e2 h2e2"),
            send("isready"),
            Step::Expect("readyok"),
            send("quit"),
            Step::Expect("bye"),
        ],
        _ => return None,
    };
    let mut s = handshake;
    s.extend(body);
    steps(s)
}
