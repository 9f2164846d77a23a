//! Chinese notation from worked examples (the start position, pieces doubled on a file, three
//! and five pawns on one file, tandem pawns on two files), a published game read move by move,
//! and a property over random positions: every legal move's text reads back as that move.

use proptest::prelude::*;

use super::*;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The text of each ICCS move in `fen`, checked to read back as the same move.
fn texts(fen: &str, moves: &[&str]) -> Vec<String> {
    let pos = position(fen);
    moves
        .iter()
        .map(|iccs| {
            let mv = pos.parse_move(iccs).unwrap();
            let text = to_chinese(&pos, mv).unwrap();
            assert_eq!(
                parse_chinese(&pos, &text),
                Ok(mv),
                "{iccs} as {text} in {fen}"
            );
            text
        })
        .collect()
}

#[test]
fn opening_moves_of_both_sides() {
    let start = Position::startpos().fen();
    assert_eq!(
        texts(
            &start,
            &[
                "h2e2", "b2e2", "h0g2", "b0c2", "a0a1", "g0e2", "f0e1", "e0e1", "c3c4", "b2b9"
            ]
        ),
        [
            "炮二平五",
            "炮八平五",
            "马二进三",
            "马八进七",
            "车九进一",
            "相三进五",
            "仕四进五",
            "帅五进一",
            "兵七进一",
            "炮八进七"
        ]
    );
    let black = start.replace(" w ", " b ");
    assert_eq!(
        texts(
            &black,
            &[
                "h7e7", "h9g7", "b9c7", "a9a8", "g6g5", "c9e7", "d9e8", "e9e8", "h7h0"
            ]
        ),
        [
            "炮８平５",
            "马８进７",
            "马２进３",
            "车１进１",
            "卒７进１",
            "象３进５",
            "士４进５",
            "将５进１",
            "炮８进７"
        ]
    );
}

#[test]
fn two_rooks_or_horses_on_a_file_are_front_and_rear() {
    // Red rooks on h5 and h2: red's file 二, the one on h5 in front.
    let rooks = "3k5/9/9/9/7R1/9/9/7R1/9/4K4 w - - 0 1";
    assert_eq!(
        texts(rooks, &["h5h7", "h5h3", "h2d2", "h2h4"]),
        ["前车进二", "前车退二", "后车平六", "后车进二"]
    );
    let pos = position(rooks);
    assert!(matches!(
        parse_chinese(&pos, "车二进一"),
        Err(ChineseMoveError::Ambiguous { .. })
    ));
    // Black horses on c5 and c7, black's file 3: black's front is the lower rank.
    let horses = "5k3/9/2n6/9/2n6/9/9/9/9/4K4 b - - 0 1";
    assert_eq!(
        texts(horses, &["c5d3", "c5b3", "c7e8", "c7a8", "c7a6"]),
        ["前马进４", "前马进２", "后马退５", "后马退１", "后马进１"]
    );
}

#[test]
fn three_pawns_on_a_file_are_front_middle_and_rear() {
    // Red pawns on c7, c6, c5 (red's file 七) and a single one on g6, named by its file.
    let fen = "3k5/9/2P6/2P3P2/2P6/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(
        texts(
            fen,
            &["c7c8", "c7b7", "c6d6", "c5b5", "g6g7", "g6f6", "g6h6"]
        ),
        [
            "前兵进一",
            "前兵平八",
            "中兵平六",
            "后兵平八",
            "兵三进一",
            "兵三平四",
            "兵三平二"
        ]
    );
}

#[test]
fn four_or_five_pawns_are_numbered_across_files_from_the_right_and_the_front() {
    // Tandem pawns, two on red's file 三 (g) and two on 七 (c): 三 is nearer red's right.
    let tandem = "3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(
        texts(tandem, &["g6g7", "g6h6", "g5h5", "c6c7", "c5b5"]),
        ["一兵进一", "一兵平二", "二兵平二", "三兵进一", "四兵平八"]
    );
    // Black's right is the a-file: its pawns on c (3) come before those on g (7).
    let black = "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b - - 0 1";
    assert_eq!(
        texts(black, &["c3c2", "c3d3", "c4b4", "g3g2", "g4f4"]),
        ["一卒进１", "一卒平４", "二卒平２", "三卒进１", "四卒平６"]
    );
    // Five on one file, and three on one file with two on another.
    let five = "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(
        texts(five, &["c9d9", "c7d7", "c5b5"]),
        ["一兵平六", "三兵平六", "五兵平八"]
    );
    let three_two = "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(
        texts(three_two, &["g6g7", "g5f5", "c7c8", "c6d6", "c5b5"]),
        ["一兵进一", "二兵平四", "三兵进一", "四兵平六", "五兵平八"]
    );
    // The place words of fewer pieces do not stand for more.
    let pos = position(tandem);
    assert!(parse_chinese(&pos, "前兵进一").is_err());
}

#[test]
fn advisors_and_elephants_on_one_file_keep_their_file() {
    // Red advisors on d0 and d2 (file 六), the king on f0: the direction tells them apart.
    let advisors = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1";
    assert_eq!(texts(advisors, &["d0e1", "d2e1"]), ["仕六进五", "仕六退五"]);
    // Red elephants on c0 and c4 (file 七), the king on d0.
    let elephants = "4k4/9/9/9/9/2B6/9/9/9/2BK5 w - - 0 1";
    assert_eq!(
        texts(elephants, &["c0e2", "c0a2", "c4e2", "c4a2"]),
        ["相七进五", "相七进九", "相七退五", "相七退九"]
    );
}

/// The first 13 moves of each side of the first game of the 2006 Chinese Computer Games
/// Championship as xqbase publishes it (CCGC/01 in the xqbase/eleeye repository): every move
/// reads as a legal move and is written back in the same words.
#[test]
fn a_published_game_reads_and_writes_back_move_by_move() {
    let game = "炮八平五 马２进３ 马八进七 车１平２ 车九平八 马８进７ 兵三进一 卒３进１ \
                车八进六 炮２平１ 车八平七 炮１退１ 炮二平四 车２进５ 马二进三 车２平７ \
                车一平二 车９平８ 车二进三 士６进５ 兵五进一 车７退１ 马三进四 炮１平３ \
                车七平六 车７进１";
    let mut pos = Position::startpos();
    for text in game.split_whitespace() {
        let mv = parse_chinese(&pos, text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(to_chinese(&pos, mv).as_deref(), Some(text));
        pos.play(mv);
    }
    // Black's numbers read in ASCII and traditional characters too.
    let pos = position(&Position::startpos().fen().replace(" w ", " b "));
    let horse = pos.parse_move("h9g7").unwrap();
    assert_eq!(parse_chinese(&pos, "馬8進7"), Ok(horse));
}

#[test]
fn texts_that_name_no_move_are_refused() {
    let pos = Position::startpos();
    for text in [
        "",
        "炮二平",
        "炮二平五五",
        "炮二跳五",
        "马二平三",
        "兵七退一",
    ] {
        assert!(
            matches!(
                parse_chinese(&pos, text),
                Err(ChineseMoveError::Syntax { .. }) | Err(ChineseMoveError::Illegal { .. })
            ),
            "{text}: {:?}",
            parse_chinese(&pos, text)
        );
    }
    assert!(matches!(
        parse_chinese(&pos, "车五进一"),
        Err(ChineseMoveError::NoPiece { .. })
    ));
    assert!(matches!(
        parse_chinese(&pos, "车九进九"),
        Err(ChineseMoveError::Illegal { .. })
    ));
}

#[test]
fn iccs_text_is_upper_case_with_a_dash() {
    let mv = Move::parse_iccs("h2e2").unwrap();
    assert_eq!(IccsText(mv).to_string(), "H2-E2");
    let mv = Move::parse_iccs("a9a8").unwrap();
    assert_eq!(IccsText(mv).to_string(), "A9-A8");
}

/// A small deterministic generator, so a failing case is one seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random position with many pieces doubled on files: pawns crowd two or three files past
/// the river, rooks, horses and cannons go anywhere, kings, advisors and elephants on their
/// points. `None` when the pieces happen to make no legal position.
fn crowded_position(seed: u64) -> Option<Position> {
    let mut rng = Rng(seed | 1);
    let mut board = [None::<Piece>; 90];
    let put = |board: &mut [Option<Piece>; 90], piece: Piece, file: u8, own_rank: u8| {
        let rank = match piece.color {
            Color::Red => own_rank,
            Color::Black => 9 - own_rank,
        };
        let index = usize::from(rank) * 9 + usize::from(file);
        if board[index].is_none() {
            board[index] = Some(piece);
        }
    };
    for color in [Color::Red, Color::Black] {
        let piece = |kind| Piece { color, kind };
        put(
            &mut board,
            piece(Kind::King),
            3 + rng.below(3) as u8,
            rng.below(3) as u8,
        );
        let advisor_points = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)];
        let elephant_points = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];
        for _ in 0..rng.below(3) {
            let (f, r) = advisor_points[rng.below(5)];
            put(&mut board, piece(Kind::Advisor), f, r);
        }
        for _ in 0..rng.below(3) {
            let (f, r) = elephant_points[rng.below(7)];
            put(&mut board, piece(Kind::Elephant), f, r);
        }
        for kind in [Kind::Rook, Kind::Horse, Kind::Cannon] {
            // Half the time both on one file, to be named by place.
            let file = rng.below(9) as u8;
            for _ in 0..rng.below(3) {
                let f = if rng.below(2) == 0 {
                    file
                } else {
                    rng.below(9) as u8
                };
                put(&mut board, piece(kind), f, rng.below(10) as u8);
            }
        }
        let files = [rng.below(9) as u8, rng.below(9) as u8, rng.below(9) as u8];
        for _ in 0..rng.below(6) {
            put(
                &mut board,
                piece(Kind::Pawn),
                files[rng.below(3)],
                5 + rng.below(5) as u8,
            );
        }
    }
    let mut fen = String::new();
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            match board[rank * 9 + file] {
                Some(piece) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(piece.fen_letter());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let side = if rng.below(2) == 0 { 'w' } else { 'b' };
    Position::from_fen(&format!("{fen} {side} - - 0 1")).ok()
}

/// A position some random legal moves from the start.
fn played_position(seed: u64, plies: usize) -> Position {
    let mut rng = Rng(seed | 1);
    let mut pos = Position::startpos();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[rng.below(moves.len())];
        pos.play(mv);
    }
    pos
}

fn every_move_reads_back(pos: &Position) -> Result<(), TestCaseError> {
    for &mv in pos.legal_moves().as_slice() {
        let text = to_chinese(pos, mv).expect("a legal move has a piece to move");
        prop_assert_eq!(text.chars().count(), 4, "{}", text);
        prop_assert_eq!(
            parse_chinese(pos, &text),
            Ok(mv),
            "{} written {} in {}",
            mv,
            text,
            pos.fen()
        );
    }
    Ok(())
}

proptest! {
    #[test]
    fn every_legal_move_of_a_crowded_position_reads_back_as_itself(seed in any::<u64>()) {
        let pos = crowded_position(seed);
        prop_assume!(pos.is_some());
        every_move_reads_back(&pos.unwrap())?;
    }

    #[test]
    fn every_legal_move_of_a_played_position_reads_back_as_itself(
        seed in any::<u64>(),
        plies in 0usize..120,
    ) {
        every_move_reads_back(&played_position(seed, plies))?;
    }
}
