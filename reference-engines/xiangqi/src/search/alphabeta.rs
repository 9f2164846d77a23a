//! The tree search: principal-variation alpha-beta with a transposition table, check extension,
//! null-move pruning, late-move reductions and a quiescence search over captures.

use arbiter_rules::xiangqi::{Move, MoveList, Position};

use super::control::Control;
use super::eval;
use super::ordering::{Heuristics, Scored};
use super::repetition::{Path, Verdict};
use super::tt::{Bound, Entry, Tt};

/// Deeper than any search gets; bounds the per-ply tables.
pub const MAX_PLY: usize = 96;
/// A mate `n` plies from the root scores `MATE - n` (negated for the side being mated).
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A side that repeats by perpetual check loses, but the game is not over on the board: score it
/// as a decisive material-like loss rather than a mate.
pub const PERPETUAL: i32 = 5_000;
const INFINITY: i32 = MATE + 1;
/// How often (in nodes) the clock and the stop flag are looked at: 256 nodes is under 0.1 ms at
/// match speed, small against the 5 ms a `stop` may take, and the check is one atomic load.
const POLL_INTERVAL: u64 = 256;

/// Triangular principal-variation table.
struct PvTable {
    moves: Vec<[Option<Move>; MAX_PLY + 1]>,
    len: [usize; MAX_PLY + 1],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable {
            moves: vec![[None; MAX_PLY + 1]; MAX_PLY + 1],
            len: [0; MAX_PLY + 1],
        }
    }

    fn clear(&mut self, ply: usize) {
        self.len[ply] = 0;
    }

    fn update(&mut self, ply: usize, mv: Move) {
        let child_len = if ply < MAX_PLY { self.len[ply + 1] } else { 0 };
        self.moves[ply][0] = Some(mv);
        for i in 0..child_len.min(MAX_PLY - ply) {
            self.moves[ply][i + 1] = self.moves[ply + 1][i];
        }
        self.len[ply] = 1 + child_len.min(MAX_PLY - ply);
    }

    fn root(&self) -> Vec<Move> {
        self.moves[0][..self.len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }
}

/// Deterministic per-position noise for the `randomness` option, so a position always gets the
/// same evaluation within one search (the table stays consistent).
#[derive(Clone, Copy, Debug)]
pub struct Noise {
    pub amplitude: i32,
    pub seed: u64,
}

impl Noise {
    fn of(self, hash: u64) -> i32 {
        if self.amplitude == 0 {
            return 0;
        }
        let mut z = hash ^ self.seed;
        z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        z ^= z >> 33;
        (z % (2 * self.amplitude as u64 + 1)) as i32 - self.amplitude
    }
}

pub struct Searcher<'a> {
    pub(super) pos: Position,
    pub(super) path: Path,
    pub(super) tt: &'a Tt,
    pub(super) control: &'a Control,
    pub(super) banned: &'a [Move],
    pub(super) node_limit: u64,
    pub(super) nodes: u64,
    pub(super) stopped: bool,
    pub(super) root_best: Option<(Move, i32)>,
    pub(super) noise: Noise,
    heuristics: Heuristics,
    pv: PvTable,
}

impl<'a> Searcher<'a> {
    pub fn new(
        pos: Position,
        path: Path,
        tt: &'a Tt,
        control: &'a Control,
        banned: &'a [Move],
        noise: Noise,
    ) -> Searcher<'a> {
        Searcher {
            pos,
            path,
            tt,
            control,
            banned,
            node_limit: u64::MAX,
            nodes: 0,
            stopped: false,
            root_best: None,
            noise,
            heuristics: Heuristics::new(MAX_PLY),
            pv: PvTable::new(),
        }
    }

    pub(super) fn root_pv(&self) -> Vec<Move> {
        self.pv.root()
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(&self.pos) + self.noise.of(self.pos.hash())
    }

    /// Checks the stop flag, the clock and the node limit every few nodes.
    fn poll(&mut self) -> bool {
        if !self.stopped
            && (self.nodes >= self.node_limit
                || (self.nodes.is_multiple_of(POLL_INTERVAL) && self.control.must_stop()))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Makes a move, recording the new position for repetition, and tells whether it gives check.
    fn play(&mut self, mv: Move) -> (arbiter_rules::xiangqi::Undo, bool) {
        let undo = self.pos.make(mv);
        let check = self.pos.is_check();
        self.path.push(self.pos.hash(), check);
        (undo, check)
    }

    fn take_back(&mut self, mv: Move, undo: arbiter_rules::xiangqi::Undo) {
        self.path.pop();
        self.pos.unmake(mv, undo);
    }

    /// Searches the current position `depth` plies deep within the window `alpha..beta`, and
    /// returns its score for the side to move. After `stopped` is set the result is meaningless
    /// and callers must discard it.
    pub(super) fn negamax(
        &mut self,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        allow_null: bool,
    ) -> i32 {
        self.pv.clear(ply);
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            match self.path.judge(self.pos.halfmove_clock()) {
                Some(Verdict::Draw) => return 0,
                Some(Verdict::Win) => return PERPETUAL,
                Some(Verdict::Loss) => return -PERPETUAL,
                None => {}
            }
            if ply >= MAX_PLY - 1 {
                return self.evaluate();
            }
        }
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, in_check, 0);
        }

        let hash = self.pos.hash();
        let entry = self.tt.probe(hash);
        if let (Some(e), true) = (entry, ply > 0 && !pv_node)
            && e.depth >= depth
        {
            let score = from_tt(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }

        if !pv_node
            && !in_check
            && allow_null
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && eval::has_attackers(&self.pos, self.pos.turn())
            && self.evaluate() >= beta
        {
            let reduction = if depth >= 6 { 3 } else { 2 };
            self.pos.make_null();
            self.path.push_null(self.pos.hash());
            let score = -self.negamax(
                depth - 1 - reduction,
                -beta,
                1 - beta,
                ply + 1,
                false,
                false,
            );
            self.path.pop();
            self.pos.unmake_null();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }

        let mut list = MoveList::new();
        self.pos.generate_legal(&mut list);
        if list.is_empty() {
            // In xiangqi a side with no legal move has lost, in check or not.
            return -(MATE - ply as i32);
        }
        let hash_move = entry.and_then(|e| e.mv);
        let moves = Scored::new(&self.pos, &list, hash_move, &self.heuristics, ply);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0;
        for mv in moves {
            if ply == 0 && self.banned.contains(&mv) {
                continue;
            }
            let quiet = self.pos.piece_at(mv.to).is_none();
            let (undo, gives_check) = self.play(mv);
            let score = if searched == 0 {
                -self.negamax(depth - 1, -beta, -alpha, ply + 1, gives_check, true)
            } else {
                let reduce = depth >= 3
                    && searched >= 4
                    && quiet
                    && !gives_check
                    && !in_check
                    && !self.heuristics.is_killer(mv, ply);
                let reduction = if !reduce {
                    0
                } else if searched >= 12 {
                    2
                } else {
                    1
                };
                let mut score = -self.negamax(
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    gives_check,
                    true,
                );
                if score > alpha && reduction > 0 {
                    score =
                        -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, gives_check, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, gives_check, true);
                }
                score
            };
            self.take_back(mv, undo);
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if ply == 0 {
                        self.root_best = Some((mv, score));
                    }
                    if score >= beta {
                        if quiet {
                            self.heuristics.reward(mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        if searched == 0 {
            // Only at the root, when every legal move is banned: nothing may be played.
            return -(MATE - ply as i32);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            hash,
            Entry {
                mv: best_move,
                score: to_tt(best, ply),
                depth,
                bound,
            },
        );
        best
    }

    /// Searches captures only (all moves when in check) until the position is quiet, so that the
    /// static evaluation is never taken in the middle of an exchange.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, in_check: bool, qply: u32) -> i32 {
        self.pv.clear(ply);
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let mut list = MoveList::new();
        let mut best;
        // Evasions are searched only near the start of the quiescence search, so that long
        // sequences of checks cannot blow it up.
        let evade = in_check && qply < 4;
        if evade {
            self.pos.generate_legal(&mut list);
            if list.is_empty() {
                return -(MATE - ply as i32);
            }
            best = -INFINITY;
        } else {
            let stand = self.evaluate();
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            self.pos.generate_legal_captures(&mut list);
        }
        for mv in Scored::captures(&self.pos, &list) {
            let (undo, gives_check) = self.play(mv);
            let score = -self.quiesce(-beta, -alpha, ply + 1, gives_check, qply + 1);
            self.take_back(mv, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Mate scores are stored relative to the node, so that they stay right wherever the position is
/// met again.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
