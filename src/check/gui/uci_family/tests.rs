//! The UCCI and UCI GUI-side checks on written exchanges: conforming GUIs raise nothing, and
//! each fault is caught by its check, grade and row.

use crate::check::{CheckId, CheckRef, Grade, Outcome, gui_findings_in, id_under};
use crate::protocol::{Protocol, ReqId};
use crate::{req, reqs};

/// `(check, grade, first cited row)` of a GUI-side finding judged under `protocol`.
fn brief(protocol: Protocol, o: &Outcome) -> (CheckId, Grade, ReqId) {
    let row = *o
        .requirements
        .first()
        .unwrap_or_else(|| panic!("{o:#?} cites no row"));
    (id_under(protocol, &o.check), o.grade, row)
}

/// `(check, grade, first cited row)` of each GUI-side finding.
fn found(protocol: Protocol, lines: &[&str]) -> Vec<(CheckId, Grade, ReqId)> {
    gui_findings_in(protocol, lines)
        .iter()
        .map(|o| brief(protocol, o))
        .collect()
}

fn one(protocol: Protocol, lines: &[&str]) -> (CheckId, Grade, ReqId) {
    let mut all = found(protocol, lines);
    assert_eq!(all.len(), 1, "{all:#?}");
    all.remove(0)
}

fn finding(check: CheckId, grade: Grade, row: ReqId) -> (CheckId, Grade, ReqId) {
    (check, grade, row)
}

const UCI_HANDSHAKE: &[&str] = &[
    "> uci",
    "< id name Sparring",
    "< option name Hash type spin default 16 min 1 max 1024",
    "< option name Ponder type check default false",
    "< uciok",
];

/// The handshake, an `isready` answered, then `rest`.
fn uci(rest: &[&'static str]) -> Vec<&'static str> {
    let mut lines = UCI_HANDSHAKE.to_vec();
    lines.extend_from_slice(&["> isready", "< readyok"]);
    lines.extend_from_slice(rest);
    lines
}

#[test]
fn a_conforming_uci_gui_raises_nothing() {
    let game = uci(&[
        "> setoption name Hash value 64",
        "> setoption name Ponder value true",
        "> isready",
        "< readyok",
        "> ucinewgame",
        "> isready",
        "< readyok",
        "> position startpos moves e2e4",
        "> go wtime 60000 btime 60000 winc 0 binc 0",
        "< info depth 1 pv e7e5",
        "< bestmove e7e5 ponder g1f3",
        "> position startpos moves e2e4 e7e5 g1f3",
        "> go ponder wtime 59000 btime 60000",
        "> ponderhit",
        "< bestmove b8c6",
        "> position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5",
        "> go ponder wtime 58000 btime 59000",
        "> stop",
        "< bestmove a7a6",
        "> position fen 8/8/8/8/8/8/k7/7K w - - 0 1",
        "> go infinite",
        "> stop",
        "< bestmove h1g1",
        "> quit",
    ]);
    assert_eq!(found(Protocol::Uci, &game), vec![]);
}

/// Glaurung answers a mated position with `bestmove (none)`, which the engine-side check
/// judges; cutechess-cli waited for it and goes on. The unreadable result still ends the
/// search as the GUI hears it, so its next `position` and `go` are no commands to a busy
/// engine (issue: the spy failed uci-r39 and warned r45/r49/r53 there). UCCI likewise.
#[test]
fn an_unreadable_result_still_ends_the_search() {
    for result in ["< bestmove (none)", "< bestmove"] {
        let game = uci(&[
            "> position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            "> go wtime 1000 btime 1000",
            result,
            "> position startpos",
            "> go wtime 1000 btime 1000",
            "< bestmove e2e4",
            "> quit",
        ]);
        assert_eq!(found(Protocol::Uci, &game), vec![], "{result}");
    }
    let game = ucci(&[
        "> position startpos",
        "> go depth 3",
        "< nobestmove (none)",
        "> position startpos moves h2e2",
        "> go depth 3",
        "< bestmove h9g7",
        "> quit",
    ]);
    assert_eq!(found(Protocol::Ucci, &game), vec![]);
}

#[test]
fn a_stop_or_ponderhit_that_crossed_the_result_is_forgiven() {
    let lines = uci(&[
        "> position startpos moves e2e4",
        "> go ponder wtime 1000 btime 1000",
        "< bestmove e7e5",
        "> ponderhit",
    ]);
    assert_eq!(found(Protocol::Uci, &lines), vec![]);
}

#[test]
fn uci_gui_faults_are_caught_by_their_rows() {
    assert_eq!(
        one(
            Protocol::Uci,
            &uci(&[
                "> position startpos",
                "> go movetime 10",
                "> setoption name Hash value 32"
            ])
        ),
        finding(CheckId::GuiSearchIdleOnly, Grade::Fail, req!("uci-r39"))
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &uci(&[
                "> position startpos",
                "> go infinite",
                "> position startpos moves e2e4"
            ])
        ),
        finding(CheckId::GuiSearchIdleOnly, Grade::Warn, req!("uci-r49"))
    );
    assert_eq!(
        one(Protocol::Uci, &uci(&["> go depth 3"])),
        finding(
            CheckId::GuiSearchPositionFirst,
            Grade::Fail,
            req!("uci-r13")
        )
    );
    assert_eq!(
        one(Protocol::Uci, &uci(&["> position startpos moves e2e5"])),
        finding(CheckId::GuiPositionLegal, Grade::Fail, req!("uci-r18"))
    );
    assert_eq!(
        one(Protocol::Uci, &uci(&["> setoption name Hash value -1"])),
        finding(CheckId::GuiSetoptionValue, Grade::Fail, req!("uci-r179"))
    );
    assert_eq!(
        one(Protocol::Uci, &uci(&["> setoption name Threads value 4"])),
        finding(CheckId::GuiSetoptionOffered, Grade::Warn, req!("uci-r33"))
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &uci(&["> ucinewgame", "> position startpos", "> go depth 1"])
        ),
        finding(
            CheckId::GuiIsreadyBeforeSearch,
            Grade::Warn,
            req!("uci-r48")
        )
    );
    assert_eq!(
        one(Protocol::Uci, &uci(&["> register nonsense"])),
        finding(CheckId::GuiCommandGrammar, Grade::Fail, req!("uci-r41"))
    );
    assert_eq!(
        one(Protocol::Uci, &uci(&["> xyzzy"])),
        finding(CheckId::GuiCommandGrammar, Grade::Warn, req!("uci-r01"))
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &["> isready", "< readyok", "> uci", "< uciok"]
        ),
        finding(CheckId::GuiHandshakeFirst, Grade::Warn, req!("uci-r15"))
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &["> uci", "> isready", "< uciok", "< readyok"]
        ),
        finding(CheckId::GuiHandshakeWait, Grade::Warn, req!("uci-r17"))
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &uci(&["> position startpos", "> go movestogo 0 wtime 10 btime 10"])
        ),
        finding(CheckId::GuiGoForm, Grade::Warn, req!("uci-r67"))
    );
    let registration = [
        "> uci",
        "< registration error",
        "< uciok",
        "> isready",
        "< readyok",
        "> position startpos",
        "> go depth 1",
    ];
    assert_eq!(
        one(Protocol::Uci, &registration),
        finding(CheckId::GuiRegisterAnswer, Grade::Fail, req!("uci-r40"))
    );
}

/// Only a ponder search's result can cross a `ponderhit` on the wire: after an ordinary
/// search, however soon it comes, no `go ponder` was waiting for it (uci-r77, ucci-r89).
#[test]
fn a_ponderhit_right_after_an_ordinary_search_fails() {
    let lines = uci(&[
        "> position startpos",
        "> go movetime 100",
        "< bestmove e2e4",
        "> ponderhit",
    ]);
    assert_eq!(
        one(Protocol::Uci, &lines),
        finding(CheckId::GuiSearchThinkingOnly, Grade::Fail, req!("uci-r77"))
    );
    // A ponder search ended by `ponderhit` is an ordinary one by its result: a second
    // `ponderhit` has nothing to cross either.
    let lines = uci(&[
        "> position startpos moves e2e4",
        "> go ponder wtime 1000 btime 1000",
        "> ponderhit",
        "< bestmove e7e5",
        "> ponderhit",
    ]);
    assert_eq!(
        one(Protocol::Uci, &lines),
        finding(CheckId::GuiSearchThinkingOnly, Grade::Fail, req!("uci-r77"))
    );
    let lines = ucci(&[
        "> position startpos",
        "> go time 1000",
        "< bestmove h2e2",
        "> ponderhit",
    ]);
    assert_eq!(
        one(Protocol::Ucci, &lines),
        finding(
            CheckId::GuiSearchThinkingOnly,
            Grade::Fail,
            req!("ucci-r89")
        )
    );
    // `stop` may still cross an ordinary search's result (UCCI binds `stop` to a search).
    let lines = ucci(&[
        "> position startpos",
        "> go depth 3",
        "< bestmove h2e2",
        "> stop",
    ]);
    assert_eq!(found(Protocol::Ucci, &lines), vec![]);
}

#[test]
fn a_ponderhit_after_the_result_has_long_come_fails() {
    let mut lines: Vec<(u64, &str)> = uci(&[
        "> position startpos moves e2e4",
        "> go ponder wtime 10 btime 10",
        "< bestmove e7e5",
    ])
    .into_iter()
    .zip(0..)
    .map(|(l, ms)| (ms, l))
    .collect();
    lines.push((5_000, "> ponderhit"));
    let findings = timed_findings(Protocol::Uci, &lines);
    assert_eq!(
        findings,
        vec![finding(
            CheckId::GuiSearchThinkingOnly,
            Grade::Fail,
            req!("uci-r77")
        )]
    );
}

const UCCI_HANDSHAKE: &[&str] = &[
    "> ucci",
    "< id name ElephantEye Demo",
    "< option usemillisec type check default false",
    "< option usebook type check default true",
    "< ucciok",
];

fn ucci<'a>(rest: &[&'a str]) -> Vec<&'a str> {
    let mut lines = UCCI_HANDSHAKE.to_vec();
    lines.extend_from_slice(rest);
    lines
}

/// The text's worked example, timed as it tells it: the engine thinks 5 s a search, and the
/// clock falls by that (the stopped ponder search never started the engine's clock).
#[test]
fn the_ucci_worked_example_raises_nothing() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let position = |moves: &str| -> &'static str {
        Box::leak(format!("> position fen {start}{moves}").into_boxed_str())
    };
    let mut lines: Vec<(u64, &str)> = (0..).zip(UCCI_HANDSHAKE.iter().copied()).collect();
    lines.extend([
        (10, "> setoption usemillisec true"),
        (10, "> setoption usebook false"),
        (10, position("")),
        (10, "> go time 300000 increment 0"),
        (5_010, "< bestmove b0c2 ponder b9c7"),
        (6_000, position(" moves b0c2 b9c7")),
        (6_000, "> go ponder time 295000 increment 0"),
        (8_000, "> ponderhit"),
        (13_000, "< bestmove h2e2 ponder h9g7"),
        (14_000, position(" moves b0c2 b9c7 h2e2 h7e7")),
        (14_000, "> go ponder time 290000 increment 0"),
        (15_000, "> stop"),
        (15_010, "< bestmove a0a1"),
        (16_000, position(" moves b0c2 b9c7 h2e2 h9g7")),
        (16_000, "> go time 290000 increment 0"),
        (21_000, "< bestmove h0g2"),
        (21_010, "> quit"),
        (21_020, "< bye"),
    ]);
    assert_eq!(timed_findings(Protocol::Ucci, &lines), vec![]);
}

#[test]
fn ucci_gui_faults_are_caught_by_their_rows() {
    assert_eq!(
        one(
            Protocol::Ucci,
            &["> isready", "< readyok", "> ucci", "< ucciok"]
        ),
        finding(CheckId::GuiHandshakeFirst, Grade::Fail, req!("ucci-r20"))
    );
    assert_eq!(
        one(
            Protocol::Ucci,
            &ucci(&[
                "> position startpos",
                "> go ponder time 100",
                "> stop",
                "> position startpos moves h2e2"
            ])
        ),
        finding(CheckId::GuiSearchIdleOnly, Grade::Fail, req!("ucci-r95"))
    );
    assert_eq!(
        one(
            Protocol::Ucci,
            &ucci(&["> position startpos", "> go depth 5", "> quit"])
        ),
        finding(CheckId::GuiSearchIdleOnly, Grade::Fail, req!("ucci-r116"))
    );
    assert_eq!(
        one(
            Protocol::Ucci,
            &ucci(&["> position startpos", "> go ponder draw time 100"])
        ),
        finding(CheckId::GuiGoForm, Grade::Fail, req!("ucci-r77"))
    );
    assert_eq!(
        one(
            Protocol::Ucci,
            &ucci(&[
                "> position startpos",
                "> go time 100 movestogo 10 increment 5"
            ])
        ),
        finding(CheckId::GuiGoForm, Grade::Fail, req!("ucci-r72"))
    );
    assert_eq!(
        one(
            Protocol::Ucci,
            &ucci(&["> position startpos", "> go ponder depth 5"])
        ),
        finding(CheckId::GuiGoForm, Grade::Fail, req!("ucci-r75"))
    );
    assert_eq!(
        one(
            Protocol::Ucci,
            &ucci(&["> position startpos moves h2e2 h2e2"])
        ),
        finding(CheckId::GuiPositionLegal, Grade::Fail, req!("ucci-r06"))
    );
    assert_eq!(
        one(Protocol::Ucci, &ucci(&["> setoption usebook off"])),
        finding(CheckId::GuiSetoptionValue, Grade::Fail, req!("ucci-r25"))
    );
    assert_eq!(
        one(Protocol::Ucci, &ucci(&["> setoption hashsize 64"])),
        finding(CheckId::GuiSetoptionOffered, Grade::Warn, req!("ucci-r51"))
    );
    let stop_long_after = [
        (0, "> ucci"),
        (1, "< ucciok"),
        (2, "> position startpos"),
        (3, "> go depth 1"),
        (4, "< bestmove h2e2"),
        (2_000, "> stop"),
    ];
    let findings = crate::check::gui_findings_timed(Protocol::Ucci, &stop_long_after);
    assert_eq!(findings.len(), 1, "{findings:#?}");
    assert_eq!(
        findings[0].check,
        CheckRef::builtin(Protocol::Ucci, CheckId::GuiSearchThinkingOnly)
    );
    assert_eq!(findings[0].requirements[0], req!("ucci-r93"));
}

#[test]
fn uci_forms_searchmoves_and_purposes_are_judged() {
    assert_eq!(
        one(Protocol::Uci, &uci(&["> position moves e2e4"])),
        finding(CheckId::GuiCommandGrammar, Grade::Warn, req!("uci-r51"))
    );
    let reserved = found(
        Protocol::Uci,
        &uci(&["> setoption name Hash value 16 name x"]),
    );
    assert!(
        reserved.contains(&finding(
            CheckId::GuiCommandGrammar,
            Grade::Fail,
            req!("uci-r37")
        )),
        "{reserved:?}"
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &uci(&["> position startpos", "> go searchmoves e2e4 e2e5 depth 2"])
        ),
        finding(CheckId::GuiPositionLegal, Grade::Fail, req!("uci-r56"))
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &uci(&["> position startpos", "> go ponder wtime 10 btime 10"])
        ),
        finding(CheckId::GuiGoForm, Grade::Warn, req!("uci-r57"))
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &["> uci", "< uciok", "> position startpos", "> go depth 1"]
        ),
        finding(
            CheckId::GuiIsreadyBeforeSearch,
            Grade::Warn,
            req!("uci-r196")
        )
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &[
                "> uci",
                "< copyprotection error",
                "< uciok",
                "> isready",
                "< readyok",
                "> position startpos",
                "> go depth 1"
            ]
        ),
        finding(
            CheckId::GuiCopyprotectionRespected,
            Grade::Warn,
            req!("uci-r94")
        )
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &["> uci", "< uciok", "> isready\u{7}"]
                .map(|l| l.replace("\\u{7}", "\u{7}"))
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
        ),
        finding(CheckId::GuiCommandGrammar, Grade::Fail, req!("uci-r01"))
    );
    let analysing = [
        "> uci",
        "< option name UCI_AnalyseMode type check default false",
        "< uciok",
        "> isready",
        "< readyok",
        "> position startpos",
    ];
    let with = |rest: &[&'static str]| -> Vec<&'static str> {
        let mut lines = analysing.to_vec();
        lines.extend_from_slice(rest);
        lines
    };
    assert_eq!(
        one(Protocol::Uci, &with(&["> go infinite"])),
        finding(CheckId::GuiAnalyseMode, Grade::Warn, req!("uci-r198"))
    );
    assert_eq!(
        one(
            Protocol::Uci,
            &with(&[
                "> setoption name UCI_AnalyseMode value true",
                "> go wtime 10 btime 10"
            ])
        ),
        finding(CheckId::GuiAnalyseMode, Grade::Warn, req!("uci-r169"))
    );
    let analysis = with(&[
        "> setoption name UCI_AnalyseMode value true",
        "> go infinite",
        "> stop",
        "< bestmove e2e4",
        "> go depth 6",
        "< bestmove e2e4",
        "> setoption name UCI_AnalyseMode value false",
        "> go wtime 1000 btime 1000",
    ]);
    assert_eq!(found(Protocol::Uci, &analysis), vec![]);
}

#[test]
fn ucci_positions_start_at_the_last_capture_and_banmoves_follow_one() {
    let after_capture = "> position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7 e2e6";
    assert_eq!(
        one(Protocol::Ucci, &ucci(&[after_capture])),
        finding(
            CheckId::GuiPositionLastCapture,
            Grade::Warn,
            req!("ucci-r14")
        )
    );
    assert_eq!(
        one(Protocol::Ucci, &ucci(&["> banmoves h2e2"])),
        finding(
            CheckId::GuiSearchPositionFirst,
            Grade::Fail,
            req!("ucci-r59")
        )
    );
    assert_eq!(
        found(
            Protocol::Ucci,
            &ucci(&["> position startpos", "> banmoves h2e2", "> go depth 1"])
        ),
        vec![]
    );
}

/// `(ms, line)` pairs, after the UCI handshake and an answered `isready`.
fn uci_timed(rest: &[(u64, &'static str)]) -> Vec<(u64, &'static str)> {
    let mut lines: Vec<(u64, &str)> = uci(&[])
        .into_iter()
        .zip(0..)
        .map(|(l, ms)| (ms, l))
        .collect();
    lines.extend_from_slice(rest);
    lines
}

fn timed_findings(protocol: Protocol, lines: &[(u64, &str)]) -> Vec<(CheckId, Grade, ReqId)> {
    crate::check::gui_findings_timed(protocol, lines)
        .iter()
        .map(|o| brief(protocol, o))
        .collect()
}

#[test]
fn a_clock_the_gui_did_not_charge_fails_and_a_charged_one_passes() {
    let game = |white_left: &'static str| {
        uci_timed(&[
            (100, "> position startpos"),
            (100, "> go wtime 60000 btime 60000 winc 1000 binc 1000"),
            (5_100, "< bestmove e2e4"),
            (7_000, "> position startpos moves e2e4 e7e5"),
            (7_000, white_left),
            (8_000, "< bestmove g1f3"),
        ])
    };
    // 5 s thought, 1 s increment: 56 s left, give or take the tolerance.
    let charged = game("> go wtime 56000 btime 59000 winc 1000 binc 1000");
    assert_eq!(timed_findings(Protocol::Uci, &charged), vec![]);
    let uncharged = game("> go wtime 61000 btime 59000 winc 1000 binc 1000");
    assert_eq!(
        timed_findings(Protocol::Uci, &uncharged),
        vec![finding(
            CheckId::GuiClockCharged,
            Grade::Fail,
            req!("uci-r62")
        )]
    );
    // Beside `movetime` the search's time is fixed, and the text defines no clock there:
    // uci2wb's per-move time stated as the mover's clock (0 the first time) warns.
    let per_move = uci_timed(&[
        (100, "> position startpos"),
        (100, "> go btime 0 wtime 0 movetime 970"),
        (1_100, "< bestmove d2d4"),
        (1_200, "> position startpos moves d2d4 g8f6"),
        (1_200, "> go btime 0 wtime 970 movetime 970"),
        (2_200, "< bestmove c2c4"),
    ]);
    assert_eq!(
        timed_findings(Protocol::Uci, &per_move),
        vec![finding(
            CheckId::GuiClockCharged,
            Grade::Warn,
            req!("uci-r62")
        )]
    );
}

#[test]
fn ucci_clocks_are_in_seconds_until_usemillisec_and_a_new_game_starts_afresh() {
    let lines: Vec<(u64, &str)> = vec![
        (0, "> ucci"),
        (1, "< ucciok"),
        (2, "> position startpos"),
        (2, "> go time 300"),
        (5_002, "< bestmove h2e2"),
        // 5 s thought: 295 s left is right; a new game may start with a full clock again.
        (6_000, "> position startpos moves h2e2 h7e7"),
        (6_000, "> go time 295"),
        (7_000, "< bestmove h0g2"),
        (8_000, "> position startpos"),
        (8_000, "> go time 300"),
        (13_000, "< bestmove h2e2"),
        // 5 s thought again, and the clock is given back in full.
        (14_000, "> position startpos moves h2e2 h7e7"),
        (14_000, "> go time 300"),
        (15_000, "< bestmove b0c2"),
    ];
    assert_eq!(
        timed_findings(Protocol::Ucci, &lines),
        vec![finding(
            CheckId::GuiClockCharged,
            Grade::Fail,
            req!("ucci-r124")
        )]
    );
}

/// uci2wb writes `go time … movetime 970` to UCCI engines: the line breaks `go`'s grammar
/// (ucci-r61), and that is the one finding. The search it starts is still one the engine may
/// be in, so the `stop` the GUI sends while the engine thinks is in place.
#[test]
fn a_go_that_does_not_read_still_starts_a_search() {
    assert_eq!(
        one(
            Protocol::Ucci,
            &ucci(&[
                "> position startpos",
                "> go time 1000 opptime 1000 movetime 970",
                "> stop",
                "< bestmove h2e2",
            ])
        ),
        finding(CheckId::GuiCommandGrammar, Grade::Fail, req!("ucci-r61"))
    );
}

/// A `go` parameter that is no number of its kind breaks the parameter's own row: the count
/// or time it states (uci-r62..r72) is not there.
#[test]
fn a_go_parameter_that_is_no_number_breaks_its_row() {
    let cases = [
        ("> go depth -1", req!("uci-r69")),
        ("> go nodes 1e6", req!("uci-r70")),
        ("> go mate", req!("uci-r71")),
        ("> go movetime 0.5", req!("uci-r72")),
        ("> go wtime 1000 btime 1000 movestogo x", req!("uci-r66")),
        ("> go wtime 1.5 btime 1000", req!("uci-r62")),
        ("> go wtime 1000 binc ten", req!("uci-r65")),
    ];
    for (go, row) in cases {
        let lines = uci(&["> position startpos", go, "> stop", "< bestmove e2e4"]);
        assert_eq!(
            one(Protocol::Uci, &lines),
            finding(CheckId::GuiCommandGrammar, Grade::Fail, row),
            "{go}"
        );
    }
    // A parameter the text does not have is the grammar of `go` (uci-r54).
    let lines = uci(&[
        "> position startpos",
        "> go depth 3 quickly",
        "> stop",
        "< bestmove e2e4",
    ]);
    assert_eq!(
        one(Protocol::Uci, &lines),
        finding(CheckId::GuiCommandGrammar, Grade::Fail, req!("uci-r54"))
    );
}

/// A `ponderhit` the game's next position belies: another move at the pondered ply, then the
/// engine's answer to the ponder search played after it.
#[test]
fn a_false_ponderhit_is_read_from_the_next_position() {
    let false_hit = uci(&[
        "> position startpos moves e2e4 e7e5 g1f3",
        "> go ponder wtime 60000 btime 60000",
        "> ponderhit",
        "< bestmove b8c6 ponder f1b5",
        "> position startpos moves e2e4 e7e5 b1c3 b8c6 f1c4",
        "> go ponder wtime 60000 btime 59000",
        "> stop",
        "< bestmove g8f6",
    ]);
    assert_eq!(
        one(Protocol::Uci, &false_hit),
        finding(CheckId::GuiPonderHit, Grade::Fail, req!("uci-r60"))
    );
    // The guess came true: the next position has it at that ply, whatever follows.
    let true_hit = uci(&[
        "> position startpos moves e2e4 e7e5 g1f3",
        "> go ponder wtime 60000 btime 60000",
        "> ponderhit",
        "< bestmove b8c6",
        "> position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4",
        "> go wtime 60000 btime 59000",
        "< bestmove g8f6",
    ]);
    assert_eq!(found(Protocol::Uci, &true_hit), vec![]);
    // Another move without the engine's answer after it (a takeback, another game) and a
    // line that never passes the pondered ply say nothing.
    for next in [
        "> position startpos moves e2e4 e7e5 b1c3 g8f6",
        "> position startpos moves d2d4",
    ] {
        let lines = uci(&[
            "> position startpos moves e2e4 e7e5 g1f3",
            "> go ponder wtime 60000 btime 60000",
            "> ponderhit",
            "< bestmove b8c6",
            next,
            "> go depth 2",
            "< bestmove a2a3",
        ]);
        assert_eq!(found(Protocol::Uci, &lines), vec![], "{next}");
    }
}

#[test]
fn a_ucci_ponder_hit_is_answered_by_ponderhit() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let position = |moves: &str| -> &'static str {
        Box::leak(format!("> position fen {start}{moves}").into_boxed_str())
    };
    let false_hit = ucci(&[
        position(" moves h2e2 h7e7"),
        "> go ponder depth 5",
        "> ponderhit",
        "< bestmove h0g2",
        position(" moves h2e2 b9c7 h0g2 h9g7"),
        "> go depth 5",
        "< bestmove b0c2",
    ]);
    // `go ponder depth` breaks ucci-r75 too: take the ponder finding alone.
    let ponder: Vec<_> = found(Protocol::Ucci, &false_hit)
        .into_iter()
        .filter(|f| f.0 == CheckId::GuiPonderHit)
        .collect();
    assert_eq!(
        ponder,
        vec![finding(
            CheckId::GuiPonderHit,
            Grade::Fail,
            req!("ucci-r90")
        )]
    );
    let hit_as_miss = ucci(&[
        "> setoption usemillisec true",
        position(" moves h2e2 h7e7"),
        "> go ponder time 60000",
        "> stop",
        "< bestmove h0g2",
        position(" moves h2e2 h7e7"),
        "> go time 60000",
        "< bestmove h0g2",
    ]);
    assert_eq!(
        one(Protocol::Ucci, &hit_as_miss),
        finding(CheckId::GuiPonderHit, Grade::Warn, req!("ucci-r127"))
    );
    // UCI's text does not say how a GUI answers a hit: the same there raises nothing.
    let uci_hit_as_miss = uci(&[
        "> position startpos moves e2e4 e7e5",
        "> go ponder wtime 60000 btime 60000",
        "> stop",
        "< bestmove g1f3",
        "> position startpos moves e2e4 e7e5",
        "> go wtime 60000 btime 60000",
        "< bestmove g1f3",
    ]);
    assert_eq!(found(Protocol::Uci, &uci_hit_as_miss), vec![]);
}

fn ucci_timed(rest: &[(u64, &'static str)]) -> Vec<(u64, &'static str)> {
    let mut lines: Vec<(u64, &str)> = (0..).zip(UCCI_HANDSHAKE.iter().copied()).collect();
    lines.extend_from_slice(rest);
    lines
}

/// Every finding's check, grade and rows.
fn timed_rows(protocol: Protocol, lines: &[(u64, &str)]) -> Vec<(CheckId, Grade, Vec<ReqId>)> {
    crate::check::gui_findings_timed(protocol, lines)
        .into_iter()
        .map(|o| (id_under(protocol, &o.check), o.grade, o.requirements))
        .collect()
}

fn rows(check: CheckId, grade: Grade, rows: &[ReqId]) -> (CheckId, Grade, Vec<ReqId>) {
    (check, grade, rows.to_vec())
}

/// UCCI times in the unit the engine does not read: milliseconds in the default seconds
/// (the clock falls by thousands of "seconds" over a search of half a second), and seconds
/// after `setoption usemillisec true` (it falls by 5 "ms" over a search of 5 s).
#[test]
fn ucci_clocks_in_the_wrong_unit_break_usemillisec() {
    let milliseconds = ucci_timed(&[
        (10, "> position startpos"),
        (10, "> go time 60000 increment 0"),
        (510, "< bestmove h2e2"),
        (600, "> position startpos moves h2e2 h7e7"),
        (600, "> go time 59400 increment 0"),
        (1_100, "< bestmove h0g2"),
    ]);
    let unit = rows(
        CheckId::GuiClockCharged,
        Grade::Fail,
        reqs!["ucci-r27", "ucci-r122"],
    );
    assert_eq!(
        timed_rows(Protocol::Ucci, &milliseconds),
        vec![unit.clone()]
    );
    let seconds = ucci_timed(&[
        (10, "> setoption usemillisec true"),
        (10, "> position startpos"),
        (10, "> go time 300 increment 0"),
        (5_010, "< bestmove h2e2"),
        (6_000, "> position startpos moves h2e2 h7e7"),
        (6_000, "> go time 295 increment 0"),
        (7_000, "< bestmove h0g2"),
    ]);
    assert_eq!(timed_rows(Protocol::Ucci, &seconds), vec![unit]);
}

/// The increment the last `go` stated, not added; a clock charged with more than the
/// engine thought, by more than the GUI's timing explains, warns; a position whose line does
/// not pass the last one (another game, or one set up from a FEN alone) may come with any
/// clock.
#[test]
fn the_clock_is_bounded_from_below_within_a_game() {
    let game = |next: &'static str, position: &'static str| {
        ucci_timed(&[
            (10, "> setoption usemillisec true"),
            (10, "> position startpos"),
            (10, "> go time 60000 increment 5000"),
            (310, "< bestmove h2e2"),
            (400, position),
            (400, next),
            (700, "< bestmove h0g2"),
        ])
    };
    let continued = "> position startpos moves h2e2 h7e7";
    assert_eq!(
        timed_rows(
            Protocol::Ucci,
            &game("> go time 64700 increment 5000", continued)
        ),
        vec![]
    );
    assert_eq!(
        timed_rows(
            Protocol::Ucci,
            &game("> go time 59400 increment 5000", continued)
        ),
        vec![rows(
            CheckId::GuiClockCharged,
            Grade::Fail,
            reqs!["ucci-r71"]
        )]
    );
    assert_eq!(
        timed_rows(
            Protocol::Ucci,
            &game("> go time 40000 increment 5000", continued)
        ),
        vec![rows(
            CheckId::GuiClockCharged,
            Grade::Warn,
            reqs!["ucci-r124"]
        )]
    );
    let apart =
        "> position fen rnbakab1r/9/1c2c1n2/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 3";
    assert_eq!(
        timed_rows(
            Protocol::Ucci,
            &game("> go time 40000 increment 5000", apart)
        ),
        vec![]
    );
    // UCI: white's increment not added.
    let uci_game = uci_timed(&[
        (100, "> position startpos"),
        (100, "> go wtime 60000 btime 60000 winc 3000 binc 3000"),
        (600, "< bestmove e2e4"),
        (700, "> position startpos moves e2e4 e7e5"),
        (700, "> go wtime 59400 btime 60000 winc 3000 binc 3000"),
        (900, "< bestmove g1f3"),
    ]);
    assert_eq!(
        timed_rows(Protocol::Uci, &uci_game),
        vec![rows(
            CheckId::GuiClockCharged,
            Grade::Fail,
            reqs!["uci-r64"]
        )]
    );
}

/// `movestogo` counts down one for each move of the engine within a period; a new period
/// starts a new count. In sudden death (no `movestogo`) no time comes on top (uci-r68).
#[test]
fn movestogo_counts_down_and_sudden_death_adds_nothing() {
    let ucci_game = |second: &'static str, next_period: &'static str| {
        ucci_timed(&[
            (10, "> setoption usemillisec true"),
            (10, "> position startpos"),
            (10, "> go time 60000 movestogo 2"),
            (110, "< bestmove h2e2"),
            (200, "> position startpos moves h2e2 h7e7"),
            (200, second),
            (300, "< bestmove h0g2"),
            (400, "> position startpos moves h2e2 h7e7 h0g2 h9g7"),
            (400, next_period),
            (500, "< bestmove b0c2"),
        ])
    };
    assert_eq!(
        timed_rows(
            Protocol::Ucci,
            &ucci_game(
                "> go time 59900 movestogo 1",
                "> go time 120000 movestogo 40"
            )
        ),
        vec![]
    );
    assert_eq!(
        timed_rows(
            Protocol::Ucci,
            &ucci_game("> go time 59900 movestogo 2", "> go time 59800 movestogo 1")
        ),
        vec![rows(
            CheckId::GuiClockCharged,
            Grade::Fail,
            reqs!["ucci-r70"]
        )]
    );
    let uci_game = uci_timed(&[
        (100, "> position startpos"),
        (100, "> go wtime 60000 btime 60000 movestogo 30"),
        (200, "< bestmove e2e4"),
        (300, "> position startpos moves e2e4 e7e5"),
        (300, "> go wtime 59900 btime 60000 movestogo 31"),
        (400, "< bestmove g1f3"),
    ]);
    assert_eq!(
        timed_rows(Protocol::Uci, &uci_game),
        vec![rows(
            CheckId::GuiClockCharged,
            Grade::Fail,
            reqs!["uci-r66"]
        )]
    );
    let sudden_death = uci_timed(&[
        (100, "> position startpos"),
        (100, "> go wtime 10000 btime 10000"),
        (200, "< bestmove e2e4"),
        (300, "> position startpos moves e2e4 e7e5"),
        (300, "> go wtime 20000 btime 10000"),
        (400, "< bestmove g1f3"),
    ]);
    assert_eq!(
        timed_rows(Protocol::Uci, &sudden_death),
        vec![rows(
            CheckId::GuiClockCharged,
            Grade::Fail,
            reqs!["uci-r62", "uci-r64", "uci-r68"]
        )]
    );
}

/// Two options on one line: the second's `name … value …` inside the first's value.
#[test]
fn two_options_on_one_line_break_one_line_each() {
    let lines = uci(&["> setoption name Hash value 16 name Ponder value true"]);
    let found = found(Protocol::Uci, &lines);
    assert!(
        found.contains(&finding(
            CheckId::GuiCommandGrammar,
            Grade::Fail,
            req!("uci-r38")
        )),
        "{found:?}"
    );
    // A multi-word value without the second pair is no second option.
    let lines = uci(&["> setoption name Hash value 16 name x"]);
    assert!(!found_rows(&lines).contains(&req!("uci-r38")), "{lines:?}");
}

fn found_rows(lines: &[&str]) -> Vec<ReqId> {
    crate::check::gui_findings_in(Protocol::Uci, lines)
        .into_iter()
        .flat_map(|o| o.requirements)
        .collect()
}

/// A FEN moved past plies that captured nothing (the current position alone) starts later
/// than the last capture: the cases keep the FEN and list the moves (a warning). A FEN of
/// the last capture, or one the last line passes, is no such thing.
#[test]
fn a_ucci_fen_set_past_quiet_moves_starts_too_late() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let after_two = "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 2";
    let too_late: &'static str = Box::leak(format!("> position fen {after_two}").into_boxed_str());
    let first: &'static str = Box::leak(format!("> position fen {start}").into_boxed_str());
    let lines = ucci(&[first, "> go depth 3", "< bestmove h2e2", too_late]);
    assert_eq!(
        one(Protocol::Ucci, &lines),
        finding(
            CheckId::GuiPositionLastCapture,
            Grade::Warn,
            req!("ucci-r12")
        )
    );
    let kept: &'static str =
        Box::leak(format!("> position fen {start} moves h2e2 h7e7").into_boxed_str());
    let lines = ucci(&[first, "> go depth 3", "< bestmove h2e2", kept]);
    assert_eq!(found(Protocol::Ucci, &lines), vec![]);
    // After a capture the FEN of the capture is the right start.
    let captured = "rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2";
    let before: &'static str =
        Box::leak(format!("> position fen {start} moves h2e2 h7e7").into_boxed_str());
    let after: &'static str = Box::leak(format!("> position fen {captured}").into_boxed_str());
    let lines = ucci(&[before, "> go depth 3", "< bestmove e2e6", after]);
    assert_eq!(found(Protocol::Ucci, &lines), vec![]);
}

/// uci-r144: the engine offers `UCI_ArbiterInvented`, a reserved name no GUI can know; a GUI
/// that leaves it alone passes, one that sets it fails, and a reserved name a GUI may know
/// (`UCI_Chess960`) is no fault to set.
#[test]
fn an_unknown_reserved_option_is_left_alone() {
    let offered = [
        "> uci",
        "< option name UCI_Chess960 type check default false",
        "< option name UCI_ArbiterInvented type check default false",
        "< uciok",
        "> isready",
        "< readyok",
        "> setoption name UCI_Chess960 value true",
    ];
    let mut ignored = offered.to_vec();
    ignored.push("> quit");
    assert_eq!(found(Protocol::Uci, &ignored), vec![]);
    let mut set = offered.to_vec();
    set.extend(["> setoption name uci_arbiterinvented value false", "> quit"]);
    assert_eq!(
        one(Protocol::Uci, &set),
        finding(CheckId::GuiSetoptionReserved, Grade::Fail, req!("uci-r144"))
    );
}

/// ucci-r76, r75: `draw` and `ponder` come before the thinking mode (`go [ponder | draw]
/// <mode>`); written after it, an engine reading the text's form does not see the offer.
#[test]
fn a_ucci_draw_offer_comes_before_the_thinking_mode() {
    let go = |line: &'static str| {
        found(
            Protocol::Ucci,
            &ucci(&["> position startpos", line, "< bestmove h2e2", "> quit"]),
        )
    };
    assert_eq!(go("> go draw time 60000"), vec![]);
    assert_eq!(
        go("> go time 60000 draw"),
        vec![finding(CheckId::GuiGoForm, Grade::Fail, req!("ucci-r76"))]
    );
    assert_eq!(
        go("> go time 60000 increment 0 ponder"),
        vec![finding(CheckId::GuiGoForm, Grade::Fail, req!("ucci-r75"))]
    );
}

/// The survey's c-chess-cli with a Chess960 book: once the GUI sets `UCI_Chess960` (an option
/// the engine offered), a position with Chess960's castling rights is not judged as standard
/// chess; without it, the same FEN fails, citing the `position` command's row only, not the
/// rows of the moves' spelling or of `searchmoves`.
#[test]
fn a_chess960_position_is_not_judged_as_standard_chess() {
    const FEN960: &str = "> position fen nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1";
    let mut handshake = UCI_HANDSHAKE.to_vec();
    handshake.insert(3, "< option name UCI_Chess960 type check default false");
    let session = |setoption: Option<&'static str>| {
        let mut lines = handshake.clone();
        lines.extend(setoption);
        lines.extend_from_slice(&[
            "> isready",
            "< readyok",
            FEN960,
            "> go movetime 100",
            "< bestmove b1c3",
            "> quit",
        ]);
        lines
    };
    let set = session(Some("> setoption name UCI_Chess960 value true"));
    assert_eq!(found(Protocol::Uci, &set), vec![]);
    let unset = session(None);
    let all = gui_findings_in(Protocol::Uci, &unset);
    assert_eq!(all.len(), 1, "{all:#?}");
    assert_eq!(
        all[0].check,
        CheckRef::builtin(Protocol::Uci, CheckId::GuiPositionLegal)
    );
    assert_eq!(all[0].grade, Grade::Fail);
    assert_eq!(all[0].requirements, reqs!["uci-r49"]);
}

/// ucci-r92: the text's one way to offer a draw to a pondering engine is `ponderhit draw`; a
/// `ponderhit` that carries `draw` in another form does not read, and the offer is lost. A
/// `ponderhit` with another word breaks only the line's form.
#[test]
fn a_draw_offer_on_ponderhit_in_another_form_breaks_its_row() {
    for written in [
        "> ponderhit draw now",
        "> ponderhit DRAW",
        "> ponderhit time 5 draw",
    ] {
        assert_eq!(
            one(
                Protocol::Ucci,
                &ucci(&[
                    "> position startpos moves h2e2",
                    "> go ponder time 100",
                    written,
                    "< bestmove h7e7",
                ])
            ),
            finding(CheckId::GuiCommandGrammar, Grade::Fail, req!("ucci-r92")),
            "{written}"
        );
    }
    assert_eq!(
        one(
            Protocol::Ucci,
            &ucci(&[
                "> position startpos moves h2e2",
                "> go ponder time 100",
                "> ponderhit 5",
                "< bestmove h7e7",
            ])
        ),
        finding(CheckId::GuiCommandGrammar, Grade::Fail, req!("ucci-r05"))
    );
    assert!(
        found(
            Protocol::Ucci,
            &ucci(&[
                "> position startpos moves h2e2",
                "> go ponder time 100",
                "> ponderhit draw",
                "< bestmove h7e7 draw",
            ])
        )
        .is_empty()
    );
}

/// ucci-r11: a game from the start has red to move. The start placement with black to move
/// at move 1 warns; the same placement later in a game (a rook's three moves out and home
/// against a horse's two) is a position play reaches, and red to move is Case 1 itself.
#[test]
fn a_game_begun_by_black_warns_under_case_one() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    let black_first = format!("> position fen {start} b - - 0 1");
    let black_first_no_counters = format!("> position fen {start} b");
    for line in [&black_first, &black_first_no_counters] {
        assert_eq!(
            one(
                Protocol::Ucci,
                &ucci(&[line.as_str(), "> go depth 1", "< bestmove h7e7"])
            ),
            finding(CheckId::GuiPositionRedFirst, Grade::Warn, req!("ucci-r11")),
            "{line}"
        );
    }
    for line in [
        format!("> position fen {start} b - - 4 3"),
        format!("> position fen {start} w - - 0 1"),
    ] {
        assert!(
            found(
                Protocol::Ucci,
                &ucci(&[line.as_str(), "> go depth 1", "< bestmove h2e2"])
            )
            .is_empty(),
            "{line}"
        );
    }
}
