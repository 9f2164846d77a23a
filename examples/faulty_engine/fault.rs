//! The misbehaviours the fixture can be asked for on its command line (`FAULT`), one at a time.
//! What each one does is described in the crate's doc comment (`main.rs`).

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
}

/// Each fault under its command-line name.
const NAMES: [(&str, Fault); 21] = [
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
