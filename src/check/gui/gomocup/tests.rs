//! The Gomocup and AGI GUI-side checks on written exchanges: conforming managers raise
//! nothing, and each fault is caught by its check, grade and row.

use crate::check::{CheckId, Grade, Outcome, gui_findings_in, id_under};
use crate::protocol::{Protocol, ReqId};
use crate::req;

/// `(check, grade, first cited row)` of a GUI-side finding judged under `protocol`.
fn brief(protocol: Protocol, o: &Outcome) -> (CheckId, Grade, ReqId) {
    (id_under(protocol, &o.check), o.grade, o.requirements[0])
}

fn found(protocol: Protocol, lines: &[&str]) -> Vec<(CheckId, Grade, ReqId)> {
    gui_findings_in(protocol, lines)
        .iter()
        .map(|o| brief(protocol, o))
        .collect()
}

fn finding(check: CheckId, grade: Grade, row: ReqId) -> Vec<(CheckId, Grade, ReqId)> {
    vec![(check, grade, row)]
}

/// START and the limits, then `rest`.
fn gomocup(rest: &[&'static str]) -> Vec<&'static str> {
    let mut lines = vec![
        "> START 15",
        "< OK",
        "> INFO timeout_turn 1000",
        "> INFO timeout_match 0",
        "> INFO rule 1",
    ];
    lines.extend_from_slice(rest);
    lines
}

#[test]
fn a_conforming_gomocup_manager_raises_nothing() {
    let game = gomocup(&[
        "> INFO game_type 1",
        "> INFO evaluate 3,4",
        "> INFO folder C:\\temp",
        "> BEGIN",
        "< MESSAGE thinking",
        "< 7,7",
        "> TURN 8,8",
        "< 6,6",
        "> TAKEBACK 6,6",
        "< OK",
        "> ABOUT",
        "< name=\"brain\"",
        "> RESTART",
        "< OK",
        "> BOARD",
        "> 7,7,2",
        "> 8,8,1",
        "> 9,9,2",
        "> DONE",
        "< SUGGEST 5,5",
        "> PLAY 5,5",
        "< 5,5",
        "> TURN 0,0",
        "< 1,1",
        "> END",
    ]);
    assert_eq!(found(Protocol::Gomocup, &game), vec![]);
}

/// `UNKNOWN` is an answer: to a command of another manager's (here Yixin's `YXHASHCLEAR`,
/// which the text does not have), the brain's `UNKNOWN` answers that command, in order, and
/// not the `RESTART` sent right after it, which the brain then accepts with `OK`. The manager
/// goes on with the new game: nothing to blame under gomocup-r111. A manager that goes on
/// after an `UNKNOWN` that did answer `RESTART` still fails.
#[test]
fn an_unknown_answers_the_unknown_command_before_restart() {
    let game = gomocup(&[
        "> BEGIN",
        "< 7,7",
        "> YXHASHCLEAR",
        "> RESTART",
        "< UNKNOWN YXHASHCLEAR",
        "< OK",
        "> BEGIN",
        "< 7,7",
        "> END",
    ]);
    let found = found(Protocol::Gomocup, &game);
    assert_eq!(
        found,
        finding(
            CheckId::GuiCommandGrammar,
            Grade::Warn,
            req!("gomocup-r118")
        ),
        "{found:#?}"
    );
    let refused = gomocup(&[
        "> BEGIN",
        "< 7,7",
        "> RESTART",
        "< UNKNOWN RESTART",
        "> BEGIN",
        "< 7,7",
    ]);
    assert_eq!(
        found_in(&refused),
        finding(
            CheckId::GuiAnswerFollowed,
            Grade::Fail,
            req!("gomocup-r111")
        )
    );
}

fn found_in(lines: &[&str]) -> Vec<(CheckId, Grade, ReqId)> {
    found(Protocol::Gomocup, lines)
}

#[test]
fn gomocup_manager_faults_are_caught_by_their_rows() {
    let gui = |rest| found(Protocol::Gomocup, &gomocup(rest));
    // BEGIN opens a game START has set up (gomocup-r43); the other move requests need the
    // board START gives the brain (gomocup-r35, r36).
    assert_eq!(
        found(Protocol::Gomocup, &["> BEGIN", "< 7,7"]),
        finding(CheckId::GuiStartFirst, Grade::Fail, req!("gomocup-r43"))
    );
    assert_eq!(
        found(Protocol::Gomocup, &["> TURN 7,7", "< 8,8"]),
        finding(CheckId::GuiStartFirst, Grade::Fail, req!("gomocup-r35"))
    );
    assert_eq!(
        gui(&[
            "> BEGIN",
            "< 7,7",
            "> TURN 8,8",
            "< 9,9",
            "> BEGIN",
            "< 1,1"
        ]),
        finding(CheckId::GuiStartFirst, Grade::Fail, req!("gomocup-r43"))
    );
    // After RESTART the board is empty again, and BEGIN opens the new game.
    assert_eq!(
        gui(&["> BEGIN", "< 7,7", "> RESTART", "< OK", "> BEGIN", "< 1,1"]),
        vec![]
    );
    assert_eq!(
        gui(&["> BEGIN", "> TURN 3,3", "< 7,7"]),
        finding(CheckId::GuiReplyWait, Grade::Warn, req!("gomocup-r11"))
    );
    assert_eq!(
        gui(&["> BEGIN", "< 7,7", "> TURN 7,7"]),
        finding(CheckId::GuiStoneLegal, Grade::Fail, req!("gomocup-r41"))
    );
    assert_eq!(
        gui(&["> TURN 15,0"]),
        finding(CheckId::GuiStoneLegal, Grade::Fail, req!("gomocup-r41"))
    );
    assert_eq!(
        gui(&["> BEGIN", "< 7,7", "> BOARD", "> 1,1,1", "> DONE", "< 2,2"]),
        finding(CheckId::GuiBoardForm, Grade::Fail, req!("gomocup-r49"))
    );
    // Field 3 only in a continuous game, which the rule's flag 2 makes (gomocup-r72).
    assert_eq!(
        gui(&["> BOARD", "> 1,1,3", "> DONE", "< 2,2"]),
        finding(CheckId::GuiBoardForm, Grade::Fail, req!("gomocup-r72"))
    );
    assert_eq!(
        gui(&["> BOARD", "> 1,1,4", "> DONE", "< 2,2"]),
        finding(CheckId::GuiBoardForm, Grade::Fail, req!("gomocup-r51"))
    );
    assert_eq!(
        gui(&["> BOARD", "> 1,1,1", "> TURN 2,2"]),
        finding(CheckId::GuiBoardForm, Grade::Fail, req!("gomocup-r56"))
    );
    assert_eq!(
        gui(&[
            "> INFO rule 4",
            "> BOARD",
            "> 1,1,1",
            "> 2,2,1",
            "> 3,3,2",
            "> DONE",
            "< 4,4"
        ]),
        finding(CheckId::GuiBoardForm, Grade::Fail, req!("gomocup-r53"))
    );
    assert_eq!(
        gui(&["> INFO game_type 7"]),
        finding(CheckId::GuiInfoForm, Grade::Fail, req!("gomocup-r69"))
    );
    assert_eq!(
        gui(&["> INFO timeout_turn soon"]),
        finding(CheckId::GuiInfoForm, Grade::Fail, req!("gomocup-r65"))
    );
    assert_eq!(
        gui(&["> INFO colour red"]),
        finding(CheckId::GuiInfoForm, Grade::Warn, req!("gomocup-r58"))
    );
    assert_eq!(
        gui(&["> BEGIN", "< 7,7", "> INFO timeout_turn 500"]),
        finding(CheckId::GuiInfoBeforeMove, Grade::Warn, req!("gomocup-r76"))
    );
    assert_eq!(
        gui(&[
            "> INFO timeout_match 90000",
            "> INFO time_left 90000",
            "> BEGIN",
            "< 7,7",
            "> TURN 1,1"
        ]),
        finding(CheckId::GuiInfoBeforeMove, Grade::Fail, req!("gomocup-r77"))
    );
    assert_eq!(
        gui(&["> BEGIN", "< 7,7", "> TAKEBACK 1,1", "< OK"]),
        finding(CheckId::GuiTakebackLast, Grade::Fail, req!("gomocup-r112"))
    );
    assert_eq!(
        gui(&["> PLAY 3,3", "< 3,3"]),
        finding(
            CheckId::GuiAnswerFollowed,
            Grade::Fail,
            req!("gomocup-r114")
        )
    );
    assert_eq!(
        gui(&["> BEGIN", "< SUGGEST 7,7", "> TURN 3,3"]),
        finding(
            CheckId::GuiAnswerFollowed,
            Grade::Fail,
            req!("gomocup-r137")
        )
    );
    assert_eq!(
        gui(&["> RESTART", "< UNKNOWN", "> BEGIN"]),
        finding(
            CheckId::GuiAnswerFollowed,
            Grade::Fail,
            req!("gomocup-r111")
        )
    );
    assert_eq!(
        gui(&["> INFO time_left 30000"]),
        finding(CheckId::GuiInfoForm, Grade::Fail, req!("gomocup-r79"))
    );
    assert_eq!(
        found(Protocol::Gomocup, &["> RECTSTART 20,20", "< OK"]),
        finding(CheckId::GuiStartFirst, Grade::Fail, req!("gomocup-r106"))
    );
    assert_eq!(
        gui(&["> TURN x"]),
        finding(CheckId::GuiCommandGrammar, Grade::Fail, req!("gomocup-r41"))
    );
    assert_eq!(
        gui(&["> SWAP2BOARD"]),
        finding(
            CheckId::GuiCommandGrammar,
            Grade::Warn,
            req!("gomocup-r118")
        )
    );
}

fn agi(rest: &[&'static str]) -> Vec<&'static str> {
    let mut lines = vec![
        "> AGI",
        "< ID NAME brain",
        "< AGIOK",
        "> ISREADY",
        "< READYOK",
    ];
    lines.extend_from_slice(rest);
    lines
}

#[test]
fn a_conforming_agi_gui_raises_nothing() {
    let game = agi(&[
        "> SETRULE FORBIDDEN",
        "> SETOPTION OWNBOOK OFF PONDER ON",
        "> POSITION MOVES 78685A69",
        "> GO SEARCH 67596A6B INFINITE",
        "> STOP",
        "< BESTMOVE 67 PONDER 89",
        "> DOMOVE 67",
        "> GO TIME 3000",
        "< BESTMOVE 89",
        "> DOMOVE 89",
        "> GO PONDER",
        "> STOP",
        "> POSITION STATU 7868 MOVES 77",
        "> GO TIME 2000",
        "< BESTMOVE 66",
        "> QUIT",
        "< BYE",
    ]);
    assert_eq!(found(Protocol::Agi, &game), vec![]);
}

#[test]
fn agi_gui_faults_are_caught_by_their_rows() {
    assert_eq!(
        found(Protocol::Agi, &["> ISREADY", "> AGI", "< AGIOK"]),
        finding(CheckId::GuiHandshakeFirst, Grade::Fail, req!("agi-r04"))
    );
    assert_eq!(
        found(
            Protocol::Agi,
            &["> AGI", "> ISREADY", "< AGIOK", "< READYOK"]
        ),
        finding(CheckId::GuiHandshakeWait, Grade::Warn, req!("agi-r39"))
    );
    assert_eq!(
        found(Protocol::Agi, &agi(&["> GO TIME 1000"])),
        finding(
            CheckId::GuiSearchPositionFirst,
            Grade::Fail,
            req!("agi-r10")
        )
    );
    assert_eq!(
        found(Protocol::Agi, &agi(&["> POSITION MOVES 7878"])),
        finding(CheckId::GuiPositionLegal, Grade::Fail, req!("agi-r21"))
    );
    assert_eq!(
        found(Protocol::Agi, &agi(&["> POSITION MOVES 78", "> DOMOVE 78"])),
        finding(CheckId::GuiPositionLegal, Grade::Fail, req!("agi-r80"))
    );
    assert_eq!(
        found(
            Protocol::Agi,
            &agi(&[
                "> POSITION MOVES 78",
                "> GO SEARCH 78 TIME 10",
                "< BESTMOVE 77"
            ])
        ),
        finding(CheckId::GuiPositionLegal, Grade::Fail, req!("agi-r61"))
    );
    assert_eq!(
        found(
            Protocol::Agi,
            &agi(&[
                "> POSITION",
                "> GO TIME 10",
                "< BESTMOVE 78",
                "> DOMOVE 78",
                "> GO"
            ])
        ),
        finding(CheckId::GuiGoForm, Grade::Fail, req!("agi-r14"))
    );
    assert_eq!(
        found(
            Protocol::Agi,
            &agi(&[
                "> POSITION",
                "> GO TIME 10",
                "< BESTMOVE 78",
                "> GO TIME 10"
            ])
        ),
        finding(CheckId::GuiMoveTold, Grade::Warn, req!("agi-r17"))
    );
    let timed = agi(&[
        "> POSITION",
        "> GO TIME 10000",
        "< BESTMOVE 78",
        "> DOMOVE 78",
        "> DOMOVE 77",
        "> GO TIME 10000",
    ]);
    let timed: Vec<(u64, &str)> = timed
        .iter()
        .enumerate()
        .map(|(i, l)| (if i >= 7 { 3_000 + i as u64 } else { i as u64 }, *l))
        .collect();
    let clock: Vec<_> = crate::check::gui_findings_timed(Protocol::Agi, &timed)
        .into_iter()
        .map(|o| (id_under(Protocol::Agi, &o.check), o.grade))
        .collect();
    assert_eq!(clock, vec![(CheckId::GuiClockCharged, Grade::Fail)]);
    assert_eq!(
        found(Protocol::Agi, &agi(&["> SETOPTION OWNBOOK MAYBE"])),
        finding(CheckId::GuiCommandGrammar, Grade::Fail, req!("agi-r47"))
    );
    assert_eq!(
        found(Protocol::Agi, &agi(&["> JUMP 78"])),
        finding(CheckId::GuiCommandGrammar, Grade::Fail, req!("agi-r07"))
    );
}

/// The GUI-side findings of a session a signal from outside ended at `gone_ms` (the manager
/// killed the spy's brain, or exited), after these lines (times in milliseconds).
fn cut_short_at(lines: &[(u64, &str)], gone_ms: u64) -> Vec<(CheckId, Grade, ReqId)> {
    use crate::check::{Context, judge_both_sides, registry, timed_entries};
    use crate::session::{ExitRecord, Transcript};
    let transcript = Transcript {
        entries: timed_entries(lines),
        exit: Some(ExitRecord {
            at_us: gone_ms * 1000,
            code: None,
            signal: Some(1),
            killed_by_harness: true,
        }),
        cut_short: true,
        ..Transcript::default()
    };
    let ctx = Context {
        protocol: Protocol::Gomocup,
        game: Protocol::Gomocup.default_game(),
        time_scale: 1.0,
    };
    judge_both_sides(ctx, &transcript)
        .into_iter()
        .filter(|o| o.grade != Grade::Pass && o.side == registry::Side::Gui)
        .map(|o| brief(Protocol::Gomocup, &o))
        .collect()
}

/// GomocupJudgeLocal forfeits a game without `END` and leaves the brains running until it
/// exits: a session a signal from outside ended without `END` is judged as a kill without it
/// (gomocup-r94, a warning), and where the brain's move was owed past its turn time, as the
/// late termination gomocup-r12 asks for (a warning: the text gives no figure for how soon).
#[test]
fn a_brain_ended_from_outside_without_end_warns() {
    let answered = [
        (0, "> START 20"),
        (1, "< OK"),
        (2, "> INFO timeout_turn 1000"),
        (3, "> BEGIN"),
        (40, "< 10,10"),
    ];
    assert_eq!(
        cut_short_at(&answered, 15_000),
        finding(CheckId::GuiEndPipes, Grade::Warn, req!("gomocup-r94"))
    );
    let overdue = [
        (0, "> START 20"),
        (1, "< OK"),
        (2, "> INFO timeout_turn 1000"),
        (3, "> BEGIN"),
    ];
    assert_eq!(
        cut_short_at(&overdue, 15_000),
        finding(CheckId::GuiEndPipes, Grade::Warn, req!("gomocup-r12"))
    );
    // Within its turn and the second the text allows a kill: the first reading.
    assert_eq!(
        cut_short_at(&overdue, 1_500),
        finding(CheckId::GuiEndPipes, Grade::Warn, req!("gomocup-r94"))
    );
    // After END the wait for the brain is the manager's to cut short (gomocup-r94).
    let ended = [(0, "> START 20"), (1, "< OK"), (2, "> END")];
    assert_eq!(cut_short_at(&ended, 3_000), vec![]);
}
