//! Move generation and legality: pseudo-legal moves per piece, then the rule that no move may
//! leave one's own king attacked (which includes the flying-general rule: the kings may not face
//! each other on an open file).

use super::moves::{Move, MoveList};
use super::piece::{Color, Kind};
use super::position::{EMPTY, Position, first_slot, slot_color, slot_kind};
use super::square::Square;
use super::tables::{Blockable, NONE, Points, TABLES};

/// The points of a one-step move table entry (king, advisor, pawn), which ends at the first `NONE`.
#[inline]
fn step_targets(table: &[u8]) -> &[u8] {
    let len = table
        .iter()
        .position(|&to| to == NONE)
        .unwrap_or(table.len());
    &table[..len]
}

/// Where a move may expose the king of the side to move (not in check), one bit per point; see
/// [`Position::retain_legal`].
struct Exposure {
    king: Square,
    /// Points whose piece, by leaving, may open a line to the king: the king's file or rank when
    /// an enemy rook, cannon or (file only) king stands on it, and the legs of enemy horses
    /// placed to attack it.
    leaving: Points,
    /// Points a piece may not enter without a test: the king's file or rank when an enemy
    /// cannon stands on it (the piece may become its screen).
    entering: Points,
}

impl Exposure {
    #[inline]
    fn may_expose(&self, mv: Move) -> bool {
        mv.from == self.king
            || self.leaving.contains(mv.from.index())
            || self.entering.contains(mv.to.index())
    }
}

impl Position {
    /// Appends every pseudo-legal move of the side to move: moves that follow each piece's
    /// movement rules but may leave the mover's own king attacked.
    pub(crate) fn generate_pseudo_legal(&self, list: &mut MoveList) {
        let us = self.turn.index();
        let base = us << 4;
        for slot in base..base + 16 {
            let from = self.slots[slot];
            if from == EMPTY {
                continue;
            }
            let from_sq = Square::from_index_unchecked(from);
            let f = from as usize;
            let mut push = |to: u8| {
                list.push(Move::new(from_sq, Square::from_index_unchecked(to)));
            };
            match slot_kind(slot as u8) {
                kind @ (Kind::King | Kind::Advisor | Kind::Pawn) => {
                    let table: &[u8] = match kind {
                        Kind::King => &TABLES.king[us][f],
                        Kind::Advisor => &TABLES.advisor[us][f],
                        _ => &TABLES.pawn[us][f],
                    };
                    for &to in step_targets(table) {
                        if slot_color(self.squares[to as usize]) != us {
                            push(to);
                        }
                    }
                }
                kind @ (Kind::Elephant | Kind::Horse) => {
                    // Both jump to a point unless the point between (eye or leg) is occupied.
                    let jumps: &[Blockable] = if kind == Kind::Elephant {
                        &TABLES.elephant[us][f]
                    } else {
                        &TABLES.horse[f]
                    };
                    for jump in jumps.iter().take_while(|jump| jump.to != NONE) {
                        if self.squares[jump.via as usize] == EMPTY
                            && slot_color(self.squares[jump.to as usize]) != us
                        {
                            push(jump.to);
                        }
                    }
                }
                Kind::Rook => {
                    for dir in 0..4 {
                        let ray = &TABLES.rays[f][dir][..TABLES.ray_len[f][dir] as usize];
                        for &to in ray {
                            let target = self.squares[to as usize];
                            if target == EMPTY {
                                push(to);
                            } else {
                                if slot_color(target) != us {
                                    push(to);
                                }
                                break;
                            }
                        }
                    }
                }
                Kind::Cannon => {
                    for dir in 0..4 {
                        let ray = &TABLES.rays[f][dir][..TABLES.ray_len[f][dir] as usize];
                        let mut points = ray.iter();
                        // Slide over empty points; the first piece met is the screen.
                        for &to in points.by_ref() {
                            if self.squares[to as usize] != EMPTY {
                                break;
                            }
                            push(to);
                        }
                        // Capture the first piece beyond the screen, if it is the opponent's.
                        for &to in points {
                            let target = self.squares[to as usize];
                            if target != EMPTY {
                                if slot_color(target) != us {
                                    push(to);
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether `by` attacks point `target`: a rook or the king along an open line (the king only
    /// on a file: the flying general), a cannon over exactly one screen, a horse with a free leg,
    /// or a pawn. Advisors and elephants never leave their own half, so they never reach the
    /// enemy king and are not considered.
    pub(crate) fn is_attacked(&self, target: Square, by: Color) -> bool {
        let them = by.index();
        (0..4).any(|dir| self.ray_attacked(target, dir, them))
            || self.horse_attacks(target, them)
            || self.pawn_attacks(target, them)
    }

    /// Whether a piece of colour `them` attacks `target` along the ray `dir` from it: a rook or
    /// (on the file) the king as the first piece met, or a cannon as the second.
    #[inline]
    fn ray_attacked(&self, target: Square, dir: usize, them: usize) -> bool {
        let t = target.index();
        let ray = &TABLES.rays[t][dir][..TABLES.ray_len[t][dir] as usize];
        let mut points = ray.iter();
        for &sq in points.by_ref() {
            let piece = self.squares[sq as usize];
            if piece == EMPTY {
                continue;
            }
            if slot_color(piece) == them {
                match slot_kind(piece) {
                    Kind::Rook => return true,
                    // dirs 0 and 1 are up and down the file.
                    Kind::King if dir < 2 => return true,
                    _ => {}
                }
            }
            break;
        }
        for &sq in points {
            let piece = self.squares[sq as usize];
            if piece != EMPTY {
                return slot_color(piece) == them && slot_kind(piece) == Kind::Cannon;
            }
        }
        false
    }

    /// Whether a horse of colour `them` with a free leg attacks `target`.
    #[inline]
    fn horse_attacks(&self, target: Square, them: usize) -> bool {
        TABLES.horse_attackers[target.index()]
            .iter()
            .take_while(|attacker| attacker.to != NONE)
            .any(|attacker| {
                let piece = self.squares[attacker.to as usize];
                slot_color(piece) == them
                    && slot_kind(piece) == Kind::Horse
                    && self.squares[attacker.via as usize] == EMPTY
            })
    }

    /// Whether a pawn of colour `them` attacks `target`.
    #[inline]
    fn pawn_attacks(&self, target: Square, them: usize) -> bool {
        TABLES.pawn_attackers[them][target.index()]
            .iter()
            .take_while(|&&from| from != NONE)
            .any(|&from| {
                let piece = self.squares[from as usize];
                slot_color(piece) == them && slot_kind(piece) == Kind::Pawn
            })
    }

    /// Whether the side to move is in check (its king attacked, the flying general included).
    pub fn is_check(&self) -> bool {
        self.is_attacked(self.king_square(self.turn), self.turn.opponent())
    }

    /// Whether playing a pseudo-legal move leaves the mover's king safe. Only the board is
    /// touched, and put back: whether a point is attacked depends on nothing else, so the piece
    /// lists, hash and counters a full [`Position::make`] keeps need not change.
    pub(crate) fn leaves_king_safe(&mut self, mv: Move) -> bool {
        let us = self.turn;
        let (from, to) = (mv.from.index(), mv.to.index());
        let mover = self.squares[from];
        let captured = self.squares[to];
        self.squares[to] = mover;
        self.squares[from] = EMPTY;
        let king = if slot_kind(mover) == Kind::King {
            mv.to
        } else {
            self.king_square(us)
        };
        let safe = !self.is_attacked(king, us.opponent());
        self.squares[from] = mover;
        self.squares[to] = captured;
        safe
    }

    /// Whether a move of a piece other than the king, by a side not in check, leaves its king
    /// safe: only the lines through the points it leaves and enters, and the horse legs it
    /// leaves, can have changed, so only they are looked at.
    fn keeps_lines_closed(&mut self, mv: Move, king: Square) -> bool {
        let them = self.turn.opponent().index();
        let (from, to) = (mv.from.index(), mv.to.index());
        let mover = self.squares[from];
        let captured = self.squares[to];
        self.squares[to] = mover;
        self.squares[from] = EMPTY;
        let from_dir = TABLES.direction[king.index()][from];
        let to_dir = TABLES.direction[king.index()][to];
        let attacked = (from_dir != NONE && self.ray_attacked(king, from_dir as usize, them))
            || (to_dir != NONE
                && to_dir != from_dir
                && self.ray_attacked(king, to_dir as usize, them))
            || self.horse_attacks(king, them);
        self.squares[from] = mover;
        self.squares[to] = captured;
        !attacked
    }

    /// The lines and points through which a move could expose the king of the side to move.
    fn exposure(&self, king: Square) -> Exposure {
        let them = self.turn.opponent().index();
        let base = them << 4;
        let file = TABLES.file_mask[king.file() as usize];
        let rank = TABLES.rank_mask[king.rank() as usize];
        let mut exposure = Exposure {
            king,
            leaving: Points::NONE,
            entering: Points::NONE,
        };
        for kind in [Kind::King, Kind::Rook, Kind::Cannon] {
            let first = base + first_slot(kind) as usize;
            for slot in first..first + kind.max_count() {
                let at = self.slots[slot];
                if at == EMPTY {
                    continue;
                }
                let at = Square::from_index_unchecked(at);
                let mut line = Points::NONE;
                if at.file() == king.file() {
                    line = line.union(file);
                }
                // The kings face each other only on a file.
                if kind != Kind::King && at.rank() == king.rank() {
                    line = line.union(rank);
                }
                exposure.leaving = exposure.leaving.union(line);
                if kind == Kind::Cannon {
                    exposure.entering = exposure.entering.union(line);
                }
            }
        }
        for attacker in &TABLES.horse_attackers[king.index()] {
            if attacker.to == NONE {
                break;
            }
            let piece = self.squares[attacker.to as usize];
            if slot_color(piece) == them && slot_kind(piece) == Kind::Horse {
                exposure.leaving = exposure.leaving.with(attacker.via as usize);
            }
        }
        exposure
    }

    /// Fills `list` with every legal move of the side to move.
    ///
    /// When the side to move is not in check, a move can only expose its king if the piece leaves
    /// or enters the king's file or rank (opening a rook line or the flying general, or making or
    /// removing a cannon screen), or leaves a point diagonally next to the king (a horse leg), or
    /// is the king's own move. Every other move is legal without playing it, which is what makes
    /// perft fast; the rest are played and tested.
    ///
    /// Public for engines, which generate into a reused list at every node; `&mut self` because
    /// doubtful moves are tested by making and unmaking them (the position is unchanged after).
    pub fn generate_legal(&mut self, list: &mut MoveList) {
        self.generate_pseudo_legal(list);
        self.retain_legal(list, false);
    }

    /// Fills `list` with the legal captures of the side to move (the moves of
    /// [`Position::generate_legal`] that land on an opponent's piece). Public for engines: a
    /// quiescence search looks only at captures.
    pub fn generate_legal_captures(&mut self, list: &mut MoveList) {
        self.generate_pseudo_legal(list);
        self.retain_legal(list, true);
    }

    /// Keeps the moves of `list` (pseudo-legal here) that leave the king safe, and with
    /// `captures_only` only those that capture.
    ///
    /// In check, every move is played and tested. Otherwise a move can only expose the king
    /// along a line an enemy piece already stands on (leaving it may open a rook's or the enemy
    /// king's line or take away a cannon's second screen; entering it may give a cannon its
    /// screen, while entering a rook's or king's line only blocks it), by leaving a horse's leg,
    /// or by being the king's own move. Pawns attack over nothing, and advisors and elephants
    /// never reach the enemy king. Every other move is legal without a test, which is what
    /// makes perft fast.
    fn retain_legal(&mut self, list: &mut MoveList, captures_only: bool) {
        let king = self.king_square(self.turn);
        let in_check = self.is_attacked(king, self.turn.opponent());
        let exposure = self.exposure(king);
        list.retain(|mv| {
            if captures_only && self.squares[mv.to.index()] == EMPTY {
                return false;
            }
            if in_check || mv.from == king {
                self.leaves_king_safe(mv)
            } else {
                !exposure.may_expose(mv) || self.keeps_lines_closed(mv, king)
            }
        });
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.clone().generate_legal(&mut list);
        list
    }

    /// Whether `mv` is a legal move here.
    pub fn is_legal(&self, mv: Move) -> bool {
        let piece = self.squares[mv.from.index()];
        if slot_color(piece) != self.turn.index() {
            return false;
        }
        let mut list = MoveList::new();
        self.generate_pseudo_legal(&mut list);
        list.as_slice().contains(&mv) && self.clone().leaves_king_safe(mv)
    }

    /// Counts the leaves of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.clone().perft_in_place(depth)
    }

    fn perft_in_place(&mut self, depth: u32) -> u64 {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        // Bulk counting: at the last ply the number of legal moves is the number of leaves.
        if depth == 1 {
            return list.len() as u64;
        }
        let mut nodes = 0;
        for &mv in list.as_slice() {
            let undo = self.make(mv);
            nodes += self.perft_in_place(depth - 1);
            self.unmake(mv, undo);
        }
        nodes
    }
}
