//! Move and attack tables, computed at compile time, so that move generation never tests board edges.
//!
//! Squares are `u8` indices (`rank * 9 + file`). Lists are fixed arrays with a length, the layout
//! move generation wants in its inner loops.

use super::square::{FILES, RANKS, SQUARES};

/// Marks an unused entry of a fixed-size list.
pub const NONE: u8 = u8::MAX;

/// The four orthogonal directions as (file step, rank step): up, down, left, right.
const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Horse jumps as (file step, rank step, leg file step, leg rank step): the leg is the point next to
/// the horse in the long direction of the jump, and a piece there blocks the jump.
const HORSE_JUMPS: [(i8, i8, i8, i8); 8] = [
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

/// A set of points, one bit each in two words (a 64-bit shift is cheaper than a 128-bit one
/// in the inner loop of legality testing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Points([u64; 2]);

impl Points {
    pub const NONE: Points = Points([0; 2]);

    /// The set with point `sq` added.
    pub const fn with(self, sq: usize) -> Points {
        let mut words = self.0;
        words[sq >> 6] |= 1 << (sq & 63);
        Points(words)
    }

    pub const fn union(self, other: Points) -> Points {
        Points([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }

    #[inline]
    pub const fn contains(self, sq: usize) -> bool {
        (self.0[sq >> 6] >> (sq & 63)) & 1 != 0
    }
}

/// A target point with the point that must be empty for the move (horse leg, elephant eye).
#[derive(Clone, Copy)]
pub struct Blockable {
    pub to: u8,
    pub via: u8,
}

const NO_BLOCKABLE: Blockable = Blockable {
    to: NONE,
    via: NONE,
};

pub struct Tables {
    /// `rays[sq][dir]`: the points from `sq` outwards in an orthogonal direction, nearest first.
    pub rays: [[[u8; 9]; 4]; SQUARES],
    pub ray_len: [[u8; 4]; SQUARES],
    /// Horse jumps from a point, with their legs.
    pub horse: [[Blockable; 8]; SQUARES],
    /// Points from which a horse attacks a point, with the leg that must be empty: `to` is the horse.
    pub horse_attackers: [[Blockable; 8]; SQUARES],
    /// Elephant moves per colour, with the eye that must be empty; never across the river.
    pub elephant: [[[Blockable; 4]; SQUARES]; 2],
    /// Advisor moves per colour (diagonal steps inside the palace).
    pub advisor: [[[u8; 4]; SQUARES]; 2],
    /// King moves per colour (orthogonal steps inside the palace).
    pub king: [[[u8; 4]; SQUARES]; 2],
    /// Pawn moves per colour: forward, and sideways once across the river.
    pub pawn: [[[u8; 3]; SQUARES]; 2],
    /// Points from which a pawn of the given colour attacks a point.
    pub pawn_attackers: [[[u8; 3]; SQUARES]; 2],
    /// `direction[from][to]`: the index into `rays[from]` of the ray through `to`, or `NONE`
    /// when the points share no file or rank.
    pub direction: [[u8; SQUARES]; SQUARES],
    /// The points of each file and of each rank, one bit per point.
    pub file_mask: [Points; FILES as usize],
    pub rank_mask: [Points; RANKS as usize],
}

const fn offset(sq: usize, df: i8, dr: i8) -> u8 {
    let file = (sq % FILES as usize) as i8 + df;
    let rank = (sq / FILES as usize) as i8 + dr;
    if file < 0 || rank < 0 || file >= FILES as i8 || rank >= RANKS as i8 {
        NONE
    } else {
        (rank as u8) * FILES + file as u8
    }
}

/// Colour index 0 is red (ranks 0..4, palace ranks 0..2), 1 is black (ranks 5..9, palace 7..9).
const fn in_palace(color: usize, sq: u8) -> bool {
    let file = sq % FILES;
    let rank = sq / FILES;
    let ranks_ok = if color == 0 { rank <= 2 } else { rank >= 7 };
    file >= 3 && file <= 5 && ranks_ok
}

const fn on_own_side(color: usize, sq: u8) -> bool {
    let rank = sq / FILES;
    if color == 0 { rank <= 4 } else { rank >= 5 }
}

impl Tables {
    const fn build() -> Tables {
        let mut t = Tables {
            rays: [[[NONE; 9]; 4]; SQUARES],
            ray_len: [[0; 4]; SQUARES],
            horse: [[NO_BLOCKABLE; 8]; SQUARES],
            horse_attackers: [[NO_BLOCKABLE; 8]; SQUARES],
            elephant: [[[NO_BLOCKABLE; 4]; SQUARES]; 2],
            advisor: [[[NONE; 4]; SQUARES]; 2],
            king: [[[NONE; 4]; SQUARES]; 2],
            pawn: [[[NONE; 3]; SQUARES]; 2],
            pawn_attackers: [[[NONE; 3]; SQUARES]; 2],
            direction: [[NONE; SQUARES]; SQUARES],
            file_mask: [Points::NONE; FILES as usize],
            rank_mask: [Points::NONE; RANKS as usize],
        };
        let mut sq = 0;
        while sq < SQUARES {
            let mut dir = 0;
            while dir < 4 {
                let (df, dr) = ORTHOGONAL[dir];
                let mut len = 0;
                let mut cur = offset(sq, df, dr);
                while cur != NONE {
                    t.rays[sq][dir][len] = cur;
                    len += 1;
                    cur = offset(cur as usize, df, dr);
                }
                t.ray_len[sq][dir] = len as u8;
                let mut i = 0;
                while i < len {
                    t.direction[sq][t.rays[sq][dir][i] as usize] = dir as u8;
                    i += 1;
                }
                dir += 1;
            }

            let mut n = 0;
            let mut j = 0;
            while j < 8 {
                let (df, dr, lf, lr) = HORSE_JUMPS[j];
                let to = offset(sq, df, dr);
                if to != NONE {
                    t.horse[sq][n] = Blockable {
                        to,
                        via: offset(sq, lf, lr),
                    };
                    n += 1;
                }
                j += 1;
            }
            // A horse on `from` attacks `sq` when `sq` is one of its jumps: invert the jump table.
            let mut n = 0;
            let mut j = 0;
            while j < 8 {
                let (df, dr, lf, lr) = HORSE_JUMPS[j];
                let from = offset(sq, -df, -dr);
                if from != NONE {
                    t.horse_attackers[sq][n] = Blockable {
                        to: from,
                        via: offset(from as usize, lf, lr),
                    };
                    n += 1;
                }
                j += 1;
            }

            let mut color = 0;
            while color < 2 {
                let mut ne = 0;
                let mut na = 0;
                let mut d = 0;
                while d < 4 {
                    let (df, dr) = DIAGONAL[d];
                    let to = offset(sq, 2 * df, 2 * dr);
                    if to != NONE && on_own_side(color, to) && on_own_side(color, sq as u8) {
                        t.elephant[color][sq][ne] = Blockable {
                            to,
                            via: offset(sq, df, dr),
                        };
                        ne += 1;
                    }
                    let to = offset(sq, df, dr);
                    if to != NONE && in_palace(color, to) && in_palace(color, sq as u8) {
                        t.advisor[color][sq][na] = to;
                        na += 1;
                    }
                    d += 1;
                }
                let mut nk = 0;
                let mut d = 0;
                while d < 4 {
                    let (df, dr) = ORTHOGONAL[d];
                    let to = offset(sq, df, dr);
                    if to != NONE && in_palace(color, to) && in_palace(color, sq as u8) {
                        t.king[color][sq][nk] = to;
                        nk += 1;
                    }
                    d += 1;
                }
                let forward: i8 = if color == 0 { 1 } else { -1 };
                let mut np = 0;
                let to = offset(sq, 0, forward);
                if to != NONE {
                    t.pawn[color][sq][np] = to;
                    np += 1;
                }
                if !on_own_side(color, sq as u8) {
                    let mut side = 0;
                    while side < 2 {
                        let to = offset(sq, if side == 0 { -1 } else { 1 }, 0);
                        if to != NONE {
                            t.pawn[color][sq][np] = to;
                            np += 1;
                        }
                        side += 1;
                    }
                }
                color += 1;
            }

            t.file_mask[sq % FILES as usize] = t.file_mask[sq % FILES as usize].with(sq);
            t.rank_mask[sq / FILES as usize] = t.rank_mask[sq / FILES as usize].with(sq);
            sq += 1;
        }

        // Invert the pawn move table into attackers: a pawn on `from` attacks each of its targets.
        let mut color = 0;
        while color < 2 {
            let mut from = 0;
            while from < SQUARES {
                let mut k = 0;
                while k < 3 {
                    let to = t.pawn[color][from][k];
                    if to != NONE {
                        let list = &mut t.pawn_attackers[color][to as usize];
                        let mut slot = 0;
                        while list[slot] != NONE {
                            slot += 1;
                        }
                        list[slot] = from as u8;
                    }
                    k += 1;
                }
                from += 1;
            }
            color += 1;
        }
        t
    }
}

pub static TABLES: Tables = Tables::build();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Square;

    fn sq(name: &str) -> usize {
        Square::parse(name).unwrap().index()
    }

    fn names(list: &[u8]) -> Vec<String> {
        let mut v: Vec<String> = list
            .iter()
            .filter(|&&s| s != NONE)
            .map(|&s| Square::from_index(s as usize).unwrap().to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn palace_moves_stay_in_the_palace() {
        assert_eq!(names(&TABLES.king[0][sq("e1")]), ["d1", "e0", "e2", "f1"]);
        assert_eq!(names(&TABLES.king[0][sq("d0")]), ["d1", "e0"]);
        assert_eq!(
            names(&TABLES.advisor[1][sq("e8")]),
            ["d7", "d9", "f7", "f9"]
        );
        assert_eq!(names(&TABLES.advisor[1][sq("d9")]), ["e8"]);
    }

    #[test]
    fn elephants_do_not_cross_the_river() {
        let targets: Vec<u8> = TABLES.elephant[0][sq("c4")].iter().map(|b| b.to).collect();
        assert_eq!(names(&targets), ["a2", "e2"]);
        let eye = TABLES.elephant[0][sq("c4")]
            .iter()
            .find(|b| b.to as usize == sq("e2"))
            .unwrap()
            .via;
        assert_eq!(eye as usize, sq("d3"));
    }

    #[test]
    fn pawns_move_sideways_only_after_the_river() {
        assert_eq!(names(&TABLES.pawn[0][sq("e3")]), ["e4"]);
        assert_eq!(names(&TABLES.pawn[0][sq("e5")]), ["d5", "e6", "f5"]);
        assert_eq!(names(&TABLES.pawn[0][sq("a9")]), ["b9"]);
        assert_eq!(names(&TABLES.pawn[1][sq("e4")]), ["d4", "e3", "f4"]);
        // A black pawn on e2 or a sideways neighbour across the river attacks e1.
        assert_eq!(
            names(&TABLES.pawn_attackers[1][sq("e1")]),
            ["d1", "e2", "f1"]
        );
    }

    #[test]
    fn horse_legs_are_next_to_the_horse() {
        let jump = TABLES.horse[sq("b0")]
            .iter()
            .find(|b| b.to as usize == sq("c2"))
            .unwrap();
        assert_eq!(jump.via as usize, sq("b1"));
        let attacker = TABLES.horse_attackers[sq("c2")]
            .iter()
            .find(|b| b.to as usize == sq("b0"))
            .unwrap();
        assert_eq!(attacker.via as usize, sq("b1"));
    }
}
