//! Move ordering: the better the first moves, the more alpha-beta cuts. Order: the hash table's
//! move, captures by most valuable victim then least valuable attacker, the two killer moves of
//! the ply, then quiet moves by history score.

use arbiter_rules::xiangqi::{Move, MoveList, Position, SQUARES};

use super::eval::value;

const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: [i32; 2] = [1 << 27, (1 << 27) - 1];
/// History scores are kept below the killers' band.
const HISTORY_MAX: i32 = 1 << 26;

/// Quiet moves that caused cut-offs, per ply (killers) and per from/to pair (history).
pub struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Heuristics {
    pub fn new(max_ply: usize) -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; max_ply + 1],
            history: vec![0; SQUARES * SQUARES],
        }
    }

    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Records a quiet move that refuted the position at `ply`, searched `depth` plies deep.
    pub fn reward(&mut self, mv: Move, ply: usize, depth: i32) {
        if let Some(killers) = self.killers.get_mut(ply)
            && killers[0] != Some(mv)
        {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let entry = &mut self.history[mv.from.index() * SQUARES + mv.to.index()];
        *entry += depth * depth;
        if *entry > HISTORY_MAX {
            // Halve everything so the table keeps tracking what works now.
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    pub fn is_killer(&self, mv: Move, ply: usize) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&Some(mv)))
    }
}

/// MVV-LVA key of a capture (0 for a quiet move).
pub fn capture_key(pos: &Position, mv: Move) -> i32 {
    match (pos.piece_at(mv.to), pos.piece_at(mv.from)) {
        (Some(victim), Some(attacker)) => value(victim.kind) * 16 - value(attacker.kind) / 8 + 16,
        _ => 0,
    }
}

/// Moves with sort keys; [`Scored::next`] hands them out best first (selection sort, because a
/// cut-off usually comes before most moves are looked at).
pub struct Scored {
    moves: [(Move, i32); arbiter_rules::xiangqi::MAX_MOVES],
    len: usize,
    taken: usize,
}

impl Scored {
    pub fn new(
        pos: &Position,
        list: &MoveList,
        hash_move: Option<Move>,
        heuristics: &Heuristics,
        ply: usize,
    ) -> Scored {
        let filler = (list.as_slice().first().copied(), 0);
        let mut scored = Scored {
            moves: [(filler.0.unwrap_or_else(dummy), 0); arbiter_rules::xiangqi::MAX_MOVES],
            len: list.len(),
            taken: 0,
        };
        for (slot, &mv) in scored.moves.iter_mut().zip(list.as_slice()) {
            let key = if Some(mv) == hash_move {
                HASH_MOVE
            } else {
                let capture = capture_key(pos, mv);
                if capture > 0 {
                    CAPTURE + capture
                } else if let Some(k) = heuristics
                    .killers
                    .get(ply)
                    .and_then(|k| k.iter().position(|&killer| killer == Some(mv)))
                {
                    KILLER[k]
                } else {
                    heuristics.history[mv.from.index() * SQUARES + mv.to.index()]
                }
            };
            *slot = (mv, key);
        }
        scored
    }

    /// Captures only by MVV-LVA (quiescence search).
    pub fn captures(pos: &Position, list: &MoveList) -> Scored {
        let mut scored = Scored {
            moves: [(list.as_slice().first().copied().unwrap_or_else(dummy), 0);
                arbiter_rules::xiangqi::MAX_MOVES],
            len: list.len(),
            taken: 0,
        };
        for (slot, &mv) in scored.moves.iter_mut().zip(list.as_slice()) {
            *slot = (mv, capture_key(pos, mv));
        }
        scored
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Iterator for Scored {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        if self.taken >= self.len {
            return None;
        }
        let rest = &mut self.moves[self.taken..self.len];
        let best = (0..rest.len()).max_by_key(|&i| rest[i].1).unwrap_or(0);
        rest.swap(0, best);
        self.taken += 1;
        Some(rest[0].0)
    }
}

/// A placeholder for unused array entries; never handed out.
fn dummy() -> Move {
    Move::parse_iccs("a0a1").unwrap_or_else(|_| unreachable!("a0a1 is well-formed ICCS"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_move_then_captures_by_victim_then_killers_then_history() {
        // Red cannon b2 can take the horse b9; rook a0 can take nothing; the hash move is a0a1.
        let pos = Position::startpos();
        let list = pos.legal_moves();
        let mut heur = Heuristics::new(8);
        let killer = pos.parse_move("g3g4").unwrap();
        let historic = pos.parse_move("c3c4").unwrap();
        heur.reward(killer, 0, 1);
        heur.reward(historic, 5, 3);
        let hash = pos.parse_move("a0a1").unwrap();
        let order: Vec<String> = Scored::new(&pos, &list, Some(hash), &heur, 0)
            .map(|m| m.to_string())
            .collect();
        assert_eq!(order.len(), list.len());
        assert_eq!(order[0], "a0a1");
        // The two cannon captures of a horse come next (b2b9, h2h9), in either order.
        let mut captures = [order[1].clone(), order[2].clone()];
        captures.sort();
        assert_eq!(captures, ["b2b9", "h2h9"]);
        assert_eq!(order[3], "g3g4", "killer of ply 0");
        assert_eq!(order[4], "c3c4", "best history score");
    }
}
