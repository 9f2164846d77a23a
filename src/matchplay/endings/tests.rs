//! The endings, each ruling from a worked example of the rules' texts where they give one.

use super::*;
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::Position;

/// Plays `moves` from `fen`, returning each ply's ending (none expected before the last),
/// repetitions ruled by `rule`.
fn ruled<G: Game>(
    game: MatchGame,
    rule: RepetitionRule,
    fen: &str,
    moves: &[&str],
) -> Vec<Option<String>> {
    let mut position = G::from_fen(fen).unwrap();
    let mut history = History::new(game, rule);
    history.push(&position, None);
    moves
        .iter()
        .map(|mv| {
            position.play_text(mv).unwrap();
            history.push(&position, Some(mv));
            history
                .ending()
                .map(|(result, why)| format!("{} {why}", result.as_str()))
        })
        .collect()
}

fn endings<G: Game>(game: MatchGame, fen: &str, moves: &[&str]) -> Vec<Option<String>> {
    ruled::<G>(game, RepetitionRule::default(), fen, moves)
}

fn only_last(endings: &[Option<String>]) -> &str {
    let (last, earlier) = endings.split_last().unwrap();
    assert!(earlier.iter().all(Option::is_none), "{endings:?}");
    last.as_deref().unwrap_or("none")
}

#[test]
fn a_chess_position_seen_three_times_is_a_draw() {
    let knights = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    let start = crate::rules::chess::START_FEN;
    assert_eq!(
        only_last(&endings::<ChessPosition>(MatchGame::Chess, start, &knights)),
        "1/2-1/2 Draw by 3-fold repetition"
    );
    // Twice is not enough.
    assert!(
        endings::<ChessPosition>(MatchGame::Chess, start, &knights[..7])
            .iter()
            .all(Option::is_none)
    );
}

#[test]
fn castling_rights_make_a_chess_position_different() {
    // The rooks come home at plies 4 and 8, but the start had castling rights they lost:
    // without the rights in the key, ply 8 would be the start's third occurrence. The
    // first threefold is the rooks on b1 and b8 (plies 2, 6 and 10).
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let shuffle = [
        "a1b1", "a8b8", "b1a1", "b8a8", "a1b1", "a8b8", "b1a1", "b8a8", "a1b1", "a8b8",
    ];
    let found = endings::<ChessPosition>(MatchGame::Chess, fen, &shuffle);
    assert_eq!(only_last(&found), "1/2-1/2 Draw by 3-fold repetition");
}

#[test]
fn the_hundredth_ply_without_capture_or_pawn_move_draws_chess() {
    let fen = "4k3/8/8/8/8/8/4P3/R3K3 w - - 98 80";
    assert_eq!(
        only_last(&endings::<ChessPosition>(
            MatchGame::Chess,
            fen,
            &["a1a2", "e8d8"]
        )),
        "1/2-1/2 Draw by fifty moves rule"
    );
    // A pawn move resets the count.
    assert!(
        endings::<ChessPosition>(MatchGame::Chess, fen, &["e2e3", "e8d8"])
            .iter()
            .all(Option::is_none)
    );
}

/// Plays a xiangqi repetition under `rule` and returns its one ending, at the last ply.
fn xiangqi(rule: RepetitionRule, fen: &str, moves: &str) -> String {
    let moves: Vec<&str> = moves.split_whitespace().collect();
    only_last(&ruled::<Position>(MatchGame::Xiangqi, rule, fen, &moves)).to_owned()
}

use RepetitionRule::{Asian, Draw, League};

// Each xiangqi ruling below cites the Asian Xiangqi Federation's rule and diagram it follows
// (English draft by Eric Wu, wxf.org/xq/rule/asia). The diagrams are pictures; where a test
// says "the moves of diagram N", the position is one built so that the diagram's moves, as its
// notation gives them, play out with its explanation's threats. Every ruling was also put to
// Fairy-Stockfish's `pyffish` 0.0.90 (`is_optional_game_end("xiangqi", …)`, its UCI ranks one
// higher): it agrees on each, at the ply noted.

/// AXF rule 6 (diagrams 1–3): the side that checks perpetually loses. Red's rook checks the
/// king on e9 and e8 in turn; the king steps between them, never checking. (pyffish: red
/// loses, ply 8.)
#[test]
fn perpetual_check_loses() {
    let fen = "4k4/R8/9/9/9/9/9/9/9/5K3 w - - 0 1";
    let cycle = "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9";
    assert_eq!(
        xiangqi(Asian, fen, cycle),
        "0-1 Red loses by perpetual check"
    );
    assert_eq!(
        xiangqi(Draw, fen, cycle),
        "1/2-1/2 Draw by 3-fold repetition"
    );
}

/// AXF rule 7 (diagram 4): both sides checking throughout ("resolve check and check back")
/// is a draw. Red's cannon and black's rook check in turn, each check answered by a check;
/// the position is Fairy-Stockfish's test of mutual perpetual check. (pyffish: draw, ply 8.)
#[test]
fn mutual_perpetual_check_draws() {
    let fen = "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1";
    let cycle = "e3d3 d6e6 d3e3 e6d6 e3d3 d6e6 d3e3 e6d6";
    assert_eq!(
        xiangqi(Asian, fen, cycle),
        "1/2-1/2 Draw by 3-fold repetition"
    );
}

/// AXF rule 18 (diagrams 32–33): a rook may not perpetually chase an unprotected cannon. The
/// moves of diagram 32 (R8=9 c1=5 R9=5 c5=1): red's rook comes to the cannon's file each
/// move, the lone cannon runs along its rank. The acceptance case. (pyffish: red
/// loses, ply 9.)
#[test]
fn a_rook_perpetually_chasing_a_lone_cannon_loses() {
    let fen = "5k3/9/c8/9/9/9/9/1R7/9/3K5 w - - 0 1";
    let cycle = "b2a2 a7e7 a2e2 e7a7 e2a2 a7e7 a2e2 e7a7 e2a2";
    assert_eq!(
        xiangqi(Asian, fen, cycle),
        "0-1 Red loses by perpetual chase"
    );
    // The league rules it the same at the fourth occurrence; the override draws.
    let longer = format!("{cycle} a7e7 a2e2 e7a7 e2a2");
    assert_eq!(
        xiangqi(League, fen, &longer),
        "0-1 Red loses by perpetual chase"
    );
    assert_eq!(
        xiangqi(Draw, fen, cycle),
        "1/2-1/2 Draw by 3-fold repetition"
    );
}

/// AXF rule 15 (diagrams 18–25): a cannon may not perpetually chase a rook, protected or
/// not. The moves of diagram 22 (C8-1 r6-1 C8+1 r6+1): the rook, protected on f7 by the
/// advisor and on f6 by the horse, steps back and forth; red's cannon follows it over a pawn
/// on each rank. The rook's own attacks fall on the two red pawns in turn, which is no
/// perpetual chase (rule 32). (pyffish: red loses, ply 8.)
#[test]
fn a_cannon_perpetually_chasing_a_protected_rook_loses() {
    let fen = "4k4/4a1n2/1C1P5/3P1r3/9/9/9/9/9/4K4 w - - 0 1";
    let cycle = "b7b6 f6f7 b6b7 f7f6 b7b6 f6f7 b6b7 f7f6";
    assert_eq!(
        xiangqi(Asian, fen, cycle),
        "0-1 Red loses by perpetual chase"
    );
}

/// AXF rule 12 (diagram 13) and rule 18 (diagram 37): one check and one chase is no
/// perpetual. The moves of diagram 37 (R8+1 c1+1 R8-1 c1-1): red's rook attacks the lone
/// cannon with every move; the cannon answers with a check over the advisor, then with an
/// attack on the unprotected horse. Black's one check one chase is allowed, red's perpetual
/// chase is not. (pyffish: red loses, ply 8.)
#[test]
fn one_check_one_chase_is_allowed_and_the_rook_that_chases_loses() {
    let fen = "4k4/9/9/9/9/9/9/9/c3A1N2/1R1AK4 w - - 0 1";
    let cycle = "b0b1 a1a0 b1b0 a0a1 b0b1 a1a0 b1b0 a0a1";
    assert_eq!(
        xiangqi(Asian, fen, cycle),
        "0-1 Red loses by perpetual chase"
    );
}

/// AXF rule 28 (diagram 67): the king may chase perpetually. The moves of diagram 67 (K6=5
/// c5=6 K5=4 c6=5): red's king steps beside the lone cannon each move; a draw. (pyffish:
/// draw, ply 9.)
#[test]
fn a_king_may_chase_perpetually() {
    let fen = "4k4/9/4b4/9/9/9/9/9/4c4/3K5 w - - 0 1";
    let cycle = "d0e0 e1f1 e0f0 f1e1 f0e0 e1f1 e0f0 f1e1 f0e0";
    assert_eq!(
        xiangqi(Asian, fen, cycle),
        "1/2-1/2 Draw by 3-fold repetition"
    );
}

/// Mutual chase is a draw: red's rook and black's horse chase each other's unprotected pieces
/// round a cycle. The position is Fairy-Stockfish's test of mutual chase; the AXF texts give
/// no diagram of it (they rule both sides at fault a draw in rule 7's case of checks).
/// (pyffish: draw, ply 17.)
#[test]
fn mutual_perpetual_chase_draws() {
    let fen = "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1";
    let cycle =
        "f6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6";
    assert_eq!(
        xiangqi(Asian, fen, cycle),
        "1/2-1/2 Draw by 3-fold repetition"
    );
}

/// AXF rule 5: a repetition in which neither side breaks a rule is a draw.
#[test]
fn an_idle_repetition_draws() {
    let shuffle = "a0a1 a9a8 a1a0 a8a9 a0a1 a9a8 a1a0 a8a9";
    let start = crate::rules::xiangqi::START_FEN;
    assert_eq!(
        xiangqi(Asian, start, shuffle),
        "1/2-1/2 Draw by 3-fold repetition"
    );
    // The league waits for a fourth occurrence.
    let longer = format!("{shuffle} a0a1 a9a8 a1a0 a8a9");
    assert_eq!(
        xiangqi(League, start, &longer),
        "1/2-1/2 Draw by 4-fold repetition"
    );
}

/// The league simulator bans, before red's move, the one move that would bring the position
/// back a third time with red chasing the lone cannon every move (its `RepStatus(2)`), and
/// nothing a move earlier, when that move would bring it back only a second time.
#[test]
fn the_league_bans_the_move_that_repeats_a_perpetual_chase_a_third_time() {
    let fen = "5k3/9/c8/9/9/9/9/1R7/9/3K5 w - - 0 1";
    let mut position = Position::from_fen(fen).unwrap();
    let mut history = History::new(MatchGame::Xiangqi, Asian);
    history.push(&position, None);
    let mut banned = Vec::new();
    for mv in "b2a2 a7e7 a2e2 e7a7 e2a2 a7e7 a2e2 e7a7".split_whitespace() {
        position.play_text(mv).unwrap();
        history.push(&position, Some(mv));
        assert_eq!(history.ending(), None);
        banned.push(history.league_banmoves());
    }
    let (last, earlier) = banned.split_last().unwrap();
    assert_eq!(last, &["e2a2"]);
    assert!(earlier.iter().all(Vec::is_empty), "{banned:?}");
}

/// A perpetual check is banned as well, and only the checking side's move: the side checked
/// is never banned from answering.
#[test]
fn the_league_bans_the_perpetual_check_not_the_answer_to_it() {
    // From black to move in check, red's fourth check would bring the start back a third time.
    let fen = "R3k4/9/9/9/9/9/9/9/9/5K3 b - - 0 1";
    let mut position = Position::from_fen(fen).unwrap();
    let mut history = History::new(MatchGame::Xiangqi, Asian);
    history.push(&position, None);
    let mut banned = Vec::new();
    for mv in "e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9".split_whitespace() {
        position.play_text(mv).unwrap();
        history.push(&position, Some(mv));
        banned.push(history.league_banmoves());
    }
    let (last, earlier) = banned.split_last().unwrap();
    assert_eq!(last, &["a8a9"]);
    assert!(earlier.iter().all(Vec::is_empty), "{banned:?}");
}

#[test]
fn sixty_moves_without_capture_draw_xiangqi_and_a_capture_resets_them() {
    let fen = "4k4/9/9/9/9/9/9/9/p8/R2K5 w - - 118 70";
    assert_eq!(
        only_last(&endings::<Position>(
            MatchGame::Xiangqi,
            fen,
            &["d0d1", "e9f9"]
        )),
        "1/2-1/2 Draw by sixty moves rule"
    );
    assert!(
        endings::<Position>(MatchGame::Xiangqi, fen, &["a0a1", "e9f9"])
            .iter()
            .all(Option::is_none)
    );
}
