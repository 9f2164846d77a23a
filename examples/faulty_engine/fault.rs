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
    /// AGI: declares `PONDER TRUE` and ponders on `GO PONDER`, but gives no `READYOK` to an
    /// `ISREADY` while it ponders with background thinking in its default state, that is
    /// before any `SETOPTION … PONDER ON` (agi-r49: on by default); this breaks agi-r52 (a
    /// `READYOK` for every `ISREADY`) and agi-r55 (even while thinking). After `SETOPTION …
    /// PONDER ON`, and in every other search, `ISREADY` is answered.
    IsreadyWhilePonderingByDefault,
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
    /// entrant) does, none of it a fault by the texts but one: `id version 3.31`;
    /// `nobestmove` in a dead position as it reads one (no legal move, or no rook, horse,
    /// cannon or pawn on the board); in a book position `info depth 0 score <weight> pv
    /// <move>` for each book move, then a book move at once, whatever the search asked
    /// (so `go infinite` is answered without `stop`, which breaks ucci-r64) and whatever
    /// `banmoves` said; `nobestmove` to a `stop` that finds it idle; a draw offered to a side
    /// without a rook, horse or cannon accepted.
    ElephantEye,
    // How a move is written rather than which move it is.
    /// UCI chess: castles whenever it can, and writes castling as Chess960 does, the king
    /// taking its own rook (`e1h1`), in the best move, the ponder move and the pv.
    CastlesAsKingTakesRook,
    /// UCCI, UCI: writes every move in upper case (`H2E2`, `E2E4`), which the texts never do
    /// but do not forbid.
    UpperCaseMoves,
}

/// Each fault under its command-line name.
const NAMES: [(&str, Fault); 39] = [
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
    ("off-board-after-edge-board", Fault::OffBoardAfterEdgeBoard),
    ("silent-stop-after-setrule", Fault::SilentStopAfterSetrule),
    ("isready-while-pondering", Fault::IsreadyWhilePondering),
    ("isready-in-second-ponder", Fault::IsreadyInSecondPonder),
    (
        "occupied-point-after-takeback",
        Fault::OccupiedPointAfterTakeback,
    ),
    (
        "isready-while-pondering-by-default",
        Fault::IsreadyWhilePonderingByDefault,
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
