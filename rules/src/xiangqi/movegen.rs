//! Move generation and legality: pseudo-legal moves per piece, then the rule that no move may
//! leave one's own king attacked (which includes the flying-general rule: the kings may not face
//! each other on an open file).

use super::moves::{Move, MoveList};
use super::piece::{Color, Kind};
use super::position::{EMPTY, Position, slot_color, slot_kind};
use super::square::Square;
use super::tables::{Blockable, NONE, TABLES};

/// The points of a one-step move table entry (king, advisor, pawn), which ends at the first `NONE`.
#[inline]
fn step_targets(table: &[u8]) -> &[u8] {
    let len = table
        .iter()
        .position(|&to| to == NONE)
        .unwrap_or(table.len());
    &table[..len]
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
        let t = target.index();
        for dir in 0..4 {
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
                    if slot_color(piece) == them && slot_kind(piece) == Kind::Cannon {
                        return true;
                    }
                    break;
                }
            }
        }
        for attacker in &TABLES.horse_attackers[t] {
            if attacker.to == NONE {
                break;
            }
            let piece = self.squares[attacker.to as usize];
            if slot_color(piece) == them
                && slot_kind(piece) == Kind::Horse
                && self.squares[attacker.via as usize] == EMPTY
            {
                return true;
            }
        }
        for &from in &TABLES.pawn_attackers[them][t] {
            if from == NONE {
                break;
            }
            let piece = self.squares[from as usize];
            if slot_color(piece) == them && slot_kind(piece) == Kind::Pawn {
                return true;
            }
        }
        false
    }

    /// Whether the side to move is in check (its king attacked, the flying general included).
    pub fn is_check(&self) -> bool {
        self.is_attacked(self.king_square(self.turn), self.turn.opponent())
    }

    /// Whether playing a pseudo-legal move leaves the mover's king safe.
    pub(crate) fn leaves_king_safe(&mut self, mv: Move) -> bool {
        let us = self.turn;
        let undo = self.make(mv);
        let safe = !self.is_attacked(self.king_square(us), us.opponent());
        self.unmake(mv, undo);
        safe
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
    fn retain_legal(&mut self, list: &mut MoveList, captures_only: bool) {
        let king = self.king_square(self.turn);
        let in_check = self.is_attacked(king, self.turn.opponent());
        let sensitive = &TABLES.king_sensitive[king.index()];
        list.retain(|mv| {
            if captures_only && self.squares[mv.to.index()] == EMPTY {
                return false;
            }
            let needs_test = in_check
                || mv.from == king
                || sensitive[mv.from.index()]
                || sensitive[mv.to.index()];
            !needs_test || self.leaves_king_safe(mv)
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
