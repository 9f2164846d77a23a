//! The misbehaviours the fixture can be asked for on its command line (`FAULT`), one at a time.
//! Each name says what breaks; the sequence faults below say when.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    None,
    LateHandshake,
    NoReadyokWhileSearching,
    BestmoveWhilePondering,
    IllegalBestmove,
    IllegalPonder,
    IllegalPv,
    PlaysBannedMove,
    NoBestmoveAfterStop,
    CrashMidSearch,
    HangOnQuit,
    NoBye,
    Flood,
    Garbage,
    Crlf,
    Cr,
    OccupiedPoint,
    OutputAfterEnd,
    LowerCase,
    UnterminatedLine,
    BadOptions,
    // Faults only a sequence of commands shows, which no scenario of the library sends: what
    // `arbiter fuzz` must find and shrink.
    /// UCI: an illegal ponder move, only for a search ended by `ponderhit` after a `setoption`.
    IllegalPonderAfterSetoption,
    /// UCCI: a banned move as the result, only when `stop` ends an infinite search after `banmoves`.
    BannedMoveOnStop,
    /// UCCI: offers a `style` option (`solid`, `normal`, `risky`, as the text's own example
    /// of `setoption` names), and once a `setoption style …` came, answers every search with
    /// an illegal move (ucci-r100). Only a GUI that sets an option the engine offered (ucci-r50:
    /// the options `setoption` sets are those the handshake offered) reaches it.
    IllegalAfterOfferedStyle,
    /// Gomocup: an off-board answer to `BOARD`, only when the board holds both colours and a
    /// stone on its edge.
    OffBoardAfterEdgeBoard,
    /// AGI: no `BESTMOVE` at `STOP` of `GO INFINITE`, only after a `SETRULE`.
    SilentStopAfterSetrule,
    // Faults one command shows, but only in one state: an `isready` while pondering, a `TURN`
    // after a take-back. Elsewhere the engine conforms.
    /// UCI: no `readyok` to an `isready` that comes while it ponders (after `go ponder`,
    /// before `ponderhit` or `stop`), which breaks uci-r05 (ready for commands even while
    /// thinking), uci-r31 (every `isready` is answered) and uci-r32 (at once, even while
    /// thinking). It ponders on, and answers the `stop` or `ponderhit` that follows with its
    /// `bestmove` as usual.
    IsreadyWhilePondering,
    /// UCCI: no `readyok` to an `isready` that comes while it ponders, from the second
    /// `go ponder` of the process on (ucci-r49: the engine answers `isready` with `readyok`, a
    /// warning mid-search since the texts give `isready` no state, A18), and that ponder search
    /// is lost: `stop` or `ponderhit` gets no result (ucci-r95, ucci-r99, failures). The first
    /// ponder search answers both.
    IsreadyInSecondPonder,
    /// Gomocup: implements `TAKEBACK` (removes the stone, answers `OK`, gomocup-r113), but
    /// answers the first move asked for after it (a `TURN`, or a `BOARD`) with the opponent's
    /// last stone, an occupied point (gomocup-r42, gomocup-r57: the brain's move goes on an
    /// empty point). gomocup-r113 lets the manager go on after a take-back; every other move
    /// is answered as usual.
    OccupiedPointAfterTakeback,
    /// Gomocup: implements `TAKEBACK` (removes the stone, answers `OK`, gomocup-r113), but
    /// when the take-back emptied the board (its opening stone taken back) and a `BEGIN` asks
    /// it to open again, answers off the board (gomocup-r44: the brain opens on the empty
    /// board). Only a manager that goes on after the brain accepted `TAKEBACK`, with the brain
    /// to move, sends that `BEGIN`; every other `BEGIN` and move is answered as usual.
    OffBoardBeginAfterTakeback,
    /// Gomocup: implements `RESTART` (a new empty board, then `OK`, gomocup-r110), but
    /// answers the first `TURN` of the restarted game with the point that `TURN` just took, an
    /// occupied point (gomocup-r42: the brain's move goes on an empty point). Only a manager
    /// that goes on after the brain accepted `RESTART` sees it: `BEGIN`, `BOARD` and every
    /// other `TURN` are answered as usual, and so is everything before a `RESTART`.
    OccupiedPointAfterRestart,
    /// AGI: declares `PONDER TRUE` and ponders on `GO PONDER`, but gives no `READYOK` to an
    /// `ISREADY` while it ponders with background thinking in its default state, that is
    /// before any `SETOPTION … PONDER ON` (agi-r49: on by default); this breaks agi-r52 (a
    /// `READYOK` for every `ISREADY`) and agi-r55 (even while thinking). After `SETOPTION …
    /// PONDER ON`, and in every other search, `ISREADY` is answered.
    IsreadyWhilePonderingByDefault,
    // Faults whose symptom is a missing reply, after three of one command: a fuzzer that
    // waits out each missing reply's bound on every shrinking run takes minutes over them.
    /// UCI: from the third `ucinewgame` of the process on, no `readyok` to `isready` (uci-r31:
    /// every `isready` is answered), idle or not; everything else is answered as usual.
    NoReadyokAfterThirdNewgame,
    /// UCCI: from the third `probe` of the process on (a command it reads and, without a hash
    /// table, leaves unanswered, as the text allows), no `readyok` to `isready` (ucci-r49).
    NoReadyokAfterThirdProbe,
    /// Gomocup: the third `ABOUT` of the process, and every later one, gets no answer
    /// (gomocup-r98: the brain answers `ABOUT` with one line about itself).
    SilentThirdAbout,
    /// AGI: from the third `SETOPTION` of the process on, no `READYOK` to `ISREADY` (agi-r52).
    NoReadyokAfterThirdSetoption,
    /// Gomocup and AGI: the moves given after the fault name on the command line, in order
    /// and as written (Gomocup `x,y`, turned into AGI's hex where it has a form), whatever
    /// the board; then the nearest empty point as without a fault. Match play tests use it
    /// to play a forbidden point, an occupied one at the k-th move, one off the board, or a
    /// five.
    Scripted,
    // Match play: faults (and one quirk) that show only over a game.
    /// UCCI, UCI: legal moves until its third search, which answers an illegal move.
    IllegalAtMove3,
    /// UCCI: offers a draw with every move (`bestmove … draw`).
    OffersDraw,
    /// UCCI: offers a draw with every move from its second search on, so that an opponent
    /// pondering by then hears the offer as `ponderhit draw`.
    OffersDrawLater,
    /// UCCI: accepts a draw offered to it (`go draw …` or `ponderhit draw` answered with
    /// `bestmove … draw`).
    AcceptsDraw,
    /// UCCI: resigns at its second search (`bestmove … resign`).
    Resigns,
    /// UCCI, UCI: takes back its own last move when it can (plays the piece back to where it
    /// came from), so two of them repeat the position; else plays as usual.
    Shuffles,
    // A real engine's ways, for CI machines that cannot build it.
    /// UCCI: what ElephantEye 3.31 (the UCCI texts' own engine, the league's reference
    /// entrant) does, none of it a fault by the texts: `id version 3.31`; `nobestmove` in a
    /// dead position as it reads one (no legal move, or no rook, horse, cannon or pawn on the
    /// board); in a book position `info depth 0 score <weight> pv <move>` for each book move,
    /// then a book move at once, whatever the search asked (so `go infinite` is answered
    /// without `stop`, which ucci-r64 seems to forbid, a warning since the texts' author's
    /// engine does it) and whatever `banmoves` said; `nobestmove` to a `stop` that finds it
    /// idle; a draw offered to a side without a rook, horse or cannon accepted.
    ElephantEye,
    // How a move is written rather than which move it is.
    /// UCI chess: castles whenever it can, and writes castling as Chess960 does, the king
    /// taking its own rook (`e1h1`), in the best move, the ponder move and the pv.
    CastlesAsKingTakesRook,
    /// UCCI, UCI: writes every move in upper case (`H2E2`, `E2E4`), which the texts never do
    /// but do not forbid.
    UpperCaseMoves,
    // Real programs' faults, each as one public program was seen committing it.
    /// UCCI, UCI: sets up the board of `position fen …` or `startpos` but drops the `moves …`
    /// after it, so it thinks about, and plays for, the side to move in the bare FEN: an
    /// illegal reply whenever moves were given (ucci-r57 for UCCI). The public UCCI engine
    /// "harmless" (github timebug/harmless) was seen doing this.
    IgnoresPositionMoves,
    /// UCCI: dies by SIGSEGV, the real signal, when a `go draw …` (a draw offered with the
    /// search) arrives; every other `go` is searched as usual. BitStronger 0.06 crashes so.
    CrashOnGoDraw,
    /// UCCI: thinks only in depth mode, as "harmless" (github timebug/harmless) does: a `go`
    /// whose mode is `time` (`go time …`, `go draw time …`, `go ponder time …`) is read and
    /// never answered, with no `info` and no `bestmove` (ucci-r99: every search is closed by
    /// one reply), while `go depth`, `go nodes` and `go infinite` ended by `stop` are
    /// answered as usual. It goes on reading, so
    /// `isready`, `quit` and the rest are still answered; a `stop` after the ignored `go`
    /// finds it idle and gets nothing, as without a fault.
    DepthOnly,
    /// UCCI: reads `banmoves` and does nothing with it, as BitStronger 0.06 does (its source:
    /// `case UCCI_COMM_BANMOVES: //Nothing`), so it chooses its move as if no ban had been
    /// given: the first legal move in sorted order, as without a fault (ucci-r60: a banned
    /// move is never played). BitStronger plays
    /// what its search finds, a banned move only when the search prefers one; in the position
    /// of scenarios/ucci/banmoves.scenario (every move of the red rook on e1 banned but
    /// e1e5) BitStronger played `e1e0`, and the fixture plays `e1a1`, a banned rook move
    /// too. Unlike `plays-banned-move`, which picks the first banned move on purpose, it
    /// plays a banned move only where its usual choice is one.
    IgnoresBanmoves,
    /// Gomocup: answers `START 20` with `ERROR unsupported size`, as a public brain that
    /// plays only on other boards does, and `OK` to every other size it supports.
    ErrorOnStart20,
    /// Gomocup: answers every `START` only after 2,200 ms (the answer it would give at once
    /// without the fault), as a large brain binary does on a cold start.
    SlowStart,
    /// Gomocup, AGI, UCCI, UCI: when its input ends without `END` (`QUIT`, `quit`), writes
    /// its last line again and again until its output is closed or it is killed. A public
    /// Gomocup brain printed 1,063,542 lines of `ERROR unsupported size` so. `END` (`QUIT`,
    /// `quit`) ends it as usual.
    LoopsOnEof,
    /// Gomocup: when its input ends without `END`, writes a move nothing asked for (`10,10`),
    /// then exits, as a public brain was seen doing. `END` ends it as usual.
    MovesOnEof,
    /// UCI: ends every search with `bestmove (none)`, as Glaurung 2.2 (Debian's `glaurung`)
    /// does where it has no move: a result the text does not spell (the null move is `0000`,
    /// uci-r21), which ends the search all the same for the GUI waiting on it.
    BestmoveNone,
    /// Gomocup: before each move, a `MESSAGE` whose text holds a raw CR, which ends a line
    /// for the manager (gomocup-r08): `MESSAGE eval` and then `-35 at depth 3`, a fragment
    /// that starts like a point. A message must not hold a line break (gomocup-r128); the
    /// move that follows is sound. A public brain was seen writing its search notes so.
    BrokenMessage,
    /// Gomocup: reads the stones of `BOARD` by their place in the list, alternately its own
    /// and the opponent's, whatever their third field says (gomocup-r51: 1 is the brain's own,
    /// 2 the opponent's), as a public brain that expects a move-ordered list does; and after a
    /// `BOARD` it completes a five of its own when it sees one, as any brain does. Given four
    /// in a row each, listed alternately with the opponent's first, it completes the
    /// opponent's (scenarios/gomocup/board-colours.scenario).
    ColoursByAlternation,
    /// Every protocol: reads its input as a C engine that waits with `select()` and then reads
    /// one line with `fgets()`: a second command that came in the same write stays in stdio's
    /// buffer, unanswered, until more input wakes it. A public UCCI engine reads so; whether
    /// its replies come then depends on how the GUI's writes happen to split.
    OneLinePerWakeup,
    /// UCI, UCCI: answers the `isready` that follows a new game or an option only after
    /// 2,400 ms, as Stockfish was seen doing after `setoption name Hash` and `ucinewgame` on a
    /// loaded host. The text lets those take time (uci-r31: `readyok` as soon as the engine is
    /// ready): no fault, and no finding.
    SlowNewGame,
    /// Gomocup: writes a `MESSAGE` at start-up and dies when an `INFO` comes before `START`,
    /// as the public brain PPay does (its solver is made at `START`); after `START` it plays
    /// as without a fault. The brain spoke, so its death is its finding, not a sign that it
    /// answers nothing: the rest of the library still runs.
    DiesOnEarlyInfo,
    /// Gomocup: answers `RESTART` with `OK` but keeps the old board (gomocup-r110: a fresh
    /// empty board), and refuses a `TURN` on a point it still holds with `ERROR`, as a brain
    /// checking its own board does: what a manager keeping brains between games shows.
    RestartKeepsBoard,
    /// Gomocup: answers `RESTART` with `UNKNOWN`, as a brain that does not implement it may
    /// (gomocup-r103): the manager starts it afresh (gomocup-r111). No fault of the brain's.
    DeclinesRestart,
    /// Gomocup: answers `RESTART` with `UNKNOWN`, as `DeclinesRestart`, and then refuses a
    /// `BOARD` that comes while its game still holds stones with `ERROR`, making no move after
    /// its `DONE` (BAR 2024 does). The text's manager ends and relaunches a brain that declined
    /// `RESTART` (gomocup-r111), so it never sends that `BOARD`: the move is not owed.
    DeclinesRestartRefusesBoard,
    /// Takes what each read of its input brings for whole commands: a command whose write the
    /// pipe delivered in two reads is read as two lines, neither of them the command (an engine
    /// that `read()`s its input and never keeps a fragment for the next read).
    ReadIsACommand,
    /// Gomocup: answers every command it does not know, and every `INFO`, with
    /// `UNKNOWN: The commands doesn't exist.`, a colon glued to the keyword, as AIA gomoku 2019
    /// does (`include/gomoku.h:39`).
    UnknownWithColon,
}

/// Each fault under its command-line name.
const NAMES: [(&str, Fault); 65] = [
    ("none", Fault::None),
    ("late-handshake", Fault::LateHandshake),
    ("no-readyok-while-searching", Fault::NoReadyokWhileSearching),
    ("bestmove-while-pondering", Fault::BestmoveWhilePondering),
    ("illegal-bestmove", Fault::IllegalBestmove),
    ("illegal-ponder", Fault::IllegalPonder),
    ("illegal-pv", Fault::IllegalPv),
    ("plays-banned-move", Fault::PlaysBannedMove),
    ("no-bestmove-after-stop", Fault::NoBestmoveAfterStop),
    ("crash-mid-search", Fault::CrashMidSearch),
    ("hang-on-quit", Fault::HangOnQuit),
    ("no-bye", Fault::NoBye),
    ("flood", Fault::Flood),
    ("garbage", Fault::Garbage),
    ("crlf", Fault::Crlf),
    ("cr", Fault::Cr),
    ("occupied-point", Fault::OccupiedPoint),
    ("output-after-end", Fault::OutputAfterEnd),
    ("lower-case", Fault::LowerCase),
    ("unterminated-line", Fault::UnterminatedLine),
    ("bad-options", Fault::BadOptions),
    (
        "illegal-ponder-after-setoption",
        Fault::IllegalPonderAfterSetoption,
    ),
    ("banned-move-on-stop", Fault::BannedMoveOnStop),
    (
        "illegal-after-offered-style",
        Fault::IllegalAfterOfferedStyle,
    ),
    ("off-board-after-edge-board", Fault::OffBoardAfterEdgeBoard),
    ("silent-stop-after-setrule", Fault::SilentStopAfterSetrule),
    ("isready-while-pondering", Fault::IsreadyWhilePondering),
    ("isready-in-second-ponder", Fault::IsreadyInSecondPonder),
    (
        "occupied-point-after-takeback",
        Fault::OccupiedPointAfterTakeback,
    ),
    (
        "off-board-begin-after-takeback",
        Fault::OffBoardBeginAfterTakeback,
    ),
    (
        "occupied-point-after-restart",
        Fault::OccupiedPointAfterRestart,
    ),
    (
        "isready-while-pondering-by-default",
        Fault::IsreadyWhilePonderingByDefault,
    ),
    (
        "no-readyok-after-third-newgame",
        Fault::NoReadyokAfterThirdNewgame,
    ),
    (
        "no-readyok-after-third-probe",
        Fault::NoReadyokAfterThirdProbe,
    ),
    ("silent-third-about", Fault::SilentThirdAbout),
    (
        "no-readyok-after-third-setoption",
        Fault::NoReadyokAfterThirdSetoption,
    ),
    ("scripted", Fault::Scripted),
    ("illegal-at-move-3", Fault::IllegalAtMove3),
    ("offers-draw", Fault::OffersDraw),
    ("offers-draw-later", Fault::OffersDrawLater),
    ("accepts-draw", Fault::AcceptsDraw),
    ("resigns", Fault::Resigns),
    ("shuffles", Fault::Shuffles),
    ("elephanteye", Fault::ElephantEye),
    ("castles-as-king-takes-rook", Fault::CastlesAsKingTakesRook),
    ("upper-case-moves", Fault::UpperCaseMoves),
    ("ignores-position-moves", Fault::IgnoresPositionMoves),
    ("crash-on-go-draw", Fault::CrashOnGoDraw),
    ("depth-only", Fault::DepthOnly),
    ("ignores-banmoves", Fault::IgnoresBanmoves),
    ("error-on-start-20", Fault::ErrorOnStart20),
    ("slow-start", Fault::SlowStart),
    ("loops-on-eof", Fault::LoopsOnEof),
    ("moves-on-eof", Fault::MovesOnEof),
    ("bestmove-none", Fault::BestmoveNone),
    ("broken-message", Fault::BrokenMessage),
    ("colours-by-alternation", Fault::ColoursByAlternation),
    ("one-line-per-wakeup", Fault::OneLinePerWakeup),
    ("slow-new-game", Fault::SlowNewGame),
    ("dies-on-early-info", Fault::DiesOnEarlyInfo),
    ("restart-keeps-board", Fault::RestartKeepsBoard),
    ("declines-restart", Fault::DeclinesRestart),
    (
        "declines-restart-refuses-board",
        Fault::DeclinesRestartRefusesBoard,
    ),
    ("read-is-a-command", Fault::ReadIsACommand),
    ("unknown-with-colon", Fault::UnknownWithColon),
];

impl Fault {
    pub fn parse(name: &str) -> Option<Fault> {
        NAMES.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
    }

    /// Every fault name, for the message that rejects an unknown one.
    pub fn names() -> impl Iterator<Item = &'static str> {
        NAMES.iter().map(|(n, _)| *n)
    }
}
