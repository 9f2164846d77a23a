//! The engine side of move notation: a move the notation rules out fails with the row it
//! breaks (and the legal move it means, when there is one); a spelling the text leaves open
//! warns, and the move it spells is still judged.

use crate::check::{CheckId, Grade, Outcome, findings_in, findings_in_game};
use crate::protocol::{GameKind, Protocol, ReqId};
use crate::reqs;

/// `(check, grade, rows)` of a finding.
pub(in crate::check) type Brief = (CheckId, Grade, Vec<ReqId>);

/// `(check, grade, rows)` of each finding (the GUI side's notation tests read theirs so too).
/// The protocol each check is judged under is the one the test's exchange is judged in, and
/// the one its rows belong to.
pub(in crate::check) fn brief(found: &[Outcome]) -> Vec<Brief> {
    found
        .iter()
        .map(|o| {
            let check = o.check.id().unwrap_or_else(|| panic!("{o:#?}"));
            (check, o.grade, o.requirements.clone())
        })
        .collect()
}

pub(in crate::check) fn one(check: CheckId, grade: Grade, rows: &[ReqId]) -> Brief {
    (check, grade, rows.to_vec())
}

const CASTLING: &str = "> position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

fn chess(replies: &[&'static str]) -> Vec<Outcome> {
    let mut lines = vec![CASTLING, "> go depth 2"];
    lines.extend_from_slice(replies);
    findings_in(Protocol::Uci, &lines)
}

#[test]
fn castling_as_the_king_taking_its_rook_fails_its_row_wherever_a_move_is_written() {
    let found = chess(&["< bestmove e1h1"]);
    assert_eq!(
        brief(&found),
        [one(CheckId::MoveNotation, Grade::Fail, reqs!["uci-r19"])]
    );
    assert_eq!(
        found[0].message,
        "best move `e1h1` is not written as the notation writes it: castling is written as the king's move e1g1 (uci-r19)"
    );
    // The move meant is played: Black's queen-side castling after it is judged, and legal.
    assert!(chess(&["< bestmove e1g1 ponder e8c8"]).is_empty());
    assert_eq!(
        brief(&chess(&["< bestmove e1g1 ponder e8a8"])),
        [one(CheckId::MoveNotation, Grade::Fail, reqs!["uci-r19"])]
    );
    for info in [
        "< info depth 2 score cp 0 time 1 pv e1a1 e8g8",
        "< info currmove e1h1 currmovenumber 1",
    ] {
        let found = chess(&[info, "< bestmove e1g1"]);
        assert_eq!(
            brief(&found),
            [one(CheckId::MoveNotation, Grade::Fail, reqs!["uci-r19"])],
            "{info}"
        );
    }
    // The king's move is how the text writes castling: nothing to say.
    assert!(
        chess(&[
            "< info depth 2 score cp 0 time 1 pv e1c1 e8g8",
            "< bestmove e1c1"
        ])
        .is_empty()
    );
}

#[test]
fn uci_moves_in_upper_case_warn_and_are_still_judged() {
    let search = |replies: &[&'static str]| {
        let mut lines = vec!["> position startpos", "> go depth 2"];
        lines.extend_from_slice(replies);
        findings_in(Protocol::Uci, &lines)
    };
    assert_eq!(
        brief(&search(&["< bestmove E2E4"])),
        [one(CheckId::MoveNotation, Grade::Warn, reqs!["uci-r18"])]
    );
    // Read in lower case, the move is illegal: that is the finding.
    let found = search(&["< bestmove E2E5"]);
    assert_eq!(
        brief(&found),
        [one(
            CheckId::BestmoveLegal,
            Grade::Fail,
            reqs!["uci-r21", "uci-r86"]
        )]
    );
    let found = search(&[
        "< info depth 2 score cp 5 time 1 pv E2E4 e7e5",
        "< bestmove e2e4",
    ]);
    assert_eq!(
        brief(&found),
        [one(CheckId::MoveNotation, Grade::Warn, reqs!["uci-r18"])]
    );
    let found = search(&[
        "< info depth 2 score cp 5 time 1 pv E2E5",
        "< bestmove e2e4",
    ]);
    let checks: Vec<_> = brief(&found).into_iter().map(|(c, g, _)| (c, g)).collect();
    assert_eq!(
        checks,
        [
            (CheckId::MoveNotation, Grade::Warn),
            (CheckId::PvLegal, Grade::Fail)
        ]
    );
    // A promotion letter in upper case: the row that lists the letters (remark 33).
    let promotion = findings_in(
        Protocol::Uci,
        &[
            "> position fen 8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
            "> go depth 1",
            "< bestmove e7e8Q",
        ],
    );
    assert_eq!(
        brief(&promotion),
        [one(CheckId::MoveNotation, Grade::Warn, reqs!["uci-r20"])]
    );
}

#[test]
fn a_signed_number_in_a_search_report_warns_on_its_field() {
    let found = findings_in(
        Protocol::Uci,
        &[
            "> position startpos",
            "> go depth 2",
            "< info depth +2 score cp 5 time 1 pv e2e4",
            "< bestmove e2e4",
        ],
    );
    assert_eq!(
        brief(&found),
        [one(CheckId::InfoField, Grade::Warn, reqs!["uci-r104"])]
    );
}

#[test]
fn a_uci_xiangqi_move_with_iccs_ranks_fails_and_names_the_move_meant() {
    let xiangqi = |replies: &[&'static str]| {
        let mut lines = vec!["> position startpos", "> go depth 2"];
        lines.extend_from_slice(replies);
        findings_in_game(Protocol::Uci, GameKind::Xiangqi, &lines)
    };
    // Rank 0 is no rank of UCI xiangqi: the line does not read.
    let found = xiangqi(&["< bestmove a0a1"]);
    assert_eq!(
        brief(&found),
        [one(CheckId::MoveNotation, Grade::Fail, reqs!["uci-r18"])]
    );
    assert!(
        found[0].message.contains("it would be the legal a1a2"),
        "{}",
        found[0].message
    );
    // `h2e2` reads, as a move from an empty point: illegal, and the message says what it meant.
    let found = xiangqi(&["< bestmove h2e2"]);
    assert_eq!(
        brief(&found),
        [one(
            CheckId::BestmoveLegal,
            Grade::Fail,
            reqs!["uci-r21", "uci-r86"]
        )]
    );
    assert!(
        found[0].message.ends_with("read with ranks numbered from 0 it would be the legal h3e3, but this notation numbers ranks from 1 (uci-r18)"),
        "{}",
        found[0].message
    );
}

fn ucci(replies: &[&'static str]) -> Vec<Outcome> {
    let mut lines = vec!["> position startpos moves h2e2", "> go depth 2"];
    lines.extend_from_slice(replies);
    findings_in(Protocol::Ucci, &lines)
}

#[test]
fn ucci_moves_with_ten_ranks_or_the_null_move_fail_the_iccs_form() {
    let found = ucci(&["< bestmove a10a9"]);
    assert_eq!(
        brief(&found),
        [one(CheckId::MoveNotation, Grade::Fail, reqs!["ucci-r17"])]
    );
    assert!(
        found[0].message.contains("it would be the legal a9a8"),
        "{}",
        found[0].message
    );
    let found = ucci(&["< bestmove 0000"]);
    assert_eq!(
        brief(&found),
        [one(CheckId::MoveNotation, Grade::Fail, reqs!["ucci-r17"])]
    );
    assert!(
        found[0].message.contains("`nobestmove`"),
        "{}",
        found[0].message
    );
    // Red to move: `h3e3` is UCI's spelling of `h2e2`, an empty point in ICCS.
    let found = findings_in(
        Protocol::Ucci,
        &["> position startpos", "> go depth 2", "< bestmove h3e3"],
    );
    assert_eq!(
        brief(&found),
        [one(CheckId::BestmoveLegal, Grade::Fail, reqs!["ucci-r100"])]
    );
    assert!(
        found[0].message.contains("it would be the legal h2e2"),
        "{}",
        found[0].message
    );
}

#[test]
fn ucci_moves_in_upper_case_warn_and_are_still_judged() {
    assert_eq!(
        brief(&ucci(&[
            "< info depth 1 score 0 pv H9G7",
            "< bestmove h9g7"
        ])),
        [one(CheckId::MoveNotation, Grade::Warn, reqs!["ucci-r17"])]
    );
    assert_eq!(
        brief(&ucci(&[
            "< info depth 1 score 0 pv h9g7",
            "< bestmove H9G7"
        ])),
        [one(CheckId::MoveNotation, Grade::Warn, reqs!["ucci-r17"])]
    );
    assert_eq!(
        brief(&ucci(&["< bestmove H9H5"])),
        [one(CheckId::BestmoveLegal, Grade::Fail, reqs!["ucci-r100"])]
    );
}

fn gomocup(replies: &[&'static str]) -> Vec<Brief> {
    let mut lines = vec!["> START 15", "< OK", "> BEGIN"];
    lines.extend_from_slice(replies);
    brief(&findings_in(Protocol::Gomocup, &lines))
}

#[test]
fn gomocup_points_with_blanks_or_signs_warn_and_are_still_judged() {
    for reply in ["< 7, 7", "< 7 ,7", "< +7,7"] {
        assert_eq!(
            gomocup(&[reply]),
            [one(
                CheckId::MoveNotation,
                Grade::Warn,
                reqs!["gomocup-r42"]
            )],
            "{reply}"
        );
    }
    // The stone lies where the point says: playing on it again is judged as such.
    let found = gomocup(&["< 7, 7", "> TURN 8,8", "< 7 , 7"]);
    let checks: Vec<_> = found.into_iter().map(|(c, g, _)| (c, g)).collect();
    assert!(
        checks.contains(&(CheckId::MoveLegal, Grade::Fail)),
        "{checks:?}"
    );
    // Leading zeros are digits as the catalogue's form reads them; a negative is off the board.
    assert_eq!(gomocup(&["< 07,07"]), []);
    assert_eq!(
        gomocup(&["< -1,7"]),
        [
            one(CheckId::LineMalformed, Grade::Fail, reqs!["gomocup-r06"]),
            // The move still owed when the transcript ends is said, not judged.
            one(CheckId::MoveReply, Grade::Warn, reqs![])
        ]
    );
}

#[test]
fn an_agi_number_with_a_plus_sign_warns_on_its_field() {
    let found = findings_in(
        Protocol::Agi,
        &[
            "> AGI",
            "< AGIOK",
            "> POSITION MOVES 78",
            "> GO TIME 1000",
            "< INFO DEPTH +4 PV 77",
            "< BESTMOVE 77",
        ],
    );
    assert_eq!(
        brief(&found),
        [one(CheckId::InfoField, Grade::Warn, reqs!["agi-r71"])]
    );
}

#[test]
fn a_signed_number_outside_a_search_report_warns_on_the_lines_form() {
    let found = findings_in(
        Protocol::Ucci,
        &[
            "> probe startpos",
            "< pophash bestmove h2e2 lowerbound +5 depth 3",
        ],
    );
    assert_eq!(
        brief(&found),
        [one(CheckId::LineMalformed, Grade::Warn, reqs!["ucci-r114"])]
    );
}

/// Rybka's null move, `a1a1`, where there is no move to give: the text names it as what most
/// engines do instead of `0000` (uci-r21, remark 3), a warning; with a move to give, it is an
/// illegal move.
#[test]
fn a_null_move_written_as_a_square_to_itself_warns_only_without_a_legal_move() {
    let mated = findings_in(
        Protocol::Uci,
        &[
            "> position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1",
            "> go depth 1",
            "< bestmove a1a1",
        ],
    );
    assert_eq!(
        brief(&mated),
        [one(CheckId::BestmoveLegal, Grade::Warn, reqs!["uci-r21"])]
    );
    let playing = findings_in(
        Protocol::Uci,
        &["> position startpos", "> go depth 1", "< bestmove a1a1"],
    );
    assert_eq!(
        brief(&playing),
        [one(
            CheckId::BestmoveLegal,
            Grade::Fail,
            reqs!["uci-r21", "uci-r86"]
        )]
    );
}

/// AGI has no null move (remark 17): `0000` is no point; and a GUI's unreadable position is
/// still a position sent, so the search after it is judged as one.
#[test]
fn agi_has_no_null_move_and_an_unreadable_position_is_still_sent() {
    let engine = findings_in(
        Protocol::Agi,
        &[
            "> AGI",
            "< AGIOK",
            "> POSITION MOVES 78",
            "> GO TIME 1000",
            "< BESTMOVE 0000",
        ],
    );
    assert_eq!(
        brief(&engine),
        [one(CheckId::LineMalformed, Grade::Fail, reqs!["agi-r09"])]
    );
    let gui = crate::check::gui_findings_in(
        Protocol::Agi,
        &[
            "> AGI",
            "< AGIOK",
            "> POSITION MOVES 780000",
            "> GO TIME 1000",
            "< BESTMOVE 77",
        ],
    );
    assert_eq!(
        brief(&gui),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Fail,
            reqs!["agi-r29", "agi-r56"]
        )]
    );
}
