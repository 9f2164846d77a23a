//! The manager's rulings the spy infers from the game it tracks: a game's end (a five, a turn
//! overrun), what only looks like an end, the match clock from one `time_left` to the next,
//! the limits of a tournament, the point a tournament plays after SUGGEST, and the rows the
//! board's own checks now cite (two commands on a line, RESTART's size, the rule's flags).

use crate::check::{CheckId, Grade, Outcome, gui_findings_in, gui_findings_timed, id_under};
use crate::protocol::{Protocol, ReqId};
use crate::{req, reqs};

type Found = Vec<(CheckId, Grade, ReqId)>;

/// Each finding as (check, grade, first cited row).
fn brief(found: Vec<Outcome>) -> Found {
    found
        .into_iter()
        .map(|o| {
            let check = id_under(Protocol::Gomocup, &o.check);
            (check, o.grade, o.requirements[0])
        })
        .collect()
}

fn found(lines: &[&str]) -> Found {
    brief(gui_findings_in(Protocol::Gomocup, lines))
}

fn timed(lines: &[(u64, &str)]) -> Found {
    brief(gui_findings_timed(Protocol::Gomocup, lines))
}

fn finding(check: CheckId, grade: Grade, row: ReqId) -> Found {
    vec![(check, grade, row)]
}

/// START with the rule given, untimed, then `rest`.
fn game(rule: &'static str, rest: &[&'static str]) -> Vec<&'static str> {
    let mut lines = vec!["> START 15", "< OK", "> INFO timeout_match 0", rule];
    lines.extend_from_slice(rest);
    lines
}

/// A BOARD of four stones of each side in two rows, the brain's (field 1) on row 5 from 1 to
/// 4 and the opponent's on row 9: the brain then plays 5,5 for an exact five, or 0,5 after
/// 6,5 is its own for an overline.
const FOUR_EACH: [&str; 10] = [
    "> BOARD", "> 1,5,1", "> 1,9,2", "> 2,5,1", "> 2,9,2", "> 3,5,1", "> 3,9,2", "> 4,5,1",
    "> 4,9,2", "> DONE",
];

fn with_board(rule: &'static str, rest: &[&'static str]) -> Vec<&'static str> {
    let mut lines: Vec<&'static str> = FOUR_EACH.to_vec();
    lines.extend_from_slice(rest);
    game(rule, &lines)
}

#[test]
fn a_move_request_after_an_exact_five_fails_gomocup_r108() {
    // The brain's five ends the game; another TURN in it fails, RESTART first is right.
    assert_eq!(
        found(&with_board("> INFO rule 0", &["< 5,5", "> TURN 10,10"])),
        finding(CheckId::GuiGameEnd, Grade::Fail, req!("gomocup-r108"))
    );
    assert_eq!(
        found(&with_board(
            "> INFO rule 0",
            &["< 5,5", "> RESTART", "< OK", "> BEGIN", "< 7,7"]
        )),
        vec![]
    );
    // The opponent's five, told by TURN, ends it too: the TURN itself is no fault, the next is.
    assert_eq!(
        found(&with_board(
            "> INFO rule 0",
            &["< 10,10", "> TURN 5,9", "< 11,11", "> TURN 12,12"]
        )),
        finding(CheckId::GuiGameEnd, Grade::Fail, req!("gomocup-r108"))
    );
    // A continuous game goes on after a five, and a rule with a bit the text does not define
    // is another manager's variant, whose wins are not the text's.
    assert_eq!(
        found(&with_board("> INFO rule 2", &["< 5,5", "> TURN 10,10"])),
        vec![]
    );
    assert_eq!(
        found(&with_board("> INFO rule 8", &["< 5,5", "> TURN 10,10"]))
            .into_iter()
            .filter(|f| f.0 == CheckId::GuiGameEnd)
            .collect::<Found>(),
        vec![]
    );
    // The five taken back, the game goes on.
    assert_eq!(
        found(&with_board(
            "> INFO rule 0",
            &["< 5,5", "> TAKEBACK 5,5", "< OK", "> TURN 10,10", "< 11,11"]
        )),
        vec![]
    );
}

#[test]
fn an_overline_does_not_end_a_game_under_rule_1() {
    let overline = [
        "> BOARD",
        "> 1,5,1",
        "> 1,9,2",
        "> 2,5,1",
        "> 2,9,2",
        "> 3,5,1",
        "> 3,9,2",
        "> 4,5,1",
        "> 4,9,2",
        "> 6,5,1",
        "> 10,10,2",
        "> DONE",
    ];
    let play = |rule, rest: &[&'static str]| {
        let mut lines: Vec<&'static str> = overline.to_vec();
        lines.extend_from_slice(rest);
        found(&game(rule, &lines))
    };
    // Freestyle: the text says only that rule 1 makes an exact five the one win, so what an
    // overline does without it is left to the manager: a TURN after it is not judged.
    assert_eq!(
        play("> INFO rule 0", &["< 5,5", "> TURN 12,12", "< 0,0"]),
        vec![]
    );
    // Rule 1: it does not; the game goes on, and ending it right there warns.
    assert_eq!(
        play("> INFO rule 1", &["< 5,5", "> TURN 12,12", "< 0,0"]),
        vec![]
    );
    assert_eq!(
        play("> INFO rule 1", &["< 5,5", "> RESTART", "< OK"]),
        finding(CheckId::GuiGameEnd, Grade::Warn, req!("gomocup-r71"))
    );
}

#[test]
fn a_command_between_an_empty_line_and_the_move_warns_gomocup_r09() {
    // The manager took the empty line for the move: it ends the brain, or asks again.
    for next in ["> END", "> TURN 8,8"] {
        let lines = game("> INFO rule 0", &["> BEGIN", "< ", next, "< 7,7"]);
        assert_eq!(
            found(&lines),
            finding(CheckId::GuiGameEnd, Grade::Warn, req!("gomocup-r09")),
            "{next}"
        );
    }
    // INFO may come while the brain thinks (gomocup-r16).
    let lines = game(
        "> INFO rule 0",
        &[
            "> BEGIN",
            "< ",
            "> INFO timeout_turn 2000",
            "< 7,7",
            "> END",
        ],
    );
    assert_eq!(
        found(&lines)
            .into_iter()
            .filter(|f| f.0 == CheckId::GuiGameEnd)
            .collect::<Found>(),
        vec![]
    );
    // The empty line ignored: the manager waited for the move, and the session's END after
    // the last move is no fault.
    let lines = game(
        "> INFO rule 0",
        &[
            "> BEGIN",
            "< ",
            "< 7,7",
            "> TURN 8,8",
            "< ",
            "< 6,6",
            "> END",
        ],
    );
    assert_eq!(found(&lines), vec![]);
}

#[test]
fn a_move_request_after_a_turn_overrun_warns_gomocup_r60() {
    let base = [
        (0, "> START 15"),
        (1, "< OK"),
        (2, "> INFO timeout_turn 1000"),
        (3, "> INFO timeout_match 0"),
        (4, "> BEGIN"),
    ];
    let mut late = base.to_vec();
    late.extend([(3_500, "< 7,7"), (3_600, "> TURN 8,8"), (3_700, "< 6,6")]);
    assert_eq!(
        timed(&late),
        finding(CheckId::GuiGameEnd, Grade::Warn, req!("gomocup-r60"))
    );
    // Late but within the manager's usual tolerance, or with no turn limit: nothing.
    let mut within = base.to_vec();
    within.extend([(2_500, "< 7,7"), (2_600, "> TURN 8,8"), (2_700, "< 6,6")]);
    assert_eq!(timed(&within), vec![]);
    let mut late_restart = base.to_vec();
    late_restart.extend([(3_500, "< 7,7"), (3_600, "> RESTART"), (3_700, "< OK")]);
    assert_eq!(timed(&late_restart), vec![]);
}

#[test]
fn an_end_after_a_slow_start_as_if_it_were_a_turn_warns_gomocup_r83() {
    let slow = [
        (0, "> START 15"),
        (1_500, "< OK"),
        (1_501, "> INFO timeout_turn 1000"),
        (1_502, "> END"),
    ];
    assert_eq!(
        timed(&slow),
        finding(CheckId::GuiGameEnd, Grade::Warn, req!("gomocup-r83"))
    );
    let quick = [
        (0, "> START 15"),
        (500, "< OK"),
        (501, "> INFO timeout_turn 1000"),
        (502, "> END"),
    ];
    assert_eq!(timed(&quick), vec![]);
    // The game was played: END is the session's end.
    let played = [
        (0, "> START 15"),
        (1_500, "< OK"),
        (1_501, "> INFO timeout_turn 1000"),
        (1_502, "> BEGIN"),
        (1_600, "< 7,7"),
        (1_700, "> END"),
    ];
    assert_eq!(timed(&played), vec![]);
}

/// A timed game: START and the limits, then `rest`.
fn timed_game(rest: &[(u64, &'static str)]) -> Vec<(u64, &'static str)> {
    let mut lines = vec![
        (0, "> START 15"),
        (1, "< OK"),
        (2, "> INFO timeout_turn 5000"),
        (3, "> INFO timeout_match 100000"),
        (4, "> INFO time_left 100000"),
        (5, "> BEGIN"),
    ];
    lines.extend_from_slice(rest);
    lines
}

#[test]
fn time_left_falls_by_the_brains_own_turns_gomocup_r82() {
    // The brain thought 800 ms; the opponent 2000 ms.
    let charged = timed_game(&[
        (805, "< 7,7"),
        (2_805, "> INFO time_left 99180"),
        (2_806, "> TURN 8,8"),
        (2_900, "< 6,6"),
    ]);
    assert_eq!(timed(&charged), vec![]);
    // The pipes' delays on a loaded machine, which the manager's measure of the turn holds
    // and the wire shows as time off turn: 600 ms more charged, with 700 ms off turn.
    let delayed = timed_game(&[
        (805, "< 7,7"),
        (1_505, "> INFO time_left 98600"),
        (1_506, "> TURN 8,8"),
        (1_600, "< 6,6"),
    ]);
    assert_eq!(timed(&delayed), vec![]);
    // Not charged: the brain's turn given back.
    let free = timed_game(&[
        (805, "< 7,7"),
        (2_805, "> INFO time_left 100000"),
        (2_806, "> TURN 8,8"),
        (2_900, "< 6,6"),
    ]);
    assert_eq!(
        timed(&free),
        finding(CheckId::GuiClockCharged, Grade::Fail, req!("gomocup-r82"))
    );
    // The opponent's turn charged too.
    let both = timed_game(&[
        (805, "< 7,7"),
        (2_805, "> INFO time_left 97200"),
        (2_806, "> TURN 8,8"),
        (2_900, "< 6,6"),
    ]);
    assert_eq!(
        timed(&both),
        finding(CheckId::GuiClockCharged, Grade::Fail, req!("gomocup-r82"))
    );
    // Charged more than the time that passed is no opponent's turn: not judged here.
    let more = timed_game(&[
        (805, "< 7,7"),
        (806, "> INFO time_left 95000"),
        (807, "> TURN 8,8"),
        (900, "< 6,6"),
    ]);
    assert_eq!(timed(&more), vec![]);
    // A new game starts its clock afresh.
    let new_game = timed_game(&[
        (805, "< 7,7"),
        (900, "> RESTART"),
        (901, "< OK"),
        (1_805, "> INFO time_left 100000"),
        (1_806, "> BEGIN"),
        (1_900, "< 6,6"),
    ]);
    assert_eq!(timed(&new_game), vec![]);
}

#[test]
fn a_limit_changed_in_a_tournament_fails_gomocup_r63() {
    let lines = game(
        "> INFO game_type 2",
        &[
            "> INFO timeout_turn 1000",
            "> BEGIN",
            "< 7,7",
            "> INFO timeout_turn 2000",
        ],
    );
    assert_eq!(
        found(&lines),
        finding(CheckId::GuiInfoBeforeMove, Grade::Fail, req!("gomocup-r63"))
    );
    // Restated unchanged, or outside a tournament: the warning for a late limit only.
    let lines = game(
        "> INFO game_type 2",
        &[
            "> INFO timeout_turn 1000",
            "> BEGIN",
            "< 7,7",
            "> INFO timeout_turn 1000",
        ],
    );
    assert_eq!(
        found(&lines),
        finding(CheckId::GuiInfoBeforeMove, Grade::Warn, req!("gomocup-r76"))
    );
    let lines = game(
        "> INFO game_type 1",
        &[
            "> INFO timeout_turn 1000",
            "> BEGIN",
            "< 7,7",
            "> INFO timeout_turn 2000",
        ],
    );
    assert_eq!(
        found(&lines),
        finding(CheckId::GuiInfoBeforeMove, Grade::Warn, req!("gomocup-r76"))
    );
}

#[test]
fn a_tournament_plays_the_brains_suggestion_gomocup_r138() {
    let lines = game(
        "> INFO game_type 3",
        &["> BEGIN", "< SUGGEST 7,7", "> PLAY 3,3", "< 3,3"],
    );
    assert_eq!(
        found(&lines),
        finding(
            CheckId::GuiAnswerFollowed,
            Grade::Warn,
            req!("gomocup-r138")
        )
    );
    let lines = game(
        "> INFO game_type 3",
        &["> BEGIN", "< SUGGEST 7,7", "> PLAY 7,7", "< 7,7"],
    );
    assert_eq!(found(&lines), vec![]);
    // Against a human the manager may force another point (gomocup-r136).
    let lines = game(
        "> INFO game_type 1",
        &["> BEGIN", "< SUGGEST 7,7", "> PLAY 3,3", "< 3,3"],
    );
    assert_eq!(found(&lines), vec![]);
}

#[test]
fn the_board_checks_cite_the_rows_behind_them() {
    let cited = |lines: &[&str]| -> Vec<ReqId> {
        gui_findings_in(Protocol::Gomocup, lines)
            .into_iter()
            .flat_map(|o| o.requirements)
            .collect()
    };
    // Two commands on one line (gomocup-r06).
    assert_eq!(
        found(&game("> INFO rule 0", &["> BEGIN TURN 7,7"])),
        finding(CheckId::GuiCommandGrammar, Grade::Fail, req!("gomocup-r06"))
    );
    // RESTART keeps the size (gomocup-r109): a stone off it after RESTART breaks that too.
    assert_eq!(
        cited(&game(
            "> INFO rule 0",
            &["> RESTART", "< OK", "> TURN 15,3"]
        )),
        reqs!["gomocup-r109", "gomocup-r41"]
    );
    assert_eq!(
        cited(&game("> INFO rule 0", &["> TURN 15,3"])),
        reqs!["gomocup-r41"]
    );
    // Renju's flag (gomocup-r73) is what puts the lines in move order (gomocup-r53).
    assert_eq!(
        cited(&game(
            "> INFO rule 4",
            &[
                "> BOARD", "> 1,1,1", "> 2,2,1", "> 3,3,2", "> DONE", "< 4,4"
            ]
        )),
        reqs!["gomocup-r53", "gomocup-r73"]
    );
    // max_memory in bytes (gomocup-r67).
    assert_eq!(
        cited(&game("> INFO rule 0", &["> INFO max_memory lots"])),
        reqs!["gomocup-r67", "gomocup-r58"]
    );
}
