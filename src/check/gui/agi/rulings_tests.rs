//! AGI positions that continue a game (each stone's colour kept, the engine's move in its
//! colour), the engine's move echoed by DOMOVE, forbidden black moves under SETRULE
//! FORBIDDEN, what the GUI waits for and how it ends the session, and the worked example's
//! rows that the existing checks now cite.

use crate::check::{
    CheckId, Context, Grade, Outcome, gui_findings_in, id_under, judge_both_sides, registry,
    timed_entries,
};
use crate::protocol::{Protocol, ReqId};
use crate::session::{ExitRecord, ReadWait, Transcript};
use crate::{req, reqs};

type Found = Vec<(CheckId, Grade, ReqId)>;

/// A GUI-side finding as (check, grade, first cited row).
fn brief(o: &Outcome) -> (CheckId, Grade, ReqId) {
    (
        id_under(Protocol::Agi, &o.check),
        o.grade,
        o.requirements[0],
    )
}

fn found(lines: &[&str]) -> Found {
    gui_findings_in(Protocol::Agi, lines)
        .iter()
        .map(brief)
        .collect()
}

fn cited(lines: &[&str]) -> Vec<ReqId> {
    gui_findings_in(Protocol::Agi, lines)
        .into_iter()
        .flat_map(|o| o.requirements)
        .collect()
}

fn finding(check: CheckId, grade: Grade, row: ReqId) -> Found {
    vec![(check, grade, row)]
}

fn session(rest: &[&'static str]) -> Vec<&'static str> {
    let mut lines = vec!["> AGI", "< AGIOK"];
    lines.extend_from_slice(rest);
    lines
}

#[test]
fn a_position_that_continues_the_game_keeps_each_stones_colour() {
    let after = |position| {
        found(&session(&[
            "> POSITION MOVES 7868",
            "> GO TIME 9000",
            "< BESTMOVE 77",
            position,
            "> GO TIME 8000",
        ]))
    };
    // The engine's move as black's third stone, then white's answer: the game goes on.
    assert_eq!(after("> POSITION MOVES 78687766"), vec![]);
    assert_eq!(after("> POSITION STATU 786877 MOVES 66"), vec![]);
    // The moves out of order: the game's stones change colour.
    assert_eq!(
        after("> POSITION MOVES 77786866"),
        finding(CheckId::GuiPositionContinued, Grade::Fail, req!("agi-r27"))
    );
    // STATU listing white first.
    assert_eq!(
        after("> POSITION STATU 687877 MOVES 66"),
        finding(CheckId::GuiPositionContinued, Grade::Fail, req!("agi-r24"))
    );
    // Another game (the engine's move not in it, or fewer stones) is not judged.
    assert_eq!(after("> POSITION MOVES 6878"), vec![]);
    assert_eq!(after("> POSITION MOVES 687866"), vec![]);
}

#[test]
fn a_domove_right_after_bestmove_names_its_point_as_written() {
    let told = |domove| {
        found(&session(&[
            "> POSITION MOVES 7868",
            "> GO TIME 9000",
            "< BESTMOVE 79",
            domove,
        ]))
    };
    assert_eq!(told("> DOMOVE 79"), vec![]);
    assert_eq!(
        told("> DOMOVE 97"),
        finding(CheckId::GuiMoveEchoed, Grade::Warn, req!("agi-r22"))
    );
    assert_eq!(
        told("> DOMOVE 7A"),
        finding(CheckId::GuiMoveEchoed, Grade::Warn, req!("agi-r23"))
    );
    assert_eq!(
        told("> DOMOVE 89"),
        finding(CheckId::GuiMoveEchoed, Grade::Warn, req!("agi-r23"))
    );
    // Another point far off is the GUI's own choice; in analysis no move was made.
    assert_eq!(told("> DOMOVE 3C"), vec![]);
    assert_eq!(
        found(&session(&[
            "> POSITION MOVES 7868",
            "> GO INFINITE",
            "> STOP",
            "< BESTMOVE 79",
            "> DOMOVE 97",
        ])),
        vec![]
    );
}

#[test]
fn a_black_move_on_a_forbidden_point_warns_under_setrule_forbidden() {
    // Black 77 and 79 beside 78, 68 and 88 above and below it: black's 78 makes two open
    // threes, a double three.
    let position = "> POSITION MOVES 770168028803790578";
    assert_eq!(
        found(&session(&["> SETRULE FORBIDDEN", position])),
        finding(CheckId::GuiRenjuForbidden, Grade::Warn, req!("agi-r41"))
    );
    assert_eq!(
        found(&session(&["> SETRULE UNFORBIDDEN", position])),
        vec![]
    );
    // Through DOMOVE, and said once.
    let before = "> POSITION MOVES 77016802880379";
    assert_eq!(
        found(&session(&[
            "> SETRULE FORBIDDEN",
            before,
            "> DOMOVE 05",
            "> DOMOVE 78",
            position,
        ])),
        finding(CheckId::GuiRenjuForbidden, Grade::Warn, req!("agi-r41"))
    );
}

#[test]
fn the_gui_waits_for_readyok_before_it_sets_a_position() {
    assert_eq!(
        found(&session(&["> ISREADY", "> POSITION MOVES 78", "< READYOK"])),
        finding(CheckId::GuiReplyWait, Grade::Warn, req!("agi-r91"))
    );
    assert_eq!(
        found(&session(&["> ISREADY", "< READYOK", "> POSITION MOVES 78"])),
        vec![]
    );
}

/// A session that ended when the GUI closed the engine's input at `closed_ms`.
fn ended_at(lines: &[(u64, &str)], closed_ms: u64) -> Found {
    let transcript = Transcript {
        entries: timed_entries(lines),
        stdin_closed_at_us: Some(closed_ms * 1000),
        exit: Some(ExitRecord {
            at_us: closed_ms * 1000 + 1000,
            code: Some(0),
            signal: None,
            killed_by_harness: false,
        }),
        ..Transcript::default()
    };
    let ctx = Context {
        protocol: Protocol::Agi,
        game: Protocol::Agi.default_game(),
        time_scale: 1.0,
    };
    judge_both_sides(ctx, &transcript)
        .into_iter()
        .filter(|o| o.grade != Grade::Pass && o.side == registry::Side::Gui)
        .map(|o| brief(&o))
        .collect()
}

#[test]
fn the_session_ends_with_quit_and_setoption_is_not_waited_for() {
    let quit = [(0, "> AGI"), (1, "< AGIOK"), (2, "> QUIT"), (3, "< BYE")];
    assert_eq!(ended_at(&quit, 4), vec![]);
    let closed = [
        (0, "> AGI"),
        (1, "< AGIOK"),
        (2, "> ISREADY"),
        (3, "< READYOK"),
    ];
    assert_eq!(
        ended_at(&closed, 4),
        finding(CheckId::GuiEndPipes, Grade::Warn, req!("agi-r98"))
    );
    let waited = [(0, "> AGI"), (1, "< AGIOK"), (2, "> SETOPTION PONDER OFF")];
    assert_eq!(
        ended_at(&waited, 5_000),
        finding(CheckId::GuiReplyWait, Grade::Warn, req!("agi-r50"))
    );
    // The handshake never answered: the engine did not speak AGI, nothing to end.
    assert_eq!(ended_at(&[(0, "> AGI")], 5_000), vec![]);
}

#[test]
fn the_worked_examples_rows_are_cited_where_every_gui_is_judged() {
    assert!(cited(&["> ISREADY", "> AGI"]).contains(&req!("agi-r87")));
    assert!(
        cited(&session(&["> POSITION MOVES 7878"])).contains(&req!("agi-r92")),
        "a worked POSITION"
    );
    assert!(
        cited(&session(&[
            "> POSITION MOVES 78",
            "> GO SEARCH 78 INFINITE"
        ]))
        .contains(&req!("agi-r93")),
        "a worked GO SEARCH"
    );
    assert!(
        cited(&session(&["> POSITION MOVES 78", "> DOMOVE 78"])).contains(&req!("agi-r96")),
        "a worked DOMOVE"
    );
}

/// agi-r66: background thinking stopped without a result, then a `GO` that two results
/// answer: the first is the late one, and a GUI that tells it as the move made before the
/// second came took it for its search's answer. A GUI that syncs first, or waits for the
/// second, or whose `GO` gets one result, passes.
#[test]
fn a_late_background_result_is_not_taken_for_the_next_search_s_answer() {
    let pondered = [
        "> POSITION MOVES 7877",
        "> GO TIME 9000",
        "< BESTMOVE 68",
        "> DOMOVE 68",
        "> GO PONDER",
        "> STOP",
        "> DOMOVE 11",
        "> GO TIME 8000",
        "< BESTMOVE 66",
    ];
    let with = |rest: &[&'static str]| {
        let mut lines = session(&pondered);
        lines.extend_from_slice(rest);
        found(&lines)
    };
    // Told the late 66 as its move, then the search's own 88 came.
    assert_eq!(
        with(&["> DOMOVE 66", "< BESTMOVE 88", "> QUIT"]),
        finding(CheckId::GuiBackgroundResult, Grade::Fail, req!("agi-r66"))
    );
    assert_eq!(
        with(&["> POSITION MOVES 7877681166", "< BESTMOVE 88", "> QUIT"]),
        finding(CheckId::GuiBackgroundResult, Grade::Fail, req!("agi-r66"))
    );
    // Waited for the second and told it; or one result only, told.
    assert_eq!(with(&["< BESTMOVE 88", "> DOMOVE 88", "> QUIT"]), vec![]);
    assert_eq!(with(&["> DOMOVE 66", "> QUIT"]), vec![]);
    // The sync after STOP ends background thinking: the result after the GO is its own.
    let mut synced = session(&pondered[..6]);
    synced.extend([
        "> ISREADY",
        "< BESTMOVE 66",
        "< READYOK",
        "> DOMOVE 11",
        "> GO TIME 8000",
        "< BESTMOVE 88",
        "> DOMOVE 88",
        "< BESTMOVE 99",
        "> QUIT",
    ]);
    assert_eq!(found(&synced), vec![]);
    // Silent after STOP of background thinking until the session ended: waited for it.
    let waited = [
        (0, "> AGI"),
        (1, "< AGIOK"),
        (2, "> POSITION MOVES 78"),
        (3, "> GO PONDER"),
        (4, "> STOP"),
    ];
    assert_eq!(
        ended_at(&waited, 5_000),
        finding(CheckId::GuiBackgroundResult, Grade::Warn, req!("agi-r66"))
    );
    assert_eq!(
        ended_at(&waited, 500),
        finding(CheckId::GuiEndPipes, Grade::Warn, req!("agi-r98"))
    );
}

/// agi-r08: the relay's waits for the GUI to read. A wait of 2 s or more with the pipe full
/// fails, shorter ones (a busy machine) pass, and a written exchange, which no relay timed,
/// is not judged.
#[test]
fn the_engine_s_output_does_not_wait_for_the_gui_to_read_it() {
    let lines = [
        (0, "> AGI"),
        (1, "< AGIOK"),
        (2, "> POSITION MOVES 78"),
        (3, "> GO TIME 3000"),
        (100, "< BESTMOVE 77"),
        (101, "> QUIT"),
        (102, "< BYE"),
    ];
    let judged = |waits: &[(u64, u64)]| {
        let transcript = Transcript {
            entries: timed_entries(&lines),
            stdin_closed_at_us: Some(5_000_000),
            gui_read_waits: waits
                .iter()
                .map(|&(at_ms, waited_ms)| ReadWait {
                    at_us: at_ms * 1000,
                    waited_us: waited_ms * 1000,
                })
                .collect(),
            ..Transcript::default()
        };
        let ctx = Context {
            protocol: Protocol::Agi,
            game: Protocol::Agi.default_game(),
            time_scale: 1.0,
        };
        judge_both_sides(ctx, &transcript)
            .into_iter()
            .filter(|o| {
                o.side == registry::Side::Gui
                    && o.check
                        == crate::check::CheckRef::builtin(
                            Protocol::Agi,
                            crate::check::CheckId::GuiOutputRead,
                        )
            })
            .map(|o| (o.grade, o.requirements, o.message))
            .collect::<Vec<_>>()
    };
    let failed = judged(&[(4, 700), (5, 2900)]);
    assert_eq!(failed.len(), 1, "{failed:#?}");
    assert_eq!(
        (failed[0].0, failed[0].1.clone()),
        (Grade::Fail, reqs!["agi-r08"].to_vec())
    );
    assert!(failed[0].2.contains("2900 ms"), "{}", failed[0].2);
    let passed = judged(&[(4, 700)]);
    assert_eq!(passed.len(), 1);
    assert_eq!(passed[0].0, Grade::Pass);
    // A written exchange has no relay: nothing to judge.
    assert_eq!(found(&lines.map(|(_, l)| l)), vec![]);
}
