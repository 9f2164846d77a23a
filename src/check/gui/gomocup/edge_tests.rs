//! Gomocup manager exchanges at the edges of the text: what a conforming manager may do
//! that a naive reading would flag, and the faults hidden behind those same edges.

use crate::check::{CheckId, Grade, gui_findings_in, id_under};
use crate::protocol::{Protocol, ReqId};
use crate::req;

/// The GUI-side findings as (check, grade, first cited row).
fn found(lines: &[&str]) -> Vec<(CheckId, Grade, ReqId)> {
    gui_findings_in(Protocol::Gomocup, lines)
        .into_iter()
        .map(|o| {
            let check = id_under(Protocol::Gomocup, &o.check);
            (check, o.grade, o.requirements[0])
        })
        .collect()
}

fn finding(check: CheckId, grade: Grade, row: ReqId) -> Vec<(CheckId, Grade, ReqId)> {
    vec![(check, grade, row)]
}

/// START 20 answered, then `rest`.
fn game(rest: &[&'static str]) -> Vec<&'static str> {
    let mut lines = vec!["> START 20", "< OK"];
    lines.extend_from_slice(rest);
    lines
}

/// gomocup-r117: the brain's stone goes where PLAY says even when it replies other
/// coordinates (gomocup-r116), so the point it named stays free for the opponent.
#[test]
fn a_forced_stone_lies_where_play_put_it() {
    let forced = |turn| {
        found(&game(&[
            "> BEGIN",
            "< SUGGEST 5,5",
            "> PLAY 6,6",
            "< 5,5",
            turn,
        ]))
    };
    assert_eq!(forced("> TURN 5,5"), vec![]);
    assert_eq!(
        forced("> TURN 6,6"),
        finding(CheckId::GuiStoneLegal, Grade::Fail, req!("gomocup-r41"))
    );
}

/// A brain may answer a move request with ERROR (gomocup-r90: an unrealistic INFO reported
/// at the next TURN, BOARD or BEGIN); a manager that takes that as the answer and goes on
/// has waited for the brain.
#[test]
fn an_error_answers_a_move_request() {
    let lines = game(&[
        "> INFO max_memory 1",
        "> BEGIN",
        "< ERROR the memory limit is too small",
        "> RESTART",
        "< OK",
    ]);
    assert_eq!(found(&lines), vec![]);
    // Chatter before the move is not an answer: the manager still owes the brain a wait.
    assert_eq!(
        found(&game(&["> BEGIN", "< MESSAGE thinking", "> TURN 3,3"])),
        finding(CheckId::GuiReplyWait, Grade::Warn, req!("gomocup-r11"))
    );
    // A move that follows the ERROR is still a stone on the board.
    assert_eq!(
        found(&game(&["> BEGIN", "< ERROR slow", "< 9,9", "> TURN 9,9"])),
        finding(CheckId::GuiStoneLegal, Grade::Fail, req!("gomocup-r41"))
    );
}

/// Under gomoku rules the BOARD lines come in any order (gomocup-r54), so once the later
/// moves are taken back, any stone of the block may be the last move.
#[test]
fn takeback_reaches_into_an_unordered_board_block() {
    let block = |rule, back| {
        found(&game(&[
            rule,
            "> BOARD",
            "> 9,9,2",
            "> 10,10,1",
            "> 11,9,2",
            "> DONE",
            "< 12,12",
            "> TAKEBACK 12,12",
            "< OK",
            back,
            "< OK",
        ]))
    };
    assert_eq!(block("> INFO rule 0", "> TAKEBACK 9,9"), vec![]);
    // A point the block never held is not the last move, whatever the order.
    assert_eq!(
        block("> INFO rule 0", "> TAKEBACK 3,3"),
        finding(CheckId::GuiTakebackLast, Grade::Fail, req!("gomocup-r112"))
    );
    // Under renju the lines are in the real move order (gomocup-r53): the last line is the
    // last move. (This block alternates 2, 1, 2 as renju wants.)
    assert_eq!(
        block("> INFO rule 4", "> TAKEBACK 9,9"),
        finding(CheckId::GuiTakebackLast, Grade::Fail, req!("gomocup-r112"))
    );
    assert_eq!(block("> INFO rule 4", "> TAKEBACK 11,9"), vec![]);
}

/// A board larger than Arbiter models (beyond 32) is still a board the brain accepted: the
/// game's move requests come after START, and only the stones and takebacks go unjudged.
#[test]
fn a_board_arbiter_cannot_model_is_still_started() {
    let lines = [
        "> START 40",
        "< OK",
        "> BEGIN",
        "< 20,20",
        "> TURN 21,21",
        "< 22,22",
        "> TAKEBACK 22,22",
        "< OK",
    ];
    assert_eq!(found(&lines), vec![]);
    assert_eq!(
        found(&["> RESTART", "< OK", "> BEGIN", "< 7,7"]),
        finding(CheckId::GuiStartFirst, Grade::Fail, req!("gomocup-r43"))
    );
}

/// A timed tournament game as Piskvork-like managers run it: the limits before START
/// (gomocup-r76 allows either side of it), `time_left` before every move request, a renju
/// BOARD in move order with a field-3 point of the continuous game, the mouse position while
/// the brain thinks (INFO may come at any time), chatter before the moves, and END.
#[test]
fn a_timed_tournament_session_raises_nothing() {
    let lines = [
        "> INFO timeout_turn 5000",
        "> INFO timeout_match 180000",
        "> INFO max_memory 83886080",
        "> INFO game_type 2",
        "> INFO rule 6",
        "> INFO folder C:\\gomocup\\brain1",
        "> RECTSTART 20,15",
        "< OK",
        "> INFO time_left 180000",
        "> BOARD",
        "> 9,7,2",
        "> 10,7,1",
        "> 9,8,2",
        "> 9,9,3",
        "> DONE",
        "< DEBUG depth 5",
        "< MESSAGE I will be the winner",
        "< 9,6",
        "> INFO time_left 175000",
        "> TURN 19,14",
        "> INFO evaluate 3,3",
        "< 11,7",
        "> INFO time_left 170000",
        "> TURN 0,0",
        "< 12,7",
        "> END",
    ];
    assert_eq!(found(&lines), vec![]);
    // The same game with the second `time_left` missing.
    let missing: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| *l != "> INFO time_left 175000")
        .collect();
    assert_eq!(
        found(&missing),
        finding(CheckId::GuiInfoBeforeMove, Grade::Fail, req!("gomocup-r77"))
    );
}

/// The text spells INFO keys in lower case; a manager that upper-cases them (a real client
/// library does) is told which key it meant, as a warning: the text does not say keys are
/// case-sensitive, but a brain that reads them as spelled drops the setting.
#[test]
fn an_info_key_in_other_case_names_the_key_meant() {
    let lines = game(&["> INFO TIMEOUT_TURN 1000"]);
    let outcomes: Vec<_> = gui_findings_in(Protocol::Gomocup, &lines);
    assert_eq!(
        found(&lines),
        finding(CheckId::GuiInfoForm, Grade::Warn, req!("gomocup-r58"))
    );
    assert!(
        outcomes[0]
            .message
            .contains("the text spells this key `timeout_turn`"),
        "{}",
        outcomes[0].message
    );
    let unknown = game(&["> INFO colour red"]);
    assert!(
        gui_findings_in(Protocol::Gomocup, &unknown)[0]
            .message
            .contains("not a key the text defines")
    );
}
