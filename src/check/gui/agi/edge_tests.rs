//! AGI GUI exchanges at the edges of the text: the text's own worked session, analysis that
//! tells no move, a new game after a timed one, and a DOMOVE before the first position.

use crate::check::{CheckId, Grade, gui_findings_in, id_under};
use crate::protocol::{Protocol, ReqId};
use crate::req;

/// The GUI-side findings as (check, grade, first cited row).
fn found(lines: &[&str]) -> Vec<(CheckId, Grade, ReqId)> {
    gui_findings_in(Protocol::Agi, lines)
        .into_iter()
        .map(|o| {
            (
                id_under(Protocol::Agi, &o.check),
                o.grade,
                o.requirements[0],
            )
        })
        .collect()
}

fn finding(check: CheckId, grade: Grade, row: ReqId) -> Vec<(CheckId, Grade, ReqId)> {
    vec![(check, grade, row)]
}

/// The handshake answered, then `rest`.
fn session(rest: &[&'static str]) -> Vec<&'static str> {
    let mut lines = vec!["> AGI", "< AGIOK"];
    lines.extend_from_slice(rest);
    lines
}

/// The text's worked session (agi-r87 to agi-r98), one parameter per SETOPTION line and one
/// keyword group in SETRULE as it shows them (agi-r89, agi-r90).
#[test]
fn the_texts_own_session_raises_nothing() {
    let lines = [
        "> AGI",
        "< ID NAME Amoyman 1.0",
        "< ID AUTHOR Amoyman KUA",
        "< OPTION OWNBOOK TRUE PONDER TRUE",
        "< AGIOK",
        "> SETOPTION OWNBOOK ON",
        "> SETOPTION PONDER OFF",
        "> SETRULE FORBIDDEN",
        "> ISREADY",
        "< READYOK",
        "> POSITION MOVES 78685A69",
        "> GO SEARCH 67596A6B INFINITE",
        "> STOP",
        "< BESTMOVE 67 PONDER 89",
        "> DOMOVE 67",
        "> GO INFINITE",
        "> STOP",
        "< BESTMOVE 89 PONDER 79",
        "> QUIT",
        "< BYE",
    ];
    assert_eq!(found(&lines), vec![]);
}

/// An infinite search is analysis: its result is no move made, so asking again on the same
/// position tells the engine nothing it lacks (agi-r17 binds "the move actually made").
#[test]
fn analysis_resumed_on_the_same_position_is_no_untold_move() {
    let analysis = |go| {
        found(&session(&[
            "> POSITION MOVES 78",
            go,
            "> STOP",
            "< BESTMOVE 68",
            "> GO INFINITE",
        ]))
    };
    assert_eq!(analysis("> GO INFINITE"), vec![]);
    // A timed search's result is a move made: the GUI tells it before the next search.
    assert_eq!(
        analysis("> GO TIME 5000"),
        finding(CheckId::GuiMoveTold, Grade::Warn, req!("agi-r17"))
    );
}

/// A position that does not continue the timed game is another game, which may be untimed;
/// one that continues it is still timed (agi-r14).
#[test]
fn a_new_game_after_a_timed_one_may_be_untimed() {
    let after = |position| {
        found(&session(&[
            "> POSITION MOVES 78",
            "> GO TIME 9000",
            "< BESTMOVE 68",
            position,
            "> GO",
        ]))
    };
    assert_eq!(after("> POSITION"), vec![]);
    assert_eq!(after("> POSITION MOVES 77"), vec![]);
    // The engine's move, or another the GUI chose for that side, continues the game.
    for continued in ["> POSITION MOVES 7868", "> POSITION MOVES 7877"] {
        assert_eq!(
            after(continued),
            finding(CheckId::GuiGoForm, Grade::Fail, req!("agi-r14"))
        );
    }
}

/// agi-r10 asks for a POSITION before every GO, not before every DOMOVE: a DOMOVE with no
/// position yet is judged by the GO it leads to.
#[test]
fn a_domove_before_the_first_position_is_judged_at_go() {
    assert_eq!(
        found(&session(&["> DOMOVE 78", "> POSITION MOVES 78", "> GO"])),
        vec![]
    );
    assert_eq!(
        found(&session(&["> DOMOVE 78", "> GO"])),
        finding(
            CheckId::GuiSearchPositionFirst,
            Grade::Fail,
            req!("agi-r10")
        )
    );
}

/// The engine's clock is charged within a game (agi-r67); a new game (here the empty board
/// set again after the engine moved, which no game continues into) gives it new time.
#[test]
fn a_new_game_starts_the_clocks_afresh() {
    let next = |position| {
        found(&session(&[
            "> POSITION",
            "> GO TIME 10000",
            "< BESTMOVE 78",
            position,
            "> GO TIME 60000",
        ]))
    };
    assert_eq!(next("> POSITION"), vec![]);
    assert_eq!(
        next("> POSITION MOVES 7868"),
        finding(CheckId::GuiClockCharged, Grade::Fail, req!("agi-r64"))
    );
}
