//! The GUI side of move notation: a move the notation rules out fails (castling as the king
//! taking its rook, UCI's null move in a move list, ICCS with ten ranks), with the row it
//! breaks; a spelling the text leaves open warns, and the command is read as an engine reads
//! it, so what follows is judged on the position the GUI meant.

use crate::check::spelling::tests::{Brief, brief, one};
use crate::check::{CheckId, Context, Outcome};
use crate::check::{Grade, gui_findings_in, judge_both_sides};
use crate::protocol::{GameKind, Protocol};
use crate::reqs;
use crate::session::{At, Entry, Transcript};

fn uci(rest: &[&'static str]) -> Vec<Brief> {
    let mut lines = vec!["> uci", "< uciok", "> isready", "< readyok"];
    lines.extend_from_slice(rest);
    brief(&gui_findings_in(Protocol::Uci, &lines))
}

const CASTLING: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn castling_as_the_king_taking_its_rook_fails_in_a_position_and_in_searchmoves() {
    let position = format!("> position fen {CASTLING} moves e1h1");
    let mut lines = vec!["> uci", "< uciok", "> isready", "< readyok"];
    lines.push(position.as_str());
    let found = gui_findings_in(Protocol::Uci, &lines);
    assert_eq!(
        brief(&found),
        [one(
            CheckId::GuiPositionLegal,
            Grade::Fail,
            reqs!["uci-r19"]
        )]
    );
    assert!(
        found[0]
            .message
            .ends_with("move 1 `e1h1` is not written as the notation writes it: e1h1 is castling written as the king taking its rook; castling is written as the king's move e1g1 (uci-r19)"),
        "{}",
        found[0].message
    );
    let position = format!("> position fen {CASTLING}");
    let go = ["> go depth 2 searchmoves e1a1 e1g1", "< bestmove e1g1"];
    let mut lines = vec![
        "> uci",
        "< uciok",
        "> isready",
        "< readyok",
        position.as_str(),
    ];
    lines.extend_from_slice(&go);
    assert_eq!(
        brief(&gui_findings_in(Protocol::Uci, &lines)),
        [one(
            CheckId::GuiPositionLegal,
            Grade::Fail,
            reqs!["uci-r19"]
        )]
    );
    // The king's two-square move is how the text writes it.
    let position = format!("> position fen {CASTLING} moves e1g1 e8c8");
    let mut lines = vec![
        "> uci",
        "< uciok",
        "> isready",
        "< readyok",
        position.as_str(),
    ];
    lines.extend_from_slice(&["> go depth 2 searchmoves a1a8", "< bestmove a1a8"]);
    assert_eq!(brief(&gui_findings_in(Protocol::Uci, &lines)), []);
}

#[test]
fn the_null_move_is_the_engines_and_never_a_move_of_the_gui() {
    assert_eq!(
        uci(&["> position startpos moves 0000"]),
        [one(
            CheckId::GuiPositionLegal,
            Grade::Fail,
            reqs!["uci-r18"]
        )]
    );
}

#[test]
fn uci_moves_in_upper_case_and_signed_numbers_warn_and_are_read_as_meant() {
    assert_eq!(
        uci(&[
            "> position startpos moves E2E4",
            "> go depth 2",
            "< bestmove e7e5"
        ]),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Warn,
            reqs!["uci-r18"]
        )]
    );
    // The position was read: a search on it follows, not one without a position, and its
    // `searchmoves` are judged on the position after e2e4.
    assert_eq!(
        uci(&[
            "> position startpos moves E2E4",
            "> go depth 2 searchmoves e2e4",
            "< bestmove e7e5"
        ]),
        [
            one(CheckId::GuiCommandGrammar, Grade::Warn, reqs!["uci-r18"]),
            one(CheckId::GuiPositionLegal, Grade::Fail, reqs!["uci-r56"])
        ]
    );
    assert_eq!(
        uci(&["> position startpos", "> go depth +2", "< bestmove e2e4"]),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Warn,
            reqs!["uci-r54"]
        )]
    );
    assert_eq!(
        uci(&["> position fen 8/4P3/8/8/8/8/k7/4K3 w - - 0 1 moves e7e8Q"]),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Warn,
            reqs!["uci-r20"]
        )]
    );
}

/// The GUI-side findings of a UCI exchange that plays xiangqi.
fn uci_xiangqi(rest: &[&'static str]) -> Vec<Brief> {
    let mut lines = vec!["> uci", "< uciok", "> isready", "< readyok"];
    lines.extend_from_slice(rest);
    let entries = (0..)
        .zip(&lines)
        .map(|(seq, line)| {
            let at = At {
                seq,
                us: seq * 1000,
            };
            match line.split_at(2) {
                ("> ", text) => Entry::sent(at, text),
                (_, text) => Entry::received(at, text),
            }
        })
        .collect();
    let transcript = Transcript {
        entries,
        ..Transcript::default()
    };
    let ctx = Context {
        protocol: Protocol::Uci,
        game: GameKind::Xiangqi,
        time_scale: 1.0,
    };
    let found: Vec<Outcome> = judge_both_sides(ctx, &transcript)
        .into_iter()
        .filter(|o| o.grade != Grade::Pass)
        .collect();
    brief(&found)
}

#[test]
fn a_uci_xiangqi_gui_writing_iccs_ranks_is_caught() {
    // `h2e2` reads as a UCI move from an empty point: the finding names the move meant.
    assert_eq!(
        uci_xiangqi(&["> position startpos moves h2e2"]),
        [one(
            CheckId::GuiPositionLegal,
            Grade::Fail,
            reqs!["uci-r18"]
        )]
    );
    // Rank 0 does not exist in UCI xiangqi: the line does not read, as the notation says.
    assert_eq!(
        uci_xiangqi(&["> position startpos moves a0a1"]),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Fail,
            reqs!["uci-r18"]
        )]
    );
    assert_eq!(uci_xiangqi(&["> position startpos moves h3e3 h10g8"]), []);
}

fn ucci(rest: &[&'static str]) -> Vec<Brief> {
    let mut lines = vec!["> ucci", "< ucciok"];
    lines.extend_from_slice(rest);
    brief(&gui_findings_in(Protocol::Ucci, &lines))
}

#[test]
fn ucci_moves_with_ten_ranks_fail_and_upper_case_ones_warn() {
    // Ten ranks: not ICCS. The position was still sent, so the search after it is no search
    // without a position.
    assert_eq!(
        ucci(&[
            "> position startpos moves a10a9",
            "> go depth 1",
            "< bestmove h2e2"
        ]),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Fail,
            reqs!["ucci-r17"]
        )]
    );
    // UCI's numbering of a legal ICCS move: illegal as written, and the finding says so;
    // the text's worked reading of `b0c2` (ucci-r19) counts ranks from 0 too.
    assert_eq!(
        ucci(&["> position startpos moves h3e3"]),
        [one(
            CheckId::GuiPositionLegal,
            Grade::Fail,
            reqs!["ucci-r18", "ucci-r19"]
        )]
    );
    assert_eq!(
        ucci(&[
            "> position startpos moves H2E2",
            "> banmoves H9G7",
            "> go depth 1",
            "< bestmove h9i7"
        ]),
        [
            one(CheckId::GuiCommandGrammar, Grade::Warn, reqs!["ucci-r17"]),
            one(CheckId::GuiCommandGrammar, Grade::Warn, reqs!["ucci-r17"])
        ]
    );
    assert_eq!(
        ucci(&["> position startpos moves 0000"]),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Fail,
            reqs!["ucci-r17"]
        )]
    );
}

fn gomocup(rest: &[&'static str]) -> Vec<Brief> {
    let mut lines = vec!["> START 15", "< OK"];
    lines.extend_from_slice(rest);
    brief(&gui_findings_in(Protocol::Gomocup, &lines))
}

#[test]
fn gomocup_points_with_blanks_or_signs_warn_and_are_still_judged() {
    assert_eq!(
        gomocup(&["> TURN 7, 7", "< 8,8"]),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Warn,
            reqs!["gomocup-r41"]
        )]
    );
    assert_eq!(
        gomocup(&["> TURN +7,7", "< 8,8"]),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Warn,
            reqs!["gomocup-r41"]
        )]
    );
    // The stone is judged where the point says.
    assert_eq!(
        gomocup(&["> TURN 15 ,3", "< 8,8"]),
        [
            one(
                CheckId::GuiCommandGrammar,
                Grade::Warn,
                reqs!["gomocup-r41"]
            ),
            one(CheckId::GuiStoneLegal, Grade::Fail, reqs!["gomocup-r41"])
        ]
    );
    assert_eq!(
        gomocup(&["> BOARD", "> 7, 7,1", "> DONE", "< 8,8"]),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Warn,
            reqs!["gomocup-r50"]
        )]
    );
    assert_eq!(
        gomocup(&["> INFO evaluate 7, 7"]),
        [one(CheckId::GuiInfoForm, Grade::Warn, reqs!["gomocup-r74"])]
    );
    assert_eq!(
        gomocup(&["> INFO timeout_turn +1000"]),
        [one(CheckId::GuiInfoForm, Grade::Warn, reqs!["gomocup-r65"])]
    );
    // Leading zeros are digits; a negative coordinate is no point at all.
    assert_eq!(gomocup(&["> TURN 07,07", "< 8,8"]), []);
    assert_eq!(
        gomocup(&["> TURN -1,7"]),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Fail,
            reqs!["gomocup-r41"]
        )]
    );
}

#[test]
fn an_agi_time_with_a_plus_sign_warns_and_is_read_as_meant() {
    let lines = [
        "> AGI",
        "< AGIOK",
        "> POSITION MOVES 78",
        "> GO TIME +1000",
        "< BESTMOVE 77",
    ];
    assert_eq!(
        brief(&gui_findings_in(Protocol::Agi, &lines)),
        [one(
            CheckId::GuiCommandGrammar,
            Grade::Warn,
            reqs!["agi-r61"]
        )]
    );
}
