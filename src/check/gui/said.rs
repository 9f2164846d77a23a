//! What a UCCI or UCI GUI said, and what its engine answered, as far as the GUI-side rules
//! care: each protocol's typed lines translated into one vocabulary, with the faults only
//! one protocol's text has (UCCI's `go` alternatives, UCI's reserved option values) found
//! here, so the reader judges the exchange once for both.

use super::clock::ClockGiven;
use crate::protocol::family::{OptionDecl, PositionStart};
use crate::protocol::spelling::respell;
use crate::protocol::{Keyword, LineError, ParseError, Protocol, ReqId, ucci, uci};
use crate::req;

/// A command of the GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Said {
    Handshake,
    Debug,
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Register,
    NewGame,
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    BanMoves,
    Go {
        ponder: bool,
        infinite: bool,
        /// UCI `searchmoves`: the only moves the engine may search (uci-r56).
        searchmoves: Vec<String>,
        /// The clocks it states (UCCI: in the engine's unit, seconds unless `usemillisec`).
        clock: Option<ClockGiven>,
        form: Vec<FormFault>,
    },
    PonderHit,
    Stop,
    Probe,
    Quit,
}

/// A command that reads but breaks a rule of its form (a `go`'s alternatives, a position
/// that leaves out its start).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct FormFault {
    pub requirement: ReqId,
    pub message: String,
}

/// A line that reads as a command, and what its form breaks, if anything.
pub(super) struct Read {
    pub said: Said,
    /// Rules of the command's grammar it breaks while still reading (graded as warnings
    /// unless the row is a must the line plainly breaks: see each).
    pub grammar: Vec<(FormFault, bool)>,
}

/// An engine line, as far as the GUI's duties care.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Heard {
    HandshakeOk,
    ReadyOk,
    Option(OptionDecl),
    /// The search's result, with the move the engine chose when it named one.
    SearchResult {
        best: Option<String>,
    },
    RegistrationError,
    CopyProtectionError,
    Other,
}

/// A line that did not read as a command: the rows of the command's grammar it breaks, and
/// whether the text knows the command at all (an unknown one only warns: engines must read
/// past it).
pub(super) struct Unreadable {
    pub error: ParseError,
    pub known_command: bool,
    pub requirement: ReqId,
    /// What the line still opens by its keyword, read as an engine reads it.
    pub opens: Opens,
}

/// What a command that does not read still does, by the keyword it opened with: an engine
/// that reads the keyword acts on it, so the GUI's session goes on from there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Opens {
    /// `position` (UCCI: `probe` as well): a position the checks cannot set up.
    Position,
    /// `go`: a search the engine may answer.
    Search,
    /// `ponderhit`: the ponder search's end, perhaps with a draw offer.
    PonderHit,
    /// Any other command, or none the text knows.
    Nothing,
}

/// One protocol's reading of the lines.
pub(super) trait Dialect: Send {
    const PROTOCOL: Protocol;
    fn said(line: &str) -> Result<Read, Unreadable>;
    fn heard(line: &str) -> Heard;

    /// A command as the GUI wrote it; one in a spelling the text leaves open (a move in
    /// upper case, a number with a `+` sign) is read as the text writes it, each departure a
    /// warning of its grammar, as an engine reads it.
    fn read(line: &str) -> Result<Read, Unreadable> {
        let bad = match Self::said(line) {
            Ok(read) => return Ok(read),
            Err(bad) => bad,
        };
        let Some(respelling) = respell(Self::PROTOCOL, line) else {
            return Err(bad);
        };
        let Ok(mut read) = Self::said(&respelling.line) else {
            return Err(bad);
        };
        for change in respelling.changes {
            let fault = FormFault {
                requirement: change.requirement,
                message: format!("{change}, as an engine reads it"),
            };
            read.grammar.push((fault, false));
        }
        Ok(read)
    }
}

fn fen_of(start: PositionStart) -> Option<String> {
    match start {
        PositionStart::Startpos => None,
        PositionStart::Fen(fen) => Some(fen),
    }
}

fn texts<M: ToString>(moves: &[M]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// A line that does not read: the row of its command's grammar (`row` of the keyword it opened
/// with), or of the move notation when a move is what does not read.
fn unreadable<K: Keyword>(
    error: LineError<K>,
    row: fn(K) -> ReqId,
    opens: fn(K) -> Opens,
    fallback: ReqId,
    notation: ReqId,
) -> Unreadable {
    let row_of_keyword = error.keyword.map(row);
    let requirement = match error.error {
        ParseError::BadMove { .. } => notation,
        _ => row_of_keyword.unwrap_or(fallback),
    };
    Unreadable {
        error: error.error,
        known_command: row_of_keyword.is_some(),
        requirement,
        opens: error.keyword.map_or(Opens::Nothing, opens),
    }
}

pub(super) struct Ucci;

/// The row of a UCCI command's grammar, by its keyword.
fn ucci_grammar(keyword: ucci::CommandKeyword) -> ReqId {
    use ucci::CommandKeyword as K;
    match keyword {
        K::Ucci | K::IsReady | K::PonderHit | K::Stop | K::Quit => req!("ucci-r05"),
        K::SetOption => req!("ucci-r50"),
        K::Position | K::Probe => req!("ucci-r56"),
        K::BanMoves => req!("ucci-r17"),
        K::Go => req!("ucci-r61"),
    }
}

/// What a UCCI command opens, by its keyword.
fn ucci_opens(keyword: ucci::CommandKeyword) -> Opens {
    use ucci::CommandKeyword as K;
    match keyword {
        K::Position | K::Probe => Opens::Position,
        K::Go => Opens::Search,
        K::PonderHit => Opens::PonderHit,
        K::Ucci | K::IsReady | K::SetOption | K::BanMoves | K::Stop | K::Quit => Opens::Nothing,
    }
}

impl Dialect for Ucci {
    const PROTOCOL: Protocol = Protocol::Ucci;

    fn said(line: &str) -> Result<Read, Unreadable> {
        use ucci::Command as C;
        let command = ucci::parse_command(line).map_err(|e| {
            // An ICCS move is four characters, ranks 0-9 (ucci-r17, ucci-r18).
            let notation = req!("ucci-r17");
            let mut bad = unreadable(e, ucci_grammar, ucci_opens, req!("ucci-r04"), notation);
            if bad.opens == Opens::PonderHit && carries_draw(line) {
                bad.requirement = req!("ucci-r92");
            }
            bad
        })?;
        let said = match command {
            C::Ucci => Said::Handshake,
            C::IsReady => Said::IsReady,
            C::SetOption { name, value } => Said::SetOption { name, value },
            C::Position { start, moves } => Said::Position {
                fen: fen_of(start),
                moves: texts(&moves),
            },
            C::BanMoves(_) => Said::BanMoves,
            C::Go {
                ponder,
                draw,
                limit,
            } => Said::Go {
                ponder,
                infinite: matches!(
                    limit,
                    ucci::GoLimit::Infinite | ucci::GoLimit::DepthInfinite
                ),
                searchmoves: Vec::new(),
                clock: ucci_clock(&limit),
                form: ucci_go_faults(line, ponder, draw, &limit),
            },
            C::PonderHit { .. } => Said::PonderHit,
            C::Stop => Said::Stop,
            C::Probe { .. } => Said::Probe,
            C::Quit => Said::Quit,
        };
        Ok(Read {
            said,
            grammar: Vec::new(),
        })
    }

    fn heard(line: &str) -> Heard {
        use ucci::Message as M;
        use ucci::MessageKeyword as MK;
        match ucci::parse_message(line) {
            Ok(M::UcciOk) => Heard::HandshakeOk,
            Ok(M::ReadyOk) => Heard::ReadyOk,
            Ok(M::Option(declaration)) => Heard::Option(declaration),
            Ok(M::BestMove { mv, .. }) => Heard::SearchResult {
                best: Some(mv.to_string()),
            },
            Ok(M::NoBestMove) => Heard::SearchResult { best: None },
            // A search result the codec cannot read (Glaurung's `bestmove (none)`, a bare
            // `bestmove`) still ends the search as the GUI hears it: the engine-side checks
            // judge its form, and the GUI that waited for it and goes on is not blamed for
            // commands sent to a busy engine.
            Err(e) if matches!(e.keyword, Some(MK::BestMove | MK::NoBestMove)) => {
                Heard::SearchResult { best: None }
            }
            _ => Heard::Other,
        }
    }
}

/// Whether a `ponderhit` that does not read carries `draw` among its arguments (`ponderhit
/// draw now`, `ponderhit DRAW`, `ponderhit time 5 draw`): the GUI meant to offer a draw to the
/// pondering engine, and the text's one way to do so is `ponderhit draw` (ucci-r92). An engine
/// that reads that form takes the line as something else, so the offer never reaches it, as
/// `draw` after `go`'s thinking mode does not (ucci-r76).
fn carries_draw(line: &str) -> bool {
    line.split_whitespace()
        .skip(1)
        .any(|w| w.eq_ignore_ascii_case("draw"))
}

/// UCCI's time mode states the clock of the side to move, whichever it is.
fn ucci_clock(limit: &ucci::GoLimit) -> Option<ClockGiven> {
    let ucci::GoLimit::Time {
        time,
        movestogo,
        increment,
        ..
    } = limit
    else {
        return None;
    };
    let own = Some((*time as i64, increment.unwrap_or(0) as i64));
    Some(ClockGiven {
        first: own,
        second: own,
        movestogo: *movestogo,
        fixed_move_time: false,
    })
}

/// The rules of `go`'s form the parser records rather than refuses (ucci-r72, r75, r77).
fn ucci_go_faults(line: &str, ponder: bool, draw: bool, limit: &ucci::GoLimit) -> Vec<FormFault> {
    let fault = |requirement, message: &str| FormFault {
        requirement,
        message: message.to_owned(),
    };
    let mut faults = Vec::new();
    // The grammar is `go [ponder | draw] <mode>` (ucci-r61): an option after the mode is read
    // by this parser, but an engine that reads the text's form takes its mode and stops, so a
    // draw offer written there never reaches it (ucci-r76), nor a ponder search (ucci-r75).
    let words: Vec<&str> = line.split_whitespace().collect();
    let mode_at = words
        .iter()
        .position(|w| ["depth", "infinite", "nodes", "time"].contains(w));
    let after_mode =
        |option: &str| mode_at.is_some_and(|m| words.iter().skip(m + 1).any(|w| *w == option));
    if after_mode("draw") {
        faults.push(fault(
            req!("ucci-r76"),
            "`draw` after the thinking mode; the text's form is `go draw <mode>`, and an engine reading it does not see the draw offer",
        ));
    }
    if after_mode("ponder") {
        faults.push(fault(
            req!("ucci-r75"),
            "`ponder` after the thinking mode; the text's form is `go ponder time …`",
        ));
    }
    if ponder && draw {
        faults.push(fault(
            req!("ucci-r77"),
            "`ponder` and `draw` together; a draw offered while pondering is `ponderhit draw`",
        ));
    }
    match limit {
        ucci::GoLimit::Time {
            movestogo,
            increment,
            opptime,
            oppmovestogo,
            oppincrement,
            ..
        } => {
            if movestogo.is_some() && increment.is_some() {
                faults.push(fault(
                    req!("ucci-r72"),
                    "`movestogo` and `increment` together; they are alternatives",
                ));
            }
            if oppmovestogo.is_some() && oppincrement.is_some() {
                faults.push(fault(
                    req!("ucci-r72"),
                    "`oppmovestogo` and `oppincrement` together; they are alternatives",
                ));
            }
            if opptime.is_none() && (oppmovestogo.is_some() || oppincrement.is_some()) {
                faults.push(fault(
                    req!("ucci-r72"),
                    "`oppmovestogo`/`oppincrement` without `opptime`; they may only follow it",
                ));
            }
        }
        _ if ponder => faults.push(fault(
            req!("ucci-r75"),
            "`ponder` outside the time mode; it is valid only with `go ponder time …`",
        )),
        _ => {}
    }
    faults
}

pub(super) struct Uci;

/// The row of a UCI command's grammar, by its keyword.
fn uci_grammar(keyword: uci::CommandKeyword) -> ReqId {
    use uci::CommandKeyword as K;
    match keyword {
        K::Uci | K::IsReady | K::UciNewGame | K::Stop | K::PonderHit | K::Quit => req!("uci-r01"),
        K::Debug => req!("uci-r25"),
        K::SetOption => req!("uci-r33"),
        K::Register => req!("uci-r41"),
        K::Position => req!("uci-r49"),
        K::Go => req!("uci-r54"),
    }
}

/// What a UCI command opens, by its keyword.
fn uci_opens(keyword: uci::CommandKeyword) -> Opens {
    use uci::CommandKeyword as K;
    match keyword {
        K::Position => Opens::Position,
        K::Go => Opens::Search,
        K::PonderHit => Opens::PonderHit,
        K::Uci
        | K::Debug
        | K::IsReady
        | K::SetOption
        | K::Register
        | K::UciNewGame
        | K::Stop
        | K::Quit => Opens::Nothing,
    }
}

impl Dialect for Uci {
    const PROTOCOL: Protocol = Protocol::Uci;

    fn said(line: &str) -> Result<Read, Unreadable> {
        use uci::Command as C;
        if let Some(read) = position_without_start(line) {
            return Ok(read);
        }
        let command = uci::parse_command(line).map_err(|e| {
            // A move is its from-square and to-square (uci-r18).
            let notation = req!("uci-r18");
            let parameter = go_parameter_row(&e);
            let mut bad = unreadable(e, uci_grammar, uci_opens, req!("uci-r01"), notation);
            if let Some(row) = parameter {
                bad.requirement = row;
            }
            bad
        })?;
        let mut grammar = Vec::new();
        let said = match command {
            C::Uci => Said::Handshake,
            C::Debug(_) => Said::Debug,
            C::IsReady => Said::IsReady,
            C::SetOption { name, value } => {
                let words: Vec<&str> = value.iter().flat_map(|v| v.split_whitespace()).collect();
                let at = |word: &str| words.iter().position(|w| *w == word);
                // `name X value Y` inside the value is a second option on the line, which
                // gets a line of its own (uci-r38); either word alone breaks uci-r37.
                let second_option = at("name").is_some_and(|n| words[n..].contains(&"value"));
                if second_option {
                    grammar.push((
                        FormFault {
                            requirement: req!("uci-r38"),
                            message: "the value holds a second `name … value …`: each option is set by a `setoption` line of its own".to_owned(),
                        },
                        true,
                    ));
                } else if at("name").or(at("value")).is_some() {
                    grammar.push((
                        FormFault {
                            requirement: req!("uci-r37"),
                            message: "the value holds the word `name` or `value`, which the text keeps out of names and values".to_owned(),
                        },
                        true,
                    ));
                }
                Said::SetOption { name, value }
            }
            C::Register(_) => Said::Register,
            C::UciNewGame => Said::NewGame,
            C::Position { start, moves } => Said::Position {
                fen: fen_of(start),
                moves: texts(&moves),
            },
            C::Go(go) => Said::Go {
                ponder: go.ponder,
                infinite: go.infinite,
                searchmoves: texts(&go.searchmoves),
                clock: (go.wtime.is_some() || go.btime.is_some()).then(|| ClockGiven {
                    first: go.wtime.map(|t| (t, go.winc.unwrap_or(0))),
                    second: go.btime.map(|t| (t, go.binc.unwrap_or(0))),
                    movestogo: go.movestogo,
                    fixed_move_time: go.movetime.is_some(),
                }),
                form: if go.movestogo == Some(0) {
                    vec![FormFault {
                        requirement: req!("uci-r67"),
                        message: "`movestogo 0`; it should be sent only when above 0".to_owned(),
                    }]
                } else {
                    Vec::new()
                },
            },
            C::Stop => Said::Stop,
            C::PonderHit => Said::PonderHit,
            C::Quit => Said::Quit,
        };
        Ok(Read { said, grammar })
    }

    fn heard(line: &str) -> Heard {
        use uci::Message as M;
        match uci::parse_message(line) {
            Ok(M::UciOk) => Heard::HandshakeOk,
            Ok(M::ReadyOk) => Heard::ReadyOk,
            Ok(M::Option(declaration)) => Heard::Option(declaration),
            Ok(M::BestMove { mv, .. }) => Heard::SearchResult {
                best: Some(mv.to_string()),
            },
            // As for UCCI: an unreadable result still ends the search.
            Err(e) if e.keyword == Some(uci::MessageKeyword::BestMove) => {
                Heard::SearchResult { best: None }
            }
            Ok(M::Registration(uci::Status::Error)) => Heard::RegistrationError,
            Ok(M::CopyProtection(uci::Status::Error)) => Heard::CopyProtectionError,
            _ => Heard::Other,
        }
    }
}

/// The rows of `go`'s numeric parameters: each states a count or a time (uci-r62..r72), so a
/// value that is not a number of its kind breaks the parameter's own row, not only the
/// grammar of `go` (uci-r54).
const GO_PARAMETERS: &[(&str, ReqId)] = &[
    ("wtime", req!("uci-r62")),
    ("btime", req!("uci-r63")),
    ("winc", req!("uci-r64")),
    ("binc", req!("uci-r65")),
    ("movestogo", req!("uci-r66")),
    ("depth", req!("uci-r69")),
    ("nodes", req!("uci-r70")),
    ("mate", req!("uci-r71")),
    ("movetime", req!("uci-r72")),
];

/// The row of the `go` parameter whose number is missing or does not read, if that is why
/// a `go` line does not read.
fn go_parameter_row(error: &LineError<uci::CommandKeyword>) -> Option<ReqId> {
    if error.keyword != Some(uci::CommandKeyword::Go) {
        return None;
    }
    let field = match &error.error {
        ParseError::BadNumber { field, .. } => field,
        ParseError::Missing { after, .. } => after,
        _ => return None,
    };
    GO_PARAMETERS
        .iter()
        .find(|(name, _)| name == field)
        .map(|(_, row)| *row)
}

/// `position moves …` with neither `startpos` nor `fen`: engines often take the start
/// position, but the text says a GUI should not rely on it (uci-r51), so it reads as the
/// start position with a warning.
fn position_without_start(line: &str) -> Option<Read> {
    let mut words = line.split_whitespace();
    if words.next() != Some("position") || words.next() != Some("moves") {
        return None;
    }
    let rest = line.split_once("moves").map_or("", |(_, rest)| rest);
    let command = format!("position startpos moves{rest}");
    let Ok(uci::Command::Position { moves, .. }) = uci::parse_command(&command) else {
        return None;
    };
    Some(Read {
        said: Said::Position {
            fen: None,
            moves: texts(&moves),
        },
        grammar: vec![(
            FormFault {
                requirement: req!("uci-r51"),
                message: "the position leaves out `startpos`; a GUI should always send `startpos` or `fen <fenstring>`".to_owned(),
            },
            false,
        )],
    })
}
